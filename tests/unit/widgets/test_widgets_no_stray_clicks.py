"""No move the player did not mean (issue 21): a click meant for a button that just changed does
nothing, and a step that cannot be undone (a free door's room tile, a new game in the middle of
one, a cart that derails) is asked once in plain words first."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from minegames import gem_rush, off_the_rails
from minegames.gem_rush.actions import Build, EndMovement
from minegames.off_the_rails.actions import EndActions
from widgets import components
from widgets.components import ARM_CLASSES, ARM_SECONDS, DecisionButton
from widgets.gem_rush import GemRushApp
from widgets.mineshaft_mayhem import MineshaftMayhemApp
from widgets.off_the_rails import OffTheRailsApp

sys.path.insert(0, str(Path(__file__).parent))

TORCHLIT = "r01"        # ability: draw 2 (so after End movement the same button says Draw 1 card)
SORTING_TABLE = "r03"   # turned 0: its west door costs nothing
OB_RUBY = 48


def browser_click(button) -> None:
    """A click as the page sends it (the message a browser's click makes)."""
    button._handle_button_msg(button, {"event": "click"}, [])


@pytest.fixture
def clock(monkeypatch):
    """The time DecisionButton reads, moved on by hand."""
    now = [1000.0]
    monkeypatch.setattr(components.time, "monotonic", lambda: now[0])
    return now


# ---- a click meant for what stood there before ----------------------------------------------------------


def test_a_changed_button_swaps_its_armed_class_so_the_page_restarts_the_hold():
    button = DecisionButton(description="x")
    button.arm("end movement")
    first = [c for c in button._dom_classes if c in ARM_CLASSES]
    button.arm("end movement")                      # the same meaning: no change, no restart
    assert [c for c in button._dom_classes if c in ARM_CLASSES] == first
    button.arm("draw 1 card")
    second = [c for c in button._dom_classes if c in ARM_CLASSES]
    assert len(first) == len(second) == 1 and first != second
    assert ".mg-armed-a" in components.BASE_CSS and "pointer-events: none" in components.BASE_CSS


def test_the_second_click_of_a_double_click_on_end_movement_draws_no_card(clock):
    state = gem_rush.position({(0, 0): (TORCHLIT, 0)}, hands=[[OB_RUBY], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    clock[0] += 5                                   # the page has shown End movement a while
    button = app.choice_buttons[0]
    assert button.description == "End movement"
    browser_click(button)                           # first click: ends the movement
    assert app.state.history == [EndMovement()]
    assert button.description == "Draw 1 card"      # the same button, a new move
    clock[0] += 0.1
    browser_click(button)                           # second click, meant for End movement
    assert app.state.history == [EndMovement()] and app.state.players[0]["hand"] == [OB_RUBY]
    clock[0] += ARM_SECONDS
    browser_click(button)                           # a click after a look at the new button counts
    assert len(app.state.history) == 2 and len(app.state.players[0]["hand"]) == 2


def test_clicks_from_code_are_never_held_off():
    state = gem_rush.position({(0, 0): (TORCHLIT, 0)}, hands=[[OB_RUBY], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    assert app.click_choice("End movement") and app.click_choice("Draw 1 card")


def test_a_newly_enabled_action_button_holds_clicks_off(clock):
    app = MineshaftMayhemApp(seed=3)
    clock[0] += 5
    browser_click(app.roll_button)
    assert len(app.state.history) == 1
    rolled = list(app.state.dice)
    browser_click(app.roll_button)                  # the double-click's second click: no second roll
    assert len(app.state.history) == 1 and list(app.state.dice) == rolled


# ---- Gem Rush: a free door ------------------------------------------------------------------------------


def free_door_app() -> GemRushApp:
    state = gem_rush.position({(0, 0): (SORTING_TABLE, 0)}, hands=[[], []], at=[(0, 0), (0, 0)])
    return GemRushApp(state=state, live=False)


def test_a_click_on_a_free_door_shows_it_and_asks_before_a_tile_is_drawn():
    app = free_door_app()
    west = ((0, 0), 3)
    app.mine_view.click_door(*west)
    assert app.state.history == [] and app.door == west
    assert app.door_card.layout.display != "none"
    assert "needs no cards" in app.door_text.value and "cannot be taken back" in app.door_text.value
    assert not app.build_button.disabled
    assert "a room tile is drawn: this cannot be undone" in app.build_button.description
    app.build_button.click()
    assert app.state.history == [Build(3, ())] and app.state.pending["kind"] == "place"


def test_a_second_click_on_the_free_door_puts_it_down_again():
    app = free_door_app()
    app.mine_view.click_door((0, 0), 3)
    app.mine_view.click_door((0, 0), 3)             # a double-click on the door builds nothing
    assert app.state.history == [] and app.door is None


def test_take_builds_through_a_free_door_with_the_build_button():
    app = free_door_app()
    assert app.take(Build(3, ())) and app.state.history == [Build(3, ())]


# ---- New game during a game -----------------------------------------------------------------------------


def test_new_game_mid_game_asks_first_and_keep_keeps_the_game():
    app = MineshaftMayhemApp(seed=3)
    app.roll_button.click()
    game = app.state
    app.controls.new_game_button.click()
    controls = app.controls
    assert app.state is game and controls.asking_new_game()
    assert controls.new_game_button.layout.display == "none"
    question = controls.new_game_confirm.question.value
    assert question.startswith("Start a new game? Your game (turn 1) is lost unless you Save it")
    controls.keep_game_button.click()
    assert app.state is game and not controls.asking_new_game()
    assert controls.new_game_button.layout.display != "none"
    controls.new_game_button.click()
    controls.confirm_new_game_button.click()
    assert app.state is not game and app.state.history == [] and not controls.asking_new_game()


def test_start_again_mid_game_asks_first_as_new_game_does():
    """An app opened on a new game has no starting position to go back to: Start again deals a new
    game, so it asks first (it once threw the game away without a word)."""
    app = MineshaftMayhemApp(seed=3)
    app.roll_button.click()
    game = app.state
    app.controls.restart_button.click()
    assert app.state is game and app.controls.asking_new_game()
    app.controls.keep_game_button.click()
    assert app.state is game and not app.controls.asking_new_game()


def test_new_game_before_any_move_or_after_the_end_needs_no_question():
    app = MineshaftMayhemApp(seed=3)
    game = app.state
    app.controls.new_game_button.click()
    assert app.state is not game and not app.controls.asking_new_game()


def test_the_bots_opening_moves_are_not_a_game_under_way():
    state = gem_rush.new_game(seed=2, players=2)
    app = GemRushApp(state=state, seat=1, live=False)
    app.run_bots()
    assert app.state.history and not app.game_under_way()   # only the bot moved
    app.controls.new_game_button.click()
    assert not app.controls.asking_new_game() and app.state is not state


# ---- Off the Rails: a cart that would derail ------------------------------------------------------------


def derail_app() -> OffTheRailsApp:
    column = {(3, y): "NS" for y in range(1, 4)}
    return OffTheRailsApp(state=off_the_rails.position(tracks=column, gems={},
                                                      carts=[{"at": (3, 1), "came_from": "N", "speed": 3}]),
                          live=False)


def test_ending_the_actions_while_a_cart_derails_asks_once():
    app = derail_app()
    assert app.derailing_carts() == [0]
    app.end_button.click()
    assert app.state.history == [] and app.end_confirm.asking()
    assert app.end_button.layout.display == "none"
    assert "white cart derails if the carts move now: end the actions anyway?" in app.end_confirm.question.value
    app.end_confirm.keep_button.click()             # not yet: back to acting
    assert app.state.history == [] and not app.end_confirm.asking()
    assert app.end_button.layout.display != "none"
    app.end_button.click()
    app.end_confirm.go_button.click()
    assert app.state.history == [EndActions(0)] and not app.end_confirm.asking()


def test_a_move_made_while_asked_puts_the_question_away():
    app = derail_app()
    app.end_button.click()
    app.board.click_square((3, 4))
    app.tile_buttons[0].click()                     # lays a tile instead of answering
    assert len(app.state.history) == 1 and not app.end_confirm.asking()


def test_no_question_when_no_cart_derails():
    app = OffTheRailsApp(state=off_the_rails.position(tracks={}, gems={}, carts=[]), live=False)
    assert app.derailing_carts() == []
    app.end_button.click()
    assert app.state.history == [EndActions(0)]
