"""Goldmine Rumbles engine: a turn from buying essentials and a claim through travel,
Dynamite, items, the yield and the hazard die, to the end of the game (about 1 s).

Dice are fixed by replacing the state's ``_roll`` with a list of results: the rules
under test read their dice only through it. Journeys are found by a search on the table's
mine (see :func:`trip`), so a re-tuned tile set still finds a rat, a snake or a missing walk."""

import itertools

import numpy as np
import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import (
    AttackPlayer, Blast, BuyClaim, BuyEssentials, Decline, Discard, EndTurn, MineAlone, PayFee, PlaceCube, Step,
    TakeItems, Travel, UseItem,
)
from minegames.goldmine_rumbles.positions import position
from minegames.goldmine_rumbles.engine_common import position_key as _key

STANDARD = M.Mine.standard()


def with_dice(game, *dice):
    game._roll = iter(dice).__next__
    return game


def first_mover(miner, store=(1, 2, 3, 4, 5), track=None, mine=STANDARD, **options):
    """A 3-player position with the first turn given to P1, described by ``miner``."""
    track = track or [t.number for t in C.RUMBLES_TILES if t.order[0] == "Red"][:1] + [1, 2, 3]
    game = position([miner], players=3, mine=mine, store=list(store), pile=[16, 15, 14], track=track, **options)
    assert game.current_player == 0 and game.step == "turn"
    return game


def store_for(claim):
    """A store with ``claim`` on the first square (claims 14-16 are the pile)."""
    return (claim,) + tuple(c for c in range(1, 14) if c != claim)[:4]


def trip(predicate, what):
    """(mine, start site, claim, best walk) for the first trip whose best walk (None: no walk)
    passes ``predicate`` on the table of a :func:`first_mover` game, whose first Rumbles tile
    has turned a tile over (starts next to that tile, which its cave-in injures, are skipped).
    The standard mine is searched first, then seeded ones, in site order."""
    for mine in [STANDARD] + [M.Mine.random(np.random.default_rng(seed)) for seed in range(10)]:
        table = first_mover({}, mine=mine).mine
        for start, claim in itertools.permutations(range(1, 14), 2):
            walk = M.best_route(table, start, claim)
            if predicate(walk) and first_mover({"at": start, "injuries": 0}, mine=mine).player(0)["injuries"] == 0:
                return mine, start, claim, walk
    pytest.fail(f"no trip with {what} on the mines searched: has the tile set changed?")


def one_snake(walk):
    return walk is not None and [kind for _, kind in walk.hazards] == ["snake"]


def test_essentials_cost_1gn_each_and_one_black_mark_per_purchase():
    game = first_mover({"items": {}})
    game.apply(BuyEssentials(0, ("Bread", "Dynamite", "Whiskey")))
    assert game.gold(0) == 7 and game.player(0)["black_marks"] == 1
    assert game.items(0) == {"Bread": 1, "Dynamite": 1, "Whiskey": 1}
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BuyEssentials(0, ("Bible",)))
    assert refused.value.rule == "essentials"
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BuyEssentials(0, ("Bread",) * 4))
    assert refused.value.rule == "carry limit"
    assert game.gold(0) == 7


def test_buying_a_claim_slides_the_store_and_moves_papa_clayton():
    game = first_mover({"at": 11, "dashboard": {R.COMPANY_SHARES: 2}})
    game.apply(BuyClaim(0, 2))  # price 4, less 3 for two Company Shares cubes
    assert game.gold(0) == 9 and game.player(0)["claims"] == [3]
    assert game.claim_store == (1, 2, 4, 5, 16) and game.clayton_position == 15
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BuyClaim(0, 0))
    assert refused.value.rule == "one main action"


def test_a_claim_too_dear_is_refused():
    game = first_mover({"gold": 2})
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BuyClaim(0, 1))
    assert refused.value.rule == "claim price" and game.gold(0) == 2


