"""Mineshaft Mayhem lesson 1 (minegames.mineshaft_mayhem.lesson_1_dice_chances): every answer the
lesson gives is re-derived here another way (brute force over the dice, closed forms), every helper
the notebook shows draws what it says, and the numbers the teacher's guide quotes are the model's."""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from pathlib import Path

import pytest

from minegames.mineshaft_mayhem import analysis
from minegames.mineshaft_mayhem import lesson_1_dice_chances as lesson
from minegames.mineshaft_mayhem.lesson_1_dice_chances import DICE_CHANCES as L
from minegames.mineshaft_mayhem.patterns import GEMS, gems_shown

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "teaching" / "mineshaft_mayhem_1_dice_chances.md"
THROWS = list(itertools.product(range(1, 7), repeat=4))


def count(test) -> int:
    return sum(1 for throw in THROWS if test(throw))


def test_the_lesson_is_one_class_with_predictions_and_a_marked_extension():
    assert 45 <= L.minutes <= 60
    assert len(L.predictions) >= 4
    extension = [q for q in L.questions if q.section == lesson.EXTENSION]
    assert extension and all(q.text.startswith("Extension") for q in extension)
    assert all(q.section in {s.title for s in L.sections} for q in L.questions if q not in extension)
    assert L.questions[-len(extension):] == tuple(extension), "extension questions come last"


def test_reading_the_patterns_and_the_blind_draw():
    assert L["gems_in_2666"].exact() == 2 == len({"ruby", "amethyst"})
    assert L["first_gem_diamond"].exact() == Fraction(4, 30)
    assert L["first_gem_not_amethyst"].exact() == Fraction(22, 30)


def test_one_throw_counts_by_brute_force():
    def same(t): return len(set(t)) == 1
    def even(t): return all(f % 2 == 0 for f in t)
    def run(t): return sorted(t) in ([1, 2, 3, 4], [2, 3, 4, 5], [3, 4, 5, 6])
    def pairs(t): return sorted(sorted(t).count(f) for f in set(t)) == [2, 2]
    def three(t): return max(t.count(f) for f in t) >= 3
    counts = {"diamond": count(same), "ruby": count(even), "sapphire": count(run), "emerald": count(pairs),
              "amethyst": count(three)}
    assert counts == {gem: analysis.throws_showing(gem) for gem in GEMS}
    assert L["diamond_one_throw"].exact() == Fraction(counts["diamond"], 1296) == Fraction(1, 6) ** 3
    assert L["ruby_throws"].exact() == counts["ruby"] == 3**4
    assert counts["sapphire"] == 3 * L["sapphire_orders"].exact() == 3 * math.factorial(4)
    assert counts["emerald"] == math.comb(6, 2) * L["emerald_orders"].exact() == math.comb(6, 2) * math.comb(4, 2)
    assert L["sapphire_orders"].exact() == count(lambda t: sorted(t) == [2, 3, 4, 5])
    assert L["emerald_orders"].exact() == count(lambda t: sorted(t) == [2, 2, 5, 5])
    assert L["likeliest_one_throw"].exact() == max(counts, key=counts.get)


def test_a_stuck_one_leaves_only_one_diamond():
    wins = sum(1 for rest in itertools.product(range(1, 7), repeat=3) if set(rest) == {1})
    assert L["diamond_1444"].exact() == Fraction(wins, 6**3) == Fraction(1, 216)
    assert lesson.best_chance("diamond", (4, 4, 4, 2), 1) == Fraction(1, 6)


def test_the_ruby_one_die_at_a_time():
    one_die = Fraction(1, 2) + Fraction(1, 3) * Fraction(1, 2) + Fraction(1, 3) ** 2 * Fraction(1, 2)
    assert L["one_die_even"].exact() == one_die == Fraction(13, 18)
    assert L["ruby_three_throws"].exact() == one_die**4
    assert L["ruby_four_throws"].exact() == (one_die + Fraction(1, 3) ** 3 * Fraction(1, 2)) ** 4
    assert L["ruby_four_throws"].exact() not in analysis.probability_table(rolls=(1, 2, 3))["ruby"].values()
    assert L["one_die_even_unstuck"].exact() == 1 - Fraction(1, 2) ** 3


def test_ruby_against_sapphire_and_the_simulation_questions():
    ruby, sapphire = lesson.turn_chance("ruby"), lesson.turn_chance("sapphire")
    assert ruby > sapphire
    ruby4, sapphire4 = lesson.turn_chance("ruby", throws=4), lesson.turn_chance("sapphire", throws=4)
    assert L["ruby_or_sapphire"].exact() == ("ruby" if ruby4 > sapphire4 else "sapphire") == "sapphire"
    assert L["ruby_or_sapphire"].is_extension and L["ruby_or_sapphire"].predict
    assert L["expected_sapphires"].exact() == round(1000 * float(sapphire))
    assert math.isclose(lesson.band_shrinks_by(), math.sqrt(10))
    assert L["band_narrows"].exact() == "about 3 times narrower"


