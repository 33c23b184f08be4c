"""Goldmine Rumbles lesson 2 (notebooks/goldmine_rumbles_2_mining_and_hazards): digging, the hazard die, partners.

The lesson's plan and questions (:data:`LESSON`) and the positions its notebook shows, as plain
model code (no widgets).

**Pinned positions.** Every position is made by hand on the standard mine, and the miner who digs
already stands on the claim site when buying it, so no tunnel matters: a change of the invented
tiles cannot move a number. Blue's yield bonus is set by a cube on whichever column pays at the
lesson's claim (+1), and the pair of items Blue takes is one without a cube, so the bonus stays +1
whatever the claim's invented contents. Every exact answer is computed from the model
(:mod:`.analysis`, :mod:`.state_odds`), and ``tests/unit/goldmine_rumbles/test_gr_lesson_2_mining.py``
holds the keyed values.
"""

from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from typing import Optional

import numpy as np

from minegames.core.lessons import Lesson, Question, Section

from . import analysis
from . import components as C
from . import dice_rules as R
from .actions import (AcceptBid, Bid, BuyClaim, BuyEssentials, Decline, InviteBids, MineAlone, RollYield,
                      TakeItems, Trade, UseItem)
from .lessons import BLUE, GREEN, RED, _cost_words, best_die, first_of, item_key, ITEM_FLAGS, play, table
from .lesson_1_setup import Scene
from .state import GoldmineRumbles
from .state_odds import hazard_cost, hazard_miner, miner_at_claim

#: The lesson's claim (Blue buys it from the 1gn square, standing on its site), and where the others stand.
CLAIM = 2
RED_SITE, GREEN_SITE = 9, 14  # sites the first Rumbles tile's cave-in does not reach
BLUE_ITEMS = {"Bread": 1, "Whiskey": 1, "Bible": 1}
BIDS = C.BID_SQUARES  # the squares of the bid board
BID = 3  # Red's bid for a place as partner
GREEN_BID = 2


def _store(claim: int = CLAIM) -> dict:
    rest = [c for c in C.CLAIM_SITES if c != claim]
    return {"store": [claim] + rest[:len(C.STORE_PRICES) - 1], "pile": rest[len(C.STORE_PRICES) - 1:][:3]}


def yield_column(claim: int = CLAIM) -> str:
    """The dashboard column that adds to a yield at ``claim`` (by its type)."""
    return R.YIELD_COLUMN[C.CLAIMS[claim].type]


def _take_plain_pair(state: GoldmineRumbles) -> list[str]:
    """The current miner takes the first pair of items on offer that brings no cube."""
    rows = C.CLAIMS[state.turn_record["claim"]].rows
    for action in state.legal_actions():
        if isinstance(action, TakeItems) and all(rows[action.row][slot] != "cube" for slot in action.slots):
            return play(state, action)
    return play(state, first_of(state, TakeItems))


def claim_table(seed: int = 0, red_at: int = RED_SITE, **blue: object) -> GoldmineRumbles:
    """Blue (who plays first) stands on the lesson's claim site, with a Bread, a Whiskey and a Bible
    and one cube on the column that pays there; the claim is on the 1gn square."""
    blue_details = {"at": CLAIM, "gold": 9, "items": dict(BLUE_ITEMS), "dashboard": {yield_column(): 1}, **blue}
    return table({"at": red_at}, blue_details, {"at": GREEN_SITE}, seed=seed, **_store())


def at_the_claim(seed: int = 0) -> tuple[GoldmineRumbles, list[str]]:
    """Blue buys the claim (arriving at once) and takes a pair of items without a cube."""
    state = claim_table(seed)
    lines = play(state, BuyClaim(BLUE, 0))
    lines += _take_plain_pair(state)
    return state, lines


