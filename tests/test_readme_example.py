"""The library examples in README.md run and print what their comments promise."""

import contextlib
import io
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def readme_python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


@pytest.mark.parametrize("index", range(2))
def test_readme_library_examples_run_as_commented(index):
    blocks = readme_python_blocks()
    assert len(blocks) == 2
    example = blocks[index]
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, str(README), "exec"), {})
    promised = [m.group(1).strip() for m in re.finditer(r"^print\(.*?\)\s+# (.*)$", example, re.MULTILINE)]
    lines = printed.getvalue().splitlines()
    assert len(lines) == len(promised)
    for line, comment in zip(lines, promised):
        assert comment.startswith(line.strip()), (line, comment)
