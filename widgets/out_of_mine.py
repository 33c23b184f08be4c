"""The Out of Mine! front end: your gallery board, a tile palette, the round clock and the bots.

You are player 1; bots play the other seats. The app holds no rules: every
placement, removal, call and side choice is an action the model checks
(``state.is_legal`` for the ghost's colour, ``apply`` for the move), and a
refusal puts the model's rule in the status line.

The round clock runs on a timer in the kernel's own event loop (no threads):
every ``TICK_INTERVAL_MS`` it adds the wall-clock time since the last tick
and lets the bots' round driver apply whatever bot moves fell due. Pass
``live=False`` to drive the clock by hand with :meth:`OutOfMineApp.tick`
(tests, notebooks that explain one step at a time).

The settings row under the scores chooses the next game's players (you and
1-3 bots) and the bots' strength (the registry's, or none: practise alone);
New game deals it. The bot pace (how many seconds a bot takes to lay each
tile) works at once, in the round under way too. The first-game pace,
"very slow", lays a tile every 25 s: every treasure card needs at least 5
tiles to fill a gallery, so no bot can call before 2:05 on the round clock,
time for a new player to fill a board (a play tester had placed nothing
after 40 s; measured in tests/unit/widgets/test_widgets_out_of_mine.py).

Undo: in a race, taking back a move would also take back the clock and the
bots' moves, so Undo is offered only without bots (``bots=()``: the other
seats sit the rounds out and you practise alone). It then takes back your
last tile move of the round under way, clock included. With bots, lift a
tile off the board instead (click it, or Delete).

>>> app = OutOfMineApp(seed=1, live=False)             # doctest: +SKIP
>>> app.choose_side("A"); app.select("red", "L4"); app.rotate(); app.place_at(0, 0)   # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import html
import time
from functools import lru_cache
from typing import Any, Callable, Iterable, Optional, Sequence

import anywidget
import ipywidgets as widgets
import traitlets

from minegames import out_of_mine as oom
from minegames.core import Action, MinegamesError, palette
from minegames.core.words import as_you
from minegames.core.polyomino import flipped, translate, turned
from minegames.core.words import plural
from minegames.out_of_mine import COLOURS, SIZES, Call, ChooseSide, Done, Place, Remove, Tick, clock_text
from minegames.out_of_mine import scoring as OS
from minegames.out_of_mine.state import TileOffer, board_name, player_name

from .board import GridBoard
from .endings import ending_html
from .components import (BASE_CSS, ActionButton, GameApp, HintSteps, PacedBots, assign, choice_values, control_row,
                         error_text, guard, joined, keep_to_options, panel, set_classes, show, style_tag)

HUMAN = 0
#: After the total of each winner once the game is over (plain text: not every browser has emoji).
WINNER_MARK = " winner"
#: How often the live clock ticks (ms of wall time); each tick adds the time really elapsed.
TICK_INTERVAL_MS = 250
#: The bot paces offered: the round-clock ms a bot takes to lay each tile (or take one off).
BOT_PACES = {"very slow": 25_000, "slow": 12_000, "steady": 6_000, "fast": 3_000, "very fast": 1_500}
#: The pace of a first game: a treasure card fills a gallery with 5 tiles or more, so no bot can
#: call before 5 x 25 s = 2:05 (a new player needs well over 40 s for a first tile).
FIRST_GAME_PACE = "very slow"
#: The bots' strength choice that seats no bots: the other seats sit the rounds out.
PRACTICE = "none"


OOM_CSS = """
.oom-app .oom-main { gap: 14px; align-items: flex-start; flex-flow: row wrap; }
.oom-app .oom-col { gap: 8px; }
.oom-app .oom-left { flex: 0 0 290px; width: 290px; }
.oom-app .oom-left .oom-status { overflow-wrap: anywhere; }
.oom-app .oom-middle { flex: 1 1 380px; min-width: 320px; max-width: 470px; }
.oom-app .oom-right { flex: 0 1 270px; min-width: 220px; }
.oom-app .oom-card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 10px; background: #fff; }
.oom-app .oom-card-title { font-size: 12px; font-weight: 600; color: #6d4c41;
  text-transform: uppercase; letter-spacing: .04em; }
