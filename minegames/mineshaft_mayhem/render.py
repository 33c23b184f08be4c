"""The Mineshaft Mayhem sheet as SVG: what ``_repr_svg_`` and the widgets show.

Two layouts of the same parts. Side by side (the default): the L-shaped conveyor on the left
(top belt left to right, lower belt downward, the gear-icon exit at its foot), the dice,
cursite and tin in the corner of the L, and on the right the sorting containers, the gears and
the score. Stacked (``stacked=True``, for a phone): the same right-hand part drawn under the
conveyor, so the picture is about half as wide and keeps its text legible at a phone's width.
A phone may also show the stacked picture in its two parts (``part="conveyor"``: the title, the
conveyor and the dice in its corner; ``part="sorting"``: the containers, the gears and the score),
so the app can put the dice and the buttons that decide on them between the two.
Spaces, dice and gears carry the same 1-based numbers as the action texts ("shake: ruby onto
space 4"). No text is drawn under ``MIN_TEXT`` units: shown at its natural width (one unit a
pixel) every word is at least that many pixels high.
"""

from __future__ import annotations

from minegames.core import svg
from minegames.core.words import plural

from .patterns import GEM_PATTERN, GEMS, gem_count

SPACE = 50  # a conveyor space
GAP = 8
STEP = SPACE + GAP
MARGIN = 16
HEADER = 46
DIE = 42
BOX_W, BOX_H = 54, 78  # a sorting container
BELT = "#6b6259"
START = "#3f8f5a"
#: The smallest text on the sheet, in drawing units (the size checks want 11 px on screen).
MIN_TEXT = 12
#: A gem glyph big enough that its initial letter (0.36 of the glyph) is at least MIN_TEXT.
GLYPH = 34
#: The width the side-by-side sheet is shown at in a notebook (a little under its natural width).
DISPLAY_WIDTH = 600
#: How far below the top of the right-hand part its bottom is (containers, gears, score box).
RIGHT_HEIGHT = 18 + BOX_H + 34 + 56 + 16 + 74

PHASE_HINT = {
    "start": "roll all four dice",
    "rolling": "re-roll, spend cursite, collect a gem or stop",
    "shake": "the mine shakes: put a gem from the tin on the conveyor",
    "over": "no more moves: the score is final",
}


#: The parts of the stacked picture ``sheet_svg`` can draw alone.
PARTS = ("all", "conveyor", "sorting")


def sheet_svg(state, display_width: float | None = DISPLAY_WIDTH, *, stacked: bool = False, part: str = "all") -> str:
    """Draw ``state`` (a MineshaftMayhem) as an SVG string, side by side or ``stacked``; with
    ``display_width=None`` the picture is shown at its natural size (one unit a pixel).
    ``part`` draws one part of the stacked picture alone (see the module docstring)."""
    if part not in PARTS:
        raise ValueError(f"part is one of {', '.join(PARTS)}, not {part!r}")
    if part != "all" and not stacked:
        raise ValueError("only the stacked picture comes in parts")
    opts = state.options
    top, lower = opts.top_spaces, opts.lower_spaces
    column_x = MARGIN + (top - 1) * STEP
    belt_bottom = HEADER + (lower + 2) * STEP - GAP
    corner_width = column_x - GAP - MARGIN
    dice_width = 4 * (DIE + 10) + 10
    panel_y = HEADER + STEP + 6 if corner_width >= dice_width else belt_bottom + 10
    panel_bottom = panel_y + 160
    left_width = max(column_x + SPACE, MARGIN + dice_width, MARGIN + 228) + 22
    right_width = max(len(opts.container_values) * (BOX_W + 8), opts.gears * 58, 302)
    if stacked:
        right_x, right_y = MARGIN, max(belt_bottom, panel_bottom) + 16
        width = max(left_width, MARGIN + right_width + MARGIN)
    else:
        right_x, right_y = left_width, HEADER
        width = left_width + right_width + MARGIN
    height = max(belt_bottom, panel_bottom, right_y + RIGHT_HEIGHT) + MARGIN
    title = f"Mineshaft Mayhem, turn {state.turn}: {PHASE_HINT[state.phase]}"
    if part == "sorting":
        doc = svg.Svg(MARGIN + right_width + MARGIN, RIGHT_HEIGHT + 2 * MARGIN, display_width=display_width
                      or MARGIN + right_width + MARGIN, title=f"{title}: containers, gears and score")
        _right_panel(doc, state, MARGIN, MARGIN)
        return str(doc)
    if part == "conveyor":
        height = max(belt_bottom, panel_bottom) + MARGIN
    doc = svg.Svg(width, height, display_width=display_width or width, title=title)
    _header(doc, state, width, stacked)
    _conveyor(doc, state, column_x)
    _corner(doc, state, MARGIN, panel_y)
    if part == "all":
        _right_panel(doc, state, right_x, right_y)
    return str(doc)


