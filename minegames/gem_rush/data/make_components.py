"""Generate the Gem Rush components and write them to components.json.

Run by hand (``python minegames/gem_rush/data/make_components.py [out.json]``); the same seeds
always write the same file, and ``components.py`` only reads and checks it.

What is sourced and what is invented: the rulebook gives the counts (75 gem cards, 80 room
tiles, 20 skills), four rooms (Tunnel, Mine Cart, Warped Mirror, Mystic Elevator), four skills
(Harmonization, Transmutation, Evocation, Permeation), the effect words and two door examples.
Everything else here is this project's own design, following the suggested defaults of the
facts file: the card mix, every other room with its name, doors and ability, and the other
sixteen skills.

Room abilities are effect programs (see docs/dev/gem_rush_api.md). Action rooms are balanced
with ``ability_value``, a rough worth in plain drawn cards (the Draw 1 action is worth 1), and
``build`` insists every action room lands between ``ACTION_VALUE`` bounds.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import random
import sys
from collections import Counter
from pathlib import Path

OUT = Path(__file__).with_name("components.json")
ROOM_SEED, DOOR_SEED = "gem rush rooms", "gem rush doors"  # two streams: re-tuning doors keeps the rooms
EXTRA_DOOR_SEED = "gem rush extra doors"  # a third: the balance pass adds doors, never changes one


def _load_gems():
    """gems.py by path, so running this script never imports the package (nor the JSON it writes)."""
    path = Path(__file__).resolve().parent.parent / "gems.py"
    spec = importlib.util.spec_from_file_location("_gem_rush_gems", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_gems = _load_gems()
STANDARD_GEMS: tuple[str, ...] = _gems.STANDARD_GEMS
SPECIAL_GEMS: tuple[str, ...] = _gems.SPECIAL_GEMS
ALL_GEMS: tuple[str, ...] = _gems.ALL_GEMS

# ------------------------------------------------------------------ gem cards

COPIES_PER_PAIR = 3
COPIES_PER_SPECIAL = 3


def make_cards() -> list[dict]:
    """21 standard pairs three times each, then 3 cards of each special gem, each special
    beside the next standard gem in turn (the partners cycle through STANDARD_GEMS)."""
    cards: list[list[str]] = []
    for pair in itertools.combinations(STANDARD_GEMS, 2):
        cards += [list(pair)] * COPIES_PER_PAIR
    partners = itertools.cycle(STANDARD_GEMS)
    for special in SPECIAL_GEMS:
        cards += [[next(partners), special] for _ in range(COPIES_PER_SPECIAL)]
    return [{"id": i, "gems": gems} for i, gems in enumerate(cards)]


# ------------------------------------------------------------------ ability value (for balancing)

X_VALUE = 2  # X rooms are valued as if X were 2 (hands hold about 4 cards at action time)
QUALITY = {"gems": 1.2, "named": 1.25, "special": 1.4}  # a card that meets a condition beats a blind draw
CHOICE_BONUS = 0.1  # per revealed card passed over when keeping some
DISCARD_COST = 0.75  # the player throws away their least useful cards
ACTION_VALUE = (1.5, 2.5)


def _n(n, x: int = X_VALUE) -> int:
    return {"X": x, "X+1": x + 1}.get(n, n) if isinstance(n, str) else n


def cond_share(cond, cards: list[dict], given=None) -> float:
    """Share of the cards meeting ``cond`` (among those meeting ``given``). The player is
    assumed to name a standard gem, so ``named`` is the average standard gem."""
    pool = [c["gems"] for c in cards if given is None or _meets(given, c["gems"])]
    if cond[0] == "named":
        return sum(sum(g in gems for gems in pool) for g in STANDARD_GEMS) / len(STANDARD_GEMS) / len(pool)
    return sum(_meets(cond, gems) for gems in pool) / len(pool)


def _meets(cond, gems) -> bool:
    if cond[0] == "gems":
        return any(g in gems for g in cond[1])
    if cond[0] == "special":
        return any(g in SPECIAL_GEMS for g in gems)
    return True  # "named" as a condition on a pool: unknown gem, so no filtering


def ability_value(ability, cards: list[dict]) -> float:
    """Rough worth of an effect program in plain drawn cards, tracking the expected revealed row
    as groups [count, quality, cond]. Kept cards come best first; matches are worth QUALITY."""
    value, row = 0.0, []
    for step in ability:
        op = step[0]
        if op == "draw":
            value += _n(step[1])
        elif op == "discard":
            value -= DISCARD_COST * _n(step[1])
        elif op == "reveal":
            row.append([float(_n(step[1])), 1.0, None])
        elif op == "dig":
            row.append([float(_n(step[1])), QUALITY[step[2][0]], step[2]])
        elif op == "keep":
            want, total = _n(step[1]), sum(g[0] for g in row)
            value += CHOICE_BONUS * max(0.0, total - want)
            for group in sorted(row, key=lambda g: -g[1]):
                take = min(want, group[0])
                value, want, group[0] = value + take * group[1], want - take, group[0] - take
        elif op == "keep_matching":
            cond = step[1]
            for group in row:
                share = 1.0 if group[2] == cond else cond_share(cond, cards, group[2])
                take = group[0] * share
                value, group[0] = value + take * QUALITY[cond[0]], group[0] - take
    return value


# ------------------------------------------------------------------ rooms

# Action abilities by family; A, B, C stand for different standard gems picked per room.
# Values (ability_value) are noted for the gem-free ones; the build checks all of them.
ACTION_TEMPLATES = {
    "draw": [
        (("draw", 2),),  # 2.0; the one ability printed on two tiles
        (("draw", 2),),
        (("draw", 1), ("reveal", 2), ("keep", 1)),
        (("draw", 1), ("reveal", 3), ("keep", 1)),
        (("draw", 1), ("reveal", 4), ("keep", 1)),
        (("reveal", 3), ("keep", 2)),
        (("reveal", 4), ("keep", 2)),
        (("reveal", 5), ("keep", 2)),
        (("reveal", 6), ("keep", 2)),
        (("reveal", 3), ("keep", 1), ("reveal", 2), ("keep", 1)),
    ],
    "named": [
        (("name",), ("reveal", 5), ("keep_matching", ("named",))),
        (("name",), ("reveal", 6), ("keep_matching", ("named",))),
        (("name",), ("reveal", 7), ("keep_matching", ("named",))),
        (("draw", 1), ("name",), ("reveal", 3), ("keep_matching", ("named",))),
        (("draw", 1), ("name",), ("reveal", 4), ("keep_matching", ("named",))),
        (("name",), ("dig", 2, ("named",)), ("keep", 2)),
        (("name",), ("dig", 1, ("named",)), ("keep", 1), ("draw", 1)),
        (("name",), ("reveal", 3), ("keep_matching", ("named",)), ("keep", 1)),
        (("name",), ("dig", 1, ("named",)), ("keep", 1), ("reveal", 2), ("keep", 1)),
        (("name",), ("reveal", 3), ("keep_matching", ("named",)), ("reveal", 2), ("keep", 1)),
        (("discard", 1), ("name",), ("dig", 2, ("named",)), ("keep", 2)),
        (("discard", "X"), ("name",), ("dig", "X", ("named",)), ("keep", "X"), ("draw", 1)),
        (("discard", 1), ("name",), ("reveal", 5), ("keep_matching", ("named",)), ("draw", 1)),
    ],
    "dig": [
        (("dig", 3, ("gems", "AB")), ("keep", 2)),
        (("dig", 3, ("gems", "AB")), ("keep", 2)),
        (("dig", 3, ("gems", "AB")), ("keep", 2)),
        (("dig", 2, ("gems", "AB")), ("keep", 2)),
        (("dig", 2, ("gems", "AB")), ("keep", 2)),
        (("dig", 2, ("gems", "A")), ("keep", 2)),
        (("dig", 2, ("gems", "A")), ("keep", 2)),
        (("dig", 1, ("gems", "A")), ("keep", 1), ("draw", 1)),
        (("dig", 1, ("gems", "AB")), ("keep", 1), ("reveal", 2), ("keep", 1)),
        (("dig", 2, ("gems", "AB")), ("keep", 1), ("draw", 1)),
        (("dig", 3, ("gems", "ABC")), ("keep", 2)),
        (("dig", 1, ("gems", "A")), ("keep", 1), ("dig", 1, ("gems", "B")), ("keep", 1)),
        (("dig", 1, ("gems", "A")), ("keep", 1), ("dig", 1, ("gems", "B")), ("keep", 1)),
    ],
    "sift": [
        (("reveal", 4), ("keep_matching", ("gems", "AB"))),
        (("reveal", 4), ("keep_matching", ("gems", "AB"))),
        (("reveal", 3), ("keep_matching", ("gems", "ABC"))),
        (("reveal", 3), ("keep_matching", ("gems", "ABC"))),
        (("reveal", 6), ("keep_matching", ("gems", "A"))),
        (("reveal", 6), ("keep_matching", ("gems", "A"))),
        (("reveal", 4), ("keep_matching", ("gems", "A")), ("keep", 1)),
        (("reveal", 3), ("keep_matching", ("gems", "A")), ("draw", 1)),
        (("reveal", 2), ("keep_matching", ("gems", "AB")), ("reveal", 2), ("keep", 1)),
    ],
    "special": [
        (("dig", 2, ("special",)), ("keep", 1)),
        (("dig", 3, ("special",)), ("keep", 1)),
        (("dig", 1, ("special",)), ("keep", 1), ("draw", 1)),
        (("reveal", 5), ("keep_matching", ("special",)), ("draw", 1)),
        (("reveal", 4), ("keep_matching", ("special",)), ("keep", 1)),
        (("dig", 1, ("special",)), ("keep", 1), ("reveal", 2), ("keep", 1)),
        (("discard", "X"), ("dig", "X", ("special",)), ("keep", "X"), ("draw", 1)),
        (("discard", 1), ("dig", 2, ("special",)), ("keep", 2)),
    ],
    "trade": [
        (("discard", "X"), ("draw", "X+1")),
        (("discard", "X"), ("reveal", "X+1"), ("keep", "X"), ("draw", 1)),
        (("discard", 1), ("draw", 3)),
        (("discard", 2), ("draw", 4)),
        (("discard", 1), ("reveal", 4), ("keep", 3)),
        (("discard", "X"), ("dig", "X+1", ("gems", "AB")), ("keep", "X+1")),
        (("discard", "X"), ("dig", "X", ("gems", "A")), ("keep", "X"), ("draw", 1)),
        (("discard", "X"), ("draw", "X"), ("dig", 1, ("gems", "A")), ("keep", 1)),
        (("discard", "X"), ("reveal", "X+1"), ("keep", "X"), ("dig", 1, ("special",)), ("keep", 1)),
    ],
}

# Movement rooms with a small card effect (used for a step in the movement phase, or as the action).
MOVEMENT_TEMPLATES = [
    (("draw", 1),),
    (("reveal", 2), ("keep", 1)),
    (("dig", 1, ("gems", "AB")), ("keep", 1)),
    (("name",), ("reveal", 2), ("keep_matching", ("named",))),
]

# Invented names, themed by family; each room takes a different one.
NAMES = {
    "draw": ["Lantern Hall", "Glittering Grotto", "Crystal Gallery", "Torchlit Landing", "Assay Office",
             "Jeweller's Loft", "Prospector's Camp", "Gem Cutter's Bench", "Tally Room",
             "Sorting Table", "Candle Niche"],
    "named": ["Echo Chamber", "Whispering Well", "Hall of Names", "Singing Stones", "Oracle's Pool",
              "Runecarver's Nook", "Chanting Cave", "Seer's Alcove", "Listening Post", "Moonlit Pool",
              "Ancestor's Tomb", "Bard's Hollow", "Speaking Stone", "Wishing Shaft"],
    "dig": ["Deep Seam", "Twin Vein Drift", "Motherlode Shaft", "Pickaxe Gallery", "Rich Stope",
            "Narrow Drift", "Hammer Hall", "Old Workings", "Collapsed Adit", "Winze Bottom",
            "Crosscut", "Drill Chamber", "Blasting Room", "Lower Level"],
    "sift": ["Sluice Box", "Panning Stream", "Sifting Floor", "Washing Trough", "Sorting Belt",
             "Riddle Screen", "Lodestone Cave", "Dripping Sieve", "Gravel Bar", "Settling Pond"],
    "special": ["Starfall Cavern", "Arcane Vault", "Glimmering Vault", "Wizard's Cellar", "Rune Forge",
                "Alchemist's Lab", "Dragon's Hoard", "Fey Hollow", "Shimmering Rift"],
    "trade": ["Smelting Furnace", "Slag Heap", "Trading Post", "Rubble Dump", "Crucible Hall", "Refinery",
              "Tinker's Workshop", "Barter Table", "Scrap Pile", "Ore Crusher"],
    "movement": ["Rope Ladder", "Scree Slide", "Winding Stair", "Rail Switch", "Underground River"],
}

# Tunnels: straight crossings and the two ways of bending in pairs.
TUNNEL_LINKS = [((0, 2), (1, 3))] * 4 + [((0, 1), (2, 3))] * 2 + [((0, 3), (1, 2))] * 2
MINE_CARTS = 4
SIDE_NAMES = ("North", "East", "South", "West")

DOOR_COUNT_WEIGHTS = {1: 10, 2: 35, 3: 35, 4: 20}
COST_SIZE_WEIGHTS = {0: 8, 1: 22, 2: 32, 3: 23, 4: 10, 5: 3, 6: 2}
# The balance pass (add_doors): with the first draw alone Crisis was too hard (team median
# 28-32) and eight one-door rooms could close the mine. Every room now has at least MIN_DOORS,
# the added ones cheap.
MIN_DOORS = 3
FOURTH_DOOR_CHANCE = 0.4  # and now and then a fourth
EXTRA_COST_SIZE_WEIGHTS = {1: 55, 3: 25, 4: 10, 5: 10}
REPEAT_CHANCE = 0.1  # a door's gems are drawn with repeats allowed this often
POINTS = (0, 1, 1, 2, 3, 4, 5)  # by cost size (the rulebook's example: 3 gems score 2)


class GemBag:
    """Hands out standard gems so each turns up about equally often across rooms."""

    def __init__(self, rng: random.Random):
        self.rng, self.bag = rng, []

    def take(self, k: int) -> list[str]:
        picked: list[str] = []
        while len(picked) < k:
            if not self.bag:
                self.bag = list(STANDARD_GEMS)
                self.rng.shuffle(self.bag)
            gem = self.bag.pop()
            if gem in picked:
                self.bag.insert(0, gem)
            else:
                picked.append(gem)
        return picked


def fill_gems(template, bag: GemBag):
    """Replace the letters in a template's ``("gems", "AB")`` conditions by different gems."""
    letters = sorted({ch for step in template for part in step if isinstance(part, tuple)
                      and part[0] == "gems" for ch in part[1]})
    chosen = dict(zip(letters, bag.take(len(letters))))

    def fill(part):
        if isinstance(part, tuple) and part[0] == "gems":
            gems = {chosen[ch] for ch in part[1]}
            return ("gems", tuple(g for g in STANDARD_GEMS if g in gems))
        return part

    return tuple(tuple(fill(part) for part in step) for step in template)


