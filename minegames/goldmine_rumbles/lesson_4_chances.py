"""Goldmine Rumbles, lesson 4: the chances behind the dice (a probability lesson).

The lesson is :data:`CHANCES` (``notebooks/goldmine_rumbles_4_chances.ipynb``, the teacher's guide
``docs/teaching/goldmine_rumbles_4_chances.md``). It counts one fight round's sample space,
works a fight backwards from its last round, finds the expectation of the larger of two dice and
of a partner's bid, and checks a simulation against the exact answer (the law of large numbers,
the ±2 standard-error band). Every number comes from :mod:`.analysis`; the pictures and tables
here are plain SVG and HTML strings (no widgets: the notebook wraps them).

The extension (a top set) writes a fight out as a Markov chain, and adds how long a fight lasts,
two miners against Papa Clayton, the hazard die and the split-dice reading of a partner dig.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Sequence

import numpy as np

from minegames.core.lessons import Lesson, Question, Section, standard_error

from . import analysis
from . import dice_rules as R
from .lessons import html_table

NAME = "goldmine_rumbles_4_chances"
PAPA = R.PAPA_CLAYTON_BONUS
FACES = analysis.DIE_FACES
WIN, TIE, LOSE = "#7cc47f", "#f3d36b", "#e8827a"  # the colours of a won, tied and lost round


def pct(value: Fraction | float, places: int = 1) -> str:
    """A chance as a percentage; one that is not certain never reads as 100% (">99.99%")."""
    shown = f"{float(value) * 100:.{places}f}"
    if value < 1 and float(shown) >= 100:
        return f">{100 - 10 ** -places:.{places}f}%"
    return f"{shown}%"


def points(gap: Fraction | float) -> str:
    """A difference of two chances in percentage points ("30.6 points"), never with a % sign."""
    shown = f"{float(gap) * 100:.1f}"
    if gap < 1 and float(shown) >= 100:
        return ">99.9 points"
    return f"{shown} points"




# ---------------------------------------------------------------------------
# 1. One round: the sample space of two dice
# ---------------------------------------------------------------------------


def round_outcome(mine: int, theirs: int, edge: int) -> str:
    """"win", "tie" or "lose" for the side that is ``edge`` ahead, by the rules module."""
    hurt_me, hurt_them = R.round_injuries(mine + edge, theirs)
    return "tie" if hurt_me and hurt_them else "lose" if hurt_me else "win"


def _dice_grid_svg(label: str, across: str, down: str, cell, *, size: int = 34, left: int = 70, top: int = 40,
                   spare: tuple[int, int] = (10, 10), footer: str = "") -> str:
    """A 6 x 6 grid of two dice (``down``'s face by row, ``across``'s by column), each square as
    ``cell(row_face, column_face)`` gives it: (fill, stroke, text, font size). ``spare``: room
    right and below; ``footer``: a line under the grid."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 6 * size + spare[0]}" '
             f'height="{top + 6 * size + spare[1]}" role="img" aria-label="{label}">',
             f'<text x="{left + 3 * size}" y="14" font-size="13" text-anchor="middle">{across}</text>',
             f'<text x="14" y="{top + 3 * size}" font-size="13" text-anchor="middle" '
             f'transform="rotate(-90 14 {top + 3 * size})">{down}</text>']
    for k in FACES:
        parts.append(f'<text x="{left + (k - 0.5) * size}" y="{top - 6}" font-size="12" text-anchor="middle">{k}</text>')
        parts.append(f'<text x="{left - 10}" y="{top + (k - 0.5) * size + 4}" font-size="12" '
                     f'text-anchor="middle">{k}</text>')
    for row in FACES:
        for column in FACES:
            fill, stroke, text, font = cell(row, column)
            x, y = left + (column - 1) * size, top + (row - 1) * size
            parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{fill}" stroke="{stroke}"/>'
                         f'<text x="{x + size / 2}" y="{y + size / 2 + 4}" font-size="{font}" '
                         f'text-anchor="middle">{text}</text>')
    if footer:
        parts.append(f'<text x="{left}" y="{top + 6 * size + 24}" font-size="12">{footer}</text>')
    parts.append("</svg>")
    return "".join(parts)


