"""What may be done now, and why not: the legal actions of the player to act, and a check of
one action that names the rule it breaks. The two share the small predicates below, so the list
and the check cannot disagree.
"""

from __future__ import annotations

from minegames.core import refuse

from . import board
from .actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken, PlaceTrack, Turn,
    Upgrade,
)
from .components import GEMS, MAX_SPEED, MIN_SPEED

ACTIONS, MOVE, DEPOSITS = "actions", "move", "deposits"
SUPPLY, ON_BOARD = "supply", "board"


# ---- the predicates ---------------------------------------------------------------------------
def track_refusal(state, square, shape: str, turn: int) -> str | None:
    if shape not in board.PLACEABLE:
        return f"only a straight or a corner is laid; {shape!r} comes only by upgrading"
    if not 0 <= turn < len(board.SHAPE_MASKS[shape]):
        return f"a {shape} has turns 0-{len(board.SHAPE_MASKS[shape]) - 1}, not {turn}"
    if square not in board.TRACK_SQUARE_SET:
        return f"{board.square_name(square)} takes no track: only underground squares other than a mine's centre do"
    if square in state.chasm:
        return f"{board.square_name(square)} has fallen into the chasm"
    if square in state.tracks:
        return f"{board.square_name(square)} has track already (upgrade it instead)"
    if state.tiles and state.tiles[shape] <= 0:
        return f"no {shape} tile is left in the supply"
    return None


def upgrade_refusal(state, square, side: int) -> str | None:
    mask = state.tracks.get(square)
    if mask is None:
        return f"{board.square_name(square)} has no track to upgrade"
    if not 0 <= side < 4:
        return f"a side is 0-3, not {side}"
    if mask >> side & 1:
        return f"the tile on {board.square_name(square)} runs {board.SIDE_NAMES[side]} already"
    if state.cart_at(square) is not None:
        return "a tile with a cart on it cannot be upgraded"
    new = board.shape_of(mask | 1 << side)
    if state.tiles and state.tiles[new] <= 0:
        return f"no {new} tile is left in the supply"
    return None


def cart_refusal(state, player: int, number: int, start: int) -> str | None:
    index = state.cart_index(player, number)
    if index is None:
        return f"you have carts 1-{len(state.carts_of(player))}, not {number + 1}"
    cart = state.carts[index]
    if cart["where"] != SUPPLY:
        return f"{state.cart_name(index)} is not in your supply ({cart['where']})"
    if state.options.solo and cart["derailed"]:
        return f"{state.cart_name(index)} has derailed: in the solo game it is out for good"
    if start not in (0, 1):
        return f"a clan has starts 1 and 2, not {start + 1}"
    square = board.EXITS[cart["clan"]][start]
    if state.cart_at(square) is not None:
        return f"a cart stands on {board.square_name(square)} already"
    return None


def speed_refusal(state, player: int, number: int, change: int) -> str | None:
    index = state.cart_index(player, number)
    if index is None:
        return f"you have carts 1-{len(state.carts_of(player))}, not {number + 1}"
    cart = state.carts[index]
    if cart["where"] != ON_BOARD:
        return f"{state.cart_name(index)} is not on the board"
    if change not in (1, -1):
        return f"the die turns by one at a time, not {change}"
    if not MIN_SPEED <= cart["speed"] + change <= MAX_SPEED:
        return f"speed stays between {MIN_SPEED} and {MAX_SPEED}"
    return None


def pick_choices(state) -> list[str]:
    square = tuple(state.pending["square"])
    return sorted(set(state.gems.get(square, [])) - {"rock"}, key=GEMS.index)


def drop_choices(state) -> list[str]:
    return sorted(set(state.carts[state.pending["cart"]]["load"]), key=GEMS.index)


# ---- the list ------------------------------------------------------------------------------------
def legal_actions(state) -> list:
    player = state.current_player
    pending = state.pending
    if pending is not None:
        kind = pending["kind"]
        if kind == "turn":
            return [Turn(player, side) for side in pending["sides"]]
        if kind == "pick":
            return [Pick(player, gem) for gem in pick_choices(state)]
        if kind == "drop":
            return [Drop(player, gem) for gem in drop_choices(state)]
        return [PlaceToken(player, x, y) for x, y in pending["squares"]]
    if state.phase == ACTIONS:
        return _action_phase(state, player)
    if state.phase == MOVE:
        return [Drive(player, state.cart_number(i)) for i in state._carts_to_move()]
    if state.options.solo or state.chasm_phase != "collapsing":
        return [DrawCard(player)]
    return [DrawToken(player)]


def _action_phase(state, player: int) -> list:
    return [*track_placements(state, player), *upgrades(state, player), *cart_placements(state, player),
            *speed_changes(state, player), EndActions(player)]


