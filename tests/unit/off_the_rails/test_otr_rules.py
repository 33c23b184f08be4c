"""Off the Rails rules, each on a small hand-made board (the rulebook's rules and every case in
the facts file: collisions, same-owner crashes, upgrades under gems and carts, chasm adjacency,
solo outcomes).

Squares used: the red clan's exits are (3, 0) and (11, 0) on the north edge; column 3 runs
south from (3, 1). The red mine's centre is (5, 5); its square 1 is (4, 4).
"""

from __future__ import annotations

import json

import pytest

from minegames.core import IllegalActionError, OptionError, SaveFormatError
from minegames.off_the_rails import load, new_game, position
from minegames.off_the_rails.actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken, PlaceTrack, Turn,
    Upgrade,
)
from minegames.off_the_rails import board, scoring
from minegames.off_the_rails.components import TOTAL_GEMS

COLUMN = {(3, y): "NS" for y in range(1, 9)}


def moved(game, *carts):
    """End the actions and drive the given carts of the player to act (numbers)."""
    game.apply(EndActions(game.current_player))
    for number in carts:
        game.apply(Drive(game.current_player, number))
    return game


def cart(game, player=0, number=0):
    return game.carts[game.cart_index(player, number)]


def refused(game, action, rule):
    before = game.to_json()
    with pytest.raises(IllegalActionError) as caught:
        game.apply(action)
    assert caught.value.rule == rule, caught.value
    assert game.to_json() == before
    return caught.value


# ---- the action phase ------------------------------------------------------------------------------
def test_four_actions_then_the_carts_move():
    game = position(tracks=COLUMN, carts=[{"at": (3, 2), "came_from": "N", "speed": 2}])
    for y in range(9, 12):
        game.apply(PlaceTrack(0, 3, y, "straight", 0))
    assert game.phase == "actions" and game.actions_left == 1
    game.apply(ChangeSpeed(0, 0, 1))
    assert game.phase == "move" and cart(game)["speed"] == 3


def test_track_goes_only_on_empty_underground_squares():
    game = position(tracks={(3, 1): "NS"})
    refused(game, PlaceTrack(0, 3, 1, "straight", 0), "track")           # already track
    refused(game, PlaceTrack(0, 3, 0, "straight", 0), "track")           # the surface
    refused(game, PlaceTrack(0, 5, 5, "corner", 1), "track")             # a mine's centre
    refused(game, PlaceTrack(0, 4, 1, "T", 0), "track")                  # a T comes only by upgrading
    refused(game, PlaceTrack(0, 4, 1, "straight", 2), "track")           # a straight has two turns
    game.apply(PlaceTrack(0, 4, 4, "corner", 3))                         # a numbered mine square takes track
    assert game.tracks[(4, 4)] == 0b1001


def test_upgrades_add_a_branch_allowed_under_gems_refused_under_a_cart():
    game = position(tracks={(3, 1): "NS", (3, 2): "NS", (4, 4): "EW"}, gems={(4, 4): ["ruby"]},
                    carts=[{"at": (3, 2), "came_from": "N"}])
    game.apply(Upgrade(0, 4, 4, 0))                                      # under gems: allowed
    assert board.shape_of(game.tracks[(4, 4)]) == "T"
    game.apply(Upgrade(0, 4, 4, 2))
    assert board.shape_of(game.tracks[(4, 4)]) == "cross"
    error = refused(game, Upgrade(0, 3, 2, 1), "upgrade")               # under a cart: refused
    assert "cart" in error.message
    refused(game, Upgrade(0, 3, 1, 0), "upgrade")                        # it runs north already


def test_a_new_cart_starts_on_its_clans_start_at_speed_3_and_speed_stays_1_to_6():
    game = new_game(seed=1, players=2)
    game.apply(PlaceCart(0, 0, 1))
    placed = cart(game)
    assert tuple(placed["square"]) == board.EXITS["red"][1] and placed["speed"] == 3
    refused(game, PlaceCart(0, 1, 1), "new cart")                        # that start is taken
    for _ in range(2):
        game.apply(ChangeSpeed(0, 0, -1))
    refused(game, ChangeSpeed(0, 0, -1), "speed")
    refused(game, ChangeSpeed(0, 1, 1), "speed")                         # cart 2 is not out yet


