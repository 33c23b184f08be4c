"""Goldmine Rumbles lessons 3 and 4 (minegames.goldmine_rumbles.lesson_3_fights, lesson_4_chances):
each answer agrees with a count made here independently of the analysis module, the positions
show what the text says they show, and the pictures and tables carry the right numbers."""

from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from minegames.goldmine_rumbles import analysis, dice_rules as R
from minegames.goldmine_rumbles import lesson_3_fights as L3
from minegames.goldmine_rumbles import lesson_4_chances as L4
from minegames.goldmine_rumbles.lessons import BLUE, GREEN, RED

DICE = list(product(range(1, 7), repeat=2))


@lru_cache(maxsize=None)
def fight_win(edge, mine=0, theirs=0):
    """A fight's exact chance of a win, worked backwards here from the round rule alone."""
    if mine >= 4 or theirs >= 4:
        return Fraction(int(theirs >= 4 > mine))
    total = Fraction(0)
    for a, b in DICE:
        hurt_me, hurt_them = R.round_injuries(a + edge, b)
        total += fight_win(edge, mine + hurt_me, theirs + hurt_them) / 36
    return total


# ---------------------------------------------------------------- lesson 3


def test_lesson_3_fits_a_class_and_keeps_its_whole_game_out():
    assert 45 <= L3.FIGHTS.minutes <= 60
    assert len(L3.FIGHTS.predictions) >= 3
    assert not any("game" in s.title.lower() and "homework" not in s.title.lower() for s in L3.FIGHTS.sections)


def test_the_duel_is_plus_two_against_plus_one_and_its_answer_is_the_race_to_four():
    state = L3.duel()
    assert (state.fight_bonus(BLUE), state.fight_bonus(RED)) == (2, 1)
    assert L3.FIGHTS["duel_chance"].exact() == fight_win(1)
    assert abs(float(fight_win(1)) - 0.7907) < 1e-4


def test_the_round_total_and_the_pickings_follow_the_rules_and_the_rulebook_example():
    assert L3.FIGHTS["round_total"].exact() == 2 + 3 - 1
    assert L3.FIGHTS["pickings_poor_wins"].exact() == 7  # the rulebook's example: 8gn beats 36gn
    assert L3.FIGHTS["pickings_rich_wins"].exact() == 1
    assert L3.FIGHTS["papa_winnings"].exact() == R.fight_pickings(12, 43) + 4 == 11
    assert [L3.bag(g) for g in (0, 1, 10, 11, 36, 43, 60)] == [1, 1, 1, 2, 4, 5, 5]
    assert "so the pickings are 7gn" in L3.pickings_words(8, 36)
    assert "in the same bag" in L3.pickings_words(15, 15)


def test_red_in_the_brawl_is_two_behind_and_her_items_raise_her_chance():
    state = L3.brawl()
    assert state.fight_bonus(BLUE) - state.fight_bonus(RED) == 2
    chance = L3.FIGHTS["brawl_chance"].exact()
    assert analysis.fight_odds(-2, 0).win < chance == analysis.fight_odds(-2, 0, chippawa=1, bibles=1).win
    assert "31.8%" in L3.brawl_table_html() and "4.0%" in L3.brawl_table_html()


def test_papa_clayton_is_one_point_ahead_of_three_cubes():
    assert L3.FIGHTS["papa_chance"].exact() == fight_win(-1)


def test_the_final_count_adds_up_step_by_step():
    ended = L3.final_count()
    for p, steps in enumerate(ended.score_breakdown()):
        assert steps["final"] == sum(v for k, v in steps.items() if k != "final") == ended.scores()[p]
    assert L3.FIGHTS["final_red"].exact() == 31 + 10 + 10 + 0 + 6
    assert L3.FIGHTS["final_blue"].exact() == 27 + 0 + 0 - 2 * 3 + 3
    # the order really changes: Green leads Blue until the mission step
    steps = ended.score_breakdown()
    running = {p: 0 for p in (BLUE, GREEN)}
    leaders = []
    for key in ("gold", "notebooks", "fewest black marks", "tokens", "mission"):
        for p in running:
            running[p] += steps[p][key]
        leaders.append(max(running, key=running.get))
    assert leaders == [GREEN, GREEN, GREEN, GREEN, BLUE]
    assert L3.FIGHTS["final_order"].exact() == "Blue"


def test_the_stories_print_every_round_and_the_tally_counts_thirty_fights():
    story = L3.duel_story(0)
    assert story.count("fight round:") >= 4 and "gold now:" in story
    assert "Leaf" in L3.brawl_story(0) and "share one die" in L3.papa_ambush_story()
    assert "30 fights" in L3.duel_tally()


def test_the_stories_read_as_html_tables_one_per_round():
    told = L3.duel_story(0)
    shown = L3.duel_story_html(0)
    assert shown.count("<table") == told.count("fight round:") == shown.count("<b>Round ")
    assert "<pre" not in shown and "Leaf +3" in L3.brawl_story_html(0)
    assert ">inj.<" in shown and ">injuries<" not in shown  # short headings: narrow enough for a phone
    assert "(the pickings: section 2)" in told and "14gn" in L3.fighters_html() and "20gn" in L3.fighters_html()
    assert L3.papa_ambush_story_html().count("<table") >= 4


