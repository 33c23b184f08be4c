"""Each rule of a round and of the game, one at a time (runs in about 2 s)."""

import pytest

from minegames import out_of_mine as oom
from minegames.core import SIMULTANEOUS, GameOverError, IllegalActionError

RECTANGLE = "#####\n#####\n#####\n#####"


def choose_sides(game):
    for p in game.players_to_move():
        game.apply(oom.ChooseSide(p, game.sides_allowed(p)[0]))
    return game


def all_done(game, order=None):
    for p in order or range(game.num_players):
        game.apply(oom.Done(p))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_a_board_each_six_to_the_pile_and_the_rest_to_the_box(players):
    game = oom.new_game(seed=players, players=players)
    assert game.phase == "choose_sides" and game.round == 1 and game.current_player == SIMULTANEOUS
    assert len(set(game.board_numbers)) == players and game.pile_size == 6
    assert len(game._box) == 10 - players - 6
    assert sorted(list(game.board_numbers) + game._pile + game._box) == list(range(10))
    assert game.players_to_move() == list(range(players))
    assert game.cards == (None,) * players and game.boards == (None,) * players
    assert len(game.free_tiles()) == 69 and sum(game.supply.values()) == 69


def test_the_seed_fixes_the_deal_and_different_seeds_differ():
    assert oom.new_game(seed=4).board_numbers == oom.new_game(seed=4).board_numbers
    assert len({oom.new_game(seed=s, players=4).board_numbers for s in range(12)}) > 1


def test_sides_are_chosen_in_any_order_and_then_the_cards_turn_up():
    forward = oom.new_game(seed=8, players=3)
    backward = oom.new_game(seed=8, players=3)
    for p in (0, 1, 2):
        forward.apply(oom.ChooseSide(p, "A"))
        assert forward.phase == "choose_sides" or p == 2
    for p in (2, 0, 1):
        backward.apply(oom.ChooseSide(p, "A"))
    assert forward.phase == backward.phase == "placing" and forward.clock_ms == 0
    assert forward.boards == backward.boards and forward.cards == backward.cards
    assert all(card is not None for card in forward.cards)


def test_players_place_in_any_order_and_a_done_player_leaves_the_move_list():
    game = choose_sides(oom.new_game(seed=2, players=3))
    second = game.legal_actions(1)[0]
    game.apply(second).apply(game.legal_actions(0)[0]).apply(oom.Done(2))
    assert game.players_to_move() == [0, 1]
    assert game.legal_actions(2) == [] and game.finished_ms == (None, None, 0)
    assert all(a.player in (0, 1) for a in game.legal_actions() if not isinstance(a, oom.Tick))


def forced_game():
    """A game where, after round 1, some player gets their own board back."""
    for seed in range(60):
        game = all_done(choose_sides(oom.new_game(seed=seed, players=4)))
        before = game.round_results[0]["boards"]
        same = [p for p in range(4) if game.board_numbers[p] == before[p][0]]
        if same:
            return game, same[0], before[same[0]][1]
    raise AssertionError("no seed passes a board back to its player")


def test_a_player_who_gets_their_board_back_must_turn_it_over():
    game, player, old_side = forced_game()
    other = "B" if old_side == "A" else "A"
    assert game.sides_allowed(player) == [other]
    assert game.legal_actions(player) == [oom.ChooseSide(player, other)]
    with pytest.raises(IllegalActionError) as refused:
        game.apply(oom.ChooseSide(player, old_side))
    assert refused.value.rule == "same board"
    free = [p for p in range(4) if p != player and game.board_numbers[p] not in
            [b for b, _ in game.round_results[0]["boards"][p:p + 1]]]
    assert all(len(game.sides_allowed(p)) == 2 for p in free)


FULL = [("white I5", 0, r, 0) for r in range(3)] + [("red I4", 0, 3, 0), ("yellow I1", 0, 3, 4)]
FULL_CARD = {"white": 3, "red": 1, "yellow": 1}