def player_card(state: GoldmineRumbles, p: int) -> str:
    """One miner's card in words (the board's cards are tiny on a phone): gold, injuries, tokens,
    items and dashboard cubes."""
    sheet = state.player(p)
    items = ", ".join(f"{n} {item}" for item, n in sorted(state.items(p).items()) if n) or "no items"
    cubes = ", ".join(f"{n} {column}" for column, n in state.dashboard(p).items() if n) or "none"
    tokens = [f"{sheet[kind]} {word}" for kind, word in (("bandages", "Bandage"), ("poisons", "Poison"),
                                                       ("black_marks", "Black Mark")) if sheet[kind]]
    return (f"{sheet['colour']}: {sheet['gold']}gn, {sheet['injuries']} injur{'y' if sheet['injuries'] == 1 else 'ies'}"
            + "".join(f", {t}" for t in tokens) + f"; items: {items}; cubes: {cubes}")


def cards_caption(state: GoldmineRumbles, *players: int) -> str:
    """The players' cards in words, for under a board picture (Blue first)."""
    return " | ".join(player_card(state, p) for p in (players or (BLUE, RED, GREEN)))


def claim_scene() -> Scene:
    state = claim_table()
    claim = C.CLAIMS[CLAIM]
    scene = Scene(state=state).say(*play(state, BuyClaim(BLUE, 0)))
    scene.table((f"claim {CLAIM} ({claim.type})", "slot 1", "slot 2", "slot 3"),
                [("top row", *claim.rows[0]), ("bottom row", *claim.rows[1])])
    scene.say(*_take_plain_pair(state))
    scene.say("Blue's items now: " + ", ".join(f"{n} {item}" for item, n in sorted(state.items(BLUE).items()) if n))
    scene.caption = (f"Blue at the claim, items taken: now to dig. {player_card(state, BLUE)} "
                     f"(the {yield_column()} cube pays at a {claim.type} claim).")
    return scene


# ---------------------------------------------------------------------------
# Mining alone: the expectation of one die
# ---------------------------------------------------------------------------


def plain_die_mean() -> Fraction:
    """One die with no bonus, no tokens and no Bible: its expected gold."""
    return analysis.expected_value(analysis.yield_distribution())


def blue_here() -> dict:
    """Blue's bonus, token penalty and Bible at the claim, as the model reads them."""
    state, _ = at_the_claim()
    return miner_at_claim(state, BLUE, CLAIM)


def blue_mean() -> Fraction:
    """Blue's expected gold from one die at the claim (the Bible spent when it helps)."""
    return analysis.expected_value(analysis.yield_distribution(**blue_here()))


def yield_scene() -> Scene:
    """Blue's six faces: the die, what the Bible makes of it, the bonus, the gold; and the mean."""
    here = blue_here()
    rows = []
    for die in range(1, 7):
        choice = R.best_yield((die,), here["bonus"], here["penalty"], here["bible"], here["bible_faces"])
        rows.append((die, f"Bible: {choice.face}" if choice.used_bible else "-", f"+{here['bonus']}",
                     f"-{here['penalty']}", choice.gold, "1/6"))
    scene = Scene().table(("die", "Bible", "bonus", "tokens", "gold", "probability"), rows)
    mean = blue_mean()
    scene.say(f"Expected gold = the sum of (gold x probability) = {mean} = about {float(mean):.2f}gn")
    return scene


def throw_blue_die(throws: int = 100, seed: Optional[int] = None) -> Scene:
    """Throw Blue's die ``throws`` times (numpy dice): the average gold, beside the expectation and
    the band of two standard errors around it."""
    distribution = analysis.yield_distribution(**blue_here())
    values = np.array([float(v) for v in distribution])
    chances = np.array([float(c) for c in distribution.values()])
    rng = np.random.default_rng(seed)
    golds = rng.choice(values, size=int(throws), p=chances)
    mean = float(blue_mean())
    spread = float(np.sqrt(np.sum(chances * (values - mean) ** 2)))
    error = spread / np.sqrt(throws)
    average = float(golds.mean())
    inside = abs(average - mean) <= 2 * error
    return Scene(lines=[
        f"{throws:,} throws of Blue's die: average {average:.3f}gn",
        f"expected gold: {mean:.3f}gn",
        f"band for {throws:,} throws (two standard errors either side): {mean - 2 * error:.3f} to "
        f"{mean + 2 * error:.3f}gn",
        "the average is " + ("inside the band." if inside else "OUTSIDE the band (it happens about 1 time in 20)."),
    ])


