"""The shared widget pieces, driven without a browser on a tiny stand-in game.

The stand-in ("count to five") follows the core protocol only, which is all
the components may rely on.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from minegames.core import Action, GameLog, GameState, IllegalActionError, OptionError, SaveFormatError
from widgets.components import (
    BASE_CSS,
    PIP_GLYPHS,
    ActionButton,
    DiceRow,
    GameApp,
    LogView,
    SinceYourTurn,
    StateView,
    StatusLine,
    assign,
)


@dataclasses.dataclass(frozen=True)
class Add(Action):
    amount: int


@dataclasses.dataclass(frozen=True)
class CountOptions:
    goal: int = 5


class CountToGoal(GameState):
    """Add 1 or 2 until the total reaches the goal (never past it)."""

    game_name = "count to goal"
    action_types = (Add,)
    options_type = CountOptions

    def __init__(self, options: CountOptions, seed=None):
        super().__init__(options, seed)
        self.total = 0
        self._start()

    def _snapshot(self) -> dict[str, Any]:
        return {"total": self.total}

    def _restore(self, data: dict[str, Any]) -> None:
        self.total = data["total"]

    def _legal_actions(self):
        return [Add(n) for n in (1, 2) if self.total + n <= self.options.goal]

    def _apply(self, action: Add) -> None:
        self.total += action.amount
        self.log.add(1, f"added {action.amount}, total {self.total}")

    @property
    def is_over(self) -> bool:
        return self.total >= self.options.goal

    @property
    def current_player(self):
        return None if self.is_over else 0

    def scores(self):
        return [self.total]

    def _repr_svg_(self) -> str:
        return f"<svg><text>{self.total}</text></svg>"


def new_count_game(seed=None, **options) -> CountToGoal:
    if set(options) - {"goal"}:
        raise OptionError(sorted(options)[0], "unknown")
    return CountToGoal(CountOptions(**options), seed)


class CountApp(GameApp):
    prefix = "cg"

    def __init__(self):
        self.add_one = ActionButton("+1", lambda: Add(1), self.act, css_class="cg-add")
        super().__init__(new_count_game(), new_game=new_count_game, load=CountToGoal.from_json, title="Count")

    def build(self):
        return super().build() + [self.add_one]

    def refresh(self):
        super().refresh()
        self.add_one.sync(set(self.state.legal_actions()))


def test_assign_touches_only_changed_traits():
    status = StatusLine()
    changes = []
    status.observe(lambda change: changes.append(change["new"]), names="value")
    assign(status, value="a")
    assign(status, value="a")
    assign(status, value="b")
    assert changes == ["a", "b"]


def test_state_view_shows_the_states_svg():
    view = StateView("cg-sheet")
    state = new_count_game()
    view.show_state(state)
    assert view.value == "<svg><text>0</text></svg>"
    assert {"mg-sheet", "cg-sheet"} <= set(view._dom_classes)


def test_status_line_escapes_and_marks_errors():
    status = StatusLine()
    status.error("1 < 2 & so on")
    assert "mg-status-error" in status.value and "1 &lt; 2 &amp; so on" in status.value
    status.clear()
    assert status.value == "" and status.text == ""
    with pytest.raises(ValueError):
        status.say("x", "shouting")


def test_log_view_keeps_the_whole_log_newest_at_the_bottom_of_a_scrolling_box():
    log = GameLog()
    view = LogView(lines=3)
    view.show_log(log)
    assert "nothing has happened yet" in view.value
    for turn in range(1, 6):
        log.add(turn, f"event {turn}")
    view.show_log(log)
    # every line is there (a long bot turn is never cut off), in a box about 3 lines high that
    # scrolls; the column is reversed so that the box rests on its newest line
    assert all(f"turn {t}: event {t}" in view.value for t in range(1, 6))
    assert "mg-log-scroll" in view.value and "max-height: 4.7em" in view.value
    assert view.value.index("event 5") < view.value.index("event 4") < view.value.index("event 1")
    assert ".mg-log-scroll { display: flex; flex-direction: column-reverse; overflow-y: auto; }" in BASE_CSS


def test_since_your_turn_lists_lines_under_a_heading_and_hides_when_empty():
    view = SinceYourTurn("xx-since")
    assert view.layout.display == "none" and view.value == ""
    view.show_lines(["turn 3: Blue uses Bacon & steals the Pickaxe", "turn 3: Red mines 2 gold"])
    assert view.layout.display is None
    assert "Since your last turn" in view.value
    assert view.value.index("Bacon &amp; steals") < view.value.index("Red mines")
    view.show_lines([])
    assert view.layout.display == "none" and view.value == ""


def test_dice_row_shows_faces_and_keeps():
    row = DiceRow(4, css_class="xx-die")
    row.show_dice(None)
    assert all(t.disabled and t.description == "?" for t in row.toggles)
    row.show_dice((1, 4, 6, 2), locked=(True, False, False, False))
    assert [t.description for t in row.toggles] == [PIP_GLYPHS[f] for f in (1, 4, 6, 2)]
    assert row.toggles[0].disabled and not row.toggles[1].disabled
    assert "mg-locked" in row.toggles[0]._dom_classes and "mg-locked" not in row.toggles[1]._dom_classes
    assert all("xx-die" in t._dom_classes for t in row.toggles)
    row.show_dice((1, 4, 6, 2), locked=(True, False, False, False), locked_enabled=True)
    assert not row.toggles[0].disabled
    calls = []
    row.on_change(lambda: calls.append(row.kept))
    row.toggles[2].value = True
    assert calls == [(2,)]
    row.set_kept([0, 3])
    assert row.kept == (0, 3) and row.not_kept == (1, 2) and calls[-1] == (0, 3)
    row.set_kept([], notify=False)
    assert row.kept == () and calls[-1] == (0, 3)
    with pytest.raises(IndexError):
        row.set_kept([4])
    row.show_dice((1, 4, 6, 2), enabled=False)
    assert all(t.disabled for t in row.toggles)


def test_action_button_follows_legality_and_plays():
    played = []
    button = ActionButton("+2", lambda: Add(2), played.append)
    button.sync({Add(1)})
    assert button.disabled
    button.sync({Add(1), Add(2)})
    assert not button.disabled
    button.click()
    assert played == [Add(2)]
    nothing = ActionButton("none", lambda: None, played.append)
    nothing.sync({Add(1)})
    assert nothing.disabled
    nothing.click()
    assert played == [Add(2)]


def test_game_app_acts_refreshes_and_reports():
    app = CountApp()
    assert {"mg-app", "cg-app"} <= set(app._dom_classes)
    assert app.controls.undo_button.disabled
    app.add_one.click()
    assert app.state.total == 1 and app.sheet.value == "<svg><text>1</text></svg>"
    assert app.status.kind == "ok" and "added 1, total 1" in app.status.text
    assert "added 1, total 1" in app.log_view.value
    assert not app.controls.undo_button.disabled
    assert app.act(Add(2)) and app.state.total == 3
    assert app.sheet.value == "<svg><text>3</text></svg>"


def test_illegal_action_shows_the_rule_and_changes_nothing():
    app = CountApp()
    app.act(Add(2))
    app.act(Add(2))
    before = app.state.to_json()
    assert app.add_one.disabled is False
    assert not app.act(Add(2))
    assert app.status.kind == "error" and "not a legal action" in app.status.text
    assert app.state.to_json() == before
    assert not app.act("add seven")
    assert app.status.kind == "error"


def test_undo_and_nothing_to_undo():
    app = CountApp()
    assert not app.undo()
    assert app.status.kind == "error" and "undo" in app.status.text
    app.act(Add(2))
    assert app.undo() and app.state.total == 0
    assert "took back" in app.status.text
    assert app.controls.undo_button.disabled


def test_new_game_seed_box_and_restart():
    app = CountApp()
    app.act(Add(1))
    app.controls.seed_box.value = "12"
    app.controls.new_game_button.click()            # a game under way: asked first, nothing lost yet
    assert app.controls.asking_new_game() and app.state.total == 1
    app.controls.confirm_new_game_button.click()
    assert app.state.total == 0 and not app.state.history and "seed 12" in app.status.text
    assert not app.controls.asking_new_game() and app.controls.new_game_button.layout.display != "none"
    app.controls.seed_box.value = "twelve"
    app.act(Add(1))
    app.controls.new_game_button.click()            # a bad seed is said at once, before any question
    assert app.status.kind == "error" and "whole number" in app.status.text and app.state.total == 1
    assert not app.controls.asking_new_game()
    app._start_state = app.state.copy()
    app.act(Add(2))
    assert app.restart() and app.state.total == 1


def test_save_and_load_through_the_text_area():
    app = CountApp()
    app.act(Add(2))
    app.controls.save_button.click()
    saved = app.controls.save_text.value
    assert json.loads(saved)["actions"] == [{"type": "Add", "amount": 2}]
    app.act(Add(1))
    app.controls.load_button.click()
    assert app.state.total == 2 and app.state.history == [Add(2)]
    app.controls.save_text.value = "{not json"
    app.controls.load_button.click()
    assert app.status.kind == "error" and "under the Load button" in app.status.text and app.state.total == 2
    # said beside the Load button in a player's words, the model's words folded beneath
    notice = app.controls.load_notice
    assert notice.layout.display is None and "could not be loaded as a" in notice.value
    assert "<details>" in notice.value and "save format:" in notice.value
    app.controls.save_text.value = saved
    app.controls.load_button.click()
    assert app.status.kind == "ok" and notice.layout.display == "none" and notice.value == ""


def test_errors_from_the_model_are_core_errors():
    """The app relies on every refusal being a MinegamesError; check the stand-in agrees."""
    state = new_count_game()
    with pytest.raises(IllegalActionError):
        state.apply(Add(9))
    with pytest.raises(SaveFormatError):
        CountToGoal.from_json("[]")


def test_log_lines_join_on_the_status_line_without_a_full_stop_before_a_semicolon():
    from widgets.components import joined

    assert joined(["Blue draws 2 cards and may keep them.", "Blue's turn ends."]) == \
        "Blue draws 2 cards and may keep them; Blue's turn ends."
    assert joined(["one"]) == "one" and joined([]) == ""
