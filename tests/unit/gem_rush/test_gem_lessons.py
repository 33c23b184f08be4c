"""The Gem Rush lessons' helpers (minegames.gem_rush.lessons, lesson_1_rules, lesson_2_chances):
the rooms still have the doors the lessons describe, every board shows its rule, and each exercise
answer is the model's own figure (the counting by hand agrees with analysis.chance_to_pay, the
clock with a played game)."""

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from minegames.gem_rush import analysis, components, mine, payment
from minegames.gem_rush import lessons as L
from minegames.gem_rush.actions import Build, Discard, EndMovement, NameGem, Ride, Step, UseRoom, WarpBuild
from minegames.gem_rush.gems import DIAMOND_DUST, ECHOGLASS, STANDARD_GEMS

N, E, S, W = 0, 1, 2, 3


def world_doors(room_id, rotation=0):
    """The sides (world) where a room placed at this rotation has a door."""
    room = components.ROOM_BY_ID[room_id]
    return {side for side, door in enumerate(mine.world_doors(room, rotation)) if door is not None}


def quiet(_line):
    return None


# ---- the rooms the boards rely on --------------------------------------------------------

def test_the_rooms_have_the_doors_the_lesson_describes():
    assert world_doors(L.TORCHLIT_LANDING) == {N, E, S, W}
    # the passages board: one wall each, facing the room before it round the square
    assert world_doors(L.NARROW_DRIFT) == {E, S, W}
    assert world_doors(L.COLLAPSED_ADIT) == {N, E, S}
    assert world_doors(L.ORACLES_POOL) == {E, S, W}
    assert world_doors(L.SINGING_STONES) == {N, S, W}
    for room in (L.TALLY_ROOM, L.DRIPPING_SIEVE, L.GLIMMERING_VAULT, L.CRYSTAL_GALLERY):
        assert world_doors(room) == {N, E, S, W}
    for cart in L.MINE_CARTS:
        assert components.ROOM_BY_ID[cart].kind == "mine_cart" and {E, W} <= world_doors(cart)
    echo = components.ROOM_BY_ID[L.ECHO_CHAMBER].doors[N]
    assert sorted(echo.cost) == sorted(("obsidian", "permafrost", "electrum")) and echo.points == 2
    shaft = components.ROOM_BY_ID[L.MOTHERLODE_SHAFT]
    assert sorted(shaft.doors[N].cost) == ["obsidian", "permafrost"]
    assert sorted(shaft.doors[W].cost) == ["electrum", "electrum", "sunstone"]
    assert components.ROOM_BY_ID[L.SPEAKING_STONE].ability == (("name",), ("reveal", 6), ("keep_matching", ("named",)))
    straight = components.ROOM_BY_ID[L.STRAIGHT_TUNNELS[0]]
    curved = components.ROOM_BY_ID[L.CURVED_TUNNEL]
    assert sorted(map(sorted, straight.links)) == [[0, 2], [1, 3]]
    assert sorted(map(sorted, curved.links)) == [[0, 1], [2, 3]]


def test_card_finds_the_card_by_its_gems_and_the_example_hand_is_the_rulebooks():
    assert components.GEM_CARDS[L.card("electrum", "obsidian")].gems == ("obsidian", "electrum")
    assert [components.card_text(c) for c in L.EXAMPLE_HAND] == ["Obsidian + Electrum", "Permafrost + Soulstone"]
    with pytest.raises(LookupError):
        L.card("obsidian", "obsidian")


# ---- the boards and their exercise answers ---------------------------------------------------

def test_turn_board_starts_two_over_the_limit_and_runs_the_five_phases():
    game = L.turn_board()
    assert game.phase == "discard" and L.discards_before_moving(game) == 2
    assert game.phase == "discard" and len(game.hand()) == 6          # the copy was played, not the board
    L.narrate(game, Discard(L.TURN_HAND[-1]), Discard(L.TURN_HAND[-2]), EndMovement(), UseRoom(), out=quiet)
    assert game.phase == "burn" and game.burns_left == 3


def test_passages_one_step_there_three_back():
    game = L.passages_board()
    assert L.fewest_steps(game, L.COLLAPSED_ADIT) == 1
    assert L.fewest_steps(game, L.NARROW_DRIFT, from_room=L.COLLAPSED_ADIT) == 3
    L.narrate(game, Step(E), out=quiet)
    assert not L.try_to(game, Step(W), out=quiet)
    assert L.fewest_steps(game, L.NARROW_DRIFT) == 3


