"""A Goldmine Rumbles state as SVG: the mine with pawns and Papa Clayton (drawn by
``render_mine``), the claim store, and a compact panel per miner (gold, tokens,
injuries, items, dashboard cubes). Only what ``view``-level players may see is drawn:
missions are left out, so the picture can be shown to the whole table.
"""

from __future__ import annotations

import re

from minegames.core import svg

from . import components as C
from .render_mine import PAWN_COLOURS, mine_svg

MINE_WIDTH = 452  # the mine drawing's own width and height (render_mine's frame)
MINE_HEIGHT = 492
PANEL_W = 330
PANEL_H = 118
HEADER = 34
MARGIN = 12
DISPLAY_WIDTH = 880
SHORT = {col: "".join(w[0] for w in col.replace("&", "").split()) for col in C.DASHBOARD_COLUMNS}


def state_svg(state, display_width: float | None = None) -> str:
    """Draw ``state`` (a GoldmineRumbles) as an SVG string."""
    n = state.num_players
    width = MINE_WIDTH + PANEL_W + 3 * MARGIN
    height = HEADER + max(MINE_HEIGHT, 52 + n * (PANEL_H + 8)) + MARGIN
    status = "Game over" if state.is_over else f"Phase {state.phase}: {state.step}, P{state.current_player + 1} to decide"
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
    return str(doc)


def _store(doc: svg.Svg, state, x: float, y: float) -> None:
    doc.add(svg.text(x, y + 12, "Claim store", size=12, weight="bold"))
    for slot, (claim, price) in enumerate(zip(state.claim_store, C.STORE_PRICES)):
        label = "—" if claim is None else f"#{claim} · {price}gn"
        kind = "" if claim is None else C.CLAIMS[claim].type
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
    colour = sheet["colour"]
    doc.add(svg.circle(x + 14, y + 15, 7, fill=PAWN_COLOURS.get(colour, "#888")),
            svg.text(x + 28, y + 19, f"P{p + 1} {colour} · {C.CHARACTERS[sheet['character']].name}", size=11,
                     weight="bold"),
            svg.text(x + PANEL_W - 8, y + 19, f"{sheet['gold']}gn", size=12, anchor="end", weight="bold"))
    tokens = (f"injuries {sheet['injuries']}/4 · Bandages {sheet['bandages']} · Poison {sheet['poisons']}"
              f" · Black Marks {sheet['black_marks']}")
    doc.add(svg.text(x + 8, y + 38, tokens, size=9))
    items = ", ".join(f"{n}×{item}" if n > 1 else item for item, n in sorted(sheet["items"].items()) if n) or "no items"
    doc.add(svg.text(x + 8, y + 54, f"items: {items}", size=9))
    for k, column in enumerate(C.DASHBOARD_COLUMNS):
        cx = x + 8 + k * 32
        doc.add(svg.text(cx + 12, y + 72, SHORT[column], size=8, anchor="middle"))
        for square in range(C.DASHBOARD_CAPACITY[column]):
            filled = square < sheet["dashboard"][column]
            doc.add(svg.rounded_box(cx + 4, y + PANEL_H - 12 - square * 10, 16, 8, radius=2,
                                    fill="#5b4636" if filled else "#f1ece2", tooltip=column))