def test_walking_to_the_claim_and_a_snake_on_the_way():
    mine, start, claim, walk = trip(one_snake, "one snake on the best walk")
    game = first_mover({"at": start, "items": {"Blunderbuss": 1}, "injuries": 0, "poisons": 0},
                       store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0))
    path = walk.path
    for target in path[1:]:
        game.apply(Step(0, _key(target)))
        if game.step == "snake":
            break
    assert game.step == "snake"
    with_dice(game, 6).apply(UseItem(0, "Blunderbuss"))  # a 6 backfires: 3 injuries
    assert game.player(0)["injuries"] == 3 and game.player(0)["poisons"] == 0 and game.items(0) == {}
    while game.positions[0] != claim:
        here = game.positions[0]
        game.apply(Step(0, _key(path[path.index(here) + 1])))
    assert game.step == "items" and game.current_player == 0


def test_a_rat_takes_bread_or_poisons():
    mine, start, claim, walk = trip(lambda w: w is not None and w.legs[0].hazard == "rat",
                                    "a rat on the first tunnel of the best walk")
    game = first_mover({"at": start, "items": {"Bread": 1}, "poisons": 0}, store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0))
    game.apply(Step(0, _key(walk.path[1])))
    assert game.step == "rat" and game.current_player == 0
    game.apply(Decline(0))
    assert game.player(0)["poisons"] == 1 and game.items(0)["Bread"] == 1
    game.undo()
    game.apply(UseItem(0, "Bread"))
    assert game.player(0)["poisons"] == 0 and game.items(0)["Bread"] == 0


def test_one_dynamite_gives_extra_blasts_with_explosives_manuals():
    game = first_mover({"at": 1, "items": {"Dynamite": 2}, "dashboard": {R.EXPLOSIVES_MANUALS: 1}})
    game.apply(BuyClaim(0, 4))  # claim 5, far away
    game.apply(Blast(0, 0, 0, 1))
    assert game.items(0)["Dynamite"] == 1 and game.mine.at((0, 0)).rotation == (STANDARD.at((0, 0)).rotation + 1) % 4
    game.apply(Blast(0, 0, 0, 1))
    assert game.items(0)["Dynamite"] == 1
    game.apply(Blast(0, 0, 0, 1))
    assert game.items(0)["Dynamite"] == 0
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Blast(0, 2, 2, 1))
    assert refused.value.rule == "dynamite"


def test_taking_items_with_the_carry_limit_and_a_lightning_item():
    # Red carries 6, takes Medical Supplies at claim 12 and uses it at once
    six = {"Bread": 2, "Whiskey": 2, "Dynamite": 2}
    game = first_mover({"at": 12, "items": six, "bandages": 1}, store=(12, 1, 2, 3, 4))
    game.apply(BuyClaim(0, 0))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(TakeItems(0, 0, (0, 1)))
    assert refused.value.rule == "carry limit"
    game.apply(TakeItems(0, 1, (1, 2)))  # Medical Supplies and a cube
    assert game.player(0)["bandages"] == 0 and game.items(0) == six
    assert game.step == "place cubes"
    game.apply(PlaceCube(0, R.MINING_TOOLS))
    assert game.dashboard(0)[R.MINING_TOOLS] == 1 + 0 and game.step == "turn"
    with pytest.raises(IllegalActionError) as refused:
        game.apply(TakeItems(0, 0, (0, 1)))
    assert refused.value.rule == "two items"


def test_mining_alone_with_a_bible_the_rulebook_example():
    # claim 2 (Flooded), roll 2 and a Bible -> 6, 3 Water Pumps cubes +4 -> 10gn
    game = first_mover({"at": 2, "items": {"Bible": 1}, "dashboard": {R.WATER_PUMPS: 3}}, store=(2, 1, 3, 4, 5))
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 0, (0, 1)))
    gold = game.gold(0)
    with_dice(game, 2, 5, 5).apply(MineAlone(0))
    assert game.step == "bible"
    game.apply(UseItem(0, "Bible"))
    assert game.gold(0) == gold + 10 and "Bible" not in game.items(0)
    assert game.player(0)["poisons"] == 1  # the hazard die showed the snake
    game.undo()
    game.apply(Decline(0))
    assert game.gold(0) == gold + 6


