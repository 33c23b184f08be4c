"""A hint that teaches: what to weigh before the next tile, then one placement.

A tutor would not lay the tiles for you; they would point at what makes this
board hard (the piece with the fewest places left, the spaces against what your
card can still fill, whether a full cover is still in reach) and only then show
a move. :func:`weigh` computes both from the exact solver (:func:`solver.hint`)
so the app only formats them.

The move shown is the hardest piece of the solver's cover, not the first in
reading order: every piece of an optimal cover keeps that cover possible, and
laying the awkward piece first is the habit worth learning.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from minegames.core import polyomino as P

from . import solver
from .components import COLOURS, SIZES

__all__ = ["Weighing", "weigh"]


@dataclass(frozen=True)
class Weighing:
    """What the next tile should weigh, for one player's board (numbers, then words).

    ``hint``: the solver's answer. ``step``: the placement to show (None when a tile
    must come off, or nothing is left to lay); ``spots``: in how many places its
    shape fits on the empty spaces (each distinct set of cells once).
    ``room``: the most spaces the card's tiles still free in the supply could fill.
    """

    hint: solver.Hint
    size: int
    empty: int
    room: int
    left: dict              # colour -> tiles the card still allows (and the supply holds)
    needed: dict            # colour -> tiles of that colour in the solver's cover
    step: Optional[solver.Placement]
    spots: int
    step_name: str
    largest: bool           # the step is (one of) the largest pieces still needed
    remove: Optional[int]   # a tile id to take off first
    remove_name: str
    remove_reason: str      # "card", "rock" or "blocks"

    @property
    def covered_all(self) -> bool:
        return self.empty == 0

    def explanation(self) -> str:
        """The first press: what to weigh, without the move."""
        if self.covered_all:
            return "every space is covered: nothing left to weigh. Call Out of Mine! before a rival does."
        parts = [f"{self.empty} of {self.size} spaces are still empty; the tiles your card still allows "
                 f"could fill {self.room} spaces ({_counts(self.left) or 'none'})."]
        if self.room < self.empty:
            parts.append(f"That is {self.empty - self.room} short, so a full cover is out of reach: aim to leave "
                         "as few spaces empty as you can.")
        elif self.room == self.empty:
            parts.append("That is exactly enough: every tile you may still take has to go in.")
        else:
            parts.append(f"That leaves {self.room - self.empty} spare: choose which pieces to leave out.")
        if self.remove is not None:
            why = {"card": "one tile breaks your card's count of its colour",
                   "rock": "one tile hangs over the rock",
                   "blocks": "one of your tiles is in the way: where it lies, the rest cannot be covered as well"}
            parts.append(f"Weigh the tiles already laid: {why[self.remove_reason]}. "
                         f"Without it {self._reach()}.")
        elif self.step is None:
            parts.append("No tile your card allows fits any of the empty spaces now.")
        else:
            if self.hint.perfect:
                parts.append("A full cover is still possible.")
            else:
                parts.append(f"The best still possible covers {self.hint.covered} of {self.size} spaces.")
            where = "only one place" if self.spots == 1 else f"only {self.spots} places" if self.spots <= 4 \
                else f"{self.spots} places"
            kind = ("the largest piece you still need" if self.largest
                    else "an awkward shape, with fewer places than the bigger pieces")
            parts.append(f"Hardest to fit: the {self.step_name}, {kind}: it fits in {where} "
                         "on the empty spaces. Lay the hard pieces while there is room; single spaces fill gaps last.")
        return " ".join(parts)

    def move(self) -> str:
        """The second press: the move, and where it leads."""
        if self.remove is not None:
            return (f"take off the {self.remove_name} marked in gold: it is in the way; without it {self._reach()}")
        if self.step is not None:
            ending = "a full cover" if self.hint.perfect else f"{self.hint.covered} of {self.size} spaces"
            return (f"lay the {self.step_name} on the gold outline (it is in your hand, turned to fit); "
                    f"this leads to {ending}")
        if self.covered_all:
            return "every space is covered: call Out of Mine!"
        return "no tile your card allows fits any more: press Done"

    def _reach(self) -> str:
        return ("a full cover is possible" if self.hint.perfect
                else f"{self.hint.covered} of {self.size} spaces can be covered")


def _counts(by_colour: dict) -> str:
    return ", ".join(f"{n} {colour}" for colour, n in by_colour.items() if n)


def weigh(state: Any, player: int) -> Weighing:
    """What ``player`` (placing in ``state``) should weigh now, and the one move to show."""
    opts, kit = state.options, state.kit
    board, card, placed = state.boards[player], state.cards[player], state.placed[player]
    free = state.free_tiles()
    advice = solver.hint(board, card, placed, flips=opts.flips, white_shapes=opts.white_shapes,
                         supply=[kit.tiles[t] for t in free])
    empty_cells = state.empty_cells(player)
    used = state.card_use(player)
    in_supply: dict[str, int] = {}
    for t in free:
        colour = kit.tiles[t].colour
        in_supply[colour] = in_supply.get(colour, 0) + 1
    left = {c: min(max(card.limits.get(c, 0) - used.get(c, 0), 0), in_supply.get(c, 0)) for c in COLOURS}
    room = sum(n * SIZES[c] for c, n in left.items())
    needed = {c: sum(p.colour == c for p in advice.place) for c in COLOURS}
    step, spots, largest, step_name = None, 0, False, ""
    if not advice.remove and advice.place:
        scored = [(_spots(kit.shapes[p.colour][p.shape], empty_cells, opts.flips), -SIZES[p.colour], i)
                  for i, p in enumerate(advice.place)]
        spots, _, index = min(scored)
        step = advice.place[index]
        largest = SIZES[step.colour] == max(SIZES[p.colour] for p in advice.place)
        step_name = kit.kind_words(step.colour, step.shape)
    remove, remove_name, reason = None, "", ""
    if advice.remove:
        remove = advice.remove[0]
        tile = kit.tiles[remove]
        remove_name = kit.tile_words(remove)
        lying = next(p for p in placed if p.tile == remove)
        if used.get(tile.colour, 0) > card.limits.get(tile.colour, 0):
            reason = "card"
        elif not set(lying.cells) <= set(state.gallery(player)):
            reason = "rock"
        else:
            reason = "blocks"
    return Weighing(advice, len(state.gallery(player)), len(empty_cells), room, left, needed, step, spots,
                    step_name, largest, remove, remove_name, reason)


def _spots(shape: frozenset, empty: frozenset, flips: bool) -> int:
    """Distinct sets of empty cells the shape can cover (turned, and flipped when allowed)."""
    return len({cells for _k, _r, _c, cells in P.placements(shape, empty, flips)})
