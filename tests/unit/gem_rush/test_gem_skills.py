"""Gem Rush skills in play: each of the 20 skills through ``legal_actions()`` and ``apply()``
on a hand-made position, then the six ways of handing skills out (Normal, Choice of Skills,
Shared Skill, Chaos Magic, Magic Circle, No Skills) and the dwarf colour that some payment
skills read."""

from __future__ import annotations

import random

import pytest

from minegames.core import IllegalActionError, OptionError
from minegames.gem_rush import components, load, new_game, payment, position
from minegames.gem_rush import skills as S
from minegames.gem_rush.actions import (
    Build, CartWhistle, ChooseSkill, Discard, DrawCard, EndMovement, NameGem, NewSkill, Place, Scavenge, Step,
    SwapPlaces, UseRoom,
)
from minegames.gem_rush.gems import OBSIDIAN

TORCHLIT = "r01"      # Draw 2. N: Soulstone+Star Tear (1), E: Electrum+Fire Ruby+Permafrost+Star Tear (3),
#                       S: 4 gems (3), W: Electrum (1)
DRILL = "r32"         # N: 4 gems (3), E: Soulstone (1), S: a wall, W: Electrum+Soulstone (1)
CAMP = "r06"          # Reveal 3, Keep 2
HALL_OF_NAMES = "r13"  # Name a gem, Reveal 7, keep the cards showing it
CART = "r69"          # a Mine Cart with a west door (Obsidian+Soulstone+Star Tear)
ALL_SKILLS = sorted(skill.id for skill in components.SKILLS)

# gem cards by id (components.GEM_CARDS)
OB_PF, OB_EL, OB_FR, PF_EL, PF_ST, EL_SO, EL_FR, ST_SU = 0, 3, 12, 18, 24, 33, 39, 57


def game_at(mine, hands=((), ()), at=((0, 0), (0, 0)), player_skills=(), **options):
    return position(mine, hands=[list(h) for h in hands], at=list(at), player_skills=player_skills, **options)


def of_type(game, kind):
    return [a for a in game.legal_actions() if isinstance(a, kind)]


def put_on_top(game, *rooms):
    """Move room tiles to the top of the room pile, the last named on top."""
    for room in rooms:
        game.rooms_left.remove(room)
        game.rooms_left.append(room)


def end_turn_drawing(game):
    game.apply(EndMovement())
    game.apply(DrawCard())


def skill_cards_in_play(game):
    return sorted([s for p in game.players for s in p["skills"]] + game.skill_deck)


# ---- movement skills ------------------------------------------------------------------------

def _back_and_forth(player_skills):
    # TORCHLIT's east door and DRILL's west door face each other: walk east, west, ...
    return game_at({(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 0)}, player_skills=player_skills)


def test_long_legs_allows_a_fourth_step_and_no_fifth():
    game = _back_and_forth([["long_legs"]])
    assert game.steps_left == 4
    for side in (1, 3, 1):
        game.apply(Step(side))
    assert "long_legs" not in game.used_skills      # three steps need no skill
    assert Step(3) in game.legal_actions()
    game.apply(Step(3))
    assert game.players[0]["pos"] == [0, 0] and game.steps_left == 0
    assert "long_legs" in game.used_skills          # the fourth step is the skill at work
    assert not of_type(game, Step)

    plain = _back_and_forth([])
    for side in (1, 3, 1):
        plain.apply(Step(side))
    assert not of_type(plain, Step)
    with pytest.raises(IllegalActionError):
        plain.apply(Step(3))


def _one_way(player_skills):
    # DRILL turned one quarter-turn shows its wall west: TORCHLIT -> DRILL only
    return game_at({(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 1)}, at=((1, 0), (0, 0)),
                   player_skills=player_skills)


def test_sure_footing_goes_against_a_one_way_passage_once_per_turn():
    game = _one_way([["sure_footing"]])
    assert Step(3) in game.legal_actions()           # from the wall side into TORCHLIT's door
    game.apply(Step(3))
    assert game.players[0]["pos"] == [0, 0] and game.steps_left == 2
    game.apply(Step(1))                              # the passage's own direction: always fine
    assert game.players[0]["pos"] == [1, 0]
    assert Step(3) not in game.legal_actions()       # a second time this turn: no
    with pytest.raises(IllegalActionError):
        game.apply(Step(3))

    end_turn_drawing(game)                           # player 1's turn, then player 0 again
    end_turn_drawing(game)
    assert game.current == 0 and Step(3) in game.legal_actions()


