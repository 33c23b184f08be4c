"""Goldmine Rumbles engine: the item uses modelled so far beyond essentials and healing:
Pipe, trading three alike, Harmonica, Flask and Harmonica swaps, Bacon (about 1 s).
Dice are fixed by replacing the state's ``_roll``."""

import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import (
    AttackPapaClayton, BuyClaim, BuyEssentials, Decline, MineAlone, MoveCube, Peek, Rearrange, Refresh, Steal, Swap,
    TakeItems,
    Pick, Trade, UseItem,
)
from minegames.goldmine_rumbles.positions import position

STANDARD = M.Mine.standard()
QUIET_RED_FIRST = next(t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"
                       and M.site_distance(STANDARD, 2, t.number) > 0)


def red_first(red, blue=None, **kw):
    track = [QUIET_RED_FIRST] + [n for n in C.TILE_NUMBERS if n != QUIET_RED_FIRST][:3]
    game = position([{"at": 2, **red}, {"at": 7, **(blue or {})}], players=3, mine=STANDARD, track=track,
                    store=[2, 1, 3, 4, 5], pile=[16, 15], **kw)
    assert game.current_player == 0
    return game


def test_pipe_moves_three_cubes_onto_water_pumps_for_4gn_more():
    game = red_first({"items": {"Pipe": 1}, "dashboard": {R.COLT_45: 3}})
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1))).apply(UseItem(0, "Pipe"))
    assert game.step == "pipe"
    for _ in range(3):
        game.apply(MoveCube(0, R.COLT_45, R.WATER_PUMPS))
    assert game.step == "turn" and game.dashboard(0)[R.WATER_PUMPS] == 3 and game.dashboard(0)[R.COLT_45] == 0
    gold = game.gold(0)
    game._roll = iter([3, 4]).__next__
    game.apply(MineAlone(0))
    assert game.gold(0) == gold + 3 + 4


def test_pipe_onto_notebooks_the_rulebook_example():
    # 31gn, three cubes moved to Notebooks & Diaries: 16gn now, 15gn back at the end
    game = red_first({"items": {"Pipe": 1}, "gold": 31, "dashboard": {R.MINING_TOOLS: 3}})
    game.apply(UseItem(0, "Pipe"))
    for _ in range(3):
        game.apply(MoveCube(0, R.MINING_TOOLS, R.NOTEBOOKS))
    assert game.gold(0) == 16 and game.score_breakdown()[0]["notebooks"] == 15
    with pytest.raises(IllegalActionError):
        game.apply(MoveCube(0, R.NOTEBOOKS, R.COLT_45))


def test_a_pipe_may_stop_early():
    game = red_first({"items": {"Pipe": 1}, "dashboard": {R.COLT_45: 2}})
    game.apply(UseItem(0, "Pipe")).apply(MoveCube(0, R.COLT_45, R.SAFETY_GEAR)).apply(Decline(0))
    assert game.step == "turn" and game.dashboard(0)[R.SAFETY_GEAR] == 1 and game.items(0) == {}


def test_trading_three_alike_sells_two_for_6gn():
    game = red_first({"items": {"Fungus": 3, "Bread": 3}})
    game.apply(Trade(0, "Fungus"))
    assert game.items(0)["Fungus"] == 1 and game.gold(0) == 16 and not game.problems()
    for item in ("Bread", "Fungus"):
        with pytest.raises(IllegalActionError):
            game.apply(Trade(0, item))  # essentials are never traded; only one Fungus is left


def test_harmonica_calls_papa_clayton_to_fight_on_the_spot():
    game = red_first({"items": {"Harmonica": 1}})
    assert game.clayton_position == 16
    game.apply(UseItem(0, "Harmonica"))
    assert game.clayton_position == 2
    game.apply(AttackPapaClayton(0))
    assert game.step == "fight"


def test_swaps_with_papa_clayton_follow_the_icons():
    game = red_first({"items": {"Flask": 1, "Harmonica": 1}}, clayton=2)
    game.apply(Swap(0, "Flask", "Bible"))
    assert game.items(0) == {"Bible": 1, "Harmonica": 1}
    with pytest.raises(IllegalActionError):
        game.apply(Swap(0, "Harmonica", "Bible"))  # a Bible has the flask icon, not the harmonica one
    game.apply(Swap(0, "Harmonica", "Chippawa Leaf"))
    assert game.items(0) == {"Bible": 1, "Chippawa Leaf": 1} and not game.problems()


