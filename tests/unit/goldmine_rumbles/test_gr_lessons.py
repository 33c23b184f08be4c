"""The lessons' helpers (minegames.goldmine_rumbles.lessons): fight totals that add up and agree
with the engine, example trips that really show their rule, and exercise answers that are the
analysis module's exact figures."""

from fractions import Fraction

import pytest

from minegames import goldmine_rumbles as gr
from minegames.goldmine_rumbles import analysis, components as C, dice_rules as R, mine as M
from minegames.goldmine_rumbles import lessons as L
from minegames.goldmine_rumbles.lessons import BLUE, GREEN, RED


def duel(seed=0, red=None, blue=None):
    """Blue (3 Colt 45 cubes, 1 Poison) attacks Red (1 cube) where both stand; nobody holds fight items."""
    here = L.quiet_sites()
    state = L.table({"at": here[0], "gold": 20, "dashboard": {R.COLT_45: 1}, "items": {}, **(red or {})},
                    {"at": here[0], "gold": 14, "dashboard": {R.COLT_45: 3}, "poisons": 1, "items": {}, **(blue or {})},
                    {"at": here[1]}, seed=seed)
    return state.apply(gr.AttackPlayer(BLUE, RED))


def injuries(state, side):
    fight = state.fight_record
    return fight["clayton_injuries"] if side == L.PAPA_CLAYTON else state.sheet(side)["injuries"]


def settle(state, choose=lambda state: None):
    """Play a fight to its end; ``choose`` answers the choices inside it (None: decline). Yields, per
    settled round, the totals and whether the engine's injury tracks agree with them."""
    while state.fight_record is not None and state.step in L.FIGHT_STEPS:
        sides = list(state.fight_record["sides"])
        if state.step == "fight":
            action = gr.FightRound(state.current_player)
        else:
            action = choose(state) or gr.Decline(state.current_player)
        rounds = []
        L.play(state, action, rounds=rounds)
        for totals in rounds:
            agree = None
            if state.fight_record is not None and list(state.fight_record["sides"]) == sides:
                agree = [f.injuries for f in totals.fighters] == [injuries(state, s) for s in sides]
            yield totals, agree


@pytest.mark.parametrize("seed", range(12))
def test_every_round_prints_totals_that_add_up_and_match_the_engine(seed):
    state = duel(seed)
    seen = list(settle(state))
    assert 4 <= len(seen) <= 7  # a fresh fight lasts four to seven rounds
    for totals, agree in seen:
        blue, red = totals.fighters
        assert (blue.name, blue.weapon_bonus, blue.penalty) == ("Blue", 3, 1)
        assert (red.name, red.weapon_bonus, red.penalty) == ("Red", 1, 0)
        for f in totals.fighters:
            assert f.total == f.die + f.bonus - f.penalty
        assert (blue.hurt, red.hurt) == R.round_injuries(blue.total, red.total)
        assert agree is not False
        table = "\n".join(totals.lines())
        assert f"{blue.total:6}" in table and totals.verdict in table
    last = seen[-1][0]
    assert max(f.injuries for f in last.fighters) == R.INJURY_LIMIT


def test_the_fight_printout_shows_dice_then_totals_then_the_result():
    state = duel(3)
    lines = []
    L.fight_on(state, out=lines.append)
    first_dice = next(i for i, line in enumerate(lines) if line.startswith("fight round:"))
    assert lines[first_dice + 1].split() == ["side", "die", "bonus", "tokens", "total", "injury", "now"]
    assert any("beats" in line or "both reach" in line for line in lines[-3:])


def leafy_fight(seed):
    """Blue attacks Red, who holds two Chippawa Leaves and plays one whenever asked."""
    return duel(seed, red={"items": {"Chippawa Leaf": 2}})


@pytest.mark.parametrize("seed", range(6))
def test_a_chippawa_leaf_adds_three_in_its_round_only(seed):
    state = leafy_fight(seed)
    seen = list(settle(state, choose=lambda s: gr.UseItem(RED, "Chippawa Leaf")
                       if s.step == "chippawa" else None))
    leaves = [totals.fighters[1].leaf for totals, _ in seen]
    assert leaves[:2] == [R.CHIPPAWA_BONUS, R.CHIPPAWA_BONUS] and set(leaves[2:]) <= {0}
    for totals, agree in seen:
        blue, red = totals.fighters
        assert (blue.hurt, red.hurt) == R.round_injuries(blue.total, red.total)
        assert agree is not False


