"""The mine: geometry of ports and claim sites, rotating and turning tiles, junctions and
bridges, routes and Tunnel Plans jumps, Dynamite and Detonator, distances, JSON, and the SVG.

The tile set is generated (``data/make_components.py``) and may be re-tuned, so no example
mine is drawn by hand: a small search over seeded mines finds one that shows each behaviour,
and the test checks the behaviour on what was found. Only the grid (squares, ports, claim
sites) is fixed by the rules, so only grid positions are written out.
"""

import collections
import dataclasses
import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from minegames.core.errors import SaveFormatError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.components import MINE_TILES
from minegames.goldmine_rumbles.render_mine import mine_svg, tile_sheet_svg

SITES = C.CLAIM_SITES
HALT = M.point((1, 1), 5)  # the edge between the centre square and the square below it
RIM_POINT = M.Point((0, 0), 1)  # a rim port with no claim site


def seeded_mines(count=30, seed=2024):
    rng = np.random.default_rng(seed)
    return [M.Mine.random(rng) for _ in range(count)]


MINES = seeded_mines()
MINE = MINES[0]


def some_mines():
    """A few seeded mines, and three of them with a tile turned over."""
    mines = MINES[:4]
    return mines + [m.turned_over(n) for m, n in zip(mines, (3, 5, 9))]


def first_example(search, what):
    """The first thing ``search`` yields; a clear failure when the seeded mines show no such thing."""
    found = next(iter(search), None)
    if found is None:
        pytest.fail(f"no {what} in the {len(MINES)} seeded mines searched: has the tile set changed? "
                    "Widen the search in seeded_mines()")
    return found


def site_pairs(mines=MINES):
    for mine in mines:
        for a, b in itertools.permutations(SITES, 2):
            yield mine, a, b


def is_walk(mine, route, plans=0):
    """Whether every step of ``route`` is a move the mine offers from where the miner is (no two jumps in a row)."""
    jumped = False
    for here, step, there in zip(route.path, route.steps, route.path[1:]):
        if (step, there) not in M.moves(mine, here, plans, jumped):
            return False
        jumped = isinstance(step, M.Jump)
    return len(route.path) == len(route.steps) + 1


def cost(route):
    return len(route.hazards), len(route.steps)


def cheapest_by_relaxation(mine, origin, plans):
    """Fewest (rats and snakes, steps) to every position from ``origin``, by relaxing every move
    until nothing improves: a slow, plain check on :func:`M.best_route`'s search."""
    best = {(origin, False): (0, 0)}
    changed = True
    while changed:
        changed = False
        for (here, jumped), (hazards, steps) in list(best.items()):
            for step, target in M.moves(mine, here, plans, jumped):
                key = (target, isinstance(step, M.Jump))
                new = (hazards + bool(isinstance(step, M.Leg) and step.hazard), steps + 1)
                if new < best.get(key, (99, 0)):
                    best[key], changed = new, True
    result = {}
    for (where, _), found in best.items():
        result[where] = min(found, result.get(where, found))
    result.pop(origin)
    return result


def replays(mine, origin, journey):
    """Whether a journey's walks are walks and each blast hits a tile Dynamite may turn from
    where the miner stands; returns where it ends."""
    here = origin
    for part in journey.plan:
        if isinstance(part, M.Blast):
            assert part.cell in M.dynamite_targets(mine, here) and part.turns in (1, 2, 3)
            mine = mine.rotated(part.cell, part.turns)
        else:
            assert part.origin == here and is_walk(mine, part)
            here = part.destination
    assert mine == journey.mine
    return here


# ------------------------------------------------------------------ geometry

def test_rotation_is_a_port_permutation_of_period_four():
    for turns in range(4):
        image = [M.rotate_port(p, turns) for p in range(8)]
        assert sorted(image) == list(range(8))
        assert (image == list(range(8))) == (turns == 0)
    assert [M.rotate_port(p, 1) for p in (0, 2, 4, 6)] == [2, 4, 6, 0]  # top -> right -> bottom -> left


