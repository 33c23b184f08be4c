"""Goldmine Rumbles, lesson 3: fights, the pickings, Papa Clayton and the final count.

The lesson is :data:`FIGHTS` (``notebooks/goldmine_rumbles_3_fights_and_scoring.ipynb``, the
teacher's guide ``docs/teaching/goldmine_rumbles_3_fights_and_scoring.md``). Everything the
notebook shows comes from here: the positions (:func:`duel`, :func:`brawl`, :func:`papa_ambush`,
:func:`final_count`), the fights told round by round with their totals (:func:`duel_story`...),
small tables as HTML, and the questions, whose answers are the model's own figures
(:func:`.lessons.fight_win_chance`, :func:`.dice_rules.fight_pickings`, ``scores()``).

Plain model code: no widgets (the notebook wraps these in ``picture`` and ``RunOnPress``).
"""

from __future__ import annotations

import html
import re
from fractions import Fraction
from typing import Any, Mapping, Sequence

from minegames.core.lessons import Lesson, Question, Section

from . import analysis
from . import components as C
from . import dice_rules as R
from .actions import AttackPlayer, EndTurn, FightClayton, PlaceCube, UseItem
from .heuristic_bot import HeuristicBot
from .lessons import (BLUE, html_table, GREEN, PAPA_CLAYTON, RED, fight_on, fight_win_chance, find_trip, first_seed, narrate,
                      partner_dig, quiet_sites, standard_mine, table)
from .positions import position
from .state import GoldmineRumbles

NAME = "goldmine_rumbles_3_fights_and_scoring"
APP = "apps/goldmine_rumbles.ipynb"  # the homework game, from the notebooks folder
HOMEWORK_SEED = 2026


# ---------------------------------------------------------------------------
# Telling a fight
# ---------------------------------------------------------------------------


def _told(run) -> str:
    lines: list[str] = []
    run(lines.append)
    return "\n".join(lines)


def _result_line(state: GoldmineRumbles, sides: Sequence[int]) -> str:
    names = {RED: "Red", BLUE: "Blue", GREEN: "Green", PAPA_CLAYTON: "Papa Clayton"}
    return "gold now: " + ", ".join(f"{names[s]} {state.gold(s)}gn" for s in sides if s != PAPA_CLAYTON)


#: One fighter's line of a told round: side, die, bonus, tokens, total, injury, injuries now, (where the bonus is from).
_ROUND_ROW = re.compile(r"^\s{4}(\S.*?)\s{2,}(\d+)\s+([+-]\d+)\s+(-?\d+)\s+(-?\d+)\s+(\S+)\s+(\d+)\s+\((.*)\)$")


def story_html(told: str) -> str:
    """A fight told line by line (:func:`duel_story`...) as HTML: each round a small table (die, bonus,
    tokens, total, injury, injuries so far), narrow enough for a phone (short headings: "tok.", "hurt",
    "inj."; the notebook says what they mean)."""
    cell = "padding:2px 3px;border:1px solid #d8cfb8;text-align:center"
    head = "".join(f"<th style='{cell};background:#f2efe6'>{h}</th>"
                   for h in ("", "die", "bonus", "tok.", "total", "hurt", "inj."))
    out: list[str] = []
    rows: list[str] = []
    number = 0

    def close() -> None:
        if rows:
            out.append(f"<table style='border-collapse:collapse;margin:2px 0 6px;font-size:13px'><tr>{head}</tr>{''.join(rows)}</table>")
            rows.clear()

    for line in told.splitlines():
        row = _ROUND_ROW.match(line)
        if line.startswith("fight round:"):
            close()
            number += 1
            out.append(f"<div style='margin-top:6px'><b>Round {number}</b>: dice {html.escape(line.split(':', 1)[1].strip())}</div>")
        elif line.strip().startswith("side "):
            continue
        elif row:
            side, die, bonus, tokens, total, injury, now, source = row.groups()
            extra = f"<br><span style='font-size:11px'>({html.escape(source)})</span>" if "," in source else ""
            rows.append("<tr>" + "".join(f"<td style='{cell}'>{v}</td>" for v in (
                html.escape(side), die, bonus + extra, "−" + tokens.lstrip("-") if tokens != "0" else "0", total,
                "+1" if injury == "+1" else "–", now)) + "</tr>")
        elif line.strip().startswith("->"):
            close()
            out.append(f"<div>{html.escape(line.strip()[2:].strip())}</div>")
        else:
            close()
            out.append(f"<div>{html.escape(line.strip())}</div>")
    close()
    return "<div style='font-size:14px;max-width:100%;overflow-wrap:anywhere'>" + "".join(out) + "</div>"


