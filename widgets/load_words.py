"""Why a save was not loaded, in a player's words (the model's message stays as the detail).

The model refuses a save with a :class:`minegames.core.SaveFormatError` whose message is
written for whoever debugs it ("action 34 (step east) breaks the rules: phases: ..."). A
player pasting text into Load needs to know what went wrong with *their* text and what to do:
the whole text, from the same game, unchanged. Each refusal the model can give falls in one of
a few cases; the first pattern that matches names it.
"""

from __future__ import annotations

import re
from typing import Optional

import minegames

#: (pattern in the model's message, what it means for the player); {n} and {move} are filled in.
_CASES: tuple[tuple[str, str], ...] = (
    (r"^action (?P<n>\d+) \((?P<move>.*?)\) breaks the rules",
     "move {n} in it ({move}) is not allowed at that point of the game, so the text was changed after "
     "it was saved (or parts of two saves were mixed)."),
    (r"has been edited|does not follow from the saved actions|saved position breaks the rules",
     "it was changed after it was saved: its moves and its position no longer agree."),
    (r"is at most|holds at most",
     "it is far longer than any save of a whole game."),
    (r"not valid JSON|nested too deeply|must be a JSON object|missing keys|must be a list|is malformed|must be an object|"
     r"needs fields|unknown action type|a save is JSON text",
     "it is not a whole save: part of it is missing or was changed. Copy everything Save put in the box."),
    (r"save format .* is not supported|origin must be|seed must be|bit generator|options are invalid|"
     r"cannot be played",
     "it is not a save this version of the games can read."),
)


def _game_title(name: str) -> str:
    info = minegames.GAMES.get(name) if isinstance(name, str) else None
    return info.title if info is not None else repr(name)


def load_refusal(message: str, game_title: str) -> str:
    """One or two plain sentences: why this text did not load into ``game_title``'s app, and
    what to do. ``message`` is the model's (``SaveFormatError.message``)."""
    other = re.match(r"this save is of '(?P<other>[^']*)', not '[^']*'", message)
    if other:
        title = _game_title(other.group("other"))
        return (f"This is a save of {title}, not of {game_title}: open the {title} app and load it there.")
    why: Optional[str] = None
    for pattern, words in _CASES:
        found = re.search(pattern, message)
        if found:
            fields = {key: value for key, value in found.groupdict().items() if value is not None}
            why = words.format(**fields)
            break
    if why is None:
        why = "it is not a save of this game as Save makes them."
    return f"This text could not be loaded as a {game_title} game: {why}"