def test_hazard_bread_cave_in_and_papa_claytons_fee():
    base = {"at": 2, "items": {"Bread": 1}, "dashboard": {R.SAFETY_GEAR: 1}}
    game = first_mover(dict(base), store=(2, 1, 3, 4, 5))
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (1, 2)))
    with_dice(game, 4, 2).apply(MineAlone(0))  # Bread x2 with one Bread: lose it, take a Bandage
    assert game.items(0)["Bread"] == 0 and game.player(0)["bandages"] == 1
    game.undo()
    with_dice(game, 4, 3).apply(MineAlone(0))  # Cave-in x2 less one Safety Gear
    assert game.player(0)["injuries"] == 1
    game.undo()
    with_dice(game, 4, 6).apply(MineAlone(0))
    assert game.step == "clayton"
    gold = game.gold(0)
    game.apply(PayFee(0))
    assert game.gold(0) == gold - 3  # the richest pays 3


def test_four_injuries_cost_a_bandage():
    game = first_mover({"at": 2, "injuries": 2}, store=(2, 1, 3, 4, 5))
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (1, 2)))
    with_dice(game, 1, 4).apply(MineAlone(0))
    assert game.player(0)["injuries"] == 0 and game.player(0)["bandages"] == 1


def test_free_uses_while_active():
    game = first_mover({"items": {"Whiskey": 1, "Fungus": 1}, "injuries": 2, "poisons": 2})
    assert game.player(0)["injuries"] in (2, 3)  # the first phase may add one
    game.apply(UseItem(0, "Whiskey")).apply(UseItem(0, "Fungus"))
    assert game.player(0)["injuries"] == 0 and game.player(0)["poisons"] == 1 and game.items(0) == {}
    with pytest.raises(IllegalActionError) as refused:
        game.apply(UseItem(0, "Fungus"))
    assert refused.value.rule == "items"


def test_the_game_ends_after_the_last_phase_with_end_scoring():
    game = position([{"gold": 31, "dashboard": {R.NOTEBOOKS: 3}, "black_marks": 0, "mission": 0,
                      "items": dict.fromkeys(C.MISSIONS[0][:2], 1), "bandages": 1},
                     {"black_marks": 1}, {"black_marks": 2}], players=3, mine=STANDARD)
    while not game.is_over:
        if game.step == "place cubes":
            game.apply(game.legal_actions()[0])
        else:
            game.apply(EndTurn(game.current_player))
    sheet = game.player(0)
    tokens = sheet["bandages"] + sheet["poisons"] + sheet["black_marks"]
    assert tokens >= 1  # the Bandage it started with, and any from the phases' cave-ins
    steps = game.score_breakdown()[0]
    assert steps == {"gold": 31, "notebooks": 15, "fewest black marks": 10, "tokens": -2 * tokens, "mission": 3,
                     "final": 59 - 2 * tokens}
    assert game.scores()[0] == 59 - 2 * tokens and game.legal_actions() == []


def test_only_the_decider_acts_and_refusals_change_nothing():
    game = first_mover({})
    before = game._full_snapshot()
    for action in (EndTurn(1), BuyClaim(0, 7), MineAlone(0), AttackPlayer(0, 0)):
        with pytest.raises(IllegalActionError):
            game.apply(action)
    assert game._full_snapshot() == before


def test_a_lightning_item_is_used_at_once_only_when_the_carry_limit_is_reached():
    five = {"Bread": 2, "Whiskey": 2, "Dynamite": 1}
    game = first_mover({"at": 12, "items": five, "poisons": 0, "bandages": 2}, store=(12, 1, 2, 3, 4))
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1)))  # Bacon fills the sixth place first
    assert game.items(0)["Bacon"] == 1 and game.items(0)["Medical Supplies"] == 0
    assert game.player(0)["bandages"] == 1 and sum(game.items(0).values()) == 6
    game.undo()
    game.apply(Discard(0, "Bread"))
    game.apply(TakeItems(0, 1, (0, 1)))  # room for both: the Medical Supplies is kept
    assert game.items(0)["Medical Supplies"] == 1 and game.player(0)["bandages"] == 2


