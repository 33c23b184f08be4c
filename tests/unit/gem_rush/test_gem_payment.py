"""Gem Rush payment: the rulebook's construction example, each special gem, each payment
skill (with the two Magic Circle examples), the counting test against a brute-force
matching, and the list of acceptable payments."""

from __future__ import annotations

import random
from itertools import product

import pytest

from minegames.gem_rush import payment as P
from minegames.gem_rush import skills as S
from minegames.gem_rush.components import GEM_CARDS, GemCard
from minegames.gem_rush.gems import (
    DIAMOND_DUST, ECHOGLASS, ELECTRUM, FIRE_RUBY, OBSIDIAN, ORICHALCUM, PERMAFROST, SOULSTONE, STANDARD_GEMS,
    STAR_TEAR, SUNSTONE, WARPSTONE,
)


def card(*gems: str, copy: int = 0) -> GemCard:
    """The ``copy``-th gem card showing exactly these gems."""
    found = [c for c in GEM_CARDS if sorted(c.gems) == sorted(gems)]
    return found[copy]


OB_EL, PF_SO = card(OBSIDIAN, ELECTRUM), card(PERMAFROST, SOULSTONE)
ST_FR = card(STAR_TEAR, FIRE_RUBY)
OB_PF = card(OBSIDIAN, PERMAFROST)
OB_DD = card(OBSIDIAN, DIAMOND_DUST)
SO_EG, ST_EG, FR_EG = card(SOULSTONE, ECHOGLASS), card(STAR_TEAR, ECHOGLASS), card(FIRE_RUBY, ECHOGLASS)
OB_OR = card(OBSIDIAN, ORICHALCUM)
EL_WP = card(ELECTRUM, WARPSTONE)
DOOR = tuple(sorted((OBSIDIAN, PERMAFROST, ELECTRUM)))


def test_payment_skills_match_the_skill_module():
    assert set(P.PAYMENT_SKILLS) == S.PAYMENT_SKILLS


# ---- the rulebook's example (Constructing Rooms) -------------------------------------------

def test_rulebook_example_pays_and_wastes_the_soulstone():
    settled = P.settle(DOOR, [OB_EL, PF_SO])
    assert settled is not None
    assert settled.wasted == (SOULSTONE,)
    assert settled.wasted_on == ((PF_SO.id, SOULSTONE),)
    assert settled.orichalcum_points == 0
    assert sorted(gem for gem, _, _ in settled.matching) == sorted(DOOR)
    assert P.wasted(DOOR, [OB_EL, PF_SO]) == (SOULSTONE,)


def test_rulebook_example_needs_both_cards():
    assert P.settle(DOOR, [OB_EL]) is None
    assert P.settle(DOOR, [PF_SO]) is None
    assert P.acceptable(DOOR, [OB_EL, PF_SO])


def test_an_unneeded_third_card_is_not_acceptable():
    assert P.settle(DOOR, [OB_EL, PF_SO, ST_FR]) is not None  # it still pays
    assert not P.acceptable(DOOR, [OB_EL, PF_SO, ST_FR])
    found = P.payments(DOOR, [OB_EL, PF_SO, ST_FR])
    assert [s.cards for s in found] == [tuple(sorted((OB_EL.id, PF_SO.id)))]


def test_a_free_door_is_paid_by_no_cards():
    assert P.settle((), []) is not None
    assert [s.cards for s in P.payments((), [OB_EL])] == [()]


# ---- special gems --------------------------------------------------------------------------

def test_diamond_dust_is_wild():
    for gem in STANDARD_GEMS:
        settled = P.settle((gem,), [OB_DD])
        assert settled is not None
    settled = P.settle((SUNSTONE,), [OB_DD])
    assert settled.wasted == (OBSIDIAN,)
    assert settled.matching == ((SUNSTONE, OB_DD.id, "diamond_dust"),)


def test_echoglass_copies_a_standard_gem_printed_on_a_spent_card():
    assert P.settle((SOULSTONE, SOULSTONE), [SO_EG]) is not None            # its own partner
    assert P.settle((FIRE_RUBY, FIRE_RUBY), [SO_EG, ST_FR]) is not None     # another card's gem
    assert P.settle((FIRE_RUBY, FIRE_RUBY), [SO_EG, OB_PF]) is None         # nobody prints Fire Ruby
    # several Echoglass may copy the same type
    assert P.settle((SOULSTONE,) * 4, [SO_EG, ST_EG, FR_EG]) is not None
    assert P.settle((SOULSTONE,) * 5, [SO_EG, ST_EG, FR_EG]) is None


