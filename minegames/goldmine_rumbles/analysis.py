"""Exact odds of the Goldmine Rumbles dice: fights, yields and the hazard die.

Every answer is a :class:`fractions.Fraction` computed by counting dice, never by
sampling; simulation (:func:`simulate_fights`) is only there to check them.

**A fight is a Markov chain.** Its state is the pair of injury counts. Every round
the two dice fall in 36 equally likely ways, and only their difference matters, so a
round is won, lost or tied with fixed chances (:func:`round_odds`). Each round adds at
least one injury, so the chain never revisits a state and a short recursion from the
finished fights backwards gives the exact chances of winning, losing or both losing
(:func:`fight_odds`). :func:`transition_matrix` writes the same chain out as a matrix
for the lesson. A Chippawa Leaf adds a choice (use it now or keep it), settled by the
same recursion: the leaf is played when it raises the chance of winning. A Bible (the
defender's, thrown dice set aside and thrown again) adds another choice after each roll:
keep the dice, or throw again one's own die, the other side's, or both. With items on
both sides (:func:`duel_odds`, the robbery labels) the same chain is solved as whole
numbers over one common denominator, every item count at once, fast enough for a click.

All rules come from :mod:`.dice_rules`; this module only adds up chances.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

import numpy as np

from . import dice_rules as R

SIDES = 6
DIE_FACES = range(1, SIDES + 1)
DICE_PAIRS = SIDES * SIDES
INJURY_STATES = range(R.INJURY_LIMIT)  # 0..3: a fighter still standing

__all__ = [
    "RoundOdds", "FightOdds", "round_odds", "fight_odds", "fight_table", "expected_rounds",
    "rounds_distribution", "duel_odds", "transition_matrix", "papa_clayton_pair", "simulate_fights",
    "yield_distribution", "partnered_yield_distribution", "marginal", "max_min_distributions",
    "expected_value", "PartnerValue", "partner_value", "break_even_bid",
    "hazard_distribution", "hazard_cost_chance", "hazard_gold_cost", "expected_hazard_cost", "as_floats",
    "clear_caches",
]


# ---------------------------------------------------------------------------
# One round
# ---------------------------------------------------------------------------


class RoundOdds(NamedTuple):
    """Chances that one round is won, lost or tied by the first side."""

    win: Fraction
    lose: Fraction
    tie: Fraction

    @property
    def edge(self) -> Fraction:
        """How much likelier a won round is than a lost one."""
        return self.win - self.lose


def _differences() -> dict[int, int]:
    """How many of the 36 dice pairs give each difference (my die - theirs): 6 - |d|."""
    counts: dict[int, int] = defaultdict(int)
    for mine, theirs in product(DIE_FACES, repeat=2):
        counts[mine - theirs] += 1
    return dict(counts)


DIFFERENCES = _differences()
WIN_ROUND, LOSE_ROUND, TIE_ROUND = "won", "lost", "tied"


@lru_cache(maxsize=None)
def round_odds(edge: int) -> RoundOdds:
    """One round when the first side's bonus exceeds the other's by ``edge`` (net of penalties)."""
    tally = {WIN_ROUND: 0, LOSE_ROUND: 0, TIE_ROUND: 0}
    for difference, ways in DIFFERENCES.items():
        tally[_round_winner(difference + edge)] += ways
    return RoundOdds(*(Fraction(tally[key], DICE_PAIRS) for key in (WIN_ROUND, LOSE_ROUND, TIE_ROUND)))


def _round_winner(margin: int) -> str:
    mine, theirs = R.round_injuries(margin, 0)
    return TIE_ROUND if mine and theirs else (LOSE_ROUND if mine else WIN_ROUND)


# ---------------------------------------------------------------------------
# A whole fight: the Markov chain over injury pairs
# ---------------------------------------------------------------------------


class FightOdds(NamedTuple):
    """Exact chances that a fight ends in a win, a loss or both losing, for the first side."""

    win: Fraction
    lose: Fraction
    both_lose: Fraction

    def floats(self) -> tuple[float, float, float]:
        return float(self.win), float(self.lose), float(self.both_lose)


State = tuple[int, int, int, int]  # (my injuries, their injuries, Chippawa Leaves left, Bibles left)
Value = tuple[Fraction, Fraction, Fraction, Fraction]  # win, lose, both lose, expected rounds left


def _check_injuries(*injuries: int) -> None:
    for count in injuries:
        if count not in INJURY_STATES:
            raise ValueError(f"a fight starts from 0..{R.INJURY_LIMIT - 1} injuries, not {count}")


def _better(a: Value, b: Value) -> bool:
    """The leaf policy: more chance of winning first, then less chance of losing outright."""
    return (a[0], -a[1]) > (b[0], -b[1])


@lru_cache(maxsize=None)
def _round_moves(edge: int, state: State) -> tuple[tuple[Fraction, State], ...]:
    """The next states after one round from ``state``, with chances, Bibles and leaves played at best."""
    moves: dict[State, Fraction] = defaultdict(Fraction)
    if not state[3]:  # without a Bible only the dice's difference matters
        for difference, ways in DIFFERENCES.items():
            moves[_settled(edge, state, difference)] += Fraction(ways, DICE_PAIRS)
    else:
        for rolled in product(DIE_FACES, repeat=2):
            for after, chance in _best_dismissal(edge, state, rolled).items():
                moves[after] += chance / DICE_PAIRS
    return tuple((chance, after) for after, chance in moves.items())


def _settled(edge: int, state: State, difference: int) -> State:
    """Where a round with this dice difference leads, the leaf played if it helps."""
    plain = _after(state, difference + edge, state[2])
    if state[2]:
        boosted = _after(state, difference + edge + R.CHIPPAWA_BONUS, state[2] - 1)
        if _better(_value(edge, boosted), _value(edge, plain)):
            return boosted
    return plain


@lru_cache(maxsize=None)
def _best_dismissal(edge: int, state: State, rolled: tuple[int, int]) -> dict[State, Fraction]:
    """After the dice ``rolled`` (mine, theirs): keep them, or spend a Bible to throw again
    our own die, theirs, or both; the choice that leaves the best chances."""
    mine, theirs = rolled
    spent = state[:3] + (state[3] - 1,)
    choices = [{_settled(edge, state, mine - theirs): Fraction(1)}]
    for rethrows in ((mine, None), (None, theirs), (None, None)):  # None: thrown again
        outcome: dict[State, Fraction] = defaultdict(Fraction)
        new_pairs = list(product(*(DIE_FACES if d is None else (d,) for d in rethrows)))
        for a, b in new_pairs:
            outcome[_settled(edge, spent, a - b)] += Fraction(1, len(new_pairs))
        choices.append(outcome)
    best = choices[0]
    for choice in choices[1:]:
        if _better(_mixed_value(edge, choice), _mixed_value(edge, best)):
            best = choice
    return best


def _mixed_value(edge: int, outcome: dict[State, Fraction]) -> Value:
    values = [(chance, _value(edge, after)) for after, chance in outcome.items()]
    return tuple(sum(chance * value[k] for chance, value in values) for k in range(4))


def _after(state: State, margin: int, leaves: int) -> State:
    mine, theirs = R.round_injuries(margin, 0)
    return state[0] + mine, state[1] + theirs, leaves, state[3]


@lru_cache(maxsize=None)
def _value(edge: int, state: State) -> Value:
    result = R.fight_result(state[0], state[1])
    if result is not None:
        one, zero = Fraction(1), Fraction(0)
        return (one if result == R.WIN else zero, one if result == R.LOSE else zero,
                one if result == R.BOTH_LOSE else zero, zero)
    total = [Fraction(0)] * 4
    for chance, after in _round_moves(edge, state):
        for k, part in enumerate(_value(edge, after)):
            total[k] += chance * part
    total[3] += 1
    return tuple(total)


def fight_odds(bonus: int, opponent_bonus: int, injuries: int = 0, opponent_injuries: int = 0,
               chippawa: int = 0, bibles: int = 0) -> FightOdds:
    """Exact (win, lose, both lose) for a fight between two sides' net bonuses.

    Bonuses are net of token penalties (Colt 45 or Blunderbuss minus Bandages and
    Poison; Papa Clayton has +4). The fight starts from the given injuries, as the
    rules require. ``chippawa`` Chippawa Leaves (+3 for one round, played after the dice)
    belong to the first side and are played whenever that raises its chance of winning.
    ``bibles`` Bibles, also the first side's (the fight must not be theirs to have started),
    each set a roll's dice aside once, to be thrown again, when that raises the chance of winning.
    """
    _check_injuries(injuries, opponent_injuries)
    win, lose, both, _ = _value(bonus - opponent_bonus, (injuries, opponent_injuries, chippawa, bibles))
    return FightOdds(win, lose, both)


def expected_rounds(bonus: int, opponent_bonus: int, injuries: int = 0, opponent_injuries: int = 0,
                    chippawa: int = 0, bibles: int = 0) -> Fraction:
    """The exact expected number of rounds until the fight is over."""
    _check_injuries(injuries, opponent_injuries)
    return _value(bonus - opponent_bonus, (injuries, opponent_injuries, chippawa, bibles))[3]


def rounds_distribution(bonus: int, opponent_bonus: int, injuries: int = 0, opponent_injuries: int = 0,
                        chippawa: int = 0, bibles: int = 0) -> dict[int, Fraction]:
    """The exact chance that the fight lasts 1, 2, ... rounds (a fresh fight takes 4 to 7)."""
    _check_injuries(injuries, opponent_injuries)
    edge = bonus - opponent_bonus
    lengths: dict[int, Fraction] = defaultdict(Fraction)
    frontier = {(injuries, opponent_injuries, chippawa, bibles): Fraction(1)}
    rounds = 0
    while frontier:
        rounds += 1
        following: dict[State, Fraction] = defaultdict(Fraction)
        for state, reach in frontier.items():
            for chance, after in _round_moves(edge, state):
                if R.fight_result(after[0], after[1]) is None:
                    following[after] += reach * chance
                else:
                    lengths[rounds] += reach * chance
        frontier = following
    return dict(sorted(lengths.items()))


# ---------------------------------------------------------------------------
# Both sides holding items: a Chippawa Leaf or a Bible on the other side too
# ---------------------------------------------------------------------------

#: A fight lasts at most this many rounds: each round hurts someone, and 3 + 3 injuries still stand.
MAX_ROUNDS = 2 * (R.INJURY_LIMIT - 1) + 1
#: Past this edge no dice difference (at most 5) and no leaf (3) can change who wins a round, and
#: only who wins counts: every larger edge has the same duel, so they share one table.
DUEL_EDGE_CAP = (SIDES - 1) + R.CHIPPAWA_BONUS + 1
#: The three ways a round ends for the first side, in the order the duel tables stack them.
_LOST, _WON, _TIED = 0, 1, 2


def duel_odds(bonus: int, opponent_bonus: int, injuries: int = 0, opponent_injuries: int = 0,
              chippawa: int = 0, opponent_chippawa: int = 0, bibles: int = 0,
              opponent_bibles: int = 0) -> FightOdds:
    """Exact (win, lose, both lose) for the first side when the opponent may hold items too.

    :func:`fight_odds` lets only the first side play items; a robbery's defender may hold a
    Chippawa Leaf or a Bible of their own. Each round follows the rules' order: the dice, then
    each Bible holder in turn (first side first) may have dice thrown again, then each leaf
    holder in turn (first side first, the second seeing that choice) may add +3. Each side
    plays to win first, then to avoid losing, knowing the other does the same.
    """
    _check_injuries(injuries, opponent_injuries)
    items = (chippawa, opponent_chippawa, bibles, opponent_bibles)
    if min(items) < 0:
        raise ValueError(f"leaves and Bibles are counts, not {items}")
    edge = max(-DUEL_EDGE_CAP, min(DUEL_EDGE_CAP, bonus - opponent_bonus))
    scale, solved = _duel_table(edge, *items)
    win, lose = (int(table[items]) for table in solved[injuries, opponent_injuries])
    return FightOdds(Fraction(win, scale), Fraction(lose, scale), Fraction(scale - win - lose, scale))


@lru_cache(maxsize=256)
def _duel_table(edge: int, leaves: int, opponent_leaves: int, bibles: int, opponent_bibles: int
                ) -> tuple[int, dict[tuple[int, int], tuple[np.ndarray, np.ndarray]]]:
    """Every duel at this edge with at most these items, solved at once, as whole numbers.

    Returns ``scale`` and, for each injury pair, the first side's win and lose numerators over
    ``scale`` as arrays indexed by the items left (leaves mine, theirs, Bibles mine, theirs); both
    lose is the rest. A round's dice fall 36 ways and a Bible throws 6 or 36 ways again, so every
    chance is a whole number of 6**-k: with at most :data:`MAX_ROUNDS` rounds and one throw per
    Bible, ``scale`` = 6**(2 * rounds + 2 * Bibles) is a common denominator, every division below
    is exact and every comparison is of integers. Injuries only grow, so the pairs are solved from
    the most hurt back, and within a pair all item counts move together as numpy arrays (the
    recursion this replaces spent its time adding Fractions one dice pair at a time).
    """
    scale = SIDES ** (2 * MAX_ROUNDS + 2 * (bibles + opponent_bibles))
    dtype: Any = np.int64 if DICE_PAIRS * scale < 2**63 else object  # past that, Python's integers
    shape = (leaves + 1, opponent_leaves + 1, bibles + 1, opponent_bibles + 1)
    ends = {R.WIN: (scale, 0), R.LOSE: (0, scale), R.BOTH_LOSE: (0, 0)}
    margins = np.arange(-(SIDES - 1), SIDES) + edge  # a round's margin for each dice difference -5..5
    faces = np.arange(SIDES)
    difference_at = faces[:, None] - faces[None, :] + SIDES - 1  # [my die, theirs] -> index in margins

    solved: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}

    def value(mine: int, theirs: int) -> tuple[np.ndarray, np.ndarray]:
        result = R.fight_result(mine, theirs)
        if result is None:
            return solved[mine, theirs]
        return tuple(np.full(shape, part, dtype) for part in ends[result])

    for hurt in range(2 * (R.INJURY_LIMIT - 1), -1, -1):
        for mine in INJURY_STATES:
            theirs = hurt - mine
            if theirs not in INJURY_STATES:
                continue
            following = [value(mine + 1, theirs), value(mine, theirs + 1), value(mine + 1, theirs + 1)]
            after = tuple(np.stack([pair[k] for pair in following], axis=-1) for k in (0, 1))
            rolled = tuple(part[..., difference_at] for part in _duel_leaves(after, margins))
            chosen = _duel_bibles(0, _duel_bibles(1, rolled))
            solved[mine, theirs] = tuple(part.sum(axis=(-2, -1)) // DICE_PAIRS for part in chosen)
    for pair in solved.values():
        for part in pair:
            part.setflags(write=False)
    return scale, solved


def _duel_improve(side: int, best: tuple[np.ndarray, np.ndarray], option: tuple[np.ndarray, np.ndarray],
                  held: tuple) -> None:
    """Where ``held`` selects (an item is in hand), ``best`` becomes ``option`` if ``side`` prefers it:
    the first side wins more, then loses less; the second side makes the first lose more, then win less."""
    win, lose = best[0][held], best[1][held]
    other_win, other_lose = option
    if side == 0:
        take = (other_win > win) | ((other_win == win) & (other_lose < lose))
    else:
        take = (other_lose > lose) | ((other_lose == lose) & (other_win < win))
    best[0][held] = np.where(take, other_win, win)
    best[1][held] = np.where(take, other_lose, lose)


def _held(axis: int) -> tuple[tuple, tuple]:
    """Index the states holding an item on ``axis`` and, aligned with them, the states with one fewer."""
    return (slice(None),) * axis + (slice(1, None),), (slice(None),) * axis + (slice(None, -1),)


def _duel_leaves(after: tuple[np.ndarray, np.ndarray], margins: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """From the values after a round lost, won or tied (last axis) to the value of each dice margin
    (last axis), leaves played at best: the first side chooses, then the second, seeing it."""
    def result(margin: np.ndarray) -> np.ndarray:
        return np.where(margin < 0, _LOST, np.where(margin > 0, _WON, _TIED))

    def answered(boost: int) -> tuple[np.ndarray, np.ndarray]:  # indexed by the leaves left after the first side
        plain = tuple(part[..., result(margins + boost)] for part in after)
        chewed = tuple(part[..., result(margins + boost - R.CHIPPAWA_BONUS)] for part in after)
        held, fewer = _held(1)
        _duel_improve(1, plain, tuple(part[fewer] for part in chewed), held)
        return plain

    best, boosted = answered(0), answered(R.CHIPPAWA_BONUS)
    held, fewer = _held(0)
    _duel_improve(0, best, tuple(part[fewer] for part in boosted), held)
    return best


def _duel_bibles(side: int, kept: tuple[np.ndarray, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """From the value of each pair of dice (last two axes: the first side's die, the second's) once
    ``side`` has passed, to its value before: holding a Bible, ``side`` may throw again its own die,
    the other's or both, and play on with one Bible fewer (the dice then go to the next side)."""
    held, fewer = _held(2 + side)
    spent = tuple(part[fewer] for part in kept)
    own, other = (-2, -1) if side == 0 else (-1, -2)
    best = tuple(part.copy() for part in kept)
    for axes, ways in ((own, SIDES), (other, SIDES), ((-2, -1), DICE_PAIRS)):
        _duel_improve(side, best, tuple(part.sum(axis=axes, keepdims=True) // ways for part in spent), held)
    return best


def fight_table(bonuses: Iterable[int] = range(-4, 5), opponent_bonuses: Iterable[int] | None = None,
                **fight: Any) -> dict[tuple[int, int], FightOdds]:
    """:func:`fight_odds` for every pair of net bonuses (the same range on both sides by default)."""
    bonuses = list(bonuses)
    opponents = bonuses if opponent_bonuses is None else list(opponent_bonuses)
    return {(mine, theirs): fight_odds(mine, theirs, **fight) for mine in bonuses for theirs in opponents}


def transition_matrix(bonus: int, opponent_bonus: int) -> tuple[list[Any], list[list[Fraction]]]:
    """The fight's Markov chain written out: states, then the matrix of one-round chances.

    States are the 16 injury pairs ``(mine, theirs)`` still being fought, then the three
    absorbing ends ``win``, ``lose`` and ``both lose``; row ``s`` holds the chances of
    moving from ``s`` to each state in one round (absorbing states stay put).
    """
    edge = bonus - opponent_bonus
    fighting = [(mine, theirs) for mine in INJURY_STATES for theirs in INJURY_STATES]
    states: list[Any] = [*fighting, *R.FIGHT_RESULTS]
    index = {state: k for k, state in enumerate(states)}
    matrix = [[Fraction(0)] * len(states) for _ in states]
    for mine, theirs in fighting:
        for chance, (after_mine, after_theirs, _, _) in _round_moves(edge, (mine, theirs, 0, 0)):
            target = R.fight_result(after_mine, after_theirs) or (after_mine, after_theirs)
            matrix[index[(mine, theirs)]][index[target]] += chance
    for end in R.FIGHT_RESULTS:
        matrix[index[end]][index[end]] = Fraction(1)
    return states, matrix


# ---------------------------------------------------------------------------
# Two miners against Papa Clayton (one shared die)
# ---------------------------------------------------------------------------


def papa_clayton_pair(bonuses: Sequence[int], injuries: Sequence[int] | None = None,
                      papa_injuries: int = 0, papa_bonus: int = R.PAPA_CLAYTON_BONUS
                      ) -> dict[tuple[str, ...], Fraction]:
    """The joint result of miners fighting Papa Clayton together, as exact chances.

    One die serves all the miners, each adds their own net bonus, and Papa Clayton is
    compared with each miner still standing (:func:`dice_rules.papa_clayton_round`). A
    miner who reaches 4 injuries drops out; when Papa Clayton reaches 4 every miner
    still standing wins, or both lose if the miner reached 4 in that same round.
    Keys give each miner's result in order (``"win"``, ``"lose"``, ``"both lose"``).
    """
    injuries = tuple(injuries) if injuries is not None else (0,) * len(bonuses)
    _check_injuries(*injuries, papa_injuries)
    return dict(_papa_pair(tuple(bonuses), injuries, papa_injuries, papa_bonus))


@lru_cache(maxsize=None)
def _papa_pair(bonuses: tuple[int, ...], miners: tuple[Any, ...], papa: int,
               papa_bonus: int) -> tuple[tuple[tuple[str, ...], Fraction], ...]:
    if all(isinstance(miner, str) for miner in miners):  # every miner's fight is over
        return ((miners, Fraction(1)),)
    joint: dict[tuple[str, ...], Fraction] = defaultdict(Fraction)
    standing = [k for k, miner in enumerate(miners) if not isinstance(miner, str)]
    for shared, papa_die in product(DIE_FACES, repeat=2):
        hurt, papa_hurt = R.papa_clayton_round(shared, papa_die, [bonuses[k] for k in standing], papa_bonus)
        after = list(miners)
        for k, taken in zip(standing, hurt):
            after[k] = R.fight_result(miners[k] + taken, papa + papa_hurt) or miners[k] + taken
        # Papa Clayton reaching 4 ends every miner's fight, so his count only matters below 4.
        papa_after = min(papa + papa_hurt, R.INJURY_LIMIT - 1)
        for ends, chance in _papa_pair(bonuses, tuple(after), papa_after, papa_bonus):
            joint[ends] += chance / DICE_PAIRS
    return tuple(joint.items())


# ---------------------------------------------------------------------------
# Simulation, to check the exact answers
# ---------------------------------------------------------------------------


def simulate_fights(bonus: int, opponent_bonus: int, trials: int, rng: np.random.Generator,
                    injuries: int = 0, opponent_injuries: int = 0) -> np.ndarray:
    """Fight ``trials`` fights at once with numpy dice; counts of (win, lose, both lose).

    No Chippawa Leaves. Every fight is over after at most 7 rounds, so the loop is short.
    """
    _check_injuries(injuries, opponent_injuries)
    edge = bonus - opponent_bonus
    mine = np.full(trials, injuries, dtype=np.int8)
    theirs = np.full(trials, opponent_injuries, dtype=np.int8)
    going = np.ones(trials, dtype=bool)
    while going.any():
        margin = rng.integers(1, SIDES + 1, trials) + edge - rng.integers(1, SIDES + 1, trials)
        mine += going & (margin <= 0)
        theirs += going & (margin >= 0)
        going &= (mine < R.INJURY_LIMIT) & (theirs < R.INJURY_LIMIT)
    mine_out, theirs_out = mine >= R.INJURY_LIMIT, theirs >= R.INJURY_LIMIT
    return np.array([np.sum(theirs_out & ~mine_out), np.sum(mine_out & ~theirs_out),
                     np.sum(mine_out & theirs_out)])


# ---------------------------------------------------------------------------
# Gold yields
# ---------------------------------------------------------------------------

Distribution = dict[Any, Fraction]


def yield_distribution(bonus: int = 0, penalty: int = 0, bible: bool = False,
                       bible_faces: Mapping[int, int] = R.BIBLE_ITEM_TEXT) -> Distribution:
    """Mining alone: the exact chance of each amount of gold from one die (Bible spent if it helps)."""
    gold: Distribution = defaultdict(Fraction)
    for die in DIE_FACES:
        gold[R.best_yield((die,), bonus, penalty, bible, bible_faces).gold] += Fraction(1, SIDES)
    return dict(sorted(gold.items()))


def partnered_yield_distribution(owner: Mapping[str, Any], partner: Mapping[str, Any],
                                 sharing: str = R.SHARED_DICE) -> Distribution:
    """Mining with a partner: exact chances of each (owner gold, partner gold) over the 36 rolls.

    ``owner`` and ``partner`` hold ``bonus``, ``penalty`` and ``bible`` as in
    :func:`dice_rules.partnered_yields`, which also explains ``sharing``.
    """
    joint: Distribution = defaultdict(Fraction)
    for dice in product(DIE_FACES, repeat=2):
        owner_take, partner_take = R.partnered_yields(dice, owner, partner, sharing)
        joint[(owner_take.gold, partner_take.gold)] += Fraction(1, DICE_PAIRS)
    return dict(sorted(joint.items()))


def marginal(joint: Distribution, side: int) -> Distribution:
    """One coordinate's distribution from a joint one (``side`` 0 = owner, 1 = partner)."""
    single: Distribution = defaultdict(Fraction)
    for outcome, chance in joint.items():
        single[outcome[side]] += chance
    return dict(sorted(single.items()))


def max_min_distributions(sides: int = SIDES) -> tuple[Distribution, Distribution]:
    """Order statistics of two dice: P(higher = k) = (2k-1)/36 and P(lower = k) = (2(6-k)+1)/36."""
    high: Distribution = defaultdict(Fraction)
    low: Distribution = defaultdict(Fraction)
    for a, b in product(range(1, sides + 1), repeat=2):
        high[max(a, b)] += Fraction(1, sides * sides)
        low[min(a, b)] += Fraction(1, sides * sides)
    return dict(sorted(high.items())), dict(sorted(low.items()))


def expected_value(distribution: Distribution) -> Fraction:
    """The mean of a distribution over numbers."""
    return sum((value * chance for value, chance in distribution.items()), Fraction(0))


class PartnerValue(NamedTuple):
    """Expected gold a partnership adds, compared with not having it, for each side."""

    owner: Fraction  # partnered yield + bid - yield mining alone
    partner: Fraction  # partnered yield - bid (against not mining this turn)


def partner_value(bid: int, owner: Mapping[str, Any], partner: Mapping[str, Any],
                  sharing: str = R.SHARED_DICE) -> PartnerValue:
    """p12: what taking a partner at ``bid`` is worth, in expected gold, to the owner and the partner.

    Only the yield and the bid are counted; the hazard die hits both miners either way.
    """
    joint = partnered_yield_distribution(owner, partner, sharing)
    alone = expected_value(yield_distribution(**owner))
    return PartnerValue(expected_value(marginal(joint, 0)) + bid - alone,
                        expected_value(marginal(joint, 1)) - bid)


def break_even_bid(owner: Mapping[str, Any], partner: Mapping[str, Any],
                   sharing: str = R.SHARED_DICE) -> Fraction:
    """The bid at which the partner's expected gain is zero (their expected partnered yield)."""
    return expected_value(marginal(partnered_yield_distribution(owner, partner, sharing), 1))


# ---------------------------------------------------------------------------
# The hazard die
# ---------------------------------------------------------------------------


def hazard_distribution(bread: int = 0, tonic_cubes: int = 0, safety_cubes: int = 0, gold_rank: int = 1,
                        tonic_rule: str = R.TONIC_NORMAL,
                        faces: Sequence[R.HazardFace] = R.HAZARD_FACES) -> dict[R.HazardCost, Fraction]:
    """The exact chance of each cost the hazard die can bring one miner (fee paid, not fought)."""
    costs: dict[R.HazardCost, Fraction] = defaultdict(Fraction)
    for face in faces:
        costs[R.hazard_cost(face, bread, tonic_cubes, safety_cubes, gold_rank, tonic_rule)] += Fraction(1, len(faces))
    return dict(costs)


def hazard_cost_chance(**miner: Any) -> Fraction:
    """The chance that the hazard die costs the miner anything at all."""
    return sum((chance for cost, chance in hazard_distribution(**miner).items() if not cost.nothing), Fraction(0))


def hazard_gold_cost(cost: R.HazardCost, injuries: int = 0, bread_value: int = 1,
                     token_value: int = R.END_TOKEN_COST) -> int:
    """One hazard cost in gold: Bread at its 1gn price, each token at its 2gn end-game deduction.

    Injuries cost gold only when they fill the track and bring a Bandage, so the
    miner's current ``injuries`` matter; the fee is gold already.
    """
    _, bandages_from_injuries = R.add_injuries(injuries, cost.injuries)
    tokens = cost.bandages + cost.poisons + bandages_from_injuries
    return cost.bread * bread_value + tokens * token_value + cost.fee


def expected_hazard_cost(injuries: int = 0, bread_value: int = 1, token_value: int = R.END_TOKEN_COST,
                         **miner: Any) -> Fraction:
    """The hazard die's expected cost in gold (see :func:`hazard_gold_cost` for the prices)."""
    return sum((chance * hazard_gold_cost(cost, injuries, bread_value, token_value)
                for cost, chance in hazard_distribution(**miner).items()), Fraction(0))


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def as_floats(values: Mapping[Any, Any] | Sequence[Fraction]) -> Any:
    """A float view of exact results, for plots: dict values or a sequence of Fractions."""
    if isinstance(values, Mapping):
        return {key: as_floats(value) if isinstance(value, (tuple, list, Mapping)) else float(value)
                for key, value in values.items()}
    return tuple(float(value) for value in values)


def clear_caches() -> None:
    """Forget every cached result (for timing cold runs)."""
    for cached in (round_odds, _round_moves, _value, _best_dismissal, _papa_pair, _duel_table):
        cached.cache_clear()
