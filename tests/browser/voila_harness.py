"""Start Voila and Debian's Chromium for the browser tests and the browser benchmark.

Shared by tests/browser/conftest.py and benchmarks/bench_browser.py so both measure
the same server and the same browser. Playwright never downloads a browser here:
it drives /usr/bin/chromium.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Iterator

CHROMIUM = Path("/usr/bin/chromium")
# The machine has no network beyond the package registries: these flags stop Chromium
# from trying to phone home at start-up (which fails noisily and slowly).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
REPO_ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS_DIR = REPO_ROOT / "notebooks"
APPS_DIR = NOTEBOOKS_DIR / "apps"
#: What `make serve` serves: the lessons in notebooks/, the apps and the gallery in notebooks/apps/.
SERVED_DIR = NOTEBOOKS_DIR
#: The page template `make serve` uses (binder/voila.py): Voila's "lab" template without its links
#: to cdn.jsdelivr.net, found in the repository's share/jupyter (first on JUPYTER_PATH).
SHARE_DIR = REPO_ROOT / "share" / "jupyter"
TEMPLATE = "minegames"


class HarnessError(RuntimeError):
    """Voila or Chromium could not be started; the message says what to install."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def kernel_env() -> dict[str, str]:
    """Put this interpreter first on PATH: the kernel spec runs plain `python`."""
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return False


@contextlib.contextmanager
def serve_voila(directory: Path, log_path: Path, timeout: float = 90.0) -> Iterator[str]:
    """Serve every notebook in `directory` with Voila on a free localhost port, in the page
    template `make serve` uses (its other settings, binder/voila.py, are server_harness's).

    Yields the base URL once the server answers; always stops the server.
    """
    port = free_port()
    command = [
        sys.executable, "-m", "voila", str(directory),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--VoilaConfiguration.template={TEMPLATE}",
    ]
    base_url = f"http://127.0.0.1:{port}"
    env = kernel_env()
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(SHARE_DIR), env.get("JUPYTER_PATH")) if p)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=env, cwd=directory,
        )
        try:
            wait_for_start(process, lambda: answers(base_url + "/"), log_path, timeout, "voila")
            yield base_url
        finally:
            stop(process)


def stop(process: subprocess.Popen, grace: float = 15) -> None:
    """Ask the server to stop; kill it if it has not within ``grace`` seconds."""
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=15)


def wait_for_start(process: subprocess.Popen, answers, log_path: Path, timeout: float, name: str,
                   error: type[Exception] = HarnessError) -> None:
    """Wait until ``answers()`` is true; raise ``error`` with the log's tail if ``process`` exits
    first or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while not answers():
        if process.poll() is not None:
            raise error(f"{name} exited with {process.returncode}:\n{tail(log_path)}")
        if time.monotonic() > deadline:
            raise error(f"{name} did not answer within {timeout:.0f}s:\n{tail(log_path)}")
        time.sleep(0.25)


def tail(path: Path, lines: int = 40) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def launch_chromium(playwright):
    """Launch headless Debian Chromium through Playwright (no Playwright browser download)."""
    if not CHROMIUM.exists():
        raise HarnessError(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); "
            ".ci/run does this on a clean machine"
        )
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


def render_url(base_url: str, notebook: str) -> str:
    """The page of ``notebook`` (a path under SERVED_DIR; an app's bare name means apps/<name>)."""
    if "/" not in notebook and (APPS_DIR / notebook).exists():
        notebook = f"apps/{notebook}"
    return f"{base_url}/voila/render/{notebook}"
