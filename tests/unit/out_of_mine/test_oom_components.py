"""Out of Mine! components: counts, shapes, galleries, cards, finds that turn with their tile,
every gallery coverable by some card, and the stored JSON equal to what the generator writes."""

import collections
import importlib.util
import json
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from minegames.core import polyomino as P
from minegames.out_of_mine import components as C

GENERATOR = Path(C.__file__).with_name("data") / "make_components.py"


def load_generator():
    spec = importlib.util.spec_from_file_location("oom_make_components", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ shapes and tiles

def test_tile_counts_per_colour_and_shape():
    assert len(C.TILES) == 69
    assert [t.id for t in C.TILES] == list(range(69))
    per_colour = collections.Counter(t.colour for t in C.TILES)
    assert per_colour == {"yellow": 13, "blue": 14, "green": 14, "red": 15, "white": 13}
    per_shape = collections.Counter((t.colour, C.SHAPE_NAMES[t.colour][t.shape]) for t in C.TILES)
    assert per_shape[("green", "I3")] == per_shape[("green", "L3")] == 7
    assert all(per_shape[("red", name)] == 3 for name in ("I4", "O4", "T4", "S4", "L4"))
    assert sorted(per_shape[("white", n)] for n in C.SHAPE_NAMES["white"]) == [2, 2, 2, 2, 2, 3]


def test_shapes_have_their_colour_size_and_are_different_pieces():
    expected = {"yellow": 1, "blue": 1, "green": 2, "red": 5, "white": 6}
    for colour in C.COLOURS:
        shapes = C.CRYSTAL_SHAPES[colour]
        assert len(shapes) == expected[colour] == len(C.SHAPE_NAMES[colour])
        assert all(len(s) == C.SIZES[colour] and P.is_connected(s) and P.normalise(s) == s for s in shapes)
        assert len({P.canonical(s) for s in shapes}) == len(shapes)
    assert P.draw(C.CRYSTAL_SHAPES["red"][C.SHAPE_NAMES["red"].index("T4")]) == "###\n.#."


def test_all_twelve_pentominoes_are_distinct_and_include_the_default_whites():
    assert len(C.ALL_PENTOMINOES) == 12
    assert [n[0] for n in C.ALL_PENTOMINO_NAMES] == list("FILNPTUVWXYZ")
    canon = [P.canonical(s) for s in C.ALL_PENTOMINOES]
    assert len(set(canon)) == 12 and all(len(s) == 5 for s in C.ALL_PENTOMINOES)
    for name, shape in zip(C.SHAPE_NAMES["white"], C.CRYSTAL_SHAPES["white"]):
        assert canon[C.ALL_PENTOMINO_NAMES.index(name)] == P.canonical(shape)
    assert sum(len(P.orientations(s)) for s in C.ALL_PENTOMINOES) == 63  # the classic count of fixed pentominoes


def test_about_a_quarter_of_the_tiles_carry_one_find_spread_over_colours_and_kinds():
    finds = [t for t in C.TILES if t.find is not None]
    assert 14 <= len(finds) <= 21
    assert {t.colour for t in finds} == set(C.COLOURS)
    assert {t.find[1] for t in finds} == set(C.FINDS)
    assert all(t.find[0] in C.shape_of(t) for t in finds)


def test_all_pentomino_tile_set_swaps_only_the_white_tiles():
    all_set = C.tiles("all")
    assert len(all_set) == 69 and C.tiles() is C.TILES
    assert [t for t in all_set if t.colour != "white"] == [t for t in C.TILES if t.colour != "white"]
    whites = [t for t in all_set if t.colour == "white"]
    assert [t.id for t in whites] == [t.id for t in C.TILES if t.colour == "white"]
    count = collections.Counter(C.ALL_PENTOMINO_NAMES[t.shape] for t in whites)
    assert count["I5"] == 2 and len(count) == 12 and sum(count.values()) == 13
    default_finds = {t.id: t.find and t.find[1] for t in C.TILES if t.colour == "white"}
    assert {t.id: t.find and t.find[1] for t in whites} == default_finds
    assert all(t.find is None or t.find[0] in C.shape_of(t, "all") for t in whites)
    with pytest.raises(ValueError):
        C.tiles("some")


def test_kind_groups_interchangeable_tiles():
    kinds = collections.Counter(C.kind_of(t) for t in C.TILES)
    assert kinds[("yellow", 0, None)] == 13 - sum(t.colour == "yellow" and t.find is not None for t in C.TILES)
    assert sum(kinds.values()) == 69


# ------------------------------------------------------------------ finds turn with the tile

def matrix_image(shape, cell, k):
    """Independent reading of the symmetry numbering: mirror (k >= 4), then k quarter turns clockwise."""
    mirror = np.array([[1, 0], [0, -1]]) if k >= 4 else np.eye(2, dtype=int)
    turn = np.array([[0, 1], [-1, 0]])  # (r, c) -> (c, -r)
    m = np.linalg.matrix_power(turn, k % 4) @ mirror
    pts = np.array(sorted(shape)) @ m.T
    low = pts.min(axis=0)
    return tuple(int(v) for v in np.array(cell) @ m.T - low)


@pytest.mark.parametrize("white_shapes", ["default", "all"])
def test_find_cell_moves_with_the_shape_under_every_symmetry(white_shapes):
    for tile in C.tiles(white_shapes):
        shape = C.shape_of(tile, white_shapes)
        for k in P.SYMMETRIES:
            spot = C.find_cell(tile, k, white_shapes)
            if tile.find is None:
                assert spot is None
                continue
            turned = P.transform(shape, k)
            assert spot in turned
            assert spot == matrix_image(shape, tile.find[0], k)
            # distances from the find to the other cells are unchanged
            before = sorted((r - tile.find[0][0]) ** 2 + (c - tile.find[0][1]) ** 2 for r, c in shape)
            after = sorted((r - spot[0]) ** 2 + (c - spot[1]) ** 2 for r, c in turned)
            assert before == after


def test_oriented_marks_every_cell_onto_the_transformed_shape():
    for shape in list(C.ALL_PENTOMINOES) + C.CRYSTAL_SHAPES["red"]:
        for k in P.SYMMETRIES:
            assert {C.oriented(shape, k, cell) for cell in shape} == P.transform(shape, k)
    assert C.oriented({(0, 0), (0, 1), (0, 2)}, 1, (0, 0)) == (0, 0)  # a quarter turn: left end goes to the top
    assert C.oriented({(0, 0), (0, 1), (0, 2)}, 1, (0, 2)) == (2, 0)


# ------------------------------------------------------------------ boards

def test_twenty_gallery_sides_of_twenty_connected_cells_in_an_8_by_5_box():
    assert [(b.board, b.side) for b in C.BOARDS] == [(i, s) for i in range(10) for s in "AB"]
    for b in C.BOARDS:
        assert len(b.cells) == 20 and P.is_connected(b.cells) and P.normalise(b.cells) == b.cells
        rows, cols = P.bounding_box(b.cells)
        assert rows <= 8 and cols <= 5
        assert rows * cols > 20  # never a plain rectangle
    assert len({P.canonical(b.cells) for b in C.BOARDS}) == 20
    def has_chamber(cells):
        return any({(r, c), (r + 1, c), (r, c + 1), (r + 1, c + 1)} <= cells for r, c in cells)

    assert not all(has_chamber(b.cells) for b in C.BOARDS), "some sides should be tunnels only"
    assert any(has_chamber(b.cells) for b in C.BOARDS)


def test_elves_stand_on_rock_beside_a_gallery_cell():
    for b in C.BOARDS:
        assert 2 <= len(b.elves) <= 4
        for elf in b.elves:
            assert elf.cell in b.cells and elf.colour in C.COLOURS and elf.edge in P.EDGES
            assert P.across(elf.cell, elf.edge) not in b.cells


def test_board_side_lookup():
    assert C.board_side(3, "B") == C.BOARDS[7]
    assert C.board_side(0, "A").side == "A"
    with pytest.raises(ValueError):
        C.board_side(10, "A")
    with pytest.raises(ValueError):
        C.board_side(1, "C")


# ------------------------------------------------------------------ cards

def test_forty_cards_of_area_twenty_with_two_to_four_colours():
    assert [c.id for c in C.TREASURE_CARDS] == list(range(40))
    for card in C.TREASURE_CARDS:
        assert 2 <= len(card.limits) <= 4 and set(card.limits) <= set(C.COLOURS)
        assert sum(C.SIZES[c] * n for c, n in card.limits.items()) == 20
        assert 1 <= len(card.finds) <= 2 and set(card.finds) <= set(C.FINDS)
        for kind, points in card.finds.items():
            assert points in ((1, 2) if kind in ("gold", "silver") else (-1, -2))
    assert len({tuple(c.limits.items()) for c in C.TREASURE_CARDS}) == 40


def test_cards_are_immutable_hashable_and_compare_to_plain_dicts():
    card = C.TREASURE_CARDS[0]
    assert {card: 1}[card] == 1
    assert card.limits == dict(card.limits)
    assert json.loads(json.dumps(dict(card.limits))) == dict(card.limits)
    with pytest.raises(TypeError):
        card.limits["yellow"] = 9


# ------------------------------------------------------------------ covering

SUPPLY = collections.Counter((t.colour, t.shape) for t in C.TILES)


def can_cover(cells, limits):
    """Exact cover using exactly the card's counts (areas are 20 both sides), within the tile supply."""
    pieces = [(colour, s, tuple(o for _, o in P.orientations(shape)))
              for colour, shapes in C.CRYSTAL_SHAPES.items() for s, shape in enumerate(shapes)]

    @lru_cache(maxsize=None)
    def solve(left, counts, stock):
        if not left:
            return True
        target = min(left)
        counts, stock = dict(counts), dict(stock)
        for colour, s, turns in pieces:
            if not counts.get(colour) or not stock[(colour, s)]:
                continue
            for shape in turns:
                anchor = min(shape)
                placed = P.translate(shape, target[0] - anchor[0], target[1] - anchor[1])
                if placed <= left:
                    c2 = dict(counts, **{colour: counts[colour] - 1})
                    s2 = dict(stock)
                    s2[(colour, s)] -= 1
                    if solve(left - placed, tuple(sorted(c2.items())), tuple(sorted(s2.items()))):
                        return True
        return False

    return solve(frozenset(cells), tuple(sorted(limits.items())), tuple(sorted(SUPPLY.items())))


def test_every_side_is_covered_by_some_card_and_some_pairs_are_impossible():
    impossible = 0
    for b in C.BOARDS:
        fits = [can_cover(b.cells, dict(card.limits)) for card in C.TREASURE_CARDS[:12]]
        assert any(fits) or any(can_cover(b.cells, dict(c.limits)) for c in C.TREASURE_CARDS[12:]), (b.board, b.side)
        impossible += fits.count(False)
    assert impossible > 0


def test_independent_checker_agrees_with_the_generator_on_some_pairs():
    gen = load_generator()
    shapes = gen.shape_table()
    supply = {c: gen.TILE_COUNTS[c] for c in gen.COLOURS}
    for b in C.BOARDS[:6]:
        tiler = gen.Tiler(b.cells, shapes, supply)
        for card in C.TREASURE_CARDS[:10]:
            assert bool(tiler.count(dict(card.limits), cap=1)) == can_cover(b.cells, dict(card.limits))


def test_checker_on_a_staircase_where_only_the_missing_w_pentomino_would_fit():
    stair = frozenset({(0, 0), (0, 1), (1, 1), (1, 2), (2, 2), (2, 3)})
    assert can_cover(stair, {"blue": 1, "red": 1})  # S4 and a domino
    assert can_cover(stair, {"green": 2})  # two L3
    assert not can_cover(stair, {"yellow": 1, "white": 1})  # needs W5, not among the default whites
    t4 = frozenset({(0, 0), (0, 1), (0, 2), (1, 1)})
    assert can_cover(t4, {"red": 1}) and can_cover(t4, {"green": 1, "yellow": 1})
    assert not can_cover(t4, {"blue": 2})  # a chessboard colouring of T4 is 3 to 1


# ------------------------------------------------------------------ the stored file

def test_stored_json_is_what_the_generator_writes(tmp_path):
    gen = load_generator()
    out = tmp_path / "components.json"
    gen.main(["make_components.py", str(out)])
    assert out.read_text() == C.DATA_FILE.read_text()


def test_loader_rejects_a_broken_file(tmp_path, monkeypatch):
    data = json.loads(C.DATA_FILE.read_text())
    data["treasure_cards"][0]["limits"]["yellow"] = data["treasure_cards"][0]["limits"].get("yellow", 0) + 1
    broken = tmp_path / "components.json"
    broken.write_text(json.dumps(data))
    monkeypatch.setattr(C, "DATA_FILE", broken)
    with pytest.raises(ValueError, match="treasure card 0"):
        C._load()
