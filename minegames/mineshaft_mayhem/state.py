"""The state of a Mineshaft Mayhem game and its rules.

The state always rests at a player decision (or at the end): the automatic
part of a turn (advance the conveyor, draw a gem) runs as soon as the
previous turn ends. Every gem is in exactly one place (tin, conveyor, gears or
a container) and every cursite too (lid, held, spent); the property tests
check both after every action.
"""

from __future__ import annotations

import functools
from typing import Any

from minegames.core import Action, Bag, GameState, refuse, reroll

from . import patterns
from .actions import (
    ACTION_TYPES,
    Collect,
    CursiteReroll,
    CursiteRescue,
    CursiteSetDie,
    Roll,
    Shake,
    ShakeOntoGear,
    Stop,
)
from .options import NUMBER_OF_DICE, Options
from .patterns import GEMS, gem_count
from .scoring import container_for, rank_for, score_breakdown

ALL_DICE = tuple(range(NUMBER_OF_DICE))
FACES = range(1, 7)
PHASES = ("start", "rolling", "shake", "over")
#: what follows a shake: the end of the turn (after a collection) or the phase a rescue interrupted.
AFTER_SHAKE = ("end turn", "start", "rolling")
CURSITE_COST = {CursiteReroll: 1, CursiteSetDie: 2, CursiteRescue: 3}
CURSITE_GAIN_THRESHOLD = 3


def _a(gem: str) -> str:
    """'a ruby', 'an emerald'."""
    return ("an " if gem[0] in "aeiou" else "a ") + gem


