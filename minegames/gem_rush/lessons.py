"""What the Gem Rush lessons need from the model: the helpers both lessons share.

The lessons themselves (their questions, plans and the helpers only one of them uses) are
:mod:`.lesson_1_rules` (notebooks/gem_rush_1_rules.ipynb) and :mod:`.lesson_2_chances`
(notebooks/gem_rush_2_chances.ipynb). Plain model code, no widgets:

* **boards**: one hand-made position per rule (:func:`turn_board`, :func:`passages_board`,
  :func:`building_board`, :func:`tunnel_board`, :func:`carts_board`, :func:`warp_board`,
  :func:`special_board`, :func:`ability_board`), each a :func:`.positions.position` whose
  ``_repr_svg_`` draws it. Where the lesson needs a particular room tile to turn up next,
  :func:`first_seed` asks the seeds in order for a room pile that shows it, so nothing is
  forced into the game by hand;
* **narration**: :func:`narrate` plays actions and prints the game log's new lines,
  :func:`build` also places every room tile it turns up, :func:`choices` lists the legal
  moves, :func:`try_to` shows a refusal and the rule that made it; :func:`said` returns what
  any of them would print, and :class:`Scene` is words and a board drawn together (what a
  lesson's button shows), drawn by :func:`board` without the status line; :class:`Words` and
  :class:`Table` show lines and tables as HTML, which a phone wraps between words;
* **exact answers** for the exercises, read off the model: :func:`discards_before_moving`,
  :func:`fewest_steps`, :func:`landing_room`, :func:`points_scored`, :func:`warp_doors`,
  :func:`completing_cards`, :func:`clock_turns`;
* **counting and sampling** for the probability half: :func:`paying_kinds` and
  :func:`chance_by_counting` (the multivariate hypergeometric count, written out small),
  :func:`deck_without` (the deck with one special gem struck out), :func:`simulate_pay`,
  and :func:`simulate_dig`.

The rooms named below are this project's own design (see docs/rules/gem_rush.md); the unit
test tests/unit/gem_rush/test_gem_lessons.py checks that each still has the doors the lesson
describes.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb, prod
from typing import Any, Callable, Iterable, Sequence

import numpy as np

from minegames.core import IllegalActionError

from . import components, mine, payment
from .actions import Burn, Discard, DrawCard, EndMovement, WarpBuild
from .components import GEM_CARDS, ROOM_BY_ID, GemCard
from .gems import DIAMOND_DUST, GEM_NAMES, STANDARD_GEMS
from .positions import position
from .state import GemRush

Out = Callable[[str], Any]

# ---------------------------------------------------------------------------
# The rooms the boards use (ids of components.ROOMS; the test checks their doors)
# ---------------------------------------------------------------------------

TORCHLIT_LANDING = "r01"    # four doors; Draw 2
NARROW_DRIFT = "r29"        # a wall North, doors on the other three sides
COLLAPSED_ADIT = "r30"      # a wall West
ORACLES_POOL = "r21"        # a wall North
SINGING_STONES = "r19"      # a wall East
ECHO_CHAMBER = "r20"        # North door: Obsidian + Permafrost + Electrum, 2 points (the rulebook's example)
CRYSTAL_GALLERY = "r08"
LANTERN_HALL = "r09"
STRAIGHT_TUNNELS = ("r73", "r74")   # North-South and East-West
CURVED_TUNNEL = "r77"               # North-East and South-West
TALLY_ROOM, DRIPPING_SIEVE, GLIMMERING_VAULT = "r05", "r37", "r50"   # four doors each
MINE_CARTS = ("r69", "r70")         # both open East and West
SORTING_TABLE, CRUCIBLE_HALL, RICH_STOPE = "r03", "r55", "r27"
MOTHERLODE_SHAFT = "r25"    # North door: Obsidian + Permafrost; West door: Electrum + Electrum + Sunstone
SPEAKING_STONE = "r12"      # Name a gem, reveal 6 cards, keep those showing the named gem


def card(*gems: str) -> int:
    """The first gem card (lowest id) that shows exactly these gems."""
    wanted = sorted(gems)
    for gem_card in GEM_CARDS:
        if sorted(gem_card.gems) == wanted:
            return gem_card.id
    raise LookupError(f"no gem card shows exactly {gems}")


def cards_text(card_ids: Iterable[int]) -> str:
    """Cards in words: "#3 Obsidian + Electrum, #21 Permafrost + Soulstone"."""
    return ", ".join(f"#{c} {components.card_text(c)}" for c in card_ids) or "no cards"


def room_name(room_id: str) -> str:
    return ROOM_BY_ID[room_id].name


# ---------------------------------------------------------------------------
# Narration
# ---------------------------------------------------------------------------


def narrate(game: GemRush, *actions: Any, out: Out = print) -> GemRush:
    """Play the actions in turn and print the lines each adds to the game log."""
    for action in actions:
        seen = len(game.log)
        game.apply(action)
        for _, line in list(game.log)[seen:]:
            out(f"  {line}")
    return game


def build(game: GemRush, action: Any, out: Out = print) -> GemRush:
    """Build (or warp-build), then place each room tile it turns up in its first legal turn
    (a tunnel into empty space turns up another), printing what happens."""
    narrate(game, action, out=out)
    while game.pending is not None and game.pending.get("kind") == "place":
        narrate(game, game.legal_actions()[0], out=out)
    return game


MANY = 8  # more legal actions than this are shortened


def choice_lines(game: GemRush) -> list[str]:
    """The legal actions in words (a long list is cut after the first few)."""
    legal = game.legal_actions()
    lines = [f"  {action}" for action in legal[:MANY]]
    if len(legal) > MANY:
        lines.append(f"  ... and {len(legal) - MANY} more")
    return lines


def choices(game: GemRush, out: Out = print) -> None:
    """Print what the player to move may do now."""
    out(game.prompt())
    for line in choice_lines(game):
        out(line)


def try_to(game: GemRush, action: Any, out: Out = print) -> bool:
    """Apply an action, or print the rule that refuses it (the game is then left as it was)."""
    try:
        narrate(game, action, out=out)
    except IllegalActionError as refusal:
        out(f"Not allowed: {refusal.message}")
        return False
    return True


def said(tell: Callable[..., Any], *args: Any, **kwargs: Any) -> str:
    """What ``tell`` (:func:`narrate`, :func:`build`, :func:`choices`, :func:`try_to`) would
    print, as text."""
    lines: list[str] = []
    tell(*args, out=lines.append, **kwargs)
    return "\n".join(lines)


class Words:
    """Lines of text shown as HTML, one paragraph a line, so that a phone wraps them between
    words (printed text would break mid-word)."""

    def __init__(self, text: str):
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        import html

        lines = [line.strip() for line in self.text.splitlines() if line.strip()]
        return "".join(f"<p style='margin:0 0 4px 0'>{html.escape(line, quote=False)}</p>" for line in lines)


class Table:
    """A small table shown as an HTML table (it reads on a phone) and as plain text."""

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[Any]], note: str = ""):
        self.header, self.rows, self.note = list(header), [list(map(str, row)) for row in rows], note

    def __str__(self) -> str:
        lines = [" | ".join(self.header)] + [" | ".join(row) for row in self.rows]
        return "\n".join(lines + ([self.note] if self.note else []))

    __repr__ = __str__

    def _repr_html_(self) -> str:
        import html

        def cells(row, tag):
            return "".join(f"<{tag} style='border:1px solid #bbb;padding:2px 5px'>{html.escape(c, quote=False)}"
                           f"</{tag}>" for c in row)
        body = "".join(f"<tr>{cells(row, 'td')}</tr>" for row in self.rows)
        note = "".join(f"<p style='margin:4px 0'>{html.escape(line, quote=False)}</p>"
                       for line in self.note.splitlines() if line.strip())
        return (f"<div style='max-width:100%;overflow-x:auto'><table style='border-collapse:collapse;margin:4px 0;"
                f"font-size:14px'><tr>{cells(self.header, 'th')}</tr>{body}</table></div>{note}")


class Scene:
    """Words and a board together: what a lesson shows after a press (its HTML is the words,
    then the lesson's plainer drawing of the board: no status line, cropped, larger)."""

    def __init__(self, text: str, game: GemRush | None = None, empties: Any = False, hands: bool = True):
        self.text, self.game, self.empties, self.hands = text, game, empties, hands

    def __str__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        from .picture import lesson_svg

        board = lesson_svg(self.game, empties=self.empties, hands=self.hands) if self.game is not None else ""
        return Words(self.text)._repr_html_() + board


def board(game: GemRush, empties: Any = False, hands: bool = True) -> "Drawing":
    """The lesson's drawing of a board (see :func:`.picture.lesson_svg`), for ``picture``."""
    from .picture import lesson_svg

    return Drawing(lesson_svg(game, empties=empties, hands=hands))


class Drawing:
    """An SVG drawing, shown as such."""

    def __init__(self, svg_text: str):
        self.svg = svg_text

    def _repr_svg_(self) -> str:
        return self.svg


def first_seed(make: Callable[[int], GemRush], wanted: Callable[[GemRush], bool],
               seeds: Iterable[int] = range(5000)) -> int:
    """The first seed whose game ``make(seed)`` is ``wanted`` (how a board gets the room tile
    it needs on top of the pile without any tile being moved by hand)."""
    for seed in seeds:
        if wanted(make(seed)):
            return seed
    raise LookupError("no seed in range gives the wanted game")


def next_rooms(game: GemRush, count: int = 1) -> list:
    """The next ``count`` room tiles of the pile, top first."""
    return [ROOM_BY_ID[r] for r in reversed(game.rooms_left[-count:])]


def _doors(room) -> int:
    return sum(door is not None for door in room.doors)


# ---------------------------------------------------------------------------
# Boards, one per rule
# ---------------------------------------------------------------------------

def solo(mine_layout, hand: Sequence[int] = (), at=(0, 0), seed: int = 0, **options: Any) -> GemRush:
    """A one-player Crisis position (the solo game) with this mine and hand."""
    return position(mine_layout, hands=[list(hand)], at=[at], seed=seed, players=1, mode="crisis", **options)


#: the six cards of the turn board: P1 starts over the hand limit
TURN_HAND = (0, 18, 33, 45, 54, 60)


def turn_board() -> GemRush:
    """P1 alone in Torchlit Landing (Draw 2) holding six cards: two over the limit."""
    return solo({(0, 0): (TORCHLIT_LANDING, 0)}, TURN_HAND)


def passages_board() -> GemRush:
    """Four rooms in a square, joined by one-way passages that run clockwise (each room's one
    wall faces the room before it) except between Narrow Drift and Singing Stones (doors on
    both sides). Their other doors open onto bare rock. P1 starts in Narrow Drift."""
    layout = {(0, 0): (NARROW_DRIFT, 0), (1, 0): (COLLAPSED_ADIT, 0),
              (1, 1): (ORACLES_POOL, 0), (0, 1): (SINGING_STONES, 0)}
    return solo(layout)


#: the rulebook's example hand: Obsidian + Electrum and Permafrost + Soulstone
EXAMPLE_HAND = (card("obsidian", "electrum"), card("permafrost", "soulstone"))


def _building(seed: int) -> GemRush:
    return solo({(0, 0): (ECHO_CHAMBER, 0)}, EXAMPLE_HAND, seed=seed)


def building_board() -> GemRush:
    """P1 in Echo Chamber, whose North door costs Obsidian, Permafrost and Electrum, holding the
    rulebook's two cards; the next room tile is an ordinary room with three doors."""
    seed = first_seed(_building, lambda g: next_rooms(g)[0].kind != "tunnel" and _doors(next_rooms(g)[0]) == 3)
    return _building(seed)


TUNNEL_MINE = {
    (0, 0): (TORCHLIT_LANDING, 0), (1, 0): (STRAIGHT_TUNNELS[0], 0), (2, 0): (CURVED_TUNNEL, 0),
    (2, 1): (CRYSTAL_GALLERY, 0), (3, 0): (LANTERN_HALL, 0), (0, -1): (STRAIGHT_TUNNELS[1], 0),
}


def _tunnels(seed: int, hand: Sequence[int], north: bool = True) -> GemRush:
    layout = TUNNEL_MINE if north else {pos: tile for pos, tile in TUNNEL_MINE.items() if pos != (0, -1)}
    return solo(layout, hand, seed=seed)


def tunnel_board(next_tile: str = "room", hand: Sequence[int] = (), north: bool = True) -> GemRush:
    """P1 in Torchlit Landing with two tunnels east (a straight one, then a bend) and, with
    ``north``, one north.

    ``next_tile``: ``"room"`` (the room pile's top tile is not a tunnel) or ``"tunnel"`` (a
    tunnel is on top and an ordinary room under it)."""
    if next_tile == "room":
        def wanted(g):
            return next_rooms(g)[0].kind != "tunnel"
    elif next_tile == "tunnel":
        def wanted(g):
            top, under = next_rooms(g, 2)
            return top.kind == "tunnel" and under.kind != "tunnel"
    else:
        raise ValueError("next_tile is 'room' or 'tunnel'")
    return _tunnels(first_seed(lambda s: _tunnels(s, hand, north), wanted), hand, north)


CART_MINE = {
    (0, 0): (TALLY_ROOM, 0), (1, 0): (MINE_CARTS[0], 0), (2, 0): (CRYSTAL_GALLERY, 0),
    (3, 0): (DRIPPING_SIEVE, 0), (4, 0): (MINE_CARTS[1], 0), (5, 0): (GLIMMERING_VAULT, 0),
}


def carts_board() -> GemRush:
    """Six rooms in a row, a Mine Cart second and fifth; P1 in Tally Room at the west end."""
    return solo(CART_MINE)


WARP_MINE = {(0, 0): (SORTING_TABLE, 0), (1, 0): (CRUCIBLE_HALL, 0), (1, 1): (RICH_STOPE, 0)}
#: Electrum + Warpstone and Obsidian + Permafrost
WARP_HAND = (card("electrum", "warpstone"), card("obsidian", "permafrost"))


def warp_board() -> GemRush:
    """Three rooms; P1 in Sorting Table holding Electrum + Warpstone and Obsidian + Permafrost."""
    return solo(WARP_MINE, WARP_HAND)


#: Obsidian + Orichalcum and Permafrost + Orichalcum
ORICHALCUM_HAND = (card("obsidian", "orichalcum"), card("permafrost", "orichalcum"))


def special_board(hand: Sequence[int] = ORICHALCUM_HAND) -> GemRush:
    """P1 in Motherlode Shaft (North door Obsidian + Permafrost, West door Electrum + Electrum +
    Sunstone) with the next room tile an ordinary room."""
    def make(seed):
        return solo({(0, 0): (MOTHERLODE_SHAFT, 0)}, hand, seed=seed)
    return make(first_seed(make, lambda g: next_rooms(g)[0].kind != "tunnel"))


def ability_board(named: str = "obsidian") -> GemRush:
    """P1 in Speaking Stone (Name a gem, reveal 6 cards, keep those showing it), ready to act;
    the first seed whose six top cards hold at least one card showing ``named``."""
    def make(seed):
        return solo({(0, 0): (SPEAKING_STONE, 0)}, (), seed=seed).apply(EndMovement())
    return make(first_seed(make, lambda g: any(named in GEM_CARDS[c].gems for c in g.deck[-6:])))


# ---------------------------------------------------------------------------
# Exact answers, read off the model
# ---------------------------------------------------------------------------

def discards_before_moving(game: GemRush) -> int:
    """How many cards the player to move must discard before the movement phase (on a copy)."""
    trial, count = game.copy(), 0
    while trial.phase == "discard":
        trial.apply(Discard(trial.hand()[-1]))
        count += 1
    return count


def where(game: GemRush, room_id: str) -> tuple[int, int]:
    """The square of a room tile in the mine."""
    for pos, (placed, _) in game.mine.items():
        if placed == room_id:
            return pos
    raise LookupError(f"{room_name(room_id)} is not in the mine")


def fewest_steps(game: GemRush, to_room: str, from_room: str | None = None) -> int:
    """The fewest movement steps from ``from_room`` (default: where P1 stands) to ``to_room``,
    through doors, across tunnels, with free Mine Cart rides (mine.shortest_steps)."""
    start = where(game, from_room) if from_room else tuple(game.players[game.current]["pos"])
    return mine.shortest_steps(game.mine, start)[where(game, to_room)]


def landing_room(game: GemRush, side: int) -> str:
    """The name of the room a step through ``side`` of the dwarf's room ends in."""
    landing = mine.follow(game.mine, tuple(game.players[game.current]["pos"]), side)
    if landing.empty:
        return "empty space"
    return room_name(game.mine[landing.pos][0])


def points_scored(game: GemRush, action: Any) -> int:
    """The points ``action`` (a build, with any rooms it turns up) scores, played on a copy."""
    trial = game.copy()
    before = trial.players[trial.current]["score"]
    build(trial, action, out=lambda _line: None)
    return trial.players[trial.current]["score"] - before


def warp_doors(game: GemRush) -> list[tuple[tuple[int, int], int]]:
    """The doors, as ``((x, y), side)``, that a warp build could go through now."""
    return sorted({((a.x, a.y), a.side) for a in game.legal_actions() if isinstance(a, WarpBuild)})


def completing_cards(cost: Sequence[str], hand: Sequence[int], offered: Iterable[int]) -> list[int]:
    """The offered cards that, spent with the whole hand, pay ``cost`` (payment.settle)."""
    return [c for c in offered
            if payment.settle(tuple(cost), [GEM_CARDS[i] for i in (*hand, c)]) is not None]


def clock_turns(players: int, seed: int = 0) -> list[int]:
    """Turns each seat takes in a Crisis game with no target, played to the last burn on the
    model (every turn: trim the hand, stand still, draw, burn from the deck while it has
    cards, else from a hand)."""
    game = position(None, seed=seed, players=players, mode="crisis")
    turns = [0] * players
    while not game.is_over:
        seat = game.current
        while game.phase == "discard":
            game.apply(Discard(game.hand()[-1]))
        game.apply(EndMovement())
        game.apply(DrawCard())
        while game.phase == "burn":
            legal = game.legal_actions()
            game.apply(Burn() if Burn() in legal else legal[0])
        turns[seat] += 1
    return turns


# ---------------------------------------------------------------------------
# Counting paying hands by hand (doors of different gems)
# ---------------------------------------------------------------------------

def card_kind(gem_card: GemCard, cost: Sequence[str]) -> tuple[tuple[str, ...], int]:
    """What a card can do for a door of *different* gems: the cost gems it shows, and 1 if it
    has a Diamond Dust (an Echoglass only copies a gem already shown, so it never helps here;
    Orichalcum and Warpstone pay nothing)."""
    shown = tuple(g for g in cost if g in gem_card.gems)
    return shown, int(DIAMOND_DUST in gem_card.gems)


def paying_kinds(cost: Sequence[str], deck: Iterable[GemCard] = GEM_CARDS) -> Counter:
    """How many cards of the deck there are of each :func:`card_kind`."""
    return Counter(card_kind(c, cost) for c in deck)


def kinds_pay(cost: Sequence[str], kinds: Iterable[tuple[tuple[str, ...], int]]) -> bool:
    """Whether cards of these kinds pay a door of different gems: every cost gem no card shows
    needs a Diamond Dust of its own."""
    kinds = list(kinds)
    shown = {g for gems, _ in kinds for g in gems}
    return len(set(cost) - shown) <= sum(dust for _, dust in kinds)


def chance_by_counting(cost: Sequence[str], draws: int, deck: Sequence[GemCard] = GEM_CARDS) -> Fraction:
    """The chance that ``draws`` cards dealt from ``deck`` pay ``cost`` (different gems only),
    by the multivariate hypergeometric count: for every way to take ``j_k`` cards of each kind
    ``k``, ``prod C(n_k, j_k)`` hands, over ``C(len(deck), draws)`` hands in all."""
    if len(set(cost)) != len(cost):
        raise ValueError("the count by kinds is written for doors of different gems")
    kinds = paying_kinds(cost, deck)
    names, sizes = list(kinds), list(kinds.values())
    paying = 0
    for taken in product(*(range(min(n, draws) + 1) for n in sizes)):
        if sum(taken) != draws:
            continue
        if kinds_pay(cost, [k for k, j in zip(names, taken) if j]):
            paying += prod(comb(n, j) for n, j in zip(sizes, taken))
    return Fraction(paying, comb(len(deck), draws))


def deck_without(gem: str) -> tuple[GemCard, ...]:
    """The 75 cards with ``gem`` struck off every card that shows it (the card keeps its other
    gem and its id): to measure what that special gem is worth."""
    return tuple(GemCard(c.id, tuple(g for g in c.gems if g != gem) or c.gems) for c in GEM_CARDS)


# ---------------------------------------------------------------------------
# Simulation (seeded, so the notebook's numbers are the same every run)
# ---------------------------------------------------------------------------

def pays(cost: Sequence[str], card_ids: Iterable[int], deck: Sequence[GemCard] = GEM_CARDS) -> bool:
    """Whether these cards (ids into ``deck``) pay ``cost``: the model's payment rule."""
    return payment.settle(tuple(cost), [deck[int(i)] for i in card_ids]) is not None


def simulate_pay(cost: Sequence[str], draws: int, trials: int = 20_000, seed: int = 1,
                 deck: Sequence[GemCard] = GEM_CARDS) -> np.ndarray:
    """Deal ``draws`` random cards ``trials`` times; the running share of deals that pay."""
    rng = np.random.default_rng(seed)
    hits = np.array([pays(cost, rng.choice(len(deck), draws, replace=False), deck) for _ in range(trials)])
    return np.cumsum(hits) / np.arange(1, trials + 1)


def simulate_dig(n: int, gems: Sequence[str], trials: int = 20_000, seed: int = 2) -> np.ndarray:
    """Shuffle the 75 cards ``trials`` times and turn them up until ``n`` show one of ``gems``:
    the number of cards each dig turned up."""
    rng = np.random.default_rng(seed)
    hit = np.array([any(g in c.gems for g in gems) for c in GEM_CARDS])
    lengths = np.empty(trials, dtype=int)
    for t in range(trials):
        order = hit[rng.permutation(len(GEM_CARDS))]
        lengths[t] = int(np.flatnonzero(order)[n - 1]) + 1
    return lengths


def gem_names(gems: Iterable[str]) -> str:
    return " + ".join(GEM_NAMES[g] for g in sorted(gems, key=STANDARD_GEMS.index))
