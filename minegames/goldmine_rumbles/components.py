"""The Goldmine Rumbles components: mine tiles, claims, items, characters,
missions, Goldmine Rumbles tiles, supply, store, bid board and phase track.

The printed layouts and contents are only shown in the rulebook's figures, so
``data/make_components.py`` (seeded, run by hand) invents a set that keeps
every count and worked example of the rulebook; this module only reads and
checks ``data/components.json``, so importing it is cheap, deterministic and
fails loudly on a bad file. The dashboard columns come from ``dice_rules``
(their effects are dice rules) and are re-exported here.

Tile geometry: each tile edge has two ports, numbered clockwise 0..7 from the
left port of the top edge (0, 1 top; 2, 3 right; 4, 5 bottom; 6, 7 left). A
tunnel joins two ports, or meets three or four ports at a junction, or runs
from a port to a lettered entrance (A, B, C). Tunnels that cross without
meeting are bridges: one passes over the other.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple, Union

from . import dice_rules

DATA_FILE = Path(__file__).with_name("data") / "components.json"

PORTS = tuple(range(8))
LETTERS = ("A", "B", "C")
LETTER_COUNTS = {"A": 3, "B": 1, "C": 1}  # facts file: three A tunnels, one B, one C
HAZARDS = ("rat", "snake")
FACES = ("light", "dark")
CUBE = "cube"  # a claim slot showing a cube instead of an item
TILE_NUMBERS = tuple(range(1, 10))
CLAIM_SITES = tuple(range(1, 17))

End = Union[int, str]  # a port 0..7 or an entrance letter


class Tunnel(NamedTuple):
    """One printed tunnel: ``ends`` are two to four ports, or a port and an entrance letter.

    A tunnel with three or four ports is a junction: a miner entering at any
    end may leave by any other. A rat or snake on it is met on every walk
    through it. A collapsed tunnel (dark faces only) is drawn but cannot be walked.
    """

    ends: tuple[End, ...]
    hazard: str | None = None
    collapsed: bool = False

    @property
    def letter(self) -> str | None:
        return self.ends[-1] if isinstance(self.ends[-1], str) else None

    @property
    def ports(self) -> tuple[int, ...]:
        return tuple(end for end in self.ends if isinstance(end, int))

    @property
    def is_junction(self) -> bool:
        return len(self.ends) > 2

    def other_ends(self, end: End) -> tuple[End, ...]:
        """Where a miner who entered at ``end`` may come out."""
        return tuple(other for other in self.ends if other != end)


class MineTile(NamedTuple):
    """A double-sided mine tile; both faces list their tunnels in the tile's own frame.

    The dark face is the side seen after the tile is turned over in place, so
    its tunnels sit where the light face's did; some of them have collapsed.
    List order is drawing order: a later tunnel passes over an earlier one.
    """

    number: int
    light: tuple[Tunnel, ...]
    dark: tuple[Tunnel, ...]

    def face(self, name: str) -> tuple[Tunnel, ...]:
        if name not in FACES:
            raise ValueError(f"a tile face is 'light' or 'dark', not {name!r}")
        return self.light if name == "light" else self.dark

    @property
    def letter(self) -> str | None:
        letters = [t.letter for t in self.light if t.letter]
        return letters[0] if letters else None


class Claim(NamedTuple):
    """A claim tile: its site on the mine's rim (= its number), its type, and two rows of 3 slots."""

    site: int
    type: str
    rows: tuple[tuple[str, str, str], tuple[str, str, str]]

    def cubes(self, row: int) -> int:
        return self.rows[row].count(CUBE)

    def items(self, row: int) -> tuple[str, ...]:
        return tuple(slot for slot in self.rows[row] if slot != CUBE)


class Item(NamedTuple):
    """A single-use item type and the icons that matter to the rules.

    ``lightning``: usable at once even when carrying 6; ``flask_icon`` /
    ``harmonica_icon``: what a Flask / Harmonica may be swapped for with Papa
    Clayton; ``medicinal``: usable in the wind-down after mining or a fight.
    """

    name: str
    essential: bool
    lightning: bool
    flask_icon: bool
    harmonica_icon: bool
    medicinal: bool
    use: str

    @property
    def tradeable(self) -> bool:
        """Three of a kind may be sold (two go back for 6gn), except the essentials."""
        return not self.essential


