"""Exact odds of the Mineshaft Mayhem dice, a turn adviser and a keep policy for simulators.

The dice part of a turn is a small finite game against chance: four dice,
up to three rolls, and between rolls the player keeps some dice and rolls the
rest again. With ``lock_ones`` a die that shows a 1 can never be rolled again
(cursite aside, which this module leaves out). Three ideas make the whole
analysis exact and fast:

1. **Order does not matter.** A pattern looks at the faces, not at which die
   shows them, so a position is a *multiset* of faces: a sorted tuple. Four
   dice have 126 multisets instead of 1296 ordered rolls. Each multiset is
   weighted by how many ordered rolls give it (1 for 3-3-3-3, 24 for 1-2-3-4).
2. **Keep, then roll.** What happens after a keep depends only on the dice
   kept (itself a smaller multiset) and on how many dice are rolled, so the
   chance after every possible keep is computed once per roll, not once per
   position and keep.
3. **Work backwards.** With no roll left the dice are what they are. With one
   roll left, the best keep is the one whose outcomes are best on average
   when no roll is left; and so on back to the first roll (dynamic programming).

The exact answers are :class:`fractions.Fraction` (``pattern_probability``,
``probability_table``, ``lock_ones_cost`` and the per-gem chances of
``advise``). The same recursion in floating point over numpy arrays gives
:func:`keep_policy`, a lookup table a vectorized simulator can follow, and
the expected worth in ``advise(...).best``.

Die positions: ``advise`` speaks of the dice in table order (0-based indices,
as the model's actions do). The policy tables speak of the *sorted* dice
(bit ``i`` of a keep mask keeps the ``i``-th smallest die); ``keep_flags``
translates back to table order.
"""

from __future__ import annotations

import functools
import html
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any, Iterable, Mapping, NamedTuple, Sequence

import numpy as np

from minegames.core import all_rolls, sorted_rolls

from .patterns import GEM_PATTERN, GEMS, matches, pattern_name
from .scoring import container_for

Dice = tuple[int, ...]  # a multiset of faces, as a sorted tuple

SIDES = 6
NUM_DICE = 4


# ---------------------------------------------------------------------------
# 1. Exact odds for one pattern (any number of dice), in Fractions
# ---------------------------------------------------------------------------


class DiceRules(NamedTuple):
    """Everything the odds depend on besides the pattern and the rolls."""

    dice: int = NUM_DICE
    lock_ones: bool = True
    four_kind_counts_as_two_pairs: bool = False


@functools.cache
def multisets(n: int) -> tuple[Dice, ...]:
    """Every sorted showing of ``n`` dice: 126 for four dice."""
    return tuple(combinations_with_replacement(range(1, SIDES + 1), n))


@functools.cache
def roll_outcomes(n: int) -> tuple[tuple[Dice, Fraction], ...]:
    """Each sorted result of rolling ``n`` dice with its exact probability."""
    total = SIDES**n
    return tuple((roll, Fraction(count, total)) for roll, count in sorted_rolls(n).items())


@functools.cache
def kept_multisets(n: int) -> tuple[Dice, ...]:
    """Every multiset one might keep while rolling at least one of ``n`` dice."""
    return tuple(kept for size in range(n) for kept in multisets(size))


def merge(kept: Dice, rolled: Dice) -> Dice:
    return tuple(sorted(kept + rolled))


@functools.cache
def mask_preference(n: int) -> tuple[int, ...]:
    """Re-roll masks over sorted positions, in the order ties are broken.

    Among keeps that are exactly as good, advice prefers keeping more dice
    (fewer to roll), then the smaller faces. Keeping every die is not a roll,
    so that mask is left out.
    """
    def positions(mask: int) -> tuple[int, ...]:
        return tuple(i for i in range(n) if mask >> i & 1)

    masks = range((1 << n) - 1)
    return tuple(sorted(masks, key=lambda m: (-len(positions(m)), positions(m))))


