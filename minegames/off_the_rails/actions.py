"""Off the Rails actions: small values with a readable text (python-chess style).

Squares are ``(x, y)`` given as two numbers; sides are 0-3 for north, east, south, west; a
player's carts are numbered from 0 (white die, black die; in the solo game one per clan colour).
"""

from __future__ import annotations

import dataclasses

from minegames.core.actions import CheckedAction

from .board import SIDE_NAMES, square_name


def a_gem(gem: str) -> str:
    """'a ruby', 'an emerald'."""
    return f"{'an' if gem[:1] in 'aeiou' else 'a'} {gem}"


def _side(side: int) -> str:
    return SIDE_NAMES[side] if 0 <= side < 4 else f"side {side}"


@dataclasses.dataclass(frozen=True)
class PlaceTrack(CheckedAction):
    """Lay a straight or corner tile on an empty square; ``turn`` 0-3 quarter turns clockwise
    (a straight has two: north-south and east-west)."""

    player: int
    x: int
    y: int
    shape: str
    turn: int

    def __str__(self) -> str:
        return f"lay a {self.shape} (turn {self.turn}) on {square_name((self.x, self.y))}"


@dataclasses.dataclass(frozen=True)
class Upgrade(CheckedAction):
    """Add a branch to a tile: a straight or corner becomes a T, a T becomes a cross."""

    player: int
    x: int
    y: int
    side: int

    def __str__(self) -> str:
        return f"upgrade {square_name((self.x, self.y))} with a branch to the {_side(self.side)}"


@dataclasses.dataclass(frozen=True)
class PlaceCart(CheckedAction):
    """Put a cart from the supply on one of its clan's start squares (``start`` 0 or 1)."""

    player: int
    cart: int
    start: int

    def __str__(self) -> str:
        return f"place cart {self.cart + 1} on start {self.start + 1}"


@dataclasses.dataclass(frozen=True)
class ChangeSpeed(CheckedAction):
    """Turn a cart's speed die up or down by one (``change`` +1 or -1)."""

    player: int
    cart: int
    change: int

    def __str__(self) -> str:
        return f"{'speed up' if self.change > 0 else 'slow down'} cart {self.cart + 1}"


@dataclasses.dataclass(frozen=True)
class EndActions(CheckedAction):
    """Take no more actions this turn: the carts move."""

    player: int

    def __str__(self) -> str:
        return "end the actions"


@dataclasses.dataclass(frozen=True)
class Drive(CheckedAction):
    """Move this cart now (the player chooses the order the carts move in)."""

    player: int
    cart: int

    def __str__(self) -> str:
        return f"move cart {self.cart + 1}"


@dataclasses.dataclass(frozen=True)
class Turn(CheckedAction):
    """At a junction, leave by this side."""

    player: int
    side: int

    def __str__(self) -> str:
        return f"turn {_side(self.side)}"


@dataclasses.dataclass(frozen=True)
class Pick(CheckedAction):
    """Take this gem from the deposit the cart is on."""

    player: int
    gem: str

    def __str__(self) -> str:
        return f"pick up {a_gem(self.gem)}"


@dataclasses.dataclass(frozen=True)
class Drop(CheckedAction):
    """A hit cart drops this gem."""

    player: int
    gem: str

    def __str__(self) -> str:
        return f"drop {a_gem(self.gem)}"


@dataclasses.dataclass(frozen=True)
class DrawCard(CheckedAction):
    """The deposits phase: turn up the top deposit card."""

    player: int

    def __str__(self) -> str:
        return "draw a deposit card"


@dataclasses.dataclass(frozen=True)
class DrawToken(CheckedAction):
    """The deposits phase once the chasm has begun: draw a chasm token."""

    player: int

    def __str__(self) -> str:
        return "draw a chasm token"


@dataclasses.dataclass(frozen=True)
class PlaceToken(CheckedAction):
    """Put the drawn chasm token on this square, next to a token of its colour."""

    player: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"collapse {square_name((self.x, self.y))}"


ACTION_TYPES = (PlaceTrack, Upgrade, PlaceCart, ChangeSpeed, EndActions, Drive, Turn, Pick, Drop,
                DrawCard, DrawToken, PlaceToken)