def test_building_board_is_the_rulebook_example_wasting_the_soulstone():
    game = L.building_board()
    cost = components.ROOM_BY_ID[L.ECHO_CHAMBER].doors[N].cost
    settled = payment.settle(cost, [components.GEM_CARDS[c] for c in L.EXAMPLE_HAND])
    assert settled.wasted == ("soulstone",)
    assert L.points_scored(game, Build(N, L.EXAMPLE_HAND)) == 2
    drawn = L.next_rooms(game)[0]
    assert drawn.kind != "tunnel" and sum(d is not None for d in drawn.doors) == 3
    L.narrate(game, Build(N, L.EXAMPLE_HAND), out=quiet)
    assert len(game.legal_actions()) == 3


def test_tunnel_board_step_east_crosses_both_tunnels_into_crystal_gallery():
    game = L.tunnel_board()
    assert L.landing_room(game, E) == components.ROOM_BY_ID[L.CRYSTAL_GALLERY].name
    L.narrate(game, Step(E), out=quiet)
    assert tuple(game.players[0]["pos"]) == L.where(game, L.CRYSTAL_GALLERY) and game.steps_left == 2


def test_building_through_a_tunnel_places_the_room_beyond_it():
    hand = [L.card("soulstone", "star_tear")]
    game = L.tunnel_board("room", hand)
    L.build(game, Build(N, tuple(hand)), out=quiet)
    assert game.players[0]["pos"] == [0, -2] and game.players[0]["score"] == 1


def test_drawing_a_tunnel_while_building_scores_the_door_once():
    hand = [L.card("obsidian", "electrum")]
    game = L.tunnel_board("tunnel", hand)
    top, under = L.next_rooms(game, 2)
    assert top.kind == "tunnel" and under.kind != "tunnel"
    assert L.points_scored(game, Build(W, tuple(hand))) == 1
    rooms_before = len(game.mine)
    L.build(game, Build(W, tuple(hand)), out=quiet)
    assert len(game.mine) == rooms_before + 2 and game.steps_left == 2


def test_carts_board_two_steps_with_a_ride_five_without():
    game = L.carts_board()
    assert L.fewest_steps(game, L.GLIMMERING_VAULT) == 2
    assert mine.shortest_steps(game.mine, (0, 0), carts_free=False)[(5, 0)] == 5
    L.narrate(game, Step(E), Ride(4, 0), Step(E), out=quiet)
    assert tuple(game.players[0]["pos"]) == L.where(game, L.GLIMMERING_VAULT) and game.steps_left == 1


def test_warp_board_has_three_doors_to_warp_through():
    game = L.warp_board()
    doors = L.warp_doors(game)
    assert len(doors) == 3
    for (x, y), side in doors:
        assert any(isinstance(a, WarpBuild) and (a.x, a.y, a.side) == (x, y, side) for a in game.legal_actions())


def test_orichalcum_build_scores_the_door_and_two_points():
    game = L.special_board()
    door = components.ROOM_BY_ID[L.MOTHERLODE_SHAFT].doors[N]
    settled = payment.settle(door.cost, [components.GEM_CARDS[c] for c in L.ORICHALCUM_HAND])
    assert settled.orichalcum_points == 2
    assert L.points_scored(game, Build(N, L.ORICHALCUM_HAND)) == door.points + 2 == 3


def test_only_the_echoglass_card_completes_electrum_electrum_sunstone():
    hand = [L.card("electrum", "sunstone")]
    offered = [L.card("obsidian", "orichalcum"), L.card("soulstone", "echoglass"),
               L.card("sunstone", "orichalcum"), L.card("star_tear", "warpstone")]
    assert L.completing_cards(("electrum", "electrum", "sunstone"), hand, offered) == [L.card("soulstone", "echoglass")]


def test_ability_board_keeps_the_named_cards_of_the_six_revealed():
    game = L.ability_board("obsidian")
    top_six = game.deck[-6:]
    L.narrate(game, UseRoom(), NameGem("obsidian"), out=quiet)
    assert sorted(game.hand()) == sorted(c for c in top_six if "obsidian" in components.GEM_CARDS[c].gems)
    assert game.hand()
    ability = components.ROOM_BY_ID[L.SPEAKING_STONE].ability
    assert analysis.expected_cards(ability, named="obsidian") == Fraction(6 * 20, 75)


