"""The Off the Rails board as SVG: what ``_repr_svg_``, the lesson and the app show.

The board on the left: the surface ring (the clans' start and exit squares in their colours),
the four mines (centre and numbered squares tinted in the mine's colour), track tiles as rails,
deposits as gems, chasm squares dark, carts as boxes with their speed and load. On the right:
each player's stockpile and score, the decks and the chasm's progress, the missions face up.

The app draws the board alone (:func:`board_svg`: column letters and row numbers round it, and a
clickable band over every square) and lays :func:`overlay_svg` on top, in the same frame: the
square picked, the tile previewed, the squares to click now and where the carts would run.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from minegames.core import svg

from . import board, scoring
from .wording import plural
from .components import GEMS, MISSION_BY_ID, TOKENS_PER_COLOUR

CELL = 34
MARGIN = 14
HEADER = 34
PANEL = 250
CLAN_COLOURS = {clan: svg.GEM_COLOURS[clan][0] for clan in board.CLANS}
CLAN_TINTS = {"red": "#f6d5d9", "yellow": "#f8ecc0", "blue": "#d3def6", "green": "#d2ecdc"}
SURFACE, UNDERGROUND, RAIL, CHASM = "#d9cbb0", "#efe6d6", "#5b4a3a", "#1d1a22"
DISPLAY_WIDTH = 760
#: The smallest text on a square (mine numbers, "exit", a cart's speed): 11.5 px on the app's board.
SMALL_TEXT = 9.5


def cell_origin(square) -> tuple[float, float]:
    return MARGIN + square[0] * CELL, HEADER + square[1] * CELL


def state_svg(state, display_width: float = DISPLAY_WIDTH, highlight=()) -> str:
    size = board.SIZE * CELL
    width = MARGIN * 2 + size + PANEL
    height = max(HEADER + size + MARGIN, HEADER + 420)
    doc = svg.Svg(width, height, display_width=display_width, title="Off the Rails")
    doc.add(svg.text(MARGIN, 23, "Off the Rails", size=18, weight="bold"))
    doc.add(svg.text(MARGIN + size, 23, _status(state), size=12, anchor="end", fill=svg.MUTED))
    for y in range(board.SIZE):
        for x in range(board.SIZE):
            doc.add(_square(state, (x, y)))
    for square in highlight:
        x0, y0 = cell_origin(square)
        doc.add(svg.rounded_box(x0 + 1, y0 + 1, CELL - 2, CELL - 2, radius=3, fill="none", stroke="#1b7fd1",
                                stroke_width=2.5))
    for index in state.carts_on_board:
        doc.add(_cart(state, index))
    _panel(doc, state, MARGIN * 2 + size)
    return str(doc)


def _status(state) -> str:
    if state.is_over:
        return "game over"
    chasm = {"quiet": "", "final turns": " · last turns before the chasm", "collapsing": " · the chasm spreads"}
    return f"turn {state.turn} · {state.phase}{chasm[state.chasm_phase]}"


def _square(state, square) -> str:
    x0, y0 = cell_origin(square)
    parts = []
    if board.is_corner(square):
        return ""
    if board.is_surface(square):
        clan = board.EXIT_CLAN.get(square)
        fill = CLAN_COLOURS[clan] if clan else SURFACE
        parts.append(svg.rounded_box(x0, y0, CELL, CELL, radius=0, fill=fill, stroke="#b9a888", stroke_width=0.5,
                                     tooltip=board.square_name(square)))
        if clan:
            cx, cy = x0 + CELL / 2, y0 + CELL / 2
            parts.append(svg.text(cx, cy + 4, "exit", size=SMALL_TEXT, anchor="middle", fill="white", weight="bold"))
        return "".join(parts)
    label = board.SQUARE_LABELS.get(square)
    if square in board.CENTRE_SQUARES:
        colour = next(c for c, centre in board.MINE_CENTRES.items() if centre == square)
        parts.append(svg.rounded_box(x0, y0, CELL, CELL, radius=0, fill=CLAN_COLOURS[colour], stroke="#8a7a66",
                                     stroke_width=0.5, tooltip=f"the {colour} mine"))
        parts.append(svg.text(x0 + CELL / 2, y0 + CELL / 2 + 4, "mine", size=SMALL_TEXT, anchor="middle", fill="white"))
        return "".join(parts)
    fill = CLAN_TINTS[label[0]] if label else UNDERGROUND
    if square in state.chasm:
        fill = CHASM
    parts.append(svg.rounded_box(x0, y0, CELL, CELL, radius=0, fill=fill, stroke="#cdbfa8", stroke_width=0.5,
                                 tooltip=board.square_name(square)))
    if label and square not in state.chasm:
        parts.append(svg.text(x0 + 2, y0 + 10, label[1], size=SMALL_TEXT, fill=svg.MUTED))
    if square in state.chasm:
        colour = state.chasm[square]
        parts.append(svg.circle(x0 + CELL / 2, y0 + CELL / 2, CELL * 0.22, fill=CHASM, stroke=CLAN_COLOURS[colour],
                                stroke_width=3))
    mask = state.tracks.get(square)
    if mask:
        parts.append(_rails(x0, y0, mask))
    gems = state.gems.get(square, [])
    for k, gem in enumerate(sorted(gems, key=GEMS.index)[:6]):
        gx = x0 + 7 + (k % 3) * 10
        gy = y0 + 12 + (k // 3) * 12
        parts.append(svg.gem_glyph(gx, gy, 10, gem, label=False))
    if len(gems) > 6:
        parts.append(svg.text(x0 + CELL - 2, y0 + CELL - 2, f"+{len(gems) - 6}", size=SMALL_TEXT, anchor="end"))
    return "".join(parts)


def _rails(x0: float, y0: float, mask: int) -> str:
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    ends = {0: (cx, y0), 1: (x0 + CELL, cy), 2: (cx, y0 + CELL), 3: (x0, cy)}
    parts = []
    for side in board.sides_of(mask):
        ex, ey = ends[side]
        parts.append(svg.line(cx, cy, ex, ey, stroke=RAIL, width=5))
        parts.append(svg.line(cx, cy, ex, ey, stroke="#b49a7a", width=1.5))
    parts.append(svg.circle(cx, cy, 2.6, fill=RAIL, stroke=RAIL))
    return "".join(parts)


def _cart(state, index: int) -> str:
    cart = state.carts[index]
    x0, y0 = cell_origin(tuple(cart["square"]))
    colour = CLAN_COLOURS[cart["clan"]]
    die_fill = "#222" if cart["die"] == "black" else "white"
    die_ink = "white" if cart["die"] == "black" else svg.INK
    parts = [svg.rounded_box(x0 + 4, y0 + 8, CELL - 8, CELL - 14, radius=4, fill=colour, stroke=svg.INK,
                             stroke_width=1.5),
             svg.rounded_box(x0 + CELL - 14, y0 + 2, 12, 12, radius=2, fill=die_fill, stroke=svg.INK),
             svg.text(x0 + CELL - 8, y0 + 11.5, cart["speed"], size=SMALL_TEXT, anchor="middle", weight="bold",
                      fill=die_ink)]
    for k, gem in enumerate(sorted(cart["load"], key=GEMS.index)):
        parts.append(svg.gem_glyph(x0 + 8 + k * 4.5, y0 + 20, 7, gem, label=False))
    # the way it faces: a notch on the side it came in by is its back
    back = cart["came_from"]
    cx, cy = x0 + CELL / 2, y0 + CELL / 2
    dx, dy = board.STEP[board.opposite(back)]
    if not board.is_surface(tuple(cart["square"])):
        parts.append(svg.arrow(cx, cy, cx + dx * CELL * 0.45, cy + dy * CELL * 0.45, stroke=svg.INK, width=1.5, head=4))
    tip = f"{state.cart_name(index)}: speed {cart['speed']}, holding {', '.join(cart['load']) or 'nothing'}"
    return svg.group(parts, tooltip=tip)


def _panel(doc: svg.Svg, state, x: float) -> None:
    y = HEADER + 10
    scores = state.scores()
    for seat, player in enumerate(state.players):
        colour = CLAN_COLOURS[player["clan"]]
        marker = "▶ " if not state.is_over and seat == state.current else ""
        name = "You" if state.options.solo else player["clan"].capitalize()
        doc.add(svg.rounded_box(x, y - 12, 12, 12, radius=2, fill=colour, stroke=svg.INK))
        doc.add(svg.text(x + 18, y - 2, f"{marker}{name}: {scores[seat]} points", size=12, weight="bold"))
        y += 6
        stock = sorted(player["stockpile"], key=GEMS.index)
        for k, gem in enumerate(stock[:20]):
            doc.add(svg.gem_glyph(x + 8 + (k % 10) * 13, y + 8 + (k // 10) * 13, 11, gem, label=False))
        y += 14 * max(1, (min(len(stock), 20) + 9) // 10) + 4
        if player["missions"]:
            titles = ", ".join(MISSION_BY_ID[m].title for m in player["missions"])
            doc.add(svg.text(x, y + 4, f"missions: {titles}", size=9.5, fill=svg.MUTED))
            y += 14
        y += 8
    y += 4
    deck = len(state.deposit_deck)
    doc.add(svg.text(x, y, f"Deposit deck: {plural(deck, 'card')} · bag: {plural(len(state.bag), 'gem')}", size=11))
    y += 16
    placed = sum(TOKENS_PER_COLOUR - n for n in state.tokens.values())
    chasm = {"quiet": "the chasm sleeps", "final turns": f"the chasm wakes: {plural(state.final_turns_left, 'turn')} left",
             "collapsing": f"chasm: {placed} of {TOKENS_PER_COLOUR * 4} tokens out"}[state.chasm_phase]
    doc.add(svg.text(x, y, chasm, size=11, weight="bold" if state.chasm_phase != "quiet" else "normal"))
    y += 20
    if state.missions_up:
        doc.add(svg.text(x, y, "Missions (4 points each)", size=11, weight="bold"))
        y += 14
        for mission in state.missions_up:
            doc.add(svg.text(x, y, f"{MISSION_BY_ID[mission].title}: {MISSION_BY_ID[mission].text}"[:48], size=9.5))
            y += 13
    if state.options.solo:
        y += 6
        matched = scoring.matched_deliveries(state)
        doc.add(svg.text(x, y, "Delivered at the matching exit:", size=11, weight="bold"))
        y += 14
        doc.add(svg.text(x, y, ", ".join(f"{gem} {n}" for gem, n in matched.items()), size=10.5))
        y += 14
        doc.add(svg.text(x, y, f"standing: {scoring.solo_standing(state)}", size=10.5))


# ---- the app's board: the board alone, and a layer on top ------------------------------------
LABEL = 16           # the band of column letters and row numbers round the app's board
#: How wide the app shows it (px): a square is then 41 px, big enough to touch on a phone, and the
#: smallest text (SMALL_TEXT) 11.5 px; a phone scrolls the board in its own frame.
BOARD_WIDTH = 660
#: The app's frame: the board and its label bands, in the drawing's units.
BOARD_VIEW = (MARGIN - LABEL, HEADER - LABEL, board.SIZE * CELL + 2 * LABEL, board.SIZE * CELL + 2 * LABEL)


def _frame_head(display_width: float) -> str:
    vx, vy, vw, vh = BOARD_VIEW
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx:g} {vy:g} {vw:g} {vh:g}" '
            f'width="{display_width:g}" height="{display_width * vh / vw:g}" font-family="{svg.FONT}">')


def square_key(square) -> str:
    """The key a click on a square of the app's board sends."""
    return f"sq:{square[0]}:{square[1]}"


