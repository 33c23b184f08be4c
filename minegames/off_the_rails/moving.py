"""The move phase played on a game: a cart driven square by square, what it picks up, crashes,
derailing and deliveries (docs/rules/off_the_rails.md, readings 5-12). The rules of a step are
decided in ``driving.py`` (the planner's dry-run uses the same functions); this module changes
the game as they say, logs it, and pauses for the players' choices: a choice on the way (a
junction, gems to pick or to drop) is left in ``game.pending`` and the move goes on when it is
made.
"""

from __future__ import annotations

from . import board, driving
from .actions import Drive, Drop, Pick, Turn
from .components import GEM_POINTS, MISSION_BY_ID, START_SPEED, Delivery
from .wording import gems_words, plural

ON_BOARD, SUPPLY, ESCAPED = "board", "supply", "escaped"
COLLAPSING = "collapsing"
Square = tuple[int, int]


def drive(game, action: Drive) -> None:
    index = game.cart_index(action.player, action.cart)
    cart = game.carts[index]
    cart["moved"] = True
    game.driving = {"cart": index, "steps": cart["speed"]}
    game.note(f"{game.cart_name(index)} sets off from {board.square_name(tuple(cart['square']))} "
                            f"at speed {cart['speed']}")
    run(game)


def turn_at_junction(game, action: Turn) -> None:
    game.pending = None
    index = game.driving["cart"]
    game.note(f"{game.cart_name(index)} goes {board.SIDE_NAMES[action.side]} at the junction on "
                            f"{board.square_name(tuple(game.carts[index]['square']))}")
    step(game, action.side)
    run(game)


def run(game) -> None:
    """Go on moving the driven cart until it has gone its speed, stops, or a choice is due."""
    while game.driving is not None and game.pending is None:
        index, steps = game.driving["cart"], game.driving["steps"]
        cart = game.carts[index]
        if steps == 0 or cart["where"] != ON_BOARD:
            if cart["where"] == ON_BOARD and not board.is_surface(tuple(cart["square"])):
                game.note(f"{game.cart_name(index)} ends its move on "
                                        f"{board.square_name(tuple(cart['square']))}")
            stop(game)
            return
        square = tuple(cart["square"])
        ways = driving.exits(square, cart["came_from"], game.tracks)
        if not ways:
            derail(game, index, driving.GOES_NOWHERE)
            stop(game)
            return
        if len(ways) > 1:
            game.pending = {"kind": "turn", "sides": list(ways)}
            return
        step(game, ways[0])


def step(game, side: int) -> None:
    index = game.driving["cart"]
    cart = game.carts[index]
    square = tuple(cart["square"])
    carts = {tuple(c["square"]) for c in game.carts if c["where"] == ON_BOARD}
    kind, target, why = driving.step(square, side, game.tracks, game.chasm, carts)
    if kind == driving.DERAIL:
        derail(game, index, why)
        stop(game)
        return
    if kind == driving.CRASH:
        collide(game, index, game.cart_at(target), side)
        return
    cart["square"] = list(target)
    cart["came_from"] = board.opposite(side)
    game.driving["steps"] -= 1
    if kind == driving.DELIVER:
        deliver(game, index, target)
        stop(game)
        return
    if game.gems.get(target):
        pick_up(game, index, target, last=game.driving["steps"] == 0)


def pick_up(game, index: int, square: Square, last: bool) -> None:
    cart, deposit = game.carts[index], game.gems[square]
    taken, choose = driving.pick_forced(deposit, len(cart["load"]), last)
    if choose and not game.options.choose_gems:
        taken, choose = driving.complete_picks(deposit, taken, choose), 0
    take(game, index, square, taken)
    if choose:
        game.pending = {"kind": "pick", "count": choose, "square": list(square)}


def take(game, index: int, square: Square, gems) -> None:
    """The cart loads ``gems`` from the square: one log line for them all ("picks up 2 rubies")."""
    if not gems:
        return
    for gem in gems:
        game.gems[square].remove(gem)
        if not game.gems[square]:
            del game.gems[square]
        game.carts[index]["load"].append(gem)
    game.note(f"{game.cart_name(index)} picks up {gems_words(gems)} at {board.square_name(square)}")


def pick_choice(game, action: Pick) -> None:
    square = tuple(game.pending["square"])
    game.pending["count"] -= 1
    left = game.pending["count"]
    rest = list(game.gems.get(square, []))
    rest.remove(action.gem)
    taken = [action.gem]
    if not driving.real_choice(rest, left):  # take what fits, said in the same line
        game.pending = None
        taken += rest[:left]
    take(game, game.driving["cart"], square, taken)
    run(game)


