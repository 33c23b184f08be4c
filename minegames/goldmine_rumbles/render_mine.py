"""The mine of Goldmine Rumbles as SVG, for notebooks, the rules doc and widgets.

Light faces are sandstone with brown tunnels, dark (turned-over) faces are
dark rock with pale tunnels and dashed rubble where tunnels collapsed. A
tunnel that passes over another is drawn with a gap either side (a bridge);
a junction's branches meet at a hub, where a rat or snake on it is drawn.
The tile number sits in its tile's own top-left corner, so it also shows how
the tile is turned. The 16 claim sites ring the mine in their claim type's
colour; the four start sites have a double ring. Optional layers: a route
(highlighted), pawns and Papa Clayton.
"""

from __future__ import annotations

from typing import Mapping

from minegames.core import palette, svg

from .components import CLAIMS, CLAIM_SITES, FACES, MINE_TILES, Tunnel
from .mine import (CELLS, SIZE, START_SITES, Cell, Jump, Leg, Mine, Placement, Point, Position,
                   Route, neighbour, placed_tunnels, port_edge, site_port)
from .wording import describe

TILE = 120
RIM = 46
LEGEND = 64  # two rows of the key, drawn as large as the picture's other words
#: The picture's smallest words (site numbers, hazard letters, the key), in picture units: a phone
#: draws the mine at about 0.8 of its size, and text under 11 px cannot be read there.
TEXT = 14
DISPLAY_WIDTH = 520
FACE_STYLE = {  # rock, tunnel, casing (gap colour = rock), label
    "light": ("#ead9b0", "#7a5634", "#ead9b0", "#5a3f25"),
    "dark": ("#4a3c32", "#d9bf8f", "#4a3c32", "#f3e6c8"),
}
RUBBLE = "#9c8a78"
TYPE_COLOURS = {"Dark": ("#7a5230", "white"), "Flooded": ("#8fd0f0", "#1d3c4f"),
                "Hard Rock": ("#8d5fb3", "white")}
HAZARD_STYLE = {"rat": ("#8a8d91", "R"), "snake": ("#3f8f3a", "S")}
PAWN_COLOURS = palette.PAWN_COLOURS
ROUTE_COLOUR = "#ff9d00"
_NORMAL = ((0, 1), (-1, 0), (0, -1), (1, 0))  # inward, per edge: top, right, bottom, left


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _path(d: str, *, stroke: str, width: float, dash: str | None = None, cap: str = "round") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{_num(width)}" '
            f'stroke-linecap="{cap}"{extra}/>')


def port_xy(origin: tuple[float, float], port: int, size: float = TILE) -> tuple[float, float]:
    """Board-frame port position on a tile whose top-left corner is ``origin`` (ports at thirds)."""
    x, y = origin
    edge, j = port_edge(port), port % 2
    third = size / 3
    return ((x + (1 + j) * third, y), (x + size, y + (1 + j) * third),
            (x + (2 - j) * third, y + size), (x, y + (2 - j) * third))[edge]


def _inward(port: int, length: float) -> tuple[float, float]:
    nx, ny = _NORMAL[port_edge(port)]
    return nx * length, ny * length


def _hub(origin, tunnel: Tunnel, size: float) -> tuple[float, float]:
    """Where a junction's branches meet: the middle of its ports, pulled towards the tile's centre."""
    points = [port_xy(origin, port, size) for port in tunnel.ports]
    cx, cy = origin[0] + size / 2, origin[1] + size / 2
    mx, my = sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points)
    return 0.4 * mx + 0.6 * cx, 0.4 * my + 0.6 * cy


def _branch(origin, port: int, hub: tuple[float, float], size: float, into_hub: bool = True) -> str:
    """One branch of a junction as SVG path commands: from ``port`` to the hub (or back)."""
    a = port_xy(origin, port, size)
    dx, dy = _inward(port, size * 0.3)
    c = (a[0] + dx, a[1] + dy)
    if into_hub:
        return f"M {_num(a[0])} {_num(a[1])} Q {_num(c[0])} {_num(c[1])} {_num(hub[0])} {_num(hub[1])}"
    return f"Q {_num(c[0])} {_num(c[1])} {_num(a[0])} {_num(a[1])}"


def _leg_path(origin, tunnel: Tunnel, start, end, size: float = TILE) -> str:
    """The SVG path of walking ``tunnel`` from end ``start`` to end ``end`` (a route's leg)."""
    if not tunnel.is_junction:
        return _curve(origin, tunnel, size)[0]
    hub = _hub(origin, tunnel, size)
    return f"{_branch(origin, start, hub, size)} {_branch(origin, end, hub, size, into_hub=False)}"


