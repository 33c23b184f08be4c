"""The Mineshaft Mayhem front end: the sheet, the dice and one button per kind of move.

The app holds no rules. Every button stands for one action built from the
current inputs (which dice are kept, which die and face, which gem), and is
enabled exactly when the model lists that action in ``legal_actions()``.
The hint and bot buttons import the adviser and the bots only when pressed.

>>> app = MineshaftMayhemApp(seed=7)      # doctest: +SKIP
>>> app.click_roll(); app.set_keep([0, 2]); app.click_roll()   # doctest: +SKIP
"""

from __future__ import annotations

import dataclasses
import html
from collections import Counter
from typing import Any, Iterable, Optional

import ipywidgets as widgets

from minegames import mineshaft_mayhem as mm
from minegames.core import Action, MinegamesError, palette
from minegames.mineshaft_mayhem import (
    GEM_PATTERN,
    GEMS,
    Collect,
    CursiteReroll,
    CursiteRescue,
    CursiteSetDie,
    Roll,
    Shake,
    ShakeOntoGear,
    Stop,
)
from minegames.mineshaft_mayhem import scoring as MS
from minegames.mineshaft_mayhem.patterns import gem_count
from minegames.mineshaft_mayhem.render import sheet_svg
from minegames.mineshaft_mayhem.state import CURSITE_COST, CURSITE_GAIN_THRESHOLD, FACES

from .components import (BASE_CSS, ActionButton, DiceRow, GameApp, StateView, assign, choice_values, control_row,
                         error_text, guard, keep_to_options, panel, show, style_tag)
from .endings import ending_html

ALL_DICE = (0, 1, 2, 3)

#: Every control the app can show; ``from_state`` shows a chosen few.
CONTROLS = ("instruction", "dice", "roll", "stop", "collect", "cursite", "shake", "hint", "bot",
            "score", "status", "undo", "restart", "new_game", "save_load", "log")
#: What a full game shows ("Start again" only makes sense for a prepared position).
APP_CONTROLS = tuple(c for c in CONTROLS if c != "restart")
#: What a rule demo shows unless told otherwise: play on, take back, start again; no new games.
DEMO_CONTROLS = tuple(c for c in CONTROLS if c not in ("new_game", "save_load"))

MM_CSS = """
.mm-app .mm-board { gap: 16px; align-items: flex-start; }
.mm-app .mm-left { flex: 1 1 480px; min-width: 320px; max-width: 640px; }
.mm-app .mm-panel { flex: 1 1 360px; min-width: 300px; max-width: 440px; gap: 8px; }
.mm-app .mm-card { border: 1px solid #ddd; border-radius: 8px; padding: 6px 10px; background: #fff; }
.mm-app .mm-card-title { font-size: 12px; font-weight: 600; color: #6d4c41;
  text-transform: uppercase; letter-spacing: .04em; }
.mm-app .mm-caption { font-size: 12px; color: #666; }
.mm-app .mm-die { margin: 0 4px 0 0; }
.mm-app .mm-collect { min-width: 112px; }
.mm-app .mm-collect-row, .mm-app .mm-button-row { flex-flow: row wrap; gap: 4px; }
.mm-app .mm-shake { border-color: #b08d3c; background: #fff8e6; }
.mm-app .mm-score { font-size: 15px; }
.mm-app .mm-hint-output table { border-collapse: collapse; font-size: 12px; margin: 4px 0; }
.mm-app .mm-hint-output td, .mm-app .mm-hint-output th { padding: 1px 8px; text-align: left;
  border-bottom: 1px solid #eee; }
.mm-app .mm-hint-output p { margin: 2px 0; font-size: 13px; }
/* the sheet comes in two layouts: side by side, and stacked below 700 px (a phone), where the
   side-by-side one would shrink its words below a readable size; stacked, it comes in two parts,
   the conveyor with the dice above the dice and collect cards, the containers, gears and score
   below them, so the dice chosen and the belt they are chosen for share one screen */
.mm-app .mm-sheet-stacked, .mm-app .mm-sheet-sorting, .mm-app .mm-ending-here { display: none; }
/* at the end a phone shows the score table in the panel, where the dice card was and the player
   is looking, rather than in the instruction far above */
@media (max-width: 700px) {
  .mm-app .mm-sheet-wide, .mm-app .mg-instruction .mg-end { display: none; }
  .mm-app .mm-sheet-stacked, .mm-app .mm-sheet-sorting, .mm-app .mm-ending-here { display: block; }
  .mm-app .mm-left, .mm-app .mm-panel { min-width: 0; max-width: 100%; }
}
.mm-app .mm-gem-dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%;
  margin-right: 4px; vertical-align: middle; border: 1px solid #0003; }
"""


