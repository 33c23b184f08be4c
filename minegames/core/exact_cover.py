"""Exact cover with limited groups: Knuth's Algorithm X on bitsets.

A problem has *primary* columns (each must be covered exactly once),
*secondary* columns (at most once) and rows (sets of columns). A row may also
belong to *groups*, each with a limit on how many chosen rows it may hold:
"at most three red tiles" is a group of all red placements with limit 3.

Why bitsets instead of dancing links: the boards here have tens of cells, so
a whole partial solution fits in one Python int (the covered columns) and
the group counts fit in another (packed counters, below). That makes a search
state hashable, so every search *memoizes*: a state proven to have no
completion is never explored twice, ``count`` adds up completions per state
instead of walking every solution, and ``maximise`` is a dynamic programme
over states. The search always branches on the first uncovered primary
column in the order given, and only on rows whose first primary column is
that one (any earlier primary column is already decided), which keeps the
set of reachable states small when the columns are listed in reading order.

Packed counters: group ``g`` with limit ``n`` owns a bit field wide enough to
count to ``n + 1`` plus a guard bit. The field starts at ``2**w - 1 - n`` so
that the (n+1)-th row of the group sets the guard bit: one addition and one
``&`` check every limit of a row at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import gcd
from typing import Any, Hashable, Iterable, Iterator, Mapping, Sequence

__all__ = ["ExactCover", "Maximum", "SearchLimitReached"]


class SearchLimitReached(Exception):
    """A search met its node limit before it could answer (a bot that gives up in time)."""


@dataclass(frozen=True)
class Maximum:
    """The best value ``maximise`` found and the rows (their labels) giving it."""

    value: int
    rows: tuple
    uncovered: tuple  # primary columns left uncovered


class ExactCover:
    """An exact-cover problem; add rows, then ask ``first``, ``solutions``, ``count`` or ``maximise``.

    ``primary`` gives the branching order: list cells in reading order of the
    narrow side of a board for the fastest searches.
    """

    def __init__(
        self,
        primary: Iterable[Hashable],
        secondary: Iterable[Hashable] = (),
        limits: Mapping[Hashable, int] | None = None,
    ):
        self.primary = tuple(primary)
        self.secondary = tuple(secondary)
        columns = self.primary + self.secondary
        if len(set(columns)) != len(columns):
            raise ValueError("column names must be distinct")
        self._bit = {column: 1 << i for i, column in enumerate(columns)}
        self._full = (1 << len(self.primary)) - 1
        self._fields: dict[Hashable, tuple[int, int, int]] = {}  # group -> (shift, width, start)
        self._limits = dict(limits or {})
        self._start = 0
        self._guard = 0
        shift = 0
        for group, limit in (limits or {}).items():
            if limit < 0:
                raise ValueError(f"limit of {group!r} is negative")
            width = limit.bit_length() + 1
            start = (1 << (width - 1)) - 1 - limit
            self._fields[group] = (shift, width, start)
            self._start |= start << shift
            self._guard |= 1 << (shift + width - 1)
            shift += width
        self.labels: list[Any] = []
        self._rows: list[tuple[int, int, int]] = []  # (column mask, counter increment, index)
        self._weights: list[int] = []
        self._groups: list[tuple[Hashable, ...]] = []
        self._by_first: list[list[tuple[int, int, int]]] = [[] for _ in self.primary]

    def add_row(self, columns: Iterable[Hashable], label: Any = None, groups: Iterable[Hashable] = (),
                weight: int | None = None) -> int:
        """Add a row; ``label`` is what solutions report (default: the row's index).

        ``weight`` counts in ``maximise`` (default: how many primary columns it covers).
        Rows covering no primary column are refused: no search would ever branch on them.
        """
        mask = 0
        for column in columns:
            bit = self._bit[column]
            if mask & bit:
                raise ValueError(f"column {column!r} repeated in a row")
            mask |= bit
        primary = mask & self._full
        if not primary:
            raise ValueError("a row must cover at least one primary column")
        groups = tuple(groups)
        increment = 0
        for group in groups:
            if group not in self._fields:
                raise KeyError(f"group {group!r} has no limit")
            increment += 1 << self._fields[group][0]
        index = len(self._rows)
        row = (mask, increment, index)
        self._rows.append(row)
        self.labels.append(index if label is None else label)
        self._weights.append(bin(primary).count("1") if weight is None else int(weight))
        self._groups.append(groups)
        self._by_first[(primary & -primary).bit_length() - 1].append(row)
        return index

    def __len__(self) -> int:
        return len(self._rows)

    # ---- perfect covers ---------------------------------------------------------

    def first(self, node_limit: int | None = None) -> list | None:
        """One exact cover (row labels), or None if there is none.

        ``node_limit``: give up (raise :class:`SearchLimitReached`) after trying that many rows.
        """
        full, guard, by_first, dead = self._full, self._guard, self._by_first, set()
        chosen: list[int] = []
        budget = [float("inf") if node_limit is None else node_limit]

        def search(mask: int, counts: int) -> bool:
            free = ~mask & full
            if not free:
                return True
            if (mask, counts) in dead:
                return False
            for rmask, increment, index in by_first[(free & -free).bit_length() - 1]:
                if rmask & mask or (counts + increment) & guard:
                    continue
                budget[0] -= 1
                if budget[0] < 0:
                    raise SearchLimitReached(f"no answer within {node_limit} nodes")
                chosen.append(index)
                if search(mask | rmask, counts + increment):
                    return True
                chosen.pop()
            dead.add((mask, counts))
            return False

        if search(0, self._start):
            return [self.labels[i] for i in chosen]
        return None

    def solutions(self) -> Iterator[list]:
        """Every exact cover, each once, as lists of row labels (dead ends are remembered)."""
        full, guard, by_first, dead, labels = self._full, self._guard, self._by_first, set(), self.labels

        def search(mask: int, counts: int) -> Iterator[list]:
            free = ~mask & full
            if not free:
                yield []
                return
            if (mask, counts) in dead:
                return
            found = False
            for rmask, increment, index in by_first[(free & -free).bit_length() - 1]:
                if rmask & mask or (counts + increment) & guard:
                    continue
                for rest in search(mask | rmask, counts + increment):
                    found = True
                    rest.append(labels[index])
                    yield rest
            if not found:
                dead.add((mask, counts))

        for solution in search(0, self._start):
            solution.reverse()
            yield solution

    def count(self) -> int:
        """How many exact covers there are (distinct sets of rows), by memoized counting."""
        full, guard, by_first, memo = self._full, self._guard, self._by_first, {}

        def ways(mask: int, counts: int) -> int:
            free = ~mask & full
            if not free:
                return 1
            key = (mask, counts)
            known = memo.get(key)
            if known is not None:
                return known
            total = 0
            for rmask, increment, _ in by_first[(free & -free).bit_length() - 1]:
                if not (rmask & mask or (counts + increment) & guard):
                    total += ways(mask | rmask, counts + increment)
            memo[key] = total
            return total

        return ways(0, self._start)

    # ---- partial covers ---------------------------------------------------------

    def maximise(
        self,
        group_values: Mapping[Hashable, Sequence[int]] | None = None,
        max_uncovered: int | None = None,
        prune: bool = True,
    ) -> Maximum | None:
        """The chosen rows of greatest total weight; primary columns may stay uncovered.

        ``group_values[g][k]`` is added when a row is the (k+1)-th of group ``g``
        (e.g. the best tiles of a kind are used first). ``max_uncovered`` bounds
        how many primary columns may stay uncovered (None: any number); returns
        None if no choice meets it. Weights and values are integers.

        Exact: a search over states (covered, counts, uncovered so far) that
        decides the first undecided primary column, by a row or by leaving it
        uncovered, memoizing every state. With ``prune`` it is also a branch and
        bound: each column is worth at most its best share of a row's weight
        (weight / columns covered), and the group values can add at most their
        positive values not yet used, so the undecided columns' shares plus that
        bounds what a state can still add; a state that cannot beat the best
        sibling found so far is cut (its memo entry then only records a bound,
        as in alpha-beta search). Ties go to the first choice found: rows in
        insertion order, then leaving the column uncovered.
        """
        full, guard, by_first, weights = self._full, self._guard, self._by_first, self._weights
        bonus_of = self._bonus_readers(group_values or {})
        share, row_share, scale = self._shares(prune)
        memo: dict[tuple[int, int, int], tuple[float, bool, int]] = {}
        limit = len(self.primary) if max_uncovered is None else max_uncovered
        step = 0 if max_uncovered is None else 1  # unbounded: the count need not be part of the state
        impossible = float("-inf")

        def best(mask: int, counts: int, skipped: int, left: int, extra: int, alpha: float) -> float:
            """Exact best addition if it exceeds ``alpha``; else an upper bound no larger than ``alpha``."""
            free = ~mask & full
            if not free:
                return 0
            bound = left // scale + extra
            if bound <= alpha:
                return bound
            key = (mask, counts, skipped)
            known = memo.get(key)
            if known is not None and (known[1] or known[0] <= alpha):
                return known[0]
            low = free & -free
            top, choice = impossible, -1
            for rmask, increment, index in by_first[low.bit_length() - 1]:
                if rmask & mask or (counts + increment) & guard:
                    continue
                value, spent = weights[index], 0
                readers = bonus_of[index]
                if readers:
                    for shift, field, start, values in readers:
                        used = ((counts >> shift) & field) - start
                        if used < len(values):
                            value += values[used]
                            spent += values[used] if values[used] > 0 else 0
                floor = top if top > alpha else alpha
                value += best(mask | rmask, counts + increment, skipped, left - row_share[index], extra - spent,
                              floor - value)
                if value > top:
                    top, choice = value, index
            if skipped < limit:
                column = low.bit_length() - 1
                value = best(mask | low, counts, skipped + step, left - share[column], extra,
                             top if top > alpha else alpha)
                if value > top:
                    top, choice = value, -1
            memo[key] = (top, top > alpha, choice)
            return top

        extra = 0  # the most the group values can still add: their positive values up to each limit
        if prune:
            for group, values in (group_values or {}).items():
                limit_of_group = self._limits[group]
                extra += sum(v for v in list(values)[:limit_of_group] if v > 0)
        value = best(0, self._start, 0, sum(share), extra, impossible)
        if value == impossible:
            return None
        rows, uncovered = [], []
        mask, counts, skipped = 0, self._start, 0
        while ~mask & full:
            low = ~mask & full & -(~mask & full)
            choice = memo[(mask, counts, skipped)][2]
            if choice < 0:
                uncovered.append(self.primary[low.bit_length() - 1])
                mask, skipped = mask | low, skipped + step
            else:
                rmask, increment, _ = self._rows[choice]
                rows.append(self.labels[choice])
                mask, counts = mask | rmask, counts + increment
        return Maximum(int(value), tuple(rows), tuple(uncovered))

    def _shares(self, prune: bool) -> tuple[list[int], list[int], int]:
        """Each primary column's best share of a row's weight, in units of 1/scale (rounded up),
        and each row's sum of its columns' shares. Without pruning every share is "unbounded"."""
        if not prune:
            huge = 1 << 62
            return [huge] * len(self.primary), [0] * len(self._rows), 1
        sizes = [bin(mask & self._full).count("1") for mask, _, _ in self._rows]
        scale = 1
        for size in set(sizes):
            scale = scale * size // gcd(scale, size)
        share = [0] * len(self.primary)
        columns_of = []
        for (mask, _, index), size in zip(self._rows, sizes):
            most = self._weights[index]
            part = -(-most * scale // size)  # ceiling keeps the bound admissible
            columns = [i for i in range(len(self.primary)) if mask >> i & 1]
            columns_of.append(columns)
            for i in columns:
                share[i] = max(share[i], part)
        row_share = [sum(share[i] for i in columns) for columns in columns_of]
        return share, row_share, scale

    def _bonus_readers(self, group_values: Mapping[Hashable, Sequence[int]]) -> list[tuple]:
        """Per row: how to read, from the packed counts, how many of each valued group are used."""
        for group in group_values:
            if group not in self._fields:
                raise KeyError(f"group {group!r} has no limit")
        readers = []
        for groups in self._groups:
            entry = []
            for group in groups:
                if group in group_values:
                    shift, width, start = self._fields[group]
                    entry.append((shift, (1 << width) - 1, start, tuple(group_values[group])))
            readers.append(tuple(entry))
        return readers
