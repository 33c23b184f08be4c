"""The Out of Mine! lesson (notebooks/out_of_mine_1_packing_chances.ipynb): the rules of a round,
then chances counted exactly over every board side and every treasure card.

Plain model code (numpy and the game's own modules, no widgets), so the notebook only imports:

* **pictures**: :func:`pieces_picture` (every crystal shape), :func:`board_picture` (a gallery,
  optionally with pieces laid on it and a card beside it), :func:`two_sides` (both sides of a
  board); each returns a :class:`Drawing` whose ``_repr_svg_`` is the picture;
* **narration** of the rules, as tables in words (no rule names, tile numbers or coordinates):
  :func:`hasty_call` (a call made too early, checked and scored, the lesson's worked example);
  :func:`refusals` (pieces the rules refuse, and why) and :func:`practice_round` (a 4 x 5
  practice gallery to play), both in the extension;
* **exact answers** for the questions, all read off :mod:`.analysis` and :mod:`.solver`;
* **tables** of exact results (:func:`ways_table`, :func:`sides_table`, :func:`scores_table`),
  shown only after a prediction about them;
* **simulations**: :func:`fill_simulation` (running share for the prediction's reveal) and
  :func:`random_rounds` (a sample of rounds against the exact chance and its +-2 standard-error
  band), run when the learner asks, never while the page loads;
* the extension's pieces: :func:`flip_rule`, :func:`best_cover_report`, :func:`elf_round`, and the
  "how many ways" prediction with :func:`filled_sample` and :func:`ways_table`.

The board layouts, the treasure cards and the tile counts are this project's own invention (the
rulebook does not give them; see :mod:`.components`), so every number here is about this set.
"""

from __future__ import annotations

import html
import math
from collections import Counter
from fractions import Fraction
from typing import Iterable, Optional, Sequence

import numpy as np

from minegames.core import IllegalActionError, palette
from minegames.core.lessons import Lesson, Question, Section, standard_error

from . import analysis, scoring, solver
from . import components as C
from .actions import Call, Done, Place
from .positions import board_from_art, position

__all__ = ["LESSON", "LESSONS", "Drawing", "Table", "pieces_picture", "board_picture", "two_sides",
           "practice_round", "refusals", "hasty_call", "fill_simulation", "random_rounds", "ways_table",
           "sides_table", "scores_table", "flip_rule", "best_cover_report", "unfillable_choices", "elf_round",
           "elf_picture",
           "SAMPLE_BOARD", "SAMPLE_CARD", "SIDE_BOARD"]

#: The board side and card of the "how many ways" question (the model's board 2, side A: pupils
#: read "board 3A", since what they read numbers the boards 1 to 10; see :func:`board_name`).
SAMPLE_BOARD = (2, "A")
SAMPLE_CARD = 5
#: The board whose two sides differ most (the side question).
SIDE_BOARD = 1
RECTANGLE = "#####\n#####\n#####\n#####"  # a plain 4 x 5 practice gallery (not a board of the box)
EXTENSION = "Extension (for a top set)"


def board_name(board: int, side: str = "") -> str:
    """A board as pupils read it: the model numbers the boards 0-9, the lesson 1-10 ("board 3A")."""
    return f"board {board + 1}{side}"


def _outline(colour: str) -> str:
    """A piece's outline: the palette's, but darker for white pieces (pale grey vanishes on a phone)."""
    return "#4a4a4a" if colour == "white" else palette.gem_outline(colour)

# ---------------------------------------------------------------------------
# pictures
# ---------------------------------------------------------------------------


class Drawing:
    """An SVG picture (what ``widgets.lesson.picture`` and Jupyter show) with a short text form."""

    def __init__(self, svg: str, text: str = "[picture]"):
        self.svg = svg
        self.text = text

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return self.text


CELL = 22
CARD_WIDTH = 200


