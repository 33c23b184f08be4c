"""The actions of Out of Mine!. Players are 0-based in fields and 1-based in an
action's name ("P2 calls Out of Mine!"), which ``apply`` also accepts; what people read
(the log, the apps) is ``OutOfMine.action_words``: tiles by colour and look, places by row and
column from 1.

Field types are checked on creation (a save with a malformed action is refused by
the codec); whether an action is *legal* is the state's business.
"""

from __future__ import annotations

import dataclasses

from minegames.core import Action
from minegames.core.actions import whole_field

SIDES = ("A", "B")


def _text(name: str, value) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a text, got {value!r}")


def clock_text(ms: int) -> str:
    """A round-clock reading as minutes:seconds.tenths, e.g. 12400 -> '0:12.4'."""
    tenths = ms // 100
    return f"{tenths // 600}:{tenths % 600 // 10:02d}.{tenths % 10}"


#: A quarter-turn count (symmetry ``k % 4``: clockwise, see ``polyomino.transform``) in words.
TURN_WORDS = ("", "turned a quarter turn clockwise", "turned a half turn", "turned a quarter turn anticlockwise")


def turn_words(k: int) -> str:
    """How a tile lies compared with the supply's picture of it: symmetry ``k`` (turned over
    first when ``k >= 4``, then turned clockwise) in words; "" when it lies as pictured."""
    turn = TURN_WORDS[k % 4]
    if k < 4:
        return turn
    return "turned over" + (f" and {turn}" if turn else "")


@dataclasses.dataclass(frozen=True)
class ChooseSide(Action):
    """Pick the side of the gallery board in front of you for this round."""

    player: int
    side: str

    def __post_init__(self):
        whole_field("player", self.player)
        _text("side", self.side)

    def __str__(self) -> str:
        return f"P{self.player + 1} chooses side {self.side}"


@dataclasses.dataclass(frozen=True)
class Place(Action):
    """Put a supply tile on your board: symmetry ``orientation`` of its shape, with the
    oriented shape's (0, 0) at (row, col)."""

    player: int
    tile: int
    orientation: int
    row: int
    col: int

    def __post_init__(self):
        # one test for all fields: legal-move lists build thousands of these
        if not type(self.player) is type(self.tile) is type(self.orientation) is type(self.row) \
                is type(self.col) is int:
            for name in ("player", "tile", "orientation", "row", "col"):
                whole_field(name, getattr(self, name))

    def __str__(self) -> str:
        return f"P{self.player + 1} places tile {self.tile} turned {self.orientation} at {self.row},{self.col}"


@dataclasses.dataclass(frozen=True)
class Remove(Action):
    """Take one of your tiles back off your board into the supply."""

    player: int
    tile: int

    def __post_init__(self):
        whole_field("player", self.player)
        whole_field("tile", self.tile)

    def __str__(self) -> str:
        return f"P{self.player + 1} removes tile {self.tile}"


@dataclasses.dataclass(frozen=True)
class Call(Action):
    """Shout "Out of Mine!": every gallery cell of your board is covered; the round stops."""

    player: int

    def __post_init__(self):
        whole_field("player", self.player)

    def __str__(self) -> str:
        return f"P{self.player + 1} calls Out of Mine!"


@dataclasses.dataclass(frozen=True)
class Done(Action):
    """Stop placing without calling (you cannot or will not finish your board)."""

    player: int

    def __post_init__(self):
        whole_field("player", self.player)

    def __str__(self) -> str:
        return f"P{self.player + 1} is done"


@dataclasses.dataclass(frozen=True)
class Tick(Action):
    """The round clock moves on by ``ms`` milliseconds (an app's timer or a bot driver)."""

    ms: int

    def __post_init__(self):
        whole_field("ms", self.ms)

    def __str__(self) -> str:
        return f"clock +{self.ms} ms"


PLAYER_ACTIONS: tuple[type[Action], ...] = (ChooseSide, Place, Remove, Call, Done)
ACTION_TYPES: tuple[type[Action], ...] = PLAYER_ACTIONS + (Tick,)
