"""Gem Rush drawings as SVG: the mine, and Gem cards.

The functions take plain values (a mine dict, dwarf positions, card ids) rather than a game
state, so the rules doc, notebooks and widgets can draw any position they like.

How a tile reads: its background colour and icon give its kind (orange anvil: action, blue
arrow: movement, grey lamp: free, cart: Mine Cart); a thick dark edge is a wall; an opening
is a door, with its cost as gems just inside it (coloured, with a key of the gems' colours and
names beside the picture, :func:`gem_key_svg`, as the app has; ``letters=True`` letters them
with ``GEM_SHORT`` instead) and its points in a black hexagon after them.
Tunnels are dark rock showing the paths that join their sides. Empty squares a door leads to
are dashed outlines. Hovering a tile shows its name and ability text.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape
from typing import Iterable, Mapping, Sequence

from minegames.core import svg

from .gems import ALL_GEMS, GEM_COLOURS, GEM_NAMES, GEM_SHORT, SPECIAL_GEMS
from .mine import Pos, bounds, frontier, neighbour, world_doors, world_links

TILE = 140          # drawing units per square
MARGIN = 14
WALL = "#3a2f28"
WALL_WIDTH = 6
STUB = 22           # wall left at each corner of a door's edge
GEM_R = 7.5         # radius of a cost gem
GEM_GAP = 16        # distance between cost gems along an edge
ROW_DEPTH = 15      # cost row's distance in from its edge
HIGHLIGHT = "#ffb000"
POINTS_R = 9.6      # radius of a door's points hexagon: its number is 11 units high
POINTS_GAP = 3      # extra room before the points hexagon (it is larger than a gem)
#: background, accent (icon) and label colour by room kind
KIND_STYLE = {
    "action": ("#f7e9d2", "#e07b1a", "#3b2a16"),
    "movement": ("#e2edf9", "#2f6fd0", "#16273b"),
    "free": ("#ececea", "#7d7d7d", "#2b2b2b"),
    "mine_cart": ("#eadcc0", "#8a5a2b", "#3b2a16"),
    "tunnel": ("#5b4a3f", "#d9bf8f", "#f3e6c8"),
}
OTHER_STYLE = ("#f2f2f2", "#999999", "#2b2b2b")
NAME_CHARS = 13     # characters per name line that fit a tile
NAME_WIDTH = 84     # room between the East and West door rows, in drawing units
NAME_SIZE = 12      # font size of a room's name, in drawing units


def _n(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _ink_on(fill: str) -> str:
    """Black or white, whichever reads better on ``fill`` (a #rrggbb colour)."""
    r, g, b = (int(fill[i:i + 2], 16) for i in (1, 3, 5))
    return "#111111" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def fitted_text(x: float, y: float, content: object, *, size: float, width: float, fill: str,
                 weight: str = "bold") -> str:
    """Centred text squeezed to ``width`` when it would run wider (a rough width estimate, so
    names never reach the door rows beside them)."""
    label = str(content)
    fit = f' textLength="{_n(width)}" lengthAdjust="spacingAndGlyphs"' if len(label) * size * 0.64 > width else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle" fill="{fill}" '
            f'font-weight="{weight}"{fit}>{escape(label)}</text>')


def _path(d: str, *, stroke: str, width: float, cap: str = "round") -> str:
    return (f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{_n(width)}" '
            f'stroke-linecap="{cap}"/>')


# ---- small shapes -------------------------------------------------------------------------
def gem_shape(cx: float, cy: float, r: float, gem: str, *, letters: bool = False) -> str:
    """One gem: standard gems are hexagons, special gems diamonds (a second cue besides
    colour), its name as a tooltip (``letters``: its short letters inside too)."""
    fill = GEM_COLOURS.get(gem, "#bbbbbb")
    if gem in SPECIAL_GEMS:
        pts = [(cx, cy - r * 1.15), (cx + r * 1.05, cy), (cx, cy + r * 1.15), (cx - r * 1.05, cy)]
    else:
        pts = [(cx + r * math.cos(math.radians(60 * k - 90)), cy + r * math.sin(math.radians(60 * k - 90)))
               for k in range(6)]
    parts = [svg.polygon(pts, fill=fill, stroke="#222222", stroke_width=max(0.8, r / 8))]
    if letters:
        parts.append(svg.text(cx, cy + r * 0.36, GEM_SHORT.get(gem, "?"), size=r * 0.95, anchor="middle",
                              weight="bold", fill=_ink_on(fill)))
    return svg.group(parts, tooltip=GEM_NAMES.get(gem, gem))