@functools.lru_cache(maxsize=None)
def _subsets(indices: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every non-empty subset of ``indices``, each sorted, smallest first."""
    found = []
    for mask in range(1, 2 ** len(indices)):
        found.append(tuple(i for bit, i in enumerate(indices) if mask >> bit & 1))
    return tuple(sorted(found, key=lambda s: (len(s), s)))


@functools.lru_cache(maxsize=4096)
def _gems_shown(dice: tuple[int, ...], four_kind_counts_as_two_pairs: bool) -> tuple[str, ...]:
    """The patterns of a roll never change, so bots and playouts ask only once per roll."""
    return tuple(patterns.gems_shown(dice, four_kind_counts_as_two_pairs))


class MineshaftMayhem(GameState):
    """One solo game on the Mineshaft Mayhem sheet."""

    game_name = "mineshaft_mayhem"
    action_types = ACTION_TYPES
    options_type = Options
    num_players = 1

    def __init__(self, options: Options | None = None, seed: int | None = None):
        super().__init__(options if options is not None else Options(), seed)
        self._clear_sheet()
        self._begin_turn()
        self._start()

    def _clear_sheet(self) -> None:
        opts = self.options
        self._phase = "start"
        self._turn = 1
        self._conveyor: list[str | None] = [None] * opts.spaces
        self._gears: list[str | None] = [None] * opts.gears
        self._containers: list[list] = [[None, 0] for _ in opts.container_values]
        self._tin = Bag(opts.gem_counts)
        self._cursite = 0
        self._cursite_supply = opts.cursite
        self._cursite_spent = 0
        self._dice: tuple[int, ...] | None = None
        self._rolls_used = 0
        self._after_shake: str | None = None

    # ---- read-only view of the sheet ------------------------------------------
    @property
    def phase(self) -> str:
        return self._phase

    @property
    def turn(self) -> int:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else 0

    @property
    def conveyor(self) -> tuple[str | None, ...]:
        return tuple(self._conveyor)

    @property
    def gears(self) -> tuple[str | None, ...]:
        return tuple(self._gears)

    @property
    def containers(self) -> tuple[tuple[str | None, int], ...]:
        return tuple((gem, count) for gem, count in self._containers)

    @property
    def container_values(self) -> tuple[int, ...]:
        return self.options.container_values

    @property
    def tin(self) -> Bag:
        """A copy of the tin (changing it does not change the game)."""
        return self._tin.copy()

    @property
    def cursite(self) -> int:
        return self._cursite

    @property
    def cursite_supply(self) -> int:
        return self._cursite_supply

    @property
    def cursite_spent(self) -> int:
        return self._cursite_spent

    @property
    def dice(self) -> tuple[int, ...] | None:
        return self._dice

    @property
    def rolls_used(self) -> int:
        return self._rolls_used

    @property
    def locked(self) -> tuple[bool, ...]:
        if self._dice is None or not self.options.lock_ones:
            return (False,) * NUMBER_OF_DICE
        return tuple(face == 1 for face in self._dice)

    def shown_gems(self) -> list[str]:
        """Gems whose pattern the dice show, whether or not one is on the conveyor."""
        if self._dice is None:
            return []
        return list(_gems_shown(self._dice, self.options.four_kind_counts_as_two_pairs))

    def collectable(self) -> list[str]:
        """Gems ``Collect`` would take now."""
        if self._phase != "rolling":
            return []
        return [g for g in self.shown_gems() if g in self._conveyor and self._container_for(g) is not None]

    def score_breakdown(self) -> dict[str, int]:
        return score_breakdown(self._containers, self.options.container_values, self._gears, self._cursite)

    def scores(self) -> list[int]:
        return [self.score_breakdown()["total"]]

    def rank(self) -> str:
        return rank_for(self.scores()[0])

    @property
    def rolls_left(self) -> int:
        """Re-rolls still allowed this turn (all of them before the first roll)."""
        return self.options.max_rolls - self._rolls_used

    def prompt(self) -> str:
        """What the player must decide now, in plain words."""
        if self.is_over:
            return f"Game over. Final score {self.scores()[0]}: {self.rank()}."
        turn = f"Turn {self._turn}. "
        if self._phase == "start":
            cost = CURSITE_COST[CursiteRescue]
            extra = f" (or spend {cost} cursite to rescue a gem from a gear first)" if self._rescues() else ""
            drawn = "A gem has been drawn onto the start space. " if self._conveyor[0] else ""
            return turn + f"{drawn}Roll all {NUMBER_OF_DICE} dice{extra}."
        if self._phase == "shake":
            if None in self._conveyor:
                return turn + "The mine shakes! Pick any gem from the tin and an empty conveyor space for it."
            return turn + "The mine shakes, and the conveyor is full: pick the gem that falls on a gear."
        left = self.rolls_left
        gems = ", ".join(self.collectable())
        rerolls = f"{left} re-roll{'s' if left != 1 else ''} left"
        spend = "spend cursite, " if self._cursite else ""
        if gems and left:
            return turn + f"You can collect {gems} now, or keep some dice and re-roll the rest ({rerolls})."
        if gems:
            return turn + f"No re-rolls left: collect {gems}, {spend}or stop."
        if left:
            return turn + (f"Choose the dice to keep, then re-roll the rest ({rerolls}); "
                           f"or {spend}stop without a gem.")
        return turn + f"No re-rolls left and nothing to collect: {'spend cursite or ' if self._cursite else ''}stop."

    def view(self, player: int = 0) -> dict[str, Any]:
        """Everything on the table (the tin's counts too); never the random generator."""
        return {
            "phase": self._phase,
            "turn": self._turn,
            "conveyor": list(self._conveyor),
            "gears": list(self._gears),
            "containers": [[gem, count] for gem, count in self._containers],
            "container_values": list(self.options.container_values),
            "tin": self._tin.counts(),
            "cursite": self._cursite,
            "cursite_supply": self._cursite_supply,
            "cursite_spent": self._cursite_spent,
            "dice": None if self._dice is None else list(self._dice),
            "locked": list(self.locked),
            "rolls_used": self._rolls_used,
            "max_rolls": self.options.max_rolls,
            "shown_gems": self.shown_gems(),
            "collectable": self.collectable(),
            "score": self.score_breakdown(),
            "rank": self.rank(),
        }

    def __repr__(self) -> str:
        return f"<MineshaftMayhem turn {self._turn}, {self._phase}, score {self.scores()[0]}>"

    def _repr_svg_(self) -> str:
        from .render import sheet_svg

        return sheet_svg(self)

    # ---- which actions are legal -------------------------------------------
    def _legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == "shake":
            gems = self._tin.kinds()
            empty = [i for i, gem in enumerate(self._conveyor) if gem is None]
            if empty:
                return [Shake(g, space) for g in gems for space in empty]
            return [ShakeOntoGear(g) for g in gems]
        if phase == "start":
            return [Roll(ALL_DICE)] + self._rescues()
        actions: list[Action] = []
        if self._rolls_used < self.options.max_rolls:
            free = tuple(i for i, lock in enumerate(self.locked) if not lock)
            actions += [Roll(dice) for dice in _subsets(free)]
        actions += [Collect(g) for g in self.collectable()]
        actions.append(Stop())
        if self._cursite >= 1:
            actions += [CursiteReroll(dice) for dice in _subsets(ALL_DICE)]
        if self._cursite >= 2:
            actions += [
                CursiteSetDie(die, face) for die in ALL_DICE for face in FACES if face != self._dice[die]
            ]
        return actions + self._rescues()

    def _rescues(self) -> list[Action]:
        if self._cursite < CURSITE_COST[CursiteRescue]:
            return []
        return [
            CursiteRescue(i)
            for i, gem in enumerate(self._gears)
            if gem is not None and self._container_for(gem) is not None
        ]

    def _check(self, action: Action) -> None:
        """Refuse an illegal action, naming the rule, before anything changes."""
        shaking = isinstance(action, (Shake, ShakeOntoGear))
        if self._phase == "shake" and not shaking:
            refuse("shake", "the mine shook: first put a gem from the tin on the conveyor")
        if shaking:
            self._check_shake(action)
        elif isinstance(action, Roll):
            self._check_roll(action)
        elif isinstance(action, CursiteRescue):
            self._check_rescue(action)
        else:
            if self._phase != "rolling":
                refuse("roll first", f"'{action}' needs dice on the table; roll all dice first")
            if isinstance(action, Collect):
                self._check_collect(action.gem)
            elif isinstance(action, CursiteReroll):
                self._check_dice_choice(action.dice)
                self._check_cursite(action)
            elif isinstance(action, CursiteSetDie):
                self._check_set_die(action)

    def _check_roll(self, action: Roll) -> None:
        if self._phase == "start":
            if action.dice != ALL_DICE:
                refuse("first roll", "the first roll of a turn rolls all four dice")
            return
        if self._rolls_used >= self.options.max_rolls:
            refuse("roll limit", f"all {self.options.max_rolls} rolls of this turn are used; "
                                  "collect a gem, stop, or spend cursite")
        self._check_dice_choice(action.dice)
        held = [d + 1 for d in action.dice if self.locked[d]]
        if held:
            refuse("locked dice", f"a die showing 1 is locked and cannot be re-rolled "
                                   f"(die {', '.join(map(str, held))}); cursite can re-roll it")

    def _check_dice_choice(self, dice: tuple[int, ...]) -> None:
        if not dice or list(dice) != sorted(set(dice)) or not all(0 <= d < NUMBER_OF_DICE for d in dice):
            refuse("dice choice", f"choose one or more different dice among 0..{NUMBER_OF_DICE - 1}, "
                                   f"in increasing order; got {list(dice)}")

    def _check_collect(self, gem: str) -> None:
        self._check_gem_name(gem)
        if gem not in self.shown_gems():
            pattern = patterns.GEM_PATTERN[gem].replace("_", " ")
            refuse("pattern not shown", f"{gem} needs {pattern}, and the dice show {list(self._dice)}")
        if gem not in self._conveyor:
            refuse("gem not on conveyor", f"there is no {gem} on the conveyor to collect")
        if self._container_for(gem) is None:
            refuse("no container", f"no sorting container holds {gem} and none is empty")

    def _check_gem_name(self, gem: str) -> None:
        if gem not in GEMS:
            refuse("unknown gem", f"{gem!r} is not a gem type; the types are {list(GEMS)}")

    def _check_cursite(self, action: Action) -> None:
        cost = CURSITE_COST[type(action)]
        if self._cursite < cost:
            refuse("not enough cursite", f"'{action}' costs {cost} cursite and you hold {self._cursite}")

    def _check_set_die(self, action: CursiteSetDie) -> None:
        if not 0 <= action.die < NUMBER_OF_DICE:
            refuse("dice choice", f"there is no die {action.die} (dice are 0..{NUMBER_OF_DICE - 1})")
        if action.face not in FACES:
            refuse("die face", f"a die has faces 1 to 6, not {action.face}")
        if self._dice[action.die] == action.face:
            refuse("same face", f"die {action.die + 1} already shows {action.face}")
        self._check_cursite(action)

    def _check_rescue(self, action: CursiteRescue) -> None:
        if self._phase not in ("start", "rolling"):
            refuse("rescue", "a gem can be rescued from a gear only during your turn")
        if not 0 <= action.gear < len(self._gears):
            refuse("no such gear", f"gears are numbered 0..{len(self._gears) - 1}, not {action.gear}")
        gem = self._gears[action.gear]
        if gem is None:
            refuse("empty gear", f"gear {action.gear + 1} holds no gem to rescue")
        self._check_cursite(action)
        if self._container_for(gem) is None:
            refuse("no container", f"no sorting container holds {gem} and none is empty")

    def _check_shake(self, action: Shake | ShakeOntoGear) -> None:
        if self._phase != "shake":
            refuse("no shake", "the mine shakes only when gems go into an empty container")
        self._check_gem_name(action.gem)
        if action.gem not in self._tin:
            refuse("gem not in tin", f"the tin holds no {action.gem}; it holds {self._tin.kinds()}")
        room = None in self._conveyor
        if isinstance(action, ShakeOntoGear):
            if room:
                refuse("shake onto gear", "a shaken gem goes on a gear only when the conveyor is full")
            return
        if not 0 <= action.space < len(self._conveyor):
            refuse("no such space", f"conveyor spaces are 0..{len(self._conveyor) - 1}, not {action.space}")
        if self._conveyor[action.space] is not None:
            refuse("space taken", f"space {action.space + 1} already holds a {self._conveyor[action.space]}")

    # ---- what actions do ---------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, Roll):
            self._dice = reroll(self.rng, self._dice or (1,) * NUMBER_OF_DICE, action.dice)
            self._rolls_used += 1
            self._phase = "rolling"
            self._note(f"roll {self._rolls_used}: {self._dice_text()}")
        elif isinstance(action, Collect):
            self._collect(action.gem)
        elif isinstance(action, Stop):
            self._fail_turn()
        elif isinstance(action, CursiteReroll):
            self._pay(action)
            self._dice = reroll(self.rng, self._dice, action.dice)
            self._note(f"cursite re-roll: {self._dice_text()}")
        elif isinstance(action, CursiteSetDie):
            self._pay(action)
            dice = list(self._dice)
            dice[action.die] = action.face
            self._dice = tuple(dice)
            self._note(f"cursite sets die {action.die + 1} to {action.face}: {self._dice_text()}")
        elif isinstance(action, CursiteRescue):
            self._pay(action)
            gem = self._gears[action.gear]
            self._gears[action.gear] = None
            self._note(f"cursite rescues the {gem} on gear {action.gear + 1}")
            self._sort(gem, 1, then=self._phase)
        elif isinstance(action, Shake):
            self._tin.take(action.gem)
            self._conveyor[action.space] = action.gem
            self._note(f"the mine shakes: {_a(action.gem)} lands on space {action.space + 1}")
            self._after_shaking()
        elif isinstance(action, ShakeOntoGear):
            self._tin.take(action.gem)
            self._note(f"the mine shakes: the conveyor is full, so {_a(action.gem)} falls on a gear")
            if self._onto_gear(action.gem):
                self._after_shaking()

    def _pay(self, action: Action) -> None:
        cost = CURSITE_COST[type(action)]
        self._cursite -= cost
        self._cursite_spent += cost

    def _collect(self, gem: str) -> None:
        count = self._conveyor.count(gem)
        self._conveyor = [None if g == gem else g for g in self._conveyor]
        self._note(f"collect {gem_count(count, gem)}")
        self._sort(gem, count, then="end turn")

    def _sort(self, gem: str, count: int, then: str) -> None:
        """Put gems in their container; an empty container shakes the mine.

        ``then`` is what follows: the end of the turn, or the phase a rescue interrupted.
        """
        index = self._container_for(gem)
        was_empty = self._containers[index][0] is None
        self._containers[index] = [gem, self._containers[index][1] + count]
        self._note(f"sorted into container {index + 1} (worth {self.options.container_values[index]} each)")
        if was_empty and len(self._tin):
            self._phase, self._after_shake = "shake", then
        elif self._all_gems_sorted():
            self._end_game("the tin and the conveyor are empty")
        elif then == "end turn":
            self._end_turn()
        else:
            self._phase = then

    def _after_shaking(self) -> None:
        then, self._after_shake = self._after_shake, None
        if then == "end turn":
            self._end_turn()
        else:
            self._phase = then

    def _fail_turn(self) -> None:
        on_belt = sum(gem is not None for gem in self._conveyor)
        if on_belt >= CURSITE_GAIN_THRESHOLD and self._cursite_supply > 0:
            self._cursite_supply -= 1
            self._cursite += 1
            self._note(f"no gem this turn; {on_belt} gems on the conveyor earn a cursite")
        else:
            self._note("no gem this turn")
        self._end_turn()

    def _end_turn(self) -> None:
        self._turn += 1
        self._dice, self._rolls_used = None, 0
        self._begin_turn()

    def _begin_turn(self) -> None:
        """The automatic start of a turn: advance the belt, then draw onto the start space."""
        self._phase = "start"
        leaving = self._conveyor[-1]
        self._conveyor = [None] + self._conveyor[:-1]
        if leaving is not None:
            self._note(f"{_a(leaving)} reaches the exit by the gears")
            if not self._onto_gear(leaving):
                return
        if len(self._tin):
            gem = self._tin.draw(self.rng)
            self._conveyor[0] = gem
            self._note(f"{_a(gem)} is drawn onto the start space")
        elif self._all_gems_sorted():
            self._end_game("the tin and the conveyor are empty")

    def _onto_gear(self, gem: str) -> bool:
        """Put a gem on the left-most empty gear; False when that ends the game."""
        index = self._gears.index(None)
        self._gears[index] = gem
        self._note(f"the {gem} lands on gear {index + 1}")
        if None not in self._gears:
            self._end_game("every gear holds a gem")
            return False
        return True

    def _end_game(self, why: str) -> None:
        self._phase, self._after_shake = "over", None
        self._note(f"game over: {why}; score {self.scores()[0]} ({self.rank()})")

    def _all_gems_sorted(self) -> bool:
        return not len(self._tin) and all(gem is None for gem in self._conveyor)

    def _container_for(self, gem: str) -> int | None:
        return container_for(gem, self._containers)

    def _dice_text(self) -> str:
        locks = [str(i + 1) for i, lock in enumerate(self.locked) if lock]
        text = " ".join(map(str, self._dice))
        return text + (f" (locked: {'die' if len(locks) == 1 else 'dice'} {', '.join(locks)})" if locks else "")

    def _note(self, text: str) -> None:
        self.log.add(self._turn, text)

    # ---- snapshots -----------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return {
            "phase": self._phase,
            "turn": self._turn,
            "conveyor": list(self._conveyor),
            "gears": list(self._gears),
            "containers": [[gem, count] for gem, count in self._containers],
            "tin": self._tin.to_json(),
            "cursite": self._cursite,
            "cursite_supply": self._cursite_supply,
            "cursite_spent": self._cursite_spent,
            "dice": None if self._dice is None else list(self._dice),
            "rolls_used": self._rolls_used,
            "after_shake": self._after_shake,
        }

    def _restore(self, data: dict[str, Any]) -> None:
        self._phase = data["phase"]
        self._turn = data["turn"]
        self._conveyor = list(data["conveyor"])
        self._gears = list(data["gears"])
        self._containers = [[gem, count] for gem, count in data["containers"]]
        self._tin = Bag.from_json(data["tin"])
        self._cursite = data["cursite"]
        self._cursite_supply = data["cursite_supply"]
        self._cursite_spent = data["cursite_spent"]
        self._dice = None if data["dice"] is None else tuple(data["dice"])
        self._rolls_used = data["rolls_used"]
        self._after_shake = data["after_shake"]

    def problems(self) -> list[tuple[str, str]]:
        """(rule, explanation) for everything that makes this position impossible; [] if none."""
        found: list[tuple[str, str]] = []
        opts = self.options

        def whole(value: Any, low: int = 0) -> bool:
            return isinstance(value, int) and not isinstance(value, bool) and value >= low

        if self._phase not in PHASES:
            return [("phase", f"unknown phase {self._phase!r}")]
        if not whole(self._turn, 1):
            found.append(("turn", f"the turn must be 1 or more, got {self._turn!r}"))
        for name, places, size in (("conveyor", self._conveyor, opts.spaces), ("gears", self._gears, opts.gears)):
            if len(places) != size or any(g is not None and g not in GEMS for g in places):
                return found + [(name, f"the {name} needs {size} places, each a gem or empty: {places!r}")]
        if len(self._containers) != opts.containers:
            return found + [("containers", f"there are {opts.containers} containers, got {len(self._containers)}")]
        types = []
        for gem, count in self._containers:
            if (gem is None) != (count == 0) or not whole(count) or (gem is not None and gem not in GEMS):
                return found + [("containers", f"a container holds a gem type and 1 or more gems, "
                                               f"or nothing: got {[gem, count]!r}")]
            types.append(gem)
        sorted_types = [t for t in types if t is not None]
        if len(sorted_types) != len(set(sorted_types)):
            found.append(("sorting", f"a gem type is in two containers: {types}"))
        if list(self._tin.counts()) != list(GEMS):
            found.append(("tin", "the tin must list every gem type in the fixed order"))
        for gem in GEMS:
            where = (self._tin.count(gem) + self._conveyor.count(gem) + self._gears.count(gem)
                     + sum(count for held, count in self._containers if held == gem))
            if where != opts.gem_count(gem):
                found.append(("gem count", f"the game has {opts.gem_count(gem)} {gem}, "
                                           f"but {where} are on the sheet and in the tin"))
        cursite = (self._cursite, self._cursite_supply, self._cursite_spent)
        if not all(whole(c) for c in cursite) or sum(cursite) != opts.cursite:
            found.append(("cursite", f"held, lid and spent cursite {cursite} must add up to {opts.cursite}"))
        found += self._dice_problems()
        if self._phase == "shake":
            if self._after_shake not in AFTER_SHAKE or not len(self._tin):
                found.append(("shake", "a shake needs gems in the tin and a phase to return to"))
        elif self._after_shake is not None:
            found.append(("shake", "no shake is under way, so nothing can follow one"))
        ended = None not in self._gears or self._all_gems_sorted()
        if ended != (self._phase == "over"):
            found.append(("game end", "the game is over exactly when every gear holds a gem "
                                      "or the tin and conveyor are both empty"))
        return found

    def _dice_problems(self) -> list[tuple[str, str]]:
        dice, used = self._dice, self._rolls_used
        if dice is not None and (len(dice) != NUMBER_OF_DICE or any(d not in FACES for d in dice)):
            return [("dice", f"{NUMBER_OF_DICE} dice with faces 1..6, got {dice!r}")]
        if self._phase == "start" and (dice is not None or used != 0):
            return [("dice", "before the first roll of a turn there are no dice and no rolls used")]
        if self._phase == "rolling" and (dice is None or not 1 <= used <= self.options.max_rolls):
            return [("dice", f"while rolling the dice show faces and 1..{self.options.max_rolls} rolls "
                             f"are used (got dice {dice!r}, rolls {used!r})")]
        return []
