"""The Out of Mine! table as SVG: what ``_repr_svg_`` and the widgets show.

One panel per player, side by side: the gallery board (gallery cells light, rock
dark, elves as small coloured markers on the rock beside their cell), the tiles on
it in their crystal colour with one outline per tile and a letter for a printed
find, and under it the treasure card (tiles used / limit per colour, find points).
A header gives the round, phase and clock; a score table closes the sheet.
"""

from __future__ import annotations

from minegames.core import palette, svg
from minegames.core.polyomino import neighbours

from .actions import clock_text
from .components import COLOURS
from .state import board_name, player_name

CELL = 26
MARGIN = 16
HEADER = 46
PANEL_GAP = 22
NAME_W = 74  # the score table's column of player names ("Player 1 ★")
ROCK = ("#6b5f55", "#4d443d")
GALLERY = ("#dcc79c", "#a88f62")
DISPLAY_WIDTH = 860

PHASE_HINT = {
    "choose_sides": "each player picks a side of their board",
    "placing": "fill your gallery; call Out of Mine! when it is covered",
    "over": "the game has ended",
}


def table_svg(state, display_width: float | None = None) -> str:
    """Draw ``state`` (an OutOfMine) as an SVG string."""
    n = state.num_players
    frames = [_frame(state, p) for p in range(n)]
    panel_w = max(max(f[3] - f[1] + 1 for f in frames) * CELL + 2 * CELL, 170)
    board_h = max(f[2] - f[0] + 1 for f in frames) * CELL + 2 * CELL
    card_h = 30 + 16 * len(COLOURS) + 34
    width = MARGIN * 2 + n * panel_w + (n - 1) * PANEL_GAP
    table_y = HEADER + 22 + board_h + card_h + 10
    height = table_y + 26 + 18 * n + MARGIN
    title = f"Out of Mine!, round {state.round} of {state.options.rounds}: {PHASE_HINT[state.phase]}"
    doc = svg.Svg(width, height, display_width=display_width or min(DISPLAY_WIDTH, width * 1.4), title=title)
    _header(doc, state, width)
    for p in range(n):
        x = MARGIN + p * (panel_w + PANEL_GAP)
        _panel(doc, state, p, x, HEADER, panel_w, board_h, frames[p])
    _score_table(doc, state, MARGIN, table_y, width - 2 * MARGIN)
    return str(doc)


def _header(doc: svg.Svg, state, width: float) -> None:
    doc.add(svg.text(MARGIN, 28, "Out of Mine!", size=19, weight="bold"))
    if state.is_over:
        status = "Game over"
    else:
        status = f"Round {state.round}/{state.options.rounds} · {state.phase.replace('_', ' ')}"
        if state.phase == "placing":
            status += f" · {clock_text(state.clock_ms)}"
            if state.options.time_limit_ms:
                status += f" / {clock_text(state.options.time_limit_ms)}"
    doc.add(svg.text(width - MARGIN, 22, status, size=14, anchor="end", weight="bold"))
    doc.add(svg.text(width - MARGIN, 38, PHASE_HINT[state.phase], size=10.5, anchor="end", fill=svg.MUTED))


def _frame(state, p: int) -> tuple[int, int, int, int]:
    """Rows and columns to draw for player p: the board, any tile hanging off it, and room for elves."""
    cells = set(_board_cells(state, p)) | set(state.occupied(p)) if state.phase == "placing" else \
        set(_board_cells(state, p))
    if not cells:
        return 0, 0, 4, 4
    rows = [r for r, _ in cells]
    cols = [c for _, c in cells]
    return min(rows), min(cols), max(rows), max(cols)


def _board_cells(state, p: int) -> frozenset:
    board = state.boards[p]
    if board is not None:
        return board.cells
    sides = state.kit.sides_of(state.board_numbers[p])
    return state.kit.boards[(state.board_numbers[p], sides[0])].cells if sides else frozenset()


def _panel(doc: svg.Svg, state, p: int, x: float, y: float, width: float, board_h: float, frame) -> None:
    board = state.boards[p]
    to_move = p in state.players_to_move()
    label = f"{player_name(p).capitalize()} · {board_name(state.board_numbers[p])}" \
            f"{board.side if board else ' (side not chosen)'}"
    finished = state.finished_ms[p]
    if state.phase == "placing" and finished is not None:
        label += f" · stopped {clock_text(finished)}"
    doc.add(svg.text(x, y + 14, label, size=12, weight="bold" if to_move else "normal"))
    top, left = frame[0] - 1, frame[1] - 1
    ox, oy = x, y + 22

    def at(cell):
        return ox + (cell[1] - left) * CELL, oy + (cell[0] - top) * CELL

    rows, cols = frame[2] - frame[0] + 3, frame[3] - frame[1] + 3
    doc.add(svg.rounded_box(ox, oy, cols * CELL, rows * CELL, radius=6, fill=ROCK[0], stroke=ROCK[1]))
    gallery = _board_cells(state, p)
    faded = 0.45 if board is None else None
    for cell in sorted(gallery):
        cx, cy = at(cell)
        doc.add(svg.rounded_box(cx + 1, cy + 1, CELL - 2, CELL - 2, radius=3, fill=GALLERY[0],
                                stroke=GALLERY[1], opacity=faded))
    if board is not None:
        for elf in board.elves:
            doc.add(_elf(at(elf.cell), elf.edge, elf.colour))
        if state.phase == "placing":
            for placed in state.placed[p]:
                doc.add(_tile(state, placed, at, gallery))
    _card(doc, state, p, x, y + 22 + board_h + 8, width)