def hexagon(cx: float, cy: float, r: float, value: object, numbers: bool = True) -> str:
    """A door's points: a small black hexagon with the number in white (``numbers=False``: the
    number only in its tooltip, for a mine drawn too small to read it)."""
    pts = [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k))) for k in range(6)]
    shape = svg.polygon(pts, fill="#111111", stroke="#111111", stroke_width=1)
    if not numbers:
        return svg.group([shape], tooltip=f"{value} point{'s' if value != 1 else ''}")
    return shape + svg.text(cx, cy + r * 0.42, value, size=r * 1.15, anchor="middle", weight="bold", fill="white")


def _anvil(cx: float, cy: float, s: float, colour: str) -> str:
    pts = [(cx - s, cy - s * 0.45), (cx + s * 0.75, cy - s * 0.45), (cx + s * 1.1, cy - s * 0.6),
           (cx + s * 0.55, cy - s * 0.05), (cx + s * 0.3, cy - s * 0.05), (cx + s * 0.45, cy + s * 0.45),
           (cx - s * 0.55, cy + s * 0.45), (cx - s * 0.35, cy - s * 0.05), (cx - s * 0.75, cy - s * 0.1)]
    return svg.polygon(pts, fill=colour, stroke="#5a2f08", stroke_width=1)


def _arrow(cx: float, cy: float, s: float, colour: str) -> str:
    pts = [(cx - s, cy - s * 0.22), (cx + s * 0.2, cy - s * 0.22), (cx + s * 0.2, cy - s * 0.55),
           (cx + s, cy), (cx + s * 0.2, cy + s * 0.55), (cx + s * 0.2, cy + s * 0.22), (cx - s, cy + s * 0.22)]
    return svg.polygon(pts, fill=colour, stroke="#173a73", stroke_width=1)


def _lamp(cx: float, cy: float, s: float, colour: str) -> str:
    beam = [(cx + s * 0.2, cy - s * 0.2), (cx + s * 1.15, cy - s * 0.55), (cx + s * 1.15, cy + s * 0.55),
            (cx + s * 0.2, cy + s * 0.2)]
    return (svg.polygon(beam, fill="#f3e27a", stroke="none", opacity=0.8)
            + svg.circle(cx - s * 0.25, cy, s * 0.5, fill=colour, stroke="#3d3d3d", stroke_width=1)
            + svg.circle(cx - s * 0.25, cy, s * 0.22, fill="#fff7c2", stroke="none"))


def _cart(cx: float, cy: float, s: float, colour: str) -> str:
    body = [(cx - s, cy - s * 0.45), (cx + s, cy - s * 0.45), (cx + s * 0.7, cy + s * 0.3), (cx - s * 0.7, cy + s * 0.3)]
    ore = [(cx - s * 0.7, cy - s * 0.45), (cx - s * 0.3, cy - s * 0.8), (cx + s * 0.2, cy - s * 0.65),
           (cx + s * 0.7, cy - s * 0.45)]
    return (svg.polygon(ore, fill="#8e5cc4", stroke="#3b2a16", stroke_width=0.8)
            + svg.polygon(body, fill=colour, stroke="#3b2a16", stroke_width=1)
            + svg.circle(cx - s * 0.45, cy + s * 0.45, s * 0.22, fill="#333333", stroke="none")
            + svg.circle(cx + s * 0.45, cy + s * 0.45, s * 0.22, fill="#333333", stroke="none"))


_ICONS = {"action": _anvil, "movement": _arrow, "free": _lamp, "mine_cart": _cart}