def test_bacon_pickpockets_anyone_on_the_same_spot_but_never_bacon():
    game = red_first({"items": {"Bacon": 1}}, {"items": {"Bacon": 1, "Pipe": 1}})
    assert not any(isinstance(a, Steal) for a in game.legal_actions())  # nobody at site 2
    game = red_first({"items": {"Bacon": 1}}, {"items": {"Bacon": 1, "Pipe": 1}, "at": 2})
    steals = {(a.victim, a.item) for a in game.legal_actions() if isinstance(a, Steal)}
    assert (1, "Pipe") in steals and (1, "Bacon") not in steals
    game.apply(Steal(0, 1, "Pipe"))
    assert game.items(0) == {"Pipe": 1} and game.items(1) == {"Bacon": 1} and not game.problems()


def test_flask_refresh_sends_claims_under_the_pile_and_moves_papa_clayton():
    game = red_first({"items": {"Flask": 1}})
    game.apply(Refresh(0, (0, 2)))  # claims 2 and 3 go
    assert game.claim_store == (1, 4, 5, 16, 15) and game._pile == [2, 3]
    assert game.clayton_position == 2 and game.items(0) == {}


def test_flask_refresh_respects_its_option():
    game = red_first({"items": {"Flask": 1}}, flask_refresh_max=3)
    assert max(len(a.slots) for a in game.legal_actions() if isinstance(a, Refresh)) == 3
    with pytest.raises(IllegalActionError):
        game.apply(Refresh(0, (0, 1, 2, 3)))


def test_detonator_rearranges_a_line_next_to_the_miner():
    game = red_first({"items": {"Detonator": 2}})
    lines = {(a.line, a.index) for a in game.legal_actions() if isinstance(a, Rearrange)}
    assert lines == set(M.detonator_lines(STANDARD, 2))
    before = game.mine
    game.apply(Rearrange(0, "row", 0, (2, 1, 0)))
    assert game.mine == before.rearranged(("row", 0), (2, 1, 0)) and game.items(0) == {"Detonator": 1}
    with pytest.raises(IllegalActionError):
        game.apply(Rearrange(0, "row", 2, (2, 1, 0)))  # not a line the miner touches


def test_detonator_peek_shows_any_unrevealed_tile_to_the_peeker_only():
    # The Detonator's second use shows its owner any one Rumbles tile still face down, not only the next.
    game = red_first({"items": {"Detonator": 2}})
    revealed = len(game.rumbles_revealed)
    unrevealed = range(revealed + 1, len(game._track) + 1)
    assert {a.place for a in game.legal_actions() if isinstance(a, Peek)} == set(unrevealed)
    last = len(game._track)
    assert game.view(0)["track"][last - 1] is None
    game.apply(Peek(0, last))  # the last tile, three phases away
    assert game.view(0)["track"][last - 1] == game._track[last - 1]
    assert game.view(1)["track"][last - 1] is None
    assert Peek(0, last) not in game.legal_actions() and Peek(0, revealed + 1) in game.legal_actions()
    for place in (last, revealed, last + 1):  # peeked already, revealed, no such tile
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Peek(0, place))
        assert refused.value.rule == "detonator"


def test_matchstick_takes_the_whole_row_on_arrival():
    game = red_first({"items": {"Matchstick": 1}})
    game.apply(BuyClaim(0, 0))
    assert TakeItems(0, 0, (0, 1, 2)) in game.legal_actions()
    game.apply(TakeItems(0, 0, (0, 1, 2)))  # claim 2's top row
    assert game.items(0) == {item: 1 for item in C.CLAIMS[2].rows[0]} and not game.problems()


