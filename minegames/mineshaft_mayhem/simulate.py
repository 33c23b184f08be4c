"""Whole games of Mineshaft Mayhem, thousands at once, as numpy arrays.

The rules model (:mod:`.state`) plays one game with readable objects; this
module plays N games in lockstep so a lesson can show score distributions in
a second. Every game is one row of each array (conveyor, tin, gears,
containers, dice...). Each step, every unfinished game takes exactly one
decision for the phase it is in, as the model would, so the two agree in
distribution (the tests check that against bots playing the model).

Policies:

* ``"random"``: uniform over the model's legal actions, drawn by counting
  how many legal actions of each kind a game has.
* ``"strong"``: the exact keep/stop/claim tables of :mod:`.analysis` for the
  gems on the conveyor, plus the shake and rescue rules of
  :mod:`.bots` (``StrongBot`` makes the same decisions on a real state).

:func:`simulate_pattern` follows the optimal keeps for one pattern over many
turns and returns the running hit frequency, for the lesson where simulation
converges to the exact probability.
"""

from __future__ import annotations

import dataclasses
import html
from typing import Any

import numpy as np

from minegames.core import make_options, make_rng

from . import analysis
from .bots import StrongTables
from .options import NUMBER_OF_DICE, Options
from .patterns import GEMS, PATTERN_GEM, pattern_name
from .scoring import POINTS_PER_CURSITE, POINTS_PER_EMPTY_GEAR, RANKS

__all__ = ["SimulationResult", "simulate", "simulate_pattern", "POLICIES"]

POLICIES = ("random", "strong")

# phases of a game row
_NEW_TURN, _START, _ROLLING, _SHAKE, _OVER = range(5)
# why a game ended
END_GEARS, END_ALL_SORTED = 1, 2
EMPTY = -1
_FACES = 6
_SUBSETS = 2**NUMBER_OF_DICE - 1  # non-empty sets of dice a cursite re-roll may take


