"""Every illegal action names the rule it breaks and leaves the game unchanged."""

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import IllegalActionError

NO_PATTERN = (2, 3, 5, 6)


def start():
    return mm.position(conveyor=["ruby", "amethyst"], gears=[None, "emerald"], cursite=2)


def rolling(**extra):
    settings = dict(conveyor=["ruby", "amethyst"], gears=[None, "emerald"], dice=(1, 2, 4, 6), cursite=1)
    settings.update(extra)
    return mm.position(**settings)


def shaking():
    game = mm.position(conveyor=["ruby", "amethyst"], dice=(2, 4, 6, 6))
    game.apply(mm.Collect("ruby"))
    assert game.phase == "shake"
    return game


def over():
    game = mm.position(conveyor={7: "ruby"}, gears=["emerald", "diamond"], dice=NO_PATTERN)
    game.apply(mm.Stop())
    return game


CASES = [
    # before the first roll
    (start, mm.Roll((0, 1)), "first roll"),
    (start, mm.Collect("ruby"), "roll first"),
    (start, mm.Stop(), "roll first"),
    (start, mm.CursiteReroll((0,)), "roll first"),
    (start, mm.CursiteSetDie(0, 3), "roll first"),
    (start, mm.Shake("diamond", 3), "no shake"),
    (start, mm.ShakeOntoGear("diamond"), "no shake"),
    (start, mm.CursiteRescue(0), "empty gear"),
    (start, mm.CursiteRescue(3), "no such gear"),
    (start, mm.CursiteRescue(1), "not enough cursite"),
    # while rolling (die 1 shows a locked 1)
    (rolling, mm.Roll((0, 2)), "locked dice"),
    (rolling, mm.Roll(()), "dice choice"),
    (rolling, mm.Roll((2, 1)), "dice choice"),
    (rolling, mm.Roll((1, 1)), "dice choice"),
    (rolling, mm.Roll((4,)), "dice choice"),
    (lambda: rolling(rolls_used=3), mm.Roll((1,)), "roll limit"),
    (rolling, mm.Collect("diamond"), "pattern not shown"),
    (lambda: rolling(dice=(3, 3, 3, 5), conveyor=["ruby"]), mm.Collect("amethyst"), "gem not on conveyor"),
    (rolling, mm.Collect("opal"), "unknown gem"),
    (lambda: rolling(dice=(2, 2, 4, 6), containers=[("amethyst", 1)], container_values=(1,)),
     mm.Collect("ruby"), "no container"),
    (lambda: rolling(cursite=0), mm.CursiteReroll((0,)), "not enough cursite"),
    (rolling, mm.CursiteReroll(()), "dice choice"),
    (rolling, mm.CursiteSetDie(0, 3), "not enough cursite"),
    (lambda: rolling(cursite=2), mm.CursiteSetDie(0, 7), "die face"),
    (lambda: rolling(cursite=2), mm.CursiteSetDie(4, 3), "dice choice"),
    (lambda: rolling(cursite=2), mm.CursiteSetDie(1, 2), "same face"),
    (lambda: rolling(cursite=3, containers=[("ruby", 1)], container_values=(1,)), mm.CursiteRescue(1), "no container"),
    # during a shake
    (shaking, mm.Roll((0, 1, 2, 3)), "shake"),
    (shaking, mm.Stop(), "shake"),
    (shaking, mm.Collect("ruby"), "shake"),
    (shaking, mm.CursiteRescue(0), "shake"),
    (shaking, mm.Shake("opal", 2), "unknown gem"),
    (shaking, mm.Shake("ruby", 1), "space taken"),
    (shaking, mm.Shake("diamond", 8), "no such space"),
    (shaking, mm.Shake("diamond", -1), "no such space"),
    (shaking, mm.ShakeOntoGear("diamond"), "shake onto gear"),
    (lambda: _shaking_with(gem_counts={"ruby": 1, "amethyst": 1, "diamond": 1}), mm.Shake("sapphire", 2), "gem not in tin"),
    # after the end
    (over, mm.Roll((0, 1, 2, 3)), "game over"),
    (over, mm.Stop(), "game over"),
]


def _shaking_with(**options):
    game = mm.position(conveyor=["ruby", "amethyst"], dice=(2, 4, 6, 6), **options)
    game.apply(mm.Collect("ruby"))
    return game


@pytest.mark.parametrize("make, action, rule", CASES, ids=[f"{c[2]}:{c[1]}" for c in CASES])
def test_illegal_action_names_its_rule_and_changes_nothing(make, action, rule):
    game = make()
    before = game.to_json()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert info.value.rule == rule
    assert info.value.message  # explained in words
    assert game.to_json() == before
    assert not game.is_legal(action)
    assert action not in game.legal_actions()


