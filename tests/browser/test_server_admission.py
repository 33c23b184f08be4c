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


def test_a_kernel_that_cannot_start_gives_its_visitor_a_page_not_a_hang(tmp_path):
    """A kernel that dies while starting (here: an address-space ceiling too small to import
    Python's own modules) is tried again, then the visitor gets a page saying the game could not
    start. Voila alone streamed heartbeats for ever (a probe's page was still loading at 300 s)."""
    with serve(tmp_path, "--LimitedKernelManager.memory_mib=30") as server:
        start = time.monotonic()
        status, page = fetch_status(server)
        took = time.monotonic() - start
        assert status == 503 and "could not start" in page, page[-600:]
        assert took < 90, f"the visitor waited {took:.0f} s for the refusal"
        assert sh.kernel_pids(server.pid) == [], "a kernel that failed to start was left running"
        log = server.log()
        assert "kernel start 1 of 2 failed" in log and "kernel start 2 of 2 failed" in log


def grow(server: sh.Server, kernel_id: str, piece_mib: float = 1.5, most: int = 400) -> int:
    """Widget messages a page may send (comm_open of a text area), each carrying a large value
    that the kernel keeps, until the kernel is gone; returns how many were sent. The probe that
    took a kernel from 74 to 245 MiB, kept under the server's message cap."""
    import uuid

    value = "x" * int(piece_mib * MIB)

    async def run() -> int:
        socket = await sh.KernelSocket.open(server, kernel_id, sh.Visit(APP), timeout=30)
        try:
            for sent in range(most):
                if kernel_id not in sh.kernel_ids(server.pid):
                    return sent
                state = {"_model_name": "TextareaModel", "_model_module": "@jupyter-widgets/controls",
                         "_model_module_version": "2.0.0", "_view_name": "TextareaView",
                         "_view_module": "@jupyter-widgets/controls", "_view_module_version": "2.0.0",
                         "value": value}
                await socket.send("comm_open", {"comm_id": uuid.uuid4().hex, "target_name": "jupyter.widget",
                                                "data": {"state": state, "buffer_paths": []}},
                                  metadata={"version": "2.1.0"})
                await asyncio.sleep(0.05)
            return most
        finally:
            socket.close()

    return sh.run_async(run())


def test_a_kernel_past_its_memory_is_stopped_alone_and_its_page_says_so(tmp_path, browser):
    limit_mib = 200
    with serve(tmp_path, f"--ClassroomKernelManager.memory_limit_mib={limit_mib}",
               "--ClassroomKernelManager.memory_check_interval=1") as server:
        pages = []
        kernels = []
        for _ in range(2):  # the pupil whose kernel grows, and a classmate
            page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
            page.goto(voila_harness.render_url(server.base_url, APP))
            page.wait_for_selector(".mm-app .mm-roll", timeout=120_000)
            pages.append(page)
            kernels.append((sh.kernel_ids(server.pid) - set(kernels)).pop())
        grower, classmate = kernels
        assert not pages[0].is_visible(".mg-connection-lost"), "the notice shows on a live game"

        sent = grow(server, grower)
        assert grower not in sh.kernel_ids(server.pid), f"{sent} large messages and the kernel still runs"
        assert "more than its 200: stopped" in server.log()
        pages[0].wait_for_selector(".mg-connection-lost", state="visible", timeout=30_000)
        assert "lost its link to the server" in pages[0].inner_text(".mg-connection-lost")

        assert classmate in sh.kernel_ids(server.pid), "the classmate's kernel was stopped too"
        before = pages[1].inner_text(".mm-app")
        pages[1].click(".mm-roll")
        pages[1].wait_for_function("before => document.querySelector('.mm-app').innerText !== before", arg=before,
                                   timeout=30_000)
        assert not pages[1].is_visible(".mg-connection-lost")
        for page in pages:
            page.context.close()


def test_a_flood_of_refused_messages_writes_a_few_lines(tmp_path):
    """Each message a page may not send (an execute_request) used to write a warning: a script
    could fill the log. Now at most refusal_log_per_minute a minute, the last saying so."""
    per_minute, flood = 5, 300
    with serve(tmp_path, f"--ClassroomKernelManager.refusal_log_per_minute={per_minute}") as server:
        visits = sh.arrive_together(server, APP, 1, keep_open=0)
        assert visits[0].ok, visits[0].error

        async def run():
            socket = await sh.KernelSocket.open(server, visits[0].kernel_id, sh.Visit(APP), timeout=30)
            try:
                for _ in range(flood):
                    await socket.send("execute_request", {"code": "1", "silent": False, "store_history": False,
                                                          "user_expressions": {}, "allow_stdin": False})
                await asyncio.sleep(2)
            finally:
                socket.close()

        sh.run_async(run())
        refusals = [line for line in server.log().splitlines() if "which is not allowed" in line]
        assert len(refusals) == per_minute, f"{len(refusals)} lines for {flood} refused messages"
        assert "more this minute are counted, not logged" in refusals[-1]
