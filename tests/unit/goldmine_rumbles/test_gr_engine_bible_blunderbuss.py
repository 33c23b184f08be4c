"""Goldmine Rumbles engine: the Bible's fight use (dismissing dice in a fight its holder did
not start) and the two readings of the Blunderbuss backfire (contradiction 4).

Dice are fixed by replacing the state's ``_roll`` with a list of results (see the fights tests)."""

import pytest

from minegames.core import IllegalActionError, OptionError
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.actions import (
    AttackPapaClayton, AttackPlayer, BuyClaim, Decline, Dismiss, FightClayton, FightRound, MineAlone, TakeItems,
    UseItem,
)
from minegames.goldmine_rumbles.positions import new_game

from .test_gr_engine_fights import duel, rounds


def test_the_defender_may_dismiss_the_attackers_die_and_it_is_thrown_again():
    # Red rolls 6 against Blue's 2; Blue spends the Bible on Red's die, which comes up 1 (1 < 2)
    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}}, [6, 2, 1])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.step == "dismiss" and game.current_player == 1
    assert set(game.legal_actions()) == {Dismiss(1, "own"), Dismiss(1, "opponent"), Dismiss(1, "both"), Decline(1)}
    game.apply(Dismiss(1, "opponent"))
    assert game.player(0)["injuries"] == 1 and game.player(1)["injuries"] == 0
    assert game.items(1) == {} and game.supply["Bible"] >= 1 and not game.problems()


def test_dismissing_both_dice_throws_both_again_and_declining_keeps_the_roll():
    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}}, [6, 2, 5, 3])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    game.apply(Dismiss(1, "both"))  # the holder's own die first: Blue 5, then Red 3
    assert game.player(0)["injuries"] == 1 and game.player(1)["injuries"] == 0
    game.undo()
    game.apply(Decline(1))  # the 6 against 2 stands
    assert game.player(1)["injuries"] == 1 and game.items(1) == {"Bible": 1}


def test_the_attacker_cannot_spend_a_bible_in_a_fight_they_started():
    game = duel({"gold": 20, "items": {"Bible": 1}}, {"gold": 20, "items": {}}, [1, 6])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.step == "fight" and game.player(0)["injuries"] == 1
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Dismiss(0, "own"))
    assert refused.value.rule == "bible"


def test_nobody_spends_a_bible_when_robbing_papa_clayton():
    game = duel({"gold": 20, "items": {"Bible": 1}}, {}, [1, 6])
    game.apply(AttackPapaClayton(0))
    rounds(game, 1)
    assert game.step == "fight" and game.player(0)["injuries"] == 1


def test_papa_clayton_on_the_hazard_die_lets_a_bible_holder_dismiss_his_die():
    # mining roll 3, hazard die 6 (Papa Clayton); fight: Red 1, PC 6 -> dismissed, PC rerolls 1
    game = duel({"gold": 8, "items": {"Bible": 1}}, {}, [3, 6, 1, 6, 1])
    game._store[0] = 2
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1))).apply(MineAlone(0))
    game.apply(FightClayton(0))
    rounds(game, 1)
    assert game.step == "dismiss"
    game.apply(Dismiss(0, "opponent"))  # 1 + 0 against 1 + 4: Red still loses the round
    assert game.player(0)["injuries"] == 1 and "Bible" not in game.items(0)


def test_the_void_round_reading_sets_the_whole_round_aside():
    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}}, [6, 2, 1, 5],
                bible_in_fights=R.DISMISS_VOID)
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.legal_actions() == [Dismiss(1, "both"), Decline(1)]
    game.apply(Dismiss(1, "both"))
    assert game.step == "fight" and game.player(0)["injuries"] == game.player(1)["injuries"] == 0
    rounds(game, 1)  # the next round: 1 against 5
    assert game.player(0)["injuries"] == 1


def test_a_bible_dismissal_comes_before_the_chippawa_leaf():
    game = duel({"gold": 20, "items": {"Chippawa Leaf": 1}}, {"gold": 20, "items": {"Bible": 1}}, [4, 5, 2])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.step == "dismiss"
    game.apply(Dismiss(1, "own"))  # Blue's 5 becomes 2
    assert game.step == "chippawa" and game.current_player == 0


