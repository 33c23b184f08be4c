"""The mine's geometry: door sides under rotation, rotations allowed when building, one-way
passages, walks through tunnels (single, chained, into built rooms, into empty space, loops),
the build frontier, Mine Carts and step distances.

The rooms are made here from the component classes, so these tests do not depend on the
generated component data.
"""

import itertools

import pytest

from minegames.gem_rush.components import Door, Room
from minegames.gem_rush import mine as M
from minegames.gem_rush.mine import E, N, S, W


D = Door(("obsidian",), 1)
T = Door((), 0)


def room(rid, pattern, kind="action"):
    """A room from a 4-letter pattern: 'd' a door, '.' a wall, in the order N E S W."""
    return Room(rid, rid.replace("_", " ").title(), kind, tuple(D if c == "d" else None for c in pattern))


def tunnel(rid, links):
    return Room(rid, rid.title(), "tunnel", (T, T, T, T), links)


ROOMS = {r.id: r for r in [
    room("all", "dddd"), room("north", "d..."), room("ns", "d.d."), room("ne", "dd.."),
    room("three", "ddd."), room("blank", "...."),
    room("cart", "dddd", "mine_cart"), room("cart_n", "d...", "mine_cart"),
    room("mirror", "dddd", "movement"), room("elevator", "dddd", "free"),
    tunnel("straight", ((N, S), (E, W))),       # a cross: N-S and E-W
    tunnel("curves", ((N, E), (S, W))),          # two bends
]}


def test_sides_steps_and_opposites():
    assert M.STEP[N] == (0, -1) and M.STEP[S] == (0, 1)  # y grows southward
    assert M.neighbour((2, 3), E) == (3, 3) and M.neighbour((2, 3), W) == (1, 3)
    for side in range(4):
        assert M.OPPOSITE[M.OPPOSITE[side]] == side
        assert M.neighbour(M.neighbour((0, 0), side), M.OPPOSITE[side]) == (0, 0)


def test_door_at_turns_with_the_tile():
    # "north" has its only door printed on its North side; each quarter turn clockwise moves it on
    for r, side in zip(range(4), (N, E, S, W)):
        mine = {(0, 0): ("north", r)}
        assert [M.door_at(mine, (0, 0), s, ROOMS) is not None for s in range(4)] == [s == side for s in range(4)]
    assert M.door_at({}, (0, 0), N, ROOMS) is None  # empty square


def test_world_links_turn_with_the_tile():
    assert M.world_links(ROOMS["curves"], 1) == ((E, S), (W, N))
    assert M.tunnel_exit(ROOMS["curves"], 1, W) == N
    assert M.tunnel_exit(ROOMS["curves"], 0, W) == S


@pytest.mark.parametrize("pattern", ["".join(p) for p in itertools.product("d.", repeat=4)])
def test_rotation_count_equals_door_count(pattern):
    r = room("x", pattern)
    for back in range(4):
        rotations = M.legal_rotations(r, back)
        assert len(rotations) == pattern.count("d")
        for rot in rotations:  # each puts a door on the back side
            assert M.door_at({(0, 0): ("x", rot)}, (0, 0), back, {"x": r}) is not None


def test_tunnel_may_take_any_rotation():
    assert M.legal_rotations(ROOMS["curves"], S) == (0, 1, 2, 3)


def test_one_way_passage():
    # (0,0) shows a door east; (1,0) shows a wall west: passable east, not back west
    mine = {(0, 0): ("ne", 0), (1, 0): ("north", 0)}
    assert E in M.moves_from(mine, (0, 0), ROOMS)
    landing = M.moves_from(mine, (0, 0), ROOMS)[E]
    assert landing == M.Landing((1, 0), False, W)
    assert W not in M.moves_from(mine, (1, 0), ROOMS)
    assert M.shortest_steps(mine, (0, 0), ROOMS) == {(0, 0): 0, (1, 0): 1}
    assert M.shortest_steps(mine, (1, 0), ROOMS) == {(1, 0): 0}


def test_one_tunnel_is_crossed_in_one_step():
    mine = {(0, 0): ("all", 0), (1, 0): ("straight", 0), (2, 0): ("all", 0)}
    landing = M.follow(mine, (0, 0), E, ROOMS)
    assert landing == M.Landing((2, 0), False, W, ((1, 0),))
    assert M.shortest_steps(mine, (0, 0), ROOMS)[(2, 0)] == 1
    assert (1, 0) not in M.shortest_steps(mine, (0, 0), ROOMS)  # nobody stops in a tunnel