def kept_by_mask(dice: Dice, mask: int) -> Dice:
    return tuple(face for i, face in enumerate(dice) if mask >> i & 1)


def keeps_every_one(dice: Dice, mask: int) -> bool:
    """A locked 1 must stay: does the mask keep every die that shows 1?"""
    return all(mask >> i & 1 for i, face in enumerate(dice) if face == 1)


@functools.cache
def legal_keeps(dice: Dice, lock_ones: bool) -> tuple[Dice, ...]:
    """The distinct multisets one may keep from sorted ``dice`` before a re-roll, best tie first."""
    choices: dict[Dice, None] = {}
    for mask in mask_preference(len(dice)):
        if not lock_ones or keeps_every_one(dice, mask):
            choices.setdefault(kept_by_mask(dice, mask), None)
    return tuple(choices)


@functools.cache
def shows(pattern: str, dice: Dice, four_kind_counts_as_two_pairs: bool) -> bool:
    return matches(pattern, dice, four_kind_counts_as_two_pairs)


@functools.cache
def chance_to_show(pattern: str, rules: DiceRules, rolls_left: int) -> dict[Dice, Fraction]:
    """For each showing: the chance the pattern shows by the end, with ``rolls_left`` re-rolls to come.

    The player stops as soon as the pattern shows, and otherwise keeps the
    dice that give the best chance (``chance_after_keep``).
    """
    fk = rules.four_kind_counts_as_two_pairs
    if rolls_left == 0:
        return {dice: Fraction(int(shows(pattern, dice, fk))) for dice in multisets(rules.dice)}
    after_keep = chance_after_keep(pattern, rules, rolls_left - 1)
    return {
        dice: Fraction(1)
        if shows(pattern, dice, fk)
        else max((after_keep[kept] for kept in legal_keeps(dice, rules.lock_ones)), default=Fraction(0))
        for dice in multisets(rules.dice)
    }


@functools.cache
def chance_after_keep(pattern: str, rules: DiceRules, rolls_left: int) -> dict[Dice, Fraction]:
    """For each multiset kept: the chance after rolling the other dice, with ``rolls_left`` re-rolls still to come."""
    next_chance = chance_to_show(pattern, rules, rolls_left)
    return {
        kept: sum(
            (p * next_chance[merge(kept, roll)] for roll, p in roll_outcomes(rules.dice - len(kept))),
            Fraction(0),
        )
        for kept in kept_multisets(rules.dice)
    }


def pattern_probability(
    pattern: str,
    dice: int = NUM_DICE,
    rolls: int = 3,
    lock_ones: bool = True,
    four_kind_counts_as_two_pairs: bool = False,
) -> Fraction:
    """The exact chance to show ``pattern`` within ``rolls`` rolls, keeping dice for it alone.

    ``pattern`` is a pattern or gem name in any case ("two_pairs", "Emerald").
    The first roll throws every die; keeping nothing before it is the empty
    multiset, so the answer is the chance after keeping ``()``.

    >>> pattern_probability("diamond", rolls=1)
    Fraction(1, 216)
    """
    pattern = pattern_name(pattern)
    if not 1 <= dice <= 8:
        raise ValueError(f"dice must be 1..8, got {dice}")
    if rolls < 0:
        raise ValueError(f"rolls cannot be negative, got {rolls}")
    if rolls == 0:
        return Fraction(0)
    rules = DiceRules(dice, lock_ones, four_kind_counts_as_two_pairs)
    return chance_after_keep(pattern, rules, rolls - 1)[()]


def throws_showing(pattern: str, dice: int = NUM_DICE, four_kind_counts_as_two_pairs: bool = False) -> int:
    """How many of the ``6 ** dice`` ordered throws show ``pattern`` (a pattern or gem name).

    The ordered throws are a sample space of equally likely outcomes, so the chance of the
    pattern on one throw is this count over ``6 ** dice``.

    >>> throws_showing("ruby"), throws_showing("sapphire")
    (81, 72)
    """
    pattern = pattern_name(pattern)
    return sum(matches(pattern, roll, four_kind_counts_as_two_pairs) for roll in all_rolls(dice))


