"""The gallery page, built from the registry: a card per game, right links, honest status."""

from __future__ import annotations

import base64
import dataclasses
import re
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets
import pytest

from minegames import GAMES
from widgets.gallery import COMING, gallery, gallery_html, lesson_title, lessons_reachable

REPO = Path(__file__).resolve().parents[3]
APPS = REPO / "notebooks" / "apps"


class Page(HTMLParser):
    """The cards (by data-game), each with its links, images and text."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: dict[str, dict] = {}
        self.coming: list[str] = []
        self._card: dict | None = None
        self._depth = 0
        self._link: dict | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "div" and "mg-game" in classes:
            self._card = {"links": [], "images": [], "text": "", "coming": "mg-game-coming" in classes}
            self._depth = 0
            self.cards[attrs.get("data-game") or f"coming-{len(self.cards)}"] = self._card
        elif tag == "div" and self._card is not None:
            self._depth += 1
        if self._card is None:
            return
        if tag == "a":
            self._link = {"href": attrs["href"], "class": attrs.get("class", ""), "text": ""}
            self._card["links"].append(self._link)
        if tag == "img":
            self._card["images"].append(attrs)

    def handle_endtag(self, tag):
        if tag == "a":
            self._link = None
        if tag == "div" and self._card is not None:
            if self._depth == 0:
                self._card = None
            else:
                self._depth -= 1

    def handle_data(self, data):
        if self._card is not None:
            self._card["text"] += data
        if self._link is not None:
            self._link["text"] += data


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    return page


@pytest.fixture(scope="module")
def page() -> Page:
    return parse(gallery_html(lessons_linked=True))


def test_a_card_per_registered_game_then_the_coming_ones(page):
    registered = [key for key, card in page.cards.items() if not card["coming"]]
    assert registered == list(GAMES)
    coming = [card["text"] for card in page.cards.values() if card["coming"]]
    assert len(coming) == len(COMING)
    for (title, _status), text in zip(COMING, coming):
        assert title in text and "Coming" in text
        assert title not in {info.title for info in GAMES.values()}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_card_shows_picture_players_and_blurb(page, game_id):
    info, card = GAMES[game_id], page.cards[game_id]
    assert info.title in card["text"]
    assert info.player_text() in card["text"]
    assert info.blurb in card["text"]
    (image,) = card["images"]
    assert image["src"].startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(image["src"].split(",", 1)[1]).decode()
    assert svg.startswith("<svg") and "viewBox" in svg
    assert info.title in image["alt"]


@pytest.mark.parametrize("game_id", list(GAMES))
def test_app_link_only_when_there_is_an_app(page, game_id):
    info, card = GAMES[game_id], page.cards[game_id]
    plays = [link for link in card["links"] if "mg-game-play" in link["class"]]
    if info.app_path is None:
        assert plays == []
        assert "No app yet" in card["text"] and info.status in card["text"]
    else:
        (play,) = plays
        assert play["href"] == info.app_notebook
        assert play["text"].startswith(f"Play {info.title}")
        assert (APPS / play["href"]).is_file()


def test_every_app_notebook_has_a_card(page):
    linked = {link["href"] for card in page.cards.values() for link in card["links"]
              if "mg-game-play" in link["class"]}
    assert linked == {p.name for p in APPS.glob("*.ipynb")} - {"index.ipynb"}


@pytest.mark.parametrize("game_id", list(GAMES))
def test_lesson_links_are_relative_to_the_apps_folder(page, game_id):
    info, card = GAMES[game_id], page.cards[game_id]
    lessons = [link for link in card["links"] if "mg-game-lesson" in link["class"]]
    assert [link["href"] for link in lessons] == [f"../{name}" for name in info.notebooks]
    for link, name in zip(lessons, info.notebooks):
        assert (APPS / link["href"]).resolve().is_file()
        assert link["text"] == lesson_title(name) != name     # the lesson's heading, not its file name


def test_lessons_are_named_but_not_linked_where_they_cannot_open():
    text = gallery_html(lessons_linked=False)
    page = parse(text)
    hrefs = [link["href"] for card in page.cards.values() for link in card["links"]]
    assert not any(href.startswith("../") for href in hrefs)
    assert "make lab" in text
    for info in GAMES.values():
        for name in info.notebooks:
            assert name in page.cards[info.id]["text"]


@pytest.mark.parametrize("environ, reachable", [
    ({}, True),                                                                    # JupyterLab, nbval
    ({"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/voila/render/index.ipynb"}, False),   # voila notebooks/apps
    ({"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/voila/render/apps/index.ipynb"}, True),
    ({"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/user/x/voila/render/notebooks/apps/index.ipynb"}, True),
    ({"SERVER_SOFTWARE": "voila/0.5.13", "SCRIPT_NAME": "/"}, False),            # a single notebook served
])
def test_lessons_reachable_reads_where_voila_serves_the_page(environ, reachable):
    assert lessons_reachable(environ) is reachable


def test_gallery_widget_and_a_custom_registry():
    widget = gallery(games={"mineshaft_mayhem": GAMES["mineshaft_mayhem"]}, coming=(), lessons_linked=True)
    assert isinstance(widget, ipywidgets.HTML)
    page = parse(widget.value)
    assert list(page.cards) == ["mineshaft_mayhem"]
    assert not re.search(r"Goldmine|Gem Rush", widget.value)


def test_titles_and_blurbs_are_escaped():
    info = GAMES["mineshaft_mayhem"]
    odd = dataclasses.replace(info, id="odd", title="<b>Odd</b>", blurb="a & b <i>")
    text = gallery_html(games={"odd": odd}, coming=(("<x>", "<y>"),), lessons_linked=True)
    assert "<b>Odd</b>" not in text and "&lt;b&gt;Odd&lt;/b&gt;" in text
    assert "a &amp; b &lt;i&gt;" in text and "&lt;x&gt;" in text


@pytest.mark.parametrize("game_id", [g for g, info in GAMES.items() if info.app_path is not None])
def test_the_thumbnail_links_to_the_app(page, game_id):
    """Issue 21: the pictures were not links."""
    info, card = GAMES[game_id], page.cards[game_id]
    pictures = [link for link in card["links"] if "mg-game-picture-link" in link["class"]]
    assert [link["href"] for link in pictures] == [info.app_notebook]


def view_box(svg: str) -> list[float]:
    return [float(v) for v in re.search(r'viewBox="([^"]*)"', svg).group(1).split()]


def test_a_picture_of_placed_parts_is_cropped_to_them_and_others_are_not():
    """Gem Rush's new-game picture (a small mine and a hand, under a long header line) was mostly
    empty paper; pictures drawn as one piece keep their frame."""
    from widgets.gallery import cropped

    parts = ('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="400" viewBox="0 0 800 400">'
             '<rect width="100%" height="100%" fill="#fff"/><text x="8" y="18">a long header</text>'
             '<svg x="10" y="30" width="200" height="150" viewBox="0 0 100 75"><rect x="0" y="0" width="9" height="9"/></svg>'
             '<svg x="10" y="200" width="250" height="100" viewBox="0 0 50 20"></svg></svg>')
    out = cropped(parts)
    assert view_box(out) == [6, 26, 258, 278]
    assert 'width="258" height="278"' in out.split(">", 1)[0]
    whole = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="1" y="1" width="2" height="2"/></svg>'
    assert cropped(whole) == whole
    for game_id in ("mineshaft_mayhem", "out_of_mine"):
        drawn = GAMES[game_id].new_game(seed=1)._repr_svg_()
        assert cropped(drawn) == drawn


def test_the_grid_has_no_maximum_width_of_its_own():
    """A grid with a max-width sized to its content counts its columns from that maximum: three
    300 px columns in a 390 px window. The cap sits on the wrapper."""
    from widgets.gallery import GALLERY_CSS

    grid_rule = re.search(r"\.mg-gallery \{([^}]*)\}", GALLERY_CSS).group(1)
    assert "max-width" not in grid_rule and "min(300px, 100%)" in grid_rule
    assert '<div class="mg-gallery-page">' in gallery_html(lessons_linked=True)
