"""The Out of Mine! app as a visitor meets it: served by Voila, played with the mouse in Chromium."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).parent))
import screen_sizes  # noqa: E402
from voila_harness import render_url  # noqa: E402

pytestmark = pytest.mark.browser


def text_of(page, selector: str) -> str:
    return page.locator(selector).inner_text()


def hover_until_the_ghost_fits(page) -> dict:
    """Move the mouse over the gallery cells until the tile in hand shows a green ghost."""
    cells = page.locator(".oom-board .gb-gallery")
    for index in range(cells.count()):
        box = cells.nth(index).bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        try:
            page.wait_for_selector(".oom-board .gb-ghost", timeout=5_000)
            page.wait_for_function(
                "() => document.querySelector('.oom-board .gb-ghost')?.classList.contains('gb-ghost-ok')",
                timeout=1_000,
            )
        except PlaywrightTimeoutError:  # this cell does not fit the tile: try the next one
            continue
        return {"x": x, "y": y}
    raise AssertionError("the tile in hand fits nowhere on the gallery")


def test_place_a_tile_with_the_mouse_while_the_clock_runs(page, voila_url):
    page.goto(render_url(voila_url, "out_of_mine.ipynb"))
    page.wait_for_selector(".oom-app .oom-board .gb-svg", state="visible")
    side_a = page.locator(".oom-side-a:not([disabled]), .oom-side-b:not([disabled])").first
    side_a.wait_for(state="visible")
    side_a.click()

    # the round starts: the palette offers tiles and the clock runs
    page.wait_for_selector(".oom-shape:not([disabled])", state="visible")
    clock_before = text_of(page, ".oom-clock")
    page.wait_for_function(
        "before => document.querySelector('.oom-clock').innerText !== before", arg=clock_before
    )
    assert text_of(page, ".oom-clock") != clock_before

    # take the smallest tile offered (the palette runs from small to large)
    page.locator(".oom-shape:not([disabled])").first.click()
    page.wait_for_function("() => document.querySelector('.oom-shape.oom-selected') !== null")
    board_before = page.locator(".oom-board .gb-base").inner_html()
    assert page.locator(".oom-board .gb-tile").count() == 0

    spot = hover_until_the_ghost_fits(page)
    page.mouse.click(spot["x"], spot["y"])
    page.wait_for_selector(".oom-board .gb-tile", state="attached")
    assert page.locator(".oom-board .gb-tile").count() == 1
    assert page.locator(".oom-board .gb-base").inner_html() != board_before
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('you place')")
    placed = text_of(page, ".oom-status")  # in words: the tile by colour and size, the place from row 1
    assert re.search(r"you place the \w+ \d-cell .*row \d, column \d", placed), placed
    assert not re.search(r"\bP\d\b|\(tile \d|turned \d", placed), placed

    # keys reach the kernel: r turns the tile in hand (its picture changes)
    page.locator(".oom-shape:not([disabled])").last.click()
    page.wait_for_function("() => document.querySelector('.oom-shape.oom-selected') !== null")
    held_before = page.locator(".oom-held").inner_html()
    page.mouse.move(spot["x"], spot["y"])
    page.keyboard.press("r")
    page.wait_for_function(
        "before => document.querySelector('.oom-held').innerHTML !== before", arg=held_before
    )
    assert page.console_errors == []


GHOST_AT = "(() => { const r = document.querySelector('.oom-board .gb-ghost rect'); " \
           "return r ? r.getAttribute('x') + ',' + r.getAttribute('y') : ''; })()"


def ghost_at(page) -> str:
    """Where the shadow's first cell is drawn ('' when there is none)."""
    return page.evaluate("() => " + GHOST_AT)


def ghost_fits(page) -> bool:
    return page.evaluate(
        "() => document.querySelector('.oom-board .gb-ghost')?.classList.contains('gb-ghost-ok') === true")


def walk_until_the_ghost_fits(page) -> None:
    """Walk the keyboard cursor row by row, left and right, until the shadow shows green.

    A key press that moves nothing (at an edge) has no answer to wait for, so an edge is taken
    to be reached when the shadow has not moved for a while. Under load a press can be answered
    later than that, which is why the caller checks that the shadow has settled before Enter."""
    for row in range(10):
        for step in range(6):
            if ghost_fits(page):
                return
            before = ghost_at(page)
            page.keyboard.press("ArrowLeft" if row % 2 else "ArrowRight")
            try:
                page.wait_for_function("before => " + GHOST_AT + " !== before", arg=before, timeout=1_500)
            except PlaywrightTimeoutError:  # at the edge: go down a row
                break
        if ghost_fits(page):
            return
        before = ghost_at(page)
        page.keyboard.press("ArrowDown")
        page.wait_for_function("before => " + GHOST_AT + " !== before", arg=before, timeout=3_000)


