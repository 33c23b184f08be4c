"""Goldmine Rumbles in words: how the rules' log, prompts and actions name a place in the mine,
a miner and a dashboard column, and the log lines of a fight round's dice and scores. The app
and the static picture (``render``) both take their words from here, so they speak alike."""

from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence

from minegames.core.words import plural

from . import dice_rules as R
from .dice_rules import column_effect
from .engine_common import CLAYTON
from .mine import Cell, Portal, Position, neighbour, port_edge


def seat_name(state, p: int, seat: Optional[int] = None) -> str:
    """A miner as the table names them: "you" (``seat``), or their colour (the pawns' and the log's name)."""
    if p == CLAYTON:
        return "Papa Clayton"
    return "you" if p == seat else state.sheet(p)["colour"]


def effect_text(column: str, cubes: int) -> str:
    """What a dashboard column gives with ``cubes`` cubes: "2", "A/B", "none"."""
    effect = column_effect(column, cubes)
    if isinstance(effect, tuple):
        return "/".join(effect) if effect else "none"
    return str(effect)


def cubes_text(cubes: int, capacity: int) -> str:
    """A dashboard column's squares: \u25a0 for each cube placed, \u25a1 for each square still free."""
    return "\u25a0" * cubes + "\u25a1" * (capacity - cubes)


def column_words(column: str, cubes: int) -> str:
    """A dashboard column in a sentence (a tooltip): "Colt 45: 2 cubes, effect 2"."""
    return f"{column}: {plural(cubes, 'cube')}, effect {effect_text(column, cubes)}"

def effect_words(column: str, cubes: int) -> str:
    """What a dashboard column gives with ``cubes`` cubes, with its unit, so a number on a column is
    never left to guess: "+2 gold at Flooded claims", "1 cave-in injury stopped", "jumps between A entrances"."""
    value = column_effect(column, cubes)
    claim_type = {col: kind for kind, col in R.YIELD_COLUMN.items()}.get(column)
    if claim_type is not None:
        return f"+{value} gold at {claim_type} claims"
    if column == R.TUNNEL_PLANS:
        return f"jumps between {' or '.join(value)} entrances" if value else "no jumps"
    if column == R.FORTIFYING_TONIC:
        return f"hazard Bread up to x{value} ignored" if value else "no Bread ignored"
    return {R.COLT_45: f"+{value} to fight rolls",
            R.COMPANY_SHARES: f"{value} gold off a claim's price",
            R.EXPLOSIVES_MANUALS: f"{plural(value, 'tile turn')} a Dynamite",
            R.SAFETY_GEAR: f"{plural(value, 'cave-in injury', 'cave-in injuries')} stopped",
            R.NOTEBOOKS: f"{value} gold set aside for the end"}.get(column, effect_text(column, cubes))


def _effect_short(column: str, cubes: int) -> str:
    """The number of a column's effect alone, its unit said before it: "+4", "10", "up to x2", "A or B"."""
    value = column_effect(column, cubes)
    if column == R.TUNNEL_PLANS:
        return " or ".join(value) + " entrances"
    if column == R.FORTIFYING_TONIC:
        return f"up to x{value}"
    return f"+{value}" if column == R.COLT_45 or column in R.YIELD_COLUMN.values() else str(value)


def column_now_and_next(column: str, cubes: int) -> str:
    """A dashboard column's effect now and what more cubes change: "+2 gold at Flooded claims now,
    +4 with the next cube" (or "(full)", or how many cubes the next change needs)."""
    now = f"{effect_words(column, cubes)} now"
    capacity = R.DASHBOARD[column].squares
    for more in range(cubes + 1, capacity + 1):
        if effect_text(column, more) != effect_text(column, cubes):
            when = "the next cube" if more == cubes + 1 else plural(more, "cube")
            return f"{now}, {_effect_short(column, more)} with {when}"
    return f"{now} (full)" if cubes == capacity else now


#: A tile edge by its number (0 top, 1 right, 2 bottom, 3 left), and which of its two tunnels
#: each port is, as a player looking at the picture says it (ports at thirds, clockwise).
EDGE_WORDS = ("top", "right", "bottom", "left")
PORT_SIDE = ("left", "right", "upper", "lower", "right", "left", "lower", "upper")


def cell_words(cell: Cell) -> str:
    """A square of the mine as a player counts it: "row 1, column 2" (rows from the top, from 1)."""
    return f"row {cell[0] + 1}, column {cell[1] + 1}"


def describe(position: Position) -> str:
    """A position in words, for tooltips and logs: a claim site by its number, an entrance by its
    letter and tile, a point on a tile edge by the squares it lies between and which tunnel it is."""
    if isinstance(position, int):
        return f"claim site {position}"
    if isinstance(position, Portal):
        return f"entrance {position.letter} of tile {position.tile}"
    cell, port = position
    side = PORT_SIDE[port]
    across = neighbour(cell, port)
    if across is None:
        return f"the {side} tunnel on the {EDGE_WORDS[port_edge(port)]} edge of {cell_words(cell)}"
    first, second = sorted((cell, across[0]))
    return f"the {side} tunnel between {cell_words(first)} and {cell_words(second)}"


def quarter_turns(turns: int) -> str:
    """A blast's turn in words: "a quarter turn (90°)", "a half turn (180°)", "three quarter turns (270°)"."""
    return ("a quarter turn", "a half turn", "three quarter turns")[turns - 1] + f" ({turns * 90}\u00b0)"


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


# Once a round is settled: "round scores: Red 3 +2 Colt 45 = 5 (1 injury), Blue 5 +3 Chippawa Leaf = 8 (0 injuries)".
# Each side's die, every modifier with its name, the score compared, and the injuries after the round.
FIGHT_SCORES = "round scores"
_SCORES_LINE = re.compile(rf"^{FIGHT_SCORES}: (?P<sides>.+)$")
_ONE_SCORE = re.compile(r"^(?P<name>.+?) (?P<die>[1-6])(?P<terms>(?: [+-]\d+ [^=(]+?)*) = (?P<total>-?\d+) "
                        r"\((?P<injuries>\d+) injur(?:y|ies)\)$")
_TERM = re.compile(r" ([+-]\d+) ([^+=(]+?)(?= [+-]\d| ?$)")


class SideScore(NamedTuple):
    """One side of a settled fight round: die, named modifiers, the score and the injuries after."""

    name: str
    die: int
    terms: tuple[tuple[int, str], ...]
    total: int
    injuries: int


def fight_scores_line(sides: Sequence[SideScore]) -> str:
    """The log line of a settled round: each side's die, modifiers, score and injuries after."""
    def one(side: SideScore) -> str:
        terms = "".join(f" {value:+d} {label}" for value, label in side.terms if value)
        return f"{side.name} {side.die}{terms} = {side.total} ({side.injuries} injur{'y' if side.injuries == 1 else 'ies'})"
    return f"{FIGHT_SCORES}: " + ", ".join(one(side) for side in sides)


def fight_scores_in(line: str) -> list[SideScore] | None:
    """The sides of a round-scores log line (None: not such a line)."""
    match = _SCORES_LINE.match(line)
    if match is None:
        return None
    found = []
    for part in match["sides"].split(", "):
        side = _ONE_SCORE.match(part)
        if side is None:
            return None
        terms = tuple((int(value), label) for value, label in _TERM.findall(side["terms"]))
        found.append(SideScore(side["name"], int(side["die"]), terms, int(side["total"]), int(side["injuries"])))
    return found
