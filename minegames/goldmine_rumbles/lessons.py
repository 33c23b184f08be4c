"""What the Goldmine Rumbles lessons (notebooks/goldmine_rumbles_1..3) need from the model.

Plain model code, no widgets, so the notebooks' first cells only import:

* **positions**: :func:`table` (three miners on the standard mine) and :func:`find_trip`,
  which asks the mine for a start and a claim that show one travel rule (a plain walk, a
  rat, a snake, a Dynamite blast, a Tunnel Plans jump), so the lessons never hard-code a
  route that a change of the tiles would break;
* **narration**: :func:`narrate` plays actions and prints what the game log says, plus,
  after every fight round, the round's dice *and totals* (:class:`RoundTotals`: each
  side's die, bonus, token penalty, total, and who takes an injury); :func:`choices`
  lists the legal moves, :func:`try_to` shows a refusal, :func:`describe_turn` says
  whose turn it is and what they may do;
* **keys**: :func:`dashboard_key`, :func:`board_key` and :func:`item_key` explain the
  abbreviations and marks of the board and the printouts;
* **exact answers** for the exercises, straight from :mod:`.analysis`:
  :func:`fight_win_chance`, :func:`partner_gain`, :func:`hazard_cost`; and
  :func:`partner_dig` with :func:`first_seed`, to replay a dig until its dice show a rule.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence

from minegames.core import IllegalActionError
from minegames.core.words import plural

from . import analysis
from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import (AcceptBid, Bid, BuyClaim, BuyEssentials, ChooseDie, Decline, Discard, FightRound, InviteBids,
                      NoBid, PlaceCube, RollYield, Step, TakeItems, Travel, UseItem)
from .actions import Blast as BlastAction
from .engine_common import CLAYTON, position_key
from .positions import position
from .wording import describe, fight_dice_in, fight_scores_in
from .state import GoldmineRumbles
from .state_odds import hazard_cost, hazard_miner, miner_at_claim

RED, BLUE, GREEN, YELLOW = range(4)  # seats: P1 is Red, P2 Blue, P3 Green, P4 Yellow
PAPA_CLAYTON = CLAYTON  # how actions and fights name him

#: The first Rumbles tiles of a :func:`table`: tile 7 lets Blue (P2) play first.
TABLE_TRACK = (7, 8, 9, 1)

Out = Callable[[str], Any]


# ---------------------------------------------------------------------------
# Positions
# ---------------------------------------------------------------------------


def standard_mine() -> M.Mine:
    """Tiles 1 to 9 in reading order, light side up, none turned."""
    return M.Mine.standard()


def table(red: Mapping[str, Any], blue: Mapping[str, Any], green: Mapping[str, Any], *, seed: int = 0,
          track: Sequence[int] = TABLE_TRACK, **details: Any) -> GoldmineRumbles:
    """Three miners (Red, Blue, Green) on the standard mine at the first turn of phase 1.

    Each miner is described as for :func:`.positions.position` (``at``, ``gold``, ``items``,
    ``dashboard``, tokens...); ``details`` are its other keywords (``store``, ``pile``,
    options). Rumbles tile 7 comes up first, so Blue plays first.
    """
    return position([red, blue, green], seed=seed, players=3, mine=standard_mine(), track=list(track), **details)


class Trip(NamedTuple):
    """A start site and a claim site that show a travel rule, and the way between them."""

    start: int
    claim: int
    journey: M.Journey

    @property
    def hazards(self) -> tuple[tuple[int, str], ...]:
        return self.journey.hazards


TRIP_KINDS = ("walk", "rat", "snake", "dynamite", "tunnel plans")


def table_mine(track: Sequence[int] = TABLE_TRACK) -> M.Mine:
    """The mine of a :func:`table` once its first Rumbles tile has turned over."""
    return standard_mine().turned_over(track[0])


def find_trip(kind: str, mine: M.Mine | None = None, avoid: Iterable[int] = ()) -> Trip:
    """Ask the mine (default: :func:`table_mine`) for a trip between two claim sites that shows ``kind``:

    * ``"walk"``: a walk with no rat or snake on it;
    * ``"rat"`` / ``"snake"``: every walk passes hazards, and the best passes exactly one, of that
      kind (failing that, the first whose best walk passes one of that kind among others);
    * ``"dynamite"``: no walk at all, but one blast opens a way with nothing on it;
    * ``"tunnel plans"``: no walk without Tunnel Plans, but one with a cube (a jump between A entrances).

    Sites in ``avoid`` are neither start nor claim. The search runs in site order, so the
    answer is the same every time for the same mine.
    """
    if kind not in TRIP_KINDS:
        raise ValueError(f"kind must be one of {TRIP_KINDS}, not {kind!r}")
    mine = table_mine() if mine is None else mine
    sites = [s for s in C.CLAIM_SITES if s not in set(avoid)]
    for strict in (True, False) if kind in ("rat", "snake") else (True,):
        for start in sites:
            for claim in sites:
                journey = _trip_journey(kind, mine, start, claim, strict) if claim != start else None
                if journey is not None:
                    return Trip(start, claim, journey)
    raise LookupError(f"this mine has no trip that shows {kind!r}")


def _trip_journey(kind: str, mine: M.Mine, start: int, claim: int, strict: bool) -> M.Journey | None:
    plans = 1 if kind == "tunnel plans" else 0
    walk = M.best_route(mine, start, claim, plans)
    if kind == "dynamite":
        if walk is not None:
            return None
        journey = M.plan_journey(mine, start, claim, 0, max_blasts=1)
        return journey if journey is not None and journey.blasts == 1 and not journey.hazards else None
    if walk is None or (kind == "tunnel plans" and (M.best_route(mine, start, claim) is not None or not walk.jumps)):
        return None
    hazards = tuple(hazard for _, hazard in walk.hazards)
    if kind == "walk" and hazards:
        return None
    if kind in ("rat", "snake") and (hazards != (kind,) if strict else kind not in hazards):
        return None
    return M.Journey((walk,), mine)


HAZARD_ITEMS = {"rat": "Bread", "snake": "Blunderbuss"}  # what gets a miner past each without Poison


def travel_past(state: GoldmineRumbles, goal: int, show_choices: bool = True, out: Out = print) -> None:
    """The current player travels to ``goal``; at each rat or snake they are asked about, they
    use the item that passes it (printing the choices first, if ``show_choices``)."""
    p = state.current_player
    narrate(state, Travel(p, goal), out=out)
    while state.step in HAZARD_ITEMS:
        if show_choices:
            out(f"stopped at {describe(state.positions[p])} before a {state.step}:")
            choices(state, out=out)
        narrate(state, UseItem(p, HAZARD_ITEMS[state.step]), out=out)
        if state.step == "travel":
            narrate(state, Travel(p, goal), out=out)


def quiet_sites(avoid: Iterable[int] = (), track: Sequence[int] = TABLE_TRACK) -> list[int]:
    """Claim sites, in order, that the first Rumbles tile's cave-in does not reach (and not in ``avoid``)."""
    mine, avoid = standard_mine(), set(avoid)
    return [s for s in C.CLAIM_SITES if s not in avoid and M.site_distance(mine, s, track[0]) > 0]


