"""What every game shares: the state protocol, errors, seeded randomness,
dice, bags, decks, the game log and polyomino geometry (``core.polyomino``)."""

from .actions import Action, ActionCodec
from .bag import Bag
from .deck import Deck
from .dice import all_rolls, face_counts, reroll, roll_dice, sorted_rolls
from .errors import (
    ChanceSeenError,
    GameOverError,
    IllegalActionError,
    MinegamesError,
    NothingToUndoError,
    OptionError,
    RuleError,
    SaveFormatError,
    refuse,
)
from .log import GameLog
from .options import make_options, options_from_json, options_to_json
from .rng import make_rng, rng_from_state, rng_state, set_rng_state
from .state import LESSON_POSITION, NEW_GAME, SIMULTANEOUS, GameState, apply_all, copy_data
from .driver import play

__all__ = [
    "Action", "ActionCodec", "Bag", "Deck", "GameLog", "GameState", "SIMULTANEOUS", "NEW_GAME", "LESSON_POSITION",
    "apply_all", "copy_data", "play", "refuse", "ChanceSeenError",
    "all_rolls", "face_counts", "reroll", "roll_dice", "sorted_rolls",
    "GameOverError", "IllegalActionError", "MinegamesError", "NothingToUndoError",
    "OptionError", "RuleError", "SaveFormatError",
    "make_options", "options_from_json", "options_to_json",
    "make_rng", "rng_from_state", "rng_state", "set_rng_state",
]
