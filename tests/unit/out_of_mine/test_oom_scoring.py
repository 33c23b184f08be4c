"""The rulebook's scoring examples on hand-made boards, and the scoring formula itself."""

import pytest

from minegames import out_of_mine as oom
from minegames.core import IllegalActionError
from minegames.out_of_mine import scoring
from minegames.out_of_mine.components import Elf

RECTANGLE = "#####\n#####\n#####\n#####"  # 4 rows x 5 columns = 20 gallery cells
VERTICAL = 1  # a quarter turn: I-shapes stand upright


def last_points(game, player):
    return game.round_results[-1]["points"][player]


def tims_round():
    """Tim (P1) under table rules: full board, but one green too many (placed last) and a
    blue hanging over the rock off the right edge."""
    tim = [("red I4", 0, 0, 0), ("red I4", 0, 1, 0), ("green I3", VERTICAL, 0, 4), ("green I3", 0, 2, 0),
           ("blue I2", VERTICAL, 2, 3), ("blue I2", 0, 3, 4), ("green I3", 0, 3, 0)]
    other = [("white I5", 0, 0, 0)]
    return oom.position([RECTANGLE, RECTANGLE], [{"red": 2, "green": 2, "blue": 3}, {"white": 4}],
                        [tim, other], strict_placement=False)


def test_tims_early_call_scores_10_minus_4_minus_2():
    game = tims_round()
    assert game.is_covered(0) and game.card_use(0) == {"red": 2, "green": 3, "blue": 2}
    game.apply(oom.Call(0))
    result = game.round_results[-1]
    assert result["caller"] == 0 and result["reason"] == "call"
    removed = dict((tile, why) for tile, why in result["removed"][0])
    assert list(removed.values()) == [scoring.OVER_ROCK, scoring.OVER_LIMIT]
    assert last_points(game, 0) == {"base": 10, "empty": -4, "caller": -2, "elves": 0, "finds": 0,
                                    "total": 4, "zeroed": False}
    assert last_points(game, 1)["total"] == 0  # 15 empty cells
    assert game.scores() == [4, 0]


def test_the_green_removed_is_the_one_placed_last():
    game = tims_round()
    greens = [t.tile for t in game.placed[0] if game.kit.tiles[t.tile].colour == "green"]
    game.apply(oom.Call(0))
    removed = [tile for tile, _ in game.round_results[-1]["removed"][0]]
    assert greens[-1] in removed and not set(greens[:-1]) & set(removed)


def test_a_correct_call_earns_the_bonus():
    full = [("white I5", 0, r, 0) for r in range(3)] + [("red I4", 0, 3, 0), ("yellow I1", 0, 3, 4)]
    game = oom.position([RECTANGLE, RECTANGLE], [{"white": 3, "red": 1, "yellow": 1}, {"white": 4}], [full, []])
    game.apply(oom.Call(0))
    assert last_points(game, 0)["total"] == 12
    assert last_points(game, 1) == {"base": 10, "empty": -20, "caller": 0, "elves": 0, "finds": 0,
                                    "total": 0, "zeroed": True}


def carls_board():
    elves = [((2, 0), "W", "blue"), ((0, 0), "N", "white"), ((1, 4), "E", "green"), ((3, 4), "S", "yellow")]
    return oom.board_from_art(RECTANGLE, elves=elves)


def carls_round(elves=True):
    carl = [("white I5", 0, 0, 0), ("white I5", 0, 1, 0), ("blue I2", 0, 2, 0), ("blue I2", 0, 2, 2),
            ("blue I2", 0, 3, 0)]
    return oom.position([carls_board(), RECTANGLE], [{"white": 2, "blue": 3, "red": 1}, {"yellow": 20}],
                        [carl, [("yellow I1", 0, 0, 0)]], elves=elves)


def test_carls_elves_score_10_minus_4_plus_1_plus_1():
    game = carls_round()
    assert len(game.empty_cells(0)) == 4
    game.apply(oom.Done(0)).apply(oom.Done(1))
    assert game.round_results[-1]["reason"] == "all done"
    assert last_points(game, 0) == {"base": 10, "empty": -4, "caller": 0, "elves": 2, "finds": 0,
                                    "total": 8, "zeroed": False}


def test_elves_count_only_in_the_variant():
    game = carls_round(elves=False)
    game.apply(oom.Done(0)).apply(oom.Done(1))
    assert last_points(game, 0)["total"] == 6


