"""The mine and card drawings: well-formed standalone SVG that names what it shows.

Rooms and cards are made here from the component classes, so the tests do not depend on the
generated component data.
"""

import xml.etree.ElementTree as ET

from minegames.gem_rush.components import Door, GemCard, Room
from minegames.gem_rush import render as R
from minegames.gem_rush.gems import GEM_NAMES, GEM_SHORT

SVG_NS = "{http://www.w3.org/2000/svg}"

T = Door((), 0)
ROOMS = {r.id: r for r in [
    Room("forge", "Forge of <Ages> & Echoes", "action",
         (Door(("obsidian", "permafrost", "electrum"), 2), None, Door(("fire_ruby",), 1), Door((), 0)),
         text="Draw 2"),
    Room("mirror", "Warped Mirror", "movement", (Door(("star_tear", "star_tear"), 1), Door(("soulstone",), 1),
                                                  None, Door(("sunstone",) * 6, 5))),
    Room("elevator", "Mystic Elevator", "free", (None, Door(("electrum",), 1), Door((), 0), None)),
    Room("cart", "Mine Cart", "mine_cart", (Door((), 0), None, Door(("obsidian",), 1), Door((), 0))),
    Room("cross", "Crossing Tunnel", "tunnel", (T, T, T, T), ((0, 2), (1, 3))),
    Room("bends", "Winding Tunnel", "tunnel", (T, T, T, T), ((0, 1), (2, 3))),
]}
MINE = {(0, 0): ("forge", 0), (1, 0): ("cross", 0), (2, 0): ("mirror", 1), (0, 1): ("elevator", 0),
        (0, -1): ("cart", 2), (2, 1): ("bends", 1), (3, 0): ("cart", 0)}
CARDS = (GemCard(0, ("obsidian", "fire_ruby")), GemCard(1, ("diamond_dust", "sunstone")), GemCard(2, ("echoglass",)))


def parse(text):
    root = ET.fromstring(text)
    assert root.tag == f"{SVG_NS}svg"
    for attribute in ("width", "height", "viewBox"):
        assert root.get(attribute)
    return root


def all_text(root):
    return " ".join("".join(node.itertext()) for node in root.iter() if node.tag in (f"{SVG_NS}text", f"{SVG_NS}title"))


def test_mine_svg_is_valid_and_names_every_room():
    text = R.mine_svg(MINE, {0: (0, 0), 1: (0, 0), 2: (2, 0)}, {0: "fire_ruby", 1: "permafrost", 2: "obsidian"},
                      rooms=ROOMS, highlight=(2, 0), chances={((0, 0), 2): "55%"})
    root = parse(text)
    words = all_text(root)
    for room in ROOMS.values():
        assert room.name in words  # tooltips name every tile, tunnels included
    assert "Warped Mirror" in [("".join(t.itertext())) for t in root.iter(f"{SVG_NS}text")]
    assert "player 1's dwarf" in words and "player 3's dwarf" in words and "55%" in words
    shown = [("".join(t.itertext())) for t in root.iter(f"{SVG_NS}text")]
    assert "P1" not in shown and "1" in shown and "3" in shown        # a dwarf says its player's number
    assert "Fire Ruby" in words and GEM_SHORT["fire_ruby"] not in shown  # gems by colour, named in tooltips
    lettered = R.mine_svg(MINE, rooms=ROOMS, letters=True)
    assert f">{GEM_SHORT['fire_ruby']}</text>" in lettered
    assert "&lt;Ages&gt;" in text  # escaped


def test_mine_svg_marks_empty_squares_a_door_leads_to():
    root = parse(R.mine_svg(MINE, {}, {}, rooms=ROOMS))
    dashed = [r for r in root.iter(f"{SVG_NS}rect") if r.get("stroke-dasharray")]
    assert dashed  # e.g. South of the Forge and East of the last cart
    titles = all_text(root)
    assert "empty space at (0, 2)" in titles
    assert "empty space at (4, 0)" not in titles  # the cart at (3, 0) has a wall on its East


def test_empty_mine_and_single_position_highlight():
    parse(R.mine_svg({}, {}, {}, rooms=ROOMS))
    parse(R.mine_svg({(0, 0): ("forge", 3)}, {0: (0, 0)}, {}, rooms=ROOMS, highlight=[(0, 0), (0, 1)], scale=0.5))


def test_short_names_fit():
    assert R.short_name("Mine Cart") == ["Mine Cart"]
    lines = R.short_name("The Extraordinarily Long Hall of Very Many Echoes")
    assert len(lines) == 2 and all(len(line) <= R.NAME_CHARS for line in lines) and lines[-1].endswith("\u2026")
    assert R.short_name("Supercalifragilisticexpialidocious") == ["Supercalifra\u2026"]


def test_cards_svg_shows_each_gem_by_name():
    root = parse(R.cards_svg([0, 1, 2], selected=[1], cards=CARDS))
    words = all_text(root)
    for card in CARDS:
        for gem in card.gems:
            assert GEM_NAMES[gem] in words
    assert "#2" in words
    parse(R.cards_svg([], cards=CARDS))
    one = parse(R.card_svg(1, selected=True, cards=CARDS))
    assert "Diamond Dust" in all_text(one)
    parse(R.card_svg(CARDS[0]))


def test_the_gem_key_names_the_gems_on_the_doors():
    assert R.door_gems({(0, 1): ("elevator", 0), (0, -1): ("cart", 2)}, ROOMS) == ["obsidian", "electrum"]
    assert R.door_gems(MINE, ROOMS) == ["obsidian", "permafrost", "electrum", "soulstone", "star_tear", "fire_ruby",
                                        "sunstone"]
    key = parse(R.gem_key_svg(["fire_ruby", "diamond_dust"], width=300))
    shown = [("".join(t.itertext())) for t in key.iter(f"{SVG_NS}text")]
    assert shown == ["Gems:", "Fire Ruby", "Diamond Dust"]
    wide, narrow = (parse(R.gem_key_svg(R.ALL_GEMS, width=w)) for w in (1200, 300))
    assert float(narrow.get("height")) > float(wide.get("height"))   # the key wraps to the width it is given
