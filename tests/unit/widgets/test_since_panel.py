"""The "since your last turn" panel: lines grouped under their turn, gone once the game is over."""

from __future__ import annotations

from widgets.off_the_rails import OffTheRailsApp


def test_lines_are_grouped_under_the_turn_they_belong_to_and_the_set_up_is_named_so():
    app = OffTheRailsApp(seed=8, players=2, bots="random", live=False)
    app._since_mark = 0  # as if the person had not seen the set-up
    groups = app.since_groups()
    assert groups[0][0] == "set-up" and groups[0][1] == [t for n, t in app.state.log.entries if n == 0]
    assert [name for name, _ in groups] == sorted({name for name, _ in groups}, key=[n for n, _ in groups].index)
    app.show_since()
    assert 'mg-since-turn">set-up<' in app.since_view.value and "set-up:" not in app.since_view.value


def test_the_panel_goes_when_the_game_is_over(monkeypatch):
    app = OffTheRailsApp(seed=8, players=2, bots="random", live=False)
    app._since_mark = 0
    app.show_since()
    assert app.since_view.layout.display is None
    monkeypatch.setattr(type(app.state), "is_over", property(lambda state: True))
    app.show_since()
    assert app.since_view.layout.display == "none" and app.since_view.value == ""
