"""Each app's end text: a score table by source that sums to the final scores, the hidden facts
revealed (Goldmine missions) and why the winner won; during play, where the running score is not
the final one, a note says so. Seeded bot games are finished on the model, then shown in the app."""

from __future__ import annotations

import html
import re

from minegames import GAMES
from minegames.core.driver import play
from minegames.goldmine_rumbles import scoring as GS
from widgets.gem_rush import GemRushApp
from widgets.goldmine_rumbles import GoldmineRumblesApp
from widgets.mineshaft_mayhem import MineshaftMayhemApp
from widgets.off_the_rails import OffTheRailsApp
from widgets.out_of_mine import OutOfMineApp


def finished(game: str, strength: str, players: int | None = None, seed: int = 3, **options):
    info = GAMES[game]
    state = info.new_game(seed=seed, players=players, **options)
    play(state, [info.bot(strength, p, seed + p) for p in range(state.num_players)])
    assert state.is_over
    return state


def table_of(text: str) -> list[list[str]]:
    """The end table's cells, row by row (tags stripped)."""
    table = re.search(r"<table class='mg-end-table'>(.*?)</table>", text).group(1)
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
            for row in re.findall(r"<tr>(.*?)</tr>", table)]


def check_table(text: str, scores: list[int]) -> list[list[str]]:
    rows = table_of(text)
    assert len(rows[0]) == len(scores) + 1 and rows[-1][0] == "final score"
    assert [int(v) for v in rows[-1][1:]] == scores
    for p in range(len(scores)):
        assert sum(int(row[p + 1]) for row in rows[1:-1]) == scores[p]
    return rows


def test_goldmine_end_shows_the_table_and_every_mission():
    state = finished("goldmine_rumbles", "heuristic", 4)
    app = GoldmineRumblesApp(seed=1, players=4, seat=0, live=False)
    app.replace_state(state, "loaded")
    text = app.instruction.value
    rows = check_table(text, state.scores())
    assert [row[0] for row in rows[1:-1]] == list(GS.STEP_LABELS.values())
    assert "Missions and tokens revealed" in text
    for p in range(4):
        wanted, _ = GS.mission_items(state, p)
        assert all(item in text for item in wanted)
    assert "Winner:" in text or "share the win" in text
    assert "Final gold: see the score table" in app.board.players_view.value


def test_goldmine_says_during_play_that_the_track_is_not_the_final_score():
    app = GoldmineRumblesApp(seed=1, players=3, seat=0, live=False)
    assert not app.state.is_over and "mg-end-table" not in app.instruction.value
    assert GS.RUNNING_NOTE.split(":")[0] in app.board.players_view.value


def test_off_the_rails_end_explains_the_ruby_bonus_and_the_tie_break():
    state = finished("off_the_rails", "planner", 3, seed=2)   # a tie on points that the gems break
    app = OffTheRailsApp(state=state, live=False)
    text = app.instruction.value
    check_table(text, state.scores())
    assert "Most rubies (3)" in text and "the tie-break is the most gems" in text


def test_off_the_rails_says_during_play_that_the_ruby_bonus_can_move():
    app = OffTheRailsApp(seed=1, players=2, live=False)
    assert "ruby bonus goes to whoever holds the most rubies at the end" in app.table_view.value


def test_gem_rush_end_shows_points_by_source_and_crisis_the_target():
    state = finished("gem_rush", "greedy", 3, seed=1, mode="rush")
    text = GemRushApp(state=state, live=False).instruction.value
    rows = check_table(text, state.scores())
    assert rows[1][0] == "door points" and "skills" in text
    crisis = finished("gem_rush", "team", 2, seed=2, mode="crisis", target=30)
    app = GemRushApp(players=2, mode="crisis", live=False)
    app.replace_state(crisis, "loaded")
    text = app.instruction.value
    check_table(text, crisis.scores())
    assert f"total is {crisis.team_score}, the target 30" in text


def test_mineshaft_end_shows_each_container_and_the_rank():
    state = finished("mineshaft_mayhem", "strong", seed=4)
    text = MineshaftMayhemApp(state=state).instruction.value
    rows = check_table(text, state.scores())
    assert rows[1][0].startswith("container 1") and state.rank() in text


def test_out_of_mine_end_shows_the_sources_summed_over_the_rounds():
    state = finished("out_of_mine", "good", 3, seed=5)
    app = OutOfMineApp(players=3)
    app.replace_state(state, "loaded")
    text = app.instruction.value
    rows = check_table(text, state.scores())
    # a row per round, each said as its sum beneath, and the rule that zeroes a round in words
    assert rows[1][0] == "round 1" and "round 1: " in text and "more than 10 empty cells scores 0" in text
