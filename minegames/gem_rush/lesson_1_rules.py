"""Gem Rush, lesson 1: the rules, one at a time (notebooks/gem_rush_1_rules.ipynb).

The lesson's plan and questions (:data:`RULES`), and the few helpers only this lesson uses:
the words each board comes with, and what the lesson's buttons run (:func:`try_step`,
:func:`try_paying`). The boards themselves and the exact answers come from
:mod:`minegames.gem_rush.lessons`. Plain model code, no widgets.
"""

from __future__ import annotations

from minegames.core.lessons import Lesson, Question, Section

from . import components as C
from . import mine, payment
from .actions import Build, Burn, Discard, EndMovement, NameGem, Ride, Step, UseRoom, WarpBuild
from .gems import GEM_NAMES
from .lessons import (
    COLLAPSED_ADIT, ECHO_CHAMBER, EXAMPLE_HAND, GLIMMERING_VAULT, MOTHERLODE_SHAFT, NARROW_DRIFT, ORICHALCUM_HAND,
    TURN_HAND, Scene, Table, Words, ability_board, build, building_board, card, cards_text, carts_board,
    clock_turns,
    completing_cards, discards_before_moving, fewest_steps, gem_names, landing_room, narrate, next_rooms,
    passages_board, points_scored, room_name, said, special_board, try_to, tunnel_board, turn_board, warp_board,
    warp_doors,
)
from .picture import with_gem_key
from .render import mine_svg

N, E, S, W = 0, 1, 2, 3   # the sides of a tile, as the model numbers them
SIDES = ("north", "east", "south", "west")

# ---------------------------------------------------------------------------
# The boards' words (shown as HTML lines and tables: they wrap between words on a phone)
# ---------------------------------------------------------------------------


def turn_start():
    """The turn board: player 1 alone in Torchlit Landing with six cards (nothing said yet)."""
    return turn_board()


def trim_text() -> Words:
    """What the game asks of player 1 first (shown after the discards question)."""
    return Words(f"The game's first demand: player 1 must discard {discards_before_moving(turn_board())} cards, "
                 "down to the hand limit of 4, before taking a step.")


def turn_played() -> Words:
    """Player 1 trims to 4, stays put, uses Torchlit Landing (draw 2), and the team burns 3."""
    game = turn_board()
    trims = _trim(game)
    lines = [said(narrate, game, trim).replace("discards down to the limit",
                                                f"discards card #{trim.card} ({C.card_text(trim.card)})")
             for trim in trims]
    lines.append(said(narrate, game, EndMovement(), UseRoom(), Burn(), Burn(), Burn()))
    return Words("\n".join(lines))


def _trim(game) -> tuple:
    """Discards of the last cards of the turn hand, down to the hand limit."""
    return tuple(Discard(c) for c in TURN_HAND[len(TURN_HAND) - discards_before_moving(game):][::-1])


def passages_after_step() -> tuple:
    """The passages board after player 1 steps east, and what the game said."""
    game = passages_board()
    return game, Words(said(narrate, game, Step(E)))


def refusal_text() -> Words:
    """Player 1 tries to step straight back west from Collapsed Adit (shown after the prediction)."""
    game, _ = passages_after_step()
    return Words("Player 1 tries to step straight back west:\n" + said(try_to, game, Step(W)))


START_AGAIN = "start again (back in Collapsed Adit)"
STEP_CHOICES = SIDES + (START_AGAIN,)
EMPTY_STEP = "that door leads to empty space: build a room to go there"
BUILD_WORDS = ("Not a plain step: that door opens onto bare rock, so walking through it builds a new room, "
               "and that costs the door's gems (section 3).")


def _step_said(game, side: str) -> str:
    """One step through ``side``, or the rule that refuses it, in the lesson's words (a door onto
    bare rock is walked through by building, as section 3 says)."""
    return said(try_to, game, Step(SIDES.index(side))).replace(f"Not allowed: {EMPTY_STEP}", BUILD_WORDS)


def try_step(side: str = "west") -> Scene:
    """From Collapsed Adit (player 1 just stepped there), one step through ``side``: where it
    leads, or the rule that refuses it."""
    game, _ = passages_after_step()
    return Scene(f"Player 1, in {room_name(COLLAPSED_ADIT)}, tries a step {side}:\n" + _step_said(game, side),
                 game, hands=False)


