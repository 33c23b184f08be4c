"""JupyterHub for one school server: `make hub` (http://localhost:8000).

A visitor lands, with no account, on the game gallery in a Jupyter server of their own (the
same serving settings as `make serve`, binder/voila.py), with the lessons one click away and
their own copy of the notebooks, kept between visits while the hub's database keeps their user.
Idle servers are stopped by jupyterhub-idle-culler; each server's memory is capped.

Switches (environment variables, read below; deploy/README.md says when to use which):
  MINEGAMES_HUB_AUTH=tmp       every visitor a temporary user of their own (the default)
  MINEGAMES_HUB_AUTH=password  one class password (MINEGAMES_HUB_PASSWORD), a name per pupil
  MINEGAMES_HUB_DB=<url>       the hub's database (default: sqlite in deploy/hub/state/;
                               a PostgreSQL URL for a larger school)
  MINEGAMES_HUB_IP, MINEGAMES_HUB_PORT   where the hub listens (default 127.0.0.1:8000)
  MINEGAMES_HUB_IDLE           seconds without activity before a pupil's server is stopped (900)
  MINEGAMES_HUB_MEM            memory each pupil's server may hold (default 600M; see below)
  MINEGAMES_HUB_STATE          the folder of the database, cookie secret and pupils' homes
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821  (traitlets defines get_config when it loads this file)

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
STATE = Path(os.environ.get("MINEGAMES_HUB_STATE", HERE / "state"))
STATE.mkdir(parents=True, exist_ok=True)

# ---- where the hub listens, and what it keeps ---------------------------------------------------
c.JupyterHub.ip = os.environ.get("MINEGAMES_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("MINEGAMES_HUB_PORT", "8000"))
c.JupyterHub.db_url = os.environ.get("MINEGAMES_HUB_DB", f"sqlite:///{STATE / 'jupyterhub.sqlite'}")
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")
# the proxy is installed by the Makefile from npm into deploy/hub/node_modules
_proxy = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
if _proxy.exists():
    c.ConfigurableHTTPProxy.command = [str(_proxy)]

# the "starting" page moves on by itself even when its script is slow to load (templates/)
c.JupyterHub.template_paths = [str(HERE / "templates")]

# ---- who comes in ------------------------------------------------------------------------------
AUTH = os.environ.get("MINEGAMES_HUB_AUTH", "tmp")
if AUTH == "tmp":
    c.JupyterHub.authenticator_class = "tmp"
    c.Authenticator.allow_all = True  # JupyterHub 5+ admits nobody unless told (login_user gave None)
elif AUTH == "password":
    PASSWORD = os.environ.get("MINEGAMES_HUB_PASSWORD", "")
    if len(PASSWORD) < 8:  # JupyterHub's own rule for a shared password
        raise SystemExit("MINEGAMES_HUB_AUTH=password needs MINEGAMES_HUB_PASSWORD, 8 characters or more")
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = PASSWORD
    c.Authenticator.allow_all = True
else:
    raise SystemExit(f"MINEGAMES_HUB_AUTH is 'tmp' or 'password', not {AUTH!r}")

# ---- who can reach it --------------------------------------------------------------------------
# A pupil's server runs code (a notebook's cells, its kernels) as the account that started the
# hub: this spawner keeps no pupil apart from the others or from that account. On this machine
# alone (127.0.0.1, the default) that is the teacher trying it out; on a network, anyone who
# reaches the address could run code as that account. So serving a network takes a login and
# an account other than root, unless said on purpose (deploy/README.md, "One school server").
_ON_A_NETWORK = c.JupyterHub.ip not in ("127.0.0.1", "localhost", "::1")
if _ON_A_NETWORK and AUTH == "tmp" and os.environ.get("MINEGAMES_HUB_ANYONE") != "yes":
    raise SystemExit("On a network every visitor could run code as this account: set MINEGAMES_HUB_AUTH=password "
                     "(and MINEGAMES_HUB_PASSWORD), or MINEGAMES_HUB_ANYONE=yes if the network is a classroom's own "
                     "(deploy/README.md)")
if _ON_A_NETWORK and hasattr(os, "getuid") and os.getuid() == 0 and os.environ.get("MINEGAMES_HUB_AS_ROOT") != "yes":
    raise SystemExit("On a network the pupils' code would run as root: start the hub as an account of its own "
                     "(deploy/README.md), or MINEGAMES_HUB_AS_ROOT=yes in a container made for it")

IDLE = int(os.environ.get("MINEGAMES_HUB_IDLE", "900"))
CULL_EVERY = min(60, max(5, IDLE // 3))
c.JupyterHub.last_activity_interval = min(300, IDLE // 3)  # how often the hub reads the proxy's activity

# ---- each pupil's server: a process of its own, opening at the gallery -------------------------
c.JupyterHub.spawner_class = "simple"  # runs as the hub's own user; see deploy/README.md
c.Spawner.cmd = [str(Path(sys.executable).parent / "jupyterhub-singleuser")]
c.Spawner.default_url = "/voila/render/apps/index.ipynb"
# the serving settings of `make serve` (binder/voila.py), through a config folder of its own
c.Spawner.environment = {
    "JUPYTER_CONFIG_PATH": str(HERE / "singleuser"),
    "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""),
    "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    # kernels talk over Unix sockets (binder/voila.py), whose paths may not exceed 107 bytes:
    # a short runtime folder per pupil, not one under their (long, random) home
    "JUPYTER_RUNTIME_DIR": lambda spawner: f"/tmp/mg-hub-{spawner.user.id}",
    # how often a pupil's server tells the hub it is in use (what the culler reads); the default
    # 300 s is fine for a 900 s timeout, the tests' short timeouts need it shorter
    "JUPYTERHUB_ACTIVITY_INTERVAL": str(min(300, IDLE // 3)),
}
c.SimpleLocalProcessSpawner.home_dir_template = str(STATE / "pupils" / "{username}")
c.Spawner.notebook_dir = str(STATE / "pupils" / "{username}")
# Each pupil's memory: the spawner passes it on as MEM_LIMIT, and the pupil's server's kernel
# manager keeps to it (deploy/hub/singleuser/jupyter_server_config.py; this spawner enforces no
# limit itself). Measured need: deploy/README.md ("Measured capacity").
c.Spawner.mem_limit = os.environ.get("MINEGAMES_HUB_MEM", "600M")
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120


def copy_notebooks(spawner) -> None:
    """A pupil's own copy of the lessons and apps, made once: their changes stay theirs."""
    home = Path(spawner.home_dir_template.format(username=spawner.user.name))
    if not (home / "apps").exists():
        home.mkdir(parents=True, exist_ok=True)
        shutil.copytree(REPO / "notebooks", home, dirs_exist_ok=True)


c.Spawner.pre_spawn_hook = copy_notebooks

# ---- idle servers are stopped -------------------------------------------------------------------
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers", "admin:users"],
    "services": ["idle-culler"],
}]
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={IDLE}", f"--cull-every={CULL_EVERY}",
                "--remove-named-servers=True"],
}]

# A server started as root (a container, a CI machine) must say so to start at all.
if hasattr(os, "getuid") and os.getuid() == 0:
    c.Spawner.args = ["--allow-root"]
