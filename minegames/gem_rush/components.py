"""The Gem Rush components: 75 gem cards, 80 room tiles and 20 skills.

Most of this is invented. The rulebook gives the counts, four rooms (Tunnel, Mine Cart, Warped
Mirror, Mystic Elevator), four skills (Harmonization, Transmutation, Evocation, Permeation) and
the effect words; the card mix, the other rooms with their names, doors and abilities, and the
other sixteen skills are this project's own (``Skill.invented`` marks those skills).
``data/make_components.py`` (seeded, run by hand) writes ``data/components.json``; this module
only reads and checks it at import, turning every JSON list back into a tuple so the data is
hashable. Shapes and effect programs are described in docs/dev/gem_rush_api.md.

The words for a room's ability are made from its program by ``ability_text``, so the text and
the data cannot disagree; only tunnels and Mine Carts carry a text of their own in the file.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from .gems import ALL_GEMS, GEM_NAMES, SPECIAL_GEMS, STANDARD_GEMS

__all__ = [
    "GemCard", "Door", "Room", "Skill", "GEM_CARDS", "ROOMS", "SKILLS", "ROOM_BY_ID", "SKILL_BY_ID",
    "STANDARD_GEMS", "SPECIAL_GEMS", "ALL_GEMS", "ROOM_KINDS", "SKILL_KINDS", "SIDE_NAMES",
    "card_text", "door_text", "ability_text", "points_for_cost", "check_ability", "uses_x",
]

DATA_FILE = Path(__file__).with_name("data") / "components.json"

ROOM_KINDS = ("action", "movement", "free", "tunnel", "mine_cart")
SKILL_KINDS = ("payment", "movement", "hand", "action", "building")
SIDE_NAMES = ("North", "East", "South", "West")
X_VALUES = ("X", "X+1")
_POINTS = (0, 1, 1, 2, 3, 4, 5)  # by the number of gems a door costs
MAX_COST = len(_POINTS) - 1


@dataclasses.dataclass(frozen=True)
class GemCard:
    """A gem card: one or two gems, standard ones first in STANDARD_GEMS order."""

    id: int
    gems: tuple[str, ...]


@dataclasses.dataclass(frozen=True)
class Door:
    """A doorway: the gems it costs to build through (a sorted tuple of standard gem ids,
    repeats allowed) and the points it scores."""

    cost: tuple[str, ...]
    points: int


@dataclasses.dataclass(frozen=True)
class Room:
    """A room tile. ``doors`` are North, East, South, West at rotation 0 (None = wall);
    ``links`` pairs the sides a tunnel joins (empty for other rooms); ``ability`` is an
    effect program (empty for tunnels and Mine Carts); ``text`` is its words."""

    id: str
    name: str
    kind: str
    doors: tuple[Door | None, ...]
    links: tuple[tuple[int, int], ...] = ()
    ability: tuple[tuple, ...] = ()
    text: str = ""


@dataclasses.dataclass(frozen=True)
class Skill:
    """A skill card; ``invented`` marks the sixteen the rulebook does not name."""

    id: str
    name: str
    kind: str
    text: str
    invented: bool = False


def points_for_cost(n: int) -> int:
    """Points a door of ``n`` gems scores: 0, 1, 1, 2, 3, 4, 5 for 0..6 gems."""
    if not 0 <= n <= MAX_COST:
        raise ValueError(f"a door costs 0 to {MAX_COST} gems, not {n}")
    return _POINTS[n]


# ------------------------------------------------------------------ effect programs

def _is_count(n) -> bool:
    return (isinstance(n, int) and not isinstance(n, bool) and n >= 1) or n in X_VALUES


def _check_cond(cond, where: str) -> None:
    if not isinstance(cond, tuple) or not cond:
        raise ValueError(f"{where}: a condition is a tuple, not {cond!r}")
    if cond[0] in ("named", "special"):
        if len(cond) != 1:
            raise ValueError(f"{where}: ({cond[0]!r},) takes nothing more")
    elif cond[0] == "gems":
        gems = cond[1] if len(cond) == 2 else None
        if not isinstance(gems, tuple) or not gems or any(g not in ALL_GEMS for g in gems):
            raise ValueError(f"{where}: ('gems', ...) needs a tuple of gem ids, got {cond!r}")
        if list(gems) != sorted(set(gems), key=ALL_GEMS.index):
            raise ValueError(f"{where}: the gems of {cond!r} must differ and follow ALL_GEMS order")
    else:
        raise ValueError(f"{where}: unknown condition {cond!r}")


def uses_x(ability) -> bool:
    """Whether a program asks the player to choose X."""
    return any(part in X_VALUES for step in ability for part in step[1:])


def check_ability(ability) -> None:
    """Raise ValueError, naming the problem, unless ``ability`` is a well-formed effect program.

    Beyond the shape of each step: a program using X starts with ``("discard", "X")``; a
    keep comes after a reveal or dig; a ``("named",)`` condition comes after ``("name",)``
    (a gem is named at most once); the Warped Mirror and Mystic Elevator steps stand alone.
    """
    if not isinstance(ability, tuple):
        raise ValueError(f"an ability is a tuple of steps, not {ability!r}")
    revealed = named = False
    for i, step in enumerate(ability):
        where = f"step {i + 1} {step!r}"
        if not isinstance(step, tuple) or not step:
            raise ValueError(f"{where}: a step is a non-empty tuple")
        op, args = step[0], step[1:]
        if op in ("draw", "reveal", "keep", "discard"):
            if len(args) != 1 or not _is_count(args[0]):
                raise ValueError(f"{where}: {op} takes one count (a whole number from 1, 'X' or 'X+1')")
        elif op == "dig":
            if len(args) != 2 or not _is_count(args[0]):
                raise ValueError(f"{where}: dig takes a count and a condition")
            _check_cond(args[1], where)
        elif op == "keep_matching":
            if len(args) != 1:
                raise ValueError(f"{where}: keep_matching takes one condition")
            _check_cond(args[0], where)
        elif op in ("name", "swap_places", "move_room"):
            if args:
                raise ValueError(f"{where}: {op} takes nothing more")
        else:
            raise ValueError(f"{where}: unknown step {op!r}")
        if op in ("swap_places", "move_room") and len(ability) != 1:
            raise ValueError(f"{where}: {op} must be the whole ability")
        if op in ("keep", "keep_matching") and not revealed:
            raise ValueError(f"{where}: nothing has been revealed or dug to keep")
        conds = [a for a in args if isinstance(a, tuple)]
        if ("named",) in conds and not named:
            raise ValueError(f"{where}: a named-gem condition needs ('name',) before it")
        if op == "name":
            if named:
                raise ValueError(f"{where}: a gem is named only once")
            named = True
        if op in ("reveal", "dig"):
            revealed = True
        if step == ("discard", "X") and i > 0:
            raise ValueError(f"{where}: only the first step may discard X")
    if uses_x(ability) and ability[0] != ("discard", "X"):
        raise ValueError("a program using X must start with ('discard', 'X')")


# ------------------------------------------------------------------ words

def _gem_list(gems, last: str = "or") -> str:
    names = [GEM_NAMES[g] for g in gems]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} {last} {names[-1]}"


def card_text(card_id: int) -> str:
    """A card's gems, e.g. "Obsidian + Electrum"."""
    return " + ".join(GEM_NAMES[g] for g in GEM_CARDS[card_id].gems)


