"""What things are worth to the player planning a turn: gems, loads, deliveries (missions
included), deposits, the dangers of the chasm, and where each cart should head for.

The planner scores every plan it tries in one currency; these are its weights and the
:class:`Context` that works out, once per plan, what the game as it stands makes of them (the
values of gems to this player, the goals' entry fields, the chasm's risk).
"""

from __future__ import annotations

from typing import Sequence

from . import board, scoring
from .components import (
    CART_CAPACITY, GEM_POINTS, GEMS, JEWELS, MISSION_BY_ID, MISSION_POINTS, TOKENS_PER_COLOUR, Delivery,
)
from .routes import (
    INF, NEIGHBOUR, OPPOSITE, STEP_COST, TRACK, deposit_sources, entry_field, square_cost, surface_sources,
)

Square = tuple[int, int]

# ---- weights of a plan's value (one gem point held is worth W_LOAD, one delivered W_DELIVER) ----
W_DELIVER = 100.0
W_LOAD = 60.0
W_ACTION = 12.0        # one action still needed to reach the goal
DERAIL_COST = 1000.0
ESCAPE_VALUE = 300.0   # the 3-point cart bonus made safe
SOLO_DEPOSIT_BONUS = 2.0


def solo_escape_value(tokens_left: int) -> float:
    """A solo cart out of the mine: the game ends (and is judged) only when all are out, but a cart
    out early carries nothing more."""
    return 20.0 if tokens_left <= 8 else -40.0


