"""Mineshaft Mayhem, lesson 1: the dice chances (one class of 45-60 minutes).

The lesson's questions with the model's exact answers, its plan, and the helpers its notebook
(``notebooks/mineshaft_mayhem_1_dice_chances.ipynb``) shows: a game in progress, a few dice
thrown on a press, the exact tables (each shown only after a prediction), a simulation checked
against the exact chance with its +-2 standard-error band, and for the extension the adviser,
the cost of the sticking ones and whole games. Plain model code (numpy and the game's analysis),
no widgets: the notebook puts these behind buttons.

Every number comes from :mod:`.analysis` (the exact dynamic programme over kept dice),
:mod:`.simulate` or the game's options; nothing is typed in by hand.
"""

from __future__ import annotations

import functools
import html
import math
from fractions import Fraction
from typing import Callable, Sequence

import numpy as np

from minegames.core import all_rolls
from minegames.core.lessons import Lesson, Question, Section, standard_error

from . import analysis, simulate
from .options import NUMBER_OF_DICE, Options
from .patterns import GEMS, gems_shown
from .positions import position

SIDES = 6
THROWS = 3  # throws in a turn (the game's max_rolls)

#: Each gem's pattern in the fewest words, for the table a pupil may read on a phone.
PATTERN_SHORT = {
    "diamond": "4 of a kind",
    "emerald": "two pairs",
    "ruby": "all even",
    "sapphire": "a run of four",
    "amethyst": "3 of a kind",
}

EXTENSION = "Extension (for a top set)"


# ---------------------------------------------------------------------------
# Numbers the questions use (all from the model)
# ---------------------------------------------------------------------------


def tin_counts() -> dict[str, int]:
    """How many gems of each type the full tin holds (the project's choice: the rulebook gives none)."""
    return dict(Options().gem_counts)


def first_draw_chance(gem: str) -> Fraction:
    """The chance the first gem drawn blind from the full tin is ``gem``."""
    counts = tin_counts()
    return Fraction(counts[gem], sum(counts.values()))


def one_throw_chance(gem: str) -> Fraction:
    """The chance one throw of the four dice shows ``gem``'s pattern: counted throws over 6**4."""
    return Fraction(analysis.throws_showing(gem), SIDES**NUMBER_OF_DICE)


def turn_chance(gem: str, throws: int = THROWS, lock_ones: bool = True) -> Fraction:
    """The chance of ``gem``'s pattern in a turn of ``throws`` throws, keeping dice the best way."""
    return analysis.pattern_probability(gem, rolls=throws, lock_ones=lock_ones)


def one_die_even(throws: int = THROWS, lock_ones: bool = True) -> Fraction:
    """One die, thrown again while it shows 3 or 5: the chance it ends even (the ruby, one die)."""
    return analysis.pattern_probability("ruby", dice=1, rolls=throws, lock_ones=lock_ones)


def best_chance(gem: str, dice: Sequence[int], throws_left: int) -> Fraction:
    """The best chance of ``gem`` from ``dice`` (table order) with ``throws_left`` throws to come."""
    return analysis.advise(tuple(dice), throws_left).per_gem[gem].chance


def likeliest(chances: dict[str, Fraction]) -> str:
    return max(chances, key=chances.__getitem__)


def orders(faces: Sequence[int]) -> int:
    """In how many orders the four dice can show ``faces``: the ordered throws with the same faces."""
    target = sorted(faces)
    return sum(1 for roll in all_rolls(len(faces)) if sorted(roll) == target)


def expected_wins(gem: str, turns: int) -> int:
    """Expected wins in ``turns`` turns aiming at ``gem``, to the nearest whole number."""
    return round(turns * turn_chance(gem))


def band_shrinks_by(small: int = 1_000, large: int = 10_000, gem: str = "sapphire") -> float:
    """How many times narrower the +-2 SE band is for ``large`` turns than for ``small``."""
    p = float(turn_chance(gem))
    return standard_error(p, small) / standard_error(p, large)


