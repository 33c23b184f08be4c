"""Seeded randomness that travels with the game.

A state owns one numpy ``Generator`` (PCG64). Its full bit-generator state is
saved with the game, so a loaded game rolls the same future dice. An action
that draws on it cannot be undone (see ``GameState.undo``): a seen roll stands.
"""

from __future__ import annotations

import copy
from typing import Any

import numpy as np

from .errors import SaveFormatError


def make_rng(seed: int | None = None) -> np.random.Generator:
    """A fresh PCG64 generator; ``seed=None`` draws entropy from the OS."""
    return np.random.Generator(np.random.PCG64(seed))


def shuffled(items, rng: np.random.Generator) -> list:
    """A new list of ``items`` in a random order drawn from ``rng`` (one permutation draw)."""
    items = list(items)
    return [items[i] for i in rng.permutation(len(items))]


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """A JSON-ready copy of the generator's state (numpy builds a fresh dict each time)."""
    return rng.bit_generator.state


def rng_from_state(state: dict[str, Any]) -> np.random.Generator:
    """Rebuild a generator saved with :func:`rng_state`."""
    try:
        if state["bit_generator"] != "PCG64":
            raise SaveFormatError(f"unsupported bit generator {state['bit_generator']!r}")
        bit_generator = np.random.PCG64()
        bit_generator.state = copy.deepcopy(state)
    except SaveFormatError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveFormatError(f"random generator state is malformed ({exc})") from None
    return np.random.Generator(bit_generator)


def set_rng_state(rng: np.random.Generator, state: dict[str, Any]) -> None:
    """Rewind ``rng`` in place to a state taken with :func:`rng_state` (numpy copies the values)."""
    rng.bit_generator.state = state
