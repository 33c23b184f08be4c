"""Steps that cannot be undone are asked once, in plain words, in Chromium (issue 21): New game
in the middle of a game, and ending the actions in Off the Rails while a cart would derail."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from voila_harness import render_url  # noqa: E402

pytestmark = pytest.mark.browser


def shown(page, selector: str) -> bool:
    return page.evaluate("s => { const e = document.querySelector(s); return !!e && e.offsetParent !== null; }",
                         selector)


def open_save_load(page, app: str) -> None:
    page.locator(f".{app} .jupyter-widget-Collapse-header, .{app} .lm-AccordionPanel-title, "
                 f".{app} .p-Accordion-header").filter(has_text="Save / load").first.click()


def test_new_game_in_the_middle_of_a_game_asks_first(page, voila_url):
    page.goto(render_url(voila_url, "mineshaft_mayhem.ipynb"))
    page.wait_for_selector(".mm-roll:not([disabled])", state="visible")
    sheet = page.locator(".mm-sheet").inner_html()
    page.locator(".mm-roll").click()
    page.wait_for_function("b => document.querySelector('.mm-sheet').innerHTML !== b", arg=sheet)
    rolled = page.locator(".mm-sheet").inner_html()
    # a double-click on New game: the question takes its place; nothing is thrown away
    page.locator(".mm-new-game").dblclick()
    page.wait_for_selector(".mm-new-game-confirm", state="visible")
    page.wait_for_timeout(800)
    question = page.locator(".mm-new-game-confirm").inner_text()
    assert "Start a new game? Your game (turn 1) is lost unless you Save it" in question
    assert not shown(page, ".mm-new-game")
    assert page.locator(".mm-sheet").inner_html() == rolled
    # keep: back to the game, as it was
    page.locator(".mm-new-game-confirm-keep").click()
    page.wait_for_selector(".mm-new-game", state="visible")
    assert not shown(page, ".mm-new-game-confirm") and page.locator(".mm-sheet").inner_html() == rolled
    # ask again and say yes: a new game
    page.locator(".mm-new-game").click()
    page.locator(".mm-new-game-confirm-go").click()
    page.wait_for_function("() => document.querySelector('.mm-status').innerText.includes('new game')")
    page.wait_for_function("r => document.querySelector('.mm-sheet').innerHTML !== r", arg=rolled)
    assert shown(page, ".mm-new-game") and not shown(page, ".mm-new-game-confirm")
    assert page.console_errors == []


def test_ending_the_actions_while_a_cart_would_derail_asks_once(page, voila_url):
    from minegames import off_the_rails

    column = {(3, y): "NS" for y in range(1, 4)}
    state = off_the_rails.position(tracks=column, gems={}, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    page.goto(render_url(voila_url, "off_the_rails.ipynb"))
    page.wait_for_selector(".otr-app .otr-board svg", state="visible")
    open_save_load(page, "otr-app")
    page.locator(".otr-save-text textarea").fill(state.to_json())
    page.locator(".otr-load").click()
    page.wait_for_function("() => document.querySelector('.otr-app .mg-status').innerText.includes('loaded')")
    assert "derails" in page.locator(".otr-app .otr-carts").inner_text()   # the cart card already says so
    moves = page.evaluate("() => document.querySelector('.otr-app .otr-moves').dataset.moves")
    page.locator(".otr-end-actions").dblclick()     # even twice: asked, not ended
    page.wait_for_selector(".otr-end-confirm", state="visible")
    page.wait_for_timeout(800)
    question = page.locator(".otr-end-confirm").inner_text()
    assert "white cart derails if the carts move now: end the actions anyway?" in question
    assert page.evaluate("() => document.querySelector('.otr-app .otr-moves').dataset.moves") == moves
    page.locator(".otr-end-confirm-keep").click()
    page.wait_for_selector(".otr-end-actions", state="visible")
    assert page.evaluate("() => document.querySelector('.otr-app .otr-moves').dataset.moves") == moves
    page.locator(".otr-end-actions").click()
    page.locator(".otr-end-confirm-go").click()
    page.wait_for_function("m => document.querySelector('.otr-app .otr-moves').dataset.moves !== m", arg=moves)
    assert page.console_errors == []
