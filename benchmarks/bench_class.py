"""A class arriving together, served by the school hub (`make hub`) and by one Voila (`make serve`).

Each pupil is a Chromium browser context of its own (its own cookies: on the hub its own
temporary user), and does what a pupil does: open the hub (log in, wait for their server) or
the gallery page, see the gallery, press Play on Mineshaft Mayhem, wait until the app answers,
then make moves (each press of "the strong bot finishes this turn" plays one whole turn) and
keep playing, a move every few seconds, until the whole class has its app. Then everyone leaves.

Measured for each way of serving, in one run on one machine:
* every pupil gets a working app (nothing lost: every move answered, no "lost its link" notice,
  on the hub a server and a user of their own);
* time from arrival to the gallery and to a usable app, per pupil (median and max);
* time from a press to the answer on screen (median and max);
* memory per pupil (resident: a pupil's server with its kernels on the hub; a kernel on Voila)
  and of what serves everyone (the hub with its proxy and culler; the Voila server);
* after everyone leaves: the kernels freed (Voila) and every server stopped by the culler (hub).

    python benchmarks/bench_class.py                       # 30 pupils, hub and serve
    python benchmarks/bench_class.py --pupils 5 --modes hub
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import hub_harness  # noqa: E402
import server_harness as sh  # noqa: E402
import voila_harness  # noqa: E402

PLAY = "a.mg-game-play[href*='mineshaft_mayhem']"
READY = ".mm-app .mm-bot:not([disabled])"
MOVE = ".mm-bot:not([disabled])"
LOST = ".mg-connection-lost"


@dataclass
class Pupil:
    index: int
    gallery_s: float | None = None
    ready_s: float | None = None
    moves_s: list[float] = field(default_factory=list)
    server: str = ""  # the path the pupil's pages came from (/user/<name>/ on the hub)
    error: str = ""

    @property
    def ok(self) -> bool:
        return not self.error and self.ready_s is not None


async def one_move(page, timeout: float) -> float:
    """Press the bot's button and wait until the status line changes: seconds taken."""
    before = await page.inner_text(".mm-status")
    start = time.monotonic()
    await page.click(MOVE, timeout=timeout * 1000)
    await page.wait_for_function("b => document.querySelector('.mm-status').innerText !== b", arg=before,
                                 timeout=timeout * 1000)
    return time.monotonic() - start


async def play(browser, entry: str, pupil: Pupil, moves: int, class_ready: asyncio.Event,
               leave: asyncio.Event, timeout: float) -> None:
    """One pupil's visit, from arrival to leaving (see the module)."""
    context = await browser.new_context(viewport={"width": 1400, "height": 900})
    page = await context.new_page()
    start = time.monotonic()
    try:
        await page.goto(entry, timeout=timeout * 1000)
        await page.wait_for_selector(PLAY, timeout=timeout * 1000)
        pupil.gallery_s = time.monotonic() - start
        await page.click(PLAY)
        await page.wait_for_selector(READY, timeout=timeout * 1000)
        pupil.ready_s = time.monotonic() - start
        pupil.server = page.url.split("/voila/")[0]
        await page.wait_for_timeout(500)  # as a person: a button that just appeared ignores clicks 0.4 s
        for _ in range(moves):
            pupil.moves_s.append(await one_move(page, timeout))
        class_ready_or_left = asyncio.ensure_future(class_ready.wait())
        while not class_ready.is_set():  # play on while the others arrive, as a pupil would
            await asyncio.wait([class_ready_or_left], timeout=5)
            if not class_ready.is_set() and await page.locator(MOVE).count():
                pupil.moves_s.append(await one_move(page, timeout))
        if await page.is_visible(LOST):
            pupil.error = "the page says it lost its link to the server"
        await leave.wait()
    except Exception as error:  # noqa: BLE001 - a pupil's failure is a result, not a crash
        pupil.error = f"{type(error).__name__}: {str(error).splitlines()[0][:200]}"
    finally:  # leaving as a pupil leaves: closing the tab, whose unload frees its kernel
        with contextlib.suppress(Exception):
            await page.close(run_before_unload=True)
            await asyncio.sleep(1)
        await context.close()


