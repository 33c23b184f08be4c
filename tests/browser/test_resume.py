"""A reload loses no game (issue 21): the browser keeps the game, and the app offers it back."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from voila_harness import render_url  # noqa: E402

pytestmark = pytest.mark.browser

KEY = "'minegames:mineshaft_mayhem:' + location.pathname"


def shown(page, selector: str) -> bool:
    return page.evaluate("s => { const e = document.querySelector(s); return !!e && e.offsetParent !== null; }",
                         selector)


def open_app(page, voila_url) -> None:
    page.goto(render_url(voila_url, "mineshaft_mayhem.ipynb"))
    page.wait_for_selector(".mm-roll:not([disabled])", state="visible")


def roll(page) -> None:
    before = page.locator(".mm-sheet").inner_html()
    page.wait_for_timeout(600)  # a person's pause: a button that just changed holds clicks 0.4 s
    page.locator(".mm-roll:not([disabled])").click()
    page.wait_for_function("b => document.querySelector('.mm-sheet').innerHTML !== b", arg=before)


def kept_actions(page) -> int:
    """How many actions the game the browser keeps has (-1: none kept)."""
    text = page.evaluate(f"() => localStorage.getItem({KEY})")
    return -1 if text is None else len(json.loads(text)["actions"])


def test_a_reload_offers_the_game_back_as_it_was(page, voila_url):
    open_app(page, voila_url)
    assert not shown(page, ".mg-resume-go"), "a first visit has nothing to resume"
    moves = 0
    while moves < 3 and page.locator(".mm-roll:not([disabled])").count():
        roll(page)
        moves += 1
    assert moves >= 1
    page.wait_for_function(f"n => {{ const t = localStorage.getItem({KEY}); "
                           "return t !== null && JSON.parse(t).actions.length === n; }", arg=moves)
    sheet, log = page.locator(".mm-sheet").inner_html(), page.locator(".mm-log").inner_text()
    page.wait_for_timeout(600)  # the roll button's state comes in a message of its own
    could_roll = page.locator(".mm-roll:not([disabled])").count() > 0
    turn = re.findall(r"turn (\d+):", log)[-1]

    page.reload()
    page.wait_for_selector(".mg-resume-go", state="visible")
    assert page.locator(".mg-resume-go").inner_text() == f"Resume your game (turn {turn})"
    assert shown(page, ".mg-resume-new")
    assert page.locator(".mm-sheet").inner_html() != sheet, "the page opens on a fresh game until asked"
    page.wait_for_timeout(500)
    assert kept_actions(page) == moves, "opening the page must not overwrite the kept game"

    page.locator(".mg-resume-go").click()
    page.wait_for_function("s => document.querySelector('.mm-sheet').innerHTML === s", arg=sheet)
    # the log comes in its own message: wait for it as for the picture
    page.wait_for_function("t => document.querySelector('.mm-log').innerText === t", arg=log)
    assert page.locator(".mm-log").inner_text() == log
    assert "resumed" in page.locator(".mm-status").inner_text()
    assert not shown(page, ".mg-resume-go") and not shown(page, ".mg-resume-new")
    # and it plays on from there, and is kept again (once the roll button is as it was: it comes
    # in a message of its own, and a run read the fresh game's before the resumed game's arrived)
    page.wait_for_function("want => (document.querySelector('.mm-roll:not([disabled])') !== null) === want",
                           arg=could_roll)
    if could_roll:
        roll(page)
        page.wait_for_function(f"n => {{ const t = localStorage.getItem({KEY}); "
                               "return t !== null && JSON.parse(t).actions.length === n; }", arg=moves + 1)
    assert page.console_errors == []


def test_an_unreadable_kept_game_is_refused_with_a_working_new_game(page, voila_url):
    open_app(page, voila_url)
    page.evaluate(f"() => localStorage.setItem({KEY}, '{{\"format\": 2, \"game\": \"mineshaft_mayhem\", \"seed\": -1')")
    page.reload()
    page.wait_for_selector(".mg-resume-new", state="visible")
    note = page.locator(".mg-resume-note").inner_text()
    assert note.startswith("A saved game was found but could not be read: "), note
    assert "not valid JSON" in note
    assert not shown(page, ".mg-resume-go")

    page.locator(".mg-resume-new").click()
    page.wait_for_function("() => document.querySelector('.mm-status').innerText.includes('new game')")
    assert not shown(page, ".mg-resume-new")
    page.wait_for_function(f"() => localStorage.getItem({KEY}) === null")
    roll(page)
    assert "mg-status-error" not in page.locator(".mm-status").inner_html()
    page.wait_for_function(f"() => localStorage.getItem({KEY}) !== null")
    assert kept_actions(page) == 1
    assert page.console_errors == []
