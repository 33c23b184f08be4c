"""Fights (p14-16): rounds with weapons, Chippawa Leaves and Bibles, the injury race to
4, both losing, pickings by bags, and the spoils.

A mixin of :class:`.state.GoldmineRumbles`: it reads and changes the state's fields.
"""

from __future__ import annotations

from typing import Any

from . import components as C
from . import dice_rules as R
from .actions import ChooseItem, Dismiss, FightRound
from .engine_common import CLAYTON, refuse


class FightRules:
    """Fights: rounds, results, pickings and spoils."""

    def _start_fight(self, miners: list[int], opponent: int, reason: str) -> None:
        """p14-16: one or two miners against an opponent (two only against Papa Clayton, sharing a die).

        ``sides`` lists the miners, then the opponent; ``armed``, ``leaf`` and ``dice`` run
        parallel to it. Players fight on from their injury tracks, Papa Clayton from 0.
        ``starter`` is the attacker (None for a fight the hazard die began): only the others
        may spend a Bible on the dice. ``bibles`` and ``waiting`` queue this round's Bible and
        Chippawa Leaf decisions.
        """
        sides = miners + [opponent]
        self._push("fight", miners[0], sides=sides, reason=reason, clayton_injuries=0,
                   starter=miners[0] if reason == "attack" else None,
                   armed=[False] * len(sides), leaf=[False] * len(sides), dice=None, bibles=[], waiting=[])
        verb = "fight" if len(miners) > 1 else "fights"
        self._note(" and ".join(self._name(m) for m in miners) + f" {verb} {self._name(opponent)}")
        for side in reversed(sides):
            if side != CLAYTON and self._has(side, "Blunderbuss"):
                self._push("arm", side)

    def _fight_injuries(self, fight: dict[str, Any], side: int) -> int:
        return fight["clayton_injuries"] if side == CLAYTON else self._players[side]["injuries"]

    def _fight_bonus(self, fight: dict[str, Any], index: int) -> int:
        """A side's bonus net of penalties: weapon (Blunderbuss or Colt 45) + Chippawa Leaf - tokens."""
        side = fight["sides"][index]
        if side == CLAYTON:
            return R.PAPA_CLAYTON_BONUS
        weapon = R.BLUNDERBUSS_BONUS if fight["armed"][index] else R.column_effect(R.COLT_45, self._cubes(side, R.COLT_45))
        return weapon + (R.CHIPPAWA_BONUS if fight["leaf"][index] else 0) - self.penalty(side)

    def _do_FightRound(self, action: FightRound) -> None:
        """Roll the round: a die per side, except that two miners share one (p14)."""
        fight = self._top()
        miners = len(fight["sides"]) - 1
        shared = self._roll()
        fight["dice"] = [shared] + [shared if miners > 1 else self._roll() for _ in range(miners - 1)] + [self._roll()]
        fight["leaf"] = [False] * len(fight["sides"])
        fighters = [s for s in fight["sides"] if s != CLAYTON]
        fight["bibles"] = [s for s in fighters if s != fight["starter"] and self._has(s, "Bible")]
        fight["waiting"] = [s for s in fighters if self._has(s, "Chippawa Leaf")]
        self._note_dice(fight, "fight round")
        self._next_leaf_or_resolve()

    def _note_dice(self, fight: dict[str, Any], what: str) -> None:
        self._note(f"{what}: " + ", ".join(f"{self._name(s)} {d}" for s, d in zip(fight["sides"], fight["dice"])))

    def _check_Dismiss(self, action: Dismiss) -> None:
        if action.dice not in R.DISMISS_CHOICES:
            refuse("bible", f"a Bible dismisses {', '.join(map(repr, R.DISMISS_CHOICES))} dice, not {action.dice!r}")
        if self.step != "dismiss":
            refuse("bible", "a Bible sets fight dice aside only after a round's roll, in a fight its holder did not start")

    def _do_Dismiss(self, action: Dismiss) -> None:
        """The Bible's fight use: the chosen dice are thrown again (or, read strictly, the round is void)."""
        p = action.player
        self._pending.pop()
        self._return(p, "Bible")
        fight = self._top()
        if self.options.bible_in_fights == R.DISMISS_VOID:
            fight.update(dice=None, bibles=[], waiting=[])
            self._note(f"{self._name(p)} discards a Bible: this round does not count")
            return
        last = len(fight["sides"]) - 1
        index = fight["sides"].index(p)
        miners, opponent = list(range(last)), [last]  # two miners against Papa Clayton share one die
        own, other = (miners, opponent) if index < last else (opponent, miners)
        for group in {R.OWN: [own], R.OTHER: [other], R.BOTH: [own, other]}[action.dice]:
            die = self._roll()
            for i in group:
                fight["dice"][i] = die
        self._note_dice(fight, f"{self._name(p)} discards a Bible and the dice are thrown again")
        self._next_leaf_or_resolve()

    def _round_injuries(self, fight: dict[str, Any]) -> tuple[list[int], int]:
        """The round's injuries to each miner and to the opponent. Under the summary table's
        Blunderbuss reading an armed fighter rolling a 6 takes the backfire instead of comparing."""
        *miners, opponent = fight["sides"]
        dice, rule = fight["dice"], self.options.blunderbuss_backfire
        bonuses = [self._fight_bonus(fight, i) for i in range(len(fight["sides"]))]
        fired = [armed and R.backfires(die, True, rule) for armed, die in zip(fight["armed"], dice)]
        for side, backfire in zip(fight["sides"], fired):
            if backfire:
                self._note(f"{self._name(side)}'s Blunderbuss backfires")
        if opponent == CLAYTON:
            compared = [i for i in range(len(miners)) if not fired[i]]
            hurt, papa_hurt = R.papa_clayton_round(dice[0], dice[-1], [bonuses[i] for i in compared], bonuses[-1])
            injuries = [R.BACKFIRE_INJURIES] * len(miners)
            for i, h in zip(compared, hurt):
                injuries[i] = h
            return injuries, papa_hurt
        if any(fired):
            return [R.BACKFIRE_INJURIES * fired[0]], R.BACKFIRE_INJURIES * fired[1]
        mine, theirs = R.round_injuries(R.fight_total(dice[0], bonuses[0]), R.fight_total(dice[1], bonuses[1]))
        return [mine], theirs

    def _next_leaf_or_resolve(self) -> None:
        """After the dice, each fighter who may spends a Bible on them, then each holding a Chippawa
        Leaf may add it; then the round is scored."""
        fight = self._top()
        if fight["bibles"]:
            self._push("dismiss", fight["bibles"].pop(0))
            return
        if fight["waiting"]:
            self._push("chippawa", fight["waiting"].pop(0))
            return
        *miners, opponent = fight["sides"]
        hurt, papa_hurt = self._round_injuries(fight)
        against = self._fight_injuries(fight, opponent) + papa_hurt
        totals = [self._fight_injuries(fight, m) + h for m, h in zip(miners, hurt)]
        for m, count in zip(miners, totals):
            self._players[m]["injuries"] = min(count, R.INJURY_LIMIT)
        if opponent == CLAYTON:
            fight["clayton_injuries"] = against
        else:
            self._players[opponent]["injuries"] = min(against, R.INJURY_LIMIT)
        fight["dice"] = None
        results = dict(zip(miners, (R.fight_result(count, against) for count in totals)))
        out = [m for m, result in results.items() if result == R.LOSE]
        if against >= R.INJURY_LIMIT or len(out) == len(miners):
            self._finish_fight(fight, results)
        else:
            for m in out:  # beaten while a partner fights on (only against Papa Clayton: no spoils)
                index = fight["sides"].index(m)
                for key in ("sides", "armed", "leaf"):
                    del fight[key][index]
                self._lose_fight(m, opponent)
            fight["player"] = fight["sides"][0]

    def _bandage(self, p: int) -> None:
        """p15: a beaten fighter takes a Bandage and starts the injury track again."""
        self._players[p]["injuries"] = 0
        self._players[p]["bandages"] += 1

    def _lose_fight(self, miner: int, opponent: int) -> None:
        self._bandage(miner)
        self._pay_pickings(opponent, miner)

    def _finish_fight(self, fight: dict[str, Any], results: dict[int, str]) -> None:
        """p14-16: the opponent is down, or every miner is: Bandages, pickings, Papa Clayton's reward."""
        self._pending.pop()
        opponent = fight["sides"][-1]
        winners = [m for m, result in results.items() if result == R.WIN]
        if opponent != CLAYTON and fight["reason"] == "attack":
            self._push("wind down", opponent)  # after the spoils, the defender may heal
        if opponent != CLAYTON and (winners or R.BOTH_LOSE in results.values()):
            self._bandage(opponent)
        for m, result in results.items():
            if result == R.LOSE:
                self._lose_fight(m, opponent)
            elif result == R.BOTH_LOSE:
                self._bandage(m)
                self._note(f"{self._name(m)} and {self._name(opponent)} both reach 4 injuries: no pickings")
        for m in reversed(winners):  # reversed, so the first miner chooses their item first
            reward = R.PAPA_CLAYTON_REWARD // len(winners) if opponent == CLAYTON else 0
            self._pay_pickings(m, opponent, reward)
        if fight["reason"] == "attack":
            self._turn()["mode"] = "done"

    def _gold_for_bags(self, side: int) -> int:
        return self.options.papa_clayton_gold if side == CLAYTON else self.gold(side)

    def _pay_pickings(self, winner: int, loser: int, reward: int = 0) -> None:
        """p16: the loser hands over the pickings; a winning miner also takes a reward and an item."""
        pickings = R.fight_pickings(self._gold_for_bags(winner), self._gold_for_bags(loser),
                                    self.options.pickings_offset)
        if loser != CLAYTON:
            self._players[loser]["gold"] -= pickings
        if winner == CLAYTON:
            self._note(f"Papa Clayton beats {self._name(loser)} and takes {pickings}gn")
            return
        self._players[winner]["gold"] += pickings + reward
        self._note(f"{self._name(winner)} beats {self._name(loser)} and takes {pickings}gn"
                   + (f" and {reward}gn of the reward" if reward else ""))
        if self._spoils({"player": winner, "loser": loser}):
            self._push("spoils", winner, loser=loser)

    def _spoils(self, top: dict[str, Any]) -> list[str]:
        """Items a winner may take: any in the supply after beating Papa Clayton, else one of the
        loser's. A winner carrying 6 still gets the choice: discard to make room, or take nothing."""
        if top["loser"] == CLAYTON:
            return [item for item in C.ITEM_NAMES if self._supply[item] >= 1]
        return sorted(self.items(top["loser"]))

    def _do_ChooseItem(self, action: ChooseItem) -> None:
        top = self._pending.pop()
        if top["loser"] == CLAYTON:
            self._give(action.player, action.item)
        else:
            self._players[top["loser"]]["items"][action.item] -= 1
            self._players[action.player]["items"][action.item] = self.items(action.player)[action.item] + 1
        self._note(f"{self._name(action.player)} takes {action.item}")
