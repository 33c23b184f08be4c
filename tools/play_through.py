"""Play every app to its end in Chromium as a new player would, and record what the page said.

A development tool (not a test): it serves notebooks/ with Voila (tests/browser/voila_harness),
opens each app at a laptop's and a phone's viewport, sets the bots to their fastest pace, then
plays one whole game through the page only: the app's Hint -> "Show the move" -> Follow where it
has them, otherwise the visible decision buttons and board parts, never Undo, New game, Save or
Load. It waits 0.5 s before each click (a decision button ignores clicks 0.4 s after it changes).

For each game and width it writes, under --out (default /tmp/playthrough):
  <game>_<width>_<k>.png   a viewport screenshot after k clicks (every --every clicks); at the end
                           <game>_<width>_end.png (the viewport as play left it), _end_table.png
                           (scrolled to the score table) and _end_full.png (the page's full height);
  <game>_<width>.json      clicks, seconds, whether the game ended, every status line, every
                           "Since your last turn" panel, instruction and red error text seen (in
                           order, each once), page console errors and the ending's text.

    .venv/bin/python tools/play_through.py                       # all five apps, 1400 and 390 px
    .venv/bin/python tools/play_through.py gem_rush --widths 390 --limit 120
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))

import voila_harness  # noqa: E402
from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

APPS = ("mineshaft_mayhem", "out_of_mine", "goldmine_rumbles", "gem_rush", "off_the_rails")
PREFIX = {"mineshaft_mayhem": "mm", "out_of_mine": "oom", "goldmine_rumbles": "gr", "gem_rush": "gem",
          "off_the_rails": "otr"}
HEIGHTS = {1400: 900, 390: 844}
CLICK_PAUSE_MS = 500

#: Polls the page every 200 ms and keeps each new text of the places a player reads (in order),
#: plus the time of the last change anywhere in the page (to wait until the page has settled).
RECORDER = r"""
(() => {
  const kinds = {
    status: '.mg-status, .oom-status, .mm-status',
    since: '.mg-since',
    instruction: '.mg-instruction',
    error: '.mg-status-error, [class*="-error"]:not(style)',
  };
  window.__seen = {status: [], since: [], instruction: [], error: []};
  window.__last = {};
  window.__changed = performance.now();
  window.__clicks = 0;
  document.addEventListener('click', (e) => { if (e.isTrusted) window.__clicks += 1; }, true);
  const visible = (el) => el.offsetParent !== null || el.getClientRects().length > 0;
  setInterval(() => {
    for (const [kind, sel] of Object.entries(kinds)) {
      const texts = [...document.querySelectorAll(sel)].filter(visible)
        .map(el => el.innerText.trim()).filter(t => t);
      for (const t of texts) {
        const key = kind + '\u0000' + t;
        if (!window.__last[key]) { window.__last[key] = 1; window.__seen[kind].push([performance.now(), t]); }
      }
    }
  }, 200);
  const start = () => new MutationObserver(() => { window.__changed = performance.now(); })
    .observe(document.body, {subtree: true, childList: true, characterData: true, attributes: true});
  if (document.body) start(); else document.addEventListener('DOMContentLoaded', start);
})();
"""

GAME_OVER = r"""() => {
  const end = document.querySelector('.mg-end');
  if (end && end.offsetParent !== null) return true;
  const ins = [...document.querySelectorAll('.mg-instruction, .mm-score')].map(e => e.innerText).join(' ');
  return /Final score|Game over|game over|Press New game/.test(ins);
}"""


class Player:
    """One game at one width: clicks with the pause, counts, screenshots, knows when it is over."""

    def __init__(self, page, game: str, width: int, out: Path, every: int, limit: float):
        self.page, self.game, self.width, self.out, self.every = page, game, width, out, every
        self.phone = width < 500
        self.start = time.monotonic()
        self.deadline = self.start + limit
        self.shots: list[str] = []
        self.notes: list[str] = []
        self.hints: list[str] = []
        self._last_shot_at = 0

    # ---- time, clicks and screenshots ---------------------------------------------------
    def out_of_time(self) -> bool:
        return time.monotonic() > self.deadline

    def over(self) -> bool:
        return bool(self.page.evaluate(GAME_OVER))

    def clicks(self) -> int:
        return int(self.page.evaluate("() => window.__clicks"))

    def settle(self, quiet_ms: int = 400, timeout: float = 20_000) -> None:
        """Wait until nothing in the page has changed for ``quiet_ms`` (the kernel has answered)."""
        try:
            self.page.wait_for_function(f"() => performance.now() - window.__changed > {quiet_ms}", timeout=timeout,
                                        polling=100)
        except PlaywrightTimeout:
            pass

    def click(self, locator, tap: bool = False) -> bool:
        """Wait the pause, then click (or tap) if the control is still there; then wait until the
        page has answered (a change, then quiet). False when the control had gone meanwhile."""
        self.page.wait_for_timeout(CLICK_PAUSE_MS)
        if not locator.count():
            return False
        before = self.page.evaluate("() => window.__changed")
        try:
            if tap:
                locator.tap(timeout=5_000)
            else:
                locator.click(timeout=5_000)
        except PlaywrightTimeout:
            self.notes.append(f"could not click {locator}")
            return False
        try:
            self.page.wait_for_function(f"() => window.__changed > {before}", timeout=5_000, polling=100)
        except PlaywrightTimeout:
            pass
        self.settle()
        self.maybe_shoot()
        return True

    def maybe_shoot(self) -> None:
        n = self.clicks()
        if n - self._last_shot_at >= self.every:
            self._last_shot_at = n
            self.shoot(str(n))

    def shoot(self, name: str, full: bool = False) -> None:
        path = self.out / f"{self.game}_{self.width}_{name}.png"
        self.page.screenshot(path=str(path), full_page=full)
        self.shots.append(path.name)

    def shown(self, selector: str):
        """The first visible, enabled element matching ``selector`` (or None)."""
        loc = self.page.locator(f"{selector}:visible:enabled")
        return loc.first if loc.count() else None

    def text(self, selector: str) -> str:
        loc = self.page.locator(selector)
        return " | ".join(t.strip() for t in loc.all_inner_texts() if t.strip()) if loc.count() else ""

    # ---- settings ---------------------------------------------------------------------------
    def fastest(self) -> None:
        """Press the fastest bot speed or pace the app offers."""
        p = PREFIX[self.game]
        for sel, words in ((f".{p}-speed button", "instant"), (f".{p}-pace button", "very fast")):
            button = self.page.locator(sel, has_text=words)
            if button.count():
                self.click(button.first)
                return

    def new_game(self) -> None:
        """Start a game with the settings chosen (answering the app's "start a new game?" question)."""
        self.click(self.page.locator(f".{PREFIX[self.game]}-new-game").first)
        yes = self.page.locator("button:visible", has_text="Yes, start a new game")
        try:
            yes.first.wait_for(state="visible", timeout=2_000)
            self.click(yes.first)
        except PlaywrightTimeout:
            pass


# ---- Mineshaft Mayhem: a solo dice game -------------------------------------------------------
def play_mineshaft(pl: Player) -> None:
    page = pl.page
    page.wait_for_selector(".mm-roll:not([disabled])", state="visible")
    while not pl.over() and not pl.out_of_time():
        space = pl.shown(".mm-shake-space") or pl.shown(".mm-shake-gear")
        if space is not None:
            pl.click(space)
            continue
        hint = pl.shown(".mm-hint")
        if hint is not None:
            pl.click(hint)
            verdict = pl.text(".mm-status")
            pl.hints.append(verdict)
            found = re.search(r"collect (.+?) now", verdict)
            if found:
                collect = pl.page.locator(".mm-collect:visible:enabled", has_text=found.group(1))
                if collect.count():
                    pl.click(collect.first)
                    continue
            if "stop" in verdict and pl.shown(".mm-stop") is not None:
                pl.click(pl.shown(".mm-stop"))
                continue
        for sel in (".mm-roll", ".mm-collect", ".mm-stop", ".mm-cursite-rescue"):
            button = pl.shown(sel)
            if button is not None:
                pl.click(button)
                break
        else:
            pl.notes.append("no button to press: " + pl.text(".mg-instruction"))
            pl.page.wait_for_timeout(1000)


# ---- Out of Mine!: a real-time race ---------------------------------------------------------
GHOST_OK = "() => document.querySelector('.oom-board .gb-ghost')?.classList.contains('gb-ghost-ok') === true"


def _spots(page) -> list[tuple[float, float]]:
    """Centres of the gallery cells, those inside the hint's outline first (the move it shows)."""
    cells = [box for box in (el.bounding_box() for el in page.locator(".oom-board .gb-gallery").all()) if box]
    centres = [(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2) for b in cells]
    marked = page.locator(".oom-board .gb-highlight")
    if marked.count():
        box = marked.first.bounding_box()
        if box:
            inside = [c for c in centres if box["x"] <= c[0] <= box["x"] + box["width"]
                      and box["y"] <= c[1] <= box["y"] + box["height"]]
            centres = inside + [c for c in centres if c not in inside]
    return centres


def _place_in_hand(pl: Player) -> bool:
    """Point (or tap) at cells until the shadow of the tile in hand fits; then lay it there."""
    page = pl.page
    placed = page.locator(".oom-board .gb-tile").count()
    page.locator(".oom-board").first.scroll_into_view_if_needed()
    for x, y in _spots(page)[:40]:
        if pl.out_of_time() or pl.over():
            return False
        if pl.phone:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.move(x, y)
        try:
            page.wait_for_function(GHOST_OK, timeout=1_500)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(CLICK_PAUSE_MS)
        if pl.phone:
            page.touchscreen.tap(x, y)   # the second tap on the same spot lays it
        else:
            page.mouse.click(x, y)
        try:
            page.wait_for_function(f"() => document.querySelectorAll('.oom-board .gb-tile').length > {placed}",
                                   timeout=5_000)
        except PlaywrightTimeout:
            continue
        pl.settle(300)
        pl.maybe_shoot()
        return True
    return False


def play_out_of_mine(pl: Player) -> None:
    page = pl.page
    page.wait_for_selector(".oom-app .oom-board .gb-svg", state="visible")
    pl.fastest()
    stuck = 0
    while not pl.over() and not pl.out_of_time():
        side = pl.shown(".oom-side-a") or pl.shown(".oom-side-b")
        if side is not None:
            pl.click(side)
            stuck = 0
            continue
        call = pl.shown(".oom-call")
        if call is not None:
            pl.click(call)
            continue
        if pl.shown(".oom-shape") is None:
            page.wait_for_timeout(1000)      # between rounds, or the round is being scored
            continue
        hint = pl.shown(".oom-hint")
        if hint is not None and stuck < 2:
            pl.click(hint)
            pl.hints.append(pl.text(".oom-status"))
            again = pl.shown(".oom-hint")
            if again is not None and "Show the move" in again.inner_text():
                pl.click(again)
                pl.hints.append(pl.text(".oom-status"))
        if page.locator(".oom-shape.oom-selected").count() == 0:
            shapes = page.locator(".oom-shape:visible:enabled")
            if shapes.count():
                pl.click(shapes.nth(stuck % shapes.count()))
        if _place_in_hand(pl):
            stuck = 0
            continue
        stuck += 1
        if stuck >= 4 and pl.shown(".oom-done") is not None:
            pl.notes.append("nothing fitted after 4 tries: pressed Done")
            pl.click(pl.shown(".oom-done"))
            stuck = 0


# ---- Goldmine Rumbles, Gem Rush, Off the Rails: the browser tests' plain play, counted ----------
def _counted(pl: Player, module) -> None:
    """Route the test module's click-and-wait through the pause, the counter and the screenshots."""
    original = module.click_and_settle

    def click_and_settle(page, locator):
        page.wait_for_timeout(CLICK_PAUSE_MS)
        original(page, locator)
        pl.settle(300)
        pl.maybe_shoot()

    module.click_and_settle = click_and_settle


def play_goldmine(pl: Player) -> None:
    import test_voila_goldmine_rumbles as G
    _counted(pl, G)
    page = pl.page
    page.wait_for_selector(".gr-app .gr-mine svg", state="visible")
    pl.fastest()
    while not pl.over() and not pl.out_of_time():
        try:
            text = G.wait_for_my_decision(page)
        except PlaywrightTimeout:
            continue
        if pl.over():
            break
        follow = page.locator(".gr-follow")
        if "click a column" in text:
            G.click_and_settle(page, page.locator(".gr-column:not([disabled])").first)
        elif follow.is_visible():
            G.travel(page)
        elif "Buy a claim" in text and page.locator(".gr-store-slot:not([disabled])").count():
            try:
                slot = G.choose_claim(page)
                G.click_and_settle(page, page.locator(f".gr-store-{slot}"))
            except AssertionError:
                G.answer_quietly(page, text)
        elif G.choice(page, "Mine alone").count():
            G.click_and_settle(page, G.choice(page, "Mine alone"))
        elif "Take two items" in text:
            G.click_and_settle(page, page.locator(".gr-choice:not([disabled])").first)
        elif G.choice(page, "Roll the fight round").count():
            G.click_and_settle(page, G.choice(page, "Roll the fight round"))
        else:
            G.answer_quietly(page, text)


def play_gem_rush(pl: Player) -> None:
    import test_voila_gem_rush as R
    _counted(pl, R)
    page = pl.page
    page.wait_for_selector(".gem-app .gem-mine svg", state="visible")
    target = page.locator(".gem-target-choice select")
    if target.count():
        labels = target.first.locator("option").all_inner_texts()
        short = [t for t in labels if re.match(r"\d+ points", t)]
        if short:
            target.first.select_option(label=min(short, key=lambda t: int(t.split()[0])))
            pl.notes.append(f"target chosen: {min(short, key=lambda t: int(t.split()[0]))} (the shortest game)")
    pl.fastest()
    pl.new_game()
    while not pl.over() and not pl.out_of_time():
        try:
            R.wait_for_my_turn(page)
        except PlaywrightTimeout:
            continue
        if R.game_over(page):
            break
        hint = pl.shown(".gem-hint-button")
        if hint is not None:     # read the hint as a new player would, then play
            pl.click(hint)
            again = pl.shown(".gem-hint-button")
            if again is not None and "Show the move" in again.inner_text():
                pl.click(again)
            pl.hints.append(pl.text(".gem-app .gem-hint"))
        try:
            R.play_one_decision(page)
        except PlaywrightTimeout as error:
            pl.notes.append(f"a decision timed out: {str(error).splitlines()[0]}")


def press_hint_until_follow(pl: Player, button: str, words: str, follow: str, presses: int = 2) -> bool:
    """Press the hint (up to ``presses`` times: hint, then "show the move"), keeping its words,
    until the follow button shows; whether it did."""
    for _ in range(presses):
        hint = pl.shown(button)
        if hint is None:
            return False
        pl.click(hint)
        pl.hints.append(pl.text(words))
        if pl.shown(follow) is not None:
            return True
    return False


def play_off_the_rails(pl: Player) -> None:
    import test_voila_off_the_rails as O
    page = pl.page
    page.wait_for_selector(".otr-app .otr-board svg", state="visible")
    length = page.locator(".otr-length select")
    if length.count():
        pl.notes.append("game length offered: " + ", ".join(length.first.locator("option").all_inner_texts()))
    pl.fastest()
    while not pl.over() and not pl.out_of_time():
        try:
            O.wait_for_my_turn(page)
        except PlaywrightTimeout:
            continue
        if pl.over():
            break
        confirm = pl.shown(".otr-end-confirm-go")
        if confirm is not None:      # "end the actions though a cart derails?": yes, as the hint said
            pl.notes.append("asked: " + pl.text(".otr-app .otr-end-confirm"))
            pl.click(confirm)
            continue
        follow = pl.shown(".otr-follow")
        if follow is not None:
            pl.click(follow)
            continue
        if press_hint_until_follow(pl, ".otr-hint-button", ".otr-app .otr-hint", ".otr-follow"):
            continue
        selector = page.evaluate(O.NEXT_CONTROL)
        if selector:
            pl.click(page.locator(f".otr-app {selector}:visible:enabled").first)
        else:
            page.wait_for_timeout(1000)


PLAYS = {"mineshaft_mayhem": play_mineshaft, "out_of_mine": play_out_of_mine,
         "goldmine_rumbles": play_goldmine, "gem_rush": play_gem_rush, "off_the_rails": play_off_the_rails}


def play_one(browser, base: str, game: str, width: int, out: Path, every: int, limit: float) -> dict:
    phone = width < 500
    context = browser.new_context(viewport={"width": width, "height": HEIGHTS.get(width, 900)},
                                  has_touch=phone, is_mobile=False)
    context.add_init_script(RECORDER)
    page = context.new_page()
    page.set_default_timeout(60_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: console.append(f"page error: {e}"))
    page.console_errors = console
    page.goto(voila_harness.render_url(base, f"{game}.ipynb"))
    page.wait_for_selector(".mg-app", state="visible", timeout=120_000)
    pl = Player(page, game, width, out, every, limit)
    pl.settle(800)
    pl.shoot("0_start")
    crashed = ""
    try:
        PLAYS[game](pl)
    except Exception as error:  # noqa: BLE001 - the report says what stopped the play
        crashed = f"{type(error).__name__}: {str(error)[-1200:]}"
    pl.settle(800)
    over = pl.over()
    pl.shoot("end")
    ending = page.locator(".mg-end:visible")
    if ending.count():   # the score table where a player scrolls to read it
        ending.first.scroll_into_view_if_needed()
        pl.shoot("end_table")
    pl.shoot("end_full", full=True)
    seen = page.evaluate("() => window.__seen")
    record = {
        "game": game, "width": width, "clicks": pl.clicks(), "seconds": round(time.monotonic() - pl.start),
        "over": over, "stopped_by": crashed or ("" if over else "time limit"),
        "ending": pl.text(".mg-end"), "instruction": pl.text(".mg-instruction"),
        "final_status": pl.text(".mg-status, .oom-status, .mm-status"),
        "results": pl.text(".oom-results") if game == "out_of_mine" else "",
        "console_errors": console, "notes": pl.notes, "hints": pl.hints, "screenshots": pl.shots,
        "seen": {kind: [text for _t, text in items] for kind, items in seen.items()},
    }
    (out / f"{game}_{width}.json").write_text(json.dumps(record, indent=1, ensure_ascii=False))
    context.close()
    return record


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(APPS)} (default: all)")
    parser.add_argument("--widths", type=int, nargs="+", default=[1400, 390])
    parser.add_argument("--every", type=int, default=25, help="a screenshot every N clicks")
    parser.add_argument("--limit", type=float, default=360, help="seconds of play per game")
    parser.add_argument("--out", type=Path, default=Path("/tmp/playthrough"))
    args = parser.parse_args(argv)
    unknown = set(args.games) - set(APPS)
    if unknown:
        parser.error(f"unknown games {sorted(unknown)}; known: {', '.join(APPS)}")
    args.out.mkdir(parents=True, exist_ok=True)
    log = args.out / f"voila-{'-'.join(map(str, args.widths))}.log"
    with voila_harness.serve_voila(voila_harness.SERVED_DIR, log) as base, sync_playwright() as pw:
        browser = voila_harness.launch_chromium(pw)
        for game in args.games or APPS:
            for width in args.widths:
                record = play_one(browser, base, game, width, args.out, args.every, args.limit)
                print(f"{game} {width}px: {record['clicks']} clicks, {record['seconds']} s, "
                      f"{'over' if record['over'] else 'NOT over'} {record['stopped_by'][:200]}; "
                      f"{len(record['console_errors'])} console errors", flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
