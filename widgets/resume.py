"""Keep the game on screen in the browser, so that a reload or a closed tab loses nothing.

:class:`BrowserStore` is a small anywidget: Python sets its ``text`` and the page writes it to
``localStorage`` (an empty text removes it); when the page opens, the store sends back what it
kept. :class:`ResumeOffer` is the row every :class:`~widgets.components.GameApp` shows above its
game: "Resume your game (turn N)" beside "New game" when the browser kept an unfinished game.

The kept text comes from the page, so it is untrusted: it goes through the game's ``load``
(which re-checks every action) before it is offered, and a text that does not load is refused
with a clear message. The key is per game and per page (``minegames:<game>:<page path>``), so an
app and a lesson of the same game keep their games apart; two apps of one game on one page share
the key. Nothing is written until the page has said what it kept (so opening an app never
overwrites a kept game), and then only when the game changed. In a static export, or where the
page cannot store anything, nothing is shown.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any, Optional

import anywidget
import ipywidgets as widgets
import traitlets

from minegames.core import MinegamesError

from .components import BAD_VALUE_ERRORS, error_text, show

if TYPE_CHECKING:
    from .components import GameApp

#: Where the browser keeps a game: this prefix, the game's name, the page's path.
KEY_PREFIX = "minegames:"

_ESM = r"""
function render({ model, el }) {
  const key = "minegames:" + model.get("game") + ":" + window.location.pathname;
  let store = null;
  try {
    store = window.localStorage;
    const kept = store.getItem(key);
    model.send({ event: "stored", text: kept === null ? "" : kept });
  } catch (error) {
    store = null;
    model.send({ event: "problem", text: String(error) });
  }
  function write() {
    const text = model.get("text");
    if (store === null || text === null) return;
    try {
      if (text) store.setItem(key, text); else store.removeItem(key);
    } catch (error) {
      try { store.removeItem(key); } catch (_) { /* an older game must not be offered instead */ }
      model.send({ event: "problem", text: String(error) });
    }
  }
  model.on("change:text", write);
  return () => model.off("change:text", write);
}
export default { render };
"""


class BrowserStore(anywidget.AnyWidget):
    """One text kept in the page's ``localStorage`` under a key made from ``game``.

    Python sets ``text`` (None: nothing said yet, the page leaves its store alone; "": remove).
    The page reports with messages: ``{"event": "stored", "text": ...}`` once it is shown (""
    when it kept nothing), ``{"event": "problem", "text": ...}`` when it cannot store. State
    updates from the page are ignored: it has nothing to set here.
    """

    _esm = _ESM

    game = traitlets.Unicode("").tag(sync=True)
    text = traitlets.Unicode(None, allow_none=True).tag(sync=True)

    def set_state(self, sync_data: Any) -> None:
        """The page sets no state of this widget; a page that tries changes nothing."""


class ResumeOffer(widgets.VBox):
    """The store and the row that offers a kept game back, for one app (see the module's text)."""

    def __init__(self, app: "GameApp"):
        self.app = app
        self.store = BrowserStore(game=app.state.game_name, layout=widgets.Layout(width="0", height="0"))
        self.store.on_msg(self._message)
        self.note = widgets.HTML()
        self.note.add_class("mg-resume-note")
        self.resume_button = widgets.Button(description="Resume your game", button_style="primary",
                                            layout=widgets.Layout(width="auto"))
        self.resume_button.add_class("mg-resume-go")
        self.new_button = widgets.Button(description="New game", layout=widgets.Layout(width="auto"))
        self.new_button.add_class("mg-resume-new")
        self.resume_button.on_click(lambda _b: self.resume())
        self.new_button.on_click(lambda _b: self.start_new())
        self.row = widgets.HBox([self.note, self.resume_button, self.new_button])
        self.row.add_class("mg-row")
        show(self.row, False)
        super().__init__([self.store, self.row])
        self.add_class("mg-resume")
        #: "waiting" (the page has not said what it kept), "offering" (the player has not chosen),
        #: "keeping" (every change is written)
        self.stage = "waiting"
        self.kept_state = None   # the kept game, loaded, while it is offered
        self._offered_on: Optional[tuple] = None
        self._written: Optional[tuple] = None

    # ---- what the page says -------------------------------------------------------------------
    def _message(self, _widget, content: Any, _buffers) -> None:
        event = content.get("event") if isinstance(content, dict) else None
        text = content.get("text") if isinstance(content, dict) else None
        if not isinstance(text, str) or event not in ("stored", "problem"):
            return  # not a message this widget's page sends
        if event == "problem":
            self.problem(text)
        elif self.stage == "waiting":  # a second view of the app reports too: the first one counts
            self.reported(text)

    def reported(self, text: str) -> None:
        """The page kept ``text`` ("" for nothing): offer it back if it is an unfinished game."""
        if text:
            try:
                state = self.app._load_game(text)
            except MinegamesError as error:
                return self._offer_unreadable(error_text(error))
            except BAD_VALUE_ERRORS as error:
                return self._offer_unreadable(f"{type(error).__name__}: {error}")
            if state.history and not state.is_over:
                return self._offer(state)
        self.stage = "keeping"
        self.keep()

    def problem(self, reason: str) -> None:
        """The page cannot keep the game (no storage here, or the game is too long for it)."""
        self._show(f"This browser is not keeping your game over a reload ({reason[:200]}). "
                   "Use Save to keep it.", buttons=False)

    # ---- the player's choice ------------------------------------------------------------------
    def resume(self) -> bool:
        """Put the kept game back (it was loaded, and so checked, when it was offered)."""
        state = self.kept_state
        if self.stage != "offering" or state is None:
            self.app.status.error("there is no kept game to resume now")
            return False
        self._settle()
        self.app.replace_state(state, "resumed the game this browser kept")
        return True

    def start_new(self) -> None:
        """Forget the kept game and play the one on screen (a new game, as the app opened)."""
        if self.stage != "offering":
            return
        self._settle()
        self.store.text = ""
        self._written = None
        self.keep()
        self.app.status.say("new game: the kept game is forgotten", "ok")

    # ---- after every change -------------------------------------------------------------------
    def keep(self) -> None:
        """Write the game on screen to the page when it changed (cleared once it is over, or
        when the player has not played in it). Held until the page has said what it kept, and
        while a kept game is offered, until the player chooses or plays."""
        if self.stage == "waiting":
            return
        app, state = self.app, self.app.state
        now = self._moment()
        if self.stage == "offering":
            if state is self._offered_on[0] and not (now != self._offered_on and app.game_under_way()):
                return
            self._settle()  # another game was put in, or the player played on: that is their choice
        if now == self._written:
            return
        self._written = now
        self.store.text = state.to_json() if app.game_under_way() and not state.is_over else ""

    def _moment(self) -> tuple:
        """What changes whenever the game does: the state, its length, its last action."""
        history = self.app.state.history
        return (self.app.state, len(history), history[-1] if history else None)

    # ---- the row ------------------------------------------------------------------------------
    def _offer(self, state) -> None:
        self.stage = "offering"
        self.kept_state = state
        self._offered_on = self._moment()
        where = self.app.where_words(state)
        self.resume_button.description = f"Resume your game ({where})" if where else "Resume your game"
        self._show("This browser kept a game you had not finished.", buttons=True)

    def _offer_unreadable(self, reason: str) -> None:
        self.stage = "offering"
        self.kept_state = None
        self._offered_on = self._moment()
        self._show(f"A saved game was found but could not be read: {reason[:300]}", buttons=True, error=True)

    def _show(self, text: str, *, buttons: bool, error: bool = False) -> None:
        style = "color: #b00020; font-weight: 600;" if error else "color: #333;"
        self.note.value = f'<span style="{style}">{html.escape(text)}</span>'
        show(self.resume_button, buttons and self.kept_state is not None)
        show(self.new_button, buttons)
        show(self.row, True)

    def _settle(self) -> None:
        self.stage = "keeping"
        self.kept_state = None
        self._offered_on = None
        show(self.row, False)