def _grid_svg(cells: Iterable[tuple[int, int]], pieces: Sequence[tuple[str, frozenset]] = (), title: str = "",
              cell: int = CELL) -> tuple[str, int, int]:
    """The parts of a gallery drawing: rock, gallery cells, pieces. Returns (svg body, width, height)."""
    cells = set(cells)
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    top = 18 if title else 0
    width, height = (cols + 2) * cell, (rows + 2) * cell + top
    parts = [f'<rect x="0" y="{top}" width="{width}" height="{height - top}" rx="6" fill="#6b5f55" stroke="#4d443d"/>']
    if title:
        parts.append(f'<text x="2" y="13" font-size="12" font-weight="bold" fill="#2b2118">{html.escape(title)}</text>')
    for r, c in sorted(cells):
        parts.append(f'<rect x="{(c + 1) * cell + 1}" y="{top + (r + 1) * cell + 1}" width="{cell - 2}" '
                     f'height="{cell - 2}" rx="3" fill="#dcc79c" stroke="#a88f62"/>')
    for colour, piece in pieces:
        fill, stroke = palette.gem_fill(colour), _outline(colour)
        for r, c in piece:
            parts.append(f'<rect x="{(c + 1) * cell + 1.5}" y="{top + (r + 1) * cell + 1.5}" width="{cell - 3}" '
                         f'height="{cell - 3}" rx="2" fill="{fill}"/>')
        for r, c in piece:  # one outline around each piece: the edges it does not share with itself
            x, y = (c + 1) * cell, top + (r + 1) * cell
            for (dr, dc), (x1, y1, x2, y2) in (((-1, 0), (x, y, x + cell, y)), ((1, 0), (x, y + cell, x + cell, y + cell)),
                                              ((0, -1), (x, y, x, y + cell)), ((0, 1), (x + cell, y, x + cell, y + cell))):
                if (r + dr, c + dc) not in piece:
                    parts.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{stroke}" stroke-width="2.2"/>')
    return "".join(parts), width, height


def _svg(body: str, width: float, height: float, label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            f'role="img" aria-label="{html.escape(label)}">{body}</svg>')


def _card_svg(card_id: int, x: float, y: float) -> tuple[str, int]:
    """A treasure card's limits as a small panel; returns (svg, height)."""
    card = C.TREASURE_CARDS[card_id]
    lines = [(colour, card.limits[colour]) for colour in C.COLOURS if card.limits.get(colour)]
    height = 26 + 18 * len(lines)
    parts = [f'<rect x="{x}" y="{y}" width="{CARD_WIDTH}" height="{height}" rx="6" fill="white" stroke="#8a7f72"/>',
             f'<text x="{x + 8}" y="{y + 17}" font-size="12" font-weight="bold">treasure card {card_id}</text>']
    for i, (colour, count) in enumerate(lines):
        row = y + 26 + 18 * i
        parts.append(f'<rect x="{x + 8}" y="{row}" width="12" height="12" rx="2" fill="{palette.gem_fill(colour)}" '
                     f'stroke="{_outline(colour)}"/>')
        parts.append(f'<text x="{x + 26}" y="{row + 10}" font-size="11">up to {count} {colour} '
                     f'({C.SIZES[colour]} cell{"s" if C.SIZES[colour] > 1 else ""} each)</text>')
    return "".join(parts), height


class Figure:
    """Pictures with their words in HTML (readable at any width: SVG text shrinks with the picture)."""

    def __init__(self, html_text: str, text: str = "[picture]"):
        self.html = html_text
        self.text = text

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return self.text


def pieces_picture() -> Figure:
    """Every crystal shape, one row per colour: its colour, size and how many tiles the box holds
    as HTML words above a small drawing of the shapes."""
    cell, gap = 14, 10
    rows = []
    for colour in C.COLOURS:
        shapes = C.CRYSTAL_SHAPES[colour]
        tall = max(max(r for r, _ in shape) + 1 for shape in shapes)
        count = sum(tile.colour == colour for tile in C.TILES)
        parts, x = [], 2
        for shape in shapes:
            for r, c in shape:
                parts.append(f'<rect x="{x + c * cell}" y="{2 + r * cell}" width="{cell}" height="{cell}" '
                             f'fill="{palette.gem_fill(colour)}" stroke="{_outline(colour)}" stroke-width="1.2"/>')
            x += (max(c for _, c in shape) + 1) * cell + gap
        drawing = _svg("".join(parts), x, tall * cell + 4, f"the {colour} shapes")
        size = C.SIZES[colour]
        rows.append("<div style='display:flex;flex-wrap:wrap;align-items:center;gap:4px 12px;margin:4px 0'>"
                    f"<div style='min-width:9em;font-size:14px'><b>{colour}</b>: {size} cell{'s' if size > 1 else ''}, "
                    f"{count} in the box</div><div style='max-width:100%'>{drawing}</div></div>")
    text = "\n".join(f"{colour}: {C.SIZES[colour]} cells, {len(C.CRYSTAL_SHAPES[colour])} shape(s)" for colour in C.COLOURS)
    return Figure("<div class='mg-pieces'>" + "".join(rows) + "</div>", text)


