"""The Gem Rush hint in two presses: what to weigh first, the move on a second press, counted."""

from __future__ import annotations

import re
from fractions import Fraction

from minegames import GAMES
from minegames import gem_rush
from minegames.gem_rush import analysis, app_support, mine, planner
from minegames.gem_rush.actions import Build, NameGem
from minegames.gem_rush.gems import GEM_NAMES, STANDARD_GEMS
from widgets.gem_rush import GemRushApp, percent

TORCHLIT = "r01"        # N: Soulstone + Star Tear (1 point), W: Electrum (1 point), E and S: 3 points
BARDS_HOLLOW = "r14"    # E: Obsidian (1 point); ability: draw 1, name a gem, reveal 3, keep those showing it
SOUL_STAR, OB_RUBY, PERMA_ELEC, ELEC_STAR = 45, 12, 18, 36
OB_ORICHALCUM = 70
CARD_NUMBER = re.compile(r"#\d+")


def app_at(room: str, hand: list[int], **options) -> GemRushApp:
    state = gem_rush.position({(0, 0): (room, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)], **options)
    return GemRushApp(state=state, live=False)


def test_the_first_press_weighs_the_doors_and_the_second_shows_the_move():
    app = app_at(TORCHLIT, [SOUL_STAR, PERMA_ELEC, ELEC_STAR])
    assert app.hint_button.description == "Hint" and "The move" not in app.hint.value
    assert "the hint's door" not in app.mine_view.overlay.svg       # nothing marked before a press

    app.press_hint()
    first = app.hint.value
    assert "What to weigh" in first and "the north door of Torchlit Landing" in first
    assert not CARD_NUMBER.search(first), first                       # no cards to pay with yet
    assert "The move" not in first and "bot" not in first
    # the exact chance to pay a door the hand does not pay yet, as the model counts it
    east = mine.door_at(app.state.mine, (0, 0), 1)
    assert f"<b>{percent(app_support.pay_chance(app.state, 0, east, draws=1))}</b>" in first
    assert app.hint_button.description == "Show the move"
    assert app.hint_steps.summary() == "Hints used: 1 (none showed the move)."

    app.press_hint()
    second = app.hint.value
    move = GAMES["gem_rush"].bot("greedy", 0, 0).choose(app.state)
    assert isinstance(move, Build) and move.side == 0
    assert second.startswith(first.split("<br><span class='gem-caption'>Press")[0])   # the reasons stay
    assert "The move" in second and f"#{SOUL_STAR}" in second and "north door of Torchlit Landing" in second
    assert "the hint's door" in app.mine_view.overlay.svg             # the door is marked on the mine
    assert app.hint_button.disabled
    assert app.hint_steps.summary() == "Hints used: 1 (1 showed the move)."

    # acting moves on to a new position: the hint starts again, and the mark goes
    assert app.take(move)
    assert app.hint_button.description == "Hint" and "The move" not in app.hint.value


def test_the_same_build_scores_the_same_points_in_every_line():
    # Obsidian + Orichalcum pays the 1-point Obsidian door and adds a point: 2 points everywhere
    app = app_at(BARDS_HOLLOW, [OB_ORICHALCUM, OB_RUBY])
    build = Build(1, (OB_ORICHALCUM,))
    assert planner.build_points(app.state, build) == 2
    app.press_hint()
    assert "the east door of Bard&#x27;s Hollow (here): costs Obsidian, 1 point. Your hand pays it now: " \
           "it would score 2 points" in app.hint.value
    app.press_hint()
    assert f"paying #{OB_ORICHALCUM} Obsidian + Orichalcum, for 2 points" in app.hint.value
    assert "1 point</b>" not in app.hint.value
    app.click_card(OB_ORICHALCUM)
    app.mine_view.click_door((0, 0), 1)
    assert app.state.history[-1] == build and app.state.players[0]["score"] == 2


def test_naming_a_gem_gives_each_gems_exact_expectation_and_the_reason():
    app = app_at(BARDS_HOLLOW, [OB_RUBY], seed=5)
    assert app.click_choice("End movement") and app.click_choice("Use Bard's Hollow")
    labels = [b.description for b in app.choices_row.children]
    assert len(labels) == 11 and not any("~" in label for label in labels)
    # the expectations, counted here from the model over the cards the seat has not seen
    state = app.state
    pool = app_support.draw_pool(state.view(0), 0)
    rest = tuple(tuple(s) for s in state.pending["program"][state.pending["index"] + 1:])
    expected = {gem: analysis.expected_cards(rest, named=gem, deck=pool) for gem in STANDARD_GEMS}
    assert len(set(expected.values())) > 1 and all(isinstance(v, Fraction) for v in expected.values())

    app.press_hint()
    first = app.hint.value
    for gem, value in expected.items():
        assert f"Naming {GEM_NAMES[gem]}: about {float(value):.2f} cards expected" in first, gem
        assert f"{GEM_NAMES[gem]} {float(value):.2f}" in labels
    assert "The move" not in first

    app.press_hint()
    second = app.hint.value
    suggested = planner.gem_to_name(state)
    assert GAMES["gem_rush"].bot("greedy", 0, 0).choose(state) == NameGem(suggested)
    assert f"name {GEM_NAMES[suggested]}</b>" in second
    most = max(expected.values())
    assert expected[suggested] < most                                   # the bot does not take the most cards here
    richest = [GEM_NAMES[g] for g, v in expected.items() if v == most]
    assert any(f"{name} would bring more cards" in second for name in richest)
    asked = planner.wanted_gems(state)[suggested]
    assert f"ask for {GEM_NAMES[suggested]} {asked} times" in second


def test_the_hints_used_are_counted_at_the_end_and_a_new_game_starts_at_none():
    app = app_at(TORCHLIT, [SOUL_STAR, PERMA_ELEC], scores=[9, 0], target=10)
    app.press_hint()
    app.press_hint()
    app.press_hint()                       # the move again: not counted again
    assert app.take(Build(0, (SOUL_STAR,)))
    app.run_bots()
    while not app.state.is_over:           # the target is reached: the round ends the game
        move = GAMES["gem_rush"].bot("greedy", 0, 0).choose(app.state)
        assert app.take(move)
        app.run_bots()
    assert "Hints used: 1 (1 showed the move)." in app.instruction.value
    saved = app.state.to_json()

    app.click_new_game(4)
    assert app.hint_steps.summary() == "Hints used: none." and "Hints used" not in app.instruction.value
    app.run_bots()
    app.press_hint()
    assert app.hint_steps.asked == 1
    assert app.load(saved)
    assert "Hints used: none." in app.instruction.value


def test_a_hint_is_refused_on_a_bots_turn():
    app = GemRushApp(seed=3, players=2, seat=1, live=False)
    assert not app.persons_turn()
    app._hint_clicked()
    assert app.status.kind == "error" and "your own turn" in app.status.text
    assert app.hint_steps.asked == 0