def board_svg(state, display_width: float = BOARD_WIDTH, tips: dict | None = None) -> str:
    """The board alone, as the app shows it: letters and numbers round it, and over each square a
    clear band whose ``data-key`` is :func:`square_key` (``tips``: the bands' tooltips by square)."""
    vx, vy, vw, vh = BOARD_VIEW
    parts = [svg.rounded_box(vx, vy, vw, vh, radius=6, fill=svg.PAPER, stroke="none")]
    for k in range(board.SIZE):
        x0, y0 = cell_origin((k, k))
        for at in (vy + LABEL - 4, vy + vh - 4):
            parts.append(svg.text(x0 + CELL / 2, at, board.column_letter(k), size=10, anchor="middle",
                                  fill=svg.MUTED))
        for at, anchor in ((vx + LABEL - 3, "end"), (vx + vw - LABEL + 3, "start")):
            parts.append(svg.text(at, y0 + CELL / 2 + 4, board.row_number(k), size=10, anchor=anchor,
                                  fill=svg.MUTED))
    for y in range(board.SIZE):
        for x in range(board.SIZE):
            parts.append(_square(state, (x, y)))
    for index in state.carts_on_board:
        parts.append(_cart(state, index))
    for y in range(board.SIZE):
        for x in range(board.SIZE):
            x0, y0 = cell_origin((x, y))
            tip = (tips or {}).get((x, y)) or board.square_name((x, y))
            parts.append(f'<rect class="otr-hit" data-key="{square_key((x, y))}" x="{x0:g}" y="{y0:g}" '
                         f'width="{CELL}" height="{CELL}" fill-opacity="0"><title>{escape(tip)}</title></rect>')
    return _frame_head(display_width) + "".join(parts) + "</svg>"


