"""The browser keeps the game over a reload (widgets/resume.py), driven from Python: the page's
report is sent as the page sends it, and ``store.text`` is what the page is told to keep."""

from __future__ import annotations

import json

import pytest

from minegames import mineshaft_mayhem as mm
from minegames import out_of_mine as oom
from widgets.mineshaft_mayhem import MineshaftMayhemApp
from widgets.off_the_rails import OffTheRailsApp
from widget_test_helpers import send


def page_reports(app, text: str) -> None:
    """The page opened and says what it kept ("" for nothing), as a message from its widget."""
    message = {"method": "custom", "content": {"event": "stored", "text": text}}
    app.resume.store._handle_msg({"content": {"data": message}, "buffers": []})


def shown(widget) -> bool:
    return widget.layout.display != "none"


def kept_game(rolls: int = 2) -> str:
    app = MineshaftMayhemApp(seed=11)
    page_reports(app, "")
    for _ in range(rolls):
        app.roll_button.click()
    assert len(app.state.history) == rolls
    return app.resume.store.text


def test_nothing_is_written_until_the_page_has_said_what_it_kept():
    app = MineshaftMayhemApp(seed=1)
    app.roll_button.click()
    assert len(app.state.history) == 1
    assert app.resume.store.text is None, "a write now could overwrite the game the page kept"
    page_reports(app, "")
    assert app.resume.store.text == app.state.to_json()
    assert not shown(app.resume.row), "nothing was kept: nothing is offered"


def test_every_change_is_kept_and_an_unchanged_game_is_not_written_again(monkeypatch):
    app = MineshaftMayhemApp(seed=2)
    page_reports(app, "")
    assert app.resume.store.text == "", "a game nobody played in is not kept"
    app.roll_button.click()
    assert json.loads(app.resume.store.text)["actions"] == [a.to_json() for a in app.state.history]
    calls = []
    real = type(app.state).to_json
    monkeypatch.setattr(type(app.state), "to_json", lambda self: calls.append(1) or real(self))
    app.refresh()
    app.refuse_input("some bad value")
    assert calls == [], "a redraw without a change must not serialise the game"
    app.roll_button.click()
    assert len(calls) == 1 and app.resume.store.text == app.state.to_json()


def test_a_kept_game_is_offered_with_its_turn_and_resumed_as_it_was():
    text = kept_game()
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, text)
    turn = mm.load(text).log.entries[-1][0]
    assert shown(app.resume.row) and shown(app.resume.resume_button) and shown(app.resume.new_button)
    assert app.resume.resume_button.description == f"Resume your game (turn {turn})"
    assert app.state.history == [] and app.resume.store.text is None, "offering writes nothing"
    app.resume.resume_button.click()
    assert app.state.to_json() == text
    assert "resumed" in app.status.value
    assert not shown(app.resume.row)
    assert app.resume.store.text == text
    app.roll_button.click()
    assert len(json.loads(app.resume.store.text)["actions"]) == 3


def test_new_game_forgets_the_kept_game():
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, kept_game())
    app.resume.new_button.click()
    assert app.resume.store.text == "" and not shown(app.resume.row)
    assert app.state.history == [] and "new game" in app.status.value
    app.roll_button.click()
    assert app.resume.store.text == app.state.to_json()
    assert app.resume.resume() is False and "no kept game" in app.status.value


def test_playing_on_instead_of_choosing_replaces_the_kept_game():
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, kept_game())
    app.roll_button.click()
    assert not shown(app.resume.row)
    assert app.resume.store.text == app.state.to_json()


def test_the_bots_moving_first_do_not_take_the_offer_away():
    person = OffTheRailsApp(seed=4, players=2, seat=1, live=False)
    page_reports(person, "")
    person.run_bots()
    assert person.persons_turn()
    choice = next(a for a in person.state.legal_actions())
    assert person.act(choice)
    person.run_bots()
    text = person.resume.store.text
    assert text and json.loads(text)["actions"]

    app = OffTheRailsApp(seed=9, players=2, seat=1, live=False)
    page_reports(app, text)
    assert shown(app.resume.resume_button)
    app.run_bots()
    assert len(app.state.history) > 0 and shown(app.resume.resume_button), "the bots' moves are not the player's choice"
    assert app.resume.store.text is None
    app.resume.resume_button.click()
    assert app.state.to_json() == text


@pytest.mark.parametrize("text, reason", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a save must be a JSON object"),
    ("x" * 1_000_001, "at most 1,000,000 characters"),
])
def test_an_unreadable_kept_game_is_refused_in_plain_words(text, reason):
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, text)
    note = app.resume.note.value
    assert "A saved game was found but could not be read: " in note and reason in note
    assert not shown(app.resume.resume_button) and shown(app.resume.new_button)
    assert app.resume.store.text is None, "the player sees the refusal before anything is cleared"
    app.resume.new_button.click()
    assert app.resume.store.text == "" and not shown(app.resume.row)


def test_an_edited_save_or_another_games_save_goes_through_the_games_load():
    data = json.loads(kept_game())
    data["actions"][-1] = {"type": "Nonsense"}
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, json.dumps(data))
    assert "could not be read" in app.resume.note.value and not shown(app.resume.resume_button)

    other = oom.new_game(seed=1).to_json()
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, other)
    assert "could not be read" in app.resume.note.value and "mineshaft_mayhem" in app.resume.note.value


def test_the_reason_is_shown_as_text_never_as_markup():
    app = MineshaftMayhemApp(seed=3)
    page_reports(app, json.dumps({"format": 2, "game": "<img src=x onerror=alert(1)>", "origin": "", "seed": 1,
                                  "options": {}, "start": {}, "actions": [], "position": {}}))
    assert "<img" not in app.resume.note.value and "&lt;img" in app.resume.note.value


def test_a_finished_game_is_cleared_and_never_offered():
    app = MineshaftMayhemApp(seed=7)
    page_reports(app, "")
    app.roll_button.click()
    unfinished = app.resume.store.text
    while not app.state.is_over:
        assert app.act(app.state.legal_actions()[0])
    assert app.resume.store.text == "", "a finished game is not kept"

    fresh = MineshaftMayhemApp(seed=8)
    page_reports(fresh, app.state.to_json())
    assert not shown(fresh.resume.row) and fresh.resume.store.text == ""
    fresh = MineshaftMayhemApp(seed=8)
    page_reports(fresh, unfinished)
    assert shown(fresh.resume.resume_button)


def test_the_page_sets_nothing_and_odd_messages_change_nothing():
    app = MineshaftMayhemApp(seed=3)
    send(app.resume.store, text="{}", game="other")
    assert app.resume.store.text is None and app.resume.store.game == app.state.game_name
    odd = (None, "stored", {"event": "stored", "text": 5}, {"event": "other", "text": ""}, {"event": "stored"})
    for content in odd:
        app.resume._message(None, content, [])
        assert app.resume.stage == "waiting"
    page_reports(app, "")
    page_reports(app, kept_game())  # a second view of the app reports too: the first report counts
    assert not shown(app.resume.row)


def test_a_page_that_cannot_store_says_so_once_and_the_game_plays_on():
    app = MineshaftMayhemApp(seed=3)
    app.resume._message(None, {"event": "problem", "text": "QuotaExceededError: the quota has been exceeded"}, [])
    assert shown(app.resume.row) and "not keeping your game" in app.resume.note.value
    assert not shown(app.resume.resume_button) and not shown(app.resume.new_button)
    app.roll_button.click()
    assert len(app.state.history) == 1

