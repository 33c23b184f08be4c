"""Generate the Out of Mine! components and write them to components.json.

Run by hand (``python minegames/out_of_mine/data/make_components.py [out.json]``).
The real tile counts, board layouts and card contents are not published, so
this script invents a plausible set from a fixed seed (see
docs/dev/out_of_mine_api.md, "Components"): the same seed always writes the
same file, and ``components.py`` only reads it.

Boards are carved like mine galleries (corridors that turn and branch, small
chambers); cards list colour counts whose areas add up to 20. A small exact
tiler picks 40 cards so that every board side has a cover while some
card/board pairs have none, which is what the probability lesson asks about.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
from pathlib import Path

from minegames.core import polyomino as P

SEED = 2014
OUT = Path(__file__).with_name("components.json")

COLOURS = ("yellow", "blue", "green", "red", "white")
SIZES = {"yellow": 1, "blue": 2, "green": 3, "red": 4, "white": 5}
FINDS = ("gold", "silver", "woodworm", "rat")
ROWS, COLS = 8, 5
BOARD_CELLS = 20

# Orientation 0 of every shape, drawn as it lies (rows top to bottom).
SHAPES = {
    "yellow": [("I1", "#")],
    "blue": [("I2", "##")],
    "green": [("I3", "###"), ("L3", "#.|##")],
    "red": [("I4", "####"), ("O4", "##|##"), ("T4", "###|.#."), ("S4", ".##|##."), ("L4", "#.|#.|##")],
    "white": [
        ("I5", "#####"), ("L5", "#.|#.|#.|##"), ("P5", "##|##|#."),
        ("T5", "###|.#.|.#."), ("U5", "#.#|###"), ("V5", "#..|#..|###"),
    ],
}
PENTOMINOES = [
    ("F5", ".##|##.|.#."), ("I5", "#####"), ("L5", "#.|#.|#.|##"), ("N5", "##..|.###"),
    ("P5", "##|##|#."), ("T5", "###|.#.|.#."), ("U5", "#.#|###"), ("V5", "#..|#..|###"),
    ("W5", "#..|##.|.##"), ("X5", ".#.|###|.#."), ("Y5", "####|.#.."), ("Z5", "##.|.#.|.##"),
]

# Physical tiles per shape, in the order of SHAPES (white: default set; "all": 2 I5, 1 of the others).
TILE_COUNTS = {"yellow": [13], "blue": [14], "green": [7, 7], "red": [3, 3, 3, 3, 3], "white": [3, 2, 2, 2, 2, 2]}
ALL_WHITE_COUNTS = [2 if name == "I5" else 1 for name, _ in PENTOMINOES]
# How many tiles of each colour carry a find (17 of 69, about a quarter), and which finds exist.
FINDS_PER_COLOUR = {"yellow": 3, "blue": 3, "green": 4, "red": 4, "white": 3}
FIND_KINDS = ["gold"] * 5 + ["silver"] * 4 + ["woodworm"] * 4 + ["rat"] * 4

# Card design limits: few yellows and blues, or every board is trivially covered.
MAX_COUNT = {"yellow": 3, "blue": 4, "green": 4, "red": 4, "white": 4}
CARD_COUNT = 40


def parse(drawing: str) -> frozenset:
    cells = [(r, c) for r, line in enumerate(drawing.split("|")) for c, ch in enumerate(line) if ch == "#"]
    return P.normalise(cells)


def shape_table(white_shapes: str = "default") -> dict[str, list[frozenset]]:
    table = {colour: [parse(d) for _, d in SHAPES[colour]] for colour in COLOURS}
    if white_shapes == "all":
        table["white"] = [parse(d) for _, d in PENTOMINOES]
    return table


# ---------------------------------------------------------------- tiles

def make_tiles(rng: random.Random) -> tuple[list[dict], list[dict]]:
    """The 69 tiles (default white shapes) and the 13 white tiles for white_shapes="all"."""
    tiles, carriers = [], {}
    for colour in COLOURS:
        ids = []
        for shape, count in enumerate(TILE_COUNTS[colour]):
            for _ in range(count):
                ids.append(len(tiles))
                tiles.append({"id": len(tiles), "colour": colour, "shape": shape, "find": None})
        carriers[colour] = sorted(rng.sample(ids, FINDS_PER_COLOUR[colour]))
    kinds = FIND_KINDS[:]
    rng.shuffle(kinds)
    chosen = [tid for colour in COLOURS for tid in carriers[colour]]
    kind_of_tile = dict(zip(chosen, kinds))
    shapes = shape_table()
    for tid, kind in kind_of_tile.items():
        tile = tiles[tid]
        cell = rng.choice(sorted(shapes[tile["colour"]][tile["shape"]]))
        tile["find"] = [list(cell), kind]

    white_ids = [t["id"] for t in tiles if t["colour"] == "white"]
    all_shapes = shape_table("all")["white"]
    white_all = []
    shape_indices = [s for s, count in enumerate(ALL_WHITE_COUNTS) for _ in range(count)]
    for tid, shape in zip(white_ids, shape_indices):
        find = None
        if tid in kind_of_tile:
            find = [list(rng.choice(sorted(all_shapes[shape]))), kind_of_tile[tid]]
        white_all.append({"id": tid, "colour": "white", "shape": shape, "find": find})
    return tiles, white_all


# ---------------------------------------------------------------- boards

def carve(rng: random.Random, chamber: float, branch: float) -> frozenset | None:
    """One gallery: a miner digs one-wide tunnels that turn and branch, now and then a chamber.

    A tunnel step may not run alongside dug cells, so tunnels stay one wide
    (that is what makes some cards impossible); chambers widen them locally.
    """
    inside = lambda cell: 0 <= cell[0] < ROWS and 0 <= cell[1] < COLS
    pos = (rng.randrange(ROWS), rng.randrange(COLS))
    cells = {pos}
    heading = rng.randrange(4)
    for _ in range(400):
        if len(cells) == BOARD_CELLS:
            return frozenset(cells)
        roll = rng.random()
        if roll < chamber:  # fill (part of) a 2x2 or 2x3 block at the miner
            h, w = rng.choice([(2, 2), (2, 3), (3, 2)])
            top, left = pos[0] - rng.randrange(h), pos[1] - rng.randrange(w)
            block = [(top + r, left + c) for r in range(h) for c in range(w)]
            block = [b for b in block if inside(b) and b not in cells]
            rng.shuffle(block)
            grown = True
            while grown and block and len(cells) < BOARD_CELLS:
                grown = False
                for b in block:
                    if any(n in cells for n in P.neighbours(b)):
                        cells.add(b)
                        block.remove(b)
                        grown = True
                        break
            continue
        if roll < chamber + branch:  # start again from somewhere already dug
            pos = rng.choice(sorted(cells))
            heading = rng.randrange(4)
            continue
        if roll < chamber + branch + 0.3:
            heading = (heading + rng.choice((1, 3))) % 4
        step = P.neighbours(pos)[heading]
        if step in cells:
            pos = step
        elif inside(step) and sum(n in cells for n in P.neighbours(step)) == 1:
            pos = step
            cells.add(pos)
        else:
            heading = rng.randrange(4)
    return None


def holes(cells: frozenset) -> int:
    """Rock pockets fully enclosed by gallery inside the bounding box (pillars)."""
    rows, cols = P.bounding_box(cells)
    rock = {(r, c) for r in range(rows) for c in range(cols)} - cells
    count = 0
    while rock:
        todo = [rock.pop()]
        open_air = False
        while todo:
            cell = todo.pop()
            for n in P.neighbours(cell):
                if not (0 <= n[0] < rows and 0 <= n[1] < cols):
                    open_air = True
                elif n in rock:
                    rock.remove(n)
                    todo.append(n)
        count += not open_air
    return count


def dead_ends(cells: frozenset) -> int:
    return sum(sum(n in cells for n in P.neighbours(c)) == 1 for c in cells)


def is_gallery(cells: frozenset) -> bool:
    """Tall enough to read as a gallery, and not a maze of spurs."""
    rows, cols = P.bounding_box(cells)
    return rows >= 6 and cols >= 4 and P.is_connected(cells) and dead_ends(cells) <= 6


# How the 20 sides are dug: (chamber chance, branch chance, sides, some card must fail on it).
DIGGING = [(0.0, 0.1, 10, True), (0.03, 0.1, 5, True), (0.08, 0.12, 5, False)]


def rock_edges(cells: frozenset) -> list[tuple[tuple[int, int], str]]:
    return [(c, e) for c in sorted(cells) for e in P.EDGES if P.across(c, e) not in cells]


def make_elves(rng: random.Random, cells: frozenset) -> list[dict]:
    edges = rock_edges(cells)
    wanted = rng.randint(2, 4)
    elves, used = [], set()
    for cell, edge in rng.sample(edges, len(edges)):
        if cell in used:
            continue
        used.add(cell)
        elves.append({"cell": list(cell), "edge": edge, "colour": rng.choice(COLOURS)})
        if len(elves) == wanted:
            break
    return sorted(elves, key=lambda e: (e["cell"], e["edge"]))


# ---------------------------------------------------------------- exact cover check

class Tiler:
    """Exact cover of one board by a card's colour counts (every count used: areas add to 20).

    Cells are bits; the first empty cell in reading order must be covered by a
    piece whose own first cell it is, so each placement is tried at one place only.
    Per-shape tile supply is respected; flips allowed (the default options).
    """

    def __init__(self, cells: frozenset, shapes: dict, supply: dict):
        self.order = sorted(cells)
        index = {c: i for i, c in enumerate(self.order)}
        self.full = (1 << len(self.order)) - 1
        self.pieces = [(colour, s) for colour in COLOURS for s in range(len(shapes[colour]))]
        self.supply = [supply[colour][s] for colour, s in self.pieces]
        self.starts: list[list[tuple[int, int]]] = [[] for _ in self.order]
        for p, (colour, s) in enumerate(self.pieces):
            for _, _, _, placed in P.placements(shapes[colour][s], cells):
                mask = sum(1 << index[c] for c in placed)
                first = index[min(placed)]
                self.starts[first].append((p, mask))

    def count(self, limits: dict, cap: int = 10**6) -> int:
        """Number of covers (capped) that use exactly the card's counts."""
        colour_left = [limits.get(colour, 0) for colour in COLOURS]
        piece_colour = [COLOURS.index(colour) for colour, _ in self.pieces]
        memo: dict = {}

        def solve(mask: int, colours: tuple, stock: tuple) -> int:
            if mask == self.full:
                return 1
            key = (mask, colours, stock)
            if key in memo:
                return memo[key]
            free = ~mask & self.full
            first = (free & -free).bit_length() - 1
            total = 0
            for p, piece in self.starts[first]:
                col = piece_colour[p]
                if piece & mask or not colours[col] or not stock[p]:
                    continue
                total += solve(
                    mask | piece,
                    colours[:col] + (colours[col] - 1,) + colours[col + 1:],
                    stock[:p] + (stock[p] - 1,) + stock[p + 1:],
                )
                if total >= cap:
                    break
            memo[key] = min(total, cap)
            return memo[key]

        return solve(0, tuple(colour_left), tuple(self.supply))