def trip_table(trip: Trip, *, seed: int = 0, red: Mapping[str, Any] | None = None,
               blue: Mapping[str, Any] | None = None, green: Mapping[str, Any] | None = None,
               **details: Any) -> GoldmineRumbles:
    """A :func:`table` where Blue stands at the trip's start and its claim is on the 1gn square.

    Red and Green stand at quiet sites (see :func:`quiet_sites`) unless told otherwise;
    the other claims fill the store and the pile in number order.
    """
    red_at, green_at = quiet_sites({trip.start, trip.claim})[:2]
    rest = [c for c in C.CLAIM_SITES if c != trip.claim]
    details.setdefault("store", [trip.claim] + rest[:len(C.STORE_PRICES) - 1])
    details.setdefault("pile", rest[len(C.STORE_PRICES) - 1:][:3])
    return table({"at": red_at, **(red or {})}, {"at": trip.start, **(blue or {})},
                 {"at": green_at, **(green or {})}, seed=seed, **details)


def at_claim(trip: Trip, **table_details: Any) -> GoldmineRumbles:
    """Blue (P2) has bought the trip's claim and walked there (``trip`` must be a walk): a :func:`trip_table`."""
    state = trip_table(trip, **table_details)
    return state.apply(BuyClaim(BLUE, 0)).apply(Travel(BLUE, trip.claim))


