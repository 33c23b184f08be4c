"""Start the school hub (`make hub`: deploy/hub/jupyterhub_config.py) on loopback ports of its own.

Used by tests/browser/test_hub.py and benchmarks/bench_class.py. Every port is a free one (the
public one, the hub's API and the proxy's API), the state (database, cookie secret, pupils'
homes) lives in a folder of the caller's, and stopping the hub stops every pupil's server.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import voila_harness

REPO_ROOT = Path(__file__).resolve().parents[2]
HUB_DIR = REPO_ROOT / "deploy" / "hub"
CONFIG = HUB_DIR / "jupyterhub_config.py"
PROXY = HUB_DIR / "node_modules" / ".bin" / "configurable-http-proxy"


class HubMissing(RuntimeError):
    """What the hub needs is not installed (say which, and how to get it)."""


@dataclass
class Hub:
    url: str
    pid: int
    log_path: Path
    state: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def pupil_servers(self) -> list[int]:
        """The pids of the pupils' servers still running (each a jupyterhub-singleuser process)."""
        return [p.pid for p in _descendants(self.pid) if _is_singleuser(p)]

    def server_memory_mib(self) -> dict[int, float]:
        """Resident memory of each pupil's server with its kernels, in MiB, by server pid."""
        return {pid: sum(_rss_mib(p) for p in [_process(pid), *_descendants(pid)] if p is not None)
                for pid in self.pupil_servers()}

    def server_own_memory_mib(self) -> dict[int, float]:
        """Resident memory of each pupil's server process alone (without its kernels), in MiB."""
        return {pid: _rss_mib(_process(pid)) for pid in self.pupil_servers()}

    def server_cpu_s(self) -> dict[int, float]:
        """CPU seconds each pupil's server has used so far, its kernels' (past and present) included."""
        return {pid: cpu_seconds(pid) for pid in self.pupil_servers()}

    def hub_memory_mib(self) -> float:
        """The hub, its proxy and its culler: what serves every pupil."""
        return sum(_rss_mib(p) for p in [_process(self.pid), *_descendants(self.pid)]
                   if p is not None and not _is_singleuser(p) and not _under_singleuser(p))


def missing() -> str | None:
    """Why the hub cannot start here, or None."""
    bin_dir = Path(sys.executable).parent
    for tool in ("jupyterhub", "jupyterhub-singleuser"):
        if not (bin_dir / tool).exists():
            return f"{tool} is not installed (make hub, or pip install -e '.[hub]')"
    try:
        import jupyterhub_idle_culler  # noqa: F401
        import tmpauthenticator  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install -e '.[hub]')"
    if not PROXY.exists():
        return f"the proxy is not installed ({PROXY}; make {PROXY.relative_to(REPO_ROOT)})"
    return None


@contextlib.contextmanager
def run_hub(state: Path, *, idle: int = 900, mem: str | None = None, timeout: float = 90.0,
            extra_env: dict | None = None) -> Iterator[Hub]:
    """The hub as `make hub` starts it, on free loopback ports; always stopped with its servers."""
    why = missing()
    if why:
        raise HubMissing(why)
    state.mkdir(parents=True, exist_ok=True)
    ports: set[int] = set()
    while len(ports) < 3:  # three different ones: the public port, the hub's API, the proxy's API
        ports.add(voila_harness.free_port())
    port, hub_port, api_port = sorted(ports)
    env = {**voila_harness.kernel_env(), "MINEGAMES_HUB_STATE": str(state), "MINEGAMES_HUB_IP": "127.0.0.1",
           "MINEGAMES_HUB_PORT": str(port), "MINEGAMES_HUB_IDLE": str(idle), **(extra_env or {})}
    if mem:
        env["MINEGAMES_HUB_MEM"] = mem
    command = [str(Path(sys.executable).parent / "jupyterhub"), "-f", str(CONFIG),
               f"--JupyterHub.hub_port={hub_port}",
               f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api_port}"]
    log_path = state / "hub.log"
    url = f"http://127.0.0.1:{port}"
    with open(log_path, "wb") as log:
        process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                   env=env, cwd=state, start_new_session=True)
        hub = Hub(url, process.pid, log_path, state)
        try:
            voila_harness.wait_for_start(process, lambda: _healthy(url), log_path, timeout, "jupyterhub", HubMissing)
            yield hub
        finally:
            leftovers = [p.pid for p in _descendants(process.pid)]
            voila_harness.stop(process, grace=60)  # the hub stops its pupils' servers as it exits
            for pid in leftovers:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, 9)
            for runtime in Path("/tmp").glob("mg-hub-*"):  # the pupils' short runtime folders
                if runtime.stat().st_mtime >= time.time() - 24 * 3600 and runtime.owner() == _me():
                    shutil.rmtree(runtime, ignore_errors=True)


def wait_until(check, timeout: float, poll: float = 1.0):
    """Poll ``check()`` until it returns something true (returned) or the time runs out (None)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = check()
        if result:
            return result
        time.sleep(poll)
    return None


def _healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/hub/health", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def _me() -> str:
    import pwd

    return pwd.getpwuid(os.getuid()).pw_name


def _process(pid: int):
    import psutil

    try:
        return psutil.Process(pid)
    except psutil.NoSuchProcess:
        return None


def _descendants(pid: int) -> list:
    import psutil

    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def _cmdline(process) -> str:
    import psutil

    try:
        return " ".join(process.cmdline())
    except (psutil.NoSuchProcess, psutil.ZombieProcess, psutil.AccessDenied):
        return ""


def _is_singleuser(process) -> bool:
    return "jupyterhub-singleuser" in _cmdline(process)


def _under_singleuser(process) -> bool:
    import psutil

    try:
        return any(_is_singleuser(parent) for parent in process.parents())
    except psutil.NoSuchProcess:
        return False


def _rss_mib(process) -> float:
    import psutil

    if process is None:
        return 0.0
    try:
        return process.memory_info().rss / 2**20
    except (psutil.NoSuchProcess, psutil.AccessDenied):
        return 0.0


def cpu_seconds(pid: int) -> float:
    """CPU time (user and system) of a process, its finished children and its live descendants."""
    import psutil

    total = 0.0
    for process in [_process(pid), *_descendants(pid)]:
        try:
            times = process.cpu_times()
        except (psutil.NoSuchProcess, psutil.AccessDenied, AttributeError):
            continue
        total += times.user + times.system
        if process.pid == pid:
            total += times.children_user + times.children_system
    return total
