"""The options of Gem Rush: the two modes, the skill variants, and the readings players may
differ on (each explained in docs/rules/gem_rush.md, "Readings"). They travel with a save."""

from __future__ import annotations

import dataclasses

from minegames.core import OptionError
from minegames.core.options import one_of, whole_number, yes_or_no

from .gems import STANDARD_GEMS

MODES = ("rush", "crisis")
SKILL_VARIANTS = ("normal", "choice", "shared", "chaos", "magic_circle", "none")
#: the rulebook's suggested Crisis targets
CRISIS_TIERS = {"apprentice": 35, "journeyman": 45, "artisan": 55, "expert": 65, "master": 75}


def rush_target(players: int) -> int:
    """The suggested Rush target: 20 points for up to 4 players, 15 for more."""
    return 20 if players <= 4 else 15


@dataclasses.dataclass(frozen=True)
class Options:
    """Rules of one game. ``target`` 0 means the mode's default: the suggested Rush target,
    or in Crisis no target at all (play until the cards are burnt and see the score)."""

    players: int = 2
    mode: str = "rush"
    target: int = 0
    skills: str = "normal"
    #: the skill all share under ``skills="shared"`` ("" deals one at random)
    shared_skill: str = ""
    #: cards burnt per turn in Crisis (3 in the 2nd edition; 2 in an older printing)
    burn_per_turn: int = 3
    #: burning in Rush as well (the mode marks were lost from the rulebook text; off: see the docs)
    burn_in_rush: bool = False
    first_player: int = 0
    #: each seat's dwarf colour, a standard gem; () gives the gems in their usual order
    colours: tuple = ()

    def __post_init__(self) -> None:
        whole_number("players", self.players, 1, 7)
        one_of("mode", self.mode, MODES)
        if self.players == 1 and self.mode != "crisis":
            raise OptionError("mode", "one player plays Crisis (the solo game); Rush needs 2 or more")
        whole_number("target", self.target, 0, 500)
        one_of("skills", self.skills, SKILL_VARIANTS)
        if self.shared_skill:
            from .components import SKILL_BY_ID

            one_of("shared_skill", self.shared_skill, tuple(SKILL_BY_ID))
            if self.skills != "shared":
                raise OptionError("shared_skill", "is used only with skills='shared'")
        whole_number("burn_per_turn", self.burn_per_turn, 1, 5)
        yes_or_no("burn_in_rush", self.burn_in_rush)
        whole_number("first_player", self.first_player, 0, self.players - 1)
        colours = tuple(self.colours)
        if colours:
            if len(colours) != self.players:
                raise OptionError("colours", f"give one colour per player ({self.players}), got {len(colours)}")
            for colour in colours:
                one_of("colours", colour, STANDARD_GEMS)
            if len(set(colours)) != len(colours):
                raise OptionError("colours", "each dwarf has a colour of its own")
        object.__setattr__(self, "colours", colours)

    @property
    def dwarf_colours(self) -> tuple[str, ...]:
        return self.colours or STANDARD_GEMS[:self.players]

    @property
    def target_score(self) -> int | None:
        """Points that end the game (Rush) or win it (Crisis); None: Crisis for a high score."""
        if self.target:
            return self.target
        return rush_target(self.players) if self.mode == "rush" else None

    @property
    def burns(self) -> bool:
        return self.mode == "crisis" or self.burn_in_rush