class _Games:
    """The mutable arrays of N games; methods apply one rule to a subset of rows."""

    def __init__(self, n: int, options: Options, rng: np.random.Generator):
        self.n, self.options, self.rng = n, options, rng
        spaces, gears, containers = options.spaces, options.gears, options.containers
        self.start_counts = np.array([count for _, count in options.gem_counts], dtype=np.int64)
        self.values = np.array(options.container_values, dtype=np.int64)
        self.conveyor = np.full((n, spaces), EMPTY, dtype=np.int64)
        self.tin = np.tile(self.start_counts, (n, 1))
        self.gears = np.full((n, gears), EMPTY, dtype=np.int64)
        self.container_gem = np.full((n, containers), EMPTY, dtype=np.int64)
        self.container_count = np.zeros((n, containers), dtype=np.int64)
        self.cursite = np.zeros(n, dtype=np.int64)
        self.supply = np.full(n, options.cursite, dtype=np.int64)
        self.dice = np.ones((n, NUMBER_OF_DICE), dtype=np.int64)
        self.rolls_used = np.zeros(n, dtype=np.int64)
        self.phase = np.full(n, _NEW_TURN, dtype=np.int64)
        self.after_shake = np.full(n, _NEW_TURN, dtype=np.int64)
        self.turns = np.zeros(n, dtype=np.int64)
        self.end_reason = np.zeros(n, dtype=np.int64)
        self.dice_drawn = 0
        self.counters = {
            name: np.zeros(n, dtype=np.int64)
            for name in ("collections", "failed_turns", "cursite_gained", "cursite_spent", "rescues", "shakes")
        }

    # ---- reading ------------------------------------------------------------
    def on_conveyor(self, rows: np.ndarray) -> np.ndarray:
        """(m, 5) counts of each gem type on the conveyor."""
        conveyor = self.conveyor[rows]
        return (conveyor[:, :, None] == np.arange(len(GEMS))).sum(axis=1)

    def target_container(self, rows: np.ndarray) -> np.ndarray:
        """(m, 5) container each gem type would be sorted into, -1 if none can take it."""
        holders = self.container_gem[rows]
        same = holders[:, :, None] == np.arange(len(GEMS))  # (m, C, 5)
        empty = holders == EMPTY
        first_empty = np.where(empty.any(axis=1), empty.argmax(axis=1), EMPTY)
        return np.where(same.any(axis=1), same.argmax(axis=1), first_empty[:, None])

    def claim_values(self, rows: np.ndarray) -> np.ndarray:
        """(m, 5) points each gem type's collection would score now (the strong policy's values)."""
        target = self.target_container(rows)
        points = np.where(target >= 0, self.values[np.maximum(target, 0)], 0)
        return self.on_conveyor(rows) * points

    def locked(self, rows: np.ndarray) -> np.ndarray:
        if not self.options.lock_ones:
            return np.zeros((len(rows), NUMBER_OF_DICE), dtype=bool)
        return self.dice[rows] == 1

    def rescuable(self, rows: np.ndarray) -> np.ndarray:
        """(m, gears) gears whose gem could be rescued (ignoring cursite)."""
        gears = self.gears[rows]
        target = self.target_container(rows)
        takes = np.take_along_axis(target, np.maximum(gears, 0), axis=1) >= 0
        return (gears >= 0) & takes

    # ---- rules --------------------------------------------------------------
    def start_turns(self, rows: np.ndarray) -> None:
        """Advance the belt, drop the last gem on a gear, draw a gem onto the start space."""
        self.turns[rows] += 1
        leaving = self.conveyor[rows, -1]
        self.conveyor[rows, 1:] = self.conveyor[rows, :-1]
        self.conveyor[rows, 0] = EMPTY
        falls = rows[leaving >= 0]
        self._onto_gear(falls, leaving[leaving >= 0])
        alive = rows[self.phase[rows] != _OVER]
        totals = self.tin[alive].sum(axis=1)
        drawing = alive[totals > 0]
        if len(drawing):
            pick = self.rng.integers(0, totals[totals > 0])
            gem = (pick[:, None] >= np.cumsum(self.tin[drawing], axis=1)).sum(axis=1)
            self.tin[drawing, gem] -= 1
            self.conveyor[drawing, 0] = gem
        self._end_if_all_sorted(alive)
        playing = alive[self.phase[alive] != _OVER]
        self.phase[playing] = _START
        self.rolls_used[playing] = 0

    def roll(self, rows: np.ndarray, which: np.ndarray) -> None:
        """Roll the dice marked in ``which`` (m, 4); the dice stay sorted (order never matters)."""
        fresh = self.rng.integers(1, _FACES + 1, size=(len(rows), NUMBER_OF_DICE))
        self.dice_drawn += fresh.size
        self.dice[rows] = np.sort(np.where(which, fresh, self.dice[rows]), axis=1)

    def normal_roll(self, rows: np.ndarray, which: np.ndarray) -> None:
        self.roll(rows, which)
        self.rolls_used[rows] += 1
        self.phase[rows] = _ROLLING

    def collect(self, rows: np.ndarray, gem: np.ndarray) -> None:
        on_belt = self.conveyor[rows] == gem[:, None]
        count = on_belt.sum(axis=1)
        self.conveyor[rows] = np.where(on_belt, EMPTY, self.conveyor[rows])
        self.counters["collections"][rows] += 1
        opened = self._sort(rows, gem, count)
        self._end_if_all_sorted(rows)
        self._shake_or(rows, opened, _NEW_TURN)

    def stop(self, rows: np.ndarray) -> None:
        crowded = (self.conveyor[rows] >= 0).sum(axis=1) >= 3
        gains = rows[crowded & (self.supply[rows] > 0)]
        self.cursite[gains] += 1
        self.supply[gains] -= 1
        self.counters["cursite_gained"][gains] += 1
        self.counters["failed_turns"][rows] += 1
        self.phase[rows] = _NEW_TURN

    def rescue(self, rows: np.ndarray, gear: np.ndarray) -> None:
        gem = self.gears[rows, gear]
        self.gears[rows, gear] = EMPTY
        self._spend(rows, 3)
        self.counters["rescues"][rows] += 1
        opened = self._sort(rows, gem, np.ones(len(rows), dtype=np.int64))
        self._shake_or(rows, opened, self.phase[rows])

    def cursite_reroll(self, rows: np.ndarray, which: np.ndarray) -> None:
        self._spend(rows, 1)
        self.roll(rows, which)

    def set_die(self, rows: np.ndarray, die: np.ndarray, face: np.ndarray) -> None:
        self._spend(rows, 2)
        dice = self.dice[rows]
        dice[np.arange(len(rows)), die] = face
        self.dice[rows] = np.sort(dice, axis=1)

    def shake(self, rows: np.ndarray, gem: np.ndarray, space: np.ndarray) -> None:
        """Put ``gem`` from the tin on ``space``; space -1 means onto a gear (the belt is full)."""
        self.tin[rows, gem] -= 1
        self.counters["shakes"][rows] += 1
        on_belt = space >= 0
        self.conveyor[rows[on_belt], space[on_belt]] = gem[on_belt]
        self.phase[rows] = self.after_shake[rows]
        self._onto_gear(rows[~on_belt], gem[~on_belt])

    # ---- helpers ------------------------------------------------------------
    def _spend(self, rows: np.ndarray, cost: int) -> None:
        self.cursite[rows] -= cost
        self.counters["cursite_spent"][rows] += cost

    def _onto_gear(self, rows: np.ndarray, gem: np.ndarray) -> None:
        if not len(rows):
            return
        free = self.gears[rows] == EMPTY
        self.gears[rows, free.argmax(axis=1)] = gem
        full = rows[free.sum(axis=1) == 1]
        self.phase[full] = _OVER
        self.end_reason[full] = END_GEARS

    def _sort(self, rows: np.ndarray, gem: np.ndarray, count: np.ndarray) -> np.ndarray:
        """Put ``count`` gems of type ``gem`` in their container; True where an empty one was filled."""
        target = self.target_container(rows)[np.arange(len(rows)), gem]
        opened = self.container_gem[rows, target] == EMPTY
        self.container_gem[rows, target] = gem
        self.container_count[rows, target] += count
        return opened

    def _shake_or(self, rows: np.ndarray, opened: np.ndarray, otherwise: np.ndarray | int) -> None:
        alive = self.phase[rows] != _OVER
        shakes = alive & opened & (self.tin[rows].sum(axis=1) > 0)
        self.after_shake[rows] = otherwise
        self.phase[rows] = np.where(shakes, _SHAKE, np.where(alive, otherwise, _OVER))

    def _end_if_all_sorted(self, rows: np.ndarray) -> None:
        done = rows[(self.tin[rows].sum(axis=1) == 0) & (self.conveyor[rows] < 0).all(axis=1)]
        done = done[self.phase[done] != _OVER]
        self.phase[done] = _OVER
        self.end_reason[done] = END_ALL_SORTED


