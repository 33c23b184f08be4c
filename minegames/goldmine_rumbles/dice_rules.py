"""The dice rules of Goldmine Rumbles as small pure functions: the single source of truth.

Everything here takes and returns plain values (ints, strings, tuples, dicts), so the
rules engine, the odds in :mod:`.analysis` and the lesson notebook all call the same
code. Each docstring names the rulebook page ("p15") the rule comes from; where the
rulebook contradicts itself, a keyword option picks the reading and the default is the
one argued for in ``docs`` / the facts sheet.

Signs: a *bonus* is added to a die, a *penalty* (from Bandage and Poison tokens) is a
non-negative number that is subtracted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, NamedTuple, Sequence

from minegames.core import OptionError

# ---------------------------------------------------------------------------
# Tokens and injuries
# ---------------------------------------------------------------------------

PENALTY_CAP = 4  # p25: the in-play penalty stops growing at four tokens
END_TOKEN_COST = 2  # p9: gold lost per Bandage, Poison or Black Mark at the end
INJURY_LIMIT = 4  # p20: four injuries cost a Bandage (and end a fight, p14-15)


def token_penalty(bandages: int, poisons: int = 0) -> int:
    """p25: each Bandage or Poison token takes 1 off yields and fight rolls, at most 4 in all.

    Returned as the (non-negative) amount to subtract; tokens beyond the fourth still
    count at the end of the game (:func:`end_token_deduction`).
    """
    return min(PENALTY_CAP, bandages + poisons)


def end_token_deduction(tokens: int) -> int:
    """p9 step 3: gold lost at the end, 2gn for every Bandage, Poison and Black Mark, uncapped."""
    return END_TOKEN_COST * tokens


def add_injuries(injuries: int, taken: int) -> tuple[int, int]:
    """p20: move up the injury track; reaching 4 costs one Bandage and resets the track to 0.

    Returns ``(injuries after, bandages taken)``. Injuries beyond the fourth are lost
    with the reset (one Bandage per reset, the suggested default).
    """
    total = injuries + max(0, taken)
    if total >= INJURY_LIMIT:
        return 0, 1
    return total, 0


# ---------------------------------------------------------------------------
# Fights (p14-16)
# ---------------------------------------------------------------------------

PAPA_CLAYTON_BONUS = 4  # p14: Papa Clayton's fight bonus
PAPA_CLAYTON_REWARD = 4  # p14: the reward for beating him, on top of the pickings
PAPA_CLAYTON_GOLD = 43  # suggested: his gold for bags (bag 5, as in the p16 example)
CHIPPAWA_BONUS = 3  # p16, p19: one round, chosen after the dice are seen
BLUNDERBUSS_BONUS = 4  # p16, p19: a whole fight, instead of the Colt 45
BACKFIRE_FACE, BACKFIRE_INJURIES = 6, 3  # p19, p24: a Blunderbuss die showing 6 hurts its holder
BACKFIRE_SNAKES, BACKFIRE_FIGHTS = "snakes only", "fights too"  # contradiction 4: where the backfire applies
BACKFIRE_RULES = (BACKFIRE_SNAKES, BACKFIRE_FIGHTS)
DISMISS_REROLL, DISMISS_VOID = "reroll", "void round"  # the Bible's fight use: dismissed dice are thrown again,
DISMISS_RULES = (DISMISS_REROLL, DISMISS_VOID)       # or the whole round is set aside
OWN, OTHER, BOTH = "own", "opponent", "both"  # which dice of a round a Bible dismisses
DISMISS_CHOICES = (OWN, OTHER, BOTH)

WIN, LOSE, BOTH_LOSE = "win", "lose", "both lose"
FIGHT_RESULTS = (WIN, LOSE, BOTH_LOSE)


def fight_total(die: int, bonus: int = 0, penalty: int = 0) -> int:
    """p15: a fight roll is 1d6 plus the bonus minus the token penalty."""
    return die + bonus - penalty


def round_injuries(total: int, opponent_total: int) -> tuple[int, int]:
    """p15: the lower total takes one injury; equal totals give both sides one.

    Returns ``(injuries to this side, injuries to the opponent)``.
    """
    if total < opponent_total:
        return 1, 0
    if total > opponent_total:
        return 0, 1
    return 1, 1


def fight_result(injuries: int, opponent_injuries: int) -> str | None:
    """p14-15: who has lost once a round is over, from this side's point of view.

    ``None`` while both are under 4 injuries; reaching 4 first loses; reaching 4 in
    the same round means both lose (both take a Bandage, no pickings change hands).
    """
    mine_out = injuries >= INJURY_LIMIT
    theirs_out = opponent_injuries >= INJURY_LIMIT
    if mine_out and theirs_out:
        return BOTH_LOSE
    if mine_out:
        return LOSE
    if theirs_out:
        return WIN
    return None


def play_round(injuries: int, opponent_injuries: int, die: int, opponent_die: int,
               bonus: int = 0, opponent_bonus: int = 0) -> tuple[int, int]:
    """One fight round from the dice: the injury pair afterwards (bonuses net of penalties)."""
    mine, theirs = round_injuries(fight_total(die, bonus), fight_total(opponent_die, opponent_bonus))
    return injuries + mine, opponent_injuries + theirs


def backfires(die: int, in_fight: bool, rule: str = BACKFIRE_SNAKES) -> bool:
    """Contradiction 4: a Blunderbuss backfires on a 6 when shooting a snake; in a fight only
    under the summary table's reading (``BACKFIRE_FIGHTS``), on any round its holder rolls a 6."""
    return die == BACKFIRE_FACE and (not in_fight or rule == BACKFIRE_FIGHTS)


