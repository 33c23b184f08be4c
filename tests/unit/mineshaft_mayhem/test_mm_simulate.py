"""The vectorized simulator: invariants, agreement with the rules model, convergence.

Every random number comes from a fixed seed, so the statistical checks
(within 5 standard errors) give the same verdict on every run.
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from minegames import mineshaft_mayhem as mm
from minegames.core import OptionError
from minegames.mineshaft_mayhem import analysis, simulate as sim
from minegames.core import play
from minegames.mineshaft_mayhem.bots import RandomBot, StrongBot
from minegames.mineshaft_mayhem.simulate import SimulationResult, simulate, simulate_pattern

VARIANTS = [
    {},
    {"lock_ones": False, "max_rolls": 2, "four_kind_counts_as_two_pairs": True},
    {"container_values": (2, 4), "gears": 2, "top_spaces": 2, "lower_spaces": 0, "cursite": 1},
    {"gem_counts": {"diamond": 3, "amethyst": 2}, "max_rolls": 4},
]


def _ks_distance(a: np.ndarray, b: np.ndarray) -> float:
    """Largest gap between the two empirical distribution functions."""
    points = np.union1d(a, b)
    cdf_a = np.searchsorted(np.sort(a), points, side="right") / len(a)
    cdf_b = np.searchsorted(np.sort(b), points, side="right") / len(b)
    return float(np.abs(cdf_a - cdf_b).max())


def _ks_critical(n: int, m: int) -> float:
    """Two-sample KS distance exceeded with chance about 0.001 when both come from one distribution."""
    return 1.95 * np.sqrt((n + m) / (n * m))


# ---- invariants ---------------------------------------------------------------------
@pytest.mark.parametrize("policy", sim.POLICIES)
@pytest.mark.parametrize("options", VARIANTS)
def test_every_game_ends_with_gems_conserved_and_scored_by_the_formula(policy, options):
    result = simulate(300, policy, seed=11, **options)
    rules = mm.Options(**options)
    d = result.details
    start = np.array([count for _, count in rules.gem_counts])
    for gem in range(len(mm.GEMS)):
        where = (
            d["final_tin"][:, gem]
            + (d["final_conveyor"] == gem).sum(axis=1)
            + (d["final_gears"] == gem).sum(axis=1)
            + np.where(d["final_container_gem"] == gem, d["final_container_count"], 0).sum(axis=1)
        )
        assert (where == start[gem]).all()
    # each type sits in at most one container
    for row in d["final_container_gem"]:
        used = row[row >= 0]
        assert len(used) == len(set(used))
    # every game ended, for one of the two reasons
    by_gears = d["end_reason"] == sim.END_GEARS
    all_sorted = d["end_reason"] == sim.END_ALL_SORTED
    assert (by_gears | all_sorted).all()
    assert (d["gems_on_gears"][by_gears] == rules.gears).all()
    assert (d["gems_in_tin"][all_sorted] == 0).all() and (d["gems_on_conveyor"][all_sorted] == 0).all()
    # the score is the rulebook's formula
    values = np.array(rules.container_values)
    expected = (
        (d["final_container_count"] * values).sum(axis=1)
        + 5 * (rules.gears - d["gems_on_gears"])
        + 2 * d["cursite_held"]
    )
    assert (result.scores == expected).all()
    assert (result.breakdown["total"] == result.scores).all()
    # cursite: held = gained - spent, never more than the lid had
    assert (d["cursite_held"] == d["cursite_gained"] - d["cursite_spent"]).all()
    assert (d["cursite_gained"] <= rules.cursite).all() and (d["cursite_held"] >= 0).all()
    assert (result.turns >= 1).all()


def test_a_seed_fixes_every_game_and_different_seeds_differ():
    first, again, other = (simulate(200, "random", seed=s) for s in (5, 5, 6))
    assert (first.scores == again.scores).all() and (first.turns == again.turns).all()
    assert not (first.scores == other.scores).all()
    strong, strong_again = (simulate(100, "strong", seed=9) for _ in range(2))
    assert (strong.scores == strong_again.scores).all()


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="policy"):
        simulate(10, "greedy")
    with pytest.raises(ValueError, match="n_games"):
        simulate(0)
    with pytest.raises(OptionError):
        simulate(10, gears=0)
    with pytest.raises(OptionError):
        simulate(10, colour="red")


# ---- agreement with the rules model -------------------------------------------------------
def _load(games: sim._Games, state: mm.MineshaftMayhem) -> None:
    """Copy a model state into row 0 of ``games`` (all but what follows a shake, which the simulator keeps)."""
    index = {None: sim.EMPTY, **{gem: i for i, gem in enumerate(mm.GEMS)}}
    games.conveyor[0] = [index[g] for g in state.conveyor]
    games.gears[0] = [index[g] for g in state.gears]
    games.container_gem[0] = [index[g] for g, _ in state.containers]
    games.container_count[0] = [count for _, count in state.containers]
    games.tin[0] = [state.tin.count(g) for g in mm.GEMS]
    games.cursite[0], games.supply[0] = state.cursite, state.cursite_supply
    games.dice[0] = state.dice or (1,) * 4
    games.rolls_used[0], games.turns[0] = state.rolls_used, state.turn
    games.phase[0] = {"start": sim._START, "rolling": sim._ROLLING, "shake": sim._SHAKE}[state.phase]


def _apply(games: sim._Games, action) -> None:
    """The simulator's rule for one model action, on row 0."""
    row = np.array([0])
    which = np.array([[d in getattr(action, "dice", ()) for d in range(4)]])
    gem = np.array([mm.GEMS.index(action.gem)]) if hasattr(action, "gem") else None
    if isinstance(action, mm.Roll):
        games.normal_roll(row, which)
    elif isinstance(action, mm.CursiteReroll):
        games.cursite_reroll(row, which)
    elif isinstance(action, mm.CursiteSetDie):
        games.set_die(row, np.array([action.die]), np.array([action.face]))
    elif isinstance(action, mm.Collect):
        games.collect(row, gem)
    elif isinstance(action, mm.Stop):
        games.stop(row)
    elif isinstance(action, mm.CursiteRescue):
        games.rescue(row, np.array([action.gear]))
    elif isinstance(action, mm.Shake):
        games.shake(row, gem, np.array([action.space]))
    else:
        games.shake(row, gem, np.array([sim.EMPTY]))