@pytest.mark.parametrize("rule, red_hurt, blue_hurt", [
    (R.BACKFIRE_SNAKES, 0, 1),  # the default: 6 + 4 simply beats Blue's 3
    (R.BACKFIRE_FIGHTS, 3, 0),  # the summary table: the 6 backfires for 3 injuries instead
])
def test_blunderbuss_backfire_in_a_fight_follows_the_option(rule, red_hurt, blue_hurt):
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}}, {"gold": 20, "items": {}}, [6, 3],
                blunderbuss_backfire=rule)
    game.apply(AttackPlayer(0, 1)).apply(UseItem(0, "Blunderbuss"))
    rounds(game, 1)
    assert game.player(0)["injuries"] == red_hurt and game.player(1)["injuries"] == blue_hurt


def test_an_unarmed_six_never_backfires():
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}}, {"gold": 20, "items": {}}, [6, 3],
                blunderbuss_backfire=R.BACKFIRE_FIGHTS)
    game.apply(AttackPlayer(0, 1)).apply(Decline(0))
    rounds(game, 1)
    assert game.player(0)["injuries"] == 0 and game.player(1)["injuries"] == 1


def test_a_backfire_can_lose_the_fight():
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}, "injuries": 1}, {"gold": 20, "items": {}}, [6, 3],
                blunderbuss_backfire=R.BACKFIRE_FIGHTS)
    game.apply(AttackPlayer(0, 1)).apply(UseItem(0, "Blunderbuss"))
    rounds(game, 1)
    assert game.player(0)["bandages"] == 1 and game.player(0)["injuries"] == 0 and game.gold(0) < 20


def test_backfire_rule_is_only_for_fights_when_chosen():
    assert R.backfires(6, in_fight=False) and R.backfires(6, False, R.BACKFIRE_FIGHTS)
    assert not R.backfires(6, in_fight=True) and R.backfires(6, True, R.BACKFIRE_FIGHTS)
    assert not any(R.backfires(d, True, R.BACKFIRE_FIGHTS) for d in range(1, 6))


@pytest.mark.parametrize("option, value", [("blunderbuss_backfire", "always"), ("bible_in_fights", "cancel")])
def test_unknown_readings_are_refused(option, value):
    with pytest.raises(OptionError):
        new_game(seed=1, **{option: value})


def test_a_malformed_dismissal_names_the_bible_rule():
    game = duel({"gold": 20, "items": {}}, {"gold": 20, "items": {"Bible": 1}}, [6, 2])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Dismiss(1, "mine"))
    assert refused.value.rule == "bible" and game.to_json() == before


def test_both_sides_may_take_up_a_blunderbuss():
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}}, {"gold": 20, "items": {"Blunderbuss": 1}}, [2, 3])
    game.apply(AttackPlayer(0, 1))
    assert game.step == "arm" and game.current_player == 0
    game.apply(UseItem(0, "Blunderbuss"))
    assert game.step == "arm" and game.current_player == 1
    game.apply(UseItem(1, "Blunderbuss"))
    rounds(game, 1)  # 2 + 4 against 3 + 4
    assert game.player(0)["injuries"] == 1 and game.player(1)["injuries"] == 0 and not game.problems()


def test_the_fight_in_progress_is_readable_but_not_writable():
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}, "dashboard": {R.COLT_45: 2}, "poisons": 1},
                {"gold": 20, "items": {"Bible": 1}}, [6, 2])
    assert game.fight_record is None
    game.apply(AttackPlayer(0, 1))
    assert game.decision["kind"] == "arm" and game.fight_record["sides"] == [0, 1]
    assert game.fight_record["starter"] == 0 and game.fight_bonus(0) == 2 - 1
    game.apply(UseItem(0, "Blunderbuss"))
    assert game.fight_bonus(0) == 4 - 1 and game.fight_bonus(1) == 0
    rounds(game, 1)
    assert game.decision["kind"] == "dismiss" and game.fight_record["dice"] == [6, 2]
    with pytest.raises(TypeError):
        game.decision["player"] = 0
    with pytest.raises(ValueError):
        game.fight_bonus(2)


def test_the_picture_names_the_fight_its_injuries_and_dice():
    from minegames.goldmine_rumbles.render import decision_summary

    game = duel({"gold": 20, "items": {}, "injuries": 2}, {"gold": 20, "items": {"Bible": 1}}, [6, 2])
    game.apply(AttackPlayer(0, 1))
    assert decision_summary(game) == ("Fight: Red (2 injuries) against Blue (0 injuries) · "
                                      "Red to roll the next round of the fight")
    rounds(game, 1)
    assert decision_summary(game).endswith("· dice 6, 2 · Blue to use the Bible to dismiss fight dice, or not")
    assert "dice 6, 2" in game._repr_svg_()