def test_rotating_a_tile_four_times_restores_the_mine():
    mine = M.Mine.standard()
    turned = [mine]
    for _ in range(4):
        turned.append(turned[-1].rotated((1, 1)))
    assert turned[4] == mine and len(set(turned[:4])) == 4
    assert [t.ends for t in turned[1].tunnels((1, 1))] == [
        tuple(e if isinstance(e, str) else (e + 2) % 8 for e in t.ends) for t in mine.tunnels((1, 1))]
    assert mine.new_orientations((0, 2)) == tuple(mine.rotated((0, 2), k) for k in (1, 2, 3))


def test_turning_over_has_period_two_and_keeps_number_square_and_orientation():
    mine = MINE
    for number in MINE_TILES:
        once = mine.turned_over(number)
        cell = mine.cell_of(number)
        assert once.cell_of(number) == cell
        assert once.at(cell) == mine.at(cell)._replace(face="dark")
        assert once.turned_over(number) == mine
        assert all(once.at(c) == mine.at(c) for c in M.CELLS if c != cell)
        rotation = mine.at(cell).rotation
        assert [t.ends for t in once.tunnels(cell)] == [t.ends for t in mine.tunnels(cell)]
        assert once.tunnels(cell) == M.placed_tunnels(M.Placement(number, "dark", rotation))


def test_shared_edges_pair_ports_and_the_rim_has_24_ports():
    rim = 0
    for cell, port in itertools.product(M.CELLS, range(8)):
        across = M.neighbour(cell, port)
        if across is None:
            rim += 1
            continue
        assert M.neighbour(*across) == (cell, port)
        assert M.port_edge(across[1]) == (M.port_edge(port) + 2) % 4
    assert rim == 24


def test_claim_sites_sit_on_the_rim_clockwise_with_starts_on_the_middle_tiles():
    ports = [M.site_port(s) for s in range(1, 17)]
    assert len(set(ports)) == 16 and all(M.neighbour(*p) is None for p in ports)
    assert ports[:4] == [((0, 0), 0), ((0, 1), 0), ((0, 1), 1), ((0, 2), 1)]  # top side, left to right
    assert [M.site_tile(s) for s in M.START_SITES] == [(0, 1), (1, 2), (2, 1), (1, 0)]
    for side in range(4):
        assert {M.port_edge(M.site_port(s)[1]) for s in range(4 * side + 1, 4 * side + 5)} == {side}
    assert M.point((2, 1), 5) == 11 and M.point((2, 1), 4) == 10


def test_points_are_canonical_from_either_tile():
    assert M.point((1, 1), 5) == M.point((2, 1), 0) == HALT
    assert M.point((0, 0), 1) == RIM_POINT
    with pytest.raises(ValueError):
        M.best_route(MINE, M.Point((2, 1), 0), 3)


def test_distances_for_phase_injuries():
    assert M.distance((0, 0), (2, 2)) == 4 and M.distance((1, 1), (0, 1)) == 1
    mine = M.Mine.standard()  # tile n on square divmod(n - 1, 3)
    centre = {s: M.site_distance(mine, s, 5) for s in range(1, 17)}
    assert {s for s, d in centre.items() if d == 1} == {2, 3, 6, 7, 10, 11, 14, 15}
    assert {s for s, d in centre.items() if d == 2} == {1, 4, 5, 8, 9, 12, 13, 16}
    corner = {s: M.site_distance(mine, s, 1) for s in range(1, 17)}
    assert {s for s, d in corner.items() if d == 0} == {1, 16}
    assert {s for s, d in corner.items() if d == 1} == {2, 3, 14, 15}
    side = {s: M.site_distance(mine, s, 2) for s in range(1, 17)}
    assert {s for s, d in side.items() if d == 0} == {2, 3}
    # phase 2 onwards: next to the turned tile 5 injuries, one away 3, two away 1, further 0
    assert [dice_rules.phase_injuries(side[s], 2) for s in (3, 4, 6, 9)] == [5, 3, 1, 0]