def probability_table(
    rolls: Iterable[int] = (1, 2, 3),
    lock_ones: bool = True,
    four_kind_counts_as_two_pairs: bool = False,
    dice: int = NUM_DICE,
) -> dict[str, dict[int, Fraction]]:
    """``table[gem][rolls]``: the exact chance of each gem's pattern within that many rolls."""
    rolls = tuple(rolls)
    return {
        gem: {r: pattern_probability(gem, dice, r, lock_ones, four_kind_counts_as_two_pairs) for r in rolls}
        for gem in GEMS
    }


class LockCost(NamedTuple):
    """A pattern's chance when ones lock and when every die may be rolled again."""

    locked: Fraction
    free: Fraction

    @property
    def cost(self) -> Fraction:
        """How much chance the lock takes away (never negative)."""
        return self.free - self.locked


def lock_ones_cost(
    rolls: Iterable[int] = (1, 2, 3),
    four_kind_counts_as_two_pairs: bool = False,
    dice: int = NUM_DICE,
) -> dict[str, dict[int, LockCost]]:
    """``cost[gem][rolls]``: what locking the ones does to each gem's chance.

    A single roll is unaffected (nothing is re-rolled); the lock bites hardest
    on the ruby, since one locked 1 makes "all evens" impossible.
    """
    rolls = tuple(rolls)
    locked = probability_table(rolls, True, four_kind_counts_as_two_pairs, dice)
    free = probability_table(rolls, False, four_kind_counts_as_two_pairs, dice)
    return {gem: {r: LockCost(locked[gem][r], free[gem][r]) for r in rolls} for gem in GEMS}


def clear_caches() -> None:
    """Forget every exact table and policy (for benchmarks timing a cold start)."""
    for cached in (chance_to_show, chance_after_keep, shows, legal_keeps, _cached_policy):
        cached.cache_clear()


# ---------------------------------------------------------------------------
# 2. The same recursion over numpy arrays, for four dice
# ---------------------------------------------------------------------------

#: The 126 sorted showings of four dice, one per row.
MULTISETS: np.ndarray = np.array(multisets(NUM_DICE), dtype=np.int64)
MULTISETS.setflags(write=False)
_MULTISET_INDEX: dict[Dice, int] = {dice: i for i, dice in enumerate(multisets(NUM_DICE))}

_PLACE = SIDES ** np.arange(NUM_DICE - 1, -1, -1)  # a roll's digits, first die most significant
#: Index of the multiset of every ordered roll, by the roll's code (first die most significant).
_ORDERED_TO_MULTISET = np.array(
    [_MULTISET_INDEX[tuple(sorted(roll))] for roll in all_rolls(NUM_DICE)], dtype=np.int64
)

#: How many of the 1296 ordered rolls give each multiset, and that as a probability.
MULTISET_WEIGHT = np.bincount(_ORDERED_TO_MULTISET, minlength=len(MULTISETS))
MULTISET_PROBABILITY = MULTISET_WEIGHT / SIDES**NUM_DICE

ALL_KEPT = (1 << NUM_DICE) - 1  # the mask that keeps every die: stopping
_BIT = 1 << np.arange(NUM_DICE)


def multiset_index(dice: Any) -> np.ndarray | int:
    """Index in MULTISETS of each row of dice, in any order: (N, 4) -> (N,), or (4,) -> int."""
    dice = np.asarray(dice, dtype=np.int64)
    if dice.shape[-1:] != (NUM_DICE,):
        raise ValueError(f"expected rows of {NUM_DICE} dice, got shape {dice.shape}")
    if dice.size and (dice.min() < 1 or dice.max() > SIDES):
        raise ValueError("dice faces must be 1..6")
    index = _ORDERED_TO_MULTISET[(dice - 1) @ _PLACE]
    return int(index) if index.ndim == 0 else index


