# How Voila serves a class: the one settings file that `make serve` and Binder both load.
#
# `make serve` passes binder/ to Voila (--Voila.config_file_paths=binder); on Binder,
# binder/postBuild links this file as ~/.jupyter/jupyter_server_config.py, so the Jupyter
# server that runs Voila as an extension reads the same lines. A setting given on the
# command line wins over this file, e.g.
#     .venv/bin/voila notebooks --MappingKernelManager.cull_idle_timeout=600
# README.md ("Serving a class") says why each number is what it is; the browser tests in
# tests/browser/test_server_*.py start their server with this file.

import os
import sys

c = get_config()  # noqa: F821  (traitlets defines get_config when it loads this file)

# The kernel manager that serves a class (binder/classroom.py, beside this file; on Binder
# this file is reached through a link, hence realpath): a cap on kernels sized from free
# memory, a soft cap per browser, a memory ceiling per kernel, and pages left open culled
# after a lesson's length. Voila reads the first line; Binder's Jupyter server the second.
# Appended, not put first: first, this folder's voila.py would stand in for the Voila package when
# the Jupyter server (Binder) imports voila.server_extension after reading this file.
_HERE = os.path.dirname(os.path.realpath(__file__))
if _HERE not in sys.path:
    sys.path.append(_HERE)
from classroom import ClassroomConnection, ClassroomKernelManager, set_visitor_cookie  # noqa: E402

c.VoilaConfiguration.multi_kernel_manager_class = ClassroomKernelManager
c.ServerApp.kernel_manager_class = ClassroomKernelManager
# Tells a page its kernel died, in words its widgets understand (they mark themselves cut off).
c.Voila.kernel_websocket_connection_class = ClassroomConnection
c.ServerApp.kernel_websocket_connection_class = ClassroomConnection
# The page request's cookies reach the kernel manager (which tells browsers apart by them and
# then drops them: the kernel gets none).
c.VoilaConfiguration.http_header_envs = ["Cookie"]
c.ClassroomKernelManager.max_kernels = 0  # 0: as many as free memory holds, less a reserve
c.ClassroomKernelManager.max_per_browser = 4
c.ClassroomKernelManager.cull_connected_timeout = 3600  # a page left open: freed after an hour of silence
# A new kernel must answer within this time or it is shut down and started once more; a second
# failure gives the visitor a page saying the game could not start (Voila alone would hang).
c.ClassroomKernelManager.kernel_ready_timeout = 120
c.ClassroomKernelManager.start_attempts = 2
# A page sending messages it may not send writes at most this many warnings a minute to the log.
c.ClassroomKernelManager.refusal_log_per_minute = 10
# A kernel that dies (past its memory ceiling, or killed) is not restarted: a restarted kernel
# holds none of the page's game, so it would only hold memory. The dead kernel is removed at
# once, and the page's widgets, cut off, show the apps' "lost its connection" notice.
c.KernelRestarter.restart_limit = 0
# A kernel holding more than this is stopped (checked every 10 s) and its visitor told: an app
# kernel holds 75-80 MiB, a lesson's at most 170 MiB (mineshaft_mayhem; measured by running each notebook
# and reading its VmHWM). Below the address-space ceiling next, so the check catches growth first.
c.ClassroomKernelManager.memory_limit_mib = 400
c.ClassroomKernelManager.memory_check_interval = 10
# Each kernel's address space: an app kernel maps 870-930 MiB (75-80 MiB of it resident), so it
# may grow by some 350 MiB before its allocations fail.
c.LimitedKernelManager.memory_mib = 1280
# Kernels talk to the server over Unix sockets, not TCP ports: a class's kernels starting together
# picked the same free port now and then ("Address already in use"; the visitor's page hung).
c.KernelManager.transport = "ipc"
# No message from a page above 2 MiB (Tornado's default is 10 MiB): the largest a page sends is
# a pasted save, at most 1,000,000 characters (minegames.core.state.MAX_SAVE_CHARS).
c.Voila.tornado_settings = {"websocket_max_message_size": 2 * 2**20}
c.ServerApp.tornado_settings = {"websocket_max_message_size": 2 * 2**20,
                                "mathjax_url": None, "mathjax_config": None}  # MathJax from Voila's bundle (below)

# A class arriving together: every visitor's kernel starts and runs the app notebook at
# once, so on two cores the widget output of a page can lag the cell's end by tens of
# seconds. Voila's default wait for it (4 s) drops the output and leaves a blank app.
c.VoilaExecutor.iopub_timeout = 120
# Kernels of a whole class also start together: give them time before Voila gives up.
c.VoilaExecutor.startup_timeout = 120

# No script through a link. Voila writes a page URL's `theme` parameter into the page
# unescaped, so a link ending in ?theme=x"><script>...</script> ran its script on this
# server's origin (it could drive or stop the visitor's game). The apps choose their own
# look; neither the URL nor a notebook may change the theme or the template.
c.VoilaConfiguration.allow_theme_override = "NO"
c.VoilaConfiguration.allow_template_override = "NO"

# Every asset from this server: a school network may block outside hosts. Voila's "lab" template
# links Font Awesome from cdn.jsdelivr.net, which Voila's own bundle already serves from here
# (with the v4 names the apps' button icons use); the "minegames" template (share/jupyter/voila/
# templates/minegames in the repository) is "lab" without those links. Voila finds templates in
# the Jupyter data folders, so that folder goes first on JUPYTER_PATH (read when the templates
# are looked up, after this file; Binder's server extension reads it too). MathJax comes from
# Voila's bundle while no MathJax URL is set: standalone Voila sets none, but as Binder's server
# extension Voila finds no setting and tells the page to load MathJax from cdnjs.cloudflare.com,
# so the server's settings say None (ServerApp.tornado_settings, above). tests/browser/
# test_offline_assets.py fails on any request a page makes to another host.
_SHARE = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(__file__))), "share", "jupyter")
if _SHARE not in os.environ.get("JUPYTER_PATH", "").split(os.pathsep):
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (_SHARE, os.environ.get("JUPYTER_PATH")) if p)
c.VoilaConfiguration.template = "minegames"

# Free the kernels of visitors who left. A page that is open keeps its websocket, and a
# page still loading keeps its kernel busy: neither is culled (cull_connected and
# cull_busy off). A kernel with no page attached (tab crashed, laptop closed, a visit
# that never connected) is shut down after `cull_idle_timeout` seconds of silence,
# checked every `cull_interval` seconds.
c.MappingKernelManager.cull_idle_timeout = 180
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False


# Leaving a page frees its kernel. On `beforeunload` the page posts Voila's own shutdown
# request with the `_xsrf` cookie in its form, but Voila never sets that cookie, so the
# request was refused (403) and the kernel stayed. Asking the page's request handler for
# its XSRF token sets the cookie with the page; the protection itself stays on.
def set_xsrf_cookie(request_handler, notebook, cwd):
    request_handler.xsrf_token  # noqa: B018  (reading it sets the `_xsrf` cookie)
    set_visitor_cookie(request_handler)  # tells this browser's next tabs from other browsers
    return notebook


c.VoilaConfiguration.prelaunch_hook = set_xsrf_cookie