def test_without_sure_footing_a_wall_cannot_be_crossed():
    game = _one_way([])
    assert Step(3) not in game.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Step(3))
    assert refused.value.rule == "walls"


def test_cart_whistle_reaches_a_mine_cart_for_a_step_once_per_turn():
    mine = {(0, 0): (TORCHLIT, 0), (1, 0): (CART, 0)}   # the cart's west door leads back to TORCHLIT
    game = game_at(mine, player_skills=[["cart_whistle"]])
    assert of_type(game, CartWhistle) == [CartWhistle(1, 0)]
    game.apply(CartWhistle(1, 0))
    assert game.players[0]["pos"] == [1, 0] and game.steps_left == 2
    game.apply(Step(3))
    assert game.players[0]["pos"] == [0, 0]
    assert not of_type(game, CartWhistle)

    assert not of_type(game_at(mine), CartWhistle)                                   # skill not held
    assert not of_type(game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[["cart_whistle"]]), CartWhistle)  # no cart


def test_mirror_step_swaps_with_a_dwarf_elsewhere_for_a_step_once_per_turn():
    mine = {(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 0)}
    game = game_at(mine, at=((0, 0), (1, 0)), player_skills=[["mirror_step"]])
    assert of_type(game, SwapPlaces) == [SwapPlaces(1, True)]
    game.apply(SwapPlaces(1, True))
    assert game.players[0]["pos"] == [1, 0] and game.players[1]["pos"] == [0, 0] and game.steps_left == 2
    assert not of_type(game, SwapPlaces)

    assert not of_type(game_at(mine, at=((0, 0), (1, 0))), SwapPlaces)               # skill not held
    assert not of_type(game_at(mine, player_skills=[["mirror_step"]]), SwapPlaces)   # same room


# ---- hand and action skills -----------------------------------------------------------------

@pytest.mark.parametrize("held, kept", [(["deep_pockets"], 5), ([], 4)])
def test_deep_pockets_trims_the_hand_to_five(held, kept):
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((), (0, 1, 2, 3, 4, 5)), player_skills=[[], held])
    end_turn_drawing(game)
    assert game.current == 1 and game.phase == "discard"
    while game.phase == "discard":
        game.apply(of_type(game, Discard)[0])
    assert len(game.hand(1)) == kept and game.phase == "move"


def test_deep_pockets_skips_the_discard_with_five_cards():
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((0, 1, 2, 3, 4), ()), player_skills=[["deep_pockets"]])
    assert game.phase == "move" and len(game.hand(0)) == 5


@pytest.mark.parametrize("held, drawn", [(["prospector"], 2), ([], 1)])
def test_prospector_draws_two_with_the_draw_action(held, drawn):
    game = game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[held])
    deck = len(game.deck)
    end_turn_drawing(game)
    assert len(game.hand(0)) == drawn and len(game.deck) == deck - drawn


@pytest.mark.parametrize("held, shown", [(["keen_eye"], 4), ([], 3)])
def test_keen_eye_turns_up_one_more_card_per_reveal(held, shown):
    game = game_at({(0, 0): (CAMP, 0)}, player_skills=[held])
    top = game.deck[-shown:]
    game.apply(EndMovement())
    game.apply(UseRoom())
    assert sorted(game.revealed) == sorted(top)
    assert len(game.legal_actions()) == shown          # keep 2 of the cards shown
    game.apply(game.legal_actions()[0])
    game.apply(game.legal_actions()[0])
    assert len(game.hand(0)) == 2 and not game.revealed and game.current == 1


def _built_west_and_stopped(player_skills):
    """Player 0 pays TORCHLIT's Electrum door with one card, places the room and stops moving:
    the card just spent is the top of the discard pile."""
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_EL,), ()), player_skills=player_skills)
    put_on_top(game, "r02")
    game.apply(Build(3, (OB_EL,)))
    game.apply(game.legal_actions()[0])
    game.apply(EndMovement())
    assert game.discards[-1] == OB_EL
    return game


def test_scavenger_takes_the_top_discard_as_the_action():
    game = _built_west_and_stopped([["scavenger"]])
    deck = len(game.deck)
    assert Scavenge() in game.legal_actions()
    game.apply(Scavenge())
    assert game.hand(0) == [OB_EL] and OB_EL not in game.discards and len(game.deck) == deck
    assert game.current == 1

    assert Scavenge() not in _built_west_and_stopped([]).legal_actions()
    fresh = game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[["scavenger"]])
    fresh.apply(EndMovement())
    assert Scavenge() not in fresh.legal_actions()     # nothing discarded yet