@pytest.mark.parametrize("seed", range(6))
def test_a_bibles_second_throw_is_the_one_totalled(seed):
    state = duel(seed, red={"items": {"Bible": 1}})
    used = []

    def bible(s):
        if s.step == "dismiss" and not used:
            used.append(True)
            return gr.Dismiss(RED, R.BOTH)
        return None

    seen = list(settle(state, choose=bible))
    for totals, agree in seen:
        assert agree is not False
    rethrow = [line for _, line in state.log if "thrown again" in line]
    assert len(rethrow) == 1


def test_two_miners_against_papa_clayton_share_a_die_and_hurt_him_twice_at_most():
    walk = L.find_trip("walk")
    crew = {"red": {"dashboard": {R.COLT_45: 3}}, "blue": {"dashboard": {R.COLT_45: 2}}}
    seed = L.first_seed(lambda s: L.partner_dig(walk, s, **crew), lambda state: state.step == "clayton")
    state = L.partner_dig(walk, seed, **crew)
    state.apply(gr.FightClayton(BLUE)).apply(gr.FightClayton(RED))
    seen = list(settle(state))
    assert seen
    first = seen[0][0]
    assert first.shared_die and first.fighters[0].die == first.fighters[1].die
    assert [f.name for f in first.fighters] == ["Blue", "Red", "Papa Clayton"]
    for totals, agree in seen:
        *miners, papa = totals.fighters
        assert papa.bonus == R.PAPA_CLAYTON_BONUS and papa.hurt <= len(miners)
        assert agree is not False


# ---- the exercises' exact answers ------------------------------------------------------------


def test_the_fight_exercise_is_the_analysis_figure():
    state = duel()
    assert (state.fight_bonus(BLUE), state.fight_bonus(RED)) == (2, 1)
    assert L.fight_win_chance(state, BLUE) == analysis.fight_odds(2, 1).win
    assert L.fight_win_chance(state, RED) == analysis.fight_odds(1, 2).win


def test_the_fight_exercise_counts_the_defenders_bible_and_refuses_the_opponents():
    state = duel(red={"items": {"Bible": 1}})
    assert L.fight_win_chance(state, RED) == analysis.fight_odds(1, 2, bibles=1).win
    with pytest.raises(ValueError, match="Bible"):
        L.fight_win_chance(state, BLUE)


def test_the_partner_exercise_is_the_best_of_two_dice_less_the_bid():
    walk = L.find_trip("walk")
    state = L.at_claim(walk, red={"at": walk.start, "items": {}}, blue={"items": {}})
    state.apply(L.first_of(state, gr.TakeItems))
    if state.step == "place cubes":
        state.apply(gr.PlaceCube(BLUE, R.COLT_45))
    high, _ = analysis.max_min_distributions()
    assert L.partner_gain(state, BLUE, RED, 3) == analysis.expected_value(high) - 3 == Fraction(161, 36) - 3
    owner, partner = (L.miner_at_claim(state, p, walk.claim) for p in (BLUE, RED))
    for bid in range(1, 7):
        assert L.partner_gain(state, BLUE, RED, bid) == analysis.partner_value(bid, owner, partner).partner


def test_the_hazard_exercise_is_the_analysis_figure_and_the_sum_of_its_faces():
    spot = L.quiet_sites()
    state = L.table({"at": spot[0], "gold": 9}, {"at": spot[1], "gold": 15, "injuries": 2, "items": {"Bread": 1},
                                                 "dashboard": {R.SAFETY_GEAR: 1}}, {"at": spot[2], "gold": 12})
    expected = analysis.expected_hazard_cost(injuries=2, bread=1, safety_cubes=1, gold_rank=1)
    assert L.hazard_cost(state, BLUE) == expected == Fraction(11, 6)
    faces = [int(line.rsplit("= ", 1)[1].removesuffix("gn")) for line in L.hazard_lines(state, BLUE)]
    assert len(faces) == len(R.HAZARD_FACES) and Fraction(sum(faces), len(faces)) == expected


