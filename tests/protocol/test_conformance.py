"""The one conformance suite: every registered game, at every player count, must keep the
protocol (see ``playouts.py`` for the checks made after every action).

``MINEGAMES_CONFORMANCE_GAMES=10000`` (the long mode) plays that many seeded games per engine,
spread over its player counts, with every check on one game in 25 (the undo and end checks on the rest); the default run plays a
few per player count with every check.
"""

from __future__ import annotations

import json
import os
import time

import pytest

from minegames import GAMES
from minegames.core import IllegalActionError, MinegamesError, SaveFormatError

from .playouts import check_edited_saves, play_checked

LONG_GAMES = int(os.environ.get("MINEGAMES_CONFORMANCE_GAMES", "0"))
SEEDS_PER_COUNT = 2

CASES = [(game_id, players, seed) for game_id, info in GAMES.items() for players in info.players
         for seed in range(SEEDS_PER_COUNT)]


def test_the_registry_lists_the_games():
    assert {"mineshaft_mayhem", "out_of_mine", "goldmine_rumbles"} <= set(GAMES)
    for game_id, info in GAMES.items():
        assert info.id == game_id and info.title and info.blurb and info.players
        assert info.bots, "every game has bots to play against"


@pytest.mark.parametrize("game_id,players,seed", CASES)
def test_seeded_playouts_keep_the_protocol(game_id, players, seed):
    info = GAMES[game_id]
    state = play_checked(info, players, seed)
    check_edited_saves(info, state)
    # the same seed and the same actions give the same game
    again = info.new_game(seed=seed, players=players)
    for action in state.history:
        again.apply(action)
    assert again.to_json() == state.to_json()
    assert isinstance(state._repr_svg_(), str) and "<svg" in state._repr_svg_()


@pytest.mark.parametrize("game_id", list(GAMES))
def test_lesson_positions_save_as_lesson_positions(game_id):
    info = GAMES[game_id]
    state = info.sample_position()
    assert state.is_lesson_position
    loaded = info.load(state.to_json())
    assert loaded == state and loaded.is_lesson_position
    save = json.loads(state.to_json())
    save["options"] = {**save["options"], "players": 99}  # options that disagree with the start
    with pytest.raises(MinegamesError):
        info.load(json.dumps(save))


@pytest.mark.parametrize("game_id", list(GAMES))
def test_saves_of_other_games_and_garbage_are_refused(game_id):
    info = GAMES[game_id]
    for other in GAMES.values():
        if other is not info:
            with pytest.raises(SaveFormatError):
                info.load(other.new_game(seed=1).to_json())
    for garbage in ("", "[]", "{}", '{"format": 1}', "not json"):
        with pytest.raises(SaveFormatError):
            info.load(garbage)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_action_after_the_end(game_id):
    info = GAMES[game_id]
    state = play_checked(info, info.players[0], 99, full_checks=False)
    with pytest.raises(IllegalActionError):
        state.apply(info.new_game(seed=99, players=info.players[0]).legal_actions()[0])


if LONG_GAMES:  # defined only in the long mode, so the default run has no skipped test
    @pytest.mark.parametrize("game_id", list(GAMES))
    def test_long_mode(game_id):
        info = GAMES[game_id]
        started = time.perf_counter()
        for n in range(LONG_GAMES):
            players = info.players[n % len(info.players)]
            play_checked(info, players, 1000 + n, full_checks=n % 25 == 0)
        seconds = time.perf_counter() - started
        print(f"{game_id}: {LONG_GAMES} games in {seconds:.0f} s ({LONG_GAMES / seconds:.1f} games/s)")
