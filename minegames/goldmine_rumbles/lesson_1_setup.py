"""Goldmine Rumbles lesson 1 (notebooks/goldmine_rumbles_1_setup_and_turns): the table, a phase, a turn, the way.

The lesson's plan and questions (:data:`LESSON`), and everything its notebook shows, as plain
model code: each ``*_scene`` function plays a small position and returns a :class:`Scene` (what
the game log said, and the board), which a notebook shows as HTML (and as text where HTML is not
read). No widgets here: the notebook adds the exercises and the apps.

Every exact answer is computed from the model: the price from :func:`.dice_rules.claim_price`,
the cave-in injuries by playing the phase on the model, the backfire chance by counting the die's
faces with :func:`.dice_rules.backfires`. The travel examples ask the mine for a start and a claim
that show each rule (:func:`.lessons.find_trip`), so a change of the invented tiles never breaks
them; no answer depends on which sites they are.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional, Sequence

import numpy as np

from minegames.core import IllegalActionError
from minegames.core.lessons import Lesson, Question, Section
from minegames.core.words import plural

from . import components as C
from . import dice_rules as R
from . import mine as M
from .actions import BuyClaim, EndTurn, PlaceCube, Travel
from .lessons import (BLUE, RED, board_key, dashboard_key, find_trip, follow, journey_lines, play,
                      standard_mine, table, travel_past, trip_table)
from .positions import new_game, position
from .render import decision_summary
from .state import GoldmineRumbles
from .wording import describe

YELLOW = 3

# ---------------------------------------------------------------------------
# What a notebook shows: the log and the board (and tables), as HTML and as text
# ---------------------------------------------------------------------------


@dataclass
class Scene:
    """What one step of a lesson shows: optional tables (a header and rows each), lines of the
    game log (or of a note), and the board as it stands (``state``'s SVG), in that order."""

    lines: list[str] = field(default_factory=list)
    state: Optional[GoldmineRumbles] = None
    caption: str = ""
    tables: list[tuple[Sequence[str], Sequence[Sequence[Any]]]] = field(default_factory=list)
    #: Leave the board's status lines out (what is being decided, in the game's own words): a
    #: lesson's picture must not name steps it has not taught yet.
    plain: bool = True

    def say(self, *lines: str) -> "Scene":
        self.lines.extend(_in_words(line) for line in lines)
        return self

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> "Scene":
        self.tables.append((tuple(header), [tuple(row) for row in rows]))
        return self

    def _repr_html_(self) -> str:
        parts = []
        for header, rows in self.tables:
            head = "".join(f"<th style='text-align:left'>{html.escape(str(h))}</th>" for h in header)
            body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>"
                           for row in rows)
            parts.append(f"<div style='max-width:100%;overflow-x:auto'><table><tr>{head}</tr>{body}</table></div>")
        if self.lines:
            text = html.escape("\n".join(self.lines), quote=False)
            parts.append(f"<pre style='white-space:pre-wrap;margin:4px 0'>{text}</pre>")
        if self.state is not None:
            parts.append(self.board_html())
        if self.caption:
            parts.append(f"<div style='font-size:12px;color:#555'>{html.escape(self.caption)}</div>")
        return "<div class='gr-lesson-scene'>" + "".join(parts) + "</div>"

    def board_svg(self) -> str:
        """The board's SVG, shrinking to the page's width; with :attr:`plain`, without the lines
        on whose decision is in play."""
        drawn = self.state._repr_svg_()
        if self.plain:
            drawn = re.sub(r"(Goldmine Rumbles(?: ·|\.) Phase \d+)[^<]*", r"\1", drawn, count=2)
            summary = html.escape(decision_summary(self.state), quote=False)
            drawn = re.sub(r"<text\b[^>]*>" + re.escape(summary) + r"</text>", "", drawn)
        return re.sub(r"<svg\b", "<svg style='max-width:100%;height:auto'", drawn, count=1)

    def board_html(self) -> str:
        """The board as HTML: the mine and the miners' panels as two pictures side by side that
        wrap, on a narrow page (below about 600 px), into the mine above and the panels below."""
        drawn = self.board_svg()
        size = re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', drawn)
        if size is None or float(size.group(1)) < 700:
            return f"<div style='max-width:min(100%,880px)'>{drawn}</div>"
        width, height = float(size.group(1)), float(size.group(2))
        halves = []
        for x, w in ((0.0, PANEL_X), (PANEL_X, width - PANEL_X)):
            part = drawn.replace(size.group(0), f'viewBox="{x:g} 0 {w:g} {height:g}"', 1)
            part = re.sub(r'(<svg style=[^>]*?) width="[\d.]+" height="[\d.]+"',
                          rf'\1 width="{w:g}" height="{height:g}"', part, count=1)
            if x == 0:  # a long status line under the mine is squeezed to the mine's width
                part = re.sub(r'<text x="12" (y="[\d.]+" font-size="11"[^>]*)>([^<]{70,})</text>',
                              rf'<text x="12" \1 textLength="{PANEL_X - 20:g}" lengthAdjust="spacingAndGlyphs">\2</text>',
                              part)
            halves.append(f"<div style='flex:1 1 300px;max-width:{w:g}px;min-width:0'>{part}</div>")
        return "<div style='display:flex;flex-wrap:wrap;gap:4px;max-width:880px'>" + "".join(halves) + "</div>"

    def __repr__(self) -> str:
        lines = []
        for header, rows in self.tables:
            lines += [" | ".join(map(str, header))] + [" | ".join(map(str, row)) for row in rows]
        lines += self.lines
        if self.state is not None:
            lines.append(f"[board: {self.caption or ('the game as it stands' if self.plain else self.state.prompt())}]")
        return "\n".join(lines)


