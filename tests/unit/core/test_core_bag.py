"""Bag: a seeded multiset draw, as the tin of gems."""

from collections import Counter

import pytest

from minegames.core import Bag, IllegalActionError, SaveFormatError, make_rng


def test_counts_len_and_kinds_keep_the_given_order():
    bag = Bag({"ruby": 2, "diamond": 0, "amethyst": 3})
    assert len(bag) == 5
    assert bag.kinds() == ["ruby", "amethyst"]
    assert list(bag.counts()) == ["ruby", "diamond", "amethyst"]
    assert "ruby" in bag and "diamond" not in bag and "opal" not in bag


def test_negative_count_is_refused():
    with pytest.raises(ValueError):
        Bag({"ruby": -1})


def test_draw_takes_one_piece_and_is_reproducible_by_seed():
    first, second = Bag({"a": 3, "b": 5}), Bag({"a": 3, "b": 5})
    rng_1, rng_2 = make_rng(11), make_rng(11)
    draws_1 = [first.draw(rng_1) for _ in range(8)]
    draws_2 = [second.draw(rng_2) for _ in range(8)]
    assert draws_1 == draws_2
    assert Counter(draws_1) == {"a": 3, "b": 5}
    assert len(first) == 0


def test_draw_is_uniform_over_pieces_not_kinds():
    rng = make_rng(0)
    hits = Counter(Bag({"rare": 1, "common": 9}).draw(rng) for _ in range(4000))
    assert 0.07 < hits["rare"] / 4000 < 0.13


def test_empty_bag_and_missing_kind_raise_rule_errors():
    with pytest.raises(IllegalActionError) as info:
        Bag({"a": 0}).draw(make_rng(0))
    assert info.value.rule == "empty bag"
    with pytest.raises(IllegalActionError):
        Bag({"a": 1}).take("b")


def test_take_put_copy_and_equality():
    bag = Bag({"a": 2, "b": 1})
    other = bag.copy()
    assert bag.take("a") == "a"
    assert bag.count("a") == 1 and other.count("a") == 2
    assert bag != other
    bag.put("a")
    assert bag == other
    assert bag.probabilities() == {"a": 2 / 3, "b": 1 / 3}
    assert Bag({"a": 0}).probabilities() == {}


def test_json_round_trip_and_malformed_json():
    bag = Bag({"x": 1, "y": 4})
    assert Bag.from_json(bag.to_json()) == bag
    assert Bag.from_json(bag.to_json()).kinds() == ["x", "y"]
    for bad in (None, [["x"]], [["x", "many"]], 5):
        with pytest.raises(SaveFormatError):
            Bag.from_json(bad)