def test_the_callers_board_leaves_and_the_piles_top_board_joins():
    game = oom.position([RECTANGLE, RECTANGLE, RECTANGLE], [{"white": 4}, FULL_CARD, {"white": 4}],
                        [[], FULL], seed=6)
    boards = game.board_numbers
    top = game._pile[-1]
    game.apply(oom.Call(1))
    assert game.round == 2 and game.phase == "choose_sides"
    assert boards[1] not in game.board_numbers and boards[1] in game._box
    assert top in game.board_numbers and game.pile_size == 5
    assert set(game.board_numbers) == {boards[0], boards[2], top}
    assert game.round_results[0]["points"][1]["total"] == 12
    assert all(not tiles for tiles in game.placed) and len(game.free_tiles()) == 69
    assert game.cards == (None, None, None) and len(game._deck.discards) == 3


def test_without_a_caller_the_first_player_done_gives_up_their_board():
    game = choose_sides(oom.new_game(seed=5, players=3))
    boards = game.board_numbers
    all_done(game, order=[2, 0, 1])
    assert game.round_results[0]["caller"] is None and game.round_results[0]["reason"] == "all done"
    assert boards[2] not in game.board_numbers and boards[0] in game.board_numbers


def test_the_random_reading_also_replaces_one_board_each_round():
    game = choose_sides(oom.new_game(seed=5, players=3, no_caller_board="random"))
    boards = set(game.board_numbers)
    all_done(game)
    assert len(boards - set(game.board_numbers)) == 1 and game.pile_size == 5


@pytest.mark.parametrize("rounds", [1, 3, 7])
def test_the_game_ends_after_the_last_round(rounds):
    game = oom.new_game(seed=rounds, players=4, rounds=rounds)
    for number in range(1, rounds + 1):
        assert game.round == number and not game.is_over
        all_done(choose_sides(game))
    assert game.phase == "over" and game.current_player is None and game.pile_size == 0
    assert len(game.round_results) == rounds and game.legal_actions() == [] and game.players_to_move() == []
    with pytest.raises(GameOverError):
        game.apply(oom.Tick(10))
    totals = [sum(r["points"][p]["total"] for r in game.round_results) for p in range(4)]
    assert game.scores() == totals
    assert game.winners() == [p for p in range(4) if totals[p] == max(totals)]


def test_a_tie_is_a_shared_win():
    game = all_done(choose_sides(oom.new_game(seed=1, rounds=1)))
    assert game.scores() == [0, 0] and game.winners() == [0, 1]
    assert "player 1 and player 2 win together" in game.log.text()


def test_strict_placement_keeps_tiles_inside_the_gallery_and_within_the_card():
    game = oom.position(["##\n##", RECTANGLE], [{"yellow": 1, "blue": 1}, {"white": 4}],
                        [[("yellow I1", 0, 0, 0)]], players=2)
    assert not game.is_legal(oom.Place(0, _free(game, "yellow"), 0, 1, 1))  # card limit
    assert not game.is_legal(oom.Place(0, _free(game, "white"), 0, 1, 0))  # colour not on card
    assert game.is_legal(oom.Place(0, _free(game, "blue"), 1, 0, 1))
    assert not game.is_legal(oom.Place(0, _free(game, "blue"), 0, 1, 1))  # over the rock
    assert {type(a).__name__ for a in game.legal_actions(0)} == {"Place", "Remove", "Done"}
    for action in game.legal_actions(0):
        if isinstance(action, oom.Place):
            assert game.kit.tiles[action.tile].colour == "blue"


def _free(game, colour, shape=0):
    return next(t for t in game.free_tiles() if game.kit.tiles[t].colour == colour and game.kit.tiles[t].shape == shape)


def _plain(game, colour, shape=0):
    """A free tile of the shape with no find printed on it."""
    return next(t for t in game.free_tiles() if game.kit.tiles[t].colour == colour
                and game.kit.tiles[t].shape == shape and game.kit.tiles[t].find is None)