@pytest.mark.parametrize("tonic_rule,bread_left,bandages", [(R.TONIC_NORMAL, 0, 0), (R.TONIC_NOTE, 0, 1),
                                                            (R.TONIC_IGNORE_ONE, 1, 0)])
def test_the_tonic_option_settles_two_cubes_against_bread_x2(tonic_rule, bread_left, bandages):
    game = first_mover({"at": 2, "items": {"Bread": 2}, "dashboard": {R.FORTIFYING_TONIC: 2}},
                       store=(2, 1, 3, 4, 5), tonic_rule=tonic_rule)
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1)))
    with_dice(game, 4, 2).apply(MineAlone(0))
    assert game.items(0)["Bread"] == bread_left and game.player(0)["bandages"] == bandages


def test_the_bible_table_option():
    game = first_mover({"at": 3, "items": {"Bible": 1}}, store=(3, 1, 2, 4, 5), bible_table="summary table")
    game.apply(BuyClaim(0, 0)).apply(TakeItems(0, 1, (0, 1)))
    gold = game.gold(0)
    with_dice(game, 1, 1).apply(MineAlone(0)).apply(UseItem(0, "Bible"))
    assert game.gold(0) == gold + 3  # 1 -> 3 by the summary table, no bonus at Hard Rock claim 3


def test_travel_walks_the_whole_route_and_stops_where_a_decision_waits():
    mine, start, claim, walk = trip(one_snake, "one snake on the best walk")
    snake = next(i for i, leg in enumerate(walk.steps) if leg.hazard)
    game = first_mover({"at": start, "items": {}, "poisons": 0}, store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0)).apply(Travel(0, claim))
    assert game.positions[0] == claim and game.step == "items" and game.player(0)["poisons"] == 1
    game = first_mover({"at": start, "items": {"Blunderbuss": 1}, "poisons": 0}, store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0)).apply(Travel(0, claim))
    assert game.step == "snake" and game.current_player == 0
    assert game.positions[0] == walk.path[snake + 1]  # stopped just past the snake's tunnel
    game.apply(Decline(0))
    if game.step == "travel":  # the snake was not on the last tunnel: walk on
        game.apply(Travel(0, claim))
    assert game.positions[0] == claim and game.step == "items" and game.player(0)["poisons"] == 1


def test_travel_is_offered_only_when_a_walk_leads_to_the_goal():
    mine, start, claim, _ = trip(lambda walk: walk is None, "no walk")
    game = first_mover({"at": start}, store=store_for(claim), mine=mine)
    game.apply(BuyClaim(0, 0))
    assert not any(isinstance(a, Travel) for a in game.legal_actions())
    with pytest.raises(IllegalActionError):
        game.apply(Travel(0, claim))


@pytest.mark.parametrize("make", [
    lambda: BuyClaim(0, None), lambda: BuyClaim(True, 0), lambda: AttackPlayer(0, "x"),
    lambda: TakeItems(0, 1, [0, 1]), lambda: Step(0, ["point", 0, 0, 1]), lambda: UseItem(0, 3),
])
def test_an_action_with_a_wrongly_typed_field_cannot_be_made(make):
    with pytest.raises(TypeError):
        make()


def test_the_turn_and_the_journey_are_readable_for_a_front_end():
    game = position(seed=1, players=3)
    p = game.current_player
    assert game.decision["kind"] == "turn" and game.turn_record["mode"] is None and game.turn_index == 0
    assert game.journey_goal() is None
    claim = game.claim_store[0]
    game.apply(BuyClaim(p, 0))
    assert game.decision["kind"] == "travel" and game.journey_goal() == claim  # seed 1: not there yet
    assert game.turn_record["claim"] == claim and game.sheet(p)["claims"] == [claim]
    with pytest.raises(TypeError):
        game.sheet(p)["gold"] = 99