# ------------------------------------------------------------------ junctions and bridges

def tile_legs(mine, number, port):
    """Where a miner at ``port`` of tile ``number`` (board frame) can walk on that tile."""
    here = M.point(mine.cell_of(number), port)
    return {(step.start, step.end): (step.hazard, target) for step, target in M.moves(mine, here)
            if isinstance(step, M.Leg) and step.tile == number and step.start == port}


def test_a_junction_lets_a_miner_leave_by_any_other_end():
    junctions = [(n, t) for n, tile in MINE_TILES.items() for t in tile.light if t.is_junction]
    assert junctions, "the tile set has tunnels that meet at junctions"
    standard = M.Mine.standard()
    for number, tunnel in junctions:
        cell = standard.cell_of(number)
        for turns in range(4):
            mine = standard.rotated(cell, turns)
            ends = [M.rotate_port(p, turns) for p in tunnel.ends]
            for end in ends:
                legs = tile_legs(mine, number, end)
                assert set(legs) == {(end, other) for other in ends if other != end}, (number, turns, end)
                assert all(legs[(end, other)] == (tunnel.hazard, M.point(cell, other)) for other in ends if other != end)
    # so, unlike a plain tunnel, a junction can lead a claim site to two others
    first_example((a for mine in MINES for a in SITES if len(M.reachable_sites(mine, a)) >= 2),
                  "claim site with ways to two others")


def test_crossing_tunnels_are_bridges_a_miner_cannot_switch_at():
    crossings = [(n, face, a, b) for n, tile in MINE_TILES.items() for face in C.FACES
                 for a, b in itertools.permutations(tile.face(face), 2)
                 if not (a.collapsed or b.collapsed) and C.tunnels_cross(a, b)]
    if not crossings:  # no bridges in this tile set: only the crossing rule itself is left to check
        assert C.tunnels_cross(C.Tunnel((0, 4)), C.Tunnel((2, 6)))
        return
    plain = [c for c in crossings if not (c[2].is_junction or c[3].is_junction)]
    for number, face, over, under in plain[:1] + crossings:  # two plain tunnels crossing first, if any
        mine = M.Mine.standard()
        mine = mine.turned_over(number) if face == "dark" else mine
        for port in over.ports:
            legs = tile_legs(mine, number, port)
            assert {end for _, end in legs} == set(over.other_ends(port)), (number, face, over, under)
            assert not {end for _, end in legs} & set(under.ports)


def test_a_walk_never_needs_to_pass_through_a_claim_site():
    """A site is a place like any other (a walk may come out at one and go back in along another
    branch of its junction), but without Dynamite that is never cheaper than the junction itself."""
    for mine in some_mines():
        for a in SITES:
            for where in M.reachable(mine, a):
                route = M.best_route(mine, a, where)
                assert route is not None and route.origin == a and route.destination == where
                assert not any(isinstance(p, int) for p in route.path[1:-1]), route
                assert route.sites == ((a, where) if isinstance(where, int) else (a,))
    assert M.best_route(MINE, 1, 1) is None  # no walk from a place to itself


# ------------------------------------------------------------------ routes

def test_walking_both_ways_gives_the_same_route_reversed():
    for mine in some_mines():
        for plans in range(4):
            reach = {s: M.reachable_sites(mine, s, plans) for s in SITES}
            for a, b in itertools.combinations(SITES, 2):
                there, back = M.best_route(mine, a, b, plans), M.best_route(mine, b, a, plans)
                assert (there is None) == (back is None) == (b not in reach[a]) == (a not in reach[b])
                if there is not None:
                    assert there.sites == (a, b) and cost(there) == cost(back)
                    assert is_walk(mine, there, plans) and is_walk(mine, there.reversed(), plans)
                    assert there.reversed().reversed() == there