def test_hint_keyboard_and_a_bots_call(page, voila_url):
    """A first round as a newcomer plays it: ask for a hint (what to weigh, then the move) and lay the
    tile it puts in hand, lay another with the arrow keys and Enter, then wait for the bot to finish and
    the round to be scored."""
    page.goto(render_url(voila_url, "out_of_mine.ipynb"))
    # a first game's bots lay a tile every 25 s: no bot can call while the newcomer places two tiles
    page.wait_for_selector(".oom-pace", state="visible")
    assert "every 25 s" in page.locator(".oom-app").inner_text()
    page.locator(".oom-side-a:not([disabled]), .oom-side-b:not([disabled])").first.click()
    page.wait_for_selector(".oom-shape:not([disabled])", state="visible")

    page.locator(".oom-hint").click()  # first what to weigh, no move yet
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.startsWith('hint:')")
    assert "Hardest to fit" in text_of(page, ".oom-status")
    assert page.locator(".oom-board .gb-highlight").count() == 0
    page.wait_for_function("() => document.querySelector('.oom-hint').innerText.includes('Show the move')")
    page.locator(".oom-hint").click()  # then one placement
    page.wait_for_selector(".oom-board .gb-highlight", state="attached")
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('in your hand')")
    spot = hover_until_the_ghost_fits(page)
    page.mouse.click(spot["x"], spot["y"])
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('you place')")
    # the tile just laid shows; the next one's shadow waits until the pointer moves
    page.wait_for_function("() => document.querySelector('.oom-board .gb-ghost') === null")

    # the keyboard: walk the cursor over the whole board until the shadow fits, then Enter
    page.locator(".oom-shape:not([disabled])").first.click()
    page.wait_for_function("() => document.querySelector('.oom-shape.oom-selected') !== null")
    page.mouse.move(spot["x"], spot["y"])  # the board takes the keyboard focus
    page.mouse.move(5, 5)  # the mouse leaves; the focus stays
    placed_before = page.locator(".oom-board .gb-tile").count()
    for _ in range(10):  # to the top left corner (the cursor stops at the edges)
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowLeft")
    for _ in range(3):  # a walk, then a check that no key press was still on its way
        walk_until_the_ghost_fits(page)
        settled_at = ghost_at(page)
        page.wait_for_timeout(1_500)
        if ghost_fits(page) and ghost_at(page) == settled_at:
            break
    assert ghost_fits(page)
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('.oom-board .gb-tile').length > {placed_before}")

    # then the fastest pace, so the bot (1.5 s a tile from now) calls, or stops if its card cannot
    # fill its board: then stop too
    page.locator(".oom-pace button", has_text="very fast").click()
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('bot pace: very fast')")
    page.wait_for_function("() => document.querySelector('.oom-results').innerText.includes('player 2 called')"
                           " || document.querySelector('.oom-bot-caption').innerText.includes('stopped')",
                           timeout=90_000)
    if "player 2 called" not in text_of(page, ".oom-results"):
        page.locator(".oom-done").click()
    page.wait_for_function("() => document.querySelector('.oom-results').innerText.includes('Round 1')")
    assert "Round 2 of 7" in text_of(page, ".mg-instruction")
    assert page.console_errors == []


def test_the_settings_row_deals_a_four_player_game(page, voila_url):
    """Players and bots chosen in the settings row, then New game: three bot boards, named by strength."""
    page.goto(render_url(voila_url, "out_of_mine.ipynb"))
    page.wait_for_selector(".oom-players select", state="visible")
    assert page.locator(".oom-bot-board").count() == 1
    page.locator(".oom-players select").select_option(label="4")
    page.locator(".oom-strength select").select_option(label="hasty")
    page.locator(".oom-new-game").click()
    confirm = page.locator("button", has_text="Yes, start a new game")  # when the app asks first
    try:
        confirm.wait_for(state="visible", timeout=2_000)
        confirm.click()
    except PlaywrightTimeoutError:
        pass
    page.wait_for_function("() => document.querySelectorAll('.oom-bot-board').length === 3")
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.startsWith('new game')")
    # the boards and their captions come in separate messages: wait for the three names
    page.wait_for_function("() => [...document.querySelectorAll('.oom-bot-caption')]"
                           ".filter(c => c.innerText.includes('bot')).length === 3")
    captions = page.locator(".oom-bot-caption").all_inner_texts()
    assert [text.split(":")[0] for text in captions] == [f"Player {p} (hasty bot)" for p in (2, 3, 4)]
    assert page.console_errors == []


