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


def _random_bot(seat: int, seed: int | None = None):
    from .bots import RandomBot

    return RandomBot(seed)


def _heuristic_bot(plan: str):
    def make(seat: int, seed: int | None = None):
        from .heuristic_bot import HeuristicBot

        return HeuristicBot(seed, plan=plan)

    return make


from minegames.core.registry import GameInfo, register_game  # noqa: E402

GAME = register_game(GameInfo(
    id="goldmine_rumbles",
    title="Goldmine Rumbles",
    players=(3, 4),
    blurb="Miners bid for claims, dig gold with dice, brawl with each other and with "
          "Papa Clayton, while the mine's tiles shift under them.",
    make=new_game,
    load=load,
    position=position,
    sample_position=lambda: position([{"gold": 12, "items": {"Dynamite": 1}}], players=3),
    bots={"random": _random_bot, "heuristic": _heuristic_bot("investor"),
          "prospector": _heuristic_bot("prospector"), "brawler": _heuristic_bot("brawler")},
    app_path=None,
    notebooks=("goldmine_rumbles.ipynb", "goldmine_rumbles_odds.ipynb"),
    status="rules engine, bots and exact odds; the board app is coming",
))