def _named(gem, player_skills, seed=0, **options):
    game = game_at({(0, 0): (HALL_OF_NAMES, 0)}, player_skills=player_skills, seed=seed, **options)
    shown = game.deck[-7:]
    game.apply(EndMovement())
    game.apply(UseRoom())
    game.apply(NameGem(gem))
    return game, shown


def _shows(card_id, gem):
    return gem in components.GEM_CARDS[card_id].gems


@pytest.mark.parametrize("seed", [0, 3, 5])
def test_kinship_keeps_cards_of_your_colour_as_if_named(seed):
    named = "diamond_dust"
    colour = OBSIDIAN                                  # seat 1's dwarf by default
    game, shown = _named(named, [["kinship"]], seed)
    assert sorted(game.hand(0)) == sorted(c for c in shown if _shows(c, named) or _shows(c, colour))
    plain, shown = _named(named, [], seed)
    assert sorted(plain.hand(0)) == sorted(c for c in shown if _shows(c, named))


@pytest.mark.parametrize("seed, named, forced", [
    (3, "diamond_dust", True),     # an Obsidian card turned up and was kept for the colour
    (3, OBSIDIAN, False),          # naming your own colour: the skill changes nothing
    (0, "diamond_dust", False),    # no Obsidian card turned up
])
def test_chaos_kinship_is_used_only_when_a_card_is_kept_for_your_colour(seed, named, forced):
    game, shown = _named(named, [["kinship"]], seed, skills="chaos")
    colour_only = [c for c in shown if _shows(c, OBSIDIAN) and not _shows(c, named)]
    assert bool(colour_only) is forced
    assert game.phase == "chaos" and game.current == 0
    assert (game.legal_actions() == [NewSkill(True)]) is forced


# ---- building skills ------------------------------------------------------------------------

def test_surveyor_turns_up_two_tiles_and_slides_the_other_under_the_pile():
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_EL,), ()), player_skills=[["surveyor"]])
    put_on_top(game, "r03", "r02")
    left = len(game.rooms_left)
    game.apply(Build(3, (OB_EL,)))
    assert game.pending["tiles"] == ["r02", "r03"]
    offered = {a.room for a in of_type(game, Place)}
    assert offered == {"r02", "r03"}
    game.apply(next(a for a in of_type(game, Place) if a.room == "r03"))
    assert game.mine[(-1, 0)][0] == "r03"
    assert game.rooms_left[0] == "r02" and len(game.rooms_left) == left - 1
    assert not game.problems()

    plain = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_EL,), ()))
    put_on_top(plain, "r03", "r02")
    plain.apply(Build(3, (OB_EL,)))
    assert plain.pending["tiles"] == ["r02"]


@pytest.mark.parametrize("held, east, west", [(["foreman"], 4, 1), ([], 3, 1)])
def test_foreman_adds_a_point_for_a_door_of_three_or_more_gems(held, east, west):
    hand = (EL_FR, PF_ST, OB_EL)
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=(hand, ()), player_skills=[held])
    game.apply(Build(1, (PF_ST, EL_FR)))               # Electrum, Fire Ruby, Permafrost, Star Tear
    assert game.players[0]["score"] == east
    other = game_at({(0, 0): (TORCHLIT, 0)}, hands=(hand, ()), player_skills=[held])
    other.apply(Build(3, (OB_EL,)))                     # one Electrum
    assert other.players[0]["score"] == west


def test_lodestar_draws_a_card_after_the_first_build_of_the_turn_only():
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_EL, ST_SU), ()), player_skills=[["lodestar"]])
    put_on_top(game, "r03", "r02")                      # r02: east Permafrost, north Star Tear+Sunstone
    game.apply(Build(3, (OB_EL,)))
    game.apply(Place(0, "r02"))
    assert game.players[0]["pos"] == [-1, 0]
    assert len(game.hand(0)) == 2                       # ST_SU and the card Lodestar drew
    game.apply(Build(0, (ST_SU,)))
    game.apply(game.legal_actions()[0])
    assert len(game.hand(0)) == 1                       # no second draw this turn

    plain = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_EL, ST_SU), ()))
    put_on_top(plain, "r02")
    plain.apply(Build(3, (OB_EL,)))
    plain.apply(Place(0, "r02"))
    assert plain.hand(0) == [ST_SU]