def test_the_final_table_gives_what_the_questions_say():
    table = L3.final_table_html()
    assert "31gn" in table and "27gn" in table and "3 of 4" in table and "2 of 4" in table
    assert table.count("<tr>") == 6 and table.count("<th") == 4  # one column per miner: fits a phone


def test_the_brawl_is_an_extension_and_the_timed_lesson_keeps_three_predictions():
    assert L3.FIGHTS["brawl_chance"].is_extension
    assert [q.key for q in L3.FIGHTS.predictions] == ["duel_chance", "papa_chance", "final_order"]
    assert not L3.FIGHTS["final_red"].predict  # a plain calculation: a typing slip can be corrected


# ---------------------------------------------------------------- lesson 4


def test_lesson_4_is_a_probability_lesson_with_more_predictions():
    assert 45 <= L4.CHANCES.minutes <= 60
    assert len(L4.CHANCES.predictions) >= 4
    assert L4.CHANCES["leaf_or_cube"].is_extension
    assert not L4.CHANCES["round_win"].show_working  # pupils count the wins on the grid themselves
    assert not any("markov" in s.title.lower() for s in L4.CHANCES.sections)  # only in the extension


def test_one_round_counted_square_by_square():
    outcomes = [L4.round_outcome(a, b, 1) for a, b in DICE]
    assert L4.CHANCES["sample_space"].exact() == len(DICE) == 36
    assert L4.CHANCES["round_win"].exact() == outcomes.count("win") == 21
    assert L4.CHANCES["round_tie"].exact() == outcomes.count("tie") == 5
    assert L4.CHANCES["round_lose"].exact() == Fraction(36 - 21 - 5, 36)
    assert L4.round_counts(1) == {"win": 21, "tie": 5, "lose": 10}
    assert "win the round in 21, tie in 5 and lose in 10" in L4.round_grid_html(1)
    assert "of 36" not in L4.round_grid_svg(1)  # the sentence is above the picture, not inside it
    assert L4.totals_grid_svg(1).count("<rect") == 36


def test_the_fight_worked_backwards():
    assert L4.CHANCES["last_round"].exact() == Fraction(15, 36)
    lose = analysis.fight_odds(1, 0).lose
    assert L4.CHANCES["fight_gap"].exact() == round((fight_win(1) - lose) * 100) == 61
    assert ">79%<" in L4.fight_grid_svg(1)


def test_a_fourth_cube_beats_a_leaf_against_papa_clayton():
    assert L4.CHANCES["leaf_or_cube"].exact() == L4.CUBE
    assert fight_win(0) > analysis.fight_odds(3, 4, chippawa=1).win


def test_two_dice_by_brute_force():
    larger = [max(a, b) for a, b in DICE]
    assert L4.CHANCES["larger_six"].exact() == larger.count(6) == 11
    assert L4.CHANCES["mean_larger"].exact() == Fraction(sum(larger), 36) == Fraction(161, 36)
    assert L4.CHANCES["partner_gain"].exact() == Fraction(sum(larger), 36) + 1 - 3


def test_the_band_narrows_like_one_over_root_n_and_a_simulation_says_where_it_lands():
    assert L4.CHANCES["band"].exact() == "10 times narrower"
    assert L4.band_narrower(100, 400) == "2 times narrower"
    text = L4.simulate_html(1000, 1)
    assert "1,000 fights" in text and ("inside" in text or "outside" in text)


def test_gaps_are_in_points_and_no_chance_short_of_certain_reads_100():
    table = L4.edge_table_html()
    assert "30.6 points" in table and "% points" not in table and "100.00%" not in table and "&gt;99.99%" in table
    assert "percentage points" in L4.simulate_html(100, 1) and "two standard errors are 8.1" in L4.simulate_html(100, 1)


def test_the_simulation_pictures_fit_a_phone_with_their_sentences_outside():
    for shown in (L4.simulate_html(100, 1), L4.settle_svg()):
        svg = shown[shown.index("<svg"):]
        assert shown.startswith("<p") and 'width="3' in svg[:120] and "orange" not in svg.lower()
    assert [seed for seed in range(1, 31) if "outside" in L4.simulate_html(100, seed)] == [6, 7, 22]


@pytest.mark.parametrize("picture", [L4.settle_svg, L4.transition_table_html, L4.fight_length_html,
                                     L4.papa_pair_html, L4.hazard_html, L4.helpers_table_html,
                                     L4.two_dice_table_html, L4.edge_table_html, L4.round_table_html])
def test_every_press_of_lesson_4_returns_a_picture_or_a_table(picture):
    drawn = picture()
    assert drawn.startswith(("<svg", "<table", "<p>", "<p "))


def test_both_readings_of_partner_dice_have_their_table():
    assert "shared dice" in L4.partner_table_html(1, R.SHARED_DICE)
    assert "split dice" in L4.partner_table_html(1, R.SPLIT_DICE)
