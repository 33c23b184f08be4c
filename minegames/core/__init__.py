"""What every game shares: the state protocol, errors, seeded randomness,
dice, bags, decks, the game log and polyomino geometry (``core.polyomino``)."""

from .actions import Action, ActionCodec
from .bag import Bag
from .deck import Deck
from .dice import all_rolls, face_counts, reroll, roll_dice, sorted_rolls
from .errors import (
    GameOverError,
    IllegalActionError,
    MinegamesError,
    NothingToUndoError,
    OptionError,
    RuleError,
    SaveFormatError,
)
from .log import GameLog
from .options import make_options, options_from_json, options_to_json
from .rng import make_rng, rng_from_state, rng_state, set_rng_state
from .state import SIMULTANEOUS, GameState, copy_data, play

__all__ = [
    "Action", "ActionCodec", "Bag", "Deck", "GameLog", "GameState", "SIMULTANEOUS", "copy_data", "play",
    "all_rolls", "face_counts", "reroll", "roll_dice", "sorted_rolls",
    "GameOverError", "IllegalActionError", "MinegamesError", "NothingToUndoError",
    "OptionError", "RuleError", "SaveFormatError",
    "make_options", "options_from_json", "options_to_json",
    "make_rng", "rng_from_state", "rng_state", "set_rng_state",
]
