"""Thousands of seeded random playouts of Mineshaft Mayhem, checking the
invariants after every action: gems and cursite are conserved, sorting keeps
one type per container, the score follows the formula, undo is exact, the
legal-action list agrees with the rule checks, and every game ends in time."""

import itertools
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minegames import mineshaft_mayhem as mm

FOUR = (0, 1, 2, 3)
SUBSETS = [tuple(c) for k in range(0, 5) for c in itertools.combinations(FOUR, k)]


def candidate_actions(game):
    """Every action of the right shape for this sheet, legal or not."""
    spaces, gears = len(game.conveyor), len(game.gears)
    return (
        [mm.Roll(s) for s in SUBSETS]
        + [mm.Collect(g) for g in mm.GEMS]
        + [mm.Stop()]
        + [mm.CursiteReroll(s) for s in SUBSETS]
        + [mm.CursiteSetDie(d, f) for d in FOUR for f in range(1, 7)]
        + [mm.CursiteRescue(i) for i in range(gears)]
        + [mm.Shake(g, s) for g in mm.GEMS for s in range(spaces)]
        + [mm.ShakeOntoGear(g) for g in mm.GEMS]
    )


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
    if not game.is_over:
        assert game.legal_actions(), "a game that is not over always offers an action"


def fingerprint(game):
    """Everything a player can see, cheaply (the view without derived fields), plus the log."""
    return (game.phase, game.turn, game.conveyor, game.gears, game.containers, game.dice, game.rolls_used,
            game.cursite, game.cursite_supply, game.cursite_spent, tuple(game.tin.counts().values()),
            tuple(game.log.lines(2)), len(game.log))


def playout(seed, options, chooser_seed, check_legality=False, check_save=False, greedy=False):
    game = mm.new_game(seed=seed, **options)
    chooser = random.Random(chooser_seed)
    opts = game.options
    turn_bound = opts.total_gems + opts.spaces + 1
    actions_this_turn, turn = 0, game.turn
    check_invariants(game)
    while not game.is_over:
        legal = game.legal_actions()
        if check_legality:
            legal_set = set(legal)
            for candidate in candidate_actions(game):
                assert game.is_legal(candidate) == (candidate in legal_set), candidate
        before = fingerprint(game)
        collects = [a for a in legal if isinstance(a, mm.Collect)] if greedy else []
        action = chooser.choice(collects or legal)
        game.apply(action)
        check_invariants(game)
        after = fingerprint(game)
        assert game.undo() == action
        assert fingerprint(game) == before, "undo restores the previous state"
        game.apply(action)
        assert fingerprint(game) == after, "undo rewinds the dice and draws too"
        if check_save:
            assert mm.load(game.to_json()) == game
        if game.turn != turn:
            actions_this_turn, turn = 0, game.turn
        actions_this_turn += 1
        assert actions_this_turn <= opts.max_rolls + opts.cursite + 2 * len(opts.container_values) + 3
        assert game.turn <= turn_bound, "the game ends within a bound of turns"
    assert mm.load(game.to_json()) == game
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


def test_legal_actions_agree_with_the_rule_checks_and_saves_load():
    for seed in range(40):
        playout(seed, {"cursite": 12}, chooser_seed=seed, check_legality=True, check_save=seed < 10)


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
