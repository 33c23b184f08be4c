"""Ways to get a game: a fresh one, a saved one, or a hand-made round in progress.

``position`` sets up one round of placing with chosen boards, cards and tiles, so a
lesson or a test can show a single rule (a scoring example, a check after a call).
The tiles are put down through the game's own placement rules, so a position is one
the rules can reach.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping, Sequence

from minegames.core import OptionError, make_options

from . import components
from .actions import Done, Place
from .kit import Kit, standard_kit
from .options import Options, whole_number
from .state import OutOfMine


def new_game(seed: int | None = None, players: int = 2, **options: Any) -> OutOfMine:
    """A new game; the seed fixes the boards dealt, the pile and the card deck."""
    return OutOfMine(make_options(Options, {"players": players, **options}), seed)


def load(json_text: str) -> OutOfMine:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return OutOfMine.from_json(json_text)


def board_from_art(art: str, board: int = 0, side: str = "A", elves: Iterable = ()) -> components.BoardSide:
    """A board side drawn as text: ``#`` is a gallery cell, anything else rock.
    ``elves`` are ``Elf`` values or (cell, edge, colour) triples."""
    rows = [line for line in art.strip("\n").splitlines()]
    cells = frozenset((r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")
    return components.BoardSide(board, side, cells, tuple(components.Elf(tuple(e[0]), e[1], e[2]) for e in elves))


def card(limits: Mapping[str, int], finds: Mapping[str, int] | None = None, card_id: int = 0) -> components.TreasureCard:
    """A treasure card made by hand (it need not add up to 20 cells)."""
    return components.TreasureCard(card_id, components.FrozenMap(limits), components.FrozenMap(finds or {}))


def position(
    boards: Sequence[Any],
    cards: Sequence[Any],
    placed: Sequence[Iterable[Any]] = (),
    *,
    seed: int | None = 0,
    round: int = 1,
    clock_ms: int = 0,
    done: Iterable[int] = (),
    **options: Any,
) -> OutOfMine:
    """A round in the "placing" phase, built by hand.

    * ``boards``: one per player: ``(board, side)`` of the boxed set, a ``BoardSide``,
      or text for :func:`board_from_art`;
    * ``cards``: one per player: a card id of the boxed set, a ``TreasureCard``, or a
      dict of colour limits (see :func:`card` for finds);
    * ``placed``: per player, tiles in the order they were put down, each
      ``(tile, orientation, row, col)`` where ``tile`` is a tile id or a name such as
      ``"red T4"`` or ``"green I3 gold"`` (the first free tile of that colour, shape and
      find; without a find named, one without a find if any);
    * ``done``: players who already stopped; ``round``: which round of the game this is
      (the pile holds a board per later round); other keywords are game options.

    Placements follow the game's rules (strict or table rules): an impossible one raises
    ``IllegalActionError`` naming the rule.
    """
    options.setdefault("players", len(boards))
    opts = make_options(Options, options)
    if len(boards) != opts.players or len(cards) != opts.players:
        raise OptionError("boards", f"give one board and one card per player ({opts.players})")
    if isinstance(round, bool) or not isinstance(round, int) or not 1 <= round <= opts.rounds:
        raise OptionError("round", f"must be 1..{opts.rounds}, got {round!r}")
    boxed = standard_kit(opts.white_shapes)
    sides, extra_boards = _boards(boards, boxed)
    card_ids, extra_cards = _cards(cards, boxed)
    kit = boxed
    if extra_boards or extra_cards:
        kit = Kit(boxed.tiles, boxed.shapes, boxed.names, list(boxed.boards.values()) + extra_boards,
                  list(boxed.cards.values()) + extra_cards)

    state = OutOfMine._blank(opts, seed)
    state._use_kit(kit)
    state._round = round
    state._board_no = [b for b, _ in sides]
    state._side = [s for _, s in sides]
    spare = [b for b in boxed.board_numbers if b not in state._board_no]
    state._pile = spare[:opts.rounds - round]
    state._box = sorted(set(kit.board_numbers) - set(state._board_no) - set(state._pile))
    state._deck.draw_pile = [c for c in sorted(kit.cards) if c not in card_ids]
    state._deck.shuffle(state.rng)
    state._cards = list(card_ids)
    whole_number("clock_ms", clock_ms, 0, 24 * 3600 * 1000)
    state._phase, state._clock = "placing", clock_ms
    for p, tiles in enumerate(list(placed) + [()] * (opts.players - len(placed))):
        for entry in tiles:
            action = Place(p, _tile_id(state, entry[0]), *entry[1:])
            state._check(action)
            state._apply(action)
    for p in done:
        state._apply(Done(p))
    if state._phase != "placing":
        raise OptionError("done", "at least one player must still be placing")
    state._start_lesson_position(round, "a round set up by hand")
    return state


def _boards(given: Sequence[Any], boxed: Kit) -> tuple[list[tuple[int, str]], list]:
    """(board, side) per player, and the hand-made sides (numbered after the boxed boards)."""
    sides, extra = [], []
    next_number = max(boxed.board_numbers) + 1
    for entry in given:
        if isinstance(entry, str):
            entry = board_from_art(entry)
        if isinstance(entry, components.BoardSide):
            if boxed.boards.get((entry.board, entry.side)) != entry:
                entry = entry._replace(board=next_number)
                next_number += 1
                extra.append(entry)
            sides.append((entry.board, entry.side))
        elif isinstance(entry, tuple) and len(entry) == 2 and entry in boxed.boards:
            sides.append(entry)
        else:
            raise OptionError("boards", f"a board is (board, side), a BoardSide or text art; got {entry!r}")
    numbers = [b for b, _ in sides]
    if len(numbers) != len(set(numbers)):
        raise OptionError("boards", "two players cannot play the same board")
    return sides, extra


def _cards(given: Sequence[Any], boxed: Kit) -> tuple[list[int], list]:
    ids, extra = [], []
    next_id = max(boxed.cards) + 1
    for entry in given:
        if isinstance(entry, Mapping):
            entry = card(entry)
        if isinstance(entry, components.TreasureCard):
            if boxed.cards.get(entry.id) != entry:
                entry = entry._replace(id=next_id)
                next_id += 1
                extra.append(entry)
            ids.append(entry.id)
        elif isinstance(entry, int) and entry in boxed.cards:
            ids.append(entry)
        else:
            raise OptionError("cards", f"a card is a card id, a TreasureCard or a dict of limits; got {entry!r}")
    if len(ids) != len(set(ids)):
        raise OptionError("cards", "each card exists once")
    return ids, extra


def _tile_id(state: OutOfMine, name: Any) -> int:
    """A tile id, or the first free tile matching a name like "red T4" or "green I3 gold"."""
    if isinstance(name, int) and not isinstance(name, bool):
        return name
    words = str(name).split()
    if len(words) not in (2, 3):
        raise OptionError("placed", f"name a tile as 'colour shape [find]', got {name!r}")
    colour, shape, find = words[0], words[1], (words[2] if len(words) == 3 else None)
    kit = state.kit
    matches = [t for t in state.free_tiles()
               if kit.tiles[t].colour == colour and kit.shape_name(t) == shape
               and (find is None or (kit.tiles[t].find or (None, None))[1] == find)]
    matches.sort(key=lambda t: kit.tiles[t].find is not None)
    if not matches:
        raise OptionError("placed", f"no free {name} tile is left")
    return matches[0]


__all__ = ["new_game", "load", "position", "board_from_art", "card"]
