"""Off the Rails: goblin clans lay track through a mine, send minecarts to the deposits and bring
the gems up to the surface before the mine falls into the chasm; 2-4 players, or solo.

>>> from minegames import off_the_rails
>>> game = off_the_rails.new_game(seed=3, players=2)
>>> game.phase
'actions'

The rules as modelled, and every reading, are in docs/rules/off_the_rails.md. The board layout
and the mission cards are this project's own design.
"""

from .actions import ACTION_TYPES
from .options import Options
from .positions import load, new_game, position
from .state import OffTheRails

__all__ = ["new_game", "load", "position", "Options", "OffTheRails", "ACTION_TYPES"]


def _bot(kind: str):
    def make(seat: int, seed: int | None = None):
        from . import bots

        return bots.make_bot(kind, seat, seed)
    return make


def _sample_position():
    return position(tracks={(3, 1): "NS", (3, 2): "NS", (3, 3): "NE", (4, 3): "EW"},
                    gems={(4, 4): ["ruby", "gold"]},
                    carts=[{"player": 0, "cart": 0, "at": (3, 2), "came_from": "N", "speed": 3}])


from minegames.core.registry import GameInfo, register_game  # noqa: E402

GAME = register_game(GameInfo(
    id="off_the_rails",
    title="Off the Rails",
    players=(1, 2, 3, 4),
    blurb="Lay track through the mine, race minecarts to the gem deposits and bring the jewels up "
          "before the mine falls into the chasm.",
    make=new_game,
    load=load,
    position=position,
    sample_position=_sample_position,
    bots={"random": _bot("random"), "planner": _bot("planner")},
    app_path="widgets.off_the_rails:OffTheRailsApp",
    notebooks=("off_the_rails_1_rules.ipynb", "off_the_rails_2_chances.ipynb"),
    status="playable",
))
