"""ipywidgets front ends for the minegames models (Jupyter and Voila).

``widgets.components`` holds the pieces every game shares; each game has its
own module (``widgets.mineshaft_mayhem``, ``widgets.out_of_mine``). Game apps load lazily so that
importing the shared pieces does not import every model.
"""

from .components import (
    ActionButton,
    DiceRow,
    GameApp,
    GameControls,
    LogView,
    StateView,
    StatusLine,
)
from .exercise import Exercise
from .gallery import gallery

__all__ = [
    "ActionButton", "DiceRow", "GameApp", "GameControls", "LogView", "StateView", "StatusLine",
    "Exercise", "gallery",
    "MineshaftMayhemApp", "OutOfMineApp",
]


def __getattr__(name: str):
    if name == "MineshaftMayhemApp":
        from .mineshaft_mayhem import MineshaftMayhemApp

        return MineshaftMayhemApp
    if name == "OutOfMineApp":
        from .out_of_mine import OutOfMineApp

        return OutOfMineApp
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