def board_picture(board: int, side: str, card: Optional[int] = None, cover: Sequence = (), title: str = "") -> Drawing:
    """Board ``board`` side ``side`` (with the pieces of ``cover`` laid on it and ``card`` beside it)."""
    gallery = C.board_side(board, side)
    pieces = [(p.colour, p.cells) for p in cover]
    body, width, height = _grid_svg(gallery.cells, pieces, title or board_name(board, side))
    if card is not None:
        card_body, card_height = _card_svg(card, width + 12, 18)
        body += card_body
        width, height = width + CARD_WIDTH + 20, max(height, card_height + 22)
    return Drawing(_svg(body, width, height, board_name(board, side)), f"[{board_name(board, side)}]")


def two_sides(board: int) -> Drawing:
    """Both sides of one board, side by side."""
    parts, x, height = [], 0, 0
    for side in ("A", "B"):
        body, width, tall = _grid_svg(C.board_side(board, side).cells, title=f"{board_name(board)}, side {side}")
        parts.append(f'<g transform="translate({x},0)">{body}</g>')
        x += width + 24
        height = max(height, tall)
    return Drawing(_svg("".join(parts), x, height, f"both sides of {board_name(board)}"),
                   f"[{board_name(board)}, sides A and B]")


def filled_sample() -> Drawing:
    """One of the ways to fill the sample board with the sample card."""
    board, side = SAMPLE_BOARD
    cover = solver.best_cover(C.board_side(board, side), C.TREASURE_CARDS[SAMPLE_CARD])
    return board_picture(board, side, SAMPLE_CARD, cover, title=f"{board_name(board, side)}, filled one way")


# ---------------------------------------------------------------------------
# the rules, narrated
# ---------------------------------------------------------------------------


def practice_round():
    """A round on two plain 4 x 5 galleries: player 1 may use 2 red, 2 green and 3 blue, and has
    laid two long reds already."""
    return position([RECTANGLE, RECTANGLE], [{"red": 2, "green": 2, "blue": 3}, {"white": 4}],
                    [[("red I4", 0, 0, 0), ("red I4", 0, 1, 0)], []])


def _tile_name(state, tile: int) -> str:
    piece = state.kit.tiles[tile]
    return f"{piece.colour} {C.SHAPE_NAMES[piece.colour][piece.shape]}"


#: What each rule a placement can break means, in a pupil's words (the keys are the model's rule names).
PLAIN_RULES = {
    "colour not on card": "that colour is not on the card",
    "card limit": "the card allows no more pieces of that colour",
    "outside the gallery": "it would stick out over the rock",
    "overlap": "it would lie on top of another piece",
}


def refusals() -> "Table":
    """Five tries on the practice gallery: a colour not on the card, one piece too many, a piece
    over the rock, a piece on top of another (all refused by the game, and why, in words); then
    one that fits."""
    tries = [
        ("a white piece", ("white I5", 0, 2, 0)),
        ("a third red piece", ("red I4", 0, 2, 0)),
        ("a long green piece reaching past the right edge", ("green I3", 0, 2, 3)),
        ("a long green piece on top of a red one", ("green I3", 0, 1, 0)),
        ("a long green piece in the empty third row", ("green I3", 0, 2, 0)),
    ]
    rows = []
    for what, (tile_name, orientation, row, col) in tries:
        state = practice_round()
        tile = next(t for t in state.free_tiles() if _tile_name(state, t) == tile_name)
        try:
            state.apply(Place(0, tile, orientation, row, col))
            said = "placed"
        except IllegalActionError as error:
            said = f"refused: {PLAIN_RULES.get(error.rule, error.message)}"
        rows.append((what, said))
    return Table(["the player tries", "the game says"], rows)


def hasty_call() -> "Table":
    """A player covers the practice gallery with one green too many and a blue over the rock, and
    calls: the check, step by step, with the round's points."""
    upright = 1  # a quarter turn: a straight piece stands upright
    hasty = [("red I4", 0, 0, 0), ("red I4", 0, 1, 0), ("green I3", upright, 0, 4), ("green I3", 0, 2, 0),
             ("blue I2", upright, 2, 3), ("blue I2", 0, 3, 4), ("green I3", 0, 3, 0)]
    state = position([RECTANGLE, RECTANGLE], [{"red": 2, "green": 2, "blue": 3}, {"white": 4}],
                     [hasty, []], strict_placement=False)
    covered = state.is_covered(0)
    state.apply(Call(0))
    result = state.round_results[-1]
    removed = result["removed"][0]
    points = result["points"][0]
    empty = -points["empty"]
    caller = points["caller"]
    sum_text = f"{points['base']} − {empty} {'−' if caller < 0 else '+'} {abs(caller)} = {points['total']}"
    rows = [("every cell covered when they called?", "yes" if covered else "no"),
            ("pieces taken off at the check", len(removed)),
            ("empty cells after the check", empty),
            ("points for the round", sum_text)]
    return Table(["step", "what happened"], rows)


