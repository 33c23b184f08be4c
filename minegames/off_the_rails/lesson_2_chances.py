"""Off the Rails, lesson 2: the chasm clock and the bag (notebooks/off_the_rails_2_chances.ipynb).

The lesson's plan and questions (:data:`CHANCES`), and what its notebook shows: the deck as the
game builds it, the exact tables (each shown when the learner presses, after a prediction), the
simulations with their ±2 standard-error band. The exact answers come from :mod:`.analysis`;
the simulations use the game's own deck builder and bag (:mod:`.lessons`), seeded, so every run
of the notebook shows the same numbers. Plain model code (numpy, text, SVG), no widgets.
"""

from __future__ import annotations

import html
import math
from fractions import Fraction
from math import comb

import numpy as np

from minegames.core.lessons import Lesson, Question, Section, standard_error

from . import analysis
from .components import BAG_COUNTS, GEM_POINTS
from .lessons import (
    chasm_game, count_cases, deck_bottom_up, html_table, simulate_before_chasm, simulate_deposits,
)
from .options import DECK_LENGTHS

EXTENSION = "Extension (for a top set)"
CARD = "red 3"          # the card the lesson follows
LATE_BAG = {"rock": 8, "ruby": 10, "emerald": 6, "gold": 3, "diamond": 1}
PLURAL = {"rock": "rocks", "ruby": "rubies", "emerald": "emeralds", "gold": "gold", "diamond": "diamonds"}

# ---------------------------------------------------------------------------
# Tables, as HTML (a text table aligned with spaces wraps mid-number on a phone)
# ---------------------------------------------------------------------------

def _percent(value: float) -> str:
    share = float(value) * 100
    return f"{share:.2g}%" if share < 1 else f"{share:.1f}%"


def _fraction(value: Fraction) -> str:
    return f"{value} (about {_percent(value)})"


# ---------------------------------------------------------------------------
# The chasm clock
# ---------------------------------------------------------------------------


def deck_text(players: int = 2, seed: int = 5) -> str:
    """One Deposit deck as the game builds it, bottom card first, with the turn each card comes up in."""
    deck = deck_bottom_up(players=players, seed=seed)
    rows = [(place, "the Chasm card" if card == "chasm" else card, len(deck) + 1 - place)
            for place, card in enumerate(deck, 1)]
    place = deck.index("chasm") + 1
    return html_table(("place from the bottom", "card", "turned up in turn"), rows,
                      after=f"This time the Chasm card is number {place} from the bottom of {len(deck)}: it comes up "
                            f"in turn {len(deck) + 1 - place}, after {len(deck) - place} numbered cards.")


def chasm_clock(players: int = 2) -> str:
    """When the Chasm card comes and when the mine starts to fall, exactly, for ``players``."""
    drawn = sorted(analysis.chasm_draw_distribution(players).items())
    falls = sorted(analysis.collapse_turn_distribution(players).items())
    rows = [(f"turn {turn}", chance, f"after turn {fall}") for (turn, chance), (fall, _) in zip(drawn, falls)]
    return html_table(("the Chasm card turns up in", "chance", "the mine starts to fall"), rows,
                      before=f"{players} players, a deck of {4 * analysis.cards_per_colour(players) + 1} cards "
                             f"(turns counted round the whole table; everyone has one more turn before the fall):")


def _most_likely_turn() -> str:
    drawn = analysis.chasm_draw_distribution(2)
    if len(set(drawn.values())) == 1:
        return "all four are equally likely"
    return f"turn {max(drawn, key=drawn.get)}"


def before_chasm_run(trials: int = 20_000, run: int = 1) -> np.ndarray:
    """The running share of deck builds (the game's own builder, seed ``run``) in which red 3 makes
    its deposit before the Chasm card turns up."""
    return simulate_before_chasm(players=2, card=CARD, trials=trials, seed=run)


