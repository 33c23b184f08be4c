"""The exact odds of Off the Rails against the game's own deck builder and bag: a formula that
disagrees with the game is a wrong lesson."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from minegames.core import OptionError, make_rng
from minegames.off_the_rails import analysis
from minegames.off_the_rails.components import BAG_COUNTS
from minegames.off_the_rails.deposits import CHASM_FROM_BOTTOM, build_decks
from minegames.off_the_rails.options import Options


def counted_chance(players: int, deck_length: int = 0) -> Fraction:
    """The same chance by counting the equally likely cases of the building, one card's view:
    its place among its colour's 8 shuffled cards, its place in its stack of 4, the Chasm card's
    place. No formula: each case is followed through the building steps."""
    keep = Options(players=players, deck_length=deck_length).cards_per_colour
    removed = 8 - 2 - keep
    good = total = 0
    for colour_place, stack_place, chasm_from_bottom in itertools.product(range(8), range(4), CHASM_FROM_BOTTOM):
        total += 1
        # the colour's pile is dealt from its top (the end): removed, revealed, chasm, then stacks
        dealt = 7 - colour_place
        if dealt < removed:
            continue
        if dealt == removed:  # revealed at setup
            good += 1
            continue
        if dealt == removed + 1:  # the Chasm deck
            continue
        stack = colour_place  # the remaining cards go to stacks 0..keep-1 by their place in the pile
        from_bottom = 4 * stack + stack_place + 1
        if from_bottom >= chasm_from_bottom:
            good += 1
    return Fraction(good, total)


@pytest.mark.parametrize("players,deck_length", [(2, 0), (3, 0), (4, 0), (2, 13), (4, 25), (3, 21)])
def test_deposit_before_chasm_agrees_with_counting_the_building(players, deck_length):
    assert analysis.deposit_before_chasm(players, deck_length) == counted_chance(players, deck_length)


def test_the_worked_values():
    assert analysis.deposit_before_chasm(4) == Fraction(37, 64)
    assert analysis.deposit_before_chasm(2) == analysis.deposit_before_chasm(3) == Fraction(29, 64)
    assert analysis.chasm_draw_distribution(4) == {13 + k: Fraction(1, 4) for k in (1, 2, 3, 4)}
    assert analysis.collapse_turn_distribution(2) == {t + 2: Fraction(1, 4) for t in (10, 11, 12, 13)}
    with pytest.raises(OptionError):
        analysis.deposit_before_chasm(1)


def test_deposit_before_chasm_agrees_with_the_games_deck_builder():
    """20,000 seeded builds: the share of builds in which 'red 3' is dealt before the Chasm card
    lies within four standard errors of the exact chance."""
    options, builds, hits = Options(players=4), 20_000, 0
    rng = make_rng(2026)
    for _ in range(builds):
        decks = build_decks(options, rng)
        top_down = decks.deposit[::-1]
        if "red 3" in decks.revealed or ("red 3" in top_down and top_down.index("red 3") < top_down.index("chasm")):
            hits += 1
    exact = analysis.deposit_before_chasm(4)
    error = (float(exact) * (1 - float(exact)) / builds) ** 0.5
    assert abs(hits / builds - float(exact)) < 4 * error


def test_the_chasm_card_is_drawn_in_the_phases_the_distribution_gives():
    options, rng = Options(players=2), make_rng(7)
    seen = Counter(len(d.deposit) - d.deposit.index("chasm") for d in (build_decks(options, rng) for _ in range(4000)))
    assert set(seen) == set(analysis.chasm_draw_distribution(2))
    assert all(abs(n / 4000 - 0.25) < 0.03 for n in seen.values())


def test_bag_odds_are_hypergeometric():
    full = sum(BAG_COUNTS.values())
    # one diamond among 3 draws from the full bag: 1 - C(61,3)/C(66,3)
    assert analysis.chance_of_at_least_one(3, "diamond") == 1 - Fraction(61 * 60 * 59, 66 * 65 * 64)
    assert analysis.chance_of_no_rock(2) == Fraction(54 * 53, full * (full - 1))
    assert sum(analysis.gem_count_distribution(3, "ruby").values()) == 1
    # as the bag empties: no diamond left means no chance
    assert analysis.chance_of_at_least_one(3, "diamond", {**BAG_COUNTS, "diamond": 0}) == 0
    # a short bag gives what is left
    assert analysis.gem_count_distribution(3, "rock", {"rock": 1, "ruby": 1}) == {1: Fraction(1)}
    values = analysis.deposit_value_distribution(2)
    assert sum(values.values()) == 1
    assert analysis.expected_deposit_value(2) == 2 * Fraction(24 * 1 + 15 * 2 + 10 * 3 + 5 * 4, full)
    with pytest.raises(OptionError):
        analysis.chance_of_no_rock(2, {"opal": 3})