def _replay_against_model(bot, seed: int, options: dict, seen: Counter) -> None:
    """Play a model game; after every action the simulator, fed the same action, must agree."""
    state = mm.new_game(seed=seed, **options)
    games = sim._Games(1, state.options, np.random.default_rng(seed))
    row = np.array([0])
    while not state.is_over:
        action = bot.choose(state)
        seen[type(action).__name__] += 1
        before_dice = state.dice
        _load(games, state)
        state.apply(action)
        _apply(games, action)
        new_turn = games.phase[0] == sim._NEW_TURN
        if new_turn:
            games.start_turns(row)
        names = [mm.GEMS[i] if i >= 0 else None for i in games.conveyor[0]]
        if new_turn:  # a random gem may have been drawn onto the start space: whether one was must agree
            assert (names[0] is None) == (state.conveyor[0] is None)
            assert names[1:] == list(state.conveyor[1:])
        else:
            assert names == list(state.conveyor)
            assert games.tin[0].tolist() == [state.tin.count(g) for g in mm.GEMS]
        assert [mm.GEMS[i] if i >= 0 else None for i in games.gears[0]] == list(state.gears)
        assert [(mm.GEMS[g] if g >= 0 else None, int(c)) for g, c in
                zip(games.container_gem[0], games.container_count[0])] == list(state.containers)
        assert games.tin[0].sum() == len(state.tin)
        assert (games.cursite[0], games.supply[0]) == (state.cursite, state.cursite_supply)
        assert games.turns[0] == state.turn
        phase = {sim._START: "start", sim._ROLLING: "rolling", sim._SHAKE: "shake", sim._OVER: "over"}
        assert phase[int(games.phase[0])] == state.phase
        if state.phase == "rolling":
            assert games.rolls_used[0] == state.rolls_used
            if isinstance(action, mm.CursiteSetDie):
                assert list(games.dice[0]) == sorted(state.dice)
            elif isinstance(action, (mm.Roll, mm.CursiteReroll)) and before_dice is not None:
                kept = Counter(f for i, f in enumerate(before_dice) if i not in action.dice)
                assert not kept - Counter(games.dice[0].tolist())
        result = sim._result(games, "replay", seed)
        assert result.breakdown["total"][0] == state.scores()[0]