def _header(doc: svg.Svg, state, width: float, stacked: bool) -> None:
    """The title, the turn and what to do now; stacked, the turn goes under the title (no room beside it)."""
    status = "Game over" if state.is_over else f"Turn {state.turn}"
    if stacked:
        doc.add(svg.text(MARGIN, 22, f"Mineshaft Mayhem · {status}", size=16, weight="bold"))
        doc.add(svg.text(MARGIN, 39, PHASE_HINT[state.phase], size=MIN_TEXT, fill=svg.MUTED))
        return
    doc.add(svg.text(MARGIN, 27, "Mineshaft Mayhem", size=19, weight="bold"))
    doc.add(svg.text(width - MARGIN, 21, status, size=14, anchor="end", weight="bold"))
    doc.add(svg.text(width - MARGIN, 38, PHASE_HINT[state.phase], size=MIN_TEXT, anchor="end", fill=svg.MUTED))


def _space_xy(state, index: int, column_x: float) -> tuple[float, float]:
    top = state.options.top_spaces
    if index < top:
        return MARGIN + index * STEP, HEADER
    return column_x, HEADER + (index - top + 1) * STEP


def _conveyor(doc: svg.Svg, state, column_x: float) -> None:
    opts = state.options
    last_top_x = MARGIN + (opts.top_spaces - 1) * STEP
    exit_y = HEADER + (opts.lower_spaces + 1) * STEP
    # the belt itself: a band under the top row and down the column to the exit
    doc.add(svg.rounded_box(MARGIN - 4, HEADER - 4, last_top_x + SPACE - MARGIN + 8, SPACE + 8,
                            radius=8, fill=BELT, stroke="none"))
    doc.add(svg.rounded_box(column_x - 4, HEADER - 4, SPACE + 8, exit_y - HEADER + 8,
                            radius=8, fill=BELT, stroke="none"))
    shaking = state.phase == "shake"
    for index, gem in enumerate(state.conveyor):
        x, y = _space_xy(state, index, column_x)
        is_start = index == 0
        fill = "#fffdf7" if gem is None and shaking else "#efe9dd"
        stroke = START if is_start else "#3b352f"
        doc.add(svg.rounded_box(x, y, SPACE, SPACE, radius=5, fill=fill, stroke=stroke,
                                stroke_width=2.5 if is_start else 1,
                                dash="4 3" if gem is None and shaking else None,
                                tooltip=f"space {index + 1}" + (" (start)" if is_start else "")))
        doc.add(svg.text(x + 3, y + 12, index + 1, size=MIN_TEXT, fill=svg.MUTED))
        if is_start:
            doc.add(svg.text(x + SPACE - 3, y + 12, "start", size=MIN_TEXT, anchor="end", fill=START, weight="bold"))
        if gem is not None:
            doc.add(svg.gem_glyph(x + SPACE / 2, y + SPACE / 2 + 6, GLYPH, gem))
    # direction marks between spaces
    for index in range(opts.spaces - 1):
        x, y = _space_xy(state, index, column_x)
        nx, ny = _space_xy(state, index + 1, column_x)
        if ny == y:
            doc.add(svg.arrow(x + SPACE + 1, y + SPACE / 2, nx - 1, y + SPACE / 2, stroke="#f3e9d2", width=1.6, head=4))
        else:
            doc.add(svg.arrow(x + SPACE / 2, y + SPACE + 1, x + SPACE / 2, ny - 1, stroke="#f3e9d2", width=1.6, head=4))
    # the gear-icon exit
    x, y = column_x, exit_y
    doc.add(svg.rounded_box(x, y, SPACE, SPACE, radius=5, fill="#e4d9c9", stroke="#3b352f",
                            tooltip="the exit by the gears: a gem reaching it falls on a gear"))
    doc.add(svg.cog(x + SPACE / 2, y + SPACE / 2 - 5, 14))
    doc.add(svg.text(x + SPACE / 2, y + SPACE - 3, "exit", size=MIN_TEXT, anchor="middle", fill="#3b352f"))
    last_x, last_y = _space_xy(state, opts.spaces - 1, column_x)
    if opts.lower_spaces == 0:
        doc.add(svg.arrow(last_x + SPACE / 2, last_y + SPACE + 1, last_x + SPACE / 2, y - 1, stroke="#f3e9d2", width=1.6, head=4))
    else:
        doc.add(svg.arrow(last_x + SPACE / 2, last_y + SPACE + 1, x + SPACE / 2, y - 1, stroke="#f3e9d2", width=1.6, head=4))


