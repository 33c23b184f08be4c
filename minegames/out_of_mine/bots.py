"""Bots for Out of Mine!, and a driver that runs them on the shared round clock.

Out of Mine! is a race: everyone places at once and the first full board
ends the round. A bot therefore answers two questions: which side of its
board to play, and a *timed plan* for the round (a tile every
``speed_ms_per_tile`` of round clock, then "Out of Mine!" if the board is
full, else "done"). The driver merges the bots' plans in clock order, moving
the clock with ``Tick`` up to each action, so bots play at a chosen speed
against each other or against people using the same state.

* :class:`SolverBot` plans with the exact solver. ``skill="perfect"`` plays
  the best cover (under the advanced rules it weighs the caller's 2 points of
  a full board against a better-scoring partial one); ``"good"`` looks for a
  full cover within a node budget and falls back to a greedy pack;
  ``"hasty"`` packs greedily (biggest tiles first, each on the first empty
  cell), which may leave holes.
* :class:`RandomBot` plays random legal actions, for property tests.
* :class:`BotDriver` / :func:`play_round` run them; ``minegames.core.play(state, bots)``
  plays whole games with them (the state's ``table_driver`` is a BotDriver). The
  driver stops when only people can move and says when a bot next wants to
  act, so a widget can call ``advance(state, until_ms=now)`` on a timer.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Mapping, Protocol

from minegames.core import Action, make_rng
from minegames.core.exact_cover import SearchLimitReached

from . import scoring
from .actions import Call, ChooseSide, Done, Place, Remove, Tick
from .solver import Packing, Placement, best_cover, can_cover, hint, round_score
from .state import OutOfMine

__all__ = ["Bot", "BotDriver", "RandomBot", "SolverBot", "perfect_table", "play_round"]

SKILLS = ("perfect", "good", "hasty")
#: (white_shapes, board, side, flips) -> cards that can fill that side of the boxed set
_BOXED_FILL_COUNTS: dict[tuple, int] = {}
Timed = tuple[int, Action]  # (round-clock ms, action)


class Bot(Protocol):
    def choose_side(self, state: OutOfMine, player: int) -> ChooseSide: ...

    def plan(self, state: OutOfMine, player: int) -> list[Timed]:
        """The player's next actions from now on, with the clock times they are due."""


class SolverBot:
    """Plans the round with the packing solver, then places at a steady pace."""

    def __init__(self, speed_ms_per_tile: int = 1500, skill: str = "perfect", seed: int | None = None,
                 node_budget: int = 40):
        if skill not in SKILLS:
            raise ValueError(f"skill must be one of {SKILLS}, got {skill!r}")
        if speed_ms_per_tile <= 0:
            raise ValueError("speed_ms_per_tile must be positive")
        self.speed, self.skill, self.node_budget = speed_ms_per_tile, skill, node_budget
        self.rng = make_rng(seed)
        self._fill_counts: dict[tuple, int] = {}

    def __repr__(self) -> str:
        return f"SolverBot({self.speed}, {self.skill!r})"

    # ---- the side ------------------------------------------------------------
    def choose_side(self, state: OutOfMine, player: int) -> ChooseSide:
        """Cards are hidden when sides are chosen: take the side the most cards can fill."""
        sides = state.sides_allowed(player)
        if self.skill == "hasty" or len(sides) == 1:
            return ChooseSide(player, sides[int(self.rng.integers(len(sides)))])
        number = state.board_numbers[player]
        return ChooseSide(player, max(sides, key=lambda side: self._fillable(state, number, side)))

    def _fillable(self, state: OutOfMine, number: int, side: str) -> int:
        """How many cards can fill the side; the boxed sets' counts are shared by every bot
        (a hand-made kit's stay with this bot), so a new bot chooses without a new search."""
        kit, flips = state.kit, state.options.flips
        counts = self._fill_counts if kit.standard is None else _BOXED_FILL_COUNTS
        key = (id(kit) if kit.standard is None else kit.standard, number, side, flips)
        if key not in counts:
            board = kit.boards[(number, side)]
            counts[key] = sum(
                can_cover(board, card, flips, supply=kit.tiles, shapes=kit.shapes) for card in kit.cards.values())
        return counts[key]

    # ---- the round -------------------------------------------------------------
    def plan(self, state: OutOfMine, player: int) -> list[Timed]:
        """Remove what blocks the plan, place the rest one tile per step, then call or stop.

        Every tile takes the same time, so the biggest go down first: if someone else
        calls before the plan is through, as many cells as possible are covered.
        """
        remove, place, full = self._decide(state, player)
        start = state.clock_ms
        actions: list[Action] = [Remove(player, t) for t in remove]
        actions += [p.action(player) for p in sorted(place, key=lambda p: -len(p.cells))]
        timed = [(start + self.speed * (i + 1), a) for i, a in enumerate(actions)]
        finish_at = timed[-1][0] if timed else start + self.speed
        timed.append((finish_at, Call(player) if full else Done(player)))
        return timed

    def _decide(self, state: OutOfMine, player: int) -> tuple[tuple[int, ...], list[Placement], bool]:
        kit, opts = state.kit, state.options
        board, card, placed = state.boards[player], state.cards[player], state.placed[player]
        supply = [kit.tiles[t] for t in state.free_tiles()]
        gallery = len(board.cells)
        if self.skill == "hasty":
            place = greedy_pack(state, player, self.rng)
            covered = len(state.covered(player)) + sum(len(p.cells) for p in place)
            return (), place, covered == gallery
        if placed:  # replanning mid-round: finish the board, taking off what blocks it
            advice = hint(board, card, placed, opts.flips, supply=supply, tiles=kit.tiles, shapes=kit.shapes)
            return advice.remove, list(advice.place), advice.perfect
        common = dict(flips=opts.flips, supply=supply, shapes=kit.shapes)
        if self.skill == "good":
            try:
                rows = Packing(board, card, opts.flips, supply=supply, shapes=kit.shapes).problem().first(
                    node_limit=self.node_budget)
            except SearchLimitReached:
                rows = None
            if rows is None:
                place = greedy_pack(state, player, self.rng)
                return (), place, sum(len(p.cells) for p in place) == gallery
            packing = Packing(board, card, opts.flips, supply=supply, shapes=kit.shapes)
            return (), packing.assign_tiles(rows), True
        advanced = dict(elves=opts.elves, finds=opts.finds)
        cover = best_cover(board, card, objective="cells", **advanced, **common)
        full = sum(len(p.cells) for p in cover) == gallery
        if opts.elves or opts.finds:
            bonus = scoring.CALLER_BONUS if full else 0
            reached = round_score(board, card, cover, tiles=kit.tiles, **advanced) + bonus
            # the search for the best score is the slow one: skip it when it cannot do better
            if reached < score_ceiling(board, card, supply, **advanced):
                scored = best_cover(board, card, objective="score", **advanced, **common)
                if round_score(board, card, scored, tiles=kit.tiles, **advanced) > reached:
                    cover = scored
                    full = sum(len(p.cells) for p in cover) == gallery
        return (), cover, full


