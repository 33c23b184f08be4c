"""The kernel manager that serves a class: no pupil can fill the server for the others.

binder/voila.py puts it in place of Voila's own (a subclass of Jupyter's), and adds:

* **a cap on kernels**: at most ``max_kernels`` at once (0: sized from the memory free when the
  server starts, less a reserve for the server). A visit past it gets Voila's error page saying
  the server is full, with status 503, at once: no hang, no kernel started.
* **a soft cap per browser**: a browser (told apart by a cookie that the page sets, since a
  class behind one school router shares one address) holds at most ``max_per_browser`` kernels;
  the next tab gets a page saying so (status 429). A browser without the cookie yet (its first
  page, or cookies off) is not counted.
* **a memory ceiling per kernel**: a kernel holding more than ``memory_limit_mib`` resident
  (checked every ``memory_check_interval`` seconds) is stopped, alone; and each kernel starts
  with an address-space limit (``LimitedKernelManager.memory_mib``), so that one allocation too
  large for the check to catch in time fails (MemoryError) in that kernel only.
* **a memory budget for the whole server** (``memory_budget_mib``; 0: none): on a hub, where
  each pupil has a server of their own, the server and its kernels together may hold this much
  resident. A new kernel that would not fit (the total now plus ``kernel_size_mib``) is refused
  with a page saying why (status 503); past the budget, the largest kernel is stopped, as one
  past its own ceiling is. The one-machine spawner enforces no memory limit of its own, so this
  is what keeps one pupil from taking the others' memory.
* **a visitor whose kernel died is told**: a dead kernel is not restarted (voila.py sets the
  restarter's limit to 0: a restarted kernel holds none of the page's game) but removed, and
  ``ClassroomConnection`` tells the page the way the page's widget manager understands (a
  "restarting" status before the "dead" one): every widget marks itself cut off, and the apps
  show their "this game lost its connection" notice (widgets/components.py).
* **held sockets do not hold forever**: a kernel with no page attached is culled after
  ``cull_idle_timeout`` as before, and one whose page is still connected but silent (no click,
  no message) after ``cull_connected_timeout`` (a lesson's length).
* **a kernel that cannot start is not a page that hangs**: a new kernel must answer (a
  ``kernel_info`` request) before its page is built; one that dies or stays silent is shut
  down and started once more, and if that fails too the visitor gets a page saying the game
  could not start (status 503). Voila's own path would wait forever.
* **a flood of refused messages is not a flood of log lines**: the server's warning for each
  websocket message it refuses (a type a page may not send, a channel that does not exist) is
  written at most ``refusal_log_per_minute`` times a minute; the next one written says how many
  were left out.
"""

from __future__ import annotations

import functools
import json
import http.cookies
import logging
import os
import resource
import secrets
import signal
import time
from datetime import datetime, timedelta, timezone

from jupyter_client.jsonutil import json_default
from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import ensure_async
from tornado import web
from tornado.ioloop import PeriodicCallback
from traitlets import Float, Integer, Unicode

#: the cookie a page sets to tell one browser from another (see ``set_visitor_cookie``)
VISITOR_COOKIE = "minegames_visitor"
MIB = 2**20


def limit_address_space(limit_bytes: int) -> None:
    """Run in a new process before it becomes the kernel: cap its address space (and so its
    memory); past it, the process's own allocations fail (MemoryError) and nothing else's."""
    resource.setrlimit(resource.RLIMIT_AS, (limit_bytes, limit_bytes))


def free_memory_mib() -> float:
    """Memory the system can give without swapping, in MiB (MemAvailable)."""
    try:
        with open("/proc/meminfo") as meminfo:
            for line in meminfo:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 2048.0  # not Linux: assume a small machine


def resident_mib(pid: int | None) -> float:
    """Memory a process holds (its resident set), in MiB; 0 when it cannot be read (gone, not Linux)."""
    if not pid:
        return 0.0
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return 0.0


def visitor_of(env: dict | None) -> str | None:
    """The visitor cookie from the page request's headers (passed in the kernel's environment)."""
    raw = (env or {}).get("HTTP_COOKIE", "")
    if not raw:
        return None
    cookies = http.cookies.SimpleCookie()
    try:
        cookies.load(raw)
    except http.cookies.CookieError:
        return None
    morsel = cookies.get(VISITOR_COOKIE)
    return morsel.value[:64] if morsel else None


