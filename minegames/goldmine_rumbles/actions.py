"""The actions of Goldmine Rumbles: every decision is one small action of the player
who makes it (``player`` is 0-based; texts show the colour's seat, "P2").

Fields are ints, texts and tuples only, so actions are hashable and save as JSON; a
position in the mine travels as :func:`mine.position_to_json` (an int or a tuple).
Whether an action is legal is the state's business.
"""

from __future__ import annotations

import dataclasses

from minegames.core import Action, SaveFormatError
from minegames.core.actions import whole_field

from .components import ESSENTIALS
from .mine import position_from_json
from .wording import describe


def _p(player: int) -> str:
    return f"P{player + 1}"


def _place(to: object) -> str:
    """A destination's name, or its raw form when it names no place (the state refuses those)."""
    try:
        return describe(position_from_json(to))
    except SaveFormatError:
        return f"position {to!r}"


class GoldmineAction(Action):
    """Checks field types as an action is made, so a malformed action (or save) fails at once
    with a clear message instead of deep inside the rules."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value, kind = getattr(self, field.name), field.type
            if kind == "int":
                whole_field(field.name, value)
            elif kind == "str" and not isinstance(value, str):
                raise TypeError(f"{field.name} must be a text, got {value!r}")
            elif kind == "tuple" and not (isinstance(value, tuple) and all(type(v) in (int, str) for v in value)):
                raise TypeError(f"{field.name} must be a tuple of whole numbers or texts, got {value!r}")
            elif kind == "object" and not (type(value) is int or isinstance(value, tuple)
                                           and all(type(v) in (int, str) for v in value)):
                raise TypeError(f"{field.name} must be a position (a number or a tuple), got {value!r}")


@dataclasses.dataclass(frozen=True)
class PlaceCube(GoldmineAction):
    """Put one cube on the lowest free square of a dashboard column."""

    player: int
    column: str

    def __str__(self) -> str:
        return f"{_p(self.player)} places a cube on {self.column}"


@dataclasses.dataclass(frozen=True)
class BuyEssentials(GoldmineAction):
    """Buy Essentials from Frank Clayton at 1gn each: one Black Mark for the whole purchase.
    The items keep the order of ``components.ESSENTIALS`` (whatever order they are given in), so
    one purchase is one action."""

    player: int
    items: tuple

    def __post_init__(self) -> None:
        super().__post_init__()
        order = {item: rank for rank, item in enumerate(ESSENTIALS)}
        object.__setattr__(self, "items", tuple(sorted(self.items, key=lambda item: (order.get(item, 99), item))))

    def __str__(self) -> str:
        return f"{_p(self.player)} buys {', '.join(self.items)}"


@dataclasses.dataclass(frozen=True)
class BuyClaim(GoldmineAction):
    """Buy the claim on store square ``slot`` (0-4, left to right) and set off to mine it."""

    player: int
    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} buys the claim on square {self.slot + 1}"


@dataclasses.dataclass(frozen=True)
class AttackPapaClayton(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} sets off to rob Papa Clayton"


@dataclasses.dataclass(frozen=True)
class AttackPlayer(GoldmineAction):
    player: int
    target: int

    def __str__(self) -> str:
        return f"{_p(self.player)} sets off to rob {_p(self.target)}"


@dataclasses.dataclass(frozen=True)
class Step(GoldmineAction):
    """Walk one tunnel of one tile (or make one Tunnel Plans jump) to ``to``."""

    player: int
    to: object  # mine.position_to_json form, lists as tuples

    def __str__(self) -> str:
        return f"{_p(self.player)} walks to {_place(self.to)}"


@dataclasses.dataclass(frozen=True)
class Blast(GoldmineAction):
    """Turn the tile on (row, col) ``turns`` quarter turns: a Dynamite, or a blast it still owes."""

    player: int
    row: int
    col: int
    turns: int

    def __str__(self) -> str:
        return f"{_p(self.player)} blasts the tile at row {self.row + 1}, column {self.col + 1} ({self.turns}x90°)"


@dataclasses.dataclass(frozen=True)
class TakeItems(GoldmineAction):
    """Take two of the three slots (0-2) of one row (0 top, 1 bottom) of the claim you stand at."""

    player: int
    row: int
    slots: tuple

    def __str__(self) -> str:
        return f"{_p(self.player)} takes slots {', '.join(str(s + 1) for s in self.slots)} of row {self.row + 1}"


@dataclasses.dataclass(frozen=True)
class UseItem(GoldmineAction):
    """Use (and discard) an item: a free use (Whiskey...) or the answer to a decision (Bread at a rat)."""

    player: int
    item: str

    def __str__(self) -> str:
        return f"{_p(self.player)} uses {self.item}"


@dataclasses.dataclass(frozen=True)
class Decline(GoldmineAction):
    """Answer a decision without using an item (take the Poison, keep the die, no Chippawa Leaf)."""

    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} declines"


@dataclasses.dataclass(frozen=True)
class Discard(GoldmineAction):
    """Put an item back in the supply (to make room under the carry limit)."""

    player: int
    item: str

    def __str__(self) -> str:
        return f"{_p(self.player)} discards {self.item}"


@dataclasses.dataclass(frozen=True)
class MineAlone(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} mines alone"


@dataclasses.dataclass(frozen=True)
class PayFee(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} pays Papa Clayton's fee"


@dataclasses.dataclass(frozen=True)
class FightClayton(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} fights Papa Clayton"


@dataclasses.dataclass(frozen=True)
class FightRound(GoldmineAction):
    """The fight's dice are rolled for one round (the attacker, or the miner fighting the hazard)."""

    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} rolls a fight round"


