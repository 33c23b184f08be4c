"""Bots play whole games on the model's clock, at their speed; a perfect bot beats a hasty one;
the driver waits for people.  About 10 s."""

import pytest

from minegames.out_of_mine import components as C
from minegames.out_of_mine import solver as S
from minegames.out_of_mine.actions import Call, Place
from minegames.out_of_mine.bots import BotDriver, RandomBot, SolverBot, play_game, play_round
from minegames.out_of_mine.positions import position


@pytest.mark.parametrize("players, options", [
    (2, {}),
    (3, {"flips": False}),
    (4, {"elves": True, "finds": True}),
    (2, {"white_shapes": "all", "time_limit_ms": 6000}),
    (3, {"strict_placement": False, "rounds": 3}),
])
def test_solver_bots_finish_games(players, options):
    skills = ["perfect", "good", "hasty", "perfect"]
    bots = {p: SolverBot(speed_ms_per_tile=1000 + 300 * p, skill=skills[p], seed=p) for p in range(players)}
    game = play_game(players, bots=bots, seed=11, **options)
    assert game.is_over
    assert len(game.round_results) == options.get("rounds", 7)
    assert game.scores() == [sum(r["points"][p]["total"] for r in game.round_results) for p in range(players)]
    for record in game.round_results:
        assert all(not removed for removed in record["removed"]), "a bot placed a tile the check removed"
    if "time_limit_ms" in options:
        assert all(r["clock_ms"] <= 6000 for r in game.round_results)


@pytest.mark.parametrize("seed", range(3))
def test_random_bots_finish_games(seed):
    bots = {p: RandomBot(seed=seed * 10 + p) for p in range(3)}
    game = play_game(3, bots=bots, seed=seed, strict_placement=seed != 1)
    assert game.is_over
    assert len(game.history) > 3 * 7


def solo_round(board, card_id, bot, speed=1000):
    """Player 1 plays alone (player 2 has already stopped); returns the round's record."""
    other = next(b for b in C.BOARDS if b.board != board.board)
    game = position([(board.board, board.side), (other.board, other.side)], [card_id, (card_id + 1) % 40], done=[1])
    play_round(game, {0: bot})
    assert game.round == 2 or game.is_over
    return game.round_results[-1]


def test_a_perfect_bot_never_scores_less_than_a_hasty_one():
    pairs = [(C.BOARDS[(7 * i) % 20], (13 * i + 5) % 40) for i in range(24)]
    perfect_total = hasty_total = 0
    for i, (board, card_id) in enumerate(pairs):
        perfect = solo_round(board, card_id, SolverBot(skill="perfect", seed=i))["points"][0]["total"]
        hasty = solo_round(board, card_id, SolverBot(skill="hasty", seed=i))["points"][0]["total"]
        assert perfect >= hasty
        perfect_total, hasty_total = perfect_total + perfect, hasty_total + hasty
    assert perfect_total > hasty_total


def test_a_bot_places_one_tile_per_step_then_calls():
    board, card_id = next((b, c.id) for b in C.BOARDS for c in C.TREASURE_CARDS if S.can_cover(b, c))
    record = solo_round(board, card_id, SolverBot(speed_ms_per_tile=1500))
    tiles = len(record["placed"][0])
    assert record["reason"] == "call" and record["caller"] == 0
    assert record["clock_ms"] == 1500 * tiles
    assert record["points"][0]["total"] == 12


def test_the_driver_waits_for_a_person_and_runs_live_with_a_timer():
    game = position([(0, "A"), (1, "A")], [0, 1])
    driver = BotDriver({0: SolverBot(speed_ms_per_tile=1000)})
    first = driver.advance(game)  # player 2 is a person: nothing happens yet
    assert first == 1000 and game.clock_ms == 0 and not game.placed[0]
    assert driver.advance(game, until_ms=2500) == 3000
    assert game.clock_ms == 2500 and len(game.placed[0]) == 2
    game.apply(next(a for a in game.legal_actions(1) if isinstance(a, Place)))  # the person places a tile
    driver.advance(game, until_ms=60_000)
    assert game.round == 2 and game.round_results[0]["caller"] == 0


class CountingBot(SolverBot):
    plans = 0

    def plan(self, state, player):
        self.plans += 1
        return super().plan(state, player)


def test_a_bot_replans_when_another_player_takes_its_tile():
    """Both bots plan at time 0 from the same supply; when one finds a planned tile gone it plans again."""
    replanned = 0
    for first_card in range(0, 40, 4):
        game = position([(0, "A"), (1, "A")], [first_card, first_card + 1])
        bots = {p: CountingBot(speed_ms_per_tile=1000) for p in (0, 1)}
        BotDriver(bots).advance(game, one_round=True)
        record = game.round_results[0]
        assert not any(record["removed"])
        placed = [t for tiles in record["placed"] for t, *_ in tiles]
        assert len(placed) == len(set(placed))
        replanned += bots[0].plans + bots[1].plans > 2
    assert replanned


def test_bot_options_are_checked():
    with pytest.raises(ValueError):
        SolverBot(skill="lucky")
    with pytest.raises(ValueError):
        SolverBot(speed_ms_per_tile=0)
    game = position([(0, "A"), (1, "A")], [0, 1])
    assert isinstance(SolverBot().plan(game, 0)[-1][1], Call) == S.can_cover(C.board_side(0, "A"), game.cards[0])