def round_grid_svg(edge: int = 1) -> str:
    """The 36 outcomes of one round as a 6 x 6 grid (my die down, theirs across), each coloured
    by who takes the injury when I am ``edge`` ahead."""
    colour = {"win": WIN, "tie": TIE, "lose": LOSE}

    def cell(mine, theirs):
        result = round_outcome(mine, theirs, edge)
        return colour[result], "#fff", result, 10

    return _dice_grid_svg("the 36 outcomes of one fight round", "their die", "my die", cell, spare=(60, 40))


def round_counts(edge: int = 1) -> dict[str, int]:
    """How many of the 36 outcomes win, tie and lose a round when I am ``edge`` ahead."""
    outcomes = [round_outcome(mine, theirs, edge) for mine in FACES for theirs in FACES]
    return {result: outcomes.count(result) for result in ("win", "tie", "lose")}


def round_grid_html(edge: int = 1) -> str:
    """The coloured grid of :func:`round_grid_svg` with its counts said above it, in words."""
    counts = round_counts(edge)
    return (f"<p>Edge {edge:+d}: you win the round in {counts['win']}, tie in {counts['tie']} and lose in "
            f"{counts['lose']} of the 36 outcomes.</p>" + round_grid_svg(edge))


def totals_grid_svg(edge: int = 1) -> str:
    """The 36 outcomes of one round, uncoloured, each square showing my total and theirs when I am
    ``edge`` ahead (for pupils to count the wins and ties themselves)."""
    return _dice_grid_svg("my total and theirs in each of the 36 outcomes", "their die", "my die",
                          lambda mine, theirs: ("#f7f3e8", "#d8cfb8", f"{mine + edge}–{theirs}", 11))


def round_table_html(edges: Sequence[int] = range(0, 4)) -> str:
    """For each edge: the outcomes (out of 36) that win, tie and lose a round, and the chances."""
    rows = []
    for edge in edges:
        odds = analysis.round_odds(edge)
        rows.append((f"{edge:+d}", f"{int(odds.win * 36)}/36 = {pct(odds.win)}", f"{int(odds.tie * 36)}/36",
                     f"{int(odds.lose * 36)}/36 = {pct(odds.lose)}",
                     points(odds.win - odds.lose)))
    return html_table(("edge", "win the round", "tie", "lose the round", "win − lose"), rows)


# ---------------------------------------------------------------------------
# 2. A whole fight, worked backwards
# ---------------------------------------------------------------------------


def fight_grid_svg(edge: int = 1) -> str:
    """Each injury pair (mine, theirs) as a square, coloured and labelled by the exact chance of
    winning the fight from there when I am ``edge`` ahead."""
    size, left, top = 62, 80, 40
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + 4 * size + 20}" height="{top + 4 * size + 46}" '
             f'role="img" aria-label="chance of winning the fight from each pair of injuries">',
             f'<text x="{left + 2 * size}" y="14" font-size="13" text-anchor="middle">their injuries</text>',
             f'<text x="16" y="{top + 2 * size}" font-size="13" text-anchor="middle" '
             f'transform="rotate(-90 16 {top + 2 * size})">my injuries</text>']
    for k in analysis.INJURY_STATES:
        parts.append(f'<text x="{left + (k + 0.5) * size}" y="{top - 6}" font-size="12" text-anchor="middle">{k}</text>')
        parts.append(f'<text x="{left - 12}" y="{top + (k + 0.5) * size + 4}" font-size="12" '
                     f'text-anchor="middle">{k}</text>')
    for mine in analysis.INJURY_STATES:
        for theirs in analysis.INJURY_STATES:
            chance = float(analysis.fight_odds(edge, 0, mine, theirs).win)
            x, y = left + theirs * size, top + mine * size
            parts.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{_shade(chance)}" '
                         f'stroke="#fff"/><text x="{x + size / 2}" y="{y + size / 2 + 5}" font-size="14" '
                         f'text-anchor="middle">{chance:.0%}</text>')
    parts.append(f'<text x="{left}" y="{top + 4 * size + 22}" font-size="12">edge {edge:+d}: my chance to win '
                 f'the fight</text><text x="{left}" y="{top + 4 * size + 38}" font-size="12">from each pair of '
                 f'injuries</text>')
    parts.append("</svg>")
    return "".join(parts)