@dataclasses.dataclass(frozen=True)
class Dismiss(GoldmineAction):
    """Discard a Bible to set aside this round's fight dice (``"own"``, ``"opponent"`` or ``"both"``),
    in a fight its holder did not start."""

    player: int
    dice: str

    def __str__(self) -> str:
        which = {"own": "their own die", "opponent": "the other side's die"}.get(self.dice, "both dice")
        return f"{_p(self.player)} discards a Bible to dismiss {which}"


@dataclasses.dataclass(frozen=True)
class OfferRoute(GoldmineAction):
    """Paid route finders (optional rule): offer the traveller a way to their goal."""

    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} offers to show a route"


@dataclasses.dataclass(frozen=True)
class AcceptRoute(GoldmineAction):
    """Paid route finders: the traveller takes ``helper``'s route; the helper gets 1gn from the bank."""

    player: int
    helper: int

    def __str__(self) -> str:
        return f"{_p(self.player)} accepts {_p(self.helper)}'s route"


@dataclasses.dataclass(frozen=True)
class ChooseItem(GoldmineAction):
    """Take one item as a fight's spoils (from the supply after beating Papa Clayton, or from the loser)."""

    player: int
    item: str

    def __str__(self) -> str:
        return f"{_p(self.player)} takes {self.item}"


@dataclasses.dataclass(frozen=True)
class EndTurn(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} ends the turn"


@dataclasses.dataclass(frozen=True)
class InviteBids(GoldmineAction):
    """The claim-owner asks the others to bid to become their partner."""

    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} invites bids for a partner"


@dataclasses.dataclass(frozen=True)
class Bid(GoldmineAction):
    """Put your counter on a free Bid-board square worth ``square`` gn."""

    player: int
    square: int

    def __str__(self) -> str:
        return f"{_p(self.player)} bids {self.square}gn"


@dataclasses.dataclass(frozen=True)
class NoBid(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} does not bid"


@dataclasses.dataclass(frozen=True)
class AcceptBid(GoldmineAction):
    """The owner takes ``bidder`` as partner; the bidder pays the bid to the owner."""

    player: int
    bidder: int

    def __str__(self) -> str:
        return f"{_p(self.player)} accepts {_p(self.bidder)}'s bid"


@dataclasses.dataclass(frozen=True)
class RejectBids(GoldmineAction):
    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} rejects every bid"


@dataclasses.dataclass(frozen=True)
class RollYield(GoldmineAction):
    """The owner rolls the two yield dice for both partners."""

    player: int

    def __str__(self) -> str:
        return f"{_p(self.player)} rolls the yield dice"


