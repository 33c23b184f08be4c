"""A Goldmine Rumbles state as SVG: the mine with pawns and Papa Clayton (drawn by
``render_mine``), the claim store, and a compact panel per miner (gold, tokens,
injuries, items, dashboard cubes), the Rumbles tiles and the decision in play (bids, a
fight's injuries and dice, yield dice, Papa Clayton's fee). Only what every player may see
is drawn: missions are left out, and so are dashboards when cubes are placed hidden, so the
picture can be shown to the whole table. Miners are named by colour and dashboard columns in
full, in the app's words (:mod:`.wording`).
"""

from __future__ import annotations

import re

from minegames.core import palette, svg
from minegames.core.words import plural

from . import components
from .decisions import Decision
from .render_mine import mine_svg
from .wording import column_words, cubes_text, describe, seat_name

MINE_WIDTH = 452  # the mine drawing's own width and height (render_mine's frame)
MINE_HEIGHT = 492
PANEL_W = 330
PANEL_H = 134
HEADER = 34
SITUATION_H = 44
ITEMS_PER_LINE = 62  # characters of the items list per line
MARGIN = 12
DISPLAY_WIDTH = 880
#: The dashboard's columns as the panel lists them: two columns of rows, each row a column's name and cubes.
DASHBOARD_ROWS = 5
DASHBOARD_TOP = 82   # the first row's baseline, below the panel's top
ROW_STEP = 11


def state_svg(state, display_width: float | None = None) -> str:
    """Draw ``state`` (a GoldmineRumbles) as an SVG string."""
    n = state.num_players
    width = MINE_WIDTH + PANEL_W + 3 * MARGIN
    body = max(MINE_HEIGHT, 52 + n * (PANEL_H + 8))
    height = HEADER + body + SITUATION_H + MARGIN
    who = None if state.is_over else seat_name(state, state.current_player)
    status = "Game over" if state.is_over else f"Phase {state.phase} · {who} to decide"
    doc = svg.Svg(width, height, display_width=display_width or DISPLAY_WIDTH, title=f"Goldmine Rumbles. {status}")
    doc.add(svg.text(MARGIN, 24, f"Goldmine Rumbles · {status}", size=16, weight="bold"))
    pawns = {state.player(p)["colour"]: pos for p, pos in enumerate(state.positions)}
    inner = mine_svg(state.mine, pawns=pawns, clayton=state.clayton_position)
    doc.add(re.sub(r'^<svg ([^>]*?)width="[^"]*" height="[^"]*"',
                   rf'<svg x="{MARGIN}" y="{HEADER}" width="{MINE_WIDTH}" height="{MINE_HEIGHT}" \1', inner, count=1))
    x = MINE_WIDTH + 2 * MARGIN
    _store(doc, state, x, HEADER)
    for p in range(n):
        _panel(doc, state, p, x, HEADER + 52 + p * (PANEL_H + 8))
    _situation(doc, state, MARGIN, HEADER + body)
    return str(doc)


def _situation(doc: svg.Svg, state, x: float, y: float) -> None:
    """Two lines across the foot of the picture: the Rumbles tiles and Papa Clayton, then what the
    decision in play is about."""
    revealed = state.rumbles_revealed
    total = len(state.phase_cubes)
    shown = ", ".join(f"#{n}" for n in revealed) or "none"
    doc.add(svg.text(x, y + 12, f"Rumbles tiles turned up: {shown} · {total - len(revealed)} still face down"
                                f" · Papa Clayton at {describe(state.clayton_position)}", size=11))
    doc.add(svg.text(x, y + 32, decision_summary(state), size=11, weight="bold"))


def _side(state, side: int, fight) -> str:
    hurt = fight["clayton_injuries"] if side == -1 else state.sheet(side)["injuries"]
    return f"{seat_name(state, side)} ({plural(hurt, 'injury', 'injuries')})"


def _to_decide(state) -> str:
    """The model's prompt without its "Phase n. " (the picture's header says the phase): "Blue to bid ..."."""
    return re.sub(r"^Phase \d+\. ", "", state.prompt()).rstrip(".")


