"""tests/conftest.py turns skips for missing dependencies into failures."""

from pathlib import Path

pytest_plugins = ["pytester"]

POLICY = (Path(__file__).parent / "conftest.py").read_text()


def run(pytester, monkeypatch, source: str, ci: str = ""):
    pytester.makeconftest(POLICY)
    pytester.makepyfile(test_sample=source)
    monkeypatch.setenv("CI", ci)
    monkeypatch.delenv("MINEGAMES_STRICT_SKIPS", raising=False)
    return pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:nbval")


def test_importorskip_in_a_test_fails(pytester, monkeypatch):
    result = run(pytester, monkeypatch, "import pytest\ndef test_x():\n    pytest.importorskip('no_such_module_xyz')\n")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*skip refused*no_such_module_xyz*"])


def test_module_level_importorskip_fails(pytester, monkeypatch):
    result = run(pytester, monkeypatch, "import pytest\npytest.importorskip('no_such_module_xyz')\n"
                           "def test_x():\n    pass\n")
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*skip refused*"])


def test_other_skips_pass_locally_but_fail_on_ci(pytester, monkeypatch):
    source = "import pytest\n@pytest.mark.skip(reason='slow on purpose')\ndef test_x():\n    pass\n"
    run(pytester, monkeypatch, source).assert_outcomes(skipped=1)
    result = run(pytester, monkeypatch, source, ci="true")
    assert result.ret != 0  # a skip mark acts at setup, so it turns into an error
    result.stdout.fnmatch_lines(["*skip refused (Skipped: slow on purpose)*"])


def test_xfail_is_left_alone(pytester, monkeypatch):
    source = "import pytest\n@pytest.mark.xfail(reason='not installed')\ndef test_x():\n    assert False\n"
    run(pytester, monkeypatch, source, ci="true").assert_outcomes(xfailed=1)