# ---- payment skills: each makes a build legal that is not legal without it -------------------

PAYMENT_CASES = {
    # skill: (room, side, hand, colours, the Build offered, points)
    "harmonization": ("r27", 2, (OB_FR, PF_EL), (),      # Electrum x2 + Permafrost: Obsidian/Fire Ruby
                      Build(2, (OB_FR, PF_EL), (("harmonization", (OB_FR,)),)), 2),  # become 2 Echoglass
    "transmutation": ("r43", 1, (66, 67), (),              # Sunstone from two printed Echoglass
                      Build(1, (66, 67), (("transmutation", (66, 67)),)), 1),
    "evocation": ("r27", 2, (PF_EL,), ("electrum", "obsidian"),   # one card gives a second Electrum
                  Build(2, (PF_EL,), (("evocation", (PF_EL,)),)), 2),
    "permeation": ("r27", 2, (OB_PF, EL_FR), ("electrum", "obsidian"),  # Fire Ruby counts as Electrum
                   Build(2, (OB_PF, EL_FR), (("permeation", (EL_FR,)),)), 2),
    "thrift": ("r01", 0, (EL_SO,), (),                     # Soulstone + Star Tear less the Star Tear
               Build(0, (EL_SO,), (("thrift", ()),), "star_tear"), 1),
    "alloying": ("r14", 0, (69,), (),                      # Sunstone x2: the Orichalcum is a Sunstone,
                 Build(0, (69,), (("alloying", (69,)),)), 1),   # so no Orichalcum point
    "resonance": ("r14", 0, (63, 66), (),                  # the Echoglass copies what the Dust stands for
                  Build(0, (63, 66), (("resonance", ()),)), 1),
    "attunement": ("r47", 0, (72,), (),                    # Obsidian from a Warpstone (seat 1: Obsidian)
                   Build(0, (72,), (("attunement", (72,)),)), 1),
}


def _payment_game(skill, held):
    room, _, hand, colours, _, _ = PAYMENT_CASES[skill]
    options = {"colours": colours} if colours else {}
    return game_at({(0, 0): (room, 0)}, hands=(hand, ()), player_skills=[held], **options)


def test_every_payment_skill_has_a_case():
    assert set(PAYMENT_CASES) == S.PAYMENT_SKILLS


@pytest.mark.parametrize("skill", sorted(PAYMENT_CASES))
def test_a_payment_skill_makes_a_build_legal_and_it_scores_the_door(skill):
    _, side, hand, _, build, points = PAYMENT_CASES[skill]
    assert not [a for a in of_type(_payment_game(skill, []), Build) if a.side == side]
    game = _payment_game(skill, [skill])
    assert [a for a in of_type(game, Build) if a.side == side] == [build]
    game.apply(build)
    assert game.players[0]["score"] == points
    assert all(card in game.discards for card in hand) and not game.hand(0)
    assert skill in game.used_skills
    game.apply(game.legal_actions()[0])                 # place the new room
    assert game.pending is None and not game.problems()


def test_orichalcum_without_alloying_scores_its_point_instead():
    game = game_at({(0, 0): ("r26", 0)}, hands=((69,), ()))     # west door: one Sunstone
    game.apply(Build(3, (69,)))
    assert game.players[0]["score"] == 2


@pytest.mark.parametrize("skill", ["evocation", "permeation"])
def test_the_dwarf_colour_decides_which_cards_evocation_and_permeation_work_on(skill):
    room, side, hand, _, _, _ = PAYMENT_CASES[skill]
    electrum = _payment_game(skill, [skill])
    assert electrum.players[0]["colour"] == "electrum"
    assert [a for a in of_type(electrum, Build) if a.side == side]
    obsidian = game_at({(0, 0): (room, 0)}, hands=(hand, ()), player_skills=[[skill]])
    assert obsidian.players[0]["colour"] == OBSIDIAN
    assert not [a for a in of_type(obsidian, Build) if a.side == side]
    # the colour is the seat's, not the first player's: seat 2 as Electrum
    second = game_at({(0, 0): (room, 0)}, hands=((), hand), player_skills=[[], [skill]],
                     colours=("obsidian", "electrum"))
    end_turn_drawing(second)
    assert [a for a in of_type(second, Build) if a.side == side]


