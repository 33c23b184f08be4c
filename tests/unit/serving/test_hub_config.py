"""deploy/hub/jupyterhub_config.py read as JupyterHub reads it, with the switches a teacher sets."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from traitlets.config import Config

CONFIG = Path(__file__).resolve().parents[3] / "deploy" / "hub" / "jupyterhub_config.py"


def load(monkeypatch, tmp_path, **env: str) -> Config:
    for name in [n for n in os.environ if n.startswith("MINEGAMES_HUB_")]:
        monkeypatch.delenv(name)
    monkeypatch.setenv("MINEGAMES_HUB_STATE", str(tmp_path))
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    config = Config()
    exec(compile(CONFIG.read_text(), str(CONFIG), "exec"), {"get_config": lambda: config, "__file__": str(CONFIG)})
    return config


def test_by_default_visitors_need_no_account_and_land_on_the_gallery(monkeypatch, tmp_path):
    config = load(monkeypatch, tmp_path)
    assert config.JupyterHub.authenticator_class == "tmp" and config.Authenticator.allow_all
    assert config.JupyterHub.ip == "127.0.0.1" and config.JupyterHub.port == 8000
    assert config.Spawner.default_url == "/voila/render/apps/index.ipynb"
    assert config.JupyterHub.db_url == f"sqlite:///{tmp_path / 'jupyterhub.sqlite'}"
    culler = config.JupyterHub.services[0]["command"]
    assert "--timeout=900" in culler and "--cull-every=60" in culler
    assert config.Spawner.mem_limit == "600M"


def test_the_switches_a_teacher_sets(monkeypatch, tmp_path):
    config = load(monkeypatch, tmp_path, MINEGAMES_HUB_AUTH="password", MINEGAMES_HUB_PASSWORD="gold-nugget",
                  MINEGAMES_HUB_DB="postgresql://hub@db/hub", MINEGAMES_HUB_IDLE="600", MINEGAMES_HUB_MEM="400M")
    assert config.JupyterHub.authenticator_class == "shared-password"
    assert config.SharedPasswordAuthenticator.user_password == "gold-nugget"
    assert config.JupyterHub.db_url == "postgresql://hub@db/hub"
    assert "--timeout=600" in config.JupyterHub.services[0]["command"]
    assert config.Spawner.mem_limit == "400M"


@pytest.mark.parametrize("env, words", [
    ({"MINEGAMES_HUB_AUTH": "password"}, "8 characters or more"),
    ({"MINEGAMES_HUB_AUTH": "password", "MINEGAMES_HUB_PASSWORD": "short"}, "8 characters or more"),
    ({"MINEGAMES_HUB_AUTH": "ldap"}, "'tmp' or 'password'"),
    ({"MINEGAMES_HUB_IP": "0.0.0.0"}, "every visitor could run code"),
])
def test_a_setting_that_would_not_work_or_not_be_safe_stops_the_hub_with_words(monkeypatch, tmp_path, env, words):
    with pytest.raises(SystemExit, match=words):
        load(monkeypatch, tmp_path, **env)


def test_on_a_network_root_is_refused_unless_said_on_purpose(monkeypatch, tmp_path):
    monkeypatch.setattr(os, "getuid", lambda: 0)
    network = {"MINEGAMES_HUB_IP": "0.0.0.0", "MINEGAMES_HUB_AUTH": "password", "MINEGAMES_HUB_PASSWORD": "gold-nugget"}
    with pytest.raises(SystemExit, match="run as root"):
        load(monkeypatch, tmp_path, **network)
    assert load(monkeypatch, tmp_path, **network, MINEGAMES_HUB_AS_ROOT="yes").JupyterHub.ip == "0.0.0.0"
    monkeypatch.setattr(os, "getuid", lambda: 1000)
    assert load(monkeypatch, tmp_path, MINEGAMES_HUB_IP="0.0.0.0", MINEGAMES_HUB_ANYONE="yes").JupyterHub.ip == "0.0.0.0"


def test_the_starting_page_moves_on_by_itself_even_without_its_script(monkeypatch, tmp_path):
    """deploy/hub/templates/spawn_pending.html, found as JupyterHub finds templates (its own
    under the ``templates/`` prefix, ours first): JupyterHub's page, its progress script kept,
    plus a reload every 15 s (a page whose script loaded too late stayed there for good)."""
    import sys

    import jinja2

    config = load(monkeypatch, tmp_path)
    default = Path(sys.prefix) / "share" / "jupyterhub" / "templates"
    assert (default / "spawn_pending.html").exists(), "JupyterHub's own templates are missing"
    loader = jinja2.ChoiceLoader([jinja2.PrefixLoader({"templates": jinja2.FileSystemLoader([str(default)])}, "/"),
                                  jinja2.FileSystemLoader([*config.JupyterHub.template_paths, str(default)])])

    class Anything:  # stands for the objects the page reads (the user, the spawner)
        def __getattr__(self, name):
            return Anything()

        def __call__(self, *args, **kwargs):
            return ""

        def __str__(self):
            return "pupil"

        def __iter__(self):
            return iter(())

    page = jinja2.Environment(loader=loader).get_template("spawn_pending.html").render(
        static_url=lambda *args, **kwargs: "", user=Anything(), progress_url="/hub/api/users/pupil/server/progress",
        base_url="/hub/", prefix="/", logout_url="/hub/logout", xsrf_token="")
    assert '<meta http-equiv="refresh" content="15">' in page
    assert "being set up for you" in page
    assert "new EventSource(\"/hub/api/users/pupil/server/progress\")" in page  # JupyterHub's own script stays
