"""How the whole suite shares the machine's cores (`make test` runs pytest-xdist, one worker per core).

Most tests stand alone and go to whichever worker is free; these must stay together, in
order, on one worker:

* a notebook's cells: nbval runs them one after another in one kernel;
* the app pages driven in Chromium (tests/browser/test_voila_*): they share one Voila server
  and one browser;
* the server tests and the browser benchmarks: each starts servers and counts their kernels
  and memory, which a second server of ours on the machine at the same time would disturb;
* the class of 30 (tests/browser/test_hub_class.py): it loads both cores for minutes, so it
  goes last, when the browser tests that wait on a page are done.

Groups are told apart by node id, so the scheduler (which sees ids, not marks) needs nothing
else; pytest-xdist's own `xdist_group` marks are not used (with pytest 9 they no longer reach
the scheduler). The longest groups start first (`make test` passes ``--no-loadscope-reorder``,
so the scheduler keeps the order below), and the short tests fill the other core, so the run
ends evenly. Without xdist none of this changes anything: the order is still a valid order.

No test fails on speed: Hypothesis's own timing checks (a 200 ms deadline per example, the
"too slow" health check) are off for the whole suite, as a busy machine trips them with
nothing wrong. Speed is measured in benchmarks/.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("minegames", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("minegames")

APPS, SERVERS, CLASS = "voila apps", "servers", "a class of 30"


def group_of(nodeid: str) -> str | None:
    """The group a test must run in (by its node id), or None for a test that can run anywhere."""
    path, _, name = nodeid.partition("::")
    if path.endswith(".ipynb"):
        return path
    if path.startswith("tests/browser/test_voila_"):
        return APPS
    if path == "tests/browser/test_hub_class.py":
        return CLASS
    if path.startswith("tests/browser/") or name.startswith("test_browser_benchmark_runs"):
        return SERVERS
    return None


def start_order(item: pytest.Item) -> int:
    """The conformance long mode (minutes a test, when it runs), the app pages and the servers
    (the longest groups), the notebooks, the whole-game property suites (the longest single
    tests of the default run), then the rest, and last the class of 30 (see the module)."""
    group = group_of(item.nodeid)
    if group == CLASS:
        return 6
    if item.name.startswith("test_long_mode"):
        return 0
    if group in (APPS, SERVERS):
        return 1 + (APPS, SERVERS).index(group)
    if group is not None:
        return 3
    return 4 if "property" in item.path.parts else 5


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=start_order)  # stable: a notebook's cells keep their order


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`--dist loadgroup`: xdist's scheduler by groups, with ours in place of its marks."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class KeptTogether(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return KeptTogether(config, log)
