"""The list of games: one :class:`GameInfo` per game, registered by the game's own package.

Everything that lists games (the gallery, the widgets package, the shared conformance
tests, benchmarks) reads :data:`GAMES`, so a new game is added in one place: its package
calls :func:`register_game` and ``minegames/__init__.py`` imports it.
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any, Callable, Mapping

from .errors import OptionError
from .state import GameState

#: game id (its module name) -> GameInfo, in the order the games were registered.
GAMES: dict[str, "GameInfo"] = {}


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """The fixed facts of one game and the ways to make, load and play it.

    ``bots`` maps a strength name ("random", "strong", ...) to a factory that takes
    the seat (and optionally a seed) and returns a bot with ``choose(state)``.
    ``app`` is "module:Class" of the front end; it is imported only when asked for,
    so the models never import widgets.
    """

    id: str
    title: str
    players: tuple[int, ...]
    blurb: str
    make: Callable[..., GameState]
    load: Callable[[str], GameState]
    position: Callable[..., GameState]
    bots: Mapping[str, Callable[..., Any]]
    #: a hand-made mid-game position (no arguments): for pictures and the lesson-position checks.
    sample_position: Callable[[], GameState] | None = None
    app_path: str | None = None
    notebooks: tuple[str, ...] = ()
    #: what a person can do with it today, said honestly on the gallery card.
    status: str = "playable"
    #: mode -> the bot strengths that play that mode as its players would (a mode not listed:
    #: every strength). Apps offer only these (a rival's bot is no teammate in a cooperative mode).
    mode_strengths: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)

    def strengths(self, mode: str | None = None) -> tuple[str, ...]:
        """The bot strengths to offer for ``mode`` (None: every strength the game has)."""
        if mode is None or mode not in self.mode_strengths:
            return tuple(self.bots)
        return self.mode_strengths[mode]

    def new_game(self, seed: int | None = None, players: int | None = None, **options: Any) -> GameState:
        """A new game for ``players`` (default: the smallest count the game allows)."""
        count = self.players[0] if players is None else players
        if count not in self.players:
            raise OptionError("players", f"{self.title} is for {self.player_text()} players, not {count!r}")
        if self.players == (1,):
            return self.make(seed=seed, **options)
        return self.make(seed=seed, players=count, **options)

    def bot(self, strength: str, seat: int, seed: int | None = None) -> Any:
        """A bot of ``strength`` for ``seat``."""
        if strength not in self.bots:
            raise OptionError("strength", f"{self.title} bots are {', '.join(self.bots)}, not {strength!r}")
        return self.bots[strength](seat, seed)

    @property
    def app(self) -> type | None:
        """The front end's widget class (imports ``widgets``), or None if the game has no app yet."""
        if self.app_path is None:
            return None
        module, name = self.app_path.split(":")
        return getattr(importlib.import_module(module), name)

    @property
    def app_notebook(self) -> str | None:
        """The Voilà app notebook, relative to notebooks/apps/."""
        return None if self.app_path is None else f"{self.id}.ipynb"

    def player_text(self) -> str:
        low, high = min(self.players), max(self.players)
        if low == high:
            return "1" if low == 1 else str(low)
        return f"{low}-{high}"


def register_game(info: GameInfo) -> GameInfo:
    """Add a game to :data:`GAMES` (once: a second game with the same id is a mistake)."""
    if info.id in GAMES and GAMES[info.id] is not info:
        raise ValueError(f"a game with id {info.id!r} is already registered")
    GAMES[info.id] = info
    return info