# ---------------------------------------------------------------------------
# Section 1: a duel (Blue +2 net against Red +1)
# ---------------------------------------------------------------------------


def duel(seed: int = 0) -> GoldmineRumbles:
    """Blue (three Colt 45 cubes, one Poison token) has just attacked Red (one Colt 45 cube)
    where both stand; nobody holds an item that works in a fight. ``seed`` picks the dice."""
    here = quiet_sites()
    state = table({"at": here[0], "gold": 20, "dashboard": {R.COLT_45: 1}, "items": {}},
                  {"at": here[0], "gold": 14, "dashboard": {R.COLT_45: 3}, "poisons": 1, "items": {}},
                  {"at": here[1]}, seed=seed)
    return state.apply(AttackPlayer(BLUE, RED))


def duel_story(seed: int = 0) -> str:
    """The duel fought to its end with the dice of ``seed``: every round's dice and totals."""
    state = duel(seed)

    def run(out):
        out(f"Blue: bonus +3, Poison token −1 (net {state.fight_bonus(BLUE):+d}). "
            f"Red: bonus {state.fight_bonus(RED):+d}.")
        fight_on(state, out=lambda line: out(line + " (the pickings: section 2)" if " and takes " in line else line))
        out(_result_line(state, (BLUE, RED)))

    return _told(run)


def duel_story_html(seed: int = 0) -> str:
    """:func:`duel_story` as HTML tables, one per round."""
    return story_html(duel_story(seed))


def fighters_html() -> str:
    """The two fighters of the duel, a plain table instead of the whole board."""
    state = duel()
    rows = [("Blue (attacks)", f"{state.gold(BLUE)}gn", "3", "1 Poison", f"{state.fight_bonus(BLUE):+d}"),
            ("Red", f"{state.gold(RED)}gn", "1", "none", f"{state.fight_bonus(RED):+d}")]
    return _table(("miner", "gold", "Colt 45 cubes", "tokens", "net bonus"), rows)


def duel_winner(seed: int) -> str:
    """Who wins the duel with the dice of ``seed``: "Blue", "Red" or "both lose"."""
    state = duel(seed)
    fight_on(state, out=lambda _line: None)
    blue, red = state.gold(BLUE), state.gold(RED)
    return "Blue" if blue > 14 else "Red" if red > 20 else "both lose"


def duel_tally(pairs: int = 30) -> str:
    """The duel fought once with each pair's dice (seeds 1..pairs): how often Blue won."""
    winners = [duel_winner(seed) for seed in range(1, pairs + 1)]
    blue = winners.count("Blue")
    exact = fight_win_chance(duel(), BLUE)
    return (f"{pairs} fights, one per pair's dice (1 to {pairs}): Blue won {blue}, Red won {winners.count('Red')}, "
            f"both lost {winners.count('both lose')}. Blue's share: {blue}/{pairs} = {blue / pairs:.0%}; "
            f"the exact chance is {float(exact):.1%}.")


# ---------------------------------------------------------------------------
# Section 2: the pickings
# ---------------------------------------------------------------------------