def cards_text(card_ids) -> str:
    """Cards face up, in words: "a Fire Ruby card", "3 cards (Obsidian + Electrum; Fire Ruby;
    Sunstone)", "no cards"."""
    cards = list(card_ids)
    if not cards:
        return "no cards"
    if len(cards) == 1:
        name = card_text(cards[0])
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name} card"
    return f"{len(cards)} cards ({'; '.join(card_text(c) for c in cards)})"


def door_text(door: Door | None) -> str:
    """What a door costs, in STANDARD_GEMS order: "Obsidian + Obsidian + Electrum", "nothing",
    or "wall" for a side without a door."""
    if door is None:
        return "wall"
    if not door.cost:
        return "nothing"
    return " + ".join(GEM_NAMES[g] for g in sorted(door.cost, key=ALL_GEMS.index))


def _cards(n) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _showing(cond) -> str:
    if cond[0] == "named":
        return "the named gem"
    if cond[0] == "special":
        return "a special gem"
    return _gem_list(cond[1])


def _step_text(step, row, kept: bool) -> str:
    """Words for one step; ``row`` is how many cards are face up before it, when known, and
    ``kept`` whether an earlier step already kept some (so others may still lie face up)."""
    op = step[0]
    if op == "draw":
        return f"draw {_cards(step[1])}"
    if op == "reveal":
        return f"reveal {_cards(step[1])}"
    if op == "dig":
        return f"dig for {_cards(step[1])} showing {_showing(step[2])}"
    if op == "keep":
        if row == step[1]:
            return "keep it" if row == 1 else "keep them"
        return f"keep {step[1]} of the face-up cards" if kept else f"keep {step[1]} of them"
    if op == "keep_matching":
        return f"keep those showing {_showing(step[1])}"
    if op == "discard":
        return f"discard {_cards(step[1])}"
    if op == "name":
        return "name a gem"
    if op == "swap_places":
        return "swap places with any other dwarf"
    if op == "move_room":
        return "move this room, with every dwarf in it, to another empty space beside the mine"
    raise ValueError(f"unknown step {step!r}")


def _row_after(step, row):
    """Cards face up after a step: a number, "X"/"X+1", or None once it cannot be told."""
    op = step[0]
    if op in ("reveal", "dig"):
        n = step[1]
        if row == 0:
            return n
        return row + n if isinstance(row, int) and isinstance(n, int) else None
    if op == "keep":
        if row == step[1]:
            return 0
        return row - step[1] if isinstance(row, int) and isinstance(step[1], int) else None
    return None if op == "keep_matching" else row


