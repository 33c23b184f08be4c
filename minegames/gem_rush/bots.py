"""Gem Rush bots: ``random`` (any legal action, picked kind first so a long list of payments
does not drown the rest), ``greedy`` (the one-turn planner: build the best door it can reach
and pay, else head for one, else gather cards) and ``team`` (greedy, playing Crisis for the
team: it burns from the deck and spares useful cards). No bot looks at a hand hidden from
it: in Rush a burn from another player's hand is blind (``Burn(player)``).
"""

from __future__ import annotations

import random
from collections import defaultdict

from . import planner
from .actions import DECK, UNSEEN, Build, Burn, EndGame, NewSkill, WarpBuild


class RandomBot:
    """Any legal action, the kind of move first, then which one. When a room can be built it
    usually builds (four times in five): a random player that seldom builds makes a Rush game
    last hundreds of turns, which tests nothing more and costs every test run time."""

    BUILD_CHANCE = 0.8

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.random = random.Random(seed)

    def choose(self, state):
        legal = state.legal_actions()
        builds = [a for a in legal if isinstance(a, (Build, WarpBuild))]
        if builds and self.random.random() < self.BUILD_CHANCE:
            return self.random.choice(builds)
        by_kind = defaultdict(list)
        for action in legal:
            by_kind[type(action).__name__].append(action)
        kind = self.random.choice(sorted(by_kind))
        return self.random.choice(by_kind[kind])


class GreedyBot:
    """Plays each turn for its own best door now (see ``planner.py``)."""

    team_player = False

    def __init__(self, seat: int, seed: int | None = None):
        self.seat = seat
        self.random = random.Random(seed)

    def choose(self, state):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        if state.phase == "burn" and state.pending is None:
            return self._burn(state, legal)
        if state.phase == "check" and state.pending is None:
            return EndGame()
        if state.phase == "chaos" and state.pending is None:
            return NewSkill(True) if NewSkill(False) not in legal else NewSkill(False)
        return planner.best_action(state, legal)

    def _burn(self, state, legal):
        """In Crisis the other players are teammates: burn as the team player does. Rush with
        burning: the other hands are hidden, so it burns blind from the leading rival's hand
        (a card drawn at random), else the deck's top, else the least useful of its own cards."""
        if state.options.mode == "crisis":
            return team_burn(state, legal)
        rivals = [a.player for a in legal if isinstance(a, Burn) and a.player not in (DECK, self.seat)]
        if rivals:
            leader = max(rivals, key=lambda p: (state.scores()[p], -p))
            return Burn(leader)
        if Burn() in legal:
            return Burn()
        return least_useful_burn(state, legal)


class TeamBot(GreedyBot):
    """Crisis team player: like ``greedy``, and at the burn it protects the team's cards
    (burning from the deck while it can, else each hand's least useful card)."""

    team_player = True

    def _burn(self, state, legal):
        return team_burn(state, legal)


def team_burn(state, legal):
    """Crisis: the deck's top while there is one (nobody loses a card they hold), else the least
    useful card in any hand."""
    if Burn() in legal:
        return Burn()
    return least_useful_burn(state, legal)


def least_useful_burn(state, legal):
    """The burn of a named card (one the burner can see) worth least to its holder."""
    named = [a for a in legal if isinstance(a, Burn) and a.card != UNSEEN]
    if not named:
        return next(a for a in legal if isinstance(a, Burn))
    return min(named, key=lambda a: (planner.card_value(state, a.card, a.player), a.player, a.card))


BOTS = {"random": RandomBot, "greedy": GreedyBot, "team": TeamBot}


def make_bot(kind: str, seat: int, seed: int | None = None):
    return BOTS[kind](seat, seed)
