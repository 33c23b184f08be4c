"""Goldmine Rumbles engine: fights between miners and with Papa Clayton: rounds,
Colt 45, Blunderbuss and Chippawa Leaf bonuses, pickings, Bandages and spoils (about 1 s).

Dice are fixed by replacing the state's ``_roll`` with a list of results."""

import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import (
    AttackPapaClayton, AttackPlayer, BuyClaim, ChooseItem, Decline, Discard, FightClayton, FightRound, MineAlone,
    TakeItems, UseItem,
)
from minegames.goldmine_rumbles.positions import position

STANDARD = M.Mine.standard()
# a Rumbles tile that lets Red act first and turns a tile away from site 2 (no phase-1 injuries)
QUIET_RED_FIRST = next(t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"
                       and M.site_distance(STANDARD, 2, t.number) > 0)


def duel(red, blue, dice, **options):
    """Red (P1, first to act) and Blue (P2) both at site 2; Red's fight dice come from ``dice``."""
    track = [QUIET_RED_FIRST] + [n for n in C.TILE_NUMBERS if n != QUIET_RED_FIRST][:3]
    game = position([{"at": 2, **red}, {"at": 2, **blue}], players=3, mine=STANDARD, pile=[2, 5, 6],
                    track=track, **options)
    game._roll = iter(dice).__next__
    return game


def rounds(game, count):
    for _ in range(count):
        game.apply(FightRound(game.current_player))


def test_a_fight_between_miners_pickings_bandage_and_an_item():
    # Red (8gn, Colt +3) beats Blue (36gn): pickings 4 + bag 4 - bag 1 = 7
    game = duel({"gold": 8, "dashboard": {R.COLT_45: 3}, "items": {}}, {"gold": 36, "items": {"Pipe": 1}},
                [1, 1] * 4)
    game.apply(AttackPlayer(0, 1))
    assert game.step == "fight" and game.current_player == 0
    rounds(game, 4)  # 1+3 beats 1 every round
    assert game.gold(0) == 15 and game.gold(1) == 29
    assert game.player(1)["bandages"] == 1 and game.player(1)["injuries"] == 0
    assert game.step == "spoils"
    game.apply(ChooseItem(0, "Pipe"))
    assert game.items(0) == {"Pipe": 1} and game.items(1) == {} and not game.problems()
    assert game.step == "turn" and game._turn()["mode"] == "done"
    with pytest.raises(IllegalActionError):
        game.apply(AttackPlayer(0, 1))


def test_fights_start_from_the_current_injuries_and_the_winner_keeps_theirs():
    game = duel({"gold": 20, "items": {}, "injuries": 2}, {"gold": 20, "items": {}, "injuries": 3}, [6, 1, 1, 6])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.player(0)["injuries"] == 2 and game.player(1)["injuries"] == 0  # Blue lost and reset
    assert game.player(1)["bandages"] == 1 and game.gold(0) == 24 and game.gold(1) == 16


def test_both_reaching_four_take_a_bandage_and_nothing_changes_hands():
    game = duel({"gold": 20, "items": {}, "injuries": 3}, {"gold": 20, "items": {}, "injuries": 3}, [4, 4])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert [game.player(p)["bandages"] for p in (0, 1)] == [1, 1]
    assert game.gold(0) == game.gold(1) == 20 and game.step == "turn"


def test_pickings_offset_option_reproduces_the_21_against_21_example():
    for offset, expected in ((4, 4), (5, 5)):
        game = duel({"gold": 21, "items": {}, "injuries": 3}, {"gold": 21, "items": {}}, [1, 6],
                    pickings_offset=offset)
        game.apply(AttackPlayer(0, 1))
        rounds(game, 1)
        assert game.gold(0) == 21 - expected and game.gold(1) == 21 + expected


def test_chippawa_leaf_is_chosen_after_the_roll_for_one_round():
    game = duel({"gold": 20, "items": {"Chippawa Leaf": 1}}, {"gold": 20, "items": {}}, [3, 5, 3, 5])
    game.apply(AttackPlayer(0, 1))
    rounds(game, 1)
    assert game.step == "chippawa" and game.current_player == 0
    game.apply(UseItem(0, "Chippawa Leaf"))  # 3+3 beats 5
    assert game.player(1)["injuries"] == 1 and game.player(0)["injuries"] == 0
    rounds(game, 1)  # no leaf left: 3 loses to 5
    assert game.player(0)["injuries"] == 1


