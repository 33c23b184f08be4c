"""Journeys in Goldmine Rumbles: a journey heads for its goal and never comes back to a place it
has passed until the mine changes, a claim site is a place a journey may pass, and the compass
(``mine.plan_journey``, ``route_plan``) finds exactly the ways the engine's steps allow.

The rulebook (p22, p24) sends the miner to the claim along any linked tunnels and gives a Poison for
each rat or snake passed. It does not say whether a journey may turn back; the reading (rules doc, Assumption 9) is
that it may not come back to a place until Dynamite or a Detonator changes the mine, so a rat or
snake between two places poisons at most once per way through the mine as it stands.

Examples are found by a search on the table's mine, as in test_gr_engine_turns.py."""

import itertools

import numpy as np
import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import Blast, BuyClaim, Decline, EndTurn, Step, Travel
from minegames.goldmine_rumbles.engine_common import position_key as _key
from minegames.goldmine_rumbles.positions import load, position

STANDARD = M.Mine.standard()
MINES = [STANDARD] + [M.Mine.random(np.random.default_rng(seed)) for seed in range(10)]


def first_mover(miner, store=(1, 2, 3, 4, 5), mine=STANDARD):
    """A 3-player position, P1 to play the first turn, on ``mine`` (its first Rumbles tile turned over)."""
    track = [t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"][:1] + [1, 2, 3]
    return position([miner], players=3, mine=mine, store=list(store), pile=[16, 15, 14], track=track)


def store_for(claim):
    return (claim,) + tuple(c for c in range(1, 14) if c != claim)[:4]


def steps(game):
    return {a.to for a in game.legal_actions() if isinstance(a, Step)}


def set_off(mine, start, claim, **miner):
    game = first_mover({"at": start, "injuries": 0, "poisons": 0, "items": {}, **miner},
                       store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0))
    assert game.step == "travel"
    return game


def tables():
    """(original mine, the mine on the table) for each searched mine."""
    for mine in MINES:
        yield mine, first_mover({}, mine=mine).mine


def hazard_first_step():
    """(mine, start, claim, place): a start site whose first tunnel has a rat or snake on it,
    leading to ``place``, and a claim elsewhere."""
    for mine, table in tables():
        for start in range(1, 14):
            for step, there in M.moves(table, start):
                if step.hazard and there != start:
                    claim = next(c for c in range(1, 14) if c not in (start, there))
                    return mine, start, claim, there
    pytest.fail("no start site with a rat or snake on its first tunnel: has the tile set changed?")


# ------------------------------------------------------------------ no coming back (bug: Poison 368)

def test_passing_a_rat_or_snake_and_stepping_back_is_refused_so_poison_cannot_pile_up():
    """Stepping back and forth past a rat or snake used to add a Poison each time without end."""
    mine, start, claim, there = hazard_first_step()
    game = set_off(mine, start, claim)
    game.apply(Step(0, _key(there)))  # no Bread, no Blunderbuss: the rat or snake poisons
    assert game.player(0)["poisons"] == 1 and game.positions[0] == there
    assert _key(start) not in steps(game)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Step(0, _key(start)))
    assert refused.value.rule == "no going back"
    assert game.to_json() == before  # a refused step changes nothing
    for _ in range(50):  # however long the miner goes on stepping, they never pass it again
        legal = [a for a in game.legal_actions() if isinstance(a, Step)]
        if game.step != "travel" or not legal:
            break
        game.apply(legal[0])
        if game.step in ("rat", "snake"):
            game.apply(Decline(0))
    assert game.player(0)["poisons"] <= 7  # each of the mine's rats and snakes at most once


def test_the_trail_survives_a_save_and_a_place_already_passed_stays_shut():
    mine, start, claim, there = hazard_first_step()
    game = set_off(mine, start, claim)
    game.apply(Step(0, _key(there)))
    again = load(game.to_json())
    assert _key(start) not in steps(again) and again.journey_trail() == game.journey_trail()
    assert game.journey_trail() == (frozenset({start, there}), False)


def test_after_a_blast_every_way_is_new_and_the_journey_may_come_back():
    """Dynamite changes the mine: the journey may then go where it has been (here: back to the start)."""
    for mine, table in tables():
        for start in range(1, 14):
            for _, there in M.moves(table, start):
                if isinstance(there, int):
                    continue
                # a tile next to ``there`` other than the start's own tile: blasting it keeps the way back
                targets = M.dynamite_targets(table, there) - {M.site_tile(start)}
                if targets:
                    cell = min(targets)
                    claim = next(c for c in range(1, 14) if c not in (start, there))
                    game = set_off(mine, start, claim, items={"Dynamite": 1}, gold=10)
                    game.apply(Step(0, _key(there)))
                    if game.step != "travel":
                        continue
                    assert _key(start) not in steps(game)
                    game.apply(Blast(0, cell[0], cell[1], 1))
                    assert _key(start) in steps(game) and game.journey_trail()[0] == {there}
                    game.apply(Step(0, _key(start)))
                    assert game.positions[0] == start
                    return
    pytest.fail("no step from a start site to a point next to another tile: has the tile set changed?")