def _band_choice() -> str:
    ratio = band_shrinks_by()
    for low, high, words in ((0, 0.95, "wider"), (0.95, 1.05, "about the same"), (2.5, 3.5, "about 3 times narrower"),
                             (9.5, 10.5, "10 times narrower")):
        if low <= ratio < high:
            return words
    raise ValueError(f"no choice fits a band {ratio:.2f} times narrower")


# ---------------------------------------------------------------------------
# The questions and the plan
# ---------------------------------------------------------------------------

S_GAME = "The game and its five patterns"
S_DRAW = "A blind draw: sample space, event, complement"
S_ONE = "One throw: count the sample space"
S_TURN = "A turn of three throws: keep the best dice"
S_SIM = "Does a simulation agree? The law of large numbers"
S_WRAP = "Wrap-up"

_RUBY_VS_SAPPHIRE = (
    f"Sapphire about {float(turn_chance('sapphire', throws=4)):.1%} against ruby about "
    f"{float(turn_chance('ruby', throws=4)):.1%}: the extra throw helps the sapphire more. A stuck 1 ruins a "
    "ruby for the rest of the turn, while a sapphire can still use it (1-2-3-4)."
)

QUESTIONS = (
    Question(
        "gems_in_2666",
        "The dice show 2-6-6-6. How many of the five gem patterns does this throw show?",
        lambda: len(gems_shown((2, 6, 6, 6))),
        worked="Every die is even (ruby) and three dice match (amethyst): 2 patterns.",
        hint="Go down the five patterns one at a time.",
        section=S_GAME,
    ),
    Question(
        "first_gem_diamond",
        "The first gem is drawn blind from the full tin of 30. What is the chance it is a diamond?",
        lambda: first_draw_chance("diamond"),
        worked="4 diamonds among 30 equally likely gems: 4/30 = 2/15.",
        hint="Favourable outcomes over all the outcomes in the sample space.",
        tolerance=0.02,
        section=S_DRAW,
    ),
    Question(
        "first_gem_not_amethyst",
        "What is the chance the first gem is NOT an amethyst?",
        lambda: 1 - first_draw_chance("amethyst"),
        worked="Complement: 1 − 8/30 = 22/30 = 11/15.",
        hint="Work out the chance it IS an amethyst, then take that away from 1.",
        tolerance=0.02,
        section=S_DRAW,
    ),
    Question(
        "diamond_one_throw",
        "Prediction: you throw all four dice once. What is the chance that all four show the same number?",
        lambda: one_throw_chance("diamond"),
        worked="6 of the 1296 throws (1-1-1-1 up to 6-6-6-6): 6/1296 = 1/216. Or: the first die can be "
               "anything, and each of the other three matches it with chance 1/6: (1/6)³ = 1/216.",
        predict=True,
        section=S_ONE,
    ),
    Question(
        "ruby_throws",
        "How many of the 1296 throws show only even numbers (a ruby)? (a count, not a chance)",
        lambda: analysis.throws_showing("ruby"),
        worked="Each die has 3 even faces (2, 4, 6): 3 × 3 × 3 × 3 = 81 throws, so the chance is 81/1296 = 1/16.",
        hint="How many even faces does one die have? Four dice: multiply.",
        section=S_ONE,
    ),
    Question(
        "likeliest_one_throw",
        "Prediction: in ONE throw, which gem's pattern is the likeliest?",
        lambda: likeliest({gem: one_throw_chance(gem) for gem in GEMS}),
        worked="Amethyst: 126 of the 1296 throws show three or four of a kind; then emerald 90, ruby 81, "
               "sapphire 72, diamond 6.",
        choices=GEMS,
        predict=True,
        section=S_ONE,
    ),
    Question(
        "ruby_three_throws",
        "Prediction: a whole turn of three throws, aiming only at the ruby and keeping dice the best way. "
        "What is the chance of ending with every die even?",
        lambda: turn_chance("ruby"),
        worked=f"({one_die_even()})⁴ = {turn_chance('ruby')}: each die ends even with chance {one_die_even()} on "
               "its own, and the four dice do not affect each other (the tree next shows where "
               f"{one_die_even()} comes from).",
        predict=True,
        show_working=False,  # the pupils work it out next (one_die_even), then press "Show the working"
        section=S_TURN,
    ),
    Question(
        "one_die_even",
        "One die, up to three throws, as in the tree: what is the chance it ends even?",
        lambda: one_die_even(),
        worked="Even at once: 1/2; a 3 or 5, then even: 1/3 × 1/2 = 1/6; a 3 or 5 twice, then even: "
               "1/3 × 1/3 × 1/2 = 1/18. Add these separate ways: 9/18 + 3/18 + 1/18 = 13/18.",
        hint="Multiply along each branch that ends even, then add those branches.",
        tolerance=0.02,
        section=S_TURN,
    ),
    Question(
        "band_narrows",
        "Prediction: the computer plays 10,000 turns instead of 1,000. The ±2 standard-error band becomes ...",
        _band_choice,
        worked="The standard error is √(p(1 − p)/n) (p: the exact chance, n: the number of turns): ten times "
               "the turns divides it by √10 ≈ 3.16.",
        choices=("wider", "about the same", "about 3 times narrower", "10 times narrower"),
        predict=True,
        section=S_SIM,
    ),
    Question(
        "diamond_1444",
        "Extension: the dice show 1-4-4-4 and you have one throw left. The 1 is stuck. What is your best chance of a diamond?",
        lambda: best_chance("diamond", (1, 4, 4, 4), 1),
        worked="The 1 cannot move, so the only diamond left is 1-1-1-1: throw the three 4s again and all three "
               "must land on 1: (1/6)³ = 1/216.",
        hint="Which four of a kind can you still make while the 1 stays where it is?",
        tolerance=0.02,
        section=EXTENSION,
    ),
    Question(
        "ruby_four_throws",
        "Extension: the same tree, but a turn of FOUR throws. What is the chance of a ruby?",
        lambda: turn_chance("ruby", throws=4),
        worked=f"One die ends even with 1/2 + 1/6 + 1/18 + 1/54 = 27/54 + 9/54 + 3/54 + 1/54 = "
               f"{one_die_even(throws=4)}; four dice on their own: ({one_die_even(throws=4)})⁴ = "
               f"{turn_chance('ruby', throws=4)}, about {float(turn_chance('ruby', throws=4)):.1%}.",
        hint="Add a fourth level to the tree: a 3 or 5 three times, then even. Then multiply four dice.",
        tolerance=0.02,
        section=EXTENSION,
    ),
    Question(
        "ruby_or_sapphire",
        f"Extension, prediction: in a turn of three throws the ruby ({float(turn_chance('ruby')):.1%}) just beats the "
        f"sapphire ({float(turn_chance('sapphire')):.1%}). With FOUR throws a turn, which is likelier?",
        lambda: "ruby" if turn_chance("ruby", throws=4) > turn_chance("sapphire", throws=4) else "sapphire",
        worked=_RUBY_VS_SAPPHIRE,
        choices=("ruby", "sapphire"),
        predict=True,
        reveal_after=1,
        section=EXTENSION,
    ),
    Question(
        "expected_sapphires",
        "Extension: the computer plays 1,000 turns aiming at the sapphire. Using the exact chance from the table, "
        "how many wins do you expect, to the nearest whole number?",
        lambda: expected_wins("sapphire", 1_000),
        worked=f"Expectation = number of turns × chance = 1000 × {turn_chance('sapphire')} "
               f"≈ {1000 * float(turn_chance('sapphire')):.1f}, so about {expected_wins('sapphire', 1_000)}.",
        hint="Multiply the number of turns by the chance of winning one turn.",
        section=EXTENSION,
    ),
    Question(
        "sapphire_orders",
        "Extension: in how many different orders can the four dice show the run 2-3-4-5?",
        lambda: orders((2, 3, 4, 5)),
        worked=f"4 × 3 × 2 × 1 = 4! = {orders((2, 3, 4, 5))}. With 3 runs (1-2-3-4, 2-3-4-5, 3-4-5-6): "
               f"3 × {orders((2, 3, 4, 5))} = {analysis.throws_showing('sapphire')}, the sapphire's count in the table.",
        hint="The first die can show any of the 4 numbers, the second any of the 3 left, and so on.",
        section=EXTENSION,
    ),
    Question(
        "emerald_orders",
        "Extension: in how many different orders can the four dice show 2-2-5-5?",
        lambda: orders((2, 2, 5, 5)),
        worked=f"Choose which two of the four dice show the 2s: C(4,2) = 4! ÷ (2! × 2!) = {orders((2, 2, 5, 5))}. "
               f"With C(6,2) = 15 pairs of numbers: 15 × {orders((2, 2, 5, 5))} = {analysis.throws_showing('emerald')}, "
               "the emerald's count in the table.",
        hint="The 5s go wherever the 2s do not: choose the two dice that show the 2s with C(4,2).",
        section=EXTENSION,
    ),
    Question(
        "one_die_even_unstuck",
        "Extension: if ones did not stick, a die could be thrown again on any odd number. What is the chance "
        "one die ends even within three throws?",
        lambda: one_die_even(lock_ones=False),
        worked="Complement: it fails only if all three throws are odd, (1/2)³ = 1/8; so 1 − 1/8 = 7/8. For the "
               f"ruby: (7/8)⁴ ≈ {float(turn_chance('ruby', lock_ones=False)):.1%}, against about "
               f"{float(turn_chance('ruby')):.1%} when ones stick.",
        hint="Work out the chance it fails (odd, odd, odd) and use the complement.",
        tolerance=0.02,
        section=EXTENSION,
    ),
)