#: What each kind of step in a room's ability does, in plain words (shown beside the ability).
STEP_MEANINGS = {
    "discard": "Discard: the cards go from your hand to the discard pile, face up.",
    "X": "X: the number of cards you choose to discard first (0 is allowed); the later steps count with it.",
    "name": "Name a gem: choose one of the eleven gems; the later steps look for it.",
    "reveal": "Reveal: turn cards from the deck face up, for everyone to see.",
    "dig": "Dig: turn up cards from the deck one by one until enough show the gem asked for; "
           "the others go to the discard pile.",
    "keep": "Keep: take face-up cards into your hand; face-up cards left over go to the discard pile.",
    "draw": "Draw: take cards from the deck into your hand, unseen by the others.",
}


def ability_terms(ability) -> list[str]:
    """The plain meaning of each kind of step ``ability`` uses, in a fixed order."""
    kinds = {("keep" if step[0] == "keep_matching" else step[0]) for step in ability or ()}
    if uses_x(ability or ()):
        kinds.add("X")
    return [words for kind, words in STEP_MEANINGS.items() if kind in kinds]


def ability_with_x(ability, x: int) -> str:
    """The ability's words once X is chosen ("Discard 2 cards, reveal 3 cards, keep 1 of them.")."""
    def count(n):
        return x if n == "X" else x + 1 if n == "X+1" else n
    return ability_text([(step[0], count(step[1]), *step[2:]) if len(step) > 1 else step for step in ability])


def ability_text(ability) -> str:
    """Words for an effect program, e.g. "Name a gem, reveal 3 cards, keep those showing the
    named gem." ("" for no ability)."""
    if not ability:
        return ""
    parts, row, kept = [], 0, False
    for step in ability:
        parts.append(_step_text(step, row, kept))
        row, kept = _row_after(step, row), kept or step[0] in ("keep", "keep_matching")
    words = ", ".join(parts)
    return words[0].upper() + words[1:] + "."


# ------------------------------------------------------------------ loading

def _fail(message: str) -> None:
    raise ValueError(f"{DATA_FILE.name}: {message}")


def _tuples(value):
    """JSON lists back to tuples, all the way down."""
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def _card(row: dict, index: int) -> GemCard:
    card = GemCard(int(row["id"]), _tuples(row["gems"]))
    order = list(card.gems) == sorted(card.gems, key=ALL_GEMS.index)
    if card.id != index or not 1 <= len(card.gems) <= 2 or not order or any(g not in ALL_GEMS for g in card.gems):
        _fail(f"bad gem card {row} at index {index}")
    return card


def _door(row) -> Door | None:
    if row is None:
        return None
    door = Door(_tuples(row["cost"]), int(row["points"]))
    if (len(door.cost) > MAX_COST or any(g not in STANDARD_GEMS for g in door.cost)
            or list(door.cost) != sorted(door.cost) or door.points < 0):
        _fail(f"bad door {row}")
    return door


def _room(row: dict) -> Room:
    doors = tuple(_door(d) for d in row["doors"])
    links, ability = _tuples(row.get("links", [])), _tuples(row.get("ability", []))
    kind, rid = row["kind"], row["id"]
    if kind not in ROOM_KINDS or len(doors) != 4:
        _fail(f"room {rid}: bad kind or not four sides")
    try:
        check_ability(ability)
    except ValueError as problem:
        _fail(f"room {rid}: {problem}")
    if kind == "tunnel":
        sides = sorted(s for pair in links for s in pair)
        if doors != (Door((), 0),) * 4 or len(links) != 2 or sides != [0, 1, 2, 3] or ability:
            _fail(f"tunnel {rid}: four free doors joined in two pairs, and no ability")
        text = row["text"]
    else:
        if links or not 1 <= sum(d is not None for d in doors) <= 4:
            _fail(f"room {rid}: 1 to 4 doors and no links")
        if (kind == "mine_cart") == bool(ability):
            _fail(f"room {rid}: Mine Carts have no ability, every other room has one")
        text = row["text"] if kind == "mine_cart" else ability_text(ability)
    return Room(rid, row["name"], kind, doors, links, ability, text)


def _skill(row: dict) -> Skill:
    skill = Skill(row["id"], row["name"], row["kind"], row["text"], bool(row.get("invented", False)))
    if skill.kind not in SKILL_KINDS:
        _fail(f"skill {skill.id}: unknown kind {skill.kind!r}")
    return skill


def _load() -> tuple:
    data = json.loads(DATA_FILE.read_text())
    cards = tuple(_card(row, i) for i, row in enumerate(data["gem_cards"]))
    rooms = tuple(map(_room, data["rooms"]))
    skills = tuple(map(_skill, data["skills"]))
    if len(cards) != 75 or len(rooms) != 80 or len(skills) != 20:
        _fail("75 gem cards, 80 rooms and 20 skills")
    if len({r.id for r in rooms}) != 80 or len({s.id for s in skills}) != 20:
        _fail("room and skill ids must be unique")
    return cards, rooms, skills


GEM_CARDS, ROOMS, SKILLS = _load()
GEM_CARDS: tuple[GemCard, ...]
ROOMS: tuple[Room, ...]
SKILLS: tuple[Skill, ...]
ROOM_BY_ID: dict[str, Room] = {room.id: room for room in ROOMS}
SKILL_BY_ID: dict[str, Skill] = {skill.id: skill for skill in SKILLS}