def first_seed(make: Callable[[int], GoldmineRumbles], wanted: Callable[[GoldmineRumbles], bool],
               seeds: Iterable[int] = range(1000)) -> int:
    """The first seed whose game ``make(seed)`` is ``wanted``: how a lesson picks dice that show a rule."""
    for seed in seeds:
        if wanted(make(seed)):
            return seed
    raise LookupError("no seed in range gives the wanted game")


def journey_lines(journey: M.Journey) -> list[str]:
    """A planned journey in words: one line per tunnel, jump or blast, and where each walk ends."""
    lines = []
    for piece in journey.plan:
        if isinstance(piece, M.Blast):
            row, col = piece.cell
            lines.append(f"blast the tile at row {row + 1}, column {col + 1}: {plural(piece.turns, 'quarter turn')}")
            continue
        for step in piece.steps:
            if isinstance(step, M.Jump):
                lines.append(f"jump from entrance {step.start.letter} of tile {step.start.tile}"
                             f" to entrance {step.end.letter} of tile {step.end.tile}")
            else:
                lines.append(f"walk a tunnel of tile {step.tile}" + (f", past a {step.hazard}" if step.hazard else ""))
        lines.append(f"    ... and stand at {describe(piece.destination)}")
    return lines


def follow(state: GoldmineRumbles, pieces: Iterable[Any], out: Out = print) -> None:
    """Take the walks and blasts of (part of) a planned journey, one action at a time."""
    p = state.current_player
    for piece in pieces:
        if isinstance(piece, M.Blast):
            narrate(state, BlastAction(p, *piece.cell, piece.turns), out=out)
            continue
        for place in piece.path[1:]:
            narrate(state, Step(p, position_key(place)), out=out)


# ---------------------------------------------------------------------------
# Narration, with fight totals
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class FighterRound:
    """One side of one fight round: the die, what is added and taken off, and the outcome."""

    name: str
    die: int
    weapon: str  # "Colt 45", "Blunderbuss", "no weapon", or "his own" (Papa Clayton's +4)
    weapon_bonus: int
    leaf: int  # +3 when a Chippawa Leaf was played this round
    penalty: int  # Bandage and Poison tokens (at most 4)
    hurt: int  # injuries taken this round
    injuries: int  # on the track after the round (4: out of the fight)

    @property
    def bonus(self) -> int:
        return self.weapon_bonus + self.leaf

    @property
    def total(self) -> int:
        return R.fight_total(self.die, self.bonus, self.penalty)


@dataclass(frozen=True)
class RoundTotals:
    """A fight round as a table: every side's die, bonus, penalty and total, and who is hurt."""

    fighters: tuple[FighterRound, ...]
    shared_die: bool = False  # two miners against Papa Clayton throw one die between them

    def lines(self) -> list[str]:
        rows = ["    side              die  bonus  tokens  total  injury  now"]
        for f in self.fighters:
            extra = f" ({f.weapon} {f.weapon_bonus:+d}" + (f", Leaf +{f.leaf}" if f.leaf else "") + ")"
            rows.append(f"    {f.name:16} {f.die:4} {f.bonus:+6d} {-f.penalty:7d} {f.total:6} "
                        f"{'+' + str(f.hurt) if f.hurt else '-':>7} {f.injuries:4}  {extra}")
        if self.shared_die:
            rows.append("    (the miners share one die; Papa Clayton is compared with each of them)")
        return rows + ["    -> " + self.verdict]

    @property
    def verdict(self) -> str:
        """Who is hurt, in words."""
        hurt = [f"{f.name} takes {f.hurt} injur{'y' if f.hurt == 1 else 'ies'}" for f in self.fighters if f.hurt]
        if len(self.fighters) == 2 and len(hurt) == 2 and self.fighters[0].total == self.fighters[1].total:
            return "equal totals: both take an injury"
        return "; ".join(hurt)


