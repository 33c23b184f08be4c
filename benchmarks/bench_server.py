"""How many students one Voila server holds: kernel memory, a class arriving together, clicks.

Serves notebooks/apps with the settings `make serve` uses (binder/voila.py) on a loopback
port and plays visitors at the widget-protocol level, as the page's JavaScript would: GET
the app page (Voila starts a kernel and runs the notebook), open the kernel's websocket,
ask for every widget's state, press Roll (the comm message a click sends). No browser.

* memory per app kernel: unique memory (USS, what shutting it down frees) and resident
  memory (RSS) of each kernel once its app is open and played; so students per GB;
* a class arriving together: N visitors start at the same moment on a fresh server;
  time until each app is usable (page + widget states), and click -> first widget update;
* the same with a pre-heated pool (Voila renders the notebook in spare kernels before
  anyone asks: VoilaConfiguration.preheat_kernel), pool sizes given by --pool.

    python benchmarks/bench_server.py                 # 1, 10, 20, 30 visitors; pools 0, 1, 10
    python benchmarks/bench_server.py --quick         # 1 and 3 visitors; pools 0 and 1
    python benchmarks/bench_server.py --visitors 30 --pool 0 --clicks 10
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import server_harness as sh  # noqa: E402

NOTEBOOK = "mineshaft_mayhem.ipynb"


def preheat_config(directory: Path, pool: int) -> Path:
    """A voila.py that loads binder/voila.py and turns the pre-heated pool on.

    Voila refuses a prelaunch hook together with preheating, so this drops binder/voila.py's
    hook (the one that lets a leaving page free its kernel): the price of the pool.
    """
    (directory / "voila.py").write_text(
        f"load_subconfig({str(sh.CONFIG_FILE)!r})\n"
        "c.VoilaConfiguration.prelaunch_hook = None\n"
        "c.VoilaConfiguration.preheat_kernel = True\n"
        f"c.VoilaKernelManager.kernel_pools_config = {{'default': {{'pool_size': 0}}, "
        f"{'apps/' + NOTEBOOK!r}: {{'pool_size': {pool}}}}}\n"  # its path under what make serve serves
    )
    return directory


def wait_for_pool(server: sh.Server, pool: int, timeout: float = 300.0) -> float:
    """Seconds until the pool has started its kernels and rendered the notebook in them
    (Voila logs the pool as filled once the kernels run; the notebook renders after that,
    so wait until the kernels stop using CPU)."""
    import psutil

    start = time.monotonic()
    while time.monotonic() - start < timeout:
        pids = sh.kernel_pids(server.pid)
        if "Kernel pool of" in server.log() and len(pids) >= pool:
            before = sum(sum(psutil.Process(pid).cpu_times()[:2]) for pid in pids)
            time.sleep(1.0)
            after = sum(sum(psutil.Process(pid).cpu_times()[:2]) for pid in pids)
            if after - before < 0.05:
                return time.monotonic() - start
        else:
            time.sleep(0.5)
    raise TimeoutError(f"the pool of {pool} did not fill in {timeout:.0f}s")


def serve(scratch: Path, pool: int, name: str):
    config_dir = None
    if pool:
        config_dir = scratch / f"pool{pool}"
        config_dir.mkdir(exist_ok=True)
        preheat_config(config_dir, pool)
    return sh.serve_class(scratch / f"voila-{name}.log", config_dir=config_dir)


def memory(scratch: Path, kernels: int, clicks: int) -> list[str]:
    import psutil

    with serve(scratch, 0, "memory") as server:
        visits = sh.arrive_together(server, NOTEBOOK, kernels, clicks=clicks)
        failed = [v.error for v in visits if not v.ok]
        if failed:
            raise RuntimeError(f"{len(failed)} of {kernels} visits failed: {failed[0]}")
        pids = sh.kernel_pids(server.pid)
        uss = [psutil.Process(pid).memory_full_info().uss / 2**20 for pid in pids]
        rss = [psutil.Process(pid).memory_info().rss / 2**20 for pid in pids]
        server_rss = psutil.Process(server.pid).memory_info().rss / 2**20
        sh.leave_all(server, visits)
    per_kernel = statistics.median(uss)
    return [
        f"memory per app kernel, unique (USS)      {per_kernel:8.0f} MiB   (median of {len(uss)}, "
        f"after {clicks} clicks each)",
        f"memory per app kernel, resident (RSS)    {statistics.median(rss):8.0f} MiB",
        f"Voila server process, resident           {server_rss:8.0f} MiB   (with {len(uss)} kernels)",
        f"students per GB of free memory           {1024 / per_kernel:8.0f}      (one kernel each, by USS)",
    ]


def arrival(scratch: Path, visitors: int, pool: int, clicks: int) -> str:
    with serve(scratch, pool, f"{visitors}-pool{pool}") as server:
        if pool:
            wait_for_pool(server, pool)
        start = time.perf_counter()
        visits = sh.arrive_together(server, NOTEBOOK, visitors, clicks=clicks, timeout=240)
        wall = time.perf_counter() - start
        iopub_timeouts = server.log().count("Timeout waiting for IOPub output")
    ok = [v for v in visits if v.ok]
    ready = [v.ready_s for v in ok]
    click_ms = [c * 1000 for v in ok for c in v.click_s]
    line = f"{visitors:4d} visitors  pool {pool:2d}  {len(ok):3d} apps ok"
    if ok:
        line += (f"  ready first {min(ready):5.1f} s  median {statistics.median(ready):5.1f} s"
                 f"  last {max(ready):5.1f} s  click p50 {sh.percentile(click_ms, 0.5):5.0f} ms"
                 f"  p95 {sh.percentile(click_ms, 0.95):5.0f} ms")
    line += f"  (all done {wall:.1f} s)"
    if iopub_timeouts or len(ok) < visitors:
        errors = sorted({v.error for v in visits if not v.ok})
        line += f"  FAILED: {visitors - len(ok)} blank or broken, {iopub_timeouts} IOPub timeouts {errors[:2]}"
    return line


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="1 and 3 visitors, pools 0 and 1: a smoke run")
    parser.add_argument("--visitors", type=int, nargs="+", help="class sizes (default 1 10 20 30)")
    parser.add_argument("--pool", type=int, nargs="+", help="pre-heated pool sizes, 0 = none (default 0 1 10)")
    parser.add_argument("--clicks", type=int, help="clicks per visitor (default 5, quick 2)")
    parser.add_argument("--memory-kernels", type=int, help="kernels measured for memory (default 10, quick 2)")
    args = parser.parse_args(argv)
    visitors = args.visitors or ([1, 3] if args.quick else [1, 10, 20, 30])
    pools = args.pool if args.pool is not None else ([0, 1] if args.quick else [0, 1, 10])
    clicks = args.clicks or (2 if args.quick else 5)
    memory_kernels = args.memory_kernels or (2 if args.quick else 10)

    print(f"Voila with {sh.CONFIG_FILE.relative_to(sh.REPO_ROOT)}, {NOTEBOOK}, visitors at the widget "
          f"protocol on 127.0.0.1; a fresh server for every row")
    with tempfile.TemporaryDirectory(prefix="bench-server-") as scratch:
        scratch_dir = Path(scratch)
        for line in memory(scratch_dir, memory_kernels, clicks):
            print(line, flush=True)
        print("a class arriving together (ready = page + widget states; click = Roll -> first update):")
        for pool in pools:
            for count in visitors:
                print(arrival(scratch_dir, count, pool, clicks), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