def make_abilities(rng: random.Random, templates, seen: set) -> list:
    """Fill templates with gems, drawing again when a gem-bearing ability repeats an earlier one."""
    bag = GemBag(rng)
    abilities = []
    for template in templates:
        for _ in range(100):
            ability = fill_gems(template, bag)
            if ability == template or ability not in seen:
                break
        else:
            raise RuntimeError(f"could not make a new ability from {template}")
        seen.add(ability)
        abilities.append(ability)
    return abilities


def make_door(rng: random.Random, size_weights: dict | None = None) -> dict:
    size_weights = size_weights or COST_SIZE_WEIGHTS
    size = rng.choices(list(size_weights), weights=list(size_weights.values()))[0]
    if rng.random() < REPEAT_CHANCE:
        gems = rng.choices(STANDARD_GEMS, k=size)
    else:
        gems = rng.sample(STANDARD_GEMS, size)
    return {"cost": sorted(gems), "points": POINTS[size]}


def make_doors(rng: random.Random) -> list:
    count = rng.choices(list(DOOR_COUNT_WEIGHTS), weights=list(DOOR_COUNT_WEIGHTS.values()))[0]
    sides = set(rng.sample(range(4), count))
    return [make_door(rng) if side in sides else None for side in range(4)]


def add_doors(doors: list, rng: random.Random) -> list:
    """The balance pass: a room with fewer than MIN_DOORS doors (MIN_DOORS + 1 at the chance
    FOURTH_DOOR_CHANCE) gets cheap new ones on free sides until it has that many. The doors it
    already had stay as they were."""
    doors = list(doors)
    free = [side for side in range(4) if doors[side] is None]
    wanted = MIN_DOORS + (rng.random() < FOURTH_DOOR_CHANCE)
    for side in sorted(rng.sample(free, max(0, wanted - (4 - len(free))))):
        doors[side] = make_door(rng, EXTRA_COST_SIZE_WEIGHTS)
    return doors


