"""The gallery page (notebooks/apps/index.ipynb): one card per game, built from ``minegames.GAMES``.

A card shows the game's board at the start of a game (its own SVG, scaled down), the
player counts, the blurb, a link to its Voilà app when it has one, links to its lessons
and, for a game that is not fully playable yet, its status in plain words. Games that are
planned but not modelled at all are not in the registry; they are listed in
:data:`COMING` and shown as "coming".

Links are relative to notebooks/apps/, where the gallery notebook lives: an app is
``<id>.ipynb`` and a lesson ``../<name>.ipynb``. That works in JupyterLab and in Voilà
serving notebooks/ (``/voila/render/apps/index.ipynb``), which is what ``make serve`` and
Binder serve. A server started on notebooks/apps/ alone cannot open the lessons: there the
cards name them and the page says where to open them, instead of showing broken links.
"""

from __future__ import annotations

import base64
import html
import json
import os
import re
from xml.etree import ElementTree
from pathlib import Path
from typing import Iterable, Mapping, Optional

import ipywidgets as widgets

#: Games planned but not modelled yet (not in ``minegames.GAMES``): (title, what to say).
COMING: tuple[tuple[str, str], ...] = ()

#: Where the lesson notebooks live when the project is checked out (not in a wheel).
NOTEBOOKS_DIR = Path(__file__).resolve().parents[1] / "notebooks"

#: The seed of the game whose board is the card's picture (fixed: the page looks the same each time).
PICTURE_SEED = 1

GALLERY_CSS = """
.mg-gallery, .mg-gallery-note { line-height: 1.4; }
.mg-gallery a { color: #1a5fb4; }
/* The page's width caps the wrapper, not the grid: a grid with a maximum width counts its
   auto-fill columns from that maximum when its box is sized to its content (as in the widget's
   flex box), and so asked for three 300 px columns in a 390 px window. */
.mg-gallery-page { max-width: 1100px; }
.mg-gallery { display: grid; grid-template-columns: repeat(auto-fill, minmax(min(300px, 100%), 1fr)); gap: 14px;
  font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.mg-gallery .mg-game { border: 1px solid #d8cfb8; border-radius: 8px; background: #fcfaf4; padding: 10px 12px;
  display: flex; flex-direction: column; gap: 6px; min-width: 0; overflow-wrap: anywhere; }
.mg-gallery .mg-game-picture-link { display: block; line-height: 0; }
.mg-gallery .mg-game h3 { margin: 0; font-size: 18px; }
.mg-gallery .mg-game-picture { width: 100%; height: 190px; object-fit: contain; background: #fff;
  border-radius: 6px; }
.mg-gallery .mg-game-players { font-size: 13px; color: #555; }
.mg-gallery .mg-game-blurb { font-size: 14px; line-height: 1.4; margin: 0; }
.mg-gallery .mg-game-status { font-size: 13px; padding: 3px 8px; border-radius: 4px; background: #f2efe6;
  border-left: 4px solid #b08d3c; }
.mg-gallery .mg-game-playable { border-left-color: #2e7d32; }
.mg-gallery .mg-game-play { font-weight: 600; font-size: 15px; }
.mg-gallery .mg-game-lessons-label { font-size: 13px; font-weight: 600; }
.mg-gallery .mg-game-lessons { font-size: 13px; margin: 0; padding-left: 18px; }
.mg-gallery .mg-game-lessons li { margin: 2px 0; }
.mg-gallery-note { font-size: 13px; color: #555; margin-top: 8px; }
.mg-gallery .mg-game-coming { background: #f4f4f4; color: #666; border-style: dashed; }
"""


def lessons_reachable(environ: Optional[Mapping[str, str]] = None) -> bool:
    """Can this page open ``../<lesson>.ipynb``?

    Yes in JupyterLab (and anywhere that is not Voilà). In Voilà, only when the gallery
    itself sits in a folder of what is served (``/voila/render/apps/index.ipynb``): Voilà
    tells the kernel the page's path in ``SCRIPT_NAME``.
    """
    environ = os.environ if environ is None else environ
    if not environ.get("SERVER_SOFTWARE", "").startswith("voila"):
        return True
    page = environ.get("SCRIPT_NAME", "")
    marker = "/voila/render/"
    return marker in page and "/" in page.split(marker, 1)[1]


def lesson_title(notebook: str) -> str:
    """A lesson's title: its first heading, or its file name if the notebook is not at hand."""
    try:
        cells = json.loads((NOTEBOOKS_DIR / notebook).read_text(encoding="utf-8"))["cells"]
    except (OSError, ValueError, KeyError):
        return notebook
    for cell in cells:
        if cell.get("cell_type") == "markdown":
            for line in "".join(cell.get("source", "")).splitlines():
                if line.startswith("#"):
                    return line.lstrip("#").strip() or notebook
    return notebook


def players_text(info) -> str:
    text = info.player_text()
    return f"{text} player" if text == "1" else f"{text} players"


_SVG = "{http://www.w3.org/2000/svg}"