# ---- the variants -----------------------------------------------------------------------------

def test_normal_deals_one_different_skill_to_each_player():
    for seed in range(10):
        game = new_game(seed=seed, players=5)
        held = [S.skills_of(game, p) for p in range(5)]
        assert all(len(h) == 1 for h in held)
        assert len({h[0] for h in held}) == 5
        assert not game.skill_deck and not game.circle and not game.shared_skill


def test_normal_skill_works_only_for_its_holder():
    game = game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[[], ["long_legs"]])
    assert game.steps_left == 3
    end_turn_drawing(game)
    assert game.current == 1 and game.steps_left == 4


def test_choice_deals_two_and_players_keep_one_in_seat_order_before_the_first_turn():
    game = new_game(seed=7, players=3, skills="choice", first_player=1)
    dealt = {p: list(game.players[p]["dealt"]) for p in range(3)}
    assert all(len(d) == 2 for d in dealt.values())
    assert len({s for d in dealt.values() for s in d}) == 6
    assert game.phase == "choose skill"
    for seat in (1, 2, 0):
        assert game.current == seat
        assert sorted(game.legal_actions(), key=str) == sorted((ChooseSkill(s) for s in dealt[seat]), key=str)
        with pytest.raises(IllegalActionError):
            game.apply(EndMovement())
        game.apply(ChooseSkill(dealt[seat][1]))
    assert game.phase == "move" and game.current == 1 and game.turns_taken == 0
    for seat in range(3):
        assert S.skills_of(game, seat) == (dealt[seat][1],)
        assert game.players[seat]["dealt"] == []


def test_choice_refuses_a_skill_that_was_not_dealt():
    game = new_game(seed=7, players=2, skills="choice")
    other = next(s for s in ALL_SKILLS if s not in game.players[0]["dealt"])
    with pytest.raises(IllegalActionError):
        game.apply(ChooseSkill(other))


def test_shared_skill_from_the_option_is_held_by_everyone():
    game = new_game(seed=3, players=3, skills="shared", shared_skill="long_legs")
    assert [S.skills_of(game, p) for p in range(3)] == [("long_legs",)] * 3
    for _ in range(3):
        assert game.steps_left == 4
        end_turn_drawing(game)

    lesson = game_at({(0, 0): (TORCHLIT, 0)}, skills="shared", shared_skill="prospector")
    end_turn_drawing(lesson)
    end_turn_drawing(lesson)
    assert len(lesson.hand(0)) == 2 and len(lesson.hand(1)) == 2


def test_shared_skill_left_empty_is_dealt_at_random():
    seen = set()
    for seed in range(12):
        game = new_game(seed=seed, players=3, skills="shared")
        held = {S.skills_of(game, p) for p in range(3)}
        assert len(held) == 1
        (one,) = held
        assert len(one) == 1 and one[0] in ALL_SKILLS
        seen.add(one[0])
    assert len(seen) > 1


def _chaos(player_skills, **options):
    return game_at({(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 0)}, skills="chaos",
                   player_skills=player_skills, **options)


def test_chaos_a_used_skill_must_be_traded_and_goes_back_into_the_skill_deck():
    game = _chaos([["prospector"], ["foreman"]])
    assert skill_cards_in_play(game) == ALL_SKILLS
    end_turn_drawing(game)                               # Prospector draws 2: the skill was used
    assert game.phase == "chaos" and game.current == 0
    assert game.legal_actions() == [NewSkill(True)]
    with pytest.raises(IllegalActionError):
        game.apply(NewSkill(False))
    game.apply(NewSkill(True))
    (new,) = game.players[0]["skills"]
    assert new != "prospector" and new not in game.skill_deck
    assert "prospector" in game.skill_deck
    assert skill_cards_in_play(game) == ALL_SKILLS
    assert game.current == 1 and game.phase == "move"


def test_chaos_an_unused_skill_may_be_kept_or_traded():
    game = _chaos([["foreman"], ["surveyor"]])
    end_turn_drawing(game)
    assert game.phase == "chaos"
    assert sorted(game.legal_actions(), key=str) == sorted([NewSkill(True), NewSkill(False)], key=str)
    game.apply(NewSkill(False))
    assert game.players[0]["skills"] == ["foreman"] and game.current == 1
    end_turn_drawing(game)
    game.apply(NewSkill(True))
    assert game.players[1]["skills"] != ["surveyor"] and "surveyor" in game.skill_deck
    assert skill_cards_in_play(game) == ALL_SKILLS


