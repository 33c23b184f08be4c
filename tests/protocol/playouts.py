"""Seeded playouts with every protocol check after every action, for any registered game.

The conformance tests (``test_conformance.py``) call :func:`check_game`; the checks know
nothing of any one game: they read only the protocol (``legal_actions``, ``apply``,
``undo``, ``to_json``, ``GAMES[id].load`` ...), so a new game passes or fails them the
day it is registered.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

from minegames import GAMES
from minegames.core import SIMULTANEOUS, IllegalActionError, MinegamesError
from minegames.core.registry import GameInfo

#: how often a playout takes a uniformly random legal action instead of its bot's choice
WANDER = 0.25
#: a save is reloaded after each of the first actions, then every SAVE_EVERY actions (a load
#: replays the whole game, so loading after every action would cost the square of its length)
SAVE_FIRST, SAVE_EVERY = 40, 37
ACTION_LIMIT = 20_000
#: actions checked in full from the start of a game (later ones: one in ten)
EVERY_ACTION_FOR = 300
#: how many listed actions each step asks ``is_legal`` about (Out of Mine! lists hundreds)
LEGAL_SAMPLE = 25


def table_of_bots(info: GameInfo, state, seed: int) -> tuple[dict, Any]:
    """The game's weakest bot in every seat, and the table driver for phases where all act at once."""
    strength = "random" if "random" in info.bots else next(iter(info.bots))
    bots = {seat: info.bot(strength, seat, seed * 10 + seat) for seat in range(state.num_players)}
    return bots, state.table_driver(bots)


def next_action(state, bots, table, chooser: random.Random):
    """The bot's choice, or now and then any legal action (the bots alone would leave some
    rules untried)."""
    if chooser.random() >= WANDER:
        seat = state.current_player
        action = table.choose(state) if seat == SIMULTANEOUS else bots[seat].choose(state)
        if action is not None:
            return action
    legal = state.legal_actions()
    assert legal, "a game that is not over offers an action"
    return chooser.choice(legal)


def fingerprint(state) -> tuple:
    """The position and the history's length: all a refused action could have changed (cheaper than
    ``to_json``, which the undo checks use)."""
    return len(state.history), state._full_snapshot()


def unchanged_after_refusal(state, action, why: str) -> None:
    """Applying ``action`` must raise a model error (naming a rule) and change nothing."""
    before = fingerprint(state)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert refused.value.rule and refused.value.message, f"{why}: the refusal names its rule"
    assert fingerprint(state) == before, f"{why}: a refused action changed the state"


def wrong_player(state, action):
    """The same action by another seat, if the action names a player and that is not legal."""
    if not dataclasses.is_dataclass(action) or "player" not in {f.name for f in dataclasses.fields(action)}:
        return None
    for seat in range(state.num_players):
        if seat != action.player:
            try:
                other = dataclasses.replace(action, player=seat)
            except (TypeError, ValueError):
                continue
            if not state.is_legal(other):
                return other
    return None


MALFORMED = ("x", -1, 10**9, None, (), 1.5, True)


def malformed_versions(action):
    """The action with one field of a wrong type or out of range (those its class lets be made)."""
    for field in dataclasses.fields(action):
        for bad in MALFORMED:
            try:
                yield dataclasses.replace(action, **{field.name: bad})
            except (TypeError, ValueError, MinegamesError):
                continue  # refused when made, as it should be


def mutants(listed: list, seen: list, chooser: random.Random, count: int) -> list:
    """Actions of the right shape that may well be illegal: a listed or played action with one
    field taken from another action of the same kind (a tile put where another tile went)."""
    pool = listed + seen
    found = []
    for _ in range(count):
        base, donor = chooser.choice(pool), chooser.choice(pool)
        if type(base) is not type(donor) or not dataclasses.fields(base):
            continue
        field = chooser.choice(dataclasses.fields(base)).name
        try:
            found.append(dataclasses.replace(base, **{field: getattr(donor, field)}))
        except (TypeError, ValueError, MinegamesError):
            continue
    return found


def check_refusals(state, action, seen: list, foreign: list, chooser: random.Random) -> None:
    listed = state.legal_actions()
    legal = set(listed)
    assert len(legal) == len(listed), "legal_actions lists each action once"
    # is_legal agrees with legal_actions, on (a sample of) the legal list and on actions legal elsewhere
    for candidate in chooser.sample(listed, min(len(listed), LEGAL_SAMPLE)):
        assert state.is_legal(candidate), f"{candidate} is listed but is_legal says no"
    for candidate in chooser.sample(seen, min(len(seen), 12)) + mutants(listed, seen, chooser, 12):
        if isinstance(candidate, state.open_actions):
            continue
        assert state.is_legal(candidate) == (candidate in legal), candidate
        if candidate not in legal:
            unchanged_after_refusal(state, candidate, f"out of turn or phase: {candidate}")
    other = wrong_player(state, action)
    if other is not None:
        unchanged_after_refusal(state, other, f"wrong player: {other}")
    for bad in malformed_versions(action):
        if not state.is_legal(bad):  # a far-off number may still be legal (a long Tick)
            unchanged_after_refusal(state, bad, f"malformed: {bad!r}")
    for alien in foreign:
        unchanged_after_refusal(state, alien, f"another game's action: {alien}")
    unchanged_after_refusal(state, "no such action", "text of no legal action")


