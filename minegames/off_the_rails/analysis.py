"""Exact odds of Off the Rails: the chasm clock and the bag.

Everything here is a :class:`~fractions.Fraction` worked out from the deck building in
``deposits.py`` and the bag's counts, not simulated; the tests check the formulas against the
game's own deck builder and bag.

The chasm clock. With ``k`` numbered cards of each colour in the Deposit deck, the deck holds
``4k`` numbered cards in ``k`` stacks of four, so a given card is equally likely to sit at any of
the ``4k`` places. The Chasm card goes in as the 5th, 6th, 7th or 8th card from the bottom, so
it is drawn in deposits phase ``4k + 2 - j`` for ``j`` in 5..8, each with chance 1/4.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Mapping

from minegames.core import OptionError

from .components import BAG_COUNTS, GEMS
from .deposits import CHASM_FROM_BOTTOM
from .options import Options


def cards_per_colour(players: int, deck_length: int = 0) -> int:
    """Numbered cards of each colour in the Deposit deck (the rule, or the game length option)."""
    if players == 1:
        raise OptionError("players", "the solo game has no deposits after setup: its deck only times the chasm")
    return Options(players=players, deck_length=deck_length).cards_per_colour


def chance_in_deposit_deck(players: int, deck_length: int = 0) -> Fraction:
    """The chance that a given numbered card is in the Deposit deck (not removed, revealed or in
    the Chasm deck): each colour's eight cards are shuffled, so any card is equally likely to be
    any of the eight."""
    return Fraction(cards_per_colour(players, deck_length), 8)


def chance_above_chasm(players: int, deck_length: int = 0) -> Fraction:
    """Given that a card is in the Deposit deck, the chance it lies above the Chasm card."""
    places = 4 * cards_per_colour(players, deck_length)
    return sum((Fraction(places - j + 1, places) for j in CHASM_FROM_BOTTOM), Fraction(0)) / len(CHASM_FROM_BOTTOM)


def deposit_before_chasm(players: int, deck_length: int = 0) -> Fraction:
    """The exact chance that a given deposit card (any colour and number) makes its deposit
    before the Chasm card is drawn: revealed at setup (1 in 8), or in the Deposit deck above
    the Chasm card.

    >>> deposit_before_chasm(4)
    Fraction(37, 64)
    """
    return Fraction(1, 8) + chance_in_deposit_deck(players, deck_length) * chance_above_chasm(players, deck_length)


def chasm_draw_distribution(players: int, deck_length: int = 0) -> dict[int, Fraction]:
    """In which deposits phase (1 = the first turn's) the Chasm card is drawn: its exact
    distribution. Four phases, each 1/4 likely.

    >>> chasm_draw_distribution(4)
    {17: Fraction(1, 4), 16: Fraction(1, 4), 15: Fraction(1, 4), 14: Fraction(1, 4)}
    """
    places = 4 * cards_per_colour(players, deck_length)
    chance = Fraction(1, len(CHASM_FROM_BOTTOM))
    return {places + 2 - j: chance for j in CHASM_FROM_BOTTOM}


def collapse_turn_distribution(players: int, deck_length: int = 0) -> dict[int, Fraction]:
    """After which turn the chasm begins: the turn the Chasm card is drawn in, plus one more turn
    for every player. Turns are counted over the table, one per player's turn."""
    return {turn + players: chance for turn, chance in chasm_draw_distribution(players, deck_length).items()}


def expected_deposits_before_chasm(players: int, deck_length: int = 0) -> Fraction:
    """How many deposits, on average, are made before the chasm card turns up (the four at setup
    and the cards drawn from above it)."""
    return sum((chance * (turn - 1) for turn, chance in chasm_draw_distribution(players, deck_length).items()),
               Fraction(4))


# ---- the bag ---------------------------------------------------------------------------------------
def _bag(bag: Mapping[str, int] | None) -> dict[str, int]:
    counts = dict(BAG_COUNTS if bag is None else bag)
    unknown = set(counts) - set(GEMS)
    if unknown or any(type(n) is not int or n < 0 for n in counts.values()):
        raise OptionError("bag", f"a bag is counts of {', '.join(GEMS)}, got {dict(counts)!r}")
    return counts


def gem_count_distribution(draws: int, gem: str, bag: Mapping[str, int] | None = None) -> dict[int, Fraction]:
    """How many ``gem`` a deposit of ``draws`` gems drawn blind from ``bag`` holds (the
    hypergeometric law); the full bag by default. A deposit takes what is left if the bag runs
    short, so ``draws`` is capped at the bag's size."""
    counts = _bag(bag)
    if gem not in GEMS:
        raise OptionError("gem", f"the gems are {', '.join(GEMS)}, not {gem!r}")
    total = sum(counts.values())
    draws = min(draws, total)
    have = counts.get(gem, 0)
    ways = comb(total, draws)
    return {k: Fraction(comb(have, k) * comb(total - have, draws - k), ways)
            for k in range(0, min(have, draws) + 1) if comb(total - have, draws - k)}


def chance_of_at_least_one(draws: int, gem: str, bag: Mapping[str, int] | None = None) -> Fraction:
    """The chance a deposit of ``draws`` gems holds at least one ``gem`` (a diamond, say)."""
    return 1 - gem_count_distribution(draws, gem, bag).get(0, Fraction(0))


def chance_of_no_rock(draws: int, bag: Mapping[str, int] | None = None) -> Fraction:
    """The chance a deposit of ``draws`` gems holds no rock."""
    return gem_count_distribution(draws, "rock", bag).get(0, Fraction(0))


def deposit_value_distribution(draws: int, bag: Mapping[str, int] | None = None) -> dict[int, Fraction]:
    """The points a deposit of ``draws`` gems is worth (rock 0 ... diamond 4), exactly."""
    from .components import GEM_POINTS

    counts = _bag(bag)
    total = sum(counts.values())
    draws = min(draws, total)
    kinds = [gem for gem in GEMS if counts.get(gem, 0)]
    result: dict[int, Fraction] = {}
    ways = comb(total, draws)

    def spread(i: int, left: int, points: int, product: int) -> None:
        if i == len(kinds):
            if left == 0:
                result[points] = result.get(points, Fraction(0)) + Fraction(product, ways)
            return
        gem = kinds[i]
        for take in range(0, min(left, counts[gem]) + 1):
            spread(i + 1, left - take, points + take * GEM_POINTS[gem], product * comb(counts[gem], take))

    spread(0, draws, 0, 1)
    return dict(sorted(result.items()))


def expected_deposit_value(draws: int, bag: Mapping[str, int] | None = None) -> Fraction:
    return sum((points * chance for points, chance in deposit_value_distribution(draws, bag).items()), Fraction(0))
