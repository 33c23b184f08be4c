"""Paying a door: which spent gem cards cover a door's cost, and what each card did.

Everything here is a pure function of the cost, the spent cards and the skill uses. The
rules as the rulebook has them (sections *Constructing Rooms*, *Standard Gems* and *Special
Gems*), said in this project's words:

* A door's cost is a multiset of standard gems. Each cost gem must be matched by a gem of
  its own, one to one.
* A standard gem printed on a spent card pays for one cost gem of its type. A card shows two
  gems; when only one is wanted the other simply goes unused.
* A Diamond Dust pays for one cost gem of any standard type (it is wild only when spent).
* An Echoglass pays for one cost gem whose type is printed, as a standard gem, on one of the
  cards spent in the same build (its own card included). It never copies a special gem, nor
  the type a Diamond Dust stands in for. Several Echoglass may copy the same type.
* Orichalcum pays nothing, but scores one more point when the other gem on its card pays a
  cost gem. Warpstone pays nothing; it lets the build happen anywhere (``warp=True``).

**The test.** Let ``c[t]`` be the cost's count of type ``t``, ``u[t]`` the gems of type
``t`` the cards give as themselves (printed, plus any a skill made), ``D`` the Diamond Dust
and ``E`` the Echoglass. Type ``t`` is *copyable* when a card prints it as itself. Write
``d[t] = max(0, c[t] - u[t])`` for what type ``t`` still lacks, ``N0`` for the lack summed
over types nobody prints and ``N1`` for the lack summed over copyable types. An Echoglass
helps only with ``N1``; a Diamond Dust helps anywhere. So the cost is paid exactly when::

    D >= N0 + max(0, N1 - E)

(the Diamond Dust must cover every uncopyable lack, and whatever the Echoglass leave of the
copyable lack). Gems of their own type are always spent first, since that never hurts.

**Orichalcum points** are the most the rules allow: when type ``t`` has more gems than the
cost asks, the gems beside an Orichalcum are the ones used, so the points are the sum over
types of ``min(o[t], c[t])``, ``o[t]`` counting Orichalcum cards whose partner is ``t``.

**Monotone.** Adding a card never turns a paying set into a failing one: every count above
only grows (and every skill use stays allowed). So "some of these cards pay" is the same as
"all of them pay", which :mod:`.analysis` relies on.

**Payment skills** (the contract table in docs/dev/gem_rush_api.md) come in through
``uses``: ``(skill id, card ids)`` pairs. A skill looks only at what its card *prints*, so
no skill's gems ever meet another skill's condition (the Magic Circle rule of the rulebook's
*Skill Card Variants*). :func:`check_uses` says, in words, why a list of uses is not
allowed; :func:`settle` raises ``ValueError`` with the same words and otherwise returns a
:class:`Settlement`, or ``None`` when the cards do not pay. How each skill is read:

* ``harmonization`` (once, one card): the card becomes two Echoglass and shows nothing
  else, so it takes no other skill and gives no copyable type, Orichalcum point or warp.
  Its Echoglass copy only types printed on the other spent cards as themselves.
* ``transmutation`` (cards in pairs): each pair of printed Echoglass becomes one Diamond
  Dust; the cards' other gems still pay.
* ``evocation`` (once, any one spent card): one more gem of your colour. The card need not
  print your colour: the rulebook's Magic Circle note (Evocation's gem on a card that does not
  normally have your colour does not open Permeation) only makes sense if it works on such a card.
* ``permeation`` (any cards that print your colour): the card's other gem, whatever it is,
  counts as your colour instead.
* ``thrift`` (once, no cards, door of 2+ gems): the gem given as ``waive`` is struck from
  the cost before anything else is matched.
* ``alloying`` (any Orichalcum cards): the Orichalcum gives a second gem of its partner's
  type and no point.
* ``resonance`` (no cards = every printed Echoglass; or the Echoglass cards it covers):
  those Echoglass may also copy a type a printed Diamond Dust stands in for.
* ``attunement`` (once, one Warpstone card): the Warpstone pays as your colour and is then
  not the warp of a warp build.

A gem a skill makes or changes is never copyable by an Echoglass (only a gem printed as
itself is), and a gem may be changed by one skill only.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Iterable, NamedTuple, Sequence

from .gems import DIAMOND_DUST, ECHOGLASS, GEM_NAMES, ORICHALCUM, STANDARD_GEMS, WARPSTONE

__all__ = [
    "Settlement", "PAYMENT_SKILLS", "ONCE_PER_BUILD", "settle", "check_uses", "acceptable",
    "payments", "best_settlement", "wasted", "cost_counts",
]

#: the payment skills, in the order uses are written out
PAYMENT_SKILLS: tuple[str, ...] = ("harmonization", "transmutation", "evocation", "permeation",
                                   "thrift", "alloying", "resonance", "attunement")
#: the payment skills a build may use only once
ONCE_PER_BUILD = frozenset({"harmonization", "evocation", "thrift", "attunement"})
SKILL_NAMES = {s: s.capitalize() for s in PAYMENT_SKILLS}

_INDEX = {g: i for i, g in enumerate(STANDARD_GEMS)}
_NT = len(STANDARD_GEMS)


class Settlement(NamedTuple):
    """How a set of spent cards pays a door.

    ``cards``: the ids spent, sorted. ``uses``: the skill uses, in ``PAYMENT_SKILLS`` order.
    ``waive``: the gem Thrift struck from the cost ("" for none). ``orichalcum_points``: the
    extra points. ``wasted``: gem ids printed on the spent cards that do nothing in this build
    (``wasted_on`` pairs each with its card id). ``matching``: for every cost gem still to pay
    (after Thrift) a triple ``(cost gem, card id, how)`` where ``how`` is ``"printed"``,
    ``"diamond_dust"``, ``"echoglass"`` or the skill id that made the gem (a transmuted
    Diamond Dust names the lower card id of its pair). ``warp_card``: the Warpstone card that
    carries a warp build, else ``None``.
    """

    cards: tuple[int, ...]
    uses: tuple[tuple[str, tuple[int, ...]], ...]
    waive: str
    orichalcum_points: int
    wasted: tuple[str, ...]
    wasted_on: tuple[tuple[int, str], ...]
    matching: tuple[tuple[str, int, str], ...]
    warp_card: int | None


# --------------------------------------------------------------------------- the cost

@lru_cache(maxsize=4096)
def cost_counts(cost: tuple[str, ...]) -> tuple[int, ...]:
    """The cost as seven counts, one per standard gem in ``STANDARD_GEMS`` order."""
    counts = [0] * _NT
    for gem in cost:
        if gem not in _INDEX:
            raise ValueError(f"a door costs standard gems only, not {gem!r}")
        counts[_INDEX[gem]] += 1
    return tuple(counts)


def _waived(counts: tuple[int, ...], waive: str | None) -> tuple[int, ...]:
    if not waive:
        return counts
    out = list(counts)
    out[_INDEX[waive]] -= 1
    return tuple(out)


# --------------------------------------------------------------------------- plans

class _Plan(NamedTuple):
    """Skill uses by position in the card list (internal)."""

    harm: int = -1
    trans: frozenset = frozenset()
    evoc: int = -1
    perm: frozenset = frozenset()
    alloy: frozenset = frozenset()
    reson: bool = False
    reson_only: frozenset | None = None  # None: every printed Echoglass
    attune: int = -1
    waive: str = ""


_NO_PLAN = _Plan()


def _other_gem(gems: tuple[str, ...], colour: str | None) -> str | None:
    """The gem on a card beside ``colour`` (Permeation's target), if the card prints colour."""
    if colour is None or colour not in gems:
        return None
    for gem in gems:
        if gem != colour:
            return gem
    return None


def _norm_uses(uses) -> tuple[tuple[str, tuple[int, ...]], ...]:
    if uses is None:
        return ()
    out = []
    for use in uses:
        if not isinstance(use, (tuple, list)) or len(use) != 2 or not isinstance(use[0], str):
            raise TypeError(f"a skill use is (skill id, card ids), not {use!r}")
        out.append((use[0], tuple(use[1])))
    return tuple(out)


def check_uses(uses, cards: Sequence, colour: str | None = None, skills: Iterable[str] = (),
               waive: str | None = None, cost: tuple[str, ...] | None = None) -> str | None:
    """Why these skill uses are not allowed with these spent cards, in words, or ``None``.

    ``cost`` is optional; when given, Thrift's needs of the door are checked too (a door of
    two or more gems that contains the waived gem). Conditions are read off printed gems
    only, never off a gem another skill made: that is the Magic Circle rule.
    """
    try:
        _plan(_norm_uses(uses), tuple(cards), colour, tuple(skills), waive or "", cost)
    except ValueError as refusal:
        return str(refusal)
    return None


def _plan(uses, cards, colour, skills, waive, cost) -> _Plan:
    """Turn checked uses into a plan; ValueError naming the rule when they are not allowed."""
    if not uses and not waive:
        return _NO_PLAN
    ids = [card.id for card in cards]
    where = {cid: i for i, cid in enumerate(ids)}
    if len(where) != len(ids):
        raise ValueError("each spent card is spent once")
    seen: dict[str, int] = {}
    claims: dict[tuple[int, str], str] = {}  # (position, printed gem) -> the skill that uses it
    harm = evoc = attune = -1
    trans: list[int] = []
    perm: set[int] = set()
    alloy: set[int] = set()
    reson = False
    reson_only: set[int] | None = None

    def claim(pos: int, gem: str, skill: str) -> None:
        other = claims.get((pos, gem))
        if other is not None:
            raise ValueError(f"the {GEM_NAMES[gem]} on card {ids[pos]} takes one skill, "
                             f"not both {SKILL_NAMES[other]} and {SKILL_NAMES[skill]}")
        claims[(pos, gem)] = skill

    for skill, card_ids in uses:
        if skill not in SKILL_NAMES:
            raise ValueError(f"{skill!r} is not a payment skill (payment skills: {', '.join(PAYMENT_SKILLS)})")
        name = SKILL_NAMES[skill]
        if skill not in skills:
            raise ValueError(f"{name} is not one of your skills")
        seen[skill] = seen.get(skill, 0) + 1
        if skill in ONCE_PER_BUILD and seen[skill] > 1:
            raise ValueError(f"{name} is used once per build")
        if len(set(card_ids)) != len(card_ids):
            raise ValueError(f"{name} names a card twice")
        for cid in card_ids:
            if cid not in where:
                raise ValueError(f"{name}: card {cid} is not among the spent cards")
        pos = [where[cid] for cid in card_ids]
        if skill in ("evocation", "permeation", "attunement") and colour is None:
            raise ValueError(f"{name} needs your colour")
        if skill == "harmonization":
            if len(pos) != 1:
                raise ValueError("Harmonization turns exactly one spent card into two Echoglass")
            harm = pos[0]
        elif skill == "transmutation":
            if not pos or len(pos) % 2:
                raise ValueError("Transmutation turns printed Echoglass into Diamond Dust two at a time: "
                                 "name the cards in pairs")
            for p in pos:
                if ECHOGLASS not in cards[p].gems:
                    raise ValueError(f"Transmutation needs printed Echoglass; card {ids[p]} prints none "
                                     "(gems a skill made never meet another skill's condition)")
                claim(p, ECHOGLASS, skill)
                trans.append(p)
        elif skill == "evocation":
            if len(pos) != 1:
                raise ValueError("Evocation applies to exactly one spent card")
            evoc = pos[0]  # any card: its extra gem is your colour whatever the card prints
        elif skill == "permeation":
            if not pos:
                raise ValueError("Permeation names the cards it changes")
            for p in pos:
                other = _other_gem(cards[p].gems, colour)
                if other is None:
                    raise ValueError(f"Permeation needs a card that prints your colour ({GEM_NAMES[colour]}) "
                                     f"beside another gem; card {ids[p]} does not")
                claim(p, other, skill)
                perm.add(p)
        elif skill == "thrift":
            if pos:
                raise ValueError("Thrift names no cards; the waived gem is given as waive")
            if not waive:
                raise ValueError("Thrift needs the gem it strikes from the cost (waive)")
        elif skill == "alloying":
            if not pos:
                raise ValueError("Alloying names the Orichalcum cards it changes")
            for p in pos:
                gems = cards[p].gems
                if ORICHALCUM not in gems or not any(g in _INDEX for g in gems):
                    raise ValueError(f"Alloying needs a printed Orichalcum beside a standard gem; "
                                     f"card {ids[p]} has none")
                claim(p, ORICHALCUM, skill)
                alloy.add(p)
        elif skill == "resonance":
            reson = True
            if pos:
                for p in pos:
                    if ECHOGLASS not in cards[p].gems:
                        raise ValueError(f"Resonance works on printed Echoglass; card {ids[p]} prints none")
                    claim(p, ECHOGLASS, skill)
                reson_only = (reson_only or set()) | set(pos)
        elif skill == "attunement":
            if len(pos) != 1:
                raise ValueError("Attunement applies to exactly one spent Warpstone card")
            if WARPSTONE not in cards[pos[0]].gems:
                raise ValueError(f"Attunement needs a printed Warpstone; card {ids[pos[0]]} prints none")
            claim(pos[0], WARPSTONE, skill)
            attune = pos[0]
    if harm >= 0 and (harm == evoc or any(p == harm for p, _ in claims)):
        raise ValueError(f"card {ids[harm]} is all Echoglass under Harmonization and takes no other skill "
                         "(a skill's gems never meet another skill's condition)")
    if waive:
        if "thrift" not in seen:
            raise ValueError("only Thrift waives a gem of the cost")
        if waive not in _INDEX:
            raise ValueError(f"Thrift waives a standard gem of the cost, not {waive!r}")
        if cost is not None:
            if len(cost) < 2:
                raise ValueError("Thrift works on a door of two or more gems")
            if waive not in cost:
                raise ValueError(f"Thrift waives a gem the door costs; it costs no {GEM_NAMES[waive]}")
    return _Plan(harm, frozenset(trans), evoc, frozenset(perm), frozenset(alloy), reson,
                 None if reson_only is None else frozenset(reson_only), attune, waive)


# --------------------------------------------------------------------------- counting

def _tally(cards, plan: _Plan, colour):
    """Counts the test needs: own gems ``u``, copyable ``a``, Orichalcum-tagged ``o``,
    printed / transmuted Diamond Dust, Echoglass without / with Resonance, warp cards."""
    a = [0] * _NT
    u = [0] * _NT
    o = [0] * _NT
    dp = et = er = warps = 0
    ci = _INDEX.get(colour, -1) if colour is not None else -1
    for i, card in enumerate(cards):
        if i == plan.harm:
            et += 2
            continue
        gems = card.gems
        changed = _other_gem(gems, colour) if i in plan.perm else None
        orich = ORICHALCUM in gems and i not in plan.alloy and changed != ORICHALCUM
        for gem in gems:
            if gem == changed:
                u[ci] += 1
                continue
            t = _INDEX.get(gem, -1)
            if t >= 0:
                a[t] += 1
                u[t] += 1
                if orich:
                    o[t] += 1
            elif gem == DIAMOND_DUST:
                dp += 1
            elif gem == ECHOGLASS:
                if i in plan.trans:
                    continue
                if plan.reson and (plan.reson_only is None or i in plan.reson_only):
                    er += 1
                else:
                    et += 1
            elif gem == ORICHALCUM:
                if i in plan.alloy:
                    for partner in gems:
                        if partner in _INDEX:
                            u[_INDEX[partner]] += 1
                            break
            elif gem == WARPSTONE:
                if i == plan.attune:
                    u[ci] += 1
                else:
                    warps += 1
        if i == plan.evoc:
            u[ci] += 1
    return a, u, o, dp, len(plan.trans) // 2, et, er, warps


def _lacks(c, a, u):
    """(lack of each uncopyable type, summed lack of the copyable types)."""
    absent = []
    need1 = 0
    for t in range(_NT):
        d = c[t] - u[t]
        if d > 0:
            if a[t]:
                need1 += d
            else:
                absent.append(d)
    return absent, need1


def _anchors(absent: list[int], dp: int, reson: bool) -> int:
    """How many uncopyable types get a printed Diamond Dust for Resonance to copy."""
    return min(dp, len(absent)) if reson else 0


def _covers(c, a, u, dp, ds, et, er, reson) -> bool:
    """The payment test (module docstring); with Resonance, a printed Diamond Dust set on an
    uncopyable type lets the resonant Echoglass copy that type too."""
    absent, need1 = _lacks(c, a, u)
    if not absent and need1 <= et + er:
        return True
    base = sum(absent)
    flex = 0
    k = _anchors(absent, dp, reson and er > 0)
    if k:
        absent.sort(reverse=True)
        flex = sum(absent[:k]) - k
        base -= flex
    return dp + ds >= base + max(0, flex + max(0, need1 - et) - er)


def _evaluate(c, cards, plan: _Plan, colour, warp: bool):
    """The Orichalcum points a plan pays with, or None when it does not pay."""
    c = _waived(c, plan.waive)
    a, u, o, dp, ds, et, er, warps = _tally(cards, plan, colour)
    if warp and not warps:
        return None
    if not _covers(c, a, u, dp, ds, et, er, plan.reson):
        return None
    return sum(min(o[t], c[t]) for t in range(_NT))


# --------------------------------------------------------------------------- settle

def settle(cost: tuple[str, ...], cards: Sequence, uses=(), colour: str | None = None,
           skills: Iterable[str] = (), waive: str | None = None, warp: bool = False) -> Settlement | None:
    """Whether ``cards`` (GemCard values) pay ``cost`` with these skill uses, and how.

    Returns a :class:`Settlement`, or ``None`` when the cards do not cover the cost (or, for
    ``warp=True``, when no Warpstone is left to carry the warp). Uses that break a skill's
    rule raise ``ValueError`` with the words of :func:`check_uses`; call that first to
    refuse politely. The rules are in the module docstring (rulebook sections
    *Constructing Rooms*, *Standard Gems*, *Special Gems* and *Skill Card Variants*).
    """
    cards = tuple(cards)
    uses = _norm_uses(uses)
    plan = _plan(uses, cards, colour, tuple(skills), waive or "", cost)
    c = cost_counts(tuple(cost))
    if _evaluate(c, cards, plan, colour, warp) is None:
        return None
    return _details(cost, cards, uses, plan, colour, warp)


class _Unit:
    """One gem a spent card gives in a build (internal): where it comes from and whether it pays."""

    __slots__ = ("pos", "gem", "how", "tagged", "used", "pair")

    def __init__(self, pos: int, gem: str | None, how: str, tagged: bool = False, pair: int = -1):
        self.pos, self.gem, self.how, self.tagged, self.pair, self.used = pos, gem, how, tagged, pair, False


def _details(cost, cards, uses, plan: _Plan, colour, warp) -> Settlement:
    """Spell out one matching of a paying plan: what pays each cost gem and what is wasted."""
    c = list(_waived(cost_counts(tuple(cost)), plan.waive))
    ci = _INDEX.get(colour, -1) if colour is not None else -1
    # own gems by type, with a rank: Orichalcum partners first (for the points), then other
    # printed gems, then gems a skill made out of a printed gem, Evocation's extra gem last
    ranked: list[tuple[int, int, int, _Unit]] = []
    echo_t: list[_Unit] = []
    echo_r: list[_Unit] = []
    dust_p: list[_Unit] = []
    harm_units: list[_Unit] = []
    warp_pos = -1
    for i, card in enumerate(cards):
        gems = card.gems
        if i == plan.harm:
            harm_units = [_Unit(i, None, "harmonization"), _Unit(i, None, "harmonization")]
            continue
        changed = _other_gem(gems, colour) if i in plan.perm else None
        orich = ORICHALCUM in gems and i not in plan.alloy and changed != ORICHALCUM
        for gem in gems:
            if gem == changed:
                ranked.append((ci, 2, i, _Unit(i, gem, "permeation")))
                continue
            t = _INDEX.get(gem, -1)
            if t >= 0:
                ranked.append((t, 0 if orich else 1, i, _Unit(i, gem, "printed", tagged=orich)))
            elif gem == DIAMOND_DUST:
                dust_p.append(_Unit(i, gem, "diamond_dust"))
            elif gem == ECHOGLASS and i not in plan.trans:
                resonant = plan.reson and (plan.reson_only is None or i in plan.reson_only)
                (echo_r if resonant else echo_t).append(_Unit(i, gem, "echoglass"))
            elif gem == ORICHALCUM and i in plan.alloy:
                partner = next(g for g in gems if g in _INDEX)
                ranked.append((_INDEX[partner], 2, i, _Unit(i, gem, "alloying")))
            elif gem == WARPSTONE:
                if i == plan.attune:
                    ranked.append((ci, 2, i, _Unit(i, gem, "attunement")))
                elif warp and warp_pos < 0:
                    warp_pos = i
        if i == plan.evoc:
            ranked.append((ci, 3, i, _Unit(i, None, "evocation")))
    echo_t += harm_units
    trans = sorted(plan.trans)
    dust_s = [_Unit(trans[k], ECHOGLASS, "transmutation", pair=trans[k + 1]) for k in range(0, len(trans), 2)]
    own: list[list[_Unit]] = [[] for _ in range(_NT)]
    for t, _, _, unit in sorted(ranked, key=lambda r: r[:3]):
        own[t].append(unit)

    matching: list[tuple[str, int, str]] = []
    lack = [0] * _NT
    copyable = [any(unit.how == "printed" for unit in own[t]) for t in range(_NT)]
    for t in range(_NT):
        for unit in own[t][:c[t]]:
            unit.used = True
            matching.append((STANDARD_GEMS[t], unit.pos, unit.how))
        lack[t] = max(0, c[t] - len(own[t]))

    def spend(pool: list[_Unit], t: int, how: str | None = None) -> bool:
        for unit in pool:
            if not unit.used:
                unit.used = True
                matching.append((STANDARD_GEMS[t], unit.pos, how or unit.how))
                lack[t] -= 1
                return True
        return False

    absent = sorted((t for t in range(_NT) if lack[t] and not copyable[t]), key=lambda t: (-lack[t], t))
    anchored = absent[:_anchors(absent, len(dust_p), plan.reson and bool(echo_r))]
    for t in anchored:
        spend(dust_p, t)
    for t in range(_NT):
        while lack[t] and copyable[t] and (spend(echo_t, t) or spend(echo_r, t)):
            pass
    for t in anchored:
        while lack[t] and spend(echo_r, t, "resonance"):
            pass
    for t in range(_NT):
        while lack[t] and (spend(dust_s, t) or spend(dust_p, t)):
            pass
    if any(lack):  # pragma: no cover - the count and the matching are one rule
        raise AssertionError("settle: the count said it pays but no matching was found")

    worked: set[tuple[int, str]] = set()
    scoring = set()
    for t in range(_NT):
        for unit in own[t]:
            if unit.used and unit.gem is not None:
                worked.add((unit.pos, unit.gem))
                if unit.tagged:
                    scoring.add(unit.pos)
    for unit in echo_t + echo_r + dust_p:
        if unit.used and unit.gem is not None:
            worked.add((unit.pos, unit.gem))
    for unit in dust_s:
        if unit.used:
            worked.update(((unit.pos, ECHOGLASS), (unit.pair, ECHOGLASS)))
    if any(unit.used for unit in harm_units):
        worked.update((plan.harm, gem) for gem in cards[plan.harm].gems)
    worked.update((i, ORICHALCUM) for i in scoring)
    if warp_pos >= 0:
        worked.add((warp_pos, WARPSTONE))

    ids = [card.id for card in cards]
    wasted_on = tuple((ids[i], gem) for i, card in enumerate(cards) for gem in card.gems if (i, gem) not in worked)
    order = {skill: n for n, skill in enumerate(PAYMENT_SKILLS)}
    uses_out = tuple(sorted(((s, tuple(sorted(u))) for s, u in uses), key=lambda use: (order[use[0]], use[1])))
    matched = sorted(((gem, ids[i], how) for gem, i, how in matching), key=lambda m: (_INDEX[m[0]], m[1], m[2]))
    return Settlement(
        cards=tuple(sorted(ids)), uses=uses_out, waive=plan.waive or "", orichalcum_points=len(scoring),
        wasted=tuple(gem for _, gem in wasted_on), wasted_on=wasted_on, matching=tuple(matched),
        warp_card=ids[warp_pos] if warp_pos >= 0 else None,
    )


def wasted(cost: tuple[str, ...], cards: Sequence, uses=(), colour: str | None = None,
           skills: Iterable[str] = (), waive: str | None = None, warp: bool = False) -> tuple[str, ...] | None:
    """The printed gems of ``cards`` that do nothing when they pay ``cost`` (``None``: they do not pay)."""
    settled = settle(cost, cards, uses, colour=colour, skills=skills, waive=waive, warp=warp)
    return None if settled is None else settled.wasted


# --------------------------------------------------------------------------- choosing uses

def _kind_reps(positions: Iterable[int], cards) -> list[int]:
    """One position per distinct card face (cards with the same gems pay alike)."""
    seen: dict[tuple, int] = {}
    for p in positions:
        seen.setdefault(tuple(cards[p].gems), p)
    return list(seen.values())


def _subsets_by_kind(positions: list[int], cards) -> list[frozenset]:
    """Every choice of how many cards of each face to take (lowest ids first)."""
    groups: dict[tuple, list[int]] = {}
    for p in positions:
        groups.setdefault(tuple(cards[p].gems), []).append(p)
    choices = [[tuple(ps[:k]) for k in range(len(ps) + 1)] for ps in groups.values()]
    return [frozenset(x for part in combo for x in part) for combo in product(*choices)]


def _candidate_plans(cost, cards, colour, skills, waive_fixed) -> list[_Plan]:
    """Every sensible way to use the held payment skills on these cards (up to cards with
    the same face), Resonance always on when held (it never hurts)."""
    skills = set(skills)
    held = [s for s in PAYMENT_SKILLS if s in skills]
    if not held:
        return [] if waive_fixed else [_NO_PLAN]
    n = len(cards)
    colour_ok = colour is not None
    all_pos = range(n)
    harm_opts = [-1] + (_kind_reps(all_pos, cards) if "harmonization" in skills else [])
    # Evocation's gem is the same whichever card takes it; only Harmonization's card cannot, so
    # two candidate cards cover every plan.
    evoc_opts = [-1] + (list(all_pos)[:2] if "evocation" in skills and colour_ok else [])
    perm_opts = (_subsets_by_kind([p for p in all_pos if _other_gem(cards[p].gems, colour) is not None], cards)
                 if "permeation" in skills and colour_ok else [frozenset()])
    alloy_opts = (_subsets_by_kind([p for p in all_pos if ORICHALCUM in cards[p].gems
                                    and any(g in _INDEX for g in cards[p].gems)], cards)
                  if "alloying" in skills else [frozenset()])
    att_opts = [-1] + (_kind_reps([p for p in all_pos if WARPSTONE in cards[p].gems], cards)
                       if "attunement" in skills and colour_ok else [])
    echoes = [p for p in all_pos if ECHOGLASS in cards[p].gems]
    pair_opts = range(len(echoes) // 2 + 1) if "transmutation" in skills else range(1)
    distinct = sorted(set(cost), key=_INDEX.get)
    if waive_fixed:
        waive_opts = [waive_fixed]
    elif "thrift" in skills and len(cost) >= 2:
        waive_opts = [""] + distinct
    else:
        waive_opts = [""]
    reson = "resonance" in skills
    plans = []
    for harm, evoc, perm, alloy, att, pairs, waive in product(harm_opts, evoc_opts, perm_opts, alloy_opts,
                                                               att_opts, pair_opts, waive_opts):
        if harm >= 0 and (harm == evoc or harm in perm or harm in alloy or harm == att):
            continue
        trans: tuple = ()
        if pairs:
            free = [p for p in echoes if p != harm and not (p in perm and _other_gem(cards[p].gems, colour) == ECHOGLASS)]
            if len(free) < 2 * pairs:
                continue
            trans = tuple(free[:2 * pairs])
        if att >= 0 and att in perm and _other_gem(cards[att].gems, colour) == WARPSTONE:
            continue
        plans.append(_Plan(harm, frozenset(trans), evoc, perm, alloy, reson, None, att, waive))
    return plans


def _plan_uses(plan: _Plan, cards, needs_resonance: bool) -> tuple:
    ids = [card.id for card in cards]
    uses = []
    if plan.harm >= 0:
        uses.append(("harmonization", (ids[plan.harm],)))
    if plan.trans:
        uses.append(("transmutation", tuple(sorted(ids[p] for p in plan.trans))))
    if plan.evoc >= 0:
        uses.append(("evocation", (ids[plan.evoc],)))
    if plan.perm:
        uses.append(("permeation", tuple(sorted(ids[p] for p in plan.perm))))
    if plan.waive:
        uses.append(("thrift", ()))
    if plan.alloy:
        uses.append(("alloying", tuple(sorted(ids[p] for p in plan.alloy))))
    if needs_resonance:
        uses.append(("resonance", ()))
    if plan.attune >= 0:
        uses.append(("attunement", (ids[plan.attune],)))
    return tuple(uses)


def _plan_size(plan: _Plan) -> tuple:
    return ((plan.harm >= 0) + bool(plan.trans) + (plan.evoc >= 0) + bool(plan.perm) + bool(plan.waive)
            + bool(plan.alloy) + (plan.attune >= 0),
            len(plan.trans) + len(plan.perm) + len(plan.alloy))


def _best(cost, cards, colour, skills, warp, waive_fixed=""):
    """(points, plan, resonance needed) of the best way to pay, or None."""
    c = cost_counts(tuple(cost))
    best = None
    for plan in _candidate_plans(tuple(cost), cards, colour, skills, waive_fixed):
        points = _evaluate(c, cards, plan, colour, warp)
        if points is None:
            continue
        needs = plan.reson and _evaluate(c, cards, plan._replace(reson=False), colour, warp) != points
        key = (-points, _plan_size(plan), needs)
        if best is None or key < best[0]:
            best = (key, points, plan, needs)
    if best is None:
        return None
    return best[1], best[2], best[3]


def best_settlement(cost: tuple[str, ...], cards: Sequence, colour: str | None = None,
                    skills: Iterable[str] = (), warp: bool = False, waive: str | None = None) -> Settlement | None:
    """The best way ``cards`` can pay ``cost`` with the skills held: the most Orichalcum
    points, then the fewest skill uses; ``None`` if no way pays."""
    cards = tuple(cards)
    found = _best(tuple(cost), cards, colour, tuple(skills), warp, waive or "")
    if found is None:
        return None
    _, plan, needs = found
    return _details(cost, cards, _plan_uses(plan, cards, needs), plan._replace(reson=needs, reson_only=None),
                    colour, warp)


def _value(cost, cards, colour, skills, warp) -> int | None:
    found = _best(cost, cards, colour, skills, warp)
    return None if found is None else found[0]


def acceptable(cost: tuple[str, ...], cards: Sequence, uses=(), colour: str | None = None,
               skills: Iterable[str] = (), waive: str | None = None, warp: bool = False) -> bool:
    """Whether ``cards`` pay ``cost`` with these uses and no card is spent for nothing.

    A card is spent for nothing when the other cards, with the best use of the player's
    skills, would pay as well: as many Orichalcum points and, in a warp build, still a
    Warpstone to carry the warp.
    """
    cards = tuple(cards)
    skills = tuple(skills)
    settled = settle(cost, cards, uses, colour=colour, skills=skills, waive=waive, warp=warp)
    if settled is None:
        return False
    for i in range(len(cards)):
        rest = cards[:i] + cards[i + 1:]
        value = _value(tuple(cost), rest, colour, skills, warp)
        if value is not None and value >= settled.orichalcum_points:
            return False
    return True


def payments(cost: tuple[str, ...], hand_cards: Sequence, colour: str | None = None,
             skills: Iterable[str] = (), warp: bool = False) -> list[Settlement]:
    """Every acceptable way to pay ``cost`` from ``hand_cards``: one :class:`Settlement`
    per set of cards that pays and has no card spent for nothing (see :func:`acceptable`),
    each with the best skill uses for that set. Sorted by the number of cards, then ids.
    """
    cards = tuple(sorted(hand_cards, key=lambda card: card.id))
    skills = tuple(skills)
    cost = tuple(cost)
    n = len(cards)
    if _value(cost, cards, colour, skills, warp) is None:
        return []
    value: dict[int, int | None] = {}
    for mask in range(1 << n):
        chosen = tuple(cards[i] for i in range(n) if mask >> i & 1)
        value[mask] = _value(cost, chosen, colour, skills, warp)
    out = []
    for mask, v in value.items():
        if v is None:
            continue
        if any(mask >> i & 1 and value[mask & ~(1 << i)] is not None and value[mask & ~(1 << i)] >= v
               for i in range(n)):
            continue
        chosen = tuple(cards[i] for i in range(n) if mask >> i & 1)
        out.append(best_settlement(cost, chosen, colour=colour, skills=skills, warp=warp))
    out.sort(key=lambda s: (len(s.cards), s.cards))
    return out
