"""Boards drawn in SVG that report the pointer: :class:`GridBoard`, a grid for tile-laying
games (an anywidget), and :class:`SvgView`, any SVG picture whose marked parts can be clicked.

The browser side only draws what Python sends (gallery cells, placed tiles,
markers, a ghost, a highlight) and reports clicks, the hovered cell and key
presses. Everything else happens in Python: which cells the tile in hand
would cover (:meth:`GridBoard.hold` and :func:`ghost_cells`), whether that is
legal (a ``check`` the game passes in, which asks its model), and what a key
means. So the JavaScript stays small and knows no game.

>>> board = GridBoard(rows=2, cols=3, gallery=[(0, 0), (0, 1), (1, 1)])
>>> board.hold(frozenset({(0, 0), (0, 1)}))
>>> board.hover((0, 1)); board.ghost
[[0, 1], [0, 2]]
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Optional

import anywidget
import traitlets

from minegames.core.polyomino import Cell, Shape, translate

#: Keys the browser forwards; the arrows move the keyboard cursor inside Python.
KEYS = ("r", "f", "Escape", "Delete", "Enter", "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight")
ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}

_ESM = r"""
const NS = "http://www.w3.org/2000/svg";
const KEYS = new Set(["r", "R", "f", "F", "Escape", "Delete", "Backspace", "Enter", " ",
  "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight"]);

function node(tag, attrs, parent) {
  const n = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, v);
  if (parent) parent.appendChild(n);
  return n;
}

function outline(cells, g, attrs, parent) {
  // the edges of a set of cells that border a cell outside the set
  const { size } = g;
  const inside = new Set(cells.map(([r, c]) => r + "," + c));
  let d = "";
  for (const [r, c] of cells) {
    const x = g.x(c), y = g.y(r);
    if (!inside.has((r - 1) + "," + c)) d += `M${x},${y}h${size}`;
    if (!inside.has((r + 1) + "," + c)) d += `M${x},${y + size}h${size}`;
    if (!inside.has(r + "," + (c - 1))) d += `M${x},${y}v${size}`;
    if (!inside.has(r + "," + (c + 1))) d += `M${x + size},${y}v${size}`;
  }
  if (d) node("path", { d, fill: "none", "stroke-linecap": "square", ...attrs }, parent);
}

function cellRects(cells, g, attrs, parent) {
  for (const [r, c] of cells)
    node("rect", { x: g.x(c), y: g.y(r), width: g.size, height: g.size, ...attrs }, parent);
}

