"""The school hub (`make hub`, deploy/hub/jupyterhub_config.py) as pupils meet it, in Chromium.

A visitor with no account lands on the gallery in a server of their own; two at once get two
servers and two games; the lessons are a click away; a pupil's server keeps to its memory.
The class of 30 arriving together is tests/browser/test_hub_class.py.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import hub_harness  # noqa: E402

pytestmark = pytest.mark.browser

GALLERY_PLAY = "a.mg-game-play[href*='mineshaft_mayhem']"
USER_PATH = re.compile(r"/user/([^/]+)/voila/render/apps/index\.ipynb")


@pytest.fixture(scope="module")
def hub(tmp_path_factory):
    try:
        with hub_harness.run_hub(tmp_path_factory.mktemp("hub")) as running:
            yield running
    except hub_harness.HubMissing as error:
        pytest.fail(str(error), pytrace=False)


def arrive(browser, hub_url: str):
    """A new visitor (a browser context of its own) opening the hub's address."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(hub_url + "/")
    return page


def status(page) -> str:
    return page.locator(".mm-status").inner_text()


def test_two_pupils_at_once_land_on_the_gallery_in_servers_of_their_own_and_play_separate_games(hub, browser):
    first, second = arrive(browser, hub.url), arrive(browser, hub.url)  # both spawning at once
    names = []
    for page in (first, second):
        page.wait_for_selector(GALLERY_PLAY)
        found = USER_PATH.search(page.url)
        assert found, f"{page.url} is not a pupil's gallery"
        names.append(found.group(1))
        # the lessons are one click away, in the pupil's own server
        lesson = page.locator("a.mg-game-lesson").first
        assert lesson.count() == 1
        lesson_url = page.evaluate("a => a.href", lesson.element_handle())
        assert f"/user/{found.group(1)}/voila/render/" in lesson_url, lesson_url
    assert names[0] != names[1], "two visitors were given the same user"
    assert len(hub.pupil_servers()) == 2, "each pupil's server is a process of its own"
    for name in names:  # each pupil has their own copy of the notebooks
        assert (hub.state / "pupils" / name / "apps" / "index.ipynb").exists()

    for page in (first, second):
        page.click(GALLERY_PLAY)
        page.wait_for_selector(".mm-app .mm-roll:not([disabled])")
    start = status(second)
    before = status(first)
    first.wait_for_timeout(500)  # as a person: a button that just appeared ignores clicks 0.4 s
    first.click(".mm-roll:not([disabled])")
    first.wait_for_function("b => document.querySelector('.mm-status').innerText !== b", arg=before)
    assert status(second) == start, "one pupil's move showed in the other's game"
    for page in (first, second):
        assert not page.is_visible(".mg-connection-lost")
        page.context.close()


def test_a_pupil_past_their_memory_is_told_and_the_hub_stays_up(tmp_path, browser):
    """The one-machine spawner enforces no memory limit, so each pupil's server keeps to its
    share itself (binder/classroom.py's budget): here a share too small for even the gallery."""
    try:
        with hub_harness.run_hub(tmp_path / "hub", mem="120M") as small:
            page = arrive(browser, small.url)
            page.wait_for_function("() => document.body.innerText.includes('memory the server keeps for you')")
            assert "budget of 120" not in page.inner_text("body")  # the pupil gets words, not the log line
            assert hub_harness._healthy(small.url)
            page.context.close()
    except hub_harness.HubMissing as error:
        pytest.fail(str(error), pytrace=False)
