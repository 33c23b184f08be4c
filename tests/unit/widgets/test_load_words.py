"""Why a save did not load, in a player's words: each way the model refuses a save, made for real."""

from __future__ import annotations

import json

import pytest

from minegames import gem_rush, mineshaft_mayhem
from minegames.core import SaveFormatError
from widgets.load_words import load_refusal


def _played() -> str:
    game = mineshaft_mayhem.new_game(seed=3)
    for _ in range(3):
        game.apply(sorted(game.legal_actions(), key=str)[0])
    return game.to_json()


def _refusal(text: str) -> str:
    with pytest.raises(SaveFormatError) as caught:
        mineshaft_mayhem.load(text)
    return load_refusal(caught.value.message, "Mineshaft Mayhem")


def _edited(change) -> str:
    save = json.loads(_played())
    change(save)
    return json.dumps(save)


def test_a_save_of_another_game_names_the_app_to_open():
    words = _refusal(gem_rush.new_game(seed=1).to_json())
    assert words == "This is a save of Gem Rush, not of Mineshaft Mayhem: open the Gem Rush app and load it there."


@pytest.mark.parametrize("text, why", [
    ("{not json", "not a whole save"),
    ("[1, 2]", "not a whole save"),
    (_edited(lambda s: s.pop("actions")), "not a whole save"),
    ("[" * 5000 + "]" * 5000, "not a whole save"),
    (" " * 1_000_001, "far longer than any save"),
    (_edited(lambda s: s.update(format=99)), "not a save this version"),
    (_edited(lambda s: s["position"].update(turn=77) if isinstance(s["position"], dict) else None),
     "changed after it was saved"),
])
def test_each_refusal_says_what_went_wrong_with_the_text(text, why):
    words = _refusal(text)
    assert words.startswith("This text could not be loaded as a Mineshaft Mayhem game: ") and why in words
    assert "JSON" not in words and "action " not in words  # no developer words


def test_a_move_that_breaks_the_rules_is_named_counting_from_1():
    save = json.loads(_played())
    save["actions"] = save["actions"][1:]  # the first move dropped: the second comes too early
    words = _refusal(json.dumps(save))
    assert "move 1 in it (" in words and "is not allowed at that point" in words