# ---- shared tables of the dice -------------------------------------------------
def _shown_table(options: Options) -> np.ndarray:
    """(126, 5) bool: the dice multiset shows each gem's pattern (analysis's multiset order)."""
    return analysis.SHOWS[options.four_kind_counts_as_two_pairs].T


def _random_subset(rng: np.random.Generator, allowed: np.ndarray) -> np.ndarray:
    """A uniformly random non-empty subset of the True positions of each row of ``allowed``."""
    sizes = allowed.sum(axis=1)
    pick = rng.integers(1, 2**sizes)  # bits over the allowed dice, in order
    rank = np.cumsum(allowed, axis=1) - 1  # position of each die among the allowed ones
    return allowed & (((pick[:, None] >> np.maximum(rank, 0)) & 1) == 1)


def _uniform_index(rng: np.random.Generator, counts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Pick one of sum(counts) actions uniformly per row; return (kind, index within the kind)."""
    totals = counts.sum(axis=1)
    pick = rng.integers(0, totals)
    edges = np.cumsum(counts, axis=1)
    kind = (pick[:, None] >= edges).sum(axis=1)
    before = np.take_along_axis(edges - counts, kind[:, None], axis=1)[:, 0]
    return kind, pick - before


def _nth_true(mask: np.ndarray, nth: np.ndarray) -> np.ndarray:
    """Column of the nth True in each row of ``mask``."""
    return (np.cumsum(mask, axis=1) <= nth[:, None]).sum(axis=1)


# ---- policies -------------------------------------------------------------------
class _RandomPolicy:
    """Uniform over the model's legal actions, kind by kind."""

    def __init__(self, games: _Games, shown: np.ndarray):
        self.games, self.shown = games, shown

    def start(self, rows: np.ndarray) -> None:
        g = self.games
        rescuable = g.rescuable(rows) & (g.cursite[rows] >= 3)[:, None]
        counts = np.column_stack([np.ones(len(rows), dtype=np.int64), rescuable.sum(axis=1)])
        kind, nth = _uniform_index(g.rng, counts)
        rolls = kind == 0
        g.normal_roll(rows[rolls], np.ones((rolls.sum(), NUMBER_OF_DICE), dtype=bool))
        saves = ~rolls
        g.rescue(rows[saves], _nth_true(rescuable[saves], nth[saves]))

    def rolling(self, rows: np.ndarray) -> None:
        g, rng = self.games, self.games.rng
        unlocked = ~g.locked(rows)
        can_roll = g.rolls_used[rows] < g.options.max_rolls
        collectable = self._collectable(rows)
        cursite = g.cursite[rows]
        rescuable = g.rescuable(rows) & (cursite >= 3)[:, None]
        counts = np.column_stack(
            [
                np.where(can_roll, 2 ** unlocked.sum(axis=1) - 1, 0),
                collectable.sum(axis=1),
                np.ones(len(rows), dtype=np.int64),
                np.where(cursite >= 1, _SUBSETS, 0),
                np.where(cursite >= 2, NUMBER_OF_DICE * (_FACES - 1), 0),
                rescuable.sum(axis=1),
            ]
        )
        kind, nth = _uniform_index(rng, counts)
        for code, act in enumerate(
            (self._roll, self._collect, self._stop, self._cursite_reroll, self._set_die, self._rescue)
        ):
            chosen = kind == code
            if chosen.any():
                act(rows[chosen], nth[chosen], unlocked[chosen], collectable[chosen], rescuable[chosen])

    def _roll(self, rows, nth, unlocked, collectable, rescuable):
        self.games.normal_roll(rows, _random_subset(self.games.rng, unlocked))

    def _collect(self, rows, nth, unlocked, collectable, rescuable):
        self.games.collect(rows, _nth_true(collectable, nth))

    def _stop(self, rows, nth, unlocked, collectable, rescuable):
        self.games.stop(rows)

    def _cursite_reroll(self, rows, nth, unlocked, collectable, rescuable):
        every = np.ones((len(rows), NUMBER_OF_DICE), dtype=bool)
        self.games.cursite_reroll(rows, _random_subset(self.games.rng, every))

    def _set_die(self, rows, nth, unlocked, collectable, rescuable):
        die, step = np.divmod(nth, _FACES - 1)
        current = self.games.dice[rows, die]
        face = 1 + (current + step) % _FACES  # any face but the current one, uniformly
        self.games.set_die(rows, die, face)

    def _rescue(self, rows, nth, unlocked, collectable, rescuable):
        self.games.rescue(rows, _nth_true(rescuable, nth))

    def _collectable(self, rows: np.ndarray) -> np.ndarray:
        g = self.games
        shown = self.shown[analysis.multiset_index(g.dice[rows])]
        return shown & (g.on_conveyor(rows) > 0) & (g.target_container(rows) >= 0)

    def shake(self, rows: np.ndarray) -> None:
        g = self.games
        in_tin = g.tin[rows] > 0
        empty = g.conveyor[rows] == EMPTY
        spaces = np.maximum(empty.sum(axis=1), 1)  # a full belt: one choice per gem, onto a gear
        pick = g.rng.integers(0, in_tin.sum(axis=1) * spaces)
        gem_nth, space_nth = np.divmod(pick, spaces)
        space = np.where(empty.any(axis=1), _nth_true(empty, space_nth), EMPTY)
        g.shake(rows, _nth_true(in_tin, gem_nth), space)


class _StrongPolicy(_RandomPolicy):
    """The analysis's optimal keeps for this turn's values; StrongBot's shake and rescue rules."""

    def __init__(self, games: _Games, shown: np.ndarray):
        super().__init__(games, shown)
        self.tables = StrongTables.for_options(games.options)

    def start(self, rows: np.ndarray) -> None:
        g = self.games
        gear = self.tables.rescue_choice(
            g.gears[rows], g.target_container(rows), g.values, g.cursite[rows]
        )
        saves = gear >= 0
        g.rescue(rows[saves], gear[saves])
        rolls = rows[~saves]
        g.normal_roll(rolls, np.ones((len(rolls), NUMBER_OF_DICE), dtype=bool))

    def rolling(self, rows: np.ndarray) -> None:
        g = self.games
        values = g.claim_values(rows)
        multiset = analysis.multiset_index(g.dice[rows])
        rolls_left = g.options.max_rolls - g.rolls_used[rows]
        keep, stop, claim = self.tables.decide(values, rolls_left, multiset)
        collects = stop & (claim >= 0)
        g.collect(rows[collects], claim[collects])
        g.stop(rows[stop & (claim < 0)])
        rerolls = ~stop
        positions = np.arange(NUMBER_OF_DICE)
        which = ((keep[rerolls, None] >> positions) & 1) == 0
        g.normal_roll(rows[rerolls], which)

    def shake(self, rows: np.ndarray) -> None:
        g = self.games
        gem, space = self.tables.shake_choice(
            g.tin[rows], g.conveyor[rows], g.on_conveyor(rows), g.target_container(rows), g.values
        )
        g.shake(rows, gem, space)


_POLICY_TYPES = {"random": _RandomPolicy, "strong": _StrongPolicy}


# ---- results ----------------------------------------------------------------------
@dataclasses.dataclass
class SimulationResult:
    """Scores and what made them, one entry per simulated game."""

    policy: str
    options: Options
    seed: int | None
    scores: np.ndarray
    turns: np.ndarray
    breakdown: dict[str, np.ndarray]  # containers, empty_gears, cursite, total (points)
    details: dict[str, np.ndarray]  # gems sorted, gems on gears, end reason, counters
    dice_drawn: int

    @property
    def n_games(self) -> int:
        return len(self.scores)

    def mean(self, of: str = "scores") -> float:
        return float(np.mean(self._values(of)))

    def sd(self, of: str = "scores") -> float:
        return float(np.std(self._values(of), ddof=1)) if self.n_games > 1 else 0.0

    def sem(self, of: str = "scores") -> float:
        """Standard error of the mean: how far the mean may be from the true expectation."""
        return self.sd(of) / np.sqrt(self.n_games)

    def _values(self, of: str) -> np.ndarray:
        if of == "scores":
            return self.scores
        if of == "turns":
            return self.turns
        if of in self.breakdown:
            return self.breakdown[of]
        return self.details[of]

    @property
    def ranks(self) -> dict[str, int]:
        """Games per rank of the chart, worst rank first."""
        lowest = np.array([low for low, _ in RANKS])
        band = np.searchsorted(lowest, self.scores, side="right") - 1
        counts = np.bincount(band, minlength=len(RANKS))
        return {name: int(count) for (_, name), count in zip(RANKS, counts)}

    def rank_distribution(self) -> dict[str, float]:
        """Share of games in each rank, worst rank first."""
        return {name: count / self.n_games for name, count in self.ranks.items()}

    def score_distribution(self) -> dict[int, float]:
        scores, counts = np.unique(self.scores, return_counts=True)
        return {int(s): c / self.n_games for s, c in zip(scores, counts)}

    def ended_by_gears(self) -> float:
        """Share of games ended by the last gear filling up (the rest sorted every gem)."""
        return float(np.mean(self.details["end_reason"] == END_GEARS))

    def summary(self) -> str:
        lines = [
            f"{self.n_games} games, {self.policy} policy: mean score {self.mean():.2f} "
            f"(sd {self.sd():.2f}, standard error {self.sem():.2f}), mean length {self.mean('turns'):.1f} turns",
            f"  points from containers {self.mean('containers'):.2f}, empty gears {self.mean('empty_gears'):.2f}, "
            f"cursite {self.mean('cursite'):.2f}; ended by the gears in {100 * self.ended_by_gears():.1f}% of games",
        ]
        for name, share in self.rank_distribution().items():
            lines.append(f"  {name:<18} {100 * share:5.1f}%")
        return "\n".join(lines)

    __str__ = summary

    def __repr__(self) -> str:
        return f"<SimulationResult {self.n_games} games, {self.policy}: mean {self.mean():.2f}>"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td>{count}</td><td>{100 * count / self.n_games:.1f}%</td></tr>"
            for name, count in self.ranks.items()
        )
        return (
            f"<div><b>{self.n_games} games, {html.escape(self.policy)} policy</b>: mean score "
            f"{self.mean():.2f} &plusmn; {self.sem():.2f} (sd {self.sd():.2f}), "
            f"{self.mean('turns'):.1f} turns on average"
            f"<table><tr><th>rank</th><th>games</th><th>share</th></tr>{rows}</table></div>"
        )


