"""Every asset from our own server: the pages work on a school network that blocks outside hosts.

Voila's "lab" template linked Font Awesome from cdn.jsdelivr.net (ERR_NAME_NOT_RESOLVED in the
console here; on a network that drops the packets instead, a stylesheet the page waits for).
binder/voila.py serves the pages with the "minegames" template (share/jupyter/voila/templates/
minegames), which drops those links: Voila's own bundle, served by this server, carries Font
Awesome 5 and the v4 names the apps' buttons use. Here Chromium loads every app, the gallery, a
lesson, the file list and an error page from a server started as `make serve` starts it,
records every request each page makes, and fails on one to any other host; and the buttons'
icons must be drawn in Font Awesome, loaded from the server.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

from minegames import GAMES

sys.path.insert(0, str(Path(__file__).parent))
import server_harness as sh  # noqa: E402
import voila_harness  # noqa: E402
from test_voila_gallery import READY  # noqa: E402  (each app's "ready" selector: one list)

pytestmark = pytest.mark.browser

APPS = [info.app_notebook for info in GAMES.values() if info.app_path is not None]
#: a lesson: markdown, code cells, outputs (the slowest of the lessons to run is not needed)
LESSON = "gem_rush_1_rules.ipynb"
#: pages whose buttons carry icons (ipywidgets' `icon=`, Font Awesome v4 names)
WITH_ICONS = {"mineshaft_mayhem.ipynb", "out_of_mine.ipynb"}
VIEWPORT = {"width": 1200, "height": 900}
#: what in a page's HTML would fetch from a host: a src or href, a CSS url(), a script's import()
ABSOLUTE_URL = re.compile(r"""(?:\b(?:src|href)\s*=\s*["']|url\(\s*["']?|import\(\s*["'])((?:https?:)?//[^"')\s]+)""")

# Every Font Awesome icon in the page: its glyph (the ::before content a v4 name maps to), the
# font that draws it, whether it is shown (a hidden button's is not) and its width; and which
# Font Awesome faces loaded (every request went to this page's server: assert_only_our_server).
ICONS_JS = """() => {
  const faces = [...document.fonts].filter(f => f.family.replace(/"/g, '').startsWith('Font Awesome'));
  return {
    faces: faces.map(f => ({family: f.family.replace(/"/g, ''), weight: f.weight, status: f.status})),
    icons: [...document.querySelectorAll('i.fa')].map(i => {
      const style = getComputedStyle(i, '::before');
      return {cls: i.className, glyph: style.content, family: style.fontFamily,
              weight: style.fontWeight, shown: i.getClientRects().length > 0,
              width: i.getBoundingClientRect().width};
    }),
  };
}"""


class Recorder:
    """Every request the browser context makes (pages, scripts, styles, fonts, websockets)."""

    def __init__(self, context, server_url: str):
        self.server = urlparse(server_url).netloc
        self.urls: list[str] = []
        self.failed: list[str] = []
        context.on("request", lambda request: self.urls.append(request.url))
        context.on("requestfailed", lambda request: self.failed.append(f"{request.url} ({request.failure})"))

    def outside(self) -> list[str]:
        """Requests to a host other than the server (data: and blob: URLs stay in the page)."""
        return sorted({url for url in self.urls
                       if urlparse(url).scheme not in ("data", "blob", "about")
                       and urlparse(url).netloc != self.server})


@pytest.fixture
def visit(server, browser):
    """A fresh browser (its own cookies) recording its requests; leaving frees its kernels."""
    context = browser.new_context(viewport=VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.recorder = Recorder(context, server.base_url)
    kernels_before = len(sh.kernel_pids(server.pid))
    yield page
    try:
        page.goto(server.base_url + "/voila/tree")  # leave, as a visitor does: the page frees its kernel
        sh.wait_for_kernels(server.pid, kernels_before, 60)
    finally:
        context.close()


def open_page(page, url: str, ready: str | None) -> None:
    response = page.goto(url)
    assert response is not None and response.ok, f"{url} did not load ({response and response.status})"
    # Not even a link a page would follow only sometimes (the Mermaid loader): the HTML itself.
    host = urlparse(url).netloc
    elsewhere = sorted({m for m in ABSOLUTE_URL.findall(response.text()) if urlparse(m).netloc != host})
    assert elsewhere == [], f"{url} names other hosts: {elsewhere}"
    page.wait_for_function("() => { const c = document.querySelector('#rendered_cells');"
                           " return c && c.style.display !== 'none'; }")
    if ready:
        page.wait_for_selector(ready, state="visible")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle")


def assert_icons_drawn(page, notebook: str) -> None:
    found = page.evaluate(ICONS_JS)
    icons = [icon for icon in found["icons"] if icon["shown"]]  # a hidden button's icon has no width
    if notebook in WITH_ICONS:
        assert icons, f"{notebook}: no Font Awesome icon shown (the check would prove nothing)"
    if not icons:
        return
    loaded = {face["family"] for face in found["faces"] if face["status"] == "loaded"}
    for icon in icons:
        family = icon["family"].split(",")[0].strip().strip('"')
        assert family.startswith("Font Awesome"), f"{notebook}: {icon} is not drawn in Font Awesome"
        assert family in loaded, f"{notebook}: the font of {icon} did not load ({found['faces']})"
        assert icon["glyph"] not in ("none", "normal", '""', ""), f"{notebook}: {icon} has no glyph (a name unknown?)"
        assert icon["width"] > 4, f"{notebook}: {icon} is drawn empty"


def assert_only_our_server(page, notebook: str) -> None:
    recorder = page.recorder
    assert recorder.urls, "no request recorded"
    assert recorder.outside() == [], f"{notebook} asked other hosts: {recorder.outside()}"
    assert not [f for f in recorder.failed if "ERR_NAME_NOT_RESOLVED" in f], recorder.failed


@pytest.mark.parametrize("notebook", [*APPS, "index.ipynb", LESSON])
def test_a_page_asks_only_our_server_and_draws_its_icons(server, visit, notebook):
    info = next((info for info in GAMES.values() if info.app_notebook == notebook), None)
    ready = READY[info.id] if info is not None else None
    if notebook == "index.ipynb":
        ready = ".mg-gallery .mg-game"
    open_page(visit, voila_harness.render_url(server.base_url, notebook), ready)
    assert_only_our_server(visit, notebook)
    assert_icons_drawn(visit, notebook)
    # The page still wears JupyterLab's look (the template keeps the theme's stylesheet).
    assert visit.evaluate("getComputedStyle(document.body).getPropertyValue('--jp-layout-color0').trim()") != ""


def test_the_file_list_and_an_error_page_ask_only_our_server(server, visit):
    for path in ["/voila/tree", "/voila/render/no_such_notebook.ipynb"]:
        response = visit.goto(server.base_url + path)
        elsewhere = sorted({m for m in ABSOLUTE_URL.findall(response.text())
                            if urlparse(m).netloc != urlparse(server.base_url).netloc})
        assert elsewhere == [], f"{path} names other hosts: {elsewhere}"
        visit.wait_for_load_state("networkidle")
    assert_only_our_server(visit, "the file list and the 404 page")
    assert "404" in visit.content()
