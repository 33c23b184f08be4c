"""What cubes, claims, claim rows and partnerships are worth to a Goldmine Rumbles seat, in gold (gn).

- *Cubes*: each dashboard column's effect over the turns left (yield columns concentrate on
  one claim type, Colt 45 on fights with Papa Clayton); :data:`PLANS` leans the choice so bots
  at one table open differently.
- *Claim rows*: the items (and cubes) a row brings, less what must be discarded to carry them.
- *Claims*: expected yield with the seat's bonus and penalty, the best row, less the price and
  the hazard die's exact expected cost (the journey is priced by :mod:`.bot_journeys`).
- *Partnering*: the exact expected yield as a partner, the row left, less the hazard die.
"""

from __future__ import annotations

from collections import Counter

from . import components as C
from . import dice_rules as R
from .bot_fights import dashboard_of, fight_value, stakes
from .bot_seat import MINING_CHANCE, Seat, cached_mean_yield, cached_partner_yield
from .engine_common import CLAYTON

PARTNER_PREMIUM = 1.0  # inviting bids: the better of two dice and a bid, roughly
FULL_COLUMN_CUBE = 1.5  # a cube in a full column: its worth is not estimated, so assume it matters
SLOT_PAIRS = ((0, 1), (0, 2), (1, 2))
#: Opening plans: how much more (or less) than its worth in gold a bot values a cube in each
#: dashboard column when it places cubes. "investor" is the plain valuation, which buys Company
#: Shares first; the others lean to digging deep or to fighting, so bots at a table differ.
PLANS: dict[str, dict[str, float]] = {
    "investor": {},
    "prospector": {R.COMPANY_SHARES: 0.3, R.WATER_PUMPS: 1.6, R.MINERS_LAMPS: 1.6, R.MINING_TOOLS: 1.6,
                   R.TUNNEL_PLANS: 1.5, R.EXPLOSIVES_MANUALS: 1.5},
    "brawler": {R.COMPANY_SHARES: 0.4, R.COLT_45: 2.5, R.SAFETY_GEAR: 1.3},
}


# ---- cubes --------------------------------------------------------------------------------------

def best_rate(totals: list[float], cubes: int) -> float:
    """Best average gain per cube from ``cubes`` towards any fuller column."""
    return max(((totals[k] - totals[cubes]) / (k - cubes) for k in range(cubes + 1, len(totals))), default=0.0)


def colt_value(me: Seat) -> float:
    """One more Colt 45 cube: better odds against Papa Clayton over the turns left, and a little more."""
    cubes = me.dash[R.COLT_45]
    at_stake = stakes(me, CLAYTON)
    evs = [max(0.0, fight_value(at_stake, R.column_effect(R.COLT_45, k) - me.penalty, R.PAPA_CLAYTON_BONUS, 0, 0, 0))
           for k in range(C.DASHBOARD_CAPACITY[R.COLT_45] + 1)]
    return best_rate(evs, cubes) * me.ahead * 0.35 + 0.25


def column_values(me: Seat) -> dict[str, float]:
    """What one more cube is worth in each column that has room."""
    state, dash, ahead = me.state, me.dash, me.ahead
    store = [C.CLAIMS[c].type for c in state.claim_store if c is not None]
    values: dict[str, float] = {}
    for claim_type, column in R.YIELD_COLUMN.items():
        cubes = dash[column]
        if cubes >= C.DASHBOARD_CAPACITY[column]:
            continue
        share = (store.count(claim_type) + 1) / (len(store) + 3)
        if cubes:
            share = max(share, 0.55)
        top_effect = R.column_effect(column, C.DASHBOARD_CAPACITY[column])
        per_cube = (top_effect - R.column_effect(column, cubes)) / (C.DASHBOARD_CAPACITY[column] - cubes)
        values[column] = per_cube * ahead * MINING_CHANCE * share * 1.2
    values[R.COLT_45] = colt_value(me)
    prices = C.STORE_PRICES
    savings = [sum(min(price, R.column_effect(R.COMPANY_SHARES, k)) for price in prices) / len(prices)
               for k in range(C.DASHBOARD_CAPACITY[R.COMPANY_SHARES] + 1)]
    values[R.COMPANY_SHARES] = best_rate(savings, dash[R.COMPANY_SHARES]) * ahead * MINING_CHANCE
    values[R.EXPLOSIVES_MANUALS] = (0.6 if dash[R.EXPLOSIVES_MANUALS] == 0 else 0.05) * ahead
    reveals = sum(1 for k in range(len(state.rumbles_revealed), len(state.phase_cubes)) if k >= 1)
    safety = dash[R.SAFETY_GEAR]
    if safety < C.DASHBOARD_CAPACITY[R.SAFETY_GEAR]:
        values[R.SAFETY_GEAR] = reveals * (0.45, 0.3, 0.15)[safety] + ahead * 0.15
    values[R.TUNNEL_PLANS] = (0.3 if dash[R.TUNNEL_PLANS] == 0 else 0.1) * ahead
    values[R.FORTIFYING_TONIC] = 0.05 * ahead
    spare = me.gold - R.column_effect(R.NOTEBOOKS, 1)
    notebook = 0.3 if ahead <= 1 else -0.3
    if spare < 8 and ahead:
        notebook -= 2.0
    values[R.NOTEBOOKS] = notebook
    return {col: v for col, v in values.items() if dash[col] < C.DASHBOARD_CAPACITY[col]}