def _shade(chance: float) -> str:
    """Red (0) through yellow (1/2) to green (1)."""
    low, mid, high = (232, 130, 122), (243, 211, 107), (124, 196, 127)
    a, b, t = (low, mid, chance * 2) if chance < 0.5 else (mid, high, chance * 2 - 1)
    return "rgb({},{},{})".format(*(int(u + (v - u) * t) for u, v in zip(a, b)))


def edge_table_html(edges: Sequence[int] = range(0, 6)) -> str:
    """One round against a whole fight: win minus lose, and the chance of winning the fight."""
    rows = []
    for edge in edges:
        one, whole = analysis.round_odds(edge), analysis.fight_odds(edge, 0)
        rows.append((f"{edge:+d}", pct(one.win), points(one.win - one.lose), pct(whole.win, 2),
                     points(whole.win - whole.lose)))
    return html_table(("edge", "win a round", "round: win − lose", "win the fight", "fight: win − lose"), rows)


# ---------------------------------------------------------------------------
# 3. A Chippawa Leaf or one more Colt 45 cube (against Papa Clayton)
# ---------------------------------------------------------------------------

LEAF, CUBE = "a Chippawa Leaf", "a fourth Colt 45 cube"


def leaf_or_cube() -> str:
    """Which helps a +3 miner more against Papa Clayton: a Leaf, or one more cube (+4)?"""
    leaf = analysis.fight_odds(3, PAPA, chippawa=1).win
    cube = analysis.fight_odds(4, PAPA).win
    return LEAF if leaf > cube else CUBE


def helpers_table_html() -> str:
    """A +3 miner against Papa Clayton with nothing, a Leaf, a fourth cube, or both."""
    rows = [("nothing more (+3)", pct(analysis.fight_odds(3, PAPA).win, 2)),
            (LEAF + " (+3)", pct(analysis.fight_odds(3, PAPA, chippawa=1).win, 2)),
            (CUBE + " (+4)", pct(analysis.fight_odds(4, PAPA).win, 2)),
            ("both (+4 and a Leaf)", pct(analysis.fight_odds(4, PAPA, chippawa=1).win, 2))]
    return html_table(("the miner has", "chance to beat Papa Clayton (+4)"), rows)


# ---------------------------------------------------------------------------
# 4. Two dice: the larger one, and expectation
# ---------------------------------------------------------------------------


def larger_grid_svg(shade: bool = False) -> str:
    """The 36 throws of two dice with the larger face written in each (the 6s shaded if ``shade``)."""
    def cell(a, b):
        return ("#f3d36b" if shade and max(a, b) == 6 else "#f7f3e8"), "#d8cfb8", max(a, b), 12

    return _dice_grid_svg("the larger of two dice in each of the 36 throws", "second die", "first die", cell,
                          size=30, left=60, top=36, spare=(20, 40),
                          footer="shaded: the larger die is a 6" if shade else "")


def two_dice_table_html() -> str:
    """One die, the larger and the smaller of two: in how many of 36 throws each face comes up,
    and the mean (narrow enough for a phone)."""
    high, low = analysis.max_min_distributions()
    one = {k: Fraction(1, 6) for k in FACES}
    rows = [(name, *(int(dist[k] * 36) for k in FACES), f"{float(analysis.expected_value(dist)):.2f}")
            for name, dist in (("one die", one), ("larger of two", high), ("smaller of two", low))]
    return ("<p>How many of the 36 throws give each number, and the mean (the expected value):</p>"
            + html_table(("", *map(str, FACES), "mean"), rows, pad=5))