def _build_transitions() -> np.ndarray:
    """``T[s, mask, t]``: chance that keeping ``mask`` of sorted multiset ``s`` and rolling the rest gives ``t``."""
    after_kept = {
        kept: np.bincount(
            [_MULTISET_INDEX[merge(kept, roll)] for roll, _ in roll_outcomes(NUM_DICE - len(kept))],
            weights=[float(p) for _, p in roll_outcomes(NUM_DICE - len(kept))],
            minlength=len(MULTISETS),
        )
        for kept in kept_multisets(NUM_DICE) + multisets(NUM_DICE)
    }
    return np.array(
        [[after_kept[kept_by_mask(dice, mask)] for mask in range(1 << NUM_DICE)] for dice in multisets(NUM_DICE)]
    )


#: The transition tensor, 126 x 16 x 126: one matrix product per roll of the recursion.
TRANSITION: np.ndarray = _build_transitions()
TRANSITION.setflags(write=False)

#: ``LEGAL_REROLL[lock_ones][s, mask]``: may one keep ``mask`` of ``s`` and roll the rest?
LEGAL_REROLL: dict[bool, np.ndarray] = {
    lock: np.array(
        [
            [mask != ALL_KEPT and (not lock or keeps_every_one(dice, mask)) for mask in range(1 << NUM_DICE)]
            for dice in multisets(NUM_DICE)
        ]
    )
    for lock in (False, True)
}

_PREFERENCE = np.array(mask_preference(NUM_DICE))

#: ``SHOWS[fk][g, s]``: does multiset ``s`` show gem ``GEMS[g]``'s pattern?
SHOWS: dict[bool, np.ndarray] = {
    fk: np.array([[shows(GEM_PATTERN[gem], dice, fk) for dice in multisets(NUM_DICE)] for gem in GEMS])
    for fk in (False, True)
}


def keep_flags(dice: Any, masks: Any) -> np.ndarray:
    """Translate sorted-position keep masks to table order: (N, 4) dice, (N,) masks -> (N, 4) bools.

    Equal faces are kept from the left, so the same position gives the same
    answer every time.
    """
    dice = np.atleast_2d(np.asarray(dice))
    order = np.argsort(dice, axis=1, kind="stable")
    kept_sorted = (np.asarray(masks).reshape(-1, 1) & _BIT) > 0
    flags = np.zeros(dice.shape, dtype=bool)
    np.put_along_axis(flags, order, kept_sorted, axis=1)
    return flags


def keep_indices(dice: Sequence[int], mask: int) -> tuple[int, ...]:
    """The table positions (0-based) a sorted-position mask keeps."""
    return tuple(int(i) for i in np.flatnonzero(keep_flags(dice, mask)[0]))


@dataclass(frozen=True, eq=False)
class KeepPolicy:
    """The best play of the dice for fixed gem worths, as lookup tables.

    Rows are indexed by re-rolls left (0 = the dice are final), columns by
    multiset index (see ``MULTISETS`` and ``multiset_index``).
    """

    values: tuple[float, ...]  # worth of collecting each gem of GEMS now (0: absent)
    lock_ones: bool
    max_rolls: int
    four_kind_counts_as_two_pairs: bool
    keep_mask: np.ndarray  # [rolls_left, s]: bits over sorted positions to keep; ALL_KEPT when stopping
    stop: np.ndarray  # [rolls_left, s]: collect (or give up) now
    claim: np.ndarray  # [s]: gem index to collect when stopping, -1 when nothing worth anything shows
    value: np.ndarray  # [rolls_left, s]: expected worth under this policy (the best possible)

    @property
    def turn_value(self) -> float:
        """Expected worth of a whole turn before the first roll."""
        return float(MULTISET_PROBABILITY @ self.value[self.max_rolls - 1])


