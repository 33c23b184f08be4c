"""Goldmine Rumbles in words: how the rules' log, prompts and actions name a place in the mine."""

from __future__ import annotations

from .mine import Portal, Position


def describe(position: Position) -> str:
    """A position in words, for tooltips and logs."""
    if isinstance(position, int):
        return f"claim site {position}"
    if isinstance(position, Portal):
        return f"entrance {position.letter} of tile {position.tile}"
    return f"port {position.port} of square {position.cell}"
