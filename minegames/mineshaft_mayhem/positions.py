"""Ways to get a game: a fresh one, a saved one, or a hand-made mid-game position.

``position`` lets a lesson or a test show one rule at a time: put gems on
the sheet, dice on the table, and the rest follows (the gems used come out
of the tin, so every gem is still in exactly one place).
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from minegames.core import Bag, IllegalActionError, OptionError, make_options

from .options import NUMBER_OF_DICE, Options
from .patterns import GEMS
from .state import MineshaftMayhem


def new_game(seed: int | None = None, **options: Any) -> MineshaftMayhem:
    """A new game; the seed fixes every draw and roll (None: a random game)."""
    return MineshaftMayhem(make_options(Options, options), seed)


def load(json_text: str) -> MineshaftMayhem:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return MineshaftMayhem.from_json(json_text)


def position(
    seed: int | None = 0,
    *,
    conveyor: Iterable[str | None] | Mapping[int, str] = (),
    gears: Iterable[str | None] = (),
    containers: Iterable[tuple[str, int] | None] | Mapping[str, int] = (),
    cursite: int = 0,
    lid: int | None = None,
    dice: Iterable[int] | None = None,
    rolls_used: int | None = None,
    phase: str | None = None,
    turn: int = 1,
    gear_count: int | None = None,
    **options: Any,
) -> MineshaftMayhem:
    """A consistent mid-game state built by hand.

    * ``conveyor``: a gem or None per space from the start space on (shorter
      lists are padded with empty spaces), or a dict ``{space: gem}``;
    * ``gears``: a gem or None per gear, padded likewise;
    * ``containers``: ``(gem, count)`` or None per container left to right,
      or a dict ``{gem: count}`` filled in from the left;
    * ``cursite``: cursite held; ``lid``: cursite left in the lid (default: the
      usual 8 minus what is held). The game's ``cursite`` option becomes their sum;
    * ``dice``: four faces (then ``phase`` defaults to "rolling" and
      ``rolls_used`` to 1); without dice the turn is at its "start";
    * ``phase`` "over" is required exactly when the position has ended;
    * ``gear_count``: the game's ``gears`` option (the keyword ``gears`` is taken
      by the gems on them), like ``cursite`` above.

    Everything else is a game option. Bad input raises ``OptionError`` naming
    the argument; a position the rules cannot reach raises ``IllegalActionError``.
    """
    if _count("turn", turn) < 1:
        raise OptionError("turn", "turns are numbered from 1")
    held = _count("cursite", cursite)
    lid = max(Options().cursite - held, 0) if lid is None else _count("lid", lid)
    if gear_count is not None:
        options["gears"] = gear_count
    opts = make_options(Options, {**options, "cursite": held + lid})
    faces = None if dice is None else _faces(dice)
    phase = phase if phase is not None else ("start" if faces is None else "rolling")
    if phase not in ("start", "rolling", "over"):
        raise OptionError("phase", f"a position starts at 'start', 'rolling' or 'over', not {phase!r}")
    if rolls_used is None:
        rolls_used = 1 if phase == "rolling" or (phase == "over" and faces is not None) else 0

    state = MineshaftMayhem._blank(opts, seed)
    state._clear_sheet()
    state._phase = phase
    state._turn = turn
    state._conveyor = _places("conveyor", conveyor, opts.spaces)
    state._gears = _places("gears", gears, opts.gears)
    state._containers = _containers(containers, opts.containers)
    state._cursite, state._cursite_supply = held, lid
    state._dice = faces
    state._rolls_used = rolls_used
    state._tin = _tin_left(state, opts)
    if phase == "over":
        state._dice, state._rolls_used = None, 0
    state._start_lesson_position(turn)
    return state


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise OptionError(name, f"must be a whole number 0 or more, got {value!r}")
    return value


def _gem_or_none(name: str, gem: Any) -> str | None:
    if gem is not None and gem not in GEMS:
        raise OptionError(name, f"{gem!r} is not a gem type; the types are {list(GEMS)}")
    return gem


def _places(name: str, given: Any, size: int) -> list[str | None]:
    if isinstance(given, Mapping):
        places: list[str | None] = [None] * size
        for index, gem in given.items():
            if not isinstance(index, int) or not 0 <= index < size:
                raise OptionError(name, f"places are numbered 0..{size - 1}, got {index!r}")
            places[index] = _gem_or_none(name, gem)
        return places
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise OptionError(name, f"give a list of gems (or None for empty places), got {given!r}")
    places = [_gem_or_none(name, gem) for gem in given]
    if len(places) > size:
        raise OptionError(name, f"there are only {size} places, got {len(places)}")
    return places + [None] * (size - len(places))


def _containers(given: Any, size: int) -> list[list]:
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise OptionError("containers", f"give a list of (gem, count) or None, got {given!r}")
    entries = list(given.items()) if isinstance(given, Mapping) else list(given)
    if len(entries) > size:
        raise OptionError("containers", f"there are only {size} containers, got {len(entries)}")
    filled: list[list] = []
    for entry in entries:
        if entry is None:
            filled.append([None, 0])
            continue
        try:
            gem, count = entry
        except (TypeError, ValueError):
            raise OptionError("containers", f"each container is (gem, count) or None, got {entry!r}") from None
        if _gem_or_none("containers", gem) is None or _count("containers", count) == 0:
            raise OptionError("containers", f"a filled container needs a gem type and 1 or more gems: {entry!r}")
        filled.append([gem, count])
    return filled + [[None, 0] for _ in range(size - len(filled))]


def _faces(dice: Iterable[int]) -> tuple[int, ...]:
    faces = tuple(dice)
    if len(faces) != NUMBER_OF_DICE or any(isinstance(f, bool) or f not in range(1, 7) for f in faces):
        raise OptionError("dice", f"give {NUMBER_OF_DICE} faces between 1 and 6, got {dice!r}")
    return faces


def _tin_left(state: MineshaftMayhem, opts: Options) -> Bag:
    """The tin holds what the sheet does not."""
    left = []
    for gem, total in opts.gem_counts:
        used = (state._conveyor.count(gem) + state._gears.count(gem)
                + sum(count for held, count in state._containers if held == gem))
        if used > total:
            raise IllegalActionError("gem count", f"the sheet shows {used} {gem} but the game has only {total}")
        left.append((gem, total - used))
    return Bag(left)


__all__ = ["new_game", "load", "position"]
