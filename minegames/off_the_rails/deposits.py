"""Building the deposit and chasm decks, exactly as the lesson's odds assume (``analysis.py``).

For each colour's eight numbered cards: shuffle; take some out of the game (1, or 2 with two or
three players; the game length option changes this); reveal one, whose deposit is made at
setup; put one face down on the Chasm deck; the rest go into stacks of four, one card of each
colour, each stack shuffled, the stacks piled into the Deposit deck. The Chasm card then goes
in so that it is the 5th, 6th, 7th or 8th card from the bottom, each as likely.

The solo game (docs/rules/off_the_rails.md, solo readings) keeps the Chasm deck, reveals no
deposit (every mine square starts with one gem) and shuffles the other 28 cards with the Chasm
card into one deck.

Decks are lists with the top card last, so ``deck.pop()`` draws.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from minegames.core.rng import shuffled

from .board import CLANS
from .components import CHASM_CARD
from .options import Options

#: The Chasm card's place, counted from the bottom of the Deposit deck.
CHASM_FROM_BOTTOM = (5, 6, 7, 8)


@dataclasses.dataclass
class Decks:
    deposit: list[str]      # top last; numbered cards by id ("red 3") and the Chasm card
    chasm: list[str]        # the Chasm deck: one card of each colour, in colour order
    revealed: list[str]     # deposits made at setup
    removed: list[str]      # out of the game, unseen


def build_decks(options: Options, rng: np.random.Generator) -> Decks:
    by_colour = {colour: shuffled([f"{colour} {n}" for n in range(1, 9)], rng) for colour in CLANS}
    if options.solo:
        chasm = [by_colour[colour].pop() for colour in CLANS]
        rest = [card for colour in CLANS for card in by_colour[colour]]
        return Decks(deposit=shuffled(rest + [CHASM_CARD], rng), chasm=chasm, revealed=[], removed=[])
    keep = options.cards_per_colour
    removed = [by_colour[colour].pop() for colour in CLANS for _ in range(8 - 2 - keep)]
    revealed = [by_colour[colour].pop() for colour in CLANS]
    chasm = [by_colour[colour].pop() for colour in CLANS]
    stacks = [shuffled([by_colour[colour][k] for colour in CLANS], rng) for k in range(keep)]
    pile = [card for stack in stacks for card in stack]  # bottom first
    from_bottom = CHASM_FROM_BOTTOM[int(rng.integers(len(CHASM_FROM_BOTTOM)))]
    pile.insert(from_bottom - 1, CHASM_CARD)
    return Decks(deposit=pile, chasm=chasm, revealed=revealed, removed=removed)
