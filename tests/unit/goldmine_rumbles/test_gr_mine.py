"""The mine: geometry of ports and claim sites, rotating and turning tiles, routes and
Tunnel Plans jumps, Dynamite and Detonator, distances, JSON, and the SVG.

Two hand-built mines are used. ``DYNAMITE_EXAMPLE`` replays the rulebook's route example
(claim 11 to claim 3 across tile 4, one blast on tile 7); ``PLANS_MINE`` has a claim
whose only tunnel ends at an A entrance, so each Tunnel Plans cube opens more.
"""

import dataclasses
import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from minegames.core.errors import SaveFormatError
from minegames.goldmine_rumbles import dice_rules
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.components import MINE_TILES
from minegames.goldmine_rumbles.render_mine import mine_svg, tile_sheet_svg

# Grid squares (row, column); a tile's board-frame ports 0..7 run clockwise from its top-left port.
#
#                       claim 3
#                          ^
#     +---------+---------+---------+
#     | tile 2  | tile 9  | tile 6  |   after the blast, from the halt below tile 7:
#     |   4 -> 3|6 -> 1 S |         |     7: 5 -> 7   (into tile 1's right edge)
#     +----^----+---------+---------+     1: 2 -> 1    (up into tile 2)
#     | tile 1  | tile 7  | tile 3  |     2: 4 -> 3    (right into tile 9)
#     |   1 <- 2|7 <- 5   |         |     9: 6 -> 1    (up to claim 3; a snake, S)
#     +---------+----^----+---------+
#     | tile 8  | tile 4  | tile 5  |   before it: claim 11 -> tile 4: 5 -> 0, halt at
#     |         |   0     |         |   the edge below tile 7, whose tunnel there
#     |         |   ^ 5   |         |   (5 -> 2, with a rat) leads away from claim 3.
#     +---------+----^----+---------+
#                    claim 11
DYNAMITE_EXAMPLE = M.Mine.from_json([[2, "light", 1], [9, "light", 3], [6, "light", 2],
                                     [1, "light", 3], [7, "light", 2], [3, "light", 0],
                                     [8, "light", 1], [4, "light", 3], [5, "light", 1]])
HALT = M.Point((1, 1), 5)  # the edge between tile 7 (above) and tile 4 (below)

PLANS_MINE = M.Mine.from_json([[7, "light", 3], [1, "light", 1], [5, "light", 0],
                               [4, "light", 2], [3, "light", 2], [9, "light", 0],
                               [8, "light", 0], [2, "light", 2], [6, "light", 1]])


def some_mines(count=6, seed=2024):
    rng = np.random.default_rng(seed)
    mines = [M.Mine.random(rng) for _ in range(count)]
    return mines + [m.turned_over(n) for m, n in zip(mines, (3, 5, 9))]


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
    mine = DYNAMITE_EXAMPLE
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
    assert M.point((0, 0), 1) == M.Point((0, 0), 1)  # a rim port without a claim
    with pytest.raises(ValueError):
        M.routes(DYNAMITE_EXAMPLE, M.Point((2, 1), 0), 3)


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


# ------------------------------------------------------------------ routes

def test_the_rulebook_dynamite_example():
    mine = DYNAMITE_EXAMPLE
    assert M.routes(mine, 11, 3) == () and M.plan_journey(mine, 11, 3, max_blasts=0) is None
    (walk,) = M.routes(mine, 11, HALT)
    assert walk.tiles == (4,) and walk.steps[0] == M.Leg(4, (2, 1), 5, 0, None)
    assert M.dynamite_targets(mine, HALT) == {(1, 1), (2, 1)}
    journey = M.plan_journey(mine, 11, 3, max_blasts=1)
    first, blast, second = journey.plan
    assert first == walk and blast == M.Blast((1, 1), 2)
    assert second.tiles == (7, 1, 2, 9) and second.destination == 3
    assert [(leg.start, leg.end) for leg in second.legs] == [(5, 7), (2, 1), (4, 3), (6, 1)]
    assert journey.hazards == ((9, "snake"),) and journey.blasts == 1
    assert journey.mine == mine.rotated((1, 1), 2)
    # the same blast with another number of turns leads elsewhere
    assert [sorted(M.reachable_sites(mine.rotated((1, 1), k), 11)) for k in range(4)] == [[5], [7], [3], []]


def test_routes_are_symmetric():
    for mine in some_mines() + [PLANS_MINE]:
        for plans in range(4):
            for a, b in itertools.combinations(range(1, 17), 2):
                forward = M.routes(mine, a, b, plans)
                assert {r.reversed() for r in forward} == set(M.routes(mine, b, a, plans))
                assert all(r.sites == (a, b) for r in forward)


def test_without_plans_a_claim_reaches_at_most_one_other():
    for mine in some_mines():
        for a in range(1, 17):
            sites = M.reachable_sites(mine, a)
            assert len(sites) <= 1
            assert all(len(M.routes(mine, a, b)) == 1 for b in sites)
            assert all(M.reachable_sites(mine, b) == {a} for b in sites)