function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "gb-box";
  el.appendChild(box);
  const svg = node("svg", { class: "gb-svg", role: "img" }, box);
  const base = node("g", { class: "gb-base" }, svg);
  const top = node("g", { class: "gb-top", "pointer-events": "none" }, svg);
  const get = (name) => model.get(name);
  const geometry = () => {
    // cell (first_row, first_col) is drawn top left; pad leaves room for edge markers
    const size = get("cell_size"), pad = Math.round(size * 0.46);
    const r0 = get("first_row"), c0 = get("first_col");
    return { size, pad, r0, c0, x: (c) => pad + (c - c0) * size, y: (r) => pad + (r - r0) * size };
  };

  function drawBase() {
    const g = geometry(), { size, pad } = g;
    const w = get("cols") * size + 2 * pad, h = get("rows") * size + 2 * pad;
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.setAttribute("width", w);
    svg.setAttribute("height", h);
    svg.setAttribute("aria-label", get("caption"));
    box.tabIndex = get("interactive") ? 0 : -1;
    box.classList.toggle("gb-interactive", get("interactive"));
    base.replaceChildren();
    node("rect", { x: 0, y: 0, width: w, height: h, rx: 6, class: "gb-rock" }, base);
    cellRects(get("gallery"), g, { class: "gb-gallery" }, base);
    for (const tile of get("tiles")) {
      const t = node("g", { class: "gb-tile", "data-key": String(tile.key ?? "") }, base);
      cellRects(tile.cells, g, { fill: tile.fill, class: "gb-tile-cell" }, t);
      outline(tile.cells, g, { stroke: tile.stroke || "#2b2118", "stroke-width": 2.5 }, t);
      if (tile.title) node("title", {}, t).textContent = tile.title;
    }
    for (const m of get("markers")) {
      let cx = g.x(m.col) + size / 2, cy = g.y(m.row) + size / 2;
      const shift = { N: [0, -0.74], S: [0, 0.74], E: [0.74, 0], W: [-0.74, 0] }[m.edge || ""];
      if (shift) { cx += shift[0] * size; cy += shift[1] * size; }
      const mk = node("g", { class: "gb-marker" + (m.edge ? " gb-edge-marker" : "") }, base);
      node("circle", { cx, cy, r: size * (m.edge ? 0.2 : 0.17), fill: m.fill || "#fff" }, mk);
      if (m.label) {
        const t = node("text", { x: cx, y: cy, "font-size": size * 0.22, "text-anchor": "middle",
                                 "dominant-baseline": "central" }, mk);
        t.textContent = m.label;
      }
      if (m.title) node("title", {}, mk).textContent = m.title;
    }
    drawTop();
  }

  function drawTop() {
    const g = geometry();
    top.replaceChildren();
    const hint = get("highlight");
    if (hint.length) outline(hint, g, { class: "gb-highlight" }, top);
    const ghost = get("ghost");
    const kind = get("ghost_ok") ? "gb-ghost-ok" : "gb-ghost-bad";
    if (ghost.length) {
      const gh = node("g", { class: "gb-ghost " + kind }, top);
      cellRects(ghost, g, {}, gh);
      outline(ghost, g, {}, gh);
    }
    const p = get("pointer");
    if (p.length === 2 && !ghost.length && get("interactive"))
      cellRects([p], g, { class: "gb-pointer" }, top);
  }

  function cellAt(event) {
    const { size, pad, r0, c0 } = geometry();
    const rect = svg.getBoundingClientRect();
    const scale = svg.viewBox.baseVal.width / rect.width;
    const col = Math.floor(((event.clientX - rect.left) * scale - pad) / size);
    const row = Math.floor(((event.clientY - rect.top) * scale - pad) / size);
    return row >= 0 && col >= 0 && row < get("rows") && col < get("cols") ? [row + r0, col + c0] : [];
  }

  function point(cell) {
    const old = get("pointer");
    if (old.length !== cell.length || old[0] !== cell[0] || old[1] !== cell[1]) {
      model.set("pointer", cell);
      model.save_changes();
    }
  }

  const onMove = (e) => { if (get("interactive")) point(cellAt(e)); };
  const onLeave = () => { if (get("interactive")) point([]); };
  const onClick = (e) => {
    if (!get("interactive")) return;
    const cell = cellAt(e);
    if (!cell.length) return;
    point(cell);
    model.send({ event: "click", row: cell[0], col: cell[1] });
  };
  const onEnter = () => {
    const active = document.activeElement;
    const typing = active && /^(INPUT|TEXTAREA|SELECT)$/.test(active.tagName);
    if (get("interactive") && !typing) box.focus({ preventScroll: true });
  };
  const onKey = (e) => {
    if (!get("interactive") || !KEYS.has(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
    e.preventDefault();
    e.stopPropagation();
    const key = { R: "r", F: "f", Backspace: "Delete", " ": "Enter" }[e.key] || e.key;
    model.send({ event: "key", key });
  };
  box.addEventListener("mousemove", onMove);
  box.addEventListener("mouseleave", onLeave);
  box.addEventListener("mouseenter", onEnter);
  box.addEventListener("click", onClick);
  box.addEventListener("keydown", onKey);

  const baseTraits = ["rows", "cols", "first_row", "first_col", "cell_size", "gallery", "tiles", "markers", "interactive", "caption"];
  for (const name of baseTraits) model.on("change:" + name, drawBase);
  for (const name of ["ghost", "ghost_ok", "highlight", "pointer"]) model.on("change:" + name, drawTop);
  drawBase();
  return () => {
    for (const name of baseTraits) model.off("change:" + name, drawBase);
    for (const name of ["ghost", "ghost_ok", "highlight", "pointer"]) model.off("change:" + name, drawTop);
  };
}

export default { render };
"""

_CSS = """
.gb-box { display: inline-block; outline: none; line-height: 0; border-radius: 8px; }
.gb-box.gb-interactive { cursor: crosshair; }
.gb-box.gb-interactive:focus-visible, .gb-box.gb-interactive:focus { box-shadow: 0 0 0 2px #b08d3c; }
.gb-svg { max-width: 100%; height: auto; display: block; }
.gb-rock { fill: #5b4a3f; }
.gb-gallery { fill: #e9d8b0; stroke: #c4ab7a; stroke-width: 1; }
.gb-tile-cell { stroke: #0002; stroke-width: 0.5; }
.gb-marker circle { stroke: #2b2118; stroke-width: 1.5; }
.gb-marker text { font-family: system-ui, sans-serif; font-weight: 700; fill: #2b2118; }
.gb-ghost rect { stroke: none; }
.gb-ghost path { fill: none; stroke-width: 3; stroke-dasharray: 6 3; }
.gb-ghost-ok rect { fill: #2e7d32; fill-opacity: 0.45; }
.gb-ghost-ok path { stroke: #1b5e20; }
.gb-ghost-bad rect { fill: #c62828; fill-opacity: 0.45; }
.gb-ghost-bad path { stroke: #8e0000; }
.gb-highlight { stroke: #ffb300; stroke-width: 4; stroke-dasharray: 8 4; }
.gb-pointer { fill: none; stroke: #1565c0; stroke-width: 2; stroke-dasharray: 4 3; }
"""


def grab_cell(shape: Iterable[Cell]) -> Cell:
    """The cell of a shape nearest its centre: the one that sits under the pointer.

    Grabbing the middle (rather than a corner) makes a turned tile stay where
    the player is looking.
    """
    cells = sorted(shape)
    if not cells:
        raise ValueError("an empty shape has no cell to hold it by")
    mid_r = sum(r for r, _ in cells) / len(cells)
    mid_c = sum(c for _, c in cells) / len(cells)
    return min(cells, key=lambda cell: ((cell[0] - mid_r) ** 2 + (cell[1] - mid_c) ** 2, cell))


def ghost_cells(shape: Shape, pointer: Cell) -> tuple[Cell, Shape]:
    """Where ``shape`` (already turned) lands when held by :func:`grab_cell` at ``pointer``.

    Returns the offset of the shape's (0, 0), i.e. the row and column a
    placement names, and the board cells it covers.
    """
    grab = grab_cell(shape)
    offset = (pointer[0] - grab[0], pointer[1] - grab[1])
    return offset, translate(shape, *offset)


def _whole(value: Any) -> bool:
    """A whole number as the page may send it (not a bool, float or string)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _cells_json(cells: Iterable[Cell]) -> list[list[int]]:
    return [[int(r), int(c)] for r, c in sorted(cells)]


class GridBoard(anywidget.AnyWidget):
    """A grid of gallery cells on rock, with tiles, markers and the ghost of the tile in hand.

    Python sets what is drawn with :meth:`show`; the browser reports the
    pointer cell (``pointer``), clicks and keys, which reach the callbacks
    registered with :meth:`on_click`, :meth:`on_hover` and :meth:`on_key`.
    :meth:`click`, :meth:`hover` and :meth:`press` do the same from code.
    """

    _esm = _ESM
    _css = _CSS

    rows = traitlets.Int(1).tag(sync=True)
    cols = traitlets.Int(1).tag(sync=True)
    #: the row and column drawn top left (negative to show rock above or left of the gallery)
    first_row = traitlets.Int(0).tag(sync=True)
    first_col = traitlets.Int(0).tag(sync=True)
    cell_size = traitlets.Int(44).tag(sync=True)
    gallery = traitlets.List().tag(sync=True)
    #: dicts: ``cells`` (list of [row, col]), ``fill``, optional ``stroke``, ``key``, ``title``
    tiles = traitlets.List().tag(sync=True)
    #: dicts: ``row``, ``col``, optional ``edge`` (N/E/S/W: drawn on the rock across it), ``fill``, ``label``, ``title``
    markers = traitlets.List().tag(sync=True)
    ghost = traitlets.List().tag(sync=True)
    ghost_ok = traitlets.Bool(True).tag(sync=True)
    highlight = traitlets.List().tag(sync=True)
    #: the hovered (or keyboard) cell as [row, col], [] when the pointer is off the board
    pointer = traitlets.List().tag(sync=True)
    interactive = traitlets.Bool(True).tag(sync=True)
    caption = traitlets.Unicode("game board").tag(sync=True)

    def __init__(self, rows: int = 1, cols: int = 1, gallery: Iterable[Cell] = (), **kwargs: Any):
        super().__init__(rows=rows, cols=cols, gallery=_cells_json(gallery), **kwargs)
        self.held: Optional[Shape] = None
        self._resting_at: Optional[Cell] = None
        self._check: Optional[Callable[[Cell, Shape], bool]] = None
        self._click_callbacks: list[Callable[[Cell], Any]] = []
        self._hover_callbacks: list[Callable[[Optional[Cell]], Any]] = []
        self._key_callbacks: list[Callable[[str, Optional[Cell]], Any]] = []
        self._refused_callbacks: list[Callable[[str], Any]] = []
        self.observe(self._pointer_moved, names="pointer")
        self.on_msg(self._message)
        self._accept_state = self.set_state
        self.set_state = self._checked_state

    # ---- what is drawn ----------------------------------------------------------
    def show(self, *, rows: Optional[int] = None, cols: Optional[int] = None,
             first_row: Optional[int] = None, first_col: Optional[int] = None, gallery: Optional[Iterable[Cell]] = None, tiles: Optional[list[dict]] = None,
             markers: Optional[list[dict]] = None, highlight: Optional[Iterable[Cell]] = None) -> None:
        """Change only what is given, and only traits whose value differs (each is a message)."""
        values: dict[str, Any] = {}
        if rows is not None:
            values["rows"] = rows
        if cols is not None:
            values["cols"] = cols
        if first_row is not None:
            values["first_row"] = first_row
        if first_col is not None:
            values["first_col"] = first_col
        if gallery is not None:
            values["gallery"] = _cells_json(gallery)
        if tiles is not None:
            values["tiles"] = [{**tile, "cells": _cells_json(tile["cells"])} for tile in tiles]
        if markers is not None:
            values["markers"] = list(markers)
        if highlight is not None:
            values["highlight"] = _cells_json(highlight)
        with self.hold_sync():
            for name, value in values.items():
                if getattr(self, name) != value:
                    setattr(self, name, value)
        self.update_ghost()

    @property
    def pointer_cell(self) -> Optional[Cell]:
        """The pointer's cell; None off the board, or when the page sent no cell of the grid."""
        pointer = self.pointer
        if len(pointer) != 2 or not all(_whole(v) for v in pointer) or not self.contains(pointer):
            return None
        return (pointer[0], pointer[1])

    def hold(self, shape: Optional[Shape], check: Optional[Callable[[Cell, Shape], bool]] = None) -> None:
        """Put a (turned) shape in hand, or none; ``check(offset, cells)`` says if it may go there."""
        held = frozenset(shape) if shape else None
        if held != self.held:
            self._resting_at = None
        self.held = held
        self._check = check
        self.update_ghost()

    def placement_at(self, cell: Cell) -> Optional[tuple[Cell, Shape]]:
        """(offset, cells) of the held shape grabbed at ``cell``; None with nothing in hand."""
        if self.held is None:
            return None
        return ghost_cells(self.held, cell)

    def rest(self) -> None:
        """Hide the ghost until the pointer leaves its cell or the shape in hand changes: after a
        tile is laid, a ghost of the next one drawn over it (red, as it overlaps) hides the new tile."""
        self._resting_at = self.pointer_cell
        self.update_ghost()

    def update_ghost(self) -> None:
        """Recompute the ghost for the pointer and the held shape (called on every move)."""
        cell = self.pointer_cell
        found = self.placement_at(cell) if cell is not None and cell != self._resting_at else None
        if found is None:
            ghost, ok = [], True
        else:
            offset, cells = found
            ghost = _cells_json(cells)
            ok = bool(self._check(offset, cells)) if self._check else True
        with self.hold_sync():
            if self.ghost != ghost:
                self.ghost = ghost
            if self.ghost_ok != ok:
                self.ghost_ok = ok

    def tile_at(self, cell: Cell) -> Optional[dict]:
        """The drawn tile covering ``cell`` (the last drawn wins), or None."""
        wanted = [int(cell[0]), int(cell[1])]
        for tile in reversed(self.tiles):
            if wanted in tile["cells"]:
                return tile
        return None

    # ---- events -------------------------------------------------------------------
    def on_click(self, callback: Callable[[Cell], Any]) -> None:
        self._click_callbacks.append(callback)

    def on_hover(self, callback: Callable[[Optional[Cell]], Any]) -> None:
        self._hover_callbacks.append(callback)

    def on_key(self, callback: Callable[[str, Optional[Cell]], Any]) -> None:
        self._key_callbacks.append(callback)

    def on_refused(self, callback: Callable[[str], Any]) -> None:
        """``callback(reason)`` for what the page sent that the board does not take (a bad
        message or pointer): the board ignores it, and the app can say why."""
        self._refused_callbacks.append(callback)

    def _refuse(self, reason: str) -> None:
        for callback in list(self._refused_callbacks):
            callback(reason)

    def hover(self, cell: Optional[Cell]) -> None:
        """Move the pointer as the mouse would (None: off the board)."""
        self.pointer = [] if cell is None else [int(cell[0]), int(cell[1])]

    def click(self, cell: Cell) -> None:
        """Click ``cell`` as the mouse would: the pointer moves there first."""
        self.hover(cell)
        for callback in list(self._click_callbacks):
            callback((int(cell[0]), int(cell[1])))

    def press(self, key: str) -> None:
        """A key pressed while the board has the focus (see ``KEYS``)."""
        if key not in KEYS:
            raise ValueError(f"the board does not use the key {key!r}; keys: {', '.join(KEYS)}")
        if key in ARROWS:
            self._move_pointer(*ARROWS[key])
            return
        cell = self.pointer_cell
        if key == "Enter":
            if cell is not None:
                self.click(cell)
            return
        for callback in list(self._key_callbacks):
            callback(key, cell)

    def _move_pointer(self, dr: int, dc: int) -> None:
        cell = self.pointer_cell
        if cell is None:
            self.hover((self.first_row + self.rows // 2, self.first_col + self.cols // 2))
            return
        row = min(max(cell[0] + dr, self.first_row), self.first_row + self.rows - 1)
        col = min(max(cell[1] + dc, self.first_col), self.first_col + self.cols - 1)
        self.hover((row, col))

    def contains(self, cell: Cell) -> bool:
        """Whether ``cell`` is inside the drawn grid."""
        return (self.first_row <= cell[0] < self.first_row + self.rows
                and self.first_col <= cell[1] < self.first_col + self.cols)

    def _checked_state(self, sync_data: Any) -> None:
        """State from the page is untrusted: a value the traits refuse changes nothing."""
        try:
            self._accept_state(sync_data)
        except (traitlets.TraitError, ValueError, TypeError) as error:
            self.send_state()
            self._refuse(f"board: the page sent a state the board does not take ({error})")

    def _pointer_moved(self, _change) -> None:
        if self.pointer and self.pointer_cell is None:
            self._refuse(f"board: the pointer is on no cell of the board ({self.pointer!r})")
        if self.pointer_cell != self._resting_at:
            self._resting_at = None
        self.update_ghost()
        cell = self.pointer_cell
        for callback in list(self._hover_callbacks):
            callback(cell)

    def _message(self, _widget, content: Any, _buffers) -> None:
        """A click or key from the page, checked: anything else is refused with its reason."""
        event = content.get("event") if isinstance(content, dict) else None
        if event == "click":
            row, col = content.get("row"), content.get("col")
            if not (_whole(row) and _whole(col) and self.contains((row, col))):
                self._refuse(f"board: a click must name a cell of the board, not {row!r}, {col!r}")
                return
            self.click((row, col))
        elif event == "key":
            key = content.get("key")
            if not isinstance(key, str) or key not in KEYS:
                self._refuse(f"board: the board does not use the key {key!r}")
                return
            self.press(key)
        else:
            self._refuse(f"board: unknown message {str(content)[:60]!r}")


# ---------------------------------------------------------------------------------------------
# a clickable SVG picture
# ---------------------------------------------------------------------------------------------

_SVG_ESM = r"""
function render({ model, el }) {
  const box = document.createElement("div");
  box.className = "sv-box";
  el.appendChild(box);
  const keepInView = () => {
    // an element marked sv-focus stays in view inside a scrolling sv-scroll box (not the page)
    const focus = box.querySelector(".sv-focus");
    const scroller = el.closest(".sv-scroll");
    if (!focus || !scroller) return;
    const a = focus.getBoundingClientRect(), s = scroller.getBoundingClientRect();
    if (a.left < s.left || a.right > s.right) scroller.scrollLeft += (a.left + a.right - s.left - s.right) / 2;
    if (a.top < s.top || a.bottom > s.bottom) scroller.scrollTop += (a.top + a.bottom - s.top - s.bottom) / 2;
  };
  const draw = () => {
    box.innerHTML = model.get("svg");
    box.setAttribute("aria-label", model.get("caption"));
    requestAnimationFrame(keepInView);
  };
  box.addEventListener("click", (event) => {
    const hit = event.target.closest("[data-key]");
    if (hit && box.contains(hit)) model.send({ event: "click", key: hit.getAttribute("data-key") });
  });
  model.on("change:svg", draw);
  model.on("change:caption", draw);
  draw();
  return () => { model.off("change:svg", draw); model.off("change:caption", draw); };
}
export default { render };
"""

_SVG_CSS = """
.sv-box { line-height: 0; }
.sv-box svg { max-width: 100%; height: auto; display: block; }
.sv-box [data-key] { cursor: pointer; }
"""


class SvgView(anywidget.AnyWidget):
    """An SVG picture whose elements marked ``data-key="..."`` can be clicked.

    Python draws (``show(svg, keys)``, where ``keys`` are the data-keys that may be
    clicked now) and the browser only reports which key was clicked. Inside a box of
    class ``sv-scroll`` that scrolls, an element of class ``sv-focus`` is scrolled into
    view of that box whenever the picture changes and it is out of sight. A key the page
    sends that is not clickable now is refused (``on_refused``), never passed on.
    """

    _esm = _SVG_ESM
    _css = _SVG_CSS

    svg = traitlets.Unicode("").tag(sync=True)
    caption = traitlets.Unicode("picture").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self.clickable: frozenset[str] = frozenset()
        self._click_callbacks: list[Callable[[str], Any]] = []
        self._refused_callbacks: list[Callable[[str], Any]] = []
        self.on_msg(self._message)

    def show(self, svg: str, keys: Iterable[str] = ()) -> None:
        """Draw ``svg`` (sent only when it changed); ``keys`` may be clicked until the next show."""
        self.clickable = frozenset(keys)
        if self.svg != svg:
            self.svg = svg

    def on_click(self, callback: Callable[[str], Any]) -> None:
        self._click_callbacks.append(callback)

    def on_refused(self, callback: Callable[[str], Any]) -> None:
        self._refused_callbacks.append(callback)

    def click(self, key: str) -> None:
        """Click the element with ``key`` as the mouse would (refused when it is not clickable now)."""
        if key not in self.clickable:
            for callback in list(self._refused_callbacks):
                callback(f"picture: {key!r} cannot be clicked now")
            return
        for callback in list(self._click_callbacks):
            callback(key)

    def _message(self, _widget, content: Any, _buffers) -> None:
        key = content.get("key") if isinstance(content, dict) and content.get("event") == "click" else None
        if not isinstance(key, str):
            for callback in list(self._refused_callbacks):
                callback(f"picture: unknown message {str(content)[:60]!r}")
            return
        self.click(key)