def _curve(origin, tunnel: Tunnel, size: float) -> tuple[str, tuple[float, float]]:
    """The SVG path of a tunnel and its midpoint (where a rat or snake is drawn)."""
    if tunnel.is_junction:
        hub = _hub(origin, tunnel, size)
        return " ".join(_branch(origin, port, hub, size) for port in tunnel.ports), hub
    a = port_xy(origin, tunnel.ends[0], size)
    if tunnel.letter:
        dx, dy = _inward(tunnel.ends[0], size * 0.3)
        b = (a[0] + dx, a[1] + dy)
        return f"M {_num(a[0])} {_num(a[1])} L {_num(b[0])} {_num(b[1])}", ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    b = port_xy(origin, tunnel.ends[1], size)
    pull = size * 0.36
    (ax, ay), (bx, by) = _inward(tunnel.ends[0], pull), _inward(tunnel.ends[1], pull)
    c1, c2 = (a[0] + ax, a[1] + ay), (b[0] + bx, b[1] + by)
    mid = tuple(0.125 * a[i] + 0.375 * c1[i] + 0.375 * c2[i] + 0.125 * b[i] for i in (0, 1))
    d = (f"M {_num(a[0])} {_num(a[1])} C {_num(c1[0])} {_num(c1[1])} {_num(c2[0])} {_num(c2[1])} "
         f"{_num(b[0])} {_num(b[1])}")
    return d, mid


def _entrance(origin, tunnel: Tunnel, size: float, fill: str, ink: str) -> str:
    dx, dy = _inward(tunnel.ends[0], size * 0.3)
    a = port_xy(origin, tunnel.ends[0], size)
    cx, cy = a[0] + dx, a[1] + dy
    r = max(size * 0.09, TEXT * 0.75)
    return (svg.circle(cx, cy, r, fill=fill, stroke=ink, stroke_width=2)
            + svg.text(cx, cy + TEXT * 0.36, tunnel.letter, size=max(r * 1.3, TEXT), anchor="middle", weight="bold",
                       fill=ink))


def tile_fragment(placement: Placement, origin: tuple[float, float], size: float = TILE) -> str:
    """One placed tile: rock, tunnels (bridges at crossings), entrance, hazards, number badge."""
    rock, tunnel_ink, casing, label = FACE_STYLE[placement.face]
    x, y = origin
    parts = [svg.rounded_box(x, y, size, size, radius=4, fill=rock, stroke="#2b2218", stroke_width=1.5)]
    tunnels = placed_tunnels(placement)
    markers = []
    for tunnel in tunnels:
        d, mid = _curve(origin, tunnel, size)
        if tunnel.collapsed:
            parts.append(_path(d, stroke=RUBBLE, width=size * 0.035, dash=f"{_num(size * 0.05)} {_num(size * 0.06)}",
                               cap="butt"))
            parts.append(svg.text(mid[0], mid[1] + size * 0.04, "x", size=size * 0.13, anchor="middle",
                                  weight="bold", fill=RUBBLE))
            continue
        parts.append(_path(d, stroke=casing, width=size * 0.13, cap="butt"))
        parts.append(_path(d, stroke=tunnel_ink, width=size * 0.075))
        if tunnel.is_junction:  # a chamber where the branches meet (a bridge has none)
            parts.append(svg.circle(mid[0], mid[1], size * 0.065, fill=tunnel_ink, stroke=casing, stroke_width=1.5))
        if tunnel.letter:
            parts.append(_entrance(origin, tunnel, size, rock, tunnel_ink))
        if tunnel.hazard:
            markers.append((mid, tunnel.hazard))
    for (mx, my), hazard in markers:
        fill, letter = HAZARD_STYLE[hazard]
        r = max(size * 0.075, TEXT * 0.75)
        parts.append(svg.group([svg.circle(mx, my, r, fill=fill, stroke="white", stroke_width=1.5),
                                svg.text(mx, my + TEXT * 0.36, letter, size=TEXT, anchor="middle",
                                         weight="bold", fill="white")], tooltip=hazard))
    corner = ((x + 3, y + 3), (x + size - 3, y + 3), (x + size - 3, y + size - 3), (x + 3, y + size - 3))
    bx, by = corner[placement.rotation]
    badge = max(size * 0.16, TEXT * 1.4)
    bx -= badge if placement.rotation in (1, 2) else 0
    by -= badge if placement.rotation in (2, 3) else 0
    parts.append(svg.rounded_box(bx, by, badge, badge, radius=3, fill=label, stroke="none"))
    parts.append(svg.text(bx + badge / 2, by + badge * 0.76, placement.tile, size=max(badge * 0.72, TEXT),
                          anchor="middle", weight="bold", fill=rock))
    tip = f"tile {placement.tile}, {placement.face} face, turned {placement.rotation * 90} degrees"
    return svg.group(parts, tooltip=tip)


