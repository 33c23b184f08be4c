"""The review's reproductions, each now refused: undo after seeing chance, and an edited save.

(The conformance suite checks the same rules on every game; these pin the exact cases the
review reported, in the games where they were found.)
"""

from __future__ import annotations

import json

import pytest

from minegames import GAMES
from minegames import mineshaft_mayhem as mm
from minegames import out_of_mine as oom
from minegames.core import IllegalActionError, SaveFormatError
from minegames.goldmine_rumbles.actions import MineAlone


def assert_undo_refused(game, words: str) -> None:
    """Undo raises under the rule "undo", says ``words`` and leaves the game as it was."""
    seen = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.undo()
    assert refused.value.rule == "undo" and words in refused.value.message
    assert game.to_json() == seen


def test_mineshaft_undo_after_a_re_roll_does_not_show_the_next_faces():
    game = mm.new_game(seed=7)
    game.apply(mm.Roll((0, 1, 2, 3)))
    game.apply(mm.Roll((0, 1, 2, 3)))
    assert_undo_refused(game, "the dice have been seen")


def test_goldmine_undo_after_mining_alone_keeps_the_yield_and_hazard_dice():
    info = GAMES["goldmine_rumbles"]
    game = info.new_game(seed=3, players=3)
    bots = {seat: info.bot("heuristic", seat) for seat in range(3)}
    for _ in range(5000):
        action = bots[game.current_player].choose(game)
        game.apply(action)
        if isinstance(action, MineAlone):
            break
    else:
        pytest.fail("nobody mined alone")
    assert game.drew_on_chance()
    assert_undo_refused(game, "dice rolled")


def test_out_of_mine_the_last_side_chosen_deals_cards_that_stand():
    game = oom.new_game(seed=5, players=3)
    game.apply(oom.ChooseSide(0, "A")).apply(oom.ChooseSide(1, "A"))
    game.undo()  # the first choices are only choices
    game.apply(oom.ChooseSide(1, "B"))
    game.apply(oom.ChooseSide(2, "A"))  # the last choice deals the treasure cards
    assert game.phase == "placing" and game.drew_on_chance()
    assert_undo_refused(game, "cards dealt")


def test_a_mineshaft_save_with_an_edited_start_is_refused():
    game = mm.new_game(seed=7)
    game.apply(mm.Roll((0, 1, 2, 3)))
    save = json.loads(game.to_json())
    sheet = save["start"]["game"]
    sheet["cursite"], sheet["cursite_supply"] = 8, 0  # 8 cursite in hand, the lid empty
    with pytest.raises(SaveFormatError) as refused:
        mm.load(json.dumps(save))
    assert "edited" in str(refused.value)


def test_a_lesson_position_says_so_and_loads_as_one():
    lesson = mm.position(conveyor=["ruby"], dice=(2, 2, 4, 6), cursite=2)
    save = json.loads(lesson.to_json())
    assert save["origin"] == "position"
    loaded = mm.load(json.dumps(save))
    assert loaded.is_lesson_position and loaded == lesson
    assert not mm.new_game(seed=1).is_lesson_position