# ---------------------------------------------------------------------------
# exact answers (all from the model)
# ---------------------------------------------------------------------------


def card_cells(card_id: int = SAMPLE_CARD) -> int:
    """Cells covered if every piece the card allows is used."""
    return sum(C.SIZES[colour] * count for colour, count in C.TREASURE_CARDS[card_id].limits.items())


def wrong_call_points(empty: int = 9) -> int:
    return scoring.round_points(empty, caller=True, caller_correct=False)["total"]


def pair_count() -> int:
    """The size of the sample space: every board side with every card."""
    return len(analysis.fill_table())


def board_sides() -> int:
    return len(C.BOARDS)


def cannot_fill_chance() -> Fraction:
    """The complement: a random card cannot fill a random side."""
    return 1 - analysis.fill_probability()


def sample_ways() -> int:
    board, side = SAMPLE_BOARD
    return solver.count_covers(C.board_side(board, side), C.TREASURE_CARDS[SAMPLE_CARD])


def one_way_pairs() -> int:
    return sum(r.covers == 1 for r in analysis.fill_table())


def side_counts(board: int = SIDE_BOARD) -> dict[str, int]:
    """How many of the 40 cards can fill each side of ``board``."""
    per_board = analysis.covers_per_board()
    return {side: per_board[(board, side)] for side in ("A", "B")}


def easier_side(board: int = SIDE_BOARD) -> str:
    counts = side_counts(board)
    return f"side {max(counts, key=counts.get)}"


def better_side_chance(board: int = SIDE_BOARD) -> Fraction:
    return Fraction(max(side_counts(board).values()), len(C.TREASURE_CARDS))


def best_side_chance() -> Fraction:
    """The chance a random card fills the board when every board is played on its better side."""
    per_board = analysis.covers_per_board()
    boards = sorted({b for b, _ in per_board})
    best = sum(max(per_board[(b, "A")], per_board[(b, "B")]) for b in boards)
    return Fraction(best, len(boards) * len(C.TREASURE_CARDS))


def expected_score() -> Fraction:
    """A perfect player's expected round score (no caller's bonus)."""
    return analysis.expected_best_score()


def expected_score_with_call() -> Fraction:
    return analysis.expected_best_score(caller_bonus=True)


# ---------------------------------------------------------------------------
# tables of exact results (each shown after a prediction about it)
# ---------------------------------------------------------------------------


class Table:
    """A small table that reads as HTML in a notebook and as text elsewhere."""

    def __init__(self, header: Sequence[str], rows: Sequence[Sequence[object]], caption: str = ""):
        self.header, self.rows, self.caption = list(header), [list(r) for r in rows], caption

    def _repr_html_(self) -> str:
        head = "".join(f"<th style='padding:2px 10px'>{html.escape(str(h))}</th>" for h in self.header)
        def cell(value: object) -> str:  # numbers line up on the right, words read from the left
            align = "right" if isinstance(value, (int, float, Fraction)) else "left"
            return f"<td style='padding:2px 10px;text-align:{align}'>{html.escape(str(value))}</td>"

        body = "".join("<tr>" + "".join(cell(v) for v in row) + "</tr>" for row in self.rows)
        caption = f"<caption style='caption-side:bottom;font-size:12px'>{html.escape(self.caption)}</caption>" \
            if self.caption else ""
        return f"<table class='mg-table'>{caption}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def __repr__(self) -> str:
        lines = [" | ".join(self.header)] + [" | ".join(map(str, row)) for row in self.rows]
        return "\n".join(lines + ([self.caption] if self.caption else []))


WAYS_BANDS = ((0, 0, "none: cannot be filled"), (1, 1, "exactly 1"), (2, 9, "2 to 9"), (10, 99, "10 to 99"),
              (100, 999, "100 to 999"), (1000, 9999, "1,000 to 9,999"), (10000, 99999, "10,000 to 99,999"),
              (100000, 10 ** 12, "100,000 or more"))