def start_a_race(page, voila_url) -> None:
    """Open the app, pick side A (the clock starts) and wait for the supply."""
    page.goto(render_url(voila_url, "out_of_mine.ipynb"))
    page.wait_for_selector(".oom-app .oom-board .gb-svg", state="visible")
    page.locator(".oom-side-a:not([disabled]), .oom-side-b:not([disabled])").first.click()
    page.wait_for_selector(".oom-shape:not([disabled])", state="visible")
    page.wait_for_function("() => /\\d:\\d\\d/.test(document.querySelector('.oom-clock').innerText)")


def test_a_race_fits_a_laptop(page, voila_url, tmp_path):
    page.set_viewport_size(screen_sizes.LAPTOP)
    start_a_race(page, voila_url)
    page.wait_for_timeout(500)  # as a person: a button that just appeared ignores clicks 0.4 s
    page.locator(".oom-shape:not([disabled])").first.click()
    spot = hover_until_the_ghost_fits(page)
    page.mouse.click(spot["x"], spot["y"])
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('you place')")
    screen_sizes.screenshot(page, tmp_path, "out_of_mine_app_1400")
    assert screen_sizes.layout_problems(page, targets=False) == []
    assert page.console_errors == []


def tap_until_the_shadow_fits(page) -> tuple[float, float]:
    """Tap the gallery's cells one by one (each first tap only shows the shadow) until it is green."""
    cells = page.locator(".oom-board .gb-gallery")
    for index in range(cells.count()):
        cell = cells.nth(index)
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        before = ghost_at(page)
        page.touchscreen.tap(x, y)
        page.wait_for_function("before => " + GHOST_AT + " !== before", arg=before)
        if ghost_fits(page):
            return x, y
    raise AssertionError("the tile in hand fits nowhere on the gallery")


def test_a_race_on_a_phone_shows_before_it_lays_and_keeps_supply_and_board_in_one_screen(phone_page, voila_url, tmp_path):
    """Issue 21: a tap laid a tile unseen, and the supply sat a screen away from the board."""
    page = phone_page
    start_a_race(page, voila_url)
    # the supply's rows come in messages of their own: wait until the page has laid them out.
    # A race offers 4 to 14 kinds of tile; 14 in rows of 3 pushed the board's foot off the
    # screen (a CI run), so a phone lays the supply out in rows of 4
    page.wait_for_function(
        "h => { const s = document.querySelector('.oom-palette-card').getBoundingClientRect();"
        " const b = document.querySelector('.oom-board .gb-svg').getBoundingClientRect();"
        " return s.top < b.top && b.bottom - s.top <= h; }", arg=screen_sizes.PHONE["height"], timeout=20_000)
    supply = page.locator(".oom-palette-card").bounding_box()
    board = page.locator(".oom-board .gb-svg").bounding_box()
    assert supply["y"] < board["y"], "the supply is above the board"
    assert board["y"] + board["height"] - supply["y"] <= screen_sizes.PHONE["height"], (supply, board)

    page.wait_for_timeout(500)  # as a person: a button that just appeared ignores taps 0.4 s
    page.locator(".oom-shape:not([disabled])").first.tap()  # the smallest tile offered
    page.wait_for_function("() => document.querySelector('.oom-shape.oom-selected') !== null")
    x, y = tap_until_the_shadow_fits(page)
    # the status comes in its own message after the shadow: wait for the words
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('tap the same spot again')")
    assert page.locator(".oom-board .gb-tile").count() == 0
    screen_sizes.screenshot(page, tmp_path, "out_of_mine_app_390")
    assert screen_sizes.layout_problems(page, targets=True) == []

    page.touchscreen.tap(x, y)
    page.wait_for_selector(".oom-board .gb-tile", state="attached")
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('you place')")
    assert page.console_errors == []