class StepWalk:
    """What the "Try the step" button runs: each press is one more step from wherever the dwarf
    now stands (a walk that starts in Collapsed Adit), counting the steps taken; "start again"
    puts the dwarf back. The turn's step allowance is topped up, so the walk can go on as long
    as the pupils like (only the count matters here)."""

    def __init__(self):
        self.game, self.steps = None, 0

    def _restart(self) -> None:
        self.game, _ = passages_after_step()
        self.steps = 0

    def __call__(self, side: str = "west") -> Scene:
        if self.game is None or side == START_AGAIN:
            self._restart()
        if side == START_AGAIN:
            return Scene(f"Player 1 is back in {room_name(COLLAPSED_ADIT)}: 0 steps taken.", self.game, hands=False)
        start = tuple(self.game.players[0]["pos"])
        here = room_name(self.game.mine[start][0])
        self.game.steps_left = max(self.game.steps_left, 1)
        text = _step_said(self.game, side)
        self.steps += tuple(self.game.players[0]["pos"]) != start
        return Scene(f"Player 1, in {here}, tries a step {side}:\n{text}\n"
                     f"Steps taken since {room_name(COLLAPSED_ADIT)}: {self.steps}.", self.game, hands=False)


def distances_text(game) -> Table:
    """The fewest steps from where player 1 stands to every room (mine.shortest_steps)."""
    here = tuple(game.players[0]["pos"])
    return Table(("room", "fewest steps from Collapsed Adit"),
                 [(C.ROOM_BY_ID[game.mine[pos][0]].name, steps)
                  for pos, steps in mine.shortest_steps(game.mine, here).items()])


def building_text() -> Words:
    door = C.ROOM_BY_ID[ECHO_CHAMBER].doors[N]
    return Words(f"North door of {room_name(ECHO_CHAMBER)}: {C.door_text(door)}, worth {door.points} points.\n"
                 f"Player 1's hand: {cards_text(EXAMPLE_HAND)}.")


PAYMENTS = ("both cards", f"card #{EXAMPLE_HAND[0]} alone", f"card #{EXAMPLE_HAND[1]} alone")


def settlement_text(cards=EXAMPLE_HAND) -> str:
    """The payment referee (payment.settle) on Echo Chamber's north door: which card pays
    which gem, and what is wasted; or why the cards do not pay."""
    cost = C.ROOM_BY_ID[ECHO_CHAMBER].doors[N].cost
    settled = payment.settle(cost, [C.GEM_CARDS[c] for c in cards])
    if settled is None:
        return f"{cards_text(cards)} does NOT pay {gem_names(cost)}."
    lines = [f"{GEM_NAMES[gem]} paid by card #{card_id} ({C.card_text(card_id)})"
             for gem, card_id, _how in settled.matching]
    lines.append("wasted: " + (", ".join(GEM_NAMES[g] for g in settled.wasted) or "nothing"))
    return "\n".join(lines)


def try_paying(cards: str = "both cards") -> Scene:
    """Player 1 tries to build north from Echo Chamber paying with ``cards`` (one of
    :data:`PAYMENTS`)."""
    chosen = {PAYMENTS[0]: EXAMPLE_HAND, PAYMENTS[1]: EXAMPLE_HAND[:1], PAYMENTS[2]: EXAMPLE_HAND[1:]}[cards]
    game = building_board()
    text = said(try_to, game, Build(N, chosen))
    return Scene(f"Paying with {cards_text(chosen)}:\n{text}\n{settlement_text(chosen)}", game)


def built_board() -> tuple:
    """The building board after the build: the game, and what happened."""
    game = building_board()
    return game, Words(said(narrate, game, Build(N, EXAMPLE_HAND)))


def tile_svg(game) -> str:
    """The room tile waiting to be placed, as printed (not yet turned), alone and large."""
    tile = C.ROOM_BY_ID[game.pending["tiles"][0]]
    alone = {(0, 0): (tile.id, 0)}
    return with_gem_key(mine_svg(alone, title=tile.name, empties=False, scale=1.4), alone, title=tile.name)


def placement_text(place) -> str:
    """A way to lay the new tile, with the direction of the turn spelled out."""
    name = C.ROOM_BY_ID[place.room].name if place.room in C.ROOM_BY_ID else "the tile"
    if not place.rotation:
        return f"{name} as printed (not turned)"
    return f"{name} turned {place.rotation * 90}° clockwise"