class Character(NamedTuple):
    name: str
    story: str
    item: str


class RumblesTile(NamedTuple):
    """A Goldmine Rumbles tile: the mine tile it turns over and the player order it prints."""

    number: int
    order: tuple[str, ...]


def tunnels_cross(a: Tunnel, b: Tunnel) -> bool:
    """Two tunnels cross when their ports interleave around the tile's rim: ``b``'s ports do
    not all lie on one stretch of rim between two neighbouring ports of ``a``.

    Crossings are bridges: a miner cannot switch tunnels there. A tunnel to an
    entrance ends inside the tile and is never counted as crossing.
    """
    if a.letter or b.letter:
        return False
    cut = sorted(a.ports)
    stretch = {sum(port > p for p in cut) % len(cut) for port in b.ports}
    return len(stretch) > 1


def _fail(message: str) -> None:
    raise ValueError(f"{DATA_FILE.name}: {message}")


def _tunnel(row: dict, where: str) -> Tunnel:
    ends = tuple(row["ends"])
    hazard, collapsed = row.get("hazard"), bool(row.get("collapsed", False))
    ports = [end for end in ends if isinstance(end, int) and not isinstance(end, bool)]
    lettered = len(ends) == 2 and len(ports) == 1 and ends[1] in LETTERS
    ok = (
        (lettered or 2 <= len(ports) == len(ends) <= 4) and isinstance(ends[0], int)
        and all(p in PORTS for p in ports) and len(set(ports)) == len(ports)
        and (hazard is None or hazard in HAZARDS) and not (collapsed and hazard)
    )
    if not ok:
        _fail(f"bad tunnel {row} on {where}")
    return Tunnel(ends, hazard, collapsed)


def _face(rows: list, where: str) -> tuple[Tunnel, ...]:
    tunnels = tuple(_tunnel(row, where) for row in rows)
    ports = [p for t in tunnels for p in t.ports]
    if len(ports) != len(set(ports)):
        _fail(f"a port is used twice on {where}")
    if sum(t.letter is not None for t in tunnels) > 1:
        _fail(f"more than one entrance on {where}")
    return tunnels


def _mine_tile(row: dict) -> MineTile:
    number = int(row["number"])
    light, dark = _face(row["light"], f"tile {number} light"), _face(row["dark"], f"tile {number} dark")
    if any(t.collapsed for t in light):
        _fail(f"tile {number}: the light face has no collapsed tunnels")
    if [t.ends for t in light] != [t.ends for t in dark] or not any(t.collapsed for t in dark):
        _fail(f"tile {number}: the dark face shows the light face's tunnels, some collapsed")
    if any(t.collapsed and t.letter for t in dark):
        _fail(f"tile {number}: lettered tunnels never collapse")
    return MineTile(number, light, dark)


def _claim(row: dict, types: tuple[str, ...], items: dict) -> Claim:
    rows = tuple(tuple(r) for r in row["rows"])
    ok = (
        row["type"] in types and len(rows) == 2 and all(len(r) == 3 and len(set(r)) == 3 for r in rows)
        and all(slot == CUBE or slot in items for r in rows for slot in r)
    )
    if not ok:
        _fail(f"bad claim {row}")
    return Claim(int(row["site"]), row["type"], rows)


