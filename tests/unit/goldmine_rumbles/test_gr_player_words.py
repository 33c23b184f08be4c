"""Words a new player reads (issue 21): the prompt said to the seat asked ("Your decision: ... your
dashboard") and of the others in the third person, plurals without "(s)", end rows in plain words,
dashboard numbers with their units, and pawns at a claim site drawn inside the picture."""

from __future__ import annotations

import random
import re
from types import SimpleNamespace

import pytest

from minegames.goldmine_rumbles import Decision, new_game, render_mine, scoring
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.components import CLAIM_SITES
from minegames.goldmine_rumbles.lesson_1_setup import cave_in_report
from minegames.goldmine_rumbles.offer_odds import DynamiteBudget
from minegames.goldmine_rumbles.wording import column_now_and_next, effect_words

SECOND_PERSON = re.compile(r"\b(you|your|yourself)\b", re.IGNORECASE)


def test_the_prompt_speaks_to_the_seat_asked_and_of_the_others():
    game = new_game(seed=3, players=3)
    me = game.current_player
    other = (me + 1) % 3
    count = game.decision["count"]
    assert game.prompt(me) == f"Phase 1. Your decision: place {count} cubes on your dashboard."
    colour = game.sheet(me)["colour"]
    assert game.prompt(other) == game.prompt() == f"Phase 1. {colour} to place {count} cubes on their dashboard."


def test_no_prompt_of_another_seat_says_you_and_the_seat_asked_is_never_named():
    game, chooser, seen = new_game(seed=5, players=4), random.Random(2), set()
    for _ in range(4000):
        if game.is_over:
            break
        who = game.decision["player"]
        seen.add(game.decision["kind"])
        assert not SECOND_PERSON.search(game.prompt()), game.prompt()  # "Yellow to ... then say they are done"
        mine = game.prompt(who)
        assert mine.startswith(f"Phase {game.phase}. Your decision: ") and game.sheet(who)["colour"] not in mine
        game.apply(chooser.choice(game.legal_actions()))
    assert {Decision.PLACE_CUBES, Decision.TURN} <= seen


def test_a_partner_using_items_is_said_in_the_right_person():
    words = new_game(seed=1, players=3).PROMPTS[Decision.PARTNER_ITEMS]
    theirs = words.format(claim=14, **new_game(seed=1, players=3).PERSONS[False])
    yours = words.format(claim=14, **new_game(seed=1, players=3).PERSONS[True])
    assert "say they are done" in theirs and "you" not in theirs
    assert yours.startswith("use the items you picked up at claim 14") and yours.endswith("say you are done")


@pytest.mark.parametrize("marks, words", [((0, 0, 0), "Everyone has 0 Black Marks"),
                                          ((1, 1, 1), "Everyone has 1 Black Mark,")])
def test_the_black_marks_sentence_counts_right(marks, words):
    state = SimpleNamespace(num_players=3, sheet=lambda p: {"black_marks": marks[p]})
    text = scoring._marks_words(state, ["Red", "Blue", "Green"])
    assert words in text and "(s)" not in text


def test_the_notebook_row_says_what_it_is():
    label = scoring.STEP_LABELS["notebooks"]
    assert label == "gold back from Notebooks & Diaries (5 a cube)"


def test_lesson_and_budget_words_count_without_s_in_brackets():
    lines = cave_in_report(site=16, tile=2, phase=2, safety=1).lines
    assert not any("(s)" in line for line in lines)
    assert any("1 Safety Gear cube stop" in line for line in lines)
    assert "1 turn left from a lit Dynamite" in DynamiteBudget(2, 1, 0, 1, 1).words()


def test_dashboard_numbers_carry_their_units():
    assert effect_words(R.WATER_PUMPS, 2) == "+2 gold at Flooded claims"
    assert column_now_and_next(R.WATER_PUMPS, 2) == "+2 gold at Flooded claims now, +4 with the next cube"
    assert column_now_and_next(R.FORTIFYING_TONIC, 0) == "no Bread ignored now, up to x1 with 2 cubes"
    assert column_now_and_next(R.TUNNEL_PLANS, 0) == "no jumps now, A entrances with the next cube"
    assert column_now_and_next(R.SAFETY_GEAR, 3) == "3 cave-in injuries stopped now (full)"
    for column, info in R.DASHBOARD.items():
        for cubes in range(info.squares + 1):
            text = column_now_and_next(column, cubes)
            assert "none" not in text and "\u2192" not in text and "(s)" not in text


def _box(x: float, y: float) -> tuple[float, float, float, float]:
    """A pawn's bounding box (it is a triangle 16 wide, from 12 above to 8 below its anchor)."""
    return x - 8, y - 12, x + 8, y + 8


def test_four_figures_at_any_claim_site_stay_inside_the_picture_and_clear_of_every_site():
    side = 2 * render_mine.RIM + 3 * render_mine.TILE
    sites = {s: render_mine._site_xy(s, render_mine.RIM * 0.5) for s in CLAIM_SITES}
    for site in CLAIM_SITES:
        for k in range(4):
            left, top, right, bottom = _box(*render_mine._figure_xy(None, site, k))
            assert 0 <= left and right <= side and 0 <= top and bottom <= side, (site, k)
            for cx, cy in sites.values():
                nearest = (min(max(cx, left), right), min(max(cy, top), bottom))
                assert (nearest[0] - cx) ** 2 + (nearest[1] - cy) ** 2 >= 14 ** 2, (site, k)