def papa_clayton_round(shared_die: int, papa_die: int, bonuses: Sequence[int],
                       papa_bonus: int = PAPA_CLAYTON_BONUS) -> tuple[tuple[int, ...], int]:
    """p14: two miners against Papa Clayton roll one die for both; he is compared with each.

    ``bonuses`` are the miners' bonuses net of penalties. Returns the injuries each
    miner takes and the injuries Papa Clayton takes (one per miner who ties or beats him).
    """
    papa = fight_total(papa_die, papa_bonus)
    pairs = [round_injuries(fight_total(shared_die, bonus), papa) for bonus in bonuses]
    return tuple(mine for mine, _ in pairs), sum(theirs for _, theirs in pairs)


# ---------------------------------------------------------------------------
# Gold, bags and fight pickings (p16, p26)
# ---------------------------------------------------------------------------

TRACK_LENGTH = 50  # p26: the gold track ends at 50; a 50+ token carries the rest
BAG_SIZE = 10
MAX_BAG = 5
MAX_PICKINGS = 8
PICKINGS_OFFSET = 4  # p16 table; 5 reproduces the 21gn-vs-21gn and the 43gn-vs-8gn examples


def total_gold(track: int, fifty_tokens: int = 0) -> int:
    """p26: a player's gold is the track position plus 50 for each 50+ token."""
    return TRACK_LENGTH * fifty_tokens + track


def track_position(gold: int) -> tuple[int, int]:
    """p26: ``(50+ tokens, track square)`` for a gold total; past 50 the count restarts at 1."""
    tokens = max(0, gold - 1) // TRACK_LENGTH
    return tokens, gold - TRACK_LENGTH * tokens


