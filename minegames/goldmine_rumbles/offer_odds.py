"""What a bid, a robbery or a yield die offered to a seat is worth, counting the way there.

A bid or a robbery is a promise to travel: the partner walks to the claim after paying, the
robber walks to the victim before fighting. So the number beside such a choice has to ask

* **can the seat get there at all?** The compass (:func:`.mine.plan_journey`) searches with
  every tile turn the seat can pay for: Dynamite held or buyable, times the turns one
  Dynamite gives (Explosives Manuals). No way there: the offer says so instead of a value.
* **in what shape does it arrive?** Each rat or snake on the way poisons unless fed Bread or
  shot with a Blunderbuss (a 6 backfires for 3 injuries). :func:`arrivals` gives the exact
  chance of each state on arrival, the seat answering every hazard the way that serves the
  choice best.
* **what does the other side hold?** Items are on the table: a defender's Chippawa Leaf,
  Bible and Blunderbuss are counted (:func:`.analysis.duel_odds`). Hidden dashboards (an
  optional rule) are assumed empty, and the offer lists that assumption.

Every value is an exact :class:`fractions.Fraction`; the widget only formats them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Callable, NamedTuple, Optional

from minegames.core.words import plural

from . import analysis, components, dice_rules as R
from . import mine as M
from .engine_common import CLAYTON
from .state import GoldmineRumbles
from .state_odds import miner_at_claim

__all__ = [
    "DynamiteBudget", "DynamiteUse", "dynamite_budget", "way_there", "Traveller", "traveller", "arrivals", "best_arrivals",
    "FightSide", "fight_side", "RobOffer", "rob_offer", "BidOffer", "bid_offer", "DieValue", "die_value",
    "fight_now_odds", "fight_here_odds",
]

#: Gold prices of what a journey costs, as the hazard die is priced (:func:`.analysis.hazard_gold_cost`):
#: a token (Poison, Bandage, Black Mark) costs its 2gn deduction at the end.
TOKEN_GOLD = R.END_TOKEN_COST
DYNAMITE_PRICE = 1  # Frank Clayton's price; every purchase also brings a Black Mark


# ---------------------------------------------------------------------------------------------
# Dynamite and the way there
# ---------------------------------------------------------------------------------------------


class DynamiteUse(NamedTuple):
    """Dynamite a journey takes: used in all, bought from Frank Clayton, items discarded to carry them."""

    used: int = 0
    bought: int = 0
    discarded: int = 0


#: The most tile turns a search for a way tries. Each further turn multiplies the mines to try by
#: about a hundred (every tile in reach, three angles): up to 3 a search takes at most about a
#: second in the background; 12 (6 Dynamite with Explosives Manuals) took minutes and gigabytes.
#: A way needing more than 3 tile turns is rare: the labels say "no way found with up to 3".
SEARCHED_TURNS = 3


class DynamiteBudget(NamedTuple):
    """The tile turns a miner can pay for: Dynamite held and buyable, each giving ``per`` turns,
    plus ``owed`` turns left from a Dynamite already lit on this journey."""

    per: int
    held: int
    buyable: int
    owed: int = 0
    carried: int = 0  # items carried now: buying past the carry limit means discarding some

    @property
    def turns(self) -> int:
        return self.owed + self.per * (self.held + self.buyable)

    @property
    def searched(self) -> int:
        """The tile turns a search for a way tries: the budget, but at most :data:`SEARCHED_TURNS`."""
        return min(self.turns, SEARCHED_TURNS)

    @property
    def cut(self) -> bool:
        """Whether the budget allows more tile turns than a search tries."""
        return self.turns > SEARCHED_TURNS

    def needs(self, blasts: int) -> "DynamiteUse":
        """The Dynamite a journey of ``blasts`` tile turns takes, bought in one purchase before setting off."""
        used = -(-max(0, blasts - self.owed) // self.per)
        bought = max(0, used - self.held)
        return DynamiteUse(used, bought, max(0, self.carried + bought - components.CARRY_LIMIT) if bought else 0)

    def words(self) -> str:
        """The budget in words, e.g. "3 tile turns: 1 Dynamite held + 2 you can buy, 1 turn each"."""
        parts = [f"{self.held} Dynamite held"] + ([f"{self.buyable} you can buy"] if self.buyable else [])
        owed = f"{plural(self.owed, 'turn')} left from a lit Dynamite + " if self.owed else ""
        cut = f"; ways needing more than {SEARCHED_TURNS} are not searched" if self.cut else ""
        return (f"{self.turns} tile turn{'s' if self.turns != 1 else ''}: {owed}{' + '.join(parts)}, "
                f"{self.per} turn{'s' if self.per != 1 else ''} each{cut}")

    def no_way_words(self) -> str:
        """Why no way was found, e.g. "no way with the 2 tile turns you can pay for"."""
        if self.cut:
            return f"no way found with up to {SEARCHED_TURNS} tile turns"
        return f"no way with the {self.turns} tile turn{'s' if self.turns != 1 else ''} you can pay for"


def dynamite_budget(state: GoldmineRumbles, p: int, spend: int = 0, owed: int = 0) -> DynamiteBudget:
    """What miner ``p`` can blast with once ``spend`` gold is paid (a bid): Dynamite held, and
    Dynamite bought at 1gn each while gold, the supply and the carry limit allow (other items
    may be discarded to make room: :meth:`DynamiteBudget.needs` says how many)."""
    held = state.items(p)["Dynamite"]
    per = R.column_effect(R.EXPLOSIVES_MANUALS, state.dashboard(p)[R.EXPLOSIVES_MANUALS])
    buyable = max(0, min((state.gold(p) - spend) // DYNAMITE_PRICE, state.supply["Dynamite"],
                         components.CARRY_LIMIT - held))
    return DynamiteBudget(per, held, buyable, owed, sum(state.items(p).values()))


#: How a way is searched: (mine, origin, goal, Tunnel Plans cubes, tile turns) -> journey or None.
#: A front end may pass its own (one that runs long searches in the background).
Planner = Callable[[M.Mine, object, object, int, int], Optional[M.Journey]]


def way_there(state: GoldmineRumbles, p: int, goal, budget: DynamiteBudget,
              search: Optional[DynamiteBudget] = None, plan: Planner = M.plan_journey) -> Optional[M.Journey]:
    """The compass's cheapest way from where ``p`` stands to ``goal`` within the budget (fewest
    tile turns, then rats and snakes, then steps); an empty journey when already there.

    ``search``, a larger budget, lets several budgets share one search: the cheapest way uses
    the fewest tile turns, so it is the answer for every budget that covers its turns.
    """
    here = state.positions[p]
    if here == goal:
        return M.Journey((), state.mine)
    turns = max(budget.searched, search.searched if search else 0)
    journey = plan(state.mine, here, goal, state.dashboard(p)[R.TUNNEL_PLANS], turns)
    return journey if journey is not None and journey.blasts <= budget.turns else None


# ---------------------------------------------------------------------------------------------
# Arriving: rats and snakes on the way
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Traveller:
    """What the hazards of a journey can change about a miner."""

    injuries: int
    bandages: int
    poisons: int
    bread: int
    blunderbusses: int

    @property
    def penalty(self) -> int:
        return R.token_penalty(self.bandages, self.poisons)

    def tokens_since(self, start: "Traveller") -> int:
        return self.bandages + self.poisons - start.bandages - start.poisons


def traveller(state: GoldmineRumbles, p: int) -> Traveller:
    sheet, items = state.sheet(p), state.items(p)
    return Traveller(sheet["injuries"], sheet["bandages"], sheet["poisons"], items["Bread"], items["Blunderbuss"])


Arrivals = dict[Traveller, Fraction]


def _answers(hazard: str, miner: Traveller) -> list[Arrivals]:
    """The ways to meet one rat or snake, each as the chances of what follows."""
    ways = [{replace(miner, poisons=miner.poisons + 1): Fraction(1)}]
    if hazard == "rat" and miner.bread:
        ways.append({replace(miner, bread=miner.bread - 1): Fraction(1)})
    if hazard == "snake" and miner.blunderbusses:
        shot = replace(miner, blunderbusses=miner.blunderbusses - 1)
        injuries, bandages = R.add_injuries(miner.injuries, R.BACKFIRE_INJURIES)
        backfired = replace(shot, injuries=injuries, bandages=shot.bandages + bandages)
        ways.append({shot: Fraction(R.BACKFIRE_FACE - 1, R.BACKFIRE_FACE),
                     backfired: Fraction(1, R.BACKFIRE_FACE)})
    return ways


def best_arrivals(hazards: tuple[str, ...], start: Traveller,
                  score: Callable[[Traveller], Fraction]) -> tuple[Fraction, Arrivals]:
    """The best expected ``score`` on arrival and the chances of each arrival state that give it,
    answering each hazard in turn (Bread, the Blunderbuss or a Poison) so as to maximise ``score``."""
    if not hazards:
        return score(start), {start: Fraction(1)}
    best: Optional[tuple[Fraction, Arrivals]] = None
    for way in _answers(hazards[0], start):
        value, spread = Fraction(0), {}
        for after, chance in way.items():
            sub_value, sub_spread = best_arrivals(hazards[1:], after, score)
            value += chance * sub_value
            for state, sub_chance in sub_spread.items():
                spread[state] = spread.get(state, Fraction(0)) + chance * sub_chance
        if best is None or value > best[0]:
            best = value, spread
    return best


def arrivals(journey: M.Journey, start: Traveller, score: Callable[[Traveller], Fraction]) -> Arrivals:
    """The exact chance of each state the miner arrives in (see :func:`best_arrivals`)."""
    return best_arrivals(tuple(kind for _, kind in journey.hazards), start, score)[1]


# ---------------------------------------------------------------------------------------------
# Fights: each side's bonus and items
# ---------------------------------------------------------------------------------------------


class FightSide(NamedTuple):
    """A fighter as the fight odds need them: net bonus, injuries (0..3), leaves and Bibles usable."""

    bonus: int
    injuries: int
    leaves: int
    bibles: int
    counted: tuple[str, ...]  # the items that make a difference, in words
    assumed: tuple[str, ...]  # what was not visible and had to be assumed


def fight_side(state: GoldmineRumbles, side: int, viewer: int, started: bool,
               miner: Optional[Traveller] = None) -> FightSide:
    """``side`` about to fight, as ``viewer`` sees them: a held Blunderbuss is taken up if it beats
    the Colt 45, leaves are chewed, and a Bible may be spent only by a side that did not start
    the fight. ``miner``: the state on arrival, if it differs from now."""
    if side == CLAYTON:
        return FightSide(R.PAPA_CLAYTON_BONUS, 0, 0, 0, (), ())
    miner = traveller(state, side) if miner is None else miner
    dash = state.visible_dashboard(side, viewer)
    assumed = () if dash is not None else ("their dashboard is hidden: no Colt 45 cubes assumed",)
    colt = R.column_effect(R.COLT_45, (dash or {}).get(R.COLT_45, 0))
    weapon = max(colt, R.BLUNDERBUSS_BONUS) if miner.blunderbusses else colt
    items = state.items(side)
    leaves, bibles = items["Chippawa Leaf"], 0 if started else items["Bible"]
    counted = tuple(words for words, present in (
        (f"Blunderbuss +{R.BLUNDERBUSS_BONUS}", weapon > colt), (f"{leaves} Chippawa Leaf", leaves),
        (f"{bibles} Bible", bibles)) if present)
    return FightSide(weapon - miner.penalty, min(miner.injuries, R.INJURY_LIMIT - 1), leaves, bibles, counted, assumed)


def _odds(mine: FightSide, theirs: FightSide) -> analysis.FightOdds:
    return analysis.duel_odds(mine.bonus, theirs.bonus, mine.injuries, theirs.injuries, mine.leaves, theirs.leaves,
                              mine.bibles, theirs.bibles)


def fight_now_odds(state: GoldmineRumbles, p: int) -> Optional[analysis.FightOdds]:
    """Miner ``p``'s chances in the two-sided fight under way, from the injuries and items now
    (the bonuses this round, each side's leaves and Bibles still in hand); None without one."""
    fight = state.fight_record
    if fight is None or p not in fight["sides"] or len(fight["sides"]) != 2:
        return None
    other = fight["sides"][1 - fight["sides"].index(p)]

    def side(s: int) -> FightSide:
        injuries = fight["clayton_injuries"] if s == CLAYTON else state.sheet(s)["injuries"]
        held = state.items(s) if s != CLAYTON else {"Chippawa Leaf": 0, "Bible": 0}
        bibles = 0 if fight["starter"] == s else held["Bible"]
        return FightSide(state.fight_bonus(s), min(injuries, R.INJURY_LIMIT - 1), held["Chippawa Leaf"], bibles,
                         (), ())
    return _odds(side(p), side(other))


# ---------------------------------------------------------------------------------------------
# Robbing a miner or Papa Clayton
# ---------------------------------------------------------------------------------------------


def hazards_on(journey: Optional[M.Journey]) -> tuple[str, ...]:
    """The kinds of hazard ("rat", "snake") met on a way, in order (none without a way)."""
    return tuple(kind for _, kind in journey.hazards) if journey else ()


class RobOffer(NamedTuple):
    """A robbery as offered: can the robber get there, and the fight's odds on arrival."""

    target: int
    budget: DynamiteBudget
    journey: Optional[M.Journey]
    odds: Optional[analysis.FightOdds]  # on arrival, hazards on the way and both sides' items counted
    odds_here: analysis.FightOdds  # had the fight started where the robber stands, as things are now
    dynamite: DynamiteUse
    counted: tuple[str, ...]  # the defender's items counted
    assumed: tuple[str, ...]

    reachable = property(lambda self: self.journey is not None)
    hazards = property(lambda self: hazards_on(self.journey))


def rob_offer(state: GoldmineRumbles, p: int, target: int, plan: Planner = M.plan_journey) -> RobOffer:
    """Miner ``p`` setting off to rob ``target`` (a miner, or Papa Clayton) from where things stand."""
    goal = state.clayton_position if target == CLAYTON else state.positions[target]
    budget = dynamite_budget(state, p)
    journey = way_there(state, p, goal, budget, plan=plan)
    theirs = fight_side(state, target, p, started=False)
    start = traveller(state, p)
    odds_here = _odds(fight_side(state, p, p, True, start), theirs)
    if journey is None:
        return RobOffer(target, budget, None, None, odds_here, DynamiteUse(), theirs.counted, theirs.assumed)

    def odds_on(miner: Traveller) -> analysis.FightOdds:
        return _odds(fight_side(state, p, p, True, miner), theirs)
    spread = arrivals(journey, start, lambda miner: odds_on(miner).win)
    totals = [sum(chance * odds_on(miner)[k] for miner, chance in spread.items()) for k in range(3)]
    return RobOffer(target, budget, journey, analysis.FightOdds(*totals), odds_here, budget.needs(journey.blasts),
                    theirs.counted, theirs.assumed)


# ---------------------------------------------------------------------------------------------
# Bidding to partner a claim
# ---------------------------------------------------------------------------------------------


class BidOffer(NamedTuple):
    """A bid as offered: the claim, whether the bidder can reach it, and the expected gain."""

    claim: int
    square: int
    budget: DynamiteBudget
    journey: Optional[M.Journey]
    value: Optional[Fraction]  # expected yield as partner - bid - what the way there costs
    dynamite: DynamiteUse
    journey_cost: Fraction  # expected gold the way there costs (tokens, Dynamite bought)
    assumed: tuple[str, ...]

    reachable = property(lambda self: self.journey is not None)
    hazards = property(lambda self: hazards_on(self.journey))


def bid_offer(state: GoldmineRumbles, p: int, square: int, plan: Planner = M.plan_journey) -> BidOffer:
    """Miner ``p`` bidding ``square`` gold to partner the claim of the turn being played.

    The value is the partner's expected yield (with any Poison picked up on the way) less the
    bid, less the way there: 2gn per token it brings (Poison, Bandage, the Black Mark of buying
    Dynamite) and the gold paid for Dynamite. Items spent (Bread, Dynamite held, a Blunderbuss)
    are not priced; the hazard die and the claim's row of items are not counted.
    """
    turn = state.turn_record
    claim, owner = turn["claim"], turn["player"]
    budget = dynamite_budget(state, p, spend=square)
    journey = way_there(state, p, claim, budget, search=dynamite_budget(state, p), plan=plan)
    assumed: tuple[str, ...] = ()
    owner_spec = miner_at_claim(state, owner, claim)
    if state.visible_dashboard(owner, p) is None:
        owner_spec["bonus"] = 0
        assumed = ("the owner's dashboard is hidden: no yield cubes assumed",)
    if journey is None:
        return BidOffer(claim, square, budget, None, None, DynamiteUse(), Fraction(0), assumed)
    mine_spec = miner_at_claim(state, p, claim)
    start = traveller(state, p)
    dynamite = budget.needs(journey.blasts)
    buying = (DYNAMITE_PRICE * dynamite.bought + TOKEN_GOLD) if dynamite.bought else 0

    def gain(miner: Traveller) -> Fraction:
        spec = {**mine_spec, "penalty": miner.penalty}
        partner = analysis.partner_value(square, owner_spec, spec, state.options.partner_dice).partner
        return partner - TOKEN_GOLD * miner.tokens_since(start)
    value, spread = best_arrivals(tuple(kind for _, kind in journey.hazards), start, gain)
    tokens = sum(chance * miner.tokens_since(start) for miner, chance in spread.items())
    return BidOffer(claim, square, budget, journey, value - buying, dynamite,
                    TOKEN_GOLD * tokens + buying, assumed)


# ---------------------------------------------------------------------------------------------
# A yield die, with the Bible
# ---------------------------------------------------------------------------------------------


class DieValue(NamedTuple):
    """A yield die's gold for a miner, as it is and with their Bible (None: no Bible, or it would not help)."""

    face: int
    gold: int
    with_bible: Optional[int]


def die_value(state: GoldmineRumbles, p: int, face: int) -> DieValue:
    """What taking a die showing ``face`` at the turn's claim brings miner ``p``: the Bible is
    offered after a die is taken whenever it changes the face, so its gold belongs beside the die."""
    spec = miner_at_claim(state, p, state.turn_record["claim"])
    gold = R.miner_yield(face, spec["bonus"], spec["penalty"])
    holy = None
    if spec["bible"] and R.bible_face(face, spec["bible_faces"]) != face:
        better = R.miner_yield(face, spec["bonus"], spec["penalty"], True, spec["bible_faces"])
        holy = better if better > gold else None
    return DieValue(face, gold, holy)


def fight_here_odds(state: GoldmineRumbles, p: int, opponent: int, started: bool) -> analysis.FightOdds:
    """Miner ``p`` fighting ``opponent`` where they stand now (Papa Clayton met on the hazard die:
    ``started=False``, so ``p`` may spend a Bible on the dice), both sides' items counted."""
    return _odds(fight_side(state, p, p, started), fight_side(state, opponent, p, not started))
