"""Serve the apps the way `make serve` does, and visit them at the widget-protocol level.

Shared by tests/browser/test_server_*.py and benchmarks/bench_server.py.

* `serve_class` starts Voila with the repository's settings file (voila.py, the same file
  `make serve` and Binder load) on a free loopback port.
* `kernel_pids` counts the server's kernels by their processes (Voila's own HTTP API has
  no kernel list), `kernel_memory_mib` adds up what they hold.
* `visit` is one visitor without a browser: GET the app page (Voila starts a kernel and
  runs the notebook while it streams the page), open the kernel's websocket, ask for
  every widget's state the way the page's widget manager does, then press a button by
  sending the comm message a click sends, and time each step. `arrive_together` runs
  many visits at once.

Everything talks to 127.0.0.1 only.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import voila_harness  # noqa: E402  (a sibling module)

REPO_ROOT = voila_harness.REPO_ROOT
APPS_DIR = voila_harness.APPS_DIR
CONFIG_FILE = REPO_ROOT / "binder" / "voila.py"

WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
KERNEL_ID_RE = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')
# ipywidgets 8's widget control comm (ipywidgets/_version.py: __control_protocol_version__).
CONTROL_PROTOCOL_VERSION = "1.0.0"
CONNECTION_FILE_RE = re.compile(r"kernel-([0-9a-f-]{36})\.json")
VIEW_MODEL_RE = re.compile(r'"model_id"\s*:\s*"([0-9a-f]{32})"')

# CSS classes of each app's root widget, the button a timed click presses, and the button
# that makes that click possible again (Roll is spent after three rolls: New game).
APP_CLASSES = {
    "mineshaft_mayhem.ipynb": ("mm-app", "mm-roll", "mm-new-game"),
    "out_of_mine.ipynb": ("oom-app", "oom-side", None),
}


def load_config() -> dict:
    """The settings in voila.py as a plain {section: {name: value}} dict."""
    from traitlets.config.loader import PyFileConfigLoader

    config = PyFileConfigLoader(CONFIG_FILE.name, path=str(CONFIG_FILE.parent)).load_config()
    return {section: dict(values) for section, values in config.items()}


@dataclass
class Server:
    base_url: str
    pid: int
    log_path: Path

    @property
    def ws_url(self) -> str:
        return "ws" + self.base_url[len("http"):]

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def class_server(tmp_path_factory, name: str):
    """Body of a module fixture (``yield from``): a server started as `make serve` starts it,
    its log in a temporary folder ``name``; a server that will not start fails the test."""
    log_path = tmp_path_factory.mktemp(name) / "voila.log"
    try:
        with serve_class(log_path) as running:
            yield running
    except voila_harness.HarnessError as error:
        pytest.fail(str(error), pytrace=False)


def voila_command(port: int, *extra_args: str, config_dir: Path | None = None) -> list[str]:
    """The command `make serve` runs, on a loopback port, plus `extra_args` (which win).

    `config_dir` replaces binder/ as the folder Voila reads voila.py from (the benchmark's
    variants load binder/voila.py from there and change a setting or two).
    """
    config_dir = config_dir or CONFIG_FILE.parent
    return [
        sys.executable, "-m", "voila", str(voila_harness.SERVED_DIR),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.config_file_paths={config_dir}",
        *extra_args,
    ]


@contextlib.contextmanager
def serve_class(log_path: Path, *extra_args: str, timeout: float = 90.0,
                config_dir: Path | None = None) -> Iterator[Server]:
    """Serve notebooks/apps with voila.py's settings; always stops the server and its kernels."""
    port = voila_harness.free_port()
    base_url = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            voila_command(port, *extra_args, config_dir=config_dir), stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, env=voila_harness.kernel_env(), cwd=REPO_ROOT,
        )
        try:
            voila_harness.wait_for_start(process, lambda: voila_harness.answers(base_url + "/"), log_path,
                                         timeout, "voila")
            yield Server(base_url, process.pid, log_path)
        finally:
            leftovers = kernel_pids(process.pid)
            voila_harness.stop(process, grace=30)
            _kill(leftovers)