DICE_CHANCES = Lesson(
    name="mineshaft_mayhem_1_dice_chances",
    title="Mineshaft Mayhem: the chance of each gem",
    goals=(
        "list the sample space of a blind draw and of a throw of four dice, and find the chance of an "
        "event by counting equally likely outcomes",
        "use the complement (1 minus the chance) and multiply chances of independent dice",
        "explain why keeping dice over three throws changes each gem's chance, and read the exact table "
        "of all fifteen chances",
        "use the law of large numbers and the ±2 standard-error band to judge whether a simulation agrees "
        "with an exact chance",
    ),
    prerequisites=(
        "fractions, decimals and percentages, and changing one into another",
        "the chance of an outcome when all outcomes are equally likely (a fair die: 1/6 each)",
        "multiplying fractions",
    ),
    sections=(
        # Honest minutes for pairs aged 14-16: reading at about 120 words a minute (90 for rules and
        # maths), answer texts and tables counted, 2-4 minutes a question, 1 for a show of hands, 3 for a
        # stop; the opening cell (2 minutes) is in part 1. See the guide's timing table.
        Section(S_GAME, 9),
        Section(S_DRAW, 7),
        Section(S_ONE, 12),
        Section(S_TURN, 18),
        Section(S_SIM, 8),
        Section(S_WRAP, 4),
    ),
    questions=QUESTIONS,
)

