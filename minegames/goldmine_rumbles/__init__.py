"""Goldmine Rumbles: 3-4 miners buy claims, dig gold with dice, brawl with each
other and with Papa Clayton, while the mine's tiles shift under them.

The parts: ``dice_rules`` (every dice rule as a pure function) and ``analysis``
(their exact odds); ``components`` and ``mine`` (tiles, tunnels, routes); the
engine (``state``, ``actions``, ``decisions``, ``options``, ``positions``, and the rule
modules ``turn_rules``, ``travel_rules``, ``item_rules``, ``mining_rules``,
``fight_rules``) and ``bots``.
docs/rules/goldmine_rumbles.md lists what is modelled and what is not yet.
"""

from .actions import *  # noqa: F401,F403  (the action classes, per actions.__all__)
from .actions import ACTION_TYPES
from .decisions import Decision
from .options import Options
from .positions import load, new_game, position
from .state import GoldmineRumbles

__all__ = ["new_game", "load", "position", "Options", "GoldmineRumbles", "ACTION_TYPES", "Decision",
           *(action.__name__ for action in ACTION_TYPES)]


def _random_bot(seat: int, seed: int | None = None):
    from .bots import RandomBot

    return RandomBot(seed)


def _bot(strength: str, plan: str | None = None):
    """A factory for one of the bots a person can choose: ``strength`` "easy" (:class:`EasyBot`),
    "medium" (:class:`HeuristicBot`) or "hard" (:class:`HardBot`), opening with ``plan`` (a key of
    ``bot_valuation.PLANS``; each bot's own opening when None)."""
    def make(seat: int, seed: int | None = None):
        from .easy_bot import EasyBot
        from .hard_bot import HardBot
        from .heuristic_bot import HeuristicBot

        kind = {"easy": EasyBot, "medium": HeuristicBot, "hard": HardBot}[strength]
        return kind(seed) if plan is None else kind(seed, plan=plan)

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
    # strengths first (as an app's menu lists them), then the medium bot's other openings, then
    # "random" (for tests) and "heuristic" (the medium bot's older name)
    bots={"easy": _bot("easy"), "medium": _bot("medium"), "hard": _bot("hard"),
          "prospector": _bot("medium", "prospector"), "brawler": _bot("medium", "brawler"),
          "random": _random_bot, "heuristic": _bot("medium")},
    app_path="widgets.goldmine_rumbles:GoldmineRumblesApp",
    notebooks=("goldmine_rumbles_1_setup_and_turns.ipynb", "goldmine_rumbles_2_mining_and_hazards.ipynb",
               "goldmine_rumbles_3_fights_and_scoring.ipynb", "goldmine_rumbles_4_chances.ipynb"),
    status="playable",
))
