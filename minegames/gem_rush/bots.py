"""Gem Rush bots: ``random`` (any legal action, picked kind first so a long list of payments
does not drown the rest), ``greedy`` (the one-turn planner: build the best door it can reach
and pay, else head for one, else gather cards) and ``team`` (greedy, playing Crisis for the
team: it burns from the deck and spares useful cards).
"""

from __future__ import annotations

import random
from collections import defaultdict

from . import planner
from .actions import Build, Burn, EndGame, NewSkill, WarpBuild


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
        """Rush with burning: burn the best card of the leading rival when it can, else the deck's
        top. In Crisis the other players are teammates: burn as the team player does."""
        if state.options.mode == "crisis":
            return team_burn(state, legal)
        rivals = [p for p in range(state.num_players) if p != self.seat and state.hand(p)]
        if rivals:
            leader = max(rivals, key=lambda p: (state.scores()[p], -p))
            return max((Burn(leader, c) for c in sorted(set(state.hand(leader)))),
                       key=lambda a: (planner.card_value(state, a.card, a.player), -a.card))
        return Burn() if Burn() in legal else legal[0]


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
    return min((a for a in legal if isinstance(a, Burn)),
               key=lambda a: (planner.card_value(state, a.card, a.player), a.player, a.card))


BOTS = {"random": RandomBot, "greedy": GreedyBot, "team": TeamBot}


def make_bot(kind: str, seat: int, seed: int | None = None):
    return BOTS[kind](seat, seed)
