"""Seeded randomness that can be saved, restored and rewound."""

import json

import pytest

from minegames.core import SaveFormatError, make_rng, rng_from_state, rng_state, set_rng_state


def test_same_seed_same_numbers():
    assert list(make_rng(9).integers(100, size=10)) == list(make_rng(9).integers(100, size=10))
    assert list(make_rng(9).integers(100, size=10)) != list(make_rng(10).integers(100, size=10))


def test_state_survives_json_and_continues_identically():
    rng = make_rng(21)
    rng.integers(6, size=7)
    saved = json.loads(json.dumps(rng_state(rng)))
    copy = rng_from_state(saved)
    assert list(copy.integers(1000, size=5)) == list(rng.integers(1000, size=5))


def test_set_state_rewinds_in_place():
    rng = make_rng(2)
    mark = rng_state(rng)
    first = rng.integers(1000)
    set_rng_state(rng, mark)
    assert rng.integers(1000) == first


def test_state_copy_is_independent_of_the_generator():
    rng = make_rng(2)
    mark = rng_state(rng)
    rng.integers(1000, size=3)
    assert mark != rng_state(rng)


@pytest.mark.parametrize("bad", [{}, {"bit_generator": "MT19937"}, {"bit_generator": "PCG64", "state": 5}, None])
def test_malformed_state_raises_save_format_error(bad):
    with pytest.raises(SaveFormatError):
        rng_from_state(bad)