def test_echoglass_never_copies_a_special_gem_nor_a_diamond_dusts_choice():
    # the Diamond Dust may be Fire Ruby, but the Echoglass cannot copy it
    assert P.settle((FIRE_RUBY, FIRE_RUBY), [SO_EG, OB_DD]) is None
    assert P.settle((FIRE_RUBY, SOULSTONE, SOULSTONE), [SO_EG, OB_DD]) is not None
    # two Echoglass and nothing else standard to copy but their partners
    assert P.settle((OBSIDIAN,), [SO_EG, ST_EG]) is None


def test_orichalcum_scores_only_when_its_partner_pays():
    settled = P.settle((OBSIDIAN,), [OB_OR])
    assert settled.orichalcum_points == 1 and settled.wasted == ()
    settled = P.settle((PERMAFROST,), [OB_OR, OB_PF])
    assert settled.orichalcum_points == 0
    assert set(settled.wasted) == {OBSIDIAN, ORICHALCUM}
    # when the Orichalcum's partner and another card could both pay, the partner is used
    settled = P.settle((OBSIDIAN,), [OB_PF, OB_OR])
    assert settled.orichalcum_points == 1
    assert not P.acceptable((OBSIDIAN,), [OB_PF, OB_OR])   # the plain card adds nothing
    found = {s.cards: s.orichalcum_points for s in P.payments((OBSIDIAN,), [OB_PF, OB_OR])}
    assert found == {(OB_PF.id,): 0, (OB_OR.id,): 1}


def test_orichalcum_alone_pays_nothing():
    assert P.settle((PERMAFROST,), [OB_OR]) is None


def test_warpstone_pays_nothing_but_carries_a_warp_build():
    assert P.settle((SOULSTONE,), [EL_WP]) is None
    assert P.settle((ELECTRUM,), [EL_WP]).wasted == (WARPSTONE,)
    warp = P.settle((OBSIDIAN,), [OB_PF, EL_WP], warp=True)
    assert warp.warp_card == EL_WP.id and warp.wasted == (PERMAFROST, ELECTRUM)
    assert P.settle((OBSIDIAN,), [OB_PF], warp=True) is None
    assert P.acceptable((OBSIDIAN,), [OB_PF, EL_WP], warp=True)
    assert not P.acceptable((OBSIDIAN,), [OB_PF, EL_WP])
    assert [s.cards for s in P.payments((OBSIDIAN,), [OB_PF, EL_WP], warp=True)] == [(OB_PF.id, EL_WP.id)]


def test_cost_must_be_standard_gems():
    with pytest.raises(ValueError):
        P.settle((DIAMOND_DUST,), [OB_DD])


# ---- the counting test against a brute-force matching ---------------------------------------

def brute(cost, cards):
    """Most Orichalcum points over every matching (None: none pays), by trying every use of
    every printed gem and every Diamond Dust / Echoglass choice."""
    units = []  # (type, tagged)
    dust = echo = 0
    printed = set()
    for c in cards:
        orich = ORICHALCUM in c.gems
        for g in c.gems:
            if g in STANDARD_GEMS:
                units.append((g, orich))
                printed.add(g)
            dust += g == DIAMOND_DUST
            echo += g == ECHOGLASS
    types = sorted(set(cost))
    need = {t: cost.count(t) for t in types}
    best = None
    for used in product((False, True), repeat=len(units)):
        got = {t: 0 for t in types}
        bad = False
        for (g, _), on in zip(units, used):
            if on:
                if g not in got:
                    bad = True
                    break
                got[g] += 1
        if bad or any(got[t] > need[t] for t in types):
            continue
        for dd in product([None] + types, repeat=dust):
            for eg in product([None] + [t for t in types if t in printed], repeat=echo):
                total = dict(got)
                for t in dd + eg:
                    if t is not None:
                        total[t] += 1
                if total == need:
                    points = sum(1 for (g, tag), on in zip(units, used) if on and tag)
                    best = points if best is None else max(best, points)
    return best


def test_the_count_agrees_with_brute_force():
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(GEM_CARDS, rng.randint(1, 4))
        cost = tuple(sorted(rng.choice(STANDARD_GEMS[:4]) for _ in range(rng.randint(1, 4))))
        expected = brute(cost, hand)
        settled = P.settle(cost, hand)
        assert (settled is None) == (expected is None), (cost, hand)
        if settled is not None:
            assert settled.orichalcum_points == expected, (cost, hand)
            assert len(settled.matching) == len(cost)


