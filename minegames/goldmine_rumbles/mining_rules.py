"""Mining a claim (p12-14): alone or with a partner chosen by bids, the yield dice with
the Bible, and the hazard die with Papa Clayton's fee.

Functions of the engine taking the :class:`.state.GoldmineRumbles` first: they read and
change its fields. The turn's entry records the claim, the partner, the bids and who has dug.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import components, dice_rules, fight_rules, travel_rules
from .actions import (
    AcceptBid, Bid, ChooseDie, FightClayton, InviteBids, MineAlone, NoBid, PayFee, RejectBids, RollYield,
)
from .decisions import Decision
from .engine_common import CLAYTON, in_turn

if TYPE_CHECKING:
    from .state import GoldmineRumbles

HAZARD_WORDS = {  # a hazard cost's field -> how the log says one, and more than one
    "bread": ("Bread discarded", "Bread discarded"), "bandages": ("Bandage", "Bandages"),
    "injuries": ("injury", "injuries"), "poisons": ("Poison token", "Poison tokens"), "fee": ("gn fee", "gn fee"),
}


def check_mine_alone(state: GoldmineRumbles, action: MineAlone) -> None:
    """Mining alone follows taking the items, or bids that came to nothing."""
    in_turn(state, ("at claim", "invited"), "mining alone")


def do_mine_alone(state: GoldmineRumbles, action: MineAlone) -> None:
    p, turn = action.player, state._top()
    turn["mode"] = "done"
    die = state._roll()
    state._note(f"{state._name(p)} mines claim {turn['claim']} alone and rolls {die}")
    take_die(state, p, die)


def gain_yield(state: GoldmineRumbles, p: int, die: int, bible: bool) -> None:
    """p13: one miner's gold from their die; once every miner at the claim has dug, the hazard die."""
    turn = state._turn()
    claim_type = components.CLAIMS[turn["claim"]].type
    gold = dice_rules.miner_yield(die, dice_rules.yield_bonus(claim_type, state._players[p]["dashboard"]),
                                  state.penalty(p), bible, state.options.bible_faces)
    state._players[p]["gold"] += gold
    if bible:
        face = dice_rules.bible_face(die, state.options.bible_faces)
        state._note(f"{state._name(p)} uses the Bible: the {die} on the yield die counts as a {face}")
    state._note(f"{state._name(p)} digs {gold}gn")
    turn["yielded"].append(p)
    miners = [turn["player"]] + ([turn["partner"]] if turn["partner"] is not None else [])
    if len(turn["yielded"]) == len(miners):
        _hazard(state, miners)


def take_die(state: GoldmineRumbles, p: int, die: int) -> None:
    """A miner's die: a Bible holder may still turn a low face into a better one."""
    if state._has(p, "Bible") and dice_rules.bible_face(die, state.options.bible_faces) != die:
        state._push(Decision.BIBLE, p, die=die)
    else:
        gain_yield(state, p, die, bible=False)


def do_invite_bids(state: GoldmineRumbles, action: InviteBids) -> None:
    """Each other miner, from the owner's left, bids or passes; then the owner chooses."""
    owner, turn = action.player, state._top()
    turn["mode"] = "bidding"
    bidders = [(owner + k) % state.num_players for k in range(1, state.num_players)]
    state._note(f"{state._name(owner)} invites bids for a partner")
    state._push(Decision.ACCEPT, owner)
    for bidder in reversed(bidders):
        state._push(Decision.BIDS, bidder)


def do_bid(state: GoldmineRumbles, action: Bid) -> None:
    state._pending.pop()
    state._turn()["bids"].append([action.square, action.player])
    state._note(f"{state._name(action.player)} bids {action.square}gn")
    _skip_empty_accept(state)


def do_no_bid(state: GoldmineRumbles, action: NoBid) -> None:
    state._pending.pop()
    state._note(f"{state._name(action.player)} does not bid")
    _skip_empty_accept(state)


def _skip_empty_accept(state: GoldmineRumbles) -> None:
    """With every bid in and nobody bidding, the owner mines alone (and the log says why)."""
    if state._top()["kind"] == Decision.ACCEPT and not state._turn()["bids"]:
        state._pending.pop()
        turn = state._turn()
        turn["mode"] = "invited"
        state._note(f"nobody bid: {state._name(turn['player'])} mines claim {turn['claim']} alone")


