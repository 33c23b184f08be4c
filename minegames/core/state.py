"""The protocol every game state follows (after python-chess and OpenSpiel).

A game subclass supplies the rules through a handful of hooks:

* ``_snapshot()`` / ``_restore(data)``: all mutable game data as a JSON-ready
  dict, and back (randomness, history and log are handled here);
* ``_legal_actions()``: the legal actions of the player to move;
* ``_check(action)``: raise :class:`IllegalActionError` naming the broken rule
  (by default, any action not in ``_legal_actions()`` is refused);
* ``_apply(action)``: change the state for a legal action;
* ``is_over``, ``current_player``, ``scores()``, ``view(player)``, ``prompt()``
  and a ``_repr_svg_`` so notebooks draw the state.

The base class makes ``apply`` all-or-nothing and keeps the history. Chance
comes only from ``self.rng``: an action that drew on it (a roll, a draw, a
shuffle) cannot be undone, since its outcome has been seen; undo takes back
choices only. Saves hold *options + seed + starting position + actions*: a game
begun with ``new_game`` re-derives its start from options and seed, every action
is re-checked, and a save that differs anywhere is refused.
"""

from __future__ import annotations

import copy
import json
import pickle
import secrets
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Iterable

from .actions import Action, ActionCodec
from .errors import (
    ChanceSeenError,
    GameOverError,
    IllegalActionError,
    MinegamesError,
    NothingToUndoError,
    SaveFormatError,
)
from .log import GameLog
from .options import options_from_json, options_to_json
from .rng import make_rng, rng_state, set_rng_state, shuffled

SAVE_FORMAT = 2
#: how a game began: dealt by its own setup from options and seed, or built by hand for a lesson.
NEW_GAME, LESSON_POSITION = "new_game", "position"

#: ``current_player`` of a phase in which several players act at once.
SIMULTANEOUS = -1

#: The largest save read, in characters, and the most actions replayed: far above any real game
#: (the longest of 500 seeded bot games, wandering at random now and then, had 644 actions and
#: 70,120 characters), so that a crafted save is refused before it costs time or memory.
MAX_SAVE_CHARS = 1_000_000
MAX_SAVE_ACTIONS = 5_000


