"""The library example in README.md runs and prints what its comments promise."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_readme_library_example_runs_as_commented():
    (example,) = readme_python_blocks()
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(README), "exec"), {})
    promised = [m.group(1).strip() for m in re.finditer(r"^print\(.*?\)\s+# (.*)$", example, re.MULTILINE)]
    lines = printed.getvalue().splitlines()
    assert len(lines) == len(promised)
    for line, comment in zip(lines, promised):
        assert comment.startswith(line.strip()), (line, comment)