class Context:
    """What one plan needs of a game, computed once: the board, the values of gems to this
    player, the goals' fields (each worked out when first needed)."""

    def __init__(self, state, player: int):
        self.state = state
        self.player = player
        self.solo = state.options.solo
        self.bumper = state.options.bumper_carts
        self.tracks = state.tracks
        self.gems = state.gems
        self.chasm = state.chasm
        self.phase = state.chasm_phase
        self.collapsing = self.phase == "collapsing"
        self.clan = state.players[player]["clan"]
        self.occupied = {tuple(c["square"]) for c in state.carts if c["where"] == "board"}
        self.tokens_left = TOKENS_PER_COLOUR * len(board.CLANS) - state.tokens_out
        self.missions_up = list(state.missions_up)
        self.stockpile = list(state.players[player]["stockpile"])
        if self.solo:
            self.matched = scoring.matched_deliveries(state)
            self.delivered = scoring.delivered(state)
        self._fields: dict[str, tuple[dict, dict | None]] = {}
        self.goal_cache: dict[tuple, float] = {}
        self._risk: dict[Square, float] | None = None
        rubies = [p["stockpile"].count("ruby") for p in state.players]
        mine = rubies[player]
        best_other = max([r for p, r in enumerate(rubies) if p != player], default=0)
        #: a ruby is worth more while the ruby majority is in play
        self.ruby_value = 1.0 if self.solo or state.num_players == 1 or mine > best_other + 4 else 1.6

    # ---- gem values (in points) ------------------------------------------------------------------
    def gem_value(self, gem: str) -> float:
        if gem == "rock":
            return -0.3
        if not self.solo:
            return self.ruby_value if gem == "ruby" else float(GEM_POINTS[gem])
        value = 0.1 * GEM_POINTS[gem]
        if self.matched[gem] == 0:
            value += 3.0
        elif self.matched[gem] == 1:
            value += 1.5
        if self.delivered[gem] == 0:
            value += 2.0
        return value

    def pick_key(self, gem: str) -> tuple[float, int]:
        return self.gem_value(gem), GEMS.index(gem)

    def load_value(self, load: Sequence[str]) -> float:
        if not self.solo:
            return sum(self.gem_value(g) for g in load)
        value, seen = 0.0, set()
        for gem in load:
            if gem == "rock":
                value -= 0.3
            elif gem in seen:
                value += 0.1 * GEM_POINTS[gem] + (1.5 if self.matched[gem] == 0 else 0.0)
            else:
                seen.add(gem)
                value += self.gem_value(gem)
        return value

    def pile_worth(self, pile: Sequence[str]) -> float:
        """What a deposit is worth to a cart that empties it (at most a cartful)."""
        values = sorted((self.gem_value(g) for g in pile if g != "rock"), reverse=True)[:CART_CAPACITY]
        rocks = sum(1 for g in pile if g == "rock")
        return (sum(values) - 0.3 * rocks) * (SOLO_DEPOSIT_BONUS if self.solo else 1.0)

    def delivery_value(self, load: Sequence[str], exit_square: Square, deliveries: int,
                       missions_up: list[str], stockpile: list[str]) -> tuple[float, list[str]]:
        """Points (as the planner counts them) of delivering ``load`` at ``exit_square``, and the
        missions it claims (taken off ``missions_up``)."""
        exit_clan = board.EXIT_CLAN.get(exit_square)
        if self.solo:
            value = 0.0
            matched = dict(self.matched)
            first = {gem: self.delivered[gem] == 0 for gem in JEWELS}
            for gem in load:
                if gem == "rock":
                    continue
                value += 0.1 * GEM_POINTS[gem]
                if exit_clan and board.JEWEL_OF_CLAN[exit_clan] == gem and matched[gem] < 2:
                    value += 4.0 if matched[gem] == 0 else 2.0   # toward a victory, then a major one
                    matched[gem] += 1
                if first[gem]:
                    value += 3.0                                # toward a partial victory
                    first[gem] = False
            return value, []
        points = sum(GEM_POINTS[g] for g in load) + (self.ruby_value - 1.0) * load.count("ruby")
        claimed = []
        if load:
            stock = tuple(stockpile) + tuple(load)
            delivery = Delivery(player=self.player, load=tuple(sorted(load, key=GEMS.index)), exit_clan=exit_clan,
                                own_clan=self.clan, stockpile=stock, deliveries_this_turn=deliveries)
            for mission in list(missions_up):
                if MISSION_BY_ID[mission].met(delivery):
                    claimed.append(mission)
                    missions_up.remove(mission)
        return points + MISSION_POINTS * len(claimed), claimed

    def solo_delivery_value(self, load: Sequence[str], exit_clan: str | None) -> float:
        square = board.EXITS[exit_clan][0] if exit_clan else (7, 0)
        return self.delivery_value(load, square, 1, [], [])[0]

    # ---- fields ----------------------------------------------------------------------------------
    def field(self, name: str) -> tuple[dict, dict | None]:
        """"surface" (any surface square), "deposit" (deposits, by worth) or "exit:<clan>"."""
        if name not in self._fields:
            if name == "surface":
                sources, terminal = surface_sources(), None
            elif name == "deposit":
                terminal = deposit_sources(self.gems, self.tracks, self.chasm, self.occupied, self.pile_worth)
                sources = terminal
            elif name.startswith("jewel:"):
                terminal = self._jewel_sources(name.split(":")[1])
                sources = terminal
            else:
                sources, terminal = surface_sources(board.EXITS[name.split(":")[1]]), None
            self._fields[name] = (entry_field(sources, self.tracks, self.chasm, self.occupied), terminal)
        return self._fields[name]

    def _jewel_sources(self, gem: str) -> dict[tuple[Square, int], float]:
        """The solo game: the deposits holding ``gem``, each valued by the whole trip, there and on
        to an exit of the clan that wants it, less what the jewel is worth."""
        exit_field, _ = self.field("exit:" + clan_of_jewel(gem))
        bonus = SOLO_DEPOSIT_BONUS * self.gem_value(gem)
        found = {}
        for square, pile in self.gems.items():
            if gem not in pile or square not in TRACK or square in self.chasm:
                continue
            for came_in in range(4):
                best = INF
                for out in range(4):
                    if out == came_in:
                        continue
                    onward = exit_field.get((NEIGHBOUR[square][out], OPPOSITE[out]), INF)
                    if onward < INF:
                        best = min(best, square_cost(self.tracks, self.occupied, square, came_in, out) + onward)
                if best < INF:
                    found[(square, came_in)] = best + STEP_COST - bonus
        return found

    def matching_wanted(self, load: Sequence[str]) -> list[str]:
        """The solo game: the jewels in ``load`` still wanted at their matching exit (delivered
        there fewer than twice), the most valuable first: a tie between two goes to it, the same
        way in every run (not in a set's order, which changes with the string hashes)."""
        return [gem for gem in reversed(JEWELS) if gem in load and self.matched[gem] < 2]

    def wanted_jewels(self, load: Sequence[str]) -> list[str]:
        """The solo game: jewels not yet delivered at their matching exit that a cart with room could
        fetch (none it holds already)."""
        if not self.solo or len(load) >= CART_CAPACITY:
            return []
        return [gem for gem in JEWELS if self.matched[gem] == 0 and gem not in load
                and any(gem in pile for pile in self.gems.values())]

    def risk(self) -> dict[Square, float]:
        """The chance that a chasm token lands on each square before this player moves again."""
        if self._risk is None:
            self._risk = {}
            if self.collapsing and self.tokens_left > 0:
                total = sum(self.state.tokens.values())
                draws = 1 if self.solo else max(1, self.state.num_players - 1)
                for colour in board.CLANS:
                    if not self.state.tokens[colour]:
                        continue
                    squares = self.state.token_squares(colour)
                    if not squares:
                        continue
                    # another player puts the token where it hurts; in the solo game the player does
                    share = self.state.tokens[colour] / total * (1.0 / len(squares) if self.solo else 1.0)
                    for square in squares:
                        self._risk[square] = min(1.0, self._risk.get(square, 0.0) + draws * share)
        return self._risk

    # ---- goals -------------------------------------------------------------------------------------
    def goal_for(self, load: Sequence[str]) -> str:
        """Where a cart holding ``load`` should head for."""
        if self.solo:
            best, best_value = "surface", 0.0
            for gem in self.matching_wanted(load):
                value = 4.0 if self.matched[gem] == 0 else 2.0
                if value > best_value:
                    best, best_value = "exit:" + clan_of_jewel(gem), value
            if best != "surface":
                return best
            room = len(load) < CART_CAPACITY
            if room and self.tokens_left > 5 and self.load_value(load) < 4.0 and self.field("deposit")[1]:
                return "deposit"
            return "surface"
        if len(load) >= CART_CAPACITY or self.phase != "quiet":
            return "surface"
        if self.load_value(load) >= 6.0 or len(load) >= 4:
            return "surface"
        if not self.field("deposit")[1]:
            return "surface"
        return "deposit"

    def urgency(self, load: Sequence[str], goal: str) -> float:
        if goal == "deposit":
            return 1.0
        urgency = 1.0 + max(0.0, self.load_value(load)) / 4.0
        if self.phase != "quiet":
            urgency += 1.5
        if self.solo and self.tokens_left <= 6:
            urgency += 1.5
        return urgency


def clan_of_jewel(gem: str) -> str:
    for clan, jewel in board.JEWEL_OF_CLAN.items():
        if jewel == gem:
            return clan
    return "red"

