"""Goldmine Rumbles over whole seeded games (3 and 4 RandomBots): what each miner's view hides
(the others' missions, the pile below its top, unrevealed tiles the viewer did not peek at),
a peeked tile seen by its peeker alone, and purchases of Essentials beyond a miner's gold or
carry limit refused by those rules.

Why: lessons and a later board widget show ``view(p)`` to a person, so a leak there spoils the
game. Hypothesis draws the seeds; about 5 s on one core.

The protocol checks this file once made (saves that reload exactly, tampered saves refused,
refused actions that change nothing, replays that give the same game) live in the shared
conformance suite, tests/protocol/."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minegames.core import IllegalActionError, make_rng
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles.actions import BuyEssentials, Peek
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.decisions import ACTIVE_KINDS
from minegames.goldmine_rumbles.positions import new_game, position
from minegames.goldmine_rumbles.state import GoldmineRumbles

SEEDS = st.integers(0, 2**32 - 1)
PLAYERS = st.sampled_from([3, 4])
WHOLE_GAMES = settings(max_examples=6, deadline=None)
HIDDEN_FIELDS = ("players", "pile", "track")  # the only parts of a snapshot a view may change


# ---- playing -------------------------------------------------------------------------------
def decision_points(game: GoldmineRumbles, seed: int):
    """The game at each decision until it ends (then once more, over), RandomBots choosing.

    The caller may try actions at each point but must leave the game as it found it."""
    bots = [RandomBot(seed * 10 + p) for p in range(game.num_players)]
    while not game.is_over:
        yield game
        game.apply(bots[game.current_player].choose(game))
    yield game


def sampled_points(seed: int, players: int, share: float, long_game: bool = False):
    """About ``share`` of a seeded game's decision points, and its end, with the chooser that picked them."""
    chooser = random.Random(seed)
    game = new_game(seed=seed, players=players, long_game=long_game)
    for point in decision_points(game, seed):
        if point.is_over or chooser.random() < share:
            yield point, chooser


def view_text(game: GoldmineRumbles, viewer: int) -> str:
    return json.dumps(game.view(viewer), sort_keys=True)


# ---- 1. views ------------------------------------------------------------------------------
def check_view(game: GoldmineRumbles, viewer: int) -> None:
    """The view masks missions, the pile below its top and the unseen tiles, and is the snapshot otherwise."""
    seen, truth = game.view(viewer), game._snapshot()
    json.dumps(seen)  # a view is plain data, ready for a widget
    for q, sheet in enumerate(seen["players"]):
        assert sheet["mission"] == (truth["players"][q]["mission"] if q == viewer else None)
        assert {k: v for k, v in sheet.items() if k != "mission"} == {
            k: v for k, v in truth["players"][q].items() if k != "mission"}
    assert seen["pile"] == truth["pile"][:1] + [None] * (len(truth["pile"]) - 1)
    assert seen["pile"][:1] == ([game.claim_pile_top] if truth["pile"] else [])
    peeked = set(truth["players"][viewer]["peeked"])
    for i, tile in enumerate(truth["track"]):
        visible = i < truth["revealed"] or i in peeked
        assert seen["track"][i] == (tile if visible else None)
    assert seen["track"][:truth["revealed"]] == list(game.rumbles_revealed)
    assert {k: v for k, v in seen.items() if k not in HIDDEN_FIELDS} == {
        k: v for k, v in truth.items() if k not in HIDDEN_FIELDS}


def hidden_twin(game: GoldmineRumbles, viewer: int, rng: random.Random) -> GoldmineRumbles:
    """A copy that differs from ``game`` in everything ``viewer`` may not know: the others'
    missions, the order of the pile below its top, the unrevealed tiles the viewer did not
    peek at, and the random generator."""
    data = game._snapshot()
    for q, sheet in enumerate(data["players"]):
        if q != viewer:
            sheet["mission"] = (sheet["mission"] + rng.randrange(1, len(C.MISSIONS))) % len(C.MISSIONS)
    below = data["pile"][1:]
    data["pile"][1:] = below[1:] + below[:1]
    peeked = set(data["players"][viewer]["peeked"])
    spare = [t for t in C.TILE_NUMBERS if t not in data["track"]]
    rng.shuffle(spare)
    for i in range(data["revealed"], len(data["track"])):
        if i not in peeked:
            data["track"][i] = spare.pop()
    twin = game.copy()
    twin._restore(data)
    twin.rng = make_rng(rng.randrange(2**32))
    return twin