def check_undo(state, action, before, snap) -> None:
    """``snap`` is ``to_json`` (every check) or the cheaper :func:`fingerprint` (long mode)."""
    after = snap(state)
    if state.drew_on_chance():
        assert state.undo_refusal() is not None
        with pytest.raises(IllegalActionError) as refused:
            state.undo()
        assert refused.value.rule == "undo" and "seen" in refused.value.message
        assert snap(state) == after, "a refused undo changed the state"
    else:
        assert state.undo_refusal() is None
        assert state.undo() == action
        assert snap(state) == before, "undo of a choice restores the state exactly"
        state.apply(action)
        assert snap(state) == after, "re-applying a choice after undo gives the same state"


def check_view(state) -> None:
    for seat in range(state.num_players):
        json.dumps(state.view(seat))  # what a player sees is plain data
    assert isinstance(state.prompt(), str) and state.prompt()


def play_checked(info: GameInfo, players: int, seed: int, full_checks: bool = True):
    """One seeded game from ``new_game`` to its end, checking the protocol after each action."""
    state = info.new_game(seed=seed, players=players)
    bots, table = table_of_bots(info, state, seed)
    chooser = random.Random(seed)
    foreign = [other.new_game(seed=0).legal_actions()[0] for other in GAMES.values() if other is not info]
    seen: list = []
    check_view(state)
    assert state.undo_refusal() is not None  # nothing to undo yet
    for count in range(ACTION_LIMIT):
        if state.is_over:
            break
        # every check on every action of the first stretch, then on one action in ten (the
        # undo check on all): long games (a Rush of Gem Rush) stay affordable, ends included
        full = full_checks and (count < EVERY_ACTION_FOR or count % 10 == 0)
        snap = (lambda s: s.to_json()) if full else fingerprint
        action = next_action(state, bots, table, chooser)
        before = snap(state)
        if full:
            check_refusals(state, action, seen, foreign, chooser)
        state.apply(action)
        check_undo(state, action, before, snap)
        if full_checks and (count < SAVE_FIRST or count % SAVE_EVERY == 0):
            assert info.load(state.to_json()) == state, f"save after action {count + 1} reloads equal"
            check_view(state)
        seen = (seen + [action])[-200:]
    assert state.is_over, f"the game did not end within {ACTION_LIMIT} actions"
    assert state.legal_actions() == []
    assert info.load(state.to_json()) == state, "the finished game's save reloads equal"
    scores = state.scores()
    assert len(scores) == state.num_players and all(isinstance(s, int) for s in scores)
    return state


def first_number(data: Any, path: tuple = ()) -> tuple | None:
    """The path to the first whole number inside nested JSON data (to edit it)."""
    if isinstance(data, bool):
        return None
    if isinstance(data, int):
        return path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        found = first_number(value, path + (key,))
        if found is not None:
            return found
    return None


def edited(save: dict, where: str) -> dict | None:
    """A copy of ``save`` with one thing changed in its part ``where`` (None if nothing to change)."""
    copy = json.loads(json.dumps(save))
    if where == "seed":
        copy["seed"] += 1
        return copy
    if where == "actions":
        if not copy["actions"]:
            return None
        del copy["actions"][len(copy["actions"]) // 2]
        return copy
    if where in ("action field", "action player"):
        for raw in copy["actions"]:
            if where == "action player" and isinstance(raw.get("player"), int):
                raw["player"] = (raw["player"] + 1) % 4
                return copy
            fields = [name for name in raw if name != "type"]
            if where == "action field" and fields:
                raw[fields[0]] = {"not": "a value"}
                return copy
        return None
    if where == "options":
        for name, value in copy["options"].items():
            if isinstance(value, bool):
                copy["options"][name] = not value
                return copy
            if isinstance(value, int) and name != "players":
                copy["options"][name] = value + 1
                return copy
        return None
    path = first_number(copy[where])
    if path is None:
        return None
    target = copy[where]
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] += 1
    return copy


def check_edited_saves(info: GameInfo, state) -> None:
    """A save edited anywhere (seed, options, start, an action, the position) is refused."""
    save = json.loads(state.to_json())
    assert save["origin"] == "new_game"
    edits = 0
    for where in ("seed", "options", "start", "actions", "action field", "action player", "position"):
        changed = edited(save, where)
        if changed is None:
            continue
        edits += 1
        with pytest.raises(MinegamesError):
            info.load(json.dumps(changed))
    assert edits >= 4