@pytest.mark.parametrize("steps, forced", [(3, False), (4, True)])
def test_chaos_a_fourth_step_is_a_use_of_long_legs(steps, forced):
    game = _chaos([["long_legs"], []])
    for side in (1, 3, 1, 3)[:steps]:
        game.apply(Step(side))
    end_turn_drawing(game)
    assert (game.legal_actions() == [NewSkill(True)]) is forced


@pytest.mark.parametrize("cards, forced", [(4, False), (5, True)])
def test_chaos_keeping_a_fifth_card_is_a_use_of_deep_pockets(cards, forced):
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=(tuple(range(cards)), ()), skills="chaos",
                   player_skills=[["deep_pockets"]])
    end_turn_drawing(game)
    assert (game.legal_actions() == [NewSkill(True)]) is forced


def test_chaos_trades_after_the_burns_in_crisis():
    game = _chaos([["foreman"], ["surveyor"]], mode="crisis")
    end_turn_drawing(game)
    assert game.phase == "burn"
    for _ in range(3):
        game.apply(game.legal_actions()[0])
    assert game.phase == "chaos" and len(game.burnt) == 3


def test_chaos_keeps_all_twenty_skill_cards_through_a_game():
    game = new_game(seed=11, players=3, skills="chaos")
    rng = random.Random(5)
    trades = 0
    for _ in range(400):
        if game.is_over:
            break
        assert skill_cards_in_play(game) == ALL_SKILLS
        assert all(len(p["skills"]) == 1 for p in game.players)
        action = rng.choice(game.legal_actions())
        trades += action == NewSkill(True)
        game.apply(action)
    assert trades > 0
    assert skill_cards_in_play(game) == ALL_SKILLS


def test_no_chaos_phase_in_other_variants():
    game = game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[["prospector"]])
    end_turn_drawing(game)
    assert game.current == 1 and game.phase == "move"


def test_magic_circle_each_player_uses_the_cards_on_both_sides():
    game = new_game(seed=4, players=4, skills="magic_circle")
    circle = game.circle
    assert len(circle) == 4 and len(set(circle)) == 4
    for seat in range(4):
        assert set(S.skills_of(game, seat)) == {circle[seat], circle[seat - 1]}
    for card in circle:                                  # each card is shared by two neighbours
        assert sum(card in S.skills_of(game, seat) for seat in range(4)) == 2
    assert all(p["skills"] == [] for p in game.players)


def test_magic_circle_two_players_share_both_cards_and_solo_gets_two():
    duo = new_game(seed=4, players=2, skills="magic_circle")
    assert len(duo.circle) == 2
    assert set(S.skills_of(duo, 0)) == set(S.skills_of(duo, 1)) == set(duo.circle)
    solo = new_game(seed=4, players=1, skills="magic_circle")
    assert len(solo.circle) == 2 and set(S.skills_of(solo, 0)) == set(solo.circle)


def test_magic_circle_both_skills_work_in_play():
    game = game_at({(0, 0): (TORCHLIT, 0), (1, 0): (DRILL, 0)}, skills="magic_circle",
                   player_skills=[["long_legs"], ["prospector"]])
    for seat in (0, 1):
        assert game.current == seat and game.steps_left == 4
        end_turn_drawing(game)
        assert len(game.hand(seat)) == 2


def test_magic_circle_harmonized_echoglass_cannot_be_transmuted():
    # one Sunstone to pay (r43's east door); Harmonization's Echoglass find nothing to copy and
    # may not become Diamond Dust through Transmutation; two printed Echoglass may
    duo = {"skills": "magic_circle", "player_skills": [["harmonization"], ["transmutation"]]}
    game = game_at({(0, 0): ("r43", 0)}, hands=((55,), ()), **duo)
    assert set(S.skills_of(game, 0)) == {"harmonization", "transmutation"}
    assert not [a for a in of_type(game, Build) if a.side == 1]
    # one harmonized card and one printed Echoglass would make a pair only if skill gems counted
    mixed = game_at({(0, 0): ("r43", 0)}, hands=((55, 66), ()), **duo)
    assert not [a for a in of_type(mixed, Build) if a.side == 1]
    with pytest.raises(IllegalActionError) as refused:
        mixed.apply(Build(1, (55, 66), (("harmonization", (55,)), ("transmutation", (55, 66)))))
    assert refused.value.rule == "skills" and "never meet another skill" in str(refused.value)
    printed = game_at({(0, 0): ("r43", 0)}, hands=((66, 67), ()), **duo)
    assert Build(1, (66, 67), (("transmutation", (66, 67)),)) in printed.legal_actions()


