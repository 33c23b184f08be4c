"""The options of Out of Mine!: the rulebook's variants and every reading players may differ on.

Defaults are the project's reading (docs/rules/out_of_mine.md, "Assumptions"); the
options travel with a save so a loaded game keeps its rules.
"""

from __future__ import annotations

import dataclasses

from minegames.core.options import one_of, whole_number, yes_or_no

#: Gallery boards in the box (10 double-sided boards).
BOARDS_IN_BOX = 10
WHITE_SHAPE_SETS = ("default", "all")
NO_CALLER_READINGS = ("first_done", "random")


@dataclasses.dataclass(frozen=True)
class Options:
    """Rules of one game; see the options table in docs/rules/out_of_mine.md."""

    players: int = 2
    rounds: int = 7
    flips: bool = True
    white_shapes: str = "default"
    elves: bool = False
    finds: bool = False
    strict_placement: bool = True
    time_limit_ms: int | None = None
    no_caller_board: str = "first_done"
    negative_rounds: bool = True

    def __post_init__(self) -> None:
        whole_number("players", self.players, 2, 4)
        # every player holds a board and the pile holds one per later round
        whole_number("rounds", self.rounds, 1, BOARDS_IN_BOX - self.players + 1)
        for name in ("flips", "elves", "finds", "strict_placement", "negative_rounds"):
            yes_or_no(name, getattr(self, name))
        one_of("white_shapes", self.white_shapes, WHITE_SHAPE_SETS)
        one_of("no_caller_board", self.no_caller_board, NO_CALLER_READINGS)
        if self.time_limit_ms is not None:
            whole_number("time_limit_ms", self.time_limit_ms, 1, 24 * 3600 * 1000)

    @property
    def pile_size(self) -> int:
        """Boards in the draw pile: one enters play after each round but the last."""
        return self.rounds - 1

