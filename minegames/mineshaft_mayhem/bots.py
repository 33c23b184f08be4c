"""Bots that play the real Mineshaft Mayhem model, one action at a time.

A widget asks a bot for the next action ("let the bot play", "hint"), and the
tests let bots play whole games to check the vectorized simulator against
the model. ``StrongBot`` and the simulator's "strong" policy share
:class:`StrongTables`, so both make exactly the same decisions:

* rolling: the exact optimal keeps of :func:`analysis.keep_policy` for this
  turn's values (gems of a type on the conveyor times the points their
  container would give), then collect the best gem shown or stop;
* rescue: whenever three cursite are held and a gear holds a gem that can be
  sorted (the empty gear gives back 5 points and the gem at least 1, against
  6 points of unspent cursite; it also keeps the game going);
* shake: the gem with the best chance-weighted worth goes on the empty space
  farthest from the exit, so it has the most turns to be collected; on a full
  belt the least useful gem falls on the gear.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from minegames.core import Action, make_rng

from . import analysis
from .actions import Collect, CursiteRescue, Roll, Shake, ShakeOntoGear, Stop
from .options import NUMBER_OF_DICE, Options
from .patterns import GEMS
from .state import MineshaftMayhem

__all__ = ["RandomBot", "StrongBot", "StrongTables"]

EMPTY = -1
RESCUE_COST = 3
_POSITIONS = np.arange(NUMBER_OF_DICE)
_KEY_BITS = 12
_KEY_PLACES = np.int64(1) << (_KEY_BITS * np.arange(len(GEMS), dtype=np.int64))


class StrongTables:
    """The strong policy's decisions for many games at once (numpy rows).

    Keep tables depend on the value of each gem this turn; they are computed
    once per distinct value tuple (scaled down by the common divisor, which
    leaves the best keeps unchanged) and stacked so a lookup for thousands of
    games is one fancy index.
    """

    _by_rules: dict[tuple, "StrongTables"] = {}

    def __init__(self, max_rolls: int, lock_ones: bool, four_kind_counts_as_two_pairs: bool):
        self.rules = dict(
            max_rolls=max_rolls, lock_ones=lock_ones, four_kind_counts_as_two_pairs=four_kind_counts_as_two_pairs
        )
        self._row: dict[tuple[int, ...], int] = {}
        self._keep = np.zeros((0, max_rolls, len(analysis.MULTISETS)), dtype=np.int8)
        self._stop = np.zeros(self._keep.shape, dtype=bool)
        self._claim = np.zeros((0, len(analysis.MULTISETS)), dtype=np.int8)
        self._size = 0
        self._known_keys = np.zeros(0, dtype=np.int64)  # sorted keys of the value tuples in the cache
        self._known_rows = np.zeros(0, dtype=np.int64)
        ones = np.asarray(analysis.MULTISETS) == 1
        self._locked_bits = (ones * (1 << _POSITIONS)).sum(axis=1) if lock_ones else np.zeros(len(ones), np.int64)
        self.chance = np.array([self._turn_chance(gem) for gem in range(len(GEMS))])

    @classmethod
    def for_options(cls, options: Options) -> "StrongTables":
        key = (options.max_rolls, options.lock_ones, options.four_kind_counts_as_two_pairs)
        if key not in cls._by_rules:
            cls._by_rules[key] = cls(*key)
        return cls._by_rules[key]

    def __len__(self) -> int:
        """How many keep tables (one per tuple of gem worths met so far) are cached."""
        return self._size

    # ---- dice decisions -------------------------------------------------------
    def decide(
        self, values: np.ndarray, rolls_left: np.ndarray, multiset: np.ndarray
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per game: bitmask of sorted dice to keep, whether to stop, gem to collect (-1: none)."""
        values = np.asarray(values, dtype=np.int64)
        rows = self._rows_for(values)
        last = np.minimum(rolls_left, self.rules["max_rolls"] - 1)
        keep = self._keep[rows, last, multiset].astype(np.int64) | self._locked_bits[multiset]
        stop = (rolls_left <= 0) | self._stop[rows, last, multiset] | (keep == (1 << NUMBER_OF_DICE) - 1)
        claim = self._claim[rows, multiset].astype(np.int64)
        worth = np.take_along_axis(values, np.maximum(claim, 0)[:, None], axis=1)[:, 0]
        claim = np.where((claim >= 0) & (worth > 0), claim, EMPTY)
        return keep, stop, claim

    def _rows_for(self, values: np.ndarray) -> np.ndarray:
        divisor = np.gcd.reduce(values, axis=1)
        scaled = values // np.maximum(divisor, 1)[:, None]
        if len(scaled) == 1:  # one game (a bot): skip the sorting
            return np.array([self._row_of(tuple(int(v) for v in scaled[0]))], dtype=np.int64)
        if scaled.max(initial=0) >= 1 << _KEY_BITS:
            distinct, inverse = np.unique(scaled, axis=0, return_inverse=True)
            rows = np.array([self._row_of(tuple(int(v) for v in row)) for row in distinct], dtype=np.int64)
            return rows[inverse.reshape(-1)]
        keys = scaled @ _KEY_PLACES  # one int64 per value tuple: a vectorized cache lookup
        known = self._known_keys
        where = np.searchsorted(known, keys)
        missing = np.ones(len(keys), dtype=bool) if not len(known) else known[np.minimum(where, len(known) - 1)] != keys
        if missing.any():
            new_keys, first = np.unique(keys[missing], return_index=True)
            new_rows = [self._row_of(tuple(int(v) for v in row)) for row in scaled[missing][first]]
            merged_keys = np.concatenate([self._known_keys, new_keys])
            order = np.argsort(merged_keys)
            self._known_keys = merged_keys[order]
            self._known_rows = np.concatenate([self._known_rows, new_rows]).astype(np.int64)[order]
            where = np.searchsorted(self._known_keys, keys)
        return self._known_rows[where]

    def _row_of(self, values: tuple[int, ...]) -> int:
        row = self._row.get(values)
        if row is None:
            policy = analysis.keep_policy(values, **self.rules)
            self._append(policy)
            row = self._row[values] = self._size - 1
        return row

    def _append(self, policy: Any) -> None:
        if self._size == len(self._keep):  # full: double the room
            grow = max(16, len(self._keep))
            self._keep, self._stop, self._claim = (
                np.concatenate([table, np.zeros_like(table, shape=(grow,) + table.shape[1:])])
                for table in (self._keep, self._stop, self._claim)
            )
        self._keep[self._size] = np.asarray(policy.keep_mask)[: self.rules["max_rolls"]]
        self._stop[self._size] = np.asarray(policy.stop)[: self.rules["max_rolls"]]
        self._claim[self._size] = np.asarray(policy.claim)
        self._size += 1

    def _turn_chance(self, gem: int) -> float:
        """Chance of winning ``gem`` in one turn played for it alone (worth 1, the others 0)."""
        alone = [0] * len(GEMS)
        alone[gem] = 1
        return analysis.keep_policy(alone, **self.rules).turn_value

    # ---- other decisions -----------------------------------------------------------
    @staticmethod
    def rescue_choice(
        gears: np.ndarray, target: np.ndarray, container_values: np.ndarray, cursite: np.ndarray
    ) -> np.ndarray:
        """Gear to rescue per game (-1: none): the gem that would score most, when affordable."""
        points = _points(target, container_values)  # (m, 5)
        worth = np.where(gears >= 0, np.take_along_axis(points, np.maximum(gears, 0), axis=1), 0)
        best = worth.argmax(axis=1)
        good = (worth.max(axis=1) > 0) & (cursite >= RESCUE_COST)
        return np.where(good, best, EMPTY)

    def shake_choice(
        self, tin: np.ndarray, conveyor: np.ndarray, on_conveyor: np.ndarray, target: np.ndarray,
        container_values: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """(gem, space) per game; space -1 means the belt is full and the gem falls on a gear."""
        worth = self.chance * (on_conveyor + 1) * _points(target, container_values)
        in_tin = tin > 0
        best = np.where(in_tin, worth, -np.inf).argmax(axis=1)
        least = np.where(in_tin, worth, np.inf).argmin(axis=1)
        empty = conveyor == EMPTY
        room = empty.any(axis=1)
        gem = np.where(room, best, least)
        space = np.where(room, empty.argmax(axis=1), EMPTY)
        return gem, space


def _points(target: np.ndarray, container_values: np.ndarray) -> np.ndarray:
    """Points one gem of each type would score in the container it would go to (0: none)."""
    return np.where(target >= 0, np.asarray(container_values)[np.maximum(target, 0)], 0)


# ---- reading a model state as numpy rows ---------------------------------------------
def _gem_row(places) -> np.ndarray:
    return np.array([[EMPTY if gem is None else GEMS.index(gem) for gem in places]], dtype=np.int64)


def _target_row(state: MineshaftMayhem) -> np.ndarray:
    holders = [gem for gem, _ in state.containers]
    first_empty = next((i for i, gem in enumerate(holders) if gem is None), EMPTY)
    return np.array([[holders.index(g) if g in holders else first_empty for g in GEMS]], dtype=np.int64)


def _on_conveyor_row(state: MineshaftMayhem) -> np.ndarray:
    return np.array([[state.conveyor.count(g) for g in GEMS]], dtype=np.int64)


def claim_values(state: MineshaftMayhem) -> tuple[int, ...]:
    """What collecting each gem type would score now: the values the strong policy plays for."""
    points = _points(_target_row(state), np.array(state.container_values))
    return tuple(int(v) for v in (_on_conveyor_row(state) * points)[0])


# ---- bots -----------------------------------------------------------------------------
class RandomBot:
    """Picks uniformly among the legal actions (a baseline, and a fuzzer for the rules)."""

    def __init__(self, seed: int | None = None):
        self.rng = make_rng(seed)

    def choose(self, state: MineshaftMayhem) -> Action:
        actions = state.legal_actions()
        return actions[int(self.rng.integers(len(actions)))]


class StrongBot:
    """Plays each turn for its best expected points, as the "strong" simulation does."""

    def choose(self, state: MineshaftMayhem) -> Action:
        tables = StrongTables.for_options(state.options)
        if state.phase == "start":
            gear = tables.rescue_choice(
                _gem_row(state.gears), _target_row(state), np.array(state.container_values),
                np.array([state.cursite]),
            )[0]
            return CursiteRescue(int(gear)) if gear >= 0 else Roll(tuple(range(NUMBER_OF_DICE)))
        if state.phase == "rolling":
            return self._rolling(state, tables)
        if state.phase == "shake":
            tin = np.array([[state.tin.count(g) for g in GEMS]], dtype=np.int64)
            gem, space = tables.shake_choice(
                tin, _gem_row(state.conveyor), _on_conveyor_row(state), _target_row(state),
                np.array(state.container_values),
            )
            name = GEMS[int(gem[0])]
            return Shake(name, int(space[0])) if space[0] >= 0 else ShakeOntoGear(name)
        raise ValueError(f"no move to choose: the game is {state.phase}")

    @staticmethod
    def _rolling(state: MineshaftMayhem, tables: StrongTables) -> Action:
        order = np.argsort(state.dice, kind="stable")  # sorted position -> die index
        multiset = analysis.multiset_index(np.array([state.dice]))
        rolls_left = np.array([state.options.max_rolls - state.rolls_used])
        keep, stop, claim = tables.decide(np.array([claim_values(state)]), rolls_left, multiset)
        if stop[0]:
            return Collect(GEMS[int(claim[0])]) if claim[0] >= 0 else Stop()
        kept = (int(keep[0]) >> _POSITIONS) & 1
        return Roll(tuple(sorted(int(order[p]) for p in _POSITIONS if not kept[p])))