def test_table_rules_let_tiles_hang_over_the_rock_and_break_the_card_but_not_overlap():
    game = oom.position(["##\n##", RECTANGLE], [{"yellow": 1}, {"white": 4}], [[("yellow I1", 0, 0, 0)]],
                        strict_placement=False)
    game.apply(oom.Place(0, _free(game, "yellow"), 0, 0, 1))  # a second yellow: over the limit
    game.apply(oom.Place(0, _free(game, "red", 0), 0, 1, 0))  # an I4 hanging far over the rock
    assert game.card_use(0) == {"yellow": 2, "red": 1} and game.is_covered(0)
    assert not game.is_legal(oom.Place(0, _free(game, "blue"), 0, 1, 3))  # overlaps the I4 over the rock
    assert not game.is_legal(oom.Place(0, _free(game, "blue"), 0, 5, 5))  # touches no gallery cell


def test_tiles_are_shared_a_tile_on_one_board_is_missing_from_the_others_choice():
    game = oom.position([RECTANGLE, RECTANGLE], [{"white": 4}, {"white": 4}], [[("white I5", 0, 0, 0)]])
    tile = game.placed[0][0].tile
    assert game.tile_owner(tile) == 0 and tile not in game.free_tiles()
    assert not game.is_legal(oom.Place(1, tile, 0, 0, 0))
    game.apply(oom.Remove(0, tile))
    assert game.tile_owner(tile) is None and game.is_legal(oom.Place(1, tile, 0, 0, 0))


def test_placements_offer_one_tile_per_kind_and_legal_actions_every_tile():
    game = oom.position([RECTANGLE, RECTANGLE], [{"white": 4}, {"white": 4}],
                        [[("white I5", 0, 0, 0), ("white I5", 0, 1, 0)]])
    i5 = [t for t in game.free_tiles() if game.kit.tiles[t].colour == "white" and game.kit.shape_name(t) == "I5"]
    assert len(i5) == 1  # the third I5 carries a find
    planned = {tile for tile, *_ in game.placements(1)}
    kinds = [game.kit.kind(t, with_find=False) for t in planned]
    assert len(kinds) == len(set(kinds))  # placements(): one tile per kind, for bots and solvers
    listed = {a.tile for a in game.legal_actions(1) if isinstance(a, oom.Place)}
    free_white = {t for t in game.free_tiles() if game.kit.tiles[t].colour == "white"}
    assert listed == free_white  # legal_actions(): every interchangeable tile, so is_legal agrees
    with_finds = oom.position([RECTANGLE, RECTANGLE], [{"white": 4}, {"white": 4}], [[]], finds=True)
    planned_finds = {with_finds.kit.kind(t) for t, *_ in with_finds.placements(1)}
    assert len(planned_finds) > len(kinds)
    for action in game.legal_actions():
        assert game.is_legal(action)


def test_call_is_legal_only_on_a_covered_board():
    game = oom.position([RECTANGLE, RECTANGLE], [{"white": 3, "red": 1, "yellow": 1}, {"white": 4}],
                        [[("white I5", 0, r, 0) for r in range(3)] + [("red I4", 0, 3, 0)]])
    assert oom.Call(0) not in game.legal_actions(0) and not game.is_legal(oom.Call(0))
    game.apply(oom.Place(0, _free(game, "yellow"), 0, 3, 4))
    assert oom.Call(0) in game.legal_actions(0)
    game.apply(oom.Tick(12_400)).apply(oom.Call(0))
    assert game.round_results[0]["finished_ms"] == [12_400, 12_400]
    assert "0:12.4 player 1 calls Out of Mine!" in game.log.text()


def test_the_clock_runs_and_the_time_limit_ends_the_round():
    game = choose_sides(oom.new_game(seed=3, time_limit_ms=30_000))
    game.apply(oom.Tick(10_000)).apply(oom.Done(1)).apply(oom.Tick(15_000))
    assert game.clock_ms == 25_000 and game.finished_ms == (None, 10_000)
    game.apply(oom.Tick(9_000))
    result = game.round_results[0]
    assert result["reason"] == "time" and result["clock_ms"] == 30_000 and result["finished_ms"] == [30_000, 10_000]
    assert game.round == 2 and game.clock_ms == 0 and game.phase == "choose_sides"
    assert "0:30.0 time is up" in game.log.text()


