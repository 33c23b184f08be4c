"""Gem Rush actions: small values with a readable text (python-chess style).

Cards are named by their ids in ``components.GEM_CARDS``; sides are 0-3 for North, East,
South, West; a skill use inside a payment is ``(skill id, card ids)``.
"""

from __future__ import annotations

import dataclasses
import functools

from minegames.core.actions import Action as _Action
from minegames.core.actions import whole_field

SIDE_NAMES = ("north", "east", "south", "west")


class Action(_Action):
    """Every Gem Rush action checks its fields' types when made (a save or a caller giving
    text where a number belongs is refused before any rule is asked)."""

    def __post_init__(self) -> None:
        for name, kind in _field_kinds(type(self)):
            value = getattr(self, name)
            if kind == "int":
                whole_field(name, value)
            elif kind == "str" and not isinstance(value, str):
                raise TypeError(f"{name} must be text, got {value!r}")
            elif kind == "bool" and not isinstance(value, bool):
                raise TypeError(f"{name} must be True or False, got {value!r}")
            elif kind == "tuple":
                _check_tuple(name, value)


@functools.cache
def _field_kinds(cls: type) -> tuple[tuple[str, str], ...]:
    return tuple((field.name, field.type) for field in dataclasses.fields(cls))


def _check_tuple(name: str, value) -> None:
    if not isinstance(value, tuple):
        raise TypeError(f"{name} must be a tuple, got {value!r}")
    if name == "cards":
        for card in value:
            whole_field("card", card)
    elif name == "uses":
        for use in value:
            if not (isinstance(use, tuple) and len(use) == 2 and isinstance(use[0], str)
                    and isinstance(use[1], tuple)):
                raise TypeError(f"a skill use is (skill id, card ids), got {use!r}")
            for card in use[1]:
                whole_field("card", card)
DECK = -1  # the player field of a burn from the top of the deck
UNSEEN = -1  # the card field of a blind burn: a card drawn at random from a hidden hand


def _side(side: int) -> str:
    return SIDE_NAMES[side] if 0 <= side < 4 else f"side {side}"


def _cards(cards: tuple) -> str:
    from .components import card_text

    from .components import GEM_CARDS

    return ", ".join(card_text(c) if 0 <= c < len(GEM_CARDS) else f"no card {c}" for c in cards) or "no cards"


def _uses(uses: tuple, waive: str) -> str:
    if not uses:
        return ""
    parts = [f"{skill} on {', '.join(str(c) for c in cards)}" if cards else skill for skill, cards in uses]
    extra = f" waiving {waive}" if waive else ""
    return f" using {'; '.join(parts)}{extra}"


@dataclasses.dataclass(frozen=True)
class ChooseSkill(Action):
    """Choice of Skills: keep one of the skills dealt to you."""
    skill: str

    def __str__(self) -> str:
        return f"keep skill {self.skill}"


@dataclasses.dataclass(frozen=True)
class Discard(Action):
    """Put one card from the hand on the discard pile (the hand limit, or a room's Discard)."""
    card: int

    def __str__(self) -> str:
        return f"discard {self.card} ({_cards((self.card,))})"


@dataclasses.dataclass(frozen=True)
class Step(Action):
    """Move through the door on ``side`` into a built room (across any tunnels)."""
    side: int

    def __str__(self) -> str:
        return f"step {_side(self.side)}"


@dataclasses.dataclass(frozen=True)
class Build(Action):
    """Move through the door on ``side`` into empty space, paying its cost with ``cards``."""
    side: int
    cards: tuple = ()
    uses: tuple = ()
    waive: str = ""

    def __str__(self) -> str:
        return f"build {_side(self.side)} paying {_cards(self.cards)}{_uses(self.uses, self.waive)}"


@dataclasses.dataclass(frozen=True)
class WarpBuild(Action):
    """Build through any door of the mine, with a Warpstone among the spent cards."""
    x: int
    y: int
    side: int
    cards: tuple = ()
    uses: tuple = ()
    waive: str = ""

    def __str__(self) -> str:
        return (f"warp-build from ({self.x}, {self.y}) {_side(self.side)} paying "
                f"{_cards(self.cards)}{_uses(self.uses, self.waive)}")


@dataclasses.dataclass(frozen=True)
class Warp(Action):
    """Discard a Warpstone card to go to any built room, for no step."""
    x: int
    y: int
    card: int

    def __str__(self) -> str:
        return f"warp to ({self.x}, {self.y}) discarding {self.card}"


@dataclasses.dataclass(frozen=True)
class Ride(Action):
    """Ride from this Mine Cart to another, free (once two or more are built)."""
    x: int
    y: int

    def __str__(self) -> str:
        return f"ride the mine cart to ({self.x}, {self.y})"


