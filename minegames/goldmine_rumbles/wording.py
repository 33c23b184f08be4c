"""Goldmine Rumbles in words: how the rules' log, prompts and actions name a place in the mine,
and the log line of a fight round's dice."""

from __future__ import annotations

import re
from typing import Sequence

from .mine import Portal, Position


def describe(position: Position) -> str:
    """A position in words, for tooltips and logs."""
    if isinstance(position, int):
        return f"claim site {position}"
    if isinstance(position, Portal):
        return f"entrance {position.letter} of tile {position.tile}"
    return f"port {position.port} of square {position.cell}"


# A fight round's dice in the log: "fight round: Red 3, Papa Clayton 5", or after a Bible,
# "Red discards a Bible and the dice are thrown again: Red 4, Papa Clayton 2". Written by the
# rules and read back by the app and the lessons, so both sides of the format live here.
FIGHT_ROUND = "fight round"
_DICE_LINE = re.compile(r"^(?:fight round|.* and the dice are thrown again): (?P<dice>.+)$")
_ONE_DIE = re.compile(r"^(?P<name>.+) (?P<die>[1-6])$")


def fight_dice_line(lead: str, names: Sequence[str], dice: Sequence[int]) -> str:
    """The log line of a round's dice: ``lead``, then each side's name and die."""
    return f"{lead}: " + ", ".join(f"{name} {die}" for name, die in zip(names, dice))


def fight_dice_in(line: str) -> dict[str, int] | None:
    """Each side's die from a fight-dice log line, by name (None: not such a line)."""
    match = _DICE_LINE.match(line)
    if match is None:
        return None
    return {m["name"]: int(m["die"]) for m in map(_ONE_DIE.match, match["dice"].split(", ")) if m}
