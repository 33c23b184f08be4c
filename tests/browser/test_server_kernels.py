"""A server that holds a classroom frees the kernel of every visitor who leaves.

The server here is started the way `make serve` starts it, with binder/voila.py. Voila
starts one kernel per page view; before binder/voila.py, leaving a page asked Voila to shut
it down and Voila refused (403, no `_xsrf` cookie), so every visit left a kernel behind
(~50 MiB each). Two mechanisms free them now, and each has a test:

* leaving a page (navigating away, closing the tab) shuts its kernel down at once;
* a kernel with no page attached (a crashed tab, a laptop closed mid-lesson) is culled
  after binder/voila.py's idle timeout; a page that is open is never culled.
"""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import server_harness as sh  # noqa: E402
import voila_harness  # noqa: E402

pytestmark = pytest.mark.browser

APPS = {"mineshaft_mayhem.ipynb": ".mm-roll:not([disabled])", "out_of_mine.ipynb": ".oom-app"}
# Shutting a kernel down on request takes well under a second on a quiet machine; this bound
# leaves room for a busy one and is still far below the idle cull (binder/voila.py: 180 s of
# idleness, checked every 30 s), so a kernel gone within it was freed by the page.
FREED_WITHIN_S = 60.0


def test_the_settings_never_cull_a_page_that_is_open_or_loading():
    config = sh.load_config()
    culling, executor = config["MappingKernelManager"], config["VoilaExecutor"]
    assert culling["cull_connected"] is False, "an open page (its websocket connected) must keep its kernel"
    assert culling["cull_busy"] is False, "a page still running its notebook must keep its kernel"
    # A kernel still starting has no activity yet: the cull must wait longer than a start may take.
    assert culling["cull_idle_timeout"] > executor["startup_timeout"]
    assert 0 < culling["cull_interval"] <= culling["cull_idle_timeout"]
    assert executor["iopub_timeout"] >= 60, "a class arriving together needs a long wait for widget output"


def test_leaving_apps_again_and_again_returns_to_no_kernels(server, browser):
    baseline = len(sh.kernel_pids(server.pid))
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(60_000)
    try:
        for _round in range(3):
            for notebook, ready in APPS.items():
                page.goto(voila_harness.render_url(server.base_url, notebook))
                page.wait_for_selector(ready, state="visible")
                # The page before this one has asked for its kernel's shutdown on the way out.
                kernels, waited = sh.wait_for_kernels(server.pid, baseline + 1, FREED_WITHIN_S)
                assert kernels == baseline + 1, (
                    f"{kernels - baseline} kernels for one open page after {waited:.0f}s")
        page.goto(server.base_url + "/")  # leave the last app for the start page
        kernels, waited = sh.wait_for_kernels(server.pid, baseline, FREED_WITHIN_S)
        assert kernels == baseline, f"{kernels - baseline} kernels left {waited:.0f}s after leaving"

        # Closing the tab frees the kernel too.
        page.goto(voila_harness.render_url(server.base_url, "mineshaft_mayhem.ipynb"))
        page.wait_for_selector(APPS["mineshaft_mayhem.ipynb"], state="visible")
        assert len(sh.kernel_pids(server.pid)) == baseline + 1
        page.close(run_before_unload=True)
        kernels, waited = sh.wait_for_kernels(server.pid, baseline, FREED_WITHIN_S)
        assert kernels == baseline, f"{kernels - baseline} kernels left {waited:.0f}s after closing the tab"
    finally:
        context.close()
    log = server.log()
    assert "403 POST /voila/api/shutdown" not in log, "Voila refused a leaving page's shutdown request"
    assert log.count("Kernel shutdown:") >= 7


def test_a_kernel_nobody_is_attached_to_is_culled_and_an_open_page_is_not(tmp_path):
    """binder/voila.py's culling with its timeout shortened to seconds (the rest unchanged)."""
    idle_timeout, interval = 6, 1
    # How long to wait for the cull: a bound on "it happens", not a speed (the check runs every
    # second, so on a quiet machine the kernel is gone a second or two after the idle timeout).
    culled_within = idle_timeout + 60
    overrides = (f"--MappingKernelManager.cull_idle_timeout={idle_timeout}",
                 f"--MappingKernelManager.cull_interval={interval}")

    async def scenario(server):
        # Stays on its page (websocket open, idle) for longer than the idle timeout.
        stays = asyncio.create_task(sh.visit(server, "mineshaft_mayhem.ipynb", keep_open=3 * idle_timeout))
        # Loads the app, then vanishes without a word (its websocket just closes).
        vanishes = await sh.visit(server, "mineshaft_mayhem.ipynb")
        assert vanishes.ok, vanishes.error
        start = time.monotonic()
        while vanishes.kernel_id in sh.kernel_ids(server.pid):
            assert time.monotonic() - start < culled_within, "the vanished kernel was not culled"
            await asyncio.sleep(0.5)
        stayed = await stays
        assert stayed.ok, f"the open page broke: {stayed.error}"
        return stayed

    try:
        with sh.serve_class(tmp_path / "voila.log", *overrides) as server:
            stayed = sh.run_async(scenario(server))
            # The open page kept its kernel through three idle timeouts ...
            culled = [line for line in server.log().splitlines() if "Culling '" in line]
            assert any("with 0 connections" in line for line in culled)
            assert not any(stayed.kernel_id in line for line in culled), "an open page's kernel was culled"
            # ... and once it is gone too, nothing is left.
            kernels, waited = sh.wait_for_kernels(server.pid, 0, culled_within)
            assert kernels == 0, f"{kernels} kernels left {waited:.0f}s after the last page closed"
    except voila_harness.HarnessError as error:
        pytest.fail(str(error), pytrace=False)