def test_magic_circle_evocation_does_not_open_a_card_to_permeation():
    # Electrum dwarf, one Electrum to pay (TORCHLIT's west door), a card printing no Electrum
    duo = {"skills": "magic_circle", "player_skills": [["evocation"], ["permeation"]],
           "colours": ("electrum", "obsidian")}
    game = game_at({(0, 0): (TORCHLIT, 0)}, hands=((OB_PF,), ()), **duo)
    # Evocation alone works on it (an Electrum from a card that prints none pays the door) ...
    assert Build(3, (OB_PF,), (("evocation", (OB_PF,)),)) in game.legal_actions()
    # ... but its gem does not make the card one that Permeation may change
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Build(3, (OB_PF,), (("evocation", (OB_PF,)), ("permeation", (OB_PF,)))))
    assert refused.value.rule == "skills" and "prints your colour" in str(refused.value)
    # a card that prints the colour takes both: Electrum, an Evocation Electrum and the Fire Ruby
    # made Electrum (r27's south door wants Electrum x2 + Permafrost)
    both = game_at({(0, 0): ("r27", 0)}, hands=((EL_FR, OB_PF), ()), **duo)
    builds = [a for a in of_type(both, Build) if a.side == 2]
    assert builds and all(a.cards == (OB_PF, EL_FR) for a in builds)
    cards = [components.GEM_CARDS[c] for c in (OB_PF, EL_FR)]
    uses = (("evocation", (EL_FR,)), ("permeation", (EL_FR,)))
    assert payment.check_uses(uses, cards, colour="electrum", skills=("evocation", "permeation")) is None


def test_no_skills_gives_nobody_anything():
    game = new_game(seed=2, players=3, skills="none")
    assert all(S.skills_of(game, p) == () for p in range(3))
    assert not game.skill_deck and not game.circle and not game.shared_skill
    for _ in range(3):
        assert game.steps_left == S.BASE_STEPS
        game.apply(EndMovement())
        game.apply(DrawCard())
        assert game.phase != "chaos"


def test_position_takes_per_player_skills_apart_from_the_variant_option():
    game = game_at({(0, 0): (TORCHLIT, 0)}, skills="chaos", player_skills=[["foreman"], ["lodestar"]])
    assert game.options.skills == "chaos"
    assert [p["skills"] for p in game.players] == [["foreman"], ["lodestar"]]
    with pytest.raises(OptionError):
        game_at({(0, 0): (TORCHLIT, 0)}, player_skills=[["flying"]])
    with pytest.raises(OptionError):
        game_at({(0, 0): (TORCHLIT, 0)}, skills="none", player_skills=[["foreman"]])
    with pytest.raises(OptionError):
        game_at({(0, 0): (TORCHLIT, 0)}, skills="magic_circle", player_skills=[["foreman"]])


@pytest.mark.parametrize("variant, player_skills", [
    ("chaos", [["prospector"], ["foreman"]]),
    ("magic_circle", [["long_legs"], ["prospector"]]),
    ("shared", []),
])
def test_a_position_with_variant_skills_saves_and_loads(variant, player_skills):
    game = _chaos(player_skills) if variant == "chaos" else game_at(
        {(0, 0): (TORCHLIT, 0)}, skills=variant, player_skills=player_skills)
    end_turn_drawing(game)
    if game.phase == "chaos":
        game.apply(NewSkill(True))
    assert load(game.to_json()) == game


def test_evocation_works_on_a_card_that_does_not_print_your_colour():
    """The audit's reproduction: card 24 prints no Obsidian, and an Obsidian dwarf's Evocation
    still adds an Obsidian to it (the rulebook's Magic Circle note presumes so)."""
    card = components.GEM_CARDS[24]
    assert OBSIDIAN not in card.gems
    assert payment.check_uses([("evocation", (24,))], [card], colour="obsidian", skills=("evocation",)) is None
    paid = payment.settle((OBSIDIAN,), [card], (("evocation", (24,)),), colour=OBSIDIAN, skills=("evocation",))
    assert paid is not None