def score_ceiling(board: Any, card: Any, supply: list, elves: bool, finds: bool) -> int:
    """No round score (without the caller's bonus) can beat this: a full board, every elf of
    a colour on the card served, and each colour's best good finds up to the card's count."""
    ceiling = scoring.BASE_POINTS
    if elves:
        ceiling += sum(1 for elf in board.elves if card.limits.get(elf.colour, 0) > 0)
    if finds:
        for colour, limit in card.limits.items():
            values = sorted((card.finds.get(t.find[1], 0) for t in supply if t.colour == colour and t.find),
                            reverse=True)
            ceiling += sum(v for v in values[:limit] if v > 0)
    return ceiling


def greedy_pack(state: OutOfMine, player: int, rng: Any) -> list[Placement]:
    """A quick pack of the empty cells: at each first empty cell, a random piece of the biggest
    colour still allowed that fits there; a cell nothing fits stays empty."""
    kit, opts = state.kit, state.options
    used = state.card_use(player)
    limits = {c: n - used.get(c, 0) for c, n in state.cards[player].limits.items() if n > used.get(c, 0)}
    free = state.empty_cells(player)
    if not free or not limits:
        return []
    packing = Packing(SimpleNamespace(cells=free), SimpleNamespace(limits=limits), opts.flips,
                      supply=[kit.tiles[t] for t in state.free_tiles()], shapes=kit.shapes)
    at_first: dict[tuple[int, int], list[int]] = {}
    for index, p in enumerate(packing.placements):
        at_first.setdefault(min(p.cells, key=packing.order.index), []).append(index)
    covered: set = set()
    left = dict(packing.limits)
    chosen = []
    for cell in packing.order:
        if cell in covered:
            continue
        fitting = [i for i in at_first.get(cell, ())
                   if not packing.placements[i].cells & covered
                   and left[packing.placements[i].colour] > 0
                   and left[(packing.placements[i].colour, packing.placements[i].shape)] > 0]
        if not fitting:
            continue
        biggest = max(len(packing.placements[i].cells) for i in fitting)
        fitting = [i for i in fitting if len(packing.placements[i].cells) == biggest]
        pick = fitting[int(rng.integers(len(fitting)))]
        p = packing.placements[pick]
        covered |= p.cells
        left[p.colour] -= 1
        left[(p.colour, p.shape)] -= 1
        chosen.append(pick)
    return packing.assign_tiles(chosen)


