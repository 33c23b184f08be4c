"""The Goldmine Rumbles app as a visitor meets it: served by Voila, played with the mouse in Chromium.

One seeded 3-player game: place the phase's cubes, buy a claim after looking at its route on the
mine, walk there (blasting a tile with Dynamite when the route needs it), take items and mine
(the yield and hazard dice show), then on a later turn rob Papa Clayton or a miner and fight it
out round by round. The bots move at the "instant" speed a visitor can choose.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from voila_harness import render_url  # noqa: E402
import screen_sizes  # noqa: E402

pytestmark = pytest.mark.browser

SEED = 4
TURN_WAIT_MS = 120_000


def text_of(page, selector: str) -> str:
    return page.locator(selector).inner_text()


MOVES = "document.querySelector('.gr-app .gr-moves').dataset.moves"


def click_and_settle(page, locator) -> None:
    """Click, then wait until the kernel has played the move and redrawn the app (the app counts
    the moves last in each update), or refused it (an error on the status line)."""
    before = page.evaluate("() => " + MOVES)
    locator.click()
    page.wait_for_function(f"before => {MOVES} !== before"
                           " || document.querySelector('.gr-app .mg-status-error') !== null", arg=before)


def wait_for_my_decision(page) -> str:
    """Wait until the person must decide (bots move meanwhile); return the decision card's text."""
    page.wait_for_function(
        "() => document.querySelector('.gr-app .mg-instruction').innerText.includes('Your decision:')"
        " || document.querySelector('.gr-app .mg-instruction').innerText.includes('Final scores')",
        timeout=TURN_WAIT_MS)
    card = page.locator(".gr-decision")
    card.wait_for(state="visible")
    return card.inner_text()


def choice(page, text: str):
    return page.locator(".gr-choice:not([disabled])", has_text=text).first


def place_cubes(page) -> None:
    while "click a column" in wait_for_my_decision(page):
        click_and_settle(page, page.locator(".gr-column:not([disabled])").first)


def dynamite_needed(route: str) -> int:
    found = re.search(r"needs (\d+) Dynamite \(you hold (\d+)", route)
    return -1 if "No way" in route else (int(found.group(1)) if found else 0)


def route_of_site(page, site: int) -> str:
    page.locator(f'.gr-mine [data-key="site:{site}"]').click()
    page.wait_for_selector(f'.gr-mine [data-key="site:{site}"].gr-site-selected', state="attached")
    page.wait_for_function("() => !document.querySelector('.gr-app .gr-card:has(.gr-follow) .gr-hint')"
                           "?.innerText.includes('Looking for a way')")
    return page.locator(".gr-card:has(.gr-follow) .gr-hint").inner_text()


def choose_claim(page) -> int:
    """The store's claim with a way there that the Dynamite held covers (one that needs a
    blast if there is one, to play the Dynamite too); returns its store square."""
    held, best = 0, None
    for slot in range(5):
        button = page.locator(f".gr-store-{slot}")
        if button.is_disabled():
            continue
        site = int(re.match(r"#(\d+)", button.inner_text()).group(1))
        route = route_of_site(page, site)
        need = dynamite_needed(route)
        hold = re.search(r"you hold (\d+)", route)
        held = int(hold.group(1)) if hold else held
        if need < 0 or (need and need > held):
            continue
        if best is None or (need and not best[1]):
            best = (slot, need)
    assert best is not None, "no claim in the store can be reached"
    return best[0]