def dig_seed() -> int:
    """The first seed whose dig shows the Bible at work (a 1 or a 2 on the yield die)."""
    for seed in range(200):
        state, _ = at_the_claim(seed)
        play(state, MineAlone(BLUE))
        if UseItem(BLUE, "Bible") in state.legal_actions():
            return seed
    raise LookupError("no seed under 200 shows the Bible")


def dig_scene() -> Scene:
    state, _ = at_the_claim(dig_seed())
    gold = state.gold(BLUE)
    scene = Scene(state=state).say(*play(state, MineAlone(BLUE)))
    if UseItem(BLUE, "Bible") in state.legal_actions():  # the model asks only when the Bible helps
        scene.say(*play(state, UseItem(BLUE, "Bible")))
    scene.say(f"Blue's gold: {gold}gn before the dig, {state.gold(BLUE)}gn after.")
    scene.caption = "After the dig. " + player_card(state, BLUE)
    return scene


# ---------------------------------------------------------------------------
# The hazard die
# ---------------------------------------------------------------------------


def token_scene() -> Scene:
    rows = [(n, f"-{R.token_penalty(n)}", f"-{R.end_token_deduction(n)}gn") for n in range(7)]
    return Scene().table(("Bandage + Poison tokens", "off every yield and fight roll", "at the end"), rows)


def risky_table() -> GoldmineRumbles:
    """Blue has just dug: the richest miner, one Bread, one Safety Gear cube, two injuries."""
    return table({"at": RED_SITE, "gold": 9},
                 {"at": CLAIM, "gold": 15, "injuries": 2, "items": {"Bread": 1}, "dashboard": {R.SAFETY_GEAR: 1}},
                 {"at": GREEN_SITE, "gold": 12}, **_store())


def face_costs() -> list[int]:
    """What each face of the hazard die costs Blue in the risky position, in gold."""
    state = risky_table()
    miner, injuries = hazard_miner(state, BLUE), state.sheet(BLUE)["injuries"]
    return [analysis.hazard_gold_cost(R.hazard_cost(face, **miner), injuries) for face in R.HAZARD_FACES]


def hazard_free_chance() -> Fraction:
    """The probability that one throw of the hazard die costs Blue no gold."""
    costs = face_costs()
    return Fraction(sum(cost == 0 for cost in costs), len(costs))


def hazard_mean() -> Fraction:
    """The hazard die's expected cost to Blue, in gold."""
    return hazard_cost(risky_table(), BLUE)


def risky_board() -> Scene:
    """Blue's situation before the hazard die, on the board."""
    state = risky_table()
    return Scene(state=state, caption="A new position, set up for this question. " + cards_caption(state))


def _ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') }"


def hazard_scene() -> Scene:
    """Each face of the hazard die, what it costs Blue, and the mean."""
    state = risky_table()
    miner, injuries = hazard_miner(state, BLUE), state.sheet(BLUE)["injuries"]
    rows = []
    for face in R.HAZARD_FACES:
        cost = R.hazard_cost(face, **miner)
        words = ", ".join(_cost_words(part, n) for part, n in cost._asdict().items() if n) or "nothing"
        if cost.injuries:
            total = injuries + cost.injuries
            words += (f" -> {_ordinal(R.INJURY_LIMIT)} injury, 1 Bandage" if total >= R.INJURY_LIMIT
                      else f" -> {total} injuries, no Bandage")
        rows.append((str(face), words, f"{analysis.hazard_gold_cost(cost, injuries)}gn"))
    scene = Scene().table(("hazard die face", "what it does to Blue", "cost in gold"), rows)
    scene.say(f"Expected cost = the sum of (cost x 1/6) = {hazard_mean()}gn, about {float(hazard_mean()):.2f}gn")
    return scene


# ---------------------------------------------------------------------------
# Mining with a partner
# ---------------------------------------------------------------------------