class RandomBot:
    """Random legal actions at a steady pace (for property tests and fuzzing)."""

    def __init__(self, speed_ms_per_tile: int = 500, seed: int | None = None, patience: float = 0.1):
        self.speed, self.patience = speed_ms_per_tile, patience
        self.rng = make_rng(seed)

    def choose_side(self, state: OutOfMine, player: int) -> ChooseSide:
        sides = state.sides_allowed(player)
        return ChooseSide(player, sides[int(self.rng.integers(len(sides)))])

    def plan(self, state: OutOfMine, player: int) -> list[Timed]:
        """One action at a time: call when possible (half the time), sometimes stop or take a tile back."""
        legal = state.legal_actions(player)
        by_type: dict[type, list[Action]] = {}
        for action in legal:
            by_type.setdefault(type(action), []).append(action)
        roll = self.rng.random()
        if Call in by_type and roll < 0.5:
            choice: Action = by_type[Call][0]
        elif roll < self.patience or not (by_type.get(Place) or by_type.get(Remove)):
            choice = by_type[Done][0]
        elif Remove in by_type and (roll < 2 * self.patience or Place not in by_type):
            choice = by_type[Remove][int(self.rng.integers(len(by_type[Remove])))]
        else:
            choice = by_type[Place][int(self.rng.integers(len(by_type[Place])))]
        return [(state.clock_ms + self.speed, choice)]


class BotDriver:
    """Runs bots for some players on the shared round clock; people play the others.

    The driver keeps each bot's remaining plan; an action that is no longer
    legal when it falls due (another player took the tile) makes that bot plan
    again from the present position.
    """

    def __init__(self, bots: Mapping[int, Any]):
        self.bots = dict(bots)
        self._plans: dict[int, list[Timed]] = {}
        self._round_key: tuple | None = None

    def next_time(self, state: OutOfMine) -> int | None:
        """When a bot next wants to act (round clock ms), or None if no bot is waiting to act."""
        if state.phase != "placing":
            return None
        self._sync(state)
        due = [plan[0][0] for p, plan in self._plans.items() if plan and p in state.players_to_move()]
        return max(min(due), state.clock_ms) if due else None

    def advance(self, state: OutOfMine, until_ms: int | None = None, one_round: bool = False) -> int | None:
        """Let the bots act, in clock order, Ticking the clock up to each action.

        ``until_ms``: act only up to that clock time, then Tick the clock to it
        (a live app passes the time elapsed). None: go on as long as no person
        is still to move. ``one_round``: stop when the current round ends.
        Returns :meth:`next_time` when it stops for time or for a person, None
        when the game (or the round) is over or no bot has anything to do.
        """
        start_round = state.round
        while not state.is_over and not (one_round and state.round != start_round):
            movers = state.players_to_move()
            people = [p for p in movers if p not in self.bots]
            if state.phase == "choose_sides":
                bots = [p for p in movers if p in self.bots]
                if not bots:
                    return None
                for p in bots:
                    state.apply(self.bots[p].choose_side(state, p))
                continue
            due = self.next_time(state)
            if due is None:
                return None
            if until_ms is None and people:
                return due
            if until_ms is not None and due > until_ms:
                if until_ms > state.clock_ms:
                    state.apply(Tick(until_ms - state.clock_ms))
                return self.next_time(state)
            if due > state.clock_ms:
                state.apply(Tick(due - state.clock_ms))
                if state.phase != "placing" or self._round_key != (state.round, state.phase):
                    continue  # the time limit ended the round
            player = min(p for p, plan in self._plans.items() if plan and plan[0][0] <= due
                         and p in state.players_to_move())
            action = self._plans[player].pop(0)[1]
            if state.is_legal(action):
                state.apply(action)
            else:
                self._plans[player] = self.bots[player].plan(state, player)
        return None

    def choose(self, state: OutOfMine) -> Action | None:
        """The bots' next action when only bots are still to move (a side, a placement, or a
        Tick of the clock to the next one); None when a person must act or no bot has anything
        to do. What :func:`minegames.core.play` asks of a table of bots."""
        while not state.is_over:
            movers = state.players_to_move()
            if any(p not in self.bots for p in movers):
                return None
            if state.phase == "choose_sides":
                return self.bots[movers[0]].choose_side(state, movers[0]) if movers else None
            due = self.next_time(state)
            if due is None:
                return None
            if due > state.clock_ms:
                return Tick(due - state.clock_ms)
            player = min(p for p, plan in self._plans.items() if plan and plan[0][0] <= due and p in movers)
            action = self._plans[player].pop(0)[1]
            if state.is_legal(action):
                return action
            self._plans[player] = self.bots[player].plan(state, player)
        return None

    def _sync(self, state: OutOfMine) -> None:
        """New round: forget old plans. Plan for every bot still placing that has none."""
        key = (state.round, state.phase)
        if key != self._round_key:
            self._round_key, self._plans = key, {}
        for p in state.players_to_move():
            if p in self.bots and not self._plans.get(p):
                self._plans[p] = self.bots[p].plan(state, p)


def play_round(state: OutOfMine, bots: Mapping[int, Any] | BotDriver, until_ms: int | None = None) -> int | None:
    """Play the current round with ``bots`` (player -> bot, or a driver kept between calls).

    Returns when the round is over (None) or a person must act (the clock
    time a bot next wants to act, or None if none is waiting).
    """
    driver = bots if isinstance(bots, BotDriver) else BotDriver(bots)
    return driver.advance(state, until_ms, one_round=True)


def perfect_table(players: int, seed: int | None = None) -> dict[int, SolverBot]:
    """A perfect SolverBot in every seat (seeded one after another)."""
    return {p: SolverBot(seed=None if seed is None else seed + p) for p in range(players)}