def keep_policy(
    values: Sequence[float],
    lock_ones: bool = True,
    max_rolls: int = 3,
    four_kind_counts_as_two_pairs: bool = False,
) -> KeepPolicy:
    """The keep that maximises the expected worth of the gem collected, for every position.

    ``values`` has one worth per gem in GEMS order (0 for a gem that is not on
    the conveyor). Results are cached by (values, options).
    """
    values = tuple(float(v) for v in values)
    if len(values) != len(GEMS):
        raise ValueError(f"values needs one number per gem {GEMS}, got {len(values)}")
    if any(not np.isfinite(v) or v < 0 for v in values):
        raise ValueError(f"gem worths must be finite and not negative, got {values}")
    if max_rolls < 1:
        raise ValueError(f"max_rolls must be at least 1, got {max_rolls}")
    return _cached_policy(values, bool(lock_ones), int(max_rolls), bool(four_kind_counts_as_two_pairs))


@functools.lru_cache(maxsize=4096)
def _cached_policy(values: tuple[float, ...], lock_ones: bool, max_rolls: int, fk: bool) -> KeepPolicy:
    worth_of_gem = np.array(values)[:, None] * SHOWS[fk]  # [g, s]
    claim_worth = worth_of_gem.max(axis=0)
    claim = np.where(claim_worth > 0, worth_of_gem.argmax(axis=0), -1)
    tolerance = 1e-9 * max(1.0, max(values))
    legal = LEGAL_REROLL[lock_ones]

    value = [claim_worth]
    keep_mask = [np.full(len(MULTISETS), ALL_KEPT)]
    stop = [np.ones(len(MULTISETS), dtype=bool)]
    for _ in range(1, max_rolls):
        reroll_worth = np.where(legal, TRANSITION @ value[-1], -np.inf)[:, _PREFERENCE]
        best_reroll = reroll_worth.max(axis=1)
        first_best = _PREFERENCE[np.argmax(reroll_worth >= best_reroll[:, None] - tolerance, axis=1)]
        stopping = claim_worth >= best_reroll - tolerance
        value.append(np.where(stopping, claim_worth, best_reroll))
        keep_mask.append(np.where(stopping, ALL_KEPT, first_best))
        stop.append(stopping)

    arrays = dict(
        keep_mask=np.array(keep_mask, dtype=np.int8),
        stop=np.array(stop),
        claim=claim.astype(np.int8),
        value=np.array(value),
    )
    for array in arrays.values():
        array.setflags(write=False)
    return KeepPolicy(values, lock_ones, max_rolls, fk, **arrays)


# ---------------------------------------------------------------------------
# 3. The turn adviser
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class GemAdvice:
    """The best keep for one gem alone and the exact chance it gives."""

    gem: str
    chance: Fraction  # of ending the turn with the pattern showing
    keep: tuple[int, ...]  # table positions (0-based) to keep; all four: stop rolling
    shown: bool  # the pattern shows already


@dataclass(frozen=True)
class BestMove:
    """The keep that maximises the expected worth of the gem collected."""

    keep: tuple[int, ...]
    worth: float  # expected worth at the end of the turn, playing on at best
    stop: bool  # stop rolling now
    collect: str | None  # gem to collect when stopping (None: nothing worth taking)