def test_the_worked_lines_quote_the_model():
    assert str(lesson.turn_chance("ruby")) in L["ruby_three_throws"].worked
    assert f"{float(lesson.turn_chance('sapphire', throws=4)):.1%}" in L["ruby_or_sapphire"].worked
    assert str(L["expected_sapphires"].exact()) in L["expected_sapphires"].worked


def test_the_tables_show_what_they_promise():
    one = lesson.one_throw_table()
    for gem in GEMS:
        assert f">{analysis.throws_showing(gem)}</td>" in one
    fifteen = lesson.chance_table()
    table = analysis.probability_table(rolls=(1, 2, 3))
    assert all(str(table[gem][r]) in fifteen for gem in GEMS for r in (1, 2, 3))
    assert ">0.46%<" in one and "<b>0.46%</b>" in fifteen  # enough digits: 7.7% / 0.46% is about 17
    assert "58.6%" in lesson.sticking_ones_table()
    assert all(gem in lesson.tin_table() for gem in GEMS) and "<b>30</b>" in lesson.tin_table()


def test_thrown_dice_name_their_patterns():
    shown = lesson.throw_dice(5, seed=3)
    rows = re.findall(r"<tr><td[^>]*>([\d -]+)</td><td[^>]*>([^<]*)</td></tr>", shown)
    assert len(rows) == 5
    for faces, gems in rows:
        expected = gems_shown(tuple(int(f) for f in faces.split(" - ")))
        assert gems == (", ".join(expected) if expected else "no gem")


@pytest.mark.parametrize("turns", [100, 10_000])
def test_the_simulation_check_reports_the_band(turns):
    report = lesson.simulation_check("sapphire", turns, seed=5)
    shares = lesson.simulate.simulate_pattern("sapphire", turns, rolls=3, seed=5)
    half = 2 * lesson.standard_error(float(lesson.turn_chance("sapphire")), turns)
    inside = abs(shares[-1] - float(lesson.turn_chance("sapphire"))) <= half
    assert ("<b>inside</b>" in report) == inside and "<svg" in report
    assert f"{turns:,} turns" in report


def test_the_extension_helpers_run():
    advice = lesson.advice_for(1, 4, 4, 4, 1)
    assert "<td style='padding:3px 10px;border-bottom:1px solid #ddd;text-align:left'>0.5%</td>" in advice
    assert "die 1 shows 1 and is stuck" in advice and "worth" not in advice
    best = analysis.advise((1, 4, 4, 2), 2).best
    assert f"about {float(best.worth):.0%}" in lesson.advice_for(1, 4, 4, 2, 2)
    assert "stop now and take the" in lesson.advice_for(2, 2, 4, 4, 1)
    games = lesson.whole_games(60, seed=2)
    assert "at random" in games and "the adviser" in games
    assert callable(lesson.simulated("diamond")) and len(lesson.simulated("diamond", turns=50)()) == 50


def test_the_opening_picture_is_plain():
    state = lesson.sheet_in_play()
    assert state.dice == (3, 5, 3, 5)
    drawn = lesson.plain_sheet()
    assert drawn.startswith("<svg") and "viewBox" in drawn
    for untaught in ("cursite", "Turn 6", "score", "container", "rolling"):
        assert untaught not in drawn.lower()


def test_the_ruby_working_comes_after_the_tree():
    assert not L["ruby_three_throws"].show_working and L["ruby_three_throws"].worked
    working = lesson.ruby_working()
    assert str(lesson.one_die_even()) in working and str(lesson.turn_chance("ruby")) in working


def test_the_guide_quotes_the_model():
    guide = GUIDE.read_text(encoding="utf-8")
    table = analysis.probability_table(rolls=(1, 2, 3))
    for gem in GEMS:
        row = " | ".join(f"{lesson.table_percent(table[gem][r])} ({table[gem][r]})" for r in (1, 2, 3))
        assert f"| {gem} | {row} |" in guide
    ruby_free = lesson.turn_chance("ruby", lock_ones=False)
    assert f"{float(ruby_free):.1%}" in guide
    assert f"{6 / 126:.1%}" in guide  # the 126 unordered showings counted as equally likely
    assert f"{1 - (1 - float(lesson.one_throw_chance('ruby'))) ** 3:.1%}" in guide
    p = float(lesson.turn_chance("sapphire"))
    low, high = (1000 * p + k * 2000 * lesson.standard_error(p, 1000) for k in (-1, 1))
    assert f"from about {round(low)} to {round(high)} wins" in guide
    assert f"±{200 * lesson.standard_error(p, 1000):.1f} percentage points" in guide
    assert f"±{200 * lesson.standard_error(p, 10_000):.1f}" in guide
    assert f"{L.minutes} minutes" in guide
