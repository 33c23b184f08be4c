"""Size checks the browser tests run on an app's page at a laptop's and a phone's width.

What a person needs to read and touch the page (issue 21): no text under ``MIN_TEXT_PX`` (HTML
text by its computed font size; SVG text by its font size times the picture's scale on screen,
so a board shrunk to fit a phone is measured as drawn), no control under ``MIN_TARGET_PX`` on a
phone (buttons, inputs, toggles and every clickable part of a picture, ``[data-key]``), and no
sideways scrolling of the page, nothing cut off at its right edge. Only what is shown counts (hidden panels and zero-sized boxes
are skipped). ``layout_problems`` returns the problems in words, for the test's message.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

#: The widths the apps are checked at: a laptop's window and a phone's (390 x 844).
LAPTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
MIN_TEXT_PX = 11
MIN_TARGET_PX = 40
#: Set MINEGAMES_SHOTS to a folder (docs/images to refresh the README's pictures) to keep the
#: screenshots the browser tests take; otherwise they stay in the test's temporary folder.
SHOTS_ENV = "MINEGAMES_SHOTS"

_MEASURE = """
([minText, minTarget, checkTargets, root]) => {
  const problems = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > window.innerWidth + 1) {
    problems.push(`the page scrolls sideways: ${doc.scrollWidth} px wide in a ${window.innerWidth} px window`);
  }
  const scope = document.querySelector(root) || document.body;
  const shown = (el) => {
    for (let e = el; e && e !== document.body; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.display === "none" || style.visibility === "hidden" || style.opacity === "0") return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  const label = (el) => {
    const text = (el.textContent || el.getAttribute("aria-label") || el.getAttribute("data-key") || "").trim();
    const cls = (el.getAttribute("class") || "").split(/\\s+/).filter(Boolean).slice(0, 2).join(".");
    return `${el.tagName.toLowerCase()}${cls ? "." + cls : ""} "${text.slice(0, 40)}"`;
  };
  const seen = new Set();
  const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || seen.has(el) || !node.textContent.trim()) continue;
    seen.add(el);
    if (el.closest("style, script, title, desc") || !shown(el)) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement && el.getScreenCTM) {
      const m = el.getScreenCTM();
      if (m) size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    if (size < minText - 0.05) problems.push(`text ${size.toFixed(1)} px: ${label(el)}`);
  }
  // cut off at the right: shown boxes past the window's edge, unless a box that scrolls sideways
  // on purpose holds them (a wide board in its own scrolling frame)
  const scrollsSideways = (el) => {
    for (let e = el.parentElement; e && e !== scope.parentElement; e = e.parentElement) {
      const x = getComputedStyle(e).overflowX;
      if ((x === "auto" || x === "scroll") && e.scrollWidth > e.clientWidth) return true;
    }
    return false;
  };
  let cut = 0;
  for (const el of scope.querySelectorAll("*")) {
    if (cut >= 5) break;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.right <= window.innerWidth + 1 || el.closest("svg") !== null && el.tagName !== "svg") continue;
    if (!shown(el) || scrollsSideways(el)) continue;
    problems.push(`cut off at the right edge (${box.right.toFixed(0)} px of ${window.innerWidth}): ${label(el)}`);
    cut += 1;
  }
  if (checkTargets) {
    const targets = scope.querySelectorAll(
      "button, input, select, textarea, [role=button], .widget-toggle-button, [data-key]");
    for (const el of targets) {
      if (!shown(el) || el.disabled) continue;
      const box = el.getBoundingClientRect();
      if (Math.min(box.width, box.height) < minTarget - 0.5) {
        problems.push(`target ${box.width.toFixed(0)} x ${box.height.toFixed(0)} px: ${label(el)}`);
      }
    }
  }
  return problems;
}
"""


def layout_problems(page, *, targets: bool, root: str = ".mg-app") -> list[str]:
    """What on the page (inside ``root``) is too small to read, too small to touch (when
    ``targets``: the phone's check) or wider than the window."""
    return page.evaluate(_MEASURE, [MIN_TEXT_PX, MIN_TARGET_PX, targets, root])


def screenshot(page, folder: Path, name: str) -> Path:
    """A screenshot of the window as shown, as ``folder/<name>.png`` (and a copy in $MINEGAMES_SHOTS
    when set)."""
    path = Path(folder) / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    keep = os.environ.get(SHOTS_ENV)
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path(keep) / path.name)
    return path