def test_every_action_is_logged_with_its_clock_time():
    game = choose_sides(oom.new_game(seed=3))
    place = game.legal_actions(1)[0]
    game.apply(oom.Tick(61_500)).apply(place)
    line = game.log.lines(1, game.log_unit)[0]
    assert line.startswith("round 1: 1:01.5 player 2 places the ") and "tile " not in line
    assert f"row {place.row + 1}, column {place.col + 1}" in line


def test_the_log_names_seats_tiles_turns_and_places_as_a_player_sees_them():
    """Issue 21: "P1 places yellow I1 (tile 0) turned 0 at 0,3" said a seat's code, the shape's
    code, a tile number, a symmetry number and a place counted from 0."""
    game = oom.position([RECTANGLE, RECTANGLE], [{"red": 2, "yellow": 4, "white": 1}, {"white": 4}], [[]])
    bar, single = _plain(game, "red", 0), _plain(game, "yellow")
    game.apply(oom.Tick(3_000)).apply(oom.Place(0, bar, 3, 0, 0))  # three quarters lays a bar as one quarter
    game.apply(oom.Place(0, single, 0, 0, 3)).apply(oom.Remove(0, single)).apply(oom.Done(1))
    lines = game.log.lines(4, game.log_unit)
    assert lines == [
        "round 1: 0:03.0 player 1 places the red 4-cell bar, turned a quarter turn clockwise, "
        "with its top-left square on row 1, column 1",
        "round 1: 0:03.0 player 1 places the yellow 1-cell square on row 1, column 4",
        "round 1: 0:03.0 player 1 takes the yellow 1-cell square back off row 1, column 4",
        "round 1: 0:03.0 player 2 is done placing for this round",
    ]
    assert game.action_words(oom.Place(0, _plain(game, "red", 4), 5, 1, 1)) == (
        "player 1 places the red 4-cell L-shape, turned over and turned a quarter turn clockwise, "
        "with its top-left square on row 2, column 2")
    assert game.action_words(oom.Place(0, _plain(game, "red", 4), 2, 1, 1)).count("turned a half turn") == 1
    with_gold = next(t for t in game.free_tiles() if game.kit.tiles[t].find is not None)
    assert f"the {game.kit.tile_words(with_gold)}" in game.action_words(oom.Place(0, with_gold, 0, 0, 0))
    find = game.kit.tiles[with_gold].find[1]
    expected = {"gold": "a gold nugget", "silver": "a silver nugget", "woodworm": "a woodworm", "rat": "a rat"}[find]
    assert game.kit.tile_words(with_gold).endswith(f" showing {expected}")  # the find it shows, plainly


def test_refusals_name_tiles_and_spaces_in_words():
    game = oom.position([RECTANGLE, RECTANGLE], [{"red": 2, "yellow": 4, "white": 1}, {"white": 4}], [[]])
    with pytest.raises(IllegalActionError) as refused:
        game.apply(oom.Place(0, _plain(game, "red", 0), 0, 3, 3))
    assert refused.value.rule == "outside the gallery"
    assert "the red 4-cell bar would reach over the rock at row 4, column 6; row 4, column 7" in str(refused.value)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(oom.Call(0))
    assert "20 spaces still empty" in str(refused.value) and "P1" not in str(refused.value)


def test_the_round_and_game_results_are_logged_in_words():
    game = oom.new_game(seed=3, rounds=1)
    choose_sides(game)
    assert "The treasure cards turn up: player 1 may lay " in game.log.text()
    all_done(game)
    text = game.log.text(game.log_unit)
    assert "the round is scored: " in text and " points for player 2" in text
    assert "game over: player " in text and "[" not in text and "P1" not in text and "board 0" not in text


def test_actions_can_be_given_as_text():
    game = oom.new_game(seed=3)
    game.apply("P2 chooses side B").apply("P1 chooses side A")
    assert [b.side for b in game.boards] == ["A", "B"]
    game.apply("clock +1000 ms").apply("P1 is done")
    assert game.finished_ms == (1000, None)
