"""The game log: what happened, in words, for people (the history holds actions)."""

from __future__ import annotations

from typing import Iterator


#: What the log calls the lines written before the first turn (a game numbering them 0).
SET_UP = "set-up"


def log_line(number: int, text: str, unit: str = "turn") -> str:
    """'turn 3: ...'; the lines numbered 0 come before the first turn: 'set-up: ...'."""
    return f"{SET_UP}: {text}" if number == 0 else f"{unit} {number}: {text}"


class GameLog:
    """An append-only list of lines, each tagged with the turn it happened in."""

    def __init__(self, entries: list[tuple[int, str]] | None = None):
        self.entries: list[tuple[int, str]] = [tuple(e) for e in entries or []]
        # the JSON form kept alongside: saves and checks ask for it after every action, and
        # rebuilding it each time made long games quadratic
        self._json: list[list] = [list(e) for e in self.entries]

    def add(self, turn: int, text: str) -> None:
        self.entries.append((turn, text))
        self._json.append([turn, text])

    def truncate(self, length: int) -> None:
        """Forget the entries after the first ``length`` (undo)."""
        del self.entries[length:]
        del self._json[length:]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[tuple[int, str]]:
        return iter(self.entries)

    def lines(self, last: int | None = None, unit: str = "turn", since: int = 0) -> list[str]:
        """Readable lines (the last ``last``, or those from entry ``since`` on); ``unit`` names
        what the number counts ("turn", "round"); see :func:`log_line`."""
        chosen = self.entries[since:] if last is None else self.entries[since:][-last:]
        return [log_line(number, text, unit) for number, text in chosen]

    def text(self, unit: str = "turn") -> str:
        return "\n".join(self.lines(unit=unit))

    def to_json(self) -> list[list]:
        """``[[turn, text], ...]``: a new outer list; the pairs inside are shared, not to be changed."""
        if len(self._json) != len(self.entries):  # someone changed ``entries`` directly
            self._json = [list(e) for e in self.entries]
        return self._json.copy()

    @classmethod
    def from_json(cls, data) -> "GameLog":
        return cls([(int(turn), str(text)) for turn, text in data])