def _cell_origin(cell: Cell) -> tuple[float, float]:
    return RIM + cell[1] * TILE, RIM + cell[0] * TILE


def _site_xy(site: int, out: float) -> tuple[float, float]:
    cell, port = site_port(site)
    px, py = port_xy(_cell_origin(cell), port)
    dx, dy = _inward(port, -out)
    return px + dx, py + dy


def _position_xy(mine: Mine, position: Position) -> tuple[float, float]:
    if isinstance(position, int):
        return _site_xy(position, RIM * 0.5)
    if isinstance(position, Point):
        return port_xy(_cell_origin(position.cell), position.port)
    cell = mine.cell_of(position.tile)
    tunnel = mine.tunnel_at(cell, position.letter)
    a = port_xy(_cell_origin(cell), tunnel.ends[0])
    dx, dy = _inward(tunnel.ends[0], TILE * 0.3)
    return a[0] + dx, a[1] + dy


#: Pawns at a claim site stand in a line along the mine's edge, starting this far from the site's
#: centre (clear of its circle) and this far apart: inside the picture and clear of the next site.
#: (Along a side edge the start is larger: a pawn is taller than it is wide.)
PAWN_START, PAWN_START_TALL, PAWN_STEP = 22, 26, 12


def _figure_xy(mine: Mine, position: Position, k: int) -> tuple[float, float]:
    """Where the ``k``-th figure (from 0) on ``position`` stands. At a claim site: along the edge,
    on the side away from the site's twin on the same tile edge, where the gap to the next site is
    widest (a figure beside the picture's edge would be cut off, one above the tile would hide it)."""
    if not isinstance(position, int):
        x, y = _position_xy(mine, position)
        return x + 14 + 10 * k, y - 10
    x, y = _site_xy(position, RIM * 0.5)
    cell, port = site_port(position)
    ox, oy = _cell_origin(cell)
    px, py = port_xy((ox, oy), port)
    mx, my = ox + TILE / 2, oy + TILE / 2  # the middle of the tile: its edge's middle along the edge
    along = (px - mx, 0.0) if port_edge(port) in (0, 2) else (0.0, py - my)
    length = abs(along[0] + along[1]) or 1.0
    shift = (PAWN_START if along[1] == 0 else PAWN_START_TALL) + PAWN_STEP * k
    return x + along[0] / length * shift, y + along[1] / length * shift + 2


def _rim(doc: svg.Svg) -> None:
    for cell in CELLS:
        for port in range(8):
            if neighbour(cell, port) is not None:
                continue
            px, py = port_xy(_cell_origin(cell), port)
            dx, dy = _inward(port, -RIM * 0.22)
            doc.add(svg.line(px, py, px + dx, py + dy, stroke="#8a7a66", width=4))
    for site in CLAIM_SITES:
        x, y = _site_xy(site, RIM * 0.5)
        fill, ink = TYPE_COLOURS[CLAIMS[site].type]
        parts = []
        if site in START_SITES:
            parts.append(svg.circle(x, y, 17, fill="none", stroke=svg.INK, stroke_width=1.5))
        parts += [svg.circle(x, y, 14, fill=fill, stroke=svg.INK, stroke_width=1.2),
                  svg.text(x, y + 5, site, size=TEXT, anchor="middle", weight="bold", fill=ink)]
        start = ", a start site" if site in START_SITES else ""
        doc.add(svg.group(parts, tooltip=f"claim site {site} ({CLAIMS[site].type}{start})"))


def _route(doc: svg.Svg, mine: Mine, route: Route) -> None:
    for step in route.steps:
        if isinstance(step, Leg):
            tunnel = mine.tunnel_at(step.cell, step.start)
            if tunnel is None:
                raise ValueError(f"the route walks a tunnel that this mine does not have: {step}")
            d = _leg_path(_cell_origin(step.cell), tunnel, step.start, step.end)
            doc.add(_path(d, stroke=ROUTE_COLOUR, width=TILE * 0.035))
        elif isinstance(step, Jump):
            (ax, ay), (bx, by) = _position_xy(mine, step.start), _position_xy(mine, step.end)
            doc.add(_path(f"M {_num(ax)} {_num(ay)} Q {_num((ax + bx) / 2)} {_num(min(ay, by) - TILE * 0.4)} "
                          f"{_num(bx)} {_num(by)}", stroke=ROUTE_COLOUR, width=3, dash="6 5"))
    for position in route.path:
        if isinstance(position, int):
            x, y = _site_xy(position, RIM * 0.5)
            doc.add(svg.circle(x, y, 15, fill="none", stroke=ROUTE_COLOUR, stroke_width=3))