def _dice_from_log(lines: Sequence[str]) -> dict[str, int] | None:
    """The latest fight dice the log lines name (a Bible's re-throw replaces the first throw)."""
    found = None
    for line in lines:
        found = fight_dice_in(line) or found
    return found


def _name(state: GoldmineRumbles, side: int) -> str:
    return "Papa Clayton" if side == CLAYTON else state.sheet(side)["colour"]


def fight_view(state: GoldmineRumbles) -> dict[str, Any] | None:
    """What a round's totals need, read before an action: sides, weapons, leaves, tokens, injuries, dice."""
    fight = state.fight_record
    if fight is None:
        return None
    sides = list(fight["sides"])
    view = {"sides": sides, "dice": list(fight["dice"]) if fight["dice"] else None, "injuries": [], "weapons": [],
            "leaf": list(fight["leaf"]), "penalty": [], "armed": list(fight["armed"])}
    for index, side in enumerate(sides):
        if side == CLAYTON:
            view["weapons"].append(("his own", R.PAPA_CLAYTON_BONUS))
            view["penalty"].append(0)
            view["injuries"].append(fight["clayton_injuries"])
            continue
        if fight["armed"][index]:
            weapon = ("Blunderbuss", R.BLUNDERBUSS_BONUS)
        else:
            colt = R.column_effect(R.COLT_45, state.sheet(side)["dashboard"][R.COLT_45])
            weapon = ("Colt 45", colt) if colt else ("no weapon", 0)
        view["weapons"].append(weapon)
        view["penalty"].append(state.penalty(side))
        view["injuries"].append(state.sheet(side)["injuries"])
    return view


def round_totals(state: GoldmineRumbles, before: Mapping[str, Any], action: Any,
                 log_lines: Sequence[str]) -> RoundTotals | None:
    """The totals of the fight round that ``action`` settled (None if it settled none).

    ``before`` is :func:`_fight_view` read just before ``action``; ``log_lines`` are the
    lines the action added. Injuries follow from the totals by the dice rules.
    """
    fight = state.fight_record
    names = [_name(state, s) for s in before["sides"]]
    settled = fight is None or (fight["dice"] is None and (
        _dice_from_log(log_lines) is not None or before["dice"] is not None) and not any(
        "does not count" in line for line in log_lines))
    if not settled:
        return None
    thrown = _dice_from_log(log_lines)
    dice = [thrown[n] for n in names] if thrown else before["dice"]
    if dice is None:
        return None
    flags = [False] * len(dice) if isinstance(action, FightRound) else before["leaf"]  # a new round starts leafless
    leaf = [bool(flag) or (isinstance(action, UseItem) and action.item == "Chippawa Leaf" and action.player == side)
            for side, flag in zip(before["sides"], flags)]
    bonuses = [w[1] + R.CHIPPAWA_BONUS * l - pen for w, l, pen in zip(before["weapons"], leaf, before["penalty"])]
    rule = state.options.blunderbuss_backfire
    fired = [armed and R.backfires(die, True, rule) for armed, die in zip(before["armed"], dice)]
    *miners, _ = range(len(dice))
    if before["sides"][-1] == CLAYTON:
        compared = [i for i in miners if not fired[i]]
        hurt_some, papa = R.papa_clayton_round(dice[0], dice[-1], [bonuses[i] for i in compared], bonuses[-1])
        hurt = [R.BACKFIRE_INJURIES] * len(miners) + [papa]
        for i, h in zip(compared, hurt_some):
            hurt[i] = h
    elif any(fired):
        hurt = [R.BACKFIRE_INJURIES * f for f in fired]
    else:
        hurt = list(R.round_injuries(R.fight_total(dice[0], bonuses[0]), R.fight_total(dice[1], bonuses[1])))
    fighters = tuple(
        FighterRound(names[i], dice[i], before["weapons"][i][0], before["weapons"][i][1],
                     R.CHIPPAWA_BONUS if leaf[i] else 0, before["penalty"][i], hurt[i],
                     min(before["injuries"][i] + hurt[i], R.INJURY_LIMIT))
        for i in range(len(dice)))
    return RoundTotals(fighters, shared_die=len(dice) > 2)


