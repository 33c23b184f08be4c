"""Widget pieces every game front end reuses.

They know the shared state protocol of :mod:`minegames.core` (``apply``,
``undo``, ``legal_actions``, ``log``, ``to_json``, ``_repr_svg_``) and nothing
of any one game's rules: a game's app decides which actions its buttons stand
for, and asks the model whether each is legal.

Refreshing is cheap on purpose: :func:`assign` only touches traits whose value
changed, so a click re-sends only what differs to the browser.
"""

from __future__ import annotations

import html
import time
from typing import Any, Callable, Iterable, Optional, Sequence

import ipywidgets as widgets
from traitlets import TraitError

from minegames.core import Action, GameState, MinegamesError
from minegames.core.log import log_line
from minegames.core.words import percent  # noqa: F401  (the apps' chances: one format for every game)

#: Die faces as pip glyphs (U+2680..U+2685), indexed by face 1..6.
PIP_GLYPHS = {1: "\u2680", 2: "\u2681", 3: "\u2682", 4: "\u2683", 5: "\u2684", 6: "\u2685"}

#: Styling shared by every game app (root class ``mg-app``); games add their own.
BASE_CSS = """
.mg-app { max-width: 1100px; font-family: var(--jp-ui-font-family, system-ui, sans-serif); gap: 6px; }
.mg-app .mg-title { font-size: 20px; font-weight: 600; margin: 0; }
.mg-app .mg-instruction { font-size: 14px; padding: 6px 10px; border-radius: 6px;
  background: #f2efe6; border-left: 4px solid #b08d3c; }
.mg-app .mg-status { min-height: 1.6em; font-size: 13px; }
.mg-app .mg-status-error { color: #b00020; font-weight: 600; }
.mg-app .mg-status-ok { color: #1b5e20; }
.mg-app .mg-status-info { color: #333; }
.mg-app .mg-log-lines { font-family: var(--jp-code-font-family, monospace); font-size: 12px;
  line-height: 1.35; background: #fafafa; border: 1px solid #ddd; border-radius: 4px;
  padding: 4px 8px; white-space: pre-wrap; }
.mg-app .mg-log-empty { color: #888; font-style: italic; }
.mg-app .mg-log-scroll { display: flex; flex-direction: column-reverse; overflow-y: auto; }
.mg-app .mg-since-box { font-size: 13px; background: #eef4fb; border: 1px solid #b7cde6;
  border-radius: 6px; padding: 4px 10px; max-height: 14em; overflow-y: auto; }
.mg-app .mg-since-heading { font-weight: 600; color: #1f3f66; }
.mg-app .mg-since-lines { margin: 2px 0; padding-left: 1.6em; }
.mg-app .mg-since-turn { font-size: 12px; color: #555; font-weight: 600; margin-top: 2px; }
.mg-app .mg-sheet svg { max-width: 100%; height: auto; }
.mg-app .mg-die { font-size: 30px; line-height: 1; }
.mg-app .mg-die.mg-locked { border: 2px dashed #8d6e63; opacity: 0.9; }
.mg-app .widget-html-content { line-height: 1.45; }
.mg-app .widget-button:disabled, .mg-app .jupyter-button:disabled { background: #eee; color: #999;
  opacity: 1; box-shadow: none; }
.mg-app .mg-row { gap: 6px; }
.mg-app .mg-section-label { font-size: 12px; color: #555; min-width: 70px; }
/* a decision button that just changed ignores the pointer a moment (see DecisionButton); two names
   with the same frames, so that swapping the class restarts the animation */
@keyframes mg-armed-a { 0% { pointer-events: none; opacity: 0.55; } 100% { pointer-events: none; opacity: 1; } }
@keyframes mg-armed-b { 0% { pointer-events: none; opacity: 0.55; } 100% { pointer-events: none; opacity: 1; } }
.mg-app .mg-armed-a { animation: mg-armed-a 0.4s linear; }
.mg-app .mg-armed-b { animation: mg-armed-b 0.4s linear; }
/* a phone: every control at least 40 px high (ipywidgets sizes buttons, toggles, inputs and
   drop-downs by this variable), so a thumb finds it */
@media (max-width: 600px) {
  .mg-app { --jp-widgets-inline-height: 40px; }
  .mg-app .jupyter-button, .mg-app .widget-toggle-button { min-width: 40px; }
}
.mg-app .mg-load-problem { color: #b00020; font-size: 13px; font-weight: 600; }
.mg-app .mg-load-notice details { font-size: 12px; color: #555; }
.mg-app .mg-confirm-question { font-size: 13px; color: #b00020; font-weight: 600; }
"""


def assign(widget: widgets.Widget, **values: Any) -> None:
    """Set only the traits whose value differs (each change is a message to the browser)."""
    for name, value in values.items():
        if getattr(widget, name) != value:
            setattr(widget, name, value)


def show(widget: widgets.Widget, visible: bool) -> None:
    """Hide or show a widget without removing it (so the layout does not jump)."""
    assign(widget.layout, display=None if visible else "none")


def set_classes(widget: widgets.Widget, wanted: dict[str, bool]) -> None:
    """Add or remove CSS classes on ``widget``, touching only those that change."""
    classes = list(widget._dom_classes)
    changed = False
    for name, on in wanted.items():
        if on and name not in classes:
            classes.append(name)
            changed = True
        elif not on and name in classes:
            classes.remove(name)
            changed = True
    if changed:
        widget._dom_classes = tuple(classes)


def panel(title: str, children: list[widgets.Widget], prefix: str, extra_class: str = "") -> widgets.VBox:
    """A titled panel; ``prefix`` scopes its CSS classes to one game (``mm-card``, ``oom-card``)."""
    heading = widgets.HTML(f'<div class="{prefix}-card-title">{html.escape(title)}</div>')
    box = widgets.VBox([heading, *children])
    box.add_class(f"{prefix}-card")
    if extra_class:
        box.add_class(extra_class)
    return box