def _part_boxes(svg: str) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) of each part of a picture whose top level holds only placed parts
    (nested ``<svg>``), lines of text and its background; [] for any other picture."""
    try:
        root = ElementTree.fromstring(svg)
    except ElementTree.ParseError:
        return []
    boxes = []
    for child in root:
        if child.tag == _SVG + "svg":
            try:
                boxes.append(tuple(float(child.get(name, "")) for name in ("x", "y", "width", "height")))
            except ValueError:
                return []
        elif child.tag == _SVG + "rect" and child.get("width") == "100%":
            continue  # the background
        elif child.tag not in (_SVG + "text", _SVG + "title"):
            return []
    return boxes


def cropped(svg: str, pad: float = 4) -> str:
    """A picture made of placed parts and captions (Gem Rush's mine and hand) cropped to its parts:
    its long header line and the paper round a new game's small mine left the card's thumbnail
    mostly empty. Other pictures are returned as they are."""
    parts = _part_boxes(svg)
    if not parts:
        return svg
    left, top = min(x for x, _, _, _ in parts) - pad, min(y for _, y, _, _ in parts) - pad
    right = max(x + w for x, _, w, _ in parts) + pad
    bottom = max(y + h for _, y, _, h in parts) + pad
    width, height = right - left, bottom - top
    head, rest = svg.split(">", 1)
    head = re.sub(r'\s(width|height|viewBox)="[^"]*"', "", head)
    return f'{head} width="{width:g}" height="{height:g}" viewBox="{left:g} {top:g} {width:g} {height:g}">{rest}'


def picture(info, seed: int = PICTURE_SEED) -> str:
    """The game's board at the start of a game, as an ``<img>`` (a data URL keeps each SVG apart),
    cropped to its content; a link to the app when the game has one."""
    svg = cropped(info.new_game(seed=seed)._repr_svg_())
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = html.escape(f"The {info.title} board at the start of a game", quote=True)
    image = f'<img class="mg-game-picture" src="data:image/svg+xml;base64,{data}" alt="{alt}">'
    if info.app_notebook is None:
        return image
    href = html.escape(info.app_notebook, quote=True)
    return f'<a class="mg-game-picture-link" href="{href}" title="Open the app">{image}</a>'


def game_card(info, lessons_linked: bool = True) -> str:
    """One game's card as HTML."""
    title = html.escape(info.title)
    parts = [f'<div class="mg-game" data-game="{html.escape(info.id, quote=True)}">', picture(info),
             f"<h3>{title}</h3>",
             f'<div class="mg-game-players">{html.escape(players_text(info))}</div>',
             f'<p class="mg-game-blurb">{html.escape(info.blurb)}</p>']
    if info.app_notebook is not None:
        if info.status != "playable":
            parts.append(f'<div class="mg-game-status">{html.escape(info.status)}</div>')
        else:
            parts.append('<div class="mg-game-status mg-game-playable">Playable in the browser</div>')
        href = html.escape(info.app_notebook, quote=True)
        parts.append(f'<a class="mg-game-play" href="{href}">Play {title} &rarr;</a>')
    else:
        parts.append(f'<div class="mg-game-status">No app yet. So far: {html.escape(info.status)}.</div>')
    if info.notebooks:
        items = []
        for notebook in info.notebooks:
            name = html.escape(lesson_title(notebook))
            if lessons_linked:
                items.append(f'<li><a class="mg-game-lesson" href="../{html.escape(notebook, quote=True)}">{name}</a></li>')
            else:
                items.append(f'<li class="mg-game-lesson">{name} <code>({html.escape(notebook)})</code></li>')
        parts.append(f'<div class="mg-game-lessons-label">Lessons:</div><ul class="mg-game-lessons">{"".join(items)}</ul>')
    parts.append("</div>")
    return "".join(parts)


def coming_card(title: str, status: str) -> str:
    return (f'<div class="mg-game mg-game-coming"><h3>{html.escape(title)}</h3>'
            f'<div class="mg-game-status">Coming: {html.escape(status)}.</div></div>')


def gallery_html(games: Optional[Mapping[str, object]] = None,
                 coming: Iterable[tuple[str, str]] = COMING,
                 lessons_linked: Optional[bool] = None) -> str:
    """The whole gallery as HTML: a card per registered game, then the games still to come."""
    if games is None:
        from minegames import GAMES as games  # imported here: `import widgets` stays light
    if lessons_linked is None:
        lessons_linked = lessons_reachable()
    cards = [game_card(info, lessons_linked) for info in games.values()]
    cards += [coming_card(title, status) for title, status in coming]
    note = "" if lessons_linked else (
        '<p class="mg-gallery-note">The lessons live in <code>notebooks/</code>, one folder up from the apps, '
        'which this server does not serve: open them in JupyterLab (<code>make lab</code>), or serve the whole folder with '
        '<code>voila notebooks</code> and open <code>apps/index.ipynb</code>.</p>')
    return (f'<style>{GALLERY_CSS}</style><div class="mg-gallery-page"><div class="mg-gallery">{"".join(cards)}</div>'
            f'{note}</div>')


def gallery(**options) -> widgets.HTML:
    """The gallery as a widget (for the index notebook); options as for :func:`gallery_html`."""
    return widgets.HTML(gallery_html(**options))