@dataclass(frozen=True)
class Advice:
    dice: tuple[int, ...] | None  # table order; None before the first roll
    rolls_left: int  # re-rolls left (before the first roll: rolls, the first included)
    values: dict[str, float]
    per_gem: dict[str, GemAdvice]
    best: BestMove
    lock_ones: bool = True

    def _rows(self) -> list[tuple[str, str, str, str]]:
        return [
            (g.gem, GEM_PATTERN[g.gem].replace("_", " "), f"{float(g.chance):.1%}", _gem_words(self.dice, g))
            for g in self.per_gem.values()
        ]

    def _headline(self) -> str:
        if self.dice is None:
            return f"Before the first roll, {self.rolls_left} roll(s) to come"
        locked = [str(i + 1) for i, face in enumerate(self.dice) if face == 1]
        lock_note = f" (locked: die {', '.join(locked)})" if locked and self.lock_ones else ""
        return f"Dice {' '.join(map(str, self.dice))}{lock_note}, {self.rolls_left} re-roll(s) left"

    def _verdict(self) -> str:
        best = self.best
        if best.stop:
            what = f"collect {best.collect}" if best.collect else "stop (nothing worth collecting)"
            return f"Best: {what}, worth {best.worth:.2f}"
        return f"Best: {_keep_words(self.dice, best.keep)}; expected worth {best.worth:.2f}"

    def __str__(self) -> str:
        rows = [("gem", "pattern", "chance", "advice")] + self._rows()
        widths = [max(len(row[i]) for row in rows) for i in range(3)]
        lines = [self._headline()]
        lines += ["  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths)) + "  " + row[3] for row in rows]
        lines.append(self._verdict())
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        cells = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in self._rows()
        )
        return (
            f"<div class='mm-advice'><p>{html.escape(self._headline())}</p>"
            "<table><thead><tr><th>gem</th><th>pattern</th><th>chance</th><th>advice</th></tr></thead>"
            f"<tbody>{cells}</tbody></table><p><b>{html.escape(self._verdict())}</b></p></div>"
        )


def _gem_words(dice: tuple[int, ...] | None, advice: GemAdvice) -> str:
    if advice.shown:
        return "showing now"
    if advice.chance == 0:
        return "out of reach"
    return _keep_words(dice, advice.keep)


def _keep_words(dice: tuple[int, ...] | None, keep: tuple[int, ...]) -> str:
    """Advice in words, dice numbered from 1 as people count them."""
    if dice is None:
        return "roll all dice"
    reroll = [str(i + 1) for i in range(len(dice)) if i not in keep]
    if not reroll:
        return "stop"
    return f"re-roll die {', '.join(reroll)}"


def advise(
    dice: Sequence[int] | None,
    rolls_left: int,
    gems: Iterable[str] | None = None,
    values: Mapping[str, float] | None = None,
    lock_ones: bool = True,
    four_kind_counts_as_two_pairs: bool = False,
) -> Advice:
    """What to keep now: per gem the exact chance and keep, and the keep worth most overall.

    ``dice`` are the faces in table order (``None`` before the first roll, when
    ``rolls_left`` counts the first roll too). ``gems`` are the gems on the
    conveyor (default: those named in ``values``, else all five); ``values``
    their worth when collected (default 1 each). With ``lock_ones`` the dice
    showing 1 are always kept.
    """
    if rolls_left < 0 or (dice is None and rolls_left < 1):
        raise ValueError(f"rolls_left out of range: {rolls_left}")
    gems = _gem_list(gems, values)
    worth = {gem: float(values.get(gem, 0)) if values is not None else 1.0 for gem in gems}
    vector = [worth.get(gem, 0.0) for gem in GEMS]
    rules = DiceRules(NUM_DICE, lock_ones, four_kind_counts_as_two_pairs)
    if dice is None:
        per_gem = {gem: GemAdvice(gem, pattern_probability(gem, NUM_DICE, rolls_left, lock_ones,
                                                           four_kind_counts_as_two_pairs), (), False)
                   for gem in gems}
        best = _best_first_roll(rolls_left, vector, rules)
    else:
        dice = _checked_dice(dice)
        per_gem = {gem: _gem_advice(gem, dice, rolls_left, rules) for gem in gems}
        best = _best_move(dice, rolls_left, vector, rules)
    return Advice(dice, rolls_left, worth, per_gem, best, lock_ones)


def _gem_list(gems: Iterable[str] | None, values: Mapping[str, float] | None) -> list[str]:
    if gems is None:
        gems = values.keys() if values is not None else GEMS
    names = {name.strip().lower() for name in gems}
    unknown = names - set(GEMS) | {g for g in (values or {}) if g not in GEMS}
    if unknown:
        raise ValueError(f"unknown gems {sorted(unknown)}; gems are {list(GEMS)}")
    return [gem for gem in GEMS if gem in names]


