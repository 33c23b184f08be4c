"""Gem Rush readings the rules doc lists (docs/rules/gem_rush.md, readings 23-27), each on a
hand-made position: movement rooms once per step and again as the action, no Warpstone build
from a tunnel's own doors, the Warpstone card's other gem pays, free rooms are not the action,
and Surveyor's two tiles are shown to everyone."""

from __future__ import annotations

import pytest

from minegames.core import IllegalActionError
from minegames.gem_rush import components, position
from minegames.gem_rush.actions import Build, EndMovement, MoveRoom, Place, UseRoom, WarpBuild
from minegames.gem_rush.gems import ELECTRUM, OBSIDIAN, WARPSTONE

TORCHLIT = "r01"     # N: Soulstone+Star Tear (1), E: 4 gems (3), S: 4 gems (3), W: Electrum (1)
DRILL = "r32"
RAIL_SWITCH = "r64"  # a movement room: Draw 1
ELEVATOR = "r68"     # a free room
CURVED_TUNNEL = "r77"  # joins N-E and S-W


def card(*gems: str) -> int:
    return next(c.id for c in components.GEM_CARDS if sorted(c.gems) == sorted(gems))


def test_a_movement_room_is_used_once_per_step_and_again_as_the_action():
    assert components.ROOM_BY_ID[RAIL_SWITCH].kind == "movement"
    game = position({(0, 0): (RAIL_SWITCH, 0), (0, 1): (TORCHLIT, 0)}, hands=[[0, 1, 2, 3], []],
                    at=[(0, 0), (0, 0)], skills="none")
    for steps_left in (2, 1, 0):
        game.apply(UseRoom())                       # each use costs a step
        assert game.steps_left == steps_left
    assert len(game.hand(0)) == 7 and UseRoom() not in game.legal_actions()   # no step left
    with pytest.raises(IllegalActionError) as refused:
        game.apply(UseRoom())
    assert refused.value.rule == "movement rooms"
    game.apply(EndMovement())
    game.apply(UseRoom())                           # and once more as the action
    assert len(game.hand(0)) == 8 and game.current == 1


def test_no_warpstone_build_starts_from_a_tunnels_own_door():
    # TORCHLIT's east door leads into the curved tunnel at (1, 0) and on to (1, 1): a warp build may
    # go through that door (it has a cost); the tunnel's own open doors (north, east) have none
    warp = card(ELECTRUM, WARPSTONE)
    game = position({(0, 0): (TORCHLIT, 0), (1, 0): (CURVED_TUNNEL, 0)}, hands=[[warp], []],
                    at=[(0, 0), (0, 0)], skills="none")
    builds = [a for a in game.legal_actions() if isinstance(a, WarpBuild)]
    assert builds and all((a.x, a.y) == (0, 0) for a in builds)
    for side in (0, 1):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(WarpBuild(1, 0, side, (warp,)))
        assert refused.value.rule == "Warpstone"


def test_the_other_gem_on_a_warpstone_card_pays_for_the_warp_build():
    # one card, Electrum + Warpstone: its Warpstone carries the build far from the dwarf, its
    # Electrum pays TORCHLIT's west door (Electrum, 1 point)
    warp = card(ELECTRUM, WARPSTONE)
    game = position({(0, 0): (TORCHLIT, 0), (0, 1): (DRILL, 0)}, hands=[[warp], []], at=[(0, 1), (0, 1)],
                    skills="none")
    assert WarpBuild(0, 0, 3, (warp,)) in game.legal_actions()
    game.apply(WarpBuild(0, 0, 3, (warp,)))
    assert game.players[0]["score"] == 1 and game.hand(0) == [] and game.steps_left == 3


def test_a_free_room_is_not_the_action():
    assert components.ROOM_BY_ID[ELEVATOR].kind == "free"
    game = position({(0, 0): (ELEVATOR, 0), (0, 1): (TORCHLIT, 0)}, hands=[[], []], at=[(0, 0), (0, 0)],
                    skills="none")
    assert any(isinstance(a, MoveRoom) for a in game.legal_actions())     # free, while moving
    game.apply(EndMovement())
    assert not any(isinstance(a, (MoveRoom, UseRoom)) for a in game.legal_actions())
    with pytest.raises(IllegalActionError) as refused:
        game.apply(UseRoom())
    assert refused.value.rule == "free rooms"


def test_surveyor_shows_both_drawn_tiles_to_everyone():
    hand = [card(ELECTRUM, OBSIDIAN)]
    game = position({(0, 0): (TORCHLIT, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)],
                    player_skills=[["surveyor"], []])
    for tile in ("r03", "r02"):
        game.rooms_left.remove(tile)
        game.rooms_left.append(tile)
    game.apply(Build(3, tuple(hand)))
    for seat in (0, 1):
        assert game.view(seat)["pending"]["tiles"] == ["r02", "r03"]
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Place) and a.room == "r03"))
    assert game.rooms_left[0] == "r02"          # the other lies, seen, at the bottom of the pile