def _kill(pids: list[int]) -> None:
    """Kernels the server did not shut down on its way out (only ours, by pid)."""
    import psutil

    for pid in pids:
        with contextlib.suppress(psutil.NoSuchProcess):
            psutil.Process(pid).kill()


def kernel_pids(server_pid: int) -> list[int]:
    """The kernel processes the server has started and not yet stopped."""
    import psutil

    try:
        children = psutil.Process(server_pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    pids = []
    for child in children:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
            if child.status() != psutil.STATUS_ZOMBIE and "ipykernel" in " ".join(child.cmdline()):
                pids.append(child.pid)
    return pids


def kernel_ids(server_pid: int) -> set[str]:
    """The ids of the running kernels (each kernel's command names its kernel-<id>.json)."""
    import psutil

    ids = set()
    for pid in kernel_pids(server_pid):
        with contextlib.suppress(psutil.NoSuchProcess):
            ids.update(CONNECTION_FILE_RE.findall(" ".join(psutil.Process(pid).cmdline())))
    return ids


def kernel_memory_mib(server_pid: int) -> list[float]:
    """Unique memory (USS: what stopping it would free) of each kernel, in MiB."""
    import psutil

    sizes = []
    for pid in kernel_pids(server_pid):
        with contextlib.suppress(psutil.NoSuchProcess):
            sizes.append(psutil.Process(pid).memory_full_info().uss / 2**20)
    return sizes


def address_space_limit_mib(pid: int) -> float | None:
    """The process's address-space limit (RLIMIT_AS) in MiB; None when it has none."""
    with open(f"/proc/{pid}/limits") as limits:
        for line in limits:
            if line.startswith("Max address space"):
                soft = line.split()[3]
                return None if soft == "unlimited" else int(soft) / 2**20
    return None


def wait_for_kernels(server_pid: int, count: int, timeout: float, poll: float = 0.5) -> tuple[int, float]:
    """Wait until the server holds at most `count` kernels; return (kernels, seconds waited)."""
    start = time.monotonic()
    while True:
        now = len(kernel_pids(server_pid))
        elapsed = time.monotonic() - start
        if now <= count or elapsed > timeout:
            return now, elapsed
        time.sleep(poll)


# ---------------------------------------------------------------- the widget protocol


@dataclass
class Visit:
    """What one visitor got, with times in seconds from the moment it asked for the page."""

    notebook: str
    ok: bool = False
    error: str = ""
    kernel_id: str = ""
    page_s: float = float("nan")        # the whole page (the notebook has run)
    ready_s: float = float("nan")       # every widget's state has arrived: the app is usable
    click_s: list[float] = field(default_factory=list)  # button press -> first widget update
    page_views: int = 0                 # widget outputs in the page
    cookies: dict = field(default_factory=dict)  # what the page set (the `_xsrf` cookie)
    states: dict = field(default_factory=dict)
    replies: list[dict] = field(default_factory=list)  # every message the kernel sent


def _message(session: str, msg_type: str, content: dict, channel: str = "shell") -> dict:
    return {
        "header": {
            "msg_id": uuid.uuid4().hex, "msg_type": msg_type, "session": session,
            "username": "visitor", "version": "5.3",
            "date": datetime.now(timezone.utc).isoformat(),
        },
        "parent_header": {}, "metadata": {}, "content": content, "buffers": [],
        "channel": channel,
    }


def _decode(frame) -> dict:
    if isinstance(frame, bytes):
        from jupyter_server.services.kernels.connection.base import deserialize_binary_message

        return deserialize_binary_message(frame)
    return json.loads(frame)


class KernelSocket:
    """One visitor's kernel websocket, in the JSON protocol the Voila page speaks."""

    def __init__(self, connection, session: str, visit: Visit):
        self.connection, self.session, self.visit = connection, session, visit

    @classmethod
    async def open(cls, server: Server, kernel_id: str, visit: Visit, timeout: float) -> "KernelSocket":
        from tornado.websocket import websocket_connect

        session = uuid.uuid4().hex
        url = f"{server.ws_url}/api/kernels/{kernel_id}/channels?session_id={session}"
        connection = await asyncio.wait_for(websocket_connect(url, max_message_size=2**28), timeout)
        return cls(connection, session, visit)

    async def send(self, msg_type: str, content: dict, channel: str = "shell",
                   metadata: dict | None = None) -> str:
        message = _message(self.session, msg_type, content, channel)
        message["metadata"] = metadata or {}
        await self.connection.write_message(json.dumps(message))
        return message["header"]["msg_id"]

    async def receive(self, until, timeout: float) -> dict:
        """Read messages until `until(message)` is true; return that message."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no answer from the kernel")
            frame = await asyncio.wait_for(self.connection.read_message(), left)
            if frame is None:
                raise ConnectionError("the server closed the kernel websocket")
            message = _decode(frame)
            self.visit.replies.append(message)
            if until(message):
                return message

    def close(self) -> None:
        self.connection.close()


async def request_states(socket: KernelSocket, timeout: float) -> dict:
    """Ask for every widget's state as the page's widget manager does (ipywidgets 8)."""
    comm_id = uuid.uuid4().hex
    await socket.send("comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control",
                                    "data": {}}, metadata={"version": CONTROL_PROTOCOL_VERSION})
    await socket.send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})

    def is_states(message):
        return (message["header"]["msg_type"] == "comm_msg"
                and message["content"].get("comm_id") == comm_id
                and message["content"].get("data", {}).get("method") == "update_states")

    reply = await socket.receive(is_states, timeout)
    return reply["content"]["data"]["states"]


def find_models(states: dict, css_class: str) -> list[str]:
    return [model_id for model_id, model in states.items()
            if css_class in model.get("state", {}).get("_dom_classes", ())]


#: A person does not click a button within half a second of its change; the apps drop a click
#: that comes sooner as a stray (widgets/components.py, DecisionButton), so the visitor waits.
HUMAN_PAUSE_S = 0.5


async def click(socket: KernelSocket, model_id: str, timeout: float) -> float:
    """Send what a button click sends, after a person's pause; return seconds until the kernel
    updates a widget (the pause not counted)."""
    await asyncio.sleep(HUMAN_PAUSE_S)
    start = time.perf_counter()
    msg_id = await socket.send("comm_msg", {"comm_id": model_id,
                                            "data": {"method": "custom", "content": {"event": "click"}}})

    def is_update(message):
        return (message["header"]["msg_type"] == "comm_msg"
                and message["parent_header"].get("msg_id") == msg_id
                and message["content"].get("data", {}).get("method") in ("update", "echo_update"))

    await socket.receive(is_update, timeout)
    return time.perf_counter() - start


async def visit(server: Server, notebook: str, clicks: int = 1, timeout: float = 180.0,
                keep_open: float = 0.0) -> Visit:
    """One visitor: page, widget states, `clicks` timed button presses; never raises."""
    from tornado.httpclient import AsyncHTTPClient

    result = Visit(notebook)
    app_class, button_class, reset_class = APP_CLASSES[notebook]
    client = AsyncHTTPClient(force_instance=True)
    start = time.perf_counter()
    socket = None
    try:
        response = await client.fetch(voila_harness.render_url(server.base_url, notebook),
                                      request_timeout=timeout, raise_error=True)
        result.page_s = time.perf_counter() - start
        result.cookies = _cookies(response)
        page = response.body.decode("utf-8", errors="replace")
        found = KERNEL_ID_RE.search(page)
        if not found:
            raise AssertionError("the page names no kernel")
        result.kernel_id = found.group(1)
        views = set(VIEW_MODEL_RE.findall(page)) if WIDGET_VIEW_MIME in page else set()
        result.page_views = len(views)
        if not views:
            raise AssertionError("blank app: the page holds no widget output")

        socket = await KernelSocket.open(server, result.kernel_id, result, timeout)
        result.states = await request_states(socket, timeout)
        result.ready_s = time.perf_counter() - start
        if not views <= set(result.states):
            raise AssertionError("the page shows widgets the kernel does not know")
        if not find_models(result.states, app_class):
            raise AssertionError(f"no widget with class {app_class} among the states")
        buttons = find_models(result.states, button_class)
        if not buttons:
            raise AssertionError(f"no button with class {button_class}")
        resets = find_models(result.states, reset_class) if reset_class else []
        if clicks > 1 and not resets:
            raise AssertionError(f"no button with class {reset_class} to click again")
        for number in range(clicks):
            if number:
                await click(socket, resets[0], timeout)  # untimed: a fresh turn to roll in
            result.click_s.append(await click(socket, buttons[0], timeout))
        if keep_open:
            await asyncio.sleep(keep_open)
        result.ok = True
    except Exception as error:  # noqa: BLE001  (a load test counts failures, it does not stop)
        result.error = f"{type(error).__name__}: {error}"
    finally:
        if socket is not None:
            socket.close()
        client.close()
    return result


def _cookies(response) -> dict:
    from http.cookies import SimpleCookie

    jar = SimpleCookie()
    for header in response.headers.get_list("Set-Cookie"):
        jar.load(header)
    return {name: morsel.value for name, morsel in jar.items()}


async def leave(server: Server, result: Visit, timeout: float = 30.0) -> int:
    """What the page does on `beforeunload`: post Voila's kernel shutdown with the page's
    `_xsrf` cookie in the form. Returns the HTTP status (204: the kernel is shut down)."""
    from urllib.parse import urlencode

    from tornado.httpclient import AsyncHTTPClient

    client = AsyncHTTPClient(force_instance=True)
    try:
        response = await client.fetch(
            f"{server.base_url}/voila/api/shutdown/{result.kernel_id}", method="POST",
            body=urlencode({"_xsrf": result.cookies.get("_xsrf", "")}),
            headers={"Cookie": "; ".join(f"{k}={v}" for k, v in result.cookies.items()),
                     "Content-Type": "application/x-www-form-urlencoded"},
            request_timeout=timeout, raise_error=False)
        return response.code
    finally:
        client.close()


def leave_all(server: Server, visits: list[Visit]) -> list[int]:
    async def run():
        return await asyncio.gather(*(leave(server, v) for v in visits if v.kernel_id))

    return run_async(run())


def run_async(coroutine):
    """asyncio.run in a thread of its own: Playwright's sync API (the browser fixture)
    keeps an event loop running in the main thread, where asyncio.run refuses to start."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def arrive_together(server: Server, notebook: str, visitors: int, clicks: int = 1,
                    timeout: float = 180.0, keep_open: float = 0.0) -> list[Visit]:
    """`visitors` visits started at the same moment; bounded by `timeout` each."""

    async def run():
        return await asyncio.gather(*(visit(server, notebook, clicks, timeout, keep_open)
                                      for _ in range(visitors)))

    return run_async(run())


ROUTINE_LOG = ("Culling '", "Discarding ", "Kernel shutdown", "Kernel started", "Starting buffering",
               "Connecting to kernel", "Restoring connection", "Adapting from protocol",
               "Got events for closed stream", "is not trusted", "running over TCP without")


def log_trouble(log: str, limit: int = 6000) -> str:
    """The server log without the lines every visit writes: what is left tells why a visit failed
    (a kernel that died or restarted, a port taken, a traceback)."""
    lines = [line for line in log.splitlines() if not any(mark in line for mark in ROUTINE_LOG)]
    return "\n".join(lines)[-limit:]


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile: an observed value, not an interpolation."""
    import math

    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(1, math.ceil(fraction * len(ordered))) - 1]
