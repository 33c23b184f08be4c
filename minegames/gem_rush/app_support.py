"""Read-only helpers for the Gem Rush app (``widgets/gem_rush.py``): what one seat may know
about the cards, which doors it can reach and how likely it is to pay them, how a chosen set
of cards pays a door, who made each action, and where the mine drawing puts each square.

Nothing here changes a state or adds a rule: every answer comes from the model's own modules
(``mine``, ``payment``, ``analysis``, ``skills``, ``render``) applied to what ``view(seat)``
shows, so a person never sees more than their seat may.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Iterable, Mapping, Sequence

from minegames.core import svg
from minegames.core.words import as_you

from . import analysis, components, mine, payment, planner, render, skills
from .actions import UseRoom
from .gems import GEM_NAMES, STANDARD_GEMS, WARPSTONE

Pos = tuple[int, int]
DoorKey = tuple[Pos, int]


# ---- cards a seat has seen ---------------------------------------------------------------
def hand_of(view: Mapping, seat: int) -> list[int]:
    """The seat's own hand in a view (a list of card ids)."""
    return list(view["players"][seat]["hand"])


def seen_cards(view: Mapping, seat: int) -> set[int]:
    """Every card the seat can see where it lies: its hand, the discards, the burnt cards, the
    face-up row and (in Crisis, where hands are open) the other hands."""
    seen = set(view["players"][seat]["hand"]) | set(view["discards"]) | set(view["burnt"]) | set(view["revealed"])
    for player in view["players"]:
        if isinstance(player["hand"], list):
            seen |= set(player["hand"])
    return seen


def draw_pool(view: Mapping, seat: int) -> list[int]:
    """The cards the seat's next draw may be, each equally likely as far as it knows: the cards
    it has not seen (the deck, and in Rush the hidden hands, which were dealt from the same
    shuffle). When the deck is empty the next draw comes from the discards, shuffled."""
    if view["deck"] == 0 and view["discards"]:
        return sorted(view["discards"])
    seen = seen_cards(view, seat)
    return [card.id for card in components.GEM_CARDS if card.id not in seen]


# ---- reaching and paying doors --------------------------------------------------------------
def steps_for(state, seat: int) -> int:
    """Steps the seat has now (its movement phase) or will have on its next turn."""
    if state.current == seat and state.phase == "move" and state.pending is None:
        return state.steps_left
    return skills.steps_per_turn(state, seat)


def has_warpstone(hand: Iterable[int]) -> bool:
    return any(WARPSTONE in components.GEM_CARDS[c].gems for c in hand)


def reachable_doors(state, seat: int) -> dict[DoorKey, int]:
    """Doors into empty space the seat's dwarf can build through with the steps it has (this
    turn in its movement, else next turn), with the steps needed to reach the room (0 for a
    Warpstone build from afar, when the seat holds a Warpstone card)."""
    if not state.rooms_left:
        return {}
    here = tuple(state.players[seat]["pos"])
    distance = mine.shortest_steps(state.mine, here)
    steps = steps_for(state, seat)
    warp = has_warpstone(state.players[seat]["hand"])
    found: dict[DoorKey, int] = {}
    for key in mine.frontier(state.mine):
        pos, _side = key
        far = distance.get(pos)
        if far is not None and far + 1 <= steps:
            found[key] = far
        elif warp:
            found[key] = 0
    return found


def pay_chance(state, seat: int, door, draws: int = 1) -> Fraction:
    """The exact chance that the seat's hand plus ``draws`` more cards pay ``door``, the cards
    drawn coming from what the seat has not seen (``draw_pool``)."""
    view = state.view(seat)
    return _pay_chance(view, state, seat, door, draws)


def _pay_chance(view, state, seat, door, draws) -> Fraction:
    return analysis.chance_to_pay(door.cost, hand_of(view, seat), draws, skills=skills.skills_of(state, seat),
                                  colour=state.players[seat]["colour"], deck=draw_pool(view, seat))


def door_chances(state, seat: int, doors: Iterable[DoorKey], draws: int = 1) -> dict[DoorKey, Fraction]:
    """``pay_chance`` for each door key (the view is read once)."""
    view = state.view(seat)
    return {key: _pay_chance(view, state, seat, mine.door_at(state.mine, *key), draws) for key in doors}