class RefusalLogLimit(logging.Filter):
    """Lets at most ``per_minute`` of the server's refused-message warnings through a minute.

    Jupyter's websocket handler writes one WARNING per refused message, so a page sending
    thousands would fill the log (and the disk). The first warnings of a minute are kept as
    they are; the last one kept says the rest of the minute is counted, and the first one of a
    later minute says how many were left out."""

    REFUSALS = ("Received message of type", "No such channel", "No channel specified")

    def __init__(self, per_minute: int = 10, clock=time.monotonic):
        super().__init__()
        self.per_minute = per_minute
        self.clock = clock
        self.window_start = clock()
        self.written = 0  # refusals written in this window
        self.left_out = 0  # refusals not written since the last one written

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno != logging.WARNING or not str(record.msg).startswith(self.REFUSALS):
            return True
        now = self.clock()
        if now - self.window_start >= 60:
            self.window_start, self.written = now, 0
        if self.written >= self.per_minute:
            self.left_out += 1
            return False
        self.written += 1
        notes = []
        if self.left_out:
            notes.append(f"{self.left_out} refused message(s) before this one were not logged")
            self.left_out = 0
        if self.written == self.per_minute:
            notes.append(f"the {self.per_minute} logged a minute are reached: more this minute are "
                         "counted, not logged")
        if notes:
            record.msg = f"{record.getMessage()} ({'; '.join(notes)})"
            record.args = ()
        return True


def limit_refusal_log(log: logging.Logger, per_minute: int) -> None:
    """Put one RefusalLogLimit on ``log`` (the server's logger, which the websocket handlers use)."""
    for old in [f for f in log.filters if isinstance(f, RefusalLogLimit)]:
        log.removeFilter(old)
    if per_minute:
        log.addFilter(RefusalLogLimit(per_minute))