# ---- entry points -------------------------------------------------------------------
def simulate(n_games: int, policy: str = "random", seed: int | None = None, **options: Any) -> SimulationResult:
    """Play ``n_games`` whole solo games with ``policy`` ("random" or "strong")."""
    if policy not in _POLICY_TYPES:
        raise ValueError(f"unknown policy {policy!r}; choose one of {POLICIES}")
    if n_games < 1:
        raise ValueError(f"n_games must be at least 1, got {n_games}")
    rules = make_options(Options, options)
    games = _Games(int(n_games), rules, make_rng(seed))
    player = _POLICY_TYPES[policy](games, _shown_table(rules))
    steps = {_NEW_TURN: games.start_turns, _START: player.start, _ROLLING: player.rolling, _SHAKE: player.shake}
    while True:
        phase = games.phase.copy()
        if (phase == _OVER).all():
            break
        for code, step in steps.items():
            rows = np.flatnonzero(phase == code)
            if len(rows):
                step(rows)
    return _result(games, policy, seed)


def _result(games: _Games, policy: str, seed: int | None) -> SimulationResult:
    containers = (games.container_count * games.values).sum(axis=1)
    empty_gears = POINTS_PER_EMPTY_GEAR * (games.gears == EMPTY).sum(axis=1)
    cursite = POINTS_PER_CURSITE * games.cursite
    total = containers + empty_gears + cursite
    details = {
        "gems_sorted": games.container_count.sum(axis=1),
        "gems_on_gears": (games.gears >= 0).sum(axis=1),
        "gems_on_conveyor": (games.conveyor >= 0).sum(axis=1),
        "gems_in_tin": games.tin.sum(axis=1),
        "cursite_held": games.cursite.copy(),
        "end_reason": games.end_reason.copy(),
        **games.counters,
    }
    breakdown = {"containers": containers, "empty_gears": empty_gears, "cursite": cursite, "total": total}
    state = {
        "tin": games.tin, "conveyor": games.conveyor, "gears": games.gears,
        "container_gem": games.container_gem, "container_count": games.container_count,
    }
    details.update({f"final_{k}": v.copy() for k, v in state.items()})
    return SimulationResult(
        policy, games.options, seed, total, games.turns.copy(), breakdown, details, games.dice_drawn
    )