def placed_text(game) -> Words:
    """The game's list of legal ways to lay the new tile; player 1 takes the first."""
    legal = game.legal_actions()
    lines = [f"The game allows: {'; '.join(placement_text(a) for a in legal)}."]
    lines.append(said(narrate, game, legal[0]).strip())
    return Words("\n".join(lines) + f"\nScore {game.players[0]['score']}, steps left {game.steps_left}.")


def tunnel_section_board():
    """The tunnels board without its north tunnel (section 4 looks east only)."""
    return tunnel_board(north=False)


def tunnel_step_text(game) -> Words:
    return Words(said(narrate, game, Step(E)) + f"\nSteps left: {game.steps_left}.")


ELECTRUM_CARD = card("obsidian", "electrum")


def tunnel_build_board():
    """Torchlit Landing, with a tunnel on top of the room pile and an ordinary room under it."""
    return tunnel_board("tunnel", hand=[ELECTRUM_CARD], north=False)


def tunnel_build_text(game) -> Words:
    door = C.ROOM_BY_ID[game.mine[(0, 0)][0]].doors[W]
    return Words(f"West door: {C.door_text(door)}, worth {door.points} point. Hand: {cards_text(game.hand())}.\n"
                 f"Next tiles on the room pile: {', then '.join(room.name for room in next_rooms(game, 2))}.")


def tunnel_built_text(game) -> Words:
    return Words(said(build, game, Build(W, (ELECTRUM_CARD,)))
                 + f"\nScore {game.players[0]['score']}, steps left {game.steps_left}.")


def cart_ride_text(game) -> Words:
    text = said(narrate, game, Step(E), Ride(4, 0), Step(E))
    on_foot = mine.shortest_steps(game.mine, (0, 0), carts_free=False)[(5, 0)]
    return Words(text + f"\nSteps left: {game.steps_left}. On foot, with no rides, it would take {on_foot} steps.")


def orichalcum_text() -> Words:
    door = C.ROOM_BY_ID[MOTHERLODE_SHAFT].doors[N]
    return Words(f"North door: {C.door_text(door)}, worth {door.points} point.\n"
                 f"Player 1's hand: {cards_text(ORICHALCUM_HAND)}.")


def orichalcum_built_text() -> Words:
    game = special_board()
    return Words(said(build, game, Build(N, ORICHALCUM_HAND)) + f"\nScore: {game.players[0]['score']}.")


HOW = {"printed": "the one printed on", "diamond_dust": "the Diamond Dust on", "echoglass": "the Echoglass on"}


def referee_text() -> Table:
    """Three payments with the wild gems, judged by the game's payment rule."""
    tries = [(("obsidian", "permafrost"), (card("obsidian", "diamond_dust"),)),
             (("soulstone", "soulstone"), (card("soulstone", "echoglass"),)),
             (("obsidian", "obsidian"), (card("permafrost", "diamond_dust"), card("soulstone", "echoglass")))]
    rows = []
    for cost, cards in tries:
        settled = payment.settle(cost, [C.GEM_CARDS[c] for c in cards])
        how = ("yes: " + "; ".join(f"{GEM_NAMES[g]} by {HOW.get(how, how)} #{c}" for g, c, how in settled.matching)
               if settled else "no")
        rows.append((gem_names(cost), cards_text(cards), how))
    return Table(("door", "cards spent", "does it pay?"), rows)


MOTHERLODE_WEST = C.ROOM_BY_ID[MOTHERLODE_SHAFT].doors[W]
ECHO_HELD = (card("electrum", "sunstone"),)
ECHO_OFFERED = (card("obsidian", "orichalcum"), card("soulstone", "echoglass"),
                card("sunstone", "orichalcum"), card("star_tear", "warpstone"))


def echoglass_text() -> Words:
    return Words(f"West door of {room_name(MOTHERLODE_SHAFT)}: {C.door_text(MOTHERLODE_WEST)}.\n"
                 f"Player 1 holds: {cards_text(ECHO_HELD)}.\nThe four cards on offer: {cards_text(ECHO_OFFERED)}.")


def _completing_card() -> str:
    right = completing_cards(MOTHERLODE_WEST.cost, ECHO_HELD, ECHO_OFFERED)
    if len(right) != 1:
        raise ValueError(f"the Echoglass question needs exactly one right card, not {right}")
    return C.card_text(right[0])


