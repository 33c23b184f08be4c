"""Goldmine Rumbles' prompt(): the decision on top of the stack, said for the miner who makes it."""

from __future__ import annotations

import random

from minegames.goldmine_rumbles import Decision, new_game
from minegames.goldmine_rumbles.state import GoldmineRumbles


def test_every_decision_kind_has_words_and_the_prompt_names_who_decides():
    game = new_game(seed=3, players=3)
    first = game.sheet(game.current_player)["colour"]
    assert game.prompt().startswith(f"Phase 1. {first} to place ") and "cube(s)" not in game.prompt()
    chooser, seen = random.Random(1), set()
    for _ in range(4000):
        if game.is_over:
            break
        top = game.decision
        seen.add(top["kind"])
        text = game.prompt()
        who = top["player"]
        assert text.startswith(f"Phase {game.phase}. {game.sheet(who)['colour']} to ")  # the colour, no seat code
        assert "decide:" not in text  # a kind without words falls back to its name
        game.apply(chooser.choice(game.legal_actions()))
    assert {"place cubes", "turn"} <= seen
    assert game.is_over and game.prompt().startswith("The game is over.")
    for p in range(3):
        assert str(game.scores()[p]) in game.prompt()


def test_the_words_cover_every_decision_kind():
    assert set(GoldmineRumbles.PROMPTS) | {Decision.TURN} == set(Decision)