def tunnel_text(links) -> str:
    joined = " and ".join(f"{SIDE_NAMES[a]} to {SIDE_NAMES[b]}" for a, b in links)
    return f"Nobody stops here: the passages run {joined}."


MINE_CART_TEXT = ("Once the mine holds two or more Mine Carts, ride from any of them to any other "
                  "for free while moving.")


def make_rooms(cards: list[dict]) -> list[dict]:
    """80 rooms: action rooms by family, the movement rooms, the Mystic Elevator, the Mine Carts
    and the tunnels (in that order, ids r01..r80). Texts of rooms with an ability are left to
    ``components.ability_text``; only tunnels and Mine Carts carry a text here."""
    rng, door_rng, extra_rng = random.Random(ROOM_SEED), random.Random(DOOR_SEED), random.Random(EXTRA_DOOR_SEED)
    seen: set = set()
    rows = []
    for family, templates in ACTION_TEMPLATES.items():
        names = rng.sample(NAMES[family], len(templates))
        for name, ability in zip(names, make_abilities(rng, templates, seen)):
            value = ability_value(ability, cards)
            if not ACTION_VALUE[0] <= round(value, 2) <= ACTION_VALUE[1]:
                raise RuntimeError(f"{name}: {ability} is worth {value:.2f} cards, outside {ACTION_VALUE}")
            rows.append({"name": name, "kind": "action", "ability": ability})
    movement_names = rng.sample(NAMES["movement"], len(MOVEMENT_TEMPLATES))
    rows.append({"name": "Warped Mirror", "kind": "movement", "ability": (("swap_places",),)})
    for name, ability in zip(movement_names, make_abilities(rng, MOVEMENT_TEMPLATES, set())):
        rows.append({"name": name, "kind": "movement", "ability": ability})
    rows.append({"name": "Mystic Elevator", "kind": "free", "ability": (("move_room",),)})
    rows += [{"name": "Mine Cart", "kind": "mine_cart", "ability": (), "text": MINE_CART_TEXT}
             for _ in range(MINE_CARTS)]
    rooms = []
    for row in rows:
        rooms.append({"id": "", "name": row["name"], "kind": row["kind"], "doors": add_doors(make_doors(door_rng), extra_rng),
                      "links": [], **({"text": row["text"]} if "text" in row else {}),
                      "ability": row["ability"]})
    for links in TUNNEL_LINKS:
        rooms.append({"id": "", "name": "Tunnel", "kind": "tunnel",
                      "doors": [{"cost": [], "points": 0}] * 4, "links": links, "text": tunnel_text(links),
                      "ability": ()})
    for i, room in enumerate(rooms, 1):
        room["id"] = f"r{i:02d}"
    return json.loads(json.dumps(rooms))  # tuples to lists, as the file holds them