def test_special_heavy_hands_agree_with_brute_force():
    specials = [c for c in GEM_CARDS if set(c.gems) & {DIAMOND_DUST, ECHOGLASS, ORICHALCUM}]
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(specials, rng.randint(1, 4)) + rng.sample(GEM_CARDS[:63], rng.randint(0, 2))
        cost = tuple(sorted(rng.choice(STANDARD_GEMS) for _ in range(rng.randint(1, 5))))
        expected = brute(cost, hand)
        settled = P.settle(cost, hand)
        assert (settled is None) == (expected is None), (cost, hand)
        if settled is not None:
            assert settled.orichalcum_points == expected, (cost, hand)


def test_adding_a_card_never_stops_a_payment():
    rng = random.Random(3)
    for _ in range(300):
        hand = rng.sample(GEM_CARDS, rng.randint(1, 5))
        cost = tuple(sorted(rng.choice(STANDARD_GEMS) for _ in range(rng.randint(1, 4))))
        extra = rng.choice([c for c in GEM_CARDS if c not in hand])
        if P.settle(cost, hand) is not None:
            assert P.settle(cost, hand + [extra]) is not None


def test_adding_a_card_never_stops_a_payment_with_skills_either():
    rng = random.Random(4)
    skill_sets = [("harmonization", "transmutation"), ("evocation", "permeation"), ("thrift", "resonance"),
                  ("alloying", "attunement")]
    for _ in range(150):
        hand = rng.sample(GEM_CARDS, rng.randint(1, 4))
        cost = tuple(sorted(rng.choice(STANDARD_GEMS) for _ in range(rng.randint(2, 4))))
        extra = rng.choice([c for c in GEM_CARDS if c not in hand])
        skills, colour = rng.choice(skill_sets), rng.choice(STANDARD_GEMS)
        before = P.best_settlement(cost, hand, colour=colour, skills=skills)
        if before is not None:
            after = P.best_settlement(cost, hand + [extra], colour=colour, skills=skills)
            assert after is not None and after.orichalcum_points >= before.orichalcum_points


# ---- payment skills ------------------------------------------------------------------------

def test_a_skill_not_held_is_refused_by_name():
    message = P.check_uses((("evocation", (OB_PF.id,)),), [OB_PF], colour=OBSIDIAN, skills=())
    assert "Evocation" in message and "not one of your skills" in message
    with pytest.raises(ValueError, match="Evocation"):
        P.settle((OBSIDIAN, OBSIDIAN), [OB_PF], (("evocation", (OB_PF.id,)),), colour=OBSIDIAN)
    assert "not a payment skill" in P.check_uses((("long_legs", ()),), [], skills=("long_legs",))
    assert "not among the spent cards" in P.check_uses(
        (("evocation", (ST_FR.id,)),), [OB_PF], colour=OBSIDIAN, skills=("evocation",))


def test_harmonization_turns_one_card_into_two_echoglass():
    uses = (("harmonization", (ST_FR.id,)),)
    cost = (OBSIDIAN, OBSIDIAN, OBSIDIAN)
    assert P.settle(cost, [OB_PF, ST_FR]) is None
    settled = P.settle(cost, [OB_PF, ST_FR], uses, skills=("harmonization",))
    assert settled is not None and settled.uses == uses
    assert [how for _, _, how in settled.matching].count("harmonization") == 2
    # once per build
    two = (("harmonization", (ST_FR.id,)), ("harmonization", (OB_PF.id,)))
    assert "once per build" in P.check_uses(two, [OB_PF, ST_FR], skills=("harmonization",))


def test_harmonized_cards_gems_are_gone_even_as_models_to_copy():
    # Obsidian is printed only on the harmonized card, so its Echoglass have nothing Obsidian to copy
    uses = (("harmonization", (OB_PF.id,)),)
    assert P.settle((OBSIDIAN, ELECTRUM), [OB_PF, card(ELECTRUM, SOULSTONE)], uses,
                    skills=("harmonization",)) is None
    assert P.settle((ELECTRUM, ELECTRUM, ELECTRUM), [OB_PF, card(ELECTRUM, SOULSTONE)], uses,
                    skills=("harmonization",)) is not None