LESSONS = (DICE_CHANCES,)


# ---------------------------------------------------------------------------
# What the notebook shows
# ---------------------------------------------------------------------------


def sheet_in_play():
    """A game a few turns in: gems on the belt, one box used, a gem on a gear, dice thrown."""
    return position(seed=3, turn=6, conveyor=["ruby", None, "emerald", "amethyst", None, "sapphire"],
                    gears=["amethyst"], containers={"diamond": 1}, cursite=1, dice=(3, 5, 3, 5))


def plain_sheet(display_width: float = 420) -> str:
    """The game in play drawn plainly for the lesson's opening (SVG): the belt with its gems, the
    three gears (one jammed) and the four dice of :func:`sheet_in_play`; no status line, boxes,
    cursite or score, which the lesson does not teach."""
    from minegames.core import svg

    state = sheet_in_play()
    space, gap, margin = 50, 8, 16
    belt = list(state.conveyor)
    belt_width = len(belt) * (space + gap) - gap
    width, height = margin * 2 + belt_width, 190
    doc = svg.Svg(width, height, display_width=display_width,
                  title="A game in play: gems on the belt, one gem on a gear, four dice thrown")
    doc.add(svg.text(margin, 20, "the belt (new gems land at the start)", size=15, weight="bold"))
    doc.add(svg.rounded_box(margin - 4, 30, belt_width + 8, space + 8, radius=8, fill="#6b6259", stroke="none"))
    for index, gem in enumerate(belt):
        x = margin + index * (space + gap)
        doc.add(svg.rounded_box(x, 34, space, space, radius=5, fill="#efe9dd",
                                stroke="#3f8f5a" if index == 0 else "#3b352f", stroke_width=2.5 if index == 0 else 1))
        if index == 0:
            doc.add(svg.text(x + space - 4, 45, "start", size=9, anchor="end", fill="#3f8f5a", weight="bold"))
        if gem is not None:
            doc.add(svg.gem_glyph(x + space / 2, 34 + space / 2 + 4, 30, gem))
    doc.add(svg.text(margin, 120, "the four dice", size=15, weight="bold"))
    for die, face in enumerate(state.dice):
        doc.add(svg.die_face(margin + die * 52, 130, 42, face))
    gears_x = margin + belt_width - 3 * 54
    doc.add(svg.text(gears_x, 120, "the gears", size=15, weight="bold"))
    doc.add(svg.arrow(margin + belt_width - 25, 93, margin + belt_width - 25, 126, width=2, head=5))
    for index, gem in enumerate(list(state.gears)[:3]):
        cx = gears_x + 24 + index * 54
        doc.add(svg.cog(cx, 152, 22, teeth=10, fill="#d9dde3" if gem is None else "#b9a3a3"))
        if gem is not None:
            doc.add(svg.gem_glyph(cx, 152, 22, gem))
    return str(doc)


