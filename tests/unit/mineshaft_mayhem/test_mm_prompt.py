"""Mineshaft Mayhem's prompt(): what the player must decide now, in words that follow the state."""

from __future__ import annotations

from minegames import mineshaft_mayhem as mm
from minegames.mineshaft_mayhem import Roll, Stop


def test_the_start_of_a_turn_asks_for_the_first_roll():
    game = mm.new_game(seed=7)
    assert game.prompt() == "Turn 1. A gem has been drawn onto the start space. Roll all 4 dice."


def test_while_rolling_it_counts_the_rerolls_left_and_names_what_can_be_collected():
    game = mm.new_game(seed=7)
    game.apply(Roll((0, 1, 2, 3)))
    assert game.rolls_left == game.options.max_rolls - 1
    text = game.prompt()
    assert text.startswith("Turn 1. ") and f"{game.rolls_left} re-rolls left" in text
    for gem in game.collectable():
        assert gem in text
    if not game.collectable():
        assert "stop without a gem" in text


def test_with_no_rerolls_left_it_says_so():
    game = mm.new_game(seed=7, max_rolls=1)
    game.apply(Roll((0, 1, 2, 3)))
    assert game.rolls_left == 0 and "No re-rolls left" in game.prompt()


def test_a_shake_and_the_end_have_their_own_words():
    game = mm.new_game(seed=3)
    for _ in range(500):
        if game.is_over or game.phase == "shake":
            break
        collect = [a for a in game.legal_actions() if type(a).__name__ == "Collect"]
        game.apply(collect[0] if collect else (Roll((0, 1, 2, 3)) if game.phase == "start" else Stop()))
    if game.phase == "shake":
        assert "The mine shakes" in game.prompt()
    while not game.is_over:
        game.apply(game.legal_actions()[-1] if game.phase == "shake" else
                   (Roll((0, 1, 2, 3)) if game.phase == "start" else Stop()))
    assert game.prompt() == f"Game over. Final score {game.scores()[0]}: {game.rank()}."
