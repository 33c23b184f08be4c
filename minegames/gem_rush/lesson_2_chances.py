"""Gem Rush, lesson 2: the chance that a hand pays a door (notebooks/gem_rush_2_chances.ipynb).

The lesson's plan and questions (:data:`CHANCES`) and its helpers: the tables it shows (each
computed from :func:`.analysis.chance_to_pay`, the model's exact count over every equally
likely hand), what its buttons run (:func:`deal_batches`, :func:`door_chances`,
:func:`dig_check`) and the extension's counting by hand. Plain model code, no widgets.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from minegames.core.lessons import Lesson, Question, Section, standard_error

from . import analysis
from . import components as C
from .gems import DIAMOND_DUST, ECHOGLASS, GEM_NAMES
from .lessons import (
    SPEAKING_STONE, Table, Words, card, cards_text, chance_by_counting, deck_without, gem_names, paying_kinds,
    simulate_dig, simulate_pay,
)

HAND = 4   # a fresh hand in the lesson: 4 cards, the hand limit

#: doors of 1 to 4 different gems
DOORS = {1: ("obsidian",), 2: ("obsidian", "permafrost"), 3: ("electrum", "obsidian", "permafrost"),
         4: ("electrum", "obsidian", "permafrost", "soulstone")}
THREE_GEMS = DOORS[3]


def percent(value) -> str:
    return f"{float(value):.1%}"


# ---------------------------------------------------------------------------
# The deck, and counting hands
# ---------------------------------------------------------------------------

def deck_text() -> Table:
    """How many of the 75 cards show each gem (every card shows two)."""
    shown = Counter(g for c in C.GEM_CARDS for g in c.gems)
    dust = [c.id for c in C.GEM_CARDS if DIAMOND_DUST in c.gems]
    return Table(("gem", f"cards showing it (of {len(C.GEM_CARDS)})"),
                 [(GEM_NAMES[g], n) for g, n in shown.items()],
                 note=f"Every card shows two gems. The Diamond Dust cards: {cards_text(dust)}.")


def hands(cards: int, taken: int) -> int:
    """C(cards, taken): the number of different hands of ``taken`` cards from ``cards``."""
    return comb(cards, taken)


def hands_text() -> Words:
    return Words(f"C(4, 2) = {hands(4, 2)}\nC(75, 2) = 75 × 74 / (2 × 1) = {hands(75, 2):,}\n"
                 f"C(75, 4) = 75 × 74 × 73 × 72 / (4 × 3 × 2 × 1) = {hands(75, 4):,} hands of 4 cards")


def paying_cards(gem: str = "obsidian") -> int:
    """The cards that pay a one-gem door on their own: those showing the gem, and the wild ones."""
    return sum(1 for c in C.GEM_CARDS if gem in c.gems or DIAMOND_DUST in c.gems)


def one_gem_by_complement(draws: int = HAND, gem: str = "obsidian") -> Fraction:
    """1 - C(75 - paying, draws) / C(75, draws): a hand fails only if every card is one that cannot pay."""
    paying = paying_cards(gem)
    return 1 - Fraction(comb(len(C.GEM_CARDS) - paying, draws), comb(len(C.GEM_CARDS), draws))


def complement_text(draws: int = HAND) -> Words:
    paying = paying_cards()
    rest = len(C.GEM_CARDS) - paying
    fail = Fraction(comb(rest, draws), comb(len(C.GEM_CARDS), draws))
    exact = one_gem_by_complement(draws)
    assert exact == analysis.chance_to_pay(DOORS[1], draws=draws)   # the model counts the same
    return Words(f"Hands with no paying card: C({rest}, {draws}) = {comb(rest, draws):,} of {comb(75, draws):,}, "
                 f"so P(no paying card) = {fail}, about {percent(fail)}.\n"
                 f"P(pays) = 1 − P(no paying card) = {exact}, about {percent(exact)}.")


def one_gem_simulation(trials: int = 5000, seed: int = 7):
    """The running share of paying hands over ``trials`` random 4-card deals (one Obsidian)."""
    return simulate_pay(DOORS[1], HAND, trials=trials, seed=seed)


# ---------------------------------------------------------------------------
# Harder doors, and expectation
# ---------------------------------------------------------------------------

def chance_table_text(sizes=range(2, 9)) -> Table:
    """The exact chance that a fresh hand pays a door of 1 to 4 different gems, by hand size."""
    return Table(["gems on the door"] + [f"{k} cards" for k in sizes],
                 [[size] + [percent(analysis.chance_to_pay(cost, draws=k)) for k in sizes]
                  for size, cost in DOORS.items()])


def speaking_stone_average() -> Fraction:
    """Expected cards from Speaking Stone naming Obsidian (the model sums the whole distribution)."""
    return analysis.expected_cards(C.ROOM_BY_ID[SPEAKING_STONE].ability, named="obsidian")


def door_value_rows(draws: int = HAND) -> list[tuple[int, int, Fraction, Fraction, Fraction]]:
    """Per door size, over every door of the rooms that are not tunnels: (gems, doors, mean points,
    mean chance to pay with a fresh hand, mean expected points = chance x points)."""
    doors = [d for room in C.ROOMS if room.kind != "tunnel" for d in room.doors if d is not None and d.cost]
    rows = []
    for size in sorted({len(d.cost) for d in doors}):
        some = [d for d in doors if len(d.cost) == size]
        chances = [analysis.chance_to_pay(d.cost, draws=draws) for d in some]
        rows.append((size, len(some), Fraction(sum(d.points for d in some), len(some)),
                     sum(chances) / len(some), sum(p * d.points for p, d in zip(chances, some)) / len(some)))
    return rows


DOOR_SIZES = tuple(f"{n} gem{'s' if n > 1 else ''}" for n in range(1, 7))


def best_door_size() -> str:
    """The door size with the most expected points for a fresh hand (one of :data:`DOOR_SIZES`)."""
    size = max(door_value_rows(), key=lambda row: row[4])[0]
    return DOOR_SIZES[size - 1]


def door_value_text() -> Table:
    return Table(("gems on the door", "doors", "points", "chance to pay", "expected points"),
                 [(size, doors, f"{float(points):.0f}" if points == int(points) else f"{float(points):.2f}",
                   percent(chance), f"{float(worth):.2f}")
                  for size, doors, points, chance, worth in door_value_rows()])


# ---------------------------------------------------------------------------
# The wildcards
# ---------------------------------------------------------------------------

WILD_DOORS = {"Obsidian + Permafrost + Electrum": THREE_GEMS,
              "Electrum + Electrum + Sunstone": ("electrum", "electrum", "sunstone"),
              "Obsidian + Obsidian": ("obsidian", "obsidian")}


def wildcard_rows(hand_sizes=(4, 6)):
    """(door, cards, chance with the real deck, with no Diamond Dust, with no Echoglass)."""
    return [(name, k, analysis.chance_to_pay(cost, draws=k),
             analysis.chance_to_pay(cost, draws=k, deck=deck_without(DIAMOND_DUST)),
             analysis.chance_to_pay(cost, draws=k, deck=deck_without(ECHOGLASS)))
            for name, cost in WILD_DOORS.items() for k in hand_sizes]


def dust_gain(cost=THREE_GEMS, draws: int = HAND) -> Fraction:
    """Percentage points the three Diamond Dust cards add to the chance of paying ``cost``."""
    return 100 * (analysis.chance_to_pay(cost, draws=draws)
                  - analysis.chance_to_pay(cost, draws=draws, deck=deck_without(DIAMOND_DUST)))


def wildcard_text() -> Table:
    rows = wildcard_rows()
    dust = [100 * float(real - dry) for _, _, real, dry, _ in rows]
    echo = [100 * float(real - dull) for name, _, real, _, dull in rows if len(set(WILD_DOORS[name])) < len(WILD_DOORS[name])]
    note = (f"Diamond Dust adds between {min(dust):.1f} and {max(dust):.1f} percentage points to these doors.\n"
            f"Echoglass adds nothing to the door of three different gems, and between {min(echo):.1f} and "
            f"{max(echo):.1f} points to the doors that repeat a gem.")
    return Table(("door", "cards", "real deck", "no Diamond Dust", "no Echoglass"),
                 [(name, k, percent(real), percent(dry), percent(dull)) for name, k, real, dry, dull in rows], note)


#: doors for the calculator (a "thing to try")
CALCULATOR_DOORS = {**{gem_names(cost): cost for cost in DOORS.values()}, **WILD_DOORS,
                    "Fire Ruby + Fire Ruby + Sunstone + Star Tear": ("fire_ruby", "fire_ruby", "sunstone", "star_tear")}


def door_chances(door: str = "Obsidian + Permafrost + Electrum", cards: int = HAND) -> Table:
    """The exact chance that ``cards`` fresh cards pay ``door``, with the real deck and with
    each wild gem struck off."""
    cost = CALCULATOR_DOORS[door]
    real = analysis.chance_to_pay(cost, draws=cards)
    dry = analysis.chance_to_pay(cost, draws=cards, deck=deck_without(DIAMOND_DUST))
    dull = analysis.chance_to_pay(cost, draws=cards, deck=deck_without(ECHOGLASS))
    return Table(("deck", f"chance that {cards} cards pay {door}", "the wild gem adds"),
                 [("real deck", percent(real), ""),
                  ("no Diamond Dust", percent(dry), f"{100 * float(real - dry):.1f} percentage points"),
                  ("no Echoglass", percent(dull), f"{100 * float(real - dull):.1f} percentage points")])


HELD = (card("obsidian", "permafrost"),)


def next_card_completes() -> Fraction:
    """Holding Obsidian + Permafrost: the chance the next card drawn completes the three-gem door."""
    return analysis.chance_to_pay(THREE_GEMS, hand=HELD, draws=1)


# ---------------------------------------------------------------------------
# Checking by simulation: the law of large numbers and the 2 standard-error band
# ---------------------------------------------------------------------------

DEAL_DOORS = {f"{size} gem{'s' if size > 1 else ''}: {gem_names(cost)}": cost for size, cost in DOORS.items()}
BATCHES = 5


def expected_paying(deals: int = 1000, cost=THREE_GEMS) -> Fraction:
    """The expected number of paying hands among ``deals`` fresh 4-card hands: deals x chance."""
    return deals * analysis.chance_to_pay(cost, draws=HAND)


def band(chance: Fraction, deals: int) -> tuple[float, float]:
    """The 2 standard-error band round ``chance`` for a share over ``deals`` deals:
    chance +- 2 x sqrt(chance x (1 - chance) / deals)."""
    se = standard_error(chance, deals)
    return float(chance) - 2 * se, float(chance) + 2 * se


def deal_batches(door: str = next(iter(DEAL_DOORS)), deals: int = 100, batches: int = BATCHES) -> Table:
    """Deal ``deals`` random 4-card hands, ``batches`` times (seeded): each batch's share of
    paying hands against the exact chance and its 2 standard-error band."""
    cost = (DEAL_DOORS.get(door) or CALCULATOR_DOORS[door])
    exact = analysis.chance_to_pay(cost, draws=HAND)
    low, high = band(exact, deals)
    rows, inside = [], 0
    for batch in range(1, batches + 1):
        share = float(simulate_pay(cost, HAND, trials=deals, seed=batch)[-1])
        hit = low <= share <= high
        inside += hit
        rows.append((batch, f"{round(share * deals):,} of {deals:,}", f"{share:.1%}",
                     f"{'inside' if hit else 'OUTSIDE'} the band"))
    note = (f"{door}: exact chance {percent(exact)}; expected paying hands in {deals:,} deals: "
            f"{float(deals * exact):,.1f}.\n"
            f"2 standard-error band: {low:.1%} to {high:.1%} (half-width {(high - low) / 2:.1%}).\n"
            f"{inside} of {batches} batches inside the band (about 95 in 100 should be).")
    return Table(("batch", "hands that paid", "share", "2 standard-error band"), rows, note)


# ---------------------------------------------------------------------------
# Extension: counting by kinds, Echoglass on a repeated gem, the dig
# ---------------------------------------------------------------------------

def independent_text() -> Table:
    """The exact chance for g gems against the one-gem chance to the power g (as if independent)."""
    one = analysis.chance_to_pay(DOORS[1], draws=HAND)
    return Table(("gems on the door", "exact chance", "one-gem chance to that power"),
                 [(size, f"{float(analysis.chance_to_pay(cost, draws=HAND)):.3f}", f"{float(one ** size):.3f}")
                  for size, cost in DOORS.items()])


def kinds_text(cost=DOORS[2]) -> Table:
    rows = []
    for (shown, dust), count in sorted(paying_kinds(cost).items(), key=lambda kv: -kv[1]):
        rows.append((count, (gem_names(shown) if shown else "neither gem") + (", and Diamond Dust" if dust else "")))
    return Table(("cards", "showing"), rows)


def counting_check_text() -> Table:
    """The count by kinds (only math.comb) against the model, for 2 and 3 gems and 2, 4, 6 cards."""
    rows = []
    for size in (2, 3):
        for k in (2, 4, 6):
            by_hand = chance_by_counting(DOORS[size], k)
            same = by_hand == analysis.chance_to_pay(DOORS[size], draws=k)
            rows.append((size, k, f"{by_hand} = {float(by_hand):.4f}", "yes" if same else "NO"))
    return Table(("gems", "cards", "counted by kinds", "same as the game's count?"), rows)


def repeat_text() -> Table:
    repeat = ("obsidian", "obsidian", "permafrost")
    return Table((f"holding {cards_text(HELD)}, the door still needs", "chance the next card pays it"),
                 [("Electrum", str(next_card_completes())),
                  ("a second Obsidian", str(analysis.chance_to_pay(repeat, hand=HELD, draws=1)))],
                 note="The 3 Echoglass cards can copy the Obsidian already held.")


def dig_length(length: int, n: int, hits: int, misses: int) -> Fraction:
    """Chance that a dig for ``n`` hits in a shuffled deck of ``hits + misses`` cards turns up
    exactly ``length`` cards: C(L-1, n-1) C(N-L, H-n) / C(N, H)."""
    return Fraction(comb(length - 1, n - 1) * comb(hits + misses - length, hits - n), comb(hits + misses, hits))


def dig_text() -> Table:
    stope = C.ROOM_BY_ID["r27"]
    hits = sum(1 for c in C.GEM_CARDS if "obsidian" in c.gems or "electrum" in c.gems)
    odds = analysis.dig_length_odds(2, ("gems", ("obsidian", "electrum")))
    agree = all(dig_length(L, 2, hits, 75 - hits) == p for L, p in odds.items())
    note = (f"{stope.name}: {stope.text} {hits} cards are hits. The formula and the game's own count "
            f"{'agree' if agree else 'DISAGREE'} on all {len(odds)} possible lengths (the first five shown).")
    return Table(("cards turned up", "chance"), [(L, f"{odds[L]} = {float(odds[L]):.3f}") for L in range(2, 7)], note)


def _plain_digs() -> dict:
    rooms = {}
    for room in C.ROOMS:
        first = room.ability[0] if room.ability else None
        if first and first[0] == "dig" and isinstance(first[1], int) and first[2][0] == "gems":
            rooms[room.name] = (first[1], first[2][1])
    return rooms


DIG_ROOMS = _plain_digs()


def dig_mean(room: str = "Pickaxe Gallery") -> Fraction:
    """The exact average number of cards the room's (first) dig turns up on a fresh deck."""
    n, gems = DIG_ROOMS[room]
    return sum(L * p for L, p in analysis.dig_length_odds(n, ("gems", tuple(gems))).items())


