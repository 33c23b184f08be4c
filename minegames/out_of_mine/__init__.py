"""Out of Mine!: 2-4 dwarfs race to fill their gallery boards with crystal tiles,
using only the colours and counts their treasure card allows.

>>> from minegames import out_of_mine as oom
>>> game = oom.new_game(seed=3, players=2)
>>> game.phase, game.round
('choose_sides', 1)
>>> _ = game.apply(oom.ChooseSide(0, "A")).apply(oom.ChooseSide(1, "B"))
>>> game.phase, game.clock_ms
('placing', 0)

The rules as modelled and every reading the rulebook leaves open are in
docs/rules/out_of_mine.md; the API contract is docs/dev/out_of_mine_api.md.
"""

from .actions import ACTION_TYPES, Call, ChooseSide, Done, Place, Remove, Tick, clock_text
from .components import COLOURS, FINDS, SIZES
from .options import Options
from .positions import board_from_art, card, load, new_game, position
from .scoring import round_points, wrongly_placed
from .state import OutOfMine, PlacedTile

__all__ = [
    "new_game", "load", "position", "board_from_art", "card", "Options", "OutOfMine", "PlacedTile",
    "ACTION_TYPES", "ChooseSide", "Place", "Remove", "Call", "Done", "Tick", "clock_text",
    "COLOURS", "SIZES", "FINDS", "round_points", "wrongly_placed",
]


def _solver_bot(skill: str):
    def make(seat: int, seed: int | None = None):
        from .bots import SolverBot

        return SolverBot(skill=skill, seed=seed)

    return make


def _random_bot(seat: int, seed: int | None = None):
    from .bots import RandomBot

    return RandomBot(seed=seed)


from minegames.core.registry import GameInfo, register_game  # noqa: E402

GAME = register_game(GameInfo(
    id="out_of_mine",
    title="Out of Mine!",
    players=(2, 3, 4),
    blurb="Real-time tile race: fill a mine gallery with the crystal tiles your treasure card "
          "allows before someone calls Out of Mine! Seven rounds; fewer empty spaces score more.",
    make=new_game,
    load=load,
    position=position,
    sample_position=lambda: position([(1, "A"), (2, "B")], [0, 1]),
    bots={"perfect": _solver_bot("perfect"), "good": _solver_bot("good"), "hasty": _solver_bot("hasty"),
          "random": _random_bot},
    app_path="widgets.out_of_mine:OutOfMineApp",
    notebooks=("out_of_mine_1_packing_chances.ipynb",),
))