#: Where the board picture's player panels begin (the mine is drawn to the left of it).
PANEL_X = 470.0

_SQUARE = re.compile(r"(?:port \d+ of square|the tile at) \((\d+), (\d+)\)")
_TILE_AT = re.compile(r"the tile at row (\d+), column (\d+)")


def _in_words(line: str) -> str:
    """A log line with the mine's grid places in words: "port 2 of square (0, 1)" becomes "the edge
    of the tile in row 1, column 2" (pupils read no coordinates)."""
    def square(match: re.Match) -> str:
        row, col = int(match.group(1)) + 1, int(match.group(2)) + 1
        edge = "the edge of " if match.group(0).startswith("port") else ""
        return f"{edge}the tile in row {row}, column {col}"

    line = _SQUARE.sub(square, line)
    line = _TILE_AT.sub(r"the tile in row \1, column \2", line)
    return line


#: One character per colour all through the lesson, as dealt at the table of section 1 (Yellow,
#: absent there, keeps the fourth).
CAST = {"Red": 0, "Blue": 2, "Green": 1, "Yellow": 3}


def _cast(state: GoldmineRumbles) -> GoldmineRumbles:
    """Give each colour its character from the table of section 1 (names only: no rule reads it)."""
    for p in range(state.num_players):
        sheet = state._players[p]  # as positions.position sets a sheet up
        sheet["character"] = CAST[sheet["colour"]]
    return state


def _route(journey: M.Journey) -> list[str]:
    """:func:`.lessons.journey_lines` naming each mine tile by its number and its place together."""
    mine = journey.mine

    def place(row: int, col: int) -> str:
        return f"tile {mine.at((row - 1, col - 1)).tile} (row {row}, column {col})"

    def tile(number: int) -> str:
        row, col = mine.cell_of(number)
        return f"tile {number} (row {row + 1}, column {col + 1})"

    lines = []
    for line in journey_lines(journey):
        line = re.sub(r"walk a tunnel of tile (\d+)", lambda m: "walk along a tunnel of " + tile(int(m.group(1))), line)
        line = re.sub(r"blast the tile at row (\d+), column (\d+)",
                      lambda m: "blast " + place(int(m.group(1)), int(m.group(2))), line)
        line = re.sub(r"the edge of the tile at row (\d+), column (\d+)",
                      lambda m: "the edge of " + place(int(m.group(1)), int(m.group(2))), line)
        line = re.sub(r"(tunnel (?:between|on the \w+ edge of)) row (\d+), column (\d+)(?: and row (\d+), column (\d+))?",
                      lambda m: f"{m.group(1)} {place(int(m.group(2)), int(m.group(3)))}"
                                + (f" and {place(int(m.group(4)), int(m.group(5)))}" if m.group(4) else ""), line)
        lines.append(line)
    return lines


