"""Every lesson a teacher can run: one class long, questions out of sight, a guide with a key
that matches, readable where widgets do not run (GitHub, nbviewer, an exported page).

A lesson is a :class:`minegames.core.lessons.Lesson` in one of its game's ``lesson_*`` modules
(their ``LESSONS``), with the notebook ``notebooks/<name>.ipynb`` and the guide
``docs/teaching/<name>.md``. Every notebook in notebooks/ (the apps aside) is a lesson.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from minegames.core.lessons import Lesson, all_lessons, with_key

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
GUIDES = ROOT / "docs" / "teaching"
LESSONS = all_lessons()

#: What a widget's output says where widgets do not run, when it has no picture of its own.
BARE_WIDGET = re.compile(r"^[A-Z]\w*\((children|value|layout|description|options)=")
ASKED = re.compile(r"""\bask\(\s*\w+\[\s*["']([\w-]+)["']\s*\]""")
FIRST_CODE_CELL_LINES = 6


def notebook(lesson: Lesson) -> dict:
    return json.loads((NOTEBOOKS / f"{lesson.name}.ipynb").read_text(encoding="utf-8"))


def code_cells(nb: dict) -> list[dict]:
    return [cell for cell in nb["cells"] if cell["cell_type"] == "code"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def displays_something(code: str) -> bool:
    """True when a cell ends in an expression (Jupyter shows its value) or calls display/print."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return True
    if not tree.body:
        return False
    last = tree.body[-1]
    shows_value = isinstance(last, ast.Expr) and not code.rstrip().endswith(";")
    return shows_value or bool(re.search(r"\b(display|print)\(", code))


def test_every_notebook_is_a_lesson_and_every_lesson_a_notebook_the_gallery_lists():
    from minegames import GAMES

    names = {path.stem for path in NOTEBOOKS.glob("*.ipynb")}
    lesson_names = {lesson.name for lesson in LESSONS}
    assert lesson_names == names, f"lessons without a notebook or notebooks without a lesson: {lesson_names ^ names}"
    listed = [name.removesuffix(".ipynb") for info in GAMES.values() for name in info.notebooks]
    assert sorted(listed) == sorted(names), "the registry's notebooks= lists must name every lesson once"


def test_the_course_lists_every_lesson():
    course = (GUIDES / "README.md").read_text(encoding="utf-8") if LESSONS else ""
    for lesson in LESSONS:
        assert f"{lesson.name}.md" in course, f"docs/teaching/README.md does not list {lesson.name}"


lessons = pytest.mark.parametrize("lesson", LESSONS, ids=[lesson.name for lesson in LESSONS])


@lessons
def test_a_lesson_fits_a_class_and_opens_with_its_plan(lesson):
    assert 40 <= lesson.minutes <= 60, f"{lesson.name} plans {lesson.minutes} minutes"
    assert 2 <= len(lesson.goals) <= 4
    first = notebook(lesson)["cells"][0]
    assert first["cell_type"] == "markdown"
    assert source(first).startswith(lesson.plan_markdown()), "the first cell is not the lesson's plan (plan_markdown)"


@lessons
def test_a_lesson_asks_each_of_its_questions_once_and_predicts_three_times(lesson):
    asked = [key for cell in code_cells(notebook(lesson)) for key in ASKED.findall(source(cell))]
    assert asked == [q.key for q in lesson.questions], "the notebook must ask every question once, in order"
    assert len(lesson.predictions) >= 3, f"{lesson.name} has {len(lesson.predictions)} predictions"
    for question in lesson.questions:
        question.exact()  # computes from the model, and checks the answer's type


@lessons
def test_no_answer_is_in_sight_in_the_code(lesson):
    cells = code_cells(notebook(lesson))
    first = source(cells[0])
    assert len(first.strip().splitlines()) <= FIRST_CODE_CELL_LINES, "the first code cell is help code"
    for cell in cells:
        code = source(cell)
        assert "Exercise(" not in code, "an exercise defined in the notebook shows its answer"
        assert "NBVAL" not in code, "test markers belong in cell tags"


@lessons
def test_a_saved_lesson_reads_without_widgets(lesson):
    """Every output has a picture or text of its own, and no cell that shows something was
    saved without running."""
    for number, cell in enumerate(notebook(lesson)["cells"]):
        if cell["cell_type"] != "code":
            continue
        code = source(cell)
        if displays_something(code):
            assert cell.get("outputs"), f"cell {number} shows something but was saved without running"
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = "".join(data.get("text/plain", ""))
            pictured = "text/html" in data or "image/svg+xml" in data or "image/png" in data
            assert not (BARE_WIDGET.match(text) and not pictured), f"cell {number} saved a bare widget: {text[:60]}"


@lessons
def test_no_answer_is_in_the_saved_outputs(lesson):
    saved = json.dumps([cell.get("outputs", []) for cell in code_cells(notebook(lesson))])
    for question in lesson.questions:
        if question.worked and len(question.worked) > 12:
            assert question.worked not in saved, f"{question.key}'s working is in a saved output"


@lessons
def test_the_guide_holds_the_key_of_the_questions_as_they_are(lesson):
    guide = (GUIDES / f"{lesson.name}.md").read_text(encoding="utf-8")
    assert guide == with_key(guide, lesson), (
        f"docs/teaching/{lesson.name}.md: its answer key is stale; run `python -m minegames.core.lessons`")
    for heading in ("Goals", "Timing", "How to run it", "Answer key", "Misconceptions", "Extension"):
        assert re.search(rf"^#+ .*{heading}", guide, re.MULTILINE | re.IGNORECASE), f"the guide has no {heading!r}"


def test_the_course_and_the_readme_give_each_lessons_minutes():
    course = (GUIDES / "README.md").read_text(encoding="utf-8")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for lesson in LESSONS:
        assert f"[{lesson.name}.md]({lesson.name}.md) | {lesson.minutes} |" in course, lesson.name
        assert f"`{lesson.name}.ipynb` ({lesson.minutes} min)" in readme, lesson.name
