"""Game options: a frozen dataclass per game, checked when a game is made."""

from __future__ import annotations

import dataclasses
from typing import Any, Mapping, TypeVar

from .errors import OptionError, SaveFormatError

Options = TypeVar("Options")


def make_options(cls: type[Options], given: Mapping[str, Any]) -> Options:
    """Build ``cls`` from keyword options, naming any unknown option."""
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(given) - known)
    if unknown:
        raise OptionError(unknown[0], f"is not an option of this game; the options are {sorted(known)}")
    return cls(**given)


def whole_number(name: str, value: Any, low: int, high: int) -> None:
    """Refuse an option that is not a whole number in ``low..high`` (bools are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(name, f"must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise OptionError(name, f"must be between {low} and {high}, got {value}")


def yes_or_no(name: str, value: Any) -> None:
    """Refuse an on/off option that is not exactly True or False."""
    if not isinstance(value, bool):
        raise OptionError(name, f"must be True or False, got {value!r}")


def one_of(name: str, value: Any, allowed: tuple) -> None:
    """Refuse an option that is not one of the ``allowed`` readings."""
    if value not in allowed:
        raise OptionError(name, f"must be one of {list(allowed)}, got {value!r}")


def options_to_json(options: Any) -> dict[str, Any]:
    return json_ready(dataclasses.asdict(options))


def options_from_json(cls: type[Options], data: Any) -> Options:
    if not isinstance(data, Mapping):
        raise SaveFormatError("options must be an object")
    try:
        return make_options(cls, data)
    except OptionError as exc:
        raise SaveFormatError(f"saved options are invalid ({exc})") from None


def json_ready(value: Any) -> Any:
    """Tuples become lists, recursively (what json.loads gives back)."""
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    return value