class GameState(ABC):
    """Base class of every game's state."""

    game_name: ClassVar[str]
    action_types: ClassVar[tuple[type[Action], ...]]
    options_type: ClassVar[type]
    num_players: int = 1
    #: What the number on each log entry counts, for people ("turn", "round").
    log_unit: str = "turn"
    #: Action types legal for a whole range of values (a clock Tick of any length):
    #: ``legal_actions()`` lists one example of each, ``is_legal`` accepts every legal value.
    open_actions: ClassVar[tuple[type[Action], ...]] = ()
    #: What a player has seen once an action drew on chance (undo's refusal says it).
    chance_seen: str = "the dice have been seen"

    def __init__(self, options: Any, seed: int | None = None):
        self.options = options
        #: the seed of ``rng``; drawn from the OS when not given, so every game can be saved and replayed.
        self.seed = secrets.randbits(63) if seed is None else seed
        self.rng = make_rng(self.seed)
        self.log = GameLog()
        self.origin = NEW_GAME
        self._sees_chance = False
        self._history: list[Action] = []
        self._undo_stack: list[dict[str, Any]] = []
        self._initial: dict[str, Any] | None = None

    def _start(self, origin: str = NEW_GAME) -> None:
        """Subclasses call this at the end of setup: the position undo and saves go back to.
        Hand-made positions pass ``LESSON_POSITION``: their saves cannot be re-derived from a seed."""
        self.origin = origin
        self._initial = self._full_snapshot()

    @property
    def is_lesson_position(self) -> bool:
        """True for a position built by hand (``position()``), not dealt by ``new_game``."""
        return self.origin == LESSON_POSITION

    # ---- hooks for games ---------------------------------------------------
    @abstractmethod
    def _snapshot(self) -> dict[str, Any]: ...

    @abstractmethod
    def _restore(self, data: dict[str, Any]) -> None: ...

    @abstractmethod
    def _legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> None: ...

    def _check(self, action: Action) -> None:
        if action not in self._legal_actions():
            raise IllegalActionError("not a legal action", f"{action} is not one of the legal actions now")

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @abstractmethod
    def scores(self) -> list[int]: ...

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` may see. Games with secrets override this."""
        return self._snapshot()

    def table_driver(self, bots: Any) -> Any:
        """For games where all act at once: an object whose ``choose(state)`` gives the bots'
        next action (None when a person must act); see :func:`minegames.core.driver.play`."""
        return None

    def prompt(self) -> str:
        """What the player to move must decide now, in plain words; games say more."""
        if self.is_over:
            return "The game is over."
        if self.current_player == SIMULTANEOUS:
            return "Everyone acts at once."
        return f"Player {self.current_player + 1} to act." if self.num_players > 1 else "Your move."

    # ---- the protocol ------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        return [] if self.is_over else self._legal_actions()

    def is_legal(self, action: Action) -> bool:
        try:
            self._refuse_if_illegal(action)
        except IllegalActionError:
            return False
        return True

    def apply(self, action: Action | str) -> "GameState":
        """Play ``action`` (an Action, or its text). Illegal: raises, changes nothing."""
        action = self._as_action(action)
        self._refuse_if_illegal(action)
        before = self._undo_point()
        self._sees_chance = False
        try:
            self._apply(action)
        except BaseException:
            self._return_to(before)
            raise
        before["chance"] = self._sees_chance or self.rng.bit_generator.state != before["rng"]
        self._undo_stack.append(before)
        self._history.append(action)
        return self

    push = apply  # python-chess spelling

    def _shuffled(self, items: Iterable[Any]) -> list:
        """``items`` in a random order from the game's generator (a shuffle: it cannot be undone)."""
        return shuffled(items, self.rng)

    def _see_chance(self) -> None:
        """Games call this when an action shows an outcome chance fixed earlier without using
        the generator now (a card off a deck shuffled at setup, a tile turned up): like a roll,
        that action cannot be undone. Drawing on ``self.rng`` counts by itself."""
        self._sees_chance = True

    def undo_refusal(self) -> str | None:
        """Why ``undo()`` would be refused now (None: it would work). Apps grey out Undo with it."""
        if not self._history:
            return NothingToUndoError().message
        if self._undo_stack[-1]["chance"]:
            return (f"'{self._history[-1]}' cannot be taken back: {self.chance_seen}, "
                    "and a seen outcome stands (undo takes back choices, never chance)")
        return None

    def can_undo(self) -> bool:
        return self.undo_refusal() is None

    def undo(self) -> Action:
        """Take back the last choice and return it. An action that drew on chance stands:
        undoing it raises :class:`IllegalActionError` with the rule ``"undo"``."""
        if not self._history:
            raise NothingToUndoError()
        refusal = self.undo_refusal()
        if refusal is not None:
            raise ChanceSeenError(refusal)
        self._return_to(self._undo_stack.pop())
        return self._history.pop()

    pop = undo

    def drew_on_chance(self, index: int = -1) -> bool:
        """Whether the action at ``history[index]`` rolled, drew or shuffled."""
        return self._undo_stack[index]["chance"]

    @property
    def history(self) -> list[Action]:
        return list(self._history)

    def history_text(self) -> str:
        return "\n".join(f"{i}. {a}" for i, a in enumerate(self._history, 1))

    def copy(self) -> "GameState":
        """An independent copy (history included), e.g. for a bot to look ahead."""
        return copy.deepcopy(self)

    def _as_action(self, action: Action | str) -> Action:
        if isinstance(action, Action):
            return action
        if isinstance(action, str):
            for legal in self.legal_actions():
                if str(legal) == action:
                    return legal
            if self.is_over:
                raise GameOverError()
            raise IllegalActionError("not a legal action", f"{action!r} is not the text of any legal action now")
        raise IllegalActionError("not an action", f"expected an action, got {type(action).__name__}")

    def _refuse_if_illegal(self, action: Action) -> None:
        if self.is_over:
            raise GameOverError()
        if not isinstance(action, self.action_types):
            raise IllegalActionError("not an action of this game", f"{action!r} is not a {self.game_name} action")
        self._check(action)

    # ---- snapshots and saves ----------------------------------------------
    def _undo_point(self) -> dict[str, Any]:
        """What undo needs: cheaper than a full snapshot, as the log only grows."""
        return {"game": self._snapshot(), "rng": self.rng.bit_generator.state, "log_length": len(self.log)}

    def _return_to(self, point: dict[str, Any]) -> None:
        self._restore(point["game"])
        self.rng.bit_generator.state = point["rng"]
        self.log.truncate(point["log_length"])

    def _full_snapshot(self) -> dict[str, Any]:
        """Everything a position is: the options are in it, so a save cannot swap them."""
        return {"options": options_to_json(self.options), "game": self._snapshot(),
                "rng": rng_state(self.rng), "log": self.log.to_json()}

    def _restore_full(self, data: dict[str, Any]) -> None:
        self._restore(copy.deepcopy(data["game"]))
        set_rng_state(self.rng, data["rng"])
        self.log = GameLog.from_json(data["log"])

    def to_json(self) -> str:
        assert self._initial is not None, "subclass forgot to call _start()"
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "game": self.game_name,
                "origin": self.origin,
                "seed": self.seed,
                "options": options_to_json(self.options),
                "start": self._initial,
                "actions": [a.to_json() for a in self._history],
                "position": self._full_snapshot(),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        """Load a save; its start is dealt again from options and seed (or, for a lesson
        position, checked for consistency) and every action is replayed and checked.

        Whatever the text, the answer is a game or a :class:`SaveFormatError`: its size and its
        number of actions are checked before anything is parsed or replayed, and a nesting too
        deep to read is refused like any other malformed save."""
        if not isinstance(text, (str, bytes, bytearray)):
            raise SaveFormatError(f"a save is JSON text, not {type(text).__name__}")
        if len(text) > MAX_SAVE_CHARS:
            raise SaveFormatError(f"a save is at most {MAX_SAVE_CHARS:,} characters; this text has {len(text):,}")
        try:
            return cls._from_json(text)
        except RecursionError:
            raise SaveFormatError("the save is nested too deeply to be a save") from None

    @classmethod
    def _from_json(cls, text: str) -> "GameState":
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise SaveFormatError("a save must be a JSON object")
        if "format" in data and data["format"] != SAVE_FORMAT:
            raise SaveFormatError(f"save format {data['format']!r} is not supported (expected {SAVE_FORMAT})")
        missing = {"format", "game", "origin", "seed", "options", "start", "actions", "position"} - set(data)
        if missing:
            raise SaveFormatError(f"missing keys {sorted(missing)}")
        if data["game"] != cls.game_name:
            raise SaveFormatError(f"this save is of {data['game']!r}, not {cls.game_name!r}")
        if not isinstance(data["actions"], list):
            raise SaveFormatError("actions must be a list")
        if len(data["actions"]) > MAX_SAVE_ACTIONS:
            raise SaveFormatError(f"a save holds at most {MAX_SAVE_ACTIONS:,} actions; this one has "
                                  f"{len(data['actions']):,}")
        seed = data["seed"]
        if type(seed) is not int or seed < 0:
            raise SaveFormatError(f"the seed must be a whole number 0 or more, got {seed!r}")
        options = options_from_json(cls.options_type, data["options"])
        if data["origin"] == NEW_GAME:
            state = cls._dealt(options, seed)
            if json.loads(json.dumps(state._initial)) != data["start"]:
                raise SaveFormatError("the saved start is not the one these options and this seed deal: "
                                      "the save has been edited")
        elif data["origin"] == LESSON_POSITION:
            state = cls._blank(options, seed)
            try:
                state._restore_full(data["start"])
                state._check_consistent()
            except MinegamesError:
                raise
            except Exception as exc:  # a start position of the wrong shape
                raise SaveFormatError(f"starting position is malformed ({type(exc).__name__}: {exc})") from None
            if data["start"].get("options") != data["options"]:
                raise SaveFormatError("the start position was set up under other options: the save has been edited")
            state.origin = LESSON_POSITION
            state._initial = copy.deepcopy(data["start"])
            state._refuse_if_unplayable()
        else:
            raise SaveFormatError(f"origin must be {NEW_GAME!r} or {LESSON_POSITION!r}, got {data['origin']!r}")
        codec = ActionCodec(cls.action_types)
        for number, raw in enumerate(data["actions"], 1):
            action = codec.from_json(raw)
            try:
                state.apply(action)
            except IllegalActionError as exc:
                raise SaveFormatError(f"action {number} ({action}) breaks the rules: {exc}") from None
        if json.loads(json.dumps(state._full_snapshot())) != data["position"]:
            raise SaveFormatError("the saved position does not follow from the saved actions")
        return state

    @classmethod
    def _dealt(cls, options: Any, seed: int) -> "GameState":
        """The game ``new_game`` deals for these options and seed (games with other
        constructor arguments override it)."""
        return cls(options, seed)

    @classmethod
    def _blank(cls, options: Any, seed: int | None = 0) -> "GameState":
        """An instance with no setup done (no randomness spent): to restore a save into,
        or for ``position()`` to fill in by hand."""
        state = cls.__new__(cls)
        GameState.__init__(state, options, seed=seed)
        return state

    def _start_lesson_position(self, number: int, text: str = "a position set up by hand",
                               then: Callable[[], None] | None = None) -> None:
        """End of every ``position()``: refuse a position the rules cannot reach (naming the
        rule), start the log, run ``then`` (what setup does next), and mark it a lesson position."""
        problems = self.problems()
        if problems:
            raise IllegalActionError(*problems[0])
        self.log = GameLog([(number, text)])
        if then is not None:
            then()
        self._start(LESSON_POSITION)

    def problems(self) -> list[tuple[str, str]]:
        """(rule, explanation) for everything that makes this position impossible.

        Games override it to check their invariants (pieces conserved, limits kept);
        a loaded save whose start position has a problem is refused.
        """
        return []

    def _refuse_if_unplayable(self) -> None:
        """A loaded lesson position must answer what a player or an app asks of it (its legal
        actions, each player's view, its prompt, scores and picture): a hand-edited one whose
        lists the rules never build fails here, as a save-format error, instead of later."""
        try:
            self.legal_actions()
            for player in range(self.num_players):
                self.view(player)
            self.prompt(), self.scores(), self._repr_svg_()
        except MinegamesError:
            raise
        except Exception as exc:
            raise SaveFormatError(f"the position cannot be played ({type(exc).__name__}: {exc})") from None

    def _check_consistent(self) -> None:
        problems = self.problems()
        if problems:
            rule, explanation = problems[0]
            raise SaveFormatError(f"the saved position breaks the rules ({rule}): {explanation}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.options == other.options and self._full_snapshot() == other._full_snapshot()

    __hash__ = None  # type: ignore[assignment]

    def _repr_svg_(self) -> str:  # pragma: no cover - games override
        raise NotImplementedError


def copy_data(data: Any) -> Any:
    """A deep copy of plain data (dicts, lists, numbers, texts) for snapshots: the same result as
    ``copy.deepcopy`` about five times faster, which matters as every action takes an undo point."""
    return pickle.loads(pickle.dumps(data, pickle.HIGHEST_PROTOCOL))


def apply_all(state: GameState, actions: Iterable[Action | str]) -> GameState:
    """Apply several actions in turn (a convenience for examples and tests)."""
    for action in actions:
        state.apply(action)
    return state