def bag(gold: int) -> int:
    """p16: bags of 10gn (1-10 is bag 1, 41-50 bag 5), capped at 5 even past 50 (tokens counted)."""
    return min(MAX_BAG, max(1, -(-gold // BAG_SIZE)))


def fight_pickings(winner_gold: int, loser_gold: int, offset: int = PICKINGS_OFFSET) -> int:
    """p16: gold the loser hands over: offset + loser's bag - winner's bag, within 0..8.

    Never more than the loser has. ``offset=4`` is the rulebook's table; ``offset=5``
    is what the two contradicting worked examples use.
    """
    raw = offset + bag(loser_gold) - bag(winner_gold)
    return min(max(0, min(MAX_PICKINGS, raw)), max(0, loser_gold))


# ---------------------------------------------------------------------------
# The dashboard (p20-23)
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """One dashboard column: the effect with 1, 2, ... cubes, and with none.

    The highest cube sets the effect, so effect ``k-1`` applies with ``k`` cubes.
    """

    name: str
    effects: tuple[Any, ...]
    without: Any
    meaning: str

    @property
    def squares(self) -> int:
        return len(self.effects)

    def effect(self, cubes: int) -> Any:
        """The effect with ``cubes`` cubes in the column (more than fit is refused)."""
        if not 0 <= cubes <= self.squares:
            raise ValueError(f"{self.name} holds 0..{self.squares} cubes, not {cubes}")
        return self.effects[cubes - 1] if cubes else self.without


COLT_45 = "Colt 45"
WATER_PUMPS = "Water Pumps"
MINERS_LAMPS = "Miner's Lamps"
MINING_TOOLS = "Mining Tools"
COMPANY_SHARES = "Company Shares"
EXPLOSIVES_MANUALS = "Explosives Manuals"
SAFETY_GEAR = "Safety Gear"
NOTEBOOKS = "Notebooks & Diaries"
FORTIFYING_TONIC = "Fortifying Tonic"
TUNNEL_PLANS = "Tunnel Plans"

DASHBOARD: dict[str, Column] = {
    column.name: column
    for column in (
        Column(COLT_45, (1, 2, 3, 4), 0, "added to every fight roll"),
        Column(WATER_PUMPS, (1, 2, 4), 0, "gold added to a yield at a Flooded claim"),
        Column(MINERS_LAMPS, (1, 2, 4), 0, "gold added to a yield at a Dark claim"),
        Column(MINING_TOOLS, (1, 2, 4), 0, "gold added to a yield at a Hard Rock claim"),
        Column(COMPANY_SHARES, (2, 3, 6), 0, "gold off the price of a claim"),
        Column(EXPLOSIVES_MANUALS, (2, 3, 4), 1, "mine tiles turned by one Dynamite"),
        Column(SAFETY_GEAR, (1, 2, 3), 0, "cave-in injuries prevented"),
        Column(NOTEBOOKS, (5, 10, 15), 0, "gold hidden from the track, returned at the end"),
        Column(FORTIFYING_TONIC, (0, 1, 2), 0, "largest Bread result of the hazard die ignored"),
        Column(TUNNEL_PLANS, (("A",), ("A", "B"), ("A", "B", "C")), (), "tunnel letters you may travel between"),
    )
}
DASHBOARD_SQUARES = sum(column.squares for column in DASHBOARD.values())  # 31

YIELD_COLUMN = {"Flooded": WATER_PUMPS, "Dark": MINERS_LAMPS, "Hard Rock": MINING_TOOLS}  # p21


def column_effect(column: str, cubes: int) -> Any:
    """p21-23: the effect of ``cubes`` cubes in the named column (``DASHBOARD`` holds the data)."""
    return DASHBOARD[column].effect(cubes)


def yield_bonus(claim_type: str, cubes: Mapping[str, int]) -> int:
    """p21: the yield bonus at a claim of ``claim_type`` from the cubes in its matching column."""
    column = YIELD_COLUMN[claim_type]
    return column_effect(column, cubes.get(column, 0))


def claim_price(price: int, share_cubes: int = 0) -> int:
    """p11, p21: a claim's price less the Company Shares discount; free when the discount covers it."""
    return max(0, price - column_effect(COMPANY_SHARES, share_cubes))


def notebook_refund(cubes: int) -> int:
    """p9 step 1, p22: each Notebook cube hid 5gn, given back at the end."""
    return column_effect(NOTEBOOKS, cubes)


# ---------------------------------------------------------------------------
# Gold yield (p12-13)
# ---------------------------------------------------------------------------

BIBLE_ITEM_TEXT = {1: 5, 2: 6}  # p13, p19 and both worked examples (default)
BIBLE_SUMMARY_TABLE = {1: 3, 2: 6}  # p17's summary table ("Rifle")
SHARED_DICE, SPLIT_DICE = "shared", "split"  # how partners share the two yield dice


class YieldChoice(NamedTuple):
    """What a miner takes from the yield dice: which die, its face, whether a Bible was spent, the gold."""

    die_index: int
    face: int
    used_bible: bool
    gold: int


def bible_face(die: int, faces: Mapping[int, int] = BIBLE_ITEM_TEXT) -> int:
    """p13: a Bible turns a low die into a better face (1->5 and 2->6 by default)."""
    return faces.get(die, die)


def miner_yield(die: int, bonus: int = 0, penalty: int = 0, bible: bool = False,
                bible_faces: Mapping[int, int] = BIBLE_ITEM_TEXT) -> int:
    """p13: one die plus the claim-type bonus, less the token penalty, never below 0.

    With ``bible`` the Bible is applied to the die (spend it only when it helps:
    :func:`best_yield` decides that).
    """
    face = bible_face(die, bible_faces) if bible else die
    return max(0, face + bonus - penalty)


def best_yield(dice: Sequence[int], bonus: int = 0, penalty: int = 0, bible: bool = False,
               bible_faces: Mapping[int, int] = BIBLE_ITEM_TEXT) -> YieldChoice:
    """p12-13: the die (and Bible use) that gives a miner the most gold.

    A Bible is spent only when it raises the gold; among equal choices the higher face wins.
    """
    options = []
    for index, die in enumerate(dice):
        options.append((miner_yield(die, bonus, penalty), 0, die, index))
        if bible and bible_face(die, bible_faces) != die:
            options.append((miner_yield(die, bonus, penalty, True, bible_faces), -1, die, index))
    gold, bible_rank, die, index = max(options)
    return YieldChoice(index, bible_face(die, bible_faces) if bible_rank else die, bool(bible_rank), gold)


def partnered_yields(dice: tuple[int, int], owner: Mapping[str, Any], partner: Mapping[str, Any],
                     sharing: str = SHARED_DICE) -> tuple[YieldChoice, YieldChoice]:
    """p12-13: a claim-owner and partner mine from one roll of two dice.

    ``owner`` / ``partner`` hold ``bonus``, ``penalty``, ``bible`` and optionally
    ``bible_faces``. With ``sharing="shared"`` (default) each miner takes whichever die
    suits them, even the same one: the p13 example gives both miners the 4 of a 3-4
    roll. ``"split"`` reads the rule as one die each: the owner picks first.
    """
    if sharing not in (SHARED_DICE, SPLIT_DICE):
        raise OptionError("partner_dice", f"expected {SHARED_DICE!r} or {SPLIT_DICE!r}, not {sharing!r}")
    owner_choice = best_yield(dice, **owner)
    if sharing == SHARED_DICE:
        return owner_choice, best_yield(dice, **partner)
    other = 1 - owner_choice.die_index
    partner_choice = best_yield((dice[other],), **partner)
    return owner_choice, partner_choice._replace(die_index=other)


# ---------------------------------------------------------------------------
# The hazard die (p13-14)
# ---------------------------------------------------------------------------

BREAD, CAVE_IN, SNAKE, PAPA_CLAYTON = "bread", "cave-in", "snake", "Papa Clayton"


class HazardFace(NamedTuple):
    """One face of the hazard die: what it shows and how many (Bread x2, Cave-in x3, ...)."""

    kind: str
    count: int = 1

    def __str__(self) -> str:
        return f"{self.kind} x{self.count}" if self.kind in (BREAD, CAVE_IN) else self.kind


# Suggested default: the six results the rulebook lists, one face each.
HAZARD_FACES = (
    HazardFace(BREAD, 1), HazardFace(BREAD, 2), HazardFace(CAVE_IN, 2),
    HazardFace(CAVE_IN, 3), HazardFace(SNAKE), HazardFace(PAPA_CLAYTON),
)

# Fortifying Tonic with 2 cubes on a Bread x2 result (the p22 note is ambiguous):
TONIC_NORMAL = "normal"  # default: the ordinary Bread x2 rule applies
TONIC_NOTE = "note"  # the note read literally: give up all your Bread and take a Bandage
TONIC_IGNORE_ONE = "ignore one"  # the tonic covers one of the two Bread
TONIC_RULES = (TONIC_NORMAL, TONIC_NOTE, TONIC_IGNORE_ONE)

SAFE_PASSAGE_FEES = (3, 2, 1)  # p14: by gold rank; fourth place and below pay nothing


class HazardCost(NamedTuple):
    """What one miner loses to the hazard die (injuries after Safety Gear, before any reset)."""

    bread: int = 0
    bandages: int = 0
    injuries: int = 0
    poisons: int = 0
    fee: int = 0  # Papa Clayton's safe-passage fee, if the miner pays rather than fights

    @property
    def nothing(self) -> bool:
        return not any(self)


def bread_cost(needed: int, bread: int, tonic_cubes: int = 0, tonic_rule: str = TONIC_NORMAL) -> HazardCost:
    """p13, p22: discard the Bread shown; short of it, discard what you have and take a Bandage.

    Fortifying Tonic: 2 cubes ignore a Bread x1 result, 3 cubes ignore Bread x1 and x2.
    ``tonic_rule`` settles 2 cubes against Bread x2 (see ``TONIC_RULES``).
    """
    if tonic_rule not in TONIC_RULES:
        raise OptionError("tonic_rule", f"expected one of {TONIC_RULES}, not {tonic_rule!r}")
    ignored = column_effect(FORTIFYING_TONIC, tonic_cubes)
    if needed <= ignored:
        return HazardCost()
    if ignored and tonic_rule == TONIC_NOTE:
        return HazardCost(bread=bread, bandages=1)
    if ignored and tonic_rule == TONIC_IGNORE_ONE:
        needed -= ignored
    if bread >= needed:
        return HazardCost(bread=needed)
    return HazardCost(bread=bread, bandages=1)


def cave_in_injuries(injuries: int, safety_cubes: int = 0) -> int:
    """p13, p22: a cave-in's injuries less the Safety Gear protection, never below 0."""
    return max(0, injuries - column_effect(SAFETY_GEAR, safety_cubes))


def gold_ranks(golds: Sequence[int]) -> list[int]:
    """p14: each player's rank by gold, 1 = richest; equal gold shares a rank and the next follows on."""
    distinct = sorted(set(golds), reverse=True)
    return [distinct.index(gold) + 1 for gold in golds]


def safe_passage_fee(rank: int) -> int:
    """p14: Papa Clayton's fee by gold rank: 3, 2, 1gn, then nothing."""
    return SAFE_PASSAGE_FEES[rank - 1] if 1 <= rank <= len(SAFE_PASSAGE_FEES) else 0


def safe_passage_fees(golds: Sequence[int]) -> list[int]:
    """p14: every player's fee at once; two joint leaders pay 3 each and the next pays 2."""
    return [safe_passage_fee(rank) for rank in gold_ranks(golds)]


def hazard_cost(face: HazardFace, bread: int = 0, tonic_cubes: int = 0, safety_cubes: int = 0,
                gold_rank: int = 1, tonic_rule: str = TONIC_NORMAL) -> HazardCost:
    """p13-14: what one miner loses to a hazard face, given their items and dashboard.

    For Papa Clayton this is the fee; a miner may fight instead (see ``analysis.fight_odds``).
    A hazard snake always poisons: the Blunderbuss cannot stop it.
    """
    if face.kind == BREAD:
        return bread_cost(face.count, bread, tonic_cubes, tonic_rule)
    if face.kind == CAVE_IN:
        return HazardCost(injuries=cave_in_injuries(face.count, safety_cubes))
    if face.kind == SNAKE:
        return HazardCost(poisons=1)
    if face.kind == PAPA_CLAYTON:
        return HazardCost(fee=safe_passage_fee(gold_rank))
    raise ValueError(f"unknown hazard face {face!r}")


# ---------------------------------------------------------------------------
# New phase cave-ins (p8)
# ---------------------------------------------------------------------------

PHASE_INJURIES = (5, 3, 1)  # p8: next to the turned tile, one tile away, two away
FIRST_PHASE_INJURIES = (1,)  # p8: the first phase only hurts miners next to the tile


def phase_injuries(distance: int, phase: int, safety_cubes: int = 0) -> int:
    """p8, p22: injuries from the tile turned at the start of ``phase`` (1-based), less Safety Gear.

    ``distance`` is 0 for a miner next to the turned tile, 1 for one tile away, and so on.
    """
    table = FIRST_PHASE_INJURIES if phase == 1 else PHASE_INJURIES
    base = table[distance] if 0 <= distance < len(table) else 0
    return cave_in_injuries(base, safety_cubes)


# ---------------------------------------------------------------------------
# End of the game (p9)
# ---------------------------------------------------------------------------

FEWEST_MARKS_BONUS = {1: 10, 2: 6, 3: 3}  # p9, p25: by how many players share the fewest
MISSION_BONUS = (0, 1, 3, 6, 10)  # p6, p9: by mission items collected (0-4)


def fewest_marks_bonuses(black_marks: Sequence[int]) -> list[int]:
    """p9 step 2: the bonus each player earns for the fewest Black Marks; all equal earns nothing."""
    fewest = min(black_marks)
    sharing = sum(marks == fewest for marks in black_marks)
    if sharing == len(black_marks):
        return [0] * len(black_marks)
    bonus = FEWEST_MARKS_BONUS.get(sharing, 0)
    return [bonus if marks == fewest else 0 for marks in black_marks]


def mission_bonus(items: int) -> int:
    """p9 step 4: 1, 3, 6 or 10gn for 1-4 mission items collected."""
    return MISSION_BONUS[min(items, len(MISSION_BONUS) - 1)]


def end_game_steps(gold: int, notebook_cubes: int, marks_bonus: int, tokens: int,
                   mission_items: int) -> dict[str, int]:
    """p9: the end-of-game adjustments in the rulebook's order, and the final gold.

    ``tokens`` counts Bandage, Poison and Black Mark tokens together; ``marks_bonus``
    comes from :func:`fewest_marks_bonuses`.
    """
    steps = {
        "gold": gold,
        "notebooks": notebook_refund(notebook_cubes),
        "fewest black marks": marks_bonus,
        "tokens": -end_token_deduction(tokens),
        "mission": mission_bonus(mission_items),
    }
    steps["final"] = sum(steps.values())
    return steps