def duo_table(seed: int = 0) -> GoldmineRumbles:
    """Blue at the claim with its items taken; Red (no cubes that pay here, no Bible) stands beside
    Blue on the claim site, so Red needs no walk."""
    state = claim_table(seed, red_at=CLAIM)
    play(state, BuyClaim(BLUE, 0))
    _take_plain_pair(state)
    return state


def bids_scene() -> Scene:
    state = duo_table()
    scene = Scene(state=state).say(*play(state, InviteBids(BLUE), Bid(GREEN, GREEN_BID)))
    free = [a.square for a in state.legal_actions() if isinstance(a, Bid)]
    scene.say("Red may bid " + ", ".join(f"{n}" for n in free[:-1]) + f" or {free[-1]}gn (the free squares), "
              "or stay out.")
    scene.say(*play(state, Bid(RED, BID)))
    scene.say(f"Blue now chooses: Green's {GREEN_BID}gn, Red's {BID}gn, or neither.")
    scene.caption = cards_caption(state, BLUE, RED)
    return scene


def higher_is_six() -> Fraction:
    """The probability that the higher of two dice shows 6 (counting the 36 equally likely pairs)."""
    pairs = list(product(range(1, 7), repeat=2))
    return Fraction(sum(max(pair) == 6 for pair in pairs), len(pairs))


def higher_six_shares(throws: int = 3000, seed: Optional[int] = None) -> np.ndarray:
    """Throw two dice ``throws`` times: the share of throws whose higher die is 6, after each throw."""
    rng = np.random.default_rng(seed)
    hits = rng.integers(1, 7, (throws, 2)).max(axis=1) == 6
    return np.cumsum(hits) / np.arange(1, throws + 1)


def pairs_scene() -> Scene:
    """The 36 pairs of two dice, each cell the higher of the two (the counting is the pupils')."""
    rows = [(str(a), *(max(a, b) for b in range(1, 7))) for a in range(1, 7)]
    scene = Scene().table(("1st \\ 2nd", *(str(b) for b in range(1, 7))), rows)
    return scene.say("Rows: the first die. Columns: the second die. Each cell: the higher of the two.")


def pair_counts_scene() -> Scene:
    """How many of the 36 pairs give each higher die, and the higher die's expected value."""
    high, _ = analysis.max_min_distributions()
    counts = {k: int(chance * 36) for k, chance in high.items()}
    scene = Scene().say("The higher die is " + ", ".join(f"{k} in {n} pair{'s' if n > 1 else ''}"
                                                         for k, n in counts.items()) + " (of 36).")
    mean = analysis.expected_value(high)
    return scene.say("Its expected value: (" + " + ".join(f"{k}x{n}" for k, n in counts.items())
                     + f") / 36 = {mean}, about {float(mean):.2f}")


def red_gain(bid: int = BID) -> Fraction:
    """Red's expected gold from joining Blue's dig at ``bid``, after paying the bid (hazard die left out)."""
    state = duo_table()
    return analysis.partner_value(bid, miner_at_claim(state, BLUE, CLAIM), miner_at_claim(state, RED, CLAIM),
                                  state.options.partner_dice).partner


def highest_gaining_bid() -> int:
    """The highest square of the bid board at which Red still expects to gain."""
    return max(bid for bid in C.BID_SQUARES if red_gain(bid) > 0)


def bid_report(bid: int = BID) -> Scene:
    """What a partnership at ``bid`` is worth to each miner, in expected gold (from :mod:`.analysis`)."""
    state = duo_table()
    value = analysis.partner_value(bid, miner_at_claim(state, BLUE, CLAIM), miner_at_claim(state, RED, CLAIM),
                                   state.options.partner_dice)
    return Scene(lines=[
        f"Bid {bid}gn: Red expects to gain {value.partner} = {float(value.partner):+.2f}gn (yield less the bid)",
        f"          Blue expects to gain {value.owner} = {float(value.owner):+.2f}gn (against digging alone)",
    ])


