"""The Out of Mine! app as a visitor meets it: served by Voila, played with the mouse in Chromium."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

sys.path.insert(0, str(Path(__file__).parent))
from voila_harness import REPO_ROOT, render_url  # noqa: E402

pytestmark = pytest.mark.browser

SCREENSHOT = REPO_ROOT / "docs" / "images" / "out_of_mine_app.png"


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
    page.wait_for_function("() => document.querySelector('.oom-status').innerText.includes('P1 places')")

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

    if os.environ.get("UPDATE_SCREENSHOTS") == "1":
        hover_until_the_ghost_fits(page)
        SCREENSHOT.parent.mkdir(parents=True, exist_ok=True)
        page.locator(".oom-app").screenshot(path=str(SCREENSHOT))


def test_gallery_links_to_the_out_of_mine_app(page, voila_url):
    page.goto(render_url(voila_url, "index.ipynb"))
    link = page.get_by_role("link", name="Play Out of Mine!")
    link.wait_for(state="visible")
    link.click()
    page.wait_for_url("**/voila/render/out_of_mine.ipynb")
    page.wait_for_selector(".oom-app .oom-board .gb-svg", state="visible")