def bag(gold: int) -> int:
    """Which bag of the gold track ``gold`` sits in (bag 1 is 1 to 10gn; 0gn counts as bag 1)."""
    return min(5, max(1, (gold + 9) // 10))


def pickings_words(winner_gold: int, loser_gold: int) -> str:
    """The pickings of one fight, worked out in words (for the calculator in the lesson)."""
    ahead = bag(loser_gold) - bag(winner_gold)
    got = R.fight_pickings(winner_gold, loser_gold)
    how = ("in the same bag" if ahead == 0 else f"{abs(ahead)} bag{'s' if abs(ahead) > 1 else ''} "
           f"{'ahead of' if ahead > 0 else 'behind'} the winner")
    return (f"The winner has {winner_gold}gn (bag {bag(winner_gold)}), the loser {loser_gold}gn "
            f"(bag {bag(loser_gold)}): the loser is {how}, so the pickings are {got}gn.")


def pickings_table_html() -> str:
    """The pickings for each difference in bags, straight from the rules module."""
    rows = []
    for ahead in range(-4, 5):
        winner_bag = max(1, 1 - ahead)
        got = R.fight_pickings(10 * winner_bag - 5, 10 * (winner_bag + ahead) - 5)
        rows.append((f"{ahead:+d}" if ahead else "0 (same bag)", f"{got}gn"))
    return _table(("loser's bags ahead of the winner", "winner's pickings"), rows)


# ---------------------------------------------------------------------------
# Section 3: weapons and tricks (the brawl)
# ---------------------------------------------------------------------------

RED_BRAWL_ITEMS = {"Chippawa Leaf": 1, "Bible": 1, "Pipe": 1, "Medical Supplies": 1}


def brawl(red_items: Mapping[str, int] | None = None, seed: int = 0) -> GoldmineRumbles:
    """Blue (8gn, one Colt 45 cube and a Blunderbuss) attacks Red (36gn, two Colt 45 cubes) and
    fights with the Blunderbuss; Red holds ``red_items`` (default: a Chippawa Leaf, a Bible, a
    Pipe and Medical Supplies). The fight is at its first round."""
    here = quiet_sites()
    items = dict(RED_BRAWL_ITEMS if red_items is None else red_items)
    state = table({"at": here[0], "gold": 36, "dashboard": {R.COLT_45: 2}, "items": items},
                  {"at": here[0], "gold": 8, "dashboard": {R.COLT_45: 1}, "items": {"Blunderbuss": 1}},
                  {"at": here[1]}, seed=seed)
    return state.apply(AttackPlayer(BLUE, RED)).apply(UseItem(BLUE, "Blunderbuss"))


def brawl_story(seed: int = 0) -> str:
    """The brawl to its end, Red's Bible and Leaf played by the heuristic bot (it weighs each
    choice by the exact odds)."""
    state = brawl(seed=seed)

    def run(out):
        out(f"Blue fights with the Blunderbuss ({state.fight_bonus(BLUE):+d}); Red with two Colt 45 cubes "
            f"({state.fight_bonus(RED):+d}), holding a Chippawa Leaf and a Bible.")
        fight_on(state, deciders={RED: HeuristicBot(seed=1)}, out=out)
        out(_result_line(state, (BLUE, RED)))

    return _told(run)


BRAWL_HANDS = (("nothing", {}), ("a Chippawa Leaf", {"Chippawa Leaf": 1}), ("a Bible", {"Bible": 1}),
               ("a Leaf and a Bible", {"Chippawa Leaf": 1, "Bible": 1}))


def brawl_story_html(seed: int = 0) -> str:
    """:func:`brawl_story` as HTML tables, one per round."""
    return story_html(brawl_story(seed))


def brawl_table_html() -> str:
    """Red's exact chance in the brawl with each hand of fight items."""
    rows = [(hand, f"{float(fight_win_chance(brawl(items), RED)):.1%}") for hand, items in BRAWL_HANDS]
    return _table(("Red holds", "Red's chance to win the fight"), rows)


# ---------------------------------------------------------------------------
# Section 4: Papa Clayton
# ---------------------------------------------------------------------------


def papa_table_html() -> str:
    """A miner's chance against Papa Clayton (+4) for each Colt 45 bonus, fresh or already hurt."""
    rows = []
    for colt in range(0, 5):
        fresh = analysis.fight_odds(colt, R.PAPA_CLAYTON_BONUS).win
        hurt = analysis.fight_odds(colt, R.PAPA_CLAYTON_BONUS, injuries=2).win
        rows.append((f"{colt:+d}", f"{float(fresh):.2%}", f"{float(hurt):.2%}"))
    return _table(("miner's bonus", "chance to beat him, unhurt", "with 2 injuries already"), rows)


def papa_ambush() -> tuple[GoldmineRumbles, list[str]]:
    """Lesson 2's partner dig (Red, three Colt 45 cubes, joins Blue, two cubes), replayed with the
    first seed whose hazard die shows Papa Clayton; both choose to fight him. The state and the
    story up to the first round."""
    walk = find_trip("walk")
    crew = {"red": {"dashboard": {R.COLT_45: 3}}, "blue": {"dashboard": {R.COLT_45: 2}}}
    seed = first_seed(lambda s: partner_dig(walk, s, **crew), lambda state: state.step == "clayton")
    lines: list[str] = []
    state = partner_dig(walk, seed, out=lines.append, **crew)
    narrate(state, FightClayton(BLUE), FightClayton(RED), out=lines.append)
    return state, lines


def papa_ambush_story() -> str:
    """The two partners against Papa Clayton, every round with its shared die and totals."""
    state, lines = papa_ambush()
    bots = {BLUE: HeuristicBot(seed=2), RED: HeuristicBot(seed=3)}
    at_fight = next(i for i, line in enumerate(lines) if "hazard" in line.lower() or "Papa Clayton" in line)

    def run(out):
        out("... the dig, then the hazard die:")
        for line in lines[at_fight:]:
            out(line)
        fight_on(state, deciders=bots, out=out)
        out(_result_line(state, (BLUE, RED)))

    return _told(run)


def papa_ambush_story_html() -> str:
    """:func:`papa_ambush_story` as HTML tables, one per round."""
    return story_html(papa_ambush_story())


def clayton_winnings(gold: int) -> int:
    """What a miner with ``gold`` collects for beating Papa Clayton: pickings plus the reward."""
    return R.fight_pickings(gold, R.PAPA_CLAYTON_GOLD) + R.PAPA_CLAYTON_REWARD


# ---------------------------------------------------------------------------
# Section 5: the final count
# ---------------------------------------------------------------------------

#: Red's mission (an invented card): she holds its first three items.
RED_MISSION, BLUE_MISSION, GREEN_MISSION = 2, 0, 5


def final_position() -> GoldmineRumbles:
    """Three miners near the end (three Safety Gear cubes each, so cave-ins stay small)."""
    return position([
        {"at": 3, "gold": 31, "mission": RED_MISSION, "black_marks": 0,
         "dashboard": {R.NOTEBOOKS: 2, R.SAFETY_GEAR: 3},
         "items": {name: 1 for name in C.MISSIONS[RED_MISSION][:3]} | {"Bread": 1}},
        {"at": 5, "gold": 27, "mission": BLUE_MISSION, "black_marks": 1, "poisons": 2,
         "dashboard": {R.SAFETY_GEAR: 3}, "items": {"Pipe": 1, "Flask": 1}},
        {"at": 7, "gold": 28, "mission": GREEN_MISSION, "black_marks": 2, "bandages": 1,
         "dashboard": {R.SAFETY_GEAR: 3}},
    ], seed=0, players=3, mine=standard_mine(), track=[7, 8, 9, 1])


def final_count() -> GoldmineRumbles:
    """:func:`final_position` played to the end, every miner passing (cubes away from Notebooks)."""
    state = final_position()
    while not state.is_over:
        if state.step == "place cubes":
            free = [a.column for a in state.legal_actions() if a.column != R.NOTEBOOKS]
            state.apply(PlaceCube(state.current_player, free[0]))
        else:
            state.apply(EndTurn(state.current_player))
    return state


def final_table_html() -> str:
    """The three miners before the final count: a plain table of what the count uses (no board),
    one column per miner so that it fits a phone."""
    state = final_position()
    players = (RED, BLUE, GREEN)
    sheets = [state.sheet(p) for p in players]
    rows = [("gold", *(f"{state.gold(p)}gn" for p in players)),
            ("Notebook cubes", *(state.dashboard(p).get(R.NOTEBOOKS, 0) for p in players)),
            ("Black Marks", *(sheet["black_marks"] for sheet in sheets)),
            ("Bandages, Poisons", *(sheet["bandages"] + sheet["poisons"] for sheet in sheets)),
            ("mission items", *(f"{sum(1 for item in state.mission(p) if state.items(p)[item])} of 4" for p in players))]
    return _table(("", "Red", "Blue", "Green"), rows)


STEP_NAMES = (("gold", "gold on the track"), ("notebooks", "Notebook cubes back"),
              ("fewest black marks", "fewest Black Marks"), ("tokens", "tokens"), ("mission", "mission items"),
              ("final", "final gold"))


def score_table_html(players: Sequence[int] = (RED, BLUE, GREEN)) -> str:
    """The final count, step by step, for ``players``."""
    ended = final_count()
    breakdown = ended.score_breakdown()
    names = {RED: "Red", BLUE: "Blue", GREEN: "Green"}
    rows = [(label, *(f"{breakdown[p][key]:+d}" if key not in ("gold", "final") else f"{breakdown[p][key]}gn"
                      for p in players)) for key, label in STEP_NAMES]
    return _table(("step", *(names[p] for p in players)), rows)


def mission_line(mission: int) -> str:
    return ", ".join(C.MISSIONS[mission])


# ---------------------------------------------------------------------------
# A small HTML table
# ---------------------------------------------------------------------------


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    return html_table(header, rows, pad=6)


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

S0, S1, S2, S4, S5, S6 = (
    Section("Start: what a fight round is", 8),
    Section("1. A fight, round by round", 13),
    Section("2. The pickings", 9),
    Section("3. Papa Clayton", 9),
    Section("4. The final count", 15),
    Section("Wrap-up and homework", 3),
)
EXTENSION = "Extension: weapons and tricks"


def _duel_chance() -> Fraction:
    return fight_win_chance(duel(), BLUE)


def _brawl_chance() -> Fraction:
    return fight_win_chance(brawl(), RED)


BLUE_OR_GREEN = ("Blue", "Green", "they end level")


def _blue_or_green() -> str:
    scores = final_count().scores()
    return "Blue" if scores[BLUE] > scores[GREEN] else "Green" if scores[GREEN] > scores[BLUE] else BLUE_OR_GREEN[2]


QUESTIONS = (
    Question("round_total",
             "In one round Blue throws a 2. Blue has three Colt 45 cubes (+3) and one Poison token. "
             "What is Blue's total for the round?",
             lambda: R.fight_total(2, 3, 1),
             worked="die 2, plus 3 for the Colt 45 cubes, less 1 for the Poison token: 2 + 3 - 1 = 4.",
             hint="Add the bonus to the die, then take off 1 for each token.", section=S0.title),
    Question("duel_chance",
             "Blue (+2 after the Poison token) fights Red (+1); neither is hurt and neither holds a fight item. "
             "What is the chance that Blue wins the whole fight? (A fraction, a decimal or a percentage.)",
             _duel_chance, predict=True, tolerance=0.02,
             worked="Blue is 1 point ahead in every round. That wins a round 21 times in 36 and loses it 10 times, "
                    "and over a race to four injuries the small edge adds up: about 79%.",
             section=S1.title),
    Question("pickings_poor_wins",
             "A miner with 8gn beats a miner with 36gn. How many gn are the pickings?",
             lambda: R.fight_pickings(8, 36),
             worked="8gn is bag 1 and 36gn is bag 4: the loser is 3 bags ahead, so 4 + 3 = 7gn.",
             hint="Find each miner's bag first (bag 1 is 1-10gn), then count how many bags the loser is ahead.",
             section=S2.title),
    Question("pickings_rich_wins",
             "Now the other way round: the miner with 36gn beats the miner with 8gn. How many gn are the pickings?",
             lambda: R.fight_pickings(36, 8),
             worked="The loser (bag 1) is 3 bags behind the winner (bag 4), so 4 - 3 = 1gn.",
             hint="The loser is behind this time: take 1gn off the 4gn for each bag.", section=S2.title),
    Question("papa_chance",
             "A miner with three Colt 45 cubes (+3), unhurt, fights Papa Clayton (+4). "
             "What is the miner's chance to beat him?",
             lambda: analysis.fight_odds(3, R.PAPA_CLAYTON_BONUS).win, predict=True, tolerance=0.02,
             worked="Papa Clayton is 1 point ahead in every round, so he is the one with the 79% edge: "
                    "the miner wins about 18% of these fights.",
             section=S4.title),
    Question("papa_winnings",
             "A miner with 12gn beats Papa Clayton (counted as 43gn). How many gn does the miner collect, "
             "pickings and reward together?",
             lambda: clayton_winnings(12),
             worked="12gn is bag 2, 43gn is bag 5: he is 3 bags ahead, so the pickings are 4 + 3 = 7gn; "
                    "plus the 4gn reward makes 11gn (and an item from the supply).",
             hint="Work out the pickings as for a miner with 43gn, then add the reward.", section=S4.title),
    Question("final_order",
             "On the track Green (28gn) is 1gn ahead of Blue (27gn). After the whole final count, who will have "
             "more gold?",
             _blue_or_green, choices=BLUE_OR_GREEN, predict=True, show_working=False,
             worked="Blue. Neither has the fewest Black Marks and both pay 6gn for three tokens, but Blue's two "
                    "mission items pay 3gn and Green holds none of hers: Blue overtakes Green at the mission step.",
             section=S5.title),
    Question("final_red",
             "Red ends with 31gn on the track, two Notebook cubes, no Black Mark (Blue has 1, Green 2), no tokens, "
             "and three of her mission's four items. What is Red's final gold?",
             lambda: final_count().scores()[RED],
             worked="31 + 10 (two Notebook cubes give back 5gn each) + 10 (fewest Black Marks, alone) "
                    "+ 0 (no tokens) + 6 (three mission items) = 57gn.",
             hint="Go through the four steps in order: Notebooks, fewest Black Marks, tokens, mission.",
             section=S5.title),
    Question("final_blue",
             "Blue ends with 27gn, no Notebook cube, 1 Black Mark and 2 Poison tokens, and holds two items of the "
             "mission. What is Blue's final gold?",
             lambda: final_count().scores()[BLUE],
             worked="27 + 0 + 0 (Red has fewer Black Marks) - 6 (three tokens: the Black Mark and two Poisons, "
                    "2gn each) + 3 (two mission items) = 24gn.",
             hint="Every token costs 2gn, and a Black Mark is a token too.", section=S5.title),
    Question("brawl_chance",
             "Red (+2) is attacked by Blue, who fights with a Blunderbuss (+4). Red holds a Chippawa Leaf and a "
             "Bible and plays them at the best moments. What is Red's chance to win the fight?",
             _brawl_chance, predict=True, tolerance=0.02,
             worked="Two points behind with nothing, Red wins only about 4%. The Leaf (+3 after seeing the dice) and "
                    "the Bible (throw the dice again) each rescue a lost round; together they lift Red to about 32%.",
             section=EXTENSION),
)

FIGHTS = Lesson(
    name=NAME,
    title="Goldmine Rumbles 3: fights, pickings and the final count",
    goals=(
        "work out a fight round's totals (die + bonus - tokens) and say who takes the injury;",
        "explain what being one point ahead in every round does over a whole fight, and compare "
        "your guess with the exact chance;",
        "work out the fight pickings from the bags on the gold track, against a miner or Papa Clayton;",
        "count a miner's final gold step by step.",
    ),
    prerequisites=(
        "Goldmine Rumbles lessons 1 and 2 (the board, a turn, mining and the hazard die)",
        "adding and taking away whole numbers",
        "writing a chance as a fraction, a decimal or a percentage",
    ),
    sections=(S0, S1, S2, S4, S5, S6),
    questions=QUESTIONS,
)

LESSONS = (FIGHTS,)

__all__ = [
    "NAME", "APP", "HOMEWORK_SEED", "duel", "duel_story", "duel_winner", "duel_tally", "bag", "pickings_words",
    "pickings_table_html", "RED_BRAWL_ITEMS", "brawl", "brawl_story", "BRAWL_HANDS", "brawl_table_html",
    "papa_table_html", "papa_ambush", "papa_ambush_story", "clayton_winnings", "final_position", "final_count",
    "score_table_html", "mission_line", "BLUE_OR_GREEN", "story_html", "duel_story_html", "fighters_html", "brawl_story_html",
    "papa_ambush_story_html", "final_table_html", "S0", "S1", "S2", "S4", "S5", "S6", "EXTENSION", "QUESTIONS", "FIGHTS", "LESSONS",
]
