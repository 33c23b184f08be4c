"""Generate the Goldmine Rumbles components and write them to components.json.

Run by hand (``python minegames/goldmine_rumbles/data/make_components.py [out.json]``).
The printed tiles, claims, characters and missions are only shown in figures,
so this script invents a set that follows the rulebook's counts and the
suggested defaults in the facts file (see docs/rules/goldmine_rumbles.md,
"Assumptions"). The same seed always writes the same file; ``components.py``
only reads and checks it.

Tiles have 8 ports, 2 per edge, numbered clockwise from the top edge's left
port. A tunnel joins two ports, or meets three or four at a junction, or runs
from a port to a lettered entrance (A/B/C); tunnels that cross without meeting
are bridges. The shapes (how many ports each tunnel joins) were tuned with
``measure_mine.py`` so the nearest displayed claim usually needs no Dynamite
and nearly always at most one (figures in docs/rules/goldmine_rumbles.md).
Lettered tiles keep their leftover port as rock. The dark face shows the same
tunnels in the same places once the tile is turned over, one of them fallen in.
"""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path

SEED = 1851
OUT = Path(__file__).with_name("components.json")

COLOURS = ("Red", "Blue", "Green", "Yellow")
CLAIM_TYPES = ("Dark", "Flooded", "Hard Rock")
ESSENTIALS = ("Bread", "Dynamite", "Whiskey")

# name, lightning bolt, flask icon, harmonica icon, medicinal, what it does and when (own words)
ITEMS = [
    ("Bacon", False, True, False, False,
     "Pickpocket one item (never Bacon) from Papa Clayton or a player where you stand, even in passing."),
    ("Blunderbuss", False, False, True, False,
     "A fight bonus for one whole fight instead of the Colt 45; or shoot a tunnel snake to pass it "
     "(a 6 on the die backfires). No help against the hazard die's snake."),
    ("Bible", False, True, False, False,
     "When mining, raises your own die (1 or 2) to a better face; in a fight you did not start, "
     "cancels one roll."),
    ("Detonator", False, True, False, False,
     "Reorders the three tiles of a row next to you without turning them, or lets you look at one "
     "hidden Goldmine Rumbles tile."),
    ("Apple Pie", True, False, True, False, "Removes one Black Mark."),
    ("Pipe", False, True, False, False, "Moves up to three of your cubes to empty dashboard squares."),
    ("Dynamite", False, False, False, False,
     "Gives a mine tile next to you a new orientation (more tiles with Explosives Manuals)."),
    ("Fungus", True, False, True, True, "Removes one Poison token."),
    ("Bread", False, False, False, False,
     "Eaten when the hazard die shows Bread; or thrown to a rat so you pass it unharmed."),
    ("Chippawa Leaf", False, False, True, False, "Adds 3 to one fight round, played after the dice are seen."),
    ("Harmonica", False, False, False, False,
     "Calls Papa Clayton to you, or is swapped with him for an item with the harmonica icon."),
    ("Medical Supplies", True, False, True, True, "Removes one Bandage token."),
    ("Flask", False, False, False, False,
     "Replaces some of the claims on display, or is swapped with Papa Clayton for an item with the "
     "flask icon."),
    ("Matchstick", False, True, False, False,
     "Take all three items of a row at your claim, or one item from a displayed claim your route reaches."),
    ("Whiskey", True, False, False, True, "Heals 1-3 injuries back to none; never during a fight."),
]

# Invented names (the real character boards are not described); starting items per the facts file.
CHARACTERS = [
    ("Hattie Moss", "a preacher's daughter who reads the rock like scripture", "Bible"),
    ("Abel Quarry", "a lamp-lighter from Sacramento who never wastes a flame", "Matchstick"),
    ("Rosa Delgado", "a trail scout who learned her herbs from the Chippawa", "Chippawa Leaf"),
    ("Elias Crane", "a ship's surgeon who jumped ship in San Francisco", "Medical Supplies"),
]

SUPPLY_ESSENTIAL, SUPPLY_OTHER = 10, 6
STORE_PRICES = (1, 3, 4, 5, 6)
BID_SQUARES = (1, 2, 3, 4, 5, 6)
PHASE_TRACK = {  # cubes placed at the start of each phase
    "short": {"3": [3, 3, 3, 3], "4": [4, 4, 4]},
    "long": {"3": [3, 3, 2, 2, 2], "4": [3, 3, 3, 3]},
}

