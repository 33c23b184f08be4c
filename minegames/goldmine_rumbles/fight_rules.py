"""Fights (p14-16): rounds with weapons, Chippawa Leaves and Bibles, the injury race to
4, both losing, pickings by bags, and the spoils.

Functions of the engine taking the :class:`.state.GoldmineRumbles` first: they read and
change its fields. The fight is a ``fight`` decision on the stack; its entry holds the sides,
their weapons and the round's dice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import components, dice_rules, wording
from .actions import ChooseItem, Dismiss, FightRound
from .decisions import Decision
from .engine_common import CLAYTON, refuse

if TYPE_CHECKING:
    from .state import GoldmineRumbles


def start_fight(state: GoldmineRumbles, miners: list[int], opponent: int, reason: str) -> None:
    """p14-16: one or two miners against an opponent (two only against Papa Clayton, sharing a die).

    ``sides`` lists the miners, then the opponent; ``armed``, ``leaf`` and ``dice`` run
    parallel to it. Players fight on from their injury tracks, Papa Clayton from 0.
    ``starter`` is the attacker (None for a fight the hazard die began): only the others
    may spend a Bible on the dice. ``bibles`` and ``waiting`` queue this round's Bible and
    Chippawa Leaf decisions.
    """
    sides = miners + [opponent]
    state._push(Decision.FIGHT, miners[0], sides=sides, reason=reason, clayton_injuries=0,
                starter=miners[0] if reason == "attack" else None,
                armed=[False] * len(sides), leaf=[False] * len(sides), dice=None, bibles=[], waiting=[])
    verb = "fight" if len(miners) > 1 else "fights"
    state._note(" and ".join(state._name(m) for m in miners) + f" {verb} {state._name(opponent)}")
    for side in reversed(sides):
        if side != CLAYTON and state._has(side, "Blunderbuss"):
            state._push(Decision.ARM, side)


def _fight_injuries(state: GoldmineRumbles, fight: dict[str, Any], side: int) -> int:
    return fight["clayton_injuries"] if side == CLAYTON else state._players[side]["injuries"]


def fight_bonus(state: GoldmineRumbles, fight: dict[str, Any], index: int) -> int:
    """A side's bonus net of penalties: weapon (Blunderbuss or Colt 45) + Chippawa Leaf - tokens."""
    return sum(value for value, _ in bonus_terms(state, fight, index))


def bonus_terms(state: GoldmineRumbles, fight: dict[str, Any], index: int) -> list[tuple[int, str]]:
    """A side's bonus, term by term with its name (the log's round scores show each one)."""
    side = fight["sides"][index]
    if side == CLAYTON:
        return [(dice_rules.PAPA_CLAYTON_BONUS, "his own")]
    if fight["armed"][index]:
        terms = [(dice_rules.BLUNDERBUSS_BONUS, "Blunderbuss")]
    else:
        terms = [(dice_rules.column_effect(dice_rules.COLT_45, state._cubes(side, dice_rules.COLT_45)), "Colt 45")]
    if fight["leaf"][index]:
        terms.append((dice_rules.CHIPPAWA_BONUS, "Chippawa Leaf"))
    return terms + [(-state.penalty(side), "tokens")]


def do_fight_round(state: GoldmineRumbles, action: FightRound) -> None:
    """Roll the round: a die per side, except that two miners share one (p14)."""
    fight = state._top()
    miners = len(fight["sides"]) - 1
    shared = state._roll()
    fight["dice"] = [shared] + [shared if miners > 1 else state._roll() for _ in range(miners - 1)] + [state._roll()]
    fight["leaf"] = [False] * len(fight["sides"])
    fighters = [s for s in fight["sides"] if s != CLAYTON]
    fight["bibles"] = [s for s in fighters if s != fight["starter"] and state._has(s, "Bible")]
    fight["waiting"] = [s for s in fighters if state._has(s, "Chippawa Leaf")]
    _note_dice(state, fight, wording.FIGHT_ROUND)
    next_leaf_or_resolve(state)


def _note_dice(state: GoldmineRumbles, fight: dict[str, Any], what: str) -> None:
    state._note(wording.fight_dice_line(what, [state._name(s) for s in fight["sides"]], fight["dice"]))