def lowly_chromium(folder: Path) -> Path:
    """Chromium started at the lowest CPU priority (nice 19). In a classroom each pupil's browser
    runs on their own device; here all 30 share the server's cores, and at equal priority their
    drawing would be counted as the server's slowness. At nice 19 they take what the server
    leaves, so the times measure the server (they still include the browsers' share when the
    server waits)."""
    wrapper = folder / "chromium-nice"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n 19 {voila_harness.CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


async def run_class(entry: str, pupils: int, moves: int, timeout: float, measure) -> tuple[list[Pupil], dict]:
    """``pupils`` arrive together at ``entry``; ``measure()`` runs once every app is open."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        with tempfile.TemporaryDirectory(prefix="bench-class-browser-") as folder:
            browser = await playwright.chromium.launch(executable_path=str(lowly_chromium(Path(folder))),
                                                       headless=True, args=voila_harness.CHROMIUM_ARGS)
            class_ready, leave = asyncio.Event(), asyncio.Event()
            records = [Pupil(i) for i in range(pupils)]
            tasks = [asyncio.ensure_future(play(browser, entry, r, moves, class_ready, leave, timeout))
                     for r in records]
            while not all(r.ready_s is not None or r.error for r in records) and not all(t.done() for t in tasks):
                await asyncio.sleep(0.5)
            await asyncio.sleep(2)  # the last one's first moves
            class_ready.set()
            figures = measure()
            leave.set()
            await asyncio.gather(*tasks)
            await browser.close()
    return records, figures


def spread(values: list[float]) -> dict:
    return {"median": round(statistics.median(values), 2), "max": round(max(values), 2)} if values else {}


def summary(mode: str, records: list[Pupil], figures: dict) -> dict:
    ok = [r for r in records if r.ok]
    return {
        "mode": mode,
        "pupils": len(records),
        "working": len(ok),
        "errors": [r.error for r in records if r.error],
        "separate_servers": len({r.server for r in ok}),
        "gallery_s": spread([r.gallery_s for r in ok if r.gallery_s is not None]),
        "ready_s": spread([r.ready_s for r in ok]),
        "move_s": spread([s for r in ok for s in r.moves_s]),
        "moves": sum(len(r.moves_s) for r in ok),
        **figures,
    }


def run_hub(pupils: int, moves: int, timeout: float, idle: int, scratch: Path) -> dict:
    with hub_harness.run_hub(scratch / "hub", idle=idle) as hub:
        def measure():
            servers, own, cpu = hub.server_memory_mib(), hub.server_own_memory_mib(), hub.server_cpu_s()
            return {"servers_running": len(servers), "pupil_mib": spread(list(servers.values())),
                    "pupil_cpu_s": spread(list(cpu.values())),
                    "pupil_server_mib": spread(list(own.values())),
                    "pupil_kernels_mib": spread([servers[p] - own.get(p, 0) for p in servers]),
                    "shared_mib": round(hub.hub_memory_mib(), 1)}

        records, figures = sh.run_async(run_class(hub.url + "/hub/", pupils, moves, timeout, measure))
        left = time.monotonic()
        stopped = hub_harness.wait_until(lambda: not hub.pupil_servers(), timeout=idle + 240, poll=2)
        figures["culled_all"] = bool(stopped)
        figures["culled_after_s"] = round(time.monotonic() - left, 1)
        figures["servers_left"] = len(hub.pupil_servers())
        figures["culler_stops"] = hub.log().count("Culling server")
        return summary("hub", records, figures)


def run_serve(pupils: int, moves: int, timeout: float, scratch: Path) -> dict:
    import psutil

    (scratch / "serve").mkdir(parents=True, exist_ok=True)
    with sh.serve_class(scratch / "serve" / "voila.log") as server:
        def measure():
            kernels = [psutil.Process(pid).memory_info().rss / 2**20 for pid in sh.kernel_pids(server.pid)]
            cpu = hub_harness.cpu_seconds(server.pid) / pupils  # the server's share and the kernels'
            return {"servers_running": 1, "pupil_mib": spread(kernels),
                    "pupil_cpu_s": {"median": round(cpu, 2), "max": round(cpu, 2)},
                    "shared_mib": round(psutil.Process(server.pid).memory_info().rss / 2**20, 1)}

        records, figures = sh.run_async(run_class(server.base_url + "/voila/render/apps/index.ipynb", pupils, moves,
                                                 timeout, measure))
        left = time.monotonic()
        kernels, _ = sh.wait_for_kernels(server.pid, 0, timeout=240)
        figures["kernels_left"] = kernels
        figures["freed_after_s"] = round(time.monotonic() - left, 1)
        result = summary("serve", records, figures)
        result["separate_servers"] = 1  # one server: pupils are told apart by their kernels
        return result


def table(results: list[dict]) -> str:
    lines = ["| | " + " | ".join(f"`make {r['mode']}`" for r in results) + " |",
             "|---|" + "---|" * len(results)]
    rows = [
        ("pupils with a working app", lambda r: f"{r['working']} of {r['pupils']}"),
        ("time to the gallery, median / max", lambda r: f"{r['gallery_s']['median']} s / {r['gallery_s']['max']} s"),
        ("time to a usable app, median / max", lambda r: f"{r['ready_s']['median']} s / {r['ready_s']['max']} s"),
        ("a move answered in, median / max", lambda r: f"{r['move_s']['median']} s / {r['move_s']['max']} s"),
        ("memory per pupil (resident), median / max",
         lambda r: f"{r['pupil_mib']['median']} / {r['pupil_mib']['max']} MiB"),
        ("memory shared by all", lambda r: f"{r['shared_mib']} MiB"),
        ("CPU time per pupil to arrive and play", lambda r: f"{r['pupil_cpu_s']['median']} s"),
    ]
    for name, cell in rows:
        try:
            lines.append(f"| {name} | " + " | ".join(cell(r) for r in results) + " |")
        except (KeyError, TypeError):
            lines.append(f"| {name} | " + " | ".join("-" for _ in results) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--moves", type=int, default=2, help="moves each pupil makes once the app answers")
    parser.add_argument("--modes", nargs="+", default=["hub", "serve"], choices=["hub", "serve"])
    parser.add_argument("--idle", type=int, default=150, help="the hub's idle timeout for this run, seconds (a server "
                        "whose pupil is still on the way under load counts as idle: 60 s culled one in a CI run)")
    parser.add_argument("--timeout", type=float, default=600, help="seconds a pupil waits at each step")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-class-") as scratch:
        for mode in args.modes:
            if mode == "hub":
                results.append(run_hub(args.pupils, args.moves, args.timeout, args.idle, Path(scratch)))
            else:
                results.append(run_serve(args.pupils, args.moves, args.timeout, Path(scratch)))
            print(json.dumps(results[-1]), flush=True)
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0 if all(r["working"] == r["pupils"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
