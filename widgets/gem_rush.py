"""The Gem Rush front end: a whole game in the browser, against bots or with them.

Two parts:

* :class:`GemMineView` draws the mine as it grows. It is two pictures laid one on the other:
  the mine itself (``render.mine_svg``, redrawn only when a room is built or moved) and a
  light layer on top with the dwarves, the rooms and doors that can be clicked, the chance
  to pay each door within reach, and the door or square picked. A lesson can embed it and
  call ``update(state, seat)``.
* :class:`GemRushApp` plays: you hold one seat, bots the others (Rush against them, Crisis
  with them; one player is solo Crisis). The app holds no rules. It asks the model what is
  legal (``state.legal_actions()``), offers every legal action through some control (see
  :meth:`GemRushApp.offered`) and applies the one you pick; a refusal shows the model's rule.
  What you see comes from ``state.view(seat)``: in Rush the other hands stay hidden.

Building: pick cards in your hand (they rise), then click a door into empty space (a dashed
square beyond it). Click a door first to see what it costs, your exact chance to pay it with
one more card, and whether the cards picked pay it and which of their gems go to waste.

Bots move one action at a time on the kernel's event loop, ``bot_delay_ms`` apart, so a
person can follow them; ``live=False`` leaves them to :meth:`GemRushApp.run_bots` (tests,
notebooks). Undo takes back your own last choice and the bot moves after it, as long as
none of them turned up a card or a room tile.

>>> app = GemRushApp(seed=3, players=3, live=False)      # doctest: +SKIP
>>> app.run_bots(); sorted(map(str, app.offered()))      # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import html
import re
from functools import lru_cache
from typing import Any, Callable, Mapping, Optional, Sequence

import ipywidgets as widgets

from minegames import GAMES
from minegames import gem_rush
from minegames.core import Action, GameLog, MinegamesError
from minegames.core.words import plural
from minegames.gem_rush import app_support as S
from minegames.gem_rush import components as C
from minegames.gem_rush import mine as M
from minegames.gem_rush import planner, render, skills
from minegames.gem_rush import scoring as GS
from minegames.gem_rush.actions import (
    Build, Burn, CartWhistle, ChooseSkill, ChooseX, Discard, DrawCard, EndGame, EndMovement, Keep, MoveRoom, NameGem,
    Place, PlayOn, Ride, Scavenge, Step, SwapPlaces, UseRoom, Warp, WarpBuild, DECK, UNSEEN,
)
from minegames.gem_rush.gems import ALL_GEMS, GEM_COLOURS, GEM_NAMES, WARPSTONE
from minegames.gem_rush.options import CRISIS_TIERS, SKILL_VARIANTS, rush_target

from .board import SvgView
from .endings import ending_html
from .components import (BASE_CSS, GameApp, HintSteps, PacedBots, SeatUndo, assign, control_row, guard, keep_to_options,
                         panel, percent, set_classes, show, style_tag)
from .components import BOT_SPEEDS, BotStuck  # noqa: F401 (named here too, as before they moved to components)

GAME = GAMES["gem_rush"]
SIDE_NAMES = M.SIDE_NAMES
#: The whole mine is drawn at most this wide (px, always) and this high (px, down to SMALLEST_SCALE px
#: per unit; a taller mine scrolls), at most LARGEST_SCALE;
#: the close-up view draws it at ``CLOSE_SCALE`` at least, in a box that scrolls.
MINE_WIDTH, MINE_HEIGHT = 620, 640
SMALLEST_SCALE, LARGEST_SCALE, CLOSE_SCALE = 0.55, 1.0, 1.0
#: Text drawn smaller than this (px) is left out of the mine (room names, points: in the tooltips).
MIN_TEXT_PX = 11
#: A clickable door is at least this deep (px) as drawn: a finger's width on a phone.
TOUCH_PX = 42
#: The close-up shows the rooms up to this many squares from your dwarf (it follows the dwarf).
CLOSE_REACH = 2
ZOOMS = {"whole mine": "fit", "close-up": "close"}
#: At most this many ways to pay are offered as buttons for the door picked.
PAYMENT_BUTTONS = 4
SKILL_WORDS = {"normal": "one skill each", "choice": "choose 1 of 2 skills", "shared": "one skill for all",
               "chaos": "Chaos Magic (trade skills)", "magic_circle": "Magic Circle (skills between seats)",
               "none": "no skills"}

GEM_CSS = """
.gem-app .gem-main { gap: 14px; align-items: flex-start; flex-flow: row wrap; }
.gem-app .gem-left { flex: 1 1 620px; min-width: 340px; max-width: 640px; gap: 6px; }
.gem-app .gem-right { flex: 1 1 380px; min-width: 320px; max-width: 520px; gap: 8px; }
.gem-app .gem-card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 10px; background: #fff; }
.gem-app .gem-card-title { font-size: 12px; font-weight: 600; color: #5d4037;
  text-transform: uppercase; letter-spacing: .04em; }