def do_accept_bid(state: GoldmineRumbles, action: AcceptBid) -> None:
    """The partner pays the bid to the owner, then travels to the claim."""
    state._pending.pop()
    turn = state._turn()
    square = next(sq for sq, bidder in turn["bids"] if bidder == action.bidder)
    state._players[action.bidder]["gold"] -= square
    state._players[action.player]["gold"] += square
    turn.update(partner=action.bidder, mode="partner travelling")
    state._note(f"{state._name(action.player)} takes {state._name(action.bidder)} as partner for {square}gn")
    travel_rules.set_off(state, action.bidder, "partner", turn["claim"])


def do_reject_bids(state: GoldmineRumbles, action: RejectBids) -> None:
    state._pending.pop()
    state._turn()["mode"] = "invited"
    state._note(f"{state._name(action.player)} turns every bid down")


def do_roll_yield(state: GoldmineRumbles, action: RollYield) -> None:
    """Partners roll two yield dice; the owner chooses first."""
    turn = state._top()
    turn["mode"] = "done"
    dice = [state._roll(), state._roll()]
    state._note(f"{state._name(action.player)} rolls {dice[0]} and {dice[1]} for the yield")
    state._push(Decision.CHOOSE_DIE, turn["partner"], dice=dice, allowed=[0, 1])
    state._push(Decision.CHOOSE_DIE, action.player, dice=dice, allowed=[0, 1])


def do_choose_die(state: GoldmineRumbles, action: ChooseDie) -> None:
    """Each partner takes a die: the same one if both like it (shared), or the other one (split)."""
    top = state._pending.pop()
    state._note(f"{state._name(action.player)} takes yield die {action.die + 1} (a {top['dice'][action.die]})")
    if state.options.partner_dice == dice_rules.SPLIT_DICE and state._top()["kind"] == Decision.CHOOSE_DIE:
        state._top()["allowed"] = [1 - action.die]
    take_die(state, action.player, top["dice"][action.die])


def _hazard(state: GoldmineRumbles, miners: list[int]) -> None:
    """p13-14: one hazard roll; each miner resolves it separately (Papa Clayton asks each in turn)."""
    face = dice_rules.HAZARD_FACES[state._roll() - 1]
    state._note(f"the hazard die shows {face}")
    golds = [s["gold"] for s in state._players]
    ranks = dice_rules.gold_ranks(golds)
    for p in miners:
        sheet = state._players[p]
        if face.kind == dice_rules.PAPA_CLAYTON:
            continue
        cost = dice_rules.hazard_cost(face, sheet["items"].get("Bread", 0),
                                      state._cubes(p, dice_rules.FORTIFYING_TONIC),
                                      state._cubes(p, dice_rules.SAFETY_GEAR), ranks[p], state.options.tonic_rule)
        if cost.bread:
            state._return(p, "Bread", cost.bread)
        sheet["bandages"] += cost.bandages
        sheet["poisons"] += cost.poisons
        if not cost.nothing:  # the hazard's line first: a Bandage for the injuries follows from it
            state._note(f"{state._name(p)} suffers the hazard: " + ", ".join(
                f"{v} {HAZARD_WORDS[k][v > 1]}" for k, v in cost._asdict().items() if v))
        if cost.injuries:
            state._hurt(p, cost.injuries)
    for p in miners[1:]:  # a partner winds down once the hazard is settled; the owner is still active
        state._push(Decision.WIND_DOWN, p)
    if face.kind == dice_rules.PAPA_CLAYTON:
        for p in reversed(miners):
            state._push(Decision.CLAYTON, p, fee=dice_rules.safe_passage_fee(ranks[p]))


def do_pay_fee(state: GoldmineRumbles, action: PayFee) -> None:
    """A miner short of the fee pays what they have."""
    top = state._pending.pop()
    fee = min(top["fee"], state.gold(action.player))
    state._players[action.player]["gold"] -= fee
    state._note(f"{state._name(action.player)} pays Papa Clayton {fee}gn for safe passage")
    _after_clayton_choice(state)


def do_fight_clayton(state: GoldmineRumbles, action: FightClayton) -> None:
    state._pending.pop()
    state._note(f"{state._name(action.player)} will fight Papa Clayton rather than pay his fee")
    state._turn()["clayton_fighters"].append(action.player)
    _after_clayton_choice(state)


def _after_clayton_choice(state: GoldmineRumbles) -> None:
    """When every miner has chosen fee or fight, those who chose to fight take him on together."""
    fighters = state._turn()["clayton_fighters"]
    if state._top()["kind"] != Decision.CLAYTON and fighters:
        fight_rules.start_fight(state, list(fighters), CLAYTON, "hazard")
        fighters.clear()