def short_name(name: str, chars: int = NAME_CHARS, lines: int = 2) -> list[str]:
    """A room name cut into at most ``lines`` lines of ``chars`` characters (word wrap; the last
    line ends in an ellipsis if the name does not fit)."""
    out: list[str] = []
    words = name.split()
    while words and len(out) < lines:
        line = words.pop(0)
        while words and len(line) + 1 + len(words[0]) <= chars:
            line += " " + words.pop(0)
        out.append(line)
    if words or any(len(line) > chars for line in out):
        last = (out[-1] + " " + " ".join(words)).strip() if words else out[-1]
        out[-1] = last[:chars - 1].rstrip() + "\u2026"
    return [line if len(line) <= chars else line[:chars - 1] + "\u2026" for line in out]


# ---- the mine -----------------------------------------------------------------------------
def _edge_point(ox: float, oy: float, side: int, along: float, depth: float) -> tuple[float, float]:
    """A point ``depth`` in from the middle of a tile's ``side``, moved ``along`` that edge."""
    half = TILE / 2
    return ((ox + half + along, oy + depth), (ox + TILE - depth, oy + half + along),
            (ox + half + along, oy + TILE - depth), (ox + depth, oy + half + along))[side]


def _edge_segment(ox: float, oy: float, side: int, start: float, end: float) -> str:
    """Part of a tile's edge (``start``/``end`` measured from the edge's first corner)."""
    inset = WALL_WIDTH / 2
    a = _edge_point(ox, oy, side, start - TILE / 2, inset)
    b = _edge_point(ox, oy, side, end - TILE / 2, inset)
    return svg.line(a[0], a[1], b[0], b[1], stroke=WALL, width=WALL_WIDTH)


def _door_marks(ox: float, oy: float, side: int, door, letters: bool = False, min_font: float = 0) -> list[str]:
    """The cost gems and points hexagon of a room's door, in a row just inside its edge (the
    points' number left out when it would be drawn under ``min_font`` units)."""
    cost = tuple(door.cost)
    count = len(cost) + 1
    first = -(count - 1) * GEM_GAP / 2
    parts = []
    letters = letters and GEM_R * 0.95 >= min_font
    for i, gem in enumerate(cost):
        x, y = _edge_point(ox, oy, side, first + i * GEM_GAP, ROW_DEPTH)
        parts.append(gem_shape(x, y, GEM_R, gem, letters=letters))
    x, y = _edge_point(ox, oy, side, first + len(cost) * GEM_GAP + POINTS_GAP, ROW_DEPTH)
    parts.append(hexagon(x, y, POINTS_R, door.points, numbers=POINTS_R * 1.15 >= min_font))
    return parts


def _tunnel_paths(ox: float, oy: float, room, rotation: int) -> list[str]:
    """The tunnel's paths from side to side (a straight crossing is drawn as a bridge)."""
    rock, path, _ = KIND_STYLE["tunnel"]
    cx, cy = ox + TILE / 2, oy + TILE / 2
    parts = []
    for i, (a, b) in enumerate(world_links(room, rotation)):
        pa, pb = _edge_point(ox, oy, a, 0, 0), _edge_point(ox, oy, b, 0, 0)
        if (a - b) % 2 == 0:
            d = f"M {_n(pa[0])} {_n(pa[1])} L {_n(pb[0])} {_n(pb[1])}"
        else:
            d = f"M {_n(pa[0])} {_n(pa[1])} Q {_n(cx)} {_n(cy)} {_n(pb[0])} {_n(pb[1])}"
        if i:
            parts.append(_path(d, stroke=rock, width=30, cap="butt"))
        parts.append(_path(d, stroke=path, width=18, cap="butt"))
    return parts


