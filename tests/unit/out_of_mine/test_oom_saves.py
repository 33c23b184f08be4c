"""Reproducibility, save/load round trips, undo, the public view, options and the drawing."""

import json
import random

import pytest

from minegames import out_of_mine as oom
from minegames.core import IllegalActionError, OptionError, SaveFormatError

RECTANGLE = "#####\n#####\n#####\n#####"


def step(game, chooser):
    """One random legal action, calling whenever someone can."""
    actions = game.legal_actions()
    calls = [a for a in actions if isinstance(a, oom.Call)]
    places = [a for a in actions if isinstance(a, oom.Place)]
    if calls and chooser.random() < 0.5:
        return calls[0]
    if places and chooser.random() < 0.85:
        return chooser.choice(places)
    return chooser.choice(actions)


def play(game, chooser_seed):
    chooser = random.Random(chooser_seed)
    while not game.is_over:
        game.apply(step(game, chooser))
    return game


@pytest.mark.parametrize("seed, options", [(0, {}), (1, {"strict_placement": False, "elves": True, "finds": True,
                                                          "players": 3, "rounds": 3})])
def test_save_and_load_along_a_whole_game(seed, options):
    game = oom.new_game(seed=seed, **options)
    chooser = random.Random(seed)
    count = 0
    while not game.is_over:
        if count % 7 == 0:
            loaded = oom.load(game.to_json())
            assert loaded == game and loaded.history == game.history
        action = step(game, chooser)
        game.apply(action)
        if count % 7 == 0:
            loaded.apply(action)
            assert loaded.to_json() == game.to_json()
        count += 1
    assert oom.load(game.to_json()).scores() == game.scores()


def test_the_end_of_a_round_stands_once_the_next_cards_are_dealt():
    game = oom.position([RECTANGLE, RECTANGLE], [{"white": 3, "red": 1, "yellow": 1}, {"white": 4}],
                        [[("white I5", 0, r, 0) for r in range(3)] + [("red I4", 0, 3, 0), ("yellow I1", 0, 3, 4)]])
    game.apply(oom.Call(0))
    assert game.round == 2 and game.drew_on_chance()
    after = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.undo()
    assert refused.value.rule == "undo" and "cards dealt" in refused.value.message
    assert game.to_json() == after


def test_a_hand_made_position_saves_its_own_components():
    board = oom.board_from_art("###\n#.#", elves=[((0, 0), "N", "blue")])
    game = oom.position([board, RECTANGLE], [oom.card({"blue": 2}, {"rat": -1}), {"white": 4}], [[("blue I2", 0, 0, 0)]])
    game.apply(oom.Tick(500))
    loaded = oom.load(game.to_json())
    assert loaded == game
    assert loaded.boards[0].cells == board.cells and loaded.boards[0].elves == board.elves
    assert dict(loaded.cards[0].limits) == {"blue": 2}


def test_a_tampered_save_is_refused():
    game = oom.new_game(seed=3)
    game.apply(oom.ChooseSide(0, "A"))
    data = json.loads(game.to_json())
    data["actions"][0]["side"] = "Z"
    with pytest.raises(SaveFormatError):
        oom.load(json.dumps(data))
    data = json.loads(game.to_json())
    data["start"]["game"]["pile"] = data["start"]["game"]["pile"][:-1]
    with pytest.raises(SaveFormatError):
        oom.load(json.dumps(data))


def test_the_view_hides_the_piles_order_and_the_generator():
    game = oom.new_game(seed=3, players=3)
    view = game.view(0)
    assert view["pile_size"] == 6 and view["deck_size"] == 40
    text = json.dumps(view)
    assert "pile\"" not in text and "deck\"" not in text and "rng" not in text and "box" not in text
    assert view["cards"] == [None, None, None]
    assert oom.new_game(seed=4, players=3).view(0).keys() == view.keys()


@pytest.mark.parametrize("options, name", [
    ({"players": 1}, "players"), ({"players": 5}, "players"), ({"rounds": 0}, "rounds"),
    ({"players": 4, "rounds": 8}, "rounds"), ({"flips": "yes"}, "flips"), ({"white_shapes": "some"}, "white_shapes"),
    ({"time_limit_ms": 0}, "time_limit_ms"), ({"no_caller_board": "keep"}, "no_caller_board"),
    ({"colour_blind": True}, "colour_blind"),
])
def test_bad_options_are_refused_by_name(options, name):
    with pytest.raises(OptionError) as refused:
        oom.new_game(seed=1, **options)
    assert refused.value.option == name


def test_all_twelve_white_shapes_can_be_played():
    game = oom.new_game(seed=2, white_shapes="all")
    assert len(game.kit.shapes["white"]) == 12 and len(game.free_tiles()) == 69
    assert oom.load(game.to_json()).kit is game.kit


def test_the_drawing_shows_boards_tiles_elves_finds_cards_and_scores():
    board = oom.board_from_art(RECTANGLE, elves=[((0, 0), "N", "blue")])
    game = oom.position([board, RECTANGLE], [oom.card({"white": 3, "blue": 2}, {"gold": 2}), {"white": 4}],
                        [[("white I5 silver", 0, 0, 0), ("blue I2", 0, 1, 0)]], finds=True, elves=True)
    picture = game._repr_svg_()
    assert picture.startswith("<svg") and picture.endswith("</svg>")
    assert "blue elf" in picture and "<title>white 5-cell bar showing a silver nugget" in picture and "(tile" not in picture
    assert "white: 1/3" in picture and "blue: 1/2" in picture and "finds: gold +2" in picture
    assert "0:00.0" in picture and "Player 2 · board " in picture and "Scores" in picture
    choosing = oom.new_game(seed=1)
    assert "side not chosen" in choosing._repr_svg_() and "face down" in choosing._repr_svg_()