def _acting(state: GoldmineRumbles, *actions: Any) -> list[str]:
    return play(state, *actions)


def _tried(state: GoldmineRumbles, action: Any) -> list[str]:
    """Play ``action``, or say the rule that refuses it (the game is left as it was)."""
    try:
        return play(state, action)
    except IllegalActionError as refusal:
        return [f"refused ({refusal.rule}): {str(refusal).removeprefix(refusal.rule + ': ')}"]


# ---------------------------------------------------------------------------
# 1. The table
# ---------------------------------------------------------------------------

SETUP_SEED = 7


def setup_game() -> GoldmineRumbles:
    """A fresh three-player game (the seed fixes every shuffle)."""
    return new_game(seed=SETUP_SEED, players=3)


def setup_scene() -> Scene:
    """Who sits at the table, what each brings, and the claim store (as tables: they read on a phone)."""
    game = setup_game()
    scene = Scene(state=game, caption="The table at the start (missions are secret, so the board leaves them out).")
    rows = []
    for p in range(game.num_players):
        sheet = game.player(p)
        character = C.CHARACTERS[sheet["character"]]
        rows.append((sheet["colour"], f"{character.name}, {character.story}", f"claim site {game.positions[p]}",
                     f"{game.gold(p)}gn", ", ".join(sorted(game.items(p)))))
    scene.table(("miner", "character", "starts at", "gold", "carrying"), rows)
    scene.table(("store square", "claim", "type"),
                [(f"{price}gn", f"claim {claim}", C.CLAIMS[claim].type)
                 for claim, price in zip(game.claim_store, C.STORE_PRICES)])
    scene.say(f"Top of the pile: claim {game.claim_pile_top}. Papa Clayton stands at "
              f"{describe(game.clayton_position)}.")
    return scene


def key_scene() -> Scene:
    """The board's key: the dashboard columns (and what 1, 2, 3 (4) cubes give), then the other marks."""
    scene = Scene()
    scene.table(("column", "1, 2, 3 (4) cubes give", "what it does"),
                [(name, give, KEY_LATER.get(name, meaning)) for name, give, meaning in dashboard_key()])
    scene.table(("mark", "what it means"), [(mark, MARKS_LATER.get(mark, meaning)) for mark, meaning in board_key()])
    return scene


#: Key rows whose words this lesson does not teach, told in its own words (or left for later).
KEY_LATER = {
    "Colt 45": "helps in fights (lesson 3)",
    "Water Pumps": "extra gold when you dig a Flooded claim (lesson 2)",
    "Miner's Lamps": "extra gold when you dig a Dark claim (lesson 2)",
    "Mining Tools": "extra gold when you dig a Hard Rock claim (lesson 2)",
    "Fortifying Tonic": "later lessons",
}
MARKS_LATER = {
    "? / (n)": "a Rumbles tile still face down / one a miner has peeked at (later lessons)",
    "tokens": "Bandages, Poison and Black Marks: each costs gold at the end (lesson 2 says how much)",
}


# ---------------------------------------------------------------------------
# 2. A phase begins
# ---------------------------------------------------------------------------

def cubes_in_a_game(players: int = 3, long_game: bool = False) -> int:
    """How many cubes one miner places over a whole game."""
    return sum(C.phase_cubes(players, long_game))