def decision_summary(state) -> str:
    """One line on what is being decided, with the details everyone sees."""
    if state.is_over:
        return "Final scores: " + ", ".join(f"{seat_name(state, p)} {s}" for p, s in enumerate(state.scores()))
    top, fight = state.decision, state.fight_record
    who = seat_name(state, top["player"])
    if fight is not None:
        sides = " against ".join(_side(state, s, fight) for s in fight["sides"])
        dice = f" · dice {', '.join(map(str, fight['dice']))}" if fight["dice"] else ""
        return f"Fight: {sides}{dice} · {_to_decide(state)}"
    if top["kind"] in (Decision.BIDS, Decision.ACCEPT):
        bids = ", ".join(f"{seat_name(state, bidder)} {square}gn" for square, bidder in sorted(state.bid_board.items()))
        return f"Bids for a partner: {bids or 'none yet'} · {who} to {'bid' if top['kind'] == Decision.BIDS else 'choose'}"
    if top["kind"] == Decision.CHOOSE_DIE:
        return f"Yield dice {top['dice'][0]} and {top['dice'][1]} · {who} chooses a die"
    if top["kind"] == Decision.CLAYTON:
        return f"Papa Clayton on the hazard die: {who} pays {top['fee']}gn or fights"
    if top["kind"] == Decision.TRAVEL:
        return f"{who} is travelling to {describe(state.journey_goal())}"
    return _to_decide(state)



def _store(doc: svg.Svg, state, x: float, y: float) -> None:
    doc.add(svg.text(x, y + 12, "Claim store", size=12, weight="bold"))
    for slot, (claim, price) in enumerate(zip(state.claim_store, components.STORE_PRICES)):
        label = "—" if claim is None else f"#{claim} · {price}gn"
        kind = "" if claim is None else components.CLAIMS[claim].type
        doc.add(svg.rounded_box(x + slot * 54, y + 18, 50, 26, fill="#efe4cc"),
                svg.text(x + slot * 54 + 25, y + 30, label, size=8, anchor="middle"),
                svg.text(x + slot * 54 + 25, y + 41, kind, size=8, anchor="middle"))
    top = state.claim_pile_top
    doc.add(svg.text(x + 272, y + 35, f"pile: {'empty' if top is None else f'#{top}'}", size=9))


def _panel(doc: svg.Svg, state, p: int, x: float, y: float) -> None:
    sheet = state.player(p)
    active = not state.is_over and state.current_player == p
    doc.add(svg.rounded_box(x, y, PANEL_W, PANEL_H, fill="white", stroke="#c28a00" if active else svg.INK,
                            stroke_width=2.5 if active else 1))
    heading = f"{seat_name(state, p)} · {components.CHARACTERS[sheet['character']].name}"
    doc.add(svg.circle(x + 14, y + 15, 7, fill=palette.pawn_colour(sheet["colour"])),
            svg.text(x + 28, y + 19, heading, size=11, weight="bold"),
            svg.text(x + PANEL_W - 8, y + 19, f"{sheet['gold']}gn", size=12, anchor="end", weight="bold"))
    tokens = (f"injuries {sheet['injuries']}/4 · Bandages {sheet['bandages']} · Poison {sheet['poisons']}"
              f" · Black Marks {sheet['black_marks']}")
    doc.add(svg.text(x + 8, y + 38, tokens, size=9))
    items = ", ".join(f"{n}×{item}" if n > 1 else item for item, n in sorted(sheet["items"].items()) if n) or "no items"
    for row, line in enumerate(_wrapped(f"items: {items}")):
        doc.add(svg.text(x + 8, y + 52 + row * 11, line, size=9))
    if state.options.hidden_cubes:
        doc.add(svg.text(x + 8, y + DASHBOARD_TOP, "dashboard hidden (optional rule)", size=9))
        return
    _dashboard(doc, sheet["dashboard"], x + 8, y + DASHBOARD_TOP)


def _dashboard(doc: svg.Svg, cubes: dict[str, int], x: float, y: float) -> None:
    """Every dashboard column by its full name with its cubes (\u25a0 placed, \u25a1 free), in two
    columns of rows; a row's tooltip says the column's effect now, as the app's does."""
    half = (PANEL_W - 16) / 2
    for k, column in enumerate(components.DASHBOARD_COLUMNS):
        n = cubes[column]
        cx, cy = x + (k // DASHBOARD_ROWS) * half, y + (k % DASHBOARD_ROWS) * ROW_STEP
        doc.add(svg.group([svg.text(cx, cy, f"{column} {cubes_text(n, components.DASHBOARD_CAPACITY[column])}",
                                    size=9)], tooltip=column_words(column, n)))


def _wrapped(text: str) -> list[str]:
    """The items line broken between items so that it fits the panel (two lines at most)."""
    lines, current = [], ""
    for word in text.split(", "):
        candidate = f"{current}, {word}" if current else word
        if len(candidate) > ITEMS_PER_LINE and current:
            lines.append(current + ",")
            current = word
        else:
            current = candidate
    lines.append(current)
    return lines[:2] if len(lines) <= 2 else [lines[0], lines[1] + " …"]
