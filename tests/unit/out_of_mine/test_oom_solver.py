"""The packing solver against an independent brute force, the card limits, flips, the score objective,
the hint, and the model's own placement rules.  About 10 s."""

import importlib.util
import itertools
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pytest

from minegames.core import polyomino as P
from minegames.out_of_mine import analysis as A
from minegames.out_of_mine import components as C
from minegames.out_of_mine import solver as S
from minegames.out_of_mine.actions import Call
from minegames.out_of_mine.positions import board_from_art, card, position

SIZES = C.SIZES
SHAPES = C.crystal_shapes("default")


# ---- an independent brute force -------------------------------------------------------


def turned(shape, k):
    """Symmetry k by explicit matrices: mirror (c -> -c) for k >= 4, then k quarter turns clockwise."""
    cells = [(r, -c) if k >= 4 else (r, c) for r, c in shape]
    for _ in range(k % 4):
        cells = [(c, -r) for r, c in cells]
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


def all_fits(board, shapes, flips):
    """(colour, shape index, cells) of every distinct way a piece lies inside the board."""
    rows = max(r for r, _ in board) + 1
    cols = max(c for _, c in board) + 1
    fits = set()
    for colour, colour_shapes in shapes.items():
        for s, shape in enumerate(colour_shapes):
            for k in range(8 if flips else 4):
                oriented = turned(shape, k)
                for dr in range(rows):
                    for dc in range(cols):
                        cells = frozenset((r + dr, c + dc) for r, c in oriented)
                        if cells <= board:
                            fits.add((colour, s, cells))
    return sorted(fits, key=lambda f: (f[0], f[1], sorted(f[2])))


def packings(board, limits, shapes, flips, stock=None):
    """Every set of disjoint pieces within the card's limits (and the per-shape stock, if any)."""
    fits = [f for f in all_fits(board, shapes, flips) if limits.get(f[0], 0) > 0]
    found = []

    def grow(start, chosen, used, colours, kinds):
        found.append(list(chosen))
        for i in range(start, len(fits)):
            colour, s, cells = fits[i]
            if cells & used or colours[colour] >= limits[colour]:
                continue
            if stock is not None and kinds[(colour, s)] >= stock.get((colour, s), 0):
                continue
            colours[colour] += 1
            kinds[(colour, s)] += 1
            chosen.append(fits[i])
            grow(i + 1, chosen, used | cells, colours, kinds)
            chosen.pop()
            colours[colour] -= 1
            kinds[(colour, s)] -= 1

    grow(0, [], frozenset(), Counter(), Counter())
    return found


def random_board(rng, size):
    cells = {(0, 0)}
    while len(cells) < size:
        r, c = rng.choice(sorted(cells))
        step = rng.choice(P.neighbours((r, c)))
        if step[0] >= 0 and step[1] >= 0 and step[0] < 4 and step[1] < 4:
            cells.add(step)
    return frozenset(cells)


def random_card(rng):
    colours = rng.sample(["yellow", "blue", "green", "red"], rng.randint(1, 3))
    return card({colour: rng.randint(1, 3) for colour in colours})


def small_case(seed):
    rng = random.Random(seed)
    board = SimpleNamespace(cells=random_board(rng, rng.randint(4, 8)), elves=())
    return board, random_card(rng), rng.random() < 0.7


# ---- exactness ------------------------------------------------------------------------


def check_placements(board, the_card, cover, flips):
    cells = [c for p in cover for c in p.cells]
    assert len(cells) == len(set(cells)), "placements overlap"
    assert set(cells) <= set(board.cells), "a placement hangs over the rock"
    used = Counter(p.colour for p in cover)
    assert all(used[colour] <= the_card.limits.get(colour, 0) for colour in used), "card limit broken"
    for p in cover:
        assert p.orientation in (range(8) if flips else range(4))
        shape = SHAPES[p.colour][p.shape]
        assert P.translate(P.transform(shape, p.orientation), p.row, p.col) == p.cells


@pytest.mark.parametrize("seed", range(60))
def test_solver_matches_brute_force_on_small_boards(seed):
    board, the_card, flips = small_case(seed)
    found = packings(board.cells, the_card.limits, SHAPES, flips)
    perfect = {frozenset(cells for _, _, cells in p) for p in found if sum(len(c) for *_, c in p) == len(board.cells)}
    kw = dict(flips=flips, supply="unlimited")
    assert S.count_covers(board, the_card, **kw) == len(perfect)
    assert S.can_cover(board, the_card, **kw) == bool(perfect)
    cover = S.best_cover(board, the_card, **kw)
    check_placements(board, the_card, cover, flips)
    most = max(sum(len(c) for *_, c in p) for p in found)
    assert sum(len(p.cells) for p in cover) == most
    if perfect:
        assert frozenset(p.cells for p in cover) in perfect


