"""The Off the Rails app as a visitor meets it: served by Voila, played with the mouse in Chromium.

A seeded 2-player game against the bots at the "instant" speed. On the first turn the visitor
puts the white cart out on its start square D1 (two clicks on the square), lays a straight
north-south tile on D2, D3 and D4 (a click on the square, then the tile's button; the fourth
action ends the action phase by itself), sees where the cart would run, and moves it: the cart
stands on D4. Then the visitor draws a deposit card, the bot plays its turn, and it is the
visitor's turn again. Last, a click on the cart's square shows the model's reason why a tile
under a cart cannot be upgraded.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import screen_sizes  # noqa: E402
from voila_harness import render_url  # noqa: E402

from minegames.off_the_rails.board import square_name  # noqa: E402

pytestmark = pytest.mark.browser

SEED = 4
TURN_WAIT_MS = 120_000
COUNTER = "document.querySelector('.otr-app .otr-moves')"


def counter(page, name: str) -> str:
    return page.evaluate(f"() => {COUNTER}.dataset.{name}")


def square(page, x: int, y: int):
    return page.locator(f'.otr-board-base [data-key="sq:{x}:{y}"]')


def square_tip(page, x: int, y: int) -> str:
    return square(page, x, y).locator("title").text_content()


def click_and_settle(page, locator) -> None:
    """Click, then wait until the kernel has played the move and redrawn the app (the app writes
    the move count last in each update), or refused it (an error on the status line)."""
    before = counter(page, "moves")
    locator.click()
    page.wait_for_function(f"before => {COUNTER}.dataset.moves !== before"
                           " || document.querySelector('.otr-app .mg-status-error') !== null", arg=before)


def wait_for_my_turn(page) -> None:
    page.wait_for_function(
        "() => { const t = document.querySelector('.otr-app .mg-instruction').innerText;"
        " return t.startsWith('Your turn') || t.includes('Press New game'); }", timeout=TURN_WAIT_MS)


def pick_square(page, x: int, y: int) -> None:
    square(page, x, y).click()
    page.wait_for_function(r"name => { const card = document.querySelector('.otr-app .otr-square');"
                           r" return card.offsetParent !== null && new RegExp('^SQUARE\\s+' + name + '\\b', 'i')"
                           r".test(card.innerText); }", arg=square_name((x, y)).split(" ")[0])


def open_seeded_game(page, voila_url) -> None:
    """A known 2-player game: the seed, the bots at the fastest speed."""
    page.goto(render_url(voila_url, "off_the_rails.ipynb"))
    page.wait_for_selector(".otr-app .otr-board svg", state="visible")
    page.locator(".otr-players select").select_option(label="2")
    page.locator(".otr-speed button", has_text="instant").click()
    page.locator(".otr-seed input").fill(str(SEED))
    page.locator(".otr-new-game").click()
    page.wait_for_function(f"() => document.querySelector('.otr-app .mg-status').innerText.includes('seed {SEED}')")


def test_lay_track_and_move_a_cart(page, voila_url):
    open_seeded_game(page, voila_url)
    wait_for_my_turn(page)
    assert counter(page, "moves") == "0" and counter(page, "phase") == "actions"

    # the white cart goes out: a click on the start square shows it, a second puts the cart there
    pick_square(page, 3, 0)
    # the card and the status line are separate widgets, updated by separate messages
    page.wait_for_function("() => document.querySelector('.otr-app .mg-status').innerText.includes('Click it again')")
    click_and_settle(page, square(page, 3, 0))
    assert "white cart" in square_tip(page, 3, 0)

    # three straight tiles down column D: a click on the square, then the tile's button
    for y in (1, 2, 3):
        pick_square(page, 3, y)
        assert page.locator(".otr-app .otr-preview").count() == 1           # the likeliest tile, previewed
        if y == 3:
            assert page.locator(".otr-app .otr-route").count() >= 1         # where the cart would run now
        click_and_settle(page, page.locator(".otr-tile-straight-0"))
        assert "straight north–south track" in square_tip(page, 3, y)
    assert counter(page, "tracks") == "3"

    # four actions taken: the carts move; the cart runs its speed, 3 squares, to D4
    assert counter(page, "phase") == "move"
    drive = page.locator(".otr-drive-0")
    assert drive.inner_text().strip() == "Move (3)"
    assert "ends on D4" in drive.get_attribute("title")
    click_and_settle(page, drive)
    assert "white cart" in square_tip(page, 3, 3) and "white cart" not in square_tip(page, 3, 0)
    assert counter(page, "phase") == "deposits"

    # the deposits phase, then the bot's turn, then the visitor's again
    click_and_settle(page, page.locator(".otr-choice", has_text="Draw a deposit card"))
    wait_for_my_turn(page)
    assert counter(page, "turn") == "3"

    # the model's reason, under a cart: no upgrade
    if "white cart" in square_tip(page, 3, 3):
        pick_square(page, 3, 3)
        assert "a tile with a cart on it cannot be upgraded" in page.locator(".otr-app .otr-square").inner_text()
        assert page.locator(".otr-upgrade-1").is_disabled()
    assert page.console_errors == []


# ---- mid-game at a laptop's and a phone's width (issue 21, parts 3 and 6) ------------------------
MID_GAME_TURNS = 3

# the first control a person would press now: a confirmation, End actions, a cart's Move, a choice
NEXT_CONTROL = """() => {
  const shown = (el) => el && el.offsetParent !== null && !el.disabled;
  for (const sel of ['.otr-end-confirm-go', '.otr-end-actions', '.otr-drive', '.otr-choice']) {
    const el = [...document.querySelectorAll('.otr-app ' + sel)].find(shown);
    if (el) return sel;
  }
  return null;
}"""


def play_my_turn(page) -> None:
    """Play the person's turn the plainest way: end the actions (yes, even if a cart derails),
    move each cart, take the first way or gem offered, draw."""
    wait_for_my_turn(page)
    turn = counter(page, "turn")
    mine = (f"turn => {COUNTER}.dataset.turn === turn && document.querySelector('.otr-app .mg-instruction')"
            ".innerText.startsWith('Your turn')")
    while page.evaluate(mine, turn):
        page.wait_for_function(f"turn => !({mine})(turn) || ({NEXT_CONTROL})() !== null", arg=turn)
        page.wait_for_timeout(500)             # a button that just appeared ignores clicks for 0.4 s
        selector = page.evaluate(NEXT_CONTROL)
        if selector is None or not page.evaluate(mine, turn):
            continue
        before = counter(page, "moves")
        page.locator(f".otr-app {selector}:visible:enabled").first.click()
        page.wait_for_function(f"before => {COUNTER}.dataset.moves !== before || ({NEXT_CONTROL})() "
                               "=== '.otr-end-confirm-go'", arg=before)


@pytest.mark.parametrize("size", [screen_sizes.LAPTOP, screen_sizes.PHONE], ids=["1400", "390"])
def test_mid_game_fits_the_screen_and_says_what_changed(page, voila_url, tmp_path, size):
    """After a few turns against instant bots: the board is readable and every square big enough
    to touch on a phone (in its own frame that scrolls; the page does not), nothing cut off; the
    "Since your last turn" panel lists the bot's turn from its first line, the board outlines
    what it changed, and no line of the log says "turn 0"."""
    page.set_viewport_size(size)
    open_seeded_game(page, voila_url)
    for _turn in range(MID_GAME_TURNS):
        play_my_turn(page)
    wait_for_my_turn(page)
    page.wait_for_function("() => document.querySelector('.otr-app .mg-since').innerText.includes('Blue')")
    since = page.locator(".otr-app .mg-since").inner_text()
    assert "Since your last turn" in since and "Blue" in since and "deposit" in since
    assert page.locator(".otr-app .otr-mark-changed, .otr-app .otr-mark-moved").count() >= 1
    log = page.locator(".otr-app .mg-log").inner_text()
    assert "set-up: Off the Rails, 2 players" in log and "turn 0" not in log
    # counted as a table does, and your clan reads "you": rounds, never Red's own name for you
    assert re.search(r"^round \d+: ", log, re.M) and not re.search(r"\bRed\b", log + since)
    assert re.search(r"Your turn \(.*?round \d+\)", page.locator(".otr-app .mg-instruction").inner_text())
    phone = size["width"] < 500
    screen_sizes.screenshot(page, tmp_path, f"off_the_rails_app_{size['width']}")
    assert screen_sizes.layout_problems(page, targets=phone) == []
    if phone:   # the squares are 40 px or more, and the decision sits right under the board
        box = square(page, 7, 7).bounding_box()
        assert min(box["width"], box["height"]) >= 40
        frame = page.locator(".otr-app .otr-board-frame").bounding_box()
        decision = page.locator(".otr-app .otr-decision").bounding_box()
        assert 0 <= decision["y"] - (frame["y"] + frame["height"]) < 120 and frame["height"] < size["height"] * 0.7
    assert page.console_errors == []