def travel(page) -> str:
    """Follow the route (blasting with Dynamite by clicking the tile and a turn); answer a rat or
    a snake with the first choice. Returns the decision text on arrival."""
    for _ in range(40):
        text = wait_for_my_decision(page)
        follow = page.locator(".gr-follow")
        if not follow.is_visible():
            if "Take a Poison" in page.locator(".gr-decision").inner_text():
                click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)
                continue
            return text
        page.wait_for_function("() => !document.querySelector('.gr-app .gr-card:has(.gr-follow) .gr-hint')"
                               ".innerText.includes('Looking for a way')")
        label = follow.inner_text()
        blast = re.search(r"row (\d), column (\d) by (\d+)", label)
        if follow.is_disabled():
            click_and_settle(page, choice(page, "Give up"))
            return "gave up"
        if blast:
            row, col, degrees = (int(g) for g in blast.groups())
            page.locator(f'.gr-mine [data-key="cell:{row - 1}:{col - 1}"]').click()
            page.wait_for_selector(".gr-mine .gr-cell-selected", state="attached")
            click_and_settle(page, page.locator(f".gr-blast-{degrees // 90}"))
        else:
            click_and_settle(page, follow)
    raise AssertionError("the journey did not end")


def finish_turn(page) -> None:
    """Answer what the hazard die asks with the first choice, then end the turn."""
    for _ in range(10):
        text = wait_for_my_decision(page)
        if "Final scores" in page.locator(".mg-instruction").inner_text():
            return
        end = choice(page, "End the turn")
        if end.count():
            click_and_settle(page, end)
            return
        if "column" in text:
            click_and_settle(page, page.locator(".gr-column:not([disabled])").first)
        else:
            click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)


def answer_quietly(page, text: str) -> None:
    """A decision that is not the start of a turn: a cube, or the most cautious answer on show."""
    if "click a column" in text:
        click_and_settle(page, page.locator(".gr-column:not([disabled])").first)
        return
    for words in ("End the turn", "Pass", "Pay Papa Clayton", "Keep", "Take a Poison", "Done", "No remedy"):
        button = choice(page, words)
        if button.count():
            click_and_settle(page, button)
            return
    click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)


def open_seeded_game(page, voila_url) -> None:
    """A known game: 3 players, the seed, bots at the fastest speed."""
    page.goto(render_url(voila_url, "goldmine_rumbles.ipynb"))
    page.wait_for_selector(".gr-app .gr-mine svg", state="visible")
    page.locator(".gr-players-choice button", has_text="3 players").click()
    page.locator(".gr-seed input").fill(str(SEED))
    page.locator(".gr-new-game").click()
    page.wait_for_function(f"() => document.querySelector('.gr-app .mg-status').innerText.includes('seed {SEED}')")
    page.locator(".gr-speed button", has_text="instant").click()


def test_a_full_turn_and_a_fight(page, voila_url):
    open_seeded_game(page, voila_url)

    place_cubes(page)
    text = wait_for_my_decision(page)
    assert "Buy a claim" in text
    assert "win" in choice(page, "Rob Papa Clayton").inner_text()

    # buy a claim whose way the route card shows, and walk (or blast) there
    slot = choose_claim(page)
    store = page.locator(f".gr-store-{slot}")
    claim = int(re.match(r"#(\d+)", store.inner_text()).group(1))
    click_and_settle(page, store)
    assert "Take two items" in travel(page)

    # take items from the first row offered, place any cubes, and mine alone
    click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)
    while "click a column" in wait_for_my_decision(page):
        click_and_settle(page, page.locator(".gr-column:not([disabled])").first)
    assert "Expected yield alone" in text_of(page, ".gr-decision .gr-hint")
    assert "hazard die" in text_of(page, ".gr-decision .gr-hint")
    click_and_settle(page, choice(page, "Mine alone"))
    page.wait_for_function("() => !document.querySelector('.gr-dice').innerText.includes('not rolled yet')"
                           " && document.querySelector('.gr-dice').innerText.includes('Hazard die')")
    dice = text_of(page, ".gr-dice")
    assert "Yield die" in dice and re.search("Hazard die: \\S", dice)
    assert f"mines claim {claim}" in text_of(page, ".gr-app .mg-log")
    finish_turn(page)

    # later turns: rob whoever the odds favour, walk there and fight round by round
    for _decision in range(60):
        text = wait_for_my_decision(page)
        if "Final scores" in page.locator(".mg-instruction").inner_text():
            break
        robberies = page.locator(".gr-choice:not([disabled])", has_text=re.compile(r"Rob .*\(win "))  # reachable ones
        if not robberies.count():
            answer_quietly(page, text)
            continue
        labels = robberies.all_inner_texts()
        odds = [float(re.search(r"win ([\d.]+)%", label).group(1)) for label in labels]
        click_and_settle(page, robberies.nth(odds.index(max(odds))))
        if travel(page) == "gave up":
            continue
        for _round in range(30):
            wait_for_my_decision(page)
            if not page.locator(".gr-fight").is_visible() or "(over)" in text_of(page, ".gr-fight"):
                break
            roll = choice(page, "Roll the fight round")
            click_and_settle(page, roll if roll.count() else page.locator(".gr-choice:not([disabled])").first)
        fight = text_of(page, ".gr-fight")
        if "(over)" in fight:
            assert "round 1" in fight and "=" in fight
            assert page.locator(".gr-fight-rounds tr").count() >= 2
            break
    else:
        raise AssertionError("no fight was fought")
    assert page.console_errors == []


