"""Polyomino geometry: orientation counts of the classic pieces, fitting, drawing."""

import pytest

from minegames.core import polyomino as P

I3 = frozenset({(0, 0), (0, 1), (0, 2)})
L3 = frozenset({(0, 0), (1, 0), (1, 1)})
O4 = frozenset({(0, 0), (0, 1), (1, 0), (1, 1)})
T4 = frozenset({(0, 0), (0, 1), (0, 2), (1, 1)})
S4 = frozenset({(0, 1), (0, 2), (1, 0), (1, 1)})
L4 = frozenset({(0, 0), (1, 0), (2, 0), (2, 1)})
F5 = frozenset({(0, 1), (0, 2), (1, 0), (1, 1), (2, 1)})


@pytest.mark.parametrize(
    "shape, with_flips, turns_only",
    [(I3, 2, 2), (L3, 4, 4), (O4, 1, 1), (T4, 4, 4), (S4, 4, 2), (L4, 8, 4), (F5, 8, 4)],
)
def test_distinct_orientations_of_classic_pieces(shape, with_flips, turns_only):
    assert len(P.orientations(shape, flips=True)) == with_flips
    assert len(P.orientations(shape, flips=False)) == turns_only


def test_a_quarter_turn_is_clockwise_and_four_return_home():
    assert P.draw(P.transform(L4, 1)) == "###\n#.."
    shape = L4
    for _ in range(4):
        shape = P.transform(shape, 1)
    assert shape == L4


def test_mirror_symmetries_flip_left_and_right():
    assert P.draw(P.transform(L4, 4)) == ".#\n.#\n##"


def test_every_symmetry_keeps_the_size_and_is_normalised():
    for k in P.SYMMETRIES:
        cells = P.transform(F5, k)
        assert len(cells) == 5
        assert min(r for r, _ in cells) == 0 and min(c for _, c in cells) == 0


def test_canonical_identifies_a_piece_whatever_its_orientation():
    assert {P.canonical(P.transform(S4, k)) for k in P.SYMMETRIES} == {P.canonical(S4)}
    assert P.canonical(S4, flips=True) != P.canonical(L4, flips=True)
    mirrored = P.transform(S4, 4)
    assert P.canonical(mirrored, flips=False) != P.canonical(S4, flips=False)


def test_placements_fit_inside_the_region_and_are_distinct():
    box = {(r, c) for r in range(3) for c in range(3)}
    fits = list(P.placements(L4, box))
    assert len(fits) == 16
    assert all(cells <= box for _, _, _, cells in fits)
    assert len({cells for *_, cells in fits}) == len(fits)
    for k, row, col, cells in fits:
        assert P.translate(P.transform(L4, k), row, col) == cells


def test_no_placement_when_the_region_is_too_small():
    assert list(P.placements(I3, {(0, 0), (0, 1), (1, 0)})) == []


def test_connectivity_neighbours_and_edges():
    assert P.is_connected({(0, 0), (0, 1), (1, 1)})
    assert not P.is_connected({(0, 0), (1, 1)})
    assert P.neighbours((2, 2)) == ((1, 2), (2, 3), (3, 2), (2, 1))
    assert P.across((2, 2), "W") == (2, 1)
    assert P.bounding_box(T4) == (2, 3)


def test_a_bad_symmetry_number_is_refused():
    with pytest.raises(ValueError):
        P.transform(L4, 8)