def test_transmutation_turns_two_printed_echoglass_into_diamond_dust():
    cost = (SOULSTONE, STAR_TEAR, SUNSTONE)
    assert P.settle(cost, [SO_EG, ST_EG]) is None
    uses = (("transmutation", (SO_EG.id, ST_EG.id)),)
    settled = P.settle(cost, [SO_EG, ST_EG], uses, skills=("transmutation",))
    assert settled is not None
    assert (SUNSTONE, SO_EG.id, "transmutation") in settled.matching
    assert "pairs" in P.check_uses((("transmutation", (SO_EG.id,)),), [SO_EG], skills=("transmutation",))


def test_magic_circle_harmonization_echoglass_cannot_feed_transmutation():
    both = ("harmonization", "transmutation")
    uses = (("harmonization", (ST_FR.id,)), ("transmutation", (ST_FR.id, SO_EG.id)))
    message = P.check_uses(uses, [ST_FR, SO_EG], skills=both)
    assert message is not None and "Echoglass" in message
    with pytest.raises(ValueError):
        P.settle((SUNSTONE,), [ST_FR, SO_EG], uses, skills=both)
    # and the best use of both skills cannot pay a Sunstone this way either
    assert P.best_settlement((SUNSTONE,), [ST_FR, SO_EG], skills=both) is None
    assert P.best_settlement((SUNSTONE,), [ST_EG, SO_EG], skills=both) is not None


def test_evocation_adds_a_gem_of_your_colour():
    uses = (("evocation", (OB_PF.id,)),)
    assert P.settle((OBSIDIAN, OBSIDIAN), [OB_PF]) is None
    assert P.settle((OBSIDIAN, OBSIDIAN), [OB_PF], uses, colour=OBSIDIAN, skills=("evocation",))
    # any card takes it, one that prints no Obsidian too (docs/rules/gem_rush.md, Evocation)
    assert P.check_uses((("evocation", (ST_FR.id,)),), [ST_FR], colour=OBSIDIAN, skills=("evocation",)) is None
    assert P.settle((OBSIDIAN,), [ST_FR], (("evocation", (ST_FR.id,)),), colour=OBSIDIAN, skills=("evocation",))
    assert "colour" in P.check_uses(uses, [OB_PF], colour=None, skills=("evocation",))


def test_permeation_counts_the_other_gem_as_your_colour():
    uses = (("permeation", (OB_PF.id,)),)
    settled = P.settle((OBSIDIAN, OBSIDIAN), [OB_PF], uses, colour=OBSIDIAN, skills=("permeation",))
    assert settled is not None and settled.wasted == ()
    assert (OBSIDIAN, OB_PF.id, "permeation") in settled.matching
    # the changed gem pays only as your colour now
    assert P.settle((OBSIDIAN, PERMAFROST), [OB_PF], uses, colour=OBSIDIAN, skills=("permeation",)) is None


def test_magic_circle_evocation_gem_does_not_open_permeation():
    both = ("evocation", "permeation")
    el_so = card(ELECTRUM, SOULSTONE)
    uses = (("evocation", (OB_PF.id,)), ("permeation", (el_so.id,)))
    message = P.check_uses(uses, [OB_PF, el_so], colour=OBSIDIAN, skills=both)
    assert message is not None and "colour" in message and str(el_so.id) in message
    # both on the card that prints the colour: three Obsidian from one card
    same = (("evocation", (OB_PF.id,)), ("permeation", (OB_PF.id,)))
    assert P.check_uses(same, [OB_PF], colour=OBSIDIAN, skills=both) is None
    assert P.settle((OBSIDIAN,) * 3, [OB_PF], same, colour=OBSIDIAN, skills=both) is not None
    assert P.settle((OBSIDIAN,) * 4, [OB_PF], same, colour=OBSIDIAN, skills=both) is None


def test_thrift_waives_one_gem_of_a_door_of_two_or_more():
    uses = (("thrift", ()),)
    assert P.settle((OBSIDIAN, ELECTRUM), [OB_PF]) is None
    settled = P.settle((OBSIDIAN, ELECTRUM), [OB_PF], uses, skills=("thrift",), waive=ELECTRUM)
    assert settled is not None and settled.waive == ELECTRUM
    assert "two or more" in P.check_uses(uses, [OB_PF], skills=("thrift",), waive=OBSIDIAN, cost=(OBSIDIAN,))
    assert "costs no" in P.check_uses(uses, [OB_PF], skills=("thrift",), waive=SUNSTONE,
                                      cost=(OBSIDIAN, ELECTRUM))
    assert "waive" in P.check_uses(uses, [OB_PF], skills=("thrift",))
    assert "Thrift" in P.check_uses((), [OB_PF], skills=("thrift",), waive=ELECTRUM)
    with pytest.raises(ValueError):
        P.settle((OBSIDIAN,), [OB_PF], uses, skills=("thrift",), waive=OBSIDIAN)