def _corner(doc: svg.Svg, state, x: float, y: float) -> None:
    """Dice, patterns shown, cursite and the tin: the corner inside the L."""
    opts = state.options
    if state.is_over:
        roll_text = "the game is over"
    elif state.dice is None:
        roll_text = "not rolled yet"
    else:
        roll_text = f"roll {state.rolls_used} of {opts.max_rolls}"
    doc.add(svg.text(x, y + 12, "Dice", size=13, weight="bold"))
    doc.add(svg.text(x + 40, y + 12, roll_text, size=MIN_TEXT, fill=svg.MUTED))
    locked = state.locked
    for die in range(4):
        dx = x + 4 + die * (DIE + 10)
        face = None if state.dice is None else state.dice[die]
        tip = f"die {die + 1}" + (" (locked: shows 1)" if locked[die] else "")
        doc.add(svg.die_face(dx, y + 20, DIE, face, locked=locked[die], tooltip=tip))
        doc.add(svg.text(dx + DIE / 2, y + 20 + DIE + 14, die + 1, size=MIN_TEXT, anchor="middle", fill=svg.MUTED))
    # patterns the dice show
    shown = state.shown_gems()
    collectable = set(state.collectable())
    py = y + 20 + DIE + 36
    doc.add(svg.text(x, py, "Shows:", size=MIN_TEXT, weight="bold"))
    if not shown:
        doc.add(svg.text(x + 54, py, "no pattern" if state.dice is not None else "-", size=MIN_TEXT, fill=svg.MUTED))
    gx = x + 60
    for gem in shown:
        doc.add(svg.gem_glyph(gx, py - 4, 15, gem, label=False,
                              tooltip=f"{gem}: {GEM_PATTERN[gem].replace('_', ' ')}"))
        weight = "bold" if gem in collectable else "normal"
        fill = svg.INK if gem in collectable else svg.MUTED
        doc.add(svg.text(gx + 10, py, gem, size=MIN_TEXT, weight=weight, fill=fill))
        gx += 18 + 7.4 * len(gem)
    # cursite
    cy = py + 26
    doc.add(svg.text(x, cy, "Cursite:", size=MIN_TEXT, weight="bold"))
    doc.add(svg.gem_glyph(x + 66, cy - 4, 15, "cursite", label=False))
    doc.add(svg.text(x + 76, cy, f"{state.cursite} held", size=MIN_TEXT, weight="bold"))
    doc.add(svg.text(x + 76 + 7.5 * len(f"{state.cursite} held") + 6, cy, f"· {state.cursite_supply} in the lid",
                     size=MIN_TEXT, fill=svg.MUTED))
    # the tin (its counts are public)
    ty = cy + 26
    tin = state.tin
    doc.add(svg.text(x, ty, f"Tin: {len(tin)}", size=MIN_TEXT, weight="bold"))
    tx = x + 62
    for gem in GEMS:
        doc.add(svg.gem_glyph(tx, ty - 4, 15, gem, label=False, tooltip=f"{tin.count(gem)} {gem} in the tin"))
        doc.add(svg.text(tx + 10, ty, tin.count(gem), size=MIN_TEXT, fill=svg.INK if tin.count(gem) else svg.MUTED))
        tx += 34


