"""A bag (or tin) of components drawn at random: a multiset with a seeded draw."""

from __future__ import annotations

from typing import Iterable, Mapping

import numpy as np

from .errors import IllegalActionError, SaveFormatError


class Bag:
    """Counts of each kind of component. Draws are uniform over *pieces*,
    so a kind with more pieces left is more likely, as in a real tin.

    Kinds keep a fixed order (the order first given) so that a seeded draw
    is reproducible across runs and across save/load.
    """

    def __init__(self, counts: Mapping[str, int] | Iterable[tuple[str, int]] = ()):
        items = counts.items() if isinstance(counts, Mapping) else counts
        self._counts: dict[str, int] = {}
        for kind, count in items:
            if int(count) < 0:
                raise ValueError(f"negative count for {kind!r}")
            self._counts[str(kind)] = int(count)

    # reading -------------------------------------------------------------
    def __len__(self) -> int:
        return sum(self._counts.values())

    def __contains__(self, kind: object) -> bool:
        return self._counts.get(kind, 0) > 0  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bag) and self.counts() == other.counts()

    def __repr__(self) -> str:
        inside = ", ".join(f"{k}={v}" for k, v in self._counts.items() if v)
        return f"Bag({inside})"

    def count(self, kind: str) -> int:
        return self._counts.get(kind, 0)

    def counts(self) -> dict[str, int]:
        """Kind -> pieces left (kinds with none left are kept, at 0)."""
        return dict(self._counts)

    def kinds(self) -> list[str]:
        """Kinds with at least one piece left, in the bag's fixed order."""
        return [k for k, v in self._counts.items() if v > 0]

    def probabilities(self) -> dict[str, float]:
        total = len(self)
        return {k: v / total for k, v in self._counts.items() if v} if total else {}

    # changing ------------------------------------------------------------
    def draw(self, rng: np.random.Generator) -> str:
        """Take one piece at random (uniform over pieces)."""
        total = len(self)
        if total == 0:
            raise IllegalActionError("empty bag", "there is nothing left to draw")
        pick = int(rng.integers(total))
        for kind, count in self._counts.items():
            if pick < count:
                self._counts[kind] -= 1
                return kind
            pick -= count
        raise AssertionError("unreachable")  # pragma: no cover

    def take(self, kind: str) -> str:
        """Take one named piece (a chosen, not random, draw)."""
        if self._counts.get(kind, 0) <= 0:
            raise IllegalActionError("empty bag", f"there is no {kind} left to take")
        self._counts[kind] -= 1
        return kind

    def put(self, kind: str, count: int = 1) -> None:
        self._counts[kind] = self._counts.get(kind, 0) + count

    def copy(self) -> "Bag":
        return Bag(self._counts)

    # saving --------------------------------------------------------------
    def to_json(self) -> list[list]:
        return [[k, v] for k, v in self._counts.items()]

    @classmethod
    def from_json(cls, data) -> "Bag":
        try:
            return cls((str(k), int(v)) for k, v in data)
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"bag contents are malformed ({exc})") from None