def _load() -> dict:
    data = json.loads(DATA_FILE.read_text())
    colours = tuple(data["colours"])
    types = tuple(data["claim_types"])
    if set(types) != set(dice_rules.YIELD_COLUMN):
        _fail("claim types must match the dashboard's yield columns")
    items = {row["name"]: Item(**row) for row in data["items"]}
    if len(items) != 15 or sum(i.essential for i in items.values()) != 3:
        _fail("there are 15 item types, 3 of them essentials")
    supply = {name: int(n) for name, n in data["supply"].items()}
    if set(supply) != set(items):
        _fail("the supply lists every item type once")
    characters = tuple(Character(**row) for row in data["characters"])
    starting = [c.item for c in characters]
    if len(characters) != 4 or len(set(starting)) != 4 or any(items[i].essential for i in starting):
        _fail("4 characters, each starting with a different non-essential item")
    missions = tuple(tuple(m) for m in data["missions"])
    if len(missions) != 8 or len(set(missions)) != 8 or any(
            len(set(m)) != 4 or any(items[i].essential for i in m) for m in missions):
        _fail("8 different missions of 4 different non-essential items")
    rumbles = tuple(RumblesTile(int(r["number"]), tuple(r["order"])) for r in data["rumbles_tiles"])
    if [r.number for r in rumbles] != list(TILE_NUMBERS) or any(sorted(r.order) != sorted(colours) for r in rumbles):
        _fail("9 Goldmine Rumbles tiles, one per mine tile, each ordering the 4 colours")
    tiles = {t.number: t for t in map(_mine_tile, data["mine_tiles"])}
    if tuple(tiles) != TILE_NUMBERS:
        _fail("mine tiles are numbered 1..9")
    letters = sorted(t.letter for t in tiles.values() if t.letter)
    if letters != sorted(k for k, n in LETTER_COUNTS.items() for _ in range(n)):
        _fail(f"lettered tunnels must be {LETTER_COUNTS}, found {letters}")
    claims = {c.site: c for c in (_claim(row, types, items) for row in data["claims"])}
    if tuple(claims) != CLAIM_SITES:
        _fail("claims are numbered by their sites 1..16")
    if claims[2].type != "Flooded" or not any("Dynamite" in r for r in claims[3].rows) or not any(
            "Medical Supplies" in r for r in claims[12].rows):
        _fail("the rulebook's examples need claim 2 Flooded, Dynamite on claim 3, Medical Supplies on 12")
    track = {length: {int(p): tuple(c) for p, c in per.items()} for length, per in data["phase_track"].items()}
    return {
        "colours": colours, "types": types, "items": items, "supply": supply, "characters": characters,
        "missions": missions, "rumbles": rumbles, "tiles": tiles, "claims": claims,
        "store": tuple(data["store_prices"]), "bids": tuple(data["bid_squares"]), "track": track,
    }


_DATA = _load()

COLOURS: tuple[str, ...] = _DATA["colours"]
CLAIM_TYPES: tuple[str, ...] = _DATA["types"]
ITEMS: dict[str, Item] = _DATA["items"]
ITEM_NAMES: tuple[str, ...] = tuple(ITEMS)
ESSENTIALS = tuple(n for n, i in ITEMS.items() if i.essential)
LIGHTNING_ITEMS = tuple(n for n, i in ITEMS.items() if i.lightning)
FLASK_ITEMS = tuple(n for n, i in ITEMS.items() if i.flask_icon)
HARMONICA_ITEMS = tuple(n for n, i in ITEMS.items() if i.harmonica_icon)
MEDICINAL_ITEMS = tuple(n for n, i in ITEMS.items() if i.medicinal)
SUPPLY: dict[str, int] = _DATA["supply"]  # cubes and tokens are unlimited
CHARACTERS: tuple[Character, ...] = _DATA["characters"]
MISSIONS: tuple[tuple[str, ...], ...] = _DATA["missions"]
RUMBLES_TILES: tuple[RumblesTile, ...] = _DATA["rumbles"]
MINE_TILES: dict[int, MineTile] = _DATA["tiles"]
CLAIMS: dict[int, Claim] = _DATA["claims"]
STORE_PRICES: tuple[int, ...] = _DATA["store"]  # the five claim squares, left to right
BID_SQUARES: tuple[int, ...] = _DATA["bids"]
PHASE_TRACK: dict[str, dict[int, tuple[int, ...]]] = _DATA["track"]
START_ITEMS = ("Bread", "Dynamite", "Whiskey")  # plus the character's item
START_GOLD = 10
CARRY_LIMIT = 6

DASHBOARD_COLUMNS: tuple[str, ...] = tuple(dice_rules.DASHBOARD)
DASHBOARD_CAPACITY: dict[str, int] = {name: col.squares for name, col in dice_rules.DASHBOARD.items()}


def phase_cubes(players: int, long_game: bool = False) -> tuple[int, ...]:
    """Cubes each player places at the start of each phase; its length is the number of phases."""
    length = "long" if long_game else "short"
    if players not in PHASE_TRACK[length]:
        raise ValueError(f"Goldmine Rumbles is for 3 or 4 players, not {players}")
    return PHASE_TRACK[length][players]


def phase_order(tile: RumblesTile, colours_in_play) -> tuple[str, ...]:
    """The player order a Rumbles tile prints, skipping colours nobody plays."""
    playing = set(colours_in_play)
    return tuple(colour for colour in tile.order if colour in playing)
