"""The options of Goldmine Rumbles: table size, game length, and the readings of the
rulebook's contradictions and silences (defaults as argued in
docs/rules/goldmine_rumbles.md).

The dice-rule readings are passed straight to :mod:`.dice_rules`, so the engine and
the lesson odds always agree on which reading is in force.
"""

from __future__ import annotations

import dataclasses
from minegames.core.options import one_of, whole_number, yes_or_no

from . import dice_rules

BIBLE_TABLES = {"item text": dice_rules.BIBLE_ITEM_TEXT, "summary table": dice_rules.BIBLE_SUMMARY_TABLE}


@dataclasses.dataclass(frozen=True)
class Options:
    """Rules of one game; the docs' options table says what each reading means."""

    players: int = 4
    long_game: bool = False
    pickings_offset: int = dice_rules.PICKINGS_OFFSET
    bible_table: str = "item text"
    tonic_rule: str = dice_rules.TONIC_NORMAL
    partner_dice: str = dice_rules.SHARED_DICE
    papa_clayton_gold: int = dice_rules.PAPA_CLAYTON_GOLD
    flask_refresh_max: int = 5
    detonator_columns: bool = True
    blunderbuss_backfire: str = dice_rules.BACKFIRE_SNAKES
    bible_in_fights: str = dice_rules.DISMISS_REROLL
    hidden_cubes: bool = False
    paid_route_finders: bool = False

    def __post_init__(self) -> None:
        whole_number("players", self.players, 3, 4)
        yes_or_no("long_game", self.long_game)
        whole_number("pickings_offset", self.pickings_offset, 4, 5)
        for name, allowed in (("bible_table", tuple(BIBLE_TABLES)), ("tonic_rule", dice_rules.TONIC_RULES),
                              ("partner_dice", (dice_rules.SHARED_DICE, dice_rules.SPLIT_DICE)),
                              ("blunderbuss_backfire", dice_rules.BACKFIRE_RULES),
                              ("bible_in_fights", dice_rules.DISMISS_RULES)):
            one_of(name, getattr(self, name), allowed)
        whole_number("papa_clayton_gold", self.papa_clayton_gold, 0, 200)
        whole_number("flask_refresh_max", self.flask_refresh_max, 1, 5)
        yes_or_no("detonator_columns", self.detonator_columns)
        yes_or_no("hidden_cubes", self.hidden_cubes)
        yes_or_no("paid_route_finders", self.paid_route_finders)

    @property
    def bible_faces(self) -> dict[int, int]:
        return BIBLE_TABLES[self.bible_table]

