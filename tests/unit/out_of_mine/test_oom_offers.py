"""What the supply offers a player (OutOfMine.tile_offers) agrees with what apply accepts."""

from __future__ import annotations

import pytest

from minegames import out_of_mine as oom
from minegames.core import IllegalActionError
from minegames.out_of_mine import ChooseSide, Done, Place


def placing(seed: int = 5, **options) -> oom.OutOfMine:
    game = oom.new_game(seed=seed, **options)
    for p in range(game.num_players):
        game.apply(ChooseSide(p, game.sides_allowed(p)[0]))
    assert game.phase == "placing"
    return game


def rule_of_place(game, player, colour, shape):
    """The rule apply names for laying a (colour, shape) tile anywhere on the gallery, beyond where it
    happens to fit (None: only the tile's shape and the board stand in its way)."""
    tiles = [t for t in range(len(game.kit.tiles)) if (game.kit.tiles[t].colour, game.kit.tiles[t].shape)
             == (colour, shape)]
    tile = next((t for t in tiles if game.tile_owner(t) is None), tiles[0])
    rules = set()
    for k in range(8):
        for row, col in game.gallery(player):
            try:
                game.copy().apply(Place(player, tile, k, row, col))
                return None
            except IllegalActionError as error:
                rules.add(error.rule)
    rules -= {"outside the gallery", "overlap"}
    assert len(rules) <= 1, rules
    return rules.pop() if rules else None


def test_every_kind_of_the_kit_is_listed_with_its_free_count():
    game = placing()
    offers = game.tile_offers(0)
    assert set(offers) == {(c, s) for c, shapes in game.kit.shapes.items() for s in range(len(shapes))}
    for (colour, shape), offer in offers.items():
        assert offer.free == sum(1 for t in game.free_tiles()
                                 if (game.kit.tiles[t].colour, game.kit.tiles[t].shape) == (colour, shape))
        assert offer.name == game.kit.names[colour][shape]
        assert offer.offered == (offer.rule is None) and (offer.reason == "") == offer.offered


def test_offered_kinds_are_those_with_a_legal_place_and_refusals_use_applys_rule():
    game = placing()
    card = game.cards[0]
    offers = game.tile_offers(0)
    legal = {(game.kit.tiles[t].colour, game.kit.tiles[t].shape) for t, *_ in game.placements(0)}
    assert legal <= {key for key, offer in offers.items() if offer.offered}
    for (colour, shape), offer in offers.items():
        on_card = card.limits.get(colour, 0) > 0
        assert offer.listed == on_card
        if not on_card:
            assert offer.rule == "colour not on card" and (colour, shape) not in legal
            # wherever the shape fits the gallery at all, apply refuses it by the same rule
            assert rule_of_place(game, 0, colour, shape) in ("colour not on card", None)
        elif offer.offered:
            assert rule_of_place(game, 0, colour, shape) is None


def test_a_full_colour_is_refused_as_card_limit_and_a_used_up_shape_as_not_in_supply():
    game = placing()
    colour = min(game.cards[0].limits, key=game.cards[0].limits.get)
    for _ in range(game.cards[0].limits[colour]):
        tile, k, row, col = next(s for s in game.placements(0) if game.kit.tiles[s[0]].colour == colour)
        game.apply(Place(0, tile, k, row, col))
    for (c, shape), offer in game.tile_offers(0).items():
        if c == colour:
            assert not offer.offered and offer.rule == "card limit" and "on the board" in offer.reason
            assert offer.listed  # still shown, greyed out
    # another player's card is not touched by P1's tiles
    assert any(o.offered for (c, _), o in game.tile_offers(1).items() if c == colour) or \
        game.cards[1].limits.get(colour, 0) == 0


def test_a_shape_with_no_free_tile_is_refused_as_not_in_supply():
    rectangle = "#####\n#####\n#####\n#####"
    game = oom.position([rectangle, rectangle], [{"white": 4}, {"white": 4}],
                        [[("white I5", 0, 0, 0), ("white I5", 0, 1, 0)], [("white I5", 0, 2, 0)]])
    i5 = next(s for s, name in enumerate(game.kit.names["white"]) if name == "I5")
    offer = game.tile_offers(0)[("white", i5)]
    assert offer.free == 0 and not offer.offered and offer.rule == "tile not in supply"
    assert "no white 5-cell bar is left" in offer.reason


def test_table_rules_list_every_colour_and_never_refuse_for_the_card():
    game = placing(strict_placement=False)
    offers = game.tile_offers(0)
    assert all(o.listed for o in offers.values())
    assert all(o.offered == (o.free > 0) for o in offers.values())


@pytest.mark.parametrize("when, rule", [("sides", "choose sides first"), ("done", "player done"),
                                        ("bad player", "no such player")])
def test_no_tile_is_offered_outside_ones_own_placing(when, rule):
    game = oom.new_game(seed=5) if when == "sides" else placing()
    player = 0
    if when == "done":
        game.apply(Done(0))
    if when == "bad player":
        player = 7
    offers = game.tile_offers(player)
    assert offers and all(not o.offered and not o.listed and o.rule == rule for o in offers.values())


def test_points_words_say_the_ten_empty_cells_rule():
    game = placing()
    points = game.points_if_ended(0)
    assert points["zeroed"]
    assert game.points_words(points) == "more than 10 spaces empty: 0 for the round"
    assert game.points_words({"base": 10, "empty": -3, "caller": 2, "elves": 0, "finds": -1, "total": 8,
                              "zeroed": False}) == "10 base, -3 empty, +2 caller, -1 finds"
    assert game.points_words({"base": 10, "empty": 0, "total": 10, "zeroed": False}, with_base=False) == "0 empty"
