"""Actions and the codec that saves and loads them."""

import dataclasses

import pytest

from minegames.core import Action, ActionCodec, SaveFormatError


@dataclasses.dataclass(frozen=True)
class Pick(Action):
    cards: tuple[int, ...]
    name: str


@dataclasses.dataclass(frozen=True)
class Pass(Action):
    """An action without fields."""


CODEC = ActionCodec([Pick, Pass])


def test_actions_are_hashable_values_with_a_default_text():
    assert Pick((1, 2), "x") == Pick((1, 2), "x")
    assert len({Pick((1, 2), "x"), Pick((1, 2), "x"), Pass()}) == 2
    assert str(Pick((1,), "y")) == "Pick(cards=(1,), name='y')"


def test_json_round_trip_turns_lists_back_into_tuples():
    action = Pick((3, 1), "z")
    data = action.to_json()
    assert data == {"type": "Pick", "cards": [3, 1], "name": "z"}
    assert CODEC.from_json(data) == action
    assert CODEC.from_json(Pass().to_json()) == Pass()


@pytest.mark.parametrize(
    "data",
    [
        None,
        [],
        {"cards": [1]},
        {"type": "Nope"},
        {"type": "Pick", "cards": [1]},
        {"type": "Pick", "cards": [1], "name": "a", "extra": 2},
        {"type": "Pass", "x": 1},
    ],
)
def test_malformed_actions_raise_save_format_error(data):
    with pytest.raises(SaveFormatError):
        CODEC.from_json(data)


def test_constructor_errors_become_save_format_errors():
    @dataclasses.dataclass(frozen=True)
    class Checked(Action):
        n: int

        def __post_init__(self):
            if not isinstance(self.n, int):
                raise TypeError("n must be an int")

    with pytest.raises(SaveFormatError):
        ActionCodec([Checked]).from_json({"type": "Checked", "n": "seven"})