def cube_scene() -> Scene:
    """Cubes per phase for every table size and length."""
    rows = []
    for players in (3, 4):
        for long_game in (False, True):
            per_phase = C.phase_cubes(players, long_game)
            rows.append((players, "long" if long_game else "short", ", ".join(map(str, per_phase)), sum(per_phase)))
    return Scene().table(("players", "game", "cubes in each phase", "cubes in all"), rows)


RED_CUBES = (R.COLT_45, R.COLT_45, R.NOTEBOOKS)


def red_places_cubes() -> tuple[GoldmineRumbles, list[str]]:
    """Red's three cubes of phase 1 on the setup game: two on the Colt 45, one on Notebooks & Diaries."""
    game = setup_game()
    lines = _acting(game, *(PlaceCube(RED, column) for column in RED_CUBES))
    return game, lines


def diary_gold() -> int:
    """Red's gold once the three cubes are placed."""
    return red_places_cubes()[0].gold(RED)


def phase_start_scene() -> Scene:
    """Red's cubes, the others' (on the first free column), then the Rumbles tile and the turn order."""
    game, lines = red_places_cubes()
    scene = Scene(state=game).say(*lines)
    scene.say(f"Red's gold now: {game.gold(RED)}gn")
    seen = len(game.log)
    while game.step == "place cubes":
        game.apply(game.legal_actions()[0])
    scene.say(*(line for _, line in list(game.log)[seen:]))
    scene.say("Turn order this phase: " + ", ".join(game.player(p)["colour"] for p in game.phase_order))
    scene.caption = "Phase 1 under way: the flipped tile is drawn dark."
    return scene


QUAKE_SITES = (3, 4, 13, 11)  # Red, Blue, Green, Yellow
QUAKE_TRACK = (7, 2, 9)


def quake_position() -> GoldmineRumbles:
    """Four miners on the standard mine (tiles 1 to 9 in reading order); Red has two Safety Gear
    cubes; the Rumbles tiles come up 7, then 2."""
    miners = [{"at": QUAKE_SITES[0], "dashboard": {R.SAFETY_GEAR: 2}}] + [{"at": s} for s in QUAKE_SITES[1:]]
    return _cast(position(miners, seed=1, players=4, mine=standard_mine(), track=list(QUAKE_TRACK)))


def quake_scene() -> Scene:
    state = quake_position()
    scene = Scene(state=state, caption="Phase 1: tile 7 (bottom left) has flipped.")
    scene.say(*(line for _, line in state.log))
    scene.say("Turn order of phase 1: " + ", ".join(state.player(p)["colour"] for p in state.phase_order))
    return scene


def phase_two() -> tuple[GoldmineRumbles, list[int]]:
    """The quake position played on: every miner ends the turn, puts the next cubes on the Colt 45,
    and phase 2 opens with tile 2. Returns the state and each miner's injuries before phase 2."""
    state = quake_position()
    while state.step == "turn":
        state.apply(EndTurn(state.current_player))
    before = [state.sheet(p)["injuries"] for p in range(state.num_players)]
    while state.step == "place cubes":
        state.apply(PlaceCube(state.current_player, R.COLT_45))
    return state, before


def cave_in_injuries(p: int) -> int:
    """The injuries miner ``p`` takes when phase 2 opens (played on the model)."""
    state, before = phase_two()
    return state.sheet(p)["injuries"] - before[p]


def phase_two_scene() -> Scene:
    state, before = phase_two()
    scene = Scene(state=state, caption="Phase 2: tile 2 (top middle) has flipped too.")
    rows = []
    for p, site in enumerate(state.positions):
        sheet = state.player(p)
        rows.append((sheet["colour"], site, M.site_distance(state.mine, site, 2), sheet["dashboard"][R.SAFETY_GEAR],
                     sheet["injuries"] - before[p]))
    scene.table(("miner", "site", "tiles from tile 2", "Safety Gear cubes", "injuries taken"), rows)
    scene.say("Turn order of phase 2: " + ", ".join(state.player(p)["colour"] for p in state.phase_order))
    return scene


