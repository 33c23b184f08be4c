"""Repo-wide test policy: a test that cannot run because something is missing fails.

A skipped test passes silently, so a machine without a dependency (a module, Chromium)
would look green while testing less. Skips whose reason says something is missing
always become failures; with CI=true (or MINEGAMES_STRICT_SKIPS=1) every skip does.
"""

from __future__ import annotations

import os
import re

import pytest

MISSING_DEPENDENCY = re.compile(
    r"could not import|no module named|not installed|is missing|not found|unavailable",
    re.IGNORECASE,
)


def _strict_everywhere() -> bool:
    return os.environ.get("CI", "").lower() == "true" or os.environ.get("MINEGAMES_STRICT_SKIPS") == "1"


def _skip_reason(report) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])
    return str(longrepr)


def _fail_if_forbidden_skip(report) -> None:
    if not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = _skip_reason(report)
    if MISSING_DEPENDENCY.search(reason) or _strict_everywhere():
        report.outcome = "failed"
        report.longrepr = (f"skip refused ({reason}): install what is missing; "
                           "with CI=true every test must run")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_if_forbidden_skip(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """Module-level ``pytest.importorskip`` skips whole files during collection."""
    outcome = yield
    _fail_if_forbidden_skip(outcome.get_result())