# ------------------------------------------------------------------ skills

# id, kind, name, text (own words); the first four are the rulebook's, the rest invented
SKILLS = [
    ("harmonization", "payment", "Harmonization",
     "Once per build, one card you spend may count as two Echoglass instead of its printed gems."),
    ("transmutation", "payment", "Transmutation",
     "Each two printed Echoglass spent together may count as one Diamond Dust."),
    ("evocation", "payment", "Evocation",
     "Once per build, any spent card adds one more gem of your colour."),
    ("permeation", "payment", "Permeation",
     "A spent card showing your colour may treat its other gem as your colour as well."),
    ("thrift", "payment", "Thrift",
     "Once per build, a door of two or more gems needs one gem fewer, and you pick which."),
    ("alloying", "payment", "Alloying",
     "An Orichalcum may pay as a copy of the other gem on its card, giving up its point."),
    ("resonance", "payment", "Resonance",
     "Echoglass may also copy whatever gem a spent Diamond Dust stands in for."),
    ("attunement", "payment", "Attunement",
     "Once per build, a spent Warpstone may pay as one gem of your colour."),
    ("long_legs", "movement", "Long Legs", "You may move up to 4 steps a turn rather than 3."),
    ("sure_footing", "movement", "Sure Footing",
     "Once per turn, cross a one-way passage against its direction, from a wall side into a door."),
    ("cart_whistle", "movement", "Cart Whistle",
     "Once per turn, for 1 step, go from any room to a Mine Cart already in the mine."),
    ("mirror_step", "movement", "Mirror Step", "Once per turn, for 1 step, trade places with another dwarf."),
    ("deep_pockets", "hand", "Deep Pockets", "When trimming your hand, keep 5 cards rather than 4."),
    ("prospector", "action", "Prospector", "The plain Draw action gives you 2 cards instead of 1."),
    ("keen_eye", "action", "Keen Eye", "Every Reveal in a room ability turns up one card more."),
    ("scavenger", "action", "Scavenger",
     "As your action you may take the top discarded card rather than drawing from the deck."),
    ("kinship", "action", "Kinship",
     "Whenever you name a gem, cards showing your colour count as showing the named gem too."),
    ("surveyor", "building", "Surveyor",
     "When you construct, turn up two room tiles, place one and slide the other under the room deck."),
    ("foreman", "building", "Foreman", "Score 1 extra point for each door of 3 or more gems you build through."),
    ("lodestar", "building", "Lodestar", "Once per turn, draw 1 card after you construct a room."),
]
RULEBOOK_SKILLS = ("harmonization", "transmutation", "evocation", "permeation")


