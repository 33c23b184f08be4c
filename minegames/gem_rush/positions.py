"""Ways to get a Gem Rush game: a fresh one, a saved one, or a hand-made position.

``position`` deals a seeded game and then lays out what a lesson or test needs (the mine,
the hands, where the dwarves stand, scores): cards given to a hand come out of the deck,
so the 75 cards stay whole, and rooms placed come out of the room pile.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from minegames.core import OptionError, make_options

from . import components
from .options import Options
from .state import GemRush


def new_game(seed: int | None = None, players: int = 2, **options: Any) -> GemRush:
    """A new game; the seed fixes the skills dealt, the gem deck and the room pile."""
    if players == 1:
        options.setdefault("mode", "crisis")
    return GemRush(make_options(Options, {"players": players, **options}), seed)


def load(json_text: str) -> GemRush:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return GemRush.from_json(json_text)


def position(mine: Mapping[tuple[int, int], tuple[str, int]] | None = None,
             hands: Sequence[Sequence[int]] = (), *, at: Sequence[tuple[int, int]] = (),
             scores: Sequence[int] = (), skills: Sequence[Sequence[str]] = (), seed: int = 0,
             **options: Any) -> GemRush:
    """A game at the start of the first player's movement, with chosen details.

    ``mine``: {(x, y): (room id, rotation)} (replaces the first room); ``hands``: card ids per
    player (taken out of the deck); ``at``: each dwarf's square; ``scores``; ``skills``: skill
    ids per player (Normal variant). Other keywords are options.
    """
    options.setdefault("players", max(len(hands), len(at), 2 if options.get("mode", "rush") == "rush" else 1))
    opts = make_options(Options, options)
    game = GemRush._blank(opts, seed)
    game.num_players = opts.players
    game._blank_tables()
    game.deck = game._shuffled([card.id for card in components.GEM_CARDS])
    game.rooms_left = game._shuffled([room.id for room in components.ROOMS])
    if mine:
        unknown = [room for room, _ in mine.values() if room not in components.ROOM_BY_ID]
        if unknown:
            raise OptionError("mine", f"no room tile {unknown[0]!r}")
        game.mine = {tuple(pos): (room, rotation % 4) for pos, (room, rotation) in mine.items()}
        game.rooms_left = [r for r in game.rooms_left if r not in {room for room, _ in mine.values()}]
    else:
        game._lay_first_rooms()
    start = next(iter(sorted(p for p, (r, _) in game.mine.items() if components.ROOM_BY_ID[r].kind != "tunnel")))
    for seat, player in enumerate(game.players):
        given = list(hands[seat]) if seat < len(hands) else [game.deck[-1 - k] for k in range(4)]
        for card in given:
            if card not in game.deck:
                raise OptionError("hands", f"card {card} is given twice or is not a gem card")
            game.deck.remove(card)
        player["hand"] = given
        player["pos"] = list(at[seat]) if seat < len(at) else list(start)
        player["score"] = scores[seat] if seat < len(scores) else 0
        if seat < len(skills):
            player["skills"] = list(skills[seat])
    game._start_lesson_position(1, "a position set up by hand", then=game._begin_turn)
    return game