def ways_table() -> Table:
    """How many of the 800 pairs can be filled in how many ways."""
    covers = [r.covers for r in analysis.fill_table()]
    rows = [(label, sum(low <= c <= high for c in covers)) for low, high, label in WAYS_BANDS]
    return Table(["ways to fill the gallery", "board/card pairs"], rows,
                 f"all {len(covers)} pairs; the most ways for one pair: {max(covers):,}")


def sides_table() -> Table:
    """Per board: how many of the 40 cards fill side A, side B, and the better side."""
    per_board = analysis.covers_per_board()
    rows = []
    for b in sorted({b for b, _ in per_board}):
        a, s = per_board[(b, "A")], per_board[(b, "B")]
        rows.append((b + 1, a, s, max(a, s)))
    total = [sum(r[i] for r in rows) for i in (1, 2, 3)]
    rows.append(("all boards", *total))
    return Table(["board", "cards that fill side A", "cards that fill side B", "cards that fill the better side"],
                 rows,
                 f"out of {len(C.TREASURE_CARDS)} cards per side")


def scores_table() -> Table:
    """How many pairs give each best score (a perfect player, no caller's bonus)."""
    counts = Counter(analysis.best_scores())
    rows = [(score, scoring.BASE_POINTS - score, counts[score]) for score in sorted(counts, reverse=True)]
    rows.append(("all", "", sum(counts.values())))
    return Table(["best score", "empty cells", "board/card pairs"], rows)


# ---------------------------------------------------------------------------
# simulations (run on a press or a reveal, never while the page loads)
# ---------------------------------------------------------------------------


def _random_pairs(rounds: int, rng: np.random.Generator) -> np.ndarray:
    """Which of ``rounds`` random (board side, card) pairs can be filled (1) or not (0)."""
    fillable = np.array([r.coverable for r in analysis.fill_table()], dtype=float)
    return fillable[rng.integers(0, len(fillable), size=rounds)]


def fill_simulation(rounds: int = 3000, seed: Optional[int] = None) -> np.ndarray:
    """The running share of fillable pairs over ``rounds`` random rounds (for the reveal's chart)."""
    hits = _random_pairs(rounds, np.random.default_rng(seed))
    return np.cumsum(hits) / np.arange(1, rounds + 1)




def random_rounds(rounds: int = 1000, seed: Optional[int] = None) -> str:
    """Deal ``rounds`` random pairs; the share that can be filled against the exact chance and
    its +-2 standard-error band, with a picture of the running share inside its funnel."""
    rng = np.random.default_rng(seed)
    hits = _random_pairs(rounds, rng)
    shares = np.cumsum(hits) / np.arange(1, rounds + 1)
    exact = float(analysis.fill_probability())
    se = standard_error(exact, rounds)
    low, high = max(exact - 2 * se, 0.0), min(exact + 2 * se, 1.0)  # a chance lies between 0% and 100%
    cut = " (cut at 100%: no share can be higher)" if exact + 2 * se > 1 else ""
    share = float(shares[-1])
    inside = low <= share <= high
    lines = [f"<b>{rounds:,} random rounds:</b> the card could fill the board in {int(hits.sum()):,} of them, "
             f"a share of {share:.1%}.",
             f"The exact chance is {_pct(analysis.fill_probability())}. One standard error for {rounds:,} rounds is "
             f"&radic;(p(1&minus;p)/n) = {se:.2%}, so the &plusmn;2 standard-error band runs from "
             f"{low:.1%} to {'100%' if cut else f'{high:.1%}'}{cut}.",
             f"This sample landed <b>{'inside' if inside else 'outside'}</b> the band "
             f"({'as about 95 samples in 100 do' if inside else 'about 1 sample in 20 does'})."]
    return "<br>".join(lines) + _funnel_svg(shares, exact)