def control_row(children: list[widgets.Widget], css_class: str) -> widgets.HBox:
    """A wrapping row of controls."""
    box = widgets.HBox(children, layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
    box.add_class(css_class)
    return box


#: What a player sees when the page's widgets are cut off from the game (its kernel stopped: past
#: its memory, freed after a long silence, or the server restarted). ipywidgets marks every view
#: of a cut-off page ``jupyter-widgets-disconnected``; this notice, hidden otherwise, shows then.
CONNECTION_NOTICE = """<style>
.mg-connection-lost { display: none; }
.mg-app:has(.jupyter-widgets-disconnected) .mg-connection-lost { display: block; position: sticky; top: 0;
  z-index: 10; padding: 8px 12px; border-radius: 6px; background: #fdecea; border: 2px solid #b00020;
  color: #5f0010; font-size: 14px; line-height: 1.4; }
</style>
<div class="mg-connection-lost" role="alert"><b>This game has lost its link to the server</b>, so
nothing you click reaches it any more. The server stopped it (it used too much memory, the page was
left unused for a long time, or the server restarted). Reload the page to start again; to carry on,
paste a save you made with Save into Load. (In a notebook: restart the kernel and run the cells
again.)</div>"""


def connection_notice() -> widgets.HTML:
    """The notice above, as the first child of an app."""
    notice = widgets.HTML(CONNECTION_NOTICE)
    notice.add_class("mg-connection-notice")
    return notice


class StaticForm:
    """Mixin for a widget that must read well where widgets do not run (GitHub, nbviewer, an
    exported page, a notebook saved and reopened without its kernel): its output also carries
    ``static_html()`` (a picture of what it shows) and ``static_text()`` instead of the bare
    ``Widget(children=...)`` text. Where widgets run, the live widget is shown as before."""

    def static_html(self) -> str:
        raise NotImplementedError

    def static_text(self) -> str:
        return f"[{type(self).__name__}: open the notebook with a running kernel to use it]"

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs) or {}  # type: ignore[misc]
        bundle["text/plain"] = self.static_text()
        bundle["text/html"] = self.static_html()
        return bundle


def style_tag(css: str) -> widgets.HTML:
    """A widget that carries a ``<style>`` block, so the app looks the same in Lab and Voila."""
    return widgets.HTML(f"<style>{css}</style>", layout=widgets.Layout(display="none"))


#: What a callback may raise on a value from the browser that it did not expect.
BAD_VALUE_ERRORS = (TraitError, ValueError, TypeError, KeyError, IndexError)


def guard(widget: widgets.Widget, report: Callable[[str], None], name: str) -> widgets.Widget:
    """Treat what the browser sends ``widget`` as untrusted (a visitor can send any state).

    A value the widget's own traits refuse (an index out of range, a string for a
    flag), or one a callback trips over, changes nothing: the browser is sent the
    kernel's value again and ``report`` gets the reason, for the status line.
    """
    accept = widget.set_state

    def set_state(sync_data: Any) -> None:
        try:
            accept(sync_data)
        except BAD_VALUE_ERRORS as error:
            keys = [k for k in sync_data if k in widget.keys] if isinstance(sync_data, dict) else None
            widget.send_state(keys or None)
            report(f"{name}: the page sent a value this control does not offer ({error}); nothing changed")

    widget.set_state = set_state
    return widget


def choice_values(choice: widgets.widget_selection._Selection) -> list[Any]:
    """The values a Dropdown or ToggleButtons offers (what a valid browser value can be)."""
    return list(choice._options_values)


def keep_to_options(choice: widgets.widget_selection._Selection, report: Callable[[str], None], name: str) -> None:
    """A choice the browser empties (index None) goes back to the last offered value, with a word."""
    def check(change: dict) -> None:
        values = choice_values(choice)
        if change["new"] in values or (change["new"] is None and not values):
            return
        report(f"{name}: no choice made; choose one of the options")
        choice.value = change["old"] if change["old"] in values else (values[0] if values else None)

    choice.observe(check, names="value")


def joined(lines: Sequence[str]) -> str:
    """Log lines on one status line: "a; b; c", without a sentence's full stop before a ";"
    ("keep them.; Blue's turn" read badly)."""
    return "; ".join([line.rstrip(".") for line in lines[:-1]] + list(lines[-1:]))


def error_text(error: MinegamesError) -> str:
    """The message a player reads: the broken rule and why."""
    message = getattr(error, "message", None) or str(error)
    rule = getattr(error, "rule", None)
    return f"{rule}: {message}" if rule and not message.startswith(rule) else message


class StateView(widgets.HTML):
    """Shows a state as it draws itself (``_repr_svg_``)."""

    def __init__(self, css_class: str = "", **kwargs):
        super().__init__(**kwargs)
        self.add_class("mg-sheet")
        if css_class:
            self.add_class(css_class)

    def show_state(self, state: GameState) -> None:
        assign(self, value=state._repr_svg_())


class StatusLine(widgets.HTML):
    """One line of feedback: what just happened, or why a move was refused."""

    KINDS = ("info", "ok", "error")

    def __init__(self, css_class: str = "", **kwargs):
        super().__init__(**kwargs)
        self.add_class("mg-status")
        if css_class:
            self.add_class(css_class)
        self.text = ""
        self.kind = "info"

    def say(self, text: str, kind: str = "info") -> None:
        if kind not in self.KINDS:
            raise ValueError(f"kind must be one of {self.KINDS}")
        self.text, self.kind = text, kind
        assign(self, value=f'<span class="mg-status-{kind}">{html.escape(text)}</span>' if text else "")

    def error(self, text: str) -> None:
        self.say(text, "error")

    def clear(self) -> None:
        self.say("")


class LogView(widgets.HTML):
    """The whole :class:`minegames.core.GameLog`, newest at the bottom, in a box about ``lines``
    lines high that scrolls back to the first line (a bot's long turn is never cut off). The box
    stays at its newest line as lines arrive (a reversed column: no script needed)."""

    def __init__(self, lines: int = 10, css_class: str = "", **kwargs):
        super().__init__(**kwargs)
        self.lines = lines
        self.add_class("mg-log")
        if css_class:
            self.add_class(css_class)

    def show_log(self, log, unit: str = "turn") -> None:
        shown = log.lines(None, unit)
        if shown:
            body = "".join(f"<div>{html.escape(line)}</div>" for line in reversed(shown))
            value = (f'<div class="mg-log-lines mg-log-scroll" style="max-height: {1.35 * self.lines + 0.6:.1f}em"'
                     f' title="the whole game: scroll up for earlier lines">{body}</div>')
        else:
            value = '<div class="mg-log-lines mg-log-empty">nothing has happened yet</div>'
        assign(self, value=value)


class SinceYourTurn(widgets.HTML):
    """What the other seats did since the person last acted: every log line written since then,
    in order, under a heading (hidden while there are none). Apps with bots show it beside the
    decision, so a turn can be followed without watching every bot move."""

    def __init__(self, css_class: str = "", **kwargs):
        super().__init__(**kwargs)
        self.add_class("mg-since")
        if css_class:
            self.add_class(css_class)
        self.layout.display = "none"

    def show_lines(self, lines: Sequence[str], heading: str = "Since your last turn") -> None:
        """Lines under the heading, as given (none: hidden)."""
        self.show_groups([("", list(lines))] if lines else [], heading)

    def show_groups(self, groups: Sequence[tuple[str, Sequence[str]]], heading: str = "Since your last turn") -> None:
        """Lines grouped under the turn they happened in (each group's name said once, not on every
        line); no groups: hidden."""
        if not groups:
            assign(self, value="")
            assign(self.layout, display="none")
            return
        parts = []
        for name, lines in groups:
            if name:
                parts.append(f'<div class="mg-since-turn">{html.escape(name)}</div>')
            parts.append('<ol class="mg-since-lines">' + "".join(f"<li>{html.escape(line)}</li>" for line in lines)
                         + "</ol>")
        assign(self, value=(f'<div class="mg-since-box"><div class="mg-since-heading">{html.escape(heading)}'
                            f'</div>{"".join(parts)}</div>'))
        assign(self.layout, display=None)