def cave_in_report(site: int = 16, tile: int = 2, phase: int = 2, safety: int = 0) -> Scene:
    """A miner at ``site`` on the standard mine when ``tile`` flips in ``phase``, with ``safety``
    Safety Gear cubes: the distance and the injuries (from :func:`.dice_rules.phase_injuries`)."""
    distance = M.site_distance(standard_mine(), site, tile)
    plain = R.phase_injuries(distance, phase)
    taken = R.phase_injuries(distance, phase, safety)
    return Scene(lines=[
        f"Site {site} is {plural(distance, 'tile')} from tile {tile}" + (" (right beside it)." if distance == 0 else "."),
        f"In phase {phase} that costs {plain} injur{'y' if plain == 1 else 'ies'}; "
        f"{plural(safety, 'Safety Gear cube')} stop {plain - taken}: the miner takes {taken}.",
    ])


# ---------------------------------------------------------------------------
# 3. A turn: one main action
# ---------------------------------------------------------------------------

SHOP_SQUARE = 3  # the 5gn square


def shop_table() -> GoldmineRumbles:
    """Three miners on the standard mine; Blue plays first and has two Company Shares cubes."""
    return _cast(table({"at": 3}, {"at": 11, "dashboard": {R.COMPANY_SHARES: 2}}, {"at": 15},
                       store=[3, 8, 14, 5, 1], pile=[16, 10, 2]))


def shop_scene() -> Scene:
    state = shop_table()
    order = ", then ".join(state.player(p)["colour"] for p in state.phase_order)
    return Scene(state=state, caption="Blue to play: the claim store is at the top right.", lines=[
        f"Phase {state.phase}. The order of play: {order}.",
        "Blue's one main action: buy a claim, rob Papa Clayton, rob a miner, or none (end the turn)."])


def shares_price() -> int:
    """What Blue pays for the claim on the 5gn square, with two Company Shares cubes."""
    state = shop_table()
    return R.claim_price(C.STORE_PRICES[SHOP_SQUARE], state.dashboard(BLUE)[R.COMPANY_SHARES])


def buy_scene() -> Scene:
    """Blue buys the claim on the 5gn square, then tries to buy another in the same turn."""
    state = shop_table()
    gold = state.gold(BLUE)
    scene = Scene().say(*_acting(state, BuyClaim(BLUE, SHOP_SQUARE)))
    scene.say(f"Blue's gold: {gold}gn before, {state.gold(BLUE)}gn after. The store now holds claims "
              + ", ".join(map(str, state.claim_store)) + ".")
    refused = [line.split(":")[0] for line in _tried(state, BuyClaim(BLUE, 0)) if line.startswith("refused")]
    scene.say("Blue tries to buy a second claim:",
              *(f"{line}: Blue has already had this turn's one main action." for line in refused))
    scene.say("The second purchase is refused, and the game is left as it was.")
    return scene


# ---------------------------------------------------------------------------
# 4. Finding the way: tunnels, rats and snakes
# ---------------------------------------------------------------------------


def walk_table() -> GoldmineRumbles:
    """Blue at a start site with a claim on the 1gn square that a clean walk reaches."""
    return _cast(trip_table(find_trip("walk")))


def walk_scene() -> Scene:
    trip = find_trip("walk")
    state = _cast(trip_table(trip))
    scene = Scene(state=state).say(*_acting(state, BuyClaim(BLUE, 0)))
    scene.say("The way, tunnel by tunnel:", *_route(trip.journey))
    scene.say(*_acting(state, Travel(BLUE, trip.claim)))
    scene.caption = f"Blue has walked to claim {trip.claim}."
    return scene


def rat_scene() -> Scene:
    trip = find_trip("rat")
    state = _cast(trip_table(trip, blue={"items": {"Bread": 1}}))
    scene = Scene(state=state).say(*_acting(state, BuyClaim(BLUE, 0)))
    scene.say("The best way, tunnel by tunnel:", *_route(trip.journey))
    travel_past(state, trip.claim, show_choices=False, out=scene.say)
    scene.say(f"Blue's Poison tokens: {state.player(BLUE)['poisons']}")
    return scene