class LimitedKernelManager(ServerKernelManager):
    """One kernel, started under an address-space limit (``memory_mib``; 0: no limit)."""

    memory_mib = Integer(1280, config=True, help="address-space limit of the kernel in MiB (0: none)")

    async def _async_launch_kernel(self, kernel_cmd, **kw):
        """jupyter_client's hook for launching the process: the limit is set in the child,
        between fork and exec (no wrapper process, so no delay before the kernel binds)."""
        if self.memory_mib:
            kw["preexec_fn"] = functools.partial(limit_address_space, self.memory_mib * MIB)
        return await super()._async_launch_kernel(kernel_cmd, **kw)


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with the caps and the culling a class needs (see the module)."""

    max_kernels = Integer(0, config=True, help="kernels at once; 0: sized from free memory")
    kernel_reserve_mib = Integer(512, config=True, help="memory kept free for the server when sizing")
    kernel_size_mib = Integer(100, config=True, help="memory one app kernel takes, when sizing")
    max_per_browser = Integer(4, config=True, help="kernels one browser may hold (its tabs); 0: no cap")
    cull_connected_timeout = Float(3600, config=True,
                                   help="seconds of silence after which a kernel with a page attached is culled")
    full_message = Unicode("The server is full: every seat of this class is taken. Try again in a minute.",
                           config=True)
    tabs_message = Unicode("This browser already has {count} games open here. Close one of its tabs "
                           "and try again.", config=True)
    kernel_ready_timeout = Float(120, config=True,
                                 help="seconds a new kernel has to answer before it counts as failed")
    start_attempts = Integer(2, config=True, help="tries at starting a visitor's kernel before giving up")
    failed_message = Unicode("The game could not start on the server ({why}). Try again in a minute; "
                             "if it happens again, tell your teacher.", config=True)
    refusal_log_per_minute = Integer(10, config=True,
                                     help="refused websocket messages logged a minute (0: all)")
    memory_limit_mib = Integer(400, config=True, help="resident memory past which a kernel is stopped (0: no check)")
    memory_check_interval = Float(10, config=True, help="seconds between two checks of the kernels' memory")
    memory_budget_mib = Integer(0, config=True,
                                help="resident memory this server and its kernels may hold together (0: no budget)")
    budget_message = Unicode("Your games already use all the memory the server keeps for you. Close the tab "
                             "of a game you have finished and try again.", config=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.kernel_manager_class = f"{LimitedKernelManager.__module__}.{LimitedKernelManager.__name__}"
        self._visitor_of_kernel: dict[str, str] = {}
        self._starting: list[str | None] = []  # the visitors of kernels still starting (counted too)
        self._memory_watch: PeriodicCallback | None = None
        if not self.max_kernels:
            spare = free_memory_mib() - self.kernel_reserve_mib
            self.max_kernels = max(1, int(spare // self.kernel_size_mib))
        self.log.info("Classroom: at most %d kernels, %d per browser", self.max_kernels, self.max_per_browser)
        if self.refusal_log_per_minute:
            limit_refusal_log(self.log, self.refusal_log_per_minute)

    def admission_refusal(self, visitor: str | None) -> tuple[int, str] | None:
        """(status, message) when a new kernel may not start now; None when it may."""
        if len(self.list_kernel_ids()) + len(self._starting) >= self.max_kernels:
            return 503, self.full_message
        if self.memory_budget_mib:
            expected = self.held_mib() + self.kernel_size_mib * (1 + len(self._starting))
            if expected > self.memory_budget_mib:
                return 503, self.budget_message
        if visitor and self.max_per_browser:
            held = sum(1 for k, v in self._visitor_of_kernel.items() if v == visitor and k in self)
            held += self._starting.count(visitor)
            if held >= self.max_per_browser:
                return 429, self.tabs_message.format(count=held)
        return None

    async def start_kernel(self, *, kernel_id=None, path=None, **kwargs):
        env = kwargs.get("env")
        visitor = visitor_of(env)
        if env is not None:
            kwargs["env"] = {k: v for k, v in env.items() if k != "HTTP_COOKIE"}  # the kernel needs none
        if kernel_id is not None and kernel_id in self:  # a kernel already running: nothing new
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        refusal = self.admission_refusal(visitor)
        if refusal is not None:
            status, message = refusal
            self.log.warning("Classroom: kernel refused (%d): %s", status, message)
            raise web.HTTPError(status, reason=message)
        self._starting.append(visitor)  # checked and counted in one step: no await in between
        try:
            new_id = await self._start_answering_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting.remove(visitor)
        if visitor:
            self._visitor_of_kernel[new_id] = visitor
        return new_id

    async def _start_answering_kernel(self, **kwargs) -> str:
        """Start a kernel and wait for it to answer; one that does not is shut down and tried
        again (``start_attempts`` in all); then the visitor gets the 'could not start' page."""
        why = "no attempt made"
        for attempt in range(1, max(1, self.start_attempts) + 1):
            try:
                new_id = await super().start_kernel(**kwargs)
            except web.HTTPError:
                raise
            except Exception as error:  # the launch itself failed (no kernel to free)
                why = f"{type(error).__name__}: {error}"
            else:
                why = await self.why_not_answering(new_id)
                if why is None:
                    return new_id
                await self._free(new_id)
            self.log.warning("Classroom: kernel start %d of %d failed (%s)", attempt, self.start_attempts, why)
            kwargs["kernel_id"] = None
        raise web.HTTPError(503, reason=self.failed_message.format(why=why.splitlines()[0][:120]))

    async def why_not_answering(self, kernel_id: str) -> str | None:
        """None when the kernel answers a kernel_info request in time; otherwise why not."""
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await ensure_async(client.wait_for_ready(timeout=self.kernel_ready_timeout))
        except Exception as error:  # jupyter_client raises RuntimeError for both ways of failing
            if "died" in str(error):
                return "its process stopped while starting"
            return f"it did not answer within {self.kernel_ready_timeout:.0f} s"
        finally:
            client.stop_channels()
        return None

    async def _free(self, kernel_id: str) -> None:
        """Shut a failed kernel down at once (it may be gone already: the restarter removes a
        kernel that died)."""
        if kernel_id in self:
            try:
                await ensure_async(self.shutdown_kernel(kernel_id, now=True))
            except Exception as error:  # a dead kernel can fail its own shutdown; drop it anyway
                self.log.warning("Classroom: freeing kernel %s: %s", kernel_id, error)
                self.remove_kernel(kernel_id)

    def initialize_culler(self):
        """Jupyter starts its culler here (with the first kernel, once the loop runs): the memory
        check starts with it."""
        super().initialize_culler()
        if (self.memory_limit_mib or self.memory_budget_mib) and self._memory_watch is None:
            self._memory_watch = PeriodicCallback(self.stop_kernels_past_memory, 1000 * self.memory_check_interval)
            self._memory_watch.start()

    def _kernel_pid(self, kernel_id: str) -> int | None:
        return getattr(getattr(self.get_kernel(kernel_id), "provisioner", None), "pid", None)

    def held_mib(self) -> float:
        """Resident memory of this server and its kernels, in MiB (what the budget counts)."""
        return resident_mib(os.getpid()) + sum(resident_mib(self._kernel_pid(k)) for k in self.list_kernel_ids())

    @staticmethod
    def _kill(pid: int | None) -> bool:
        try:
            os.kill(pid, signal.SIGKILL)
        except (OSError, TypeError):  # gone already (or never had a process)
            return False
        return True

    async def stop_kernels_past_memory(self) -> list[str]:
        """Kill each kernel holding more than ``memory_limit_mib``, then, while the server is past
        its ``memory_budget_mib``, the largest kernel left: each dies alone, is removed, and its
        page is told (see the module). Returns the ids of the kernels stopped."""
        stopped = []
        held = {k: resident_mib(self._kernel_pid(k)) for k in self.list_kernel_ids()}
        for kernel_id, mib in held.items():
            if self.memory_limit_mib and mib > self.memory_limit_mib:
                self.log.warning("Classroom: kernel %s holds %.0f MiB, more than its %d: stopped", kernel_id, mib,
                                 self.memory_limit_mib)
                if self._kill(self._kernel_pid(kernel_id)):
                    stopped.append(kernel_id)
        if self.memory_budget_mib:
            left = {k: mib for k, mib in held.items() if k not in stopped}
            total = resident_mib(os.getpid()) + sum(left.values())
            while left and total > self.memory_budget_mib:
                largest = max(left, key=left.get)
                self.log.warning("Classroom: this server holds %.0f MiB, more than its budget of %d: kernel %s "
                                 "(%.0f MiB) stopped", total, self.memory_budget_mib, largest, left[largest])
                if self._kill(self._kernel_pid(largest)):
                    stopped.append(largest)
                total -= left.pop(largest)
        return stopped

    def remove_kernel(self, kernel_id):
        self._visitor_of_kernel.pop(kernel_id, None)
        return super().remove_kernel(kernel_id)

    async def cull_kernel_if_idle(self, kernel_id):
        """Jupyter's rule for a kernel with no page attached; a connected one is culled only
        after ``cull_connected_timeout`` of silence."""
        kernel = self._kernels.get(kernel_id)
        if kernel is None:
            return
        connections = self._kernel_connections.get(kernel_id, 0)
        if not connections or getattr(kernel, "execution_state", None) == "dead":
            return await super().cull_kernel_if_idle(kernel_id)
        if not self.cull_connected_timeout or not hasattr(kernel, "last_activity"):
            return None
        idle = datetime.now(timezone.utc) - kernel.last_activity
        if idle > timedelta(seconds=self.cull_connected_timeout) and kernel.execution_state != "busy":
            self.log.warning("Culling '%s' kernel '%s' (%s) with %d connections due to %d seconds of "
                             "inactivity (a page left open).", kernel.execution_state, kernel.kernel_name,
                             kernel_id, connections, int(idle.total_seconds()))
            await ensure_async(self.shutdown_kernel(kernel_id))
        return None


class ClassroomConnection(ZMQChannelsWebsocketConnection):
    """A page's kernel connection that tells the page when its kernel died.

    Jupyter sends the page a "dead" status, which the page's widget manager ignores: the
    widgets look alive and clicks go nowhere. Sent first, "restarting" makes the widget manager
    mark every widget cut off (the apps' notice shows; see widgets/components.py)."""

    def on_restart_failed(self):
        self.send_status("restarting")
        super().on_restart_failed()

    def send_status(self, state: str) -> None:
        """A kernel status message to the page, on its iopub channel."""
        message = self.session.msg("status", {"execution_state": state})
        if self.subprotocol == "v1.kernel.websocket.jupyter.org":
            self.write_message(serialize_msg_to_ws_v1(message, "iopub", self.session.pack), binary=True)
        else:
            message["channel"] = "iopub"
            self.write_message(json.dumps(message, default=json_default))


def set_visitor_cookie(request_handler) -> None:
    """Give a browser its visitor cookie with its first page (read back on its next ones)."""
    if not request_handler.get_cookie(VISITOR_COOKIE):
        request_handler.set_cookie(VISITOR_COOKIE, secrets.token_urlsafe(16), httponly=True,
                                   samesite="Strict", expires_days=1)
