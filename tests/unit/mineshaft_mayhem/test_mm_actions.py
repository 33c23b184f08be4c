"""Action texts people read (1-based) and the checks on field types."""

import pytest

from minegames import mineshaft_mayhem as mm


@pytest.mark.parametrize(
    "action, text",
    [
        (mm.Roll((0, 1, 2, 3)), "roll all dice"),
        (mm.Roll(), "roll all dice"),
        (mm.Roll((1, 3)), "re-roll dice 2, 4"),
        (mm.Collect("ruby"), "collect ruby"),
        (mm.Stop(), "stop without a gem"),
        (mm.CursiteReroll((0, 2)), "cursite: re-roll dice 1, 3"),
        (mm.CursiteSetDie(1, 6), "cursite: set die 2 to 6"),
        (mm.CursiteRescue(0), "cursite: rescue the gem on gear 1"),
        (mm.Shake("sapphire", 3), "shake: sapphire onto space 4"),
        (mm.ShakeOntoGear("emerald"), "shake: emerald onto a gear"),
    ],
)
def test_friendly_texts(action, text):
    assert str(action) == text


def test_every_legal_action_has_a_distinct_text_that_apply_accepts():
    game = mm.position(conveyor=["ruby", "amethyst"], gears=["emerald"], dice=(2, 2, 4, 4), cursite=5)
    texts = [str(a) for a in game.legal_actions()]
    assert len(texts) == len(set(texts))
    for action in game.legal_actions():
        assert game.copy().apply(str(action)).history == [action]


def test_lists_become_tuples_so_actions_stay_hashable():
    assert mm.Roll([1, 2]) == mm.Roll((1, 2))
    assert hash(mm.CursiteReroll([0])) == hash(mm.CursiteReroll((0,)))


@pytest.mark.parametrize(
    "make",
    [lambda: mm.Roll("12"), lambda: mm.Roll(3), lambda: mm.Collect(3), lambda: mm.CursiteSetDie("1", 2),
     lambda: mm.CursiteRescue(1.0), lambda: mm.Shake("ruby", "2"), lambda: mm.ShakeOntoGear(None),
     lambda: mm.Roll((True,))],
)
def test_wrong_field_types_are_refused(make):
    with pytest.raises(TypeError):
        make()