#: A fighter's "no" to a Bible or a Leaf: the lessons' round tables already say the dice stand.
_SAID_BY_THE_LESSON = ("keeps the fight dice (no Bible)", "keeps the Chippawa Leaf")


def play(state: GoldmineRumbles, *actions: Any, rounds: list[RoundTotals] | None = None) -> list[str]:
    """Apply the actions (objects or their text); the log lines they add, each fight round's totals after
    its dice. ``rounds``, if given, collects every settled round's :class:`RoundTotals`."""
    said: list[str] = []
    for action in actions:
        before, seen = fight_view(state), len(state.log)
        state.apply(action)
        lines = [text for _, text in list(state.log)[seen:] if not text.endswith(_SAID_BY_THE_LESSON)]
        totals = round_totals(state, before, action, lines) if before is not None else None
        if totals is None:
            said += lines
            continue
        if rounds is not None:
            rounds.append(totals)
        # the log's own score line says what the totals table shows: the table alone is clearer
        lines = [line for line in lines if fight_scores_in(line) is None]
        # the totals go straight after the round's dice (or the Leaf that changed them), before what follows
        dice_lines = [i for i, line in enumerate(lines) if fight_dice_in(line) is not None]
        cut = dice_lines[-1] + 1 if dice_lines else int(isinstance(action, UseItem))
        said += lines[:cut] + totals.lines() + lines[cut:]
    return said


def first_of(state: GoldmineRumbles, kind: type) -> Any:
    """The first legal action of a kind (``first_of(state, TakeItems)``), or None."""
    return next((a for a in state.legal_actions() if isinstance(a, kind)), None)


def narrate(state: GoldmineRumbles, *actions: Any, out: Out = print) -> None:
    """Play the actions and print what happened (:func:`play`)."""
    for line in play(state, *actions):
        out(line)


MANY = 6  # more legal actions of one kind than this are shortened to the first few


def choice_lines(state: GoldmineRumbles) -> list[str]:
    """The legal actions, leaving out the purchases and discards that are almost always open,
    and shortening a long run of one kind (a Flask's many refreshes) to its first three."""
    legal = state.legal_actions()
    routine = [a for a in legal if isinstance(a, (BuyEssentials, Discard))]
    lines, shown = [], {}
    for action in legal:
        if action in routine:
            continue
        kind = type(action)
        shown[kind] = shown.get(kind, 0) + 1
        if shown[kind] <= 3 or sum(isinstance(a, kind) for a in legal) <= MANY:
            lines.append(f"  {action}")
        elif shown[kind] == 4:
            lines.append(f"  ... and {sum(isinstance(a, kind) for a in legal) - 3} more like these")
    if routine:
        lines.append(f"  (and {len(routine)} ways to buy Essentials or discard an item)")
    return lines


def choices(state: GoldmineRumbles, out: Out = print) -> None:
    """Print :func:`choice_lines`."""
    for line in choice_lines(state):
        out(line)


def try_to(state: GoldmineRumbles, action: Any, out: Out = print) -> bool:
    """Apply an action, or print the rule that refuses it (the game is then left as it was)."""
    try:
        narrate(state, action, out=out)
    except IllegalActionError as refusal:
        out(f"refused ({refusal.rule}): {refusal}")
        return False
    return True


FIGHT_STEPS = ("fight", "arm", "dismiss", "chippawa")  # a fight's rounds, and the item choices inside it