def _tile(ox: float, oy: float, room, rotation: int, letters: bool = False, min_font: float = 0) -> str:
    """One room tile; ``letters``: gem codes in its cost gems; text under ``min_font`` units is
    left out (the names stay in the tooltip)."""
    fill, accent, ink = KIND_STYLE.get(room.kind, OTHER_STYLE)
    parts = [svg.rounded_box(ox + 1, oy + 1, TILE - 2, TILE - 2, radius=10, fill=fill, stroke="#8b7d6b",
                             stroke_width=1)]
    doors = world_doors(room, rotation)
    if room.kind == "tunnel":
        parts += _tunnel_paths(ox, oy, room, rotation)
        linked = {s for pair in world_links(room, rotation) for s in pair}
    for side, door in enumerate(doors):
        open_side = door is not None and (room.kind != "tunnel" or side in linked)
        if not open_side:
            parts.append(_edge_segment(ox, oy, side, 0, TILE))
            continue
        parts.append(_edge_segment(ox, oy, side, 0, STUB))
        parts.append(_edge_segment(ox, oy, side, TILE - STUB, TILE))
        if room.kind != "tunnel":
            parts += _door_marks(ox, oy, side, door, letters, min_font)
    if room.kind != "tunnel" and NAME_SIZE >= min_font:
        lines = short_name(room.name)
        top = oy + TILE * (0.3 if len(lines) == 2 else 0.36)
        for i, text in enumerate(lines):
            parts.append(fitted_text(ox + TILE / 2, top + i * 14, text, size=NAME_SIZE, width=NAME_WIDTH,
                                     fill=ink))
    if room.kind != "tunnel":
        icon = _ICONS.get(room.kind)
        if icon:
            parts.append(icon(ox + TILE / 2, oy + TILE * 0.5, 11, accent))
    tip = f"{room.name} ({room.kind.replace('_', ' ')})"
    if getattr(room, "text", ""):
        tip += f": {room.text}"
    return svg.group(parts, tooltip=tip)


def _dwarf(cx: float, cy: float, player: int, gem: str | None) -> str:
    """A dwarf: a dot in its player's colour with the player's number, as the lessons and the log
    count players ("player 2"); the tooltip names it in full."""
    fill = GEM_COLOURS.get(gem, "#bbbbbb") if gem else "#bbbbbb"
    return svg.group([svg.circle(cx, cy, 12, fill=fill, stroke="#111111", stroke_width=2),
                      svg.text(cx, cy + 4, player + 1, size=10.5, anchor="middle", weight="bold", fill=_ink_on(fill))],
                     tooltip=f"player {player + 1}'s dwarf" + (f" ({GEM_NAMES.get(gem, gem)})" if gem else ""))


def _positions(highlight) -> set[Pos]:
    """``highlight`` may be one position or several."""
    if highlight is None:
        return set()
    if (isinstance(highlight, tuple) and len(highlight) == 2 and all(isinstance(v, int) for v in highlight)):
        return {highlight}
    return {tuple(p) for p in highlight}