LETTERS = ("A", "A", "A", "B", "C")
RATS, SNAKES = 4, 3
# Tunnel sizes per tile (ports per tunnel; ports left over are rock). Tuned with measure_mine.py.
PLAIN_SHAPES = ((4, 2, 2), (4, 2, 2), (4, 4), (3, 3, 2))
LETTERED_SHAPES = ((4, 3), (4, 3), (3, 2, 2), (4, 3), (3, 3))  # beside the entrance spur
COLLAPSES = (1,) * 9  # tunnels fallen in on each dark face, tile by tile
# Claim slots: 16 claims x 2 rows x 3 = 96 = cubes + items.
CLAIM_CUBES = 14
ITEM_COPIES_ON_CLAIMS = {"Bread": 8, "Dynamite": 8, "Whiskey": 6}  # every other item: 5
MISSIONS, MISSION_SIZE = 8, 4


def edge(port: int) -> int:
    return port // 2


def spans_edges(group: list[int]) -> int:
    return len({edge(p) for p in group})


def split_ports(rng: random.Random, ports: list[int], sizes: tuple[int, ...]) -> list[list[int]]:
    """Split ``ports`` into tunnels of the given sizes (leftovers stay rock).

    A junction (3 or 4 ports) reaches at least three edges, so it links the
    tile's sides instead of bunching on one; at most one two-port tunnel is a
    U-turn (both ends on one edge)."""
    while True:
        shuffled = ports[:]
        rng.shuffle(shuffled)
        groups, at = [], 0
        for size in sizes:
            groups.append(sorted(shuffled[at:at + size]))
            at += size
        junctions_ok = all(spans_edges(g) >= 3 for g in groups if len(g) > 2)
        u_turns = sum(len(g) == 2 and spans_edges(g) == 1 for g in groups)
        if junctions_ok and u_turns <= 1:
            return groups


def make_tiles(rng: random.Random) -> list[dict]:
    """Nine tiles: the lettered ones get an entrance spur plus ``LETTERED_SHAPES``, the plain ones
    ``PLAIN_SHAPES``; then rats and snakes, then each dark face with ``COLLAPSES`` tunnels fallen in."""
    numbers = list(range(1, 10))
    lettered = dict(zip(rng.sample(numbers, len(LETTERS)), LETTERS))
    shapes = {"lettered": list(LETTERED_SHAPES), "plain": list(PLAIN_SHAPES)}
    for kind in shapes:
        rng.shuffle(shapes[kind])
    tiles = []
    for number in numbers:
        ports = list(range(8))
        tunnels = []
        if number in lettered:
            entrance = rng.choice(ports)
            ports.remove(entrance)
            groups = split_ports(rng, ports, shapes["lettered"].pop())
            tunnels = [{"ends": g} for g in groups] + [{"ends": [entrance, lettered[number]]}]
        else:
            tunnels = [{"ends": g} for g in split_ports(rng, ports, shapes["plain"].pop())]
        tiles.append({"number": number, "light": tunnels})
    marked_tiles = rng.sample(range(9), RATS + SNAKES)
    for k, tile_index in enumerate(marked_tiles):
        light = tiles[tile_index]["light"]
        pairs = [t for t in light if len(t["ends"]) == 2 and isinstance(t["ends"][1], int)]
        rng.choice(pairs or [t for t in light if isinstance(t["ends"][-1], int)])["hazard"] = (
            "rat" if k < RATS else "snake")
    for tile, fallen in zip(tiles, COLLAPSES):
        light = tile.pop("light")
        plain_tunnels = [i for i, t in enumerate(light) if isinstance(t["ends"][-1], int)]
        collapse = set(rng.sample(plain_tunnels, min(fallen, len(plain_tunnels) - 1)))
        dark = []
        for i, tunnel in enumerate(light):
            if i in collapse:
                dark.append({"ends": tunnel["ends"], "collapsed": True})
            else:
                dark.append(dict(tunnel))
        tile["light"], tile["dark"] = light, dark
    return tiles