@dataclasses.dataclass(frozen=True)
class Judgement:
    """How a chosen set of cards pays a door: ``pays``; when it does, the gems ``wasted``, the
    Orichalcum ``points``, the skill ``uses``, the gem ``waive``d by Thrift and the ``spare``
    cards that could be left out; when it does not, how many gems it is ``short`` by."""
    pays: bool
    wasted: tuple[str, ...] = ()
    points: int = 0
    uses: tuple = ()
    waive: str = ""
    spare: tuple[int, ...] = ()
    short: int = 0


def judge(cost: tuple[str, ...], cards: Sequence[int], colour: str | None, skill_ids: Sequence[str],
          warp: bool = False) -> Judgement:
    """Whether ``cards`` (ids) pay ``cost`` with the best use of the skills held, and how."""
    values = [components.GEM_CARDS[c] for c in cards]
    skill_ids = tuple(skill_ids)
    settled = payment.best_settlement(tuple(cost), values, colour=colour, skills=skill_ids, warp=warp)
    if settled is None:
        return Judgement(False, short=_short_by(tuple(cost), values, colour, skill_ids))
    spare = []
    for i, card in enumerate(cards):
        rest = values[:i] + values[i + 1:]
        other = payment.best_settlement(tuple(cost), rest, colour=colour, skills=skill_ids, warp=warp)
        if other is not None and other.orichalcum_points >= settled.orichalcum_points:
            spare.append(card)
    return Judgement(True, settled.wasted, settled.orichalcum_points, settled.uses, settled.waive, tuple(spare))


_WILD = [components.GemCard(-1 - k, ("diamond_dust",)) for k in range(7)]


def _short_by(cost, values, colour, skill_ids) -> int:
    """The fewest Diamond Dust that would make ``values`` pay ``cost``: the gems still missing."""
    for k in range(1, len(cost) + 1):
        if payment.best_settlement(cost, list(values) + _WILD[:k], colour=colour, skills=skill_ids) is not None:
            return k
    return len(cost)


def uses_text(uses: Sequence, waive: str = "") -> str:
    """Skill uses in words ("Thrift (no Fire Ruby needed), Harmonization")."""
    parts = []
    for skill, _cards in uses:
        name = components.SKILL_BY_ID[skill].name if skill in components.SKILL_BY_ID else skill
        if skill == "thrift" and waive:
            name += f" (one {GEM_NAMES.get(waive, waive)} fewer)"
        parts.append(name)
    return ", ".join(parts)


# ---- what a hint weighs ---------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class DoorOutlook:
    """One door within the seat's reach, as the hint weighs it: its ``cost`` and printed
    ``points``; ``steps`` to walk to its room (None: only a Warpstone build reaches it);
    ``now``, the chance the hand pays it (1 or 0) and ``next``, the chance the hand plus one
    more card does (exact); when the hand pays it, the ``best`` points a payment scores
    (Orichalcum and Foreman counted, ``planner.build_points``) and the ``fewest`` cards it takes."""
    key: DoorKey
    cost: tuple[str, ...]
    points: int
    steps: int | None
    now: Fraction
    next: Fraction
    best: int | None = None
    fewest: int | None = None


def door_outlook(state, seat: int) -> list[DoorOutlook]:
    """The doors into empty space the seat can reach (``reachable_doors``), best first: those the
    hand pays now by the points they score, then the rest by points times the chance one more
    card makes them payable. Only what the seat may see is used (its hand, the unseen cards)."""
    reach = reachable_doors(state, seat)
    if not reach:
        return []
    here = tuple(state.players[seat]["pos"])
    walk = mine.shortest_steps(state.mine, here)
    steps_now = steps_for(state, seat)
    now = door_chances(state, seat, reach, draws=0)
    plus = door_chances(state, seat, reach, draws=1)
    plans: dict[DoorKey, list] = {}
    if state.current == seat:
        for plan in planner.best_plans(state, limit=10 ** 6):
            plans.setdefault((tuple(plan.pos), plan.side), []).append(plan)
    found = []
    for key in reach:
        door = mine.door_at(state.mine, *key)
        far = walk.get(key[0])
        steps = far if far is not None and far + 1 <= steps_now else None
        options = plans.get(key, [])
        found.append(DoorOutlook(key, tuple(door.cost), door.points, steps, now[key], plus[key],
                                 max((p.points for p in options), default=None),
                                 min((len(p.cards) for p in options), default=None)))
    found.sort(key=lambda d: (d.best is None, -(d.best or 0), -d.next * d.points, d.key))
    return found