def test_blunderbuss_replaces_the_colt_for_the_whole_fight():
    game = duel({"gold": 20, "items": {"Blunderbuss": 1}, "dashboard": {R.COLT_45: 1}}, {"gold": 20, "items": {}},
                [1, 4, 1, 4])
    game.apply(AttackPlayer(0, 1))
    assert game.step == "arm"
    game.apply(UseItem(0, "Blunderbuss"))
    rounds(game, 2)  # 1+4 beats 4 twice
    assert game.player(1)["injuries"] == 2 and game.items(0) == {}
    game.undo(), game.undo(), game.undo()
    game.apply(Decline(0))
    game._roll = iter([1, 4]).__next__
    rounds(game, 1)  # 1+1 loses to 4
    assert game.player(0)["injuries"] == 1


def test_robbing_papa_clayton_reward_and_a_supply_item():
    game = duel({"gold": 10, "items": {}, "dashboard": {R.COLT_45: 4}}, {}, [6, 1] * 4)
    assert game.clayton_position == 2
    game.apply(AttackPapaClayton(0))
    rounds(game, 4)  # 6+4 beats 1+4
    # pickings: 4 + bag 5 (his 43gn) - bag 1 = 8, capped at 8; plus the 4gn reward
    assert game.gold(0) == 10 + 8 + 4 and game.step == "spoils"
    assert {a.item for a in game.legal_actions()} == {i for i, n in game.supply.items() if n}
    game.apply(ChooseItem(0, "Flask"))
    assert game.items(0) == {"Flask": 1} and not game.problems()


def test_papa_clayton_on_the_hazard_die_fee_or_fight():
    game = duel({"gold": 8, "items": {}}, {}, [3, 6, 1, 6, 1, 6, 1, 6, 1, 6])
    game._store[0] = 2
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1))).apply(MineAlone(0))
    assert game.step == "clayton"
    game.apply(FightClayton(0))
    rounds(game, 4)  # Papa Clayton wins: 43gn against 8+3 = 11gn: pickings 4 + 2 - 5 -> 1
    assert game.player(0)["bandages"] == 1 and game.gold(0) == 11 - R.fight_pickings(43, 11)
    assert game.step == "turn"


def test_the_beaten_defender_may_wind_down_with_a_medicinal_item():
    game = duel({"gold": 20, "items": {}, "dashboard": {R.COLT_45: 4}},
                {"gold": 20, "items": {"Medical Supplies": 1, "Apple Pie": 1}, "black_marks": 1}, [1, 1] * 4)
    game.apply(AttackPlayer(0, 1))
    rounds(game, 4)
    game.apply(ChooseItem(0, "Apple Pie"))
    assert game.step == "wind down" and game.current_player == 1
    assert game.legal_actions() == [UseItem(1, "Medical Supplies"), Decline(1)]
    game.apply(UseItem(1, "Medical Supplies"))
    assert game.player(1)["bandages"] == 0 and game.step == "turn" and game.current_player == 0


def test_a_winner_carrying_six_may_discard_to_make_room_for_the_spoils():
    # The carry-limit rule lets a miner holding six items throw some away to fit new ones, so the
    # spoils of beating Papa Clayton are not skipped at the carry limit.
    six = {"Bread": 3, "Whiskey": 3}
    game = duel({"gold": 10, "items": six, "dashboard": {R.COLT_45: 4}}, {}, [6, 1] * 4)
    game.apply(AttackPapaClayton(0))
    rounds(game, 4)
    assert game.step == "spoils"
    legal = game.legal_actions()
    assert not any(isinstance(a, ChooseItem) for a in legal)
    assert Discard(0, "Bread") in legal and Decline(0) in legal
    game.apply(Discard(0, "Bread"))
    assert game.step == "spoils"  # room now: the choice of an item follows
    game.apply(ChooseItem(0, "Flask"))
    assert game.items(0) == {"Bread": 2, "Whiskey": 3, "Flask": 1} and not game.problems()


def test_a_winner_carrying_six_may_also_take_nothing():
    game = duel({"gold": 10, "items": {"Bread": 6}, "dashboard": {R.COLT_45: 4}}, {}, [6, 1] * 4)
    game.apply(AttackPapaClayton(0))
    rounds(game, 4)
    game.apply(Decline(0))
    assert game.items(0) == {"Bread": 6} and game.step != "spoils"
    assert "takes no spoils" in game.log.text()
