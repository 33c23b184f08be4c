"""The Goldmine Rumbles front end: a whole 3- or 4-player game against bots, in a browser.

Two parts:

* :class:`GoldmineBoard` shows a position as one seat sees it (``state.view(seat)``):
  the 3x3 mine with its tunnels, claim sites, pawns and Papa Clayton (claim sites and,
  when a Dynamite may go off, tiles can be clicked), the Rumbles tiles, the claim store
  and every miner's sheet. A lesson can embed it and call ``update(state)``.
* :class:`GoldmineRumblesApp` plays: you hold one seat, bots the others. The app holds
  no rules. It asks the model what must be decided now (``state.decision``), which
  actions are legal (``state.legal_actions()``) and applies the one you pick; a refusal
  shows the model's rule in the status line. Every legal action of your decision is
  offered by some control (see :meth:`GoldmineRumblesApp.offered`), and where a choice
  has an exact answer (a fight's chance, a yield, the hazard die's cost) it is shown
  beside the buttons, from :mod:`minegames.goldmine_rumbles.analysis`.

Bots move one action at a time on the kernel's event loop, ``bot_delay_ms`` apart, so
a person can follow them; ``live=False`` leaves them to :meth:`GoldmineRumblesApp.run_bots`
(tests, notebooks). Undo takes back your own last choice and the bot moves after it,
as long as none of them rolled a die or turned up a claim or tile.

>>> app = GoldmineRumblesApp(seed=3, players=3, live=False)      # doctest: +SKIP
>>> app.run_bots(); app.offered()                                 # doctest: +SKIP
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

import ipywidgets as widgets

from minegames import GAMES
from minegames import goldmine_rumbles as gr
from minegames.core import Action
from minegames.core.words import as_you, plural
from minegames.goldmine_rumbles import analysis as A
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles import offer_odds as O
from minegames.goldmine_rumbles import render_mine
from minegames.goldmine_rumbles import scoring as GS
from minegames.goldmine_rumbles.actions import (
    AcceptBid, AcceptRoute, AttackPapaClayton, AttackPlayer, Bid, Blast, BuyClaim, BuyEssentials, ChooseDie,
    ChooseItem, Decline, Discard, Dismiss, EndTurn, FightClayton, FightRound, InviteBids, MineAlone, MoveCube,
    NoBid, OfferRoute, PayFee, Peek, Pick, PlaceCube, Rearrange, Refresh, RejectBids, RollYield, Steal, Step,
    Swap, TakeItems, Trade, Travel, UseItem,
)
from minegames.goldmine_rumbles.engine_common import CLAYTON, position_key

from minegames.goldmine_rumbles.decisions import ACTIVE_KINDS
from minegames.goldmine_rumbles.wording import (column_now_and_next, column_words, cubes_text, describe, fight_dice_in,
                                                 fight_scores_in, seat_name)
from minegames.goldmine_rumbles.state_odds import hazard_miner, miner_at_claim

from .board import SvgView
from .endings import ending_html
from .components import (BASE_CSS, PIP_GLYPHS, GameApp, PacedBots, SeatUndo, StaticForm, assign, control_row, guard,
                         keep_to_options, panel, percent, set_classes, show, style_tag)

GAME = GAMES["goldmine_rumbles"]
#: Bot strengths tried first when none is asked for (the registry's keys decide what exists).
PREFERRED_STRENGTHS = ("medium", "heuristic", "investor")
#: How long a bot's move stays on screen before the next one (ms); the speed toggle changes it.
BOT_SPEEDS = {"slow": 1200, "normal": 600, "fast": 200, "instant": 0}
#: A decision with more answers than this lists them in a drop-down instead of a row of buttons.
MOST_BUTTONS = 12
#: Free actions: what an active miner may do besides answering the decision (the items card).
FREE_TYPES = (BuyEssentials, UseItem, Trade, Discard, Swap, Steal, Refresh, Rearrange, Peek, Pick)
MINE_DISPLAY_WIDTH = 500
#: "gn", said once where a player first meets it (the store, the sheets, the end table all use it).
GOLD_NOTE = "gn = gold nuggets, the score: the miner with the most gold at the end wins."
#: Answers that decline: always a button of their own, even when the others are listed.
NO_THANKS = (Decline, EndTurn, NoBid, RejectBids)

GR_CSS = """
.gr-app .gr-main { display: grid !important; gap: 8px 14px; align-items: start;
  grid-template-columns: minmax(340px, 540px) minmax(340px, 560px);
  grid-template-areas: "board decide" "board since" "board rest"; grid-template-rows: auto auto 1fr; }