.gem-app .gem-decision { border-color: #b08d3c; background: #fffaf0; }
.gem-app .gem-caption { font-size: 12px; color: #555; line-height: 1.35; }
.gem-app .gem-hint { font-size: 13px; line-height: 1.45; }
.gem-app .gem-hint b { color: #1b5e20; }
.gem-app .gem-choices { flex-flow: row wrap; gap: 4px; }
.gem-app .gem-choice { min-width: 64px; }
.gem-app .gem-ok { color: #1b5e20; font-weight: 600; }
.gem-app .gem-bad { color: #b00020; font-weight: 600; }
.gem-app table.gem-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.gem-app table.gem-table td, .gem-app table.gem-table th { padding: 2px 5px; border-bottom: 1px solid #eee;
  text-align: left; vertical-align: top; }
.gem-app table.gem-table td.gem-num { text-align: right; font-weight: 600; }
.gem-app .gem-me { background: #fff8e1; }
.gem-app .gem-to-move td:first-child { font-weight: 700; }
.gem-app .gem-swatch { display: inline-block; width: 11px; height: 11px; border-radius: 50%;
  border: 1px solid #0008; margin-right: 4px; vertical-align: -1px; }
.gem-app .gem-clock { font-size: 13px; }
.gem-app .gem-bar { display: inline-block; height: 8px; background: #e0c341; border-radius: 3px; vertical-align: 0; }
.gem-app .gem-bar-back { display: inline-block; width: 120px; height: 8px; background: #eee; border-radius: 3px; }
.gem-mine-scroll { max-height: 680px; overflow: auto; border-radius: 8px; }
.gem-mine-stack { position: relative; overflow: visible; }
.gem-mine-stack { width: max-content; flex-shrink: 0; }
.gem-mine-stack .sv-box svg { max-width: none; }
.gem-app .gem-key { font-size: 12px; color: #444; line-height: 1.6; }
.gem-app .gem-key-item { white-space: nowrap; margin-right: 8px; }
@media (max-width: 600px) {
  /* one column: the decision and the door card come right after the mine they decide on */
  .gem-app .gem-main { flex-direction: column; flex-wrap: nowrap; align-items: stretch; }
  .gem-app .gem-left, .gem-app .gem-right { display: contents !important; }
  .gem-app .gem-main > * > * { order: 20; max-width: 100%; }
  .gem-app .gem-main .gem-mine { order: 1; }
  .gem-app .gem-main .gem-zoom-row { order: 2; }
  .gem-app .gem-main .gem-decision { order: 3; }
  .gem-app .gem-main .gem-door-panel { order: 4; }
  .gem-app .gem-main .gem-hand-card { order: 5; }
  .gem-app .gem-main .mg-status { order: 6; }
  .gem-app .gem-main .gem-since { order: 7; }
  .gem-app .gem-main .gem-key { order: 8; }
}
.gem-mine-stack .gem-overlay { position: absolute; top: 0; left: 0; right: 0; pointer-events: none; }
.gem-mine-stack .gem-overlay svg { pointer-events: none; }
.gem-mine-stack .gem-overlay [data-key] { pointer-events: all; }
.gem-target { fill: #1565c0; fill-opacity: 0; stroke: #1565c0; stroke-opacity: 0; stroke-width: 4; }
.gem-target:hover { fill-opacity: 0.10; stroke-opacity: 1; }
.gem-door { fill: #ffffff; fill-opacity: 0.01; stroke: #1565c0; stroke-width: 3; stroke-dasharray: 6 4; }
.gem-door:hover { fill: #1565c0; fill-opacity: 0.15; }
.gem-door-far { stroke: #9e9e9e; stroke-opacity: 0.7; }
.gem-door-pays { stroke: #2e7d32; stroke-width: 4; stroke-dasharray: none; }
.gem-door-selected { stroke: #ff8f00; stroke-width: 6; stroke-dasharray: none; fill: #ff8f00; fill-opacity: 0.18; }
.gem-step { fill: #1565c0; fill-opacity: 0.01; stroke: #1565c0; stroke-width: 3; }
.gem-step:hover { fill-opacity: 0.2; }
.gem-space { fill: #7b1fa2; fill-opacity: 0.08; stroke: #7b1fa2; stroke-width: 3; stroke-dasharray: 8 5; }
.gem-space:hover { fill-opacity: 0.25; }
.gem-hand-cards [data-key], .gem-revealed [data-key], .gem-team-hands [data-key] { cursor: pointer; }
"""


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------


def card_words(card: int) -> str:
    gems = " + ".join(GEM_NAMES[g] for g in C.GEM_CARDS[card].gems)
    return f"#{card} {gems}"


def cards_words(cards: Sequence[int]) -> str:
    return ", ".join(card_words(c) for c in cards) or "no cards"


def gem_list(gems: Sequence[str]) -> str:
    return ", ".join(GEM_NAMES.get(g, g) for g in gems)


def room_name(state, pos) -> str:
    return C.ROOM_BY_ID[state.mine[tuple(pos)][0]].name


def offset_words(here, there) -> str:
    """Where ``there`` lies from ``here`` in rooms, e.g. "2 rooms east and 1 north of you"."""
    dx, dy = there[0] - here[0], there[1] - here[1]
    parts = [f"{abs(d)} room{'s' if abs(d) != 1 else ''} {name}" for d, name in
             ((dy, "north" if M.STEP[0][1] * dy > 0 else "south"), (dx, "east" if M.STEP[1][0] * dx > 0 else "west"))
             if d]
    return (" and ".join(parts) + " of you") if parts else "where you stand"


def door_words(state, pos, side: int) -> str:
    return f"the {SIDE_NAMES[side]} door of {room_name(state, pos)}"


def _points(points: int) -> str:
    return f"{points} point{'s' if points != 1 else ''}"


def _asked_words(asked: Mapping[str, int]) -> str:
    """How often the open doors ask for each gem, most first ("Fire Ruby 5, Obsidian 4")."""
    ranked = sorted(((g, n) for g, n in asked.items() if n), key=lambda item: (-item[1], ALL_GEMS.index(item[0])))
    return ", ".join(f"{GEM_NAMES[g]} {n}" for g, n in ranked) or "none"


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


def _decimal(value) -> str:
    """An exact count (a Fraction) to two decimals, for a button too small for words."""
    return f"{float(value):.2f}"


def _cards_expected(value) -> str:
    """An exact expected count in words: whole numbers as they are, the rest rounded, with "about"."""
    if getattr(value, "denominator", None) == 1:
        return plural(value.numerator, "card")
    shown = f"{float(value):.2f}"
    if shown.endswith(".00"):  # near a whole number: "about 1 card", not "about 1.00 cards"
        return f"about {plural(int(float(shown)), 'card')}"
    return f"about {shown} cards"


def cost_words(door) -> str:
    cost = S.standard_gems_short(sorted(door.cost, key=ALL_GEMS.index))
    return f"{cost} ({door.points} point{'s' if door.points != 1 else ''})"


def seat_label(p: int, seat: int) -> str:
    """A seat as the log and the prompts name it: "you", or "player 2"."""
    return "you" if p == seat else f"player {p + 1}"


def skill_line(skill_id: str) -> str:
    skill = C.SKILL_BY_ID.get(skill_id)
    if skill is None:
        return html.escape(skill_id)
    return f"<b>{html.escape(skill.name)}</b>: {html.escape(skill.text)}"


def swatch(gem: str) -> str:
    return f"<span class='gem-swatch' style='background:{GEM_COLOURS.get(gem, '#bbb')}'></span>"


# ---------------------------------------------------------------------------------------------
# the mine, with what can be clicked on it
# ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _base_picture(mine_items: tuple, extra: tuple, scale: float, empties: Optional[tuple] = None) -> str:
    """The mine without its gem codes (the key under it names the colours); text too small to
    read at ``scale`` left out. ``empties``: the bare squares to draw (None: every one)."""
    return render.mine_svg(dict(mine_items), highlight=list(extra) or None, scale=scale, title="the mine",
                           empties=True if empties is None else list(empties), letters=False,
                           min_text=MIN_TEXT_PX)


def close_window(mine_map: Mapping, extra: Sequence, here: tuple, reach: int = CLOSE_REACH,
                 wanted: Sequence[tuple] = ()):
    """The part of the mine the close-up shows: the squares within ``reach`` of ``here`` (your
    dwarf), widened to take in every square in ``wanted`` (what may be clicked now: a ride's far
    room stays in view), with the rooms and empty squares inside, and the frame they are drawn in."""
    corners = [(x, y) for x in (here[0] - reach, here[0] + reach) for y in (here[1] - reach, here[1] + reach)]
    min_x, min_y, max_x, max_y = M.bounds(corners + [tuple(pos) for pos in wanted])
    inside = lambda pos: min_x <= pos[0] <= max_x and min_y <= pos[1] <= max_y  # noqa: E731
    rooms = {pos: tile for pos, tile in mine_map.items() if inside(pos)}
    marks = tuple(pos for pos in extra if inside(pos))
    empties = {landing.pos for landing in M.frontier(mine_map).values()} | set(marks)
    empties = tuple(sorted(pos for pos in empties if inside(pos) and pos not in mine_map))
    min_x, min_y, max_x, max_y = M.bounds(list(rooms) + list(empties) + [here] + [tuple(p) for p in wanted])
    frame = S.Layout(min_x, min_y, (max_x - min_x + 1) * render.TILE + 2 * render.MARGIN,
                     (max_y - min_y + 1) * render.TILE + 2 * render.MARGIN)
    return rooms, marks, empties, frame


def fit_scale(width: float, height: float) -> float:
    """The whole mine's scale: always within MINE_WIDTH (never cut off at the right), within
    MINE_HEIGHT down to SMALLEST_SCALE (a taller mine scrolls down in its box instead)."""
    return min(LARGEST_SCALE, MINE_WIDTH / width, max(SMALLEST_SCALE, MINE_HEIGHT / height))


def frame_holds(frame: S.Layout) -> Callable[[tuple], bool]:
    """Whether a square lies inside the part of the mine ``frame`` draws."""
    columns = round((frame.width - 2 * render.MARGIN) / render.TILE)
    rows = round((frame.height - 2 * render.MARGIN) / render.TILE)
    return lambda pos: (frame.min_x <= pos[0] < frame.min_x + columns and frame.min_y <= pos[1] < frame.min_y + rows)


def gem_key_html() -> str:
    """The key to the gem colours drawn on the mine: each gem's swatch and full name."""
    items = "".join(f"<span class='gem-key-item'>{swatch(g)}{html.escape(GEM_NAMES[g])}</span>" for g in ALL_GEMS)
    return f"<div class='gem-key'><b>Gems:</b> {items} <span class='gem-key-item'>(diamonds: special gems)</span></div>"


@dataclasses.dataclass(frozen=True)
class DoorMark:
    """A door drawn clickable on the mine: its CSS class, tooltip and the note outside it."""
    css: str
    tip: str
    note: str = ""


class GemMineView(widgets.VBox):
    """The mine as ``seat`` sees it: the rooms (doors show their cost and points), the dwarves,
    and on top whatever may be clicked (rooms, doors, empty squares), each under a key:
    ``room:x:y``, ``door:x:y:side``, ``space:x:y``. ``on_room``, ``on_door``, ``on_space``
    hear the clicks; ``click_room`` etc. click from code (refused when not clickable now)."""

    def __init__(self, state=None, seat: int = 0):
        self.seat = seat
        self.base = SvgView(caption="the mine")
        self.base.add_class("gem-mine-base")
        self.overlay = SvgView(caption="what can be clicked on the mine")
        self.overlay.add_class("gem-overlay")
        stack = self.stack = widgets.Box([self.base, self.overlay])
        stack.add_class("gem-mine-stack")
        scroll = widgets.Box([stack])
        scroll.add_class("gem-mine-scroll")
        scroll.add_class("sv-scroll")
        self.caption = widgets.HTML()
        self.caption.add_class("gem-caption")
        self._room_callbacks: list[Callable[[tuple], Any]] = []
        self._door_callbacks: list[Callable[[tuple, int], Any]] = []
        self._space_callbacks: list[Callable[[tuple], Any]] = []
        self.overlay.on_click(self._clicked)
        super().__init__([scroll, self.caption])
        self.add_class("gem-mine")
        if state is not None:
            self.update(state, seat)

    # ---- clicks ------------------------------------------------------------------------
    def on_room(self, callback: Callable[[tuple], Any]) -> None:
        self._room_callbacks.append(callback)

    def on_door(self, callback: Callable[[tuple, int], Any]) -> None:
        self._door_callbacks.append(callback)

    def on_space(self, callback: Callable[[tuple], Any]) -> None:
        self._space_callbacks.append(callback)

    def on_refused(self, callback: Callable[[str], Any]) -> None:
        self.overlay.on_refused(callback)

    def click_room(self, pos) -> None:
        self.overlay.click(f"room:{pos[0]}:{pos[1]}")

    def click_door(self, pos, side: int) -> None:
        self.overlay.click(f"door:{pos[0]}:{pos[1]}:{side}")

    def click_space(self, pos) -> None:
        self.overlay.click(f"space:{pos[0]}:{pos[1]}")

    def _clicked(self, key: str) -> None:
        kind, *rest = key.split(":")
        numbers = tuple(int(v) for v in rest)
        if kind == "room":
            for callback in list(self._room_callbacks):
                callback(numbers[:2])
        elif kind == "door":
            for callback in list(self._door_callbacks):
                callback(numbers[:2], numbers[2])
        elif kind == "space":
            for callback in list(self._space_callbacks):
                callback(numbers[:2])

    # ---- drawing -----------------------------------------------------------------------
    def update(self, state, seat: Optional[int] = None, *, rooms: Mapping[tuple, str] = {},
               doors: Mapping[tuple, DoorMark] = {}, spaces: Mapping[tuple, str] = {},
               steps: Mapping[int, str] = {}, pending: Optional[tuple] = None, plan: Optional[tuple] = None,
               caption: str = "", zoom: str = "fit", fresh: Sequence[tuple] = ()) -> None:
        """Redraw. ``rooms``: {pos: tooltip} clickable rooms; ``doors``: {(pos, side): DoorMark};
        ``steps``: {side: tooltip} doors of the seat's own room that lead into built rooms;
        ``spaces``: {pos: tooltip} clickable empty squares; ``pending``: the square a new room is
        about to fill; ``plan``: the door the hint suggests, (pos, side). ``zoom``: ``"fit"``
        draws the whole mine in the box, ``"close"`` draws the rooms around your dwarf larger (the
        view follows the dwarf). ``fresh``: rooms built since your last turn, outlined."""
        if seat is not None:
            self.seat = seat
        mine_map = state.mine
        extra = tuple(sorted(set(spaces) | ({tuple(pending)} if pending else set())))
        if zoom == "close":
            wanted = sorted(set(rooms) | set(spaces) | set(extra) | {pos for pos, _side in doors} |
                            {M.neighbour(*door) for door in doors})
            shown, extra, empties, frame = close_window(mine_map, extra, tuple(state.players[self.seat]["pos"]),
                                                        wanted=wanted)
            scale = CLOSE_SCALE
        else:
            shown, empties, frame = mine_map, None, S.layout(mine_map, extra)
            scale = fit_scale(frame.width, frame.height)
        scale = round(scale, 2)
        set_classes(self.stack, {"gem-mine-close": zoom == "close", "gem-mine-fit": zoom != "close"})
        self.base.show(_base_picture(tuple(sorted(shown.items())), extra, scale, empties))
        self._ink = max(1.0, 0.75 / scale)  # notes and dwarves stay readable when the mine is small
        self._scale = scale
        inside = frame_holds(frame)
        rooms = {p: v for p, v in rooms.items() if inside(p)}
        spaces = {p: v for p, v in spaces.items() if inside(p)}
        doors = {k: v for k, v in doors.items() if inside(k[0]) and inside(M.neighbour(*k))}
        plan = plan if plan is not None and inside(plan[0]) else None
        parts: list[str] = []
        keys: list[str] = []
        t = render.TILE
        here = tuple(state.players[self.seat]["pos"])
        mover = state.current_player
        # the room of the player to move, and your own
        for pos, colour, width, css in ((tuple(state.players[mover]["pos"]) if mover is not None else None,
                                         "#90a4ae", 3, ""), (here, render.HIGHLIGHT, 5, ' class="sv-focus"')):
            if pos is None:
                continue
            ox, oy = frame.origin(pos)
            parts.append(f'<rect{css} x="{ox + 3}" y="{oy + 3}" width="{t - 6}" height="{t - 6}" rx="10" fill="none" '
                         f'stroke="{colour}" stroke-width="{width}"/>')
        for pos in sorted(p for p in fresh if inside(p)):
            ox, oy = frame.origin(pos)
            parts.append(f'<rect class="gem-fresh" x="{ox + 9}" y="{oy + 9}" width="{t - 18}" height="{t - 18}" '
                         f'rx="8" fill="none" stroke="#7b1fa2" stroke-width="{4 * self._ink:.1f}" '
                         f'stroke-dasharray="{10 * self._ink:.0f} {5 * self._ink:.0f}">'
                         '<title>built since your last turn</title></rect>')
        for pos, tip in sorted(rooms.items()):
            ox, oy = frame.origin(pos)
            key = f"room:{pos[0]}:{pos[1]}"
            keys.append(key)
            parts.append(f'<rect class="gem-target" data-key="{key}" x="{ox + 6}" y="{oy + 6}" width="{t - 12}" '
                         f'height="{t - 12}" rx="10"><title>{html.escape(tip)}</title></rect>')
        for pos, tip in sorted(spaces.items()):
            ox, oy = frame.origin(pos)
            key = f"space:{pos[0]}:{pos[1]}"
            keys.append(key)
            parts.append(f'<rect class="gem-space" data-key="{key}" x="{ox + 10}" y="{oy + 10}" width="{t - 20}" '
                         f'height="{t - 20}" rx="10"><title>{html.escape(tip)}</title></rect>')
        if pending:
            ox, oy = frame.origin(tuple(pending))
            parts.append(f'<rect x="{ox + 4}" y="{oy + 4}" width="{t - 8}" height="{t - 8}" rx="10" fill="#ff8f00" '
                         f'fill-opacity="0.25" stroke="#ff8f00" stroke-width="5"><title>the new room goes here'
                         f'</title></rect>')
        parts += self._dwarves(state, frame, inside)
        for side, tip in sorted(steps.items()):
            key = f"door:{here[0]}:{here[1]}:{side}"
            keys.append(key)
            parts.append(self._door_shape(frame, here, side, "gem-step", key, tip, "", self._ink, scale))
        if plan is not None:
            pos, side = plan
            x, y = frame.edge(pos, side, 0, -8)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="40" fill="none" stroke="#2e7d32" stroke-width="4" '
                         f'stroke-dasharray="4 6"><title>the hint\'s door</title></circle>')
        for (pos, side), mark in sorted(doors.items()):
            key = f"door:{pos[0]}:{pos[1]}:{side}"
            keys.append(key)
            parts.append(self._door_shape(frame, pos, side, mark.css, key, mark.tip, mark.note, self._ink, scale))
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {frame.width:g} {frame.height:g}" '
                f'width="{frame.width * scale:g}" height="{frame.height * scale:g}">')
        self.overlay.show(head + "".join(parts) + "</svg>", keys)
        assign(self.caption, value=caption)

    @staticmethod
    def _door_shape(frame: S.Layout, pos, side: int, css: str, key: str, tip: str, note: str, ink: float,
                    scale: float = 1.0) -> str:
        """A clickable band across a door's opening, reaching into the square beyond, with a note."""
        # at least TOUCH_PX deep as drawn (a finger's width), reaching into the room up to 30 units
        depth = max(50.0, TOUCH_PX / scale)
        inside = min(30.0, max(8.0, depth / 2))
        span, outside = render.TILE - 2 * render.STUB - 10, depth - inside
        a = frame.edge(pos, side, -span / 2, inside)
        b = frame.edge(pos, side, span / 2, -outside)
        x, y = min(a[0], b[0]), min(a[1], b[1])
        w, h = abs(a[0] - b[0]), abs(a[1] - b[1])
        shape = (f'<rect class="{css}" x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="6"/>')
        label = ""
        if note:
            size = 16 * ink
            cx, cy = frame.edge(pos, side, 0, -22)
            width = 0.58 * size * len(note) + 10 * ink
            label = (f'<rect x="{cx - width / 2:.1f}" y="{cy - 0.75 * size:.1f}" width="{width:.1f}" '
                     f'height="{1.5 * size:.1f}" rx="6" fill="white" stroke="#555" stroke-width="{1.2 * ink:.1f}" '
                     f'opacity="0.95"/><text x="{cx:.1f}" y="{cy + 0.36 * size:.1f}" font-size="{size:.1f}" '
                     f'font-weight="bold" text-anchor="middle" fill="#111">{html.escape(note)}</text>')
        return f'<g data-key="{key}"><title>{html.escape(tip)}</title>{shape}{label}</g>'

    def _dwarves(self, state, frame: S.Layout, inside: Callable[[tuple], bool]) -> list[str]:
        here: dict[tuple, list[int]] = {}
        for p, player in enumerate(state.players):
            if inside(tuple(player["pos"])):
                here.setdefault(tuple(player["pos"]), []).append(p)
        parts = []
        # the label ("you", or the player's number) is drawn at least MIN_TEXT_PX high, the dot sized to hold it
        r = max(13 * min(self._ink, 1.4), MIN_TEXT_PX / self._scale / 0.85)
        for pos, players in here.items():
            ox, oy = frame.origin(pos)
            for i, p in enumerate(players):
                cx = ox + render.TILE / 2 + (i - (len(players) - 1) / 2) * (2 * r + 1)
                cy = oy + render.TILE * 0.66
                gem = state.players[p]["colour"]
                fill = GEM_COLOURS.get(gem, "#bbbbbb")
                ink = render._ink_on(fill)
                ring = render.HIGHLIGHT if p == self.seat else "#111111"
                who = "you" if p == self.seat else f"player {p + 1}"
                parts.append(f'<g><title>{html.escape(who)} ({GEM_NAMES.get(gem, gem)} dwarf)</title>'
                             f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{r:.1f}" fill="{fill}" stroke="{ring}" '
                             f'stroke-width="{(4 if p == self.seat else 2) * r / 13:.1f}"/>'
                             f'<text x="{cx:.1f}" y="{cy + 0.3 * r:.1f}" font-size="{0.85 * r:.1f}" font-weight="bold" '
                             f'text-anchor="middle" fill="{ink}">{"you" if p == self.seat else p + 1}</text></g>')
        return parts


# ---------------------------------------------------------------------------------------------
# card rows
# ---------------------------------------------------------------------------------------------


def _keyed_cards(card_ids: Sequence[int], selected: Sequence[int], key: Optional[Callable[[int], str]],
                 tip: Callable[[int], str] = lambda c: "", scale: float = 0.85) -> tuple[str, list[str]]:
    """A row of cards (``render.cards_svg``) with a clickable band over each card."""
    picture = render.cards_svg(card_ids, selected=selected, scale=scale)
    if key is None or not card_ids:
        return picture, []
    bands, keys = [], []
    for i, card in enumerate(card_ids):
        x = render.CARD_GAP + i * (render.CARD_W + render.CARD_GAP)
        k = key(card)
        keys.append(k)
        bands.append(f'<rect data-key="{k}" x="{x}" y="2" width="{render.CARD_W}" '
                     f'height="{render.CARD_H + 2 * render.CARD_GAP - 4}" fill="#000" fill-opacity="0">'
                     f"<title>{html.escape(tip(card))}</title></rect>")
    end = picture.rindex("</svg>")
    return picture[:end] + "".join(bands) + picture[end:], keys


# ---------------------------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------------------------


def _card(title: str, children: list, extra_class: str = "") -> widgets.VBox:
    return panel(title, children, "gem", extra_class)


def _row(children: list, css_class: str = "mg-row") -> widgets.HBox:
    return control_row(children, css_class)


def default_strength(mode: str) -> str:
    """The first strength the registry offers for ``mode`` (Crisis: the team player; Rush: greedy)."""
    return GAME.strengths(mode)[0]


class GemRushApp(PacedBots, SeatUndo, GameApp):
    """Play Gem Rush in seat ``seat``; bots of strength ``bots`` take the other seats. ``mode``
    is ``"rush"`` (against the bots) or ``"crisis"`` (with them; one player plays solo Crisis).
    Other keywords are the model's options (``target``, ``skills``...); ``state`` plays on a
    given game instead."""

    prefix = "gem"
    log_lines = 14

    def __init__(self, seed: Optional[int] = None, players: int = 2, mode: str = "rush", *, seat: int = 0,
                 bots: Optional[str] = None, live: bool = True, bot_speed: str = "normal",
                 state: Optional[gem_rush.GemRush] = None, **options: Any):
        if state is None:
            if players == 1:
                mode = "crisis"
            state = gem_rush.new_game(seed=seed, players=players, mode=mode, **options)
        elif options:
            raise TypeError("pass either a state or options for a new game, not both")
        self.take_seat(state, seat, live=live, seed=seed, bot_speed=bot_speed)
        self.strength = self.checked_strength(bots or default_strength(state.options.mode), GAME,
                                              state.options.mode)
        self.chosen: list[tuple[int, int]] = []      # (player, card) picked, in click order
        self.door: Optional[tuple] = None            # (pos, side) picked on the mine
        self._hand_mode = ""
        self._choice_actions: list[Optional[Action]] = []
        self._payment_actions: list[Optional[tuple]] = []
        self._room_moves: dict[tuple, Action] = {}
        self._build_widgets(state, bot_speed)
        super().__init__(state, new_game=self._fresh_game, load=gem_rush.load, title="Gem Rush")
        for choice, name in ((self.more_choice, "other move"),):
            guard(choice, self.refuse_input, name)
            keep_to_options(choice, self.refuse_input, name)
        for control, name in ((self.mode_choice, "mode"), (self.players_choice, "players"),
                              (self.strength_choice, "bot strength"), (self.target_choice, "target"),
                              (self.skills_choice, "skills"), (self.speed_choice, "bot speed"),
                              (self.zoom_choice, "mine view")):
            guard(control, self.refuse_input, name)
        self._bots_next()

    # ---- seats and bots ----------------------------------------------------------------------
    def _make_bots(self) -> None:
        self.bots = {p: GAME.bot(self.strength, p, self.bot_seed(p)) for p in range(self.state.num_players)
                     if p != self.seat}
        self.adviser = GAME.bot("team" if self.state.options.mode == "crisis" else "greedy", self.seat, 0)

    def _fresh_game(self, seed: Optional[int]) -> gem_rush.GemRush:
        """A new game with the options chosen in the New game panel."""
        self._bot_seed = seed
        mode = self.mode_choice.value
        players = self.players_choice.value
        if players == 1:
            mode = "crisis"
        self.strength = self.strength_choice.value
        return gem_rush.new_game(seed=seed, players=players, mode=mode, target=self.target_choice.value,
                                 skills=self.skills_choice.value)

    def bot_turn(self) -> int:
        return self.state.turns_taken

    # ---- applying ----------------------------------------------------------------------------
    def after_person_acted(self, action: Action) -> None:
        if isinstance(action, (Build, WarpBuild)):
            self.door = None

    def after_change(self) -> None:
        state = self.state
        held = {(p, c) for p, player in enumerate(state.players) for c in player["hand"]}
        self.chosen = [pick for pick in self.chosen if pick in held]
        if self.door is not None:
            pos, side = self.door
            if (pos, side) not in M.frontier(state.mine):
                self.door = None

    def on_new_state(self) -> None:
        self._cancel_bots()
        if self.seat >= self.state.num_players:
            self.seat = 0
        if self.strength not in GAME.strengths(self.state.options.mode):  # e.g. a loaded Crisis game
            self.strength = default_strength(self.state.options.mode)
        self._make_bots()
        self.chosen, self.door, self._hand_mode = [], None, ""
        self.hint_steps.reset()
        self.mine_view.seat = self.seat
        self._fit_options()

    # ---- the log as the person reads it: "you" for their seat (the model's log stays neutral) ----
    def person_log(self) -> GameLog:
        return GameLog([(n, S.line_for_seat(text, self.seat)) for n, text in self.state.log.entries])

    def person_prompt(self) -> str:
        """The model's prompt as the person reads it: "Discard 2 cards ..." for their own seat."""
        prompt = self.state.prompt()
        mine = f"Player {self.seat + 1}: "
        if prompt.startswith(mine):
            rest = prompt[len(mine):]
            return rest[:1].upper() + rest[1:]
        return S.line_for_seat(prompt, self.seat)

    def since_groups(self) -> list[tuple[str, list[str]]]:
        return [(name, [S.line_for_seat(text, self.seat) for text in lines]) for name, lines in super().since_groups()]

    def report_since(self, log_length: int, fallback: str) -> None:
        super().report_since(log_length, fallback)
        if self.status.kind == "ok":
            self.status.say(S.line_for_seat(self.status.text, self.seat), "ok")

    # ---- undo (shared: SeatUndo): your last choice, with the bot moves after it --------------
    def actor(self, index: int) -> int:
        return self.state.actor(index)

    # ---- building the widgets ----------------------------------------------------------------
    def _build_widgets(self, state, bot_speed: str) -> None:
        self.mine_view = GemMineView(seat=self.seat)
        self.mine_view.on_room(self.click_room)
        self.mine_view.on_door(self.click_door)
        self.mine_view.on_space(self.click_space)
        self.mine_view.on_refused(self.refuse_input)

        self.hand_view = SvgView(caption="your hand")
        self.hand_view.add_class("gem-hand-cards")
        self.hand_view.on_click(self._hand_clicked)
        self.hand_view.on_refused(self.refuse_input)
        self.hand_text = widgets.HTML()
        self.hand_text.add_class("gem-caption")
        self.discard_button = self._button("Discard the chosen cards", "gem-discard", self._discard_clicked)
        self.burn_button = self._button("Burn the chosen cards", "gem-burn-chosen", self._burn_chosen_clicked)
        self.clear_button = self._button("Clear the choice", "gem-clear", self.clear_choice)
        self.skills_view = widgets.HTML()
        self.skills_view.add_class("gem-caption")

        self.decision_text = widgets.HTML()
        self.choice_buttons: list[widgets.Button] = []
        self.choices_row = _row([], "gem-choices")
        self.place_view = SvgView(caption="the ways to turn the new room")
        self.place_view.add_class("gem-place")
        self.place_view.on_click(self._place_clicked)
        self.place_view.on_refused(self.refuse_input)
        self.revealed_view = SvgView(caption="the cards face up")
        self.revealed_view.add_class("gem-revealed")
        self.revealed_view.on_click(self._revealed_clicked)
        self.revealed_view.on_refused(self.refuse_input)
        self.burn_all_button = self._button("Burn the top cards of the deck", "gem-burn-all", self._burn_all_clicked)
        self.burn_all_button.button_style = "danger"
        self._burn_all = 0
        self.more_choice = widgets.Dropdown(options=[], layout=widgets.Layout(width="330px"))
        self.more_choice.add_class("gem-more-choice")
        self.more_button = self._button("Do it", "gem-more-do", self._more_clicked)
        self.more_row = _row([widgets.HTML("<span class='gem-caption'>Other moves:</span>"), self.more_choice,
                              self.more_button])

        self.door_text = widgets.HTML()
        self.build_button = self._button("Build", "gem-build", self._build_clicked)
        self.build_button.button_style = "success"
        self.payment_buttons: list[widgets.Button] = [
            self._button("", f"gem-pay gem-pay-{k}", lambda k=k: self._payment_clicked(k))
            for k in range(PAYMENT_BUTTONS)]
        self.hint = widgets.HTML()
        self.hint.add_class("gem-hint")
        self.hint_steps = HintSteps()
        self._hint_shown: tuple = (None, 0, "", None)   # (key, stage, text, door to mark)
        self.hint_button = self._button("Hint", "gem-hint-button", self._hint_clicked,
                                        tooltip="first what to weigh, then (press again) the move")
        self.table_view = widgets.HTML()
        self.team_view = SvgView(caption="the team's hands")
        self.team_view.add_class("gem-team-hands")
        self.team_view.on_click(self._team_clicked)
        self.team_view.on_refused(self.refuse_input)

        modes = [("Rush", "rush"), ("Crisis", "crisis")]
        self.mode_choice = widgets.ToggleButtons(options=modes, value=state.options.mode,
                                                 style={"button_width": "auto"},
                                                 tooltips=["race the bots to the target",
                                                           "play with the bots as a team against the burning deck"])
        self.mode_choice.add_class("gem-mode")
        self.players_choice = widgets.Dropdown(options=self._player_options(state.options.mode),
                                               value=state.num_players, description="players",
                                               layout=widgets.Layout(width="150px"),
                                               style={"description_width": "52px"})
        self.players_choice.add_class("gem-players")
        self.strength_choice = widgets.Dropdown(options=list(GAME.strengths(state.options.mode)), value=self.strength,
                                                description="bots",
                                                layout=widgets.Layout(width="150px"),
                                                style={"description_width": "36px"})
        self.strength_choice.add_class("gem-strength")
        self.target_choice = widgets.Dropdown(options=self._target_options(state.options.mode, state.num_players),
                                              value=state.options.target, description="target",
                                              layout=widgets.Layout(width="230px"), style={"description_width": "44px"})
        self.target_choice.add_class("gem-target-choice")
        self.skills_choice = widgets.Dropdown(options=[(SKILL_WORDS[v], v) for v in SKILL_VARIANTS],
                                              value=state.options.skills, description="skills",
                                              layout=widgets.Layout(width="300px"), style={"description_width": "40px"})
        self.skills_choice.add_class("gem-skills-choice")
        self.mode_choice.observe(lambda _c: self._panel_changed(), names="value")
        self.players_choice.observe(lambda _c: self._panel_changed(), names="value")
        self.zoom_choice = widgets.ToggleButtons(options=list(ZOOMS.items()), value="fit",
                                                 style={"button_width": "auto"},
                                                 tooltips=["the whole mine in the box", "larger rooms; scroll the box"])
        self.zoom_choice.add_class("gem-zoom")
        self.zoom_choice.observe(lambda _c: self.refresh(), names="value")
        self.speed_choice = self.speed_toggle(bot_speed, "gem-speed")

    @staticmethod
    def _player_options(mode: str) -> list:
        low = 1 if mode == "crisis" else 2
        return [(f"{n} (solo)" if n == 1 else str(n), n) for n in range(low, 8)]

    @staticmethod
    def _target_options(mode: str, players: int) -> list:
        if mode == "crisis":
            return [("none: play for a high score", 0)] + [(f"{name.capitalize()}: {points}", points)
                                                             for name, points in CRISIS_TIERS.items()]
        options = [(f"usual ({rush_target(players)} points)", 0)]
        return options + [(f"{n} points", n) for n in (10, 15, 20, 25, 30, 40)]

    def _panel_changed(self) -> None:
        """The mode or player count changed in the New game panel: offer what fits it."""
        mode = self.mode_choice.value
        players = self.players_choice.value
        options = self._player_options(mode)
        if list(self.players_choice.options) != options:
            self.players_choice.options = options
            self.players_choice.value = players if players in dict(options).values() else 2
        targets = self._target_options(mode, self.players_choice.value)
        if list(self.target_choice.options) != targets:
            current = self.target_choice.value
            self.target_choice.options = targets
            self.target_choice.value = current if current in dict(targets).values() else 0
        offered = list(GAME.strengths(mode))  # a mode offers only the bots that play it
        if list(self.strength_choice.options) != offered:
            current = self.strength_choice.value
            self.strength_choice.options = offered
            self.strength_choice.value = current if current in offered else offered[0]

    def _fit_options(self) -> None:
        options = self.state.options
        assign(self.mode_choice, value=options.mode)
        self._panel_changed()
        assign(self.players_choice, value=self.state.num_players)
        self._panel_changed()
        if options.target in dict(self.target_choice.options).values():
            assign(self.target_choice, value=options.target)
        assign(self.skills_choice, value=options.skills)
        assign(self.strength_choice, value=self.strength)

    def build(self) -> list[widgets.Widget]:
        self.decision_card = _card("Your turn", [self.decision_text, self.choices_row, self.burn_all_button,
                                                 self.place_view,
                                                 self.revealed_view, self.more_row], "gem-decision")
        self.door_card = _card("Door", [self.door_text, _row([self.build_button]),
                                        _row(self.payment_buttons, "gem-choices")], "gem-door-panel")
        self.hint_card = _card("Hint", [_row([self.hint_button]), self.hint])
        self.hand_card = _card("Your hand", [self.hand_view, self.hand_text,
                                             _row([self.discard_button, self.burn_button, self.clear_button]),
                                             self.skills_view])
        self.table_card = _card("Table", [self.table_view])
        self.team_card = _card("The team's hands (open)", [self.team_view])
        zoom = _row([widgets.HTML("<span class='gem-caption'>Mine view:</span>"), self.zoom_choice])
        zoom.add_class("gem-zoom-row")
        self.hand_card.add_class("gem-hand-card")
        left = widgets.VBox([self.mine_view, zoom, self.hand_card, widgets.HTML(gem_key_html())])
        left.add_class("gem-left")
        right = widgets.VBox([self.decision_card, self.door_card, self.status, self.since_view, self.hint_card, self.table_card,
                              self.team_card])
        right.add_class("gem-right")
        main = _row([left, right], "gem-main")
        main.layout.align_items = "flex-start"
        settings = _row([widgets.HTML("<b>New game:</b>"), self.mode_choice, self.players_choice,
                         self.strength_choice, self.target_choice, self.skills_choice])
        speed = _row([widgets.HTML("Bot speed:"), self.speed_choice])
        return [style_tag(BASE_CSS), style_tag(GEM_CSS), self.title, self.instruction, main, speed, settings,
                self.controls, self.log_view]

    # ---- what the controls offer ---------------------------------------------------------------
    def _act_if_legal(self, action: Action, why_not: str) -> None:
        if action not in self._legal_now():
            self.refuse_input(why_not)
            return
        self.act(action)

    # ---- choosing cards ------------------------------------------------------------------------
    def hand_mode(self) -> str:
        """What picking cards is for now: ``pay``, ``discard``, ``burn`` or ``look``."""
        state = self.state
        if not self.persons_turn():
            return "pay"
        pending = state.pending
        if pending is not None:
            if pending["kind"] == "effect" and self._effect_step() == "discard":
                return "discard"
            return "look"
        return {"move": "pay", "discard": "discard", "burn": "burn"}.get(state.phase, "look")

    def _effect_step(self) -> str:
        pending = self.state.pending
        if pending is None or pending["kind"] != "effect":
            return ""
        program = pending["program"]
        if pending["x"] is None and any(isinstance(n, str) for step in program for n in step[1:2]
                                        if step[0] in ("draw", "reveal", "dig", "keep", "discard")):
            return "x"
        return program[pending["index"]][0] if pending["index"] < len(program) else ""

    def my_chosen(self) -> list[int]:
        return [card for p, card in self.chosen if p == self.seat]

    def choose_card(self, card: int, player: Optional[int] = None) -> None:
        """Pick or put back a card (your own unless ``player`` is given: a burn from a team hand)."""
        player = self.seat if player is None else player
        pick = (player, card)
        if card not in self.state.players[player]["hand"]:
            self.refuse_input(f"card {card} is not in that hand")
            return
        if pick in self.chosen:
            self.chosen.remove(pick)
        else:
            if player != self.seat and self.hand_mode() != "burn":
                self.refuse_input("the team's cards can be picked only to burn them")
                return
            self.chosen.append(pick)
        self.refresh()

    def select_cards(self, cards: Sequence[int]) -> None:
        """Pick exactly these cards of your hand (what a payment button does)."""
        self.chosen = [(self.seat, c) for c in cards if c in self.state.players[self.seat]["hand"]]
        self.refresh()

    def clear_choice(self) -> None:
        self.chosen = []
        self.refresh()

    def _hand_clicked(self, key: str) -> None:
        _, player, card = key.split(":")
        self.choose_card(int(card), int(player))

    def _team_clicked(self, key: str) -> None:
        _, player, card = key.split(":")
        self.choose_card(int(card), int(player))

    def _discard_clicked(self) -> None:
        cards = self.my_chosen()
        if not cards:
            self.refuse_input("pick the cards to discard in your hand first")
            return
        for card in cards:
            if Discard(card) not in self._legal_now():
                self.refuse_input(f"{card_words(card)} cannot be discarded now")
                return
            if not self.act(Discard(card)):
                return

    def _burn_chosen_clicked(self) -> None:
        picks = list(self.chosen)
        if not picks:
            self.refuse_input("pick a card to burn first (yours or a teammate's)")
            return
        for player, card in picks:
            if not self.persons_turn() or Burn(player, card) not in self._legal_now():
                self.refuse_input(f"{card_words(card)} cannot be burnt now")
                return
            if not self.act(Burn(player, card)):
                return

    # ---- clicks on the mine --------------------------------------------------------------------
    def click_room(self, pos) -> None:
        """A click on a built room: walk, ride or warp there (whichever is legal and cheapest)."""
        pos = tuple(pos)
        action = self._room_moves.get(pos)
        if action is None:
            self.refuse_input(f"you cannot move to {room_name(self.state, pos)} now")
            return
        if isinstance(action, str):  # a reason, not a move
            self.refuse_input(action)
            return
        self.act(action)

    def click_door(self, pos, side: int) -> None:
        """A click on a door: into a built room, a step; into empty space, pick the door, and
        build when the cards picked pay it. A door that needs no cards is only picked: its card
        says what happens and offers Build (a room tile is drawn, which cannot be undone)."""
        pos = tuple(pos)
        state = self.state
        here = tuple(state.players[self.seat]["pos"])
        legal = self._legal_now()
        if pos == here and Step(side) in legal:
            self.act(Step(side))
            return
        if (pos, side) not in M.frontier(state.mine):
            self.refuse_input("that door leads nowhere you can go now")
            return
        action = self._build_for((pos, side), legal)
        if action is not None and action.cards:  # paid with the cards the person picked: meant
            self.door = (pos, side)
            self.act(action)
            return
        self.door = None if self.door == (pos, side) and not self.my_chosen() else (pos, side)
        self.refresh()
        if self.door is not None:
            door = M.door_at(state.mine, pos, side)
            self.status.say(f"picked {door_words(state, pos, side)}: it costs {cost_words(door)}", "info")

    def click_space(self, pos) -> None:
        action = MoveRoom(*pos)
        self._act_if_legal(action, "the elevator cannot go there")

    def _build_for(self, door: tuple, legal: Sequence[Action]) -> Optional[Action]:
        """The legal build through ``door`` paid with exactly the cards picked, if there is one."""
        pos, side = door
        here = tuple(self.state.players[self.seat]["pos"])
        for cards in (sorted(self.my_chosen()), []):  # a door that costs nothing needs no cards
            for action in legal:
                if isinstance(action, Build) and pos == here and action.side == side and sorted(action.cards) == cards:
                    return action
            for action in legal:
                if (isinstance(action, WarpBuild) and (action.x, action.y) == pos and action.side == side
                        and sorted(action.cards) == cards):
                    return action
        return None

    def _build_clicked(self) -> None:
        if self.door is None:
            self.refuse_input("click a door into empty space on the mine first")
            return
        action = self._build_for(self.door, self._legal_now())
        if action is None:
            self.refuse_input("the cards picked do not make a build through that door now")
            return
        self.act(action)

    def _payment_clicked(self, index: int) -> None:
        cards = self._payment_actions[index] if index < len(self._payment_actions) else None
        if cards is None:
            self.refuse_input("this button stands for no payment now")
            return
        self.select_cards(cards)

    def _place_clicked(self, key: str) -> None:
        _, room, rotation = key.split(":")
        self._act_if_legal(Place(int(rotation), room), "that room cannot be turned that way")

    def _revealed_clicked(self, key: str) -> None:
        _, card = key.split(":")
        self._act_if_legal(Keep(int(card)), "you cannot keep that card now")

    def _more_clicked(self) -> None:
        if self.more_choice.value is None:
            self.refuse_input("choose a move in the list first")
            return
        self.act(self.more_choice.value)

    # ---- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        view = state.view(self.seat)
        legal = self._legal_now()
        self._offers = {}
        mode = self.hand_mode()
        if mode != self._hand_mode:
            self._hand_mode = mode
            if mode in ("discard", "burn"):
                self.chosen = []
        self._refresh_hint(legal)        # first: the mine marks the hint's door once the move is shown
        self._refresh_mine(view, legal)
        self._refresh_hand(view, legal)
        self._refresh_decision(view, legal)
        self._refresh_door(view, legal)
        self._refresh_table(view)
        self.log_view.show_log(self.person_log(), state.log_unit)
        self.sync_undo_button()
        # last, so that a page seeing the count change has every other part of this update
        moves = (f'<span class="gem-moves" data-moves="{len(state.history)}" data-rooms="{len(state.mine)}" '
                 f'data-score="{state.players[self.seat]["score"]}"></span>')
        assign(self.instruction, value=self.instruction_text() + moves)

    # ---- the mine
    def _refresh_mine(self, view: Mapping, legal: list[Action]) -> None:
        state = self.state
        here = tuple(state.players[self.seat]["pos"])
        moving = self.persons_turn() and state.phase == "move" and state.pending is None
        reach = {} if state.is_over else S.reachable_doors(state, self.seat)
        # a hand over its limit is not the hand that will pay: no chance is shown until the discard
        over_limit = self.persons_turn() and state.phase == "discard"
        chances = {} if over_limit else S.door_chances(state, self.seat, reach)
        self._chances = chances
        builds = {}
        for action in legal:
            if isinstance(action, Build):
                builds.setdefault((here, action.side), []).append(action)
            elif isinstance(action, WarpBuild):
                builds.setdefault(((action.x, action.y), action.side), []).append(action)
        self._builds = builds
        doors: dict[tuple, DoorMark] = {}
        for key in M.frontier(state.mine):
            pos, side = key
            door = M.door_at(state.mine, pos, side)
            css = "gem-door"
            note, tip = "", f"{door_words(state, pos, side)}: costs {cost_words(door)}"
            if key in chances:
                note = percent(chances[key])
                tip += (f"; chance your hand plus one more card pays it: {percent(chances[key])}"
                        f" ({reach[key]} step{'s' if reach[key] != 1 else ''} from you to its room)")
            elif over_limit and key in reach:
                tip += "; its chance is shown once you have discarded down to your hand limit"
            else:
                css += " gem-door-far"
                tip += "; out of reach now"
            if key in builds:
                css += " gem-door-pays"
                tip += "; you can build here now: pick the cards and click"
            if key == self.door:
                css += " gem-door-selected"
            doors[key] = DoorMark(css, tip, note)
        steps: dict[int, str] = {}
        rooms: dict[tuple, Any] = {}
        spaces: dict[tuple, str] = {}
        self._room_moves = {}
        if moving:
            for action in legal:
                if isinstance(action, Step):
                    landing = M.follow(state.mine, here, action.side)
                    steps.setdefault(action.side, f"step {SIDE_NAMES[action.side]} into "
                                                  f"{room_name(state, landing.pos)} (1 step)")
                    self._offer(action, lambda a=action: self.mine_view.click_door(here, a.side))
            self._room_moves = self._room_targets(legal, here)
            for pos, action in self._room_moves.items():
                rooms[pos] = (action if isinstance(action, str) else self.words(action))
                if not isinstance(action, str):
                    self._offer(action, lambda p=pos: self.mine_view.click_room(p))
            walks = {pos for pos, action in self._room_moves.items() if isinstance(action, (Ride, Step))}
            for action in legal:  # a warp: pick its Warpstone card alone, then click the room
                if isinstance(action, Warp) and (action.x, action.y) not in walks:
                    self._offer(action, lambda a=action: self._press_warp(a))
            for action in legal:
                if isinstance(action, MoveRoom):
                    spaces[(action.x, action.y)] = "move the elevator (and everyone in it) here"
                    self._offer(action, lambda a=action: self.mine_view.click_space((a.x, a.y)))
            for key, actions in builds.items():
                for action in actions:
                    self._offer(action, lambda a=action, k=key: self._press_build(a, k))
        pending = tuple(state.pending["pos"]) if state.pending and state.pending["kind"] == "place" else None
        plan = self._hint_shown[3] if moving else None
        caption = ("Doors show their cost as coloured gems (the key under your hand names each colour) and their "
                   "points in the black hexagon (point at it for the number when the mine is drawn small). "
                   "A dashed band marks a door into empty space; the number beside it is your exact chance "
                   "to pay it with your hand plus one more card (green: you can pay it now). "
                   "Each dwarf shows its player's number; yours says \"you\" and has a gold ring, "
                   "your room a gold frame.")
        if over_limit:
            caption += " The chances show again once you have discarded down to your hand limit."
        fresh = self.rooms_built_since_your_turn()
        if fresh:
            caption += (f" A dashed purple frame marks the {len(fresh)} room{'s' if len(fresh) != 1 else ''} "
                        "built since your last turn.")
        self.mine_view.update(state, self.seat, rooms=rooms, doors=doors, spaces=spaces, steps=steps,
                              pending=pending, plan=plan, caption=caption, zoom=self.zoom_choice.value, fresh=fresh)

    def mark_seen(self) -> None:
        """You acted: the mine as it is now is the one "built since your last turn" compares with."""
        super().mark_seen()
        self._seen_mine = (id(self.state), dict(self.state.mine))

    def rooms_built_since_your_turn(self) -> list[tuple]:
        """The squares whose room was built (or moved there) since you last acted."""
        seen = getattr(self, "_seen_mine", None)
        if seen is None or seen[0] != id(self.state):
            self._seen_mine = seen = (id(self.state), dict(self.state.mine))
        return sorted(pos for pos, tile in self.state.mine.items() if seen[1].get(pos) != tile)

    def _picked_warpstone(self) -> Optional[int]:
        mine = self.my_chosen()
        if len(mine) == 1 and WARPSTONE in C.GEM_CARDS[mine[0]].gems:
            return mine[0]
        return None

    def _room_targets(self, legal: list[Action], here: tuple) -> dict[tuple, Any]:
        """What a click on each built room does now: a ride, a step, a whistle or (with only a
        Warpstone card picked) a warp; or words saying how to get there."""
        state = self.state
        targets: dict[tuple, Any] = {}
        warp_card = self._picked_warpstone()
        order = []
        for action in legal:
            if isinstance(action, Ride):
                order.append((0, (action.x, action.y), action))
            elif isinstance(action, Step):
                order.append((1, M.follow(state.mine, here, action.side).pos, action))
            elif isinstance(action, Warp) and action.card == warp_card:
                order.append((2, (action.x, action.y), action))
            elif isinstance(action, CartWhistle):
                order.append((3, (action.x, action.y), action))
        for _rank, pos, action in sorted(order, key=lambda item: item[0]):
            targets.setdefault(pos, action)
        if warp_card is None and any(isinstance(a, Warp) for a in legal):
            for action in legal:
                if isinstance(action, Warp):
                    targets.setdefault((action.x, action.y),
                                       "to warp there, pick just one Warpstone card in your hand "
                                       "(it is discarded), then click the room")
        return targets

    def _press_warp(self, action: Warp) -> None:
        """A warp as a person makes it: pick its Warpstone card alone, then click the room."""
        self.select_cards([action.card])
        self.mine_view.click_room((action.x, action.y))

    def _press_build(self, action: Action, key: tuple) -> None:
        """A build as a person makes it: pick exactly its cards, then click its door."""
        self.select_cards(action.cards)
        before = len(self.state.history)
        self.mine_view.click_door(*key)
        if len(self.state.history) == before and self.door == key:  # a door that needs no cards
            self.build_button.click()

    # ---- the decision card
    def _refresh_decision(self, view: Mapping, legal: list[Action]) -> None:
        state = self.state
        mine = self.persons_turn()
        show(self.decision_card, mine)
        choices: list[tuple[str, Action, str, str]] = []
        show(self.burn_all_button, False)
        place_svg, place_keys = "", []
        revealed_svg, revealed_keys = "", []
        words = ""
        if mine:
            pending = state.pending
            if pending is not None and pending["kind"] == "place":
                words, place_svg, place_keys = self._placement(legal)
            elif pending is not None:
                words, choices = self._ability_choices(legal)
            else:
                words, choices = self._phase_choices(legal)
            if state.revealed:
                keep = {a.card for a in legal if isinstance(a, Keep)}
                revealed_svg, revealed_keys = _keyed_cards(
                    list(state.revealed), (), (lambda c: f"keep:{c}") if keep else None,
                    tip=lambda c: f"keep {card_words(c)}", scale=0.7)
                for card in keep:
                    self._offer(Keep(card), lambda c=card: self.revealed_view.click(f"keep:{c}"))
        self._set_choices(choices)
        self.place_view.show(place_svg, place_keys)
        show(self.place_view, bool(place_svg))
        self.revealed_view.show(revealed_svg, revealed_keys)
        show(self.revealed_view, bool(revealed_svg))
        assign(self.decision_text, value=words)
        # anything legal that no control offers yet goes in the list of other moves
        rest = [a for a in legal if a not in self._offers]
        options = [(self.words(a), a) for a in rest]
        if list(self.more_choice.options) != options:
            self.more_choice.options = options
            self.more_choice.value = options[0][1] if options else None
        show(self.more_row, bool(options))
        for action in rest:
            self._offer(action, lambda a=action: self._pick_and_press(a))

    def _pick_and_press(self, action: Action) -> None:
        self.more_choice.value = action
        self.more_button.click()

    def _set_choices(self, choices: list[tuple[str, Action, str, str]]) -> None:
        while len(self.choice_buttons) < len(choices):
            index = len(self.choice_buttons)
            self.choice_buttons.append(self._button("", f"gem-choice gem-choice-{index}",
                                                    lambda index=index: self._choice_clicked(index)))
        self._choice_actions = [action for _, action, _, _ in choices]
        for index, (label, action, style, tip) in enumerate(choices):
            button = self.choice_buttons[index]
            self.arm_choice(button, action)   # first: the page holds it off before the words change
            assign(button, description=label, tooltip=tip or str(action), disabled=False, button_style=style)
            self._offer(action, button.click)
        wanted = self.choice_buttons[:len(choices)]
        if list(self.choices_row.children) != wanted:
            self.choices_row.children = wanted

    def _phase_choices(self, legal: list[Action]) -> tuple[str, list]:
        state = self.state
        phase = state.phase
        here = tuple(state.players[self.seat]["pos"])
        room = C.ROOM_BY_ID[state.mine[here][0]]
        choices: list = []
        if phase == "choose skill":
            for action in legal:
                skill = C.SKILL_BY_ID[action.skill]
                choices.append((f"Keep {skill.name}", action, "info", skill.text))
            dealt = "<br>".join(skill_line(a.skill) for a in legal)
            return f"Two skills were dealt to you; keep one:<br>{dealt}", choices
        if phase == "check":
            choices = [("Stop here: we won", EndGame(), "success", "end the game now"),
                       ("Play on for more points", PlayOn(), "info", "keep playing; the win stands")]
            return (f"The team has {state.team_score} points, past its target of {state.options.target_score}. "
                    "Stop now, or play on to raise the score?"), choices
        if phase == "discard":
            excess = len(state.hand()) - skills.hand_limit(state, self.seat)
            return (f"Your hand is over the limit: pick {excess} card{'s' if excess != 1 else ''} in your hand and "
                    "press <b>Discard the chosen cards</b>."), choices
        if phase == "move":
            for action in legal:
                if isinstance(action, EndMovement):
                    choices.append(("End movement", action, "", "stop moving and take your action"))
                elif isinstance(action, UseRoom):
                    cost = "1 step" if room.kind == "movement" else "free"
                    choices.append((f"Use {room.name} ({cost})", action, "info", room.text))
                elif isinstance(action, SwapPlaces):
                    how = "Mirror Step" if action.skill else room.name
                    choices.append((f"Swap with player {action.player + 1} ({how}, 1 step)", action, "info",
                                    f"trade places with player {action.player + 1}'s dwarf"))
            steps = state.steps_left
            if steps:
                text = (f"<b>{steps} step{'s' if steps != 1 else ''} left.</b> Click a room next to yours to step "
                        "into it. To build: pick cards in your hand, then click a door into empty space "
                        "(click a door first to see what it needs).")
            else:
                text = ("<b>No steps left</b>: you cannot step or build any more this turn. "
                        "Press <b>End movement</b> to take your action.")
            if any(isinstance(a, Warp) for a in legal):
                text += " To warp: pick one Warpstone card alone, then click any room."
            return text, choices
        if phase == "action":
            for action in legal:
                if isinstance(action, DrawCard):
                    n = skills.draw_action_cards(state, self.seat)
                    choices.append((f"Draw {n} card{'s' if n != 1 else ''}", action, "success", "the plain action"))
                elif isinstance(action, UseRoom):
                    choices.append((f"Use {room.name}", action, "info", room.text))
                elif isinstance(action, Scavenge):
                    top = state.discards[-1]
                    choices.append((f"Take the top discard ({card_words(top)})", action, "info", "Scavenger"))
                elif isinstance(action, SwapPlaces):
                    choices.append((f"Swap with player {action.player + 1} ({room.name})", action, "info", room.text))
            ability = (f"<br><span class='gem-caption'>{html.escape(room.name)}: {html.escape(room.text)}</span>"
                       if room.text and room.kind in ("action", "movement") else "")
            return "<b>Your action:</b> draw, or use the room your dwarf stands in." + ability, choices
        if phase == "burn":
            left = state.burns_left
            if Burn() in legal:
                choices.append(("Burn the top card of the deck", Burn(), "danger", "the deck's top card, unseen"))
                self._burn_all = min(left, view_deck_and_discards(state))
                show(self.burn_all_button, self._burn_all > 1)
                assign(self.burn_all_button, description=f"Burn the top {self._burn_all} cards of the deck")
            blind = [a for a in legal if isinstance(a, Burn) and a.player != DECK and a.card == UNSEEN]
            for action in blind:
                choices.append((f"Burn a card at random from player {action.player + 1}'s hand", action,
                                "danger", "their hand is hidden: you choose the player, chance picks the card"))
            if state.options.mode != "crisis":
                return (f"<b>Burn {left} more card{'s' if left != 1 else ''}</b>: the top card of the deck, a card "
                        "picked from your hand below, or a card at random from another player's hidden hand. "
                        f"{state.cards_left_to_burn} gem cards are left before the last round."), choices
            return (f"<b>Burn {left} more card{'s' if left != 1 else ''}</b> for the team: the top card of the deck, "
                    "or cards picked from any hand (yours below, your teammates' in the team panel). "
                    f"{state.cards_left_to_burn} gem cards are left before the clock runs out."), choices
        if phase == "chaos":
            must = state.current_used_a_skill()
            for action in legal:
                label = "Draw a new skill" if action.swap else "Keep my skill"
                choices.append((label, action, "info" if action.swap else "", str(action)))
            return ("Chaos Magic: " + ("you used your skill this turn, so you must trade it." if must else
                                       "trade your skill for a new one, or keep it?")), choices
        return html.escape(self.person_prompt()), choices

    def _ability_choices(self, legal: list[Action]) -> tuple[str, list]:
        state = self.state
        pending = state.pending
        room = C.ROOM_BY_ID[pending["room"]]
        step = self._effect_step()
        terms = "".join(f"<br>{html.escape(t)}" for t in C.ability_terms(room.ability))
        head = (f"<b>{html.escape(room.name)}</b>: {html.escape(room.text)}"
                f"<div class='gem-caption'>{terms[4:]}</div>")
        choices: list = []
        if step == "x":
            hand = len(state.hand())
            for action in legal:
                n = action.value
                label = "Discard none (X = 0)" if n == 0 else f"Discard {n} (X = {n})"
                choices.append((label, action, "info", f"of your {hand} card{'s' if hand != 1 else ''}; then: "
                                + C.ability_with_x(room.ability, n)))
            return head + "How many cards will you discard first? That number is X.", choices
        if step == "name":
            expected = self._name_outlook(legal).expected
            differ = len(set(expected.values())) > 1
            for action in legal:
                extra = f" {_decimal(expected[action.gem])}" if differ and action.gem in expected else ""
                choices.append((f"{GEM_NAMES[action.gem]}{extra}", action, "", f"name {GEM_NAMES[action.gem]}"))
            if differ:
                note = (" Beside each gem: the cards the rest of the ability is expected to bring you, "
                        "counted exactly over the cards you have not seen and rounded to two decimals.")
            elif expected:
                note = (f" Whatever you name, the rest brings you {_cards_expected(next(iter(expected.values())))} "
                        "on average: name a gem the doors you aim for need.")
            else:
                note = ""
            return head + "Name a gem." + note, choices
        if step == "keep":
            need = pending["need"]
            return head + f"Click {need} of the face-up cards to keep {'it' if need == 1 else 'them'}.", choices
        if step == "discard":
            return (head + f"Pick {pending['need']} card{'s' if pending['need'] != 1 else ''} in your hand and press "
                    "<b>Discard the chosen cards</b>."), choices
        return head + html.escape(self.person_prompt()), choices

    def _name_outlook(self, legal: Sequence[Action]) -> S.NameOutlook:
        """What naming each gem offered brings (the model counts it; see ``S.name_outlook``)."""
        gems = [a.gem for a in legal if isinstance(a, NameGem)]
        return S.name_outlook(self.state, self.seat, gems)

    def _placement(self, legal: list[Action]) -> tuple[str, str, list[str]]:
        state = self.state
        pending = state.pending
        back = pending["back"]
        pictures, keys = [], []
        for action in legal:
            if not isinstance(action, Place):
                continue
            key = f"place:{action.room}:{action.rotation}"
            opens = S.open_doors_after(state, action.room, action.rotation)
            note = f"{action.rotation * 90}°, {opens} new door{'s' if opens != 1 else ''}"
            pictures.append(S.tile_svg(action.room, action.rotation, back, key=key, note=note))
            keys.append(key)
            self._offer(action, lambda k=key: self.place_view.click(k))
        names = " or ".join(html.escape(C.ROOM_BY_ID[t].name) for t in pending["tiles"])
        texts = {C.ROOM_BY_ID[t].text for t in pending["tiles"] if C.ROOM_BY_ID[t].text}
        ability = "".join(f"<br><span class='gem-caption'>{html.escape(t)}</span>" for t in sorted(texts))
        words = (f"<b>Place {names}.</b> Click the way to turn it: the blue arrow marks the side you come in by, "
                 "which must be a door. \u201cNew doors\u201d face empty squares (more places to build)." + ability)
        row = _side_by_side(pictures)
        return words, row, keys

    # ---- the door card
    def _refresh_door(self, view: Mapping, legal: list[Action]) -> None:
        state = self.state
        self._payment_actions = []
        door_key = self.door
        show(self.door_card, door_key is not None and not state.is_over)
        if door_key is None or state.is_over:
            for button in self.payment_buttons:
                show(button, False)
            assign(self.build_button, disabled=True)
            return
        pos, side = door_key
        door = M.door_at(state.mine, pos, side)
        seat = self.seat
        named = door_words(state, pos, side)
        lines = [f"<b>{html.escape(named[0].upper() + named[1:])}</b>: costs "
                 f"{html.escape(cost_words(door))}."]
        reach = S.reachable_doors(state, seat)
        distance = M.shortest_steps(state.mine, tuple(state.players[seat]["pos"])).get(pos)
        steps = S.steps_for(state, seat)
        if door_key in reach:
            how = ("from afar with a Warpstone" if distance is None or distance + 1 > steps
                   else f"{distance + 1} of your {steps} steps")
            lines.append(f"Within reach: {how}.")
        elif distance is None:
            lines.append("You cannot walk to its room.")
        else:
            lines.append(f"Out of reach: {distance + 1} steps away, and you have {steps}.")
        hand = S.hand_of(view, seat)
        now = S.door_chances(state, seat, [door_key], draws=0)[door_key]
        plus = S.door_chances(state, seat, [door_key], draws=1)[door_key]
        lines.append(f"Your hand pays it: <b>{'yes' if now == 1 else 'no'}</b>; with one more card: "
                     f"<b>{percent(plus)}</b>.")
        chosen = sorted(self.my_chosen())
        here = tuple(state.players[seat]["pos"])
        warp = pos != here and any(WARPSTONE in C.GEM_CARDS[c].gems for c in chosen)
        action = self._build_for(door_key, legal)
        if chosen:
            judged = S.judge(door.cost, chosen, state.players[seat]["colour"], skills.skills_of(state, seat), warp=warp)
            if judged.pays:
                wasted = (f" Wasted: {html.escape(gem_list(judged.wasted))}." if judged.wasted
                          else " Nothing is wasted.")
                bonus = f" Orichalcum adds {judged.points}." if judged.points else ""
                used = f" Skills used: {html.escape(S.uses_text(judged.uses, judged.waive))}." if judged.uses else ""
                spare = (f" <span class='gem-bad'>Not needed: {html.escape(cards_words(judged.spare))}; leave "
                         f"{'it' if len(judged.spare) == 1 else 'them'} out.</span>" if judged.spare else "")
                which = "The chosen card pays" if len(chosen) == 1 else f"The {len(chosen)} chosen cards pay"
                lines.append(f"<span class='gem-ok'>{which} it.</span>{wasted}{bonus}{used}{spare}")
            else:
                lines.append(f"<span class='gem-bad'>The chosen cards do not pay it</span>: "
                             f"{judged.short} gem{'s' if judged.short != 1 else ''} short.")
        elif action is not None:
            lines.append("<span class='gem-ok'>It needs no cards.</span> Build here draws a room tile "
                         "for it, and a tile seen cannot be taken back.")
        else:
            lines.append("Pick cards in your hand to pay with, or take one of the ways below.")
        if action is not None:
            points = planner.build_points(state, action)
            self.arm_choice(self.build_button, action)
            assign(self.build_button, description=f"Build here: +{points} point{'s' if points != 1 else ''} "
                                                  "(a room tile is drawn: this cannot be undone)",
                   disabled=False, tooltip=self.words(action))
        else:
            why = ("not your movement now" if not (self.persons_turn() and state.phase == "move" and not state.pending)
                   else "out of reach" if door_key not in reach and not warp else "pick cards that pay it")
            assign(self.build_button, description=f"Build ({why})", disabled=True, tooltip=why)
        # ways to pay: the legal builds through this door, else every way the hand could pay it
        ways = [tuple(sorted(a.cards)) for a in self._builds.get(door_key, [])]
        if not ways and hand:
            from minegames.gem_rush import payment

            ways = [s.cards for s in payment.payments(door.cost, [C.GEM_CARDS[c] for c in hand],
                                                      colour=state.players[seat]["colour"],
                                                      skills=skills.skills_of(state, seat))]
        ways = sorted(dict.fromkeys(ways), key=lambda cards: (len(cards), cards))[:PAYMENT_BUTTONS]
        self._payment_actions = list(ways)
        for k, button in enumerate(self.payment_buttons):
            if k < len(ways):
                cards = ways[k]
                judged = S.judge(door.cost, cards, state.players[seat]["colour"], skills.skills_of(state, seat))
                waste = (f", wastes {len(judged.wasted)} gem{'s' if len(judged.wasted) != 1 else ''}"
                         if judged.wasted else ", nothing wasted")
                label = "Pick " + " + ".join(f"#{c}" for c in cards) + waste
                assign(button, description=label, tooltip=cards_words(cards), disabled=False)
                show(button, True)
            else:
                show(button, False)
        if ways:
            lines.append("<span class='gem-caption'>The buttons below pick a set of cards that pays it.</span>")
        assign(self.door_text, value="<br>".join(lines))

    # ---- the hand
    def _refresh_hand(self, view: Mapping, legal: list[Action]) -> None:
        state = self.state
        seat = self.seat
        hand = S.hand_of(view, seat)
        mode = self._hand_mode
        picked = self.my_chosen()
        picture, keys = _keyed_cards(hand, picked, lambda c: f"card:{seat}:{c}",
                                     tip=lambda c: f"{card_words(c)}: click to pick or put back")
        self.hand_view.show(picture, keys)
        limit = skills.hand_limit(state, seat)
        words = [f"{len(hand)} card{'s' if len(hand) != 1 else ''} (limit {limit} at the start of your turn)."]
        if picked:
            words.append(f"Picked: {html.escape(cards_words(picked))}.")
        elif mode == "pay" and not state.is_over:
            words.append("Click cards to pick them for a payment.")
        assign(self.hand_text, value=" ".join(words))
        # discarding
        discards = {a.card for a in legal if isinstance(a, Discard)}
        show(self.discard_button, mode == "discard")
        need = self._discard_need()
        ok = bool(picked) and len(picked) <= need and all(c in discards for c in picked)
        assign(self.discard_button, disabled=not ok,
               description=f"Discard the chosen card{'s' if len(picked) != 1 else ''}"
                           + (f" ({len(picked)})" if picked else ""))
        for card in discards:
            self._offer(Discard(card), lambda c=card: self._press_discard(c))
        # burning
        burning = mode == "burn"
        show(self.burn_button, burning)
        burns = [a for a in legal if isinstance(a, Burn)]
        ok = bool(self.chosen) and len(self.chosen) <= state.burns_left and all(
            Burn(p, c) in burns for p, c in self.chosen)
        assign(self.burn_button, disabled=not ok,
               description=f"Burn the chosen card{'s' if len(self.chosen) != 1 else ''}"
                           + (f" ({len(self.chosen)})" if self.chosen else ""))
        for action in burns:
            if action.player != DECK and action.card != UNSEEN:   # blind burns are decision buttons
                self._offer(action, lambda a=action: self._press_burn(a))
        show(self.clear_button, bool(self.chosen))
        # skills
        held = skills.skills_of(state, seat)
        if held:
            text = "Your skill" + ("s" if len(held) > 1 else "") + ": " + "<br>".join(skill_line(s) for s in held)
        elif state.options.skills == "none":
            text = "No skills in this game."
        else:
            dealt = view["players"][seat]["dealt"]
            text = "Skills dealt, to choose from: " + ", ".join(C.SKILL_BY_ID[s].name for s in dealt) if dealt else \
                "No skill yet."
        assign(self.skills_view, value=text)
        # the team's open hands (Crisis)
        others = [p for p in range(state.num_players) if p != seat and isinstance(view["players"][p]["hand"], list)]
        show(self.team_card, bool(others))
        if others:
            svg_text, team_keys = self._team_picture(view, others, burning)
            self.team_view.show(svg_text, team_keys)

    def _burn_all_clicked(self) -> None:
        """Every burn left this turn from the deck's top, in one click."""
        count = self._burn_all
        if count < 1 or Burn() not in self._legal_now():
            self.refuse_input("there is nothing to burn from the deck now")
            return
        for _ in range(count):
            if not self.persons_turn() or Burn() not in self._legal_now() or not self.act(Burn()):
                return

    def _discard_need(self) -> int:
        state = self.state
        if state.pending is not None and state.pending["kind"] == "effect":
            return state.pending["need"]
        if state.phase == "discard":
            return len(state.hand()) - skills.hand_limit(state, state.current)
        return 0

    def _press_discard(self, card: int) -> None:
        self.chosen = [(self.seat, card)]
        self.discard_button.click()

    def _press_burn(self, action: Burn) -> None:
        self.chosen = [(action.player, action.card)]
        self.burn_button.click()

    def _team_picture(self, view: Mapping, others: list[int], burning: bool) -> tuple[str, list[str]]:
        rows, keys, y = [], [], 0
        width = 300
        for p in others:
            hand = list(view["players"][p]["hand"])
            picked = [c for q, c in self.chosen if q == p]
            picture, row_keys = _keyed_cards(hand, picked, (lambda c, p=p: f"card:{p}:{c}") if burning else None,
                                             tip=lambda c, p=p: f"burn {card_words(c)} from player {p + 1}'s hand",
                                             scale=0.6)
            w, h = _svg_size(picture)
            rows.append(f'<text x="4" y="{y + 14}" font-size="13" fill="#333">Player {p + 1} '
                        f'({html.escape(GEM_NAMES[view["players"][p]["colour"]])}), {len(hand)} card{"s" if len(hand) != 1 else ""}</text>')
            rows.append(_nest(picture, 0, y + 18))
            keys += row_keys
            y += h + 24
            width = max(width, w)
        text = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {y:.0f}" width="{width:.0f}" '
                f'height="{y:.0f}">{"".join(rows)}</svg>')
        return text, keys

    # ---- the table
    def _refresh_table(self, view: Mapping) -> None:
        state = self.state
        seat = self.seat
        options = state.options
        mover = state.current_player
        rows = []
        for p, player in enumerate(view["players"]):
            hand = player["hand"]
            count = len(hand) if isinstance(hand, list) else hand
            held = skills.skills_of(state, p)
            names = ", ".join(f"<span title='{html.escape(C.SKILL_BY_ID[s].text)}'>{html.escape(C.SKILL_BY_ID[s].name)}"
                              f"</span>" for s in held) or "—"
            classes = " ".join(c for c, on in (("gem-me", p == seat), ("gem-to-move", p == mover)) if on)
            where = room_name(state, player["pos"])
            bot = "" if p == seat else f" <span class='gem-caption'>({html.escape(self.strength)} bot)</span>"
            rows.append(f"<tr class='{classes}'><td>{swatch(player['colour'])}{seat_label(p, seat)}{bot}</td>"
                        f"<td class='gem-num'>{player['score']}</td><td>{count} card{'s' if count != 1 else ''}</td><td>{names}</td>"
                        f"<td>{html.escape(where)}</td></tr>")
        head = "<tr><th>player</th><th>points</th><th>hand</th><th>skills</th><th>in</th></tr>"
        target = options.target_score
        if options.mode == "crisis":
            score = state.team_score
            tier = next((name.capitalize() for name, points in CRISIS_TIERS.items() if points == target), "")
            aim = (f"Team score <b>{score}</b> of {target}" + (f" ({tier})" if tier else "")) if target else \
                f"Team score <b>{score}</b> (no target: as high as you can)"
            fill = min(1.0, score / target) if target else 0
            bar = (f" <span class='gem-bar-back'><span class='gem-bar' style='width:{fill * 120:.0f}px'></span></span>"
                   if target else "")
            left = state.cards_left_to_burn
            turns = -(-left // options.burn_per_turn)
            clock = (f"Burn clock: <b>{left}</b> gem cards left to burn (about {turns} more turn"
                     f"{'s' if turns != 1 else ''}, {options.burn_per_turn} a turn).")
            top = f"{aim}{bar}<br>{clock}"
        else:
            top = f"Rush: the first to <b>{target}</b> points ends the game (at the end of that round)."
            if options.burns:
                top += f" {len(view['burnt'])} cards burnt."
        piles = (f"Deck {view['deck']} · discards {len(view['discards'])} · burnt {len(view['burnt'])} · "
                 f"room tiles left {view['rooms_left']} · {S.turn_for_seat(self.state, self.seat)}")
        if view["discards"]:
            piles += f" · top discard {html.escape(card_words(view['discards'][-1]))}"
        table = f"<table class='gem-table'>{head}{''.join(rows)}</table>"
        assign(self.table_view,
               value=f"<div class='gem-clock'>{top}</div><div class='gem-caption'>{piles}</div>{table}")

    # ---- the hint: what to weigh first, the move on a second press (HintSteps) -----------------
    def hint_key(self) -> tuple:
        """The position a hint is about: it changes whenever the person acts (or picks a new
        step of an ability), so a new position starts again at the explanation."""
        state = self.state
        pending = state.pending
        return (len(state.history), state.phase, None if pending is None else (pending["kind"], pending.get("index")),
                self._effect_step(), state.steps_left, tuple(state.players[self.seat]["pos"]),
                tuple(sorted(state.players[self.seat]["hand"])))

    def _hint_clicked(self) -> None:
        if not self.persons_turn():
            self.refuse_input("a hint is for your own turn")
            return
        self.hint_steps.press(self.hint_key())
        self.refresh()

    def press_hint(self) -> None:
        """Press the Hint button as a person would (tests, notebooks)."""
        self.hint_button.click()

    def _refresh_hint(self, legal: list[Action]) -> None:
        mine = self.persons_turn()
        show(self.hint_card, mine)
        key = self.hint_key() if mine else None
        stage = self.hint_steps.stage(key) if mine else 0
        if self._hint_shown[:2] != (key, stage):
            text, door = "", None
            if stage >= 1:
                text, door = self._hint_text(legal, stage == 2)
            self._hint_shown = (key, stage, text, door)
        text = self._hint_shown[2] or ("<span class='gem-caption'>Stuck? <b>Hint</b> says what to weigh here; "
                                       "a second press shows the move.</span>")
        assign(self.hint, value=text if mine else "")
        assign(self.hint_button, description=self.hint_steps.button_label(key),
               disabled=not mine or self.hint_steps.move_shown(key))

    def _hint_text(self, legal: list[Action], with_move: bool) -> tuple[str, Optional[tuple]]:
        """The hint as HTML and the door to mark on the mine (only once the move is shown)."""
        state = self.state
        pending = state.pending
        step = self._effect_step()
        if pending is None and state.phase == "move":
            weigh = self._weigh_doors()
        elif step == "name":
            weigh = self._weigh_names(legal)
        elif pending is None and state.phase == "action":
            weigh = self._weigh_action()
        elif step in ("x", "keep", "discard") or (pending is None and state.phase == "discard"):
            weigh = self._weigh_cards()
        elif pending is not None and pending["kind"] == "place":
            weigh = ("Each way to turn the new room is drawn with the number of its doors that would face empty "
                     "squares. More such doors mean more places to build later, for you and for the others.")
        elif pending is None and state.phase == "burn":
            weigh = ("Each burn brings the end of the game nearer. A card from the deck's top costs no one a card "
                     "they hold; a card taken from a hand is one the team no longer has to pay doors with, so "
                     "if you take one, take the one whose gems the open doors ask for least.")
        else:
            weigh = ("Read each choice's effect, and weigh what it brings you now against what it gives up "
                     "later.")
        if not with_move:
            return weigh + "<br><span class='gem-caption'>Press <b>Show the move</b> for the move.</span>", None
        move, door = self._hint_move(legal)
        return weigh + "<br>" + move, door

    def _weigh_doors(self) -> str:
        """The move phase: the doors within reach, the chance to pay each, its points and its price."""
        state = self.state
        outlook = S.door_outlook(state, self.seat)
        hand = len(state.players[self.seat]["hand"])
        steps = state.steps_left
        if not state.rooms_left:
            return "No room tiles are left: nothing more can be built. Walk where you can draw or use a room."
        if not outlook:
            return (f"No door into empty space is within your {steps} step{'s' if steps != 1 else ''} this turn. "
                    "Weigh walking towards the doors you could pay soon against using a room on the way.")
        lines = [f"<b>What to weigh:</b> the doors into empty space you can reach with your {steps} "
                 f"step{'s' if steps != 1 else ''} (building takes one). You hold {hand} "
                 f"card{'s' if hand != 1 else ''}; you draw only after moving, at your action. The chances are exact, "
                 "counted over the cards you have not seen."]
        shown = outlook[:5]
        for door in shown:
            where = door_words(state, *door.key)
            here = tuple(state.players[self.seat]["pos"])
            how = ("here" if door.steps == 0 and tuple(door.key[0]) == here else
                   "a cart ride away, no steps" if door.steps == 0 else
                   "with a Warpstone card, from afar" if door.steps is None
                   else f"{door.steps} step{'s' if door.steps != 1 else ''} away")
            cost = S.standard_gems_short(sorted(door.cost, key=ALL_GEMS.index))
            head = f"&bull; {html.escape(where)} ({how}): costs {html.escape(cost)}, {_points(door.points)}. "
            if door.best is not None:
                extra = f" (more than its {door.points}: Orichalcum or a skill adds some)" if door.best > door.points \
                    else ""
                take = ("your only card" if hand == 1 else f"all {hand} of your cards" if door.fewest == hand
                        else f"at least {door.fewest} of your {hand} cards")
                body = f"Your hand pays it now: it would score {_points(door.best)}{extra} and take {take}."
            elif door.now == 1:  # paid, but not a build the rules allow from here now (a warp needs its card)
                body = "Your hand pays its gems, but you cannot build it this turn as things stand."
            else:
                body = (f"Your hand does not pay it; the chance your hand plus the next card you draw pays it: "
                        f"<b>{percent(door.next)}</b>.")
            lines.append(head + body)
        if len(outlook) > len(shown):
            rest = len(outlook) - len(shown)
            lines.append(f"<span class='gem-caption'>and {rest} more door{'s' if rest != 1 else ''} within reach "
                         "(their chance is on the mine).</span>")
        if any(d.best is not None for d in outlook):
            lines.append("The price of building: the cards you pay with are gone, and could have paid another door; "
                         "a door you leave may be built by someone else first. More points for fewer cards is the "
                         "usual aim.")
        else:
            lines.append("Your hand pays none of them now: this turn is for standing by the door you are likeliest "
                         "to pay next turn (chance times points), then drawing or using a room that brings cards.")
        return "<br>".join(lines)

    def _weigh_names(self, legal: list[Action]) -> str:
        """Naming a gem: what each name is expected to bring, and how often the open doors ask for it."""
        outlook = self._name_outlook(legal)
        room = C.ROOM_BY_ID[self.state.pending["room"]].name
        if not outlook.expected:
            return "The rest of the ability brings no cards: name a gem the doors you aim for need."
        lines = [f"<b>What to weigh:</b> for each gem, the cards the rest of {html.escape(room)} is expected to bring "
                 "you if you name it (counted exactly over the cards you have not seen), and how often the doors "
                 "into empty space ask for that gem (a card helps only if it pays a door)."]
        values = set(outlook.expected.values())
        if len(values) == 1:
            return (f"<b>What to weigh:</b> whatever you name, the rest of {html.escape(room)} is expected to bring "
                    f"you {_cards_expected(values.pop())} (counted exactly over the cards you have not seen). So "
                    f"name the gem the doors into empty space ask for most: "
                    f"{html.escape(_asked_words(outlook.asked))}.")
        special = []
        for gem in sorted(outlook.expected, key=lambda g: (-outlook.expected[g], ALL_GEMS.index(g))):
            if gem not in outlook.asked:  # a special gem: no cost names it
                special.append(f"{GEM_NAMES[gem]} {_cards_expected(outlook.expected[gem])}")
                continue
            asked = outlook.asked[gem]
            wanted = "no door asks for it" if not asked else f"the doors ask for it {_times(asked)}"
            lines.append(f"&bull; Naming {GEM_NAMES[gem]}: {_cards_expected(outlook.expected[gem])} expected; "
                         f"{wanted}.")
        if special:
            lines.append(f"&bull; Naming a special gem (no door cost names one): "
                         f"{', '.join(special)}.")
        return "<br>".join(lines)

    def _weigh_action(self) -> str:
        """The action phase: a plain draw against the room's ability, in expected cards."""
        outlook = S.action_outlook(self.state, self.seat)
        draw = f"Drawing brings {outlook.draws} card{'s' if outlook.draws != 1 else ''} for sure."
        if outlook.ability is None:
            return f"<b>What to weigh:</b> {draw} {html.escape(outlook.room)} has no ability to use now."
        cost = ""
        if outlook.discards == "X":
            cost = " It first takes X cards of your hand, as many as you choose: count those against what it brings."
        elif outlook.discards:
            net = outlook.ability - outlook.discards
            cost = (f" It first takes {outlook.discards} card{'s' if outlook.discards != 1 else ''} of your hand, "
                    f"so you gain {_cards_expected(net)} in all.")
        return (f"<b>What to weigh:</b> {draw} Using {html.escape(outlook.room)} is expected to bring "
                f"{_cards_expected(outlook.ability)} (counted exactly over a full deck), with more chance in it: "
                f"some uses bring more, some fewer.{cost}")

    def _weigh_cards(self) -> str:
        """Keeping or giving up cards: how often the open doors ask for each gem."""
        asked = planner.wanted_gems(self.state)
        counts = _asked_words(asked)
        return ("<b>What to weigh:</b> a card is worth keeping when its gems pay doors. How many times the doors "
                f"into empty space ask for each gem: {html.escape(counts) or 'none'}. Special gems have a worth of "
                "their own (Diamond Dust stands for any gem; Warpstone builds from afar; Echoglass copies a gem).")

    def _hint_move(self, legal: list[Action]) -> tuple[str, Optional[tuple]]:
        """The adviser bot's move in words, with its reason where the model gives one."""
        state = self.state
        who = "team" if state.options.mode == "crisis" else "greedy"
        try:
            move = self.adviser.choose(state)
        except (MinegamesError, ValueError, IndexError):
            return "No move to suggest here.", None
        head = f"<b>The move</b> (as the {who} bot plays it): "
        door = None
        reason = ""
        if isinstance(move, (Build, WarpBuild)):
            here = tuple(state.players[self.seat]["pos"])
            door = ((move.x, move.y) if isinstance(move, WarpBuild) else here, move.side)
            words = self.words(move)
            reason = " Of the doors your hand pays, it scores the most points, then takes the fewest cards."
        elif isinstance(move, (Step, Ride)) and state.pending is None:
            plans = planner.best_plans(state, limit=1)
            words = self.words(move)
            if plans and not plans[0].warp:
                plan = plans[0]
                door = (tuple(plan.pos), plan.side)
                reason = (f" It is on the way to {html.escape(self.plan_words(plan))}.")
            else:
                aim = planner.door_to_aim_for(state)
                towards = f" {html.escape(room_name(state, aim))}," if aim is not None else ""
                reason = (f" It heads for{towards} where the door you are likeliest to pay next turn is (chance "
                          "times points, a little less for each step).")
        elif isinstance(move, Place):
            words = self.words(move)
            opens = S.open_doors_after(state, move.room, move.rotation)
            reason = (f" It opens {opens} new door{'s' if opens != 1 else ''} into empty squares; no other way "
                      "opens more.")
        elif isinstance(move, ChooseX):
            words = self.words(move)
            reason = (" X cards are discarded first, so X counts only the cards of little use (whose gems the "
                      "doors hardly ask for) that you would give up.")
        elif isinstance(move, NameGem):
            words = self.words(move)
            reason = " " + self._name_reason(legal, move.gem)
        elif isinstance(move, UseRoom) and state.phase == "action":
            words = self.words(move)
            reason = " Its ability is expected to bring more cards than a draw."
        elif isinstance(move, DrawCard):
            words = "draw"
            reason = " A sure card is worth at least what the room is expected to bring."
        elif isinstance(move, (Discard, Keep)) or (isinstance(move, Burn) and move.player != DECK):
            words = self.words(move)
            measure = ("each of a card's gems counts by how often the open doors ask for it, and a special gem "
                       "for its own use")
            reason = (f" Of the cards it could give up, it is worth least: {measure}." if not isinstance(move, Keep)
                      else f" Of the cards shown, it is worth most: {measure}.")
        else:
            words = self.words(move)
        return head + f"<b>{html.escape(words)}</b>." + reason, door

    def _name_reason(self, legal: list[Action], gem: str) -> str:
        """Why the suggested gem: the model's reason, said plainly (see ``S.name_outlook``)."""
        outlook = self._name_outlook(legal)
        asked = outlook.asked.get(gem, 0)
        ties = [GEM_NAMES[g] for g, n in outlook.asked.items() if n == asked and g != gem]
        than = (f"as often as {' and '.join(ties)} (the bot takes the first in the usual gem order) and more than "
                "any other gem" if ties else "more than any other gem")
        why = (f"The doors into empty space ask for {GEM_NAMES[gem]} {_times(asked)}, {than}, so the cards it "
               "brings are the likeliest to pay a door.")
        if not asked:
            why = "No door into empty space asks for any gem now, so the bot names the first in the usual order."
        most = outlook.most
        if most is None or most == gem or outlook.expected.get(most) == outlook.expected.get(gem):
            return why + " It also brings as many cards as any other name."
        return (f"{GEM_NAMES[most]} would bring more cards ({_cards_expected(outlook.expected[most])} against "
                f"{_cards_expected(outlook.expected[gem])}), but " + why[0].lower() + why[1:])

    def plan_words(self, plan) -> str:
        """A planned build in words: where, how far, the cards and the points (the model's, as for the move)."""
        state = self.state
        where = f"the {SIDE_NAMES[plan.side]} door of {room_name(state, plan.pos)}"
        how = "with a Warpstone, from afar" if plan.warp else (
            ("from where you stand" if tuple(plan.pos) == tuple(state.players[state.current]["pos"]) else
             "a cart ride away, no steps") if plan.steps == 0 else f"{plan.steps} step{'s' if plan.steps != 1 else ''} away")
        return f"{where} ({how}), where your hand pays: {cards_words(plan.cards)} for {_points(plan.points)}"

    # ---- words -------------------------------------------------------------------------------
    def words(self, action: Action) -> str:
        """An action in a person's words (for buttons, lists and the hint)."""
        state = self.state
        here = tuple(state.players[state.current]["pos"]) if not state.is_over else None
        if isinstance(action, Step):
            landing = M.follow(state.mine, here, action.side)
            return f"step {SIDE_NAMES[action.side]} into {room_name(state, landing.pos)}"
        if isinstance(action, Build):  # the points this payment scores, as every other line counts them
            door = M.door_at(state.mine, here, action.side)
            cost = S.standard_gems_short(sorted(door.cost, key=ALL_GEMS.index))
            return (f"build through {door_words(state, here, action.side)} (it costs {cost}), paying "
                    f"{cards_words(action.cards)}, for {_points(planner.build_points(state, action))}")
        if isinstance(action, WarpBuild):
            return (f"warp-build through {door_words(state, (action.x, action.y), action.side)}, paying "
                    f"{cards_words(action.cards)}, for {_points(planner.build_points(state, action))}")
        if isinstance(action, Warp):
            return f"warp to {room_name(state, (action.x, action.y))}, discarding {card_words(action.card)}"
        if isinstance(action, Ride):
            return f"ride the mine cart to the Mine Cart {offset_words(here, (action.x, action.y))}"
        if isinstance(action, CartWhistle):
            return f"whistle for the Mine Cart at {action.x}, {action.y} (Cart Whistle, 1 step)"
        if isinstance(action, Place):
            return f"place {C.ROOM_BY_ID[action.room].name} turned {action.rotation * 90}°"
        if isinstance(action, Discard):
            return f"discard {card_words(action.card)}"
        if isinstance(action, Keep):
            return f"keep {card_words(action.card)}"
        if isinstance(action, Burn):
            if action.player == DECK:
                return "burn the top card of the deck"
            owner = "your" if action.player == self.seat else f"player {action.player + 1}'s"
            if action.card is None or action.card < 0:  # a blind burn: chance picks the card
                return f"burn a card at random from {owner} hidden hand"
            return f"burn {card_words(action.card)} from {owner} hand"
        if isinstance(action, SwapPlaces):
            return f"swap places with player {action.player + 1}" + (" (Mirror Step)" if action.skill else "")
        if isinstance(action, MoveRoom):
            return f"move the elevator to {action.x}, {action.y}"
        if isinstance(action, UseRoom) and here is not None:
            return f"use {room_name(state, here)}"
        if isinstance(action, ChooseSkill):
            return f"keep the skill {C.SKILL_BY_ID[action.skill].name}"
        return str(action)

    def instruction_text(self) -> str:
        state = self.state
        if state.is_over:
            if state.options.mode == "crisis":
                target = state.options.target_score
                verdict = ("The team won!" if target is not None and state.team_score >= target else
                           "The team fell short." if target is not None else "The deck has burnt away.")
                return (f"<b>{verdict}</b> Team score {state.team_score} ({html.escape(state.ended_by)}). "
                        f"{self.hint_steps.summary()} Press <b>New game</b> to play again.{self._end_card()}")
            scores = state.scores()
            ranking = ", ".join(f"{seat_label(p, self.seat)} {score}" for p, score in
                                sorted(enumerate(scores), key=lambda item: -item[1]))
            verdict = "You win!" if self.seat in state.winners() else "The game is over."
            return (f"<b>{verdict}</b> Final scores: {html.escape(ranking)} ({html.escape(state.ended_by)}). "
                    f"{self.hint_steps.summary()} Press <b>New game</b> to play again.{self._end_card()}")
        if self.persons_turn():
            return f"<b>Your turn</b> (round {state.round_number}): " + self._turn_words()
        who = state.current_player
        pace = "" if self.live else " (bots move when asked)"
        doing = re.sub(r"^Player \d+: ", "", state.prompt())
        return (f"Player {who + 1} ({html.escape(self.strength)} bot) is playing: {html.escape(doing)}"
                f"<span class='gem-caption'>{pace}</span>")

    def _end_card(self) -> str:
        """The score table by source, why the game was won, and each player's builds and skills."""
        heads = [seat_label(p, self.seat) for p in range(self.state.num_players)]
        return ending_html(GS.ending(self.state, heads), heads, "Builds and skills")

    def _turn_words(self) -> str:
        state = self.state
        if state.pending is not None:
            return "place the new room." if state.pending["kind"] == "place" else "carry out the room's ability."
        return {"choose skill": "keep one of your two skills.", "check": "the team reached its target.",
                "discard": "discard down to your hand limit.",
                "move": "move and build (the steps and the ways are in the “Your turn” panel).",
                "action": "take your action.", "burn": "burn cards for the team.",
                "chaos": "keep or trade your skill."}.get(state.phase, html.escape(self.person_prompt()))

    # ---- driving from code (tests, notebooks) --------------------------------------------------
    def click_card(self, card: int, player: Optional[int] = None) -> None:
        """Click a card of your hand (or, with ``player``, of a team hand) as the mouse would."""
        player = self.seat if player is None else player
        view = self.hand_view if player == self.seat else self.team_view
        view.click(f"card:{player}:{card}")

    def click_place(self, rotation: int, room: Optional[str] = None) -> None:
        room = room or self.state.pending["tiles"][0]
        self.place_view.click(f"place:{room}:{rotation}")

    def click_keep(self, card: int) -> None:
        self.revealed_view.click(f"keep:{card}")


def view_deck_and_discards(state) -> int:
    """Cards a burn from the deck can still take (the discards are shuffled in when it runs out)."""
    return len(state.deck) + len(state.discards)


def _svg_size(document: str) -> tuple[float, float]:
    found = re.search(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"', document)
    return (float(found.group(1)), float(found.group(2))) if found else (300.0, 100.0)


def _nest(document: str, x: float, y: float) -> str:
    body = document[document.index("<svg"):]
    return body.replace("<svg", f'<svg x="{x:.0f}" y="{y:.0f}"', 1)


def _side_by_side(pictures: list[str]) -> str:
    """Several standalone SVG pictures in one row (one picture, so one clickable view)."""
    if not pictures:
        return ""
    x, height, parts = 0.0, 0.0, []
    for picture in pictures:
        w, h = _svg_size(picture)
        parts.append(_nest(picture, x, 0))
        x += w + 6
        height = max(height, h)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {x:.0f} {height:.0f}" width="{x:.0f}" '
            f'height="{height:.0f}">{"".join(parts)}</svg>')
