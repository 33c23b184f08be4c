"""Errors every game raises. Each names the rule that was broken, so a
learner reading the message knows *why* a move is not allowed."""

from __future__ import annotations

from typing import NoReturn


class MinegamesError(Exception):
    """Base class for every error the models raise."""


class RuleError(MinegamesError):
    """An action that the rules forbid; the state is left exactly as it was.

    ``rule`` is a short name of the rule (e.g. ``"locked dice"``) and
    ``message`` explains it in words.
    """

    def __init__(self, rule: str, message: str):
        self.rule = rule
        self.message = message
        super().__init__(f"{rule}: {message}")


class IllegalActionError(RuleError, ValueError):
    """The action is not legal in the current state."""


def refuse(rule: str, message: str) -> NoReturn:
    """Raise :class:`IllegalActionError`: the one way every game's checks say no."""
    raise IllegalActionError(rule, message)


class GameOverError(IllegalActionError):
    """No action is legal once the game has ended."""

    def __init__(self, message: str = "the game has ended; no more actions are possible"):
        super().__init__("game over", message)


class NothingToUndoError(IllegalActionError):
    """``undo()`` at the very start of a game."""

    def __init__(self):
        super().__init__("undo", "no action has been applied yet, so there is nothing to undo")


class ChanceSeenError(IllegalActionError):
    """``undo()`` past an action that rolled, drew or shuffled: a seen outcome stands."""

    def __init__(self, message: str):
        super().__init__("undo", message)


class OptionError(RuleError, ValueError):
    """A game option that is unknown or out of range."""

    def __init__(self, option: str, message: str):
        super().__init__(f"option {option!r}", message)
        self.option = option


class SaveFormatError(MinegamesError, ValueError):
    """A saved game that cannot be loaded (bad JSON, wrong game, tampered)."""

    def __init__(self, message: str):
        self.rule = "save format"
        self.message = message
        super().__init__(f"save format: {message}")