class DiceRow(widgets.HBox):
    """One toggle per die: pressed means "keep this die".

    A locked die (the model says which) is drawn locked and cannot be
    toggled unless ``locked_enabled`` is passed (e.g. a power that may move
    locked dice is available). ``on_change`` is called whenever the player
    toggles a die, so the app can re-check which roll its buttons stand for.
    """

    def __init__(self, count: int, css_class: str = "", sides: int = 6, **kwargs):
        self.sides = sides
        self.toggles = [
            widgets.ToggleButton(value=False, description="?", disabled=True,
                                 layout=widgets.Layout(width="64px", height="56px"))
            for _ in range(count)
        ]
        for toggle in self.toggles:
            toggle.add_class("mg-die")
            if css_class:
                toggle.add_class(css_class)
            toggle.observe(self._toggled, names="value")
        super().__init__(children=self.toggles, **kwargs)
        self._callbacks: list[Callable[[], None]] = []
        self._quiet = False
        self.faces: Optional[tuple[int, ...]] = None
        self.locked: tuple[bool, ...] = (False,) * count

    def on_change(self, callback: Callable[[], None]) -> None:
        self._callbacks.append(callback)

    def _toggled(self, _change) -> None:
        if not self._quiet:
            for callback in self._callbacks:
                callback()

    @property
    def kept(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.toggles) if t.value)

    @property
    def not_kept(self) -> tuple[int, ...]:
        return tuple(i for i, t in enumerate(self.toggles) if not t.value)

    def set_kept(self, indices: Iterable[int], notify: bool = True) -> None:
        chosen = set(indices)
        bad = chosen - set(range(len(self.toggles)))
        if bad:
            raise IndexError(f"no die {sorted(bad)}; dice are 0..{len(self.toggles) - 1}")
        self._quiet = True
        try:
            for i, toggle in enumerate(self.toggles):
                assign(toggle, value=i in chosen)
        finally:
            self._quiet = False
        if notify:
            self._toggled(None)

    def show_dice(self, faces: Optional[Sequence[int]], locked: Sequence[bool] = (),
                  enabled: bool = True, locked_enabled: bool = False) -> None:
        """Draw the faces; ``None`` means not rolled yet (blank, disabled)."""
        self.faces = None if faces is None else tuple(faces)
        self.locked = tuple(locked) or (False,) * len(self.toggles)
        for i, toggle in enumerate(self.toggles):
            if faces is None:
                assign(toggle, description="?", tooltip=f"die {i + 1}: not rolled yet",
                       disabled=True, button_style="")
                set_classes(toggle, {"mg-locked": False})
                continue
            face, is_locked = faces[i], self.locked[i]
            glyph = PIP_GLYPHS.get(face, str(face)) if self.sides == 6 else str(face)
            state = "locked" if is_locked else ("kept" if toggle.value else "will be re-rolled")
            assign(toggle, description=glyph,
                   tooltip=f"die {i + 1} shows {face} ({state}); click to keep or release",
                   disabled=not enabled or (is_locked and not locked_enabled),
                   button_style="info" if toggle.value else "")
            set_classes(toggle, {"mg-locked": is_locked})


#: How long (seconds) a decision button ignores clicks after it changes (matches 0.4s in BASE_CSS).
ARM_SECONDS = 0.4
#: The two classes :meth:`DecisionButton.arm` swaps between to restart the CSS animation.
ARM_CLASSES = ("mg-armed-a", "mg-armed-b")
_NOTHING = object()


class DecisionButton(widgets.Button):
    """A button whose move changes as the game goes on (End movement, then Draw 1 card in the same spot).

    :meth:`arm` is called with what the button means now; when that changes, the button ignores
    the pointer for ``ARM_SECONDS``, so a click aimed at what stood there before (the second
    click of a double-click, a click landing on a button that just appeared) does nothing.
    The page does it with CSS (``mg-armed-a``/``-b`` in BASE_CSS); here a click the page sent
    that soon is dropped too, since over a slow link it left before the page had redrawn.
    Clicks from code (``click()``) always count.
    """

    _meaning: Any = _NOTHING
    _armed_at = float("-inf")

    def arm(self, meaning: Any) -> None:
        """Say what the button stands for now; if that changed, hold clicks off a moment."""
        if meaning == self._meaning:
            return
        if self._meaning is not _NOTHING:  # a first meaning is no change under the pointer
            self._armed_at = time.monotonic()
        self._meaning = meaning
        classes = [name for name in self._dom_classes if name not in ARM_CLASSES]
        fresh = ARM_CLASSES[1] if ARM_CLASSES[0] in self._dom_classes else ARM_CLASSES[0]
        self._dom_classes = (*classes, fresh)   # one message: the new animation name restarts it

    def just_changed(self) -> bool:
        return time.monotonic() - self._armed_at < ARM_SECONDS

    def _handle_button_msg(self, _, content, buffers):
        if content.get("event", "") == "click" and self.just_changed():
            return  # aimed at what the button stood for before it changed
        super()._handle_button_msg(_, content, buffers)


class ActionButton(DecisionButton):
    """A button standing for one action, enabled only while the model lists it as legal.

    ``action_for()`` builds the action from the current widget inputs (or
    returns None when the inputs do not make one); ``run(action)`` plays it.
    """

    def __init__(self, description: str, action_for: Callable[[], Optional[Action]],
                 run: Callable[[Action], Any], css_class: str = "",
                 refuse: Optional[Callable[[str], Any]] = None, **kwargs):
        kwargs.setdefault("layout", widgets.Layout(width="auto"))
        super().__init__(description=description, **kwargs)
        self.action_for = action_for
        self._run = run
        self._refuse = refuse
        if css_class:
            self.add_class(css_class)
        self.on_click(self._clicked)

    def current_action(self) -> Optional[Action]:
        """The action the inputs make now; None when they make none (or a bad browser value)."""
        try:
            return self.action_for()
        except BAD_VALUE_ERRORS:
            return None

    def _clicked(self, _button) -> None:
        # a page can send a click to a disabled button: the inputs are checked again here
        try:
            action = self.action_for()
        except BAD_VALUE_ERRORS as error:
            if self._refuse is not None:
                self._refuse(f"{self.description}: {error}")
            return
        if action is not None:
            self._run(action)
        elif self._refuse is not None:
            self._refuse(f"{self.description}: the choices made do not make a move now")

    def sync(self, legal: set[Action], moment: Any = None) -> None:
        """Enable the button exactly when its action is legal; ``moment`` names the decision
        (say, the number of moves made): a button newly enabled, or enabled at a new decision,
        holds clicks off a moment (see :class:`DecisionButton`)."""
        action = self.current_action()
        enabled = action is not None and action in legal
        assign(self, disabled=not enabled)
        self.arm((enabled, moment) if enabled else None)


