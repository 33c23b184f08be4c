"""Goldmine Rumbles engine: the rulebook's optional rules. Hidden cube placement hides the other
dashboards from a player's view; paid route finders offer a route to a miner who has no walk to
their goal and are paid 1gn from the bank; the compass (and collaborative route finding) is the
route plan the state offers without changing anything."""

import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles.actions import AcceptRoute, BuyClaim, Decline, OfferRoute
from minegames.core import play
from minegames.goldmine_rumbles.bots import HeuristicBot, RandomBot
from minegames.goldmine_rumbles.positions import new_game, position


def bought(seed, **options):
    """Seeds 1 and 4 leave the buyer with no walk to the claim but a way with Dynamite."""
    game = position(seed=seed, players=3, **options)
    buyer = game.current_player
    game.apply(BuyClaim(buyer, 0))
    return game, buyer


def test_hidden_cubes_hide_every_other_dashboard_from_a_view():
    game = position([{"dashboard": {R.COLT_45: 2}}, {"dashboard": {R.SAFETY_GEAR: 1}}], seed=2, players=3,
                    hidden_cubes=True)
    seen = game.view(0)
    assert seen["players"][0]["dashboard"][R.COLT_45] == 2
    assert seen["players"][1]["dashboard"] is None and seen["players"][2]["dashboard"] is None
    assert game.visible_dashboard(1, 0) is None and game.visible_dashboard(1, 1)[R.SAFETY_GEAR] == 1
    shown = position([{"dashboard": {R.COLT_45: 2}}], seed=2, players=3)
    assert shown.view(1)["players"][0]["dashboard"][R.COLT_45] == 2 and shown.visible_dashboard(0, 1) is not None


def test_route_finders_are_asked_from_the_travellers_left_and_the_accepted_one_is_paid():
    game, buyer = bought(1, paid_route_finders=True)
    left, next_left = (buyer + 1) % 3, (buyer + 2) % 3
    assert game.step == "route offer" and game.current_player == left
    assert game.legal_actions() == [OfferRoute(left), Decline(left)]
    game.apply(OfferRoute(left))
    assert game.step == "route offer" and game.current_player == next_left
    game.apply(OfferRoute(next_left))
    assert game.step == "route accept" and game.current_player == buyer
    assert set(game.legal_actions()) == {AcceptRoute(buyer, left), AcceptRoute(buyer, next_left), Decline(buyer)}
    before = [game.gold(p) for p in range(3)]
    game.apply(AcceptRoute(buyer, next_left))
    assert [game.gold(p) - g for p, g in enumerate(before)] == [1 if p == next_left else 0 for p in range(3)]
    assert game.step == "travel" and game.route_plan() is not None


def test_nobody_offering_means_no_question_for_the_traveller():
    game, buyer = bought(4, paid_route_finders=True)
    game.apply(Decline(game.current_player)).apply(Decline(game.current_player))
    assert game.step == "travel" and game.current_player == buyer


def test_a_route_is_only_accepted_from_someone_who_offered_one():
    game, buyer = bought(1, paid_route_finders=True)
    offered = game.current_player
    game.apply(OfferRoute(offered)).apply(Decline(game.current_player))
    silent = next(p for p in range(3) if p not in (buyer, offered))
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(AcceptRoute(buyer, silent))
    assert game.to_json() == before


@pytest.mark.parametrize("seed", [0, 1])
def test_without_the_option_or_without_a_way_nobody_is_asked(seed):
    game, buyer = bought(seed)  # option off
    assert game.step == "travel"
    game, buyer = bought(0, paid_route_finders=True)  # seed 0: no way within two blasts
    assert game.step == "travel" and game.route_plan() is None


def test_the_compass_plans_the_journey_and_changes_nothing():
    game, buyer = bought(1)
    before = game.to_json()
    plan = game.route_plan()
    assert plan is not None and plan.blasts >= 1 and game.to_json() == before
    assert new_game(seed=1).route_plan() is None  # nobody is travelling at the start


@pytest.mark.parametrize("bots", [RandomBot, HeuristicBot])
def test_whole_games_with_both_optional_rules(bots):
    offers = 0
    for seed in range(3):
        game = new_game(seed=seed, players=4, hidden_cubes=True, paid_route_finders=True)
        play(game, [bots(seed * 10 + p) for p in range(4)])
        assert game.is_over and not game.problems()
        offers += sum(isinstance(a, OfferRoute) for a in game.history)
    assert offers > 0


def test_the_picture_hides_dashboards_when_cubes_are_hidden():
    hidden = position([{"dashboard": {R.COLT_45: 2}}], seed=2, players=3, hidden_cubes=True)._repr_svg_()
    shown = position([{"dashboard": {R.COLT_45: 2}}], seed=2, players=3)._repr_svg_()
    assert "dashboard hidden" in hidden and "dashboard hidden" not in shown
    assert '<title>Colt 45</title>' in shown and '<title>Colt 45</title>' not in hidden


def test_the_picture_names_the_travellers_goal():
    from minegames.goldmine_rumbles.render import decision_summary

    game, buyer = bought(1)
    assert decision_summary(game) == f"P{buyer + 1} is travelling to claim site {game.turn_record['claim']}"