def mine_svg(mine: Mapping[Pos, tuple[str, int]], dwarves: Mapping[int, Pos] | None = None,
             colours: Mapping[int, str] | None = None, rooms=None, highlight=None,
             chances: Mapping[tuple[Pos, int], str] | None = None, scale: float = 0.75,
             title: str | None = "Gem Rush mine", empties: bool | Iterable[Pos] = True,
             letters: bool = False, min_text: float = 0) -> str:
    """The mine as a standalone SVG.

    ``dwarves`` maps a player (0-based; the dot says 1 for "player 1") to a position and
    ``colours`` a player to a standard gem id (the dwarf's colour). ``highlight``: one position
    or several, outlined in gold (empty squares too). ``chances`` maps a door ``(pos, side)`` to
    a short text (a chance to pay, say) printed just outside that door. ``scale`` is pixels per
    unit (a square is ``TILE`` units). ``empties``: draw every square of bare rock a door opens
    onto (True, the game's own pictures), none (False), or only these squares; the drawing is
    cropped to what it shows. The cost gems are told by colour, with :func:`gem_key_svg` beside
    the picture; ``letters=True`` writes the gems' two-letter codes in them too. ``min_text``
    (pixels) leaves out the room names and points that would be drawn smaller than that at
    ``scale`` (they stay in the tooltips).
    """
    from .mine import _table

    table = _table(rooms)
    dwarves, colours = dwarves or {}, colours or {}
    every_empty = empties is True
    if every_empty:
        empties = sorted({landing.pos for landing in frontier(mine, table).values()})
    else:
        empties = sorted(tuple(pos) for pos in (empties or ()))
    marks = _positions(highlight)
    cells = list(mine) + empties + list(marks) + list(dwarves.values())
    cells += [neighbour(pos, side) for pos, side in (chances or {})]
    min_x, min_y, max_x, max_y = bounds(cells)
    width = (max_x - min_x + 1) * TILE + 2 * MARGIN
    height = (max_y - min_y + 1) * TILE + 2 * MARGIN
    doc = svg.Svg(width, height, display_width=width * scale, title=title)

    def origin(pos: Pos) -> tuple[float, float]:
        return (MARGIN + (pos[0] - min_x) * TILE, MARGIN + (pos[1] - min_y) * TILE)

    for pos in empties:
        ox, oy = origin(pos)
        doc.add(svg.rounded_box(ox + 8, oy + 8, TILE - 16, TILE - 16, radius=10, fill="none", stroke="#9a8f80",
                                stroke_width=1.5, dash="7 5",
                                tooltip=f"empty space at {pos}" if every_empty else "bare rock"))
    for pos in sorted(mine):
        room_id, rotation = mine[pos]
        doc.add(_tile(*origin(pos), table[room_id], rotation, letters, min_text / scale))
    for pos in sorted(marks):
        ox, oy = origin(pos)
        doc.add(svg.rounded_box(ox + 2, oy + 2, TILE - 4, TILE - 4, radius=10, fill="none", stroke=HIGHLIGHT,
                                stroke_width=4))
    for (pos, side), note in sorted((chances or {}).items()):
        ox, oy = origin(pos)
        x, y = _edge_point(ox, oy, side, 0, -20)
        label = str(note)
        w = 7 * len(label) + 10
        doc.add(svg.rounded_box(x - w / 2, y - 9, w, 18, radius=5, fill="white", stroke="#555555", opacity=0.92),
                svg.text(x, y + 4, label, size=11, anchor="middle", fill="#111111"))
    here: dict[Pos, list[int]] = {}
    for player in sorted(dwarves):
        here.setdefault(tuple(dwarves[player]), []).append(player)
    for pos, players in here.items():
        ox, oy = origin(pos)
        spread = 26
        for i, player in enumerate(players):
            cx = ox + TILE / 2 + (i - (len(players) - 1) / 2) * spread
            doc.add(_dwarf(cx, oy + TILE * 0.7, player, colours.get(player)))
    return str(doc)


# ---- the key to the gems --------------------------------------------------------------------
KEY_TEXT = 13       # the key's names, in drawing units (pictures are drawn about 1 unit a pixel)
KEY_ROW = 24


def door_gems(mine: Mapping[Pos, tuple[str, int]], rooms=None) -> list[str]:
    """The gems the doors of ``mine``'s rooms cost, each once, in the game's order of gems."""
    from .mine import _table

    table = _table(rooms)
    used = {gem for room_id, rotation in mine.values() for door in world_doors(table[room_id], rotation)
            if door is not None for gem in door.cost}
    return [gem for gem in ALL_GEMS if gem in used]


def gem_key_svg(gems: Iterable[str] = ALL_GEMS, width: float = 520) -> str:
    """The key to the gem colours drawn on a mine: each gem's shape (special gems are diamonds)
    and its full name, in rows that wrap at ``width`` units; the app shows the same key in HTML."""
    x, y, parts = 8.0, KEY_ROW / 2 + 2, [svg.text(8, KEY_ROW / 2 + 2 + KEY_TEXT * 0.36, "Gems:", size=KEY_TEXT,
                                                 weight="bold")]
    x += KEY_TEXT * 3.6
    for gem in gems:
        name = GEM_NAMES.get(gem, gem)
        item = 2 * 8 + 6 + 0.6 * KEY_TEXT * len(name) + 14
        if x + item > width:
            x, y = 8.0, y + KEY_ROW
        parts.append(gem_shape(x + 8, y, 8, gem))
        parts.append(svg.text(x + 22, y + KEY_TEXT * 0.36, name, size=KEY_TEXT))
        x += item
    height = y + KEY_ROW / 2 + 2
    doc = svg.Svg(width, height, display_width=width, title="the gems' colours", background=None)
    doc.add(*parts)
    return str(doc)


