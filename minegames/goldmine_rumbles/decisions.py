"""The kinds of decision a Goldmine Rumbles game waits on.

A decision on the state's stack is a dict whose ``kind`` is a :class:`Decision`. Being a
``str`` enum, a member equals its text (``Decision.TURN == "turn"``), prints as it and is
saved as it, so readers may compare ``state.step`` or ``state.decision["kind"]`` with
plain strings.
"""

from __future__ import annotations

from enum import Enum


class Decision(str, Enum):
    """Who decides what: the ``player`` of the decision's entry answers it."""

    #: each miner places the phase's cubes, or those a claim row gave, on the dashboard
    PLACE_CUBES = "place cubes"
    #: the active miner chooses the turn's main action (and may act freely meanwhile)
    TURN = "turn"
    #: a travelling miner steps, walks, blasts or gives the journey up
    TRAVEL = "travel"
    #: a miner who reached the claim takes items from one of its rows
    ITEMS = "items"
    #: a partner uses what they picked up at the claim, then says they are done
    PARTNER_ITEMS = "partner items"
    #: each other miner bids for a place as partner, or passes
    BIDS = "bids"
    #: the claim's owner accepts one bid, or refuses them all
    ACCEPT = "accept"
    #: each partner chooses which yield die counts for them
    CHOOSE_DIE = "choose die"
    #: a miner who played a Pipe moves dashboard cubes, or stops
    PIPE = "pipe"
    #: a partner after the hazard die, or an attacked miner after the fight, may heal with a remedy
    WIND_DOWN = "wind down"
    #: a miner meeting a rat feeds it Bread, or takes a Poison
    RAT = "rat"
    #: a miner meeting a snake shoots it with the Blunderbuss, or takes a Poison
    SNAKE = "snake"
    #: a Bible holder turns a low yield die into a better one, or keeps the Bible
    BIBLE = "bible"
    #: a miner at the hazard die's Papa Clayton pays his fee, or fights him
    CLAYTON = "clayton"
    #: a fighter holding a Blunderbuss arms themselves with it, or not
    ARM = "arm"
    #: a fighter holding a Chippawa Leaf chews it for the round, or not
    CHIPPAWA = "chippawa"
    #: another miner offers a route to a traveller with no walk (paid route finders)
    ROUTE_OFFER = "route offer"
    #: the traveller follows one offered route, or goes on alone (paid route finders)
    ROUTE_ACCEPT = "route accept"
    #: a fighter who did not start the fight spends a Bible to have dice thrown again
    DISMISS = "dismiss"
    #: the first miner in a fight rolls its next round
    FIGHT = "fight"
    #: a fight's winner chooses an item from the loser (or the supply, after Papa Clayton)
    SPOILS = "spoils"

    def __str__(self) -> str:  # the text, as in f-strings, in every Python version
        return self.value


#: decisions during which the decider may also act freely: buy essentials, use or sell items
ACTIVE_KINDS = (Decision.TURN, Decision.TRAVEL, Decision.ITEMS, Decision.PARTNER_ITEMS)
