"""Turning and flipping a piece in hand by its symmetry number (minegames.core.polyomino)."""

from __future__ import annotations

import pytest

from minegames.core.polyomino import SYMMETRIES, flipped, transform, turned

L4 = frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})  # no symmetry of its own: every k gives other cells


def mirror(cells):
    return transform(frozenset((r, -c) for r, c in cells), 0)


@pytest.mark.parametrize("k", SYMMETRIES)
def test_a_quarter_turn_of_symmetry_k_is_symmetry_turned_k(k):
    assert transform(L4, turned(k)) == transform(transform(L4, k), 1)


@pytest.mark.parametrize("k", SYMMETRIES)
def test_flipping_symmetry_k_gives_its_mirror_image(k):
    assert transform(L4, flipped(k)) == mirror(transform(L4, k))


def test_four_turns_or_two_flips_come_back_and_turns_keep_the_side():
    for k in SYMMETRIES:
        assert turned(turned(turned(turned(k)))) == k
        assert flipped(flipped(k)) == k
        assert (turned(k) >= 4) == (k >= 4) and (flipped(k) >= 4) != (k >= 4)
    assert [turned(k) for k in SYMMETRIES] == [1, 2, 3, 0, 5, 6, 7, 4]
    assert [flipped(k) for k in SYMMETRIES] == [4, 7, 6, 5, 0, 3, 2, 1]


@pytest.mark.parametrize("bad", [-1, 8, None, "1"])
def test_a_symmetry_outside_0_to_7_is_refused(bad):
    with pytest.raises(ValueError):
        turned(bad)
    with pytest.raises(ValueError):
        flipped(bad)