def _right_panel(doc: svg.Svg, state, x: float, y: float) -> None:
    opts = state.options
    doc.add(svg.text(x, y + 10, "Sorting containers", size=13, weight="bold"))
    doc.add(svg.text(x + 150, y + 10, "(points per gem)", size=MIN_TEXT, fill=svg.MUTED))
    by = y + 18
    for index, ((gem, count), value) in enumerate(zip(state.containers, opts.container_values)):
        bx = x + index * (BOX_W + 8)
        empty = gem is None
        doc.add(svg.rounded_box(bx, by, BOX_W, BOX_H, radius=6, fill="#fffdf7" if empty else "#f3ecdc",
                                stroke="#5a4a36", stroke_width=1.4, dash="4 3" if empty else None,
                                tooltip=f"container {index + 1}: {plural(value, 'point')} per gem"))
        doc.add(svg.rounded_box(bx, by, BOX_W, 20, radius=6, fill="#5a4a36", stroke="none"))
        doc.add(svg.text(bx + BOX_W / 2, by + 15, f"×{value}", size=13, anchor="middle", weight="bold", fill="white"))
        if empty:
            doc.add(svg.text(bx + BOX_W / 2, by + 52, "empty", size=MIN_TEXT, anchor="middle", fill=svg.MUTED, italic=True))
        else:
            doc.add(svg.gem_glyph(bx + BOX_W / 2, by + 44, GLYPH, gem, tooltip=gem_count(count, gem)))
            doc.add(svg.text(bx + BOX_W / 2, by + BOX_H - 4, plural(count, "gem"),
                             size=MIN_TEXT, anchor="middle", weight="bold"))
    gy = by + BOX_H + 30
    doc.add(svg.text(x, gy - 8, "Gears", size=13, weight="bold"))
    doc.add(svg.text(x + 50, gy - 8, "(all full: the game ends)", size=MIN_TEXT, fill=svg.MUTED))
    for index, gem in enumerate(state.gears):
        cx = x + 26 + index * 58
        doc.add(svg.cog(cx, gy + 24, 24, teeth=10, fill="#d9dde3" if gem is None else "#b9a3a3"))
        doc.add(svg.text(cx + 19, gy + 6, index + 1, size=MIN_TEXT, fill=svg.MUTED))
        if gem is not None:
            doc.add(svg.gem_glyph(cx, gy + 26, GLYPH, gem, tooltip=f"gear {index + 1}: {gem}"))
    _score_box(doc, state, x, gy + 60)


def _score_box(doc: svg.Svg, state, x: float, y: float) -> None:
    parts = state.score_breakdown()
    width = max(len(state.options.container_values) * (BOX_W + 8) - 8, 302)
    doc.add(svg.rounded_box(x, y, width, 66, radius=8, fill="#fff6dc", stroke="#c79a2b", stroke_width=1.4))
    label = "Final score" if state.is_over else "Score so far"
    doc.add(svg.text(x + 12, y + 20, label, size=MIN_TEXT, fill=svg.MUTED))
    doc.add(svg.text(x + 12, y + 52, parts["total"], size=30, weight="bold"))
    detail = f"gems {parts['containers']} + empty gears {parts['empty_gears']} + cursite {parts['cursite']}"
    doc.add(svg.text(x + 68, y + 36, detail, size=MIN_TEXT))
    doc.add(svg.text(x + 68, y + 55, state.rank(), size=14, weight="bold", fill="#8a5a00"))