def test_flips_matter_for_a_mirror_only_fit():
    """An S-shaped gap takes the S tetromino; its mirror image only fits if tiles may be turned over."""
    board = board_from_art("##.\n.##")  # a Z: the mirror image of S4
    red = card({"red": 1})
    assert S.can_cover(board, red, flips=True)
    assert not S.can_cover(board, red, flips=False)
    assert S.count_covers(board, red, flips=True) == 1


def test_the_supply_limits_each_shape():
    """Three square tiles in the box: a 2x8 block cannot take four of them (but can with unlimited tiles)."""
    board = board_from_art("##\n##\n##\n##\n##\n##\n##\n##")
    four_red = card({"red": 4})
    only_squares = {"red": [SHAPES["red"][1]]}
    squares = [t for t in C.tiles() if t.colour == "red" and t.shape == 1]
    assert len(squares) == 3
    assert not S.can_cover(board, four_red, supply=squares, shapes={"red": SHAPES["red"][:2]})
    assert S.can_cover(board, four_red, supply="unlimited", shapes=only_squares)
    cover = S.best_cover(board, four_red, supply=squares, shapes={"red": SHAPES["red"][:2]})
    assert sorted(p.tile for p in cover) == sorted(t.id for t in squares)


def generator_tiler():
    """The component generator's own exact tiler: another helper's independent implementation."""
    path = Path(C.__file__).with_name("data") / "make_components.py"
    spec = importlib.util.spec_from_file_location("oom_make_components", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_cover_counts_agree_with_the_component_generator_on_real_pairs():
    gen = generator_tiler()
    supply = {colour: gen.TILE_COUNTS[colour] for colour in gen.COLOURS}
    rng = random.Random(7)
    for board in rng.sample(C.BOARDS, 6):
        tiler = gen.Tiler(board.cells, gen.shape_table(), supply)
        for the_card in rng.sample(C.TREASURE_CARDS, 8):
            assert S.count_covers(board, the_card) == tiler.count(dict(the_card.limits), cap=10**9)


def test_best_cover_on_every_real_pair_respects_the_card_and_agrees_with_the_lesson_table():
    table = iter(A.fill_table())
    for board in C.BOARDS:
        for the_card in C.TREASURE_CARDS:
            row = next(table)
            assert (row.board, row.side, row.card) == (board.board, board.side, the_card.id)
            cover = S.best_cover(board, the_card)
            check_placements(board, the_card, cover, True)
            covered = sum(len(p.cells) for p in cover)
            assert (covered == 20) == S.can_cover(board, the_card) == row.coverable == (row.covers > 0)
            assert row.best_score == S.round_score(board, the_card, cover)
            ids = [p.tile for p in cover]
            assert len(set(ids)) == len(ids)
            assert all(C.TILES[p.tile].colour == p.colour and C.TILES[p.tile].shape == p.shape for p in cover)


def test_lesson_fractions_are_averages_over_the_800_pairs():
    table = A.fill_table()
    assert len(table) == len(C.BOARDS) * len(C.TREASURE_CARDS) == 800
    unfillable = A.unfillable_pairs()
    assert A.fill_probability() == Fraction(800 - len(unfillable), 800)
    assert 0 < len(unfillable) < 800
    assert min(A.covers_per_board().values()) >= 1  # the box promises a card for every side
    assert sum(A.covers_per_card().values()) == 800 - len(unfillable)
    scores = A.best_scores()
    assert A.expected_best_score() == Fraction(sum(scores), 800)
    assert A.expected_best_score(caller_bonus=True) == A.expected_best_score() + 2 * A.fill_probability()
    assert all(score == 10 for score, row in zip(scores, table) if row.coverable)
    assert all(score < 10 for score, row in zip(scores, table) if not row.coverable)
    # turning tiles over can only help
    assert A.fill_probability(flips=False) <= A.fill_probability()


# ---- the score objective ----------------------------------------------------------------


def brute_best_score(board, the_card, tiles, flips=True):
    """Best advanced round score by trying every packing and every choice of physical tiles."""
    stock = Counter((t.colour, t.shape) for t in tiles)
    best = 0  # more than 10 empty cells (e.g. nothing placed) scores 0
    for packing in packings(board.cells, the_card.limits, SHAPES, flips, stock):
        empty = len(board.cells) - sum(len(c) for *_, c in packing)
        if empty > S.MAX_EMPTY:
            continue
        colour_at = {cell: colour for colour, _, cells in packing for cell in cells}
        elves = sum(1 for e in board.elves if colour_at.get(e.cell) == e.colour and the_card.limits.get(e.colour, 0))
        need = Counter((colour, s) for colour, s, _ in packing)
        finds = 0
        for kind, n in need.items():
            pool = [the_card.finds.get(t.find[1], 0) if t.find else 0 for t in tiles if (t.colour, t.shape) == kind]
            finds += max(sum(choice) for choice in itertools.combinations(pool, n))
        best = max(best, 10 - empty + elves + finds)
    return best


@pytest.mark.parametrize("seed", range(25))
def test_score_objective_is_exact_on_small_boards_with_elves_and_finds(seed):
    rng = random.Random(1000 + seed)
    cells = random_board(rng, rng.randint(10, 12))
    colours = ["yellow", "blue", "green", "red"]
    elves = tuple(C.Elf(cell, "N", rng.choice(colours)) for cell in rng.sample(sorted(cells), 3))
    board = SimpleNamespace(cells=cells, elves=elves)
    the_card = card({c: rng.randint(1, 3) for c in rng.sample(["yellow", "blue", "green", "red"], 3)},
                    finds={"gold": 2, "rat": -1, "silver": 1})
    tiles = [t for t in C.tiles() if t.colour != "white"]
    tiles = rng.sample(tiles, 24)
    cover = S.best_cover(board, the_card, objective="score", elves=True, finds=True, supply=tiles)
    by_id = {t.id: t for t in C.tiles()}
    got = S.round_score(board, the_card, cover, elves=True, finds=True, tiles=by_id)
    assert got == brute_best_score(board, the_card, tiles)
    assert {p.tile for p in cover} <= {t.id for t in tiles}


def test_score_objective_never_scores_less_than_the_cells_objective():
    tiles = C.tiles()
    rng = random.Random(3)
    for board, the_card in [(rng.choice(C.BOARDS), rng.choice(C.TREASURE_CARDS)) for _ in range(40)]:
        scored = S.best_cover(board, the_card, objective="score", elves=True, finds=True)
        filled = S.best_cover(board, the_card, objective="cells", elves=True, finds=True)
        assert sum(len(p.cells) for p in filled) == sum(len(p.cells) for p in S.best_cover(board, the_card))
        assert (S.round_score(board, the_card, scored, True, True, tiles)
                >= S.round_score(board, the_card, filled, True, True, tiles))


def test_a_gold_tile_is_preferred_and_a_rat_avoided():
    board = board_from_art("#")
    yellow = [t for t in C.tiles() if t.colour == "yellow"]
    plain = next(t for t in yellow if t.find is None)
    gold = C.Tile(plain.id, "yellow", 0, ((0, 0), "gold"))
    rat = C.Tile(plain.id + 1, "yellow", 0, ((0, 0), "rat"))
    the_card = card({"yellow": 1}, finds={"gold": 1, "rat": -2})
    for supply, expected in [([plain, gold, rat], gold.id), ([rat, plain], plain.id)]:
        cover = S.best_cover(board, the_card, objective="score", finds=True, supply=supply)
        assert [p.tile for p in cover] == [expected]


# ---- the hint ---------------------------------------------------------------------------


def test_hint_keeps_good_tiles_and_removes_a_blocking_one():
    board, the_card = next((b, c) for b in C.BOARDS for c in C.TREASURE_CARDS if 2 <= S.count_covers(b, c) <= 50)
    cover = S.best_cover(board, the_card)
    keep = cover[0]
    kept = S.hint(board, the_card, [keep])
    assert kept.perfect and kept.remove == ()
    assert len(kept.place) == len(cover) - 1
    # a tile lying where no perfect cover puts one must come off
    packing = S.Packing(board, the_card)
    in_some_cover = {frozenset(packing.placements[i].cells) for sol in packing.problem().solutions() for i in sol}
    blocker = next(p for p in packing.placements if p.cells not in in_some_cover)
    tile = next(t for t in C.tiles() if (t.colour, t.shape) == (blocker.colour, blocker.shape))
    advice = S.hint(board, the_card, [SimpleNamespace(tile=tile.id, cells=blocker.cells)])
    assert advice.remove == (tile.id,) and advice.perfect
    assert set().union(*(p.cells for p in advice.place)) == set(board.cells)
    check_placements(board, the_card, advice.place, True)


# ---- the model accepts what the solver proposes ------------------------------------------


@pytest.mark.parametrize("pair", [(0, 0), (3, 5), (7, 21), (12, 33)])
def test_placements_are_legal_model_actions(pair):
    side, card_id = pair
    board = C.BOARDS[side]
    other = C.BOARDS[(side + 2) % 20]
    game = position([(board.board, board.side), (other.board, other.side)], [card_id, (card_id + 1) % 40])
    supply = [game.kit.tiles[t] for t in game.free_tiles()]
    cover = S.best_cover(board, game.cards[0], supply=supply)
    for placement in cover:
        game.apply(placement.action(0))
    assert game.is_covered(0) == S.can_cover(board, game.cards[0])
    if game.is_covered(0):
        game.apply(Call(0))
        assert game.round_results[-1]["points"][0]["total"] == 12
