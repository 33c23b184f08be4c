"""minegames: exact models of mining-themed tabletop games.

Each game lives in its own package (``minegames.mineshaft_mayhem`` ...) and
registers itself in :data:`GAMES` (game id -> :class:`~minegames.core.registry.GameInfo`):
``GAMES["out_of_mine"].new_game(seed=1, players=3)``, its ``load``, ``position``,
``bots`` and lazily imported ``app``. The shared protocol, errors, randomness and
components live in ``minegames.core``.
"""

__version__ = "0.1.0"

from .core.registry import GAMES, GameInfo, register_game  # noqa: E402

# The games, each registering itself; this import list is the one place a game is listed.
from . import mineshaft_mayhem, out_of_mine, goldmine_rumbles, gem_rush, off_the_rails  # noqa: E402,F401

__all__ = ["GAMES", "GameInfo", "register_game"]