def make_skills() -> list[dict]:
    return [{"id": sid, "name": name, "kind": kind, "text": text, "invented": sid not in RULEBOOK_SKILLS}
            for sid, kind, name, text in SKILLS]


# ------------------------------------------------------------------ file

def build() -> dict:
    cards = make_cards()
    return {
        "seeds": [ROOM_SEED, DOOR_SEED, EXTRA_DOOR_SEED],
        "note": "Generated by make_components.py. Invented apart from the counts, the Tunnel, Mine Cart, "
                "Warped Mirror and Mystic Elevator rooms and the four skills the rulebook names.",
        "gem_cards": cards,
        "rooms": make_rooms(cards),
        "skills": make_skills(),
    }


def dumps(data: dict) -> str:
    """One line per card, room and skill keeps the file diff-friendly."""
    lines = ["{"]
    keys = list(data)
    for k, key in enumerate(keys):
        value, comma = data[key], "," if k < len(keys) - 1 else ""
        if isinstance(value, list) and value and isinstance(value[0], dict):
            lines.append(f'  "{key}": [')
            lines += [f"    {json.dumps(v)}" + ("," if i < len(value) - 1 else "") for i, v in enumerate(value)]
            lines.append(f"  ]{comma}")
        else:
            lines.append(f'  "{key}": {json.dumps(value)}{comma}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def summary(data: dict) -> str:
    kinds = Counter(r["kind"] for r in data["rooms"])
    action = [json.dumps(r["ability"]) for r in data["rooms"] if r["kind"] == "action"]
    values = [ability_value(json.loads(a), data["gem_cards"]) for a in action]
    doors = [d for r in data["rooms"] if r["kind"] != "tunnel" for d in r["doors"] if d]
    sizes = Counter(len(d["cost"]) for d in doors)
    return (f"{len(data['gem_cards'])} cards; rooms {dict(kinds)}; {len(set(action))} distinct action "
            f"abilities worth {min(values):.2f}-{max(values):.2f} (mean {sum(values) / len(values):.2f}); "
            f"{len(doors)} doors, cost sizes {dict(sorted(sizes.items()))}; {len(data['skills'])} skills")


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    components = build()
    target.write_text(dumps(components))
    print(f"wrote {target}: {summary(components)}")