def dig_check(room: str = "Pickaxe Gallery", trials: int = 2000) -> Words:
    n, gems = DIG_ROOMS[room]
    exact = dig_mean(room)
    lengths = simulate_dig(n, gems, trials=trials, seed=3)
    return Words(f"{room} digs for {n} card{'s' if n > 1 else ''} showing "
                 f"{' or '.join(GEM_NAMES[g] for g in gems)}.\n"
                 f"exact average {exact} = {float(exact):.2f} cards; {trials:,} shuffled digs: {lengths.mean():.2f} cards")


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

QUESTIONS = (
    Question(
        "hands_of_two",
        "How many different hands of 2 cards can be dealt from the 75 gem cards? (The order the two cards "
        "arrive in does not matter.)",
        lambda: hands(len(C.GEM_CARDS), 2),
        worked="C(75, 2) = 75 x 74 / 2 = 2775: 75 first cards times 74 second cards counts every hand twice.",
        hint="75 choices for the first card and 74 for the second; each hand has then been counted twice.",
        section="Start"),
    Question(
        "obsidian_cards",
        "How many of the 75 cards can pay, on their own, a door that costs one Obsidian?",
        lambda: paying_cards("obsidian"),
        worked="20 cards show Obsidian; 2 more Diamond Dust cards show something else (the third Diamond Dust "
               "card shows Obsidian already): 22.",
        hint="Cards showing Obsidian, and the wild cards. Do not count a card twice.",
        section="1"),
    Question(
        "one_gem",
        "Predict: what is the chance that a fresh hand of 4 cards pays a door costing one Obsidian?",
        lambda: analysis.chance_to_pay(DOORS[1], draws=HAND),
        worked="Complement: 1 - C(53, 4)/C(75, 4), since a hand fails only when all 4 cards come from the 53 "
               "that cannot pay.",
        predict=True, show_working=False, section="1"),
    Question(
        "three_gems",
        "Predict: what is the chance that a fresh hand of 4 cards pays Obsidian + Permafrost + Electrum?",
        lambda: analysis.chance_to_pay(THREE_GEMS, draws=HAND),
        worked="The game checks every one of the C(75, 4) = 1,215,450 hands and counts those that pay: a bit "
               "over 2 in 5, against about 3 in 4 for one gem.",
        predict=True, section="2"),
    Question(
        "best_door",
        "Predict: with a fresh hand of 4 cards, which size of door is worth the most points on average "
        "(the chance to pay it x its points)?",
        best_door_size,
        worked="Expected points = chance x points for each door, averaged by size: the 4-gem doors come out "
               "just ahead of the 3-gem doors; 2-gem doors are the poorest deal but one.",
        choices=DOOR_SIZES, predict=True, section="3"),
    Question(
        "dust_gain",
        "Predict: by how many percentage points do the 3 Diamond Dust cards raise the chance that a fresh "
        "hand of 4 pays Obsidian + Permafrost + Electrum?",
        dust_gain,
        worked="Chance with the real deck minus chance with Diamond Dust struck off every card, both counted "
               "exactly: about 41.2% - 33.2%, 8 points.",
        tolerance=0.05, predict=True, section="4"),
    Question(
        "thousand_deals",
        "Predict: deal 1,000 fresh hands of 4 cards. How many of them do you expect to pay Obsidian + "
        "Permafrost + Electrum? (To the nearest whole number.)",
        lambda: expected_paying(1000),
        worked="Expected number = deals x chance = 1000 x 27843/67525, about 412.",
        tolerance=0.02, predict=True, section="5"),
    Question(
        "speaking_stone",
        "Extension: Speaking Stone reveals 6 cards and you keep those showing the gem you named. Naming Obsidian on a "
        "full, shuffled deck, how many cards do you keep on average? (A fraction or a decimal.)",
        speaking_stone_average,
        worked="Each of the 6 cards shows Obsidian with chance 20/75, and expectations add: 6 x 20/75 = 8/5.",
        hint="20 of the 75 cards show Obsidian. What is the expected number for one revealed card? For six?",
        section="Extension"),
    Question(
        "complete_electrum",
        "Extension: player 1 holds Obsidian + Permafrost. What is the chance that the next card drawn completes "
        "Obsidian + Permafrost + Electrum? (A fraction, or a decimal to 3 places.)",
        next_card_completes,
        worked="74 cards are left: 20 show Electrum and 2 more carry a Diamond Dust (the third Diamond Dust card "
               "shows Electrum too): 22/74 = 11/37.",
        hint="Count the cards left in the deck (74) that would pay the missing Electrum: those showing it, and "
             "the wild ones.",
        tolerance=0.02, section="Extension"),
    Question(
        "dig_mean",
        "Extension: Pickaxe Gallery digs for 1 card showing Sunstone (19 of the 75 cards). How many cards "
        "does the dig turn up, on average?",
        lambda: dig_mean("Pickaxe Gallery"),
        worked="n (N + 1) / (H + 1) with n = 1, N = 75, H = 19: 76/20 = 19/5 = 3.8 cards.",
        hint="The 19 Sunstone cards cut the 56 others into 20 runs of the same average length.",
        section="Extension"),
)

CHANCES = Lesson(
    name="gem_rush_2_chances",
    title="Gem Rush 2: the chance that a hand pays a door",
    goals=(
        "describe a dealt hand as one outcome in a sample space of equally likely hands, count hands with "
        "C(n, k), and find the probability of an event through its complement",
        "explain why a door with more gems is paid less often, and compare doors by their expected points",
        "measure what a wild card adds to a probability, in percentage points",
        "check an exact probability by simulation, using the law of large numbers and the "
        "2 standard-error band",
    ),
    prerequisites=(
        "Gem Rush lesson 1 (paying a door, and what Diamond Dust does)",
        "probability as favourable outcomes over equally likely outcomes",
        "fractions, decimals and percentages",
    ),
    sections=(
        Section("Start: a hand is one outcome; counting hands with C(n, k)", 10),
        Section("1. One gem: count the complement", 10),
        Section("2. More gems, harder doors", 8),
        Section("3. Expectation: what a door is worth", 7),
        Section("4. The wild cards", 6),
        Section("5. Checking by simulation: the law of large numbers", 9),
        Section("Wrap-up: exit question and discussion", 5),
    ),
    questions=QUESTIONS,
)

LESSONS = (CHANCES,)