def count_text(players: int = 2) -> str:
    """The three steps put together, then every equally likely case of the deck building counted."""
    good, total = count_cases(players)
    above = Fraction(12 + 11 + 10 + 9, 64)
    steps = (f"In steps: 1/8 (turned up at the start) + 4/8 (in the deck) × {above} (above the Chasm card) "
             f"= 8/64 + 21/64 = {Fraction(1, 8) + Fraction(4, 8) * above}.")
    counted = (f"Counting: the sample space has {total} equally likely cases (8 places among red's cards × "
               f"4 places in a stack × 4 places for the Chasm card). In {good} of them red 3 makes its deposit "
               f"before the chasm. Its probability: {good}/{total} = {Fraction(good, total)}")
    return f"<p>{html.escape(steps, quote=False)}</p><p>{html.escape(counted, quote=False)}</p>"


# ---------------------------------------------------------------------------
# The ±2 standard-error band
# ---------------------------------------------------------------------------


def band_after_more_trials(times: int = 4) -> str:
    """What the ±2 standard-error band does when the trials are multiplied by ``times``, in the choices' words."""
    p, trials = float(analysis.deposit_before_chasm(2)), 20_000
    ratio = standard_error(p, trials) / standard_error(p, trials * times)
    if math.isclose(ratio, 1):
        return "it would stay the same width"
    if ratio < 1:
        return "it would be wider"
    return f"it would be {round(ratio)} times narrower"


BAND_CHOICES = ("it would be 4 times narrower", "it would be 2 times narrower", "it would stay the same width",
                "it would be wider")


def z_score(trials: int = 20_000, run: int = 1) -> float:
    """How many standard errors the simulated share of run ``run`` lands from the exact 29/64."""
    p = float(analysis.deposit_before_chasm(2))
    return (before_chasm_run(trials, run)[-1] - p) / standard_error(p, trials)


def band_chart(shares: np.ndarray, exact: float, width: int = 560, height: int = 240, first: int = 1,
               spread: float = 0.2, log: bool = True) -> str:
    """The running share (blue) against the number of trials from ``first`` on (log or plain scale),
    the exact chance (green) and the ±2 standard-error band round it (grey), as SVG: axis labels only,
    the sentences stay outside the drawing. ``spread``: how far above and below the exact chance it shows."""
    left, right, top, bottom = 46, width - 10, 10, height - 24
    low, high = max(0.0, exact - spread), min(1.0, exact + spread)
    n = len(shares)

    def x(k: float) -> float:
        if log:
            return left + (right - left) * math.log10(k / first) / math.log10(max(n / first, 10))
        return left + (right - left) * (k - first) / max(n - first, 1)

    def y(v: float) -> float:
        v = min(max(v, low), high)
        return bottom - (bottom - top) * (v - low) / (high - low)

    picks = np.unique((np.geomspace(first, n, 300) if log else np.linspace(first, n, 300)).astype(int))
    line = " ".join(f"{x(k):.1f},{y(shares[k - 1]):.1f}" for k in picks)
    upper = " ".join(f"{x(k):.1f},{y(exact + 2 * standard_error(exact, k)):.1f}" for k in picks)
    lower = " ".join(f"{x(k):.1f},{y(exact - 2 * standard_error(exact, k)):.1f}" for k in reversed(picks))
    ticks = [10 ** e for e in range(0, 6) if first <= 10 ** e <= n] if log else [first, (first + n) // 2, n]
    labels = (low, exact, high)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
             f'font-size="11"><rect width="{width}" height="{height}" fill="#fcfaf4"/>',
             f'<polygon points="{upper} {lower}" fill="#cfcfcf" fill-opacity="0.6"/>',
             f'<line x1="{left}" x2="{right}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="#1b5e20" '
             'stroke-dasharray="6 4"/>',
             f'<polyline points="{line}" fill="none" stroke="#2e6db4" stroke-width="1.5"/>',
             f'<line x1="{left}" x2="{left}" y1="{top}" y2="{bottom}" stroke="#777"/>',
             f'<line x1="{left}" x2="{right}" y1="{bottom}" y2="{bottom}" stroke="#777"/>']
    parts += [f'<text x="{x(t):.1f}" y="{bottom + 14}" text-anchor="{"end" if x(t) > right - 20 else "middle"}" '
              f'fill="#555">{t:,}</text>' for t in ticks]
    parts += [f'<text x="{left - 4}" y="{y(v) + 4:.1f}" text-anchor="end" fill="#555">{v:.1%}</text>'
              for v in labels]
    return "".join(parts) + "</svg>"