def test_best_route_agrees_with_a_plain_relaxation_over_moves():
    """The search gives the cheapest walk to every position however many ways junctions open
    (on these mines a list of every walk would run for minutes)."""
    for mine in MINES[:2] + [MINES[2].turned_over(4)]:
        for plans in (0, 1, 3):
            for a in SITES:
                cheapest = cheapest_by_relaxation(mine, a, plans)
                assert set(cheapest) == M.reachable(mine, a, plans)
                for where in set(cheapest) | set(SITES) - {a}:
                    route = M.best_route(mine, a, where, plans)
                    if where not in cheapest:
                        assert route is None
                        continue
                    assert route is not None and cost(route) == cheapest[where], (a, where, plans)
                    assert is_walk(mine, route, plans)


def test_a_route_lists_what_it_passes():
    entrance, exit_ = M.Portal(7, "A"), M.Portal(9, "A")
    route = M.Route((1, entrance, exit_, M.point((0, 1), 4), HALT, 3),
                    (M.Leg(7, (0, 0), 0, "A", None), M.Jump(entrance, exit_), M.Leg(9, (0, 1), "A", 4, "snake"),
                     M.Leg(5, (1, 1), 0, 5, "rat"), M.Leg(1, (1, 1), 5, 1, "rat")))
    assert route.origin == 1 and route.destination == 3 and route.sites == (1, 3)
    assert route.jumps == (M.Jump(entrance, exit_),) and len(route.legs) == 4
    assert route.tiles == (7, 9, 5, 1) and route.hazards == ((9, "snake"), (5, "rat"), (1, "rat"))
    assert (route.rats, route.snakes) == (2, 1)
    back = route.reversed()
    assert back.path == route.path[::-1] and back.jumps == (M.Jump(exit_, entrance),)
    assert back.legs[0] == M.Leg(1, (1, 1), 1, 5, "rat") and back.hazards == route.hazards[::-1]


def test_turning_a_tile_over_only_closes_ways_and_closes_some():
    closed = []
    for mine in MINES[:3]:
        before = {s: M.reachable_sites(mine, s) for s in SITES}
        for number in MINE_TILES:
            after = mine.turned_over(number)
            for s in SITES:
                now = M.reachable_sites(after, s)
                assert now <= before[s], (number, s)
                closed += [(number, s)] if now < before[s] else []
    assert closed, "turning some tile over closes a way between claim sites"


# ------------------------------------------------------------------ Tunnel Plans

def test_tunnel_plans_open_exactly_the_allowed_jumps():
    allowed = {plans: {(a, b) for a, b in itertools.product("ABC", repeat=2) if M.jump_allowed(a, b, plans)}
               for plans in range(4)}
    assert allowed[0] == set()
    assert allowed[1] == {("A", "A")}
    assert allowed[2] == {("A", "A"), ("A", "B"), ("B", "A"), ("B", "B")}
    assert allowed[3] == set(itertools.product("ABC", repeat=2))


def test_jumps_from_an_entrance_follow_the_cubes():
    portals = MINE.portals()
    assert collections.Counter(p.letter for p in portals) == C.LETTER_COUNTS
    here = next(p for p in portals if p.letter == "A")

    def jumps(plans, after_jump=False):
        return {t for s, t in M.moves(MINE, here, plans, after_jump) if isinstance(s, M.Jump)}

    def lettered(*letters):
        return {p for p in portals if p.letter in letters and p != here}

    assert jumps(0) == set() and jumps(1) == lettered("A")
    assert jumps(2) == lettered("A", "B") and jumps(3) == lettered("A", "B", "C")
    assert jumps(3, after_jump=True) == set()  # one trip through the plans at a time