# ---- positions and trips ---------------------------------------------------------------------


@pytest.mark.parametrize("kind", L.TRIP_KINDS)
def test_each_trip_shows_its_rule(kind):
    trip = L.find_trip(kind)
    mine = L.table_mine()
    plans = 1 if kind == "tunnel plans" else 0
    walk = M.best_route(mine, trip.start, trip.claim, plans)
    if kind == "dynamite":
        assert walk is None and trip.journey.blasts == 1
    elif kind == "tunnel plans":
        assert M.best_route(mine, trip.start, trip.claim) is None and walk.jumps
    elif kind == "walk":
        assert walk.hazards == ()
    else:  # the best walk meets this hazard (alone, where the mine has such a walk)
        assert kind in [hazard for _, hazard in walk.hazards]
    state = L.trip_table(trip, blue={"dashboard": {R.TUNNEL_PLANS: plans}})
    assert state.mine == mine and state.claim_store[0] == trip.claim and state.positions[BLUE] == trip.start
    assert state.current_player == BLUE


@pytest.mark.parametrize("kind", ["rat", "snake"])
def test_travel_past_uses_bread_and_the_blunderbuss_and_arrives_unpoisoned(kind):
    trip = L.find_trip(kind)
    state = L.trip_table(trip, blue={"items": {"Bread": 2, "Blunderbuss": 2}}, seed=1)
    state.apply(gr.BuyClaim(BLUE, 0))
    said = []
    L.travel_past(state, trip.claim, out=said.append)
    assert state.positions[BLUE] == trip.claim and state.sheet(BLUE)["poisons"] == 0
    assert any(f"before a {kind}" in line for line in said)


def test_a_walk_trip_can_be_bought_and_walked_in_one_travel():
    trip = L.find_trip("walk")
    state = L.at_claim(trip)
    assert state.positions[BLUE] == trip.claim and state.step == "items"


def test_quiet_sites_are_out_of_reach_of_the_first_cave_in():
    state = L.table(*({"at": site} for site in L.quiet_sites()[:3]))
    assert all(state.sheet(p)["injuries"] == 0 for p in range(3))


def test_first_seed_finds_the_first_wanted_game_or_says_there_is_none():
    assert L.first_seed(lambda s: L.table({}, {}, {}, seed=s), lambda state: True) == 0
    with pytest.raises(LookupError):
        L.first_seed(lambda s: L.table({}, {}, {}, seed=s), lambda state: False, seeds=range(3))


# ---- keys and descriptions -------------------------------------------------------------------


def test_the_dashboard_key_names_every_column_in_full_as_the_board_does():
    key = L.dashboard_key()
    assert [column for column, _, _ in key] == list(C.DASHBOARD_COLUMNS)
    assert all(effects and meaning for _, effects, meaning in key)
    assert not any(mark.startswith("P1") for mark, _ in L.board_key())  # seats are named by colour


def test_the_item_key_flags_match_the_components():
    for name, marks, _ in L.item_key():
        item = C.ITEMS[name]
        assert marks == "".join(letter if getattr(item, flag) else "." for flag, letter, _ in L.ITEM_FLAGS)


def test_describe_turn_names_the_open_main_actions():
    state = L.table({}, {}, {})
    lines = L.describe_turn(state)
    assert "Blue (P2) decides" in lines[0]
    assert "buy a claim" in lines[1] and "end the turn" in lines[1]


def test_choices_shorten_a_long_run_of_one_kind_and_count_the_routine_ones():
    state = L.table({}, {"items": {"Flask": 1}}, {})
    lines = L.choice_lines(state)
    refreshes = sum(isinstance(a, gr.Refresh) for a in state.legal_actions())
    assert refreshes > L.MANY
    assert sum("refreshes" in line for line in lines) == 3
    assert any(f"{refreshes - 3} more like these" in line for line in lines)
    assert "ways to buy Essentials or discard" in lines[-1]


def test_try_to_reports_the_rule_and_leaves_the_game_unchanged():
    state = L.table({}, {}, {})
    before = state.to_json()
    said = []
    assert L.try_to(state, gr.EndTurn(GREEN), out=said.append) is False
    assert said[0].startswith("refused (") and state.to_json() == before