.gr-app .gr-left { grid-area: board; min-width: 0; gap: 6px; }
.gr-app .gr-decide { grid-area: decide; min-width: 0; gap: 8px; }
.gr-app .gr-since-col { grid-area: since; min-width: 0; }
.gr-app .gr-right { grid-area: rest; min-width: 0; gap: 8px; }
/* one column (a phone): the decision right above the map it decides on, what happened below it */
@media (max-width: 760px) {
  .gr-app .gr-main { grid-template-columns: minmax(0, 1fr); grid-template-areas: "decide" "board" "since" "rest";
    grid-template-rows: auto; }
}
.gr-app .gr-strength-note { font-size: 12px; color: #555; max-width: 560px; }
.gr-app .gr-card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 10px; background: #fff; }
.gr-app .gr-card-title { font-size: 12px; font-weight: 600; color: #6d4c41;
  text-transform: uppercase; letter-spacing: .04em; }
.gr-app .gr-decision { border-color: #b08d3c; background: #fffaf0; }
.gr-app .gr-caption, .gr-board .gr-caption { font-size: 12px; color: #555; }
.gr-app .gr-hint { font-size: 13px; line-height: 1.45; }
.gr-app .gr-hint b { color: #1b5e20; }
.gr-app .gr-choices, .gr-app .gr-store, .gr-app .gr-dashboard, .gr-app .gr-turns { flex-flow: row wrap; gap: 4px; }
.gr-app .gr-choice { min-width: 90px; }
/* a decision's answers are read whole: a long label (a bid with its value, a die with its gold)
   wraps onto a second line instead of ending in "…" on a phone */
.gr-app .gr-decision .jupyter-button, .gr-app .gr-follow { white-space: normal; height: auto; max-width: 100%;
  line-height: 1.3;
  min-height: var(--jp-widgets-inline-height); padding-top: 3px; padding-bottom: 3px; overflow-wrap: anywhere;
  text-overflow: clip; }
.gr-app .gr-store-slot { width: 104px; height: auto; min-height: 58px; white-space: normal; line-height: 1.25;
  font-size: 12px; padding: 3px; }
.gr-app .gr-column { max-width: 150px; height: auto; min-height: 52px; white-space: normal; line-height: 1.2;
  font-size: 11px; padding: 2px; }
.gr-app .gr-selected { box-shadow: 0 0 0 3px #ff9d00; }
.gr-app .gr-dice { font-size: 14px; }
.gr-app .gr-dice .gr-pip { font-size: 30px; line-height: 1; vertical-align: -5px; }
.gr-app .gr-fight table, .gr-board table { border-collapse: collapse; font-size: 12px; }
.gr-app .gr-fight td, .gr-app .gr-fight th, .gr-board td, .gr-board th { padding: 1px 6px;
  border-bottom: 1px solid #eee; text-align: left; }
.gr-app .gr-fight td.gr-num, .gr-board td.gr-num { text-align: right; }
.gr-board .gr-me { background: #fff8e1; }
.gr-board .gr-to-move { font-weight: 600; }
.gr-board .gr-swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  border: 1px solid #0006; margin-right: 4px; vertical-align: -1px; }
.gr-board .gr-cubes { font-family: var(--jp-code-font-family, monospace); font-size: 11px; letter-spacing: -1px; }
.gr-board .gr-site { fill: transparent; stroke: none; cursor: pointer; }
.gr-board .gr-site:hover { fill: #1565c022; }
.gr-board .gr-site-ring { fill: none; stroke: none; pointer-events: none; }
.gr-board .gr-site-store { stroke: #ffcf33; stroke-width: 3; }
.gr-board .gr-site-selected { stroke: #ff9d00; stroke-width: 5; }
.gr-board .gr-site.gr-site-selected { stroke: none; }
.gr-board .gr-changed { fill: none; stroke: #d81b60; stroke-width: 3; stroke-dasharray: 5 4; pointer-events: none; }
.gr-board .gr-blast-target { fill: #ff9d0022; stroke: #ff9d00; stroke-width: 4; stroke-dasharray: 10 6; }
.gr-board .gr-blast-target:hover, .gr-board .gr-cell-selected { fill: #ff9d0055; }
.gr-board .gr-plan-blast { fill: none; stroke: #d84315; stroke-width: 3; }
"""


# ---------------------------------------------------------------------------------------------
# words and numbers
# ---------------------------------------------------------------------------------------------


def gn(value: Union[Fraction, float, int]) -> str:
    """Gold to one decimal place, with its sign when it is a gain or loss ("0.0gn" when it rounds
    to nothing either way: never "-0.0gn")."""
    shown = f"{float(value):+.1f}"
    return ("0.0" if shown in ("+0.0", "-0.0") else shown) + "gn"


def pips(faces: Iterable[int]) -> str:
    return " ".join(f'<span class="gr-pip" title="{f}">{PIP_GLYPHS.get(f, f)}</span>' for f in faces)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


#: Each bot strength the new-game row offers, in a player's words.
STRENGTH_WORDS = {
    "easy": "a beginner's opponent: plausible moves, made carelessly",
    "medium": "weighs every move by the gold it is worth on average (buys Company Shares first)",
    "hard": "the medium bot with a fighter's start, a Detonator and an eye on the leader",
    "prospector": "the medium bot leaning to digging: cubes for yields, tunnels and Dynamite",
    "brawler": "the medium bot leaning to fights: cubes for the Colt 45 and Safety Gear",
    "random": "any legal move at random (for testing, not for play)",
    "heuristic": "the medium bot under its older name",
}


def strength_note(strength: str) -> str:
    return f"{strength} bots: {STRENGTH_WORDS.get(strength, 'a bot of the game')}."


def decision_sentence(prompt: str) -> str:
    """The person's prompt as the decision card says it, under its "Your decision" title: "Bid for a
    place as partner, or pass." (the phase and "Your decision:" are said above it)."""
    what = re.sub(r"^Phase \d+\. (Your decision: )?", "", prompt)
    return what[:1].upper() + what[1:]


def score_head(state, p: int, seat: int) -> str:
    """A column of the end table by the colour the sentences under it use: "you (Red)", "Blue"."""
    colour = state.sheet(p)["colour"]
    return f"you ({colour})" if p == seat else colour


def short(action: Action) -> str:
    """An action's own words without the "P1 " in front."""
    return re.sub(r"^P\d+ ", "", str(action))


def expected_alone(state, p: int, claim: int) -> Fraction:
    return A.expected_value(A.yield_distribution(**miner_at_claim(state, p, claim)))


def hazard_numbers(state, p: int) -> tuple[Fraction, Fraction]:
    """The hazard die for ``p`` now: (expected cost in gn, chance that it costs anything)."""
    miner = hazard_miner(state, p)
    return (A.expected_hazard_cost(state.sheet(p)["injuries"], **miner), A.hazard_cost_chance(**miner))


def weapon_bonus(state, p: int, viewer: int, blunderbuss: bool) -> int:
    """A miner's fight bonus before a fight: Colt 45 cubes (or a Blunderbuss) less token penalties."""
    dash = state.visible_dashboard(p, viewer) or {}
    colt = R.column_effect(R.COLT_45, dash.get(R.COLT_45, 0))
    weapon = max(colt, R.BLUNDERBUSS_BONUS) if blunderbuss and state.items(p)["Blunderbuss"] else colt
    return weapon - state.penalty(p)


def clayton_odds(state, p: int) -> A.FightOdds:
    """Papa Clayton met on the hazard die, fought where ``p`` stands (``p`` did not start it)."""
    return O.fight_here_odds(state, p, CLAYTON, started=False)


def hazard_words(hazards: Sequence[str]) -> str:
    """"2 snakes, a rat" for the rats and snakes of a way."""
    counts = [(kind, hazards.count(kind)) for kind in ("snake", "rat") if kind in hazards]
    return ", ".join(f"{n} {kind}s" if n > 1 else f"a {kind}" for kind, n in counts)


def dynamite_words(use: O.DynamiteUse) -> str:
    """"4 Dynamite (3 to buy, 1 item discarded to carry them)", or "" without any."""
    if not use.used:
        return ""
    notes = [f"{use.bought} to buy"] if use.bought else []
    if use.discarded:
        notes.append(f"{use.discarded} item{'s' if use.discarded > 1 else ''} discarded to carry them")
    return f"{use.used} Dynamite" + (f" ({', '.join(notes)})" if notes else "")


# ---------------------------------------------------------------------------------------------
# the board: the mine and the table as one seat sees them
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def _mine_picture(mine: M.Mine, pawns: tuple, clayton: Any, route: Optional[M.Route]) -> str:
    return render_mine.mine_svg(mine, route=route, pawns=dict(pawns), clayton=clayton,
                                display_width=MINE_DISPLAY_WIDTH)


#: The radius (picture units) a claim site answers clicks within: 40 px across on a phone, where
#: the mine is drawn at about 0.8 of its size (two sites of one tile edge share a little of it).
SITE_TARGET = 26


def _site_overlay(site: int, store: Sequence[Any], selected: Optional[int]) -> str:
    x, y = render_mine._site_xy(site, render_mine.RIM * 0.5)
    in_store = site in store
    ring = "gr-site-ring" + (" gr-site-store" if in_store else "") + (" gr-site-selected" if site == selected else "")
    where = f"for sale, the store's claim {store.index(site) + 1}" if in_store else "not for sale now"
    tip = f"claim site {site} ({C.CLAIMS[site].type}), {where}: click for the route"
    return (f'<circle class="{ring}" cx="{x:.1f}" cy="{y:.1f}" r="18"></circle>'
            f'<circle class="gr-site{" gr-site-selected" if site == selected else ""}" data-key="site:{site}" '
            f'cx="{x:.1f}" cy="{y:.1f}" r="{SITE_TARGET}">'
            f"<title>{html.escape(tip)}</title></circle>")


class SinceMarks:
    """What the board looked like when the person last acted, to mark what changed since: the
    miners and Papa Clayton who moved, the claims bought, the tiles turned."""

    def __init__(self, state) -> None:
        self.positions = {state.sheet(p)["colour"]: pos for p, pos in enumerate(state.positions)}
        self.clayton = state.clayton_position
        self.store = set(c for c in state.claim_store if c is not None)
        self.grid = state.mine.grid

    def overlay(self, state) -> str:
        """Dashed outlines, each with a tooltip saying what changed."""
        marks = []
        movers = [(state.sheet(p)["colour"], pos) for p, pos in enumerate(state.positions)]
        movers.append(("Papa Clayton", state.clayton_position))
        for name, pos in movers:
            before = self.clayton if name == "Papa Clayton" else self.positions.get(name)
            if before != pos:
                x, y = render_mine._position_xy(state.mine, pos)
                marks.append(_mark_circle(x + 14, y - 8, 17, f"{name} moved here since your last turn"))
        for claim in sorted(self.store - set(state.claim_store)):
            x, y = render_mine._site_xy(claim, render_mine.RIM * 0.5)
            marks.append(_mark_circle(x, y, 22, f"claim {claim} was taken from the store since your last turn"))
        for index, (old, new) in enumerate(zip(self.grid, state.mine.grid)):
            if old != new:
                cell = state.mine.cell_of(new.tile)
                marks.append(_cell_overlay(cell, "gr-changed", None,
                                           f"tile {new.tile} turned since your last turn"))
        return "".join(marks)


def _mark_circle(x: float, y: float, r: float, tip: str) -> str:
    return (f'<circle class="gr-changed" cx="{x:.1f}" cy="{y:.1f}" r="{r}">'
            f"<title>{html.escape(tip)}</title></circle>")


def _cell_overlay(cell: M.Cell, css: str, key: Optional[str], tip: str) -> str:
    x, y = render_mine._cell_origin(cell)
    data = f' data-key="{key}"' if key else ""
    return (f'<rect class="{css}"{data} x="{x + 4:.1f}" y="{y + 4:.1f}" width="{render_mine.TILE - 8}" '
            f'height="{render_mine.TILE - 8}" rx="8"><title>{html.escape(tip)}</title></rect>')


class GoldmineBoard(StaticForm, widgets.VBox):
    """A Goldmine Rumbles position as ``seat`` sees it: the mine (clickable), the Rumbles
    tiles, the claim store and every miner's sheet. ``update(state)`` redraws it.

    Saved (where widgets do not run), it shows the same: the mine's picture and the tables
    as HTML (``static_html``), never a bare ``GoldmineBoard(children=...)``.

    ``on_site(callback)`` hears clicks on claim sites, ``on_cell`` clicks on tiles offered
    as Dynamite targets (``update(..., blast_cells=...)``).
    """

    def __init__(self, state, seat: int = 0, *, show_store: bool = True):
        self.seat = seat
        self.mine_view = SvgView(caption="the mine")
        self.mine_view.add_class("gr-mine")
        self.track_view = widgets.HTML()
        self.track_view.add_class("gr-caption")
        self.store_view = widgets.HTML()
        self.players_view = widgets.HTML()
        self.players_view.add_class("gr-players")
        self._site_callbacks: list[Callable[[int], Any]] = []
        self._cell_callbacks: list[Callable[[M.Cell], Any]] = []
        self.mine_view.on_click(self._clicked)
        super().__init__([style_tag(GR_CSS), self.mine_view, self.track_view, self.store_view, self.players_view])
        self.add_class("gr-board")
        show(self.store_view, show_store)
        self.update(state)

    def static_html(self) -> str:
        """The board as it stands: the mine's SVG, the Rumbles tiles, the store and the sheets."""
        parts = [self.mine_view.svg, f"<div>{self.track_view.value}</div>"]
        if self.store_view.layout.display != "none":
            parts.append(self.store_view.value)
        parts.append(self.players_view.value)
        return f"<div class='gr-board-static' style='max-width:880px'>{''.join(parts)}</div>"

    def static_text(self) -> str:
        return f"[Goldmine Rumbles board, as seat {self.seat + 1} sees it: run the notebook to see it live]"

    def on_site(self, callback: Callable[[int], Any]) -> None:
        self._site_callbacks.append(callback)

    def on_cell(self, callback: Callable[[M.Cell], Any]) -> None:
        self._cell_callbacks.append(callback)

    def on_refused(self, callback: Callable[[str], Any]) -> None:
        self.mine_view.on_refused(callback)

    def click_site(self, site: int) -> None:
        self.mine_view.click(f"site:{site}")

    def click_cell(self, cell: M.Cell) -> None:
        self.mine_view.click(f"cell:{cell[0]}:{cell[1]}")

    def _clicked(self, key: str) -> None:
        kind, _, rest = key.partition(":")
        if kind == "site":
            for callback in list(self._site_callbacks):
                callback(int(rest))
        elif kind == "cell":
            row, col = rest.split(":")
            for callback in list(self._cell_callbacks):
                callback((int(row), int(col)))

    # ---- drawing -------------------------------------------------------------------------
    def update(self, state, *, route: Optional[M.Route] = None, selected_site: Optional[int] = None,
               blast_cells: Iterable[M.Cell] = (), selected_cell: Optional[M.Cell] = None,
               planned_blasts: Iterable[M.Cell] = (), since: Optional[SinceMarks] = None) -> None:
        """Redraw; ``since`` (the board when the person last acted) marks what changed since."""
        seen = state.view(self.seat)
        self._draw_mine(state, route, selected_site, tuple(blast_cells), selected_cell, tuple(planned_blasts),
                        since)
        assign(self.track_view, value=self._track_html(state, seen))
        assign(self.store_view, value=self._store_html(state))
        assign(self.players_view, value=self._players_html(state, seen))

    def _draw_mine(self, state, route, selected_site, blast_cells, selected_cell, planned_blasts, since) -> None:
        pawns = tuple((state.sheet(p)["colour"], pos) for p, pos in enumerate(state.positions))
        try:
            picture = _mine_picture(state.mine, pawns, state.clayton_position, route)
        except ValueError:  # a route the drawing cannot follow: show the mine without it
            picture = _mine_picture(state.mine, pawns, state.clayton_position, None)
        store = list(state.claim_store)
        overlay = [since.overlay(state)] if since is not None else []
        overlay += [_site_overlay(site, store, selected_site) for site in C.CLAIM_SITES]
        for cell in planned_blasts:
            overlay.append(_cell_overlay(cell, "gr-plan-blast", None, "the route blasts this tile"))
        keys = [f"site:{site}" for site in C.CLAIM_SITES]
        for cell in blast_cells:
            key = f"cell:{cell[0]}:{cell[1]}"
            css = "gr-blast-target" + (" gr-cell-selected" if cell == selected_cell else "")
            overlay.append(_cell_overlay(cell, css, key, "Dynamite may turn this tile: click, then choose the turn"))
            keys.append(key)
        end = picture.rindex("</svg>")
        self.mine_view.show(picture[:end] + "".join(overlay) + picture[end:], keys)

    def _track_html(self, state, seen: Mapping[str, Any]) -> str:
        shown = []
        for place, tile in enumerate(seen["track"], 1):
            if place <= len(state.rumbles_revealed):
                shown.append(f"<b>#{tile}</b>")
            elif tile is not None:
                shown.append(f"<i title='you peeked at it'>({tile})</i>")
            else:
                shown.append("?")
        return (f"<b>Phase {state.phase}</b> of {len(state.phase_cubes)}. Rumbles tiles: {' '.join(shown)}"
                f" &middot; Papa Clayton at {html.escape(describe(state.clayton_position))}")

    def _store_html(self, state) -> str:
        cells = []
        for slot, claim in enumerate(state.claim_store):
            if claim is None:
                cells.append("<td>empty</td>")
                continue
            info = C.CLAIMS[claim]
            rows = "<br>".join(", ".join(row) for row in info.rows)
            cells.append(f"<td><b>#{claim}</b> {info.type}, {C.STORE_PRICES[slot]}gn<br>"
                         f"<span class='gr-caption'>{html.escape(rows)}</span></td>")
        top = state.claim_pile_top
        return (f"<table><tr><th>Claim store</th>{''.join(cells)}</tr></table>"
                f"<span class='gr-caption'>pile: {'empty' if top is None else f'#{top} on top'}</span>")

    def _players_html(self, state, seen: Mapping[str, Any]) -> str:
        mover = state.current_player
        rows = []
        for p, sheet in enumerate(seen["players"]):
            fifty, track = R.track_position(sheet["gold"])
            gold = f"{sheet['gold']}gn" + (f" <span class='gr-caption'>({fifty}x50 + {track})</span>" if fifty else "")
            items = ", ".join(f"{n}\u00d7{item}" if n > 1 else item
                              for item, n in sorted(sheet["items"].items()) if n) or "no items"
            tokens = (f"injuries {sheet['injuries']}/{R.INJURY_LIMIT}, Bandages {sheet['bandages']}, "
                      f"Poison {sheet['poisons']}, Black Marks {sheet['black_marks']}")
            dash = sheet["dashboard"]
            if dash is None:
                board = "dashboard hidden"
            else:
                board = ", ".join(f"<span title='{html.escape(column_words(col, n))}'>{html.escape(col)} "
                                  f"<span class='gr-cubes'>{cubes_text(n, C.DASHBOARD_CAPACITY[col])}</span></span>"
                                  for col, n in dash.items())
            mission = ""
            if sheet["mission"] is not None:
                wanted = C.MISSIONS[sheet["mission"]]
                mission = ("<br>your mission: " + ", ".join(
                    f"<b>{html.escape(item)}</b>" if sheet["items"].get(item) else html.escape(item) for item in wanted))
            who = "you" if p == self.seat else ""
            character = C.CHARACTERS[sheet["character"]].name
            classes = " ".join(c for c, on in (("gr-me", p == self.seat), ("gr-to-move", p == mover)) if on)
            swatch = f"<span class='gr-swatch' style='background:{_pawn_fill(sheet['colour'])}'></span>"
            rows.append(f"<tr class='{classes}'><td>{swatch}{who} {html.escape(sheet['colour'])}<br>"
                        f"<span class='gr-caption'>{html.escape(character)}</span></td>"
                        f"<td class='gr-num'><b>{gold}</b></td><td>{html.escape(tokens)}<br>"
                        f"items: {html.escape(items)}{mission}<br>{board}</td></tr>")
        note = "Final gold: see the score table above." if state.is_over else GS.RUNNING_NOTE
        return f"<table>{''.join(rows)}</table><span class='gr-caption gr-gold-note'>{html.escape(note)}</span>"


def _pawn_fill(colour: str) -> str:
    from minegames.core import palette

    return palette.pawn_colour(colour)


# ---------------------------------------------------------------------------------------------
# reading the dice from the log (the engine notes every roll)
# ---------------------------------------------------------------------------------------------

_ALONE = re.compile(r"mines claim (\d+) alone and rolls (\d)")
_PAIR = re.compile(r"rolls (\d) and (\d) for the yield")
_HAZARD = re.compile(r"the hazard die shows (.+)$")
_DIGS = re.compile(r"^(.+) digs (\d+)gn$")


def fight_dice(text: str, names: Sequence[str]) -> Optional[list[int]]:
    """The dice of a fight-dice log line, in the order of ``names`` (None: not such a line)."""
    found = fight_dice_in(text)
    if not found or any(name not in found for name in names):
        return None
    return [found[name] for name in names]


class TableDice:
    """The last yield and hazard dice, and the current (or last) fight round by round: each
    round's dice as thrown, then, once the round is settled, the model's scores (die, every
    modifier, the score) and the injuries after it, read from the log."""

    def __init__(self) -> None:
        self.yield_dice: list[int] = []
        self.dug: list[str] = []
        self.hazard: str = ""
        self.fight: Optional[dict[str, Any]] = None  # sides, names, colours, rows, result

    def read(self, state, texts: Sequence[str], fight_before: Optional[Mapping[str, Any]], seat: int) -> None:
        """Take in the log lines one action wrote; ``fight_before`` is the fight as it stood before it
        (its ``sides``), None without a fight."""
        fight_now = state.fight_record
        for text in texts:
            alone, pair = _ALONE.search(text), _PAIR.search(text)
            if alone or pair:
                self.yield_dice = [int(alone.group(2))] if alone else [int(pair.group(1)), int(pair.group(2))]
                self.dug, self.hazard = [], ""
            if _DIGS.search(text):
                self.dug.append(text)
            hazard = _HAZARD.search(text)
            if hazard:
                self.hazard = hazard.group(1)
        source = fight_now if fight_now is not None else fight_before
        if source is None:
            return
        if self.fight is None or (fight_now is not None and fight_before is None):
            sides = list(source["sides"])
            self.fight = {"sides": sides, "names": [seat_name(state, s, seat) for s in sides],
                          "colours": [state._name(s) for s in sides], "rows": [], "result": []}
        rows = self.fight["rows"]
        for text in texts:
            dice = fight_dice(text, self.fight["colours"])
            scores = fight_scores_in(text)
            if dice is not None or scores is not None:
                if rows and rows[-1]["scores"] is None:  # thrown again, or now scored
                    rows.pop()
                if scores is not None:
                    by_name = {side.name: side for side in scores}
                    rows.append({"dice": [by_name[n].die if n in by_name else None for n in self.fight["colours"]],
                                 "scores": [by_name.get(n) for n in self.fight["colours"]]})
                else:
                    rows.append({"dice": dice, "scores": None})
            elif fight_now is None and re.search(r"beats|both reach|takes ", text):
                self.fight["result"].append(text)
        if fight_now is None:
            self.fight["over"] = True

    def dice_html(self) -> str:
        if not self.yield_dice:
            return "<span class='gr-caption'>No claim has been mined yet.</span>"
        parts = [f"Yield {'die' if len(self.yield_dice) == 1 else 'dice'}: {pips(self.yield_dice)}"]
        if self.dug:
            parts.append(html.escape("; ".join(self.dug)))
        parts.append("Hazard die: " + (f"<b>{html.escape(self.hazard)}</b>" if self.hazard else "not rolled yet"))
        return "<br>".join(parts)

    def fight_html(self) -> str:
        fight = self.fight
        if fight is None:
            return "<span class='gr-caption'>No fight yet.</span>"
        names = fight["names"]
        head = "".join(f"<th>{html.escape(n)}</th>" for n in names)
        rows = []
        for k, row in enumerate(fight["rows"], 1):
            cells = []
            for i, die in enumerate(row["dice"]):
                if die is None:  # out of the fight already
                    cells.append("<td></td>")
                    continue
                score = row["scores"][i] if row["scores"] else None
                if score is None:
                    cells.append(f"<td>{PIP_GLYPHS.get(die, die)} {die}<br>"
                                 "<span class='gr-caption'>not scored yet</span></td>")
                    continue
                terms = "".join(f" {value:+d} {html.escape(label)}" for value, label in score.terms)
                cells.append(f"<td>{PIP_GLYPHS.get(die, die)} {die}{terms} = <b>{score.total}</b><br>"
                             f"<span class='gr-caption'>{plural(score.injuries, 'injury', 'injuries')}</span></td>")
            rows.append(f"<tr><td>round {k}</td>{''.join(cells)}</tr>")
        result = "".join(f"<div>{html.escape(t)}</div>" for t in fight["result"])
        title = " against ".join(names)
        state = "over" if fight.get("over") else "under way"
        return (f"<div><b>{html.escape(title)}</b> ({state})</div><table class='gr-fight-rounds'>"
                f"<tr><th></th>{head}</tr>{''.join(rows)}</table>{result}")


# ---------------------------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------------------------


def _search_with_dynamite(key: tuple) -> Optional[M.Journey]:
    """The compass's search with every tile turn the seat can pay for (off the event loop in a live app)."""
    mine, here, goal, plans, turns, visited, jumped = key
    for _attempt in range(2):  # the journey memory may be cleared by a bot's search meanwhile
        try:
            return M.plan_journey(mine, here, goal, plans, turns, visited, jumped)
        except KeyError:
            continue
    return None


def _card(title: str, children: list[widgets.Widget], extra_class: str = "") -> widgets.VBox:
    return panel(title, children, "gr", extra_class)


def _row(children: list[widgets.Widget], css_class: str = "mg-row") -> widgets.HBox:
    return control_row(children, css_class)


def default_strength() -> str:
    bots = list(GAME.bots)
    return next((name for name in PREFERRED_STRENGTHS if name in bots), bots[0])


class GoldmineRumblesApp(PacedBots, SeatUndo, GameApp):
    """Play Goldmine Rumbles in seat ``seat`` against bots of ``bots`` strength (one name for
    every bot, or one per other seat in seat order); ``state`` plays on a given game instead."""

    prefix = "gr"
    log_lines = 12
    # the bots' pace (PacedBots): the dice and the fight panel show what the bots did, so their
    # moves stay off the status line; every log line of your move is shown; no turn limit
    bot_speeds = BOT_SPEEDS
    bot_turn_limit = None
    status_lines = None
    report_bot_moves = False

    def __init__(self, seed: Optional[int] = None, players: int = 4, long_game: bool = False, *,
                 seat: int = 0, bots: Union[str, Sequence[str], None] = None, live: bool = True,
                 bot_speed: str = "normal", defer_searches: Optional[bool] = None,
                 state: Optional[gr.GoldmineRumbles] = None, **options: Any):
        if state is None:
            state = gr.new_game(seed=seed, players=players, long_game=long_game, **options)
        elif options:
            raise TypeError("pass either a state or options for a new game, not both")
        self.take_seat(state, seat, live=live, seed=seed, bot_speed=bot_speed)
        #: run slow route searches after answering the click (live apps: on the event loop)
        self.defer_searches = live if defer_searches is None else defer_searches
        self.deferred: list[Callable[[], None]] = []
        self.strengths = self._strengths(bots, state.num_players)
        self.selected_site: Optional[int] = None
        self.selected_cell: Optional[M.Cell] = None
        self.dice = TableDice()
        self._deep: dict[tuple, Optional[M.Journey]] = {}
        self._searching: set[tuple] = set()
        self._choice_actions: list[Optional[Action]] = []
        self._error_moment: Optional[tuple] = None
        self._marks_key: Optional[tuple] = None
        self._marks: Optional[SinceMarks] = None
        self._build_widgets(state, bot_speed)
        super().__init__(state, new_game=self._fresh_game, load=gr.load)
        for choice, name in ((self.free_choice, "item action"), (self.more_choice, "choice")):
            guard(choice, self.refuse_input, name)
            keep_to_options(choice, self.refuse_input, name)
        for control, name in ((self.players_choice, "players"), (self.long_box, "long game"),
                              (self.strength_choice, "bot strength"), (self.seat_choice, "seat"),
                              (self.speed_choice, "bot speed")):
            guard(control, self.refuse_input, name)
        self._bots_next()

    # ---- seats and bots ----------------------------------------------------------------------
    def _strengths(self, bots, players: int) -> dict[int, str]:
        """Each bot seat's strength: one name for all, or one per other seat (the last one repeats)."""
        names = [default_strength()] if bots is None else [bots] if isinstance(bots, str) else list(bots)
        for name in names:
            if name not in GAME.bots:
                raise ValueError(f"bot strengths are {', '.join(GAME.bots)}, not {name!r}")
        self._strength_names = names
        others = [p for p in range(players) if p != self.seat]
        return {p: names[min(k, len(names) - 1)] for k, p in enumerate(others)}

    def _make_bots(self) -> None:
        self.bots = {p: GAME.bot(strength, p, self.bot_seed(p)) for p, strength in self.strengths.items()}

    def _fresh_game(self, seed: Optional[int]) -> gr.GoldmineRumbles:
        """A new game with the options chosen in the new-game row (players, long game, seat, bots)."""
        import dataclasses

        self._bot_seed = seed
        players = self.players_choice.value
        self.seat = min(self.seat_choice.value, players - 1)
        self.strengths = self._strengths(self.strength_choice.value, players)
        options = {**dataclasses.asdict(self.state.options), "players": players, "long_game": self.long_box.value}
        return gr.new_game(seed=seed, **options)

    # ---- applying ----------------------------------------------------------------------------
    def apply_action(self, action: Action) -> None:
        """Apply anybody's action (raises the model's error); note the dice it rolled."""
        state = self.state
        before = len(state.log)
        fight = state.fight_record
        fight_before = None if fight is None else {"sides": list(fight["sides"])}
        state.apply(action)
        texts = [text for _, text in state.log.entries[before:]]
        self.dice.read(state, texts, fight_before, self.seat)

    def person_refusal(self) -> Optional[str]:
        """A click while a bot decides is refused in words a player knows (the colour to move)."""
        state = self.state
        if state.is_over or self.persons_turn():
            return None
        return f"wait: it is {state.sheet(state.current_player)['colour']}'s move now, not yours (a bot is playing)"

    def _undo_span(self) -> tuple[int, Optional[str]]:
        """As :class:`SeatUndo`, but a refusal names no move the person never saw, only why."""
        count, refusal = super()._undo_span()
        if refusal is not None and "cannot be taken back" in refusal:
            refusal = ("a die was rolled, or a claim or Rumbles tile turned up, since your last choice: "
                       "what has been seen stands (Undo takes back choices, never chance)")
        return count, refusal

    def where_words(self, state=None) -> str:
        """"phase 2 of 3, your 4th turn": where the game stands, as players count it."""
        state = self.state if state is None else state
        colour = state.sheet(self.seat)["colour"]
        turns = sum(1 for _, text in state.log.entries if text == f"{colour}'s turn")
        mine = f", your {ordinal(turns)} turn" if turns else ""
        return f"phase {state.phase} of {len(state.phase_cubes)}{mine}"

    def _clear_stale_error(self) -> None:
        """An error stands only while the game is as it was when it was said."""
        moment = (id(self.state), len(self.state.history))
        if "mg-status-error" in self.status.value:
            if self._error_moment is None:
                self._error_moment = moment
            elif self._error_moment != moment:
                self.status.clear()
                self._error_moment = None
        else:
            self._error_moment = None

    def _since_marks(self) -> SinceMarks:
        """The board as the person last saw it act (taken when the log is at the mark)."""
        key = (id(self.state), self._since_mark)
        if self._marks_key != key and len(self.state.log) == self._since_mark:
            self._marks_key, self._marks = key, SinceMarks(self.state)
        return self._marks

    def after_person_acted(self, action: Action) -> None:
        if isinstance(action, (BuyClaim, AttackPapaClayton, AttackPlayer, EndTurn)):
            self.selected_site = None  # the way on show was for this turn's choice

    def done_words(self, action: Action) -> str:
        return str(action)  # an attack or a "no" writes no log line: "done: P1 attacks ..."

    def after_change(self) -> None:
        if self.state.decision is None or self.state.decision["kind"] != "travel":
            self.selected_cell = None

    def on_new_state(self) -> None:
        self._cancel_bots()
        players = self.state.num_players
        if self.seat >= players or len(self.strengths) != players - 1:  # a loaded game of another size
            self.seat = min(self.seat, players - 1)
            self.strengths = self._strengths(self._strength_names, players)
        self._make_bots()
        self.selected_site = self.selected_cell = None
        self._searching.clear()
        self.deferred.clear()
        self.dice = TableDice()
        self.board.seat = self.seat
        self._fit_options()

    # ---- undo (shared: SeatUndo): your last choice, with the bot moves after it --------------
    def action_words(self, action: Action) -> str:
        return short(action)

    # ---- building ----------------------------------------------------------------------------
    def _build_widgets(self, state, bot_speed: str) -> None:
        self.board = GoldmineBoard(state, self.seat, show_store=False)
        self.board.on_site(self.select_site)
        self.board.on_cell(self.select_cell)
        self.board.on_refused(self.refuse_input)

        self.decision_text = widgets.HTML()
        self.choice_buttons: list[widgets.Button] = []
        self.choices_row = _row([], "gr-choices")
        self.more_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="340px"))
        self.more_choice.add_class("gr-more-choice")
        self.more_button = self._button("Do it", "gr-more-do", self._more_clicked, "play the choice picked in the list")
        self.more_row = _row([self.more_choice, self.more_button])
        self.hint = widgets.HTML()
        self.hint.add_class("gr-hint")
        self.turn_buttons = {t: self._button(f"turn {t * 90}\u00b0", f"gr-blast-{t}", lambda t=t: self._blast(t),
                                             f"blast the chosen tile {plural(t, 'quarter turn')} clockwise") for t in (1, 2, 3)}
        self.blast_text = widgets.HTML()
        self.blast_row = _row([self.blast_text, *self.turn_buttons.values()])
        self.follow_button = self._button("Follow the route", "gr-follow", self._follow_clicked,
                                          "take the next step of the route shown on the mine")
        self.follow_button.button_style = "info"
        self.route_text = widgets.HTML()
        self.route_text.add_class("gr-hint")

        self.store_buttons = [self._button("", f"gr-store-slot gr-store-{slot}", lambda slot=slot: self._store_clicked(slot))
                              for slot in range(len(C.STORE_PRICES))]
        self.store_text = widgets.HTML()
        self.store_text.add_class("gr-caption")
        self.column_buttons = {col: self._button("", "gr-column", lambda col=col: self._column_clicked(col))
                               for col in C.DASHBOARD_COLUMNS}
        for k, button in enumerate(self.column_buttons.values()):
            button.add_class(f"gr-column-{k}")
        self.dashboard_text = widgets.HTML()
        self.dashboard_text.add_class("gr-caption")

        self.free_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="340px"))
        self.free_choice.add_class("gr-free-choice")
        self.free_button = self._button("Use", "gr-free-do", self._free_clicked, "do the item action picked in the list")
        self.free_text = widgets.HTML()
        self.free_text.add_class("gr-caption")

        self.dice_view = widgets.HTML()
        self.dice_view.add_class("gr-dice")
        self.fight_view = widgets.HTML()
        self.fight_view.add_class("gr-fight")

        bots = list(GAME.bots)
        self.players_choice = widgets.ToggleButtons(options=[("3 players", 3), ("4 players", 4)],
                                                    value=state.num_players, style={"button_width": "auto"})
        self.players_choice.add_class("gr-players-choice")
        # a toggle, not a checkbox: on a phone it is as large as the other buttons
        self.long_box = widgets.ToggleButton(value=state.options.long_game, description="long game",
                                             tooltip="the long game: more phases", layout=widgets.Layout(width="auto"))
        self.long_box.add_class("gr-long")
        strength = next(iter(set(self.strengths.values()))) if len(set(self.strengths.values())) == 1 else bots[0]
        self.strength_choice = widgets.Dropdown(options=bots, value=strength, description="bots",
                                                layout=widgets.Layout(width="200px"), style={"description_width": "36px"})
        self.strength_choice.add_class("gr-strength")
        self.strength_text = widgets.HTML(strength_note(strength))
        self.strength_text.add_class("gr-strength-note")
        self.strength_choice.observe(lambda change: assign(self.strength_text, value=strength_note(change["new"])),
                                     names="value")
        self.seat_choice = widgets.Dropdown(options=[(f"seat {p + 1}", p) for p in range(4)], value=self.seat,
                                            layout=widgets.Layout(width="100px"))
        self.speed_choice = self.speed_toggle(bot_speed, "gr-speed")

    def build(self) -> list[widgets.Widget]:
        self.decision_card = _card("Your decision", [self.decision_text, self.choices_row, self.more_row,
                                                     self.blast_row, self.hint], "gr-decision")
        self.route_card = _card("Route", [self.route_text, self.follow_button])
        self.store_card = _card("Claim store", [_row(self.store_buttons, "gr-store"), self.store_text])
        self.dashboard_card = _card("Your dashboard", [_row(list(self.column_buttons.values()), "gr-dashboard"),
                                                       self.dashboard_text])
        self.free_card = _card("Your items", [self.free_text, _row([self.free_choice, self.free_button])])
        self.dice_card = _card("Yield and hazard dice", [self.dice_view])
        self.fight_card = _card("Fight", [self.fight_view])
        # a grid (GR_CSS): the map left, the decision and the rest right; on a phone one column,
        # the decision right above the map and what the bots did below it
        self.decide_box = decide = widgets.VBox([self.decision_card, self.status])
        decide.add_class("gr-decide")
        left = widgets.VBox([self.board])
        left.add_class("gr-left")
        since = widgets.VBox([self.since_view])
        since.add_class("gr-since-col")
        self.side_cards = [self.route_card, self.store_card, self.dashboard_card, self.free_card, self.dice_card,
                           self.fight_card]
        self.right_box = right = widgets.VBox(list(self.side_cards))
        right.add_class("gr-right")
        main = widgets.Box([decide, left, since, right])
        main.add_class("gr-main")
        settings = _row([widgets.HTML("<b>New game:</b>"), self.players_choice, self.long_box, self.strength_choice,
                         self.seat_choice, self.strength_text])
        speed = _row([widgets.HTML("Bot speed:"), self.speed_choice])
        gold_note = widgets.HTML(GOLD_NOTE)
        gold_note.add_class("gr-caption")
        return [style_tag(BASE_CSS), style_tag(GR_CSS), self.title, gold_note, self.instruction, main, speed, settings,
                self.controls, self.log_view]

    def _fit_options(self) -> None:
        state = self.state
        assign(self.players_choice, value=state.num_players)
        assign(self.long_box, value=state.options.long_game)
        assign(self.seat_choice, value=self.seat)

    # ---- clicks ------------------------------------------------------------------------------
    def select_site(self, site: int) -> None:
        """A click on a claim site: show the way there (and its claim, if it is for sale)."""
        self.selected_site = None if self.selected_site == site else site
        self.refresh()

    def select_cell(self, cell: M.Cell) -> None:
        """A click on a tile Dynamite may turn: choose how far to turn it next."""
        self.selected_cell = None if self.selected_cell == cell else cell
        self.refresh()

    def _blast(self, turns: int) -> None:
        cell = self.selected_cell
        if cell is None:
            self.refuse_input("Dynamite: click a tile with a dashed outline on the mine first")
            return
        self.act(Blast(self.seat, cell[0], cell[1], turns))

    def _store_clicked(self, slot: int) -> None:
        self.act(BuyClaim(self.seat, slot))

    def _column_clicked(self, column: str) -> None:
        self.act(PlaceCube(self.seat, column))

    def _more_clicked(self) -> None:
        if self.more_choice.value is None:
            self.refuse_input("choose a move in the list first")
            return
        self.act(self.more_choice.value)

    def _free_clicked(self) -> None:
        if self.free_choice.value is None:
            self.refuse_input("choose an item action in the list first")
            return
        self.act(self.free_choice.value)

    def _follow_clicked(self) -> None:
        action = self._route_next
        if action is None:
            self.refuse_input("there is no route to follow now")
            return
        self.act(action)

    # ---- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        legal = self._legal_now()
        self._offers = {}
        journey = self._journey_shown()
        blast_cells = sorted({(a.row, a.col) for a in legal if isinstance(a, Blast)})
        if self.selected_cell not in blast_cells:
            self.selected_cell = None
        self._clear_stale_error()
        self.board.update(state, route=journey[0], selected_site=self._site_shown(),
                          blast_cells=blast_cells, selected_cell=self.selected_cell, planned_blasts=journey[1],
                          since=self._since_marks())
        self._refresh_decision(legal, blast_cells)
        self._refresh_route(legal, journey)
        self._refresh_store(legal)
        self._refresh_dashboard(legal)
        self._refresh_free(legal)
        assign(self.dice_view, value=self.dice.dice_html())
        assign(self.fight_view, value=self.dice.fight_html())
        show(self.fight_card, self.dice.fight is not None)
        self._place_cards()
        self.log_view.show_log(state.log, state.log_unit)
        self.sync_undo_button()
        # last, so that a page seeing the count change has every other part of this update
        moves = f'<span class="gr-moves" data-moves="{len(state.history)}"></span>'
        assign(self.instruction, value=self.instruction_text() + moves)

    def report_since(self, log_length: int, fallback: str) -> None:
        """The status line as the shared one says it, with the person's colour marked "(you)"."""
        super().report_since(log_length, fallback)
        if self.status.text:
            self.status.say(as_you(self.status.text, self._colour()), self.status.kind)

    def since_groups(self) -> list[tuple[str, list[str]]]:
        """The lines since the person's last turn, their colour marked "(you)" (the log stays neutral)."""
        colour = self._colour()
        return [(name, [as_you(line, colour) for line in lines]) for name, lines in super().since_groups()]

    def _colour(self) -> str:
        return self.state.sheet(self.seat)["colour"]

    def instruction_text(self) -> str:
        state = self.state
        if state.is_over:
            scores = state.scores()
            best = max(scores)
            ranking = ", ".join(f"{seat_name(state, p, self.seat)} {score}" for p, score in
                                sorted(enumerate(scores), key=lambda item: -item[1]))
            verdict = "You win!" if scores[self.seat] == best else "The game is over."
            names = [seat_name(state, p, self.seat) for p in range(state.num_players)]
            names = [name[:1].upper() + name[1:] for name in names]
            heads = [score_head(state, p, self.seat) for p in range(state.num_players)]
            card = ending_html(GS.ending(state, names), heads, "Missions and tokens revealed")
            return (f"<b>{verdict}</b> Final scores: {html.escape(ranking)}. Press <b>New game</b> to play again."
                    f"{card}")
        if self.persons_turn():
            return html.escape(state.prompt(self.seat)).replace("Your decision:", "<b>Your decision:</b>")
        text = html.escape(state.prompt())
        who = state.current_player
        pace = "" if self.live else " (bots move when asked)"
        return (f"{text} <span class='gr-caption'>{html.escape(state.sheet(who)['colour'])} "
                f"({self.strengths.get(who, '')} bot) is thinking{pace}</span>")

    def _site_shown(self) -> Optional[int]:
        goal = self.state.journey_goal() if self.persons_turn() else None
        if isinstance(goal, int):
            return goal
        return self.selected_site

    def _journey_shown(self) -> tuple[Optional[M.Route], tuple]:
        """The first walk and the blasts of the route on show (the journey under way, or the
        way to the claim site clicked)."""
        self._journey = None
        self._route_next = None
        state = self.state
        if state.is_over:
            return None, ()
        top = state.decision
        here = state.positions[self.seat]
        travelling = self.persons_turn() and top["kind"] == "travel"
        if travelling:
            goal = state.journey_goal()
        elif self.selected_site is not None and self.selected_site != here:
            goal = self.selected_site
        else:
            return None, ()
        owed = top["blasts"] if travelling else 0
        try:
            # mid-journey, the places already passed are not to be come back to (the engine refuses)
            trail = state.journey_trail() if travelling else (frozenset(), False)
            journey = self._plan(here, goal, state.dashboard(self.seat)[R.TUNNEL_PLANS],
                                 O.dynamite_budget(state, self.seat, owed=owed).searched, trail)
        except ValueError:
            return None, ()
        self._journey = journey
        if journey is None or not journey.plan:
            return None, ()
        first = journey.plan[0]
        route = first if isinstance(first, M.Route) else None
        blasts = tuple(step.cell for step in journey.plan if isinstance(step, M.Blast))
        if travelling:
            self._route_next = self._next_step(first)
        return route, blasts

    def _plan(self, here, goal, plans: int, turns: int,
              trail: tuple[frozenset, bool] = (frozenset(), False)) -> Optional[M.Journey]:
        """The compass's way to ``goal`` with up to ``turns`` tile turns (all the seat can pay for),
        avoiding the ``trail`` of a journey under way (places passed, a jump just made).
        A walk is found in milliseconds; a search through the ways Dynamite opens can take longer,
        so a live app runs it in a worker thread after answering the click, and shows the way
        when it is found."""
        mine = self.state.mine
        quick = M.plan_journey(mine, here, goal, plans, 0, *trail)
        if quick is not None or not turns:
            return quick
        key = (mine, here, goal, plans, turns, *trail)
        if key in self._deep:
            return self._deep[key]
        if not self.defer_searches:
            self._deep[key] = _search_with_dynamite(key)
            return self._deep[key]
        if key not in self._searching:
            self._searching.add(key)
            if self.live:  # in a worker thread: the kernel goes on answering clicks meanwhile
                from tornado.ioloop import IOLoop

                loop = IOLoop.current()
                loop.add_future(loop.run_in_executor(None, _search_with_dynamite, key),
                                lambda future: self._deep_found(key, future.result()))
            else:
                self.deferred.append(lambda: self._deep_found(key, _search_with_dynamite(key)))
        return None

    def _plan_or_wait(self, mine, here, goal, plans: int, turns: int) -> Optional[M.Journey]:
        """:meth:`_plan` for the hints (on the mine as it stands): raises :class:`StillSearching`
        while the way is searched in the background."""
        journey = self._plan(here, goal, plans, turns)
        if journey is None and (mine, here, goal, plans, turns, frozenset(), False) in self._searching:
            raise StillSearching(goal)
        return journey

    def run_deferred(self) -> int:
        """Run the work put off until after a click (a non-live app's route searches)."""
        done = 0
        while self.deferred:
            self.deferred.pop(0)()
            done += 1
        return done

    def _deep_found(self, key: tuple, journey: Optional[M.Journey]) -> None:
        if len(self._deep) > 200:
            self._deep.clear()
        self._deep[key] = journey
        self._searching.discard(key)
        self.refresh()

    def route_pending(self) -> bool:
        """Whether a search for a way with Dynamite is still running."""
        return bool(self._searching)

    def _next_step(self, first) -> Optional[Action]:
        if isinstance(first, M.Blast):
            return Blast(self.seat, first.cell[0], first.cell[1], first.turns)
        if len(self._journey.plan) == 1 and first.destination == self.state.journey_goal():
            walk = Travel(self.seat, position_key(first.destination))
            if self.state.is_legal(walk):
                return walk
        return Step(self.seat, position_key(first.path[1]))

    def card_for_decision(self) -> Optional[widgets.Widget]:
        """The card the person answers the decision on, when it is not the decision card itself: the
        dashboard (cubes to place) or the claim store (a turn's main action)."""
        if not self.persons_turn():
            return None
        kind, mode = self.state.decision["kind"], self.state.turn_record["mode"] if self.state.turn_record else None
        if kind == "place cubes":
            return self.dashboard_card
        return self.store_card if kind == "turn" and mode is None else None

    def _place_cards(self) -> None:
        """The card a decision is answered on stands right under the decision card, in both layouts
        (on a phone the rest come after the map, a screen away); once the game is over the cards for
        playing (route, store, items, dice, fight) go: the ending says it all."""
        near = self.card_for_decision()
        decide = (self.decision_card, *([near] if near is not None else []), self.status)
        if tuple(self.decide_box.children) != decide:
            self.decide_box.children = decide
        rest = tuple(card for card in self.side_cards if card is not near)
        if tuple(self.right_box.children) != rest:
            self.right_box.children = rest
        if self.state.is_over:
            for card in (self.route_card, self.store_card, self.free_card, self.dice_card, self.fight_card):
                show(card, False)
        else:
            for card in (self.store_card, self.free_card, self.dice_card):
                show(card, True)

    def _refresh_decision(self, legal: list[Action], blast_cells: list[M.Cell]) -> None:
        state = self.state
        mine = self.persons_turn()
        show(self.decision_card, mine)
        if not mine:
            return
        top = state.decision
        kind = top["kind"]
        handled = (PlaceCube, BuyClaim, Blast) + (FREE_TYPES if kind in ACTIVE_KINDS else ())
        answers = [a for a in legal if not isinstance(a, handled)]
        hints = Hints(state, self.seat, self._plan_or_wait)
        labelled = [(hints.label(a), a) for a in answers]
        if len(labelled) > MOST_BUTTONS:  # many answers go in a list; saying no stays a button
            buttons = [(label, a) for label, a in labelled if isinstance(a, NO_THANKS)]
            listed = [(label, a) for label, a in labelled if not isinstance(a, NO_THANKS)]
        else:
            buttons, listed = labelled, []
        while len(self.choice_buttons) < len(buttons):
            index = len(self.choice_buttons)
            self.choice_buttons.append(self._button("", f"gr-choice gr-choice-{index}",
                                                    lambda index=index: self._choice_clicked(index)))
        self._choice_actions = [a for _, a in buttons]
        for index, button in enumerate(self.choice_buttons):
            if index < len(buttons):
                label, action = buttons[index]
                self.arm_choice(button, action)   # first: the page holds it off before the words change
                assign(button, description=label, tooltip=hints.tooltip(action), disabled=False,
                       button_style=_style(action))
                self._offer(action, button.click)
        wanted = self.choice_buttons[:len(buttons)]
        if list(self.choices_row.children) != wanted:
            self.choices_row.children = wanted
        options = [(label, action) for label, action in listed]
        if list(self.more_choice.options) != options:
            self.more_choice.options = options
            self.more_choice.value = options[0][1] if options else None
        show(self.more_row, bool(listed))
        for label, action in listed:
            self._offer(action, lambda action=action: self._pick_and_press(self.more_choice, self.more_button, action))
        assign(self.decision_text, value=hints.decision_words(kind))
        assign(self.hint, value=hints.decision_hint(kind, answers))
        # Dynamite: a tile clicked on the mine, then a turn
        show(self.blast_row, bool(blast_cells))
        cell = self.selected_cell
        for turns, button in self.turn_buttons.items():
            action = None if cell is None else Blast(self.seat, cell[0], cell[1], turns)
            assign(button, disabled=action is None or action not in legal)
        assign(self.blast_text, value=("Dynamite: click a tile with a dashed outline on the mine" if cell is None else
                                       f"Dynamite on the tile at row {cell[0] + 1}, column {cell[1] + 1}:"))
        for action in legal:
            if isinstance(action, Blast):
                self._offer(action, lambda a=action: self._click_blast(a))

    def _click_blast(self, action: Blast) -> None:
        """A Dynamite blast as a person makes it: the tile on the mine, then the turn."""
        if self.selected_cell != (action.row, action.col):
            self.board.click_cell((action.row, action.col))
        self.turn_buttons[action.turns].click()

    def _pick_and_press(self, choice: widgets.Dropdown, button: widgets.Button, action: Action) -> None:
        choice.value = action
        button.click()

    def _refresh_route(self, legal: list[Action], journey: tuple) -> None:
        state = self.state
        text = RouteWords(state, self.seat, self._journey, self._site_shown(), bool(self._searching)).html()
        assign(self.route_text, value=text)
        show(self.route_card, bool(text))
        action = self._route_next
        usable = action is not None and action in legal
        show(self.follow_button, self.persons_turn() and state.decision["kind"] == "travel")
        short, why = (("", "") if usable else
                      ("buy Dynamite first", "the route starts with a blast: buy Dynamite in the items card first")
                      if isinstance(action, Blast) else ("no way found", "no way found from here") if action is None
                      else ("not open now", "the route's next step is not open now"))
        assign(self.follow_button, disabled=not usable, tooltip=why or "take the route's next step",
               description=f"Follow the route: {Hints(state, self.seat, self._plan_or_wait).label(action)}" if usable else
               f"Follow the route ({short})" if short else "Follow the route")
        if usable:
            self._offer(action, self.follow_button.click)

    def _refresh_store(self, legal: list[Action]) -> None:
        state = self.state
        buying = {a.slot for a in legal if isinstance(a, BuyClaim)}
        shares = state.dashboard(self.seat)[R.COMPANY_SHARES]
        for slot, button in enumerate(self.store_buttons):
            claim = state.claim_store[slot]
            if claim is None:
                assign(button, description="empty", disabled=True, tooltip="no claim on this square")
                continue
            info = C.CLAIMS[claim]
            price = R.claim_price(C.STORE_PRICES[slot], shares)
            rows = " / ".join(", ".join(row) for row in info.rows)
            assign(button, description=f"#{claim} {info.type} {price}gn", disabled=slot not in buying,
                   tooltip=f"claim {claim} ({info.type}), {price}gn for you; rows: {rows}")
            set_classes(button, {"gr-selected": claim == self.selected_site})
            if slot in buying:
                self._offer(BuyClaim(self.seat, slot), button.click)
        selected = self.selected_site
        if selected is not None and selected in state.claim_store:
            info = C.CLAIMS[selected]
            rows = "<br>".join(f"row {r + 1}: " + ", ".join(row) for r, row in enumerate(info.rows))
            text = (f"Claim #{selected} ({info.type}): {rows}<br>" + Hints(state, self.seat).claim_words(selected))
        else:
            text = "Click a claim site on the mine (gold rings: for sale) to see its route and its items."
        assign(self.store_text, value=text)

    def _refresh_dashboard(self, legal: list[Action]) -> None:
        state = self.state
        placing = {a.column for a in legal if isinstance(a, PlaceCube)}
        dash = state.dashboard(self.seat)
        for column, button in self.column_buttons.items():
            n, capacity = dash[column], C.DASHBOARD_CAPACITY[column]
            words = column_now_and_next(column, n)
            assign(button, description=f"{column} {cubes_text(n, capacity)} {words}",
                   disabled=column not in placing, tooltip=f"{column}: {R.DASHBOARD[column].meaning}; {words}")
            if column in placing:
                self._offer(PlaceCube(self.seat, column), button.click)
        top = state.decision
        if placing and top is not None:
            text = f"<b>Click a column to place a cube</b> ({top.get('count', 1)} to place). \u25a0 placed, \u25a1 free."
        else:
            text = "Each column: its cubes (\u25a0 placed, \u25a1 free), what it gives now and with more cubes."
        assign(self.dashboard_text, value=text)

    def _refresh_free(self, legal: list[Action]) -> None:
        state = self.state
        kind = state.decision["kind"] if self.persons_turn() else None
        free = [a for a in legal if isinstance(a, FREE_TYPES)] if kind in ACTIVE_KINDS else []
        options = [(short(a), a) for a in free]
        if list(self.free_choice.options) != options:
            current = self.free_choice.value
            self.free_choice.options = options
            self.free_choice.value = current if current in free else (free[0] if free else None)
        assign(self.free_button, disabled=not free)
        for action in free:
            self._offer(action, lambda action=action: self._pick_and_press(self.free_choice, self.free_button, action))
        held = state.items(self.seat)
        words = ", ".join(f"{n}\u00d7{i}" if n > 1 else i for i, n in sorted(held.items())) or "nothing"
        extra = (" Buy Essentials (1gn each, a Black Mark per purchase), use, sell three alike, or discard:"
                 if free else " (items are used while it is your turn)")
        assign(self.free_text, value=f"You carry {html.escape(words)} ({sum(held.values())} of {C.CARRY_LIMIT}).{extra}")

    # ---- driving from code (tests, notebooks) ------------------------------------------------
    def click_site(self, site: int) -> None:
        self.board.click_site(site)

    def click_store(self, slot: int) -> None:
        self.store_buttons[slot].click()

    def click_column(self, column: str) -> None:
        self.column_buttons[column].click()


def _style(action: Action) -> str:
    if isinstance(action, (AttackPapaClayton, AttackPlayer, FightClayton, FightRound)):
        return "danger"
    if isinstance(action, (MineAlone, RollYield, Travel, TakeItems, Bid, AcceptBid, ChooseDie)):
        return "success"
    if isinstance(action, (EndTurn, Decline, NoBid, RejectBids)):
        return ""
    return "info"


# ---------------------------------------------------------------------------------------------
# the words and exact numbers beside the buttons
# ---------------------------------------------------------------------------------------------


class StillSearching(Exception):
    """A way with Dynamite is being searched in the background: its number comes with the next refresh."""


class Hints:
    """Labels for the answers to a decision and the exact odds that go with them.

    ``plan`` searches a way (as :func:`.mine.plan_journey`); the app passes one that runs long
    searches in the background and raises :class:`StillSearching` until they are done."""

    def __init__(self, state, seat: int, plan: Optional[O.Planner] = None):
        self.state, self.seat = state, seat
        self.plan = M.plan_journey if plan is None else plan

    def name(self, p: int) -> str:
        return seat_name(self.state, p, self.seat)

    # ---- labels --------------------------------------------------------------------------
    def label(self, action: Optional[Action]) -> str:
        if action is None:
            return ""
        state = self.state
        kind = state.decision["kind"] if state.decision else ""
        if type(action) in FIXED_LABELS:
            return FIXED_LABELS[type(action)]
        if isinstance(action, (AttackPapaClayton, AttackPlayer)):
            try:
                return self._rob_label(action)
            except StillSearching:
                return f"Rob {self._target_name(action)} (looking for the way there…)"
        if isinstance(action, EndTurn):
            return "Give up the journey and end the turn" if kind == "travel" else "End the turn"
        if isinstance(action, MineAlone):
            claim = state.turn_record["claim"]
            return f"Mine alone (expect {float(expected_alone(state, self.seat, claim)):.1f}gn)"
        if isinstance(action, Travel):
            return f"Walk all the way to {describe(M.position_from_json(action.to))}"
        if isinstance(action, Step):
            return f"Step to {describe(M.position_from_json(action.to))}"
        if isinstance(action, Blast):
            return f"Dynamite: turn the tile at row {action.row + 1}, column {action.col + 1} by {action.turns * 90}\u00b0"
        if isinstance(action, Bid):
            try:
                return self._bid_label(action.square)
            except StillSearching:
                return f"Bid {action.square}gn on claim #{state.turn_record['claim']} (looking for the way there…)"
        if isinstance(action, AcceptBid):
            square = next(sq for sq, bidder in state.bid_board.items() if bidder == action.bidder)
            return f"Take {self.name(action.bidder)} for {square}gn ({gn(self.accept_value(action.bidder, square))})"
        if isinstance(action, ChooseDie):
            die = O.die_value(state, self.seat, state.decision["dice"][action.die])
            bible = "" if die.with_bible is None else f", {die.with_bible}gn with the Bible"
            return f"Take die {action.die + 1}: a {die.face}, {die.gold}gn{bible}"
        if isinstance(action, PayFee):
            return f"Pay Papa Clayton {min(state.decision['fee'], state.gold(self.seat))}gn"
        if isinstance(action, FightClayton):
            return f"Fight Papa Clayton (win {percent(clayton_odds(state, self.seat).win)})"
        if isinstance(action, Dismiss):
            which = {"own": "your die", "opponent": "their die"}.get(action.dice, "both dice")
            return f"Bible: throw {which} again"
        if isinstance(action, TakeItems):
            claim = state.decision["claim"]
            picked = [C.CLAIMS[claim].rows[action.row][s] for s in action.slots]
            return f"Row {action.row + 1}: " + ", ".join(self._item_words(item) for item in picked)
        if isinstance(action, ChooseItem):
            return f"Take {self._item_words(action.item)}"
        if isinstance(action, UseItem):
            return self._use_label(action.item, kind)
        if isinstance(action, Decline):
            return DECLINE_WORDS.get(kind, "No")
        if isinstance(action, Discard):
            return f"Discard {action.item}" + (" to make room" if kind == "spoils" else "")
        if isinstance(action, MoveCube):
            return f"Move a cube: {action.source} \u2192 {action.target}"
        if isinstance(action, AcceptRoute):
            return f"Follow {self.name(action.helper)}'s route"
        return short(action)

    def tooltip(self, action: Action) -> str:
        """The action, and for a bid or a robbery what its number counts and assumes."""
        offer = None
        try:
            if isinstance(action, Bid):
                offer = self.bid_offer(action.square)
            elif isinstance(action, (AttackPapaClayton, AttackPlayer)):
                offer = self.rob_offer(self._target(action))
        except StillSearching:
            return f"{action}; looking for the way there"
        if offer is None:
            return str(action)
        notes = [str(action)]
        if offer.reachable:
            notes.append(self._way_words(offer))
        else:
            notes.append(f"no way there with {offer.budget.words()}")
        if isinstance(offer, O.RobOffer) and offer.counted:
            notes.append("counted: their " + ", ".join(offer.counted))
        return "; ".join(notes + list(offer.assumed))

    @staticmethod
    def _target(action: Action) -> int:
        return CLAYTON if isinstance(action, AttackPapaClayton) else action.target

    def _target_name(self, action: Action) -> str:
        target = self._target(action)
        return "Papa Clayton" if target == CLAYTON else self.name(target)

    def _way_words(self, offer) -> str:
        journey = offer.journey
        if not journey.plan:
            return "you are there already"
        parts = [dynamite_words(offer.dynamite), hazard_words(offer.hazards)]
        return "the way there: " + (", ".join(p for p in parts if p) or "a plain walk")

    def rob_offer(self, target: int) -> O.RobOffer:
        return O.rob_offer(self.state, self.seat, target, self.plan)

    def bid_offer(self, square: int) -> O.BidOffer:
        return O.bid_offer(self.state, self.seat, square, self.plan)

    def _rob_label(self, action: Action) -> str:
        target = self._target(action)
        who = self._target_name(action)
        offer = self.rob_offer(target)
        if not offer.reachable:
            return (f"Rob {who}: you cannot reach {'him' if target == CLAYTON else 'them'} "
                    f"({offer.budget.no_way_words()})")
        notes = []
        if offer.hazards:
            notes.append(f"on arrival after {hazard_words(offer.hazards)}; {percent(offer.odds_here.win)} if there now")
        if offer.counted:
            notes.append("their " + ", ".join(offer.counted) + " counted")
        if offer.dynamite.used:
            notes.append(dynamite_words(offer.dynamite))
        extra = f", {'; '.join(notes)}" if notes else ""
        return f"Rob {who} (win {percent(offer.odds.win)}{extra})"

    def _bid_label(self, square: int) -> str:
        offer = self.bid_offer(square)
        if not offer.reachable:
            return (f"Bid {square}gn on claim #{offer.claim}: you cannot reach it "
                    f"({offer.budget.no_way_words()})")
        needs = f", needs {offer.dynamite.used} Dynamite" if offer.dynamite.used else ""  # the tooltip says more
        return f"Bid {square}gn on claim #{offer.claim} ({gn(offer.value)} expected{needs})"

    def _item_words(self, item: str) -> str:
        """An item's name, starred when it is on your mission and you do not hold one yet."""
        wanted = item in self.state.mission(self.seat) and not self.state.items(self.seat)[item]
        return f"{item} \u2605" if wanted else item

    def _use_label(self, item: str, kind: str) -> str:
        if kind == "rat":
            return "Feed the rat Bread"
        if kind == "snake":
            return "Shoot the snake with the Blunderbuss (backfires on a 6)"
        if kind == "bible":
            return "Use the Bible on the die"
        if kind == "arm":
            return "Arm with the Blunderbuss (+4 all fight)"
        if kind == "chippawa":
            return "Chew the Chippawa Leaf (+3 this round)"
        return f"Use {item}"

    # ---- numbers -------------------------------------------------------------------------
    def _my_spec(self) -> dict[str, Any]:
        turn = self.state.turn_record
        return miner_at_claim(self.state, self.seat, turn["claim"])

    def bid_value(self, square: int) -> Optional[Fraction]:
        """The bid's expected gain, the way to the claim counted (None: the claim is out of reach)."""
        return self.bid_offer(square).value

    def accept_value(self, bidder: int, square: int) -> Fraction:
        state = self.state
        claim = state.turn_record["claim"]
        return A.partner_value(square, self._my_spec(), miner_at_claim(state, bidder, claim),
                               state.options.partner_dice).owner

    def claim_words(self, claim: int) -> str:
        state = self.state
        cost, chance = hazard_numbers(state, self.seat)
        return (f"Mining it alone: expect <b>{float(expected_alone(state, self.seat, claim)):.2f}gn</b> from the yield die; "
                f"the hazard die then costs you <b>{float(cost):.2f}gn</b> on average "
                f"(something {percent(chance)} of the time).")

    def fight_now(self) -> str:
        """The chance to win the fight under way, for your side, from the injuries now."""
        state = self.state
        fight = state.fight_record
        if fight is None or self.seat not in fight["sides"]:
            return ""
        sides = list(fight["sides"])
        injuries = [min(R.INJURY_LIMIT - 1, fight["clayton_injuries"] if s == CLAYTON else state.sheet(s)["injuries"])
                    for s in sides]
        bonuses = [state.fight_bonus(s) for s in sides]
        me = sides.index(self.seat)
        if len(sides) == 2:
            other = 1 - me
            odds = O.fight_now_odds(state, self.seat)
            return (f"Chance to win this fight from here: <b>{percent(odds.win)}</b> (lose {percent(odds.lose)}, "
                    f"both down {percent(odds.both_lose)}); bonuses {bonuses[me]:+d} against {bonuses[other]:+d}.")
        joint = A.papa_clayton_pair(bonuses[:-1], injuries[:-1], injuries[-1], bonuses[-1])
        win = sum(chance for ends, chance in joint.items() if ends[me] == R.WIN)
        return f"Chance that you win this fight (two miners share a die against Papa Clayton): <b>{percent(win)}</b>."

    def decision_words(self, kind: str) -> str:
        state = self.state
        top = state.decision
        if kind == "place cubes":
            return f"Place {plural(top['count'], 'cube')}: click a column of your dashboard below."
        if kind == "turn" and state.turn_record["mode"] is None:
            return ("Buy a claim in the store (click a claim site on the mine to see the way there first), "
                    "set off to rob someone, or end the turn.")
        if kind == "travel":
            return ("Travelling to " + html.escape(describe(state.journey_goal())) + ". Follow the route, step by step, "
                    "or blast a tile with Dynamite (click a dashed tile, then a turn).")
        if kind == "items":
            return f"Take two items from a row of claim {top['claim']}; cube slots become dashboard cubes."
        return html.escape(decision_sentence(state.prompt(self.seat)))

    def decision_hint(self, kind: str, answers: list[Action]) -> str:
        state = self.state
        top = state.decision
        parts: list[str] = []
        fight = self.fight_now()
        if kind == "turn":
            turn = state.turn_record
            if turn["mode"] in ("at claim", "invited"):
                claim = turn["claim"]
                spec = self._my_spec()
                alone = expected_alone(state, self.seat, claim)
                joint = A.partnered_yield_distribution(spec, {"bonus": 0, "penalty": 0, "bible": False},
                                                       state.options.partner_dice)
                paired = A.expected_value(A.marginal(joint, 0))
                cost, chance = hazard_numbers(state, self.seat)
                parts.append(f"Expected yield alone: <b>{float(alone):.2f}gn</b>; with a partner: "
                             f"<b>{float(paired):.2f}gn</b> plus the bid they pay you.")
                parts.append(f"Expected cost of the hazard die afterwards: <b>{float(cost):.2f}gn</b> "
                             f"(it costs something {percent(chance)} of the time).")
            elif turn["mode"] is None:
                parts.append("Beside each robbery: your exact chance to win it once you get there, the rats and "
                             "snakes on the way, your items and the ones they hold counted.")
        elif kind == "bids":
            try:
                first = self.bid_offer(min(a.square for a in answers if isinstance(a, Bid)))
                parts.append(f"Claim #{first.claim}: " + (self._way_words(first) if first.reachable else
                             f"<b>you cannot reach it</b>: {first.budget.no_way_words()} ({first.budget.words()})") + ".")
            except (StillSearching, ValueError):  # still searching, or no bid to make
                pass
            parts.append("Beside each bid: your expected yield as partner less the bid and the way there (2gn a "
                         "token it brings, Dynamite bought); the hazard die and the claim's items not counted.")
        elif kind == "accept":
            parts.append("Beside each bid: what it adds to you, the yield you then expect plus the bid, "
                         "less mining alone.")
        elif kind == "choose die":
            parts.append(f"The dice: {pips(top['dice'])}")
        elif kind == "bible":
            spec = self._my_spec()
            plain = R.miner_yield(top["die"], spec["bonus"], spec["penalty"])
            holy = R.miner_yield(top["die"], spec["bonus"], spec["penalty"], True, spec["bible_faces"])
            parts.append(f"The die shows {top['die']}: {plain}gn as it is, <b>{holy}gn</b> with the Bible.")
        elif kind == "clayton":
            odds = clayton_odds(state, self.seat)
            parts.append(f"Fee: {top['fee']}gn. Fighting him: win <b>{percent(odds.win)}</b>, lose {percent(odds.lose)} "
                         f"(he fights with +{R.PAPA_CLAYTON_BONUS}; winning brings his reward and an item).")
        elif kind in ("rat", "snake"):
            parts.append(f"A Poison token costs {R.END_TOKEN_COST}gn at the end and -1 on every roll until cured.")
            if kind == "snake":
                parts.append(f"The Blunderbuss backfires on a 6 (chance {percent(Fraction(1, 6))}): "
                             f"{R.BACKFIRE_INJURIES} injuries.")
        elif kind == "arm":
            fight_state = state.fight_record
            sides = list(fight_state["sides"])
            me = sides.index(self.seat)
            if len(sides) == 2:
                other = sides[1 - me]
                theirs = state.fight_bonus(other)
                colt = weapon_bonus(state, self.seat, self.seat, False)
                inj = min(state.sheet(self.seat)["injuries"], R.INJURY_LIMIT - 1)
                opp = min(R.INJURY_LIMIT - 1, fight_state["clayton_injuries"] if other == CLAYTON
                          else state.sheet(other)["injuries"])
                armed = A.fight_odds(R.BLUNDERBUSS_BONUS - state.penalty(self.seat), theirs, inj, opp)
                plain = A.fight_odds(colt, theirs, inj, opp)
                parts.append(f"Chance to win: <b>{percent(armed.win)}</b> armed, {percent(plain.win)} with the Colt 45.")
            fight = ""
        elif kind == "chippawa":
            parts.append(self._leaf_words())
        elif kind in ("items", "spoils"):
            held = sum(self.state.items(self.seat).values())
            parts.append(f"\u2605 an item of your mission you do not hold yet (each one found raises the mission "
                         f"bonus at the end). You carry {held} of {C.CARRY_LIMIT} items.")
        elif kind == "wind down":
            sheet = state.sheet(self.seat)
            parts.append(f"You have {plural(sheet['injuries'], 'injury', 'injuries')}, "
                         f"{plural(sheet['bandages'], 'Bandage')}, "
                         f"{plural(sheet['poisons'], 'Poison token')}, "
                         f"{plural(sheet['black_marks'], 'Black Mark')}.")
        if fight:
            parts.append(fight)
        return "<br>".join(parts)

    def _leaf_words(self) -> str:
        state = self.state
        fight = state.fight_record
        sides = list(fight["sides"])
        if fight["dice"] is None or len(sides) != 2:
            return ""
        me = sides.index(self.seat)
        other = 1 - me
        dice = fight["dice"]
        mine, theirs = state.fight_bonus(self.seat), state.fight_bonus(sides[other])
        plain = (R.fight_total(dice[me], mine), R.fight_total(dice[other], theirs))
        leaf = (plain[0] + R.CHIPPAWA_BONUS, plain[1])

        def outcome(totals):
            hurt_me, hurt_them = R.round_injuries(*totals)
            return f"{totals[0]} against {totals[1]}: you take {hurt_me}, they take {hurt_them}"
        return (f"Dice on the table: {pips([dice[me]])} for you, {pips([dice[other]])} for them.<br>"
                f"Without the leaf {outcome(plain)}; with it <b>{outcome(leaf)}</b>.")


#: Answers that read the same whatever the position.
FIXED_LABELS = {
    InviteBids: "Invite bids for a partner", RollYield: "Roll the yield dice", NoBid: "Pass (no bid)",
    RejectBids: "Refuse every bid (mine alone)", FightRound: "Roll the fight round",
    OfferRoute: "Offer a route (1gn from the bank)",
}
DECLINE_WORDS = {
    "rat": "Take a Poison", "snake": "Take a Poison", "bible": "Keep the die as it is", "wind down": "No remedy now",
    "chippawa": "Keep the leaf", "dismiss": "Keep the dice", "arm": "Fight with the Colt 45",
    "pipe": "Put the Pipe away", "spoils": "Take nothing", "partner items": "Done with the items",
    "route accept": "Go on alone", "route offer": "Do not offer a route", "travel": "Give up (the owner mines alone)",
}


class RouteWords:
    """The route on show in words: walks, rats and snakes, blasts and the Dynamite they take."""

    def __init__(self, state, seat: int, journey: Optional[M.Journey], site: Optional[int], searching: bool = False):
        self.state, self.seat, self.journey, self.site, self.searching = state, seat, journey, site, searching

    def html(self) -> str:
        state, journey = self.state, self.journey
        if state.is_over:
            return ""
        travelling = state.current_player == self.seat and state.decision["kind"] == "travel"
        if self.site is None and not travelling:
            return ""
        goal = describe(state.journey_goal()) if travelling else f"claim site {self.site}"
        here = state.positions[self.seat]
        if not travelling and here == self.site:
            return f"You stand at {goal}."
        if journey is None and self.searching:
            return f"Looking for a way to {html.escape(goal)} with Dynamite…"
        if journey is None:
            owed = state.decision["blasts"] if travelling else 0
            budget = O.dynamite_budget(state, self.seat, owed=owed)
            return (f"No way to {html.escape(goal)} from where you stand: {html.escape(budget.no_way_words())} "
                    f"(you can pay for {html.escape(budget.words())}).")
        steps, hazards = [], []
        for k, part in enumerate(journey.plan, 1):
            if isinstance(part, M.Blast):
                steps.append(f"{k}. blast the tile at row {part.cell[0] + 1}, column {part.cell[1] + 1} "
                             f"a {part.turns * 90}\u00b0 turn")
            else:
                found = [kind for _, kind in part.hazards]
                hazards += found
                extra = f" past {', '.join(found)}" if found else ""
                steps.append(f"{k}. walk {len(part.steps)} step{'s' if len(part.steps) != 1 else ''}{extra}")
        blasts = journey.blasts
        sheet = state.sheet(self.seat)
        per = R.column_effect(R.EXPLOSIVES_MANUALS, sheet["dashboard"][R.EXPLOSIVES_MANUALS])
        owed = state.decision["blasts"] if travelling else 0
        dynamite = max(0, -(-(blasts - owed) // per))
        held = state.items(self.seat)["Dynamite"]
        need = (f"needs <b>{dynamite} Dynamite</b> (you hold {held}; one turns {per} tile{'s' if per > 1 else ''})"
                if dynamite else "needs no Dynamite")
        if dynamite > held:
            need += "; buy Dynamite from Frank Clayton (1gn and a Black Mark) in the items card"
        rats = (f"{len(hazards)} rat/snake tunnel{'s' if len(hazards) != 1 else ''}: each poisons unless fed Bread "
                "or shot" if hazards else "no rats or snakes")
        return (f"Way to <b>{html.escape(goal)}</b> ({need}; {rats}):<br>" + "<br>".join(steps))