def _funnel_svg(shares: np.ndarray, exact: float, width: int = 420, height: int = 170) -> str:
    n = len(shares)
    left, right, top, bottom = 40, width - 8, 10, height - 22
    lo_v, hi_v = 0.6, 1.0

    def x(i: float) -> float:
        return left + (right - left) * math.log(i) / math.log(max(n, 2))

    def y(v: float) -> float:
        return bottom - (bottom - top) * (min(max(v, lo_v), hi_v) - lo_v) / (hi_v - lo_v)

    steps = sorted({max(1, round(n ** (k / 200))) for k in range(201)})
    line = " ".join(f"{x(i):.1f},{y(shares[i - 1]):.1f}" for i in steps)
    upper = " ".join(f"{x(i):.1f},{y(exact + 2 * standard_error(exact, i)):.1f}" for i in steps)
    lower = " ".join(f"{x(i):.1f},{y(exact - 2 * standard_error(exact, i)):.1f}" for i in reversed(steps))
    parts = [f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff" stroke="#ddd"/>',
             f'<polygon points="{upper} {lower}" fill="#c8e6c9" opacity="0.7"/>',
             f'<line x1="{left}" x2="{right}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="#1b5e20" stroke-dasharray="6 4"/>',
             f'<polyline points="{line}" fill="none" stroke="#2e6db4" stroke-width="1.5"/>',
             f'<text x="4" y="{y(hi_v) + 4:.0f}" font-size="10">100%</text>',
             f'<text x="4" y="{y(lo_v) + 4:.0f}" font-size="10">60%</text>',
             f'<text x="{left}" y="{height - 6}" font-size="10" fill="#555">1 round</text>',
             f'<text x="{right}" y="{height - 6}" font-size="10" fill="#555" text-anchor="end">{n:,} rounds</text>']
    legend = ("<div style='font-size:12px;color:#555'>Blue line: the share so far (the first rounds are stretched "
              "out so that you can see them); green dashes: the exact chance; green band: the exact chance "
              "&plusmn; 2 standard errors, narrowing as the rounds add up.</div>")
    return "<br>" + _svg("".join(parts), width, height, "running share against the exact chance") + legend


# ---------------------------------------------------------------------------
# the extension
# ---------------------------------------------------------------------------


def flip_rule(flips: str = "yes") -> str:
    """The exact chance a random card fills a random side when pieces may (or may not) be turned over."""
    allowed = flips == "yes"
    chance = analysis.fill_probability(flips=allowed)
    filled = round(chance * pair_count())
    return (f"Pieces {'may' if allowed else 'may not'} be turned over: {filled} of the {pair_count()} pairs "
            f"can be filled, a chance of {chance} = {_pct(chance)}.")


def unfillable_choices() -> list[str]:
    """The pairs no perfect player can fill, as labels such as "board 2A, card 24" (boards 1-10)."""
    return [f"{board_name(b, s)}, card {c}" for b, s, c in analysis.unfillable_pairs()]


def best_cover_report(pair: str) -> str:
    """The best a perfect player can do on a pair that cannot be filled, as a picture and a line."""
    board_part, card_part = pair.split(", ")
    label = board_part.split()[1]
    board, side, card = int(label[:-1]) - 1, label[-1], int(card_part.split()[1])
    gallery = C.board_side(board, side)
    cover = solver.best_cover(gallery, C.TREASURE_CARDS[card])
    empty = len(gallery.cells) - sum(len(p.cells) for p in cover)
    drawing = board_picture(board, side, card, cover, title=f"{board_name(board, side)}: the best cover")
    points = scoring.round_points(empty)["total"]
    return drawing.svg + f"<p>The best a perfect player can do: {empty} cells stay empty, {points} points.</p>"


ELVES = [((2, 0), "W", "blue"), ((0, 0), "N", "white"), ((1, 4), "E", "green"), ((3, 4), "S", "yellow")]


def elf_round():
    """The elves variant on the practice gallery: four elves, five pieces, four cells left empty."""
    board = board_from_art(RECTANGLE, elves=ELVES)
    pieces = [("white I5", 0, 0, 0), ("white I5", 0, 1, 0), ("blue I2", 0, 2, 0), ("blue I2", 0, 2, 2),
              ("blue I2", 0, 3, 0)]
    return position([board, RECTANGLE], [{"white": 2, "blue": 3, "red": 1}, {"yellow": 20}],
                    [pieces, [("yellow I1", 0, 0, 0)]], elves=True)


def elf_picture() -> Drawing:
    """The elves round as a plain drawing: the gallery, its pieces, and each elf as a circle of its
    colour on the rock beside its cell (no game status, tile numbers or players' names)."""
    state = elf_round()
    gallery = state.boards[0]
    pieces = [(state.kit.tiles[p.tile].colour, p.cells) for p in state.placed[0]]
    body, width, height = _grid_svg(gallery.cells, pieces, "practice gallery")
    step = {"N": (-1, 0), "S": (1, 0), "W": (0, -1), "E": (0, 1)}
    for (r, c), edge, colour in gallery.elves:
        dr, dc = step[edge]
        x, y = (c + 1 + dc) * CELL + CELL / 2, 18 + (r + 1 + dr) * CELL + CELL / 2
        body += (f'<circle cx="{x}" cy="{y}" r="7" fill="{palette.gem_fill(colour)}" '
                 f'stroke="{palette.gem_outline(colour)}" stroke-width="2"/>')
    return Drawing(_svg(body, width, height, "the elves variant on the practice gallery"), "[the practice gallery with elves]")