.oom-app .oom-caption { font-size: 12px; color: #555; }
.oom-app .oom-clock { font-size: 22px; font-weight: 600; font-variant-numeric: tabular-nums; }
.oom-app .oom-clock small { font-size: 12px; font-weight: 400; color: #666; }
.oom-app .oom-treasure table, .oom-app .oom-results table { border-collapse: collapse; font-size: 13px; }
.oom-app .oom-treasure td, .oom-app .oom-treasure th, .oom-app .oom-results td,
.oom-app .oom-results th { padding: 2px 8px; text-align: left; border-bottom: 1px solid #eee; }
.oom-app .oom-results td.oom-num, .oom-app .oom-results th.oom-num { text-align: right; }
.oom-app .oom-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 3px;
  border: 1px solid #0005; margin-right: 5px; vertical-align: -1px; }
.oom-app .oom-palette { flex-flow: row wrap; gap: 4px; }
.oom-app .oom-piece { align-items: center; gap: 0; }
.oom-app .oom-piece .oom-icon { height: 46px; display: flex; align-items: flex-end; }
.oom-app .oom-shape { min-width: 56px; font-size: 12px; padding: 0 6px; }
.oom-app .oom-shape.oom-selected { box-shadow: 0 0 0 2px #b08d3c; font-weight: 600; }
.oom-app .oom-held { min-height: 54px; gap: 10px; align-items: center; }
.oom-app .oom-call { font-weight: 700; }
.oom-app .oom-bot-caption { font-size: 12px; }
.oom-app .oom-side-choice { gap: 16px; flex-flow: row wrap; }
.oom-app .oom-results .oom-total td { font-weight: 700; border-top: 2px solid #bbb; }
/* a phone: one column in the order a race is played, the supply right above the board and the
   tile's buttons right under it, so that a race needs no scrolling between them */
@media (max-width: 600px) {
  .oom-app .oom-main { flex-flow: column nowrap; align-items: stretch; gap: 6px; }
  .oom-app .oom-main > .oom-col { display: contents !important; }
  .oom-app .oom-side-card { order: 1; }
  .oom-app .oom-clock { order: 2; font-size: 18px; }
  .oom-app .oom-palette-card { order: 3; padding: 4px 8px; align-self: stretch; }
  .oom-app .oom-board-caption { order: 4; }
  .oom-app .oom-board { order: 5; align-self: center; }
  .oom-app .oom-status { order: 6; }
  .oom-app .oom-hand-card { order: 7; padding: 4px 8px; }
  .oom-app .oom-play-row { order: 8; }
  .oom-app .oom-score { order: 9; }
  .oom-app .oom-treasure-card { order: 10; }
  .oom-app .oom-others-card { order: 11; }
  .oom-app .oom-palette { display: grid !important; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: 2px 4px;
    width: 100%; box-sizing: border-box; }
  .oom-app .oom-shape { min-width: 0; width: 100% !important; }
  .oom-app .oom-piece .oom-icon { height: 28px; }
  .oom-app .oom-piece .oom-icon svg { max-height: 26px; width: auto; height: auto; }
  .oom-app .oom-held { min-height: 0; }
}
"""


class PointerKind(anywidget.AnyWidget):
    """How the person last pressed on the page: "mouse", "touch" or "pen" (the browser's
    pointerType). A tap on a touch screen brings no hover before its click, so the app shows
    where the tile would go on a first tap and lays it on a second (see ``_tap_shows_first``)."""

    _esm = r"""
function render({ model }) {
  const seen = (event) => {
    if (event.pointerType && model.get("kind") !== event.pointerType) {
      model.set("kind", event.pointerType);
      model.save_changes();
    }
  };
  document.addEventListener("pointerdown", seen, true);
  return () => document.removeEventListener("pointerdown", seen, true);
}
export default { render };
"""
    kind = traitlets.Unicode("mouse").tag(sync=True)


# ---------------------------------------------------------------------------
# the live clock
# ---------------------------------------------------------------------------


class LiveTimer:
    """Calls ``step(elapsed_ms)`` every ``interval_ms`` on the kernel's event loop.

    Jupyter and Voila run widget callbacks on the kernel's main thread, on its
    tornado/asyncio loop; a ``PeriodicCallback`` on that loop runs there too, so
    nothing touches widgets from another thread. ``step`` gets the time really
    elapsed, so a slow tick does not slow the round clock.
    """

    def __init__(self, step: Callable[[int], Any], interval_ms: int = TICK_INTERVAL_MS):
        self.step = step
        self.interval_ms = interval_ms
        self._callback = None
        self._last = 0.0

    @property
    def running(self) -> bool:
        return self._callback is not None

    def start(self) -> None:
        if self._callback is not None:
            return
        from tornado.ioloop import PeriodicCallback

        self._last = time.monotonic()
        self._callback = PeriodicCallback(self._fire, self.interval_ms)
        self._callback.start()

    def stop(self) -> None:
        if self._callback is not None:
            self._callback.stop()
            self._callback = None

    def _fire(self) -> None:
        now = time.monotonic()
        elapsed = int((now - self._last) * 1000)
        if elapsed <= 0:
            return
        self._last += elapsed / 1000
        self.step(elapsed)


# ---------------------------------------------------------------------------
# small pictures and helpers
# ---------------------------------------------------------------------------


@lru_cache(maxsize=512)
def shape_icon(cells: frozenset, colour: str, cell: int = 10, mark: Optional[tuple] = None) -> str:
    """A small SVG of a crystal shape (a palette button's picture, the tile in hand)."""
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    fill, stroke = palette.gem_fill(colour), palette.gem_outline(colour)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{cols * cell + 2}" height="{rows * cell + 2}" '
             f'viewBox="-1 -1 {cols * cell + 2} {rows * cell + 2}" role="img" aria-label="{colour} crystal">']
    for r, c in sorted(cells):
        parts.append(f'<rect x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" '
                     f'fill="{fill}" stroke="{stroke}" stroke-width="1"/>')
    if mark is not None:
        (r, c), kind = mark
        disc, letter = palette.find_style(kind)
        parts.append(f'<circle cx="{(c + .5) * cell}" cy="{(r + .5) * cell}" r="{cell * .32}" fill="{disc}" '
                     f'stroke="#2b2118"/><text x="{(c + .5) * cell}" y="{(r + .5) * cell}" font-size="{cell * .42}" '
                     f'text-anchor="middle" dominant-baseline="central" font-weight="700">{letter}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _swatch(colour: str) -> str:
    return f'<span class="oom-swatch" style="background:{palette.gem_fill(colour)}"></span>'


def _card_box(title: str, children: list[widgets.Widget], extra_class: str = "") -> widgets.VBox:
    return panel(title, children, "oom", extra_class)


def _row(children: list[widgets.Widget], css_class: str = "mg-row") -> widgets.HBox:
    return control_row(children, css_class)


def _button(description: str, css_class: str, tooltip: str = "", **kwargs: Any) -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"), **kwargs)
    button.add_class(css_class)
    return button


# ---------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------


def person_words(line: str) -> str:
    """A log line as the person reads it: "you place ..." (the model's log stays neutral)."""
    return as_you(line, f"player {HUMAN + 1}")


class _PersonsLog:
    """The game log as the log box reads it (``lines``), with the person's seat called "you"."""

    def __init__(self, log):
        self._log = log

    def lines(self, *args: Any, **kwargs: Any) -> list[str]:
        return [person_words(line) for line in self._log.lines(*args, **kwargs)]


class OutOfMineApp(GameApp):
    """Play Out of Mine! against bots, or alone with ``bots=()``; ``state`` is the model game.

    ``bots`` names each bot's strength, from ``oom.GAME.bots`` (one per other seat; a shorter
    tuple repeats its last entry; ``()``: practise alone); ``bot_pace`` names how fast the bots
    lay their tiles (one of ``bot_paces``).
    """

    prefix = "oom"
    log_lines = 8
    bot_paces: dict[str, int] = BOT_PACES

    def __init__(self, seed: Optional[int] = None, players: int = 2, bots: Sequence[str] | str = ("good",),
                 bot_pace: str = FIRST_GAME_PACE, *, live: bool = True, state: Optional[oom.OutOfMine] = None,
                 **options: Any):
        if state is None:
            state = oom.new_game(seed=seed, players=players, **options)
        elif options:
            raise TypeError("pass either a state or options for a new game, not both")
        self.bot_skills = tuple(PacedBots.checked_strength(skill, oom.GAME)
                                for skill in ((bots,) if isinstance(bots, str) else tuple(bots)))
        self.check_bot_pace(bot_pace)
        self._bot_seed = seed
        self.bot_pace = bot_pace
        self.bot_speed_ms = self.bot_paces[bot_pace]  # round-clock ms a bot takes per tile
        self.live = live
        self.timer = LiveTimer(self._timer_step)
        self.selected: Optional[tuple] = None  # the kit kind of the tile in hand
        self.orientation = 0
        self._hint_cells: frozenset = frozenset()
        self._hint_for: tuple = ()  # your tiles when the hint was given; a move makes it stale
        self._hint_step = None  # the placement "Show the move" outlined, while the outline shows
        self.hint_steps = HintSteps()  # first press: what to weigh; second: one placement
        self._driver = None
        self._build_widgets(state)
        super().__init__(state, new_game=self._fresh_game, load=oom.load)
        guard(self.find_choice, self.refuse_input, "find")
        guard(self.remove_mode, self.refuse_input, "remove mode")
        for choice, name in ((self.players_choice, "players"), (self.strength_choice, "bot strength"),
                             (self.pace_choice, "bot pace")):
            guard(choice, self.refuse_input, name)
            keep_to_options(choice, self.refuse_input, name)

    # ---- seats ----------------------------------------------------------------
    @property
    def bot_players(self) -> list[int]:
        """Seats the bots play (none when practising alone)."""
        return list(range(1, self.state.num_players)) if self.bot_skills else []

    def bot_skill(self, player: int) -> str:
        return self.bot_skills[min(player - 1, len(self.bot_skills) - 1)]

    def _fresh_game(self, seed: Optional[int]) -> oom.OutOfMine:
        """A new game with the players and bots of the settings row, and the other options of the
        game on screen (a loaded game keeps its variant)."""
        options = dict(dataclasses.asdict(self.state.options), players=self.players_choice.value)
        state = oom.new_game(seed=seed, **options)
        strength = self.strength_choice.value
        if strength == PRACTICE:
            self.bot_skills = ()
        elif self.bot_skills[:1] != (strength,):  # a table of mixed bots stays while its first is chosen
            self.bot_skills = (strength,)
        self._bot_seed = seed
        return state

    # ---- the bots' pace -----------------------------------------------------------------
    def check_bot_pace(self, bot_pace: str) -> None:
        if bot_pace not in self.bot_paces:
            raise ValueError(f"bot pace is one of {', '.join(self.bot_paces)}, not {bot_pace!r}")

    @staticmethod
    def _seconds(ms: int) -> str:
        return f"{ms / 1000:g} s"

    def _pace_changed(self) -> None:
        """A new pace works at once: each bot plans the rest of its round again from now."""
        pace = self.pace_choice.value
        if pace not in self.bot_paces or pace == self.bot_pace:  # keep_to_options puts the pace back
            return
        self.bot_pace, self.bot_speed_ms = pace, self.bot_paces[pace]
        if self._driver is not None:
            from minegames.out_of_mine.bots import BotDriver

            for bot in self._driver.bots.values():
                bot.speed = self.bot_speed_ms
            self._driver = BotDriver(self._driver.bots)
        assign(self.pace_caption, value=self._pace_words())
        self.status.say(f"bot pace: {pace}, a tile every {self._seconds(self.bot_speed_ms)} from now on", "info")

    def _pace_words(self) -> str:
        return f'<span class="oom-caption">a bot lays a tile every {self._seconds(self.bot_speed_ms)}</span>'

    # ---- building -------------------------------------------------------------
    def _build_widgets(self, state: oom.OutOfMine) -> None:
        self.board = GridBoard(rows=8, cols=5, cell_size=46, caption="your gallery board")
        self.board.add_class("oom-board")
        self.board.on_click(self._board_clicked)
        self.board.on_key(self._board_key)
        self.board.on_refused(lambda reason: self.refuse_input(reason))
        self.board_caption = widgets.HTML()
        self.board_caption.add_class("oom-caption")
        self.board_caption.add_class("oom-board-caption")
        self.pointer_kind = PointerKind(layout=widgets.Layout(display="none"))
        self._previewed: Optional[tuple] = None  # (cell, tile kind) a first tap showed

        self.clock = widgets.HTML()
        self.clock.add_class("oom-clock")
        self.score_line = widgets.HTML()
        self.score_line.add_class("oom-score")

        self.side_previews = {side: GridBoard(cell_size=18, interactive=False, caption=f"side {side}")
                              for side in ("A", "B")}
        self.side_buttons = {
            side: ActionButton(f"Play side {side}", lambda side=side: ChooseSide(HUMAN, side), self.act,
                               css_class="oom-side", button_style="primary",
                               tooltip=f"lay your board with side {side} up; the clock starts when all have chosen")
            for side in ("A", "B")
        }
        for side, button in self.side_buttons.items():
            button.add_class(f"oom-side-{side.lower()}")
        self.side_choice = _row([widgets.VBox([self.side_previews[s], self.side_buttons[s]]) for s in ("A", "B")],
                                "oom-side-choice")

        self.treasure = widgets.HTML()
        self.treasure.add_class("oom-treasure")
        self.palette = _row([], "oom-palette")
        self._pieces: dict[tuple[str, int], tuple[widgets.VBox, widgets.HTML, widgets.Button]] = {}
        self.find_choice = widgets.ToggleButtons(options=[], style={"button_width": "auto"})
        self.find_choice.add_class("oom-find-choice")
        self.find_choice.observe(self._find_chosen, names="value")
        self.held_icon = widgets.HTML()
        self.held_text = widgets.HTML()
        self.held_text.add_class("oom-caption")
        self.rotate_button = _button("Turn (r)", "oom-rotate", "turn the tile in hand a quarter turn clockwise",
                                     icon="repeat")
        self.rotate_button.on_click(lambda _b: self.rotate())
        self.flip_button = _button("Flip (f)", "oom-flip", "turn the tile in hand over", icon="exchange")
        self.flip_button.on_click(lambda _b: self.flip())
        self.drop_button = _button("Put back (Esc)", "oom-drop", "put the tile in hand back in the supply")
        self.drop_button.on_click(lambda _b: self.drop())
        self.remove_mode = widgets.ToggleButton(value=False, description="Remove mode", icon="eraser",
                                                tooltip="while pressed, a click on a tile takes it off the board",
                                                layout=widgets.Layout(width="auto"))
        self.remove_mode.add_class("oom-remove-mode")
        self.remove_mode.observe(lambda _c: self._refresh_hand(), names="value")

        self.call_button = ActionButton("Out of Mine!", lambda: Call(HUMAN), self.act, css_class="oom-call",
                                        button_style="success", tooltip="every gallery space is covered: stop the round")
        self.done_button = ActionButton("Done", lambda: Done(HUMAN), self.act, css_class="oom-done",
                                        button_style="warning", tooltip="stop placing without calling")
        self.hint_button = _button("Hint", "oom-hint", "first what to weigh on your board, then one tile to lay",
                                   icon="lightbulb-o")
        self.hint_button.on_click(lambda _b: self.show_hint())

        self.bot_boards: dict[int, GridBoard] = {}
        self.bot_captions: dict[int, widgets.HTML] = {}
        self.bots_box = widgets.VBox([])
        self.results = widgets.HTML()
        self.results.add_class("oom-results")
        self._build_settings(state)

    def _build_settings(self, state: oom.OutOfMine) -> None:
        """The settings row (players and bots for New game) and the bot pace (at once)."""
        self.players_choice = widgets.Dropdown(options=[(str(n), n) for n in oom.GAME.players],
                                               value=state.num_players, description="players",
                                               layout=widgets.Layout(width="130px"),
                                               style={"description_width": "52px"})
        self.players_choice.add_class("oom-players")
        strengths = [(name, name) for name in oom.GAME.strengths()] + [("none: practise alone", PRACTICE)]
        self.strength_choice = widgets.Dropdown(options=strengths,
                                                value=self.bot_skills[0] if self.bot_skills else PRACTICE,
                                                description="bots", layout=widgets.Layout(width="220px"),
                                                style={"description_width": "36px"})
        self.strength_choice.add_class("oom-strength")
        self.pace_choice = widgets.ToggleButtons(
            options=list(self.bot_paces), value=self.bot_pace, style={"button_width": "auto"},
            tooltips=[f"a bot lays a tile every {self._seconds(ms)}" for ms in self.bot_paces.values()])
        self.pace_choice.add_class("oom-pace")
        self.pace_choice.observe(lambda _c: self._pace_changed(), names="value")
        self.pace_caption = widgets.HTML(self._pace_words())

    def build(self) -> list[widgets.Widget]:
        self.status.add_class("oom-status")
        self.hand_card = _card_box("Tile in hand", [
            _row([self.held_icon, self.held_text], "oom-held"),
            self.find_choice,
            _row([self.rotate_button, self.flip_button, self.drop_button, self.remove_mode])], "oom-hand-card")
        self.palette_card = _card_box("Crystal supply", [self.palette], "oom-palette-card")
        self.side_card = _card_box("Choose your board's side", [self.side_choice], "oom-side-card")
        self.treasure_card = _card_box("Your treasure card", [self.treasure], "oom-treasure-card")
        left = widgets.VBox([self.board_caption, self.board, self.status])
        left.add_class("oom-left")
        middle = self.middle = widgets.VBox([self.side_card, self.treasure_card, self.palette_card, self.hand_card])
        middle.add_class("oom-middle")
        self.play_row = _row([self.call_button, self.done_button, self.hint_button], "oom-play-row")
        right = widgets.VBox([self.clock, self.score_line, self.play_row,
                              _card_box("The other dwarfs", [self.bots_box], "oom-others-card")])
        right.add_class("oom-right")
        for column in (left, middle, right):
            column.add_class("oom-col")
        main = widgets.HBox([left, middle, right], layout=widgets.Layout(align_items="flex-start"))
        main.add_class("oom-main")
        pace = _row([widgets.HTML("Bot pace:"), self.pace_choice, self.pace_caption])
        settings = _row([widgets.HTML("<b>New game:</b>"), self.players_choice, self.strength_choice])
        return [style_tag(BASE_CSS), style_tag(OOM_CSS), self.pointer_kind, self.instruction, main,
                _card_box("Scores", [self.results]), pace, settings, self.controls, self.log_view]

    # ---- the tile in hand ---------------------------------------------------------
    @property
    def finds_count(self) -> bool:
        return self.state.options.finds

    def _kind(self, tile: int) -> tuple:
        return self.state.kit.kind(tile, with_find=self.finds_count)

    def held_tile(self) -> Optional[int]:
        """A free tile of the kind in hand (tiles of one kind are interchangeable), or None."""
        if self.selected is None:
            return None
        for tile in self.state.free_tiles():
            if self._kind(tile) == self.selected:
                return tile
        return None

    def held_shape(self) -> Optional[frozenset]:
        tile = self.held_tile()
        return None if tile is None else self.state.kit.orient(tile, self.orientation)[0]

    def palette_kinds(self) -> dict[tuple[str, int], TileOffer]:
        """The (colour, shape)s the palette shows, as the model offers them to you
        (``state.tile_offers``): free count, whether offered, and why not."""
        return {key: offer for key, offer in self.state.tile_offers(HUMAN).items() if offer.listed}

    def _shape_index(self, colour: str, shape: int | str) -> int:
        names = list(self.state.kit.names.get(colour, ()))
        if colour not in self.state.kit.shapes:
            raise ValueError(f"no crystal colour {colour!r}; colours are {', '.join(COLOURS)}")
        if isinstance(shape, str):
            if shape not in names:
                raise ValueError(f"no {colour} shape {shape!r}; {colour} shapes are {', '.join(names)}")
            return names.index(shape)
        if not isinstance(shape, int) or isinstance(shape, bool) or not 0 <= shape < len(names):
            raise ValueError(f"{colour} shapes are 0..{len(names) - 1}, not {shape}")
        return shape

    def select(self, colour: str, shape: int | str = 0, find: Optional[str] = None) -> bool:
        """Take a tile of ``colour`` and ``shape`` (index or name, e.g. "L4") in hand.

        With the finds variant, ``find`` picks a tile showing that find
        ("none" for a plain one); otherwise the first free tile of the shape.
        """
        try:
            index = self._shape_index(colour, shape)
        except (ValueError, TypeError) as error:
            self.status.error(str(error))
            return False
        offer = self.state.tile_offers(HUMAN)[(colour, index)]
        name = self.state.kit.kind_words(colour, index)
        if not offer.offered:
            self.status.error(f"{offer.rule}: {offer.reason}")
            return False
        kinds = self._kinds_of(colour, index)
        if find is not None:
            kinds = [k for k in kinds if (k[2] is None and find == "none") or (k[2] is not None and k[2][1] == find)]
            if not kinds:
                self.status.error(f"no such tile: no free {name} shows {find}")
                return False
        self.selected = kinds[0]
        self.orientation = 0
        self._hint_cells = frozenset()
        assign(self.remove_mode, value=False)
        self.status.say(f"in hand: the {name}; click your board where it shows green", "info")
        self._refresh_hand()
        self._refresh_palette()
        return True

    def _kinds_of(self, colour: str, shape: int) -> list[tuple]:
        """The kinds of free tile of one shape, plain ones first (they differ only with the finds variant)."""
        found = []
        for tile in self.state.free_tiles():
            kind = self._kind(tile)
            if kind[:2] == (colour, shape) and kind not in found:
                found.append(kind)
        return sorted(found, key=lambda k: (k[2] is not None, repr(k[2])))

    def rotate(self) -> None:
        """Turn the tile in hand a quarter turn clockwise."""
        if self.selected is None:
            self.status.error("no tile in hand: pick one in the crystal supply first")
            return
        self.orientation = turned(self.orientation)
        self._refresh_hand()

    def flip(self) -> None:
        """Turn the tile in hand over (when the options allow mirror images)."""
        if self.selected is None:
            self.status.error("no tile in hand: pick one in the crystal supply first")
            return
        if not self.state.options.flips:
            self.status.error("orientation: this game is played without flips; tiles may only be turned")
            return
        self.orientation = flipped(self.orientation)
        self._refresh_hand()

    def drop(self) -> None:
        """Put the tile in hand back (nothing on the board changes)."""
        self.selected = None
        self.orientation = 0
        assign(self.remove_mode, value=False)
        self._refresh_hand()
        self._refresh_palette()

    def _find_chosen(self, change) -> None:
        new = change["new"]
        if new is None or new == self.selected:
            return
        if self.selected is None or new not in choice_values(self.find_choice) \
                or new not in self._kinds_of(*self.selected[:2]):
            self.refuse_input(f"find: choose one of the tiles offered (got {new!r})")
            return
        self.selected = new
        self._refresh_hand()

    # ---- moves on the board ---------------------------------------------------------
    def place_action(self, row: int, col: int) -> Optional[Place]:
        """The model's Place for the tile in hand with its (0, 0) at (row, col)."""
        tile = self.held_tile()
        return None if tile is None else Place(HUMAN, tile, self.orientation, row, col)

    def place_at(self, row: int, col: int) -> bool:
        """Lay the tile in hand with the turned shape's (0, 0) at (row, col), as ``Place`` names it."""
        action = self.place_action(row, col)
        if action is None:
            self.status.error("no tile in hand: pick one in the crystal supply first")
            return False
        return self.act(action)

    def remove_at(self, row: int, col: int) -> bool:
        """Take your tile covering board cell (row, col) back to the supply."""
        tile = self._tile_at((row, col))
        if tile is None:
            self.status.error(f"no tile there: none of your tiles covers row {row + 1}, column {col + 1}")
            return False
        return self.act(Remove(HUMAN, tile))

    def pick_up(self, row: int, col: int) -> bool:
        """Lift your tile at (row, col) off the board and hold it as it lay, to lay it elsewhere."""
        tile = self._tile_at((row, col))
        if tile is None:
            self.status.error(f"no tile there: none of your tiles covers row {row + 1}, column {col + 1}")
            return False
        orientation = next(p.orientation for p in self.state.placed[HUMAN] if p.tile == tile)
        if not self.act(Remove(HUMAN, tile)):
            return False
        self.selected, self.orientation = self._kind(tile), orientation
        self._refresh_hand()
        self._refresh_palette()
        return True

    def _tile_at(self, cell: tuple[int, int]) -> Optional[int]:
        for placed in self.state.placed[HUMAN] if self.state.phase == "placing" else ():
            if cell in placed.cells:
                return placed.tile
        return None

    def call(self) -> bool:
        """Shout "Out of Mine!" (the model refuses while a gallery space is empty)."""
        return self.act(Call(HUMAN))

    def done(self) -> bool:
        return self.act(Done(HUMAN))

    def choose_side(self, side: str) -> bool:
        return self.act(ChooseSide(HUMAN, side))

    def _board_clicked(self, cell: tuple[int, int]) -> None:
        state = self.state
        if state.phase != "placing":
            return
        if self.remove_mode.value:
            self.remove_at(*cell)
        elif self.selected is not None:
            found = self._outlined_placement(cell)
            if found is None:
                found = self.board.placement_at(cell)
                if found is not None and self._tap_shows_first(cell):
                    return
            if found is not None and self.place_at(*found[0]):
                self.board.rest()  # show the new tile, not the next one's shadow over it
        elif self._tile_at(cell) is not None:
            self.pick_up(*cell)
        else:
            self.status.say("pick a crystal in the supply first, then click where its shadow fits", "info")

    def _outlined_placement(self, cell: tuple[int, int]) -> Optional[tuple[tuple[int, int], frozenset]]:
        """(offset, cells) of the hint's shown move when ``cell`` is in its gold outline and that
        tile is in hand as the hint turned it: any square of the outline lays it there (the outline
        was the preview, so a finger need not find the tile's top-left square)."""
        step = self._hint_step
        if step is None or step.cells != self._hint_cells or cell not in step.cells:
            return None
        if self.selected is None or self.selected[:2] != (step.colour, step.shape) or self.orientation != step.orientation:
            return None
        return (step.row, step.col), step.cells

    def _tap_shows_first(self, cell: tuple[int, int]) -> bool:
        """On a touch screen, whether this tap only shows the tile's shadow (True) or lays it.

        A mouse shows the shadow before the click; a finger does not, so the first tap on a cell
        shows it, and a second tap on the same cell with the same tile lays it (turned or flipped
        meanwhile, the shadow there turned with it: it was seen)."""
        if self.pointer_kind.kind != "touch":
            return False
        shown = (cell, self.selected)
        if self._previewed == shown:
            self._previewed = None
            return False
        self._previewed = shown
        self.status.say("the shadow shows where the tile would go: tap the same spot again to lay it"
                        if self.board.ghost_ok else
                        "the tile does not fit there (red shadow): tap another spot, or turn the tile", "info")
        return True

    def _board_key(self, key: str, cell: Optional[tuple[int, int]]) -> None:
        if key == "r":
            self.rotate()
        elif key == "f":
            self.flip()
        elif key == "Escape":
            self.drop()
        elif key == "Delete" and cell is not None:
            self.remove_at(*cell)

    # ---- the clock and the bots -----------------------------------------------------
    def tick(self, ms: int) -> bool:
        """Move the round clock on by ``ms``, applying the bots' moves that fall due meanwhile.

        The live timer calls this; with ``live=False`` tests and lessons call it by hand.
        """
        state = self.state
        if state.phase != "placing":
            self.status.error("not placing: the round clock runs only while tiles are being placed")
            return False
        before = (len(state.log), state.round, state.phase)
        try:
            self._advance(ms)
        except MinegamesError as error:
            self.timer.stop()
            self.status.error(error_text(error))
            self.refresh()
            return False
        if (len(state.log), state.round, state.phase) == before:
            self._refresh_clock()
            return True
        round_over = (state.round, state.phase) != before[1:]
        self.after_change()
        if round_over:
            self.report_since(before[0], fallback="the round is over")
        self.refresh()
        return True

    def _timer_step(self, ms: int) -> None:
        if self.state.phase != "placing":
            self.timer.stop()
            return
        self.tick(ms)

    def _sync_timer(self) -> None:
        """Run the live clock exactly while tiles are being placed."""
        if self.live and self.state.phase == "placing":
            self.timer.start()
        else:
            self.timer.stop()

    def stop(self) -> None:
        """Stop the live clock (the round pauses until a move or ``start``)."""
        self.timer.stop()

    def start(self) -> None:
        self._sync_timer()

    def close(self) -> None:
        if hasattr(self, "timer"):  # not when the constructor refused its arguments
            self.timer.stop()
        super().close()

    def on_new_state(self) -> None:
        self.selected, self.orientation = None, 0
        self._hint_cells = frozenset()
        self.hint_steps.reset()
        self._make_driver()
        self._fit_bot_boards()
        assign(self.players_choice, value=self.state.num_players)  # a loaded game's table

    def after_change(self) -> None:
        """Seat-fillers act at once (bots pick sides; empty seats sit the round out), the tile
        in hand follows the supply, and the clock runs only while tiles are placed."""
        self._seat_moves()
        if self.selected is not None and (self.held_tile() is None or not self._selection_offered()):
            self.selected, self.orientation = None, 0
        if self.state.phase != "placing" or self.state.placed[HUMAN] != self._hint_for:
            self._hint_cells = frozenset()
        self._sync_timer()

    def _selection_offered(self) -> bool:
        return self.state.tile_offers(HUMAN)[self.selected[:2]].offered

    # ---- undo (practice only) ------------------------------------------------------
    def _last_own_move(self) -> Optional[int]:
        """Index in the history of your last tile move this round, if only clock ticks follow it."""
        if self.bot_players or self.state.phase != "placing":
            return None
        history = self.state.history
        for index in range(len(history) - 1, -1, -1):
            action = history[index]
            if isinstance(action, Tick):
                continue
            if isinstance(action, (Place, Remove)) and action.player == HUMAN:
                return index
            return None
        return None

    def undo_refusal(self) -> Optional[str]:
        """Why Undo is refused now: the race (with bots), no move of yours to take back, or the model's reason."""
        if self.bot_players:
            return "with bots the race cannot be rewound: lift the tile off the board instead"
        if self._last_own_move() is None:
            return "nothing to take back: no tile move of yours in this round"
        return self.state.undo_refusal()

    def undo(self) -> bool:
        """Take back your last tile move (practice without bots only), and the clock since."""
        why = self.undo_refusal()
        if why is not None:
            self.status.error(f"no undo: {why}")
            return False
        index, action = self._last_own_move(), None
        try:
            while len(self.state.history) > index:
                action = self.state.undo()
        except MinegamesError as error:
            self.status.error(error_text(error))
            self.after_change()
            self.refresh()
            return False
        self.after_change()
        self.status.say(f"took back: {person_words(self.state.action_words(action))}", "info")
        self.refresh()
        return True

    # ---- hint -------------------------------------------------------------------------
    def hint_key(self) -> tuple:
        """The position a hint is about: your tiles this round (the clock and the bots do not count)."""
        state = self.state
        return state.round, state.phase, state.placed[HUMAN]

    def show_hint(self):
        """A hint in two presses (:class:`HintSteps`): first what to weigh on your board, then one
        move: the tile to take off, or the next tile to lay (put in your hand, turned the right way).
        Returns the model's :class:`~minegames.out_of_mine.hint_words.Weighing`."""
        from minegames.out_of_mine import hint_words

        state = self.state
        if state.phase != "placing" or state.finished_ms[HUMAN] is not None:
            self.status.error("no hint: hints are for a round you are still placing in")
            return None
        weighing = hint_words.weigh(state, HUMAN)
        if self.hint_steps.press(self.hint_key()) == HintSteps.EXPLAIN:
            self._hint_cells = frozenset()
            more = "" if weighing.covered_all else ' Press "Show the move" for one placement.'
            self.status.say(f"hint: {weighing.explanation()}{more}", "info")
            self.refresh()
            return weighing
        if weighing.remove is not None:
            self._hint_cells = next(p.cells for p in state.placed[HUMAN] if p.tile == weighing.remove)
            self._hint_for = state.placed[HUMAN]
        elif weighing.step is not None:
            step = weighing.step
            kinds = self._kinds_of(step.colour, step.shape)
            self.selected, self.orientation = (kinds[0] if kinds else None), step.orientation
            self._hint_cells, self._hint_for, self._hint_step = step.cells, state.placed[HUMAN], step
        self.status.say(f"hint: {weighing.move()}", "info")
        self.refresh()
        return weighing

    # ---- drawing -------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw from the state. Unlike ``GameApp.refresh`` no whole-table SVG is drawn: the
        board widgets show the tables, and a click only re-sends what changed."""
        state = self.state
        self.log_view.show_log(_PersonsLog(state.log), state.log_unit)
        assign(self.instruction, value=self.instruction_text())
        self.sync_undo_button()
        show(self.controls.undo_button, not self.bot_players)
        placing = state.phase == "placing"
        still_placing = placing and state.finished_ms[HUMAN] is None
        show(self.middle, not state.is_over)  # every card in it is for playing: at the end it goes
        show(self.side_card, state.phase == "choose_sides")
        show(self.treasure_card, placing)
        for part in (self.palette_card, self.hand_card, self.play_row):
            show(part, still_placing)
        self._refresh_board()
        self._refresh_sides()
        self._refresh_treasure()
        self._refresh_palette()
        self._refresh_hand()
        self._refresh_clock()
        self._refresh_bots()
        self._refresh_results()
        for button in (self.call_button, self.done_button):
            enabled = still_placing and state.is_legal(button.action_for())
            assign(button, disabled=not enabled)
            button.arm(enabled)  # newly enabled: a click meant for what stood there before does nothing
        assign(self.hint_button, disabled=not still_placing or self.hint_steps.move_shown(self.hint_key()),
               description=self.hint_steps.button_label(self.hint_key()))

    def _tiles_drawn(self, placed: Iterable, with_finds: bool) -> tuple[list[dict], list[dict]]:
        """Board-widget tiles and find markers for placed tiles given as (tile, orientation, row, col)."""
        kit = self.state.kit
        tiles, marks = [], []
        for tile, k, row, col in placed:
            t = kit.tiles[tile]
            cells, mark = kit.orient(tile, k)
            tiles.append({"key": tile, "cells": translate(cells, row, col), "fill": palette.gem_fill(t.colour),
                          "stroke": palette.gem_outline(t.colour), "title": kit.tile_words(tile)})
            if with_finds and mark is not None:
                fill, letter = palette.find_style(t.find[1])
                marks.append({"row": mark[0] + row, "col": mark[1] + col, "label": letter, "fill": fill,
                              "title": t.find[1]})
        return tiles, marks

    def _elf_markers(self, board) -> list[dict]:
        if board is None or not self.state.options.elves:
            return []
        return [{"row": elf.cell[0], "col": elf.cell[1], "edge": elf.edge, "fill": palette.gem_fill(elf.colour),
                 "label": "e", "title": f"{elf.colour} elf: +1 for a {elf.colour} crystal on this space"}
                for elf in board.elves]

    def _board_picture(self, player: int) -> tuple[Any, list, str]:
        """(board side, placed tiles as (tile, k, row, col), caption) for ``player`` now.

        While sides are being chosen the last round's boards are shown as the check left them.
        """
        state = self.state
        if state.phase == "placing":
            return state.boards[player], [p[:4] for p in state.placed[player]], ""
        if state.round_results:
            last = state.round_results[-1]
            board, side = last["boards"][player]
            return (state.kit.boards[(board, side)], [tuple(t) for t in last["placed"][player]],
                    f"round {last['round']} as it was scored, after the end-of-round check took off "
                    "any tiles laid wrongly")
        board_no = state.board_numbers[player]
        side = state.sides_allowed(player)[0]
        return state.kit.boards[(board_no, side)], [], f"{board_name(board_no)}, side {side}"

    def _show_on(self, board_widget: GridBoard, board, placed: list) -> None:
        strict = self.state.options.strict_placement
        cells = board.cells if board is not None else frozenset()
        margin = 0 if strict else 1
        rows = max((r for r, _ in cells), default=7) + 1
        cols = max((c for _, c in cells), default=4) + 1
        tiles, marks = self._tiles_drawn(placed, self.state.options.finds)
        board_widget.show(rows=rows + 2 * margin, cols=cols + 2 * margin, first_row=-margin, first_col=-margin,
                          gallery=cells, tiles=tiles, markers=self._elf_markers(board) + marks)

    def _refresh_board(self) -> None:
        state = self.state
        board, placed, note = self._board_picture(HUMAN)
        self._show_on(self.board, board, placed)
        self.board.show(highlight=self._hint_cells)
        assign(self.board, interactive=state.phase == "placing" and state.finished_ms[HUMAN] is None)
        if state.phase == "placing":
            covered = len(state.covered(HUMAN))
            number = board_name(state.board_numbers[HUMAN])
            caption = (f"<b>Your gallery</b>: {number}, side {state.boards[HUMAN].side}, "
                       f"{covered} of {len(state.gallery(HUMAN))} spaces covered")
        else:
            caption = f"<b>Your gallery</b>: {html.escape(note)}"
        assign(self.board_caption, value=caption)

    def _refresh_sides(self) -> None:
        state = self.state
        if state.phase != "choose_sides":
            return
        board_no = state.board_numbers[HUMAN]
        allowed = state.sides_allowed(HUMAN)
        for side in ("A", "B"):
            board = state.kit.boards.get((board_no, side))
            if board is not None:
                self._show_on(self.side_previews[side], board, [])
            show(self.side_previews[side], board is not None)
            self.side_buttons[side].sync({ChooseSide(HUMAN, s) for s in allowed}, len(state.history))
            show(self.side_buttons[side], board is not None)

    def _refresh_treasure(self) -> None:
        state = self.state
        card = state.cards[HUMAN]
        if card is None:
            assign(self.treasure, value="")
            return
        used = state.card_use(HUMAN)
        rows = []
        for colour, limit in card.limits.items():
            n = used.get(colour, 0)
            spare = (f"you may lay <b>{limit - n}</b> more" if n <= limit else
                     f"<b>{n - limit}</b> too many: the end-of-round check takes off the last laid")
            rows.append(f"<tr><td>{_swatch(colour)}{colour}</td><td>{SIZES[colour]} space"
                        f"{'s' if SIZES[colour] > 1 else ''}</td><td>{n} of {limit} used</td>"
                        f"<td>{spare}</td></tr>")
        for colour, n in used.items():
            if colour not in card.limits:
                rows.append(f"<tr><td>{_swatch(colour)}{colour}</td><td colspan=3>{n} placed, not on your card: "
                            "the end-of-round check will take them off</td></tr>")
        extras = []
        if state.options.finds and card.finds:
            extras.append("finds: " + ", ".join(f"{kind} {points:+d}" for kind, points in card.finds.items()))
        if state.options.elves:
            extras.append("elves: +1 each for a crystal of its colour on its space (colours on this card)")
        extra = "".join(f'<div class="oom-caption">{html.escape(text)}</div>' for text in extras)
        assign(self.treasure, value=f"<table>{''.join(rows)}</table>{extra}")

    def _refresh_palette(self) -> None:
        kinds = self.palette_kinds()
        children = []
        for key, offer in kinds.items():
            piece = self._pieces.get(key)
            if piece is None:
                piece = self._make_piece(*key)
                self._pieces[key] = piece
            box, _icon, button = piece
            assign(button, description=f"{offer.free} left", disabled=not offer.offered,
                   tooltip=f"the {self.state.kit.kind_words(*key)}: {offer.free} in the supply"
                           + ("" if offer.offered else f"; {offer.rule}: {offer.reason}"))
            set_classes(button, {"oom-selected": self.selected is not None and self.selected[:2] == key})
            children.append(box)
        if list(self.palette.children) != children:
            self.palette.children = children

    def _make_piece(self, colour: str, shape: int) -> tuple[widgets.VBox, widgets.HTML, widgets.Button]:
        icon = widgets.HTML(shape_icon(self.state.kit.shapes[colour][shape], colour))
        icon.add_class("oom-icon")
        button = widgets.Button(layout=widgets.Layout(width="auto"))
        button.add_class("oom-shape")
        button.add_class(f"oom-shape-{colour}")
        button.on_click(lambda _b: self.select(colour, shape))
        box = widgets.VBox([icon, button])
        box.add_class("oom-piece")
        return box, icon, button

    def _refresh_hand(self) -> None:
        state = self.state
        tile = self.held_tile()
        kit = state.kit
        if tile is None:
            self.board.hold(None)
            removing = self.remove_mode.value
            assign(self.held_icon, value="")
            assign(self.held_text, value="Click a tile on your board to take it off." if removing else
                   "Nothing in hand: pick a crystal above. Clicking a tile on your board lifts it back into your hand.")
        else:
            cells, mark = kit.orient(tile, self.orientation)
            t = kit.tiles[tile]
            shown_mark = (mark, t.find[1]) if mark is not None and self.finds_count else None
            self.board.hold(cells, self._ghost_check(tile, self.orientation))
            assign(self.held_icon, value=shape_icon(cells, t.colour, 14, shown_mark))
            assign(self.held_text, value=f"<b>The {html.escape(kit.tile_words(tile))}</b> in hand. "
                   "Its shadow follows the mouse on your board (on a touch screen, tap once to see it, "
                   "again to lay the tile): green fits, red does not.")
        has = tile is not None
        assign(self.rotate_button, disabled=not has)
        assign(self.flip_button, disabled=not has or not state.options.flips)
        assign(self.drop_button, disabled=not has)
        self._refresh_find_choice()

    def _refresh_find_choice(self) -> None:
        """With the finds variant, tiles of one shape differ by the find printed on them: choose one."""
        if not self.finds_count or self.selected is None:
            show(self.find_choice, False)
            return
        kinds = self._kinds_of(*self.selected[:2])
        labels, options = {}, []
        for kind in kinds:
            label = "plain" if kind[2] is None else kind[2][1]
            labels[label] = labels.get(label, 0) + 1
            options.append((label if labels[label] == 1 else f"{label} {labels[label]}", kind))
        if list(self.find_choice.options) != options:
            self.find_choice.options = options
        if self.selected in kinds and self.find_choice.value != self.selected:
            self.find_choice.value = self.selected
        show(self.find_choice, len(options) > 1)

    def _ghost_check(self, tile: int, orientation: int) -> Callable[[tuple[int, int], frozenset], bool]:
        def check(offset: tuple[int, int], _cells: frozenset) -> bool:
            return self.state.is_legal(Place(HUMAN, tile, orientation, offset[0], offset[1]))
        return check

    def _refresh_clock(self) -> None:
        state = self.state
        rounds = state.options.rounds
        head = f"<small>Round {state.round} of {rounds}</small><br>"
        if state.phase == "placing":
            limit = state.options.time_limit_ms
            extra = f" <small>of {clock_text(limit)}</small>" if limit else ""
            value = head + clock_text(state.clock_ms) + extra
        elif state.phase == "choose_sides":
            value = head + "<small>the clock starts when every side is chosen</small>"
        else:
            value = "<small>the game is over</small>"
        assign(self.clock, value=value)
        if state.phase == "placing":
            points = state.points_if_ended(HUMAN)
            why = state.points_words(points, with_base=False)
            assign(self.score_line, value=f'<span class="oom-caption">If the round ended now: '
                   f'<b>{points["total"]}</b> points ({why}); total so far {state.scores()[HUMAN]}</span>')
        else:
            assign(self.score_line, value="")

    def _fit_bot_boards(self) -> None:
        """One small board per other seat (the number of seats follows the options)."""
        others = list(range(1, self.state.num_players))
        if sorted(self.bot_boards) != others:
            self.bot_boards = {p: GridBoard(cell_size=15, interactive=False, caption=f"{self.seat_name(p)}'s board")
                               for p in others}
            self.bot_captions = {p: widgets.HTML() for p in others}
            for p in others:
                self.bot_boards[p].add_class("oom-bot-board")
                self.bot_captions[p].add_class("oom-bot-caption")
            self.bots_box.children = [widgets.VBox([self.bot_captions[p], self.bot_boards[p]]) for p in others]

    def _player_name(self, player: int) -> str:
        """Who sits in a seat: "you", "steady bot" or "empty seat"."""
        if player == HUMAN:
            return "you"
        return f"{self.bot_skill(player)} bot" if self.bot_players else "empty seat"

    def report_since(self, log_length: int, fallback: str) -> None:
        """The log lines since ``log_length`` on the status line, the person's seat called "you"."""
        new = [person_words(text) for _, text in self.state.log.entries[log_length:]]
        self.status.say(joined(new) if new else fallback, "ok")

    def seat_name(self, player: int) -> str:
        """A seat as the model's log names it, capitalised for a heading: "Player 2"."""
        return player_name(player).capitalize()

    def seat_title(self, player: int) -> str:
        """A seat with who sits there: "Player 1 (you)", "Player 2 (steady bot)"."""
        return f"{self.seat_name(player)} ({self._player_name(player)})"

    def _refresh_bots(self) -> None:
        state = self.state
        for p, board_widget in self.bot_boards.items():
            board, placed, note = self._board_picture(p)
            self._show_on(board_widget, board, placed)
            if state.phase == "placing":
                finished = state.finished_ms[p]
                doing = "placing" if finished is None else f"stopped at {clock_text(finished)}"
                text = f"{len(state.covered(p))}/{len(state.gallery(p))} covered, {doing}"
            elif state.phase == "choose_sides":
                text = "side chosen" if state.boards[p] is not None else "choosing a side"
            else:
                text = note
            assign(self.bot_captions[p], value=f"<b>{self.seat_name(p)}</b> ({html.escape(self._player_name(p))}): "
                                               f"{html.escape(text)}")

    def _refresh_results(self) -> None:
        state = self.state
        results = state.round_results
        n = state.num_players
        head = "".join(f'<th class="oom-num">{html.escape(self.seat_title(p))}</th>' for p in range(n))
        rows = []
        for result in results:
            cells = []
            for p in range(n):
                pts = result["points"][p]
                parts = [state.points_words(pts)]
                if result["removed"][p]:
                    parts.append(f"{plural(len(result['removed'][p]), 'tile')} taken off at the end-of-round check")
                star = " \u2605" if result["caller"] == p else ""
                cells.append(f'<td class="oom-num" title="{html.escape(", ".join(parts))}">{pts["total"]}{star}</td>')
            how = {"call": f"{player_name(result['caller'])} called" if result["caller"] is not None else "called",
                   "time": "time up", "all done": "all done"}.get(result["reason"], result["reason"])
            rows.append(f"<tr><td>Round {result['round']}</td>{''.join(cells)}"
                        f"<td>{html.escape(how)} at {clock_text(result['clock_ms'])}</td></tr>")
        winners = state.winners() if state.is_over else []
        totals = "".join(f'<td class="oom-num">{total}{WINNER_MARK if p in winners else ""}</td>'
                         for p, total in enumerate(state.scores()))
        if not results:
            table = '<span class="oom-caption">No round has been scored yet.</span>'
        else:
            table = (f"<table><tr><th></th>{head}<th></th></tr>{''.join(rows)}"
                     f'<tr class="oom-total"><td>Total</td>{totals}<td></td></tr></table>'
                     f'<div class="oom-caption">\u2605 called Out of Mine!; hover a score for its parts.</div>')
        assign(self.results, value=table)

    def _final_text(self) -> str:
        """Who won, and everybody's total, best first."""
        state = self.state
        totals, winners = state.scores(), state.winners()
        names = {p: "you" if p == HUMAN else self.seat_title(p) for p in range(state.num_players)}
        if winners == [HUMAN]:
            verdict = f"You win with {totals[HUMAN]} points!"
        elif len(winners) == 1:
            verdict = f"{names[winners[0]]} wins with {totals[winners[0]]} points."
        else:
            verdict = (f"A shared win for {' and '.join(names[p] for p in winners)} "
                       f"with {totals[winners[0]]} points each.")
        ranking = ", ".join(f"{names[p]} {totals[p]}" for p in sorted(range(state.num_players),
                                                                       key=lambda p: (-totals[p], p)))
        heads = ["you" if p == HUMAN else player_name(p) for p in range(state.num_players)]
        card = ending_html(OS.ending(state, [head.capitalize() for head in heads]), heads, "Rounds")
        return (f"<b>Game over after {len(state.round_results)} rounds.</b> {html.escape(verdict)} "
                f"Final totals: {html.escape(ranking)}. {html.escape(self.hint_steps.summary())} "
                f"Press <b>New game</b> to play again.{card}")

    def instruction_text(self) -> str:
        """The model's prompt for you, with the keys of this app while you place."""
        state = self.state
        if state.is_over:
            return self._final_text()
        text = html.escape(state.prompt(HUMAN))
        if state.phase == "placing" and state.finished_ms[HUMAN] is None:
            keys = "<b>r</b> turns" + (", <b>f</b> flips" if state.options.flips else "")
            text += f" <small>(On your board: {keys}; the shadow is green where the tile fits.)</small>"
        return text

    # ---- who sits in the other seats ----------------------------------------------------
    def _make_driver(self) -> None:
        """The bots' round driver for this game (None when practising alone)."""
        if not self.bot_players:
            self._driver = None
            return
        from minegames.out_of_mine.bots import BotDriver

        seed = self._bot_seed
        bots = {}
        for p in self.bot_players:
            bots[p] = oom.GAME.bot(self.bot_skill(p), p, None if seed is None else seed + p)
            bots[p].speed = self.bot_speed_ms  # the pace chosen (the registry's bots have their own)
        self._driver = BotDriver(bots)

    def _seat_moves(self) -> None:
        """Moves the other seats make at once: bots choose sides; empty seats choose side A
        (or the side they must) and sit the round out."""
        state = self.state
        for _ in range(4 * state.num_players * state.options.rounds):
            move = self._seat_move()
            if move is None:
                return
            state.apply(move)

    def _seat_move(self) -> Optional[Action]:
        state = self.state
        for p in range(1, state.num_players):
            if state.phase == "choose_sides" and state.boards[p] is None:
                if self._driver is not None:
                    return self._driver.bots[p].choose_side(state, p)
                return ChooseSide(p, state.sides_allowed(p)[0])
            if state.phase == "placing" and self._driver is None and state.finished_ms[p] is None:
                return Done(p)
        return None

    def _advance(self, ms: int) -> None:
        """Bots act as their moves fall due; the clock then reaches the target (it keeps running
        after every bot has finished, while you still place)."""
        state = self.state
        target, round_now = state.clock_ms + ms, state.round
        if self._driver is not None:
            self._driver.advance(state, until_ms=target, one_round=True)
        if state.phase == "placing" and state.round == round_now and state.clock_ms < target:
            state.apply(Tick(target - state.clock_ms))