def clock_table(most: int = 7) -> Table:
    """Turns per seat in a Crisis game played to the last burn, for 1 to ``most`` players
    (each game played through on the game)."""
    return Table(("players", "turns each player gets, in seat order"),
                 [(players, ", ".join(map(str, clock_turns(players)))) for players in range(1, most + 1)])


def clock_working() -> Words:
    """The working of the four-player clock, shown after the class stop."""
    turns = clock_turns(4)
    total = sum(turns)
    return Words(f"75 cards / 3 a turn = {total} turns for the whole table, shared out in seat order.\n"
                 f"With four players, {total} = 4 × {min(turns)} + {total - 4 * min(turns)}: everyone gets "
                 f"{min(turns)} turns, and player 1 gets one more, {turns[0]}.")


# ---- extension: tunnels met while building, Mine Carts, Warpstone, abilities --------------

def warp_hand_text(game) -> Words:
    return Words(f"Player 1's hand: {cards_text(game.hand())}.")


def warp_builds_text(game) -> Words:
    """Every warp build the game allows now, in words."""
    lines = []
    for a in game.legal_actions():
        if isinstance(a, WarpBuild):
            spent = " and ".join(C.card_text(c) for c in a.cards)
            lines.append(f"through the {SIDES[a.side]} door of {C.ROOM_BY_ID[game.mine[(a.x, a.y)][0]].name}, "
                         f"paying with {spent}")
    return Words("\n".join(lines))


ABILITY_ROOMS = ("r01", "r12", "r27", "r54", "r63", "r68")
USED = {"action": "as your action (anvil)", "movement": "while moving, for a step (arrow)",
        "free": "while moving, free (lamp)"}


def abilities_text() -> Table:
    """A few rooms' abilities in words, and when each may be used."""
    rooms = [C.ROOM_BY_ID[room_id] for room_id in ABILITY_ROOMS]
    return Table(("room", "used", "what it does"), [(r.name, USED.get(r.kind, r.kind), r.text) for r in rooms])


def speaking_stone_text() -> Words:
    game = ability_board("obsidian")
    top = cards_text(game.deck[-6:][::-1])
    text = said(narrate, game, UseRoom(), NameGem("obsidian"))
    return Words(f"The next six cards: {top}.\n{text}\nKept: {cards_text(game.hand())}.")


def tunnel_north_text() -> tuple:
    star = card("soulstone", "star_tear")
    game = tunnel_board("room", hand=[star])
    text = said(build, game, Build(N, (star,)))
    here = C.ROOM_BY_ID[game.mine[tuple(game.players[0]["pos"])][0]].name
    return game, Words(text + f"\nPlayer 1 now stands in {here}, beyond the tunnel, with "
                       f"{game.players[0]['score']} point.")


# ---------------------------------------------------------------------------
# The lesson
# ---------------------------------------------------------------------------