class TwoLayoutSheet(StateView):
    """The sheet drawn both ways, each at its natural size: the page's CSS shows the side-by-side
    one in a wide window and the stacked one's conveyor part on a phone (the kernel cannot know
    the window's width); :class:`SortingPart` shows the rest of the stacked one."""

    def show_state(self, state: mm.MineshaftMayhem) -> None:
        assign(self, value=f'<div class="mm-sheet-wide">{sheet_svg(state, None)}</div>'
                           f'<div class="mm-sheet-stacked">{sheet_svg(state, None, stacked=True, part="conveyor")}'
                           '</div>')


class SortingPart(StateView):
    """On a phone only: the containers, gears and score, below the cards that decide on the dice."""

    def __init__(self):
        super().__init__("mm-sheet-sorting")

    def show_state(self, state: mm.MineshaftMayhem) -> None:
        assign(self, value=sheet_svg(state, None, stacked=True, part="sorting"))


def _card(title: str, children: list[widgets.Widget], extra_class: str = "") -> widgets.VBox:
    return panel(title, children, "mm", extra_class)


def _row(children: list[widgets.Widget], css_class: str = "mm-button-row") -> widgets.HBox:
    return control_row(children, css_class)


def _pattern_words(gem: str) -> str:
    return GEM_PATTERN[gem].replace("_", " ")


def _cost(action_type: type) -> str:
    """A cursite power's price as the model sets it, in words: '2 cursite'."""
    return f"{CURSITE_COST[action_type]} cursite"