def fight_on(state: GoldmineRumbles, deciders: Mapping[int, Any] | None = None, out: Out = print) -> None:
    """Roll rounds until the fight is over, printing each round's dice and totals.

    A choice inside the fight (a Blunderbuss, a Bible, a Chippawa Leaf) is made by the bot
    ``deciders`` holds for that miner (anything with ``choose(state)``); without one, the
    fight stops there for a person to decide.
    """
    deciders = deciders or {}
    while state.fight_record is not None and state.step in FIGHT_STEPS:
        if state.step == "fight":
            narrate(state, FightRound(state.current_player), out=out)
        elif state.current_player in deciders:
            narrate(state, deciders[state.current_player].choose(state), out=out)
        else:
            for line in standing_lines(state):
                out(line)
            return


def standing_lines(state: GoldmineRumbles) -> list[str]:
    """A round whose dice are thrown but not yet scored (a Bible or a Leaf may still change it): the totals so far."""
    fight = state.fight_record
    if fight is None or not fight["dice"]:
        return []
    parts = [f"{_name(state, s)} {die} {state.fight_bonus(s):+d} = {die + state.fight_bonus(s)}"
             for s, die in zip(fight["sides"], fight["dice"])]
    return [f"    totals so far: {', '.join(parts)}; {_name(state, state.current_player)} decides: {state.step}"]


# ---------------------------------------------------------------------------
# Describing a turn
# ---------------------------------------------------------------------------

MAIN_ACTIONS = {"BuyClaim": "buy a claim", "AttackPapaClayton": "rob Papa Clayton", "AttackPlayer": "rob a miner",
                "EndTurn": "end the turn"}


def describe_turn(state: GoldmineRumbles) -> list[str]:
    """Whose decision it is, in which phase and step, and the kinds of move open to them."""
    if state.is_over:
        return ["The game is over: " + ", ".join(f"{_name(state, p)} {s}gn" for p, s in enumerate(state.scores()))]
    p = state.current_player
    order = ", ".join(_name(state, q) for q in state.phase_order)
    lines = [f"Phase {state.phase} of {len(state.phase_cubes)} (order: {order}); {_name(state, p)} (P{p + 1}) "
             f"decides: {state.step}"]
    kinds: dict[str, int] = {}
    for action in state.legal_actions():
        kinds[type(action).__name__] = kinds.get(type(action).__name__, 0) + 1
    main = [MAIN_ACTIONS[k] for k in MAIN_ACTIONS if k in kinds]
    if main:
        lines.append("  main actions open: " + ", ".join(main))
    lines.append("  moves by kind: " + ", ".join(f"{k} x{n}" for k, n in kinds.items()))
    return lines


# ---------------------------------------------------------------------------
# Keys for the abbreviations
# ---------------------------------------------------------------------------


def _effects(column: R.Column) -> str:
    return ", ".join("+".join(e) if isinstance(e, tuple) else str(e) for e in column.effects)


def dashboard_key() -> list[tuple[str, str, str]]:
    """One row per dashboard column, named in full as the board names it: (column, effect with
    1, 2, ... cubes, meaning)."""
    return [(name, _effects(column), column.meaning) for name, column in R.DASHBOARD.items()]


#: What the other marks on the board and in the printouts mean (the dashboard has :func:`dashboard_key`).
BOARD_MARKS = (
    ("gn", "gold nuggets: the money of the game, and the score at the end"),
    ("1 .. 9 badge", "a mine tile's number; the corner it sits in shows how far the tile is turned"),
    ("dark tile", "a tile flipped by a Rumbles tile: its dashed tunnels marked x have caved in"),
    ("R, S", "a rat or a snake in that tunnel: walking through costs a Poison token"),
    ("A, B, C", "a tunnel entrance inside a tile: Tunnel Plans cubes let you jump between them"),
    ("rim circles", "claim sites 1 .. 16, coloured by claim type (Dark, Flooded, Hard Rock); ringed: a start site"),
    ("triangles", "the miners' pawns in their colours; the black one is Papa Clayton"),
    ("#n", "claim n (in the store, with its price, type and two rows of items), or Rumbles tile n"),
    ("? / (n)", "a Rumbles tile still face down / one you have peeked at with a Detonator"),
    ("injuries k/4", "the injury track: the 4th injury costs a Bandage and clears the track"),
    ("tokens", "Bandages, Poison and Black Marks: each costs 2gn at the end"),
    ("\u25a0\u25a1", "a dashboard column: cubes placed, squares still free"),
)


