"""The registry (``minegames.GAMES``) and the one bot driver (``minegames.core.play``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from minegames import GAMES
from minegames.core import GameState, OptionError, play


def test_game_info_checks_player_counts_and_bot_strengths():
    goldmine = GAMES["goldmine_rumbles"]
    assert goldmine.new_game(seed=1).num_players == 3  # the smallest count by default
    assert goldmine.new_game(seed=1, players=4).num_players == 4
    with pytest.raises(OptionError) as refused:
        goldmine.new_game(seed=1, players=2)
    assert "3-4 players" in str(refused.value)
    with pytest.raises(OptionError):
        GAMES["mineshaft_mayhem"].new_game(players=2)
    with pytest.raises(OptionError):
        goldmine.bot("grandmaster", 0)
    assert goldmine.app_path == "widgets.goldmine_rumbles:GoldmineRumblesApp" and goldmine.status == "playable"
    assert {"easy", "medium", "hard"} <= set(goldmine.bots)


def test_models_never_import_widgets_until_an_app_is_asked_for():
    code = ("import sys, minegames; assert 'widgets' not in sys.modules; "
            "app = minegames.GAMES['mineshaft_mayhem'].app; assert 'widgets' in sys.modules; "
            "print(app.__name__)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "MineshaftMayhemApp"


def test_play_stops_at_a_seat_without_a_bot_and_after_max_actions():
    info = GAMES["goldmine_rumbles"]
    game = info.new_game(seed=4, players=3)
    bots = {seat: info.bot("random", seat, seed=seat) for seat in (1, 2)}
    play(game, bots)
    assert not game.is_over and game.current_player == 0  # the person's decision
    solo = GAMES["mineshaft_mayhem"]
    game = solo.new_game(seed=2)
    play(game, [solo.bot("random", 0, seed=1)], max_actions=3)
    assert len(game.history) == 3
    play(game, [solo.bot("random", 0, seed=1)])
    assert game.is_over


def test_a_table_of_bots_plays_a_game_where_all_act_at_once():
    info = GAMES["out_of_mine"]
    game = info.new_game(seed=6, players=2, rounds=2)
    play(game, {seat: info.bot("hasty", seat, seed=seat) for seat in range(2)})
    assert game.is_over and len(game.round_results) == 2
    assert isinstance(game, GameState) and game.prompt().startswith("The game is over")
