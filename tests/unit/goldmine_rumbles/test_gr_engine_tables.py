"""The engine's two tables: RULES (each action type's check and play functions) and the
Decision enum (every kind of decision the state waits on)."""

from __future__ import annotations

import json
import pathlib
import re

from minegames.goldmine_rumbles import ACTION_TYPES, Decision, load, new_game
from minegames.goldmine_rumbles.bots import RandomBot
from minegames.goldmine_rumbles.state import RULES

ENGINE = pathlib.Path(RULES[ACTION_TYPES[0]].do.__code__.co_filename).parent


def test_every_action_type_has_its_rule_functions():
    assert set(RULES) == set(ACTION_TYPES)
    for action_type, rule in RULES.items():
        assert callable(rule.do), action_type
        assert rule.check is None or callable(rule.check), action_type


def test_decisions_are_pushed_by_name_never_as_texts():
    source = "".join(path.read_text() for path in ENGINE.glob("*.py"))
    pushed = re.findall(r"(?<!def )_push\(\s*([^,\s]+)", source)
    assert pushed and all(re.fullmatch(r"Decision\.[A-Z_]+", name) for name in pushed), pushed
    named = {name.split(".")[1] for name in pushed}
    assert named <= set(Decision.__members__)


def test_a_decision_reads_and_saves_as_its_text():
    assert Decision.PARTNER_ITEMS == "partner items" and f"{Decision.WIND_DOWN}" == "wind down"
    assert json.dumps({"kind": Decision.ROUTE_OFFER}) == '{"kind": "route offer"}'
    assert {"turn": 1}[Decision.TURN] == 1


def test_random_games_wait_only_on_decision_members_and_saves_restore_them():
    seen = set()
    for seed in range(6):
        game = new_game(seed=seed, players=3 + seed % 2, paid_route_finders=seed % 2 == 0)
        bots = [RandomBot(seed * 10 + p) for p in range(game.num_players)]
        for turn in range(3000):
            if game.is_over:
                break
            kind = game.decision["kind"]
            assert type(kind) is Decision, kind
            seen.add(kind)
            if turn % 150 == 0:
                text = game.to_json()
                assert all(type(entry["kind"]) is str for entry in json.loads(text)["position"]["game"]["pending"])
                loaded = load(text)
                assert loaded == game and type(loaded.decision["kind"]) is Decision
            game.apply(bots[game.current_player].choose(game))
        assert game.is_over
    assert {Decision.PLACE_CUBES, Decision.TURN, Decision.TRAVEL, Decision.ITEMS, Decision.FIGHT} <= seen