def check_dismiss(state: GoldmineRumbles, action: Dismiss) -> None:
    """The Bible's fight use comes after a round's roll, and names which dice go."""
    if action.dice not in dice_rules.DISMISS_CHOICES:
        choices = ", ".join(map(repr, dice_rules.DISMISS_CHOICES))
        refuse("bible", f"a Bible dismisses {choices} dice, not {action.dice!r}")
    if state.step != Decision.DISMISS:
        refuse("bible", "a Bible sets fight dice aside only after a round's roll, in a fight its holder did not start")


def do_dismiss(state: GoldmineRumbles, action: Dismiss) -> None:
    """The Bible's fight use: the chosen dice are thrown again (or, read strictly, the round is void)."""
    p = action.player
    state._pending.pop()
    state._return(p, "Bible")
    fight = state._top()
    if state.options.bible_in_fights == dice_rules.DISMISS_VOID:
        fight.update(dice=None, bibles=[], waiting=[])
        state._note(f"{state._name(p)} discards a Bible: this round does not count")
        return
    last = len(fight["sides"]) - 1
    index = fight["sides"].index(p)
    miners, opponent = list(range(last)), [last]  # two miners against Papa Clayton share one die
    own, other = (miners, opponent) if index < last else (opponent, miners)
    groups = {dice_rules.OWN: [own], dice_rules.OTHER: [other], dice_rules.BOTH: [own, other]}
    for group in groups[action.dice]:
        die = state._roll()
        for i in group:
            fight["dice"][i] = die
    _note_dice(state, fight, f"{state._name(p)} discards a Bible and the dice are thrown again")
    next_leaf_or_resolve(state)


def _round_injuries(state: GoldmineRumbles, fight: dict[str, Any]) -> tuple[list[int], int]:
    """The round's injuries to each miner and to the opponent. Under the summary table's
    Blunderbuss reading an armed fighter rolling a 6 takes the backfire instead of comparing."""
    *miners, opponent = fight["sides"]
    dice, rule = fight["dice"], state.options.blunderbuss_backfire
    bonuses = [fight_bonus(state, fight, i) for i in range(len(fight["sides"]))]
    fired = [armed and dice_rules.backfires(die, True, rule) for armed, die in zip(fight["armed"], dice)]
    for side, backfire in zip(fight["sides"], fired):
        if backfire:
            state._note(f"{state._name(side)}'s Blunderbuss backfires")
    if opponent == CLAYTON:
        compared = [i for i in range(len(miners)) if not fired[i]]
        hurt, papa_hurt = dice_rules.papa_clayton_round(dice[0], dice[-1], [bonuses[i] for i in compared],
                                                        bonuses[-1])
        injuries = [dice_rules.BACKFIRE_INJURIES] * len(miners)
        for i, h in zip(compared, hurt):
            injuries[i] = h
        return injuries, papa_hurt
    if any(fired):
        return [dice_rules.BACKFIRE_INJURIES * fired[0]], dice_rules.BACKFIRE_INJURIES * fired[1]
    miner_hurt, opponent_hurt = dice_rules.round_injuries(dice_rules.fight_total(dice[0], bonuses[0]),
                                                          dice_rules.fight_total(dice[1], bonuses[1]))
    return [miner_hurt], opponent_hurt


def next_leaf_or_resolve(state: GoldmineRumbles) -> None:
    """After the dice, each fighter who may spends a Bible on them, then each holding a Chippawa
    Leaf may add it; then the round is scored."""
    fight = state._top()
    if fight["bibles"]:
        state._push(Decision.DISMISS, fight["bibles"].pop(0))
        return
    if fight["waiting"]:
        state._push(Decision.CHIPPAWA, fight["waiting"].pop(0))
        return
    *miners, opponent = fight["sides"]
    hurt, papa_hurt = _round_injuries(state, fight)
    against = _fight_injuries(state, fight, opponent) + papa_hurt
    totals = [_fight_injuries(state, fight, m) + h for m, h in zip(miners, hurt)]
    for m, count in zip(miners, totals):
        state._players[m]["injuries"] = min(count, dice_rules.INJURY_LIMIT)
    if opponent == CLAYTON:
        fight["clayton_injuries"] = against
    else:
        state._players[opponent]["injuries"] = min(against, dice_rules.INJURY_LIMIT)
    _note_scores(state, fight, totals + [against])
    fight["dice"] = None
    results = dict(zip(miners, (dice_rules.fight_result(count, against) for count in totals)))
    out = [m for m, result in results.items() if result == dice_rules.LOSE]
    if against >= dice_rules.INJURY_LIMIT or len(out) == len(miners):
        _finish_fight(state, fight, results)
    else:
        for m in out:  # beaten while a partner fights on (only against Papa Clayton: no spoils)
            index = fight["sides"].index(m)
            for key in ("sides", "armed", "leaf"):
                del fight[key][index]
            _lose_fight(state, m, opponent)
        fight["player"] = fight["sides"][0]


