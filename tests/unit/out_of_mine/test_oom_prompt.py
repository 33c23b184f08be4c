"""Out of Mine!'s prompt(player): each player's decision in words."""

from __future__ import annotations

from minegames import out_of_mine as oom
from minegames.out_of_mine import ChooseSide, Done


def test_sides_then_placing_then_done():
    game = oom.new_game(seed=5)
    assert game.prompt(0).startswith(f"Round 1 of 7. Board {game.board_numbers[0] + 1} is yours")  # boards 1-10
    assert "choose the side to play" in game.prompt(0)
    game.apply(ChooseSide(0, "A"))
    assert game.prompt(0) == "Round 1 of 7. Waiting for the others to choose a side."
    assert game.prompt() == game.prompt(1)  # the first player still to act
    game.apply(ChooseSide(1, game.sides_allowed(1)[0]))
    assert "Fill your gallery" in game.prompt(0) and "flip" in game.prompt(0)
    game.apply(Done(0))
    assert game.prompt(0).startswith("You have stopped placing")


def test_without_flips_the_prompt_does_not_offer_them():
    game = oom.new_game(seed=5, flips=False)
    for p in range(2):
        game.apply(ChooseSide(p, game.sides_allowed(p)[0]))
    assert "flip" not in game.prompt(0)


def test_a_board_got_back_must_be_turned_and_the_end_is_named():
    game = oom.new_game(seed=5, rounds=2)
    for _ in range(20):
        if game.is_over:
            break
        if game.phase == "choose_sides":
            forced = [p for p in game.players_to_move() if len(game.sides_allowed(p)) == 1]
            for p in forced:
                assert f"play its other side, {game.sides_allowed(p)[0]}" in game.prompt(p)
            for p in game.players_to_move():
                game.apply(ChooseSide(p, game.sides_allowed(p)[0]))
        else:
            for p in game.players_to_move():
                game.apply(Done(p))
    assert game.is_over and game.prompt() == "The game is over after 2 rounds."