def make_claims(rng: random.Random, items: list[str]) -> list[dict]:
    pool = []
    for name in items:
        pool += [name] * ITEM_COPIES_ON_CLAIMS.get(name, 5)
    pool.remove("Dynamite")
    pool.remove("Medical Supplies")
    fixed = {3: "Dynamite", 12: "Medical Supplies"}
    while True:
        entries = pool + ["cube"] * CLAIM_CUBES
        rng.shuffle(entries)
        claims, ok = [], True
        for site in range(1, 17):
            slots = [entries.pop() for _ in range(6 - (site in fixed))]
            if site in fixed:
                slots.insert(rng.randrange(6), fixed[site])
            rows = [slots[:3], slots[3:]]
            if any(len(set(row)) < 3 for row in rows) or sum(s == "cube" for s in slots) > 2:
                ok = False
                break
            claims.append({"site": site, "type": CLAIM_TYPES[(site - 1) % 3], "rows": rows})
        if ok:
            return claims


def make_missions(rng: random.Random, items: list[str]) -> list[list[str]]:
    others = [name for name in items if name not in ESSENTIALS]
    while True:
        extra = rng.sample(others, MISSIONS * MISSION_SIZE - 2 * len(others))
        pool = others * 2 + extra
        rng.shuffle(pool)
        missions = [sorted(pool[i:i + MISSION_SIZE], key=items.index) for i in range(0, len(pool), MISSION_SIZE)]
        if all(len(set(m)) == MISSION_SIZE for m in missions) and len({tuple(m) for m in missions}) == MISSIONS:
            return missions


def build(seed: int = SEED) -> dict:
    rng = random.Random(seed)
    names = [row[0] for row in ITEMS]
    tiles = make_tiles(random.Random(f"{seed} tiles"))  # its own stream: re-tuning tiles keeps the claims
    claims = make_claims(rng, names)
    missions = make_missions(rng, names)
    rumbles = [{"number": n, "order": rng.sample(COLOURS, 4)} for n in range(1, 10)]
    return {
        "seed": seed,
        "note": "Generated by make_components.py; invented layouts and contents (the real ones are only "
                "shown in the rulebook's figures).",
        "colours": list(COLOURS),
        "claim_types": list(CLAIM_TYPES),
        "items": [
            {"name": n, "essential": n in ESSENTIALS, "lightning": bolt, "flask_icon": flask,
             "harmonica_icon": harmonica, "medicinal": medicinal, "use": use}
            for n, bolt, flask, harmonica, medicinal, use in ITEMS
        ],
        "supply": {n: (SUPPLY_ESSENTIAL if n in ESSENTIALS else SUPPLY_OTHER) for n in names},
        "characters": [{"name": n, "story": s, "item": i} for n, s, i in CHARACTERS],
        "missions": missions,
        "rumbles_tiles": rumbles,
        "store_prices": list(STORE_PRICES),
        "bid_squares": list(BID_SQUARES),
        "phase_track": PHASE_TRACK,
        "mine_tiles": tiles,
        "claims": claims,
    }


def write(data: dict, out: Path) -> None:
    """One line per tile, claim and mission keeps the file diff-friendly."""
    lines = ["{"]
    keys = list(data)
    for k, key in enumerate(keys):
        value = data[key]
        comma = "," if k < len(keys) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            lines.append(f'  "{key}": [')
            lines += [f"    {json.dumps(v)}" + ("," if i < len(value) - 1 else "") for i, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {json.dumps(value)}{comma}')
    lines.append("}")
    out.write_text("\n".join(lines) + "\n")


def summary(data: dict) -> str:
    cubes = sum(s == "cube" for c in data["claims"] for row in c["rows"] for s in row)
    on_claims = Counter(s for c in data["claims"] for row in c["rows"] for s in row if s != "cube")
    hazards = Counter(t.get("hazard") for tile in data["mine_tiles"] for t in tile["light"] if t.get("hazard"))
    return f"cubes on claims {cubes}; items on claims {dict(on_claims)}; hazards {dict(hazards)}"


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    components = build()
    write(components, target)
    print(f"wrote {target}: {summary(components)}")
