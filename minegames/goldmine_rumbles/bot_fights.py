"""What a fight is worth to a Goldmine Rumbles bot, before it starts and while it is under way.

A fight's value is the exact chance of winning, losing and both losing (``analysis.fight_odds``)
times what each outcome brings: the pickings, Papa Clayton's reward, the best spoil, a Bandage, an
item lost. Other miners' weapons are read from what the deciding seat may see (hidden dashboards
are guessed as one cube in every column).
"""

from __future__ import annotations

from itertools import product

from . import components as C
from . import dice_rules as R
from .bot_seat import INJURY_COST, Seat, cached_fight_odds
from .engine_common import CLAYTON
from .state import GoldmineRumbles

Stakes = tuple[float, float, float]  # (gain if I win, loss if I lose, loss if both lose)


def blunderbuss_bonus(state: GoldmineRumbles) -> int:
    """The Blunderbuss's fight bonus as the bot counts it: less when a 6 backfires in fights too."""
    return R.BLUNDERBUSS_BONUS - (2 if state.options.blunderbuss_backfire == R.BACKFIRE_FIGHTS else 0)


def dashboard_of(state: GoldmineRumbles, q: int, viewer: int) -> dict[str, int]:
    """Another miner's dashboard as ``viewer`` may see it; with cubes hidden, a guess of one cube
    on each column they could have filled."""
    seen = state.visible_dashboard(q, viewer)
    return seen if seen is not None else {col: 1 for col in C.DASHBOARD_COLUMNS}


def weapon(state: GoldmineRumbles, q: int, viewer: int) -> int:
    """A miner's fight bonus before leaves: Colt 45, or a Blunderbuss they hold, less tokens."""
    colt = R.column_effect(R.COLT_45, dashboard_of(state, q, viewer)[R.COLT_45])
    armed = blunderbuss_bonus(state) if state.items(q)["Blunderbuss"] else 0
    return max(colt, armed) - state.penalty(q)


def stakes(me: Seat, opponent: int, share: int = 1, rival_weight: float = 0.0) -> Stakes:
    """(gain if I win, loss if I lose, loss if both lose) against ``opponent`` (CLAYTON for him).

    ``rival_weight`` counts the gold another miner loses (or wins) as that share of a gain (or
    loss) of my own: in a race for the most gold, robbing a rival pays twice."""
    state = me.state
    offset = state.options.pickings_offset
    theirs = state.options.papa_clayton_gold if opponent == CLAYTON else state.gold(opponent)
    room = me.carried < C.CARRY_LIMIT
    if opponent == CLAYTON:
        loot = [item for item in C.ITEM_NAMES if state.supply[item] >= 1]
        reward = R.PAPA_CLAYTON_REWARD / share
    else:
        loot = list(state.items(opponent))
        reward = 0
    spoils = max((me.gain(item) for item in loot), default=0.0) if room else 0.0
    bandage = me.token_cost()
    lost_item = 0.0
    if opponent != CLAYTON and me.items:
        lost_item = max(me.keep(item) for item in me.items)
    rival = rival_weight if opponent != CLAYTON else 0.0
    win = R.fight_pickings(me.gold, theirs, offset) * (1 + rival) + reward + spoils
    lose = R.fight_pickings(theirs, me.gold, offset) * (1 + rival) + bandage + lost_item
    return win, lose, bandage


def fight_value(at_stake: Stakes, bonus: int, opponent_bonus: int, injuries: int, opponent_injuries: int,
                leaves: int) -> float:
    """Expected gold of a fight from here, with exact odds."""
    win, lose, both = at_stake
    result = R.fight_result(injuries, opponent_injuries)
    if result is not None:
        return {R.WIN: win, R.LOSE: -lose, R.BOTH_LOSE: -both}[result]
    odds = cached_fight_odds(bonus, opponent_bonus, injuries, opponent_injuries, leaves)
    return odds[0] * win - odds[1] * lose - odds[2] * both


