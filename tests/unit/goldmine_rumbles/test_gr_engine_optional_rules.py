"""Goldmine Rumbles engine: the rulebook's optional rules. Hidden cube placement hides the other
dashboards from a player's view; paid route finders offer a route to a miner who has no walk to
their goal and are paid 1gn from the bank; the compass (and collaborative route finding) is the
route plan the state offers without changing anything.

The positions with and without a way to the claim are found by a search over seeds and
mines (see :func:`needing_dynamite` and :func:`stuck`), not chosen for one tile set."""

import numpy as np
import pytest

from minegames.core import IllegalActionError
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles import dice_rules as R
from minegames.goldmine_rumbles import mine as M
from minegames.goldmine_rumbles.actions import AcceptRoute, BuyClaim, Decline, OfferRoute, Travel
from minegames.core import play
from minegames.goldmine_rumbles.bots import HeuristicBot, RandomBot
from minegames.goldmine_rumbles.positions import new_game, position


def bought(seed, mine=None, **options):
    """The seeded 3-player position (on ``mine``, if given) once its first player has bought the
    store's first claim and set off for it."""
    game = position(seed=seed, players=3, mine=mine, **options)
    buyer = game.current_player
    game.apply(BuyClaim(buyer, 0))
    return game, buyer


def needing_dynamite(count=2, seeds=range(30)):
    """The first ``count`` seeds whose buyer has no walk to the claim but a way with Dynamite."""
    found = []
    for seed in seeds:
        game, _ = bought(seed)
        plan = game.route_plan()
        if plan is not None and plan.blasts >= 1 and not any(isinstance(a, Travel) for a in game.legal_actions()):
            found.append(seed)
            if len(found) == count:
                return found
    pytest.fail(f"fewer than {count} seeds in {seeds} leave the buyer a way with Dynamite only")


def dark_mine(seed):
    """A seeded mine with every tile on its dark face, where some tunnels have collapsed."""
    mine = M.Mine.random(np.random.default_rng(seed))
    for number in C.TILE_NUMBERS:
        mine = mine.turned_over(number)
    return mine


def stuck(seed=0, **options):
    """Seed ``seed``'s bought claim on the first dark mine found that leaves no way to it
    within the compass's two blasts."""
    for mine_seed in range(40):
        game, buyer = bought(seed, dark_mine(mine_seed))
        if game.route_plan() is None:
            return bought(seed, dark_mine(mine_seed), **options)
    pytest.fail("no dark mine among those searched leaves the buyer without a way within two blasts")


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
    game, buyer = bought(needing_dynamite()[0], paid_route_finders=True)
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
    game, buyer = bought(needing_dynamite()[1], paid_route_finders=True)
    game.apply(Decline(game.current_player)).apply(Decline(game.current_player))
    assert game.step == "travel" and game.current_player == buyer


def test_a_route_is_only_accepted_from_someone_who_offered_one():
    game, buyer = bought(needing_dynamite()[0], paid_route_finders=True)
    offered = game.current_player
    game.apply(OfferRoute(offered)).apply(Decline(game.current_player))
    silent = next(p for p in range(3) if p not in (buyer, offered))
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(AcceptRoute(buyer, silent))
    assert game.to_json() == before


@pytest.mark.parametrize("which", [0, 1])
def test_without_the_option_or_without_a_way_nobody_is_asked(which):
    game, buyer = bought(needing_dynamite()[which])  # option off
    assert game.step == "travel" and game.current_player == buyer
    game, buyer = stuck(which, paid_route_finders=True)  # no way within two blasts
    assert game.step == "travel" and game.current_player == buyer and game.route_plan() is None


def test_the_compass_plans_the_journey_and_changes_nothing():
    game, buyer = bought(needing_dynamite()[0])
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
    assert "<title>Colt 45: 2 cubes, effect 2</title>" in shown and "Colt 45" not in hidden
    assert "Colt 45 \u25a0\u25a0\u25a1\u25a1" in shown        # the column in full, its cubes as the app shows them


def test_the_picture_names_the_travellers_goal():
    from minegames.goldmine_rumbles.render import decision_summary

    game, buyer = bought(needing_dynamite()[0])
    colour = game.sheet(buyer)["colour"]
    assert decision_summary(game) == f"{colour} is travelling to claim site {game.turn_record['claim']}"