@dataclasses.dataclass(frozen=True)
class NameOutlook:
    """Naming a gem for an ability: ``expected`` cards the rest of the ability brings for each gem
    that may be named (exact; empty when the rest brings no cards), ``asked``: how many times the
    doors into empty space ask for each standard gem, ``suggested``: the planner's gem (the one
    asked for most) and ``most``: the gem that brings the most cards."""
    expected: dict[str, Fraction]
    asked: dict[str, int]
    suggested: str
    most: str | None


def name_outlook(state, seat: int, gems: Sequence[str]) -> NameOutlook:
    """What naming each of ``gems`` brings the seat now (a name step must be pending), counted
    over the cards the seat has not seen, with the planner's choice and its reason."""
    pending = state.pending
    rest = tuple(tuple(s) for s in pending["program"][pending["index"] + 1:])
    expected: dict[str, Fraction] = {}
    if any(s[0] in ("reveal", "dig", "draw") for s in rest):
        pool = draw_pool(state.view(seat), seat)
        held = skills.skills_of(state, seat)
        colour = state.players[seat]["colour"]
        try:
            for gem in gems:
                expected[gem] = analysis.expected_cards(rest, named=gem, deck=pool, x=pending["x"] or 0,
                                                        skills=held, colour=colour)
        except (ValueError, KeyError):  # a step the odds do not model (a dig for none): no numbers, not wrong ones
            expected = {}
    asked = planner.wanted_gems(state)
    most = max(expected, key=lambda g: (expected[g], -list(gems).index(g))) if expected else None
    return NameOutlook(expected, {g: asked.get(g, 0) for g in STANDARD_GEMS}, planner.gem_to_name(state), most)


@dataclasses.dataclass(frozen=True)
class ActionOutlook:
    """The action phase: ``draws``, the cards a plain draw brings; ``ability``, the cards the
    room's ability is expected to bring (exact over a full deck, as the planner counts; None: the
    room has no ability to use now); ``discards``, the cards the ability first takes from the hand
    ("X": as many as you choose)."""
    draws: int
    ability: Fraction | None
    room: str
    discards: int | str = 0


def action_outlook(state, seat: int) -> ActionOutlook:
    """Drawing against using the room the seat stands in, as the planner weighs them."""
    room = components.ROOM_BY_ID[state.mine[tuple(state.players[seat]["pos"])][0]]
    ability = None
    if state.current == seat and UseRoom() in state.legal_actions():
        try:
            ability = analysis.expected_cards(room.ability)
        except Exception:  # an ability that brings no cards (the planner counts it as none)
            ability = Fraction(0)
    discards = sum(step[1] for step in room.ability if step[0] == "discard" and isinstance(step[1], int))
    if any(step[0] == "discard" and not isinstance(step[1], int) for step in room.ability):
        discards = "X"
    return ActionOutlook(skills.draw_action_cards(state, seat), ability, room.name, discards)


# ---- who did what -------------------------------------------------------------------------
# ---- placing a new room -------------------------------------------------------------------
def open_doors_after(state, room_id: str, rotation: int) -> int:
    """Doors of the room being placed that would face empty squares (more places to build)."""
    pos = tuple(state.pending["pos"])
    doors = mine.world_doors(components.ROOM_BY_ID[room_id], rotation)
    return sum(1 for side in range(4) if doors[side] is not None and mine.neighbour(pos, side) not in state.mine)


