"""Goldmine Rumbles engine: options, setup, the first phase's cubes and reveal, views,
saves and undo (about 1 s)."""

import html
import re
from collections import Counter

import pytest

from minegames.core import IllegalActionError, OptionError, SaveFormatError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import EndTurn, PlaceCube
from minegames.goldmine_rumbles.positions import load, new_game, position
from minegames.goldmine_rumbles.render import state_svg


def place_all_cubes(game, column_for=lambda p: "Colt 45"):
    while game.step == "place cubes":
        p = game.current_player
        legal = [a.column for a in game.legal_actions()]
        game.apply(PlaceCube(p, column_for(p) if column_for(p) in legal else legal[0]))
    return game


@pytest.mark.parametrize("bad", [{"players": 2}, {"players": 5}, {"long_game": "yes"}, {"pickings_offset": 6},
                                 {"bible_table": "Rifle"}, {"tonic_rule": "x"}, {"partner_dice": "both"},
                                 {"papa_clayton_gold": -1},
                                 {"colour": "Red"}])
def test_options_are_checked(bad):
    with pytest.raises(OptionError):
        new_game(seed=1, **bad)


def test_options_pass_the_dice_rule_readings_through():
    game = new_game(seed=1, bible_table="summary table", pickings_offset=5)
    assert game.options.bible_faces == R.BIBLE_SUMMARY_TABLE and game.options.pickings_offset == 5


@pytest.mark.parametrize("players,long_game", [(3, False), (4, False), (3, True), (4, True)])
def test_setup(players, long_game):
    game = new_game(seed=7, players=players, long_game=long_game)
    sheets = [game.player(p) for p in range(players)]
    assert all(s["gold"] == 10 for s in sheets)
    for s in sheets:
        expected = Counter(C.START_ITEMS) + Counter([C.CHARACTERS[s["character"]].item])
        assert game.items(sheets.index(s)) == expected
    assert len({s["character"] for s in sheets}) == players and len({s["mission"] for s in sheets}) == players
    assert len(set(game.positions)) == players and set(game.positions) <= set(M.START_SITES)
    assert len(game.claim_store) == 5 and len(game._pile) == 11
    assert sorted(list(game.claim_store) + game._pile) == list(C.CLAIM_SITES)
    assert game.clayton_position == game._pile[0] == game.claim_pile_top
    assert len(game._track) == len(C.phase_cubes(players, long_game)) and game.rumbles_revealed == ()
    assert game.step == "place cubes" and game.current_player == 0 and not game.problems()


def test_same_seed_same_game_and_different_seeds_differ():
    assert new_game(seed=3) == new_game(seed=3)
    assert new_game(seed=3)._snapshot() != new_game(seed=4)._snapshot()


def test_cubes_go_bottom_up_within_capacity_in_phase_order():
    game = new_game(seed=2, players=4)
    for _ in range(3):
        game.apply(PlaceCube(0, "Safety Gear"))
    assert game.dashboard(0)[R.SAFETY_GEAR] == 3 and game.current_player == 0
    with pytest.raises(IllegalActionError) as refused:
        game.apply(PlaceCube(0, "Safety Gear"))
    assert refused.value.rule == "dashboard"
    with pytest.raises(IllegalActionError) as refused:
        game.apply(PlaceCube(1, "Colt 45"))
    assert refused.value.rule == "whose decision"
    game.apply(PlaceCube(0, "Colt 45"))
    assert game.current_player == 1 and game.dashboard(0)[R.COLT_45] == 1


def test_a_notebook_cube_hides_5gn_and_needs_them():
    game = new_game(seed=2, players=3)
    game.apply(PlaceCube(0, R.NOTEBOOKS))
    assert game.gold(0) == 5
    game.apply(PlaceCube(0, R.NOTEBOOKS))
    assert game.gold(0) == 0
    with pytest.raises(IllegalActionError) as refused:
        game.apply(PlaceCube(0, R.NOTEBOOKS))
    assert refused.value.rule == "notebooks"