QUESTIONS = (
    Question(
        "discards",
        "Player 1 starts the turn with six cards. How many must be discarded before the dwarf may take a step?",
        lambda: discards_before_moving(turn_board()),
        worked="The hand limit is 4 and trimming comes before moving: 6 - 4 = 2.",
        hint="Look at step 1 of a turn: the hand limit.",
        section="1"),
    Question(
        "steps_back",
        "Predict: player 1 has stepped east into Collapsed Adit. What is the fewest number of steps back to "
        "Narrow Drift?",
        lambda: fewest_steps(passages_board(), NARROW_DRIFT, from_room=COLLAPSED_ADIT),
        worked="South into Oracle's Pool, west into Singing Stones, north into Narrow Drift: three steps round "
               "the loop, although the way out took one.",
        predict=True, show_working=False, section="2"),
    Question(
        "wasted_gem",
        "Player 1 pays the north door with both cards. Which gem on them pays for nothing?",
        lambda: GEM_NAMES[payment.settle(C.ROOM_BY_ID[ECHO_CHAMBER].doors[N].cost,
                                         [C.GEM_CARDS[c] for c in EXAMPLE_HAND]).wasted[0]],
        worked="Obsidian + Electrum covers two of the door's gems and Permafrost + Soulstone the third: "
               "the Soulstone is left over.",
        hint="Match each gem on the door to a gem on a card; one card gem is left over.",
        choices=("Obsidian", "Electrum", "Permafrost", "Soulstone"), section="3"),
    Question(
        "place_turns",
        "Predict: in how many different ways may player 1 turn the new room tile to place it north of "
        "Echo Chamber?",
        lambda: len(built_board()[0].legal_actions()),
        worked="One legal way per door of the tile: any of its doors may be the one facing back south.",
        hint="Some door of the new tile must point back the way you came. Count the tile's doors.",
        predict=True, section="3"),
    Question(
        "tunnel_landing",
        "Predict: player 1 steps through Torchlit Landing's east door. Where does the dwarf stop?",
        lambda: landing_room(tunnel_section_board(), E),
        worked="Straight across the first tunnel, round the bend, out of its south side: Crystal Gallery, "
               "all for one step.",
        choices=("Lantern Hall", "Crystal Gallery", "In the bent tunnel", "Nowhere: the step is refused"),
        predict=True, section="4"),
    Question(
        "orichalcum_points",
        "Player 1 builds north with both Orichalcum cards. How many points does the build score?",
        lambda: points_scored(special_board(), Build(N, ORICHALCUM_HAND)),
        worked="1 for the door, and one for each Orichalcum, since Obsidian and Permafrost both helped pay: "
               "1 + 2 = 3.",
        hint="The door's own points, plus one for each Orichalcum whose partner gem helped pay.",
        section="5"),
    Question(
        "four_player_turns",
        "Predict: a Crisis game with four players is played to the last burn. How many turns does the first "
        "player get?",
        lambda: clock_turns(4)[0],
        worked="75 cards / 3 a turn = 25 turns for the table; 25 = 4 x 6 + 1, so everyone gets 6 and the "
               "first player one more: 7.",
        predict=True, show_working=False, section="6"),
    Question(
        "tunnel_points",
        "Extension: player 1 builds west: a tunnel turns up, and beyond it a second room is laid for free. "
        "How many points does player 1 score?",
        lambda: points_scored(tunnel_build_board(), Build(W, (ELECTRUM_CARD,))),
        worked="Only the door that was paid for scores (1 point); the room beyond the tunnel is free and "
               "worth nothing.",
        hint="Which door did player 1 pay for?", section="Extension"),
    Question(
        "cart_steps",
        "Extension: player 1 is in Tally Room, at the west end. What is the fewest number of steps to "
        "Glimmering Vault, at the east end?",
        lambda: fewest_steps(carts_board(), GLIMMERING_VAULT),
        worked="One step into the first cart, a free ride to the second, one step out: 2 (on foot it "
               "would be 5).",
        hint="Walk into the first cart, ride, walk out.", section="Extension"),
    Question(
        "echoglass_card",
        "Extension: which one card, spent together with Electrum + Sunstone, pays the west door "
        "(Electrum + Electrum + Sunstone)?",
        _completing_card,
        worked="The Echoglass copies the Electrum printed on the other spent card; its Soulstone is wasted.",
        hint="The door needs a second Electrum. Which special gem can become one?",
        choices=tuple(C.card_text(c) for c in ECHO_OFFERED), section="Extension"),
    Question(
        "warp_doors",
        "Extension: through how many doors of this mine could player 1 warp-build right now?",
        lambda: len(warp_doors(warp_board())),
        worked="Sorting Table's free west door, Crucible Hall's Obsidian door, and Rich Stope's Electrum + "
               "Permafrost door (the Electrum comes from the Warpstone card itself): 3.",
        hint="For each door onto bare rock, ask: can one Electrum, one Obsidian and one Permafrost cover it?",
        section="Extension"),
)

RULES = Lesson(
    name="gem_rush_1_rules",
    title="Gem Rush 1: the rules, one at a time",
    goals=(
        "play a turn of Gem Rush in the right order: trim the hand, move, take one action, burn",
        "find where a dwarf can go through doors, one-way passages and tunnels, and count the fewest steps",
        "decide whether some cards pay a door (special gems included) and how many points the build scores",
        "work out from the burn how many turns a Crisis game lasts, and who gets them",
    ),
    prerequisites=(
        "nothing about the game",
        "whole-number division with a remainder (for example 17 = 5 x 3 + 2)",
        "reading a map drawn on a grid of squares",
    ),
    sections=(
        Section("Start: the game and how to read a board", 6),
        Section("1. A turn in four steps", 8),
        Section("2. Doors, walls and one-way passages", 10),
        Section("3. Building a room and turning it", 10),
        Section("4. Tunnels", 5),
        Section("5. Special gems", 5),
        Section("6. Crisis: the burn and the clock", 8),
        Section("Wrap-up: what to remember", 5),
    ),
    questions=QUESTIONS,
)

LESSONS = (RULES,)