def test_a_route_lists_what_it_passes():
    (route,) = M.routes(PLANS_MINE, 1, 3, tunnel_plans=1)
    assert route.path[:3] == (1, M.Portal(7, "A"), M.Portal(9, "A"))
    assert route.jumps == (M.Jump(M.Portal(7, "A"), M.Portal(9, "A")),)
    assert route.tiles == (7, 9, 5, 1) and route.hazards == ((1, "snake"),)
    assert (route.rats, route.snakes) == (0, 1) and route.sites == (1, 3)
    assert M.routes(PLANS_MINE, 1, 1) == (M.Route((1,), ()),)


def test_turning_a_tile_over_closes_routes():
    before = {s: M.reachable_sites(DYNAMITE_EXAMPLE, s) for s in range(1, 17)}
    after = DYNAMITE_EXAMPLE.turned_over(3)  # tile 3's dark face collapses two tunnels
    changed = {s for s in range(1, 17) if M.reachable_sites(after, s) != before[s]}
    assert changed == {5, 11} and before[11] == {5}
    assert M.reachable_sites(after, 11) == frozenset()


# ------------------------------------------------------------------ Tunnel Plans

def test_tunnel_plans_open_exactly_the_allowed_jumps():
    allowed = {plans: {(a, b) for a, b in itertools.product("ABC", repeat=2) if M.jump_allowed(a, b, plans)}
               for plans in range(4)}
    assert allowed[0] == set()
    assert allowed[1] == {("A", "A")}
    assert allowed[2] == {("A", "A"), ("A", "B"), ("B", "A"), ("B", "B")}
    assert allowed[3] == set(itertools.product("ABC", repeat=2))


def test_each_cube_of_tunnel_plans_opens_more_of_the_mine():
    reach = [sorted(M.reachable_sites(PLANS_MINE, 1, plans)) for plans in range(4)]
    assert reach == [[], [3], [2, 3], [2, 3, 11]]
    (to_b,) = M.routes(PLANS_MINE, 1, 2, 2)
    assert to_b.jumps == (M.Jump(M.Portal(7, "A"), M.Portal(1, "B")),)
    (to_c,) = M.routes(PLANS_MINE, 1, 11, 3)
    assert to_c.jumps == (M.Jump(M.Portal(7, "A"), M.Portal(8, "C")),)
    jumps = {plans: {t for s, t in M.moves(PLANS_MINE, M.Portal(7, "A"), plans) if isinstance(s, M.Jump)}
             for plans in range(4)}
    assert jumps[0] == set()
    assert jumps[1] == {M.Portal(9, "A"), M.Portal(2, "A")}
    assert jumps[2] == jumps[1] | {M.Portal(1, "B")}
    assert jumps[3] == jumps[2] | {M.Portal(8, "C")}
    assert not any(isinstance(s, M.Jump) for s, _ in M.moves(PLANS_MINE, M.Portal(7, "A"), 3, after_jump=True))
    assert all(not any(isinstance(a, M.Jump) and isinstance(b, M.Jump) for a, b in zip(r.steps, r.steps[1:]))
               for d in range(1, 17) for r in M.routes(PLANS_MINE, 1, d, 3))


# ------------------------------------------------------------------ Dynamite and Detonator

def test_dynamite_targets():
    mine = DYNAMITE_EXAMPLE
    assert M.dynamite_targets(mine, 11) == {(2, 1)}  # the tile next to the claim
    assert M.dynamite_targets(mine, HALT) == {(1, 1), (2, 1)}  # open tunnels on both sides
    blocked = mine.turned_over(7)  # tile 7's tunnel at that edge has collapsed
    assert blocked.tunnel_at((1, 1), 5) is None
    assert M.dynamite_targets(blocked, HALT) == {(1, 1)}  # only from inside tile 4's tunnel
    assert M.dynamite_targets(mine, M.Point((0, 0), 1)) == frozenset()  # a rim dead end: nothing across
    assert M.dynamite_targets(mine, M.Portal(2, "A")) == frozenset()  # never through an entrance


def test_detonator_reorders_a_line_without_turning():
    mine = DYNAMITE_EXAMPLE
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
    for position in (7, HALT, M.Point((0, 0), 1), M.Portal(9, "A")):
        assert M.position_from_json(M.position_to_json(position)) == position
    for bad in (0, True, ["point", 2, 1, 0], ["portal", 9, "D"], ["tunnel"]):
        with pytest.raises(SaveFormatError):
            M.position_from_json(bad)


# ------------------------------------------------------------------ drawing

def test_svg_draws_every_tile_site_route_and_pawn():
    (route,) = M.routes(PLANS_MINE, 1, 3, tunnel_plans=1)
    root = ET.fromstring(mine_svg(PLANS_MINE.turned_over(4), route=route, pawns={"Red": 1, "Blue": HALT},
                                  clayton=M.Portal(9, "A")))
    tooltips = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert sum(t.startswith("tile ") for t in tooltips) == 9
    assert "tile 4, dark face, turned 180 degrees" in tooltips
    assert sum(t.startswith("claim site ") for t in tooltips) == 16
    assert {"Red at claim site 1", "Papa Clayton at entrance A of tile 9"} <= set(tooltips)
    sheet = ET.fromstring(tile_sheet_svg())
    assert sum(t.text.startswith("tile ") for t in sheet.iter("{http://www.w3.org/2000/svg}title")) == 18
