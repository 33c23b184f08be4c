"""Gem Rush exact card odds: the chance to pay a door with some draws (against a brute force
over every draw from small decks, with and without payment skills) and the odds of room
abilities (against every order of a small deck, and against the textbook laws)."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations, permutations
from math import comb

import pytest

from minegames.gem_rush import analysis as A
from minegames.gem_rush import payment as P
from minegames.gem_rush.components import GEM_CARDS, ROOMS
from minegames.gem_rush.gems import (
    DIAMOND_DUST, ECHOGLASS, ELECTRUM, FIRE_RUBY, OBSIDIAN, PERMAFROST, SOULSTONE, SPECIAL_GEMS, STANDARD_GEMS,
    STAR_TEAR,
)

SPECIAL_CARDS = [c for c in GEM_CARDS if set(c.gems) & set(SPECIAL_GEMS)]


def brute_chance(cost, hand, deck, draws, skills=(), colour=None) -> Fraction:
    rest = [c for c in deck if c not in hand]
    draws = min(draws, len(rest))
    good = total = 0
    for drawn in combinations(rest, draws):
        total += 1
        good += P.best_settlement(cost, list(hand) + list(drawn), colour=colour, skills=skills) is not None
    return Fraction(good, total)


# ---- chance to pay ---------------------------------------------------------------------------

def test_a_hand_that_already_pays_is_certain():
    hand = [GEM_CARDS[3], GEM_CARDS[21]]  # Obsidian+Electrum, Permafrost+Soulstone
    assert A.chance_to_pay((ELECTRUM, OBSIDIAN, PERMAFROST), hand) == 1
    assert A.chance_to_pay((ELECTRUM, OBSIDIAN, PERMAFROST), hand, draws=3) == 1


def test_without_draws_a_hand_that_cannot_pay_has_no_chance():
    assert A.chance_to_pay((FIRE_RUBY,), [GEM_CARDS[0]]) == 0
    assert A.chance_to_pay((FIRE_RUBY,) * 3) == 0


def test_one_draw_for_one_obsidian_counts_the_cards_that_pay_it():
    paying = [c for c in GEM_CARDS if OBSIDIAN in c.gems or DIAMOND_DUST in c.gems]
    assert A.chance_to_pay((OBSIDIAN,), draws=1) == Fraction(len(paying), 75)
    hand = [c for c in GEM_CARDS if c.gems == (SOULSTONE, ECHOGLASS)][:1]
    # with the hand out of the deck, 74 cards are left
    assert A.chance_to_pay((OBSIDIAN,), hand, draws=1) == Fraction(len(paying), 74)


def test_hand_given_as_ids_or_cards_alike():
    ids = (0, 10, 30, 66)
    assert A.chance_to_pay((OBSIDIAN, SOULSTONE, SOULSTONE), ids, 2) == \
        A.chance_to_pay((OBSIDIAN, SOULSTONE, SOULSTONE), [GEM_CARDS[i] for i in ids], 2)


def test_more_draws_never_lower_the_chance():
    hand = [GEM_CARDS[i] for i in (0, 10, 30, 66)]
    for cost in [(OBSIDIAN, ELECTRUM, SOULSTONE), (FIRE_RUBY,) * 3, (OBSIDIAN, OBSIDIAN, STAR_TEAR, STAR_TEAR)]:
        chances = [A.chance_to_pay(cost, hand, d) for d in range(7)]
        assert chances == sorted(chances)
        assert A.chance_table(cost, hand, 6) == dict(enumerate(chances))


def test_drawing_the_whole_deck_is_paying_with_everything():
    deck = random.Random(2).sample(GEM_CARDS, 8)
    cost = (OBSIDIAN, ELECTRUM, ELECTRUM)
    everything = P.settle(cost, deck) is not None
    assert A.chance_to_pay(cost, (), 20, deck=deck) == (1 if everything else 0)


@pytest.mark.parametrize("seed", range(12))
def test_exact_against_every_draw_of_a_small_deck(seed):
    rng = random.Random(seed)
    deck = rng.sample(GEM_CARDS[:63], 8) + rng.sample(SPECIAL_CARDS, 4)
    hand = deck[:rng.randint(0, 3)]
    cost = tuple(sorted(rng.choice(STANDARD_GEMS[:5]) for _ in range(rng.randint(1, 5))))
    for draws in range(0, 5):
        assert A.chance_to_pay(cost, hand, draws, deck=deck) == brute_chance(cost, hand, deck, draws), (cost, draws)


SKILL_SETS = [
    ("harmonization",), ("transmutation",), ("evocation",), ("permeation",), ("thrift",), ("alloying",),
    ("resonance",), ("attunement",), ("harmonization", "transmutation"), ("evocation", "permeation"),
    ("resonance", "transmutation"), ("alloying", "permeation"), ("attunement", "evocation"),
    ("thrift", "harmonization"),
]


@pytest.mark.parametrize("skills", SKILL_SETS, ids="+".join)
def test_exact_with_skills_against_every_draw(skills):
    rng = random.Random(hash(skills) % 1000)
    for _ in range(3):
        deck = rng.sample(GEM_CARDS[:63], 6) + rng.sample(SPECIAL_CARDS, 5)
        hand = deck[:rng.randint(0, 2)]
        colour = rng.choice(STANDARD_GEMS)
        cost = tuple(sorted(rng.choice(STANDARD_GEMS[:4] + (colour,)) for _ in range(rng.randint(2, 5))))
        for draws in (1, 2, 3):
            exact = A.chance_to_pay(cost, hand, draws, skills=skills, colour=colour, deck=deck)
            assert exact == brute_chance(cost, hand, deck, draws, skills, colour), (cost, colour, draws)


def test_skills_never_lower_the_chance():
    hand = [GEM_CARDS[i] for i in (6, 45, 67)]
    cost = (SOULSTONE, SOULSTONE, FIRE_RUBY, OBSIDIAN)
    plain = A.chance_to_pay(cost, hand, 3)
    for skills in SKILL_SETS:
        assert A.chance_to_pay(cost, hand, 3, skills=skills, colour=SOULSTONE) >= plain


def test_more_draws_never_lower_the_chance_to_pay():
    """The odds beside a door as the draws slider moves (its speed: benchmarks/bench_gem_rush_odds.py)."""
    hand = [GEM_CARDS[i] for i in (0, 10, 30, 66)]
    costs = [(OBSIDIAN, ELECTRUM, SOULSTONE), tuple(STANDARD_GEMS[:6]), (FIRE_RUBY,) * 4]
    A.clear_caches()
    for cost in costs:
        chances = [A.chance_to_pay(cost, hand, draws) for draws in range(5)]
        assert all(0 <= chance <= 1 for chance in chances), cost
        assert chances == sorted(chances), (cost, chances)


# ---- room abilities ---------------------------------------------------------------------------

def test_every_room_ability_has_odds_that_sum_to_one():
    for room in ROOMS:
        for x in (1, 2):
            odds = A.ability_odds(room.ability, x=x)
            assert sum(odds.values()) == 1, room.id
            assert all(p > 0 for p in odds.values())


def test_draw_is_a_constant():
    assert A.ability_odds((("draw", 2),)) == {2: 1}
    assert A.expected_cards((("discard", "X"), ("draw", "X+1")), x=2) == 3


def test_reveal_and_keep_matching_is_hypergeometric():
    ability = (("name",), ("reveal", 5), ("keep_matching", ("named",)))
    showing = sum(1 for c in GEM_CARDS if SOULSTONE in c.gems)
    odds = A.ability_odds(ability, named=SOULSTONE)
    assert odds == {k: Fraction(comb(showing, k) * comb(75 - showing, 5 - k), comb(75, 5)) for k in range(6)}
    assert A.expected_cards(ability, named=SOULSTONE) == Fraction(5 * showing, 75)


def test_named_gem_left_open_averages_the_standard_gems():
    ability = (("name",), ("reveal", 3), ("keep_matching", ("named",)))
    each = [A.expected_cards(ability, named=g) for g in STANDARD_GEMS]
    assert A.expected_cards(ability) == sum(each) / 7


def test_keen_eye_and_kinship():
    ability = (("name",), ("reveal", 3), ("keep_matching", ("named",)))
    plain = A.expected_cards(ability, named=OBSIDIAN)
    assert A.expected_cards(ability, named=OBSIDIAN, skills=("keen_eye",)) == plain * 4 / 3
    assert A.expected_cards(ability, named=OBSIDIAN, skills=("kinship",), colour=FIRE_RUBY) > plain


def test_dig_keeps_a_constant_and_its_length_is_negative_hypergeometric():
    ability = (("dig", 2, ("special",)), ("keep", 1))
    assert A.ability_odds(ability) == {1: 1}
    length = A.dig_length_odds(2, ("special",))
    assert sum(length.values()) == 1
    special = len(SPECIAL_CARDS)
    # the mean wait for the n-th of M marked cards among N is n (N + 1) / (M + 1)
    assert sum(k * p for k, p in length.items()) == Fraction(2 * 76, special + 1)
    assert min(length) == 2 and max(length) == 75 - special + 2


def test_a_dig_with_too_few_matches_turns_up_the_whole_deck():
    deck = [GEM_CARDS[0], GEM_CARDS[30], GEM_CARDS[63]]
    assert A.dig_length_odds(2, ("special",), deck=deck) == {3: 1}
    assert A.ability_odds((("dig", 2, ("special",)), ("keep", 2)), deck=deck) == {1: 1}


def test_the_hand_is_out_of_the_deck():
    hand = [c for c in GEM_CARDS if DIAMOND_DUST in c.gems]
    ability = (("reveal", 4), ("keep_matching", ("gems", (DIAMOND_DUST,))))
    assert A.ability_odds(ability, hand=hand) == {0: 1}


def play(ability, order, named, wanted):
    """Carry out an ability on a deck in this order (top first), keeping wanted cards first."""
    deck = list(order)
    row, got = [], []

    def meets(cond, c):
        if cond[0] == "gems":
            return any(g in c.gems for g in cond[1])
        if cond[0] == "special":
            return any(g in SPECIAL_GEMS for g in c.gems)
        return named in c.gems

    def good(c):
        return wanted is None or wanted in c.gems

    for step in ability:
        if step[0] == "draw":
            got += deck[:step[1]]
            del deck[:step[1]]
        elif step[0] == "reveal":
            row += deck[:step[1]]
            del deck[:step[1]]
        elif step[0] == "dig":
            found = 0
            while found < step[1] and deck:
                c = deck.pop(0)
                if meets(step[2], c):
                    row.append(c)
                    found += 1
        elif step[0] == "keep":
            row.sort(key=lambda c: not good(c))
            got += row[:step[1]]
            del row[:step[1]]
        elif step[0] == "keep_matching":
            got += [c for c in row if meets(step[1], c)]
            row = [c for c in row if not meets(step[1], c)]
    return sum(1 for c in got if good(c))


ABILITIES = [
    (("reveal", 3), ("keep", 1), ("reveal", 2), ("keep", 1)),
    (("dig", 1, ("gems", (OBSIDIAN,))), ("keep", 1), ("reveal", 2), ("keep", 1)),
    (("dig", 2, ("special",)), ("keep", 1), ("draw", 1)),
    (("name",), ("reveal", 3), ("keep_matching", ("named",)), ("keep", 1)),
    (("reveal", 2), ("keep_matching", ("gems", (STAR_TEAR, FIRE_RUBY))), ("reveal", 2), ("keep", 1)),
    (("dig", 1, ("gems", (FIRE_RUBY,))), ("keep", 1), ("dig", 1, ("gems", (STAR_TEAR,))), ("keep", 1)),
]


@pytest.mark.parametrize("ability", ABILITIES, ids=range(len(ABILITIES)))
def test_abilities_against_every_order_of_a_small_deck(ability):
    rng = random.Random(len(ability))
    deck = rng.sample(GEM_CARDS[:63], 5) + rng.sample(SPECIAL_CARDS, 2)
    for wanted in (None, OBSIDIAN, FIRE_RUBY):
        counts: dict[int, int] = {}
        orders = list(permutations(deck))
        for order in orders:
            k = play(ability, order, OBSIDIAN, wanted)
            counts[k] = counts.get(k, 0) + 1
        expected = {k: Fraction(v, len(orders)) for k, v in sorted(counts.items())}
        assert A.ability_odds(ability, named=OBSIDIAN, deck=deck, wanted=wanted) == expected


def test_abilities_without_cards_bring_none():
    assert A.ability_odds((("swap_places",),)) == {0: 1}
    assert A.expected_cards(()) == 0
