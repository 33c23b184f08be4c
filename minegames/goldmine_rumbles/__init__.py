"""Goldmine Rumbles: 3-4 miners buy claims, dig gold with dice, brawl with each
other and with Papa Clayton, while the mine's tiles shift under them.

The parts: ``dice_rules`` (every dice rule as a pure function) and ``analysis``
(their exact odds); ``components`` and ``mine`` (tiles, tunnels, routes); the
engine (``state``, ``actions``, ``options``, ``positions``) and ``bots``.
docs/rules/goldmine_rumbles.md lists what is modelled and what is not yet.
"""

from .actions import *  # noqa: F401,F403  (the action classes, per actions.__all__)
from .actions import ACTION_TYPES
from .options import Options
from .positions import load, new_game, position
from .state import GoldmineRumbles

__all__ = ["new_game", "load", "position", "Options", "GoldmineRumbles", "ACTION_TYPES",
           *(action.__name__ for action in ACTION_TYPES)]