#: The overlay's marks: their colours (the app's CSS may restyle them by class).
MARK_COLOURS = {"selected": "#ff8f00", "target": "#1565c0", "hint": "#2e7d32", "start": "#6a1b9a",
                "changed": "#00838f", "moved": "#00838f"}
#: The marks of what changed since the person's last turn: a thin outline, dotted for track.
_CHANGE_DASH = {"changed": "2 3", "moved": "7 3"}


def overlay_svg(*, selected=None, preview: int | None = None, marks: dict | None = None,
                routes: list | None = None, focus=None, display_width: float = BOARD_WIDTH) -> str:
    """What lies on the app's board: ``selected`` square (framed), ``preview`` the tile mask drawn
    on it, ``marks`` {square: kind} (a kind of :data:`MARK_COLOURS`), ``routes`` [(squares from the
    cart's own, colour, outcome)]: dashed lines where carts would run, ending in a cross where one
    derails and a ring where one delivers. ``focus``: the square the decision is about, which a
    board scrolled in a small frame keeps in view (with the squares round it)."""
    parts = []
    if focus is not None:
        x0, y0 = cell_origin(focus)
        parts.append(f'<rect class="sv-focus" x="{x0 - CELL:g}" y="{y0 - CELL:g}" width="{3 * CELL}" '
                     f'height="{3 * CELL}" fill="none" stroke="none"/>')
    for points, colour, outcome in routes or []:
        centres = [(cell_origin(s)[0] + CELL / 2, cell_origin(s)[1] + CELL / 2) for s in points]
        if len(centres) >= 2:
            path = " ".join(f"{x:g},{y:g}" for x, y in centres)
            parts.append(f'<polyline class="otr-route" points="{path}" fill="none" stroke="white" '
                         f'stroke-width="6" stroke-linecap="round" stroke-linejoin="round" opacity="0.7"/>'
                         f'<polyline class="otr-route" points="{path}" fill="none" stroke="{colour}" '
                         f'stroke-width="3.5" stroke-dasharray="6 4" stroke-linecap="round" stroke-linejoin="round"/>')
        if centres:
            x, y = centres[-1]
            if outcome == "derailed":
                parts.append(svg.line(x - 6, y - 6, x + 6, y + 6, stroke="#b00020", width=3))
                parts.append(svg.line(x - 6, y + 6, x + 6, y - 6, stroke="#b00020", width=3))
            elif outcome == "delivered":
                parts.append(svg.circle(x, y, 9, fill="none", stroke=colour, stroke_width=3))
            elif outcome == "junction":
                parts.append(svg.circle(x, y, 8, fill="white", stroke=colour, stroke_width=2))
                parts.append(svg.text(x, y + 4.5, "?", size=13, anchor="middle", weight="bold", fill=colour))
    for square, kind in sorted((marks or {}).items()):
        x0, y0 = cell_origin(square)
        if kind in _CHANGE_DASH:
            parts.append(f'<rect class="otr-mark otr-mark-{kind}" x="{x0 + 1.5:g}" y="{y0 + 1.5:g}" '
                         f'width="{CELL - 3}" height="{CELL - 3}" rx="3" fill="none" stroke="{MARK_COLOURS[kind]}" '
                         f'stroke-width="2.5" stroke-dasharray="{_CHANGE_DASH[kind]}"/>')
            continue
        dash = "" if kind == "selected" else ' stroke-dasharray="5 3"'
        parts.append(f'<rect class="otr-mark otr-mark-{kind}" x="{x0 + 2:g}" y="{y0 + 2:g}" width="{CELL - 4}" '
                     f'height="{CELL - 4}" rx="4" fill="{MARK_COLOURS[kind]}" fill-opacity="0.12" '
                     f'stroke="{MARK_COLOURS[kind]}" stroke-width="3"{dash}/>')
    if selected is not None:
        x0, y0 = cell_origin(selected)
        if preview:
            parts.append(f'<g class="otr-preview" opacity="0.75">{_rails(x0, y0, preview)}</g>')
        parts.append(f'<rect class="otr-selected" x="{x0 + 1:g}" y="{y0 + 1:g}" width="{CELL - 2}" '
                     f'height="{CELL - 2}" rx="4" fill="none" stroke="{MARK_COLOURS["selected"]}" stroke-width="4"/>')
    return _frame_head(display_width) + "".join(parts) + "</svg>"
