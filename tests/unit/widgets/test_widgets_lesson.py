"""The lessons' shared widgets: work on a press, pictures that survive saving."""

from __future__ import annotations

from minegames import GAMES
from widgets.lesson import RunOnPress, as_html, choose, picture


def test_work_waits_for_the_press_and_reads_the_controls():
    calls = []

    def simulate(trials):
        calls.append(trials)
        return f"ran {trials} trials"

    runner = RunOnPress("Simulate", simulate, controls={"trials": choose("trials", [100, 1000])},
                        about="Rolls the dice many times.")
    assert calls == [] and runner.result.value == ""
    assert "press the button" in runner._repr_mimebundle_()["text/html"]
    runner.controls["trials"].value = 1000
    assert "ran 1000 trials" in runner.press()
    assert calls == [1000] and runner.runs == 1
    assert "ran 1000 trials" in runner._repr_mimebundle_()["text/html"]


def test_a_picture_of_a_state_is_its_svg_as_a_plain_output():
    state = GAMES["mineshaft_mayhem"].new_game(seed=1)
    shown = picture(state, caption="a new game")
    assert "<svg" in shown._repr_html_() and "a new game" in shown._repr_html_()
    assert repr(shown) == "[picture: a new game]"
    assert not hasattr(shown, "comm"), "a picture is a plain output, not a widget"


def test_text_is_escaped():
    assert as_html("<b>") == "<b>"  # markup passes (it is the lesson's own)
    assert "&lt;" in as_html("1 < 2")


def test_a_drawing_without_a_view_box_gets_one_so_it_can_shrink():
    from widgets.lesson import scalable

    assert scalable('<svg width="480" height="72"><rect/></svg>') == '<svg width="480" height="72" viewBox="0 0 480 72"><rect/></svg>'
    kept = '<svg width="10" height="10" viewBox="0 0 5 5"></svg>'
    assert scalable(kept) == kept
    assert scalable("<p>no drawing</p>") == "<p>no drawing</p>"
