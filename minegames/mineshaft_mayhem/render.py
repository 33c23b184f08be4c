"""The Mineshaft Mayhem sheet as SVG: what ``_repr_svg_`` and the widgets show.

Layout: the L-shaped conveyor on the left (top belt left to right, lower
belt downward, the gear-icon exit at its foot), the dice, cursite and tin in
the corner of the L, and on the right the sorting containers, the gears and
the score. Spaces, dice and gears carry the same 1-based numbers as the
action texts ("shake: ruby onto space 4").
"""

from __future__ import annotations

from minegames.core import svg

from .patterns import GEM_PATTERN, GEMS

SPACE = 50  # a conveyor space
GAP = 8
STEP = SPACE + GAP
MARGIN = 16
HEADER = 42
DIE = 42
BOX_W, BOX_H = 54, 78  # a sorting container
BELT = "#6b6259"
START = "#3f8f5a"
DISPLAY_WIDTH = 600

PHASE_HINT = {
    "start": "roll all four dice",
    "rolling": "re-roll, spend cursite, collect a gem or stop",
    "shake": "the mine shakes: put a gem from the tin on the conveyor",
    "over": "no more moves: the score is final",
}


def sheet_svg(state, display_width: float = DISPLAY_WIDTH) -> str:
    """Draw ``state`` (a MineshaftMayhem) as an SVG string."""
    opts = state.options
    top, lower = opts.top_spaces, opts.lower_spaces
    column_x = MARGIN + (top - 1) * STEP
    belt_bottom = HEADER + (lower + 2) * STEP - GAP
    corner_width = column_x - GAP - MARGIN
    dice_width = 4 * (DIE + 10) + 10
    panel_y = HEADER + STEP + 6 if corner_width >= dice_width else belt_bottom + 10
    panel_bottom = panel_y + 196
    left_width = max(column_x + SPACE, MARGIN + dice_width) + 22
    right_width = max(len(opts.container_values) * (BOX_W + 8), opts.gears * 58, 250)
    width = left_width + right_width + MARGIN
    right_bottom = HEADER + 18 + BOX_H + 34 + 56 + 16 + 74
    height = max(belt_bottom, panel_bottom, right_bottom) + MARGIN

    title = f"Mineshaft Mayhem, turn {state.turn}: {PHASE_HINT[state.phase]}"
    doc = svg.Svg(width, height, display_width=display_width, title=title)
    _header(doc, state, width)
    _conveyor(doc, state, column_x)
    _corner(doc, state, MARGIN, panel_y)
    _right_panel(doc, state, left_width)
    return str(doc)


def _header(doc: svg.Svg, state, width: float) -> None:
    doc.add(svg.text(MARGIN, 27, "Mineshaft Mayhem", size=19, weight="bold"))
    status = "Game over" if state.is_over else f"Turn {state.turn} · {state.phase}"
    doc.add(svg.text(width - MARGIN, 21, status, size=14, anchor="end", weight="bold"))
    doc.add(svg.text(width - MARGIN, 36, PHASE_HINT[state.phase], size=10.5, anchor="end", fill=svg.MUTED))


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
        doc.add(svg.text(x + 4, y + 11, index + 1, size=9, fill=svg.MUTED))
        if is_start:
            doc.add(svg.text(x + SPACE - 4, y + 11, "start", size=8.5, anchor="end", fill=START, weight="bold"))
        if gem is not None:
            doc.add(svg.gem_glyph(x + SPACE / 2, y + SPACE / 2 + 4, 30, gem))
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
                            tooltip="gear-icon exit: a gem reaching it falls on a gear"))
    doc.add(svg.cog(x + SPACE / 2, y + SPACE / 2 - 3, 15))
    doc.add(svg.text(x + SPACE / 2, y + SPACE - 4, "exit", size=9, anchor="middle", fill="#3b352f"))
    last_x, last_y = _space_xy(state, opts.spaces - 1, column_x)
    if opts.lower_spaces == 0:
        doc.add(svg.arrow(last_x + SPACE / 2, last_y + SPACE + 1, last_x + SPACE / 2, y - 1, stroke="#f3e9d2", width=1.6, head=4))
    else:
        doc.add(svg.arrow(last_x + SPACE / 2, last_y + SPACE + 1, x + SPACE / 2, y - 1, stroke="#f3e9d2", width=1.6, head=4))


