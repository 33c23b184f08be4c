"""binder/classroom.py's limit on the server's refused-message warnings, with a clock of our own."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parents[3] / "binder"))  # after the packages: binder/voila.py must not stand in for Voila
from classroom import RefusalLogLimit  # noqa: E402

REFUSAL = 'Received message of type "%s", which is not allowed. Ignoring.'


class Clock:
    def __init__(self):
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def written(limit: RefusalLogLimit, message: str, *args, level: int = logging.WARNING) -> str | None:
    record = logging.LogRecord("Voila", level, __file__, 1, message, args, None)
    return record.getMessage() if limit.filter(record) else None


def test_the_first_of_a_minute_are_written_and_the_last_says_the_rest_are_counted():
    limit = RefusalLogLimit(per_minute=3, clock=Clock())
    lines = [written(limit, REFUSAL, "execute_request") for _ in range(10)]
    assert [line is not None for line in lines] == [True] * 3 + [False] * 7
    assert "counted, not logged" in lines[2] and "counted" not in lines[1]
    assert lines[0] == REFUSAL % "execute_request"


def test_a_new_minute_writes_again_and_says_how_many_were_left_out():
    clock = Clock()
    limit = RefusalLogLimit(per_minute=2, clock=clock)
    for _ in range(7):
        written(limit, REFUSAL, "execute_request")
    clock.now = 61
    line = written(limit, "No such channel: %r", "nope")
    assert line.startswith("No such channel: 'nope'") and "5 refused message(s) before this one were not logged" in line
    assert written(limit, REFUSAL, "x") is not None and written(limit, REFUSAL, "x") is None


def test_other_lines_pass_untouched():
    limit = RefusalLogLimit(per_minute=1, clock=Clock())
    for _ in range(5):
        assert written(limit, "Kernel started: %s", "abc") == "Kernel started: abc"
        assert written(limit, REFUSAL, "x", level=logging.ERROR) is not None
