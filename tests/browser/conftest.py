"""Fixtures for the browser tests: one Voila server for the app pages and one for the server
tests, each started once per session (per worker under xdist, where conftest.py keeps each set
on one worker); one Chromium for all, one page per test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import server_harness  # noqa: E402
import voila_harness  # noqa: E402  (a sibling module; importlib mode adds no paths)

VIEWPORT = {"width": 1200, "height": 900}


@pytest.fixture(scope="session")
def voila_url(tmp_path_factory) -> str:
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    try:
        with voila_harness.serve_voila(voila_harness.SERVED_DIR, log_path) as base_url:
            yield base_url
    except voila_harness.HarnessError as error:
        pytest.fail(str(error), pytrace=False)


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """Voila started as `make serve` starts it (binder/voila.py), for the server tests."""
    yield from server_harness.class_server(tmp_path_factory, "voila-class")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            chromium = voila_harness.launch_chromium(playwright)
        except voila_harness.HarnessError as error:
            pytest.fail(str(error), pytrace=False)
        yield chromium
        chromium.close()


def _page(browser, **context_options):
    """A page in its own context, its script errors collected in ``page.console_errors``."""
    context = browser.new_context(**context_options)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console_errors: list[str] = []
    page.on("pageerror", lambda error: console_errors.append(str(error)))
    page.console_errors = console_errors
    return context, page


@pytest.fixture
def page(browser):
    context, page = _page(browser, viewport=VIEWPORT)
    yield page
    context.close()


@pytest.fixture
def phone_page(browser):
    """A phone: 390 x 844, a touch screen."""
    import screen_sizes

    context, page = _page(browser, viewport=screen_sizes.PHONE, has_touch=True)
    yield page
    context.close()
