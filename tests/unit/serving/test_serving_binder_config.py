"""On Binder, binder/voila.py is the Jupyter server's config file, read before the server loads
Voila's extension: reading it must leave `import voila` meaning the Voila package (it once put
binder/ first on the import path, so the config file stood in for the package and Voila never
loaded)."""

import subprocess
import sys
from pathlib import Path

BINDER = Path(__file__).resolve().parents[3] / "binder"

PROBE = f"""
import runpy
from traitlets.config import Config
config = Config()
runpy.run_path({str(BINDER / 'voila.py')!r}, init_globals={{"get_config": lambda: config}})
import voila.server_extension
print(voila.server_extension.__file__)
print(type(config.ServerApp.kernel_manager_class).__name__)
"""


def test_the_server_config_leaves_the_voila_package_importable():
    run = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    extension, manager = run.stdout.split()
    assert "site-packages" in extension and not extension.startswith(str(BINDER))
    assert manager == "MetaHasTraits"  # the classroom's kernel manager class, set from the file
