"""Exact Gem Rush card odds: the chance a hand (plus some draws) pays a door, and what a
room's ability brings.

Every answer is a :class:`fractions.Fraction` found by counting, never by sampling.

**Paying with draws** (:func:`chance_to_pay`). The payment rule (``payment.py``, after the
rulebook's *Constructing Rooms*, *Standard Gems* and *Special Gems*) is monotone: more cards
never pay less, so "some of the cards held pay" is the same as "all of them pay". What a set
of cards can do for one cost is summed up by a short vector of counts, each capped where more
stops helping: for every gem type of the cost the gems of that type and whether one is
printed (so an Echoglass may copy it), then the Diamond Dust, the printed Echoglass, the
Echoglass Harmonization made, and which once-per-build skills are still unused. Without
skills a card adds one fixed vector; with skills it offers a few (each way its skills could
apply to it), so a set of cards is summed up by the best vectors it can reach (a Pareto
front). Cards that offer the same vectors are interchangeable, so the deck falls into a
handful of *kinds*; a dynamic programme over the kinds counts, for every summary, the number
of ways to draw that many of each kind (a product of binomials, the multivariate
hypergeometric law), merging draws that already pay into one state. The chance is the
count of paying draws over ``C(deck, draws)``.

**Room abilities** (:func:`ability_odds`, after the rulebook's *Room Effects*). Cards are
sorted into classes by which of the ability's conditions they meet; a Draw or Reveal is a
multivariate hypergeometric draw over the classes, a Dig turns up a uniformly random set of
the matching cards and, before its last find, a negative-hypergeometric number of misses
(:func:`dig_length_odds`). The state is the deck and the revealed row as class counts.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
from typing import Iterable, Sequence

from .components import GEM_CARDS, GemCard
from .gems import DIAMOND_DUST, ECHOGLASS, ORICHALCUM, SPECIAL_GEMS, STANDARD_GEMS, WARPSTONE

__all__ = [
    "chance_to_pay", "chance_table", "ability_odds", "dig_length_odds", "expected_cards", "clear_caches",
]

_INDEX = {g: i for i, g in enumerate(STANDARD_GEMS)}


# ============================================================================ paying

class _Model:
    """The capped summary vectors for one cost, colour and set of skills (see the module
    docstring). Layout: ``u[0..m)``, ``pres[0..m)``, printed Diamond Dust, printed Echoglass,
    Harmonization's Echoglass, then one 'still unused' flag per held once-per-build skill."""

    def __init__(self, cost: tuple[str, ...], colour: str | None, skills: frozenset[str]):
        for gem in cost:
            if gem not in _INDEX:
                raise ValueError(f"a door costs standard gems only, not {gem!r}")
        self.types = sorted({_INDEX[g] for g in cost})
        self.where = {t: k for k, t in enumerate(self.types)}
        m = self.m = len(self.types)
        self.need = tuple(sum(1 for g in cost if _INDEX[g] == t) for t in self.types)
        n = len(cost)
        self.skills = skills
        self.colour = self.where.get(_INDEX[colour]) if colour in _INDEX else None
        self.trans = "transmutation" in skills
        self.reson = "resonance" in skills
        self.thrift = "thrift" in skills and n >= 2
        self.once = [s for s in ("harmonization", "evocation", "attunement") if s in skills
                     and (s == "harmonization" or self.colour is not None)]
        self.D, self.E, self.H = 2 * m, 2 * m + 1, 2 * m + 2
        self.allow = {s: 2 * m + 3 + k for k, s in enumerate(self.once)}
        self.size = 2 * m + 3 + len(self.once)
        self.caps = self.need + (1,) * m + (n, 2 * n if self.trans else n, n) + (1,) * len(self.once)
        self.start = (0,) * (2 * m + 3) + (1,) * len(self.once)
        self._pays: dict[tuple, bool] = {}
        self._options: dict[tuple, tuple] = {}
        self._add: dict[tuple, frozenset] = {}

    # ---- what one card can add
    def options(self, gems: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
        """The undominated vectors one card can add (the last entries: once-skills it uses up)."""
        found = self._options.get(gems)
        if found is None:
            found = self._options[gems] = self._make_options(gems)
        return found

    def _make_options(self, gems):
        m, col, skills = self.m, self.colour, self.skills
        cards_colour = col is not None and STANDARD_GEMS[self.types[col]] in gems
        other = None
        if cards_colour:
            other = next((g for g in gems if g != STANDARD_GEMS[self.types[col]]), None)
        partner = next((g for g in gems if g in _INDEX), None)

        def base(skip: str | None = None) -> list[int]:
            v = [0] * self.size
            for g in gems:
                if g == skip:
                    continue
                t = _INDEX.get(g)
                if t is not None:
                    k = self.where.get(t)
                    if k is not None:
                        v[k] += 1
                        v[m + k] = 1
                elif g == DIAMOND_DUST:
                    v[self.D] += 1
                elif g == ECHOGLASS:
                    v[self.E] += 1
            return v

        flags = {
            "evocation": col is not None and "evocation" in self.allow,  # any card (docs/rules)
            "permeation": cards_colour and other is not None and "permeation" in skills,
            "alloying": (ORICHALCUM in gems and partner is not None and _INDEX[partner] in self.where
                         and "alloying" in skills),
            "attunement": WARPSTONE in gems and "attunement" in self.allow,
        }
        usable = [s for s, ok in flags.items() if ok]
        out = set()
        for pick in product((False, True), repeat=len(usable)):
            chosen = {s for s, on in zip(usable, pick) if on}
            if "permeation" in chosen and (("alloying" in chosen and other == ORICHALCUM)
                                           or ("attunement" in chosen and other == WARPSTONE)):
                continue
            v = base(other if "permeation" in chosen else None)
            if "permeation" in chosen:
                v[col] += 1
            if "evocation" in chosen:
                v[col] += 1
                v[self.allow["evocation"]] -= 1
            if "alloying" in chosen:
                v[self.where[_INDEX[partner]]] += 1
            if "attunement" in chosen:
                v[col] += 1
                v[self.allow["attunement"]] -= 1
            out.add(tuple(v))
        if "harmonization" in self.allow:
            v = [0] * self.size
            v[self.H] = 2
            v[self.allow["harmonization"]] = -1
            out.add(tuple(v))
        return tuple(sorted(_front(out)))

    def add(self, front: frozenset, gems: tuple[str, ...]) -> frozenset:
        key = (front, gems)
        found = self._add.get(key)
        if found is None:
            caps, lo = self.caps, 2 * self.m + 3
            reach = set()
            for v in front:
                for o in self.options(gems):
                    w = tuple(min(a + b, cap) for a, b, cap in zip(v, o, caps))
                    if all(x >= 0 for x in w[lo:]):
                        reach.add(w)
            found = self._add[key] = frozenset(_front(reach))
        return found

    # ---- the test
    def pays(self, front: frozenset) -> bool:
        return any(self.pays_vector(v) for v in front)

    def pays_vector(self, v: tuple[int, ...]) -> bool:
        found = self._pays.get(v)
        if found is None:
            found = self._pays[v] = self._test(v)
        return found

    def _test(self, v) -> bool:
        m = self.m
        u, pres = v[:m], v[m:2 * m]
        dp, ep, eh = v[self.D], v[self.E], v[self.H]
        waives = [None] + (list(range(m)) if self.thrift else [])
        pairs = range(ep // 2 + 1) if self.trans else range(1)
        for w in waives:
            need = list(self.need)
            if w is not None:
                need[w] -= 1
            absent = []
            need1 = 0
            for k in range(m):
                d = need[k] - u[k]
                if d > 0:
                    if pres[k]:
                        need1 += d
                    else:
                        absent.append(d)
            absent.sort(reverse=True)
            for p in pairs:
                left = ep - 2 * p
                er, et = (left, eh) if self.reson else (0, eh + left)
                base, flex = sum(absent), 0
                if self.reson and er:
                    kk = min(dp, len(absent))
                    flex = sum(absent[:kk]) - kk
                    base -= flex
                if dp + p >= base + max(0, flex + max(0, need1 - et) - er):
                    return True
        return False


def _front(vectors) -> list[tuple[int, ...]]:
    """The vectors no other vector beats in every entry (duplicates dropped)."""
    vs = sorted(set(vectors), key=sum, reverse=True)
    kept: list[tuple[int, ...]] = []
    for v in vs:
        if not any(all(a >= b for a, b in zip(w, v)) for w in kept):
            kept.append(v)
    return kept


@lru_cache(maxsize=256)
def _model(cost: tuple[str, ...], colour: str | None, skills: frozenset) -> _Model:
    return _Model(cost, colour, skills)


def _card(card) -> GemCard:
    return GEM_CARDS[card] if isinstance(card, int) else card


def _rest(hand: Sequence, deck: Iterable | None) -> list:
    hand_ids = {card.id for card in hand}
    pool = GEM_CARDS if deck is None else tuple(_card(c) for c in deck)
    return [card for card in pool if card.id not in hand_ids]


def chance_to_pay(cost: tuple[str, ...], hand: Sequence = (), draws: int = 0, skills: Iterable[str] = (),
                  colour: str | None = None, deck: Iterable | None = None) -> Fraction:
    """The exact chance that ``hand`` plus ``draws`` cards dealt at random from the rest of the
    deck hold a set of cards that pays ``cost`` (standard gem ids, repeats allowed).

    ``hand`` holds GemCard values or card ids; ``deck`` is the cards to deal from (default:
    all 75 gem cards), minus the hand. Drawing more cards than are left deals all of them.
    Payment skills held (and ``colour`` for those that need it) are used in the best way.
    """
    hand = tuple(sorted((_card(c) for c in hand), key=lambda c: c.id))
    rest = _rest(hand, deck)
    return _chance(tuple(cost), tuple(c.gems for c in hand), tuple(sorted(c.gems for c in rest)),
                   min(max(draws, 0), len(rest)), frozenset(s for s in skills), colour)


_PAID = frozenset({("paid",)})


@lru_cache(maxsize=4096)
def _chance(cost, hand_gems, rest_gems, draws, skills, colour) -> Fraction:
    model = _model(cost, colour, skills)
    front = frozenset({model.start})
    for gems in hand_gems:
        front = model.add(front, gems)
    if model.pays(front):
        return Fraction(1)
    if draws == 0:
        return Fraction(0)
    # group the cards left by what they can do for this cost
    kinds: dict[tuple, list] = {}
    for gems in rest_gems:
        opts = model.options(gems)
        kinds.setdefault(opts, [gems, 0])[1] += 1
    zero = (0,) * model.size
    junk = kinds.pop((zero,), [None, 0])[1]
    states: dict[tuple, int] = {(front, 0): 1}
    for gems, count in sorted(kinds.values(), key=lambda k: (-k[1], k[0])):
        nxt: dict[tuple, int] = {}
        for (f, drawn), ways in states.items():
            room = draws - drawn
            g = f
            for j in range(min(count, room) + 1):
                if j:
                    if g is not _PAID:
                        g = model.add(g, gems)
                        if model.pays(g):
                            g = _PAID
                key = (g, drawn + j)
                nxt[key] = nxt.get(key, 0) + ways * comb(count, j)
        states = nxt
    paid = sum(ways * comb(junk, draws - drawn) for (f, drawn), ways in states.items() if f is _PAID)
    return Fraction(paid, comb(len(rest_gems), draws))


def chance_table(cost: tuple[str, ...], hand: Sequence = (), max_draws: int = 6, **kwargs) -> dict[int, Fraction]:
    """:func:`chance_to_pay` for 0, 1, ..., ``max_draws`` draws (a slider's values)."""
    return {d: chance_to_pay(cost, hand, d, **kwargs) for d in range(max_draws + 1)}


def clear_caches() -> None:
    """Forget memoised answers (for timing from cold)."""
    _chance.cache_clear()
    _model.cache_clear()


# ============================================================================ room abilities

def _amount(n, x: int) -> int:
    if isinstance(n, int):
        return n
    return x + (1 if n == "X+1" else 0)


def _predicate(cond, named, kin_colour):
    """A test on a card's gems for an effect condition."""
    kind = cond[0]
    if kind == "gems":
        gems = set(cond[1])
        return lambda card_gems: any(g in gems for g in card_gems)
    if kind == "special":
        return lambda card_gems: any(g in SPECIAL_GEMS for g in card_gems)
    if kind == "named":
        if named is None:
            raise ValueError("this ability's condition is the named gem: give named=")
        return lambda card_gems: named in card_gems or (kin_colour is not None and kin_colour in card_gems)
    raise ValueError(f"unknown condition {cond!r}")


def _wanted_predicate(wanted):
    if wanted is None:
        return lambda card_gems: True
    gems = {wanted} if isinstance(wanted, str) else set(wanted)
    return lambda card_gems: any(g in gems for g in card_gems)


def _hyper(counts: tuple[int, ...], k: int):
    """Every way to take ``k`` cards from classes of these sizes: (taken per class, ways)."""
    def rec(i, left):
        if i == len(counts) - 1:
            if left <= counts[i]:
                yield (left,), comb(counts[i], left)
            return
        for j in range(min(counts[i], left) + 1):
            for rest, ways in rec(i + 1, left - j):
                yield (j,) + rest, ways * comb(counts[i], j)
    if not counts:
        if k == 0:
            yield (), 1
        return
    yield from rec(0, k)


def _sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def _plus(a, b):
    return tuple(x + y for x, y in zip(a, b))


def _odds_for(ability, named, rest_gems, x, wanted, keen, kin_colour) -> dict[int, Fraction]:
    conds = []
    for step in ability:
        for part in step[1:]:
            if isinstance(part, tuple) and part not in conds:
                conds.append(part)
    tests = [_predicate(c, named, kin_colour) for c in conds]
    want = _wanted_predicate(wanted)
    # a class: which conditions a card meets, and whether it is wanted
    classes: dict[tuple[bool, ...], int] = {}
    for gems in rest_gems:
        key = tuple(t(gems) for t in tests) + (want(gems),)
        classes[key] = classes.get(key, 0) + 1
    labels = sorted(classes, reverse=True)  # wanted and matching classes first
    start = tuple(classes[c] for c in labels)
    nc = len(labels)
    wanted_ix = [i for i, c in enumerate(labels) if c[-1]]
    meets = {cond: [i for i, c in enumerate(labels) if c[conds.index(cond)]] for cond in conds}
    zero = (0,) * nc
    # a state: (deck counts, revealed row counts, cards gained, wanted cards gained)
    states: dict[tuple, Fraction] = {(start, zero, 0, 0): Fraction(1)}

    def step_all(fn):
        nonlocal states
        nxt: dict[tuple, Fraction] = {}
        for state, p in states.items():
            for new, q in fn(*state):
                nxt[new] = nxt.get(new, 0) + p * q
        states = nxt

    def deal(deck, k):
        k = min(k, sum(deck))
        total = comb(sum(deck), k)
        for taken, ways in _hyper(deck, k):
            yield taken, Fraction(ways, total)

    deals = [i for i, step in enumerate(ability) if step[0] in ("draw", "reveal", "dig")]
    last_deal = deals[-1] if deals else -1
    for index, step in enumerate(ability):
        op = step[0]
        final = index == last_deal  # nothing is dealt after this step: the deck may be forgotten
        if op == "draw":
            n = _amount(step[1], x)

            def fn(deck, row, got, good, n=n):
                for taken, q in deal(deck, n):
                    yield (_sub(deck, taken), row, got + sum(taken), good + sum(taken[i] for i in wanted_ix)), q
            step_all(fn)
        elif op == "reveal":
            n = _amount(step[1], x) + keen

            def fn(deck, row, got, good, n=n):
                for taken, q in deal(deck, n):
                    yield (_sub(deck, taken), _plus(row, taken), got, good), q
            step_all(fn)
        elif op == "dig":
            n, hit = _amount(step[1], x), meets[step[2]]
            miss = [i for i in range(nc) if i not in hit]

            def fn(deck, row, got, good, n=n, hit=hit, miss=miss, final=final):
                hits = tuple(deck[i] for i in hit)
                misses = tuple(deck[i] for i in miss)
                found = min(n, sum(hits))
                # the misses matter only to what is dealt later
                lost_odds = [(0, Fraction(1))] if final else _dig_misses(sum(hits), sum(misses), found, n)
                for lost, q_lost in lost_odds:
                    for took, q_took in deal(hits, found):
                        for gone, q_gone in deal(misses, lost):
                            d, r = list(deck), list(row)
                            for i, j in zip(hit, took):
                                d[i] -= j
                                r[i] += j
                            for i, j in zip(miss, gone):
                                d[i] -= j
                            yield (tuple(d), tuple(r), got, good), q_lost * q_took * q_gone
            step_all(fn)
        elif op == "keep":
            n = _amount(step[1], x)

            def fn(deck, row, got, good, n=n):
                r = list(row)
                take = min(n, sum(row))
                kept_good = 0
                for order in (wanted_ix, range(nc)):  # wanted cards first
                    for i in order:
                        j = min(r[i], take)
                        r[i] -= j
                        take -= j
                        if i in wanted_ix:
                            kept_good += j
                yield (deck, tuple(r), got + min(n, sum(row)), good + kept_good), Fraction(1)
            step_all(fn)
        elif op == "keep_matching":
            hit = meets[step[1]]

            def fn(deck, row, got, good, hit=hit):
                r = list(row)
                kept = sum(row[i] for i in hit)
                kept_good = sum(row[i] for i in hit if i in wanted_ix)
                for i in hit:
                    r[i] = 0
                yield (deck, tuple(r), got + kept, good + kept_good), Fraction(1)
            step_all(fn)
        elif op in ("discard", "name", "swap_places", "move_room"):
            continue
        else:
            raise ValueError(f"unknown step {step!r}")
        if final:
            merged: dict[tuple, Fraction] = {}
            for (_, row, got, good), p in states.items():
                key = (zero, row, got, good)
                merged[key] = merged.get(key, 0) + p
            states = merged
    out: dict[int, Fraction] = {}
    for (_, _, got, good), p in states.items():
        key = got if wanted is None else good
        out[key] = out.get(key, 0) + p
    return dict(sorted(out.items()))


def _dig_misses(hits: int, misses: int, found: int, n: int):
    """How many misses a dig for ``n`` finds turns up (negative hypergeometric), with chances."""
    if found < n:  # too few matching cards: the whole deck goes
        yield misses, Fraction(1)
        return
    total = comb(hits + misses, hits)
    for lost in range(misses + 1):
        ways = comb(lost + n - 1, n - 1) * comb(hits + misses - lost - n, hits - n)
        if ways:
            yield lost, Fraction(ways, total)


def ability_odds(ability, named: str | None = None, deck: Iterable | None = None, hand: Sequence = (),
                 x: int = 1, wanted=None, skills: Iterable[str] = (), colour: str | None = None) -> dict[int, Fraction]:
    """The exact distribution of how many cards a room's ability puts into the hand.

    ``ability`` is an effect program (docs/dev/gem_rush_api.md); it is carried out on a
    freshly shuffled deck (``deck``, default all 75 gem cards, minus ``hand``). ``x`` is the
    X chosen. With ``wanted`` (a gem id or a tuple of them) the count is of the gained cards
    that show one of those gems instead, the player keeping such cards first whenever the
    ability lets them choose. ``named`` is the gem named; when the ability names one and
    ``named`` is None, the seven standard gems are taken as equally likely picks. Skills:
    ``keen_eye`` reveals one more card at every Reveal; ``kinship`` makes ``colour`` count as
    named too. A step short of cards does what the cards left allow (the reshuffle of the
    discards is not modelled; on a fresh deck it matters only for very long digs).
    """
    hand = tuple(_card(c) for c in hand)
    rest_gems = tuple(sorted(card.gems for card in _rest(hand, deck)))
    skills = frozenset(skills)
    return _ability_odds(tuple(tuple(s) for s in ability), named, rest_gems, x, _freeze(wanted),
                         "keen_eye" in skills, colour if "kinship" in skills else None)


def _freeze(wanted):
    return wanted if wanted is None or isinstance(wanted, str) else tuple(wanted)


@lru_cache(maxsize=1024)
def _ability_odds(ability, named, rest_gems, x, wanted, keen, kin_colour) -> dict[int, Fraction]:
    names_one = any(part == ("named",) for step in ability for part in step[1:])
    if names_one and named is None:
        mix: dict[int, Fraction] = {}
        for gem in STANDARD_GEMS:
            for k, p in _odds_for(ability, gem, rest_gems, x, wanted, int(keen), kin_colour).items():
                mix[k] = mix.get(k, 0) + p / len(STANDARD_GEMS)
        return dict(sorted(mix.items()))
    return _odds_for(ability, named, rest_gems, x, wanted, int(keen), kin_colour)


def expected_cards(ability, **kwargs) -> Fraction:
    """The mean of :func:`ability_odds` (same arguments): the cards the ability is worth."""
    return sum((k * p for k, p in ability_odds(ability, **kwargs).items()), Fraction(0))


def dig_length_odds(n: int, cond, named: str | None = None, deck: Iterable | None = None, hand: Sequence = (),
                    skills: Iterable[str] = (), colour: str | None = None) -> dict[int, Fraction]:
    """How many cards a Dig for ``n`` cards meeting ``cond`` turns up, finds and misses
    together (a negative hypergeometric law) on a fresh deck. When fewer than ``n`` cards
    of the deck meet ``cond``, the dig turns up the whole deck."""
    hand = tuple(_card(c) for c in hand)
    rest = _rest(hand, deck)
    kin = colour if "kinship" in set(skills) else None
    test = _predicate(tuple(cond), named, kin)
    hits = sum(1 for card in rest if test(card.gems))
    misses = len(rest) - hits
    found = min(n, hits)
    return {found + lost: p for lost, p in _dig_misses(hits, misses, found, n)}
