"""The SVG sheet: well-formed, ~600 px wide, and showing the state it draws."""

import xml.etree.ElementTree as ET

import pytest

from minegames import mineshaft_mayhem as mm
from minegames.mineshaft_mayhem.render import MIN_TEXT, sheet_svg

NS = "{http://www.w3.org/2000/svg}"


def texts(svg_text):
    root = ET.fromstring(svg_text)
    return root, [t.text for t in root.iter(NS + "text")]


def test_mid_game_sheet_shows_dice_locks_containers_gears_and_score():
    game = mm.position(conveyor=["ruby", None, "amethyst"], gears=["emerald"], containers=[("ruby", 3)],
                       cursite=2, dice=(1, 4, 4, 4), rolls_used=2)
    root, words = texts(game._repr_svg_())
    assert root.get("width") == "600"
    assert "Turn 1" in words and "re-roll, spend cursite, collect a gem or stop" in words
    assert "roll 2 of 3" in words
    assert "×1" in words and "×5" in words
    assert "3 gems" in words
    assert str(game.scores()[0]) in words and game.rank() in words
    assert "2 held" in words and "· 6 in the lid" in words
    titles = [t.text for t in root.iter(NS + "title")]
    assert "die 1 (locked: shows 1)" in titles
    assert "die 2" in titles
    assert "gear 1: emerald" in titles
    assert "amethyst" in words  # shown pattern, collectable


def test_before_the_first_roll_the_dice_are_blank_and_the_game_over_sheet_says_final():
    root, words = texts(mm.new_game(seed=1)._repr_svg_())
    assert words.count("?") == 4 and "not rolled yet" in words
    over = mm.position(gears=["ruby"] * 3, conveyor=["amethyst"], phase="over")
    _, words = texts(over._repr_svg_())
    assert "Final score" in words and "Game over" in words


@pytest.mark.parametrize(
    "options",
    [{"top_spaces": 2, "lower_spaces": 0}, {"top_spaces": 12, "lower_spaces": 10, "gears": 10},
     {"container_values": (1,) * 10}, {"container_values": (7,)}],
)
def test_other_sheet_sizes_draw_every_space_and_container(options):
    game = mm.new_game(seed=3, **options)
    root, _ = texts(game._repr_svg_())
    titles = [t.text for t in root.iter(NS + "title")]
    opts = game.options
    assert sum(t.startswith("space ") for t in titles) == opts.spaces
    assert sum(t.startswith("container ") for t in titles) == len(opts.container_values)


def test_text_is_escaped():
    game = mm.new_game(seed=3)
    assert "<title>Mineshaft Mayhem, turn 1: roll all four dice</title>" in game._repr_svg_()


def font_sizes(svg_text):
    return [float(t.get("font-size")) for t in ET.fromstring(svg_text).iter(NS + "text")]


@pytest.mark.parametrize("stacked", [False, True], ids=["side by side", "stacked"])
def test_no_word_is_drawn_under_twelve_units(stacked):
    """At its natural width (one unit a pixel) every word stays readable (issue 21: 8-10 px labels)."""
    game = mm.position(conveyor=["ruby", None, "amethyst"], gears=["emerald"], containers=[("ruby", 3)],
                       cursite=2, dice=(1, 4, 4, 4), rolls_used=2)
    drawn = sheet_svg(game, None, stacked=stacked)
    assert min(font_sizes(drawn)) >= MIN_TEXT == 12
    assert min(font_sizes(game._repr_svg_())) * 600 / float(ET.fromstring(game._repr_svg_()).get("viewBox").split()[2]) >= 11


def test_the_stacked_sheet_is_narrow_enough_for_a_phone():
    """Stacked, the sheet fits a phone's column (about 350 px) at full size; side by side it would not."""
    game = mm.new_game(seed=1)
    width = lambda drawn: float(ET.fromstring(drawn).get("width"))  # noqa: E731
    assert width(sheet_svg(game, None, stacked=True)) <= 350 < width(sheet_svg(game, None))
    _, words = texts(sheet_svg(game, None, stacked=True))
    assert "Mineshaft Mayhem · Turn 1" in words and "roll all four dice" in words


def test_the_stacked_sheet_splits_into_the_conveyor_with_its_dice_and_the_sorting_part():
    """On a phone the app puts the dice cards between the two parts (issue 21: the dice card sat
    below a 636 px picture): together they draw what the stacked sheet draws, each part only its own."""
    game = mm.position(conveyor=["ruby", None, "amethyst"], gears=["emerald"], containers=[("ruby", 3)],
                       cursite=2, dice=(1, 4, 4, 4), rolls_used=2)
    whole, conveyor, sorting = (sheet_svg(game, None, stacked=True, part=part) for part in ("all", "conveyor", "sorting"))
    height = lambda drawn: float(ET.fromstring(drawn).get("height"))  # noqa: E731
    assert height(conveyor) < 360 and height(conveyor) + height(sorting) <= height(whole) + 20
    _, top = texts(conveyor)
    _, bottom = texts(sorting)
    assert "Dice" in top and "Sorting containers" not in top and "Gears" not in top
    assert "Sorting containers" in bottom and "Gears" in bottom and "Dice" not in bottom
    assert min(font_sizes(conveyor) + font_sizes(sorting)) >= MIN_TEXT
    with pytest.raises(ValueError):
        sheet_svg(game, None, part="sorting")  # the side-by-side sheet is one picture


def test_container_tooltips_count_points_right():
    titles = [t.text for t in ET.fromstring(mm.new_game(seed=1)._repr_svg_()).iter(NS + "title")]
    assert "container 1: 1 point per gem" in titles and "container 2: 2 points per gem" in titles