def ruby_working() -> str:
    """The working of the ruby prediction, shown after pupils have done the tree (HTML)."""
    one, four = one_die_even(), turn_chance("ruby")
    return (f"<p>One die ends even with chance {one} (the tree). The four dice do not affect each other, "
            f"so all four end even with chance {one} × {one} × {one} × {one} = ({one})⁴ = {four}, "
            f"about {_percent(four)}: the exact answer to the prediction.</p>")


_TABLE = "<table style='border-collapse:collapse;margin:4px 0'>"
_CELL = "padding:3px 10px;border-bottom:1px solid #ddd;text-align:left"


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """An HTML table that reads well projected (cells are HTML already)."""
    top = "".join(f"<th style='{_CELL}'>{cell}</th>" for cell in head)
    body = "".join("<tr>" + "".join(f"<td style='{_CELL}'>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"{_TABLE}<tr>{top}</tr>{body}</table>"


def _percent(chance: Fraction | float, digits: int = 1) -> str:
    return f"{float(chance) * 100:.{digits}f}%"


def table_percent(chance: Fraction | float) -> str:
    """A percentage for the tables: one decimal, two under 1% (0.46%, not 0.5%, so ratios come out right)."""
    return _percent(chance, 2 if 0 < float(chance) < 0.01 else 1)


def tin_table() -> str:
    """The full tin: how many gems of each type it holds (HTML)."""
    counts = tin_counts()
    rows = [(gem, str(count)) for gem, count in counts.items()]
    return _table(("gem", "in the full tin"), rows + [("<b>all</b>", f"<b>{sum(counts.values())}</b>")])


def throw_dice(throws: int = 1, seed: int | None = None) -> str:
    """Throw the four dice ``throws`` times; say which patterns each throw shows (HTML)."""
    rng = np.random.default_rng(seed)
    rows = []
    for faces in rng.integers(1, SIDES + 1, size=(throws, NUMBER_OF_DICE)):
        faces = tuple(int(face) for face in faces)
        shown = gems_shown(faces)
        rows.append((" - ".join(map(str, faces)), ", ".join(shown) if shown else "no gem"))
    return _table(("the four dice", "gem patterns shown"), rows)


def one_throw_table() -> str:
    """The event of each pattern counted in the 1296 throws, and its chance (HTML)."""
    total = SIDES**NUMBER_OF_DICE
    rows = [(gem, html.escape(PATTERN_SHORT[gem]), str(analysis.throws_showing(gem)),
             f"{analysis.throws_showing(gem)}/{total} = {one_throw_chance(gem)}", table_percent(one_throw_chance(gem)))
            for gem in sorted(GEMS, key=one_throw_chance, reverse=True)]
    return (f"<p>All {total} throws, counted by the computer.</p>"
            + _table(("gem", "pattern", "throws", "chance", "≈"), rows))


def chance_table(lock_ones: bool = True) -> str:
    """The fifteen exact chances: each gem in a turn of 1, 2 and 3 throws, best keeps (HTML)."""
    table = analysis.probability_table(rolls=(1, 2, 3), lock_ones=lock_ones)
    head = ["gem"] + [f"{r} throw{'s' if r > 1 else ''}" for r in (1, 2, 3)]
    rows = [[gem] + [f"<b>{table_percent(row[r])}</b><br><small>{row[r]}</small>" for r in (1, 2, 3)]
            for gem, row in sorted(table.items(), key=lambda item: item[1][3], reverse=True)]
    return "<p>Exact chances, aiming at one gem and keeping dice the best way.</p>" + _table(head, rows)


def simulated(gem: str, throws: int = 1, turns: int = 20_000, seed: int = 7) -> Callable[[], np.ndarray]:
    """A simulation for an exercise's reveal: the running share of ``turns`` turns that win ``gem``."""
    return functools.partial(simulate.simulate_pattern, gem, turns, rolls=throws, seed=seed)


def simulation_check(gem: str = "sapphire", turns: int = 1_000, seed: int | None = None) -> str:
    """Play ``turns`` turns aiming at ``gem`` (best keeps); compare the share of wins with the exact
    chance and its +-2 standard-error band, in words and a picture (HTML)."""
    shares = simulate.simulate_pattern(gem, turns, rolls=THROWS, seed=seed)
    exact = float(turn_chance(gem))
    share = float(shares[-1])
    half = 2 * standard_error(exact, turns)
    inside = abs(share - exact) <= half
    words = (
        f"<p>{turns:,} turns aiming at the {gem}: {round(share * turns):,} won, a share of <b>{_percent(share)}</b>. "
        f"Exact chance {_percent(exact)}; band {_percent(exact - half)} to {_percent(exact + half)}. "
        + ("<b>inside</b> the band." if inside else
           "<b>outside</b> the band: about 1 run in 20 does that.")
        + "</p>"
    )
    return words + share_picture(shares, exact)


def share_picture(shares: Sequence[float], exact: float, width: int = 520, height: int = 200) -> str:
    """The running share of wins (blue), the exact chance (green dashes) and its +-2 SE band (shaded),
    against the number of turns on a log scale (SVG)."""
    n = len(shares)
    first = min(10, n)
    left, right, top, bottom = 48, width - 28, 10, height - 36
    span = math.log(max(n, first + 1) / first)
    high = min(1.0, exact + 2 * standard_error(exact, first) + 0.05)
    low = max(0.0, exact - 2 * standard_error(exact, first) - 0.05)

    def x(k: int) -> float:  # k turns played
        return left + (right - left) * math.log(k / first) / span

    def y(value: float) -> float:
        value = min(max(value, low), high)
        return bottom - (bottom - top) * (value - low) / (high - low)

    marks = sorted({first, n, *(round(first * math.exp(span * j / 120)) for j in range(121))})
    marks = [k for k in marks if first <= k <= n]
    upper = [f"{x(k):.1f},{y(exact + 2 * standard_error(exact, k)):.1f}" for k in marks]
    lower = [f"{x(k):.1f},{y(exact - 2 * standard_error(exact, k)):.1f}" for k in reversed(marks)]
    line = " ".join(f"{x(k):.1f},{y(float(shares[k - 1])):.1f}" for k in marks)
    ticks = "".join(
        f'<text x="{x(k):.1f}" y="{bottom + 17}" font-size="14" text-anchor="middle">{k:,}</text>'
        for k in (10, 100, 1_000, 10_000, 100_000) if first <= k <= n)
    labels = "".join(
        f'<text x="{left - 4}" y="{y(v) + 5:.1f}" font-size="14" text-anchor="end">{v:.0%}</text>'
        for v in (low, exact, high))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'role="img" aria-label="running share of wins against the exact chance">'
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" fill="#fff" stroke="#ccc"/>'
        f'<polygon points="{" ".join(upper + lower)}" fill="#c8e6c9" opacity="0.8"/>'
        f'<line x1="{left}" x2="{right}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="#1b5e20" '
        'stroke-dasharray="6 4"/>'
        f'<polyline points="{line}" fill="none" stroke="#2e6db4" stroke-width="1.6"/>'
        f"{ticks}{labels}"
        f'<text x="{(left + right) / 2}" y="{height - 2}" font-size="14" text-anchor="middle">turns played '
        "(log scale)</text></svg>"
        "<div style='font-size:13px;color:#555'>Blue: the share of wins so far. Green dashes: the exact chance. "
        "Shaded: the ±2 standard-error band.</div>"
    )


# ---------------------------------------------------------------------------
# Extension helpers
# ---------------------------------------------------------------------------


def sticking_ones_table() -> str:
    """Each gem's chance in a turn of three throws, with ones sticking and without (HTML)."""
    rows = [(gem, _percent(cost.locked), _percent(cost.free), f"{float(cost.cost) * 100:.1f} percentage points")
            for gem, by_rolls in analysis.lock_ones_cost(rolls=(THROWS,)).items() for cost in (by_rolls[THROWS],)]
    return _table(("gem", "ones stick", "ones free", "what sticking costs"), rows)


def _throw_again_words(dice: Sequence[int], keep: Sequence[int]) -> str:
    again = [str(i + 1) for i in range(len(dice)) if i not in keep]
    if not again:
        return "keep them all"
    return f"throw die {again[0]} again" if len(again) == 1 else \
        f"throw dice {', '.join(again[:-1])} and {again[-1]} again"


def advice_for(die_1: int, die_2: int, die_3: int, die_4: int, throws_left: int) -> str:
    """The adviser in plain words (HTML): for each gem the exact chance with the best keep and what to
    throw again, then the keep that gives the best chance of ending the turn with some gem."""
    dice = (die_1, die_2, die_3, die_4)
    advice = analysis.advise(dice, throws_left)
    rows = []
    for gem, one in advice.per_gem.items():
        what = ("it shows now" if one.shown else "out of reach" if one.chance == 0
                else _throw_again_words(dice, one.keep))
        rows.append((gem, _percent(one.chance) if one.chance else "none", what))
    stuck = [str(i + 1) for i, face in enumerate(dice) if face == 1]
    head = (f"<p>Dice {'-'.join(map(str, dice))}, {throws_left} throw{'s' if throws_left > 1 else ''} left"
            + (f" (die {', '.join(stuck)} shows 1 and is stuck)" if stuck else "") + ".</p>")
    best = advice.best
    if best.stop:
        verdict = (f"Best overall: stop now and take the {best.collect}." if best.collect
                   else "Best overall: stop now; no gem is worth taking.")
    else:
        verdict = (f"Best overall (any gem will do): {_throw_again_words(dice, best.keep)}. Then the chance of "
                   f"ending the turn with some gem is about {_percent(best.worth, 0)}.")
    return head + _table(("gem", "best chance", "what to do for that gem"), rows) + f"<p><b>{verdict}</b></p>"


def whole_games(games: int = 200, throws: int = THROWS, seed: int | None = None) -> str:
    """Whole games played at random and by the adviser: the mean score (an estimate of the
    expectation, +-2 standard errors) and the ranks reached (HTML)."""
    parts = []
    for policy, name in (("random", "throwing and choosing at random"), ("strong", "following the adviser")):
        result = simulate.simulate(games, policy=policy, seed=seed, max_rolls=throws)
        mean, sem = result.mean(), result.sem()
        ranks = ", ".join(f"{rank} {100 * share:.0f}%" for rank, share in result.rank_distribution().items()
                          if share >= 0.005)
        parts.append(f"<p><b>{games:,} games {name}</b>: mean score {mean:.1f} "
                     f"(±2 standard errors: {mean - 2 * sem:.1f} to {mean + 2 * sem:.1f}). "
                     f"Ranks reached (share of the games): {ranks}.</p>")
    return "".join(parts)