@pytest.mark.parametrize("cubes,letter", [(1, "A"), (2, "B"), (3, "C")])
def test_each_cube_of_tunnel_plans_opens_more_of_the_mine(cubes, letter):
    mine, a, b, route = first_example(
        ((mine, a, b, route) for mine, a, b in site_pairs()
         if M.best_route(mine, a, b, cubes - 1) is None
         for route in [M.best_route(mine, a, b, cubes)] if route is not None),
        f"pair of claim sites joined only with {cubes} Tunnel Plans cubes")
    assert route.jumps and is_walk(mine, route, cubes)
    assert all(M.jump_allowed(j.start.letter, j.end.letter, cubes) for j in route.jumps)
    assert any(letter in (j.start.letter, j.end.letter) for j in route.jumps)
    for fewer, more in zip(range(3), range(1, 4)):
        assert all(M.reachable_sites(mine, s, fewer) <= M.reachable_sites(mine, s, more) for s in SITES)


# ------------------------------------------------------------------ Dynamite and Detonator

def test_a_blast_turns_a_tile_and_opens_a_way():
    mine, a, b, journey = first_example(
        ((mine, a, b, journey) for mine, a, b in site_pairs() if M.best_route(mine, a, b) is None
         for journey in [M.plan_journey(mine, a, b, max_blasts=1)]
         if journey is not None and isinstance(journey.plan[0], M.Route)),
        "walk, blast and walk between claim sites")
    assert M.plan_journey(mine, a, b, max_blasts=0) is None
    walk, blast, rest = journey.plan
    halt = walk.destination
    assert cost(walk) == cost(M.best_route(mine, a, halt))
    assert blast.cell in M.dynamite_targets(mine, halt) and rest.destination == b
    assert journey.mine == mine.rotated(blast.cell, blast.turns) and replays(mine, a, journey) == b
    assert journey.blasts == 1 and journey.hazards == walk.hazards + rest.hazards
    # the same blast with another number of turns leads elsewhere
    reach = [M.reachable_sites(mine.rotated(blast.cell, k), halt) for k in range(4)]
    assert b not in reach[0] and b in reach[blast.turns]


def test_plan_journey_uses_the_fewest_blasts_and_no_more_than_allowed():
    mine, a, b, journey = first_example(
        ((mine, a, b, journey) for mine, a, b in site_pairs(MINES[:10])
         if M.best_route(mine, a, b) is None and M.plan_journey(mine, a, b, max_blasts=1) is None
         for journey in [M.plan_journey(mine, a, b, max_blasts=2)] if journey is not None),
        "pair of claim sites two blasts apart")
    assert journey.blasts == 2 and replays(mine, a, journey) == b
    mine, a, b, walk = first_example(
        ((mine, a, b, walk) for mine, a, b in site_pairs() for walk in [M.best_route(mine, a, b)] if walk),
        "walk between claim sites")
    (only,) = M.plan_journey(mine, a, b, max_blasts=2).plan  # a walk needs no blast
    assert cost(only) == cost(walk) and is_walk(mine, only)
    assert M.plan_journey(mine, a, b, max_blasts=0).blasts == 0


def test_dynamite_targets_only_tiles_a_tunnel_leads_onto():
    for site in SITES:
        assert M.dynamite_targets(MINE, site) == {M.site_tile(site)}  # the tile next to the claim
    assert M.dynamite_targets(MINE, RIM_POINT) == frozenset()  # a rim dead end: nothing across
    assert all(M.dynamite_targets(MINE, p) == frozenset() for p in MINE.portals())  # never through an entrance
    inner = {M.point(cell, port) for cell in M.CELLS for port in range(8) if M.neighbour(cell, port)}
    mine, here, number = first_example(
        ((mine, here, mine.at(cell).tile) for mine in MINES for here in sorted(inner)
         if all(mine.tunnel_at(*side) for side in M.sides(here))
         for cell, port in M.sides(here) if mine.turned_over(mine.at(cell).tile).tunnel_at(cell, port) is None),
        "edge point with open tunnels on both sides, one of which collapses on the dark face")
    assert M.dynamite_targets(mine, here) == {cell for cell, _ in M.sides(here)}
    blocked = mine.turned_over(number)
    # only from inside the other tile's tunnel, which leads onto the tile turned over; never the tile you are in
    assert M.dynamite_targets(blocked, here) == {blocked.cell_of(number)}