def test_only_the_player_to_act_acts():
    game = new_game(seed=1, players=3)
    refused(game, EndActions(1), "turn")


# ---- moving ------------------------------------------------------------------------------------------
def test_a_cart_moves_exactly_its_speed_and_derails_where_the_track_ends():
    game = position(tracks={(3, y): "NS" for y in range(1, 4)}, carts=[{"at": (3, 1), "came_from": "N", "speed": 2}])
    moved(game, 0)
    assert tuple(cart(game)["square"]) == (3, 3)
    game = position(tracks={(3, y): "NS" for y in range(1, 4)}, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    moved(game, 0)
    derailed = cart(game)
    assert derailed["where"] == "supply" and derailed["derailed"]


@pytest.mark.parametrize("blocker", ["chasm", "centre", "wrong side"])
def test_a_cart_derails_into_the_chasm_a_mine_centre_or_track_that_does_not_join(blocker):
    tracks = {(5, 2): "NS", (5, 3): "NS", (5, 4): "NS"}
    chasm = {}
    if blocker == "chasm":
        chasm = {(5, 4): "red"}
        del tracks[(5, 4)]
    elif blocker == "wrong side":
        tracks[(5, 4)] = "EW"
    game = position(tracks=tracks, chasm=chasm, carts=[{"at": (5, 2), "came_from": "N", "speed": 3}],
                    gems={(5, 3): ["gold"]}, chasm_begun=bool(chasm))
    moved(game, 0)
    assert cart(game)["derailed"]
    # the gem picked up on the way is left where the cart came off
    stop = (5, 3) if blocker == "chasm" else (5, 4) if blocker == "centre" else (5, 3)
    assert game.gems[stop] == ["gold"]


def test_entering_the_surface_delivers_and_ends_the_move():
    game = position(tracks={(3, 1): "NS", (3, 2): "NS"},
                    carts=[{"at": (3, 2), "came_from": "S", "speed": 5, "load": ["ruby", "gold"]}])
    moved(game, 0)
    assert game.players[0]["stockpile"] == ["ruby", "gold"]
    assert tuple(cart(game)["square"]) == (3, 0) and cart(game)["where"] == "board"
    assert game.scores()[0] == 4 + 5 + 3                                 # gems, most rubies, a sound cart


def test_passing_a_deposit_takes_one_gem_rocks_first_ending_on_it_fills_the_cart():
    passing = position(tracks=COLUMN, gems={(3, 3): ["ruby", "rock", "gold"]},
                       carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    moved(passing, 0)
    assert cart(passing)["load"] == ["rock"] and sorted(passing.gems[(3, 3)]) == ["gold", "ruby"]
    ending = position(tracks=COLUMN, gems={(3, 3): ["ruby", "rock", "gold"]},
                      carts=[{"at": (3, 1), "came_from": "N", "speed": 2}])
    moved(ending, 0)
    assert sorted(cart(ending)["load"]) == ["gold", "rock", "ruby"] and (3, 3) not in ending.gems


def test_a_cart_holds_five_and_the_player_chooses_which_jewels_fill_it():
    game = position(tracks=COLUMN, gems={(3, 3): ["ruby", "ruby", "emerald", "diamond", "rock"]},
                    carts=[{"at": (3, 1), "came_from": "N", "speed": 2, "load": ["gold", "gold"]}])
    moved(game, 0)
    assert cart(game)["load"] == ["gold", "gold", "rock"]                # the rock first, then a choice
    assert game.pending["kind"] == "pick" and game.pending["count"] == 2
    assert {a.gem for a in game.legal_actions()} == {"ruby", "emerald", "diamond"}
    refused(game, Pick(0, "rock"), "pick up")
    game.apply(Pick(0, "diamond"))
    game.apply(Pick(0, "ruby"))
    assert len(cart(game)["load"]) == 5 and sorted(game.gems[(3, 3)]) == ["emerald", "ruby"]


def test_without_choosing_the_best_gems_are_taken():
    game = position(tracks=COLUMN, gems={(3, 3): ["ruby", "emerald", "diamond"]}, choose_gems=False,
                    carts=[{"at": (3, 1), "came_from": "N", "speed": 2, "load": ["gold"] * 3}])
    moved(game, 0)
    assert sorted(cart(game)["load"]) == ["diamond", "emerald", "gold", "gold", "gold"]


def test_the_player_chooses_the_way_at_a_junction():
    tracks = {(3, 1): "NS", (3, 2): "NES", (4, 2): "EW", (5, 2): "EW", (3, 3): "NS", (3, 4): "NS"}
    game = position(tracks=tracks, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    moved(game, 0)
    assert game.pending["kind"] == "turn" and set(game.pending["sides"]) == {board.EAST, board.SOUTH}
    refused(game, Turn(0, board.WEST), "junction")
    game.apply(Turn(0, board.EAST))
    assert tuple(cart(game)["square"]) == (5, 2)


# ---- collisions (the facts file) -----------------------------------------------------------------------
def test_a_hit_cart_holding_one_gem_drops_it_and_an_empty_mover_derails():
    game = position(tracks=COLUMN, carts=[{"player": 0, "at": (3, 2), "came_from": "N", "speed": 4},
                                          {"player": 1, "at": (3, 4), "came_from": "N", "load": ["ruby"]}])
    moved(game, 0)
    assert cart(game)["derailed"]                                        # the empty mover
    hit = cart(game, 1)
    assert hit["load"] == [] and game.gems[(3, 4)] == ["ruby"] and not hit["derailed"]
    assert hit["came_from"] == board.NORTH                               # it faces away (south)


def test_carts_of_the_same_owner_collide_like_any_others():
    game = position(tracks=COLUMN, carts=[{"cart": 0, "at": (3, 2), "came_from": "N", "speed": 4, "load": ["gold"]},
                                          {"cart": 1, "at": (3, 4), "came_from": "S", "load": ["ruby"] * 3}])
    moved(game, 0)
    mover, hit = cart(game, 0, 0), cart(game, 0, 1)
    assert tuple(mover["square"]) == (3, 3) and mover["load"] == ["gold"] and not mover["derailed"]
    assert mover["came_from"] == board.SOUTH                             # it now heads back north
    assert hit["load"] == ["ruby"] and game.gems[(3, 4)] == ["ruby", "ruby"]   # 3 -> drops 2 (half, rounded up)
    assert game.phase == "move"                                          # the second cart still moves


def test_the_hit_player_chooses_what_to_drop():
    game = position(tracks=COLUMN, carts=[{"player": 0, "at": (3, 2), "came_from": "N", "speed": 4, "load": ["gold"]},
                                          {"player": 1, "at": (3, 4), "came_from": "N",
                                           "load": ["ruby", "emerald", "diamond"]}])
    moved(game, 0)
    assert game.current_player == 1 and game.pending["kind"] == "drop"
    refused(game, Drop(0, "ruby"), "turn")
    game.apply(Drop(1, "ruby"))
    game.apply(Drop(1, "emerald"))
    assert cart(game, 1)["load"] == ["diamond"] and game.current_player == 0


def test_bumper_carts_keep_their_gems_and_an_empty_hit_cart_derails():
    game = position(tracks=COLUMN, bumper_carts=True,
                    carts=[{"player": 0, "at": (3, 2), "came_from": "N", "speed": 4, "load": ["gold"]},
                           {"player": 1, "at": (3, 4), "came_from": "N", "load": ["ruby", "ruby"]}])
    moved(game, 0)
    assert cart(game, 1)["load"] == ["ruby", "ruby"]
    empty = position(tracks=COLUMN, carts=[{"player": 0, "at": (3, 2), "came_from": "N", "speed": 4, "load": ["gold"]},
                                           {"player": 1, "at": (3, 4), "came_from": "N"}])
    moved(empty, 0)
    assert cart(empty, 1)["derailed"] and not cart(empty, 0)["derailed"]


# ---- deposits, the chasm and the end -------------------------------------------------------------------
def test_the_decks_are_built_as_the_rule_says():
    for players, size in ((2, 17), (3, 17), (4, 21)):
        game = new_game(seed=players, players=players)
        deck = game.deposit_deck
        assert len(deck) == size and deck.count("chasm") == 1
        assert 5 <= deck.index("chasm") + 1 <= 8                         # counted from the bottom
        numbered = [c for c in deck if c != "chasm"]
        for k in range(0, len(numbered), 4):                             # stacks of one card per colour
            assert sorted(c.split()[0] for c in numbered[k:k + 4]) == sorted(board.CLANS)
        assert len(game.chasm_deck) == 4 and len(game.removed) == 4 * (8 - 2 - (size - 1) // 4)
        assert sum(len(g) for g in game.gems.values()) == sum(2 if int(c.split()[1]) <= 5 else 3
                                                              for c in game.drawn or []) or game.gems
    assert len(new_game(seed=1, players=2, deck_length=25).deposit_deck) == 25


def play_quietly(game, until):
    """Every player ends their actions at once and draws: the deck runs down untouched."""
    while not until(game):
        legal = game.legal_actions()
        game.apply(legal[-1] if game.phase == "actions" else legal[0])
    return game


def test_after_the_chasm_card_everyone_has_one_more_turn_then_the_chasm_deck_falls():
    game = new_game(seed=7, players=3)
    play_quietly(game, lambda g: g.chasm_phase != "quiet")
    drawn_in = game.turn - 1
    assert game.chasm_drawn_by == (drawn_in - 1) % 3
    play_quietly(game, lambda g: g.chasm_phase == "collapsing")
    assert game.collapse_turn == drawn_in + 3
    fallen = {tuple(sq): c for sq, c in [(s, c) for s, c in game.chasm.items()]}
    assert sorted(fallen.values()) == sorted(board.CLANS) and game.tokens_out == 4
    for card in game.chasm_deck:
        colour, number = card.split()
        assert game.chasm[board.mine_square(colour, int(number))] == colour
    assert game.legal_actions()[-1] == EndActions(game.current_player)
    play_quietly(game, lambda g: g.phase == "deposits")
    assert game.legal_actions() == [DrawToken(game.current_player)]
    refused(game, DrawCard(game.current_player), "chasm")


def test_a_chasm_token_goes_next_to_its_colour_and_takes_what_is_there():
    chasm = {board.mine_square(colour, 1): colour for colour in board.CLANS}
    near = board.neighbour(board.mine_square("red", 1), board.WEST)      # (3, 4), next to red 1
    for seed in range(40):  # the token is drawn blind: find a seed that draws a red one
        game = position(tracks=COLUMN, chasm=chasm, chasm_begun=True, gems={near: ["diamond"]},
                        carts=[{"at": (3, 3), "came_from": "N", "speed": 1, "load": ["gold"]}], seed=seed)
        moved(game, 0)
        game.apply(DrawToken(0))
        if game.pending and game.pending["colour"] == "red":
            break
    assert tuple(cart(game)["square"]) == near and sorted(cart(game)["load"]) == ["diamond", "gold"]
    squares = {(a.x, a.y) for a in game.legal_actions()}
    assert near in squares
    for square in squares:
        assert any(game.chasm.get(board.neighbour(square, s)) == "red" for s in range(4))
    refused(game, PlaceToken(0, 9, 9), "chasm")
    game.apply(PlaceToken(0, *near))
    assert cart(game)["where"] == "lost" and sorted(game.lost) == ["diamond", "gold"] and near not in game.tracks


def test_the_game_ends_when_every_token_is_out_and_carts_left_in_the_mine_are_derailed():
    game = new_game(seed=11, players=2)
    game.apply(PlaceCart(0, 0, 0))
    game.apply(PlaceTrack(0, 3, 1, "straight", 0))
    game.apply(EndActions(0))
    game.apply(Drive(0, 0))
    assert cart(game)["derailed"] or tuple(cart(game)["square"]) == (3, 1)
    play_quietly(game, lambda g: g.is_over)
    assert game.ended_by in ("tokens", "carts")
    assert all(c["where"] != "board" for c in game.carts) or game.ended_by == "tokens"
    held = sum(len(g) for g in game.gems.values()) + len(game.bag) + len(game.lost) + sum(
        len(c["load"]) for c in game.carts) + sum(len(p["stockpile"]) for p in game.players)
    assert held == TOTAL_GEMS


def test_the_collapse_die_picks_a_square_of_the_tokens_mine():
    game = position(chasm_begun=True, collapse_die=True, seed=4)
    game.apply(EndActions(0))
    game.apply(DrawToken(0))
    (square, colour), = game.chasm.items()
    assert board.SQUARE_LABELS[square][0] == colour


# ---- scoring ----------------------------------------------------------------------------------------------
def test_most_rubies_score_5_for_every_tied_player_and_ties_go_to_most_gems_then_fewest_rocks():
    game = position(stockpiles=[["ruby", "ruby", "emerald"], ["ruby", "ruby", "rock", "emerald"]], players=2)
    assert game.scores() == [4 + 5, 4 + 5]
    assert game.winners() == [1]                                         # more gems
    game = position(stockpiles=[["ruby", "diamond", "rock"], ["ruby", "emerald", "emerald"]], players=2)
    assert game.scores() == [5 + 5, 5 + 5] and game.winners() == [1]    # as many gems, fewer rocks
    game = position(stockpiles=[["gold"], ["gold"]], players=2)
    assert game.winners() == [0, 1]                                      # shared
    assert position(players=2).scores() == [0, 0]                        # no rubies, no bonus


def test_carts_never_derailed_score_3_and_missions_4():
    game = position(tracks={(3, 1): "NS", (3, 2): "NS"}, carts=[{"at": (3, 2), "came_from": "S", "speed": 2,
                                                                 "load": ["gold"] * 5}], seed=0)
    parts = scoring.breakdown(game, 0)
    assert parts["carts"] == 3
    missions_up = list(game.missions_up)
    moved(game, 0)
    claimed = game.players[0]["missions"]
    assert ("full_load" in missions_up) == ("full_load" in claimed)
    assert ("gold_rush" in missions_up) == ("gold_rush" in claimed)
    assert scoring.breakdown(game, 0)["missions"] == 4 * len(claimed)


# ---- solo ---------------------------------------------------------------------------------------------------
SOLO_STARTS = {"red": ((3, 1), "NS", "S"), "yellow": ((13, 3), "EW", "W"),
               "blue": ((11, 13), "NS", "N"), "green": ((1, 11), "EW", "E")}


def solo_game(loads, wrong_exit=False):
    """Each clan's cart one step from its own exit (or, with ``wrong_exit``, the red cart's load
    goes to the others' exits)."""
    tracks, carts = {}, []
    for number, clan in enumerate(board.CLANS):
        square, track, came_from = SOLO_STARTS[clan]
        tracks[square] = track
        carts.append({"cart": number, "at": square, "came_from": came_from, "speed": 1, "load": loads[clan]})
    return position(tracks=tracks, carts=carts, players=1, gems={}, seed=2)


def finish_solo_turn(game):
    moved(game, *range(4))
    while not game.is_over and game.current_player is not None and game.phase != "actions":
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("each,result", [(2, "major victory"), (1, "victory")])
def test_solo_victories_count_jewels_at_their_own_colours_exit(each, result):
    loads = {clan: [board.JEWEL_OF_CLAN[clan]] * each for clan in board.CLANS}
    game = finish_solo_turn(solo_game(loads))
    assert game.is_over and game.ended_by == "carts" and game.solo_result == result


def test_solo_partial_victory_when_jewels_reach_the_wrong_exits():
    shifted = dict(zip(board.CLANS, board.CLANS[1:] + board.CLANS[:1]))
    loads = {clan: [board.JEWEL_OF_CLAN[shifted[clan]]] for clan in board.CLANS}
    game = finish_solo_turn(solo_game(loads))
    assert game.solo_result == "partial victory"


def test_solo_loss_when_every_cart_derails_and_a_derailed_cart_stays_out():
    game = position(players=1, gems={}, carts=[{"cart": n, "at": SOLO_STARTS[c][0], "came_from": "N", "speed": 1}
                                               for n, c in enumerate(board.CLANS)],
                    tracks={SOLO_STARTS[c][0]: "NS" for c in board.CLANS}, seed=1)
    refused(game, PlaceCart(0, 0, 0), "new cart")                        # it is out already
    finish_solo_turn(game)
    assert game.is_over and game.solo_result == "loss"


def test_solo_setup_puts_a_gem_on_every_mine_square_and_starts_the_chasm():
    game = new_game(seed=5, players=1)
    numbered = set(board.MINE_SQUARES.values())
    assert game.chasm_phase == "collapsing" and len(game.chasm) == 4
    assert all(len(game.gems.get(sq, [])) == 1 for sq in numbered - set(game.chasm))
    assert len(game.deposit_deck) == 29 and "chasm" in game.deposit_deck


def test_the_chasm_card_in_solo_rests_the_chasm_and_goes_back_into_the_deck():
    game = new_game(seed=5, players=1)
    game.deposit_deck.remove("chasm")
    game.deposit_deck.append("chasm")  # on top, for this test
    game.apply(EndActions(0))
    game.apply(DrawCard(0))
    assert game.solo_paused is False and game.turn == 2                  # the turn has ended
    assert "chasm" in game.deposit_deck and len(game.deposit_deck) == 29 and game.tokens_out == 4


# ---- secrets, saves, options ----------------------------------------------------------------------------------
def test_a_view_hides_the_decks_order_the_bag_and_the_unturned_chasm_deck():
    game = new_game(seed=2, players=2)
    seen = game.view(1)
    assert seen["deposit_deck"] == len(game.deposit_deck) and seen["bag"] == len(game.bag)
    assert seen["chasm_deck"] == 4 and seen["removed"] == len(game.removed)
    text = json.dumps(seen)
    assert all(card not in text for card in game.chasm_deck + game.removed)


def test_options_are_checked_and_a_tampered_save_refused():
    with pytest.raises(OptionError):
        new_game(players=5)
    with pytest.raises(OptionError):
        new_game(players=2, deck_length=20)
    with pytest.raises(OptionError):
        new_game(players=1, deck_length=21)
    game = new_game(seed=3, players=2)
    game.apply(PlaceCart(0, 0, 0))
    save = json.loads(game.to_json())
    save["actions"][0]["start"] = 1
    with pytest.raises(SaveFormatError):
        load(json.dumps(save))


def test_limited_tiles_run_out():
    game = position(limited_tiles=True)
    game.tiles["corner"] = 1
    game.apply(PlaceTrack(0, 3, 1, "corner", 0))
    refused(game, PlaceTrack(0, 4, 1, "corner", 0), "track")


def test_a_cart_beside_a_tile_that_does_not_join_derails_rather_than_crash_into_the_cart_on_it():
    """Found by the planner's dry-run: the way must join before a cart there matters."""
    game = position(tracks={(7, 2): "NS", (7, 3): "NS", (7, 4): "EW", (6, 4): "EW", (8, 4): "EW"},
                    carts=[{"player": 0, "at": (7, 2), "came_from": "N", "speed": 3, "load": ["ruby"]},
                           {"player": 1, "at": (7, 4), "came_from": "W", "load": ["gold", "gold"]}])
    moved(game, 0)
    assert cart(game, 0)["derailed"] and game.gems[(7, 3)] == ["ruby"]
    assert cart(game, 1)["load"] == ["gold", "gold"] and not game.problems()


def test_a_delivery_into_a_surface_square_with_a_cart_waiting_is_a_crash():
    """Reading 11: a surface square holds one cart like any other; the waiting cart is empty, so it derails."""
    game = position(tracks={(3, 1): "NS", (3, 2): "NS"},
                    carts=[{"player": 0, "cart": 0, "at": (3, 2), "came_from": "S", "speed": 3, "load": ["gold"]},
                           {"player": 0, "cart": 1, "at": (3, 0)}])
    moved(game, 0)
    assert cart(game, 0, 1)["derailed"] and cart(game, 0, 0)["load"] == ["gold"]
    assert game.players[0]["stockpile"] == []