def backfire_chance() -> Fraction:
    """The chance that shooting a tunnel snake backfires: the faces that backfire, out of six."""
    return Fraction(sum(R.backfires(face, in_fight=False) for face in range(1, 7)), 6)


def shot_works_chance() -> Fraction:
    """The chance that the shot works (the faces that do not backfire, out of six)."""
    return Fraction(sum(not R.backfires(face, in_fight=False) for face in range(1, 7)), 6)


def backfire_shares(throws: int = 2000, seed: Optional[int] = None) -> np.ndarray:
    """``throws`` shots at a snake with numpy dice: the share of backfires after each shot."""
    rng = np.random.default_rng(seed)
    bad = [face for face in range(1, 7) if R.backfires(face, in_fight=False)]
    hits = np.isin(rng.integers(1, 7, throws), bad)
    return np.cumsum(hits) / np.arange(1, throws + 1)


def snake_scene() -> Scene:
    trip = find_trip("snake")
    state = _cast(trip_table(trip, blue={"items": {"Blunderbuss": 1, "Bread": 1}}))
    scene = Scene(state=state).say(*_acting(state, BuyClaim(BLUE, 0)))
    scene.say("The best way, tunnel by tunnel:", *_route(trip.journey))
    travel_past(state, trip.claim, show_choices=False, out=scene.say)
    scene.say(f"Blue's injuries: {state.player(BLUE)['injuries']} | Poison tokens: {state.player(BLUE)['poisons']}")
    return scene


# ---------------------------------------------------------------------------
# 5. Dynamite
# ---------------------------------------------------------------------------


def blast_table() -> GoldmineRumbles:
    """Blue with one Dynamite, and a claim on the 1gn square that no walk reaches but one blast does."""
    return _cast(trip_table(find_trip("dynamite"), blue={"items": {"Dynamite": 1, "Bread": 1}}))


def blasts_needed() -> int:
    """How many blasts the cheapest way to the Dynamite claim needs (the route plan's count)."""
    state = blast_table()
    state.apply(BuyClaim(BLUE, 0))
    return state.route_plan().blasts


def blast_board() -> Scene:
    """The Dynamite position, before anything happens."""
    return Scene(state=blast_table(), caption=f"Blue's claim is site {find_trip('dynamite').claim}.")


def blast_scene() -> Scene:
    trip = find_trip("dynamite")
    state = blast_table()
    scene = Scene(state=state).say(*_acting(state, BuyClaim(BLUE, 0)))
    scene.say(f"Can Blue walk there? {'yes' if Travel(BLUE, trip.claim) in state.legal_actions() else 'no'}")
    plan = state.route_plan()
    scene.say("The cheapest plan:", *_route(plan))
    follow(state, plan.plan, out=scene.say)
    scene.say(f"Blue stands at {describe(state.positions[BLUE])}; Dynamite left: {state.items(BLUE)['Dynamite']}")
    return scene


# ---------------------------------------------------------------------------
# Extension: Tunnel Plans
# ---------------------------------------------------------------------------


def jump_scene() -> Scene:
    trip = find_trip("tunnel plans")
    state = _cast(trip_table(trip, blue={"dashboard": {R.TUNNEL_PLANS: 1}, "items": {"Bread": 1, "Blunderbuss": 1}}))
    scene = Scene(state=state)
    walk = M.best_route(trip.journey.mine, trip.start, trip.claim, 0)
    scene.say(f"A walk without Tunnel Plans? {'yes' if walk else 'none'}")
    scene.say(*_acting(state, BuyClaim(BLUE, 0)))
    scene.say("The way with one Tunnel Plans cube:", *_route(trip.journey))
    travel_past(state, trip.claim, show_choices=False, out=scene.say)
    return scene


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

SETUP, PHASE, TURN, WAY, DYNAMITE, WRAP, EXTENSION = (
    "The table and its key", "A phase begins", "A turn: one main action", "Finding the way: rats and snakes",
    "Dynamite", "What we found", "Extension: hidden gold")