def test_detonator_reorders_a_line_without_turning():
    mine = MINE
    moved = mine.rearranged(("row", 1), (2, 0, 1))
    assert [moved.at((1, c)) for c in range(3)] == [mine.at((1, 2)), mine.at((1, 0)), mine.at((1, 1))]
    assert all(moved.at(c) == mine.at(c) for c in M.CELLS if c[0] != 1)
    column = mine.rearranged(("column", 2), (1, 0, 2))
    assert column.at((0, 2)) == mine.at((1, 2)) and column.at((1, 2)) == mine.at((0, 2))
    assert len(set(M.rearrangements(mine, ("row", 0)))) == 5 and mine not in M.rearrangements(mine, ("row", 0))
    assert M.detonator_lines(mine, 11) == (("row", 2), ("column", 1))
    assert M.detonator_lines(mine, 11, columns=False) == (("row", 2),)
    assert M.detonator_lines(mine, HALT) == (("row", 1), ("row", 2), ("column", 1))
    with pytest.raises(ValueError):
        mine.rearranged(("row", 0), (0, 0, 1))


# ------------------------------------------------------------------ values and JSON

def test_mine_is_an_immutable_hashable_json_value():
    mine = M.Mine.random(np.random.default_rng(3))
    assert M.Mine.random(np.random.default_rng(3)) == mine
    assert all(p.face == "light" for p in mine.grid)
    assert M.Mine.from_json(mine.to_json()) == mine and hash(M.Mine.from_json(mine.to_json())) == hash(mine)
    assert len({mine, M.Mine.from_json(mine.to_json()), mine.rotated((0, 0))}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        mine.grid = ()
    with pytest.raises(ValueError):
        M.Mine(tuple(M.Placement(1) for _ in range(9)))
    with pytest.raises(SaveFormatError):
        M.Mine.from_json([[1, "light"]])


def test_positions_round_trip_through_json():
    for position in (7, HALT, RIM_POINT, MINE.portals()[0]):
        assert M.position_from_json(M.position_to_json(position)) == position
    for bad in (0, True, ["point", 2, 1, 0], ["portal", 9, "D"], ["tunnel"]):
        with pytest.raises(SaveFormatError):
            M.position_from_json(bad)


# ------------------------------------------------------------------ drawing

def test_svg_draws_every_tile_site_route_and_pawn():
    mine, a, route = first_example(
        ((mine, a, route) for mine, a, b in site_pairs() for route in [M.best_route(mine, a, b, 1)]
         if route is not None and route.jumps),
        "route with a Tunnel Plans jump")
    number = next(n for n in MINE_TILES if n not in route.tiles)  # turned over, off the route
    portal = mine.portals()[0]
    root = ET.fromstring(mine_svg(mine.turned_over(number), route=route, pawns={"Red": a, "Blue": HALT},
                                  clayton=portal))
    tooltips = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert sum(t.startswith("tile ") for t in tooltips) == 9
    turned = mine.at(mine.cell_of(number)).rotation * 90
    assert f"tile {number}, dark face, turned {turned} degrees" in tooltips
    assert sum(t.startswith("claim site ") for t in tooltips) == 16
    assert {f"Red at claim site {a}", f"Papa Clayton at entrance {portal.letter} of tile {portal.tile}"} <= set(tooltips)
    sheet = ET.fromstring(tile_sheet_svg())
    assert sum(t.text.startswith("tile ") for t in sheet.iter("{http://www.w3.org/2000/svg}title")) == 18
