"""The player's actions. Dice, gears and spaces are 0-based in code and
1-based in the text people read (``str``), which is also what ``apply`` accepts.

Field types are checked on creation (a save with a malformed action is then
refused by the codec); whether an action is *legal* is the state's business.
"""

from __future__ import annotations

import dataclasses

from minegames.core import Action
from minegames.core.actions import whole_field


def _dice_tuple(value) -> tuple[int, ...]:
    dice = tuple(value)
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise TypeError(f"dice must be whole numbers, got {value!r}")
    return dice


def _text(name: str, value) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a text, got {value!r}")


def _people(dice: tuple[int, ...]) -> str:
    return ", ".join(str(d + 1) for d in dice)


@dataclasses.dataclass(frozen=True)
class Roll(Action):
    """Roll the chosen dice: all four at the first roll, unlocked ones after."""

    dice: tuple[int, ...] = (0, 1, 2, 3)

    def __post_init__(self):
        object.__setattr__(self, "dice", _dice_tuple(self.dice))

    def __str__(self) -> str:
        if self.dice == (0, 1, 2, 3):
            return "roll all dice"
        return f"re-roll dice {_people(self.dice)}"


@dataclasses.dataclass(frozen=True)
class Collect(Action):
    """Take every gem of this type off the conveyor (the dice show its pattern)."""

    gem: str

    def __post_init__(self):
        _text("gem", self.gem)

    def __str__(self) -> str:
        return f"collect {self.gem}"


@dataclasses.dataclass(frozen=True)
class Stop(Action):
    """End the turn without a gem (a failed turn)."""

    def __str__(self) -> str:
        return "stop without a gem"


@dataclasses.dataclass(frozen=True)
class CursiteReroll(Action):
    """Pay 1 cursite: re-roll any dice, locked ones too, without using a roll."""

    dice: tuple[int, ...]

    def __post_init__(self):
        object.__setattr__(self, "dice", _dice_tuple(self.dice))

    def __str__(self) -> str:
        return f"cursite: re-roll dice {_people(self.dice)}"


@dataclasses.dataclass(frozen=True)
class CursiteSetDie(Action):
    """Pay 2 cursite: turn one die to the face you want."""

    die: int
    face: int

    def __post_init__(self):
        whole_field("die", self.die)
        whole_field("face", self.face)

    def __str__(self) -> str:
        return f"cursite: set die {self.die + 1} to {self.face}"


@dataclasses.dataclass(frozen=True)
class CursiteRescue(Action):
    """Pay 3 cursite: take the gem off a gear and sort it."""

    gear: int

    def __post_init__(self):
        whole_field("gear", self.gear)

    def __str__(self) -> str:
        return f"cursite: rescue the gem on gear {self.gear + 1}"


@dataclasses.dataclass(frozen=True)
class Shake(Action):
    """The mine shakes: put a chosen gem from the tin on an empty conveyor space."""

    gem: str
    space: int

    def __post_init__(self):
        _text("gem", self.gem)
        whole_field("space", self.space)

    def __str__(self) -> str:
        return f"shake: {self.gem} onto space {self.space + 1}"


@dataclasses.dataclass(frozen=True)
class ShakeOntoGear(Action):
    """The mine shakes with no room on the conveyor: the chosen gem falls on a gear."""

    gem: str

    def __post_init__(self):
        _text("gem", self.gem)

    def __str__(self) -> str:
        return f"shake: {self.gem} onto a gear"


ACTION_TYPES: tuple[type[Action], ...] = (
    Roll, Collect, Stop, CursiteReroll, CursiteSetDie, CursiteRescue, Shake, ShakeOntoGear,
)