def board_key() -> list[tuple[str, str]]:
    """The marks of the board and what each means (see :data:`BOARD_MARKS`)."""
    return list(BOARD_MARKS)


ITEM_FLAGS = (("essential", "E", "an Essential: Frank Clayton sells it for 1gn, nobody may trade it in"),
              ("lightning", "L", "lightning bolt: used at once if it arrives at a miner already carrying six"),
              ("flask_icon", "F", "flask icon: Papa Clayton swaps it for a Flask"),
              ("harmonica_icon", "H", "harmonica icon: Papa Clayton swaps it for a Harmonica"),
              ("medicinal", "M", "medicinal: may be used once a fight or a dig is over"))


def item_key() -> list[tuple[str, str, str]]:
    """One row per item: (name, its flags as letters from :data:`ITEM_FLAGS`, what it does)."""
    return [(item.name, "".join(letter if getattr(item, flag) else "." for flag, letter, _ in ITEM_FLAGS), item.use)
            for item in C.ITEMS.values()]


# ---------------------------------------------------------------------------
# Exact answers for the exercises
# ---------------------------------------------------------------------------


def fight_win_chance(state: GoldmineRumbles, side: int) -> Fraction:
    """The exact chance that ``side`` wins the fight in progress (one miner against one opponent).

    Bonuses and injuries are read from the fight; ``side``'s Chippawa Leaves (and Bibles, if
    it did not start the fight) are counted, played whenever they help. The opponent must
    hold no Leaf or usable Bible (:func:`.analysis.fight_odds` plays them for one side only).
    """
    fight = state.fight_record
    if fight is None or len(fight["sides"]) != 2 or side not in fight["sides"]:
        raise ValueError("fight_win_chance needs a fight of one side against one, with this side in it")
    other = next(s for s in fight["sides"] if s != side)

    def items(s: int) -> tuple[int, int]:
        if s == CLAYTON:
            return 0, 0
        held = state.items(s)
        return held["Chippawa Leaf"], (held["Bible"] if s != fight["starter"] else 0)

    if any(items(other)):
        raise ValueError(f"{_name(state, other)} holds a Chippawa Leaf or a Bible: the odds would need their play too")
    leaves, bibles = items(side)
    injuries = [state.sheet(s)["injuries"] if s != CLAYTON else fight["clayton_injuries"] for s in (side, other)]
    return analysis.fight_odds(state.fight_bonus(side), state.fight_bonus(other), *injuries,
                               chippawa=leaves, bibles=bibles).win


def best_die(state: GoldmineRumbles) -> ChooseDie:
    """The yield die that gives the miner choosing now the most gold (a Bible counted if held)."""
    top = state.decision
    p, allowed = top["player"], list(top["allowed"])
    choice = R.best_yield([top["dice"][i] for i in allowed],
                          **miner_at_claim(state, p, state.turn_record["claim"]))
    return ChooseDie(p, allowed[choice.die_index])