CUT_LABELS = """() => [...document.querySelectorAll('.gr-decision .jupyter-button, .gr-app .gr-follow')]
    .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth).map(b => b.innerText)"""


def cut_labels(page) -> list[str]:
    """The shown decision buttons whose label does not fit (the browser cuts it with "…")."""
    wait_for_my_decision(page)
    return page.evaluate(CUT_LABELS)


@pytest.mark.parametrize("size", [screen_sizes.LAPTOP, screen_sizes.PHONE], ids=["1400", "390"])
def test_mid_game_fits_the_screen_and_says_what_the_bots_did(page, voila_url, tmp_path, size):
    """After the bots' turns at instant speed: the decision sits above the map on a phone, the
    "since your last turn" panel tells their turns in words, and nothing is too small or cut off."""
    phone = size["width"] < 500
    page.set_viewport_size(size)
    open_seeded_game(page, voila_url)
    cut = []  # every decision on the way, its buttons read whole (issue 21: bids ended in "…" on a phone)
    wait_for_my_decision(page)
    # cubes are placed on the dashboard: that card stands right under the decision, in both layouts
    card = page.locator(".gr-decision").bounding_box()
    dashboard = page.locator(".gr-card:has(.gr-dashboard)").bounding_box()
    assert 0 <= dashboard["y"] - (card["y"] + card["height"]) < 40
    place_cubes(page)
    cut += cut_labels(page)
    slot = choose_claim(page)
    click_and_settle(page, page.locator(f".gr-store-{slot}"))
    cut += cut_labels(page)
    travel(page)
    cut += cut_labels(page)
    click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)
    while "click a column" in wait_for_my_decision(page):
        click_and_settle(page, page.locator(".gr-column:not([disabled])").first)
    cut += cut_labels(page)
    click_and_settle(page, choice(page, "Mine alone"))
    finish_turn(page)
    cut += cut_labels(page)
    assert cut == []
    page.wait_for_function("() => document.querySelector('.gr-app .mg-since').innerText.includes('turn')")
    since = text_of(page, ".gr-app .mg-since")
    assert "Since your last turn" in since
    assert not re.search(r"port \d|square \(|\(\d, \d\)|\bP\d\b", since)  # places and people in words
    if phone:  # the decision card (with the card it is answered on) right above the map, not a screen below it
        card, mine = page.locator(".gr-decide").bounding_box(), page.locator(".gr-mine").bounding_box()
        assert card["y"] < mine["y"] and mine["y"] - (card["y"] + card["height"]) < 200
    screen_sizes.screenshot(page, tmp_path, f"goldmine_rumbles_app_{size['width']}")
    assert screen_sizes.layout_problems(page, targets=phone) == []
    assert page.console_errors == []
