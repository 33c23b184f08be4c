"""Words a new player reads: plurals, the exit named as seen, every choice in the prompt, the score explained."""

from __future__ import annotations

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.mineshaft_mayhem import Collect, scoring
from minegames.mineshaft_mayhem.patterns import gem_count


@pytest.mark.parametrize("count, gem, words", [(1, "ruby", "1 ruby"), (3, "ruby", "3 rubies"),
                                               (2, "amethyst", "2 amethysts"), (0, "sapphire", "0 sapphires")])
def test_gem_counts_have_the_plural_right(count, gem, words):
    assert gem_count(count, gem) == words


def test_the_log_says_collect_3_rubies():
    game = mm.position(conveyor=["ruby", "ruby", None, "ruby"], dice=(2, 4, 6, 2))
    game.apply(Collect("ruby"))
    assert any(line.endswith("collect 3 rubies") for line in game.log.lines())


def test_the_score_table_names_plurals_and_says_an_empty_container_plainly():
    game = mm.position(conveyor=["diamond"], containers=[("ruby", 3), ("amethyst", 4)], gears=["emerald"] * 3,
                       phase="over")
    labels = [label for label, _ in scoring.ending(game)["rows"]]
    values = game.options.container_values
    assert labels[0] == f"container 1 (3 rubies \u00d7 {values[0]})"
    assert labels[1] == f"container 2 (4 amethysts \u00d7 {values[1]})"
    assert labels[2] == f"container 3: empty ({values[2]} points per gem)"


def test_a_gem_leaving_the_belt_reaches_the_exit_by_the_gears():
    game = mm.position(conveyor={game_space: "emerald" for game_space in [mm.Options().spaces - 1]},
                       dice=(1, 3, 5, 6), rolls_used=mm.Options().max_rolls)
    game.apply(mm.Stop())
    words = " ".join(game.log.lines())
    assert "an emerald reaches the exit by the gears" in words and "gear-icon" not in words


def test_no_rerolls_and_nothing_to_collect_offers_cursite_or_stop():
    game = mm.position(cursite=2, dice=(1, 3, 5, 6), rolls_used=mm.Options().max_rolls)
    assert game.prompt().endswith("nothing to collect: spend cursite or stop.")
    game = mm.position(dice=(1, 3, 5, 6), rolls_used=mm.Options().max_rolls)
    assert game.prompt().endswith("nothing to collect: stop.")


def test_the_empty_gears_part_of_the_score_is_explained():
    game = mm.position(gears=["ruby"])
    words = scoring.empty_gears_words(game)
    assert f"each empty gear scores {scoring.POINTS_PER_EMPTY_GEAR} at the end" in words
    assert f": {2 * scoring.POINTS_PER_EMPTY_GEAR} now (2 empty)" in words
