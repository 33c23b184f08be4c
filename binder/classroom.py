"""The kernel manager that serves a class: no pupil can fill the server for the others.

binder/voila.py puts it in place of Voila's own (a subclass of Jupyter's), and adds:

* **a cap on kernels**: at most ``max_kernels`` at once (0: sized from the memory free when the
  server starts, less a reserve for the server). A visit past it gets Voila's error page saying
  the server is full, with status 503, at once: no hang, no kernel started.
* **a soft cap per browser**: a browser (told apart by a cookie that the page sets, since a
  class behind one school router shares one address) holds at most ``max_per_browser`` kernels;
  the next tab gets a page saying so (status 429). A browser without the cookie yet (its first
  page, or cookies off) is not counted.
* **a memory ceiling per kernel**: each kernel starts with an address-space limit
  (``LimitedKernelManager.memory_mib``); a kernel that reaches it fails alone (its allocations raise
  MemoryError) and the server and the other kernels go on.
* **held sockets do not hold forever**: a kernel with no page attached is culled after
  ``cull_idle_timeout`` as before, and one whose page is still connected but silent (no click,
  no message) after ``cull_connected_timeout`` (a lesson's length).
"""

from __future__ import annotations

import functools
import http.cookies
import resource
import secrets
from datetime import datetime, timedelta, timezone

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager, ServerKernelManager
from jupyter_server.utils import ensure_async
from tornado import web
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

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.kernel_manager_class = f"{LimitedKernelManager.__module__}.{LimitedKernelManager.__name__}"
        self._visitor_of_kernel: dict[str, str] = {}
        self._starting: list[str | None] = []  # the visitors of kernels still starting (counted too)
        if not self.max_kernels:
            spare = free_memory_mib() - self.kernel_reserve_mib
            self.max_kernels = max(1, int(spare // self.kernel_size_mib))
        self.log.info("Classroom: at most %d kernels, %d per browser", self.max_kernels, self.max_per_browser)

    def admission_refusal(self, visitor: str | None) -> tuple[int, str] | None:
        """(status, message) when a new kernel may not start now; None when it may."""
        if len(self.list_kernel_ids()) + len(self._starting) >= self.max_kernels:
            return 503, self.full_message
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
            new_id = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            self._starting.remove(visitor)
        if visitor:
            self._visitor_of_kernel[new_id] = visitor
        return new_id

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


def set_visitor_cookie(request_handler) -> None:
    """Give a browser its visitor cookie with its first page (read back on its next ones)."""
    if not request_handler.get_cookie(VISITOR_COOKIE):
        request_handler.set_cookie(VISITOR_COOKIE, secrets.token_urlsafe(16), httponly=True,
                                   samesite="Strict", expires_days=1)