def test_an_elf_scores_only_for_its_colour_on_the_card():
    yellow_elf = [Elf((0, 0), "N", "yellow")]
    assert scoring.elf_points(yellow_elf, {(0, 0): "yellow"}, {"yellow": 1}) == 1
    assert scoring.elf_points(yellow_elf, {(0, 0): "yellow"}, {"white": 4}) == 0
    assert scoring.elf_points(yellow_elf, {(0, 0): "white"}, {"yellow": 1, "white": 4}) == 0
    assert scoring.elf_points(yellow_elf, {}, {"yellow": 1}) == 0


def finds_round(finds=True):
    card = oom.card({"red": 2, "blue": 2, "green": 1, "yellow": 1}, {"gold": 2, "woodworm": -1})
    tiles = [("red I4 gold", 0, 0, 0), ("red O4 gold", 0, 1, 0), ("blue I2 woodworm", 0, 3, 0),
             ("yellow I1 silver", 0, 0, 4), ("blue I2", 0, 1, 2), ("green I3", 0, 2, 2)]
    return oom.position([RECTANGLE, RECTANGLE], [card, {"white": 4}], [tiles, []], finds=finds)


def test_finds_example_scores_10_minus_4_minus_1_plus_2_plus_2():
    game = finds_round()
    assert len(game.empty_cells(0)) == 4
    game.apply(oom.Done(0)).apply(oom.Done(1))
    points = last_points(game, 0)
    assert points["finds"] == 3 and points["total"] == 9  # the silver find is not on the card: 0


def test_finds_count_only_in_the_variant():
    game = finds_round(finds=False)
    game.apply(oom.Done(0)).apply(oom.Done(1))
    assert last_points(game, 0)["total"] == 6


@pytest.mark.parametrize("empty, total", [(10, 0), (11, 0), (20, 0)])
def test_more_than_ten_empty_cells_scores_nothing_at_all(empty, total):
    points = scoring.round_points(empty, caller=True, caller_correct=True, elves=3, finds=4)
    assert points["total"] == (0 if empty > 10 else 10 - empty + 2 + 3 + 4)
    assert points["zeroed"] == (empty > 10)


def test_round_scores_may_go_below_zero_unless_the_option_says_otherwise():
    assert scoring.round_points(10, finds=-3)["total"] == -3
    assert scoring.round_points(9, caller=True, caller_correct=False)["total"] == -1
    assert scoring.round_points(10, finds=-3, negative_rounds=False)["total"] == 0


def test_the_check_removes_rock_then_off_card_colours_then_the_latest_tiles_over_a_limit():
    gallery = frozenset((0, c) for c in range(10))
    placed = [(1, "red", frozenset({(0, 0)})), (2, "red", frozenset({(0, 1)})), (3, "blue", frozenset({(0, 2)})),
              (4, "red", frozenset({(0, 3)})), (5, "red", frozenset({(0, 9), (0, 10)})),
              (6, "red", frozenset({(0, 4)}))]
    removed = scoring.wrongly_placed(gallery, placed, {"red": 2})
    assert removed == [(5, scoring.OVER_ROCK), (3, scoring.NOT_ON_CARD),
                       (6, scoring.OVER_LIMIT), (4, scoring.OVER_LIMIT)]


def test_the_check_leaves_a_correct_board_alone():
    gallery = frozenset((0, c) for c in range(4))
    placed = [(1, "red", frozenset({(0, 0), (0, 1)})), (2, "blue", frozenset({(0, 2)}))]
    assert scoring.wrongly_placed(gallery, placed, {"red": 1, "blue": 1}) == []


@pytest.mark.parametrize("make", [tims_round, carls_round, finds_round])
def test_points_if_ended_now_are_the_points_the_round_then_gives(make):
    """The provisional score a player watches (score line of the app) runs the check and the
    variants exactly as the end of the round does, and changes nothing."""
    game = make()
    before = game.to_json()
    provisional = game.points_if_ended(0)
    assert game.to_json() == before
    game.apply(oom.Done(0)).apply(oom.Done(1))
    assert provisional == last_points(game, 0)


def test_points_if_ended_do_not_count_tiles_the_check_will_take_off():
    game = tims_round()  # a full board, but a blue over the rock and one green too many
    assert not game.empty_cells(0)
    assert game.points_if_ended(0)["empty"] == -4
    game.apply(oom.Done(0)).apply(oom.Done(1))
    assert game.phase == "choose_sides"
    with pytest.raises(IllegalActionError, match="provisional"):
        game.points_if_ended(0)
