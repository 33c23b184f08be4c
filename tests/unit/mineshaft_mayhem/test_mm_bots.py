"""Bots on the real model: legal, repeatable, and the strong one follows the exact adviser."""

from __future__ import annotations

import numpy as np
import pytest

from minegames import mineshaft_mayhem as mm
from minegames.mineshaft_mayhem import analysis
from minegames.core import play
from minegames.mineshaft_mayhem.bots import RandomBot, StrongBot, claim_values


def test_random_bot_plays_whole_legal_games_and_repeats_with_its_seed():
    first = play(mm.new_game(seed=8), [RandomBot(3)])
    again = play(mm.new_game(seed=8), [RandomBot(3)])
    other = play(mm.new_game(seed=8), [RandomBot(4)])
    assert first.is_over and first.history == again.history
    assert first.history != other.history
    # the saved game replays: every action the bot chose was legal
    assert mm.load(first.to_json()).scores() == first.scores()


def test_random_bot_chooses_among_all_legal_actions():
    state = mm.position(conveyor=["ruby"], dice=(2, 3, 5, 6), cursite=3, gears=["amethyst"])
    bot = RandomBot(0)
    chosen = {bot.choose(state) for _ in range(3000)}
    assert chosen == set(state.legal_actions())


@pytest.mark.parametrize("options", [{}, {"lock_ones": False, "max_rolls": 2}, {"container_values": (3, 1)}])
def test_strong_bot_finishes_games_with_legal_moves(options):
    for seed in range(5):
        game = play(mm.new_game(seed=seed, **options), [StrongBot()])
        assert game.is_over
        assert mm.load(game.to_json()).scores() == game.scores()


def test_strong_bot_dice_decisions_are_the_advisers_best_move():
    bot, checked = StrongBot(), 0
    for seed in range(12):
        state = mm.new_game(seed=seed)
        while not state.is_over:
            action = bot.choose(state)
            if state.phase == "rolling" and not isinstance(action, mm.CursiteRescue):
                best = analysis.advise_state(state).best
                if best.stop:
                    expected = mm.Collect(best.collect) if best.collect else mm.Stop()
                    assert action == expected
                else:
                    rerolled = tuple(d for d in range(4) if d not in best.keep)
                    assert action == mm.Roll(rerolled)
                checked += 1
            state.apply(action)
    assert checked > 200


def test_strong_bot_collects_the_gem_worth_most():
    # 2-2-4-4 shows two pairs (emerald) and all evens (ruby); two rubies beat one emerald
    state = mm.position(conveyor=["emerald", "ruby", None, "ruby"], dice=(2, 4, 2, 4), rolls_used=3)
    assert claim_values(state) == (0, 1, 2, 0, 0)
    assert StrongBot().choose(state) == mm.Collect("ruby")
    # with the emerald's container worth 5 a gem and the ruby's worth 1, the emerald wins
    state = mm.position(conveyor=["emerald", "ruby", None, "ruby"], dice=(2, 4, 2, 4), rolls_used=3,
                        containers=[("ruby", 1), ("diamond", 1), ("amethyst", 1), ("sapphire", 1), ("emerald", 1)])
    assert claim_values(state) == (0, 5, 2, 0, 0)
    assert StrongBot().choose(state) == mm.Collect("emerald")


def test_strong_bot_stops_when_nothing_can_be_won():
    state = mm.position(conveyor=["diamond"], dice=(1, 2, 3, 5), rolls_used=3)
    assert StrongBot().choose(state) == mm.Stop()


def test_strong_bot_rescues_a_gear_gem_when_it_can_afford_it():
    poor = mm.position(conveyor=["ruby"], gears=["sapphire"], cursite=2)
    assert StrongBot().choose(poor) == mm.Roll((0, 1, 2, 3))
    rich = mm.position(conveyor=["ruby"], gears=[None, "sapphire"], cursite=3, containers=[("amethyst", 2)])
    assert StrongBot().choose(rich) == mm.CursiteRescue(1)


def test_strong_bot_shakes_a_useful_gem_onto_the_space_farthest_from_the_exit():
    state = mm.position(conveyor=[None, "amethyst", None, "amethyst"], dice=(3, 3, 3, 5), rolls_used=1,
                        containers=[("ruby", 1)])
    state.apply(mm.Collect("amethyst"))  # fills the empty second container: the mine shakes
    assert state.phase == "shake"
    # chance x (on the belt + 1) x points: emerald 0.314 x 3 beats amethyst 0.454 x 2 and the rest
    assert StrongBot().choose(state) == mm.Shake("emerald", 0)


def test_strong_bot_drops_the_least_useful_gem_on_a_gear_when_the_belt_is_full():
    state = mm.position(conveyor=["ruby", "diamond"], gears=["sapphire"], cursite=3, top_spaces=2, lower_spaces=0)
    bot = StrongBot()
    state.apply(bot.choose(state))  # the rescue opens the first container: the mine shakes, the belt is full
    assert state.phase == "shake" and None not in state.conveyor
    # the sapphire's container is worth 1 a gem, the others would go to one worth 2
    assert bot.choose(state) == mm.ShakeOntoGear("sapphire")


def test_strong_bot_outscores_random_bot_on_the_model():
    strong = np.mean([play(mm.new_game(seed=s), [StrongBot()]).scores()[0] for s in range(40)])
    random = np.mean([play(mm.new_game(seed=s), [RandomBot(s)]).scores()[0] for s in range(40)])
    assert strong > random + 30


def test_no_move_is_offered_once_the_game_is_over():
    game = play(mm.new_game(seed=1), [RandomBot(1)])
    with pytest.raises(ValueError):
        StrongBot().choose(game)
