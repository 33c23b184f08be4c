"""Undo's refusal names only what the person saw: their own move by name, a bot's chance by what it was."""

from __future__ import annotations

from minegames import gem_rush
from widgets.gem_rush import GemRushApp

TORCHLIT = "r01"
SORTING_TABLE = "r03"


def test_after_the_bots_drew_undo_says_a_seen_outcome_stands_without_naming_their_moves():
    mine_map = {(0, 0): (TORCHLIT, 0), (-1, 0): (SORTING_TABLE, 0)}
    app = GemRushApp(state=gem_rush.position(mine_map, hands=[[], []], at=[(0, 0), (0, 0)]), live=False)
    app.click_choice("End movement")
    app.click_choice("Draw 1 card")
    mine_end = len(app.state.history)
    app.run_bots()
    assert app.persons_turn() and len(app.state.history) > mine_end
    refusal = app.undo_refusal()
    assert refusal.startswith("your last choice cannot be taken back: since then another player's move")
    for bot_move in app.state.history[mine_end:]:
        assert str(bot_move) not in refusal
    assert app.controls.undo_button.tooltip == f"no undo: {refusal}"
