"""Mineshaft Mayhem, the solo mode of Dig Down Dwarf: roll dice patterns to
collect gems off a conveyor before three of them fall into the gears.

>>> from minegames import mineshaft_mayhem as mm
>>> game = mm.new_game(seed=7)
>>> game.phase, game.turn
('start', 1)
>>> _ = game.apply("roll all dice")
>>> game.rolls_used
1

The rules as modelled, and every reading the rulebook leaves open, are in
docs/rules/mineshaft_mayhem.md; the API contract is docs/dev/mineshaft_mayhem_api.md.
"""

from .actions import (
    ACTION_TYPES,
    Collect,
    CursiteReroll,
    CursiteRescue,
    CursiteSetDie,
    Roll,
    Shake,
    ShakeOntoGear,
    Stop,
)
from .options import Options
from .patterns import GEM_PATTERN, GEMS
from .positions import load, new_game, position
from .scoring import RANKS, rank_for, score_breakdown
from .state import MineshaftMayhem

__all__ = [
    "new_game", "load", "position", "Options", "MineshaftMayhem", "GEMS", "GEM_PATTERN",
    "rank_for", "score_breakdown", "RANKS", "ACTION_TYPES",
    "Roll", "Collect", "Stop", "CursiteReroll", "CursiteSetDie", "CursiteRescue", "Shake", "ShakeOntoGear",
]


def _random_bot(seat: int, seed: int | None = None):
    from .bots import RandomBot

    return RandomBot(seed)


def _strong_bot(seat: int, seed: int | None = None):
    from .bots import StrongBot

    return StrongBot()


from minegames.core.registry import GameInfo, register_game  # noqa: E402

GAME = register_game(GameInfo(
    id="mineshaft_mayhem",
    title="Mineshaft Mayhem",
    players=(1,),
    blurb="Solo dice game: roll and keep four dice to match gem patterns and sort the gems "
          "off a conveyor before three of them jam the gears.",
    make=new_game,
    load=load,
    position=position,
    sample_position=lambda: position(conveyor=["ruby", None, "emerald"], gears=["amethyst"],
                                     containers={"ruby": 2}, cursite=1, dice=(2, 2, 5, 5)),
    bots={"random": _random_bot, "strong": _strong_bot},
    app_path="widgets.mineshaft_mayhem:MineshaftMayhemApp",
    notebooks=("mineshaft_mayhem_1_dice_chances.ipynb",),
))
