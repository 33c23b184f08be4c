"""binder/classroom.py's memory budget for a whole server (a hub pupil's share), with processes
of our own: real child processes whose resident memory the manager reads from /proc."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.append(str(Path(__file__).resolve().parents[3] / "binder"))  # after the packages: binder/voila.py must not stand in for Voila
from classroom import ClassroomKernelManager, resident_mib  # noqa: E402

HOLDING = "import sys, time; block = bytearray({mib} * 2**20); block[::4096] = b'x' * len(block[::4096]); " \
          "print('ready', flush=True); time.sleep(120)"


def holder(mib: int) -> subprocess.Popen:
    """A process holding about ``mib`` MiB resident (each page touched)."""
    process = subprocess.Popen([sys.executable, "-c", HOLDING.format(mib=mib)], stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "ready"
    return process


def run(coroutine):
    """asyncio.run in a thread of its own (a browser test on this worker may hold a running loop)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class Manager(ClassroomKernelManager):
    """The classroom manager over stand-in kernels: each a process of ours, by id."""

    def __init__(self, kernels: dict[str, subprocess.Popen], **kwargs):
        super().__init__(max_kernels=10, **kwargs)
        self.fake = kernels

    def list_kernel_ids(self):
        return [k for k, p in self.fake.items() if p.poll() is None]

    def get_kernel(self, kernel_id):
        return SimpleNamespace(provisioner=SimpleNamespace(pid=self.fake[kernel_id].pid))


@pytest.fixture
def kernels():
    running: dict[str, subprocess.Popen] = {}
    yield running
    for process in running.values():
        process.kill()
        process.wait()


def test_a_kernel_that_would_not_fit_the_budget_is_refused_with_words_for_the_pupil(kernels):
    kernels["a"] = holder(60)
    manager = Manager(kernels, kernel_size_mib=100)
    held = manager.held_mib()
    assert held > 60  # this process and the kernel
    manager.memory_budget_mib = int(held + 100 + 20)
    assert manager.admission_refusal(None) is None  # one more app kernel fits
    manager.memory_budget_mib = int(held + 100 - 20)
    status, words = manager.admission_refusal(None)
    assert status == 503 and "memory the server keeps for you" in words
    manager.memory_budget_mib = 0  # no budget: no refusal
    assert manager.admission_refusal(None) is None


def test_past_the_budget_the_largest_kernel_is_stopped_and_the_rest_run_on(kernels):
    kernels["small"], kernels["large"] = holder(30), holder(150)
    manager = Manager(kernels, memory_limit_mib=0)
    manager.memory_budget_mib = int(manager.held_mib() - 50)  # over by 50: one kernel must go
    stopped = run(manager.stop_kernels_past_memory())
    assert stopped == ["large"]
    kernels["large"].wait(timeout=10)
    assert kernels["small"].poll() is None, "the kernel that kept within the budget was stopped too"


def test_within_the_budget_nothing_is_stopped(kernels):
    kernels["one"] = holder(30)
    manager = Manager(kernels, memory_limit_mib=0)
    manager.memory_budget_mib = int(manager.held_mib() + 200)
    assert run(manager.stop_kernels_past_memory()) == []
    time.sleep(0.2)
    assert kernels["one"].poll() is None