def partner_dig_scene() -> Scene:
    """Blue accepts Red's bid; Red takes items, Blue throws two dice, each takes the die that pays most."""
    state = duo_table()
    lines = play(state, InviteBids(BLUE), Bid(GREEN, GREEN_BID), Bid(RED, BID), AcceptBid(BLUE, RED))
    lines += _take_plain_pair(state)
    if state.step == "partner items":
        lines += play(state, Decline(RED))
    lines += play(state, RollYield(BLUE))
    while state.step in ("choose die", "bible"):
        lines += play(state, best_die(state) if state.step == "choose die" else UseItem(state.current_player, "Bible"))
    return Scene(state=state, lines=lines, caption=cards_caption(state, BLUE, RED))


def practice_table() -> GoldmineRumbles:
    """The partner dig just after Blue has taken the items: for the app."""
    return duo_table()


# ---------------------------------------------------------------------------
# Items: the carry limit and trading
# ---------------------------------------------------------------------------

FULL_HAND = {"Bread": 2, "Whiskey": 2, "Dynamite": 2}


def carry_scene() -> Scene:
    state = claim_table(items=dict(FULL_HAND), bandages=1)
    scene = Scene(state=state).say(*play(state, BuyClaim(BLUE, 0)))
    offered = [a for a in state.legal_actions() if isinstance(a, TakeItems)]
    scene.say(f"Items Blue carries: {sum(state.items(BLUE).values())}",
              "Pairs Blue may take now: " + ("; ".join(map(str, offered)) if offered else "none: discard first"))
    try:
        play(state, TakeItems(BLUE, 0, (0, 1)))
    except Exception as refusal:  # noqa: BLE001 - the game's refusal, named by its rule
        scene.say(f"Blue tries to take two items: refused ({getattr(refusal, 'rule', '')}): "
                  f"a miner carries at most {C.CARRY_LIMIT} items.")
    return scene


TRADER_ITEMS = {"Bible": 3, "Apple Pie": 1, "Bread": 1}


def trader_table() -> GoldmineRumbles:
    return table({"at": RED_SITE}, {"at": CLAIM, "gold": 4, "black_marks": 1, "items": dict(TRADER_ITEMS)},
                 {"at": GREEN_SITE}, **_store())


TRADE_ACTIONS = (Trade(BLUE, "Bible"), BuyEssentials(BLUE, ("Bread", "Dynamite")))


def trade_gold() -> int:
    """Blue's gold after selling two of three Bibles and buying a Bread and a Dynamite."""
    state = trader_table()
    play(state, *TRADE_ACTIONS)
    return state.gold(BLUE)


def trade_scene() -> Scene:
    state = trader_table()
    scene = Scene(state=state).say(*(re.sub(r"\btwo (\w+?)(?<!s) ", r"two \1s ", line)
                                     for line in play(state, *TRADE_ACTIONS)))
    scene.say(f"Blue's gold {state.gold(BLUE)}gn | Black Marks {state.player(BLUE)['black_marks']}")
    scene.say(*play(state, UseItem(BLUE, "Apple Pie")))
    scene.say(f"Black Marks {state.player(BLUE)['black_marks']}")
    scene.caption = player_card(state, BLUE)
    return scene


def item_scene() -> Scene:
    """All fifteen items, with their marks (the letters of :data:`.lessons.ITEM_FLAGS`)."""
    scene = Scene().table(("letter", "means"), [(letter, meaning) for _, letter, meaning in ITEM_FLAGS])
    return scene.table(("item", "marks", "what it does"), item_key())


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

CLAIM_PART, ALONE, HAZARD, PARTNER, WRAP, ITEMS = (
    "At the claim", "Mining alone: the expected gold of one die", "The hazard die: events and expected cost",
    "Mining with a partner: two dice", "What we found, and discussion", "Extension: the carry limit and trading")