def test_the_simulator_applies_every_action_exactly_as_the_model_does():
    seen: Counter = Counter()
    for seed in range(25):
        _replay_against_model(RandomBot(seed), seed, VARIANTS[seed % len(VARIANTS)], seen)
    for seed in range(6):
        _replay_against_model(StrongBot(), seed, VARIANTS[seed % len(VARIANTS)], seen)
    for name in ("Roll", "Collect", "Stop", "CursiteReroll", "CursiteSetDie", "CursiteRescue", "Shake",
                 "ShakeOntoGear"):
        assert seen[name] > 0, f"the replay never tried {name}"


@pytest.mark.parametrize(
    "policy, make_bot, bot_games",
    [("random", RandomBot, 300), ("strong", lambda seed: StrongBot(), 200)],
)
def test_simulated_scores_and_lengths_match_bots_playing_the_model(policy, make_bot, bot_games):
    played = [play(mm.new_game(seed=seed), [make_bot(1000 + seed)]) for seed in range(bot_games)]
    bot_scores = np.array([game.scores()[0] for game in played])
    bot_turns = np.array([game.turn for game in played])
    result = simulate(4000, policy, seed=2024)
    for simulated, real in ((result.scores, bot_scores), (result.turns, bot_turns)):
        standard_error = np.sqrt(simulated.var(ddof=1) / len(simulated) + real.var(ddof=1) / len(real))
        assert abs(simulated.mean() - real.mean()) < 5 * standard_error
        assert _ks_distance(simulated, real) < _ks_critical(len(simulated), len(real))


def test_strong_play_beats_random_play_by_a_wide_margin():
    random, strong = simulate(2000, "random", seed=1), simulate(2000, "strong", seed=1)
    assert strong.mean() > random.mean() + 30
    assert strong.mean() - random.mean() > 20 * np.hypot(strong.sem(), random.sem())
    assert strong.rank_distribution()["Disgraceful Dwarf"] < random.rank_distribution()["Disgraceful Dwarf"]


# ---- results -----------------------------------------------------------------------------
def test_ranks_follow_the_chart_and_the_summary_reads_well():
    result = simulate(500, "strong", seed=3)
    assert isinstance(result, SimulationResult) and result.n_games == 500
    expected = Counter(mm.rank_for(int(s)) for s in result.scores)
    assert result.ranks == {name: expected.get(name, 0) for _, name in mm.RANKS}
    assert list(result.ranks) == [name for _, name in mm.RANKS]
    assert sum(result.rank_distribution().values()) == pytest.approx(1)
    assert sum(result.score_distribution().values()) == pytest.approx(1)
    assert result.mean() == pytest.approx(result.scores.mean())
    assert result.sem() == pytest.approx(result.scores.std(ddof=1) / np.sqrt(500))
    assert result.mean("turns") == pytest.approx(result.turns.mean())
    text = result.summary()
    assert "strong" in text and "Master Dwarf" in text and f"{result.mean():.2f}" in text
    assert "<table>" in result._repr_html_() and "Novice Dwarf" in result._repr_html_()


# ---- one pattern, many turns ---------------------------------------------------------------
@pytest.mark.parametrize("rolls, lock_ones", [(3, True), (2, False), (1, True)])
@pytest.mark.parametrize("gem", mm.GEMS)
def test_pattern_frequency_converges_to_the_exact_probability(gem, rolls, lock_ones):
    n = 20000
    running = simulate_pattern(gem, n, rolls=rolls, lock_ones=lock_ones, seed=7)
    exact = float(analysis.pattern_probability(gem, rolls=rolls, lock_ones=lock_ones))
    assert running.shape == (n,) and ((0 <= running) & (running <= 1)).all()
    assert abs(running[-1] - exact) < 5 * np.sqrt(exact * (1 - exact) / n)
    # early estimates wander more than late ones
    assert abs(running[-1] - exact) <= max(abs(running[:100] - exact).max(), 1e-12)


def test_pattern_names_work_too_and_seeds_repeat():
    a = simulate_pattern("two pairs", 500, seed=1)
    b = simulate_pattern("emerald", 500, seed=1)
    assert (a == b).all()
