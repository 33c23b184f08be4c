"""The Off the Rails front end: a whole game in the browser, against 1-3 bots or solo.

Two parts:

* :class:`RailsBoard` draws the board (``render.board_svg``: redrawn only when the game changes;
  every square is a click target) with a light layer on top (``render.overlay_svg``): the square
  picked and the tile previewed on it, the squares to click now, the hint's squares and where your
  carts would run if they moved now.
* :class:`OffTheRailsApp` plays. You hold one seat, bots the others (solo: you run the four
  carts against the chasm). The app holds no rules: it asks the model what is legal and, for what
  is not, the model's reason (``rules.track_refusal`` and the others, through
  ``app_support``), and applies the action picked. What the panels show comes from
  ``state.view(seat)``: the decks' order and the bag's contents stay hidden (the bag is counted
  from the gems in sight).

Laying track: click an empty square; the likeliest tile is previewed on it (click the square again
to turn it), and six buttons lay each tile, greyed out with the model's reason when it may not
go. Click a tile to upgrade it (a button per branch, or the reason, e.g. a cart stands on it).
Click a free start square of your clan twice, or its button in the carts panel, to put a cart
out; the carts panel also turns speed dice. In the move phase buttons move each cart, and at a
junction you click one of the highlighted squares (or its button); gems are picked and dropped by
buttons; in the deposits phase a button draws, and a chasm token goes on a highlighted square.

Bots move one action at a time on the kernel's event loop, ``bot_delay_ms`` apart, so a person
can follow them; ``live=False`` leaves them to :meth:`OffTheRailsApp.run_bots` (tests, notebooks).
Undo takes back your own last choice and the bot moves after it, as long as none of them turned up
a card, a token or gems.

>>> app = OffTheRailsApp(seed=3, players=2, live=False)      # doctest: +SKIP
>>> app.run_bots(); app.board.click_square((3, 1))           # doctest: +SKIP
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Mapping, Optional

import ipywidgets as widgets

from minegames import GAMES
from minegames import off_the_rails
from minegames.core import Action, GameLog
from minegames.core.words import as_you
from minegames.off_the_rails import app_support as S
from minegames.off_the_rails import board as B
from minegames.off_the_rails import legal as rules
from minegames.off_the_rails import render, scoring, wording
from minegames.off_the_rails.actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken, PlaceTrack, Upgrade,
)
from minegames.off_the_rails.components import GEM_POINTS, GEMS, JEWELS, MISSION_BY_ID
from minegames.off_the_rails.options import DECK_LENGTHS

from .board import SvgView
from .endings import ending_html
from .components import (BASE_CSS, Confirm, GameApp, HintSteps, PacedBots, SeatUndo, assign, control_row, guard, panel,
                         percent, show, style_tag)
from .components import BOT_SPEEDS, BotStuck  # noqa: F401 (named here too, as before they moved to components)

GAME = GAMES["off_the_rails"]
#: At most this many carts a seat runs (solo: one per clan colour).
MAX_CARTS = 4
ALL_KEYS = frozenset(render.square_key((x, y)) for x in range(B.SIZE) for y in range(B.SIZE))
#: Where your carts would run (dashed on the board), and the ways at a junction.
ROUTE_COLOUR, WAY_COLOUR = "#c2185b", "#1565c0"
CLAN_INK = {clan: render.CLAN_COLOURS[clan] for clan in B.CLANS}
GEM_INK = {gem: render.svg.GEM_COLOURS[gem][0] for gem in GEMS}

OTR_CSS = """
.otr-app .otr-main { gap: 14px; align-items: flex-start; flex-flow: row wrap; }
.otr-app .otr-left { flex: 0 1 672px; min-width: 0; max-width: 100%; gap: 6px; }
.otr-app .otr-right { flex: 1 1 380px; min-width: 0; max-width: 540px; gap: 8px; }
.otr-app .otr-board-frame { max-width: 100%; overflow: auto; }
.otr-app .otr-board-frame .otr-stack { flex: none; }
.otr-app .otr-board-frame .sv-box svg { max-width: none; }   /* never shrunk: the frame scrolls instead */
@media (max-width: 600px) {
  /* a phone: the board keeps squares big enough to touch, in its own frame that scrolls both ways
     and leaves the decision below it on the same screen */
  .otr-app .otr-board-frame { max-height: 56vh; border: 1px solid #d7ccc8; border-radius: 6px; }
  .otr-app .otr-main { gap: 8px; }
  .otr-app .otr-right { flex-basis: 100%; max-width: 100%; }
  .otr-app .widget-checkbox input[type="checkbox"] { width: 40px; height: 40px; }
}
.otr-app .otr-card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 10px; background: #fff; }
.otr-app .otr-card-title { font-size: 12px; font-weight: 600; color: #5d4037; text-transform: uppercase;
  letter-spacing: .04em; }
.otr-app .otr-decision { border-color: #b08d3c; background: #fffaf0; }
.otr-app .otr-caption { font-size: 12px; color: #555; line-height: 1.35; }
.otr-app .otr-choices { flex-flow: row wrap; gap: 4px; }
.otr-app .otr-tile { min-width: 46px; font-size: 18px; font-family: var(--jp-code-font-family, monospace); }
.otr-app .otr-small { min-width: 30px; }
.otr-app .otr-bad { color: #b00020; }
.otr-app .otr-key summary { cursor: pointer; padding: 4px 0; font-weight: 600; }
.otr-app .otr-ok { color: #1b5e20; font-weight: 600; }
.otr-app table.otr-table { border-collapse: collapse; font-size: 12px; width: 100%; }
.otr-app .otr-table-frame { max-width: 100%; overflow-x: auto; }
.otr-app table.otr-table td, .otr-app table.otr-table th { padding: 2px 5px; border-bottom: 1px solid #eee;
  text-align: left; vertical-align: top; }
.otr-app table.otr-table td.otr-num { text-align: right; font-weight: 600; }
.otr-app .otr-me { background: #fff8e1; }
.otr-app .otr-to-move td:first-child { font-weight: 700; }
.otr-app .otr-swatch { display: inline-block; width: 11px; height: 11px; border-radius: 3px;
  border: 1px solid #0008; margin-right: 4px; vertical-align: -1px; }
.otr-app .otr-gem { display: inline-block; width: 9px; height: 9px; border-radius: 50%; border: 1px solid #0006;
  margin: 0 1px 0 4px; vertical-align: 0; }
.otr-app .otr-bar { display: inline-block; height: 8px; background: #6d4c41; border-radius: 3px; }
.otr-app .otr-cart-row { align-items: center; gap: 4px; flex-flow: row wrap; }
.otr-stack { position: relative; overflow: visible; }
.otr-stack .otr-overlay { position: absolute; top: 0; left: 0; right: 0; pointer-events: none; }
.otr-stack .otr-overlay * { pointer-events: none; }
.otr-board-base .otr-hit:hover { fill: #1565c0; fill-opacity: 0.14; }
"""


# ---------------------------------------------------------------------------------------------
# words
# ---------------------------------------------------------------------------------------------


def swatch(clan: str) -> str:
    return f"<span class='otr-swatch' style='background:{CLAN_INK[clan]}'></span>"


def gem_dot(gem: str) -> str:
    return f"<span class='otr-gem' style='background:{GEM_INK[gem]}' title='{gem}'></span>"


def gems_html(gems) -> str:
    counts = S.stockpile_counts(list(gems))
    return " ".join(f"{gem_dot(g)}{n}" for g, n in counts.items()) or "—"


def default_strength() -> str:
    return "planner" if "planner" in GAME.bots else next(iter(GAME.bots))


def _planner():
    """The turn planner, when it is there (the hint works without it, more plainly)."""
    try:
        from minegames.off_the_rails import planner
    except ImportError:
        return None
    return planner if hasattr(planner, "plan_turn") else None


# ---------------------------------------------------------------------------------------------
# the board
# ---------------------------------------------------------------------------------------------


class RailsBoard(widgets.VBox):
    """The board: a picture whose every square can be clicked (``on_square`` hears the square),
    with a layer on top for what is picked, previewed, highlighted and where carts would run."""

    def __init__(self):
        self.base = SvgView(caption="the board")
        self.base.add_class("otr-board-base")
        self.overlay = SvgView(caption="what is picked and highlighted on the board")
        self.overlay.add_class("otr-overlay")
        stack = widgets.Box([self.base, self.overlay])
        stack.add_class("otr-stack")
        frame = widgets.Box([stack])   # scrolls the board sideways (and down) on a narrow screen,
        frame.add_class("otr-board-frame")   # keeping the square the decision is about in view
        frame.add_class("sv-scroll")
        self.caption = widgets.HTML()
        self.caption.add_class("otr-caption")
        self._callbacks: list[Callable[[tuple], Any]] = []
        self.base.on_click(self._clicked)
        super().__init__([frame, self.caption])
        self.add_class("otr-board")

    def on_square(self, callback: Callable[[tuple], Any]) -> None:
        self._callbacks.append(callback)

    def on_refused(self, callback: Callable[[str], Any]) -> None:
        self.base.on_refused(callback)

    def click_square(self, square) -> None:
        """Click a square as the mouse would."""
        self.base.click(render.square_key(square))

    def _clicked(self, key: str) -> None:
        _, x, y = key.split(":")
        for callback in list(self._callbacks):
            callback((int(x), int(y)))

    def draw(self, state) -> None:
        """Draw the board (each square's tooltip says what stands there); only when the game changed."""
        tips = {(x, y): S.square_words(state, (x, y)) for x in range(B.SIZE) for y in range(B.SIZE)}
        self.base.show(render.board_svg(state, tips=tips), ALL_KEYS)

    def mark(self, *, selected=None, preview: Optional[int] = None, marks: Optional[Mapping] = None,
             routes: Optional[list] = None, focus=None, caption: str = "") -> None:
        """The layer on top: see ``render.overlay_svg``."""
        self.overlay.show(render.overlay_svg(selected=selected, preview=preview, marks=dict(marks or {}),
                                             routes=routes or [], focus=focus))
        assign(self.caption, value=caption)


# ---------------------------------------------------------------------------------------------
# the app
# ---------------------------------------------------------------------------------------------


def _card(title: str, children: list, extra_class: str = "") -> widgets.VBox:
    return panel(title, children, "otr", extra_class)


def _row(children: list, css_class: str = "mg-row") -> widgets.HBox:
    return control_row(children, css_class)


class OffTheRailsApp(PacedBots, SeatUndo, GameApp):
    """Play Off the Rails in seat ``seat`` against bots of strength ``bots`` (``players=1``: solo).
    Other keywords are the model's options (``bumper_carts``, ``deck_length``...); ``state`` plays
    on a given game instead."""

    prefix = "otr"
    log_lines = 14

    def __init__(self, seed: Optional[int] = None, players: int = 2, *, seat: int = 0, bots: Optional[str] = None,
                 live: bool = True, bot_speed: str = "normal", state: Optional[off_the_rails.OffTheRails] = None,
                 **options: Any):
        if state is None:
            state = off_the_rails.new_game(seed=seed, players=players, **options)
        elif options:
            raise TypeError("pass either a state or options for a new game, not both")
        self.take_seat(state, seat, live=live, seed=seed, bot_speed=bot_speed)
        self.strength = self.checked_strength(bots or default_strength(), GAME)
        self.selected: Optional[tuple] = None     # the square picked on the board
        self.turning = 0                          # which of the allowed tiles is previewed there
        self.hint_plan = None                     # the planner's plan on show (its squares are marked)
        self.hint_steps = HintSteps()             # first press: what to weigh; second: the plan
        self._hint_epoch = 0                      # counts the changes that make a hint stale (see hint_key)
        self._following = False                  # True while "Follow the hint" plays the move shown
        self._weighing_html = ""                  # the explanation on show (kept above the move)
        self._choice_actions: list[Optional[Action]] = []
        self._tile_choices: list[S.TileChoice] = []
        self._upgrade_choices: dict[int, S.UpgradeChoice] = {}
        self._start_choice: Optional[S.StartChoice] = None
        self._version, self._drawn = 0, -1       # the game's changes counted, and the one the board shows
        self._seen: Optional[_Sight] = None       # the board as you left it when you last acted
        self._build_widgets(state, bot_speed)
        super().__init__(state, new_game=self._fresh_game, load=off_the_rails.load, title="Off the Rails")
        for control, name in ((self.players_choice, "players"), (self.strength_choice, "bot strength"),
                              (self.length_choice, "game length"), (self.speed_choice, "bot speed"),
                              (self.bumper_box, "bumper carts"), (self.die_box, "collapse die"),
                              (self.tiles_box, "limited tiles"), (self.count_box, "solo last token")):
            guard(control, self.refuse_input, name)
        self._bots_next()

    # ---- seats and bots ----------------------------------------------------------------------
    def _make_bots(self) -> None:
        self.bots = {p: GAME.bot(self.strength, p, self.bot_seed(p)) for p in range(self.state.num_players)
                     if p != self.seat}
        self.adviser = GAME.bot(default_strength(), self.seat, 0)

    def _fresh_game(self, seed: Optional[int]) -> off_the_rails.OffTheRails:
        """A new game with the options chosen in the New game row."""
        self._bot_seed = seed
        players = self.players_choice.value
        self.strength = self.strength_choice.value
        options: dict[str, Any] = {"bumper_carts": self.bumper_box.value, "collapse_die": self.die_box.value,
                                   "limited_tiles": self.tiles_box.value}
        if players == 1:
            options["solo_last_token"] = "count deliveries" if self.count_box.value else "loss"
        else:
            options["deck_length"] = self.length_choice.value
        return off_the_rails.new_game(seed=seed, players=players, **options)

    def bot_name(self, player: int) -> str:
        clan = self.state.players[player]["clan"].capitalize()
        return "You" if player == self.seat else f"{clan} ({self.strength} bot)"

    # ---- applying ----------------------------------------------------------------------------
    def after_person_acted(self, action: Action) -> None:
        if isinstance(action, (PlaceTrack, Upgrade, PlaceCart)):
            self.selected = None

    def after_change(self) -> None:
        self._version += 1
        if not self._following:
            self._hint_epoch += 1
        self.hint_plan = None
        self.turning = 0
        assign(self.hint, value="")

    def on_new_state(self) -> None:
        self._version += 1
        self._cancel_bots()
        if self.seat >= self.state.num_players:
            self.seat = 0
        self._make_bots()
        self.selected, self.turning, self.hint_plan = None, 0, None
        self.hint_steps.reset()
        self._fit_options()

    # ---- what changed since your last turn -----------------------------------------------------
    def mark_seen(self) -> None:
        super().mark_seen()
        self._seen = _Sight(self.state, self._since_mark)

    def changed_squares(self) -> dict[tuple, str]:
        """The squares the other seats changed since you last acted: {square: "changed"} where track
        was laid, upgraded or fell or gems came or went, {square: "moved"} where a cart now stands that stood elsewhere
        (and "changed" where one left)."""
        if self._seen is None or self._seen.mark != self._since_mark:   # a new game or a game put in
            self._seen = _Sight(self.state, self._since_mark)
        return self._seen.changes(self.state)

    # ---- undo (shared: SeatUndo): your last choice, with the bot moves after it --------------
    def action_words(self, action: Action) -> str:
        return self.say_to_you(S.action_words(self.state, action))

    # ---- the person's seat reads "you"/"your" (the model's log names every clan alike) ----------
    def say_to_you(self, text: str) -> str:
        """``text`` with the person's clan ("Red", "Red's white cart") said to them ("you", "your white cart")."""
        if self.state.options.solo:  # the solo game's words already say "you"
            return text
        return as_you(text, self.state.players[self.seat]["clan"].capitalize())

    def cart_name(self, index: int) -> str:
        return self.say_to_you(self.state.cart_name(index))

    def person_log(self) -> GameLog:
        return GameLog([(n, self.say_to_you(text)) for n, text in self.state.log.entries])

    def since_groups(self) -> list[tuple[str, list[str]]]:
        return [(name, [self.say_to_you(text) for text in lines]) for name, lines in super().since_groups()]

    def report_since(self, log_length: int, fallback: str) -> None:
        super().report_since(log_length, fallback)
        if self.status.kind == "ok":
            self.status.say(self.say_to_you(self.status.text), "ok")

    # ---- building ----------------------------------------------------------------------------
    def _build_widgets(self, state, bot_speed: str) -> None:
        self.board = RailsBoard()
        self.board.on_square(self.click_square)
        self.board.on_refused(self.refuse_input)

        self.decision_text = widgets.HTML()
        self.choice_buttons: list[widgets.Button] = []
        self.choices_row = _row([], "otr-choices")
        self.end_button = self._button("End actions: the carts move", "otr-end-actions", self._end_clicked)
        self.end_button.button_style = "warning"
        # a cart that would derail: asked once, in the End button's place
        self.end_confirm = Confirm("otr-end-confirm", go="Yes, end the actions", keep="No, not yet",
                                   on_go=self._end_actions, on_keep=self._keep_acting)
        self._end_asked: Optional[int] = None   # the move count when the question was put

        # the square picked
        self.square_text = widgets.HTML()
        self.tile_buttons = [self._button(S.TILE_GLYPHS[B.SHAPE_MASKS[shape][turn]],
                                          f"otr-tile otr-tile-{shape}-{turn}", lambda k=k: self._tile_clicked(k))
                             for k, (shape, turn) in enumerate(S.LAYS)]
        self.lay_button = self._button("Lay it", "otr-lay", self._lay_clicked)
        self.lay_button.button_style = "success"
        self.tile_row = _row([*self.tile_buttons, self.lay_button], "otr-choices")
        self.upgrade_buttons = {side: self._button(f"branch {B.SIDE_NAMES[side]}", f"otr-upgrade otr-upgrade-{side}",
                                                   lambda side=side: self._upgrade_clicked(side))
                                for side in range(4)}
        self.upgrade_row = _row(list(self.upgrade_buttons.values()), "otr-choices")
        self.start_button = self._button("Put a cart out here", "otr-start-here", self._start_clicked)
        self.start_button.button_style = "info"

        # the carts
        self.cart_labels = [widgets.HTML() for _ in range(MAX_CARTS)]
        self.slow_buttons = [self._button("−", f"otr-small otr-slow otr-slow-{n}", lambda n=n: self._speed(n, -1))
                             for n in range(MAX_CARTS)]
        self.fast_buttons = [self._button("+", f"otr-small otr-fast otr-fast-{n}", lambda n=n: self._speed(n, 1))
                             for n in range(MAX_CARTS)]
        self.put_buttons = [[self._button("", f"otr-put otr-put-{n}-{start}", lambda n=n, s=start: self._put(n, s))
                             for start in (0, 1)] for n in range(MAX_CARTS)]
        self.drive_buttons = [self._button("Move", f"otr-drive otr-drive-{n}", lambda n=n: self._drive(n))
                              for n in range(MAX_CARTS)]
        self.cart_rows = [widgets.VBox([self.cart_labels[n],
                                        _row([self.slow_buttons[n], self.fast_buttons[n], *self.put_buttons[n],
                                              self.drive_buttons[n]], "otr-cart-row")]) for n in range(MAX_CARTS)]
        for button in self.drive_buttons:
            button.button_style = "success"

        self.hint_button = self._button("Hint", "otr-hint-button", self.show_hint,
                                        "first what to weigh this turn, then what the planner would do")
        self.follow_button = self._button("Follow the hint", "otr-follow", self.follow_hint,
                                          "play the hint's next action")
        self.hint = widgets.HTML()
        self.hint.add_class("otr-hint")
        self.table_view = widgets.HTML()
        self.chasm_view = widgets.HTML()
        self.missions_view = widgets.HTML()

        players = [("1 (solo)", 1), ("2", 2), ("3", 3), ("4", 4)]
        self.players_choice = widgets.Dropdown(options=players, value=state.num_players, description="players",
                                               layout=widgets.Layout(width="150px"),
                                               style={"description_width": "52px"})
        self.players_choice.add_class("otr-players")
        self.strength_choice = widgets.Dropdown(options=list(GAME.bots), value=self.strength, description="bots",
                                                layout=widgets.Layout(width="150px"),
                                                style={"description_width": "36px"})
        self.strength_choice.add_class("otr-strength")
        lengths = [("as the rules deal it", 0)] + [(f"{n} cards", n) for n in DECK_LENGTHS]
        self.length_choice = widgets.Dropdown(options=lengths, value=0, description="deposit deck",
                                              layout=widgets.Layout(width="260px"),
                                              style={"description_width": "90px"})
        self.length_choice.add_class("otr-length")
        self.bumper_box = widgets.Checkbox(value=False, description="bumper carts", indent=False,
                                           layout=widgets.Layout(width="auto"))
        self.die_box = widgets.Checkbox(value=False, description="collapse die", indent=False,
                                        layout=widgets.Layout(width="auto"))
        self.tiles_box = widgets.Checkbox(value=False, description="limited tiles", indent=False,
                                          layout=widgets.Layout(width="auto"))
        self.count_box = widgets.Checkbox(value=False, description="solo: count deliveries at the last token",
                                          indent=False, layout=widgets.Layout(width="auto"))
        for box, name in ((self.bumper_box, "bumper"), (self.die_box, "die"), (self.tiles_box, "tiles"),
                          (self.count_box, "count")):
            box.add_class(f"otr-option-{name}")
        self.players_choice.observe(lambda _c: self._panel_changed(), names="value")
        self.speed_choice = self.speed_toggle(bot_speed, "otr-speed")

    def _panel_changed(self) -> None:
        solo = self.players_choice.value == 1
        assign(self.strength_choice, disabled=solo)
        assign(self.length_choice, disabled=solo)
        show(self.count_box, solo)

    def _fit_options(self) -> None:
        options = self.state.options
        assign(self.players_choice, value=options.players)
        assign(self.strength_choice, value=self.strength)
        assign(self.length_choice, value=options.deck_length)
        assign(self.bumper_box, value=options.bumper_carts)
        assign(self.die_box, value=options.collapse_die)
        assign(self.tiles_box, value=options.limited_tiles)
        assign(self.count_box, value=options.solo_last_token != "loss")
        self._panel_changed()

    def build(self) -> list[widgets.Widget]:
        self.decision_card = _card("Your turn", [self.decision_text, self.choices_row,
                                                 _row([self.end_button, self.end_confirm])], "otr-decision")
        self.square_card = _card("Square", [self.square_text, self.tile_row, self.upgrade_row,
                                            _row([self.start_button])], "otr-square")
        self.carts_card = _card("Your carts", self.cart_rows, "otr-carts")
        self.hint_card = _card("Hint", [_row([self.hint_button, self.follow_button]), self.hint])
        self.table_card = _card("The clans", [self.table_view])
        self.chasm_card = _card("Deposits and the chasm", [self.chasm_view])
        self.missions_card = _card("Missions", [self.missions_view])
        left = widgets.VBox([self.board])
        left.add_class("otr-left")
        # the decision first, with what it decides on (the square picked, the carts), then what happened
        right = widgets.VBox([self.decision_card, self.square_card, self.carts_card, self.status, self.since_view,
                              self.hint_card, self.table_card, self.chasm_card, self.missions_card])
        right.add_class("otr-right")
        main = _row([left, right], "otr-main")
        main.layout.align_items = "flex-start"
        settings = _row([widgets.HTML("<b>New game:</b>"), self.players_choice, self.strength_choice,
                         self.length_choice, self.bumper_box, self.die_box, self.tiles_box, self.count_box])
        speed = _row([widgets.HTML("Bot speed:"), self.speed_choice])
        return [style_tag(BASE_CSS), style_tag(OTR_CSS), self.title, self.instruction, main, speed, settings,
                self.controls, self.log_view]

    # ---- what the controls offer ---------------------------------------------------------------
    def _acting(self) -> bool:
        """The person's action phase, with no choice pending."""
        state = self.state
        return self.persons_turn() and state.phase == "actions" and state.pending is None

    def offered(self) -> set[Action]:
        """Every action some control plays now: the buttons enabled, the squares to click and, in
        your action phase, every tile and branch the square panel would offer on each square."""
        found = {a for a in self._choice_actions if a is not None}
        state = self.state
        if not self.persons_turn():
            return found
        player = self.seat
        found |= set(self._board_targets())
        if self._acting():
            found.add(EndActions(player))
            for square in B.TRACK_SQUARES:
                if square in state.tracks:
                    found |= {c.action(player, square) for c in S.upgrade_choices(state, square) if c.refusal is None}
                elif square not in state.chasm:
                    found |= {c.action(player, square) for c in S.tile_choices(state, square) if c.refusal is None}
            for number in range(len(state.carts_of(player))):
                found |= {c.action(player) for c in S.start_choices(state, player, number) if c.refusal is None}
                for change in (1, -1):
                    if rules.speed_refusal(state, player, number, change) is None:
                        found.add(ChangeSpeed(player, number, change))
        elif state.phase == "move" and state.pending is None:
            found |= {Drive(player, state.cart_number(i)) for i in state._carts_to_move()}
        return found

    def take(self, action: Action) -> bool:
        """Play ``action`` with the app's own controls, as a person would click it."""
        before = len(self.state.history)
        if isinstance(action, PlaceTrack):
            self._pick_square((action.x, action.y))
            self.tile_buttons[S.LAYS.index((action.shape, action.turn))].click()
        elif isinstance(action, Upgrade):
            self._pick_square((action.x, action.y))
            self.upgrade_buttons[action.side].click()
        elif isinstance(action, PlaceCart):
            self.put_buttons[action.cart][action.start].click()
        elif isinstance(action, ChangeSpeed):
            (self.fast_buttons if action.change > 0 else self.slow_buttons)[action.cart].click()
        elif isinstance(action, Drive):
            self.drive_buttons[action.cart].click()
        elif isinstance(action, EndActions):
            self.end_button.click()
            if self.end_confirm.asking():   # a cart derails: yes, as asked
                self.end_confirm.go_button.click()
        elif action in self._board_targets():
            self.board.click_square(self._board_targets()[action])
        elif action in self._choice_actions:
            self.choice_buttons[self._choice_actions.index(action)].click()
        else:
            self.status.error(f"no control offers {action} now")
        return len(self.state.history) > before

    def _pick_square(self, square) -> None:
        """Select ``square`` on the board (a click, unless it is selected already: that would turn the tile)."""
        if self.selected != tuple(square):
            self.board.click_square(square)

    def _board_targets(self) -> dict[Action, tuple]:
        """The actions a click on a highlighted square plays: a junction's way, a chasm token's square."""
        state = self.state
        pending = state.pending
        if not self.persons_turn() or pending is None:
            return {}
        if pending["kind"] == "turn":
            return {way.action(self.seat): way.square for way in S.junction_ways(state)}
        if pending["kind"] == "token":
            return {PlaceToken(self.seat, x, y): (x, y) for x, y in pending["squares"]}
        return {}

    def derailing_carts(self) -> list[int]:
        """The person's carts the planner's dry run sees derail if the carts moved now."""
        state = self.state
        found = []
        for index in state.carts_of(self.seat):
            if state.carts[index]["where"] == "board":
                route = S.route(state, index)
                if route is not None and route.outcome == "derailed":
                    found.append(index)
        return found

    def _end_clicked(self) -> None:
        """End the actions; if a cart would derail, first ask once (a derailment cannot be undone)."""
        derailing = self.derailing_carts() if self._acting() else []
        if not derailing:
            self._end_actions()
            return
        names = [self.cart_name(i) for i in derailing]
        who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        verb = "derails" if len(names) == 1 else "derail"
        self._end_asked = len(self.state.history)
        self.end_confirm.ask(f"{who[0].upper() + who[1:]} {verb} if the carts move now: end the actions anyway?")
        self.refresh()

    def _keep_acting(self) -> None:
        self._end_asked = None
        self.refresh()

    def _end_actions(self) -> bool:
        self._end_asked = None
        return self._play(EndActions(self.seat), "you cannot end the actions now")

    def _play(self, action: Action, why_not: str) -> bool:
        if not self.persons_turn() or not self.state.is_legal(action):
            self.refuse_input(why_not)
            return False
        return self.act(action)

    # ---- clicks on the board -------------------------------------------------------------------
    def click_square(self, square) -> None:
        """A click on a square: a way or a token's square when one is asked for; in your action
        phase, pick the square (a second click turns the tile previewed, or puts out a cart on a
        start square); otherwise the square's details."""
        square = tuple(square)
        state = self.state
        targets = {sq: action for action, sq in self._board_targets().items()}
        if square in targets:
            self.act(targets[square])
            return
        if self.persons_turn() and state.pending is not None and state.pending["kind"] in ("turn", "token"):
            self.selected = square
            self.refresh()
            what = "way for the cart" if state.pending["kind"] == "turn" else "square for the chasm token"
            self.status.error(f"{B.square_name(square)} is not a {what}: click one of the highlighted squares")
            return
        if self._acting() and square == self.selected:
            allowed = [c for c in S.tile_choices(state, square) if c.refusal is None]
            if square not in state.tracks and allowed:
                self.turning = (self.turning + 1) % len(allowed)
                self.refresh()
                choice = allowed[self.turning]
                self.status.say(f"{B.square_name(square)}: {choice.words} {choice.glyph} (press Lay it, or click "
                                "again to turn it)", "info")
                return
            start = S.start_at(state, self.seat, square)
            if start is not None and start.refusal is None:
                self.act(start.action(self.seat))
                return
        self.selected, self.turning = square, 0
        self.refresh()
        self.status.say(self._square_advice(square), "info")

    def _square_advice(self, square) -> str:
        """What a click on ``square`` offers now, or the model's reason why nothing."""
        state = self.state
        words = S.square_words(state, square)
        if not self._acting():
            return words
        player = self.seat
        start = S.start_at(state, player, square)
        if start is not None:
            return (f"{words}. Click it again (or press the button) to put a cart out here." if start.refusal is None
                    else f"{words}. No cart can go out here: {start.refusal}")
        if square in state.tracks:
            ups = S.upgrade_choices(state, square)
            if any(c.refusal is None for c in ups):
                return f"{words}. Choose a branch to add."
            reason = ups[0].refusal if ups else "a cross has every branch already"
            return f"{words}. No upgrade: {reason}"
        choices = S.tile_choices(state, square)
        if choices and choices[0].refusal is None:
            return f"{words}. Choose a tile (the previewed one: press Lay it; click the square again to turn it)."
        reason = choices[0].refusal if choices else "no tile goes here"
        return f"{words}. No track here: {reason}"

    # ---- the square panel's buttons --------------------------------------------------------------
    def _tile_clicked(self, k: int) -> None:
        if self.selected is None:
            self.refuse_input("click an empty square on the board first")
            return
        shape, turn = S.LAYS[k]
        action = PlaceTrack(self.seat, self.selected[0], self.selected[1], shape, turn)
        refusal = rules.track_refusal(self.state, self.selected, shape, turn)
        self._play(action, f"that tile cannot be laid there: {refusal}" if refusal else "you cannot lay track now")

    def _lay_clicked(self) -> None:
        allowed = [c for c in self._tile_choices if c.refusal is None]
        if self.selected is None or not allowed:
            self.refuse_input("click an empty square where a tile may go first")
            return
        self._play(allowed[self.turning % len(allowed)].action(self.seat, self.selected), "you cannot lay track now")

    def _upgrade_clicked(self, side: int) -> None:
        if self.selected is None or self.selected not in self.state.tracks:
            self.refuse_input("click a square with track on the board first")
            return
        refusal = rules.upgrade_refusal(self.state, self.selected, side)
        self._play(Upgrade(self.seat, self.selected[0], self.selected[1], side),
                   f"no upgrade: {refusal}" if refusal else "you cannot upgrade now")

    def _start_clicked(self) -> None:
        choice = self._start_choice
        if choice is None:
            self.refuse_input("click a start square of your clan first")
            return
        self._play(choice.action(self.seat), f"no cart can go out there: {choice.refusal or 'not now'}")

    def _speed(self, number: int, change: int) -> None:
        refusal = rules.speed_refusal(self.state, self.seat, number, change)
        self._play(ChangeSpeed(self.seat, number, change), f"speed: {refusal or 'not now'}")

    def _put(self, number: int, start: int) -> None:
        refusal = rules.cart_refusal(self.state, self.seat, number, start)
        self._play(PlaceCart(self.seat, number, start), f"new cart: {refusal or 'not now'}")

    def _drive(self, number: int) -> None:
        self._play(Drive(self.seat, number), f"cart {number + 1} has no move to make now")

    # ---- the hint: what to weigh first, the move on a second press (HintSteps) -----------------
    def hint_key(self) -> tuple:
        """The position a hint is about: the turn, and every change but the hint's own moves (a
        move played with "Follow the hint" keeps the plan on show, so the next step can follow)."""
        return self.state.turn, self._hint_epoch

    def show_hint(self) -> None:
        """First press: what to weigh (the carts' options, the chasm's clock, the risk of derailing);
        second: the planner's plan for the rest of your actions (its squares marked on the board), or
        in other phases what the planner bot would choose."""
        if not self.persons_turn():
            self.refuse_input("the hint is for your own turn")
            return
        if self.hint_steps.press(self.hint_key()) == HintSteps.EXPLAIN:
            self._explain()
        else:
            self._show_move(reasons=True)
        self.refresh()

    def _explain(self) -> None:
        from minegames.off_the_rails import hint_words

        self.hint_plan = None
        lines = hint_words.weigh(self.state, self.seat).lines()
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        self._weighing_html = f"<b>What to weigh</b><ul style='margin:2px 0 4px 16px;padding:0'>{items}</ul>"
        assign(self.hint, value=self._weighing_html + "<span class='otr-caption'>Press <b>Show the move</b> for "
                                                      "the plan.</span>")

    def _show_move(self, reasons: bool = False) -> None:
        """The plan (or the bot's next choice) on show; ``reasons``: under the explanation given."""
        state = self.state
        planner = _planner()
        self.hint_plan = None
        plan = None
        if self._acting() and planner is not None:
            try:
                plan = planner.plan_turn(state, self.seat)
            except Exception as error:  # noqa: BLE001 - a planner's bug must not break the page
                self.status.error(f"the planner could not plan this turn ({type(error).__name__}: {error})")
        if plan is not None:
            self.hint_plan = plan
            steps = "".join(f"<li>{html.escape(self.action_words(a))}</li>" for a in plan.actions)
            # the plan's text says what it aims at over the coming turns, and the points when it delivers
            text = f"{html.escape(plan.text)}<ol>{steps}</ol>"
        else:
            action = self.adviser.choose(state)
            self.hint_plan = _OneStep(action)
            words = html.escape(S.action_words(state, action))
            text = f"The {html.escape(default_strength())} bot would now: <b>{words}</b>."
        assign(self.hint, value=(self._weighing_html if reasons else "") + f"<b>The move</b>: {text}")

    def follow_refusal(self) -> Optional[str]:
        """Why "Follow the hint" plays nothing now (None: it plays the move shown)."""
        if not self.persons_turn():
            return "the hint is for your own turn"
        stage = self.hint_steps.stage(self.hint_key())
        if stage < 2 or self.hint_plan is None:
            return ("press Hint, then Show the move: Follow plays the move once it is shown" if stage == 0 else
                    "press Show the move first: Follow plays the move once it is shown")
        if not self.hint_plan.actions or not self.state.is_legal(self.hint_plan.actions[0]):
            return "the hint has no action to play now"
        return None

    def follow_hint(self) -> None:
        """Play the next action of the move shown; the plan stays on show for the steps after it."""
        refusal = self.follow_refusal()
        if refusal is not None:
            self.refuse_input(refusal)
            return
        self._following = True
        try:
            played = self.act(self.hint_plan.actions[0])
        finally:
            self._following = False
        if played and self.persons_turn() and self.hint_steps.stage(self.hint_key()) == 2:
            self._show_move()
            self.refresh()

    # ---- refreshing ----------------------------------------------------------------------------
    def refresh(self) -> None:
        state = self.state
        view = state.view(self.seat)
        self._refresh_square()
        self._refresh_decision()
        self._refresh_carts()
        self._refresh_board()
        self._refresh_table(view)
        self._refresh_chasm(view)
        show(self.hint_card, self.persons_turn())
        refusal = self.follow_refusal()
        assign(self.follow_button, disabled=refusal is not None,
               tooltip=refusal or "play the next action of the move shown")
        assign(self.hint_button, description=self.hint_steps.button_label(self.hint_key()),
               disabled=self.hint_steps.move_shown(self.hint_key()))
        self.log_view.show_log(self.person_log(), state.log_unit)
        self.sync_undo_button()
        # last, so that a page seeing the count change has every other part of this update
        counter = (f'<span class="otr-moves" data-moves="{len(state.history)}" data-tracks="{len(state.tracks)}" '
                   f'data-turn="{state.turn}" data-phase="{state.phase}"></span>')
        assign(self.instruction, value=self.instruction_text() + counter)

    # ---- the board
    def _routes(self) -> list:
        """Where your carts would run if they moved now (your turn, before they move)."""
        state = self.state
        if not self.persons_turn() or state.phase not in ("actions", "move"):
            return []
        routes = []
        if state.pending is not None and state.pending["kind"] == "turn":
            for way in S.junction_ways(state):
                if way.route is not None:
                    routes.append(((way.route.start, *way.route.squares), WAY_COLOUR, way.route.outcome))
            return routes
        for index in state.carts_of(self.seat):
            cart = state.carts[index]
            if cart["where"] == "board" and not (state.phase == "move" and cart["moved"]):
                found = S.route(state, index)
                if found is not None:
                    routes.append(((found.start, *found.squares), ROUTE_COLOUR, found.outcome))
        return routes

    def _refresh_board(self) -> None:
        state = self.state
        marks: dict[tuple, str] = self.changed_squares()
        if self.hint_plan is not None:
            for square in S.action_squares(self.hint_plan.actions):
                marks[square] = "hint"
        if self._acting():
            for number in range(len(state.carts_of(self.seat))):
                for choice in S.start_choices(state, self.seat, number):
                    if choice.refusal is None:
                        marks[choice.square] = "start"
        for square in self._board_targets().values():
            marks[square] = "target"
        preview = None
        if self.selected is not None and self._acting() and self.selected not in state.tracks:
            allowed = [c for c in self._tile_choices if c.refusal is None]
            preview = allowed[self.turning % len(allowed)].mask if allowed else None
        if self._drawn != self._version:
            self.board.draw(state)
            self._drawn = self._version
        caption = ("<details class='otr-key'><summary>What the board shows</summary>Click a square to see it; on your turn, click an empty square to lay track (click it again to "
                   "turn the tile), a tile to upgrade it. Dashed lines: where your carts would run now "
                   "(✕ derails, ○ delivers, ? a junction where you choose). Purple: your free start squares; "
                   "blue: squares to click now; green: the hint's squares; teal outline: changed since your last "
                   "turn (dotted: track, gems or the chasm; dashed: a cart that moved there). Squares are named by "
                   "column letter and row number: D3 is column D, row 3.</details>")
        self.board.mark(selected=self.selected, preview=preview, marks=marks, routes=self._routes(),
                        focus=self._focus(marks), caption=caption)

    def _focus(self, marks: Mapping[tuple, str]) -> Optional[tuple]:
        """The square the decision is about (a phone's board frame keeps it in view): the square
        picked, else a square to click now, the next cart to move, the hint's square or your start."""
        state = self.state
        if self.selected is not None:
            return self.selected
        if not self.persons_turn():
            return None
        for kind in ("target", "hint", "start"):
            found = next((square for square, k in sorted(marks.items()) if k == kind), None)
            if found is not None:
                return found
        carts = [tuple(state.carts[i]["square"]) for i in state.carts_of(self.seat)
                 if state.carts[i]["where"] == "board"]
        return carts[0] if carts else None

    # ---- the square card
    def _refresh_square(self) -> None:
        state = self.state
        square = self.selected
        show(self.square_card, square is not None)
        acting = self._acting()
        self._tile_choices, self._upgrade_choices, self._start_choice = [], {}, None
        if square is None:
            assign(self.square_text, value="")
            show(self.tile_row, False)
            show(self.upgrade_row, False)
            show(self.start_button, False)
            return
        player = self.seat
        lines = [f"<b>{html.escape(S.square_words(state, square))}</b>"]
        empty = square in B.TRACK_SQUARE_SET and square not in state.tracks and square not in state.chasm
        if empty:
            self._tile_choices = S.tile_choices(state, square)
            by_lay = {(c.shape, c.turn): c for c in self._tile_choices}
            allowed = [c for c in self._tile_choices if c.refusal is None]
            for k, lay in enumerate(S.LAYS):
                choice = by_lay[lay]
                why = choice.refusal or ("" if acting else "not your action phase")
                assign(self.tile_buttons[k], disabled=bool(why),
                       tooltip=f"lay a {choice.words}" + (f" — {why}" if why else ""))
            if allowed and acting:
                now = allowed[self.turning % len(allowed)]
                lines.append(f"Previewed: {html.escape(now.words)} {now.glyph}. Click the square again to turn it, "
                             "or press a tile.")
                assign(self.lay_button, disabled=False, description=f"Lay {now.glyph}")
            else:
                refusal = next((c.refusal for c in self._tile_choices if c.refusal), "")
                if refusal:
                    lines.append(f"<span class='otr-bad'>{html.escape(refusal)}</span>")
                assign(self.lay_button, disabled=True, description="Lay it")
        show(self.tile_row, empty)
        ups = S.upgrade_choices(state, square)
        self._upgrade_choices = {c.side: c for c in ups}
        for side, button in self.upgrade_buttons.items():
            choice = self._upgrade_choices.get(side)
            show(button, choice is not None)
            if choice is not None:
                why = choice.refusal or ("" if acting else "not your action phase")
                assign(button, disabled=bool(why),
                       description=f"branch {B.SIDE_NAMES[side]} → {S.TILE_GLYPHS[choice.mask]}",
                       tooltip=f"make it a {S.tile_words(choice.mask)}" + (f" — {why}" if why else ""))
        show(self.upgrade_row, bool(ups))
        if ups and all(c.refusal for c in ups):
            lines.append(f"<span class='otr-bad'>No upgrade: {html.escape(ups[0].refusal)}</span>")
        elif square in state.tracks and not ups:
            lines.append("A cross: nothing to add.")
        start = S.start_at(state, player, square)
        self._start_choice = start
        show(self.start_button, start is not None)
        if start is not None:
            name = self.cart_name(state.cart_index(player, start.number))
            why = start.refusal or ("" if acting else "not your action phase")
            assign(self.start_button, description=f"Put {name} out here", disabled=bool(why),
                   tooltip=why or f"put {name} on {B.square_name(square)}")
            if start.refusal:
                lines.append(f"<span class='otr-bad'>No cart can go out here: {html.escape(start.refusal)}</span>")
        elif not empty and square not in state.tracks and square not in B.CENTRE_SQUARES:
            refusal = rules.track_refusal(state, square, B.STRAIGHT, 0)
            if refusal and not B.is_corner(square):
                lines.append(f"<span class='otr-caption'>{html.escape(refusal)}</span>")
        assign(self.square_text, value="<br>".join(lines))

    # ---- the carts card
    def _refresh_carts(self) -> None:
        state = self.state
        own = state.carts_of(self.seat)
        acting = self._acting()
        moving = self.persons_turn() and state.phase == "move" and state.pending is None
        to_move = set(state._carts_to_move()) if moving else set()
        for n in range(MAX_CARTS):
            show(self.cart_rows[n], n < len(own))
            if n >= len(own):
                continue
            index = own[n]
            cart = state.carts[index]
            name = self.cart_name(index)
            where = S.cart_words(state, index)
            found = S.route(state, index) if cart["where"] == "board" and (acting or index in to_move) else None
            route = f"<br><span class='otr-caption'>If it moved now: {html.escape(found.words)}</span>" if found else ""
            title = html.escape(name[0].upper() + name[1:])
            assign(self.cart_labels[n], value=f"{swatch(cart['clan'])}<b>{title}</b>: {html.escape(where)}{route}")
            on_board = cart["where"] == "board"
            for button, change in ((self.slow_buttons[n], -1), (self.fast_buttons[n], 1)):
                refusal = rules.speed_refusal(state, self.seat, n, change)
                show(button, on_board and acting)
                assign(button, disabled=refusal is not None or not acting,
                       tooltip=refusal or f"{'speed up' if change > 0 else 'slow down'} {name} (1 action)")
            supply = cart["where"] == "supply"
            for choice, button in zip(S.start_choices(state, self.seat, n), self.put_buttons[n]):
                show(button, supply and acting and not (state.options.solo and cart["derailed"]))
                assign(button, description=f"put out on {B.square_name(choice.square).split(' ')[0]}",
                       disabled=choice.refusal is not None or not acting,
                       tooltip=choice.refusal or f"put {name} on {B.square_name(choice.square)} (1 action)")
            show(self.drive_buttons[n], index in to_move)
            assign(self.drive_buttons[n], description=f"Move ({cart['speed']})", disabled=index not in to_move,
                   tooltip=found.words if found else f"move {name}")
        show(self.carts_card, not state.is_over)

    # ---- the decision card
    def _refresh_decision(self) -> None:
        mine = self.persons_turn()
        show(self.decision_card, mine)
        choices: list[tuple[str, Action, str, str]] = []
        words = ""
        acting = self._acting()
        asking = acting and self._end_asked == len(self.state.history)
        if not asking:
            self._end_asked = None
            self.end_confirm.settle()
        show(self.end_button, acting and not asking)
        assign(self.end_button, disabled=not acting)
        if mine:
            # the whole legal list (a thousand ways to lay a tile) is asked for only outside the actions
            words, choices = self._choices([] if acting else self.state.legal_actions())
        self._set_choices(choices)
        assign(self.decision_text, value=words)

    def _choices(self, legal: list[Action]) -> tuple[str, list]:
        state = self.state
        pending = state.pending
        if pending is not None:
            kind = pending["kind"]
            if kind == "turn":
                cart = self.cart_name(state.driving["cart"])
                found = []
                lines = []
                for way in S.junction_ways(state):
                    label = f"Go {B.SIDE_NAMES[way.side]} → {B.square_name(way.square).split(' ')[0]}"
                    then = way.route.words if way.route else ""
                    found.append((label, way.action(self.seat), "info", then))
                    if then:
                        lines.append(f"{html.escape(label)}: {html.escape(then)}")
                return (f"<b>{html.escape(cart[0].upper() + cart[1:])} is at a junction.</b> Click a highlighted "
                        "square or a button.<br><span class='otr-caption'>" + "<br>".join(lines) + "</span>"), found
            if kind == "pick":
                found = [(f"Pick up {a.gem} ({GEM_POINTS[a.gem]})", a, "success", self.action_words(a))
                         for a in legal if isinstance(a, Pick)]
                return (f"<b>Pick {pending['count']} gem{'s' if pending['count'] != 1 else ''}</b> from "
                        f"{html.escape(B.square_name(tuple(pending['square'])))}."), found
            if kind == "drop":
                cart = self.cart_name(pending["cart"])
                found = [(f"Drop {a.gem} ({GEM_POINTS[a.gem]})", a, "danger", self.action_words(a))
                         for a in legal if isinstance(a, Drop)]
                return (f"<b>{html.escape(cart[0].upper() + cart[1:])} was hit:</b> choose "
                        f"{wording.plural(pending['count'], 'gem')} to drop."), found
            found = [(B.square_name((a.x, a.y)).split(" ")[0], a, "", self.action_words(a))
                     for a in legal if isinstance(a, PlaceToken)]
            return (f"<b>Place the {pending['colour']} chasm token</b>: click a highlighted square (next to a "
                    f"{pending['colour']} token). Whatever stands there falls."), found
        if state.phase == "actions":
            left = state.actions_left
            return (f"<b>{left} action{'s' if left != 1 else ''} left.</b> Click a square to lay or upgrade track; "
                    "your carts below go out, speed up and slow down. Then end the actions."), []
        if state.phase == "move":
            return "<b>Move your carts</b>, in the order you choose (the buttons in Your carts).", []
        found = []
        for action in legal:
            if isinstance(action, DrawCard):
                found.append(("Draw a deposit card", action, "warning", "turn up the top deposit card"))
            elif isinstance(action, DrawToken):
                found.append(("Draw a chasm token", action, "danger", "draw a chasm token blind"))
        return "<b>Deposits:</b> draw.", found

    def _set_choices(self, choices: list[tuple[str, Action, str, str]]) -> None:
        while len(self.choice_buttons) < len(choices):
            index = len(self.choice_buttons)
            self.choice_buttons.append(self._button("", f"otr-choice otr-choice-{index}",
                                                    lambda index=index: self._choice_clicked(index)))
        self._choice_actions = [action for _, action, _, _ in choices]
        for index, (label, action, style, tip) in enumerate(choices):
            self.arm_choice(self.choice_buttons[index], action)   # before the words change
            assign(self.choice_buttons[index], description=label, tooltip=tip or str(action), disabled=False,
                   button_style=style)
        wanted = self.choice_buttons[:len(choices)]
        if list(self.choices_row.children) != wanted:
            self.choices_row.children = wanted

    # ---- the table: clans, stockpiles, scores
    def _refresh_table(self, view: Mapping) -> None:
        state = self.state
        mover = state.current_player
        rows = []
        for p, player in enumerate(view["players"]):
            parts = scoring.breakdown(state, p)
            detail = " · ".join(f"{name} {parts[name]}" for name in ("gems", "rubies", "carts", "missions")
                                if parts[name])
            carts = "; ".join(f"{html.escape(state.carts[i]['die'] or state.carts[i]['clan'])}: "
                              f"{html.escape(S.cart_words(state, i))}" for i in state.carts_of(p))
            missions = ", ".join(MISSION_BY_ID[m].title for m in player["missions"])
            classes = " ".join(c for c, on in (("otr-me", p == self.seat), ("otr-to-move", p == mover)) if on)
            rows.append(f"<tr class='{classes}'><td>{swatch(player['clan'])}{html.escape(self.bot_name(p))}</td>"
                        f"<td class='otr-num'>{parts['total']}</td><td>{gems_html(player['stockpile'])}"
                        f"<br><span class='otr-caption'>{html.escape(detail)}</span></td>"
                        f"<td class='otr-caption'>{carts}"
                        + (f"<br>missions: {html.escape(missions)}" if missions else "") + "</td></tr>")
        head = "<tr><th>clan</th><th>points</th><th>stockpile</th><th>carts</th></tr>"
        doing = "game over" if state.is_over else f"{html.escape(state.phase)} phase"
        top = (f"{self.turn_words().capitalize()} · {doing}"
               + (f" · {state.actions_left} action{'s' if state.actions_left != 1 else ''} left"
                  if state.phase == "actions" and not state.is_over else ""))
        if view["tiles"]:
            top += " · tiles left: " + ", ".join(f"{shape} {n}" for shape, n in view["tiles"].items())
        if state.options.solo:  # no scores: the jewels brought to their exits decide
            body = self._solo_html()
        else:
            note = "Final scores: see the table above." if state.is_over else scoring.RUNNING_NOTE
            body = (f"<div class='otr-table-frame'><table class='otr-table'>{head}{''.join(rows)}</table></div>"
                    f"<span class='otr-caption otr-points-note'>{html.escape(note)}</span>")
        assign(self.table_view, value=f"<div>{top}</div>{body}")
        missions = [f"<li><b>{html.escape(MISSION_BY_ID[m].title)}</b>: {html.escape(MISSION_BY_ID[m].text)}</li>"
                    for m in view["missions_up"]]
        show(self.missions_card, not state.options.solo)
        assign(self.missions_view, value=(f"<ul style='margin:2px 0 0 16px;padding:0'>{''.join(missions)}</ul>"
                                          f"<span class='otr-caption'>4 points each, claimed by the first delivery "
                                          f"that meets it; {view['mission_deck']} more in the deck.</span>")
               if missions else "No mission is face up.")

    def _solo_html(self) -> str:
        tally = S.solo_tally(self.state)
        rows = "".join("<tr>" + "".join(f"<td>{gem_dot(g)}{g}</td><td class='otr-num'>{tally['matched'][g]}</td>"
                                        f"<td class='otr-caption'>({tally['delivered'][g]} in all)</td>" for g in pair)
                       + "</tr>" for pair in (JEWELS[:2], JEWELS[2:]))
        exits = ", ".join(f"{gem} at {clan}" for clan, gem in B.JEWEL_OF_CLAN.items())
        return (f"<div style='margin-top:6px'><b>Delivered at the matching exit</b> "
                f"<span class='otr-caption'>({html.escape(exits)})</span></div>"
                f"<table class='otr-table'>{rows}</table>"
                f"<div>Standing now: <b>{html.escape(tally['standing'])}</b> · carts still in play: {tally['carts']}. "
                "<span class='otr-caption'>Two of each jewel at its exit: major victory; one of each: victory; one "
                "of each at any exits: partial victory.</span></div>")

    # ---- the chasm card
    def _refresh_chasm(self, view: Mapping) -> None:
        state = self.state
        if state.is_over:  # no card, token or turn is left to come
            assign(self.chasm_view, value="The game is over: the chasm has stopped.")
            return
        options = state.options
        clock = S.chasm_clock(view, options)
        lines = []
        if options.solo:
            lines.append(f"Deck: <b>{view['deposit_deck']}</b> cards. Each numbered card lets the chasm spread by a "
                         f"token; the Chasm card (chance {percent(clock.rest_chance)} next) holds it back a turn.")
        else:
            bag = S.bag_from_view(view)
            deck = view["deposit_deck"]
            lines.append(f"Deposit deck: <b>{deck}</b> card{'s' if deck != 1 else ''} · "
                         f"bag: {sum(bag.values())} gems ({', '.join(f'{g} {n}' for g, n in bag.items() if n)})")
            if clock.phase != "collapsing" and sum(bag.values()):
                two, two_d = S.deposit_outlook(bag, 2)
                three, three_d = S.deposit_outlook(bag, 3)
                lines.append(f"<span class='otr-caption'>A new deposit is worth {float(two):.1f} points on average "
                             f"with 2 gems (a diamond in it: {percent(two_d)}), {float(three):.1f} with 3 "
                             f"({percent(three_d)}).</span>")
        if clock.phase == "quiet":
            bars = []
            for turn, chance in clock.card_turns:
                who = self.bot_name(S.seat_of_turn(turn, options))
                you = turn == state.turn
                bars.append(f"<tr><td>round {state.round_of(turn)}{' (now)' if you else ''}</td>"
                            f"<td>{html.escape(who)}</td>"
                            f"<td><span class='otr-bar' style='width:{float(chance) * 100:.0f}px'></span></td>"
                            f"<td class='otr-num'>{percent(chance)}</td></tr>")
            lines.append("<b>The chasm sleeps.</b> The Chasm card comes at the end of (exact chance, given the cards "
                         f"drawn so far):<table class='otr-table'>{''.join(bars)}</table>")
        elif clock.phase == "final turns":
            drawer = view["chasm_drawn_by"]
            who = self.bot_name(drawer) if drawer is not None else "someone"
            lines.append(f"<b>The chasm wakes</b> ({html.escape(who)} drew the Chasm card): {clock.turns_left} more "
                         f"turn{'s' if clock.turns_left != 1 else ''}, this one counted, then four squares fall and "
                         "tokens are drawn instead of cards. Carts at the surface then leave the mine.")
        if clock.phase == "collapsing" or options.solo:
            out = clock.tokens_out
            total = out + sum(clock.tokens_left.values())
            colours = " · ".join(f"{swatch(c)}{c} {n} left ({percent(chance)} next)"
                                 for (c, chance), n in zip(clock.token_chances,
                                                           [clock.tokens_left[c] for c, _ in clock.token_chances]))
            lines.append(f"<b>The chasm spreads:</b> {out} of {total} tokens out"
                         f" <span class='otr-bar' style='width:{out * 5}px'></span><br>{colours or 'no tokens left'}")
            lines.append("<span class='otr-caption'>The game ends when the last token is out or no cart is left in "
                         "the mine; carts still below derail.</span>")
        assign(self.chasm_view, value="<br>".join(lines))

    # ---- words -------------------------------------------------------------------------------
    def turn_words(self) -> str:
        """"round 2" as a table counts (every seat's second turn); the solo game counts its turns."""
        state = self.state
        return f"turn {state.turn}" if state.options.solo else f"round {state.round_number}"

    def instruction_text(self) -> str:
        state = self.state
        if state.is_over:
            if state.options.solo:
                return (f"<b>The game is over: {html.escape(state.solo_result)}.</b> "
                        f"{html.escape(self.hint_steps.summary())} Press <b>New game</b> to play again.")
            scores = state.scores()
            ranking = ", ".join(f"{self.bot_name(p)} {score}" for p, score in
                                sorted(enumerate(scores), key=lambda item: -item[1]))
            winners = state.winners()
            others = " and ".join(self.bot_name(p) for p in winners if p != self.seat)
            verdict = ("The game is over." if self.seat not in winners else "You win!" if len(winners) == 1
                       else f"You share the win with {others}.")
            heads = ["you" if p == self.seat else state.players[p]["clan"].capitalize()
                     for p in range(state.num_players)]
            names = [head.capitalize() for head in heads]
            card = ending_html(scoring.ending(state, names), heads, "Missions and carts")
            return (f"<b>{verdict}</b> Final scores: {html.escape(ranking)}. {html.escape(self.hint_steps.summary())} "
                    f"Press <b>New game</b> to play again.{card}")
        if self.persons_turn():
            doing = re.sub(r"^\w+: ", "", state.prompt())
            clan = state.players[self.seat]["clan"]
            who = "solo" if state.options.solo else f"{swatch(clan)}{clan}"
            return f"<b>Your turn</b> ({who}, {self.turn_words()}): {html.escape(doing)}"
        who = state.current_player
        pace = "" if self.live else " (bots move when asked)"
        doing = re.sub(r"^\w+: ", "", state.prompt())
        return (f"{html.escape(self.bot_name(who))} is playing: {html.escape(doing)}"
                f"<span class='otr-caption'>{pace}</span>")


class _Sight:
    """The board as the person left it (track, fallen squares, where each cart stood), to mark
    what the other seats changed since."""

    def __init__(self, state, mark: int):
        self.mark = mark
        self.tracks = dict(state.tracks)
        self.chasm = dict(state.chasm)
        self.gems = {square: sorted(gems) for square, gems in state.gems.items()}
        self.carts = [_cart_square(cart) for cart in state.carts]

    def changes(self, state) -> dict[tuple, str]:
        found: dict[tuple, str] = {}
        gems = {square: sorted(found) for square, found in state.gems.items()}
        for square in {*self.tracks, *state.tracks, *self.chasm, *state.chasm, *self.gems, *gems}:
            if (self.tracks.get(square), self.chasm.get(square), self.gems.get(square)) != \
                    (state.tracks.get(square), state.chasm.get(square), gems.get(square)):
                found[square] = "changed"
        for before, cart in zip(self.carts, state.carts):
            now = _cart_square(cart)
            if now != before:
                if before is not None:
                    found.setdefault(before, "changed")
                if now is not None:
                    found[now] = "moved"
        return found


def _cart_square(cart) -> Optional[tuple]:
    return tuple(cart["square"]) if cart["where"] == "board" else None


class _OneStep:
    """A hint of one action, shaped like the planner's plan (``actions``)."""

    def __init__(self, action: Action):
        self.actions = [action]