def test_after_the_cubes_the_tile_turns_over_and_the_order_follows_it():
    game = place_all_cubes(new_game(seed=5, players=3))
    tile = C.RUMBLES_TILES[game._track[0] - 1]
    assert game.rumbles_revealed == (game._track[0],)
    assert game.mine.at(game.mine.cell_of(tile.number)).face == "dark"
    colours = [game.player(p)["colour"] for p in range(3)]
    assert [colours[p] for p in game.phase_order] == list(C.phase_order(tile, colours))
    assert game.step == "turn" and game.turn_player == game.phase_order[0] == game.current_player


def test_first_phase_hurts_only_miners_next_to_the_tile():
    # pawn 0 at site 3 (next to square (0,1)); the turned tile lies there; pawn 1 one square away
    mine = M.Mine.standard()
    tile = mine.at((0, 1)).tile
    game = position([{"at": 3}, {"at": 7}, {"at": 11}], players=3, mine=mine, track=[tile, 1, 2, 3])
    assert [game.player(p)["injuries"] for p in range(3)] == [1, 0, 0]


def test_later_phase_injuries_use_distance_and_safety_gear():
    mine = M.Mine.standard()
    tile = mine.at((1, 1)).tile  # the centre: every start site is one step away
    game = position([{"dashboard": {R.SAFETY_GEAR: 1}}], players=3, mine=mine,
                    track=[mine.at((0, 0)).tile, tile, 1, 2])
    for _ in range(3):
        game.apply(EndTurn(game.current_player))
    place_all_cubes(game, lambda p: R.COLT_45)
    hurt = [game.player(p)["injuries"] for p in range(3)]
    assert hurt == [R.phase_injuries(1, 2, 1), 3, 3] == [2, 3, 3]


def test_view_hides_other_missions_the_pile_and_unrevealed_tiles():
    game = place_all_cubes(new_game(seed=9))
    seen = game.view(1)
    assert seen["players"][1]["mission"] == game.player(1)["mission"]
    assert all(seen["players"][p]["mission"] is None for p in (0, 2, 3))
    assert seen["pile"][0] == game.claim_pile_top and set(seen["pile"][1:]) == {None}
    assert seen["track"][0] == game._track[0] and set(seen["track"][1:]) == {None}
    assert "rng" not in seen


def test_save_load_round_trip_and_tampering():
    game = place_all_cubes(new_game(seed=11, players=3))
    game.apply(EndTurn(game.current_player))
    again = load(game.to_json())
    assert again == game and again.legal_actions() == game.legal_actions()
    with pytest.raises(SaveFormatError):
        load(game.to_json().replace('"column": "Colt 45"', '"column": "Tunnel Plans"', 1))
    with pytest.raises(SaveFormatError):
        load(game.to_json().replace('"EndTurn"', '"MineAlone"'))


def test_render_draws_mine_panels_and_store():
    game = place_all_cubes(new_game(seed=1))
    picture = state_svg(game)
    assert picture.startswith("<svg") and picture.count("<svg") == 2
    assert all(game.player(p)["colour"] in picture for p in range(4)) and "Claim store" in picture
    assert game._repr_svg_() == picture


def test_the_picture_names_miners_by_colour_and_columns_in_full():
    game = place_all_cubes(new_game(seed=1))
    shown = [html.unescape(text) for text in re.findall(r"<text[^>]*>([^<]*)</text>", state_svg(game))]
    words = " ".join(shown)
    assert not re.search(r"\bP[1-4]\b", words)                          # no seat numbers
    assert not {"C4", "WP", "ML", "MT", "CS", "EM", "SG", "ND", "FT", "TP"} & set(words.split())
    assert all(column in words for column in C.DASHBOARD_COLUMNS)
    assert f"{game.player(0)['colour']} · " in words                      # a panel's heading: the colour


def test_position_builder_checks_what_it_is_given():
    for bad in ({"at": 17}, {"colour": "Red"}, {"items": {"Gold": 1}}, {"injuries": 4}):
        with pytest.raises(OptionError):
            position([bad], players=3)
    with pytest.raises(IllegalActionError) as refused:
        position([{"items": {"Bread": 7}}], players=3)
    assert refused.value.rule == "carry limit"
    game = position([{"at": M.point((0, 0), 2), "gold": 33}], players=3)
    assert game.positions[0] == M.point((0, 0), 2) and game.gold(0) == 33 and game.fifty_tokens(0) == 0