def test_alloying_trades_the_orichalcum_point_for_a_second_gem():
    uses = (("alloying", (OB_OR.id,)),)
    assert P.settle((OBSIDIAN, OBSIDIAN), [OB_OR]) is None
    settled = P.settle((OBSIDIAN, OBSIDIAN), [OB_OR], uses, skills=("alloying",))
    assert settled is not None and settled.orichalcum_points == 0
    assert "Orichalcum" in P.check_uses((("alloying", (OB_PF.id,)),), [OB_PF], skills=("alloying",))


def test_resonance_lets_echoglass_copy_a_diamond_dusts_choice():
    cost = (FIRE_RUBY, FIRE_RUBY)
    uses = (("resonance", ()),)
    assert P.settle(cost, [SO_EG, OB_DD]) is None
    settled = P.settle(cost, [SO_EG, OB_DD], uses, skills=("resonance",))
    assert settled is not None
    assert sorted(how for _, _, how in settled.matching) == ["diamond_dust", "resonance"]
    # only for printed Echoglass: Harmonization's do not resonate (a skill's gems never meet
    # another skill's condition)
    st_so = card(STAR_TEAR, SOULSTONE)
    harm = (("harmonization", (st_so.id,)), ("resonance", ()))
    assert P.settle(cost, [st_so, OB_DD], harm,
                    skills=("harmonization", "resonance")) is None


def test_attunement_pays_a_warpstone_as_your_colour_and_then_it_does_not_warp():
    uses = (("attunement", (EL_WP.id,)),)
    assert P.settle((SOULSTONE,), [EL_WP]) is None
    assert P.settle((SOULSTONE,), [EL_WP], uses, colour=SOULSTONE, skills=("attunement",)) is not None
    assert P.settle((SOULSTONE,), [EL_WP], uses, colour=SOULSTONE, skills=("attunement",), warp=True) is None


def test_one_gem_takes_one_skill():
    colour_or = OB_OR  # prints Obsidian beside an Orichalcum
    uses = (("permeation", (colour_or.id,)), ("alloying", (colour_or.id,)))
    message = P.check_uses(uses, [colour_or], colour=OBSIDIAN, skills=("permeation", "alloying"))
    assert "one skill" in message


def test_payments_choose_the_skill_uses():
    found = P.payments((OBSIDIAN, OBSIDIAN), [OB_PF, ST_FR], colour=OBSIDIAN, skills=("evocation",))
    assert [(s.cards, s.uses) for s in found] == [((OB_PF.id,), (("evocation", (OB_PF.id,)),))]
    # Resonance is listed only when it is needed
    found = P.payments((FIRE_RUBY,), [OB_DD], skills=("resonance",))
    assert [s.uses for s in found] == [()]
    found = P.payments((FIRE_RUBY, FIRE_RUBY), [SO_EG, OB_DD], skills=("resonance",))
    assert [s.uses for s in found] == [(("resonance", ()),)]
    # Thrift: the waived gem is part of the answer
    found = P.payments((OBSIDIAN, ELECTRUM), [OB_PF], skills=("thrift",))
    assert [(s.cards, s.waive) for s in found] == [((OB_PF.id,), ELECTRUM)]


def test_every_listed_payment_settles_and_is_acceptable():
    rng = random.Random(5)
    skill_sets = [(), ("harmonization",), ("transmutation", "resonance"), ("evocation", "permeation"),
                  ("thrift",), ("alloying", "attunement")]
    for _ in range(60):
        hand = rng.sample(GEM_CARDS, rng.randint(2, 5))
        cost = tuple(sorted(rng.choice(STANDARD_GEMS[:4]) for _ in range(rng.randint(1, 4))))
        skills = rng.choice(skill_sets)
        colour = rng.choice(STANDARD_GEMS[:4])
        for s in P.payments(cost, hand, colour=colour, skills=skills):
            spent = [c for c in hand if c.id in s.cards]
            assert P.check_uses(s.uses, spent, colour=colour, skills=skills, waive=s.waive, cost=cost) is None
            again = P.settle(cost, spent, s.uses, colour=colour, skills=skills, waive=s.waive)
            assert again is not None and again.orichalcum_points == s.orichalcum_points
            assert P.acceptable(cost, spent, s.uses, colour=colour, skills=skills, waive=s.waive)