def test_a_chain_of_tunnels_with_a_bend():
    # east through a cross, then a bend turned so West joins South, then a cross going south
    mine = {(0, 0): ("all", 0), (1, 0): ("straight", 0), (2, 0): ("curves", 0), (2, 1): ("straight", 1),
            (2, 2): ("all", 0)}
    landing = M.follow(mine, (0, 0), E, ROOMS)
    assert landing.pos == (2, 2) and not landing.empty and landing.entered_side == N
    assert landing.tunnels == ((1, 0), (2, 0), (2, 1))
    assert M.shortest_steps(mine, (0, 0), ROOMS)[(2, 2)] == 1
    # and back the same way
    assert M.follow(mine, (2, 2), N, ROOMS).pos == (0, 0)


def test_a_tunnel_into_an_existing_room_needs_no_door_there():
    mine = {(0, 0): ("all", 0), (1, 0): ("straight", 0), (2, 0): ("north", 0)}  # wall on its West
    landing = M.follow(mine, (0, 0), E, ROOMS)
    assert landing.pos == (2, 0) and not landing.empty and landing.possible


def test_a_tunnel_into_empty_space_gives_the_build_side():
    mine = {(0, 0): ("all", 0), (1, 0): ("curves", 0)}  # West joins South
    landing = M.follow(mine, (0, 0), E, ROOMS)
    assert landing == M.Landing((1, 1), True, N, ((1, 0),))
    assert ((0, 0), E) in M.frontier(mine, ROOMS)
    # a room built there must face North with a door
    assert all(M.door_at({(1, 1): ("north", r)}, (1, 1), N, ROOMS) for r in M.legal_rotations(ROOMS["north"], N))


def test_a_new_tunnel_is_followed_by_following_the_same_door_again():
    mine = {(0, 0): ("all", 0)}
    assert M.follow(mine, (0, 0), E, ROOMS).empty
    mine[(1, 0)] = ("straight", 0)  # the tile drawn for the build was a tunnel
    assert M.follow(mine, (0, 0), E, ROOMS) == M.Landing((2, 0), True, W, ((1, 0),))


# "curves" has two looks: turned 0 or 2 it joins N-E and S-W, turned 1 or 3 E-S and W-N.
# Four bends in a square can close a circuit: top-left E-S, top-right S-W, bottom-right W-N,
# bottom-left N-E. Their other pairs all face outward.
RING = {(1, 0): ("curves", 1), (2, 0): ("curves", 0), (2, 1): ("curves", 1), (1, 1): ("curves", 0)}


def test_a_walk_may_cross_the_same_tunnel_twice():
    # in at the West of (1,0), round three bends and back into (1,0) from the East, out North
    mine = {(0, 0): ("all", 0), (1, 0): ("curves", 2), (1, 1): ("curves", 0), (2, 1): ("curves", 1),
            (2, 0): ("curves", 2)}
    out = M.follow(mine, (0, 0), E, ROOMS)
    assert out == M.Landing((1, -1), True, S, ((1, 0), (1, 1), (2, 1), (2, 0), (1, 0)))


def test_a_closed_circuit_of_bends_is_a_loop():
    # from outside the ring every way in meets an outward pair and comes straight out again
    mine = {**RING, (0, 0): ("all", 0)}
    assert M.follow(mine, (0, 0), E, ROOMS) == M.Landing((1, -1), True, S, ((1, 0),))
    # a walk that starts on the circuit itself never ends
    spin = M.follow(mine, (2, 0), W, ROOMS)
    assert spin.loop and not spin.possible and set(spin.tunnels) == set(RING)


def test_no_walk_from_a_room_can_loop():
    # each tunnel step can be undone, so a walk that started in a room can only repeat itself
    # by coming back to that room, where it stops: loops need a start on a tunnel
    import random

    rng = random.Random(7)
    for _ in range(300):
        mine = {(x, y): (rng.choice(["curves", "straight"]), rng.randrange(4))
                for x in range(4) for y in range(4) if rng.random() < 0.8}
        rooms_at = [(x, y) for x in range(4) for y in range(4) if (x, y) not in mine and rng.random() < 0.7]
        for pos in rooms_at:
            mine[pos] = ("all", 0)
        for pos in rooms_at:
            for side in range(4):
                assert M.follow(mine, pos, side, ROOMS).possible


