"""How the game apps feel in a browser, next to the cheapest possible Voila page.

Serves each app with Voila and drives it in headless Chromium (Debian's, through
Playwright). Two numbers matter to a visitor:

* time to first interaction: from navigation start until the app's first control is visible
  and enabled (Voila has started a kernel, run the notebook and drawn the widgets);
* click-to-update latency: from a click until the picture's DOM changes (a round trip
  through the kernel: comm message, model update, re-render), median and 95th percentile.
  Mineshaft Mayhem: a click on Roll redraws the sheet. Goldmine Rumbles: a click on a claim
  site of the mine selects it (or another one), and the mine is redrawn with its route.
  Gem Rush: a click on a card of the hand picks it (or puts it back), and the hand is redrawn;
  "Gem Rush mine": a click switches the mine between the whole and the close-up view.
  Off the Rails: a click on an empty square of the board picks it (the next click another one),
  and the layer over the board is redrawn with the square and the tile it would take.

The same is measured on a one-button Voila page (a Button that rewrites an HTML widget),
so the ratio shows what the game itself costs on top of Voila's own floor.

    python benchmarks/bench_browser.py            # 5 page loads, 40 clicks each
    python benchmarks/bench_browser.py --quick    # 2 page loads, 10 clicks
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))
import voila_harness  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from widgets.components import ARM_SECONDS  # noqa: E402

BASELINE_SOURCE = """\
import ipywidgets as widgets

clicks = 0
sheet = widgets.HTML("<svg width='120' height='20'><text y='15'>0 clicks</text></svg>")
sheet.add_class("mm-sheet")
button = widgets.Button(description="Click")
button.add_class("mm-roll")

def count(_button):
    global clicks
    clicks += 1
    sheet.value = f"<svg width='120' height='20'><text y='15'>{clicks} clicks</text></svg>"

button.on_click(count)
widgets.VBox([button, sheet])
"""

# Resolves with the milliseconds from the click until the picture's DOM first changes.
CLICK_TO_UPDATE_JS = """
([sheetSelector, targetSelector, timeoutMs]) => new Promise((resolve, reject) => {
  const sheet = document.querySelector(sheetSelector);
  const target = document.querySelector(targetSelector);
  const timer = setTimeout(() => { observer.disconnect(); reject(new Error('picture did not change')); },
                           timeoutMs);
  const observer = new MutationObserver(() => {
    const elapsed = performance.now() - start;
    observer.disconnect();
    clearTimeout(timer);
    resolve(elapsed);
  });
  observer.observe(sheet, {subtree: true, childList: true, characterData: true, attributes: true});
  const start = performance.now();
  target.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}));
})
"""


@dataclass
class AppPage:
    """One page to measure: how to tell it is ready, what to click and what it redraws."""

    name: str
    ready: str
    sheet: str
    target: Callable[[int], str]  # the selector to click the i-th time
    prepare: Optional[Callable[[object], None]] = None  # untimed, before each click


MM_READY = ".mm-roll:not([disabled])"


def make_roll_possible(page) -> None:
    """Once the turn has no rolls left, start a new game (not timed)."""
    if page.locator(MM_READY).count():
        return
    before = page.locator(".mm-sheet").inner_html()
    page.locator(".mm-new-game").click()
    confirm = page.locator(".mm-new-game-confirm-go")   # a game under way: New game asks once
    confirm.wait_for(state="visible")
    page.wait_for_timeout(int(1000 * ARM_SECONDS) + 100)
    confirm.click()
    page.wait_for_function(
        "before => document.querySelector('.mm-sheet').innerHTML !== before", arg=before
    )
    page.wait_for_selector(MM_READY, state="visible")
    page.wait_for_timeout(int(1000 * ARM_SECONDS) + 100)  # the new game's Roll, just changed, holds clicks


BASELINE = AppPage("one-button page", ".mm-roll", ".mm-sheet", lambda i: ".mm-roll")
MINESHAFT = AppPage("Mineshaft Mayhem", MM_READY, ".mm-sheet", lambda i: ".mm-roll", make_roll_possible)
#: Claim sites 1..16 in turn: each click selects another one, so the mine is redrawn every time.
GOLDMINE = AppPage("Goldmine Rumbles", ".gr-column:not([disabled])", ".gr-mine",
                   lambda i: f'.gr-mine [data-key="site:{i % 16 + 1}"]')
#: The first card of the person's hand, picked and put back in turn: the hand is redrawn
#: (and the door panel says again what the picked cards pay).
GEM_RUSH = AppPage("Gem Rush", '.gem-hand-cards [data-key^="card:0:"]', ".gem-hand-cards",
                   lambda i: '.gem-hand-cards [data-key^="card:0:"]')
#: The mine view switched between the whole mine and the close-up: the mine is redrawn.
GEM_RUSH_MINE = AppPage("Gem Rush mine", ".gem-zoom button", ".gem-mine",
                        lambda i: ".gem-zoom button:not(.mod-active)")

#: Empty squares of row 7 in turn (the mine's gap): each click picks another one, so the layer
#: over the board is redrawn with the pick and its tile preview.
OFF_THE_RAILS = AppPage("Off the Rails", ".otr-app .otr-board svg", ".otr-overlay",
                        lambda i: f'.otr-board-base [data-key="sq:{1 + i % 13}:7"]')


@dataclass
class Timings:
    first_interaction_ms: list[float]
    click_ms: list[float]


def write_baseline_notebook(directory: Path) -> str:
    import nbformat
    from nbformat.v4 import new_code_cell, new_notebook

    notebook = new_notebook(cells=[new_code_cell(BASELINE_SOURCE)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, directory / "one_button.ipynb")
    return "one_button.ipynb"


def time_to_first_interaction(browser, url: str, ready: str) -> tuple[float, object]:
    """Load `url` in a fresh context; return (ms since navigation start, the open page)."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(120_000)
    page.goto(url, wait_until="commit")
    page.wait_for_selector(ready, state="visible")
    return page.evaluate("performance.now()"), page


