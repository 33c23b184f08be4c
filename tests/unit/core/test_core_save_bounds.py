"""A save is read within bounds: its size and its number of actions are checked before it is
parsed or replayed, and no text (nested too deep, not text at all) gets past the save-format error.

The probes behind these tests: a million legal Place/Remove pairs in an Out of Mine! save (60 MB)
took 82 s and 3.4 GB before it was refused; a 100,000-deep nested list raised RecursionError."""

from __future__ import annotations

import json

import pytest

from minegames import GAMES
from minegames.core import SaveFormatError
from minegames.core.state import MAX_SAVE_ACTIONS, MAX_SAVE_CHARS, SIMULTANEOUS

GAME_IDS = list(GAMES)


def a_real_save(game_id: str) -> dict:
    """A game a few actions in, as its save holds it."""
    info = GAMES[game_id]
    state = info.new_game(seed=3, players=info.players[0])
    for _ in range(4):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    return json.loads(state.to_json())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_save_longer_than_the_cap_is_refused_before_it_is_read(game_id):
    save = a_real_save(game_id)
    text = json.dumps(save)
    padded = text[:-1] + ', "padding": "' + "x" * MAX_SAVE_CHARS + '"}'
    with pytest.raises(SaveFormatError, match=f"at most {MAX_SAVE_CHARS:,} characters"):
        GAMES[game_id].load(padded)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_more_actions_than_the_cap_are_refused_before_any_is_replayed(game_id):
    save = a_real_save(game_id)
    save["actions"] = (save["actions"] * (MAX_SAVE_ACTIONS + 1))[:MAX_SAVE_ACTIONS + 1]
    text = json.dumps(save)
    assert len(text) <= MAX_SAVE_CHARS, "the count, not the size, must be what refuses this save"
    with pytest.raises(SaveFormatError, match=f"at most {MAX_SAVE_ACTIONS:,} actions"):
        GAMES[game_id].load(text)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("where", ["whole", "options", "action"])
def test_nesting_too_deep_is_a_save_format_error(game_id, where):
    deep = "[" * 100_000 + "]" * 100_000
    save = a_real_save(game_id)
    if where == "whole":
        text = deep
    else:
        marker = "__deep__"
        if where == "options":
            save["options"] = {**save["options"], "extra": marker}
        else:
            save["actions"] = [marker]
        text = json.dumps(save).replace(json.dumps(marker), deep)
    with pytest.raises(SaveFormatError, match="nested too deeply"):
        GAMES[game_id].load(text)


@pytest.mark.parametrize("value", [None, 12, ["a"], {"format": 2}])
def test_a_save_that_is_not_text_is_refused(value):
    with pytest.raises(SaveFormatError, match="JSON text"):
        GAMES["mineshaft_mayhem"].load(value)


def test_a_whole_game_loads_far_inside_both_caps():
    """A finished game of each (the longest measured, 644 actions and 70,120 characters, is in
    core/state.py) loads, and uses a small part of each cap."""
    for game_id, info in GAMES.items():
        state = info.new_game(seed=5, players=info.players[-1])
        strength = "random" if "random" in info.bots else next(iter(info.bots))
        bots = {seat: info.bot(strength, seat, seat) for seat in range(state.num_players)}
        table = state.table_driver(bots)
        while not state.is_over:
            seat = state.current_player
            action = table.choose(state) if seat == SIMULTANEOUS else bots[seat].choose(state)
            state.apply(action if action is not None else state.legal_actions()[0])
        text = state.to_json()
        assert info.load(text) == state
        assert len(text) * 5 < MAX_SAVE_CHARS and len(state.history) * 5 < MAX_SAVE_ACTIONS, game_id


# ---- lesson positions edited by hand --------------------------------------------------------

def lists_in(data, path=()):
    """Paths to every list in a save's data (the first few entries of a list looked into)."""
    if isinstance(data, list):
        yield path
        for index, value in enumerate(data[:3]):
            yield from lists_in(value, path + (index,))
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from lists_in(value, path + (key,))


def edited(save: dict, path: tuple, how: str) -> str:
    copy = json.loads(json.dumps(save))
    holder = copy["start"]
    for key in path[:-1]:
        holder = holder[key]
    items = holder[path[-1]]
    holder[path[-1]] = (items * 200)[:max(200, len(items))] if how == "long" else []
    copy["position"] = copy["start"]
    return json.dumps(copy)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_lesson_position_with_any_list_stretched_or_emptied_is_refused_or_plays(game_id):
    """Probe: Goldmine's store and positions, Off the Rails' players repeated x200 loaded, then
    raised IndexError in legal_actions() or the drawing. Now each edit is a save-format error, or
    a position that answers everything a player or an app asks."""
    info = GAMES[game_id]
    save = json.loads(info.sample_position().to_json())
    assert not save["actions"], "a fresh lesson position: its start is its position"
    for path in lists_in(save["start"]):
        if not path or path[0] in ("log", "rng", "options"):
            continue
        for how in ("long", "empty"):
            try:
                state = info.load(edited(save, path, how))
            except SaveFormatError:
                continue
            state.legal_actions()
            for player in range(state.num_players):
                state.view(player)
            state.prompt(), state.scores(), state._repr_svg_()


@pytest.mark.parametrize("game_id, path, rule", [
    ("off_the_rails", ("game", "players"), "players"),
    ("goldmine_rumbles", ("game", "store"), "store"),
    ("goldmine_rumbles", ("game", "positions"), "positions"),
    ("goldmine_rumbles", ("game", "order"), "order"),
    ("goldmine_rumbles", ("game", "track"), "phase track"),
])
def test_the_probes_impossible_lists_are_refused_naming_the_rule(game_id, path, rule):
    save = json.loads(GAMES[game_id].sample_position().to_json())
    with pytest.raises(SaveFormatError, match=rule):
        GAMES[game_id].load(edited(save, path, "long"))


def test_an_off_the_rails_lesson_position_reloads_with_its_players():
    """It came back as a one-player game (the player count was never restored into the blank state)."""
    info = GAMES["off_the_rails"]
    state = info.sample_position()
    loaded = info.load(state.to_json())
    assert loaded.num_players == state.num_players == 2
    assert loaded.scores() == state.scores()
