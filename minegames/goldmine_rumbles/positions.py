"""Ways to get a Goldmine Rumbles game: a fresh one, a saved one, or a hand-made position.

``position`` starts from a seeded setup and overrides what a lesson or a test needs
(gold, items, dashboards, tokens, where the pawns stand, the mine, the store), then
reveals the first Rumbles tile, so that the state rests at the first turn of phase 1
(the dashboards given already hold that phase's cubes). Items given to players come out of
the supply, so every position keeps the box's item counts.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from minegames.core import OptionError, SaveFormatError, make_options

from . import components, dice_rules
from .mine import Mine, position_from_json, position_to_json
from .options import Options
from .state import GoldmineRumbles


def new_game(seed: int | None = None, players: int = 4, long_game: bool = False, **options: Any) -> GoldmineRumbles:
    """A new game; the seed fixes characters, missions, start sites, the mine, the claims and the Rumbles tiles."""
    return GoldmineRumbles(make_options(Options, {"players": players, "long_game": long_game, **options}), seed)


def load(json_text: str) -> GoldmineRumbles:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return GoldmineRumbles.from_json(json_text)


def position(miners: Sequence[Mapping[str, Any]] = (), *, seed: int = 0, mine: Mine | None = None,
             store: Sequence[int | None] | None = None, pile: Sequence[int] | None = None,
             track: Sequence[int] | None = None, clayton: Any = None, **options: Any) -> GoldmineRumbles:
    """A game at the first turn of phase 1, with chosen details.

    ``miners``: one mapping per player (missing players keep the seeded setup) with any of
    ``gold``, ``items`` (a mapping: the whole hand), ``dashboard`` (column -> cubes; the
    first phase's cubes count as already among them), ``injuries``, ``bandages``, ``poisons``, ``black_marks``, ``at`` (a position),
    ``mission`` (index into ``components.MISSIONS``). ``store``/``pile`` replace the claims
    (Papa Clayton goes to the pile's top, or to ``clayton``), ``track`` the Rumbles tiles (the
    first is revealed as the position starts).
    """
    options.setdefault("players", max(3, len(miners)) if miners else 4)
    opts = make_options(Options, options)
    if len(miners) > opts.players:
        raise OptionError("players", f"at most {opts.players} player descriptions")
    game = GoldmineRumbles.__new__(GoldmineRumbles)
    GoldmineRumbles.__init__(game, opts, seed)
    game._pending.clear()
    game._revealed = 0
    game._mine = mine if mine is not None else game._mine
    if store is not None:
        game._store = list(store) + [None] * (len(components.STORE_PRICES) - len(store))
    if pile is not None:
        game._pile = list(pile)
        game._clayton = game._pile[0] if game._pile else game._clayton
    if clayton is not None:
        game._clayton = clayton
    if track is not None:
        game._track = list(track)
    for p, details in enumerate(miners):
        _describe_player(game, p, details)
    game._start_lesson_position(1, then=game._reveal)
    return game


def _describe_player(game: GoldmineRumbles, p: int, details: Mapping[str, Any]) -> None:
    unknown = set(details) - {"gold", "items", "dashboard", "injuries", "bandages", "poisons", "black_marks",
                              "at", "mission"}
    if unknown:
        raise OptionError("players", f"unknown player details {sorted(unknown)}")
    sheet = game._players[p]
    if "items" in details:
        for item, count in sheet["items"].items():
            game._supply[item] += count
        sheet["items"] = {}
        for item, count in details["items"].items():
            if item not in components.ITEMS:
                raise OptionError("items", f"there is no item {item!r}")
            game._give(p, item, count)
    for column, cubes in details.get("dashboard", {}).items():
        if column not in components.DASHBOARD_CAPACITY:
            raise OptionError("dashboard", f"there is no column {column!r}")
        sheet["dashboard"][column] = cubes
    for field in ("gold", "injuries", "bandages", "poisons", "black_marks", "mission"):
        if field in details:
            sheet[field] = details[field]
    if "at" in details:
        try:
            game._positions[p] = position_from_json(position_to_json(details["at"]))
        except SaveFormatError as exc:
            raise OptionError("at", exc.message) from None
    if sheet["injuries"] >= dice_rules.INJURY_LIMIT:
        raise OptionError("injuries", f"the injury track holds 0..{dice_rules.INJURY_LIMIT - 1}")


__all__ = ["new_game", "load", "position"]
