"""Goldmine Rumbles over whole seeded games (3 and 4 RandomBots): what each miner's view hides,
saves that reload exactly and tampered saves that are refused, illegal actions that change
nothing, and replays that give the same game.

Why: lessons and a later board widget show ``view(p)`` to a person, so a leak there spoils the
game; a save is how a lesson hands a position over, so it must come back exactly or not at all;
and the engine's all-or-nothing promise is what lets a learner try any move safely.
Hypothesis draws the seeds; about 10 s on one core."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minegames.core import Action, IllegalActionError, SaveFormatError, make_rng
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles.actions import ACTION_TYPES, BuyEssentials, Peek, Step
from minegames.core import play
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.engine_common import ACTIVE_KINDS
from minegames.goldmine_rumbles.positions import load, new_game, position
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


def played_game(seed: int, players: int, long_game: bool = False) -> GoldmineRumbles:
    game = play(new_game(seed=seed, players=players, long_game=long_game),
                     [RandomBot(seed * 10 + p) for p in range(players)])
    assert game.is_over
    return game


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

    game.apply(Peek(peeker))
    assert game.player(peeker)["peeked"] == [1] and game.items(peeker)["Detonator"] == 1
    assert Peek(peeker) not in game.legal_actions()  # the same tile cannot be peeked twice
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(Peek(peeker))
    assert game.to_json() == before

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


# ---- 2. saves ------------------------------------------------------------------------------
@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS, long_game=st.booleans())
def test_saves_reload_to_the_same_game_at_any_point(seed, players, long_game):
    for point, chooser in sampled_points(seed, players, 0.08, long_game):
        text = point.to_json()
        loaded = load(text)
        assert loaded == point and loaded.to_json() == text
        assert loaded.legal_actions() == point.legal_actions() and loaded.scores() == point.scores()
        assert loaded.history == point.history and loaded.step == point.step
        assert all(loaded.view(p) == point.view(p) for p in range(players))
        if not point.is_over:  # the dice to come are fated the same in both
            action = chooser.choice(point.legal_actions())
            loaded.apply(action)
            point.apply(action)
            assert loaded == point
            point.undo()


def tampered(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


def half_played_save(seed: int, players: int) -> str:
    """A save from somewhere in the first half of a seeded game, with at least one action in it."""
    chooser = random.Random(seed)
    game = new_game(seed=seed, players=players)
    stop = chooser.randrange(1, 60)
    for point in decision_points(game, seed):
        if len(point.history) >= stop:
            break
    return game.to_json()


@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS, pick=st.integers(0, 10**6))
def test_tampered_saves_are_refused(seed, players, pick):
    """The core replays every saved action: a rule broken on the way (IllegalActionError inside) or a
    position that does not follow from the actions is reported as SaveFormatError."""
    text = half_played_save(seed, players)
    actions = json.loads(text)["actions"]
    number = pick % len(actions)

    def someone_else_acts(data):
        entry = data["actions"][number]
        entry["player"] = (entry["player"] + 1) % players

    with pytest.raises(SaveFormatError, match=f"action {number + 1} .*whose decision"):
        load(tampered(text, someone_else_acts))

    def other_seed(data):
        data["start"]["rng"]["state"]["state"] += 1 + pick

    def other_hidden_tiles(data):
        track = data["start"]["game"]["track"]
        track[-1] = next(t for t in C.TILE_NUMBERS if t not in track)

    def richer_end(data):
        data["position"]["game"]["players"][0]["gold"] += 1

    def one_action_fewer(data):
        data["actions"].pop()

    def impossible_start(data):
        data["start"]["game"]["players"][0]["gold"] = -1

    def unknown_action(data):
        data["actions"][number]["type"] = "Teleport"

    for change in (other_seed, other_hidden_tiles, richer_end, one_action_fewer, impossible_start, unknown_action):
        with pytest.raises(SaveFormatError):
            load(tampered(text, change))
    assert load(text).to_json() == text  # the untouched save still loads


def test_a_save_with_a_wrongly_typed_action_field_is_refused():
    game = new_game(seed=1, players=3)
    for point in decision_points(game, 1):
        if point.history and type(point.history[-1]).__name__ == "BuyClaim":
            break
    number = len(game.history)

    def slot_as_text(data):
        data["actions"][number - 1]["slot"] = "x"

    with pytest.raises(SaveFormatError):
        load(tampered(game.to_json(), slot_as_text))


# ---- 3. illegal actions ----------------------------------------------------------------------
FAMILIES = (C.ITEM_NAMES, C.DASHBOARD_COLUMNS, ("own", "opponent", "both"), ("row", "column"))
SAMPLE_FIELDS = {  # one well-formed value per action field, to build an action of every kind
    "column": C.DASHBOARD_COLUMNS[0], "items": ("Bread",), "slot": 0, "to": 1, "row": 0, "col": 0,
    "turns": 1, "slots": (0, 1), "item": "Bread", "dice": "both", "square": 1, "die": 0,
    "source": C.DASHBOARD_COLUMNS[0], "give": "Flask", "take": "Bible", "line": "row", "index": 0,
    "order": (2, 1, 0), "claim": 1,
}


def wrong_values(name: str, value):
    """Values of the right shape for field ``name`` that differ from ``value``."""
    if name == "to":  # another claim site (a malformed position has its own test below)
        return [site for site in (1, 8, 16) if site != value]
    if isinstance(value, int):
        return [value + 1, value - 1, 99, -1]
    if isinstance(value, str):
        family = next((f for f in FAMILIES if value in f), ())
        return ["Nonsense"] + [f for f in family if f != value][:2]
    if isinstance(value, tuple):
        bigger = tuple(v + 3 if isinstance(v, int) else "Nonsense" for v in value)
        return [(), value + value[:1], bigger]
    raise AssertionError(f"unexpected field {name}={value!r}")


def illegal_candidates(game: GoldmineRumbles, rng: random.Random) -> list[Action]:
    """Not-legal variants of the moment: someone else's action, a legal action with a wrong field,
    actions of other kinds, and Essentials nobody could buy now."""
    p, legal = game.current_player, game.legal_actions()
    others = [q for q in range(game.num_players) if q != p]
    found: list[Action] = []
    for action in rng.sample(legal, min(5, len(legal))):
        found.append(dataclasses.replace(action, player=rng.choice(others)))
        if isinstance(action, BuyEssentials):
            continue  # only some purchases are listed; the wrong ones are built below
        for field in dataclasses.fields(action):
            if field.name != "player":
                found += [dataclasses.replace(action, **{field.name: wrong})
                          for wrong in wrong_values(field.name, getattr(action, field.name))]
    for kind in ACTION_TYPES:
        if kind is not BuyEssentials:
            values = {f.name: SAMPLE_FIELDS.get(f.name, C.DASHBOARD_COLUMNS[1] if f.type == "str" else others[0])
                      for f in dataclasses.fields(kind)}  # other fields name a player, or a column
            found.append(kind(**{**values, "player": p}))
    found += [BuyEssentials(p, ()), BuyEssentials(p, ("Bible",)), BuyEssentials(p, ("Nonsense",))]
    if game.step not in ACTIVE_KINDS:
        found.append(BuyEssentials(p, ("Bread",)))
    return [a for a in found if isinstance(a, BuyEssentials) or a not in legal]


def refuse_and_keep(game: GoldmineRumbles, action, rule: str | None = None) -> None:
    before = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert isinstance(refused.value.rule, str) and refused.value.rule.strip()
    if rule is not None:
        assert refused.value.rule == rule
    assert not game.is_legal(action)
    assert game.to_json() == before


def essentials(count: int) -> tuple:
    return tuple(C.ESSENTIALS[i % len(C.ESSENTIALS)] for i in range(count))


@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS)
def test_illegal_actions_are_refused_with_a_rule_and_change_nothing(seed, players):
    for point, chooser in sampled_points(seed, players, 0.15):
        if point.is_over:
            break
        p = point.current_player
        for action in illegal_candidates(point, chooser):
            refuse_and_keep(point, action, "whose decision" if action.player != p else None)
        refuse_and_keep(point, "P9 dances a jig", "not a legal action")
        if point.step in ACTIVE_KINDS:
            gold, room = point.gold(p), C.CARRY_LIMIT - sum(point.items(p).values())
            refuse_and_keep(point, BuyEssentials(p, essentials(gold + 1)), "essentials")
            if room < gold:
                refuse_and_keep(point, BuyEssentials(p, essentials(room + 1)), "carry limit")


@pytest.mark.parametrize("gold,hand,rule", [(1, {"Bread": 1}, "essentials"),
                                            (30, {"Bible": 3, "Pipe": 2, "Bread": 1}, "carry limit")])
def test_essentials_beyond_gold_or_carry_are_refused(gold, hand, rule):
    """The whole-game test meets these limits only when a miner is poor or full; here both are sure."""
    first = position(seed=4).turn_player
    miners = [{} for _ in range(4)]
    miners[first] = {"gold": gold, "items": hand}
    game = position(miners, seed=4)
    refuse_and_keep(game, BuyEssentials(first, essentials(2)), rule)


def test_a_step_to_no_such_place_is_an_illegal_action():
    game = new_game(seed=1, players=3)
    for point in decision_points(game, 1):
        if point.step == "travel":
            break
    refuse_and_keep(game, Step(game.current_player, 99))


# ---- 4. replays ------------------------------------------------------------------------------
@WHOLE_GAMES
@given(seed=SEEDS, players=PLAYERS, long_game=st.booleans())
def test_the_same_seed_and_actions_give_the_same_game(seed, players, long_game):
    game = played_game(seed, players, long_game)
    again = new_game(seed=seed, players=players, long_game=long_game)
    assert json.loads(again.to_json())["start"] == json.loads(game.to_json())["start"]
    for action in game.history:
        again.apply(action)
    assert again == game and again.to_json() == game.to_json() and again.scores() == game.scores()
    assert new_game(seed=seed + 1, players=players)._full_snapshot() != again._initial