def attack_value(me: Seat, opponent: int, can_heal: bool = True, rival_weight: float = 0.0) -> float:
    """Expected gold from fighting ``opponent`` here and now, items spent included (Whiskey first
    when ``can_heal``); ``rival_weight`` as in :func:`stakes`."""
    state = me.state
    bonus = weapon(state, me.p, me.viewer)
    leaves = me.items["Chippawa Leaf"]
    if opponent == CLAYTON:
        opponent_bonus, opponent_injuries = R.PAPA_CLAYTON_BONUS, 0
    else:
        opponent_bonus = weapon(state, opponent, me.viewer)
        opponent_injuries = state.sheet(opponent)["injuries"]
        leaves -= state.items(opponent)["Chippawa Leaf"]
    injuries = 0 if can_heal and me.items["Whiskey"] else me.sheet["injuries"]
    at_stake = stakes(me, opponent, rival_weight=rival_weight)
    value = fight_value(at_stake, bonus, opponent_bonus, injuries, opponent_injuries, leaves)
    spent = 0.0
    if me.items["Blunderbuss"] and blunderbuss_bonus(state) > R.column_effect(R.COLT_45, me.dash[R.COLT_45]):
        spent += me.keep("Blunderbuss")
    if me.items["Chippawa Leaf"]:
        spent += 0.5 * me.keep("Chippawa Leaf")
    if injuries != me.sheet["injuries"]:
        spent += me.keep("Whiskey", healing=False)
    return value - spent - INJURY_COST  # the winner keeps the injuries taken


# ---- a fight under way ------------------------------------------------------------------------------

def fight_sides(state: GoldmineRumbles, fight: dict, p: int) -> tuple[int, int, list[int]]:
    """My index, my opponent's index and every side's bonus as things stand."""
    sides = fight["sides"]
    index = sides.index(p)
    opponent = len(sides) - 1 if index < len(sides) - 1 else 0
    return index, opponent, [state.fight_bonus(side) for side in sides]


def against(me: Seat, fight: dict, opponent: int) -> tuple[Stakes, int]:
    """The stakes of a fight under way and the injuries the other side has taken."""
    side = fight["sides"][opponent]
    if side == CLAYTON:
        return stakes(me, side, share=max(1, len(fight["sides"]) - 1)), fight["clayton_injuries"]
    return stakes(me, side), me.state.sheet(side)["injuries"]


def round_value(me: Seat, fight: dict, dice: list[int], bonuses: list[int], index: int, opponent: int,
                leaves: int, boost: int = 0) -> float:
    """The fight's value after this round is scored with ``dice`` (and ``boost`` on this side for it)."""
    mine_total = R.fight_total(dice[index], bonuses[index] + boost)
    theirs_total = R.fight_total(dice[opponent], bonuses[opponent])
    hurt, hurt_them = R.round_injuries(mine_total, theirs_total)
    at_stake, theirs = against(me, fight, opponent)
    armed = [b - (R.CHIPPAWA_BONUS if fight["leaf"][i] else 0) for i, b in enumerate(bonuses)]
    return fight_value(at_stake, armed[index], armed[opponent], me.sheet["injuries"] + hurt, theirs + hurt_them,
                       leaves)


def rerolled_value(me: Seat, fight: dict, dice: list[int], bonuses: list[int], index: int, opponent: int,
                   leaves: int, which: str) -> float:
    """The fight's mean value when a Bible has ``which`` dice (own, other, both) rolled again."""
    own = which in (R.OWN, R.BOTH)
    other = which in (R.OTHER, R.BOTH)
    total, count = 0.0, 0
    for mine_die, their_die in product(range(1, 7) if own else (dice[index],),
                                       range(1, 7) if other else (dice[opponent],)):
        trial = list(dice)
        trial[index], trial[opponent] = mine_die, their_die
        total += round_value(me, fight, trial, bonuses, index, opponent, leaves)
        count += 1
    return total / count