class Confirm(widgets.HBox):
    """One question before a step that cannot be undone: its words, then "keep" (first, so a
    second click lands on words or on keep) and "go". Both answers ignore clicks a moment each
    time it is asked (see :class:`DecisionButton`). Hidden until :meth:`ask`."""

    def __init__(self, css_class: str, *, go: str, keep: str, on_go: Optional[Callable[[], Any]] = None,
                 on_keep: Optional[Callable[[], Any]] = None):
        self.question = widgets.HTML()
        self.question.add_class("mg-confirm-question")
        self.keep_button = DecisionButton(description=keep, button_style="success", layout=widgets.Layout(width="auto"))
        self.keep_button.add_class(f"{css_class}-keep")
        self.go_button = DecisionButton(description=go, button_style="danger", layout=widgets.Layout(width="auto"))
        self.go_button.add_class(f"{css_class}-go")
        self._asked = 0
        self.keep_button.on_click(lambda _b: (self.settle(), on_keep and on_keep()))
        if on_go is not None:
            self.go_button.on_click(lambda _b: (self.settle(), on_go()))
        super().__init__([self.question, self.keep_button, self.go_button],
                         layout=widgets.Layout(flex_flow="row wrap", align_items="center", display="none"))
        self.add_class(css_class)
        self.add_class("mg-row")

    def ask(self, question: str) -> None:
        assign(self.question, value=html.escape(question))
        self._asked += 1
        for answer in (self.keep_button, self.go_button):
            answer.arm(self._asked)
        show(self, True)

    def settle(self) -> None:
        show(self, False)

    def asking(self) -> bool:
        return self.layout.display != "none"


