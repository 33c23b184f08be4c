"""Gem Rush: dwarves build a magical gem mine room by room, paying each door's gems with
cards and scoring its points; race to a target (Rush) or beat the burning deck together
(Crisis, also the solo game).

>>> from minegames import gem_rush
>>> game = gem_rush.new_game(seed=3, players=2)
>>> game.phase
'move'

The rules as modelled, and every reading, are in docs/rules/gem_rush.md; the modules and
their data are described in docs/dev/gem_rush_api.md. The 80 rooms, the card mix, 16 of the
20 skills and the seventh gem are this project's own design.
"""

from .actions import ACTION_TYPES
from .components import GEM_CARDS, ROOMS, SKILLS, STANDARD_GEMS
from .options import Options
from .positions import load, new_game, position
from .state import GemRush

__all__ = ["new_game", "load", "position", "Options", "GemRush", "GEM_CARDS", "ROOMS", "SKILLS",
           "STANDARD_GEMS", "ACTION_TYPES"]


def _bot(kind: str):
    def make(seat: int, seed: int | None = None):
        from . import bots

        return bots.make_bot(kind, seat, seed)
    return make


def _sample_position():
    return position(seed=5, players=2, scores=(3, 2))


from minegames.core.registry import GameInfo, register_game  # noqa: E402

GAME = register_game(GameInfo(
    id="gem_rush",
    title="Gem Rush",
    players=(1, 2, 3, 4, 5, 6, 7),
    blurb="Build a gem mine room by room: pay each door's gems with cards, score its points, "
          "race to a target or beat the burning deck together.",
    make=new_game,
    load=load,
    position=position,
    sample_position=_sample_position,
    bots={"random": _bot("random"), "greedy": _bot("greedy"), "team": _bot("team")},
    # Crisis is played together: only the team player plays it as a player would (the greedy
    # bot burnt its teammates' best cards, random ones play nobody's game).
    mode_strengths={"rush": ("greedy", "random"), "crisis": ("team",)},
    app_path="widgets.gem_rush:GemRushApp",
    notebooks=("gem_rush_1_rules.ipynb", "gem_rush_2_chances.ipynb"),
    status="playable",
))