def partner_dig(trip: Trip, seed: int = 0, *, bid: int = 3, out: Out | None = None,
                **table_details: Any) -> GoldmineRumbles:
    """Blue digs the trip's claim with Red as partner, up to the hazard die's result.

    Red starts beside Blue (at the trip's start); Blue takes the first two items offered
    (a cube goes on the column that pays at this claim), Green stays out, Red bids ``bid``,
    comes over and takes the first items offered, and both miners take the die that pays
    them most (spending a Bible when asked). ``table_details`` go to :func:`at_claim`.
    """
    red = {"at": trip.start, **table_details.pop("red", {})}
    state = at_claim(trip, red=red, seed=seed, **table_details)
    said: list[str] = []
    said += play(state, first_of(state, TakeItems))
    if state.step == "place cubes":
        said += play(state, PlaceCube(BLUE, R.YIELD_COLUMN[C.CLAIMS[trip.claim].type]))
    said += play(state, InviteBids(BLUE), NoBid(GREEN), Bid(RED, bid), AcceptBid(BLUE, RED), Travel(RED, trip.claim))
    said += play(state, first_of(state, TakeItems))
    if state.step == "partner items":
        said += play(state, Decline(RED))
    said += play(state, RollYield(BLUE))
    while state.step in ("choose die", "bible"):
        p = state.current_player
        said += play(state, best_die(state) if state.step == "choose die" else UseItem(p, "Bible"))
    for line in said if out is not None else ():
        out(line)
    return state


def partner_gain(state: GoldmineRumbles, owner: int, partner: int, bid: int, claim: int | None = None) -> Fraction:
    """The partner's expected gold from joining ``owner``'s dig at ``bid``: expected yield less the bid.

    ``claim`` defaults to the claim of the turn in progress. The hazard die is left out
    (it hits the miners whether or not they share the dig).
    """
    claim = state.turn_record["claim"] if claim is None else claim
    return analysis.partner_value(bid, miner_at_claim(state, owner, claim), miner_at_claim(state, partner, claim),
                                  state.options.partner_dice).partner


def _cost_words(field: str, n: int) -> str:
    if field == "fee":
        return f"a {n}gn fee"
    if field == "injuries":
        return f"{n} injur{'y' if n == 1 else 'ies'}"
    name = {"bread": "Bread", "bandages": "Bandage", "poisons": "Poison"}[field]
    return f"{n} {name}" + ("s" if n > 1 and field != "bread" else "")


def hazard_lines(state: GoldmineRumbles, p: int) -> list[str]:
    """Each face of the hazard die: what it would cost miner ``p`` now, and that in gold."""
    miner, injuries = hazard_miner(state, p), state.sheet(p)["injuries"]
    lines = []
    for face in R.HAZARD_FACES:
        cost = R.hazard_cost(face, **miner)
        words = ", ".join(_cost_words(field, n) for field, n in cost._asdict().items() if n) or "nothing"
        gold = analysis.hazard_gold_cost(cost, injuries)
        lines.append(f"{str(face):13} costs {words:28} = {gold}gn")
    return lines


__all__ = [
    "RED", "BLUE", "GREEN", "YELLOW", "PAPA_CLAYTON", "TABLE_TRACK", "standard_mine", "table", "table_mine",
    "Trip", "TRIP_KINDS", "find_trip", "HAZARD_ITEMS", "travel_past", "quiet_sites", "trip_table", "at_claim", "first_seed", "journey_lines", "follow", "FighterRound", "RoundTotals", "fight_view", "round_totals",
    "play", "first_of", "narrate", "choice_lines", "choices", "try_to", "FIGHT_STEPS", "fight_on", "standing_lines", "describe_turn", "dashboard_key",
    "BOARD_MARKS", "board_key", "ITEM_FLAGS", "item_key", "fight_win_chance", "miner_at_claim", "best_die", "partner_dig", "partner_gain", "hazard_miner", "hazard_cost",
    "hazard_lines",
]


def html_table(header: Sequence[str], rows: Sequence[Sequence[Any]], pad: int = 10) -> str:
    """A small HTML table of the lessons (a table aligned with spaces wraps mid-number on a phone);
    ``pad``: the cells' side padding in pixels."""
    cell = f"padding:3px {pad}px;border:1px solid #d8cfb8;text-align:center"
    head = "".join(f"<th style='{cell};background:#f2efe6'>{html.escape(str(h))}</th>" for h in header)
    body = "".join("<tr>" + "".join(f"<td style='{cell}'>{html.escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f"<table style='border-collapse:collapse;margin:4px 0'><tr>{head}</tr>{body}</table>"