def partner_table_html(bonus: int = 1, sharing: str = R.SHARED_DICE) -> str:
    """What each miner gains on average for each bid (both with ``bonus`` at the claim)."""
    owner, partner = {"bonus": bonus}, {"bonus": bonus}
    rows = []
    for bid in range(1, 7):
        value = analysis.partner_value(bid, owner, partner, sharing)
        rows.append((f"{bid}gn", f"{float(value.owner):+.2f}gn", f"{float(value.partner):+.2f}gn"))
    even = analysis.break_even_bid(owner, partner, sharing)
    words = "shared dice" if sharing == R.SHARED_DICE else "split dice"
    return ("<p>The owner's gain is counted against digging alone (the bid received, less the gold lost by "
            "sharing the dice); the partner's is the expected yield less the bid.</p>"
            + html_table(("bid", "owner's expected gain", "partner's expected gain"), rows)
            + f"<p>{words}: the partner breaks even at a bid of {float(even):.2f}gn.</p>")


# ---------------------------------------------------------------------------
# 5. Simulation: the law of large numbers and the ±2 standard-error band
# ---------------------------------------------------------------------------

SIM_EDGE = 1




def band_narrower(small: int = 100, large: int = 10_000) -> str:
    """How many times narrower the ±2 SE band gets from ``small`` to ``large`` trials, in words."""
    p = float(analysis.fight_odds(SIM_EDGE, 0).win)
    ratio = round(standard_error(p, small) / standard_error(p, large))
    return "about the same" if ratio == 1 else f"{ratio} times narrower"


BAND_CHOICES = ("about the same", "2 times narrower", "10 times narrower", "100 times narrower")


def simulate_html(fights: int = 1000, seed: int = 1) -> str:
    """``fights`` fights at a +1 edge with the dice of ``seed``: the share won against the exact
    chance and its ±2 standard-error band."""
    exact = float(analysis.fight_odds(SIM_EDGE, 0).win)
    wins = int(analysis.simulate_fights(SIM_EDGE, 0, fights, np.random.default_rng(seed))[0])
    share, band = wins / fights, 2 * standard_error(exact, fights)
    inside = abs(share - exact) <= band
    return (f"<p>{fights:,} fights at a +1 edge (dice of pair {seed}): won {wins:,}, a share of "
            f"<b>{share:.2%}</b>. The exact chance is {exact:.2%}; two standard errors are {band * 100:.1f} "
            f"percentage points, so the band runs from {exact - band:.2%} to {min(exact + band, 1):.2%}. This "
            f"simulation is <b>{'inside' if inside else 'outside'}</b> the band.</p>"
            "<p style='font-size:12px;color:#555'>Blue: the band (exact ± 2 standard errors); green dashes: the "
            "exact chance; orange dot: your share.</p>" + band_svg(share, exact, band))


def band_svg(share: float, exact: float, band: float, width: int = 340) -> str:
    """A number line from 60% to 100%: the band shaded, the exact chance dashed, the share a dot."""
    low, high, left, right = 0.6, 1.0, 20, width - 20

    def x(v: float) -> float:
        return left + (right - left) * (min(max(v, low), high) - low) / (high - low)

    ticks = "".join(f'<line x1="{x(t):.1f}" x2="{x(t):.1f}" y1="44" y2="50" stroke="#555"/>'
                    f'<text x="{x(t):.1f}" y="64" font-size="11" text-anchor="middle">{t:.0%}</text>'
                    for t in (0.6, 0.7, 0.8, 0.9, 1.0))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="72" role="img" '
            f'aria-label="the simulated share against the band">'
            f'<rect x="{x(exact - band):.1f}" y="18" width="{max(x(exact + band) - x(exact - band), 1):.1f}" '
            f'height="26" fill="#cfe3f7"/>'
            f'<line x1="{left}" x2="{right}" y1="44" y2="44" stroke="#555"/>{ticks}'
            f'<line x1="{x(exact):.1f}" x2="{x(exact):.1f}" y1="12" y2="44" stroke="#1b5e20" stroke-dasharray="4 3"/>'
            f'<circle cx="{x(share):.1f}" cy="31" r="5" fill="#b06000"/></svg>')


