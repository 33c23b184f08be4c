"""The options of Off the Rails: the rulebook's two setup options, Board Game Arena's game
length, and the readings players may differ on (each explained in docs/rules/off_the_rails.md).
They travel with a save."""

from __future__ import annotations

import dataclasses

from minegames.core import OptionError
from minegames.core.options import one_of, whole_number, yes_or_no

#: Board Game Arena's game lengths: cards in the Deposit deck, the Chasm card included.
DECK_LENGTHS = (13, 17, 21, 25)
#: What happens in the solo game when the last chasm token lands with carts still out.
SOLO_LAST_TOKEN = ("loss", "count deliveries")


@dataclasses.dataclass(frozen=True)
class Options:
    """Rules of one game. ``deck_length`` 0 follows the rulebook's deck building (21 cards with
    4 players, 17 with 2 or 3); 13/17/21/25 set it as Board Game Arena does."""

    players: int = 2
    #: the rulebook's option: a hit cart keeps its gems
    bumper_carts: bool = False
    #: the rulebook's option: a chasm token picks the mine and a die the square around it
    collapse_die: bool = False
    deck_length: int = 0
    #: a capped supply of track tiles (the facts file's suggested mix) instead of an endless one
    limited_tiles: bool = False
    #: whether a player chooses which gems a cart picks up and drops, or the best are taken
    #: and the cheapest dropped without asking
    choose_gems: bool = True
    solo_last_token: str = "loss"
    first_player: int = 0
    #: a derailed cart's 3-point bonus is gone for good, even if it is put out again and gets
    #: out (off: a cart put out again is a fresh cart, and its bonus counts if it gets out)
    bonus_lost_for_good: bool = False

    def __post_init__(self) -> None:
        whole_number("players", self.players, 1, 4)
        yes_or_no("bumper_carts", self.bumper_carts)
        yes_or_no("collapse_die", self.collapse_die)
        yes_or_no("limited_tiles", self.limited_tiles)
        yes_or_no("choose_gems", self.choose_gems)
        if self.deck_length != 0:
            one_of("deck_length", self.deck_length, DECK_LENGTHS)
            if self.players == 1:
                raise OptionError("deck_length", "the solo game uses every deposit card; the length is for 2-4 players")
        one_of("solo_last_token", self.solo_last_token, SOLO_LAST_TOKEN)
        whole_number("first_player", self.first_player, 0, self.players - 1)
        yes_or_no("bonus_lost_for_good", self.bonus_lost_for_good)

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def cards_per_colour(self) -> int:
        """Numbered cards of each colour in the Deposit deck."""
        if self.deck_length:
            return (self.deck_length - 1) // 4
        return 5 if self.players == 4 else 4
