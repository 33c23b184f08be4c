"""Thousands of seeded random playouts of Mineshaft Mayhem, checking the game's own
invariants after every action: gems and cursite are conserved, sorting keeps one type per
container, the score and rank follow the formula, a turn has a bounded number of actions,
every game ends within a bound of turns, and the playouts reach every kind of action.

The protocol checks (saves, undo, is_legal against legal_actions, refused actions,
replays) live in the shared conformance suite, tests/protocol/."""

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minegames import mineshaft_mayhem as mm


def check_invariants(game):
    opts = game.options
    where = Counter(game.tin.counts())
    where.update(g for g in game.conveyor if g)
    where.update(g for g in game.gears if g)
    for gem, count in game.containers:
        if gem is not None:
            where[gem] += count
    assert {g: where[g] for g in mm.GEMS} == dict(opts.gem_counts), "every gem is in exactly one place"
    assert game.cursite + game.cursite_supply + game.cursite_spent == opts.cursite, "cursite is conserved"
    assert min(game.cursite, game.cursite_supply, game.cursite_spent) >= 0
    types = [gem for gem, count in game.containers if gem is not None]
    assert len(types) == len(set(types)), "no type in two containers"
    assert all((gem is None) == (count == 0) for gem, count in game.containers), "one type per container"
    expected = (sum(count * value for (_, count), value in zip(game.containers, opts.container_values))
                + 5 * game.gears.count(None) + 2 * game.cursite)
    assert game.scores() == [expected]
    assert game.rank() == mm.rank_for(expected)
    ended = None not in game.gears or (len(game.tin) == 0 and not any(game.conveyor))
    assert game.is_over == ended == (game.phase == "over")
    if game.phase == "start":
        assert game.dice is None and game.rolls_used == 0
    if game.phase == "rolling":
        assert 1 <= game.rolls_used <= opts.max_rolls and len(game.dice) == 4


def playout(seed, options, chooser_seed, greedy=False):
    game = mm.new_game(seed=seed, **options)
    chooser = random.Random(chooser_seed)
    opts = game.options
    turn_bound = opts.total_gems + opts.spaces + 1
    actions_this_turn, turn = 0, game.turn
    check_invariants(game)
    while not game.is_over:
        legal = game.legal_actions()
        collects = [a for a in legal if isinstance(a, mm.Collect)] if greedy else []
        action = chooser.choice(collects or legal)
        game.apply(action)
        check_invariants(game)
        if game.turn != turn:
            actions_this_turn, turn = 0, game.turn
        actions_this_turn += 1
        assert actions_this_turn <= opts.max_rolls + opts.cursite + 2 * len(opts.container_values) + 3
        assert game.turn <= turn_bound, "the game ends within a bound of turns"
    return game


def test_two_thousand_default_games():
    used = Counter()
    for seed in range(2000):
        game = playout(seed, {}, chooser_seed=seed + 10_000)
        used.update(type(a).__name__ for a in game.history)
    # the playouts reach every rule: each kind of action happens
    assert set(used) == {t.__name__ for t in mm.ACTION_TYPES}, used


def test_greedy_games_with_a_small_tin_end_both_ways():
    endings = Counter()
    for seed in range(150):
        game = playout(seed, {"gem_counts": {"amethyst": 4, "ruby": 2, "emerald": 2}}, seed, greedy=True)
        endings["gears full" if None not in game.gears else "all gems sorted"] += 1
    assert endings["gears full"] > 0 and endings["all gems sorted"] > 0, endings


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "gem_counts": st.dictionaries(st.sampled_from(mm.GEMS), st.integers(0, 6), min_size=1).filter(
            lambda d: sum(d.values()) > 0),
        "cursite": st.integers(0, 12),
        "top_spaces": st.integers(1, 6),
        "lower_spaces": st.integers(0, 4),
        "gears": st.integers(1, 4),
        "container_values": st.lists(st.integers(0, 6), min_size=1, max_size=6),
        "max_rolls": st.integers(1, 4),
        "lock_ones": st.booleans(),
        "four_kind_counts_as_two_pairs": st.booleans(),
    },
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), chooser_seed=st.integers(0, 2**16), options=OPTIONS)
def test_games_with_any_options_keep_the_invariants(seed, chooser_seed, options):
    playout(seed, options, chooser_seed)