# ---- claims ----------------------------------------------------------------------------------------

def row_value(me: Seat, claim: int, row: int, slots: tuple) -> tuple[float, int]:
    """Worth of taking ``slots`` of a claim row, and how many items must be discarded for room."""
    state = me.state
    held = Counter(me.items)
    if me.cube_value is None:
        me.cube_value = max(column_values(me).values(), default=0.0)
    cube = me.cube_value
    value, kept = 0.0, 0
    picked = [C.CLAIMS[claim].rows[row][s] for s in slots]
    if len(slots) == 3:
        value -= me.keep("Matchstick")
        held["Matchstick"] -= 1
    carried = sum(held.values())
    for item in sorted(picked, key=lambda i: i != C.CUBE and C.ITEMS[i].lightning):
        if item == C.CUBE:
            value += cube
            cube *= 0.8
        elif state.supply[item] < 1:
            continue
        elif C.ITEMS[item].lightning and carried + kept >= C.CARRY_LIMIT:
            value += me.heal_value(item)
        else:
            value += me.gain(item, held)
            held[item] += 1
            kept += 1
    over = max(0, carried + kept - C.CARRY_LIMIT)
    if over:
        value -= sum(sorted(me.keep(item) for item in me.items.elements())[:over])
    return value, over


def best_row_value(me: Seat, claim: int, rows=(0, 1)) -> float:
    """The best two slots of any of ``rows`` of a claim."""
    return max(row_value(me, claim, row, pair)[0] for row in rows for pair in SLOT_PAIRS)


def claim_price(me: Seat, slot: int) -> int:
    return R.claim_price(C.STORE_PRICES[slot], me.dash[R.COMPANY_SHARES])


def claim_value(me: Seat, slot: int, hazard: float) -> float:
    """Buying the claim on store square ``slot`` and digging it, before the journey: its mean yield,
    a partner's bid, its best row, less its price and the hazard die's expected cost ``hazard``."""
    claim = me.state.claim_store[slot]
    bonus = R.yield_bonus(C.CLAIMS[claim].type, me.dash)
    return (cached_mean_yield(bonus, me.penalty) + PARTNER_PREMIUM + best_row_value(me, claim)
            - claim_price(me, slot) - hazard)


def partner_value_at_claim(me: Seat, turn) -> float:
    """Expected gold from partnering on the turn's claim before the bid and the journey: the exact
    partnered yield, the row left to take, less the hazard die."""
    state = me.state
    claim = turn["claim"]
    claim_type = C.CLAIMS[claim].type
    owner = turn["player"]
    owner_spec = (R.yield_bonus(claim_type, dashboard_of(state, owner, me.viewer)), state.penalty(owner),
                  bool(state.items(owner)["Bible"]))
    mine_spec = (R.yield_bonus(claim_type, me.dash), me.penalty, bool(me.items["Bible"]))
    faces = tuple(sorted(state.options.bible_faces.items()))
    value = cached_partner_yield(owner_spec, mine_spec, state.options.partner_dice, faces)
    taken = turn.get("taken")
    value += best_row_value(me, claim, [1 - taken] if taken in (0, 1) else [0, 1])
    return value - me.hazard_cost()