def settle_svg(seed: int = 1, width: int = 360, height: int = 220) -> str:
    """Simulations of 10 to 100,000 fights (a fresh one for each size), against the exact chance
    and its band: the law of large numbers in one picture (its key above it, as text)."""
    rng = np.random.default_rng(seed)
    exact = float(analysis.fight_odds(SIM_EDGE, 0).win)
    sizes = np.unique(np.logspace(1, 5, 25).astype(int))
    shares = [analysis.simulate_fights(SIM_EDGE, 0, int(n), rng)[0] / n for n in sizes]
    left, right, top, bottom, low, high = 44, width - 20, 10, height - 30, 0.4, 1.0

    def x(n: float) -> float:
        return left + (right - left) * (math.log10(n) - 1) / 4

    def y(v: float) -> float:
        return bottom - (bottom - top) * (min(max(v, low), high) - low) / (high - low)

    upper = " ".join(f"{x(n):.1f},{y(exact + 2 * standard_error(exact, n)):.1f}" for n in sizes)
    lower = " ".join(f"{x(n):.1f},{y(exact - 2 * standard_error(exact, n)):.1f}" for n in reversed(sizes))
    dots = "".join(f'<circle cx="{x(n):.1f}" cy="{y(s):.1f}" r="3" fill="#b06000"/>' for n, s in zip(sizes, shares))
    ticks = "".join(f'<text x="{x(10 ** k):.1f}" y="{bottom + 16}" font-size="11" text-anchor="middle">'
                    f'{10 ** k:,}</text>' for k in range(1, 6))
    yticks = "".join(f'<text x="{left - 4}" y="{y(v) + 4:.1f}" font-size="11" text-anchor="end">{v:.0%}</text>'
                     for v in (0.4, 0.6, 0.8, 1.0))
    return (f"<p style='font-size:12px;color:#555'>Orange dots: the share won; green dashes: the exact chance, "
            f"{exact:.2%}; blue: the band (± 2 standard errors). Each number of fights is a new simulation.</p>"
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
            f'aria-label="simulated shares settling on the exact chance">'
            f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" fill="#fff" stroke="#ddd"/>'
            f'<polygon points="{upper} {lower}" fill="#cfe3f7"/>'
            f'<line x1="{left}" x2="{right}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="#1b5e20" '
            f'stroke-dasharray="6 4"/>{dots}{ticks}{yticks}'
            f'<text x="{(left + right) / 2}" y="{height - 2}" font-size="11" text-anchor="middle">'
            f'fights simulated</text></svg>')


# ---------------------------------------------------------------------------
# Extension: the Markov chain, fight lengths, two against Papa Clayton, the hazard die
# ---------------------------------------------------------------------------


def transition_table_html(edge: int = 1) -> str:
    """The fight's Markov chain at ``edge``: one row per state, the chance (in 36ths) of each move."""
    states, matrix = analysis.transition_matrix(edge, 0)
    names = [f"{s[0]}–{s[1]}" if isinstance(s, tuple) else str(s) for s in states]
    rows = [(name, *(str(int(p * 36)) if p else "·" for p in row)) for name, row in zip(names, matrix)]
    return html_table(("from \\ to", *names), rows)


def fight_length_html(edge: int = 0) -> str:
    """How many rounds a fresh fight lasts, exactly, and the expected number."""
    lengths = analysis.rounds_distribution(edge, 0)
    rows = [(rounds, f"{chance}", pct(chance)) for rounds, chance in lengths.items()]
    mean = analysis.expected_rounds(edge, 0)
    return (html_table(("rounds", "exact chance", "about"), rows)
            + f"<p>expected number of rounds (edge {edge:+d}): {mean} = {float(mean):.2f}</p>")


def papa_pair_html(bonuses: tuple[int, int] = (3, 2)) -> str:
    """Two miners (say Red +3 and Yellow +2) against Papa Clayton together: every joint result."""
    joint = analysis.papa_clayton_pair(bonuses)
    rows = [(red, yellow, pct(chance, 2)) for (red, yellow), chance in sorted(joint.items(), key=lambda kv: -kv[1])]
    alone = analysis.fight_odds(bonuses[0], PAPA).win
    together = sum(chance for (red, _), chance in joint.items() if red == R.WIN)
    return (html_table((f"Red (+{bonuses[0]})", f"Yellow (+{bonuses[1]})", "chance"), rows)
            + f"<p>Red wins {pct(alone, 2)} alone, {pct(together, 2)} with Yellow alongside.</p>")