def test_matchstick_picks_one_item_from_a_displayed_claim_on_the_way():
    game = red_first({"items": {"Matchstick": 1}})
    game.apply(BuyClaim(0, 1))  # claim 1; Red stands at site 2, whose claim is on display
    picks = [a for a in game.legal_actions() if isinstance(a, Pick)]
    assert {a.claim for a in picks} == {2}
    item = C.CLAIMS[2].rows[1][2]
    game.apply(Pick(0, 2, 1, 2))
    assert game.items(0) == {item: 1}
    with pytest.raises(IllegalActionError):
        game.apply(Pick(0, 2, 1, 1))  # the Matchstick is spent


def test_after_mining_only_medicinal_items_may_be_used():
    from minegames.goldmine_rumbles.actions import MineAlone, UseItem

    from .test_gr_engine_partners import RED, at_claim_2

    game = at_claim_2(red={"items": {"Pipe": 1, "Apple Pie": 1, "Fungus": 1}, "poisons": 1, "dashboard": {R.COLT_45: 2},
                           "black_marks": 1}, dice=[3, 2])
    assert UseItem(RED, "Pipe") in game.legal_actions() and UseItem(RED, "Apple Pie") in game.legal_actions()
    game.apply(MineAlone(RED))  # yield die 3, hazard die 2 (Bread x2)
    assert game.step == "turn" and game.turn_record["mode"] == "done"
    legal = game.legal_actions()
    assert UseItem(RED, "Fungus") in legal
    assert UseItem(RED, "Pipe") not in legal and UseItem(RED, "Apple Pie") not in legal
    before = game.to_json()
    for item in ("Pipe", "Apple Pie"):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(UseItem(RED, item))
        assert refused.value.rule == "after mining or a fight" and game.to_json() == before


def test_a_trade_names_its_rule():
    from minegames.goldmine_rumbles.actions import Trade

    game = position([{"items": {"Bread": 3, "Bacon": 2}}], seed=3, players=3)
    p = 0
    while game.current_player != p:
        game.apply(game.legal_actions()[-1])
    for item in ("Bread", "Bacon"):
        with pytest.raises(IllegalActionError) as refused:
            game.apply(Trade(p, item))
        assert refused.value.rule == "trade"


def test_several_essentials_are_one_purchase_offered_as_one_action():
    # The rulebook charges one Black Mark per purchase of Essentials, however many items it holds,
    # so a front end or bot reading legal_actions() must be able to buy several at once.
    game = red_first({"gold": 4, "items": {"Bread": 1}})
    offers = [a for a in game.legal_actions() if isinstance(a, BuyEssentials)]
    mixed = BuyEssentials(0, ("Whiskey", "Bread", "Dynamite"))  # any order: the same purchase
    assert mixed in offers and mixed == BuyEssentials(0, ("Bread", "Dynamite", "Whiskey"))
    assert max(len(a.items) for a in offers) == 4  # 4gn buys four; five more would fit
    assert len(offers) == len(set(offers))
    marks = game.player(0)["black_marks"]
    game.apply(mixed)
    assert game.player(0)["black_marks"] == marks + 1 and game.gold(0) == 1
    assert game.items(0) == {"Bread": 2, "Dynamite": 1, "Whiskey": 1}
    assert {len(a.items) for a in game.legal_actions() if isinstance(a, BuyEssentials)} == {1}  # 1gn left


def test_a_trade_is_usable_at_once_even_when_carrying_six():
    # The item table lets a trade be made at once even by a miner already carrying six items.
    # Red carries 6 (two Blunderbusses) and takes Dynamite and a third Blunderbuss at claim 2.
    game = red_first({"gold": 5, "items": {"Blunderbuss": 2, "Bread": 4}})
    game.apply(BuyClaim(0, 0))  # claim 2, where Red stands
    take = TakeItems(0, 0, (0, 1))  # Dynamite, Blunderbuss
    assert take in game.legal_actions()
    gold = game.gold(0)
    game.apply(take)
    assert game.items(0) == {"Blunderbuss": 1, "Bread": 4, "Dynamite": 1}
    assert game.gold(0) == gold + 6 and not game.problems()
    assert "at once (carry limit)" in game.log.text()


def test_without_a_trade_to_make_the_carry_limit_still_holds():
    game = red_first({"gold": 5, "items": {"Bread": 6}})
    game.apply(BuyClaim(0, 0))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(TakeItems(0, 0, (0, 1)))
    assert refused.value.rule == "carry limit"
