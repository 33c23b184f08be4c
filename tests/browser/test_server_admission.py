"""No pupil can fill the server for the class (binder/classroom.py, started with binder/voila.py).

The probes behind these tests: every GET of an app page started a kernel, with no cap, so 20
GETs at once added 1.8 GB in 25 s and slowed a classmate's clicks to 5 s; kernels whose page
stayed connected were never culled; one kernel took 170 MiB more from fifteen large widget
messages, without end. Each test starts its own server with one setting changed.
"""

from __future__ import annotations

import asyncio
import functools
import subprocess
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import server_harness as sh  # noqa: E402
import voila_harness  # noqa: E402

pytestmark = pytest.mark.browser

APP = "mineshaft_mayhem.ipynb"
MIB = 2**20


def fetch_status(server: sh.Server, cookie: str = "") -> tuple[int, str]:
    """GET the app page as a browser holding the visitor cookie ``cookie``: (status, page text)."""
    import urllib.error
    import urllib.request

    request = urllib.request.Request(voila_harness.render_url(server.base_url, APP))
    if cookie:
        request.add_header("Cookie", f"minegames_visitor={cookie}")
    try:
        with urllib.request.urlopen(request, timeout=180) as response:
            return response.status, response.read().decode("utf-8", errors="replace")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8", errors="replace")


def serve(tmp_path, *settings: str):
    try:
        return sh.serve_class(tmp_path / "voila.log", *settings)
    except voila_harness.HarnessError as error:  # pragma: no cover - the harness says what is missing
        pytest.fail(str(error), pytrace=False)


def test_a_burst_past_the_cap_gets_the_full_page_and_the_admitted_play_on(tmp_path):
    cap = 3
    with serve(tmp_path, f"--ClassroomKernelManager.max_kernels={cap}") as server:
        visits = sh.arrive_together(server, APP, 2 * cap, clicks=1, timeout=240)
        admitted = [v for v in visits if v.ok]
        refused = [v for v in visits if not v.ok]
        assert len(admitted) == cap, [v.error for v in visits]
        assert all("503" in v.error and "server is full" in v.error for v in refused), [v.error for v in refused]
        assert all(len(v.click_s) == 1 for v in admitted), "an admitted visitor's click went unanswered"
        assert len(sh.kernel_pids(server.pid)) == cap, "a refused visit started a kernel"
        # the full page says so in words, at once and without starting anything
        status, page = fetch_status(server)
        assert status == 503 and "Try again in a minute" in page
        # once a visitor leaves, the next one gets in
        assert sh.leave_all(server, admitted[:1]) == [204]
        sh.wait_for_kernels(server.pid, cap - 1, 60)
        late = sh.run_async(sh.visit(server, APP))
        assert late.ok, late.error
        assert "Classroom: kernel refused (503)" in server.log()


def test_one_browser_opening_tab_after_tab_is_stopped_and_the_class_is_not(tmp_path):
    with serve(tmp_path, "--ClassroomKernelManager.max_per_browser=2") as server:
        statuses = [fetch_status(server, "pupil-a")[0] for _ in range(2)]
        status, page = fetch_status(server, "pupil-a")
        assert statuses == [200, 200] and status == 429, (statuses, status)
        assert "already has 2 games open" in page
        # another browser behind the same address (a school router) is served; so is a first visit
        assert fetch_status(server, "pupil-b")[0] == 200
        assert fetch_status(server)[0] == 200


def test_a_page_left_open_and_silent_is_freed_after_the_lesson(tmp_path):
    """A connected kernel is culled after ``cull_connected_timeout`` of silence (an hour in
    binder/voila.py, seconds here); an unconnected one still goes after ``cull_idle_timeout``."""
    connected_timeout, interval = 5, 1
    with serve(tmp_path, f"--ClassroomKernelManager.cull_connected_timeout={connected_timeout}",
               f"--MappingKernelManager.cull_interval={interval}") as server:
        async def hold_the_socket():
            holder = asyncio.create_task(sh.visit(server, APP, keep_open=connected_timeout + 60))
            while not sh.kernel_ids(server.pid):
                await asyncio.sleep(0.5)
            start = time.monotonic()
            while sh.kernel_ids(server.pid) and time.monotonic() - start < connected_timeout + 60:
                await asyncio.sleep(0.5)
            holder.cancel()
            return sh.kernel_ids(server.pid)

        left = sh.run_async(hold_the_socket())
        assert left == set(), "a kernel whose page stayed connected but silent was never culled"
        assert "a page left open" in server.log()


def test_every_kernel_starts_under_its_memory_ceiling(tmp_path):
    ceiling_mib = 1100
    with serve(tmp_path, f"--LimitedKernelManager.memory_mib={ceiling_mib}") as server:
        visits = sh.arrive_together(server, APP, 2)
        assert all(v.ok for v in visits), [v.error for v in visits]
        pids = sh.kernel_pids(server.pid)
        assert len(pids) == 2
        for pid in pids:
            assert sh.address_space_limit_mib(pid) == ceiling_mib


def test_a_process_past_the_ceiling_fails_alone():
    """What each kernel is started under (binder/classroom.py): an allocation past the ceiling
    raises MemoryError in that process only; below it, all is as usual."""
    sys.path.insert(0, str(voila_harness.REPO_ROOT / "binder"))
    from classroom import limit_address_space

    def run_limited(code: str, limit_mib: int) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                              preexec_fn=functools.partial(limit_address_space, limit_mib * MIB))

    grows = "data = bytearray(800 * 2**20); print('allocated')"
    within, past = run_limited(grows, 2048), run_limited(grows, 512)
    assert within.returncode == 0 and "allocated" in within.stdout, within.stderr
    assert past.returncode != 0 and "MemoryError" in past.stderr and "allocated" not in past.stdout
