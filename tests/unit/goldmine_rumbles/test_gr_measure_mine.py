"""The mine-measuring script (minegames/goldmine_rumbles/data/measure_mine.py) counts right."""

import runpy
from pathlib import Path
from types import SimpleNamespace

from minegames.goldmine_rumbles.positions import position

SCRIPT = Path(__file__).resolve().parents[3] / "minegames" / "goldmine_rumbles" / "data" / "measure_mine.py"


def load_script():
    return SimpleNamespace(**runpy.run_path(str(SCRIPT), run_name="measure_mine"))


def test_a_miner_standing_at_a_displayed_claim_needs_no_dynamite():
    measure = load_script()
    game = position([{"at": 2}], players=3, store=[2, 1, 3, 4, 5])
    assert measure.nearest_claim_blasts(game, 0) == 0
    assert measure.bucket(None) == "3+" and measure.bucket(1) == "1"


def test_the_measures_add_up():
    measure = load_script()
    counts, total = measure.measure_setups(6)
    assert total == sum(3 + seed % 2 for seed in range(6)) == sum(counts.values())
    starts, turns, passed = measure.measure_games(1)
    assert sum(starts.values()) == turns > 0 and 0 <= passed <= turns


def shares(counts):
    total = sum(counts.values())
    return counts["0"] / total, (counts["0"] + counts["1"]) / total


def test_the_tile_set_keeps_claims_within_reach_at_setup():
    """Seeded setups: from a start site the nearest displayed claim needs no Dynamite for most
    miners and at most one blast for nearly all (the documented figures are 82% and 100%)."""
    measure = load_script()
    none, at_most_one = shares(measure.measure_setups(60)[0])
    assert none >= 0.70 and at_most_one >= 0.97, (none, at_most_one)


def test_heuristic_bots_find_a_claim_and_rarely_pass():
    """Seeded games of heuristic bots: the documented bounds on reachability at turn starts and
    on turns passed with no main action hold on a sample."""
    measure = load_script()
    starts, turns, passed = measure.measure_games(12)
    none, at_most_one = shares(starts)
    assert none >= measure.AT_LEAST_NO_DYNAMITE, starts
    assert at_most_one >= measure.AT_LEAST_ONE_BLAST_OR_LESS, starts
    assert passed <= measure.AT_MOST_PASSED * turns, (passed, turns)
