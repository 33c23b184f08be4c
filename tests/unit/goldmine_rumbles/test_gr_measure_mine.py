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
