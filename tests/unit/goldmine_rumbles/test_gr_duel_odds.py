"""duel_odds, solved as integer tables, against the plain recursion it replaced.

The reference below is the Fraction recursion that used to be :func:`analysis.duel_odds`
(one dice pair, one Bible choice, one leaf choice at a time), kept here as the independent
computation: the fast tables must give exactly its numbers, leaves and Bibles on both sides.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product

import pytest

from minegames.goldmine_rumbles import analysis as A
from minegames.goldmine_rumbles import dice_rules as R

FACES = range(1, 7)


def _prefers(second_side: bool, a: tuple, b: tuple) -> bool:
    if second_side:
        return (a[1], -a[0]) > (b[1], -b[0])
    return (a[0], -a[1]) > (b[0], -b[1])


@lru_cache(maxsize=None)
def reference_value(edge: int, state: tuple) -> tuple[Fraction, ...]:
    """state: injuries (mine, theirs), leaves (mine, theirs), Bibles (mine, theirs)."""
    result = R.fight_result(state[0], state[1])
    if result is not None:
        return tuple(Fraction(int(result == end)) for end in R.FIGHT_RESULTS)
    total = [Fraction(0)] * 3
    for rolled in product(FACES, repeat=2):
        for k, part in enumerate(_bibles(edge, state, rolled, 0)):
            total[k] += part / 36
    return tuple(total)


@lru_cache(maxsize=None)
def _bibles(edge: int, state: tuple, rolled: tuple, side: int) -> tuple[Fraction, ...]:
    if side == 2:
        return _leaves(edge, state, rolled[0] - rolled[1])
    best = _bibles(edge, state, rolled, side + 1)
    if not state[4 + side]:
        return best
    spent = list(state)
    spent[4 + side] -= 1
    spent = tuple(spent)
    for thrown in ((side,), (1 - side,), (0, 1)):
        kept = tuple(None if k in thrown else face for k, face in enumerate(rolled))
        pairs = list(product(*(FACES if face is None else (face,) for face in kept)))
        outcome = tuple(sum(_bibles(edge, spent, pair, side + 1)[k] for pair in pairs) / len(pairs)
                        for k in range(3))
        if _prefers(side == 1, outcome, best):
            best = outcome
    return best


@lru_cache(maxsize=None)
def _leaves(edge: int, state: tuple, difference: int) -> tuple[Fraction, ...]:
    def after(margin: int, leaves: tuple) -> tuple[Fraction, ...]:
        mine, theirs = R.round_injuries(margin, 0)
        return reference_value(edge, (state[0] + mine, state[1] + theirs, *leaves, state[4], state[5]))

    def answer(boost: int, leaves: tuple) -> tuple[Fraction, ...]:
        plain = after(difference + edge + boost, leaves)
        if not leaves[1]:
            return plain
        chewed = after(difference + edge + boost - R.CHIPPAWA_BONUS, (leaves[0], leaves[1] - 1))
        return chewed if _prefers(True, chewed, plain) else plain

    best = answer(0, (state[2], state[3]))
    if state[2]:
        chewed = answer(R.CHIPPAWA_BONUS, (state[2] - 1, state[3]))
        if _prefers(False, chewed, best):
            best = chewed
    return best


def reference_duel(bonus, opponent_bonus, injuries=0, opponent_injuries=0, chippawa=0, opponent_chippawa=0,
                   bibles=0, opponent_bibles=0) -> A.FightOdds:
    state = (injuries, opponent_injuries, chippawa, opponent_chippawa, bibles, opponent_bibles)
    return A.FightOdds(*reference_value(bonus - opponent_bonus, state))


SMALL_ITEMS = list(product(range(2), repeat=4))  # leaves and Bibles, 0 or 1 on each side


@pytest.mark.parametrize("edge", [-4, 0, 3])
def test_every_small_duel_matches_the_reference_exactly(edge):
    A.clear_caches()
    for injuries, opponent_injuries in product(A.INJURY_STATES, repeat=2):
        for items in SMALL_ITEMS:
            fast = A.duel_odds(edge, 0, injuries, opponent_injuries, *items)
            assert fast == reference_duel(edge, 0, injuries, opponent_injuries, *items), (edge, injuries,
                                                                                          opponent_injuries, items)
            assert all(isinstance(part, Fraction) for part in fast) and sum(fast) == 1


@pytest.mark.parametrize("args", [
    (2, 0, 0, 0, 1, 1, 1, 1),
    (2, 0, 0, 0, 0, 0, 2, 2),
    (2, 1, 0, 0, 2, 1, 1, 2),
    (-1, 1, 1, 2, 2, 2, 0, 1),
    (0, 0, 0, 0, 0, 0, 3, 2),  # 5 Bibles: past int64, the tables hold Python integers
    (1, 0, 0, 1, 1, 0, 1, 4),
])
def test_several_items_match_the_reference_exactly(args):
    A.clear_caches()
    assert A.duel_odds(*args) == reference_duel(*args)


@pytest.mark.parametrize("bonus", [9, 10, 13, -9, -12])
def test_edges_past_the_cap_share_one_table_and_still_match(bonus):
    args = (bonus, 0, 1, 2, 1, 1, 1, 1)
    assert A.duel_odds(*args) == reference_duel(*args)


def test_whole_duels_ask_for_no_negative_items():
    with pytest.raises(ValueError):
        A.duel_odds(0, 0, chippawa=-1)
    with pytest.raises(ValueError):
        A.duel_odds(0, 0, injuries=4)


def test_items_only_on_the_first_side_agree_with_fight_odds():
    for edge, leaves, bibles in product((-3, 0, 2), range(2), range(2)):
        assert A.duel_odds(edge, 0, chippawa=leaves, bibles=bibles) == A.fight_odds(edge, 0, chippawa=leaves,
                                                                                     bibles=bibles)