def elf_round_points() -> int:
    state = elf_round()
    state.apply(Done(0)).apply(Done(1))
    return state.round_results[-1]["points"][0]["total"]


# ---------------------------------------------------------------------------
# the lesson
# ---------------------------------------------------------------------------

RULES = "The game: pieces, boards and cards"
SCORING = "A round: placing, the call, the check, the score"
SPACE = "Sample space: every board side with every card"
SIDES = "Choosing the side first"
EXPECT = "Expectation: a perfect player's score"
LARGE = "Law of large numbers: deal many rounds"
WRAP = "Wrap-up"

def _pct(value: Fraction, places: int = 3) -> str:
    """A fraction as a percentage with no more digits than it needs: 92.375%, 95.75%, 7.625%."""
    text = f"{float(value) * 100:.{places}f}".rstrip("0").rstrip(".")
    return text + "%"


def _worked() -> dict[str, str]:
    """The worked line of each question, with its numbers read off the model."""
    card = C.TREASURE_CARDS[SAMPLE_CARD]
    terms = [(count, colour, C.SIZES[colour]) for colour, count in card.limits.items()]
    table = analysis.fill_table()
    fillable, pairs = sum(r.coverable for r in table), len(table)
    chance = analysis.fill_probability()
    covers = [r.covers for r in table]
    counts = side_counts()
    better, worse = max(counts, key=counts.get), min(counts, key=counts.get)
    per_board = analysis.covers_per_board()
    boards = len({b for b, _ in per_board})
    best = best_side_chance()
    best_count = sum(max(per_board[(b, "A")], per_board[(b, "B")]) for b in {b for b, _ in per_board})
    scores = Counter(analysis.best_scores())
    total = sum(score * n for score, n in scores.items())
    expected = expected_score()
    bonus = scoring.CALLER_BONUS
    with_call = expected_score_with_call()
    return {
        "card_cells": " + ".join(f"{n} {colour} x {size}" for n, colour, size in terms)
                      + f" = {card_cells()} cells: every card in this set adds up to exactly the "
                      f"{len(C.board_side(*SAMPLE_BOARD).cells)} cells of a gallery, so no piece can be wasted.",
        "wrong_call": f"{scoring.BASE_POINTS} - 9 - {bonus} = {wrong_call_points()}: ten or fewer empty cells always "
                      "count, even below zero; only more than 10 empty cells scores 0.",
        "fill_chance": f"The solver tried every arrangement for all {pairs} pairs: {fillable} can be filled, so "
                       f"P(fill) = {fillable}/{pairs} = {_pct(chance)}.",
        "cannot_fill": f"P(not fill) = 1 - {chance} = {cannot_fill_chance()} = {_pct(cannot_fill_chance())}: "
                       f"{pairs - fillable} of the {pairs} pairs cannot be filled.",
        "sample_ways": f"The solver lists every cover and finds exactly {sample_ways()} different ways; "
                       f"{one_way_pairs()} pairs have only one way, the most is {max(covers):,}.",
        "easier_side": f"Side {better} can be filled by {counts[better]} of the {len(C.TREASURE_CARDS)} cards, "
                       f"a chance of {better_side_chance()} = {_pct(better_side_chance())}; side {worse} by only "
                       f"{counts[worse]}, {counts[worse]}/{len(C.TREASURE_CARDS)} = "
                       f"{_pct(Fraction(counts[worse], len(C.TREASURE_CARDS)))}.",
        "best_side_chance": f"Add the better side's count over the {boards} boards: {best_count} "
                            f"of the {boards * len(C.TREASURE_CARDS)} pairs of a board and a card, so {best} = {_pct(best)}, "
                            f"up from {chance} = {_pct(chance)} with a random side.",
        "expected_score": "(" + " + ".join(f"{n} x {score}" for score, n in sorted(scores.items(), reverse=True))
                          + f") / {pairs} = {total}/{pairs} = {expected}, about {float(expected):.2f} points.",
        "score_with_call": f"Expectations add up: {expected} + {bonus} x {chance} = {with_call}, "
                           f"about {float(with_call):.2f} points.",
    }


WORKED = _worked()

