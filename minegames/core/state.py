"""The protocol every game state follows (after python-chess and OpenSpiel).

A game subclass supplies the rules through a handful of hooks:

* ``_snapshot()`` / ``_restore(data)``: all mutable game data as a JSON-ready
  dict, and back (randomness, history and log are handled here);
* ``_legal_actions()``: the legal actions of the player to move;
* ``_check(action)``: raise :class:`IllegalActionError` naming the broken rule
  (by default, any action not in ``_legal_actions()`` is refused);
* ``_apply(action)``: change the state for a legal action;
* ``is_over``, ``current_player``, ``scores()``, ``view(player)`` and a
  ``_repr_svg_`` so notebooks draw the state.

The base class makes ``apply`` all-or-nothing, keeps the history, undoes by
restoring snapshots (random generator included, so undo never re-rolls), and
saves to JSON as *options + starting position + actions*, re-checking every
action when a save is loaded so a tampered save is refused.
"""

from __future__ import annotations

import copy
import json
import pickle
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Iterable

from .actions import Action, ActionCodec
from .errors import GameOverError, IllegalActionError, MinegamesError, NothingToUndoError, SaveFormatError
from .log import GameLog
from .options import options_from_json, options_to_json
from .rng import make_rng, rng_state, set_rng_state

SAVE_FORMAT = 1

#: ``current_player`` of a phase in which several players act at once.
SIMULTANEOUS = -1


class GameState(ABC):
    """Base class of every game's state."""

    game_name: ClassVar[str]
    action_types: ClassVar[tuple[type[Action], ...]]
    options_type: ClassVar[type]
    num_players: int = 1
    #: What the number on each log entry counts, for people ("turn", "round").
    log_unit: str = "turn"

    def __init__(self, options: Any, seed: int | None = None):
        self.options = options
        self.rng = make_rng(seed)
        self.log = GameLog()
        self._history: list[Action] = []
        self._undo_stack: list[dict[str, Any]] = []
        self._initial: dict[str, Any] | None = None

    def _start(self) -> None:
        """Subclasses call this at the end of setup: the position undo and saves go back to."""
        self._initial = self._full_snapshot()

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
        try:
            self._apply(action)
        except BaseException:
            self._return_to(before)
            raise
        self._undo_stack.append(before)
        self._history.append(action)
        return self

    push = apply  # python-chess spelling

    def undo(self) -> Action:
        """Take back the last action and return it; the dice it rolled stay fated."""
        if not self._history:
            raise NothingToUndoError()
        self._return_to(self._undo_stack.pop())
        return self._history.pop()

    pop = undo

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
        del self.log.entries[point["log_length"]:]

    def _full_snapshot(self) -> dict[str, Any]:
        return {"game": self._snapshot(), "rng": rng_state(self.rng), "log": self.log.to_json()}

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
                "options": options_to_json(self.options),
                "start": self._initial,
                "actions": [a.to_json() for a in self._history],
                "position": self._full_snapshot(),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> "GameState":
        """Load a save; every action is replayed and checked against the rules."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"not valid JSON ({exc})") from None
        if not isinstance(data, dict):
            raise SaveFormatError("a save must be a JSON object")
        missing = {"format", "game", "options", "start", "actions", "position"} - set(data)
        if missing:
            raise SaveFormatError(f"missing keys {sorted(missing)}")
        if data["format"] != SAVE_FORMAT:
            raise SaveFormatError(f"save format {data['format']!r} is not supported (expected {SAVE_FORMAT})")
        if data["game"] != cls.game_name:
            raise SaveFormatError(f"this save is of {data['game']!r}, not {cls.game_name!r}")
        options = options_from_json(cls.options_type, data["options"])
        state = cls._blank(options)
        try:
            state._restore_full(data["start"])
            state._check_consistent()
        except MinegamesError:
            raise
        except Exception as exc:  # a start position of the wrong shape
            raise SaveFormatError(f"starting position is malformed ({type(exc).__name__}: {exc})") from None
        state._initial = copy.deepcopy(data["start"])
        codec = ActionCodec(cls.action_types)
        if not isinstance(data["actions"], list):
            raise SaveFormatError("actions must be a list")
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
    def _blank(cls, options: Any) -> "GameState":
        """An instance to restore a save into (no setup randomness spent)."""
        state = cls.__new__(cls)
        GameState.__init__(state, options, seed=0)
        return state

    def problems(self) -> list[tuple[str, str]]:
        """(rule, explanation) for everything that makes this position impossible.

        Games override it to check their invariants (pieces conserved, limits kept);
        a loaded save whose start position has a problem is refused.
        """
        return []

    def _check_consistent(self) -> None:
        problems = self.problems()
        if problems:
            raise SaveFormatError(f"the saved position breaks the rules: {problems[0][1]}")

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


def play(state: GameState, actions: Iterable[Action | str]) -> GameState:
    """Apply several actions in turn (a convenience for examples and tests)."""
    for action in actions:
        state.apply(action)
    return state