# ---------------------------------------------------------------- cards

def compositions() -> list[dict]:
    """Every colour-count mix of area 20 with 2-4 colours inside the design limits."""
    out = []
    ranges = [range(MAX_COUNT[c] + 1) for c in COLOURS]
    for counts in itertools.product(*ranges):
        used = {c: n for c, n in zip(COLOURS, counts) if n}
        if 2 <= len(used) <= 4 and sum(SIZES[c] * n for c, n in used.items()) == BOARD_CELLS:
            out.append(used)
    return out


def card_finds(rng: random.Random) -> dict:
    kinds = rng.sample(FINDS, rng.choice((1, 2, 2)))
    return {k: (rng.choice((1, 2)) if k in ("gold", "silver") else -rng.choice((1, 2))) for k in sorted(kinds)}


def choose_cards(rng: random.Random, fits: dict, boards: int) -> list[tuple]:
    """40 distinct mixes: every mix that fails on some side (the lesson's question), the rest
    drawn at random from the mixes that fit everywhere; each side keeps at least 2 covers."""
    hard = [m for m in fits if 0 < len(fits[m]) < boards]
    easy = [m for m in fits if len(fits[m]) == boards]
    if len(hard) > CARD_COUNT // 2:
        hard = rng.sample(hard, CARD_COUNT // 2)
    picked = hard + rng.sample(easy, CARD_COUNT - len(hard))
    rng.shuffle(picked)
    if min(sum(b in fits[m] for m in picked) for b in range(boards)) < 2:
        raise RuntimeError("a side has fewer than 2 covers; change the seed")
    return picked


# ---------------------------------------------------------------- assembly

def generate(seed: int = SEED) -> dict:
    rng = random.Random(seed)
    tiles, white_all = make_tiles(rng)
    shapes = shape_table()
    supply = {colour: TILE_COUNTS[colour] for colour in COLOURS}
    mixes = [tuple(sorted(m.items(), key=lambda kv: COLOURS.index(kv[0]))) for m in compositions()]

    boards, fits, seen = [], {m: set() for m in mixes}, set()
    for chamber, branch, wanted, must_fail in DIGGING:
        dug = []
        while len(dug) < wanted:
            cells = carve(rng, chamber, branch)
            if cells is None:
                continue
            cells = P.normalise(cells)
            key = P.canonical(cells)
            if key in seen or not is_gallery(cells):
                continue
            tiler = Tiler(cells, shapes, supply)
            covers = [m for m in mixes if tiler.count(dict(m), cap=1)]
            if len(covers) < 2 or (must_fail and len(covers) == len(mixes)):
                continue
            seen.add(key)
            dug.append((cells, covers))
        boards.extend(dug)
    rng.shuffle(boards)
    for i, (_, covers) in enumerate(boards):
        for m in covers:
            fits[m].add(i)
    boards = [cells for cells, _ in boards]
    if sum(holes(cells) > 0 for cells in boards) < 3:
        raise RuntimeError("too few galleries round a pillar; change the seed")

    cards = [dict(m) for m in choose_cards(rng, fits, len(boards))]
    board_data = [
        {"board": i // 2, "side": "AB"[i % 2], "cells": sorted(list(c) for c in cells),
         "elves": make_elves(rng, cells)}
        for i, cells in enumerate(boards)
    ]
    card_data = [
        {"id": i, "limits": {c: card[c] for c in COLOURS if c in card}, "finds": card_finds(rng)}
        for i, card in enumerate(cards)
    ]
    return {
        "seed": seed,
        "note": "Generated by make_components.py; invented counts and layouts (the real ones are unpublished).",
        "shapes": {colour: [{"name": n, "cells": sorted(list(c) for c in parse(d))} for n, d in SHAPES[colour]]
                   for colour in COLOURS},
        "all_pentominoes": [{"name": n, "cells": sorted(list(c) for c in parse(d))} for n, d in PENTOMINOES],
        "tiles": tiles,
        "white_tiles_all": white_all,
        "boards": board_data,
        "treasure_cards": card_data,
    }


def dumps(data: dict) -> str:
    """Stable text: one component per line keeps diffs of the file readable."""
    parts = ["{"]
    items = list(data.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if isinstance(value, list):
            rows = ",\n    ".join(json.dumps(v, sort_keys=False) for v in value)
            parts.append(f'  {json.dumps(key)}: [\n    {rows}\n  ]{comma}')
        elif isinstance(value, dict):
            rows = ",\n    ".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in value.items())
            parts.append(f'  {json.dumps(key)}: {{\n    {rows}\n  }}{comma}')
        else:
            parts.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    parts.append("}")
    return "\n".join(parts) + "\n"


def main(argv: list[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else OUT
    out.write_text(dumps(generate()))
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv)
