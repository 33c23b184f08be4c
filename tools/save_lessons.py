"""Run every lesson notebook (or those named) and save it executed, without widget state.

    .venv/bin/python tools/save_lessons.py                      # every notebooks/*.ipynb
    .venv/bin/python tools/save_lessons.py notebooks/gem_rush_1_rules.ipynb

A lesson is saved fully executed so that GitHub, nbviewer and an exported page show every
picture and question (their static forms). The widgets' live state is left out: each widget
output already carries its own picture, and the state would double the file for nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def save_executed(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    paths = [Path(arg) for arg in argv] or sorted((ROOT / "notebooks").glob("*.ipynb"))
    for path in paths:
        save_executed(path)
        print("saved", path.relative_to(ROOT) if path.is_absolute() else path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