def band_run(trials: int = 20_000, run: int = 1) -> str:
    """Build the deck ``trials`` times (seed ``run``): the share, the band, and whether it landed inside,
    with the whole run and a close-up of its last three quarters."""
    exact = analysis.deposit_before_chasm(2)
    p = float(exact)
    shares = before_chasm_run(trials, run)
    se = standard_error(p, trials)
    z = (shares[-1] - p) / se
    inside = "inside" if abs(z) <= 2 else "OUTSIDE"
    words = (f"Run {run}, {trials:,} deck builds: red 3 came before the chasm in {shares[-1]:.3%} of them. "
             f"Exact chance {exact} = {p:.3%}. One standard error is {se:.3%}, so the band (2 standard errors "
             f"either side) runs from {p - 2 * se:.3%} to {p + 2 * se:.3%}. This run landed {abs(z):.2f} standard "
             f"errors {'above' if z > 0 else 'below'} the exact chance: {inside} the band.")
    first = max(trials // 4, 1)
    caption = "font-size:12px;color:#555;margin:2px 0 10px 0"
    return (f"<p>{html.escape(words, quote=False)}</p>"
            + f"<div style='{caption}'>The whole run (builds on a log scale):</div>" + band_chart(shares, p)
            + f"<div style='{caption}'>Close-up of the end, from {first:,} to {trials:,} builds:</div>"
            + band_chart(shares, p, first=first, spread=5 * se, log=False)
            + f"<div style='{caption}'>Blue: the share so far. Green dashes: the exact chance. Grey: the band, "
              "2 standard errors either side, narrowing as the builds grow.</div>")


# ---------------------------------------------------------------------------
# The game-length option
# ---------------------------------------------------------------------------

LENGTH_RULE = "as the rules say"


def deck_length_table(players: int = 2) -> str:
    """For each deck length: cards of each colour, when the Chasm card comes, red 3's chance."""
    rows, seen = [], set()
    for length in sorted((0, *DECK_LENGTHS), key=lambda n: analysis.cards_per_colour(players, n)):
        cards = 4 * analysis.cards_per_colour(players, length) + 1
        if cards in seen:
            continue
        seen.add(cards)
        turns = sorted(analysis.chasm_draw_distribution(players, length))
        rows.append((f"{cards} cards" + (" (the rule)" if not length else ""), analysis.cards_per_colour(players, length),
                     f"turn {turns[0]} to {turns[-1]}", _fraction(analysis.deposit_before_chasm(players, length))))
    return html_table(("deck", "cards of each colour", "Chasm card turns up in", "red 3 before the chasm"), rows,
                      before=f"{players} players:")


# ---------------------------------------------------------------------------
# The bag
# ---------------------------------------------------------------------------


def bag_text() -> str:
    rows = [(gem, count, GEM_POINTS[gem]) for gem, count in BAG_COUNTS.items()]
    rows.append(("in all", sum(BAG_COUNTS.values()), ""))
    return html_table(("gem", "how many in the bag", "points each"), rows)


def diamond_run(trials: int = 20_000) -> np.ndarray:
    """The running share of 3-gem deposits from the full bag (the game's own bag) holding a diamond."""
    return simulate_deposits(3, lambda gems: "diamond" in gems, trials=trials, seed=4)


def value_table(gems: int = 2) -> str:
    """What a deposit of ``gems`` gems from the full bag is worth, exactly, and its expectation."""
    values = analysis.deposit_value_distribution(gems)
    mean = sum(points * chance for points, chance in values.items())
    return html_table(("points", "chance"), [(points, _fraction(chance)) for points, chance in values.items()],
                      before=f"A {gems}-gem deposit from the full bag:",
                      after=f"Expected value (each value × its chance, added up): {mean} "
                            f"(about {float(mean):.2f} points).")


def gem_count_table(gem: str = "ruby", gems: int = 3) -> str:
    """How many of ``gem`` a deposit of ``gems`` from the full bag holds: the hypergeometric distribution."""
    table = analysis.gem_count_distribution(gems, gem)
    return html_table((PLURAL[gem], "chance"), [(k, _fraction(p)) for k, p in table.items()],
                      before=f"How many {PLURAL[gem]} in a {gems}-gem deposit from the full bag:")


def _most_likely_rubies() -> str:
    table = analysis.gem_count_distribution(3, "ruby")
    return str(max(table, key=table.get))


def late_game_bag(seed: int = 3) -> str:
    """A four-player game nobody builds in, played to the Chasm card: the bag then, and a diamond's chance."""
    game = chasm_game(players=4, seed=seed)
    counts = game.bag.counts()
    chance = analysis.chance_of_at_least_one(3, "diamond", counts)
    return (f"Game {seed}: when the Chasm card turned up the bag held "
            + ", ".join(f"{n} {gem if n == 1 else PLURAL[gem]}" for gem, n in counts.items())
            + f" ({len(game.bag)} gems).\n"
            f"A diamond in the next 3-gem deposit: {_fraction(chance)}"
            f" (from the full bag: {_fraction(analysis.chance_of_at_least_one(3, 'diamond'))}).")


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

S0 = Section("Start: the page and the game in brief", 3)
S1 = Section("1. The chasm clock: how the deck is built", 9)
S2 = Section("2. One card, counted exactly: sample space and event", 12)
S3 = Section("3. Simulation: the law of large numbers and the ±2 standard-error band", 10)
S4 = Section("4. The bag: choosing with C(n, k), and the complement", 10)
S5 = Section("5. Expectation: what a deposit is worth", 8)
S6 = Section("Wrap-up", 2)

_TOTAL = sum(BAG_COUNTS.values())
_POINTS = sum(GEM_POINTS[gem] * n for gem, n in BAG_COUNTS.items())

QUESTIONS = (
    Question("chasm_phase", "Predict: with two players, in which turn is the Chasm card most likely to turn up?",
             _most_likely_turn,
             choices=("turn 10", "turn 11", "turn 12", "turn 13", "all four are equally likely"), predict=True,
             worked="The Chasm card goes in 5th, 6th, 7th or 8th from the bottom of 17, each 1 time in 4: it comes "
                    "up in turn 13, 12, 11 or 10, each with chance 1/4.",
             section=S1.title),
    Question("before_chasm", "Predict: with two players, what is the chance that red 3 makes its deposit before "
             "the Chasm card turns up?", lambda: analysis.deposit_before_chasm(players=2), predict=True,
             worked="1/8 (turned up at the start) + 4/8 (in the deck) x 21/32 (above the Chasm card) = 8/64 + 21/64 "
                    "= 29/64.",
             tolerance=0.02, show_working=False, section=S2.title),
    Question("band_four_times", "Predict: the simulation built the deck 20,000 times. With four times as many builds "
             "(80,000), what would happen to the ±2 standard-error band?", band_after_more_trials,
             choices=BAND_CHOICES, predict=True,
             worked="The standard error is √(p(1 − p)/n): four times the trials divides it by √4 = 2, so the band is "
                    "2 times narrower (not 4).",
             section=S3.title),
    Question("sample_space", "The sample space of a 3-gem deposit: how many different sets of 3 gems could come out "
             "of the full bag of 66, if every gem is told apart?", lambda: comb(_TOTAL, 3),
             worked="C(66, 3) = 66 x 65 x 64 / (3 x 2 x 1) = 274,560 / 6 = 45,760.",
             hint="C(66, 3) = 66 x 65 x 64 divided by 3 x 2 x 1.",
             section=S4.title),
    Question("diamond", "Predict: what is the chance that a 3-gem deposit from the full bag holds at least one "
             "diamond?", lambda: analysis.chance_of_at_least_one(3, "diamond"), predict=True,
             worked="No diamond means all 3 from the 61 others, so 1 − C(61, 3)/C(66, 3) = 1 − 35,990/45,760 "
                    "= 977/4576, a little over one in five.",
             tolerance=0.02, show_working=False, section=S4.title),
    Question("value_two", "Predict: on average, how many points is a 2-gem deposit from the full bag worth?",
             lambda: analysis.expected_deposit_value(2), predict=True,
             worked="The 66 gems are worth 104 points, so one gem is worth 104/66 = 52/33 on average; two gems: "
                    "2 x 52/33 = 104/33, about 3.15.",
             tolerance=0.02, section=S5.title),
    Question("value_three", "What is a 3-gem deposit from the full bag worth on average, in points? (A fraction, or "
             "a decimal to 2 places.)",
             lambda: analysis.expected_deposit_value(3),
             worked="3 x 52/33 = 52/11, about 4.73 points: half as much again as a 2-gem deposit.",
             hint="Three gems at 52/33 points each on average.",
             tolerance=0.02, section=S5.title),
    # ---- extension -----------------------------------------------------------------------------
    Question("deposits_before_chasm", "With two players, how many deposits are made on average before the Chasm "
             "card turns up (the four at the start included)?", lambda: analysis.expected_deposits_before_chasm(2),
             worked="4 at the start, then one per turn before the Chasm card's: 4 + (9 + 10 + 11 + 12)/4 = 4 + 21/2 "
                    "= 29/2, or 14.5.",
             hint="4 at the start, then one per turn before the Chasm card's turn (10, 11, 12 or 13, each 1/4).",
             section=EXTENSION),
    Question("four_players", "With four players, what is the chance that red 3 makes its deposit before the Chasm "
             "card turns up?", lambda: analysis.deposit_before_chasm(players=4),
             worked="1/8 + 5/8 x (16 + 15 + 14 + 13)/80 = 1/8 + 5/8 x 29/40 = 8/64 + 29/64 = 37/64.",
             hint="Five red cards are in the deck now, at 20 places for numbered cards; the Chasm card is still 5th "
                  "to 8th from the bottom.",
             tolerance=0.02, section=EXTENSION),
    Question("longest_deck", "Predict: with the longest deck (25 cards, 6 of each colour), what is the chance that "
             "red 3 makes its deposit before the chasm?",
             lambda: analysis.deposit_before_chasm(players=2, deck_length=25), predict=True,
             worked="1/8 + 6/8 x (20 + 19 + 18 + 17)/96 = 8/64 + 37/64 = 45/64. Each extra card of each colour "
                    "adds 8/64 = 1/8.",
             tolerance=0.02, section=EXTENSION),
    Question("no_rock", "What is the chance that a 2-gem deposit from the full bag has no rock in it? (A fraction, "
             "or a percentage rounded to a whole number.)",
             lambda: analysis.chance_of_no_rock(2),
             worked="Both gems from the 54 that are not rocks: C(54, 2)/C(66, 2) = 1431/2145 = 477/715, about two "
                    "times in three.",
             hint="Both gems must come from the 54 gems that are not rocks: C(54, 2) of the C(66, 2) sets.",
             tolerance=0.02, section=EXTENSION),
    Question("rubies_likely", "Predict: how many rubies is a 3-gem deposit from the full bag most likely to hold?",
             _most_likely_rubies, choices=("0", "1", "2", "3"), predict=True,
             worked="24 of the 66 gems are rubies. Exactly 1 ruby: C(24, 1) x C(42, 2)/C(66, 3) = 2583/5720, about "
                    "45%, more than 0, 2 or 3.",
             section=EXTENSION),
    Question("last_diamond", "Late in a game the bag holds 8 rocks, 10 rubies, 6 emeralds, 3 gold and a single "
             "diamond. What is the chance that a 3-gem deposit holds that last diamond?",
             lambda: analysis.chance_of_at_least_one(3, "diamond", LATE_BAG),
             worked="1 − C(27, 3)/C(28, 3) = 1 − 25/28 = 3/28: the diamond is one of 28 gems, and 3 are drawn.",
             hint="Use the complement: no diamond means all three gems come from the 27 others.",
             tolerance=0.02, section=EXTENSION),
)

CHANCES = Lesson(
    name="off_the_rails_2_chances",
    title="Off the Rails, lesson 2: the chasm clock and the bag",
    goals=(
        "list a sample space of equally likely cases and find the probability of an event by counting",
        "multiply and add probabilities step by step, and use the complement: P(at least one) = 1 − P(none)",
        "judge a simulation against the exact answer with the law of large numbers and the ±2 standard-error band",
        "work out an expected value: what a deposit is worth on average",
    ),
    prerequisites=(
        "lesson 1 (the rules of Off the Rails), or the short summary at the top of this lesson",
        "probability as a fraction of equally likely outcomes",
        "multiplying and adding fractions; a calculator with a square-root key",
    ),
    sections=(S0, S1, S2, S3, S4, S5, S6),
    questions=QUESTIONS,
)

LESSONS = (CHANCES,)