LESSON = Lesson(
    name="goldmine_rumbles_1_setup_and_turns",
    title="Goldmine Rumbles 1: the table, a phase, and finding your way",
    goals=(
        "set up a Goldmine Rumbles table and read the board with its key",
        "work out the cave-in injuries at the start of a phase from a miner's distance to the flipped tile",
        "buy a claim (one main action a turn) and find a way to it past rats, snakes and a Dynamite blast",
        "give the probability of an event on one die (the gun backfires) and of its complement",
    ),
    prerequisites=(
        "nothing about the game",
        "a fair die has six equally likely faces",
        "probabilities written as fractions",
    ),
    # Honest minutes for a pair: reading at about 120 words a minute (90 for the rule tables), the
    # opening cell 2, each question 3 (a prediction with its chart 3-4), each stop 2.
    sections=(Section(SETUP, 10), Section(PHASE, 17), Section(TURN, 6), Section(WAY, 15), Section(DYNAMITE, 6),
              Section(WRAP, 4)),
    questions=(
        Question("cubes_in_all", "Predict: a three-player short game has four phases, and each phase every "
                 "miner places three cubes. How many cubes does one miner place over the whole game?", lambda: cubes_in_a_game(3, False),
                 worked="Four phases of three cubes each: 3 + 3 + 3 + 3 = 12.", predict=True, section=PHASE),
        Question("red_cave_in", "Predict: phase 2 flips tile 2. Red stands at site 3 with two Safety Gear cubes. "
                 "How many injuries does Red take?", lambda: cave_in_injuries(RED),
                 worked="Site 3 is right beside tile 2 (distance 0): 5 injuries in phase 2, less 2 for the "
                        "two Safety Gear cubes = 3.", predict=True, section=PHASE),
        Question("yellow_cave_in", "Read the rule table: Yellow is two tiles from tile 2 and has no Safety Gear. "
                 "How many injuries does Yellow take when tile 2 flips in phase 2?", lambda: cave_in_injuries(YELLOW),
                 worked="Two tiles further away costs 1 injury from phase 2 on; no Safety Gear to stop it.",
                 hint="From phase 2 on: beside the tile 5, one tile away 3, two tiles away 1.", section=PHASE),
        Question("shares_price", "Blue has two Company Shares cubes. What does the claim on the 5gn square cost "
                 "Blue?", shares_price, worked="Two Company Shares cubes take 3gn off: 5 - 3 = 2gn.",
                 hint="Look up the CS row of the key.", section=TURN),
        Question("backfire", "Predict: Blue shoots a snake with the Blunderbuss. What is the probability that the "
                 "gun backfires?", backfire_chance,
                 worked="The sample space is the six faces; the event 'backfire' is the one face 6: 1/6.",
                 hint="'1 in 5' (1/5) sets the one backfire face against the five good ones: that is odds, "
                      "1 to 5. A probability counts out of all six faces.", predict=True, tolerance=0.03, section=WAY),
        Question("shot_works", "What is the probability that the shot works (the gun does not backfire)?",
                 shot_works_chance, worked="The complement of 'backfire': 1 - 1/6 = 5/6 (the faces 1 to 5).",
                 hint="Every face either backfires or works, never both. Count the working faces out of all six "
                      "faces (not out of five).", tolerance=0.02, section=WAY),
        Question("blasts", "Predict: look at the board. How many Dynamite blasts does Blue need, at the least, "
                 "to reach the claim?", blasts_needed,
                 worked="No walk reaches the claim, and turning one tile opens a way: 1 blast.",
                 predict=True, section=DYNAMITE),
        Question("diary_gold", "Red starts with 10gn and places cubes on Colt 45, Colt 45 and Notebooks & Diaries. "
                 "How much gold is left on Red's gold track?", diary_gold,
                 worked="The Colt 45 cubes cost nothing; the diary cube takes 5gn off the track: 10 - 5 = 5.",
                 hint="Only one of the three columns moves gold.", section=EXTENSION),
    ),
)

LESSONS = (LESSON,)
