"""What opening a lesson costs the server: the CPU a lesson's kernel spends running its cells.

Voila runs every cell of a lesson in a fresh kernel before the page is whole, so thirty pupils
opening one lesson together cost thirty times this. Slow work belongs behind a button
(widgets/lesson.py's RunOnPress), so the goal is under 2 s of CPU per lesson on this machine.

Each notebook runs in a fresh kernel (nbclient, as Voila does) with two cells added: one first,
reading the kernel's CPU time (user + system) after its own start, one last, reading it again;
the difference is the lesson's cells. Measured in the same run: a bare kernel (one empty cell)
and the Mineshaft Mayhem app, the baseline the lessons are compared with.

    python benchmarks/bench_lesson_load.py            # every lesson, 3 runs each (the median)
    python benchmarks/bench_lesson_load.py --quick    # one lesson, one run
    python benchmarks/bench_lesson_load.py --budget-s 2

Exits 0 whatever the times: the last line says whether every lesson is under the budget.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
BASELINE = NOTEBOOKS / "apps" / "mineshaft_mayhem.ipynb"

CPU_NOW = "import resource as _r; _u = _r.getrusage(_r.RUSAGE_SELF); print(_u.ru_utime + _u.ru_stime)"


def cells_cpu_s(path: Path | None) -> tuple[float, float]:
    """(kernel start CPU s, cells CPU s) for the notebook at ``path`` (None: no cells at all)."""
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(path, as_version=4) if path else nbformat.v4.new_notebook()
    nb.cells.insert(0, nbformat.v4.new_code_cell(CPU_NOW))
    nb.cells.append(nbformat.v4.new_code_cell(CPU_NOW))
    workdir = str((path or BASELINE).parent)
    NotebookClient(nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": workdir}}).execute()
    start = float(nb.cells[0].outputs[0]["text"])
    end = float(nb.cells[-1].outputs[0]["text"])
    return start, end - start


def median_cpu(path: Path | None, runs: int) -> tuple[float, float]:
    measured = [cells_cpu_s(path) for _ in range(runs)]
    return statistics.median(m[0] for m in measured), statistics.median(m[1] for m in measured)


def lessons() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one lesson, one run")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--budget-s", type=float, default=2.0, help="CPU seconds a lesson's cells may take")
    args = parser.parse_args(argv)
    runs = 1 if args.quick else args.runs
    chosen = lessons()[:1] if args.quick else lessons()

    kernel_start, bare = median_cpu(None, runs)
    _, baseline = median_cpu(BASELINE, runs)
    print(f"bare kernel: start {kernel_start:.2f} s CPU, an empty cell {bare:.3f} s")
    print(f"baseline, the Mineshaft Mayhem app: {baseline:.2f} s CPU")
    print(f"{'lesson':48} {'CPU s':>7} {'x app':>7}")
    over = []
    for path in chosen:
        _, spent = median_cpu(path, runs)
        print(f"{path.stem:48} {spent:7.2f} {spent / baseline:7.1f}")
        if spent > args.budget_s:
            over.append(path.stem)
    verdict = "yes" if not over else f"NO (over: {', '.join(over)})"
    print(f"every lesson's page-load CPU under {args.budget_s:g} s: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