def _corner(doc: svg.Svg, state, x: float, y: float) -> None:
    """Dice, patterns shown, cursite and the tin: the corner inside the L."""
    opts = state.options
    if state.dice is None:
        roll_text = "not rolled yet"
    else:
        roll_text = f"roll {state.rolls_used} of {opts.max_rolls}"
    doc.add(svg.text(x, y + 12, "Dice", size=12, weight="bold"))
    doc.add(svg.text(x + 36, y + 12, roll_text, size=11, fill=svg.MUTED))
    locked = state.locked
    for die in range(4):
        dx = x + 4 + die * (DIE + 10)
        face = None if state.dice is None else state.dice[die]
        tip = f"die {die + 1}" + (" (locked: shows 1)" if locked[die] else "")
        doc.add(svg.die_face(dx, y + 20, DIE, face, locked=locked[die], tooltip=tip))
        doc.add(svg.text(dx + DIE / 2, y + 20 + DIE + 13, die + 1, size=9.5, anchor="middle", fill=svg.MUTED))
    # patterns the dice show
    shown = state.shown_gems()
    collectable = set(state.collectable())
    py = y + 20 + DIE + 33
    doc.add(svg.text(x, py, "Shows:", size=11, weight="bold"))
    if not shown:
        doc.add(svg.text(x + 48, py, "no pattern" if state.dice is not None else "-", size=11, fill=svg.MUTED))
    gx = x + 52
    for gem in shown:
        doc.add(svg.gem_glyph(gx, py - 4, 15, gem, label=False,
                              tooltip=f"{gem}: {GEM_PATTERN[gem].replace('_', ' ')}"))
        weight = "bold" if gem in collectable else "normal"
        fill = svg.INK if gem in collectable else svg.MUTED
        doc.add(svg.text(gx + 10, py, gem, size=10.5, weight=weight, fill=fill))
        gx += 16 + 6.3 * len(gem)
    # cursite
    cy = py + 26
    doc.add(svg.text(x, cy, "Cursite:", size=11, weight="bold"))
    doc.add(svg.gem_glyph(x + 60, cy - 4, 15, "cursite", label=False))
    doc.add(svg.text(x + 70, cy, f"{state.cursite} held", size=11, weight="bold"))
    doc.add(svg.text(x + 122, cy, f"· {state.cursite_supply} in the lid", size=11, fill=svg.MUTED))
    # the tin (its counts are public)
    ty = cy + 26
    tin = state.tin
    doc.add(svg.text(x, ty, f"Tin: {len(tin)}", size=11, weight="bold"))
    tx = x + 52
    for gem in GEMS:
        doc.add(svg.gem_glyph(tx, ty - 4, 15, gem, label=False, tooltip=f"{tin.count(gem)} {gem} in the tin"))
        doc.add(svg.text(tx + 10, ty, tin.count(gem), size=11, fill=svg.INK if tin.count(gem) else svg.MUTED))
        tx += 34


def _right_panel(doc: svg.Svg, state, x: float) -> None:
    opts = state.options
    y = HEADER
    doc.add(svg.text(x, y + 10, "Sorting containers", size=12, weight="bold"))
    doc.add(svg.text(x + 134, y + 10, "(points per gem)", size=10, fill=svg.MUTED))
    by = y + 18
    for index, ((gem, count), value) in enumerate(zip(state.containers, opts.container_values)):
        bx = x + index * (BOX_W + 8)
        empty = gem is None
        doc.add(svg.rounded_box(bx, by, BOX_W, BOX_H, radius=6, fill="#fffdf7" if empty else "#f3ecdc",
                                stroke="#5a4a36", stroke_width=1.4, dash="4 3" if empty else None,
                                tooltip=f"container {index + 1}: {value} points per gem"))
        doc.add(svg.rounded_box(bx, by, BOX_W, 20, radius=6, fill="#5a4a36", stroke="none"))
        doc.add(svg.text(bx + BOX_W / 2, by + 15, f"×{value}", size=13, anchor="middle", weight="bold", fill="white"))
        if empty:
            doc.add(svg.text(bx + BOX_W / 2, by + 52, "empty", size=10, anchor="middle", fill=svg.MUTED, italic=True))
        else:
            doc.add(svg.gem_glyph(bx + BOX_W / 2, by + 42, 26, gem, tooltip=f"{count} {gem}"))
            doc.add(svg.text(bx + BOX_W / 2, by + BOX_H - 6, f"{count} gem" + ("s" if count != 1 else ""),
                             size=10.5, anchor="middle", weight="bold"))
    gy = by + BOX_H + 30
    doc.add(svg.text(x, gy - 8, "Gears", size=12, weight="bold"))
    doc.add(svg.text(x + 44, gy - 8, "(all full: the game ends)", size=10, fill=svg.MUTED))
    for index, gem in enumerate(state.gears):
        cx = x + 26 + index * 58
        doc.add(svg.cog(cx, gy + 24, 24, teeth=10, fill="#d9dde3" if gem is None else "#b9a3a3"))
        doc.add(svg.text(cx + 20, gy + 4, index + 1, size=9, fill=svg.MUTED))
        if gem is not None:
            doc.add(svg.gem_glyph(cx, gy + 24, 24, gem, tooltip=f"gear {index + 1}: {gem}"))
    _score_box(doc, state, x, gy + 60)


def _score_box(doc: svg.Svg, state, x: float, y: float) -> None:
    parts = state.score_breakdown()
    width = max(len(state.options.container_values) * (BOX_W + 8) - 8, 242)
    doc.add(svg.rounded_box(x, y, width, 66, radius=8, fill="#fff6dc", stroke="#c79a2b", stroke_width=1.4))
    label = "Final score" if state.is_over else "Score so far"
    doc.add(svg.text(x + 12, y + 20, label, size=11, fill=svg.MUTED))
    doc.add(svg.text(x + 12, y + 50, parts["total"], size=30, weight="bold"))
    detail = f"gems {parts['containers']} + gears {parts['empty_gears']} + cursite {parts['cursite']}"
    doc.add(svg.text(x + 74, y + 36, detail, size=11))
    doc.add(svg.text(x + 74, y + 54, state.rank(), size=14, weight="bold", fill="#8a5a00"))