class MineshaftMayhemApp(GameApp):
    """Play Mineshaft Mayhem with buttons; ``state`` is the model game being played."""

    prefix = "mm"
    log_lines = 12

    def __init__(self, seed: Optional[int] = None, *, state: Optional[mm.MineshaftMayhem] = None,
                 controls: Optional[Iterable[str]] = None, **options: Any):
        if state is None:
            state = mm.new_game(seed=seed, **options)
        elif options:
            raise TypeError("pass either a state or options for a new game, not both")
        self._advice = None
        self._advice_error = ""
        self._seen_turn: Optional[tuple[int, Any]] = None
        self.shown_controls = set(CONTROLS)
        self._build_play_controls(state)
        super().__init__(state, new_game=self._fresh_game, load=mm.load)
        for i, toggle in enumerate(self.dice_row.toggles):
            guard(toggle, self.refuse_input, f"die {i + 1}")
        for choice, name in ((self.set_die_choice, "die to set"), (self.set_face_choice, "face to set"),
                             (self.shake_gem_choice, "gem to shake")):
            guard(choice, self.refuse_input, name)
            keep_to_options(choice, self.refuse_input, name)
        self.show_controls(APP_CONTROLS if controls is None else controls)

    @classmethod
    def from_state(cls, state: mm.MineshaftMayhem,
                   controls: Iterable[str] = DEMO_CONTROLS) -> "MineshaftMayhemApp":
        """Show a prepared position (e.g. from ``mm.position``) with only the controls a lesson needs.

        The app plays on a copy; "Start again" returns to the prepared position.
        """
        app = cls(state=state.copy(), controls=controls)
        app._start_state = state.copy()
        return app

    def _fresh_game(self, seed: Optional[int]) -> mm.MineshaftMayhem:
        """A new game with the options of the one on screen (a loaded game keeps its variant)."""
        return mm.new_game(seed=seed, **dataclasses.asdict(self.state.options))

    # ---- building -------------------------------------------------------------
    def _build_play_controls(self, state: mm.MineshaftMayhem) -> None:
        self.dice_row = DiceRow(4, css_class="mm-die")
        self.dice_row.on_change(self._sync_buttons)
        self.dice_caption = widgets.HTML()
        self.dice_caption.add_class("mm-caption")

        self.roll_button = ActionButton("Roll all dice", self._roll_action, self.act, refuse=self._refuse_later,
                                        css_class="mm-roll", button_style="primary", icon="refresh")
        self.stop_button = ActionButton("Stop (no gem)", Stop, self.act, refuse=self._refuse_later,
                                        css_class="mm-stop", button_style="warning",
                                        tooltip="end the turn without a gem")
        self.collect_buttons = {
            gem: ActionButton(f"Collect {gem}", lambda gem=gem: Collect(gem), self.act,
                              refuse=self._refuse_later, css_class="mm-collect", button_style="success",
                              tooltip=f"{gem}: needs {_pattern_words(gem)}")
            for gem in GEMS
        }
        for gem, button in self.collect_buttons.items():
            button.add_class(f"mm-collect-{gem}")

        self.cursite_label = widgets.HTML()
        self.reroll_button = ActionButton(f"Re-roll unkept dice ({_cost(CursiteReroll)})",
                                          self._cursite_reroll_action, self.act, refuse=self._refuse_later,
                                          layout=widgets.Layout(width="fit-content"),
                                          css_class="mm-cursite-reroll",
                                          tooltip=f"{_cost(CursiteReroll)}: re-roll every die not kept, locked ones too")
        self.set_die_choice = widgets.Dropdown(options=[(f"die {i + 1}", i) for i in ALL_DICE], value=0,
                                               layout=widgets.Layout(width="80px"))
        self.set_face_choice = widgets.Dropdown(options=list(FACES), value=max(FACES),
                                                layout=widgets.Layout(width="60px"))
        self.set_die_button = ActionButton(f"Set die ({_cost(CursiteSetDie)})", self._set_die_action, self.act,
                                           refuse=self._refuse_later, css_class="mm-cursite-set",
                                           tooltip=f"{_cost(CursiteSetDie)}: turn the chosen die to the chosen face")
        for choice in (self.set_die_choice, self.set_face_choice):
            choice.observe(lambda _change: self._sync_buttons(), names="value")
        self.rescue_row = _row([])
        self.rescue_buttons: list[ActionButton] = []

        self.shake_intro = widgets.HTML()
        self.shake_gem_choice = widgets.Dropdown(description="gem", layout=widgets.Layout(width="200px"),
                                                 style={"description_width": "32px"})
        self.shake_gem_choice.observe(lambda _change: self._sync_buttons(), names="value")
        self.shake_row = _row([])
        self.shake_buttons: list[ActionButton] = []
        self.shake_gear_button = ActionButton("Onto a gear", self._shake_gear_action, self.act,
                                              refuse=self._refuse_later, css_class="mm-shake-gear", button_style="danger",
                                              tooltip="the conveyor is full: the gem falls on a gear")

        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o", layout=widgets.Layout(width="auto"),
                                          tooltip="exact chances for each gem on the belt, and the best keep")
        self.hint_button.add_class("mm-hint")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.bot_button = widgets.Button(description="Bot plays a turn", icon="android",
                                         layout=widgets.Layout(width="auto"),
                                         tooltip="the strong bot finishes this turn")
        self.bot_button.add_class("mm-bot")
        self.bot_button.on_click(lambda _b: self.bot_turn())
        self.hint_output = widgets.HTML()
        self.hint_output.add_class("mm-hint-output")
        self.score_line = widgets.HTML()
        self.score_line.add_class("mm-score")
        self.ending_view = widgets.HTML()
        self.ending_view.add_class("mm-ending-here")
        self._fit_to_options(state)

    def _fit_to_options(self, state: mm.MineshaftMayhem) -> None:
        """One rescue button per gear and one shake button per space (these follow the options)."""
        gears, spaces = len(state.gears), len(state.conveyor)
        if len(self.rescue_buttons) != gears:
            self.rescue_buttons = [
                ActionButton(f"Rescue gear {g + 1} ({_cost(CursiteRescue)})", lambda g=g: CursiteRescue(g),
                             self.act, refuse=self._refuse_later, css_class="mm-cursite-rescue",
                             tooltip=f"{_cost(CursiteRescue)}: sort the gem on this gear")
                for g in range(gears)
            ]
            self.rescue_row.children = self.rescue_buttons
        if len(self.shake_buttons) != spaces:
            self.shake_buttons = [
                ActionButton(f"space {s + 1}", lambda s=s: self._shake_action(s), self.act,
                             refuse=self._refuse_later, css_class="mm-shake-space",
                             layout=widgets.Layout(width="72px"))
                for s in range(spaces)
            ]
            self.shake_row.children = [*self.shake_buttons, self.shake_gear_button]

    def build(self) -> list[widgets.Widget]:
        self.sheet = TwoLayoutSheet("mm-sheet")  # in place of GameApp's one-layout sheet (not shown yet)
        self.dice_card = _card("Dice", [self.dice_row, self.dice_caption,
                                        _row([self.roll_button, self.stop_button])])
        self.collect_card = _card("Collect", [_row(list(self.collect_buttons.values()), "mm-collect-row")])
        self.cursite_card = _card("Cursite powers", [
            self.cursite_label, self.reroll_button,
            _row([self.set_die_choice, widgets.HTML("to"), self.set_face_choice, self.set_die_button]),
            self.rescue_row])
        self.shake_card = _card("The mine shakes", [self.shake_intro, self.shake_gem_choice, self.shake_row],
                                "mm-shake")
        self.help_row = _row([self.hint_button, self.bot_button])
        self.sorting_part = SortingPart()
        self.panel = widgets.VBox([self.score_line, self.ending_view, self.shake_card, self.dice_card, self.collect_card,
                                   self.sorting_part, self.cursite_card, self.help_row, self.hint_output])
        self.panel.add_class("mm-panel")
        left = widgets.VBox([self.sheet, self.status])
        left.add_class("mm-left")
        board = _row([left, self.panel], "mm-board")
        board.layout.align_items = "flex-start"
        return [style_tag(MM_CSS), style_tag(BASE_CSS), self.instruction, board, self.controls, self.log_view]

    def show_controls(self, names: Iterable[str]) -> None:
        """Show only the named controls (see ``CONTROLS``); the sheet always shows."""
        names = set(names)
        unknown = names - set(CONTROLS)
        if unknown:
            raise ValueError(f"unknown controls {sorted(unknown)}; known: {list(CONTROLS)}")
        self.shown_controls = names
        parts = {
            "instruction": [self.instruction], "dice": [self.dice_row, self.dice_caption],
            "roll": [self.roll_button], "stop": [self.stop_button], "collect": [self.collect_card],
            "cursite": [self.cursite_card], "hint": [self.hint_button, self.hint_output],
            "bot": [self.bot_button], "score": [self.score_line], "status": [self.status],
            "undo": [self.controls.undo_button], "restart": [self.controls.restart_button],
            "new_game": [self.controls.new_game_button, self.controls.seed_box],
            "save_load": [self.controls.save_load], "log": [self.log_view],
        }
        for name, items in parts.items():
            for item in items:
                show(item, name in names)
        self.refresh()

    def _refuse_later(self, text: str) -> None:
        """For buttons built before the status line exists."""
        self.refuse_input(text)

    # ---- actions the inputs stand for -------------------------------------------
    def _roll_action(self) -> Optional[Action]:
        state = self.state
        if state.phase == "start":
            return Roll(ALL_DICE)
        if state.phase != "rolling":
            return None
        dice = tuple(i for i in self.dice_row.not_kept if not state.locked[i])
        return Roll(dice) if dice else None

    def _cursite_reroll_action(self) -> Optional[Action]:
        dice = self.dice_row.not_kept
        return CursiteReroll(dice) if dice and self.state.phase == "rolling" else None

    def _set_die_action(self) -> Optional[Action]:
        die, face = self.set_die_choice.value, self.set_face_choice.value
        if die not in choice_values(self.set_die_choice) or face not in choice_values(self.set_face_choice):
            raise ValueError(f"choose a die and a face from the lists (got {die!r}, {face!r})")
        return CursiteSetDie(die, face)

    def _shake_gem(self) -> Optional[str]:
        gem = self.shake_gem_choice.value
        if gem is not None and gem not in choice_values(self.shake_gem_choice):
            raise ValueError(f"choose a gem from the tin's list (got {gem!r})")
        return gem

    def _shake_action(self, space: int) -> Optional[Action]:
        gem = self._shake_gem()
        return Shake(gem, space) if gem else None

    def _shake_gear_action(self) -> Optional[Action]:
        gem = self._shake_gem()
        return ShakeOntoGear(gem) if gem else None

    def action_buttons(self) -> list[ActionButton]:
        return [self.roll_button, self.stop_button, *self.collect_buttons.values(), self.reroll_button,
                self.set_die_button, *self.rescue_buttons, *self.shake_buttons, self.shake_gear_button]

    def enabled_actions(self) -> list[Action]:
        """The actions of the buttons a player can press now (shown and enabled), inputs as they are."""
        return [b.current_action() for b in self.action_buttons()
                if not b.disabled and self._is_shown(b)]

    def _is_shown(self, button: ActionButton) -> bool:
        if button in (self.roll_button, self.stop_button):
            card = self.dice_card
        elif button in self.collect_buttons.values():
            card = self.collect_card
        elif button in self.shake_buttons or button is self.shake_gear_button:
            card = self.shake_card
        else:
            card = self.cursite_card
        return button.layout.display != "none" and card.layout.display != "none"

    # ---- refreshing -------------------------------------------------------------
    def on_new_state(self) -> None:
        self._fit_to_options(self.state)
        self.dice_row.set_kept((), notify=False)

    def after_change(self) -> None:
        """New turn or no dice: nothing is kept. Locked dice count as kept. Old advice is stale."""
        state = self.state
        self._advice = None
        self._advice_error = ""
        turn = (state.turn, state.dice is None)
        if state.dice is None or turn != self._seen_turn:
            self.dice_row.set_kept((), notify=False)
        self._seen_turn = turn
        locked = [i for i, lock in enumerate(state.locked) if lock]
        if state.dice is not None and locked:
            self.dice_row.set_kept(set(self.dice_row.kept) | set(locked), notify=False)

    def refresh(self) -> None:
        super().refresh()
        state = self.state
        self.sorting_part.show_state(state)
        legal = set(state.legal_actions())
        can_cursite_reroll = any(isinstance(a, CursiteReroll) for a in legal)
        self.dice_row.show_dice(state.dice, state.locked, enabled=state.phase == "rolling",
                                locked_enabled=can_cursite_reroll)
        self._refresh_shake(state)
        self._refresh_cards(state)
        self._refresh_labels(state)
        self._refresh_help(state)
        self._sync_buttons(legal)

    def instruction_text(self) -> str:
        """The model's prompt; at the end, with the score table by source and the rank explained."""
        text = super().instruction_text()
        if not self.state.is_over:
            return text
        return text + self._ending_card()

    def _ending_card(self) -> str:
        end = MS.ending(self.state)
        return ending_html({"rows": [(label, [points]) for label, points in end["rows"]],
                            "totals": [end["total"]], "why": [end["why"]]}, ["points"])

    def _refresh_cards(self, state: mm.MineshaftMayhem) -> None:
        """At the end the cards for playing go and the ending takes their place (a phone shows it
        there; a wide window shows it in the instruction)."""
        names, playing = self.shown_controls, not state.is_over
        show(self.dice_card, playing and bool(names & {"dice", "roll", "stop"}))
        show(self.collect_card, playing and "collect" in names)
        show(self.cursite_card, playing and "cursite" in names)
        show(self.help_row, playing and bool(names & {"hint", "bot"}))
        assign(self.ending_view, value="" if playing else self._ending_card())

    def _sync_buttons(self, legal: Optional[set[Action]] = None) -> None:
        """Enable exactly the buttons whose action is legal; cheap enough to run on every toggle."""
        if legal is None:
            legal = set(self.state.legal_actions())
            self.dice_row.show_dice(self.state.dice, self.state.locked, enabled=self.state.phase == "rolling",
                                    locked_enabled=any(isinstance(a, CursiteReroll) for a in legal))
        for button in self.action_buttons():
            button.sync(legal, len(self.state.history))
        self._label_roll()

    def _label_roll(self) -> None:
        state, action = self.state, self.roll_button.current_action()
        max_rolls = state.options.max_rolls
        if state.phase == "start":
            text = "Roll all dice"
        elif state.phase == "rolling" and not state.rolls_left:
            text = "No rolls left"
        elif isinstance(action, Roll):
            count = len(action.dice)
            text = f"Re-roll {count} {'die' if count == 1 else 'dice'} ({state.rolls_used + 1} of {max_rolls})"
        elif state.phase == "rolling":
            text = "Re-roll (release a die first)"
        else:
            text = "Roll"
        assign(self.roll_button, description=text)
        reroll = self.reroll_button.current_action()
        count = len(reroll.dice) if reroll else 0
        cost = _cost(CursiteReroll)
        assign(self.reroll_button, description=f"Re-roll {count} unkept {'die' if count == 1 else 'dice'} ({cost})"
               if count else f"Re-roll unkept dice ({cost})")

    def _refresh_labels(self, state: mm.MineshaftMayhem) -> None:
        on_belt = Counter(g for g in state.conveyor if g is not None)
        for gem, button in self.collect_buttons.items():
            count = on_belt[gem]
            assign(button, description=f"Collect {gem_count(count, gem)}",
                   tooltip=f"{gem}: needs {_pattern_words(gem)}; {gem_count(count, gem)} on the conveyor to collect")
        if state.is_over:
            caption = "The game is over: no more rolls."
        elif state.dice is None:
            caption = "Roll to see the dice."
        elif state.phase != "rolling":
            caption = "The dice as they were last rolled."
        else:
            left = state.rolls_left
            shown = state.shown_gems()
            caption = (f"Pressed dice are kept. {left} re-roll{'s' if left != 1 else ''} left. "
                       + ("Locked 1s stay unless you spend cursite. " if any(state.locked) else "")
                       + (f"The dice show: {', '.join(shown)}." if shown else "The dice show no pattern."))
        assign(self.dice_caption, value=f'<span class="mm-caption">{html.escape(caption)}</span>')
        assign(self.cursite_label, value=(
            f'<span class="mm-caption">You hold <b>{state.cursite}</b> cursite '
            f'({state.cursite_supply} left in the lid). A turn with no gem while {CURSITE_GAIN_THRESHOLD} or more '
            f'gems ride the belt earns one.</span>'))
        breakdown = state.score_breakdown()
        final = "Final score" if state.is_over else "Score so far"
        assign(self.score_line, value=(
            f"<b>{final}: {breakdown['total']}</b> &mdash; {html.escape(state.rank())}<br>"
            f'<span class="mm-caption">gems {breakdown["containers"]} + empty gears '
            f'{breakdown["empty_gears"]} + cursite {breakdown["cursite"]}<br>'
            f'{html.escape(MS.empty_gears_words(state).capitalize())}.</span>'))
        for gear, button in enumerate(self.rescue_buttons):
            gem = state.gears[gear]
            show(button, gem is not None)
            if gem is not None:
                assign(button, description=f"Rescue the {gem} on gear {gear + 1} ({_cost(CursiteRescue)})")

    def _refresh_shake(self, state: mm.MineshaftMayhem) -> None:
        shaking = state.phase == "shake"
        show(self.shake_card, shaking and "shake" in self.shown_controls)
        counts = state.tin.counts() if shaking else {}
        options = [(f"{gem} ({n} in the tin)", gem) for gem, n in counts.items() if n]
        if list(self.shake_gem_choice.options) != options:
            current = self.shake_gem_choice.value
            self.shake_gem_choice.options = options
            gems = [gem for _, gem in options]
            self.shake_gem_choice.value = current if current in gems else (gems[0] if gems else None)
        full = None not in state.conveyor
        for space, button in enumerate(self.shake_buttons):
            show(button, state.conveyor[space] is None)
        show(self.shake_gear_button, full)
        assign(self.shake_intro, value='<span class="mm-caption">' + (
            "The conveyor is full: the gem you choose falls on a gear." if full else
            "Choose a gem from the tin, then the empty space it lands on.") + "</span>")

    def _refresh_help(self, state: mm.MineshaftMayhem) -> None:
        assign(self.hint_button, disabled=state.phase not in ("start", "rolling"))
        assign(self.bot_button, disabled=state.is_over)
        if self._advice is not None:
            value = self._advice_html(self._advice)
        elif self._advice_error:
            value = f'<span class="mg-status-error">{html.escape(self._advice_error)}</span>'
        else:
            value = ""
        assign(self.hint_output, value=value)

    # ---- hint and bot -------------------------------------------------------------
    def show_hint(self):
        """Ask the adviser about the current dice; show its numbers and press its best keep."""
        try:
            from minegames.mineshaft_mayhem.analysis import advise_state
        except ImportError as error:
            self.status.error(f"the adviser is not available ({error})")
            return None
        if self.state.phase not in ("start", "rolling"):
            self.status.error("hints are about dice: there is no dice decision now")
            return None
        try:
            advice = advise_state(self.state)
        except (ValueError, MinegamesError) as error:
            self._advice, self._advice_error = None, str(error)
            self.refresh()
            return None
        self._advice = advice
        if advice.dice is not None:
            self.dice_row.set_kept(advice.best.keep, notify=False)
        self.status.say("hint: " + self._verdict_words(advice), "info")
        self.refresh()
        return advice

    def _verdict_words(self, advice) -> str:
        best = advice.best
        worth = f"{best.worth:.2f}" if best.worth >= 0.1 else f"{best.worth:.3f}"
        if advice.dice is None:
            return f"roll all dice; this turn is worth {worth} points on average with best play"
        if best.stop:
            return f"collect {best.collect} now" if best.collect else "nothing is worth re-rolling for: stop"
        reroll = [str(i + 1) for i in ALL_DICE if i not in best.keep]
        kept = f"keep die {', '.join(str(i + 1) for i in best.keep)}" if best.keep else "keep no die"
        return (f"{kept} and re-roll die {', '.join(reroll)} (expected {worth} points); "
                "the keep is pressed for you")

    def _advice_html(self, advice) -> str:
        rows = []
        for gem, gem_advice in advice.per_gem.items():
            if advice.dice is None:
                keep = "roll all dice"
            elif gem_advice.shown:
                keep = "shows now"
            elif gem_advice.chance == 0:
                keep = "out of reach"
            else:
                keep = "keep " + (", ".join(str(i + 1) for i in gem_advice.keep) or "none")
            chance = gem_advice.chance
            exact = f"{chance.numerator}/{chance.denominator}" if chance not in (0, 1) else str(chance)
            dot = f'<span class="mm-gem-dot" style="background:{palette.gem_fill(gem)}"></span>'
            rows.append(f"<tr><td>{dot}{html.escape(gem)}</td><td>{_pattern_words(gem)}</td>"
                        f"<td>{exact}</td><td>{float(chance):.1%}</td><td>{keep}</td></tr>")
        if not rows:
            return "<p>No gem is on the conveyor, so there is nothing to roll for.</p>"
        return ("<p><b>Chance to finish the turn showing each gem on the belt</b> (playing for that gem "
                "alone, exact):</p><table><tr><th>gem</th><th>pattern</th><th>chance</th><th></th>"
                f"<th>best keep</th></tr>{''.join(rows)}</table>"
                f"<p><b>Best:</b> {html.escape(self._verdict_words(advice))}.</p>")

    def bot_turn(self) -> bool:
        """Let the strong bot play until this turn ends (or the game does)."""
        try:
            from minegames.mineshaft_mayhem.bots import StrongBot
        except ImportError as error:
            self.status.error(f"the bot is not available ({error})")
            return False
        state = self.state
        if state.is_over:
            self.status.error("game over: the game has ended; no more actions are possible")
            return False
        bot, turn, before = StrongBot(), state.turn, len(state.log)
        for _ in range(100):
            if state.is_over or state.turn != turn:
                break
            action = bot.choose(state)
            try:
                state.apply(action)
            except MinegamesError as error:
                self.status.error(f"the bot tried {action}: {error_text(error)}")
                self.after_change()
                self.refresh()
                return False
        self.after_change()
        self.report_since(before, fallback="the bot played a turn")
        self.refresh()
        return True

    # ---- driving from code (tests, notebooks) ----------------------------------------
    def set_keep(self, indices: Iterable[int]) -> None:
        """Press exactly these dice (0-based) as kept, like clicking them."""
        self.dice_row.set_kept(indices)

    def click_roll(self) -> None:
        self.roll_button.click()

    def click_stop(self) -> None:
        self.stop_button.click()

    def click_collect(self, gem: str) -> None:
        self.collect_buttons[gem].click()

    def click_cursite_reroll(self) -> None:
        self.reroll_button.click()

    def click_set_die(self, die: int, face: int) -> None:
        self.set_die_choice.value = die
        self.set_face_choice.value = face
        self.set_die_button.click()

    def click_rescue(self, gear: int) -> None:
        self.rescue_buttons[gear].click()

    def click_shake(self, gem: str, space: Optional[int] = None) -> None:
        """Shake ``gem`` onto ``space``, or onto a gear when ``space`` is None."""
        if gem not in [value for _, value in self.shake_gem_choice.options]:
            self.status.error(f"gem not in tin: the tin holds no {gem} to choose")
            return
        self.shake_gem_choice.value = gem
        (self.shake_gear_button if space is None else self.shake_buttons[space]).click()

    def click_hint(self) -> None:
        self.hint_button.click()

    def click_bot_turn(self) -> None:
        self.bot_button.click()