def _note_scores(state: GoldmineRumbles, fight: dict[str, Any], injuries: list[int]) -> None:
    """The round's scores in the log (the dice line shows only the dice, before any leaf)."""
    sides = []
    for index, side in enumerate(fight["sides"]):
        terms = bonus_terms(state, fight, index)
        die = fight["dice"][index]
        sides.append(wording.SideScore(state._name(side), die, tuple(terms), dice_rules.fight_total(
            die, sum(value for value, _ in terms)), min(injuries[index], dice_rules.INJURY_LIMIT)))
    state._note(wording.fight_scores_line(sides))


def _bandage(state: GoldmineRumbles, p: int) -> None:
    """p15: a beaten fighter takes a Bandage and starts the injury track again."""
    state._players[p]["injuries"] = 0
    state._players[p]["bandages"] += 1


def _lose_fight(state: GoldmineRumbles, miner: int, opponent: int) -> None:
    _bandage(state, miner)
    _pay_pickings(state, opponent, miner)


def _finish_fight(state: GoldmineRumbles, fight: dict[str, Any], results: dict[int, str]) -> None:
    """p14-16: the opponent is down, or every miner is: Bandages, pickings, Papa Clayton's reward."""
    state._pending.pop()
    opponent = fight["sides"][-1]
    winners = [m for m, result in results.items() if result == dice_rules.WIN]
    if opponent != CLAYTON and fight["reason"] == "attack":
        state._push(Decision.WIND_DOWN, opponent)  # after the spoils, the defender may heal
    if opponent != CLAYTON and (winners or dice_rules.BOTH_LOSE in results.values()):
        _bandage(state, opponent)
    for m, result in results.items():
        if result == dice_rules.LOSE:
            _lose_fight(state, m, opponent)
        elif result == dice_rules.BOTH_LOSE:
            _bandage(state, m)
            state._note(f"{state._name(m)} and {state._name(opponent)} both reach 4 injuries: no pickings")
    for m in reversed(winners):  # reversed, so the first miner chooses their item first
        reward = dice_rules.PAPA_CLAYTON_REWARD // len(winners) if opponent == CLAYTON else 0
        _pay_pickings(state, m, opponent, reward)
    if fight["reason"] == "attack":
        state._turn()["mode"] = "done"


def _gold_for_bags(state: GoldmineRumbles, side: int) -> int:
    return state.options.papa_clayton_gold if side == CLAYTON else state.gold(side)


def _pay_pickings(state: GoldmineRumbles, winner: int, loser: int, reward: int = 0) -> None:
    """p16: the loser hands over the pickings; a winning miner also takes a reward and an item."""
    pickings = dice_rules.fight_pickings(_gold_for_bags(state, winner), _gold_for_bags(state, loser),
                                         state.options.pickings_offset)
    if loser != CLAYTON:
        state._players[loser]["gold"] -= pickings
    if winner == CLAYTON:
        state._note(f"Papa Clayton beats {state._name(loser)} and takes {pickings}gn")
        return
    state._players[winner]["gold"] += pickings + reward
    state._note(f"{state._name(winner)} beats {state._name(loser)} and takes {pickings}gn"
                + (f" and {reward}gn of the reward" if reward else ""))
    if spoils(state, {"player": winner, "loser": loser}):
        state._push(Decision.SPOILS, winner, loser=loser)


def spoils(state: GoldmineRumbles, top: dict[str, Any]) -> list[str]:
    """Items a winner may take: any in the supply after beating Papa Clayton, else one of the
    loser's. A winner carrying 6 still gets the choice: discard to make room, or take nothing."""
    if top["loser"] == CLAYTON:
        return [item for item in components.ITEM_NAMES if state._supply[item] >= 1]
    return sorted(state.items(top["loser"]))


def do_choose_item(state: GoldmineRumbles, action: ChooseItem) -> None:
    top = state._pending.pop()
    if top["loser"] == CLAYTON:
        state._give(action.player, action.item)
    else:
        state._players[top["loser"]]["items"][action.item] -= 1
        state._players[action.player]["items"][action.item] = state.items(action.player)[action.item] + 1
    state._note(f"{state._name(action.player)} takes {action.item}")
