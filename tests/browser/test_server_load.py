"""A class arriving together all get a working app, and no visitor can run code.

Visitors here are played at the widget-protocol level (what the page's JavaScript sends),
not in 30 browsers: GET the app page, open its kernel websocket, ask for every widget's
state, press Roll. The server is started the way `make serve` starts it (binder/voila.py).
Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import server_harness as sh  # noqa: E402

pytestmark = pytest.mark.browser

CLASS_SIZE = 30


def test_a_class_of_30_arriving_together_all_get_a_working_app(server):
    baseline = len(sh.kernel_pids(server.pid))  # the server is shared with the other server tests
    visits = sh.arrive_together(server, "mineshaft_mayhem.ipynb", CLASS_SIZE, clicks=1, timeout=240)

    failed = [visit.error for visit in visits if not visit.ok]
    assert not failed, (f"{len(failed)} of {CLASS_SIZE} visitors got no working app, e.g. {failed[0]}; "
                        f"pages of the others came in {sorted(round(v.page_s or 0) for v in visits if v.ok)} s; "
                        f"the server's log, without the routine lines:\n{sh.log_trouble(server.log())}")
    for visit in visits:
        assert visit.page_views >= 1, "blank app: no widget output in the page"
        assert sh.find_models(visit.states, "mm-sheet"), "the app's sheet is missing from the widget states"
        assert len(visit.click_s) == 1, "Roll got no answer"
    assert len({visit.kernel_id for visit in visits}) == CLASS_SIZE, "every visitor has a kernel of their own"
    assert "Timeout waiting for IOPub output" not in server.log()
    assert "Culling '" not in server.log(), "a kernel was culled while its page was loading or open"

    # Leaving, as each page does on unload, frees every kernel.
    statuses = sh.leave_all(server, visits)
    assert statuses == [204] * CLASS_SIZE, f"shutdown requests refused: {sorted(set(statuses))}"
    kernels, waited = sh.wait_for_kernels(server.pid, baseline, 30)
    assert kernels == baseline, f"{kernels - baseline} kernels left {waited:.0f}s after the class left"


def test_code_sent_by_a_visitor_is_not_executed(server, tmp_path):
    """Voila lets a page's websocket carry widget (comm) messages only: an execute_request
    is dropped, so a visitor cannot run Python on the server."""
    marker = tmp_path / "visitor-ran-code.txt"
    code = f"open({str(marker)!r}, 'w').write('ran')"

    async def attack():
        visit = await sh.visit(server, "mineshaft_mayhem.ipynb")
        assert visit.ok, f"{visit.error}; the server's log ends:\n{server.log()[-4000:]}"
        socket = await sh.KernelSocket.open(server, visit.kernel_id, visit, timeout=30)
        try:
            sent = {}
            for channel in ("shell", "control"):
                sent[channel] = await socket.send(
                    "execute_request", {"code": code, "silent": False, "store_history": False,
                                        "user_expressions": {}, "allow_stdin": False,
                                        "stop_on_error": True}, channel=channel)
            # A request that is allowed, sent after them, is answered: the socket works,
            # so the execute requests were read and dropped, not still on their way.
            info = await socket.send("kernel_info_request", {})
            await socket.receive(lambda m: m["parent_header"].get("msg_id") == info
                                 and m["header"]["msg_type"] == "kernel_info_reply", timeout=30)
            await asyncio.sleep(1.0)
            answered = [m["header"]["msg_type"] for m in visit.replies
                        if m["parent_header"].get("msg_id") in sent.values()]
            return answered
        finally:
            socket.close()
            await sh.leave(server, visit)

    answered = sh.run_async(attack())
    assert answered == [], f"the kernel answered the visitor's execute_request: {answered}"
    assert not marker.exists(), "a visitor's code ran on the server"
    assert 'Received message of type "execute_request", which is not allowed' in server.log()