def collide(game, mover: int, hit: int, side: int) -> None:
    game.note(f"{game.cart_name(mover)} runs into {game.cart_name(hit)} on "
                            f"{board.square_name(tuple(game.carts[hit]['square']))}")
    moving_cart, hit_cart = game.carts[mover], game.carts[hit]
    crash = driving.crash(moving_cart["load"], hit_cart["load"], tuple(hit_cart["square"]), side,
                          game.options.bumper_carts)
    if crash.mover_came_from is not None:
        moving_cart["came_from"] = crash.mover_came_from
    if crash.hit_came_from is not None:
        hit_cart["came_from"] = crash.hit_came_from
    if crash.mover_derails:
        derail(game, mover, driving.CRASHED_EMPTY)
    if crash.hit_derails:
        derail(game, hit, driving.HIT_EMPTY)
    elif crash.drops:
        if game.options.choose_gems and driving.real_choice(hit_cart["load"], crash.drops):
            game.pending = {"kind": "drop", "player": hit_cart["owner"], "cart": hit, "count": crash.drops}
            game.driving["steps"] = 0
            return
        drop_gems(game, hit, driving.cheapest_first(hit_cart["load"], crash.drops))
    stop(game)


def drop_gems(game, index: int, gems) -> None:
    """The hit cart drops ``gems`` on its square: one log line for them all."""
    gems = list(gems)
    if not gems:
        return
    cart = game.carts[index]
    square = tuple(cart["square"])
    for gem in gems:
        cart["load"].remove(gem)
        game.gems.setdefault(square, []).append(gem)
    game.note(f"{game.cart_name(index)} drops {gems_words(gems)}")


def drop_choice(game, action: Drop) -> None:
    index = game.pending["cart"]
    game.pending["count"] -= 1
    left = game.pending["count"]
    rest = list(game.carts[index]["load"])
    rest.remove(action.gem)
    dropped = [action.gem]
    if not driving.real_choice(rest, left):  # drop what is left to drop, said in the same line
        game.pending = None
        dropped += rest[:left]
    drop_gems(game, index, dropped)
    if game.pending is None:
        stop(game)


def derail(game, index: int, why: str) -> None:
    cart = game.carts[index]
    square = tuple(cart["square"])
    if cart["load"]:
        game.gems.setdefault(square, []).extend(cart["load"])
    left = f"; its gems stay on {board.square_name(square)}" if cart["load"] else ""
    game.note(f"{game.cart_name(index)} derails on {board.square_name(square)}: {why}{left}")
    cart.update(where=SUPPLY, square=None, load=[], derailed=True, speed=START_SPEED)


def deliver(game, index: int, square: Square) -> None:
    cart = game.carts[index]
    player = game.players[cart["owner"]]
    load = driving.delivery(cart["load"])
    exit_clan = board.EXIT_CLAN.get(square, "")
    cart["load"] = []
    player["stockpile"].extend(load)
    game.deliveries.append([cart["owner"], exit_clan, load, game.turn])
    where = board.square_name(square)
    worth = f" (gems worth {plural(sum(GEM_POINTS[g] for g in load), 'point')})" if load else ""
    game.note(f"{game.cart_name(index)} delivers {', '.join(load) or 'nothing'}{worth} at {where}")
    if game.chasm_phase == COLLAPSING:
        cart.update(where=ESCAPED, square=None)
        game.note(f"{game.cart_name(index)} leaves the mine")
    if load and not game.options.solo:
        check_missions(game, cart["owner"], load, exit_clan)


def check_missions(game, player: int, load: list[str], exit_clan: str) -> None:
    this_turn = sum(1 for p, _, l, t in game.deliveries if p == player and t == game.turn and l)
    delivery = Delivery(player=player, load=tuple(load), exit_clan=exit_clan or None,
                        own_clan=game.players[player]["clan"], stockpile=tuple(game.players[player]["stockpile"]),
                        deliveries_this_turn=this_turn)
    for mission in list(game.missions_up):
        if MISSION_BY_ID[mission].met(delivery):
            game.missions_up.remove(mission)
            game.players[player]["missions"].append(mission)
            game.note(f"{game.players[player]['clan'].capitalize()} completes the mission "
                                    f"{MISSION_BY_ID[mission].title}")
            if game.mission_deck:
                game.missions_up.append(game.mission_deck.pop())
                game._see_chance()


def stop(game) -> None:
    """The driven cart's move is over."""
    game.driving = None
    game.pending = None
    game._next_drive()
