"""A deck of cards: a shuffled draw pile and a discard pile."""

from __future__ import annotations

from typing import Generic, Iterable, TypeVar

import numpy as np

from .errors import IllegalActionError
from .rng import shuffled

Card = TypeVar("Card")


class Deck(Generic[Card]):
    """Cards are drawn from the end of ``draw_pile`` (its top).

    The order of the draw pile is a secret: a player's view should show only
    ``len(deck)`` and the discard pile.
    """

    def __init__(self, cards: Iterable[Card] = (), discards: Iterable[Card] = ()):
        self.draw_pile: list[Card] = list(cards)
        self.discards: list[Card] = list(discards)

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: np.random.Generator) -> None:
        self.draw_pile = shuffled(self.draw_pile, rng)

    def draw(self, rng: np.random.Generator | None = None, reshuffle: bool = False) -> Card:
        """Draw the top card; with ``reshuffle`` an empty pile takes the discards back."""
        if not self.draw_pile and reshuffle and self.discards:
            if rng is None:
                raise ValueError("reshuffling needs a random generator")
            self.draw_pile, self.discards = self.discards, []
            self.shuffle(rng)
        if not self.draw_pile:
            raise IllegalActionError("empty deck", "there is no card left to draw")
        return self.draw_pile.pop()

    def discard(self, card: Card) -> None:
        self.discards.append(card)

    def copy(self) -> "Deck[Card]":
        return Deck(self.draw_pile, self.discards)