@dataclasses.dataclass(frozen=True)
class Place(Action):
    """Turn the newly drawn room to ``rotation`` quarter-turns (a door must face back)."""
    rotation: int
    room: str = ""

    def __str__(self) -> str:
        from .components import ROOM_BY_ID

        which = f"{ROOM_BY_ID[self.room].name} " if self.room in ROOM_BY_ID else (f"{self.room} " if self.room else "")
        return f"place {which}turned {self.rotation * 90}°"


@dataclasses.dataclass(frozen=True)
class SwapPlaces(Action):
    """Warped Mirror (or the Mirror Step skill): trade places with another dwarf."""
    player: int
    skill: bool = False

    def __str__(self) -> str:
        how = " (Mirror Step)" if self.skill else ""
        return f"swap places with player {self.player + 1}{how}"


@dataclasses.dataclass(frozen=True)
class MoveRoom(Action):
    """Mystic Elevator: carry this room, and everyone in it, to an empty space by the mine."""
    x: int
    y: int

    def __str__(self) -> str:
        return f"move the elevator to ({self.x}, {self.y})"


@dataclasses.dataclass(frozen=True)
class CartWhistle(Action):
    """Cart Whistle skill: one step from anywhere to a Mine Cart."""
    x: int
    y: int

    def __str__(self) -> str:
        return f"whistle for the mine cart at ({self.x}, {self.y})"


@dataclasses.dataclass(frozen=True)
class UseRoom(Action):
    """Use the current room's ability (as the action, or in the movement phase for a step
    if it is a movement room, or free if it is a free room)."""

    def __str__(self) -> str:
        return "use the room"


@dataclasses.dataclass(frozen=True)
class EndMovement(Action):
    def __str__(self) -> str:
        return "end movement"


@dataclasses.dataclass(frozen=True)
class DrawCard(Action):
    """The plain action: draw one card (two with Prospector)."""

    def __str__(self) -> str:
        return "draw a card"


@dataclasses.dataclass(frozen=True)
class Scavenge(Action):
    """Scavenger skill: take the top card of the discard pile as the action."""

    def __str__(self) -> str:
        return "take the top discard"


@dataclasses.dataclass(frozen=True)
class ChooseX(Action):
    value: int

    def __str__(self) -> str:
        return f"X = {self.value}"


@dataclasses.dataclass(frozen=True)
class NameGem(Action):
    gem: str

    def __str__(self) -> str:
        from .gems import GEM_NAMES

        return f"name {GEM_NAMES.get(self.gem, repr(self.gem))}"


@dataclasses.dataclass(frozen=True)
class Keep(Action):
    """Take one revealed card into the hand."""
    card: int

    def __str__(self) -> str:
        return f"keep {self.card} ({_cards((self.card,))})"


@dataclasses.dataclass(frozen=True)
class Burn(Action):
    """Burn one card: the deck's top (``Burn()``), a named card from a hand the burner can see
    (``Burn(player, card)``), or, from another player's hidden hand in Rush, a card drawn at
    random (``Burn(player)``: the burner picks the player, chance picks the card)."""
    player: int = DECK
    card: int = UNSEEN

    def __str__(self) -> str:
        if self.player == DECK:
            return "burn the top card of the deck" if self.card == UNSEEN else f"burn {self.card} from the deck"
        if self.card == UNSEEN:
            return f"burn a card at random from player {self.player + 1}'s hand"
        return f"burn {self.card} ({_cards((self.card,))}) from player {self.player + 1}'s hand"


@dataclasses.dataclass(frozen=True)
class EndGame(Action):
    """Crisis: the team has reached its target and stops here."""

    def __str__(self) -> str:
        return "end the game (target reached)"


@dataclasses.dataclass(frozen=True)
class PlayOn(Action):
    """Crisis: the target is reached but the team plays on for a higher score."""

    def __str__(self) -> str:
        return "play on"


@dataclasses.dataclass(frozen=True)
class NewSkill(Action):
    """Chaos Magic, end of the turn: trade the skill for a fresh one (``swap``) or keep it."""
    swap: bool

    def __str__(self) -> str:
        return "draw a new skill" if self.swap else "keep the skill"


ACTION_TYPES = (ChooseSkill, Discard, Step, Build, WarpBuild, Warp, Ride, Place, SwapPlaces, MoveRoom,
                CartWhistle, UseRoom, EndMovement, DrawCard, Scavenge, ChooseX, NameGem, Keep, Burn,
                EndGame, PlayOn, NewSkill)