@pytest.mark.parametrize("players", [1, 3, 4, 5, 7])
def test_the_clock_gives_25_turns_dealt_round_the_table(players):
    turns = L.clock_turns(players)
    assert sum(turns) == 25
    assert turns == [25 // players + (seat < 25 % players) for seat in range(players)]


# ---- counting and sampling ------------------------------------------------------------

@pytest.mark.parametrize("cost", [("obsidian",), ("obsidian", "permafrost"), ("electrum", "obsidian", "permafrost")])
@pytest.mark.parametrize("draws", [1, 2, 4, 5])
def test_counting_by_kinds_matches_chance_to_pay(cost, draws):
    assert L.chance_by_counting(cost, draws) == analysis.chance_to_pay(cost, draws=draws)


def test_counting_by_kinds_refuses_repeated_gems():
    with pytest.raises(ValueError):
        L.chance_by_counting(("electrum", "electrum"), 3)


def test_one_gem_door_is_a_plain_hypergeometric():
    paying = sum(n for (shown, dust), n in L.paying_kinds(("obsidian",)).items() if shown or dust)
    assert paying == 22
    for k in range(1, 8):
        assert analysis.chance_to_pay(("obsidian",), draws=k) == 1 - Fraction(comb(75 - paying, k), comb(75, k))


def test_deck_without_strikes_one_gem_and_keeps_the_ids():
    plain = L.deck_without(DIAMOND_DUST)
    assert [c.id for c in plain] == list(range(75))
    assert not any(DIAMOND_DUST in c.gems for c in plain)
    assert all(len(c.gems) >= 1 for c in plain)
    cost = ("electrum", "obsidian", "permafrost")
    assert analysis.chance_to_pay(cost, draws=4, deck=plain) < analysis.chance_to_pay(cost, draws=4)
    assert (analysis.chance_to_pay(cost, draws=4, deck=L.deck_without(ECHOGLASS))
            == analysis.chance_to_pay(cost, draws=4))   # different gems: Echoglass never helps


def test_simulations_are_seeded_and_land_near_the_exact_answers():
    cost = ("electrum", "obsidian", "permafrost")
    shares = L.simulate_pay(cost, 4, trials=4000, seed=5)
    assert np.array_equal(shares, L.simulate_pay(cost, 4, trials=4000, seed=5))
    assert abs(shares[-1] - float(analysis.chance_to_pay(cost, draws=4))) < 0.03
    lengths = L.simulate_dig(1, ("sunstone",), trials=4000, seed=3)
    exact = sum(k * p for k, p in analysis.dig_length_odds(1, ("gems", ("sunstone",))).items())
    assert abs(lengths.mean() - float(exact)) < 0.25
    assert lengths.min() >= 1 and lengths.max() <= 75 - 19 + 1


def test_gem_names_in_the_games_order():
    assert L.gem_names(("permafrost", "obsidian")) == "Obsidian + Permafrost"
    assert STANDARD_GEMS[0] == "obsidian"


# ---- the two lessons (lesson_1_rules, lesson_2_chances) -------------------------------------

from minegames.gem_rush import lesson_1_rules as R  # noqa: E402
from minegames.gem_rush import lesson_2_chances as K  # noqa: E402


def test_the_lessons_fit_an_hour_and_have_their_predictions():
    for lesson in (R.RULES, K.CHANCES):
        assert 45 <= lesson.minutes <= 60
        assert len(lesson.predictions) >= 3
    assert len(K.CHANCES.predictions) > len(R.RULES.predictions)
    assert [q.key for q in R.RULES if q.section == "Extension"] == ["tunnel_points", "cart_steps", "echoglass_card",
                                                                    "warp_doors"]
    assert all(q.is_extension for q in R.RULES if q.section == "Extension")
    assert [q.key for q in K.CHANCES if q.section == "Extension"] == ["speaking_stone", "complete_electrum",
                                                                       "dig_mean"]
    assert all(q.is_extension for q in K.CHANCES if q.section == "Extension")
    assert not K.CHANCES["one_gem"].show_working


def test_the_rules_lessons_answers_are_the_models():
    answers = {q.key: q.exact() for q in R.RULES}
    assert answers == {"discards": 2, "steps_back": 3, "wasted_gem": "Soulstone", "place_turns": 3,
                       "tunnel_landing": "Crystal Gallery", "tunnel_points": 1, "cart_steps": 2,
                       "orichalcum_points": 3, "echoglass_card": "Soulstone + Echoglass",
                       "four_player_turns": 7, "warp_doors": 3}


def test_the_rules_lessons_buttons_show_the_rule_or_the_move():
    assert "wall on its west side" in R.try_step("west").text
    assert "steps south into Oracle's Pool" in R.try_step("south").text
    assert "wasted: Soulstone" in R.try_paying("both cards").text
    assert "does NOT pay" in R.try_paying(R.PAYMENTS[1]).text
    assert "<svg" in R.try_step("north")._repr_html_()
    assert R.clock_table().rows[3] == ["4", "7, 6, 6, 6"]
    assert "<table" in R.clock_table()._repr_html_()


def test_the_rules_lessons_outputs_before_a_question_do_not_answer_it():
    """What sits just above a question must not state its answer (it comes after)."""
    game, happened = R.passages_after_step()
    assert "wall" not in str(happened) and "Not allowed" in str(R.refusal_text())
    assert "2 cards" in str(R.trim_text())
    assert not R.RULES["steps_back"].show_working and not R.RULES["four_player_turns"].show_working
    assert "(0, -2)" not in str(R.tunnel_north_text()[1])
    assert "(" not in str(R.warp_builds_text(R.warp_board()))
    assert "((" not in str(R.abilities_text())


def test_the_lessons_boards_have_no_status_line_and_are_cropped():
    from minegames.gem_rush.lessons import board
    from minegames.gem_rush.picture import status_line

    game = R.turn_start()
    drawn = board(game)._repr_svg_()
    assert status_line(game) not in drawn and "rooms left" not in drawn
    assert "bare rock" not in board(R.passages_after_step()[0])._repr_svg_()
    assert board(L.building_board(), empties=[(0, -1)])._repr_svg_().count("bare rock") == 1


def test_the_chances_lessons_answers_are_the_models():
    three = ("electrum", "obsidian", "permafrost")
    assert K.CHANCES["hands_of_two"].exact() == comb(75, 2) == 2775
    assert K.CHANCES["obsidian_cards"].exact() == 22
    assert K.CHANCES["one_gem"].exact() == K.one_gem_by_complement() == 1 - Fraction(comb(53, 4), comb(75, 4))
    assert K.CHANCES["three_gems"].exact() == analysis.chance_to_pay(three, draws=4) == Fraction(27843, 67525)
    assert K.CHANCES["speaking_stone"].exact() == Fraction(6 * 20, 75)
    assert K.CHANCES["complete_electrum"].exact() == Fraction(22, 74)
    assert K.CHANCES["thousand_deals"].exact() == 1000 * Fraction(27843, 67525)
    assert K.CHANCES["dig_mean"].exact() == Fraction(76, 20)
    rows = {size: worth for size, _, _, _, worth in K.door_value_rows()}
    assert K.CHANCES["best_door"].exact() == "4 gems" and max(rows, key=rows.get) == 4


def test_the_worked_lines_numbers_are_the_models():
    """The few numbers written into worked lines and the text (not computed there) still hold."""
    assert comb(75, 4) == 1_215_450
    real = analysis.chance_to_pay(K.THREE_GEMS, draws=4)
    dry = analysis.chance_to_pay(K.THREE_GEMS, draws=4, deck=L.deck_without(DIAMOND_DUST))
    assert (f"{float(real):.1%}", f"{float(dry):.1%}") == ("41.2%", "33.2%")
    assert round(float(K.dust_gain())) == 8
    assert sum(1 for room in components.ROOMS if room.kind != "tunnel") == 72
    assert sum("sunstone" in c.gems for c in components.GEM_CARDS) == 19


def test_the_wildcard_text_gives_the_models_range():
    text = str(K.wildcard_text())
    assert "Diamond Dust adds between 5.8 and 8.3 percentage points" in text
    assert "between 4.1 and 7.1 points" in text


def test_the_simulations_band_holds_most_batches():
    text = str(K.deal_batches(next(iter(K.DEAL_DOORS)), deals=200))
    assert text.count("inside the band") >= 4
    low, high = K.band(Fraction(1, 2), 10_000)
    assert abs(high - low - 0.02) < 1e-12
    assert "exact average 19/5" in str(K.dig_check("Pickaxe Gallery", trials=200))
    assert "<table" in K.deal_batches(deals=100)._repr_html_()