def _pawn(x: float, y: float, colour: str, label: str) -> str:
    fill = PAWN_COLOURS.get(colour, colour)
    return svg.group([svg.polygon([(x, y - 12), (x + 8, y + 8), (x - 8, y + 8)], fill=fill, stroke="white",
                                  stroke_width=1.5)], tooltip=label)


def _legend(doc: svg.Svg, y: float) -> None:
    """The key, in two rows: the claim types and start sites, then every letter the picture uses."""
    x = 12
    for name, (fill, _) in TYPE_COLOURS.items():
        doc.add(svg.circle(x + 9, y, 9, fill=fill, stroke=svg.INK), svg.text(x + 23, y + 5, name, size=TEXT))
        x += 34 + 8 * len(name)
    doc.add(svg.circle(x + 9, y, 9, fill="none", stroke=svg.INK), svg.text(x + 23, y + 5, "start site", size=TEXT))
    x, y = 12, y + 26
    for hazard, (fill, letter) in HAZARD_STYLE.items():
        doc.add(svg.circle(x + 9, y, 10, fill=fill, stroke="none"),
                svg.text(x + 9, y + 5, letter, size=TEXT, anchor="middle", weight="bold", fill="white"),
                svg.text(x + 23, y + 5, hazard, size=TEXT))
        x += 34 + 8 * len(hazard)
    doc.add(svg.circle(x + 9, y, 10, fill="none", stroke=svg.INK),
            svg.text(x + 9, y + 5, "A", size=TEXT, anchor="middle", weight="bold"),
            svg.text(x + 23, y + 5, "entrance", size=TEXT))
    x += 34 + 8 * len("entrance")
    doc.add(svg.rounded_box(x, y - 10, 20, 20, radius=3, fill=FACE_STYLE["light"][3], stroke="none"),
            svg.text(x + 10, y + 5, "3", size=TEXT, anchor="middle", weight="bold", fill=FACE_STYLE["light"][0]),
            svg.text(x + 26, y + 5, "tile number", size=TEXT))


def mine_svg(mine: Mine, *, route: Route | None = None, pawns: Mapping[str, Position] | None = None,
             clayton: Position | None = None, display_width: float | None = None, legend: bool = True) -> str:
    """Draw ``mine`` with its claim sites; optionally a highlighted route, pawns by colour name
    (several on one spot are fanned out) and Papa Clayton (black)."""
    side = 2 * RIM + SIZE * TILE
    height = side + (LEGEND if legend else 0)
    doc = svg.Svg(side, height, display_width=display_width or DISPLAY_WIDTH, title="the mine")
    doc.add(svg.rounded_box(RIM - 8, RIM - 8, SIZE * TILE + 16, SIZE * TILE + 16, radius=10, fill="#3a2f27",
                            stroke="none"))
    for cell, placement in zip(CELLS, mine.grid):
        doc.add(tile_fragment(placement, _cell_origin(cell)))
    _rim(doc)
    if route is not None:
        _route(doc, mine, route)
    figures = [(colour, pos) for colour, pos in (pawns or {}).items()]
    if clayton is not None:
        figures.append(("Papa Clayton", clayton))
    crowd: dict = {}
    for colour, position in figures:
        k = crowd.setdefault(position, [0])
        doc.add(_pawn(*_figure_xy(mine, position, k[0]), colour, f"{colour} at {describe(position)}"))
        k[0] += 1
    if legend:
        _legend(doc, side + 14)
    return str(doc)


def tile_sheet_svg(size: float = 90, display_width: float | None = None) -> str:
    """All nine tiles unturned, light faces above dark faces: the component sheet."""
    gap, top = 10, 30
    width = 9 * size + 10 * gap
    height = top + 2 * size + 3 * gap + 8
    doc = svg.Svg(width, height, display_width=display_width or 900, title="the nine mine tiles, both faces")
    for row, face in enumerate(FACES):
        y = top + gap + row * (size + gap + 8)
        doc.add(svg.text(gap, y - 4, f"{face} faces", size=11, fill=svg.MUTED))
        for k, number in enumerate(MINE_TILES):
            doc.add(tile_fragment(Placement(number, face, 0), (gap + k * (size + gap), y), size))
    return str(doc)