HAZARD_MINERS = (
    ("the leader, no Bread, no Tonic or Safety Gear cubes", {}),
    ("the leader, 2 Bread", {"bread": 2}),
    ("2 Bread, 2 Safety Gear, in 3rd place", {"bread": 2, "safety_cubes": 2, "gold_rank": 3}),
    ("3 Tonic, 3 Safety Gear, in last place", {"tonic_cubes": 3, "safety_cubes": 3, "gold_rank": 4}),
)


def hazard_html() -> str:
    """The hazard die for a few miners: the chance it costs something, and the expected cost in gold."""
    rows = [(name, f"{analysis.hazard_cost_chance(**miner)}", f"{float(analysis.expected_hazard_cost(**miner)):.2f}gn")
            for name, miner in HAZARD_MINERS]
    return html_table(("miner", "chance the die costs something", "expected cost"), rows)


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

S0, S1, S2, S4, S5, S6 = (
    Section("Start: the question", 4),
    Section("1. One round: the sample space", 14),
    Section("2. A whole fight, worked backwards", 13),
    Section("3. Two dice and expectation", 12),
    Section("4. Simulation and the law of large numbers", 10),
    Section("Wrap-up", 2),
)
EXTENSION = "Extension"

_ROUND = analysis.round_odds(1)
_FIGHT = analysis.fight_odds(1, 0)


def fight_gap_points() -> int:
    """P(win the fight) − P(lose it) at a +1 edge, in percentage points, to the nearest whole point."""
    return round((_FIGHT.win - _FIGHT.lose) * 100)


QUESTIONS = (
    Question("sample_space",
             "Each fighter throws one die. In how many different ways can the two dice land? (My 2 with their 5 "
             "is a different outcome from my 5 with their 2.)",
             lambda: analysis.DICE_PAIRS,
             worked="6 faces for my die times 6 for theirs: 6 × 6 = 36 equally likely outcomes.",
             hint="For each of the 6 faces of my die, their die can show any of 6.", section=S1.title),
    Question("round_win",
             "You are one point ahead (an edge of +1). In how many of the 36 outcomes do you win the round "
             "(your total higher)?",
             lambda: int(analysis.round_odds(1).win * analysis.DICE_PAIRS), predict=True, show_working=False,
             worked="You win when your die is at least equal to theirs: 6 + 5 + 4 + 3 + 2 + 1 = 21 outcomes.",
             section=S1.title),
    Question("round_tie",
             "Still one point ahead: in how many of the 36 outcomes is it a tie (both take an injury)?",
             lambda: int(analysis.round_odds(1).tie * analysis.DICE_PAIRS),
             worked="A tie needs their die to be exactly one more than yours: my 1 and their 2, my 2 and their 3, "
                    "and so on up to my 5 and their 6: 5 outcomes.",
             hint="Their die must be exactly one higher than yours.", section=S1.title),
    Question("round_lose",
             "Use the complement: what is the probability that you lose the round (only you are hurt)? "
             "Give a fraction.",
             lambda: analysis.round_odds(1).lose,
             worked="P(not win) = 1 − 21/36 = 15/36; take away the 5 ties: 10/36 = 5/18.",
             hint="Start from 36 − 21, the outcomes you do not win, then take the ties away.", section=S1.title),
    Question("last_round",
             "Both fighters already have 3 injuries and equal bonuses, so the next round ends the fight. "
             "What is the probability that you win the fight?",
             lambda: analysis.fight_odds(0, 0, 3, 3).win, tolerance=0.02,
             worked="With equal bonuses you win the round in 15 of 36 outcomes (your die higher); a tie means both "
                    "lose. So 15/36 = 5/12.",
             hint="Only this one round is left. Which outcomes win it with equal bonuses?", section=S2.title),
    Question("fight_gap",
             "Over a whole fight at a +1 edge (a race to 4 injuries, both unhurt at the start), how big is the gap "
             "P(win the fight) − P(lose the fight)? Answer in percentage points, as a whole number without the "
             "% sign (for example 45).",
             fight_gap_points, predict=True,
             worked="P(win the fight) is about 79.1% and P(lose it) about 17.7%: a gap of about 61 percentage "
                    "points, twice the gap in one round (21/36 − 10/36 = 11/36, about 31 points).",
             section=S2.title),
    Question("larger_six",
             "Two yield dice are thrown. In how many of the 36 outcomes is the larger of the two a 6?",
             lambda: int(analysis.max_min_distributions()[0][6] * analysis.DICE_PAIRS),
             worked="Either die a 6: 6 outcomes with the first a 6, 6 with the second, and the double 6 counted "
                    "twice: 6 + 6 − 1 = 11.",
             hint="Count the outcomes with a 6 on the first die, then on the second, and do not count the double 6 "
                  "twice.",
             section=S4.title),
    Question("mean_larger",
             "What is the expected value (the long-run mean) of the larger of two dice? "
             "(One die's expected value is 3.5.)",
             lambda: analysis.expected_value(analysis.max_min_distributions()[0]), predict=True,
             worked="(1×1 + 2×3 + 3×5 + 4×7 + 5×9 + 6×11)/36 = 161/36, about 4.47: nearly one more than one die.",
             section=S4.title),
    Question("partner_gain",
             "Shared dice: a partner pays the owner a bid of 3gn to join a dig. The partner takes the larger die "
             "and adds 1 (their bonus at this kind of claim). What is the partner's expected gain in gn (expected "
             "yield minus the bid)? Two decimal places are enough.",
             lambda: analysis.partner_value(3, {"bonus": 1}, {"bonus": 1}).partner, tolerance=0.02,
             worked="expected yield 161/36 + 1 = 197/36, about 5.47gn; minus the 3gn bid: 89/36, about 2.47gn.",
             hint="Use the expected value of the larger die you just found, add the +1, then take off the bid.",
             section=S4.title),
    Question("band",
             "For a simulation of 100 fights at a +1 edge, the ±2 standard-error band reaches about "
             f"{200 * standard_error(float(_FIGHT.win), 100):.0f} percentage points either side of the exact chance. "
             "How does the band change for 10,000 fights?",
             band_narrower, choices=BAND_CHOICES, predict=True,
             worked="The standard error shrinks like 1/√n: 100 times more fights make it √100 = 10 times narrower.",
             section=S5.title),
    Question("leaf_or_cube",
             "A miner with three Colt 45 cubes (+3) is about to fight Papa Clayton (+4). Which would raise the "
             "chance of winning more?",
             leaf_or_cube, choices=(LEAF, CUBE), predict=True,
             worked="The fourth cube makes the bonuses equal: 47.35% (not 50%: both can lose). The Leaf (+3 once, "
                    "after seeing the dice) gives 45.68%. Very close, but the cube wins.",
             section=EXTENSION),
)

