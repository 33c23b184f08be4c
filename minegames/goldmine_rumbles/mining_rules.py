"""Mining a claim (p12-14): alone or with a partner chosen by bids, the yield dice with
the Bible, and the hazard die with Papa Clayton's fee.

A mixin of :class:`.state.GoldmineRumbles`: it reads and changes the state's fields.
"""

from __future__ import annotations

from . import components as C
from . import dice_rules as R
from .actions import (
    AcceptBid, Bid, ChooseDie, FightClayton, InviteBids, MineAlone, NoBid, PayFee, RejectBids, RollYield,
)
from .engine_common import CLAYTON

HAZARD_WORDS = {  # a hazard cost's field -> how the log says one, and more than one
    "bread": ("Bread discarded", "Bread discarded"), "bandages": ("Bandage", "Bandages"),
    "injuries": ("injury", "injuries"), "poisons": ("Poison token", "Poison tokens"), "fee": ("gn fee", "gn fee"),
}


class MiningRules:
    """Mining: yields, partners and the hazard die."""

    def _check_MineAlone(self, action: MineAlone) -> None:
        self._in_turn(("at claim", "invited"), "mining alone")

    def _do_MineAlone(self, action: MineAlone) -> None:
        p, turn = action.player, self._top()
        turn["mode"] = "done"
        die = self._roll()
        self._note(f"{self._name(p)} mines claim {turn['claim']} alone and rolls {die}")
        self._take_die(p, die)

    def _gain_yield(self, p: int, die: int, bible: bool) -> None:
        """p13: one miner's gold from their die; once every miner at the claim has dug, the hazard die."""
        turn = self._turn()
        claim_type = C.CLAIMS[turn["claim"]].type
        gold = R.miner_yield(die, R.yield_bonus(claim_type, self._players[p]["dashboard"]), self.penalty(p),
                             bible, self.options.bible_faces)
        self._players[p]["gold"] += gold
        self._note(f"{self._name(p)} digs {gold}gn")
        turn["yielded"].append(p)
        miners = [turn["player"]] + ([turn["partner"]] if turn["partner"] is not None else [])
        if len(turn["yielded"]) == len(miners):
            self._hazard(miners)

    def _take_die(self, p: int, die: int) -> None:
        """A miner's die: a Bible holder may still turn a low face into a better one."""
        if self._has(p, "Bible") and R.bible_face(die, self.options.bible_faces) != die:
            self._push("bible", p, die=die)
        else:
            self._gain_yield(p, die, bible=False)

    def _do_InviteBids(self, action: InviteBids) -> None:
        owner, turn = action.player, self._top()
        turn["mode"] = "bidding"
        bidders = [(owner + k) % self.num_players for k in range(1, self.num_players)]
        self._note(f"{self._name(owner)} invites bids for a partner")
        self._push("accept", owner)
        for bidder in reversed(bidders):
            self._push("bids", bidder)

    def _do_Bid(self, action: Bid) -> None:
        self._pending.pop()
        self._turn()["bids"].append([action.square, action.player])
        self._note(f"{self._name(action.player)} bids {action.square}gn")
        self._skip_empty_accept()

    def _do_NoBid(self, action: NoBid) -> None:
        self._pending.pop()
        self._skip_empty_accept()

    def _skip_empty_accept(self) -> None:
        """With every bid in and nobody bidding, the owner mines alone."""
        if self._top()["kind"] == "accept" and not self._turn()["bids"]:
            self._pending.pop()
            self._turn()["mode"] = "invited"

    def _do_AcceptBid(self, action: AcceptBid) -> None:
        self._pending.pop()
        turn = self._turn()
        square = next(sq for sq, bidder in turn["bids"] if bidder == action.bidder)
        self._players[action.bidder]["gold"] -= square
        self._players[action.player]["gold"] += square
        turn.update(partner=action.bidder, mode="partner travelling")
        self._note(f"{self._name(action.player)} takes {self._name(action.bidder)} as partner for {square}gn")
        self._travel(action.bidder, "partner", turn["claim"])

    def _do_RejectBids(self, action: RejectBids) -> None:
        self._pending.pop()
        self._turn()["mode"] = "invited"
        self._note(f"{self._name(action.player)} turns every bid down")

    def _do_RollYield(self, action: RollYield) -> None:
        turn = self._top()
        turn["mode"] = "done"
        dice = [self._roll(), self._roll()]
        self._note(f"{self._name(action.player)} rolls {dice[0]} and {dice[1]} for the yield")
        self._push("choose die", turn["partner"], dice=dice, allowed=[0, 1])
        self._push("choose die", action.player, dice=dice, allowed=[0, 1])

    def _do_ChooseDie(self, action: ChooseDie) -> None:
        """Each partner takes a die: the same one if both like it (shared), or the other one (split)."""
        top = self._pending.pop()
        if self.options.partner_dice == R.SPLIT_DICE and self._top()["kind"] == "choose die":
            self._top()["allowed"] = [1 - action.die]
        self._take_die(action.player, top["dice"][action.die])

    def _hazard(self, miners: list[int]) -> None:
        """p13-14: one hazard roll; each miner resolves it separately (Papa Clayton asks each in turn)."""
        face = R.HAZARD_FACES[self._roll() - 1]
        self._note(f"the hazard die shows {face}")
        golds = [s["gold"] for s in self._players]
        ranks = R.gold_ranks(golds)
        for p in miners:
            sheet = self._players[p]
            if face.kind == R.PAPA_CLAYTON:
                continue
            cost = R.hazard_cost(face, sheet["items"].get("Bread", 0), self._cubes(p, R.FORTIFYING_TONIC),
                                 self._cubes(p, R.SAFETY_GEAR), ranks[p], self.options.tonic_rule)
            if cost.bread:
                self._return(p, "Bread", cost.bread)
            sheet["bandages"] += cost.bandages
            sheet["poisons"] += cost.poisons
            if cost.injuries:
                self._hurt(p, cost.injuries)
            if not cost.nothing:
                self._note(f"{self._name(p)} suffers the hazard: " + ", ".join(
                    f"{v} {HAZARD_WORDS[k][v > 1]}" for k, v in cost._asdict().items() if v))
        for p in miners[1:]:  # a partner winds down once the hazard is settled; the owner is still active
            self._push("wind down", p)
        if face.kind == R.PAPA_CLAYTON:
            for p in reversed(miners):
                self._push("clayton", p, fee=R.safe_passage_fee(ranks[p]))

    def _do_PayFee(self, action: PayFee) -> None:
        top = self._pending.pop()
        fee = min(top["fee"], self.gold(action.player))
        self._players[action.player]["gold"] -= fee
        self._note(f"{self._name(action.player)} pays Papa Clayton {fee}gn for safe passage")
        self._after_clayton_choice()

    def _do_FightClayton(self, action: FightClayton) -> None:
        self._pending.pop()
        self._turn()["clayton_fighters"].append(action.player)
        self._after_clayton_choice()

    def _after_clayton_choice(self) -> None:
        """When every miner has chosen fee or fight, those who chose to fight take him on together."""
        fighters = self._turn()["clayton_fighters"]
        if self._top()["kind"] != "clayton" and fighters:
            self._start_fight(list(fighters), CLAYTON, "hazard")
            fighters.clear()