#: a warm-up click that changed nothing is tried again this many times (the page may show the
#: app a moment before its kernel answers); a timed click that changes nothing is an error
WARMUP_TRIES = 3


def click_latencies(page, app: AppPage, clicks: int, warmup: int) -> list[float]:
    timings = []
    for i in range(warmup + clicks):
        tries = WARMUP_TRIES if i < warmup else 1
        for attempt in range(1, tries + 1):
            if app.prepare is not None:
                app.prepare(page)
            try:
                elapsed = page.evaluate(CLICK_TO_UPDATE_JS, [app.sheet, app.target(i), 15_000])
                break
            except Exception as error:  # Playwright's Error: the picture did not change in time
                if attempt == tries:
                    kind = "warm-up" if i < warmup else "timed"
                    raise RuntimeError(f"{app.name}: {kind} click {i + 1} on {app.target(i)!r} left "
                                       f"{app.sheet!r} unchanged after {attempt} tries ({error})") from None
                page.wait_for_timeout(1000)
        if i >= warmup:
            timings.append(elapsed)
        # Let the rest of the update land, and pause as a person does: a button clicked within
        # ARM_SECONDS of its change drops the click as a stray (widgets/components.py).
        page.wait_for_timeout(int(1000 * ARM_SECONDS) + 100)
    return timings


def measure(browser, app: AppPage, directory: Path, notebook: str, loads: int, clicks: int, warmup: int,
            log_path: Path) -> Timings:
    with voila_harness.serve_voila(directory, log_path) as base_url:
        url = voila_harness.render_url(base_url, notebook)
        first, page = [], None
        for _ in range(loads):
            if page is not None:
                page.context.close()
            elapsed, page = time_to_first_interaction(browser, url, app.ready)
            first.append(elapsed)
        latencies = click_latencies(page, app, clicks, warmup)
        page.context.close()
    return Timings(first, latencies)


def percentile(values: list[float], fraction: float) -> float:
    """Nearest-rank percentile: an observed value, not an interpolation."""
    ordered = sorted(values)
    rank = max(1, math.ceil(fraction * len(ordered)))
    return ordered[rank - 1]


def report(apps: dict[str, Timings], baseline: Timings, loads: int, clicks: int) -> str:
    measures = [
        ("first interaction, median", lambda t: statistics.median(t.first_interaction_ms)),
        ("click -> sheet update, median", lambda t: statistics.median(t.click_ms)),
        ("click -> sheet update, p95", lambda t: percentile(t.click_ms, 0.95)),
    ]
    lines = [f"{loads} page loads, {clicks} timed clicks each (Chromium headless, Voila on localhost)",
             f"{'':32}" + "".join(f"{name:>18}{'ratio':>8}" for name in apps) + f"{'one-button page':>18}"]
    for label, value in measures:
        floor = value(baseline)
        cells = "".join(f"{value(t):>15.0f} ms{value(t) / floor:>7.1f}x" for t in apps.values())
        lines.append(f"{label:32}{cells}{floor:>15.0f} ms")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 loads and 10 clicks: a smoke run")
    parser.add_argument("--loads", type=int, help="page loads per page (default 5, quick 2)")
    parser.add_argument("--clicks", type=int, help="timed clicks per page (default 40, quick 10)")
    parser.add_argument("--warmup", type=int, default=2, help="untimed clicks first (default 2)")
    args = parser.parse_args(argv)
    loads = args.loads or (2 if args.quick else 5)
    clicks = args.clicks or (10 if args.quick else 40)

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="bench-browser-") as scratch, sync_playwright() as playwright:
        scratch_dir = Path(scratch)
        baseline_dir = scratch_dir / "baseline"
        baseline_dir.mkdir()
        baseline_notebook = write_baseline_notebook(baseline_dir)
        browser = voila_harness.launch_chromium(playwright)
        try:
            apps = {app.name: measure(browser, app, voila_harness.SERVED_DIR, notebook, loads, clicks, args.warmup,
                                      scratch_dir / f"voila-{notebook}.log")
                    for app, notebook in ((MINESHAFT, "mineshaft_mayhem.ipynb"), (GOLDMINE, "goldmine_rumbles.ipynb"),
                                                           (GEM_RUSH, "gem_rush.ipynb"),
                                                           (GEM_RUSH_MINE, "gem_rush.ipynb"),
                                                           (OFF_THE_RAILS, "off_the_rails.ipynb"))}
            baseline = measure(browser, BASELINE, baseline_dir, baseline_notebook, loads, clicks,
                               args.warmup, scratch_dir / "voila-baseline.log")
        finally:
            browser.close()
    print(report(apps, baseline, loads, clicks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