@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_views_hide_exactly_the_secrets_all_game_long(seed, players):
    game = new_game(seed=seed, players=players)
    for point in decision_points(game, seed):
        for viewer in range(players):
            check_view(point, viewer)


@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_views_do_not_change_when_only_hidden_details_do(seed, players):
    """Scanning the view for leaks: two states alike but for hidden details look the same to the viewer."""
    for point, chooser in sampled_points(seed, players, 0.2):
        viewer = chooser.randrange(players)
        twin = hidden_twin(point, viewer, chooser)
        assert view_text(twin, viewer) == view_text(point, viewer)
        other = (viewer + 1) % players  # the twin really differs: another miner sees their new mission
        assert twin.view(other)["players"][other]["mission"] != point.view(other)["players"][other]["mission"]
        before = point.to_json()
        point.view(viewer)["players"][viewer]["items"]["Bread"] = 99  # a view is a copy
        assert point.to_json() == before


@pytest.mark.parametrize("seed,players", [(0, 3), (1, 4), (2, 3), (3, 4), (7, 4)])
def test_a_peeked_tile_is_seen_by_its_peeker_alone_until_it_is_revealed(seed, players):
    peeker = position(seed=seed, players=players).turn_player
    hands = [{"items": {"Bread": 1}} for _ in range(players)]  # nobody else starts with a Detonator
    hands[peeker] = {"items": {"Detonator": 2, "Bread": 1}}
    game = position(hands, seed=seed, players=players)
    assert game.current_player == peeker and game.step == "turn"
    next_tile = game._snapshot()["track"][1]
    assert all(game.view(q)["track"][1] is None for q in range(players))

    game.apply(Peek(peeker, 2))
    assert game.player(peeker)["peeked"] == [1] and game.items(peeker)["Detonator"] == 1
    assert Peek(peeker, 2) not in game.legal_actions()  # the same tile cannot be peeked twice
    with pytest.raises(IllegalActionError):
        game.apply(Peek(peeker, 2))
    assert game.player(peeker)["peeked"] == [1] and game.items(peeker)["Detonator"] == 1

    checked_in_phase_two = 0
    for point in decision_points(game, seed):
        if len(point.rumbles_revealed) >= 2:
            break
        assert point.view(peeker)["track"][1] == next_tile
        for q in range(players):
            if q != peeker and 1 not in point.player(q)["peeked"]:
                assert point.view(q)["track"][1] is None
        checked_in_phase_two += point.phase == 2  # cubes are placed before the tile turns
    assert checked_in_phase_two >= players
    assert game.rumbles_revealed[1] == next_tile
    assert all(game.view(q)["track"][1] == next_tile for q in range(players))


# ---- 2. Essentials beyond gold or carry ---------------------------------------------------
def refused_by(game: GoldmineRumbles, action, rule: str) -> None:
    """``action`` is not legal, and applying it is refused by ``rule``."""
    assert not game.is_legal(action)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert refused.value.rule == rule


def essentials(count: int) -> tuple:
    return tuple(C.ESSENTIALS[i % len(C.ESSENTIALS)] for i in range(count))


@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_essentials_beyond_gold_or_carry_are_refused_all_game_long(seed, players):
    checked = 0
    for point, _ in sampled_points(seed, players, 0.15):
        if point.is_over or point.step not in ACTIVE_KINDS:
            continue
        p = point.current_player
        gold, room = point.gold(p), C.CARRY_LIMIT - sum(point.items(p).values())
        refused_by(point, BuyEssentials(p, essentials(gold + 1)), "essentials")
        if room < gold:
            refused_by(point, BuyEssentials(p, essentials(room + 1)), "carry limit")
        checked += 1
    assert checked, "the sampled points include a miner's turn"


@pytest.mark.parametrize("gold,hand,rule", [(1, {"Bread": 1}, "essentials"),
                                            (30, {"Bible": 3, "Pipe": 2, "Bread": 1}, "carry limit")])
def test_essentials_beyond_gold_or_carry_are_refused(gold, hand, rule):
    """The whole-game test meets these limits only when a miner is poor or full; here both are sure."""
    first = position(seed=4).turn_player
    miners = [{} for _ in range(4)]
    miners[first] = {"gold": gold, "items": hand}
    game = position(miners, seed=4)
    refused_by(game, BuyEssentials(first, essentials(2)), rule)