def test_moves_from_skips_loops_and_walls():
    mine = {**RING, (0, 0): ("ns", 0)}
    assert set(M.moves_from(mine, (0, 0), ROOMS)) == {N, S}  # East and West are walls
    # a tunnel square on the circuit: its two ring doors loop, its two outer doors lead out
    assert set(M.moves_from(mine, (1, 0), ROOMS)) == {N, W}


def test_blocked_tunnel_side():
    rooms = dict(ROOMS)
    rooms["half"] = Room("half", "Half", "tunnel", (T, None, T, None), ((N, S),))
    mine = {(0, 0): ("all", 0), (1, 0): ("half", 0)}
    landing = M.follow(mine, (0, 0), E, rooms)
    assert landing.blocked and not landing.possible
    assert E not in M.moves_from(mine, (0, 0), rooms)


def test_frontier_lists_doors_into_empty_space():
    mine = {(0, 0): ("ne", 0), (1, 0): ("north", 0), (0, -1): ("blank", 0)}
    # (0,0): N leads to a built room, E to a built room; (1,0): N leads to empty (1,-1)
    assert set(M.frontier(mine, ROOMS)) == {((1, 0), N)}
    assert M.frontier(mine, ROOMS)[((1, 0), N)].entered_side == S


def test_frontier_walks_through_tunnels_but_not_from_them():
    mine = {(0, 0): ("north", 1), (1, 0): ("straight", 0)}  # door East into a cross
    front = M.frontier(mine, ROOMS)
    assert set(front) == {((0, 0), E)}
    assert front[((0, 0), E)].pos == (2, 0)


def test_empty_spaces_next_to():
    mine = {(0, 0): ("all", 0), (1, 0): ("elevator", 0)}
    assert set(M.empty_spaces_next_to(mine)) == {(-1, 0), (0, -1), (0, 1), (1, -1), (1, 1), (2, 0)}
    moved = M.empty_spaces_next_to(mine, ignore=(1, 0))
    assert set(moved) == {(-1, 0), (0, -1), (0, 1)}  # its own square and squares only it touched


def test_mine_carts_ride_free_once_there_are_two():
    line = {(x, 0): ("all", 0) for x in range(6)}
    assert M.shortest_steps(line, (0, 0), ROOMS)[(5, 0)] == 5
    one = {**line, (0, 0): ("cart", 0)}
    assert M.mine_carts(one, ROOMS) == ((0, 0),)
    assert M.shortest_steps(one, (0, 0), ROOMS)[(5, 0)] == 5
    two = {**one, (5, 0): ("cart", 0)}
    assert M.mine_carts(two, ROOMS) == ((0, 0), (5, 0))
    steps = M.shortest_steps(two, (1, 0), ROOMS)
    assert steps[(0, 0)] == 1 and steps[(5, 0)] == 1 and steps[(4, 0)] == 2
    assert M.shortest_steps(two, (1, 0), ROOMS, carts_free=False)[(5, 0)] == 4


def test_a_cart_with_a_single_door_still_rides():
    # a cart reached one way, ridden to another cart, walked on from there
    mine = {(0, 0): ("all", 0), (0, 1): ("cart_n", 0), (5, 5): ("cart", 0), (6, 5): ("all", 0)}
    steps = M.shortest_steps(mine, (0, 0), ROOMS)
    assert steps == {(0, 0): 0, (0, 1): 1, (5, 5): 1, (6, 5): 2}


def test_shortest_steps_through_tunnels_and_one_way():
    mine = {(0, 0): ("all", 0), (1, 0): ("straight", 0), (2, 0): ("all", 0), (2, 1): ("north", 0),
            (3, 0): ("all", 0)}
    steps = M.shortest_steps(mine, (0, 0), ROOMS)
    assert steps[(2, 0)] == 1 and steps[(3, 0)] == 2 and steps[(2, 1)] == 2


def test_bounds():
    assert M.bounds({(0, 0): ("all", 0), (-2, 3): ("all", 0)}) == (-2, 0, 0, 3)
    assert M.bounds({}) == (0, 0, 0, 0)