class GameControls(widgets.VBox):
    """Undo, new game (with an optional seed), start again, and save/load as JSON text."""

    def __init__(self, prefix: str):
        def button(description: str, name: str, **kwargs) -> widgets.Button:
            made = widgets.Button(description=description, layout=widgets.Layout(width="auto"), **kwargs)
            made.add_class(f"{prefix}-{name}")
            return made

        self.undo_button = button("Undo", "undo", icon="undo", tooltip="take back the last action")
        self.new_game_button = button("New game", "new-game", tooltip="start a new game")
        self.restart_button = button("Start again", "restart", tooltip="back to the prepared position")
        self.restart_button.layout.display = "none"
        self.save_button = button("Save", "save", tooltip="put this game in the text box as JSON")
        self.load_button = button("Load", "load", tooltip="load the game saved in the text box")
        self.seed_box = widgets.Text(placeholder="seed (blank: random)", layout=widgets.Layout(width="150px"))
        self.seed_box.add_class(f"{prefix}-seed")
        self.save_text = widgets.Textarea(placeholder="Save puts the game here as JSON; paste a save and press Load.",
                                          layout=widgets.Layout(width="100%", height="90px"))
        self.save_text.add_class(f"{prefix}-save-text")
        #: why the last Load failed, said under the Load button (hidden while there is nothing to say)
        self.load_notice = widgets.HTML(layout=widgets.Layout(display="none"))
        self.load_notice.add_class("mg-load-notice")
        self.load_notice.add_class(f"{prefix}-load-notice")
        self.save_load = widgets.Accordion(
            children=[widgets.VBox([self.save_text, widgets.HBox([self.save_button, self.load_button]),
                                    self.load_notice])],
            titles=("Save / load",), selected_index=None, layout=widgets.Layout(width="100%"))
        # New game during a game asks first, in the button's place (a second click lands on words)
        self.new_game_confirm = Confirm(f"{prefix}-new-game-confirm", go="Yes, start a new game",
                                        keep="No, keep this game", on_keep=self.settle_new_game)
        self.keep_game_button = self.new_game_confirm.keep_button
        self.confirm_new_game_button = self.new_game_confirm.go_button
        row = widgets.HBox([self.undo_button, self.restart_button, self.new_game_button, self.new_game_confirm,
                            self.seed_box], layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        row.add_class("mg-row")
        super().__init__([row, self.save_load])
        self._hid_new_game = False

    def say_load_problem(self, words: str, detail: str = "") -> None:
        """Why Load refused the text, in a player's words, under the Load button (the model's own
        message folded away beneath, for whoever helps); empty words hide it."""
        if not words:
            assign(self.load_notice, value="")
            assign(self.load_notice.layout, display="none")
            return
        more = (f'<details><summary>details (for a teacher)</summary><code>{html.escape(detail)}</code></details>'
                if detail else "")
        assign(self.load_notice, value=f'<div class="mg-load-problem">{html.escape(words)}</div>{more}')
        assign(self.load_notice.layout, display=None)

    def ask_new_game(self, question: str) -> None:
        """Put the question (and its two answers) where the New game button was."""
        self._hid_new_game = True
        show(self.new_game_button, False)
        self.new_game_confirm.ask(question)

    def settle_new_game(self) -> None:
        """Back to the plain New game button (answered, or a different game put in)."""
        if self._hid_new_game:
            self._hid_new_game = False
            self.new_game_confirm.settle()
            show(self.new_game_button, True)

    def asking_new_game(self) -> bool:
        return self.new_game_confirm.asking()

    def seed(self) -> Optional[int]:
        """The seed typed in the box; blank means a random game."""
        text = self.seed_box.value.strip()
        if not text:
            return None
        try:
            seed = int(text)
        except ValueError:
            raise ValueError(f"the seed must be a whole number, not {text!r}") from None
        if not 0 <= seed < 2 ** 63:
            raise ValueError("the seed must be a whole number from 0 to 2**63 - 1")
        return seed


class SeatUndo:
    """Undo for an app where one person sits among bots: take back the person's last choice
    and the bot moves made after it, or say why not (a roll, draw or shuffle seen since).

    Mixed into a :class:`GameApp` that has ``seat``, ``_cancel_bots()``, ``after_change()`` and
    ``refresh()``; ``actor(index)`` says who made ``history[index]`` (default: the action's
    ``player`` field), ``action_words(action)`` how to name it, ``after_undo()`` what follows
    (for example, letting the bots move again)."""

    def actor(self, index: int) -> Optional[int]:
        return getattr(self.state.history[index], "player", None)

    def action_words(self, action: Action) -> str:
        return str(action)

    def after_undo(self) -> None:
        """Hook: runs after a successful undo."""

    def _undo_span(self) -> tuple[int, Optional[str]]:
        """How many actions Undo takes back (the person's last one and those after it), or why none."""
        state = self.state
        history = state.history
        for back in range(1, len(history) + 1):
            if state.drew_on_chance(-back):
                if self.actor(len(history) - back) == self.seat:
                    return 0, (f"'{self.action_words(history[-back])}' cannot be taken back: {state.chance_seen}, "
                               "and a seen outcome stands (undo takes back choices, never chance)")
                # a bot's move the person may never have looked at: say what happened, not its name
                return 0, ("your last choice cannot be taken back: since then another player's move turned up "
                           "something new (a roll, a card or a tile), and a seen outcome stands (undo takes back "
                           "choices, never chance)")
            if self.actor(len(history) - back) == self.seat:
                return back, None
        return 0, "you have made no choice that can be taken back"

    def undo_refusal(self) -> Optional[str]:
        return self._undo_span()[1]

    def game_under_way(self) -> bool:
        """Only the person's own choices are lost by a new game (not the bots' opening moves)."""
        state = self.state
        return not state.is_over and any(self.actor(i) == self.seat for i in range(len(state.history)))

    def undo(self) -> bool:
        count, refusal = self._undo_span()
        if refusal is not None:
            self.status.error(f"undo: {refusal}")
            return False
        self._cancel_bots()
        taken = []
        try:
            for _ in range(count):
                taken.append(self.state.undo())
        except MinegamesError as error:
            self.status.error(error_text(error))
        self.after_change()
        if taken:
            others = len(taken) - 1
            self.status.say(f"took back: {self.action_words(taken[-1])}"
                            + (f" (and {others} bot move{'s' if others != 1 else ''} after it)" if others else ""),
                            "info")
        self.refresh()
        self.after_undo()
        return True


#: How long a bot's move stays on screen before the next one (ms); the speed toggle changes it.
BOT_SPEEDS = {"slow": 1200, "normal": 500, "fast": 200, "instant": 0}
#: The longer pause after a bot's move that hands the decision to another seat (ms), so that a
#: person can read what one seat did before the next begins; by speed name (missing: no pause).
BOT_TURN_PAUSES = {"slow": 3000, "normal": 1500, "fast": 500, "instant": 0}
#: A bot that makes more moves than this in one turn is stopped (and the page says so).
BOT_TURN_LIMIT = 400
#: The status line shows at most this many of the log lines one move (or the bots) wrote.
STATUS_LINES = 6


class HintSteps:
    """A hint in two presses, counted: the first press of a position says what to weigh (the
    chances, the points, the risk), the second shows the move. Showing the move at once would play
    for the learner; asking first to reason teaches, as a tutor would.

    ``key`` names the position the hint is about (an app passes what changes when the person acts,
    e.g. the log's length and the phase): a new key starts again at the explanation. The counts are
    the app's, not the game's (a loaded game starts at none) and are shown at the game's end.

    >>> steps = HintSteps()
    >>> steps.press(1), steps.press(1), steps.press(1), steps.press(2)
    ('explain', 'move', 'move', 'explain')
    >>> steps.summary()
    'Hints used: 2 (1 showed the move).'
    """

    EXPLAIN, MOVE = "explain", "move"

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        """A new game (or a loaded one): no hints used yet."""
        self.asked = 0          # positions a hint was asked for
        self.moves_shown = 0    # of those, the ones whose move was shown
        self._key: Any = None
        self._stage = 0

    def stage(self, key: Any) -> int:
        """0: no hint on show for this position, 1: its explanation, 2: its move too."""
        return self._stage if key == self._key else 0

    def press(self, key: Any) -> str:
        """A press of the hint button at the position ``key``: what to show now."""
        if key != self._key:
            self._key, self._stage = key, 0
        if self._stage == 0:
            self._stage, self.asked = 1, self.asked + 1
            return self.EXPLAIN
        if self._stage == 1:
            self._stage, self.moves_shown = 2, self.moves_shown + 1
        return self.MOVE

    def button_label(self, key: Any) -> str:
        """"Hint" for a position not yet explained, then "Show the move", then "Move shown"."""
        return ("Hint", "Show the move", "Move shown")[self.stage(key)]

    def move_shown(self, key: Any) -> bool:
        """Whether the move for this position is on show (the button has nothing more to give)."""
        return self.stage(key) == 2

    def summary(self) -> str:
        """The line for the end of the game."""
        if self.asked == 0:
            return "Hints used: none."
        shown = "none" if self.moves_shown == 0 else str(self.moves_shown)
        return f"Hints used: {self.asked} ({shown} showed the move)."


class BotStuck(RuntimeError):
    """A bot kept moving within one turn far longer than any real turn takes."""


class PacedBots:
    """One person among bots: the bots take the seats that are not the person's, one action at a
    time on the kernel's event loop, ``bot_delay_ms`` apart (``live=False``: only when
    :meth:`run_bots` or :meth:`step_bot` is called), and go on after each of the person's actions,
    an undo, a new game or a load. Mixed into a :class:`GameApp` (before :class:`SeatUndo`) that has
    ``seat``, ``bots`` {seat: bot}, ``live`` and ``speed_choice`` (made by :meth:`speed_toggle`).

    What an app may set: ``bot_speeds`` (name: ms per bot move); ``bot_turn_limit``, the actions
    one bot may make in one turn before it is stopped with an error (a bot's bug: the page must
    not spin for ever; None: no limit); ``status_lines``, how many of the log lines one move wrote
    the status line shows (None: all); ``report_bot_moves``, whether the bots' moves are put on
    the status line. Hooks: :meth:`apply_action` (an app that notes what actions do overrides it),
    :meth:`after_person_acted`, :meth:`person_refusal`, :meth:`done_words`, :meth:`bot_turn`.
    Nothing here knows a game."""

    bot_speeds: dict[str, int] = BOT_SPEEDS
    bot_turn_pauses: dict[str, int] = BOT_TURN_PAUSES
    bot_turn_limit: Optional[int] = BOT_TURN_LIMIT
    status_lines: Optional[int] = STATUS_LINES
    report_bot_moves = True

    _timer = None
    _bot_turn: Any = None
    _bot_actions = 0
    #: The game's seed (None: a random game), which each bot's own seed comes from.
    _bot_seed: Optional[int] = None
    #: The log's length when the person last acted (or the game was put in): the lines after it
    #: are what the "since your last turn" panel lists.
    _since_mark = 0
    #: Whether the last bot move handed the decision to another seat (the next waits longer).
    _seat_changed = False

    def take_seat(self, state, seat: int, *, live: bool, seed: Optional[int], bot_speed: str) -> None:
        """Seat the person (refusing a seat the table does not have) with bots to come in the
        others; part of every board app's constructor."""
        if not 0 <= seat < state.num_players:
            raise ValueError(f"seat must be 0..{state.num_players - 1}")
        self.check_bot_speed(bot_speed)
        self.seat = seat
        self.live = live
        self._bot_seed = seed
        self.bots = {}
        self.since_view = SinceYourTurn(f"{getattr(self, 'prefix', 'mg')}-since")
        self._since_mark = len(state.log)  # the set-up's lines are in the log, not "since your turn"

    @staticmethod
    def checked_strength(strength: str, info, mode: Optional[str] = None) -> str:
        """A bot strength the game (``info``, its registry entry) offers for ``mode``, or a
        ValueError naming them."""
        offered = info.strengths(mode)
        if strength not in offered:
            where = f" in {mode}" if mode in info.mode_strengths else ""
            raise ValueError(f"bot strengths{where} are {', '.join(offered)}, not {strength!r}")
        return strength

    # ---- the speed --------------------------------------------------------------------------------
    def check_bot_speed(self, bot_speed: str) -> None:
        if bot_speed not in self.bot_speeds:
            raise ValueError(f"bot_speed is one of {', '.join(self.bot_speeds)}")

    def speed_toggle(self, bot_speed: str, css_class: str) -> widgets.ToggleButtons:
        """The bot speed choice (a change of speed reschedules the next bot move)."""
        toggle = widgets.ToggleButtons(options=list(self.bot_speeds), value=bot_speed,
                                       style={"button_width": "auto"},
                                       tooltips=[f"{ms} ms per bot move" for ms in self.bot_speeds.values()])
        toggle.add_class(css_class)
        toggle.observe(lambda _c: self._bots_next(), names="value")
        return toggle

    @property
    def bot_delay_ms(self) -> int:
        return self.bot_speeds[self.speed_choice.value]

    @property
    def bot_turn_pause_ms(self) -> int:
        """The extra wait after a bot's move that passed the decision to another seat."""
        return self.bot_turn_pauses.get(self.speed_choice.value, 0)

    # ---- what happened since the person's last turn ------------------------------------------
    def since_lines(self) -> list[str]:
        """The log lines written since the person last acted, as the log shows them."""
        return self.state.log.lines(unit=self.state.log_unit, since=self._since_mark)

    def since_groups(self) -> list[tuple[str, list[str]]]:
        """The lines since the person last acted, grouped by the turn (round, phase) they belong to:
        ("turn 14", [lines])."""
        groups: list[tuple[str, list[str]]] = []
        unit = self.state.log_unit
        for number, text in self.state.log.entries[self._since_mark:]:
            name = log_line(number, "", unit)[:-2]
            if groups and groups[-1][0] == name:
                groups[-1][1].append(text)
            else:
                groups.append((name, [text]))
        return groups

    def show_since(self) -> None:
        """Bring the "since your last turn" panel up to date (each app's refresh calls this); once
        the game is over the ending says it all, and the panel goes."""
        if self._since_mark > len(self.state.log):  # an undo took lines back
            self._since_mark = len(self.state.log)
        self.since_view.show_groups([] if self.state.is_over else self.since_groups())

    def sync_undo_button(self) -> None:
        """Every app's refresh calls this: the panel is brought up to date with Undo."""
        super().sync_undo_button()
        self.show_since()

    def mark_seen(self) -> None:
        """The person has seen everything so far (they acted, or a game was put in)."""
        self._since_mark = len(self.state.log)

    # ---- the person -------------------------------------------------------------------------------
    def act(self, action: Action | str) -> bool:
        """The person's action: applied (or refused, with the model's reason), reported, then the
        bots go on."""
        refusal = self.person_refusal()
        if refusal is not None:
            self.status.error(refusal)
            return False
        before = len(self.state.log)
        try:
            if isinstance(action, str):
                action = self.state._as_action(action)
            self.apply_action(action)
        except MinegamesError as error:
            self.status.error(error_text(error))
            return False
        self.after_person_acted(action)
        self.mark_seen()
        self.after_change()
        self.report_since(before, fallback=f"done: {self.done_words(action)}")
        self.refresh()
        self._bots_next()
        return True

    def _legal_now(self) -> list[Action]:
        """The actions the person may take now (none while the bots move)."""
        return self.state.legal_actions() if self.persons_turn() else []

    def person_refusal(self) -> Optional[str]:
        """Hook: why the person may not act now (None: they may)."""
        return None if self.persons_turn() else "it is not your turn: the bots are moving"

    def apply_action(self, action: Action) -> None:
        """Hook: apply anybody's action (raises the model's error); :meth:`after_change` follows."""
        self.state.apply(action)

    def after_person_acted(self, action: Action) -> None:
        """Hook: runs after the person's action is applied, before :meth:`after_change`."""

    def done_words(self, action: Action) -> str:
        """Hook: the status line's words for the person's action when it wrote no log line."""
        return self.action_words(action)

    def report_since(self, log_length: int, fallback: str) -> None:
        """The log lines written since ``log_length`` on the status line (the last
        ``status_lines``, when a bot wrote many)."""
        new = [text for _, text in self.state.log.entries[log_length:]]
        most = self.status_lines
        shown = joined(new) if most is None else ("… " if len(new) > most else "") + joined(new[-most:])
        self.status.say(shown if new else fallback, "ok")

    def replace_state(self, state, message: str) -> None:
        self._since_mark = len(state.log)  # a new game: its opening bot moves are listed
        super().replace_state(state, message)
        self._bots_next()

    def after_undo(self) -> None:
        self.mark_seen()
        self.show_since()
        self._bots_next()

    def persons_turn(self) -> bool:
        return not self.state.is_over and self.state.current_player == self.seat

    # ---- the bots ---------------------------------------------------------------------------------
    def bot_seed(self, player: int) -> Optional[int]:
        """Seat ``player``'s bot's seed: the same game seed makes the same bots (None: random)."""
        return None if self._bot_seed is None else self._bot_seed * 10 + player

    def bot_turn(self) -> Any:
        """Hook: what names the turn being played (a bot's actions are counted within one)."""
        return getattr(self.state, "turn", None)

    def step_bot(self) -> bool:
        """One bot action (False when it is the person's decision or the game is over)."""
        state = self.state
        if state.is_over or state.current_player == self.seat:
            return False
        limit = self.bot_turn_limit
        if limit is not None:
            turn = (self.bot_turn(), state.current_player)
            self._bot_actions = self._bot_actions + 1 if turn == self._bot_turn else 1
            self._bot_turn = turn
            if self._bot_actions > limit:
                raise BotStuck(f"player {state.current_player + 1}'s bot made {limit} moves in one turn "
                               f"and was stopped (last: {state.history[-1]})")
        mover = state.current_player
        self.apply_action(self.bots[state.current_player].choose(state))
        self._seat_changed = self.state.is_over or self.state.current_player != mover
        self.after_change()
        return True

    def run_bots(self, most: int = 100_000) -> int:
        """Bots decide until it is the person's decision or the game ends; returns how many moved."""
        before = len(self.state.log)
        moved = 0
        try:
            while moved < most and self.step_bot():
                moved += 1
        except BotStuck as error:
            self.refresh()
            self.status.error(str(error))
            return moved
        if moved and self.report_bot_moves:
            self.report_since(before, "the bots moved")
        elif moved and self.status.kind == "error":
            self.status.clear()
        self.refresh()
        return moved

    def _bots_next(self) -> None:
        """In a live app, the next bot move is due after ``bot_delay_ms``."""
        self._cancel_bots()
        if not self.live or self.state.is_over or self.persons_turn():
            return
        from tornado.ioloop import IOLoop

        delay = self.bot_delay_ms + (self.bot_turn_pause_ms if self._seat_changed else 0)
        self._seat_changed = False
        self._timer = IOLoop.current().call_later(delay / 1000, self._bot_tick)

    def _bot_tick(self) -> None:
        self._timer = None
        before = len(self.state.log)
        try:
            moved = self.step_bot()
        except MinegamesError as error:  # a bot's move the model refuses: say so and stop the bots
            self.status.error(f"a bot's move was refused: {error_text(error)}")
            return
        except BotStuck as error:
            self.status.error(str(error))
            return
        if moved:
            if self.report_bot_moves:
                self.report_since(before, "a bot moved")
            elif self.status.kind == "error":  # a refusal said before the bots moved no longer holds
                self.status.clear()
            self.refresh()
            self._bots_next()

    def _cancel_bots(self) -> None:
        if self._timer is not None:
            from tornado.ioloop import IOLoop

            IOLoop.current().remove_timeout(self._timer)
            self._timer = None


class GameApp(StaticForm, widgets.VBox):
    """Owns a state and keeps the view in step with it.

    Subclasses build their own controls, call :meth:`act` from them and
    extend :meth:`refresh`. Every model error raised by an action, undo,
    new game or load goes to the status line; the state is then unchanged.
    """

    prefix = "mg"
    log_lines = 10
    #: The row of decision buttons :meth:`click_choice` looks in (apps that have one set it), and
    #: the action each of its buttons stands for (None: none now), by index.
    choices_row: Optional[widgets.Box] = None
    _choice_actions: Sequence[Optional[Action]] = ()

    def __init__(self, state: GameState, *, new_game: Callable[[Optional[int]], GameState],
                 load: Callable[[str], GameState], title: str = ""):
        self.state = state
        self._make_game = new_game
        self._load_game = load
        self._start_state: Optional[GameState] = None
        self.title = widgets.HTML(f'<h3 class="mg-title">{html.escape(title)}</h3>' if title else "")
        self.instruction = widgets.HTML()
        self.instruction.add_class("mg-instruction")
        self.instruction.add_class(f"{self.prefix}-instruction")
        self.sheet = StateView(f"{self.prefix}-sheet")
        self.status = StatusLine(f"{self.prefix}-status")
        self.log_view = LogView(self.log_lines, f"{self.prefix}-log")
        self.controls = GameControls(self.prefix)
        self._offers: dict[Action, Callable[[], None]] = {}   # filled by a refresh: see offered()
        self.controls.undo_button.on_click(lambda _: self.undo())
        self.controls.new_game_button.on_click(lambda _: self.ask_new_game())
        self.controls.confirm_new_game_button.on_click(lambda _: self.new_game_from_box())
        self.controls.restart_button.on_click(lambda _: self.restart())
        self.controls.save_button.on_click(lambda _: self.save())
        self.controls.load_button.on_click(lambda _: self.load())
        from .resume import ResumeOffer  # here: resume.py builds on this module

        #: the browser keeps the game over a reload and offers it back (see :mod:`widgets.resume`)
        self.resume = ResumeOffer(self)
        super().__init__(children=[connection_notice(), self.resume, *self.build()])
        guard(self.controls.seed_box, self.refuse_input, "seed")
        guard(self.controls.save_text, self.refuse_input, "save text")
        self.add_class("mg-app")
        self.add_class(f"{self.prefix}-app")
        self.on_new_state()
        self.after_change()
        self.refresh()

    def static_html(self) -> str:
        """Where widgets do not run: the game's picture and the line the app shows above it."""
        return (f'<div class="mg-static-app"><p><i>{html.escape(type(self).__name__)}, as it stood when saved '
                f'(run the notebook to play)</i></p>{self.state._repr_svg_()}</div>')

    def static_text(self) -> str:
        return f"[{type(self).__name__}: run the notebook to play this game]"

    # ---- layout hooks -------------------------------------------------------
    def build(self) -> list[widgets.Widget]:
        """The app's children; games override to place their own controls."""
        return [style_tag(BASE_CSS), self.title, self.instruction, self.sheet,
                self.status, self.controls, self.log_view]

    # ---- playing ------------------------------------------------------------
    def refuse_input(self, text: str) -> None:
        """A value from the browser that makes no sense: say why, and redraw the app whole."""
        self.refresh()
        self.status.error(text)

    def act(self, action: Action | str) -> bool:
        """Apply ``action``; on a model error show it and change nothing. Returns success."""
        before = len(self.state.log)
        try:
            self.state.apply(action)
        except MinegamesError as error:
            self.status.error(error_text(error))
            return False
        self.after_change()
        self.report_since(before, fallback=f"done: {action}")
        self.refresh()
        return True

    def report_since(self, log_length: int, fallback: str) -> None:
        """Put the log lines written since ``log_length`` in the status line."""
        new = [text for _, text in self.state.log.entries[log_length:]]
        self.status.say(joined(new) if new else fallback, "ok")

    def undo(self) -> bool:
        try:
            action = self.state.undo()
        except MinegamesError as error:
            self.status.error(error_text(error))
            return False
        self.after_change()
        self.status.say(f"took back: {action}", "info")
        self.refresh()
        return True

    def new_game(self, seed: Optional[int] = None) -> bool:
        try:
            state = self._make_game(seed)
        except MinegamesError as error:
            self.status.error(error_text(error))
            return False
        self.replace_state(state, "new game" + ("" if seed is None else f" (seed {seed})"))
        return True

    def new_game_from_box(self) -> bool:
        try:
            seed = self.controls.seed()
        except ValueError as error:
            self.status.error(str(error))
            return False
        return self.new_game(seed)

    def ask_new_game(self) -> bool:
        """New game pressed: at once when nothing would be lost, else ask first (see
        :meth:`new_game_warning`). True when a new game started."""
        question = self.new_game_warning()
        if question is None:
            return self.new_game_from_box()
        try:
            self.controls.seed()
        except ValueError as error:  # a bad seed is said now, not after the question
            self.status.error(str(error))
            return False
        self.controls.ask_new_game(question)
        return False

    def game_under_way(self) -> bool:
        """Whether a new game would throw away moves the player made (games with bots narrow it)."""
        return bool(self.state.history) and not self.state.is_over

    def new_game_warning(self) -> Optional[str]:
        """What New game asks during a game (None: a game not under way is replaced at once)."""
        if not self.game_under_way():
            return None
        where = self.where_words()
        return f"Start a new game? Your game{f' ({where})' if where else ''} is lost unless you Save it first."

    def where_words(self, state: Optional[GameState] = None) -> str:
        """Where a game (this app's, or ``state``) stands, as its table counts: "turn 5", "round 2"
        ("" before anything was logged); New game's question and the resume offer say it."""
        state = self.state if state is None else state
        entries = state.log.entries
        return log_line(entries[-1][0], "", state.log_unit)[:-2] if entries else ""

    def restart(self) -> bool:
        """Back to the position the app was opened on (see ``from_state``-style helpers); an app
        opened on a new game starts a new one, asking first as New game does."""
        if self._start_state is None:
            return self.ask_new_game()
        self.replace_state(self._start_state.copy(), "back to the starting position")
        return True

    def save(self) -> str:
        text = self.state.to_json()
        self.controls.save_text.value = text
        self.status.say("saved: the game is in the text box as JSON", "ok")
        return text

    def load(self, text: Optional[str] = None) -> bool:
        text = self.controls.save_text.value if text is None else text
        if not isinstance(text, str):
            return self.refuse_load(f"a save is JSON text, not {type(text).__name__}")
        try:
            state = self._load_game(text)
        except MinegamesError as error:
            return self.refuse_load(getattr(error, "message", None) or str(error), error_text(error))
        except BAD_VALUE_ERRORS as error:  # text from the page is untrusted: no save shape may crash the app
            return self.refuse_load("this text is not a save of this game",
                                    f"{type(error).__name__}: {error}")
        self.replace_state(state, "loaded the saved game")
        return True

    def refuse_load(self, message: str, detail: str = "") -> bool:
        """Say why a save was not loaded: in plain words under the Load button, with a pointer to
        it on the status line; the game goes on unchanged."""
        from .load_words import load_refusal

        words = load_refusal(message, self.game_title())
        self.controls.say_load_problem(words, detail or message)
        self.status.error("The save was not loaded (the reason is under the Load button); your game goes on.")
        return False

    def game_title(self) -> str:
        """The game's name as the gallery shows it."""
        import minegames

        info = minegames.GAMES.get(self.state.game_name)
        return info.title if info is not None else self.state.game_name

    def replace_state(self, state: GameState, message: str) -> None:
        self.controls.settle_new_game()
        self.controls.say_load_problem("")
        self.state = state
        self.on_new_state()
        self.after_change()
        self.status.say(message, "ok")
        self.refresh()

    # ---- controls the apps share -------------------------------------------------
    def _button(self, description: str, css: str, on_click: Callable[[], Any], tooltip: str = "") -> widgets.Button:
        """A button with the CSS classes in ``css`` (space-separated) that calls ``on_click()``."""
        button = DecisionButton(description=description, tooltip=tooltip, layout=widgets.Layout(width="auto"))
        for name in css.split():
            button.add_class(name)
        button.on_click(lambda _b: on_click())
        return button

    def arm_choice(self, button: DecisionButton, action: Optional[Action]) -> None:
        """Call where a decision button is given its action: a button whose action (or the
        moment of the game) changed ignores clicks a moment (see :class:`DecisionButton`)."""
        button.arm((action, len(self.state.history)))

    def _choice_clicked(self, index: int) -> None:
        """Decision button ``index`` was clicked: play the action it stands for now."""
        action = self._choice_actions[index] if index < len(self._choice_actions) else None
        if action is None:
            self.refuse_input("this button stands for no move now")
            return
        self.act(action)

    def _offer(self, action: Action, press: Callable[[], None]) -> None:
        """A refresh notes the clicks that play ``action`` (the first control offering it wins)."""
        self._offers.setdefault(action, press)

    # ---- driving from code (tests, notebooks): as a person clicks ------------
    def offered(self) -> dict[Action, Callable[[], None]]:
        """Every action some enabled control plays now, with the clicks that play it."""
        return dict(self._offers)

    def take(self, action: Action) -> bool:
        """Play ``action`` through the app's own controls (as a person would click it)."""
        press = self._offers.get(action)
        if press is None:
            self.status.error(f"no control offers {action} now")
            return False
        before = len(self.state.history)
        press()
        return len(self.state.history) > before

    def click_choice(self, text: str) -> bool:
        """Click the first shown decision button (in ``choices_row``) whose label contains ``text``."""
        for button in self.choices_row.children if self.choices_row is not None else ():
            if text in button.description and not button.disabled:
                before = len(self.state.history)
                button.click()
                return len(self.state.history) > before
        self.status.error(f"no button says {text!r} now")
        return False

    def click_undo(self) -> None:
        self.controls.undo_button.click()

    def click_new_game(self, seed: Optional[int] = None) -> None:
        """New game, then "Yes" if the app asks (as a person would)."""
        self.controls.seed_box.value = "" if seed is None else str(seed)
        self.controls.new_game_button.click()
        if self.controls.asking_new_game():
            self.controls.confirm_new_game_button.click()

    # ---- hooks ----------------------------------------------------------------
    def on_new_state(self) -> None:
        """Called when a different game is put in (new, loaded, restarted): reset selections."""

    def after_change(self) -> None:
        """Called after every change of the state, before :meth:`refresh`."""

    def instruction_text(self) -> str:
        """What the player should do now (HTML): the model's ``prompt()``."""
        return html.escape(self.state.prompt())

    def undo_refusal(self) -> Optional[str]:
        """Why Undo would be refused now (None: it would work); the model says, games may add."""
        return self.state.undo_refusal()

    def sync_undo_button(self) -> None:
        """Undo is greyed out exactly when it would be refused, with the reason as its tooltip;
        then the browser's copy of the game is brought up to date (every app's refresh calls this)."""
        refusal = self.undo_refusal()
        assign(self.controls.undo_button, disabled=refusal is not None,
               tooltip="take back the last action" if refusal is None else f"no undo: {refusal}")
        self.resume.keep()

    def refresh(self) -> None:
        """Redraw everything from the state; subclasses extend and call this."""
        self.sheet.show_state(self.state)
        self.log_view.show_log(self.state.log, self.state.log_unit)
        assign(self.instruction, value=self.instruction_text())
        self.sync_undo_button()
