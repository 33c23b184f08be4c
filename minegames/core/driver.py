"""One driver for every game: bots decide until a person must, or the game ends.

A bot is anything with ``choose(state) -> Action``. ``bots`` maps a seat to its bot;
a seat with no bot is a person's, so ``play`` stops there and the person's front end
(or test) applies their action, then calls ``play`` again.

In a phase where everyone acts at once (``current_player == SIMULTANEOUS``) the
game's ``table_driver(bots)`` speaks for the bots at the table (for example
Out of Mine!'s shared clock); ``play`` keeps one per call.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .state import SIMULTANEOUS, GameState

#: more actions than any game of this library takes; a bot that loops forever stops here.
MAX_ACTIONS = 100_000


def play(state: GameState, bots: Mapping[int, Any] | Sequence[Any], max_actions: int = MAX_ACTIONS) -> GameState:
    """Let ``bots`` (seat -> bot, or a list with one bot per seat) decide until a seat without
    a bot must decide, the game ends, or ``max_actions`` have been applied. Returns ``state``,
    changed in place."""
    if not isinstance(bots, Mapping):
        bots = dict(enumerate(bots))
    table = None
    for _ in range(max_actions):
        if state.is_over:
            break
        seat = state.current_player
        if seat == SIMULTANEOUS and SIMULTANEOUS not in bots:
            if table is None:
                table = state.table_driver(bots)
            action = None if table is None else table.choose(state)
        else:
            bot = bots.get(seat)
            action = None if bot is None else bot.choose(state)
        if action is None:
            break
        state.apply(action)
    return state