def simulate_pattern(
    pattern: str, n: int, rolls: int = 3, lock_ones: bool = True, seed: int | None = None,
    four_kind_counts_as_two_pairs: bool = False,
) -> np.ndarray:
    """Play ``n`` single turns aiming at one pattern with the optimal keeps.

    Returns the running hit frequency after 1, 2, ..., n turns; it wanders
    early and settles on ``analysis.pattern_probability`` as n grows.
    """
    gem = GEMS.index(PATTERN_GEM[pattern_name(pattern)])
    values = [0] * len(GEMS)
    values[gem] = 1
    policy = analysis.keep_policy(
        values, lock_ones=lock_ones, max_rolls=rolls, four_kind_counts_as_two_pairs=four_kind_counts_as_two_pairs
    )
    rng = make_rng(seed)
    dice = np.sort(rng.integers(1, _FACES + 1, size=(n, NUMBER_OF_DICE)), axis=1)
    rolling = np.ones(n, dtype=bool)
    positions = np.arange(NUMBER_OF_DICE)
    for rolls_left in range(rolls - 1, 0, -1):
        state = analysis.multiset_index(dice)
        rolling &= ~policy.stop[rolls_left, state]
        which = rolling[:, None] & (((policy.keep_mask[rolls_left, state][:, None] >> positions) & 1) == 0)
        fresh = rng.integers(1, _FACES + 1, size=(n, NUMBER_OF_DICE))
        dice = np.sort(np.where(which, fresh, dice), axis=1)
    hits = policy.claim[analysis.multiset_index(dice)] == gem
    return np.cumsum(hits) / np.arange(1, n + 1)
