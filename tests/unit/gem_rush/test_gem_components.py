"""Gem Rush components: the card mix, room kinds and doors, tunnel links, valid and balanced
effect programs, the skills of the contract, the text helpers, and the stored JSON equal to
what the generator writes."""

import collections
import importlib.util
import itertools
import json

import pytest

from minegames.gem_rush import components as C
from minegames.gem_rush import gems as G


def load_generator():
    path = C.DATA_FILE.with_name("make_components.py")
    spec = importlib.util.spec_from_file_location("gem_rush_make_components", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ gem cards

def test_75_cards_numbered_by_position():
    assert len(C.GEM_CARDS) == 75
    assert all(card.id == i for i, card in enumerate(C.GEM_CARDS))


def test_each_card_shows_one_or_two_known_gems_standard_first():
    for card in C.GEM_CARDS:
        assert 1 <= len(card.gems) <= 2
        assert all(g in C.ALL_GEMS for g in card.gems)
        assert list(card.gems) == sorted(card.gems, key=C.ALL_GEMS.index)


def test_every_standard_pair_three_times():
    plain = collections.Counter(c.gems for c in C.GEM_CARDS if not set(c.gems) & set(C.SPECIAL_GEMS))
    assert sum(plain.values()) == 63
    assert set(plain) == set(itertools.combinations(C.STANDARD_GEMS, 2))
    assert set(plain.values()) == {3}


def test_each_special_gem_three_times_beside_a_rotating_standard_partner():
    special = [c for c in C.GEM_CARDS if set(c.gems) & set(C.SPECIAL_GEMS)]
    assert len(special) == 12
    assert collections.Counter(c.gems[1] for c in special) == {g: 3 for g in C.SPECIAL_GEMS}
    assert [c.gems[0] for c in special] == [C.STANDARD_GEMS[i % 7] for i in range(12)]
    assert all(len(c.gems) == 2 and c.gems[0] in C.STANDARD_GEMS for c in special)


def test_gem_lists_are_those_of_gems_module():
    assert (C.STANDARD_GEMS, C.SPECIAL_GEMS, C.ALL_GEMS) == (G.STANDARD_GEMS, G.SPECIAL_GEMS, G.ALL_GEMS)


# ------------------------------------------------------------------ rooms

def test_80_rooms_of_the_stated_kinds():
    assert len(C.ROOMS) == 80
    assert [r.id for r in C.ROOMS] == [f"r{i:02d}" for i in range(1, 81)]
    kinds = collections.Counter(r.kind for r in C.ROOMS)
    assert kinds == {"action": 62, "movement": 5, "free": 1, "mine_cart": 4, "tunnel": 8}
    assert C.ROOM_BY_ID == {r.id: r for r in C.ROOMS}


def test_rulebook_rooms_keep_their_names_and_abilities():
    by_name = collections.defaultdict(list)
    for room in C.ROOMS:
        by_name[room.name].append(room)
    (mirror,), (elevator,) = by_name["Warped Mirror"], by_name["Mystic Elevator"]
    assert (mirror.kind, mirror.ability) == ("movement", (("swap_places",),))
    assert (elevator.kind, elevator.ability) == ("free", (("move_room",),))
    assert [r.kind for r in by_name["Mine Cart"]] == ["mine_cart"] * 4
    assert all(r.ability == () for r in by_name["Mine Cart"])
    assert [r.kind for r in by_name["Tunnel"]] == ["tunnel"] * 8
    others = [r.name for r in C.ROOMS if r.kind not in ("tunnel", "mine_cart")]
    assert len(others) == len(set(others)), "room names are unique apart from Mine Carts and Tunnels"


def test_other_movement_rooms_have_card_effects():
    movers = [r for r in C.ROOMS if r.kind == "movement" and r.name != "Warped Mirror"]
    assert len(movers) == 4
    assert all(r.ability and r.ability[0][0] in ("draw", "reveal", "dig", "name") for r in movers)


def test_tunnels_pair_their_four_free_sides():
    for room in (r for r in C.ROOMS if r.kind == "tunnel"):
        assert room.doors == (C.Door((), 0),) * 4
        assert len(room.links) == 2
        assert sorted(s for pair in room.links for s in pair) == [0, 1, 2, 3]
        assert room.ability == () and room.text
    shapes = {r.links for r in C.ROOMS if r.kind == "tunnel"}
    assert ((0, 2), (1, 3)) in shapes and len(shapes) == 3, "straight crossings and both kinds of curves"


def test_non_tunnel_rooms_have_three_or_four_doors_and_no_links():
    # the balance pass gives every room at least MIN_DOORS doors: no one-door room closes the mine
    least = load_generator().MIN_DOORS
    counts = collections.Counter()
    for room in (r for r in C.ROOMS if r.kind != "tunnel"):
        assert len(room.doors) == 4
        doors = sum(d is not None for d in room.doors)
        assert least <= doors <= 4, room.id
        assert room.links == ()
        counts[doors] += 1
    assert set(counts) == {3, 4}


def test_door_costs_are_sorted_standard_gems_and_score_by_size():
    doors = [d for r in C.ROOMS if r.kind != "tunnel" for d in r.doors if d is not None]
    for door in doors:
        assert len(door.cost) <= 6
        assert all(g in C.STANDARD_GEMS for g in door.cost)
        assert list(door.cost) == sorted(door.cost)
        assert door.points == C.points_for_cost(len(door.cost))
    sizes = collections.Counter(len(d.cost) for d in doors)
    assert set(sizes) == set(range(7)), "free doors and doors of every size up to 6"
    assert sum(len(set(d.cost)) < len(d.cost) for d in doors) < len(doors) / 10, "repeats are rare"


def test_points_for_cost():
    assert [C.points_for_cost(n) for n in range(7)] == [0, 1, 1, 2, 3, 4, 5]
    with pytest.raises(ValueError):
        C.points_for_cost(7)


def test_data_is_hashable_tuples():
    for room in C.ROOMS:
        hash(room)
        assert isinstance(room.doors, tuple) and isinstance(room.ability, tuple)
        assert all(isinstance(step, tuple) for step in room.ability)
    assert len(set(C.ROOMS)) == 80
    assert all(isinstance(c.gems, tuple) for c in C.GEM_CARDS)


# ------------------------------------------------------------------ abilities

def test_every_room_ability_is_valid_and_its_text_is_made_from_it():
    for room in C.ROOMS:
        C.check_ability(room.ability)
        if room.kind in ("tunnel", "mine_cart"):
            assert room.ability == () and room.text
        else:
            assert room.ability and room.text == C.ability_text(room.ability)


def test_action_abilities_are_mostly_distinct():
    action = [r.ability for r in C.ROOMS if r.kind == "action"]
    assert len(set(action)) >= 60


def test_action_rooms_beat_a_plain_draw_but_not_wildly():
    gen = load_generator()
    cards = [{"id": c.id, "gems": list(c.gems)} for c in C.GEM_CARDS]
    low, high = gen.ACTION_VALUE
    for room in (r for r in C.ROOMS if r.kind == "action"):
        value = gen.ability_value(room.ability, cards)
        assert 1 < low <= round(value, 2) <= high <= 2.5, (room.id, room.ability, value)
    assert gen.ability_value((("draw", 1),), cards) == 1


def test_x_rooms_discard_x_first():
    x_rooms = [r for r in C.ROOMS if C.uses_x(r.ability)]
    assert x_rooms
    assert all(r.ability[0] == ("discard", "X") for r in x_rooms)


@pytest.mark.parametrize("ability, problem", [
    ((("draw", "X+1"),), "start with ('discard', 'X')"),
    ((("draw", 1), ("discard", "X"), ("draw", "X")), "first step may discard X"),
    ((("keep", 2),), "nothing has been revealed"),
    ((("draw", 2), ("keep_matching", ("special",))), "nothing has been revealed"),
    ((("reveal", 3), ("keep_matching", ("named",))), "needs ('name',) before it"),
    ((("dig", 2, ("named",)), ("name",), ("keep", 2)), "needs ('name',) before it"),
    ((("name",), ("name",), ("reveal", 2), ("keep_matching", ("named",))), "named only once"),
    ((("reveal", 0), ("keep", 1)), "one count"),
    ((("draw", "Y"),), "one count"),
    ((("dig", 2), ("keep", 1)), "a count and a condition"),
    ((("dig", 2, ("gems", ("ruby",))), ("keep", 1)), "tuple of gem ids"),
    ((("dig", 2, ("gems", ("electrum", "obsidian"))), ("keep", 1)), "ALL_GEMS order"),
    ((("dig", 2, ("shiny",)), ("keep", 1)), "unknown condition"),
    ((("steal", 1),), "unknown step"),
    ((("swap_places",), ("draw", 1)), "whole ability"),
    ([("draw", 2)], "tuple of steps"),
])
def test_check_ability_names_the_problem(ability, problem):
    with pytest.raises(ValueError, match=problem.replace("(", r"\(").replace(")", r"\)")):
        C.check_ability(ability)


def test_check_ability_accepts_the_contract_examples():
    for ability in [
        (),
        (("dig", 3, ("gems", ("star_tear", "fire_ruby"))), ("keep", 2)),
        (("name",), ("reveal", 3), ("keep_matching", ("named",))),
        (("discard", "X"), ("draw", "X+1")),
        (("move_room",),),
    ]:
        C.check_ability(ability)


# ------------------------------------------------------------------ skills

CONTRACT_SKILLS = {
    "harmonization": "payment", "transmutation": "payment", "evocation": "payment", "permeation": "payment",
    "thrift": "payment", "alloying": "payment", "resonance": "payment", "attunement": "payment",
    "long_legs": "movement", "sure_footing": "movement", "cart_whistle": "movement", "mirror_step": "movement",
    "deep_pockets": "hand", "prospector": "action", "keen_eye": "action", "scavenger": "action",
    "kinship": "action", "surveyor": "building", "foreman": "building", "lodestar": "building",
}


def test_twenty_skills_of_the_contract():
    assert {s.id: s.kind for s in C.SKILLS} == CONTRACT_SKILLS
    assert [s.id for s in C.SKILLS] == list(CONTRACT_SKILLS)
    assert C.SKILL_BY_ID == {s.id: s for s in C.SKILLS}
    for skill in C.SKILLS:
        assert skill.name == skill.id.replace("_", " ").title()
        assert skill.text.endswith(".") and skill.text.count(". ") == 0, "one sentence"
    named = {s.id for s in C.SKILLS if not s.invented}
    assert named == {"harmonization", "transmutation", "evocation", "permeation"}


# ------------------------------------------------------------------ text helpers

def test_card_and_door_text():
    assert C.card_text(0) == "Obsidian + Permafrost"
    assert C.card_text(74) == "Star Tear + Warpstone"
    assert C.door_text(C.Door(("electrum", "obsidian", "permafrost"), 2)) == "Obsidian + Permafrost + Electrum"
    assert C.door_text(C.Door(("obsidian", "obsidian"), 1)) == "Obsidian + Obsidian"
    assert C.door_text(C.Door((), 0)) == "nothing"
    assert C.door_text(None) == "wall"


def test_ability_text_reads_as_words():
    text = C.ability_text
    assert text(()) == ""
    assert text((("draw", 2),)) == "Draw 2 cards."
    assert text((("dig", 3, ("gems", ("star_tear", "fire_ruby"))), ("keep", 2))) == (
        "Dig for 3 cards showing Star Tear or Fire Ruby, keep 2 of them.")
    assert text((("name",), ("reveal", 3), ("keep_matching", ("named",)))) == (
        "Name a gem, reveal 3 cards, keep those showing the named gem.")
    assert text((("discard", "X"), ("draw", "X+1"))) == "Discard X cards, draw X+1 cards."
    assert text((("dig", 1, ("special",)), ("keep", 1))) == "Dig for 1 card showing a special gem, keep it."
    assert text((("reveal", 3), ("keep", 1), ("reveal", 2), ("keep", 1))) == (
        "Reveal 3 cards, keep 1 of them, reveal 2 cards, keep 1 of the face-up cards.")
    assert text((("swap_places",),)) == "Swap places with any other dwarf."
    for room in C.ROOMS:
        assert "_" not in room.text and "(" not in room.text


# ------------------------------------------------------------------ the stored file

def test_json_is_what_the_generator_writes():
    gen = load_generator()
    data = gen.build()
    assert gen.dumps(data) == C.DATA_FILE.read_text()
    assert json.loads(C.DATA_FILE.read_text()) == json.loads(json.dumps(data))
