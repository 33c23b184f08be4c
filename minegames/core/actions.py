"""Actions: small immutable values with a readable ``str`` and a JSON form.

Each game defines its actions as frozen dataclasses deriving from
:class:`Action`. Their fields are ints, strings, or tuples of those, so an
action is hashable (usable in sets) and saves as plain JSON.
"""

from __future__ import annotations

import dataclasses
import functools
from typing import Any, Iterable, Mapping

from .errors import SaveFormatError


@dataclasses.dataclass(frozen=True)
class Action:
    """Base class of every game's actions."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": type(self).__name__}
        for name in field_names(type(self)):
            data[name] = _plain(getattr(self, name))
        return data

    def __str__(self) -> str:  # subclasses give a friendlier text
        inside = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({inside})"


@functools.cache
def field_names(cls: type) -> tuple[str, ...]:
    """The field names of an action class, looked up once (saves call this for every action)."""
    return tuple(field.name for field in dataclasses.fields(cls))


def whole_field(name: str, value: Any) -> None:
    """Refuse a non-integer action field (bool is not a whole number here); cheap, as it runs per action."""
    if type(value) is not int:
        raise TypeError(f"{name} must be a whole number, got {value!r}")


def text_field(name: str, value: Any) -> None:
    if not isinstance(value, str):
        raise TypeError(f"{name} must be text, got {value!r}")


@functools.cache
def _field_kinds(cls: type) -> tuple[tuple[str, str], ...]:
    return tuple((field.name, field.type if isinstance(field.type, str) else field.type.__name__)
                 for field in dataclasses.fields(cls))


class CheckedAction(Action):
    """An action that refuses, when made, a field of the wrong type (its ``int`` and ``str``
    annotations): a save or a caller giving text where a number belongs is stopped before any
    rule is asked. Games with fields of other kinds check those themselves."""

    def __post_init__(self) -> None:
        for name, kind in _field_kinds(type(self)):
            if kind == "int":
                whole_field(name, getattr(self, name))
            elif kind == "str":
                text_field(name, getattr(self, name))


def _plain(value: Any) -> Any:
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [_plain(v) for v in items]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class ActionCodec:
    """Turns a game's actions into JSON and back, by class name."""

    def __init__(self, action_types: Iterable[type[Action]]):
        self.types: dict[str, type[Action]] = {t.__name__: t for t in action_types}

    def from_json(self, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "type" not in data:
            raise SaveFormatError(f"an action must be an object with a 'type', got {data!r}")
        kind = data["type"]
        cls = self.types.get(kind)
        if cls is None:
            raise SaveFormatError(f"unknown action type {kind!r}; known: {sorted(self.types)}")
        fields = {f.name for f in dataclasses.fields(cls)}
        given = {k: _frozen(v) for k, v in data.items() if k != "type"}
        if set(given) != fields:
            raise SaveFormatError(f"action {kind} needs fields {sorted(fields)}, got {sorted(given)}")
        try:
            return cls(**given)
        except (TypeError, ValueError) as exc:
            raise SaveFormatError(f"action {kind} is malformed ({exc})") from None
