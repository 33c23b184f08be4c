"""Reproducibility, save/load round trips, tampered saves and the public view."""

import json
import random

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import SaveFormatError


def play_randomly(game, chooser_seed, limit=10_000):
    chooser = random.Random(chooser_seed)
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError("the game did not end")


def test_different_seeds_give_different_draws():
    assert len({mm.new_game(seed=s).conveyor[0] for s in range(30)}) > 1


def test_a_hand_made_position_saves_and_loads():
    game = mm.position(seed=4, conveyor=["ruby", "amethyst"], gears=["emerald"], containers=[("ruby", 2)],
                       cursite=3, dice=(1, 2, 2, 5), rolls_used=2)
    game.apply(mm.CursiteReroll((0,)))
    loaded = mm.load(game.to_json())
    assert loaded == game
    assert loaded.options == game.options


def test_options_travel_with_the_save():
    game = mm.new_game(seed=1, gem_counts={"ruby": 5, "amethyst": 5}, container_values=[3, 1], lock_ones=False)
    loaded = mm.load(game.to_json())
    assert loaded.options == game.options
    assert loaded.options.container_values == (3, 1)


def _save():
    game = mm.new_game(seed=3)
    game.apply("roll all dice")
    return json.loads(game.to_json())


def _tampered(change):
    data = _save()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "{",
        _tampered(lambda d: d.update(game="out_of_mine")),
        _tampered(lambda d: d["options"].update(gears=0)),
        _tampered(lambda d: d["options"].update(gem_counts={"opal": 3})),
        _tampered(lambda d: d["start"]["game"].update(conveyor=["diamond"] + [None] * 7)),  # one gem too many
        _tampered(lambda d: d["start"]["game"].update(conveyor=[None] * 8)),  # one gem lost
        _tampered(lambda d: d["start"]["game"].update(cursite=5)),
        _tampered(lambda d: d["start"]["game"].update(phase="dancing")),
        _tampered(lambda d: d["start"]["game"].update(dice=[1, 2, 3])),
        _tampered(lambda d: d["start"]["game"].update(containers=[["ruby", 0]] * 5)),
        _tampered(lambda d: d["start"]["game"].update(gears="none")),
        _tampered(lambda d: d["start"]["game"].pop("tin")),
        _tampered(lambda d: d.update(actions=[{"type": "Roll", "dice": "all"}])),
        _tampered(lambda d: d.update(actions=[{"type": "Roll", "dice": [0, 1]}])),
        _tampered(lambda d: d.update(actions=[{"type": "Collect", "gem": 7}])),
        _tampered(lambda d: d["position"]["game"].update(dice=[6, 6, 6, 6])),
    ],
)
def test_malformed_or_tampered_saves_raise_save_format_error(text):
    with pytest.raises(SaveFormatError):
        mm.load(text)


def test_view_shows_the_public_table_but_never_the_random_generator():
    game = mm.new_game(seed=9)
    game.apply("roll all dice")
    view = game.view(0)
    text = json.dumps(view)
    assert "bit_generator" not in text and "PCG64" not in text
    assert view["tin"] == game.tin.counts()
    assert view["dice"] == list(game.dice)
    assert view["conveyor"] == list(game.conveyor)
    assert view["score"] == game.score_breakdown()
    assert view["phase"] == "rolling" and view["max_rolls"] == 3


def test_history_text_uses_the_friendly_action_texts():
    game = mm.new_game(seed=2)
    game.apply("roll all dice")
    game.apply(mm.Stop())
    assert game.history_text() == "1. roll all dice\n2. stop without a gem"
    assert "turn 1:" in game.log.text()
