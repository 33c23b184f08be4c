"""No script through a link: a page URL cannot put markup into the page.

A probe found that Voila writes the `theme` parameter of a page's URL into the page unescaped:
a link to /voila/render/index.ipynb?theme=x"><script>...</script>, shared in a class chat, ran its
script on the server's origin in every browser that opened it. binder/voila.py turns theme and
template overrides off; here Chromium opens such links on a server started as `make serve`
starts it, and no script runs, nothing is reflected, and the gallery still works.
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import server_harness as sh  # noqa: E402
import voila_harness  # noqa: E402

pytestmark = pytest.mark.browser

MARK = "linkedScriptRan"
PAYLOAD = f'x"><script>window.{MARK} = document.domain; alert(document.domain)</script>'


@pytest.mark.parametrize("parameter", ["theme", "template"])
def test_a_script_in_a_link_neither_runs_nor_shows(server, browser, parameter):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    kernels_before = len(sh.kernel_pids(server.pid))
    try:
        url = voila_harness.render_url(server.base_url, "index.ipynb") + "?" + urlencode({parameter: PAYLOAD})
        response = page.goto(url)
        assert response is not None and response.ok, f"the page did not load ({response and response.status})"
        page.locator(".mg-gallery .mg-game").first.wait_for(state="visible")
        assert dialogs == [], f"a script from the link ran: alert({dialogs})"
        assert page.evaluate(f"window.{MARK}") is None, "a script from the link ran"
        assert MARK not in response.text() and MARK not in page.content(), "the link's markup is in the page"
        page.goto(server.base_url + "/")  # leave, as a visitor does: the page frees its kernel
        kernels, _ = sh.wait_for_kernels(server.pid, kernels_before, 60)
        assert kernels == kernels_before, "leaving the page did not free its kernel"
    finally:
        context.close()
