"""The GameState contract, on a toy game: apply is all-or-nothing, undo takes back
choices but never a seen roll, saves re-deal their start and re-check every action."""

import dataclasses
import json

import pytest

from minegames.core import (
    Action,
    ChanceSeenError,
    GameOverError,
    GameState,
    IllegalActionError,
    NothingToUndoError,
    OptionError,
    SaveFormatError,
    apply_all,
)


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    target: int = 10

    def __post_init__(self):
        if not isinstance(self.target, int) or self.target < 1:
            raise OptionError("target", "must be a whole number 1 or more")


@dataclasses.dataclass(frozen=True)
class Step(Action):
    size: int

    def __str__(self):
        return f"step {self.size}"


@dataclasses.dataclass(frozen=True)
class Gamble(Action):
    def __str__(self):
        return "gamble"


@dataclasses.dataclass(frozen=True)
class Explode(Action):
    """Legal, but its effect fails half-way: apply must leave nothing changed."""

    def __str__(self):
        return "explode"


@dataclasses.dataclass(frozen=True)
class Stranger(Action):
    """An action of some other game."""


class Toy(GameState):
    game_name = "toy"
    action_types = (Step, Gamble, Explode)
    options_type = ToyOptions

    def __init__(self, options=ToyOptions(), seed=None):
        super().__init__(options, seed)
        self.total = 0
        self._start()

    def _snapshot(self):
        return {"total": self.total}

    def _restore(self, data):
        self.total = data["total"]

    def _legal_actions(self):
        return [Step(1), Step(2), Gamble(), Explode()]

    def _apply(self, action):
        if isinstance(action, Step):
            self.total += action.size
        elif isinstance(action, Gamble):
            self.total += int(self.rng.integers(1, 7))
        else:
            self.total += 100
            self.rng.integers(6)
            self.log.add(1, "about to fail")
            raise RuntimeError("the effect failed half-way")
        self.log.add(1, f"total {self.total}")

    @property
    def is_over(self):
        return self.total >= self.options.target

    @property
    def current_player(self):
        return None if self.is_over else 0

    def scores(self):
        return [self.total]

    def _check_consistent(self):
        if not isinstance(self.total, int) or self.total < 0:
            raise SaveFormatError("total must be a whole number 0 or more")


def test_apply_by_action_or_by_text_and_history():
    game = Toy(seed=1)
    apply_all(game, [Step(2), "step 1"])
    assert game.total == 3
    assert game.history == [Step(2), Step(1)]
    assert game.history_text() == "1. step 2\n2. step 1"
    assert game.push(Step(1)) is game and game.total == 4


def test_illegal_actions_name_the_rule_and_change_nothing():
    game = Toy(seed=1)
    game.apply(Gamble())
    before = game.to_json()
    for bad, rule in [(Step(5), "not a legal action"), (Stranger(), "not an action of this game"),
                      ("step 9", "not a legal action"), (42, "not an action")]:
        with pytest.raises(IllegalActionError) as info:
            game.apply(bad)
        assert info.value.rule == rule
        assert game.to_json() == before
    assert not game.is_legal(Step(5)) and game.is_legal(Step(1))


def test_a_failing_effect_is_rolled_back_rng_and_log_included():
    game = Toy(seed=3)
    game.apply(Step(1))
    before = game.to_json()
    with pytest.raises(RuntimeError):
        game.apply(Explode())
    assert game.to_json() == before
    assert len(game.log) == 1


def test_game_over_refuses_everything():
    game = Toy(ToyOptions(target=2), seed=0)
    game.apply(Step(2))
    assert game.is_over and game.legal_actions() == [] and game.current_player is None
    with pytest.raises(GameOverError) as info:
        game.apply(Step(1))
    assert info.value.rule == "game over"
    with pytest.raises(GameOverError):
        game.apply("step 1")


def test_undo_takes_back_choices_and_a_seen_roll_stands():
    game = Toy(seed=5)
    with pytest.raises(NothingToUndoError):
        game.undo()
    start = game.to_json()
    game.apply(Step(2))
    assert game.can_undo() and game.undo_refusal() is None
    assert game.undo() == Step(2)
    assert game.to_json() == start
    game.apply(Gamble())
    assert game.drew_on_chance()
    rolled = game.to_json()
    assert "dice have been seen" in game.undo_refusal()
    with pytest.raises(ChanceSeenError) as refused:
        game.undo()
    assert refused.value.rule == "undo" and isinstance(refused.value, IllegalActionError)
    assert game.to_json() == rolled
    game.apply(Step(1))
    assert game.pop() == Step(1)  # a choice after the roll still comes back
    assert game.to_json() == rolled


def test_save_and_load_round_trip_then_continue_identically():
    game = Toy(seed=9)
    apply_all(game, [Gamble(), Step(1)])
    loaded = Toy.from_json(game.to_json())
    assert loaded == game
    assert loaded.history == game.history
    game.apply(Gamble())
    loaded.apply(Gamble())
    assert loaded == game
    assert loaded.to_json() == game.to_json()


def test_copy_is_independent():
    game = Toy(seed=2)
    twin = game.copy()
    twin.apply(Gamble())
    assert game.total == 0 and game.history == []
    assert twin != game


def test_view_defaults_to_the_snapshot():
    game = Toy(seed=2)
    game.apply(Step(2))
    assert game.view(0) == {"total": 2}


def _save_of_one_gamble():
    game = Toy(seed=4)
    game.apply(Gamble())
    return json.loads(game.to_json())


def _tampered(change):
    data = _save_of_one_gamble()
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[1, 2]",
        json.dumps({"format": 1}),
        _tampered(lambda d: d.update(format=99)),
        _tampered(lambda d: d.update(game="chess")),
        _tampered(lambda d: d.update(options={"target": 0})),
        _tampered(lambda d: d.update(options={"speed": 3})),
        _tampered(lambda d: d.update(options=[1])),
        _tampered(lambda d: d.update(start={})),
        _tampered(lambda d: d["start"].update(game={"total": -4})),
        _tampered(lambda d: d["start"].update(rng={"bit_generator": "PCG64"})),
        _tampered(lambda d: d.update(actions="gamble")),
        _tampered(lambda d: d.update(actions=[{"type": "Fly"}])),
        _tampered(lambda d: d.update(actions=[{"type": "Step", "size": 7}])),
        _tampered(lambda d: d["position"]["game"].update(total=77)),
    ],
)
def test_malformed_or_tampered_saves_raise_save_format_error(text):
    with pytest.raises(SaveFormatError):
        Toy.from_json(text)
