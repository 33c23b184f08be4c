"""ipywidgets front ends for the minegames models (Jupyter and Voila).

``widgets.components`` holds the pieces every game shares; each game has its
own module, named in its ``minegames.GAMES`` entry (``app``). Game apps load lazily so that
importing the shared pieces does not import every front end.
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

from minegames import GAMES

#: each game's app class, by name ("MineshaftMayhemApp" -> the registered GameInfo), from the registry
_APPS = {info.app_path.split(":")[1]: info for info in GAMES.values() if info.app_path}

__all__ = [
    "ActionButton", "DiceRow", "GameApp", "GameControls", "LogView", "StateView", "StatusLine",
    "Exercise", "gallery", *_APPS,
]


def __getattr__(name: str):
    """Apps load on first use (``widgets.OutOfMineApp``), so the shared pieces stay light."""
    if name in _APPS:
        return _APPS[name].app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
