# A pupil's Jupyter server on the hub serves as `make serve` does (binder/voila.py, read here),
# with the caps of one pupil rather than of a class.
import os

load_subconfig(os.path.join(os.path.dirname(os.path.realpath(__file__)), "..", "..", "..", "binder", "voila.py"))  # noqa: F821
c = get_config()  # noqa: F821

# One pupil: a few games and a lesson open at once, not a class's worth sized from free memory.
c.ClassroomKernelManager.max_kernels = 4
# The memory the hub gives this pupil (Spawner.mem_limit, passed on as MEM_LIMIT in bytes): the
# spawner on one machine does not enforce it, so the kernel manager does (binder/classroom.py:
# a kernel that would not fit is refused, past it the largest kernel is stopped).
if os.environ.get("MEM_LIMIT", "").isdigit():
    c.ClassroomKernelManager.memory_budget_mib = int(os.environ["MEM_LIMIT"]) // 2**20
    c.ClassroomKernelManager.memory_check_interval = 5
# No terminals: a pupil needs the gallery, the apps and the lessons, not a shell on the server.
c.ServerApp.terminals_enabled = False