# ---- cards --------------------------------------------------------------------------------
CARD_W, CARD_H, CARD_GAP = 84, 122, 10
CARD_TEXT = 13.5    # a card's words (its number, its gems' names): 11 px and more at the app's scale


def _card_table(cards):
    if cards is not None:
        return cards
    from .components import GEM_CARDS

    return GEM_CARDS


def card_name_lines(name: str) -> list[str]:
    """A gem's name on a card, every name at the one size CARD_TEXT (never squeezed or stretched):
    a name too wide for the card goes on two lines at its space ("Diamond", "Dust")."""
    if " " in name and len(name) * CARD_TEXT * 0.6 > CARD_W - 6:
        return name.split(" ", 1)
    return [name]


def _card(x: float, y: float, card, selected: bool) -> str:
    """One card at (x, y): its id in the corner, then each gem with its name under it."""
    if selected:
        y -= 6
    parts = [svg.rounded_box(x, y, CARD_W, CARD_H, radius=7, fill="#fffdf7",
                             stroke=HIGHLIGHT if selected else "#555555", stroke_width=3.5 if selected else 1.2),
             svg.text(x + 5, y + 15, f"#{card.id}", size=CARD_TEXT, fill="#666666")]
    gems = tuple(card.gems)
    rows = len(gems) or 1
    for i, gem in enumerate(gems):
        cy = y + 20 + (i + 0.5) * (CARD_H - 26) / rows
        lines = card_name_lines(GEM_NAMES.get(gem, gem))
        gem_y, first = (cy - 4, cy + 21) if len(lines) == 1 else (cy - 12, cy + 10)  # two lines: the gem sits higher
        parts.append(gem_shape(x + CARD_W / 2, gem_y, 11, gem, letters=False))
        for j, line in enumerate(lines):
            parts.append(svg.text(x + CARD_W / 2, first + j * 13, line, size=CARD_TEXT,
                                  anchor="middle", fill="#222222"))
    names = " & ".join(GEM_NAMES.get(g, g) for g in gems)
    return svg.group(parts, tooltip=f"card {card.id}: {names}")


def _resolve(card, cards):
    return _card_table(cards)[card] if isinstance(card, int) else card


def card_svg(card, selected: bool = False, cards=None, scale: float = 1.0) -> str:
    """One Gem card (a card id or a GemCard) as a standalone SVG."""
    card = _resolve(card, cards)
    width, height = CARD_W + 2 * CARD_GAP, CARD_H + 2 * CARD_GAP
    doc = svg.Svg(width, height, display_width=width * scale, title=f"Gem card {card.id}", background=None)
    doc.add(_card(CARD_GAP, CARD_GAP, card, selected))
    return str(doc)


def cards_svg(card_ids: Sequence[int] | Iterable, selected: Iterable[int] = (), cards=None,
              scale: float = 1.0) -> str:
    """A row of Gem cards; cards whose id is in ``selected`` are raised and outlined in gold."""
    chosen = set(selected)
    items = [_resolve(c, cards) for c in card_ids]
    count = max(1, len(items))
    width = count * CARD_W + (count + 1) * CARD_GAP
    height = CARD_H + 2 * CARD_GAP
    doc = svg.Svg(width, height, display_width=width * scale, title="Gem cards", background=None)
    if not items:
        doc.add(svg.rounded_box(CARD_GAP, CARD_GAP, CARD_W, CARD_H, radius=7, fill="none", stroke="#999999",
                                dash="5 4"),
                svg.text(CARD_GAP + CARD_W / 2, CARD_GAP + CARD_H / 2 + 4, "no cards", size=10, anchor="middle",
                         fill="#777777"))
    for i, card in enumerate(items):
        doc.add(_card(CARD_GAP + i * (CARD_W + CARD_GAP), CARD_GAP, card, card.id in chosen))
    return str(doc)
