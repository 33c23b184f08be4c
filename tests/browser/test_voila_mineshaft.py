"""The Mineshaft Mayhem app as a visitor meets it: served by Voila, clicked in Chromium."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import screen_sizes  # noqa: E402
from voila_harness import render_url  # noqa: E402

pytestmark = pytest.mark.browser


def open_app(page, voila_url):
    page.goto(render_url(voila_url, "mineshaft_mayhem.ipynb"))
    page.wait_for_selector(".mm-roll:not([disabled])", state="visible")
    return page


def sheet_html(page) -> str:
    return page.locator(".mm-sheet").inner_html()


def status_text(page) -> str:
    return page.locator(".mm-status").inner_text()


def die_labels(page) -> list[str]:
    return page.locator(".mm-die").all_inner_texts()


def click_and_wait_for_sheet_change(page, button_selector: str) -> None:
    before = sheet_html(page)
    page.locator(button_selector).click()
    page.wait_for_function(
        "before => document.querySelector('.mm-sheet').innerHTML !== before", arg=before
    )


def test_roll_updates_sheet_dice_and_status(page, voila_url):
    open_app(page, voila_url)
    sheet_before, status_before, dice_before = sheet_html(page), status_text(page), die_labels(page)
    assert "<svg" in sheet_before, "the sheet should show the game's SVG before any roll"
    assert len(dice_before) == 4

    click_and_wait_for_sheet_change(page, ".mm-roll")

    assert sheet_html(page) != sheet_before
    page.wait_for_function(
        "before => document.querySelector('.mm-status').innerText !== before", arg=status_before
    )
    assert status_text(page) != status_before
    dice_after = die_labels(page)
    assert len(dice_after) == 4
    assert dice_after != dice_before, "rolled dice should show their faces"
    assert page.console_errors == []


def roll_with_two_free_dice(page, attempts: int = 20) -> None:
    """Roll until at least two dice are free to keep (dice showing 1 are locked)."""
    for _ in range(attempts):
        click_and_wait_for_sheet_change(page, ".mm-roll")
        if page.locator(".mm-die:not([disabled])").count() >= 2:
            return
        page.locator(".mm-new-game").click()        # a game under way: New game asks first
        click_and_wait_for_sheet_change(page, ".mm-new-game-confirm-go")
    raise AssertionError(f"no roll in {attempts} games left two dice free")


def test_kept_die_survives_a_reroll(page, voila_url):
    open_app(page, voila_url)
    roll_with_two_free_dice(page)
    free_dice = page.locator(".mm-die:not([disabled])")
    kept = free_dice.first
    kept_face = kept.inner_text()
    kept_index = page.locator(".mm-die").evaluate_all(
        "(dice, target) => dice.findIndex(d => !d.disabled)", None
    )
    kept.click()
    page.wait_for_function(
        "i => document.querySelectorAll('.mm-die')[i].classList.contains('mod-active')", arg=kept_index
    )
    status_before = status_text(page)

    click_and_wait_for_sheet_change(page, ".mm-roll")

    assert die_labels(page)[kept_index] == kept_face
    page.wait_for_function(
        "before => document.querySelector('.mm-status').innerText !== before", arg=status_before
    )
    assert page.console_errors == []


def roll_a_few_times(page, rolls: int = 3) -> None:
    """Mid-game: the first roll, then re-rolls while the game allows them (each waits for the sheet)."""
    for _ in range(rolls):
        roll = page.locator(".mm-roll:not([disabled])")
        if roll.count() == 0:
            break
        page.wait_for_timeout(500)  # a decision button that just changed ignores the pointer 0.4 s
        click_and_wait_for_sheet_change(page, ".mm-roll:not([disabled])")
    page.wait_for_function("() => document.querySelector('.mm-status').innerText.includes('roll')")


@pytest.mark.parametrize("size", [screen_sizes.LAPTOP, screen_sizes.PHONE], ids=["1400", "390"])
def test_mid_game_fits_the_screen(page, voila_url, tmp_path, size):
    """After a few rolls, every word on the sheet and beside it is readable and, on a phone, every
    control is big enough to touch; nothing sticks out sideways (issue 21: 5-10 px labels)."""
    page.set_viewport_size(size)
    open_app(page, voila_url)
    roll_a_few_times(page)
    phone = size["width"] < 500
    shown = ".mm-sheet-stacked svg" if phone else ".mm-sheet-wide svg"
    assert page.locator(shown).is_visible()
    if phone:  # the dice and the roll button within one screen of the conveyor they decide on
        belt = page.locator(shown).bounding_box()
        bottoms = [box["y"] + box["height"] for box in
                   (page.locator(".mm-roll").bounding_box(), *(die.bounding_box() for die in page.locator(".mm-die").all()))]
        assert max(bottoms) - belt["y"] <= size["height"], (belt, bottoms)
        assert page.locator(".mm-sheet-sorting svg").is_visible()  # the containers and gears below them
    screen_sizes.screenshot(page, tmp_path, f"mineshaft_mayhem_app_{size['width']}")
    assert screen_sizes.layout_problems(page, targets=phone) == []
    assert page.console_errors == []


def test_on_a_phone_the_ending_shows_where_the_player_is_looking(page, voila_url, tmp_path):
    """Issue 21: at 390 px the game ended with the view on the dice card, and the score table far
    above; now the dice card goes and the ending takes its place."""
    page.set_viewport_size(screen_sizes.PHONE)
    open_app(page, voila_url)
    over = "() => document.querySelector('.mm-app .mg-instruction').innerText.includes('Game over')"
    bot = ".mm-bot:not([disabled])"
    for _ in range(80):
        # wait for the next thing a person could see: the bot's button offered, or the ending
        # (a CI run checked for the ending just before it came, then waited on a hidden button)
        page.wait_for_function(
            f"() => ({over})() || [...document.querySelectorAll('{bot}')].some(b => b.offsetParent !== null)")
        if page.evaluate(over):
            break
        before = status_text(page)
        page.locator(bot).click()
        page.wait_for_function(
            f"before => document.querySelector('.mm-status').innerText !== before || ({over})()", arg=before)
    page.wait_for_function(over)
    ending = page.locator(".mm-ending-here")
    page.wait_for_function("() => document.querySelector('.mm-ending-here').innerText.includes('container 1')")
    box = ending.bounding_box()
    assert box is not None and box["y"] < screen_sizes.PHONE["height"] and box["y"] + box["height"] > 0, box
    assert not page.locator(".mm-roll").is_visible() and not page.locator(".mg-instruction .mg-end").is_visible()
    screen_sizes.screenshot(page, tmp_path, "mineshaft_mayhem_app_390_end")
    assert screen_sizes.layout_problems(page, targets=True) == []
