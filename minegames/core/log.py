"""The game log: what happened, in words, for people (the history holds actions)."""

from __future__ import annotations

from typing import Iterator


class GameLog:
    """An append-only list of lines, each tagged with the turn it happened in."""

    def __init__(self, entries: list[tuple[int, str]] | None = None):
        self.entries: list[tuple[int, str]] = list(entries or [])

    def add(self, turn: int, text: str) -> None:
        self.entries.append((turn, text))

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return iter(self.entries)

    def lines(self, last: int | None = None, unit: str = "turn") -> list[str]:
        """Readable lines; ``unit`` names what the number counts ("turn", "round")."""
        chosen = self.entries if last is None else self.entries[-last:]
        return [f"{unit} {number}: {text}" for number, text in chosen]

    def text(self, unit: str = "turn") -> str:
        return "\n".join(self.lines(unit=unit))

    def to_json(self) -> list[list]:
        return [[turn, text] for turn, text in self.entries]

    @classmethod
    def from_json(cls, data) -> "GameLog":
        return cls([(int(turn), str(text)) for turn, text in data])