def track_placements(state, player: int) -> list[PlaceTrack]:
    found = []
    for square in board.TRACK_SQUARES:
        if square in state.tracks or square in state.chasm:
            continue
        for shape in board.PLACEABLE:
            if state.tiles and state.tiles[shape] <= 0:
                continue
            found.extend(PlaceTrack(player, square[0], square[1], shape, turn)
                         for turn in range(len(board.SHAPE_MASKS[shape])))
    return found


def upgrades(state, player: int) -> list[Upgrade]:
    return [Upgrade(player, square[0], square[1], side) for square in state.tracks for side in range(4)
            if upgrade_refusal(state, square, side) is None]


def cart_placements(state, player: int) -> list[PlaceCart]:
    return [PlaceCart(player, number, start) for number in range(len(state.carts_of(player))) for start in (0, 1)
            if cart_refusal(state, player, number, start) is None]


def speed_changes(state, player: int) -> list[ChangeSpeed]:
    return [ChangeSpeed(player, number, change) for number in range(len(state.carts_of(player))) for change in (1, -1)
            if speed_refusal(state, player, number, change) is None]


# ---- the check -------------------------------------------------------------------------------------
def check(state, action) -> None:
    if action.player != state.current_player:
        who = state.current_player
        refuse("turn", f"it is player {who + 1}'s turn to act, not player {action.player + 1}'s"
               if 0 <= action.player < state.num_players else f"there is no player {action.player + 1}")
    pending = state.pending
    kind = pending["kind"] if pending else None
    expected = {"turn": "choose a way at the junction", "pick": "choose a gem to pick up",
                "drop": "choose a gem to drop", "token": "place the chasm token"}
    wanted = {Turn: "turn", Pick: "pick", Drop: "drop", PlaceToken: "token"}.get(type(action))
    if kind is not None and wanted != kind:
        refuse("order of play", f"first {expected[kind]}")
    if kind is None and wanted is not None:
        refuse("order of play", f"there is no {wanted} choice to make now ({_phase_text(state)})")
    if isinstance(action, Turn):
        if action.side not in pending["sides"]:
            refuse("junction", f"the cart can leave by {', '.join(board.SIDE_NAMES[s] for s in pending['sides'])}")
    elif isinstance(action, Pick):
        if action.gem not in pick_choices(state):
            refuse("pick up", f"the deposit offers {', '.join(pick_choices(state))}, not {action.gem!r}")
    elif isinstance(action, Drop):
        if action.gem not in drop_choices(state):
            refuse("drop", f"the cart holds {', '.join(drop_choices(state))}, not {action.gem!r}")
    elif isinstance(action, PlaceToken):
        if [action.x, action.y] not in pending["squares"]:
            refuse("chasm", "a chasm token goes next to a token of its colour, on a square that has not fallen")
    elif isinstance(action, (PlaceTrack, Upgrade, PlaceCart, ChangeSpeed, EndActions)):
        if state.phase != ACTIONS:
            refuse("action phase", f"actions are taken before the carts move ({_phase_text(state)})")
        why = None
        if isinstance(action, PlaceTrack):
            why, rule = track_refusal(state, (action.x, action.y), action.shape, action.turn), "track"
        elif isinstance(action, Upgrade):
            why, rule = upgrade_refusal(state, (action.x, action.y), action.side), "upgrade"
        elif isinstance(action, PlaceCart):
            why, rule = cart_refusal(state, action.player, action.cart, action.start), "new cart"
        elif isinstance(action, ChangeSpeed):
            why, rule = speed_refusal(state, action.player, action.cart, action.change), "speed"
        if why is not None:
            refuse(rule, why)
    elif isinstance(action, Drive):
        if state.phase != MOVE:
            refuse("move phase", f"carts move after the actions ({_phase_text(state)})")
        index = state.cart_index(action.player, action.cart)
        if index is None or index not in state._carts_to_move():
            refuse("move phase", f"cart {action.cart + 1} has no move to make this turn")
    elif isinstance(action, (DrawCard, DrawToken)):
        if state.phase != DEPOSITS:
            refuse("deposits phase", f"the deposits phase comes after the carts move ({_phase_text(state)})")
        tokens = not state.options.solo and state.chasm_phase == "collapsing"
        if isinstance(action, DrawCard) and tokens:
            refuse("chasm", "the chasm has begun: draw a chasm token instead of a deposit card")
        if isinstance(action, DrawToken) and not tokens:
            refuse("chasm", "the chasm has not begun: draw a deposit card")


def _phase_text(state) -> str:
    return f"now: the {state.phase} phase"
