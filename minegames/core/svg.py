"""Small SVG helpers shared by every game's drawing (no dependencies).

Each helper returns one SVG fragment as a string; :class:`Svg` collects
fragments into a document. Coordinates are in drawing units; the document
scales to ``display_width`` pixels, so a sheet designed at any size stays
crisp in Jupyter and in the widgets.
"""

from __future__ import annotations

import math
from typing import Iterable
from xml.sax.saxutils import escape, quoteattr

from . import palette

FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
INK = "#2b2b2b"
MUTED = "#777"
PAPER = "#fbf7ee"

#: Gem and crystal colours come from the one palette (re-exported here for the renderers).
GEM_COLOURS, UNKNOWN_GEM = palette.GEM_COLOURS, palette.UNKNOWN_GEM


def _num(value: float) -> str:
    """Short numbers keep the SVG small: 12.0 -> '12', 3.14159 -> '3.14'."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(**attributes) -> str:
    """XML attributes; underscores become dashes, None values are left out."""
    parts = []
    for name, value in attributes.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = _num(value)
        parts.append(f"{name.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return " ".join(parts)


class Svg:
    """An SVG document: add fragments, then ``str()`` it.

    ``display_width`` sets the pixel width; the height follows the aspect ratio.
    """

    def __init__(self, width: float, height: float, *, display_width: float | None = None,
                 title: str | None = None, background: str | None = PAPER):
        self.width, self.height = width, height
        self.display_width = display_width or width
        self.title = title
        self.parts: list[str] = []
        if background:
            self.add(rounded_box(0, 0, width, height, radius=8, fill=background, stroke="none"))

    def add(self, *fragments: str) -> "Svg":
        self.parts.extend(fragments)
        return self

    def __str__(self) -> str:
        scale = self.display_width / self.width
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_num(self.width)} {_num(self.height)}" '
            f'width="{_num(self.display_width)}" height="{_num(self.height * scale)}" '
            f'font-family="{FONT}">'
        )
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return head + title + "".join(self.parts) + "</svg>"

    to_string = __str__


def text(x: float, y: float, content: object, *, size: float = 12, anchor: str = "start",
         weight: str = "normal", fill: str = INK, italic: bool = False) -> str:
    """A line of text; ``y`` is the baseline, ``anchor`` start/middle/end."""
    return (f"<text {_attrs(x=float(x), y=float(y), font_size=float(size), text_anchor=anchor, fill=fill, font_weight=None if weight == 'normal' else weight, font_style='italic' if italic else None)}>"
            f"{escape(str(content))}</text>")


def rounded_box(x: float, y: float, width: float, height: float, *, radius: float = 6,
                fill: str = "white", stroke: str = INK, stroke_width: float = 1,
                dash: str | None = None, opacity: float | None = None, tooltip: str | None = None) -> str:
    """A rectangle with rounded corners (``dash`` e.g. "4 3" for an empty slot)."""
    attrs = _attrs(x=float(x), y=float(y), width=float(width), height=float(height), rx=float(radius),
                   fill=fill, stroke=stroke, stroke_width=float(stroke_width), stroke_dasharray=dash,
                   fill_opacity=opacity)
    if tooltip:
        return f"<rect {attrs}><title>{escape(tooltip)}</title></rect>"
    return f"<rect {attrs}/>"


def line(x1: float, y1: float, x2: float, y2: float, *, stroke: str = INK, width: float = 1,
         dash: str | None = None) -> str:
    return f"<line {_attrs(x1=float(x1), y1=float(y1), x2=float(x2), y2=float(y2), stroke=stroke, stroke_width=float(width), stroke_dasharray=dash, stroke_linecap='round')}/>"


def circle(cx: float, cy: float, r: float, *, fill: str = "white", stroke: str = INK,
           stroke_width: float = 1) -> str:
    return f"<circle {_attrs(cx=float(cx), cy=float(cy), r=float(r), fill=fill, stroke=stroke, stroke_width=float(stroke_width))}/>"


def polygon(points: Iterable[tuple[float, float]], *, fill: str = "white", stroke: str = INK,
            stroke_width: float = 1, opacity: float | None = None) -> str:
    pts = " ".join(f"{_num(x)},{_num(y)}" for x, y in points)
    return f"<polygon {_attrs(points=pts, fill=fill, stroke=stroke, stroke_width=float(stroke_width), fill_opacity=opacity, stroke_linejoin='round')}/>"


def group(fragments: Iterable[str], *, tooltip: str | None = None, opacity: float | None = None) -> str:
    """Several fragments as one ``<g>``; a tooltip shows on hover in browsers."""
    title = f"<title>{escape(tooltip)}</title>" if tooltip else ""
    return f"<g {_attrs(opacity=opacity)}>".replace("<g >", "<g>") + title + "".join(fragments) + "</g>"


def arrow(x1: float, y1: float, x2: float, y2: float, *, stroke: str = MUTED, width: float = 1.5,
          head: float = 5) -> str:
    """A line with an open arrow head at (x2, y2)."""
    angle = math.atan2(y2 - y1, x2 - x1)
    wings = [(x2 - head * math.cos(angle - s), y2 - head * math.sin(angle - s)) for s in (0.5, -0.5)]
    return (line(x1, y1, x2, y2, stroke=stroke, width=width)
            + line(wings[0][0], wings[0][1], x2, y2, stroke=stroke, width=width)
            + line(wings[1][0], wings[1][1], x2, y2, stroke=stroke, width=width))


# ---- components -------------------------------------------------------------
_PIPS = {
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def die_face(x: float, y: float, size: float, value: int | None, *, locked: bool = False,
             kept: bool = False, tooltip: str | None = None) -> str:
    """A six-sided die at (x, y) showing ``value`` (None: not rolled yet, drawn blank).

    ``locked`` (cannot be re-rolled) is drawn dark with light pips and a small
    padlock; ``kept`` (held by choice) gets a thick gold outline.
    """
    fill, pip, stroke = ("#3d4450", "#ffffff", "#1d2128") if locked else ("#ffffff", INK, INK)
    parts = [rounded_box(x, y, size, size, radius=size * 0.18, fill=fill, stroke=stroke,
                         stroke_width=max(1.0, size / 28))]
    if kept:
        parts.append(rounded_box(x - 3, y - 3, size + 6, size + 6, radius=size * 0.22, fill="none",
                                 stroke="#e0a100", stroke_width=3))
    if value is None:
        parts.append(text(x + size / 2, y + size * 0.62, "?", size=size * 0.4, anchor="middle", fill=MUTED))
    else:
        step = size * 0.27
        for col, row in _PIPS[int(value)]:
            parts.append(circle(x + size / 2 + (col - 1) * step, y + size / 2 + (row - 1) * step,
                                size * 0.085, fill=pip, stroke="none"))
    if locked:
        parts.append(padlock(x + size - size * 0.05, y + size * 0.05, size * 0.34))
    return group(parts, tooltip=tooltip)


def padlock(cx: float, cy: float, size: float, *, fill: str = "#f2c530") -> str:
    """A small padlock centred at (cx, cy): the 'locked' badge."""
    body_w, body_h = size * 0.8, size * 0.55
    top = cy - size * 0.1
    shackle = (f'<path d="M {_num(cx - body_w * 0.3)} {_num(top)} v {_num(-size * 0.12)} '
               f'a {_num(body_w * 0.3)} {_num(body_w * 0.3)} 0 0 1 {_num(body_w * 0.6)} 0 v {_num(size * 0.12)}" '
               f'fill="none" stroke="{INK}" stroke-width="{_num(max(1.2, size * 0.1))}"/>')
    body = rounded_box(cx - body_w / 2, top, body_w, body_h, radius=size * 0.08, fill=fill, stroke=INK,
                       stroke_width=max(0.8, size * 0.06))
    return shackle + body


def gem_glyph(cx: float, cy: float, size: float, gem: str, *, label: bool = True,
              tooltip: str | None = None) -> str:
    """A cut gem centred at (cx, cy), coloured by type; ``label`` adds its initial
    so the types stay apart for colour-blind readers and in print."""
    fill, stroke = GEM_COLOURS.get(gem, UNKNOWN_GEM)
    half = size / 2
    crown = cy - half * 0.35
    outline = [(cx - half * 0.55, cy - half * 0.8), (cx + half * 0.55, cy - half * 0.8),
               (cx + half, crown), (cx, cy + half), (cx - half, crown)]
    facets = [line(cx - half, crown, cx + half, crown, stroke=stroke, width=max(0.6, size / 40)),
              line(cx - half * 0.2, cy - half * 0.8, cx, crown, stroke=stroke, width=max(0.6, size / 40)),
              line(cx + half * 0.2, cy - half * 0.8, cx, crown, stroke=stroke, width=max(0.6, size / 40))]
    parts = [polygon(outline, fill=fill, stroke=stroke, stroke_width=max(1.0, size / 22))] + facets
    if label and size >= 14:
        light = fill.lower() in ("#e9f6fc", "#f4f4f4", "#f2c530")
        parts.append(text(cx, cy + half * 0.42, gem[:1].upper(), size=size * 0.36, anchor="middle",
                          weight="bold", fill=INK if light else "white"))
    return group(parts, tooltip=tooltip or gem)


def cog(cx: float, cy: float, radius: float, *, teeth: int = 8, fill: str = "#c9ced6",
        stroke: str = "#59606b", stroke_width: float = 1.2) -> str:
    """A gear wheel (the mechanism gems must not fall into)."""
    points = []
    inner, outer = radius * 0.78, radius
    for k in range(teeth * 4):
        angle = 2 * math.pi * k / (teeth * 4)
        r = outer if k % 4 in (1, 2) else inner
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return polygon(points, fill=fill, stroke=stroke, stroke_width=stroke_width) + circle(
        cx, cy, radius * 0.28, fill=PAPER, stroke=stroke, stroke_width=stroke_width)