def _elf(corner: tuple[float, float], edge: str, colour: str) -> str:
    """A small marker on the rock just across ``edge`` of the cell whose corner is given."""
    cx, cy = corner[0] + CELL / 2, corner[1] + CELL / 2
    dx, dy = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}[edge]
    ex, ey = cx + dx * CELL * 0.78, cy + dy * CELL * 0.78
    fill, stroke = palette.GEM_COLOURS[colour]
    hat = svg.polygon([(ex - 5, ey - 1), (ex + 5, ey - 1), (ex, ey - 10)], fill=fill, stroke=stroke)
    face = svg.circle(ex, ey + 3, 4, fill="#f3d2b5", stroke=stroke, stroke_width=1)
    return svg.group([hat, face], tooltip=f"{colour} elf")


def _tile(state, placed, at, gallery: frozenset) -> str:
    kit = state.kit
    tile = kit.tiles[placed.tile]
    fill, stroke = palette.GEM_COLOURS[tile.colour]
    parts = []
    for cell in placed.cells:
        cx, cy = at(cell)
        parts.append(svg.rounded_box(cx + 1.5, cy + 1.5, CELL - 3, CELL - 3, radius=2, fill=fill, stroke="none",
                                     opacity=0.95 if cell in gallery else 0.6))
    for cell in placed.cells:  # one outline around the whole tile: the edges not shared with itself
        cx, cy = at(cell)
        corners = [(cx, cy), (cx + CELL, cy), (cx + CELL, cy + CELL), (cx, cy + CELL)]
        for side, other in enumerate(neighbours(cell)):
            if other not in placed.cells:
                (x1, y1), (x2, y2) = corners[side], corners[(side + 1) % 4]
                parts.append(svg.line(x1, y1, x2, y2, stroke=stroke, width=2.2))
    mark = kit.orient(placed.tile, placed.orientation)[1]
    if mark is not None:
        cx, cy = at((mark[0] + placed.row, mark[1] + placed.col))
        colour, letter = palette.find_style(tile.find[1])
        parts.append(svg.circle(cx + CELL / 2, cy + CELL / 2, 7, fill=colour, stroke=svg.INK, stroke_width=0.8))
        parts.append(svg.text(cx + CELL / 2, cy + CELL / 2 + 3.5, letter, size=9, anchor="middle", weight="bold"))
    return svg.group(parts, tooltip=kit.tile_words(placed.tile))


def _card(doc: svg.Svg, state, p: int, x: float, y: float, width: float) -> None:
    card = state.cards[p]
    height = 30 + 16 * len(COLOURS) + 26
    doc.add(svg.rounded_box(x, y, width, height, radius=6, fill="white", stroke=svg.MUTED))
    if card is None:
        doc.add(svg.text(x + 10, y + 20, "treasure card: face down", size=11, fill=svg.MUTED, italic=True))
        return
    doc.add(svg.text(x + 10, y + 18, f"treasure card {card.id}", size=11, weight="bold"))
    used = state.card_use(p)
    for i, colour in enumerate(COLOURS):
        limit, count = card.limits.get(colour, 0), used.get(colour, 0)
        row_y = y + 28 + 16 * i
        fill, stroke = palette.GEM_COLOURS[colour]
        doc.add(svg.rounded_box(x + 10, row_y, 12, 12, radius=2, fill=fill, stroke=stroke,
                                opacity=None if limit else 0.25))
        over = count > limit
        doc.add(svg.text(x + 28, row_y + 10, f"{colour}: {count}/{limit}", size=10.5,
                         fill="#b0262f" if over else (svg.INK if limit else svg.MUTED),
                         weight="bold" if over else "normal"))
    finds = ", ".join(f"{kind} {points:+d}" for kind, points in card.finds.items())
    active = state.options.finds
    doc.add(svg.text(x + 10, y + height - 10, f"finds: {finds}" + ("" if active else " (variant off)"),
                     size=10, fill=svg.INK if active else svg.MUTED))


def _score_table(doc: svg.Svg, state, x: float, y: float, width: float) -> None:
    results = state.round_results
    rounds = state.options.rounds
    doc.add(svg.text(x, y + 12, "Scores", size=12, weight="bold"))
    doc.add(svg.text(x + width, y + 12, "! = called Out of Mine!", size=9.5, anchor="end", fill=svg.MUTED))
    col_w = min(44, (width - 150) / (rounds + 1))  # the names take NAME_W
    for r in range(rounds):
        doc.add(svg.text(x + NAME_W + r * col_w + col_w / 2, y + 12, f"R{r + 1}", size=10, anchor="middle",
                         fill=svg.MUTED))
    doc.add(svg.text(x + NAME_W + rounds * col_w + col_w / 2, y + 12, "total", size=10, anchor="middle",
                     weight="bold"))
    winners = state.winners() if state.is_over else []
    for p, total in enumerate(state.scores()):
        row_y = y + 30 + 18 * p
        doc.add(svg.text(x, row_y, player_name(p).capitalize() + (" ★" if p in winners else ""), size=11))
        for r, result in enumerate(results):
            points = result["points"][p]
            called = result["caller"] == p
            doc.add(svg.text(x + NAME_W + r * col_w + col_w / 2, row_y, str(points["total"]) + ("!" if called else ""),
                             size=11, anchor="middle"))
        doc.add(svg.text(x + NAME_W + rounds * col_w + col_w / 2, row_y, str(total), size=11, anchor="middle",
                         weight="bold"))