CHANCES = Lesson(
    name=NAME,
    title="Goldmine Rumbles 4: the chances behind the dice",
    goals=(
        "list the sample space of a fight round, count the outcomes in an event, and use the complement "
        "to find the chance of losing a round;",
        "work a fight backwards from its last round, and explain what a one-point edge in every round does "
        "over a whole fight;",
        "find the expected value of the larger of two dice and use it to judge a partner's bid;",
        "compare a simulation with the exact chance: the law of large numbers and the ±2 standard-error band.",
    ),
    prerequisites=(
        "the fight rules of Goldmine Rumbles lesson 3 (a round's total, four injuries lose); this lesson "
        "repeats them in one paragraph",
        "probability as a fraction of equally likely outcomes",
        "fractions, decimals and percentages",
    ),
    sections=(S0, S1, S2, S4, S5, S6),
    questions=QUESTIONS,
)

LESSONS = (CHANCES,)

__all__ = [
    "NAME", "pct", "points", "round_outcome", "round_grid_svg", "round_counts", "round_grid_html", "totals_grid_svg",
    "fight_gap_points", "round_table_html", "fight_grid_svg", "edge_table_html",
    "LEAF", "CUBE", "leaf_or_cube", "helpers_table_html", "larger_grid_svg", "two_dice_table_html",
    "partner_table_html", "SIM_EDGE", "standard_error", "band_narrower", "BAND_CHOICES", "simulate_html", "band_svg",
    "settle_svg", "transition_table_html", "fight_length_html", "papa_pair_html", "HAZARD_MINERS", "hazard_html",
    "QUESTIONS", "CHANCES", "LESSONS",
]