LESSON = Lesson(
    name="goldmine_rumbles_2_mining_and_hazards",
    title="Goldmine Rumbles 2: mining, the hazard die and partners",
    goals=(
        "list the sample space of one die and of two dice, and find the probability of an event by counting",
        "work out the expected gold of a dig and the expected cost of the hazard die, and say what "
        "an expectation means in the long run",
        "decide from the expectation up to which bid joining another miner's dig pays",
        "play a dig with the rules for items, bids and hazards",
    ),
    prerequisites=(
        "Goldmine Rumbles lesson 1 (the table, buying a claim)",
        "the probability of an event as a fraction of equally likely outcomes",
        "the mean of a list of numbers",
    ),
    # Honest minutes for a pair: reading at about 120 words a minute (90 for rules and working),
    # the opening cell 2, each question 3 (4 when a table is made first), each stop 2.
    sections=(Section(CLAIM_PART, 5), Section(ALONE, 17), Section(HAZARD, 15), Section(PARTNER, 18),
              Section(WRAP, 4)),
    questions=(
        Question("plain_die", "Predict: a miner with no bonus, no tokens and no Bible digs with one die. "
                 "On average, how much gold does one dig bring?", plain_die_mean,
                 worked="(1 + 2 + 3 + 4 + 5 + 6) / 6 = 21/6 = 7/2 = 3.5gn.", predict=True, section=ALONE),
        Question("blue_mean", "Blue has +1 at this claim, no tokens, and a Bible that turns a 1 into a 5 and a 2 "
                 "into a 6. What is Blue's expected gold from one die?", blue_mean,
                 worked="Faces 1 to 6 give 6, 7, 4, 5, 6, 7gn: (6 + 7 + 4 + 5 + 6 + 7) / 6 = 35/6, about 5.83gn.",
                 hint="Write the gold for each face (Bible first, then +1), add the six and divide by 6.",
                 tolerance=0.02, section=ALONE),
        Question("hazard_free", "Predict: Blue is the richest miner, has 1 Bread, 1 Safety Gear cube and 2 "
                 "injuries. What is the probability that one throw of the hazard die costs Blue no gold at all?",
                 hazard_free_chance,
                 worked="Only 'cave-in x2' is free: 2 injuries, 1 stopped by Safety Gear, 2 + 1 = 3 < 4, "
                        "so no Bandage. 1 face of 6: 1/6.", predict=True, show_working=False, section=HAZARD),
        Question("hazard_mean", "What does one throw of the hazard die cost Blue on average, in gold?", hazard_mean,
                 worked="The six faces cost 1, 3, 0, 2, 2, 3gn: (1 + 3 + 0 + 2 + 2 + 3) / 6 = 11/6, about 1.83gn.",
                 hint="Go face by face: what each costs Blue in gold, then the mean. A cave-in costs gold only "
                      "if it brings Blue to 4 injuries (a Bandage, 2gn).", tolerance=0.02, section=HAZARD),
        Question("higher_six", "Predict: two dice are thrown. What is the probability that the higher of the "
                 "two shows a 6?", higher_is_six,
                 worked="Of the 36 equally likely pairs, 11 have a 6 (6 with the first die, 6 with the second, "
                        "minus the double 6 counted twice): 11/36.", predict=True, show_working=False,
                 tolerance=0.02, section=PARTNER),
        Question("red_gain", "Red joins for 3gn and takes the higher of the two dice (no bonus, no tokens, no "
                 "Bible). The higher of two dice averages 161/36. What is Red's expected gain after paying "
                 "the bid, in gn?", red_gain,
                 worked="161/36 - 3 = 161/36 - 108/36 = 53/36, about 1.47gn.",
                 hint="Expected gold from the dig, minus the bid.", tolerance=0.02, section=PARTNER),
        Question("best_bid", "Predict: the bid board has squares 1 to 6gn. What is the highest bid at which Red "
                 "still expects to gain?", highest_gaining_bid,
                 worked="Red expects 161/36, about 4.47gn, from the dig: a 4gn bid still gains (+0.47), "
                        "a 5gn bid loses (-0.53).", predict=True, show_working=False, section=PARTNER),
        Question("trade_gold", "Blue has 4gn and three Bibles. Blue sells two Bibles, then buys a Bread and a "
                 "Dynamite from Frank Clayton. How much gold does Blue have now?", trade_gold,
                 worked="4 + 6 for the two Bibles - 2 for the two Essentials = 8gn.",
                 hint="Three of a kind: two go back for 6gn. Essentials cost 1gn each.", section=ITEMS),
    ),
)

LESSONS = (LESSON,)
