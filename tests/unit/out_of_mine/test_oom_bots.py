"""Bots play whole games on the model's clock, at their speed; a perfect bot beats a hasty one;
the driver waits for people.  About 10 s."""

import pytest

from minegames.out_of_mine import components as C
from minegames.out_of_mine import solver as S
from minegames.out_of_mine.actions import Call, Place
from minegames.core import play
from minegames.out_of_mine import new_game
from minegames.out_of_mine.bots import BotDriver, RandomBot, SolverBot, play_round
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
    game = play(new_game(seed=11, players=players, **options), bots)
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
    game = play(new_game(seed=seed, players=3, strict_placement=seed != 1), bots)
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


# ---- the review's checks: solver and model agree, the race, saves, speed ----------------

OPTION_SETS = [dict(flips=f, white_shapes=w, elves=e, finds=d)
               for f in (True, False) for w in ("default", "all") for e in (False, True) for d in (False, True)]


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "-".join(f"{k}={v}" for k, v in o.items()))
def test_every_planned_action_is_legal_and_the_claimed_score_is_the_models(options):
    """Each bot plans alone on a copy of a dealt round: the model must accept every planned
    action, and the solver's round score of the plan must be what the model then scores."""
    from copy import deepcopy

    from minegames import out_of_mine as oom

    for seed in range(2):
        game = oom.new_game(seed=seed, players=3, **options)
        bots = {p: SolverBot(1000, ("perfect", "good", "hasty")[p], seed=seed + p) for p in range(3)}
        for p in range(3):
            game.apply(bots[p].choose_side(game, p))
        for p in range(3):
            twin, alone = deepcopy(bots[p]), game.copy()
            for _, action in bots[p].plan(alone, p):
                assert alone.is_legal(action), (options, seed, p, str(action))
                alone.apply(action)
            while alone.round == game.round:  # a plan that ends with Done leaves the others placing
                alone.apply(oom.Done(alone.players_to_move()[0]))
            points = alone.round_results[-1]["points"][p]
            _, placements, full = twin._decide(game.copy(), p)
            claimed = S.round_score(game.boards[p], game.cards[p], placements, options["elves"], options["finds"],
                                    tiles=game.kit.tiles)
            assert claimed == points["total"] - points["caller"]
            assert (points["caller"] == 2) == full


def test_a_bot_lays_its_biggest_tiles_first():
    """Every tile costs a bot the same time, so if someone calls early, big tiles first leave
    fewer empty cells."""
    for card_id in range(0, 40, 3):
        game = position([(card_id % 10, "A"), ((card_id + 1) % 10, "B")], [card_id, (card_id + 1) % 40])
        for skill in ("perfect", "good", "hasty"):
            sizes = [len(game.kit.shape(a.tile)) for _, a in SolverBot(skill=skill, seed=card_id).plan(game, 0)
                     if isinstance(a, Place)]
            assert sizes and sizes == sorted(sizes, reverse=True)


def test_faster_bots_call_first_more_often():
    bots = {0: SolverBot(2400, seed=0), 1: SolverBot(800, seed=1), 2: SolverBot(1600, seed=2)}
    game = play(new_game(seed=4, players=3), bots)
    callers = [r["caller"] for r in game.round_results]
    assert callers.count(1) > callers.count(2) >= callers.count(0)
    assert game.scores()[1] == max(game.scores())


def test_a_time_limit_stops_the_bots_rounds():
    bots = {p: SolverBot(2500 + 1000 * p, seed=p) for p in range(4)}
    game = play(new_game(seed=2, players=4, time_limit_ms=12_000), bots)
    assert game.is_over
    assert all(r["reason"] == "time" and r["clock_ms"] == 12_000 for r in game.round_results)
    # at 2.5 s a tile the fastest bot lays 4 tiles, its biggest first: more than 10 cells
    assert all(r["points"][0]["total"] > 0 for r in game.round_results)


def test_a_save_taken_mid_round_loads_and_plays_on_identically():
    from minegames import out_of_mine as oom

    def bots(seed):
        return {0: SolverBot(900, "perfect", seed=seed), 1: SolverBot(1300, "hasty", seed=seed + 1),
                2: RandomBot(700, seed=seed + 2)}

    for seed, options in enumerate([dict(elves=True, finds=True), dict(strict_placement=False, time_limit_ms=12_000)]):
        game = oom.new_game(seed=seed, players=3, **options)
        driver = BotDriver(bots(seed))
        while game.round < 3:
            driver.advance(game, one_round=True)
        driver.advance(game, until_ms=4300)
        assert game.phase == "placing" and any(game.placed)
        loaded = oom.load(game.to_json())
        assert loaded == game
        BotDriver(bots(seed + 10)).advance(game)
        BotDriver(bots(seed + 10)).advance(loaded)
        assert game.is_over and loaded.to_json() == game.to_json()


def test_the_slow_best_score_search_runs_only_when_it_could_win(monkeypatch):
    """Under the advanced rules a perfect bot weighs a full board (+2 for the call) against the
    best-scoring partial one; that second search is skipped when a ceiling on any score shows it
    cannot win, and the choice is the same as searching always."""
    import minegames.out_of_mine.bots as B

    searches = []

    def counted(*args, **kwargs):
        searches.append(kwargs.get("objective"))
        return S.best_cover(*args, **kwargs)

    monkeypatch.setattr(B, "best_cover", counted)
    skipped = 0
    for board, card_id in [(C.board_side(9, "B"), 0), (C.board_side(7, "A"), 0), (C.board_side(9, "B"), 14),
                           (C.board_side(4, "A"), 10), (C.board_side(0, "A"), 14), (C.board_side(2, "B"), 5)]:
        other = (0, "A") if board.board else (1, "A")
        game = position([(board.board, board.side), other], [card_id, (card_id + 1) % 40], elves=True, finds=True)
        searches.clear()
        _, chosen, full = SolverBot(seed=0)._decide(game, 0)
        skipped += "score" not in searches
        card, tiles = game.cards[0], game.kit.tiles
        perfect = S.best_cover(board, card, objective="cells", elves=True, finds=True)
        scored = S.best_cover(board, card, objective="score", elves=True, finds=True)
        perfect_full = sum(len(p.cells) for p in perfect) == len(board.cells)
        best = max(S.round_score(board, card, perfect, True, True, tiles) + 2 * perfect_full,
                   S.round_score(board, card, scored, True, True, tiles))
        assert S.round_score(board, card, chosen, True, True, tiles) + 2 * full == best
        assert S.round_score(board, card, scored, True, True, tiles) <= B.score_ceiling(
            board, card, list(tiles), True, True)
    assert skipped >= 2


def test_bots_share_the_boxed_sets_side_counts(monkeypatch):
    import minegames.out_of_mine.bots as B

    game = new_game(seed=3)
    SolverBot(seed=0).choose_side(game, 0)
    calls = []
    monkeypatch.setattr(B, "can_cover", lambda *a, **k: calls.append(1) or True)
    SolverBot(seed=1).choose_side(game, 0)  # a new bot, the same board: no new search
    assert calls == []