QUESTIONS = (
    Question(
        "card_cells",
        f"Treasure card {SAMPLE_CARD} is shown beside the board. If you used every piece it allows, "
        "how many cells would they cover?",
        card_cells,
        worked=WORKED["card_cells"],
        hint="Multiply each colour's number of pieces by the cells one piece covers, then add.",
        section=RULES,
    ),
    Question(
        "wrong_call",
        "A player shouts \"Out of Mine!\" too early; after the check 9 cells of their gallery are empty. "
        "How many points does the round give them?",
        wrong_call_points,
        worked=WORKED["wrong_call"],
        hint="Go step by step: the 10 you start with, a point off per empty cell, then the wrong call. "
             "Nothing stops a round from going below zero.",
        section=SCORING,
    ),
    Question(
        "fill_chance",
        "A random card meets a random board side. Predict: what is the chance that the card's pieces can "
        "cover every cell of the gallery (a fraction, a decimal or a percentage)?",
        analysis.fill_probability,
        worked=WORKED["fill_chance"],
        predict=True,
        section=SPACE,
    ),
    Question(
        "cannot_fill",
        "The event \"the card cannot fill the board\" is the complement of \"the card can fill it\". "
        "What is its probability? (A fraction, or the exact percentage with all its decimal places.)",
        cannot_fill_chance,
        worked=WORKED["cannot_fill"],
        tolerance=0.02,
        hint="The two events share no outcome and together make up the whole sample space, so their chances add up to 1.",
        section=SPACE,
    ),
    Question(
        "easier_side",
        f"{board_name(SIDE_BOARD).capitalize()} is dealt to you, and you choose a side before the cards are turned over. "
        f"Predict: which side can more of the {len(C.TREASURE_CARDS)} cards fill?",
        easier_side,
        choices=("side A", "side B"),
        worked=WORKED["easier_side"],
        predict=True,
        section=SIDES,
    ),
    Question(
        "best_side_chance",
        "Everyone plays the better side of whatever board they are dealt. Predict: what is the chance "
        "now that a random card can fill the board?",
        best_side_chance,
        worked=WORKED["best_side_chance"],
        predict=True,
        section=SIDES,
    ),
    Question(
        "expected_score",
        "A perfect player fills the gallery whenever it can be done, and otherwise leaves as few cells empty "
        "as possible. Predict their expected score for a round (the long-run average per round), "
        "without the 2 points for calling.",
        expected_score,
        worked=WORKED["expected_score"],
        predict=True,
        tolerance=0.005,
        section=EXPECT,
    ),
    Question(
        "score_with_call",
        "Extension: add the 2 points for calling whenever the gallery can be filled. What is the perfect "
        "player's expected score now?",
        expected_score_with_call,
        worked=WORKED["score_with_call"],
        hint="The extra 2 points come with the probability that the gallery can be filled: add their "
             "expected value to the expected score without them.",
        tolerance=0.005,
        section=EXTENSION,
    ),
    Question(
        "sample_ways",
        f"Extension. Predict: in how many different ways can card {SAMPLE_CARD} fill "
        f"{board_name(*SAMPLE_BOARD)}? (Two ways are different when they cut the gallery into different pieces.)",
        sample_ways,
        worked=WORKED["sample_ways"],
        predict=True,
        section=EXTENSION,
    ),
)

LESSON = Lesson(
    name="out_of_mine_1_packing_chances",
    title="Out of Mine!: packing pieces, counting chances",
    goals=(
        "Score a round of Out of Mine!, including a call made too early.",
        "List the sample space of a round (every board side with every card) and find the probability "
        "of an event, and of its complement, by counting equally likely outcomes.",
        "Explain how choosing the board's side before the card is drawn changes the chance of a full "
        "gallery: once a player chooses, the outcomes are no longer equally likely.",
        "Find an expectation (a perfect player's average score) and see how close a simulation of many "
        "rounds comes to an exact chance (the law of large numbers).",
    ),
    prerequisites=(
        "fractions, decimals and percentages, and changing one into another",
        "probability as (favourable outcomes) / (all outcomes) when the outcomes are equally likely",
        "the mean of a list of numbers",
    ),
    sections=(
        Section(RULES, 8),
        Section(SCORING, 11),
        Section(SPACE, 11),
        Section(SIDES, 13),
        Section(EXPECT, 6),
        Section(LARGE, 6),
        Section(WRAP, 4),
    ),
    questions=QUESTIONS,
)

LESSONS = (LESSON,)