def test_a_whole_walk_and_the_compass_never_go_back_along_the_trail():
    mine, start, claim, there = hazard_first_step()
    game = set_off(mine, start, claim)
    game.apply(Step(0, _key(there)))
    behind, jumped = game.journey_trail()
    plan = game.route_plan()
    if plan is not None:
        places = [p for part in plan.plan if isinstance(part, M.Route) for p in part.path[1:]]
        first_blast = next((i for i, part in enumerate(plan.plan) if isinstance(part, M.Blast)), len(plan.plan))
        before_blast = [p for part in plan.plan[:first_blast] for p in part.path[1:]]
        assert not set(before_blast) & behind and places
    if any(isinstance(a, Travel) for a in game.legal_actions()):
        walk = M.best_route(game.mine, there, claim, 0, jumped, behind)
        assert not set(walk.path[1:]) & behind


# ------------------------------------------------------------------ the compass and the steps agree (bug: "No way")

def test_a_journey_may_stop_at_a_claim_site_on_the_way_blast_and_go_on():
    """The compass used to treat every claim site but the start as a dead end, while the engine lets
    a miner walk to a site and blast from there: it called such journeys impossible."""
    for mine, table in tables():
        for start, claim in itertools.permutations(range(1, 14), 2):
            if M.best_route(table, start, claim) is not None:
                continue
            journey = M.plan_journey(table, start, claim, 0, 1)
            if journey is None or not isinstance(journey.plan[0], M.Route):
                continue
            halt = journey.plan[0].destination
            if not isinstance(halt, int) or halt == claim:
                continue
            game = set_off(mine, start, claim, items={"Dynamite": 1}, gold=10)
            assert game.route_plan(1) == journey
            for part in journey.plan:  # the engine allows every move the compass found
                if isinstance(part, M.Blast):
                    action = Blast(0, part.cell[0], part.cell[1], part.turns)
                    assert action in game.legal_actions()
                    game.apply(action)
                    continue
                for place in part.path[1:]:
                    assert _key(place) in steps(game)
                    game.apply(Step(0, _key(place)))
                    if game.step in ("rat", "snake"):
                        game.apply(Decline(0))
            assert game.positions[0] == claim and game.step == "items"
            return
    pytest.fail("no journey that blasts from a claim site on the way: has the tile set changed?")


def test_with_no_way_on_the_compass_says_so_and_the_engine_offers_only_giving_up_or_dynamite():
    """The tester's position: one step from the start into a place whose only way on is back."""
    for mine, table in tables():
        for start in range(1, 14):
            for _, there in M.moves(table, start):
                if any(t != start for _, t in M.moves(table, there)) or M.dynamite_targets(table, there):
                    continue
                claim = next(c for c in range(1, 14) if c not in (start, there))
                game = set_off(mine, start, claim, items={"Dynamite": 2}, gold=10)
                game.apply(Step(0, _key(there)))
                if game.step != "travel":
                    continue
                assert game.route_plan(2) is None and not steps(game)
                assert not any(isinstance(a, (Travel, Blast)) for a in game.legal_actions())
                assert EndTurn(0) in game.legal_actions()
                return
    pytest.skip("no start site opening onto a dead end in the searched mines")


def test_every_way_the_steps_allow_the_compass_finds_and_no_other():
    """From a place one step into a journey (trail: start, here), the places a walk can reach by the
    engine's rules (steps that never come back) are exactly those the compass finds a walk to."""
    for mine in MINES[:4]:
        for start in (3, 7, 11, 15):
            for _, here in M.moves(mine, start):
                behind = frozenset({start, here})
                reach, frontier = set(), [here]
                while frontier:  # the engine's rule: never into a place passed
                    for _, there in M.moves(mine, frontier.pop()):
                        if there not in behind and there not in reach:
                            reach.add(there)
                            frontier.append(there)
                for goal in set(range(1, 17)) - {here}:
                    journey = M.plan_journey(mine, here, goal, 0, 0, behind)
                    assert (journey is not None) == (goal in reach), (start, here, goal)
                    if journey is not None:
                        (walk,) = journey.plan
                        assert not set(walk.path[1:]) & behind