def _checked_dice(dice: Sequence[int]) -> tuple[int, ...]:
    dice = tuple(int(face) for face in dice)
    if len(dice) != NUM_DICE or not all(1 <= face <= SIDES for face in dice):
        raise ValueError(f"expected {NUM_DICE} faces 1..{SIDES}, got {dice}")
    return dice


def _gem_advice(gem: str, dice: tuple[int, ...], rolls_left: int, rules: DiceRules) -> GemAdvice:
    """Keep for this gem alone: stop if it shows or nothing helps, else the keep with the best exact chance."""
    pattern = GEM_PATTERN[gem]
    sorted_dice = tuple(sorted(dice))
    stop = GemAdvice(gem, Fraction(0), tuple(range(NUM_DICE)), False)
    if shows(pattern, sorted_dice, rules.four_kind_counts_as_two_pairs):
        return GemAdvice(gem, Fraction(1), tuple(range(NUM_DICE)), True)
    if rolls_left == 0:
        return stop
    after_keep = chance_after_keep(pattern, rules, rolls_left - 1)
    options = legal_keeps(sorted_dice, rules.lock_ones)
    if not options:
        return stop
    kept = max(options, key=lambda k: after_keep[k])  # max keeps the first of equals: the preferred tie
    if after_keep[kept] == 0:
        return stop
    return GemAdvice(gem, after_keep[kept], _positions_of(kept, dice), False)


def _positions_of(kept: Dice, dice: tuple[int, ...]) -> tuple[int, ...]:
    """Table positions keeping the faces ``kept``, equal faces taken from the left."""
    wanted = Counter(kept)
    chosen = []
    for i, face in enumerate(dice):
        if wanted[face]:
            wanted[face] -= 1
            chosen.append(i)
    return tuple(chosen)


def _best_move(dice: tuple[int, ...], rolls_left: int, vector: list[float], rules: DiceRules) -> BestMove:
    policy = keep_policy(vector, rules.lock_ones, rolls_left + 1, rules.four_kind_counts_as_two_pairs)
    s = multiset_index(dice)
    stop = bool(policy.stop[rolls_left, s])
    claim = int(policy.claim[s])
    return BestMove(
        keep=keep_indices(dice, int(policy.keep_mask[rolls_left, s])),
        worth=float(policy.value[rolls_left, s]),
        stop=stop,
        collect=GEMS[claim] if stop and claim >= 0 else None,
    )


def _best_first_roll(rolls: int, vector: list[float], rules: DiceRules) -> BestMove:
    policy = keep_policy(vector, rules.lock_ones, rolls, rules.four_kind_counts_as_two_pairs)
    return BestMove(keep=(), worth=policy.turn_value, stop=False, collect=None)


# ---------------------------------------------------------------------------
# Reading a game
# ---------------------------------------------------------------------------


def sorting_value(gem: str, containers: Sequence[tuple[str | None, int]], container_values: Sequence[int]) -> int:
    """Points per gem where ``gem`` would be sorted: its own container, else the left-most empty one, else 0."""
    index = container_for(gem, containers)
    return 0 if index is None else container_values[index]


def state_values(state: Any) -> dict[str, int]:
    """Worth of collecting each gem on the conveyor now: how many there are x their container's points."""
    on_belt = Counter(gem for gem in state.conveyor if gem is not None)
    return {
        gem: on_belt[gem] * sorting_value(gem, state.containers, state.container_values)
        for gem in GEMS
        if on_belt[gem]
    }


def advise_state(state: Any) -> Advice:
    """Advice for a Mineshaft Mayhem game where the player is about to roll or re-roll."""
    phase = getattr(state, "phase", "rolling")
    if phase not in ("start", "rolling"):
        raise ValueError(f"there is no dice decision in phase {phase!r}")
    options = state.options
    values = state_values(state)
    dice = None if phase == "start" or state.dice is None else state.dice
    return advise(
        dice,
        options.max_rolls - state.rolls_used,
        gems=list(values),
        values=values,
        lock_ones=options.lock_ones,
        four_kind_counts_as_two_pairs=options.four_kind_counts_as_two_pairs,
    )