@dataclasses.dataclass(frozen=True)
class ChooseDie(GoldmineAction):
    """A partnered miner takes yield die ``die`` (0 or 1)."""

    player: int
    die: int

    def __str__(self) -> str:
        return f"{_p(self.player)} takes die {self.die + 1}"


@dataclasses.dataclass(frozen=True)
class Trade(GoldmineAction):
    """Sell two of three identical non-essential items back to the supply for 6gn."""

    player: int
    item: str

    def __str__(self) -> str:
        return f"{_p(self.player)} sells two {self.item} for 6gn"


@dataclasses.dataclass(frozen=True)
class MoveCube(GoldmineAction):
    """With a Pipe: move the top cube of one dashboard column to another's lowest free square."""

    player: int
    source: str
    target: str

    def __str__(self) -> str:
        return f"{_p(self.player)} moves a cube from {self.source} to {self.target}"


@dataclasses.dataclass(frozen=True)
class Swap(GoldmineAction):
    """At Papa Clayton's side: give him a Flask or Harmonica for an item with that icon."""

    player: int
    give: str
    take: str

    def __str__(self) -> str:
        return f"{_p(self.player)} swaps {self.give} with Papa Clayton for {self.take}"


@dataclasses.dataclass(frozen=True)
class Steal(GoldmineAction):
    """With Bacon: pickpocket ``item`` from ``victim`` (a player, or -1 for Papa Clayton) on the same spot."""

    player: int
    victim: int
    item: str

    def __str__(self) -> str:
        whom = "Papa Clayton" if self.victim < 0 else _p(self.victim)
        return f"{_p(self.player)} uses Bacon to steal {self.item} from {whom}"


@dataclasses.dataclass(frozen=True)
class Refresh(GoldmineAction):
    """With a Flask: send the claims on store squares ``slots`` to the pile and refill the store."""

    player: int
    slots: tuple

    def __str__(self) -> str:
        return f"{_p(self.player)} refreshes the claims on squares {', '.join(str(s + 1) for s in self.slots)}"


@dataclasses.dataclass(frozen=True)
class Rearrange(GoldmineAction):
    """With a Detonator: put the three tiles of a line ("row"/"column", index) in a new ``order``."""

    player: int
    line: str
    index: int
    order: tuple

    def __str__(self) -> str:
        return f"{_p(self.player)} rearranges {self.line} {self.index + 1} as {tuple(i + 1 for i in self.order)}"


@dataclasses.dataclass(frozen=True)
class Peek(GoldmineAction):
    """With a Detonator: look in secret at any one Rumbles tile not yet revealed; ``place`` is its
    place along the track, counted from 1 (the rulebook: "one unrevealed Goldmine Rumbles tile")."""

    player: int
    place: int

    def __str__(self) -> str:
        return f"{_p(self.player)} peeks at Rumbles tile {self.place}"


@dataclasses.dataclass(frozen=True)
class Pick(GoldmineAction):
    """With a Matchstick: take one item from a displayed claim whose site the journey reached."""

    player: int
    claim: int
    row: int
    slot: int

    def __str__(self) -> str:
        return f"{_p(self.player)} strikes a Matchstick for slot {self.slot + 1} of row {self.row + 1} of claim {self.claim}"


@dataclasses.dataclass(frozen=True)
class Travel(GoldmineAction):
    """Walk the journey's goal by the route with fewest rats and snakes, then fewest steps; it stops
    early where a rat or snake asks for a decision."""

    player: int
    to: object  # mine.position_to_json form, lists as tuples

    def __str__(self) -> str:
        return f"{_p(self.player)} travels to {_place(self.to)}"


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceCube, BuyEssentials, BuyClaim, AttackPapaClayton, AttackPlayer, Step, Blast, TakeItems, UseItem,
    Decline, Discard, MineAlone, PayFee, FightClayton, FightRound, ChooseItem, EndTurn,
    InviteBids, Bid, NoBid, AcceptBid, RejectBids, RollYield, ChooseDie, Trade, MoveCube, Swap, Steal,
    Refresh, Rearrange, Peek, Pick, Travel, Dismiss, OfferRoute, AcceptRoute,
)

__all__ = ["ACTION_TYPES", *(action.__name__ for action in ACTION_TYPES)]
