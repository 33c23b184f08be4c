"""Off the Rails: a hand-made position with a capped tile supply takes its tiles out of the supply,
and the cart bonus after a derailment under both readings (a cart put out again is a fresh cart,
the default; or the bonus is lost for good, option ``bonus_lost_for_good``)."""

from __future__ import annotations

import json

import pytest

from minegames.core import OptionError
from minegames.off_the_rails import load, new_game, position, scoring
from minegames.off_the_rails.actions import DrawCard, Drive, EndActions, PlaceCart, Upgrade
from minegames.off_the_rails.components import TILE_LIMITS


# ---- limited tiles ---------------------------------------------------------------------------------
def test_a_position_with_limited_tiles_takes_its_laid_tiles_out_of_the_supply():
    game = position(tracks={(3, 1): "NS", (3, 2): "NS", (4, 4): "NE", (6, 6): "NES"}, limited_tiles=True)
    assert game.tiles == {"straight": 28, "corner": 29, "T": 19, "cross": 10}
    assert game.problems() == []
    game.apply(Upgrade(0, 3, 1, 1))            # the straight goes back, a T comes out
    assert game.tiles == {"straight": 29, "corner": 29, "T": 18, "cross": 10}
    assert all(game.tiles[shape] <= TILE_LIMITS[shape] for shape in TILE_LIMITS)
    assert game.problems() == []


def test_a_position_laying_more_of_a_tile_than_the_box_holds_is_refused():
    crosses = {(x, 1): "NESW" for x in range(1, 12)}          # 11 crosses; the box holds 10
    with pytest.raises(OptionError) as refused:
        position(tracks=crosses, limited_tiles=True)
    assert refused.value.rule == "option 'tracks'" and "10 cross" in refused.value.message
    assert len(position(tracks=crosses).tracks) == 11           # an endless supply has no cap


def test_a_supply_above_the_box_count_is_a_problem():
    game = position(tracks={(3, 1): "NS"}, limited_tiles=True)
    game.tiles["straight"] += 1
    assert [rule for rule, _ in game.problems()] == ["tiles"]


# ---- the cart bonus after a derailment --------------------------------------------------------------
def derail_then_put_out_again(**options):
    """Red's cart derails on turn 1; on turn 3 red puts it out again at (3, 0) and it runs
    (3, 1) -> (4, 1) -> out at (4, 0), a delivery."""
    game = position(tracks={(6, 1): "NS", (6, 2): "NS", (3, 1): "NE", (4, 1): "NW"}, gems={},
                    carts=[{"at": (6, 1), "came_from": "N", "speed": 3}], **options)
    game.apply(EndActions(0))
    game.apply(Drive(0, 0))
    red = game.carts[game.cart_index(0, 0)]
    assert red["where"] == "supply" and red["derailed"]
    assert scoring.breakdown(game, 0)["carts"] == 0
    game.apply(DrawCard(0))
    game.apply(EndActions(1))
    game.apply(DrawCard(1))
    game.apply(PlaceCart(0, 0, 0))
    return game


def test_by_default_a_cart_put_out_again_is_a_fresh_cart_and_earns_its_bonus():
    game = derail_then_put_out_again()
    red = game.carts[game.cart_index(0, 0)]
    assert not red["derailed"] and scoring.breakdown(game, 0)["carts"] == 3
    game.apply(EndActions(0))
    game.apply(Drive(0, 0))
    assert game.deliveries and scoring.breakdown(game, 0)["carts"] == 3


def test_with_bonus_lost_for_good_a_derailed_cart_never_earns_it_again():
    game = derail_then_put_out_again(bonus_lost_for_good=True)
    red = game.carts[game.cart_index(0, 0)]
    assert red["derailed"] and red["where"] == "board"
    game.apply(EndActions(0))
    game.apply(Drive(0, 0))
    assert game.deliveries and scoring.breakdown(game, 0)["carts"] == 0
    assert scoring.bonus_if_put_out(game, game.cart_index(0, 0)) is False


def test_a_derailed_cart_left_in_the_supply_earns_nothing_under_either_reading():
    for lost in (False, True):
        game = position(tracks={(6, 1): "NS"}, gems={}, carts=[{"at": (6, 1), "came_from": "N", "speed": 3}],
                        bonus_lost_for_good=lost)
        game.apply(EndActions(0))
        game.apply(Drive(0, 0))
        assert scoring.breakdown(game, 0)["carts"] == 0
        assert scoring.bonus_if_put_out(game, game.cart_index(0, 0)) is not lost


def test_the_option_is_checked_like_the_others():
    with pytest.raises(OptionError) as refused:
        new_game(seed=1, bonus_lost_for_good="yes")
    assert refused.value.rule == "option 'bonus_lost_for_good'"


def test_a_save_from_before_the_option_loads_under_the_rule_it_was_played_with():
    game = derail_then_put_out_again(bonus_lost_for_good=True)
    data = json.loads(game.to_json())
    for block in (data, data["start"], data["position"]):
        del block["options"]["bonus_lost_for_good"]
    loaded = load(json.dumps(data))
    assert loaded.options.bonus_lost_for_good is True
    assert loaded.carts == game.carts and loaded.scores() == game.scores()
    fresh = derail_then_put_out_again()
    assert load(fresh.to_json()).options.bonus_lost_for_good is False