def tile_svg(room_id: str, rotation: int, back_side: int, scale: float = 0.62, key: str | None = None,
             note: str = "", selected: bool = False) -> str:
    """One room tile turned ``rotation`` quarter turns, drawn as the mine draws it, with an
    arrow on the side the builder comes in by (``back_side``) and a line of ``note`` under it.
    With ``key``, the whole picture is a clickable target (``data-key``)."""
    room = components.ROOM_BY_ID[room_id]
    t = render.TILE
    pad = 10
    width, height = t + 2 * pad, t + 2 * pad + 22
    doc = svg.Svg(width, height, display_width=width * scale, title=f"{room.name} turned {rotation * 90}°",
                  background=None)
    doc.add(render._tile(pad, pad, room, rotation))
    cx, cy = pad + t / 2, pad + t / 2
    dx, dy = mine.STEP[back_side]
    tip = (cx + dx * (t / 2 - 2), cy + dy * (t / 2 - 2))
    base = (cx + dx * (t / 2 + 8), cy + dy * (t / 2 + 8))
    side = (-dy * 9, dx * 9)
    doc.add(svg.polygon([tip, (base[0] + side[0], base[1] + side[1]), (base[0] - side[0], base[1] - side[1])],
                        fill="#1565c0", stroke="white", stroke_width=1.5))
    if note:
        doc.add(svg.text(width / 2, height - 6, note, size=13, anchor="middle", fill="#333333"))
    if key is not None:
        stroke = render.HIGHLIGHT if selected else "none"
        doc.add(f'<rect data-key="{key}" x="1" y="1" width="{width - 2}" height="{height - 2}" rx="8" '
                f'fill="#000" fill-opacity="0" stroke="{stroke}" stroke-width="4"><title>place it like this'
                f"</title></rect>")
    return str(doc)


# ---- where the mine drawing puts things ----------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Layout:
    """The frame ``render.mine_svg`` draws a mine in: the square top left, and the size."""
    min_x: int
    min_y: int
    width: float
    height: float

    def origin(self, pos: Pos) -> tuple[float, float]:
        return (render.MARGIN + (pos[0] - self.min_x) * render.TILE,
                render.MARGIN + (pos[1] - self.min_y) * render.TILE)

    def edge(self, pos: Pos, side: int, along: float = 0.0, depth: float = 0.0) -> tuple[float, float]:
        """A point ``depth`` in from the middle of ``pos``'s ``side`` (negative: outside)."""
        return render._edge_point(*self.origin(pos), side, along, depth)


def layout(mine_map: Mapping[Pos, tuple[str, int]], extra: Iterable[Pos] = ()) -> Layout:
    """The frame of ``render.mine_svg(mine_map, highlight=extra)`` (no dwarves, no chance notes:
    those squares are in the mine or beside it anyway)."""
    empties = {landing.pos for landing in mine.frontier(mine_map).values()}
    min_x, min_y, max_x, max_y = mine.bounds(list(mine_map) + sorted(empties) + list(extra))
    return Layout(min_x, min_y, (max_x - min_x + 1) * render.TILE + 2 * render.MARGIN,
                  (max_y - min_y + 1) * render.TILE + 2 * render.MARGIN)


def standard_gems_short(cost: Sequence[str]) -> str:
    return " + ".join(GEM_NAMES[g] for g in cost) if cost else "nothing"


__all__ = ["DoorOutlook", "door_outlook", "NameOutlook", "name_outlook", "ActionOutlook", "action_outlook",
           "hand_of", "seen_cards", "draw_pool", "steps_for", "reachable_doors", "pay_chance", "door_chances",
           "Judgement", "judge", "uses_text", "open_doors_after", "tile_svg", "Layout", "layout",
           "STANDARD_GEMS"]


# ---- the log as the person reads it --------------------------------------------------------
def line_for_seat(text: str, seat: int) -> str:
    """A neutral log line as the person at ``seat`` reads it (the model's log names every seat alike)."""
    return as_you(text, f"player {seat + 1}")


def turn_for_seat(state, seat: int) -> str:
    """"round 6, your turn" / "round 6, player 2's turn"; once the game is over, "the game is over"."""
    if state.is_over:
        return f"the game is over (after round {state.last_round})"
    whose = "your" if state.current == seat else f"player {state.current + 1}'s"
    return f"round {state.round_number}, {whose} turn"
