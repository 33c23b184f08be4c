"""Every illegal action names the rule it breaks and leaves the game exactly as it was."""

import pytest

from minegames import out_of_mine as oom
from minegames.core import IllegalActionError
from minegames.core.polyomino import transform

RECTANGLE = "#####\n#####\n#####\n#####"
SMALL = "##\n##"


def choosing():
    return oom.new_game(seed=2, players=2)


def strict(**options):
    return oom.position([SMALL, RECTANGLE], [{"yellow": 1, "blue": 1}, {"white": 4}],
                        [[("yellow I1", 0, 0, 0)], [("white I5", 0, 0, 0)]], **options)


def table():
    return oom.position([SMALL, RECTANGLE], [{"yellow": 1}, {"white": 4}], [[("yellow I1", 0, 0, 0)]],
                        strict_placement=False)


def done_player():
    return oom.position([SMALL, RECTANGLE], [{"yellow": 4}, {"white": 4}], [[]], done=[0])


def over():
    game = oom.new_game(seed=1, rounds=1)
    for p in range(2):
        game.apply(oom.ChooseSide(p, "A"))
    return game.apply(oom.Done(0)).apply(oom.Done(1))


#: the turn of the L-tromino that fills a 2x2 board's three cells left free by (0, 0)
FITS_L3 = next(k for k in range(8) if transform({(0, 0), (1, 0), (1, 1)}, k) == {(0, 1), (1, 0), (1, 1)})


def tile_of(game, colour, shape=0, owner=None):
    return next(t for t in range(69) if game.kit.tiles[t].colour == colour and game.kit.tiles[t].shape == shape
                and game.tile_owner(t) == owner)


CASES = [
    (choosing, lambda g: oom.ChooseSide(0, "C"), "no such side"),
    (choosing, lambda g: oom.ChooseSide(5, "A"), "no such player"),
    (choosing, lambda g: oom.Place(0, 0, 0, 0, 0), "choose sides first"),
    (choosing, lambda g: oom.Call(0), "choose sides first"),
    (choosing, lambda g: oom.Done(1), "choose sides first"),
    (choosing, lambda g: oom.Tick(100), "not placing"),
    (lambda: choosing().apply(oom.ChooseSide(0, "A")), lambda g: oom.ChooseSide(0, "B"), "side already chosen"),
    (strict, lambda g: oom.ChooseSide(0, "A"), "sides chosen"),
    (strict, lambda g: oom.Tick(0), "tick"),
    (strict, lambda g: oom.Tick(-5), "tick"),
    (strict, lambda g: oom.Place(0, 999, 0, 0, 0), "no such tile"),
    (strict, lambda g: oom.Place(0, tile_of(g, "white", owner=1), 0, 1, 0), "tile not in supply"),
    (strict, lambda g: oom.Place(0, tile_of(g, "yellow", owner=0), 0, 1, 0), "tile not in supply"),
    (strict, lambda g: oom.Place(0, tile_of(g, "blue"), 8, 0, 1), "orientation"),
    (lambda: strict(flips=False), lambda g: oom.Place(0, tile_of(g, "blue"), 5, 0, 1), "orientation"),
    (strict, lambda g: oom.Place(0, tile_of(g, "blue"), 0, 1, 1), "outside the gallery"),
    (strict, lambda g: oom.Place(0, tile_of(g, "blue"), 0, 0, 0), "overlap"),
    (strict, lambda g: oom.Place(0, tile_of(g, "yellow"), 0, 1, 1), "card limit"),
    (strict, lambda g: oom.Place(0, tile_of(g, "green", shape=1), FITS_L3, 0, 0), "colour not on card"),
    (strict, lambda g: oom.Remove(0, tile_of(g, "white", owner=1)), "not your tile"),
    (strict, lambda g: oom.Remove(0, tile_of(g, "blue")), "not your tile"),
    (strict, lambda g: oom.Call(0), "not covered"),
    (table, lambda g: oom.Place(0, tile_of(g, "blue"), 0, 0, 0), "overlap"),
    (table, lambda g: oom.Place(0, tile_of(g, "blue"), 0, 4, 4), "off the board"),
    (done_player, lambda g: oom.Place(0, tile_of(g, "yellow"), 0, 0, 0), "player done"),
    (done_player, lambda g: oom.Done(0), "player done"),
    (done_player, lambda g: oom.Call(0), "player done"),
]


@pytest.mark.parametrize("make, action, rule", CASES, ids=[f"{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_an_illegal_action_names_its_rule_and_changes_nothing(make, action, rule):
    game = make()
    move = action(game)
    before = game.to_json()
    assert not game.is_legal(move)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(move)
    assert refused.value.rule == rule
    assert game.to_json() == before
    assert move not in game.legal_actions()


def test_malformed_actions_cannot_be_made():
    with pytest.raises(TypeError):
        oom.Place(0, "7", 0, 0, 0)
    with pytest.raises(TypeError):
        oom.Tick(True)
    with pytest.raises(TypeError):
        oom.ChooseSide(0, 1)
