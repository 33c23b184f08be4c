"""A small exercise for the lessons: ask a question, take the learner's answer, check it exactly.

The right answer comes from the model (a :class:`fractions.Fraction`, an int, or one of a
few choices), never from the widget. What the learner types is untrusted text: it is
read by :func:`parse_number` (a regular expression and ``Fraction``, never ``eval``), and
text that is not a number gets a friendly message instead of an error.

Two ways to ask:

* **check**: type an answer, press *Check*, read the feedback ("too high", how far off),
  try again; *Show the answer* appears only after a first real try (text that is not an
  answer does not count), and the answer is revealed by itself after a right answer or after
  ``reveal_after`` wrong tries.
* **predict first** (``predict=True``): the learner commits a prediction, and only then
  does the model's answer appear, with an optional ``simulation`` drawn next to it.

Lessons ask a :class:`minegames.core.lessons.Question` with :func:`ask`, so the answer is
never in the notebook's code. Saved, an exercise's output shows the question and an empty
answer line where widgets do not run (GitHub, nbviewer, exported HTML): never the answer.

From code and tests: ``exercise.answer_text = "5/36"`` sets what is typed (or picked),
``exercise.check()`` (or ``exercise.check("5/36")``) checks it and returns a
:class:`Feedback`; ``exercise.reveal()`` shows the answer.
"""

from __future__ import annotations

import dataclasses
import html
import math
import re
from fractions import Fraction
from typing import Callable, Optional, Sequence, Union

import ipywidgets as widgets

from minegames.core.lessons import Question

from .components import StaticForm, style_tag

Number = Union[int, Fraction]

#: Longer input is refused before parsing (it cannot be a sensible answer, and huge
#: numerals are slow to convert).
MAX_INPUT = 40

_NUMBER = re.compile(
    r"""^(?P<sign>[-+]?)
    (?:
        (?P<num>\d+)\s*/\s*(?P<den>\d+)                 # a fraction: 5/36
      | (?P<one>\d+)\s+in\s+(?P<many>\d+)               # odds as said aloud: 1 in 216
      | (?P<dec>\d+(?:\.\d*)?|\.\d+)\s*(?P<pct>%?)      # 3, 0.25, .5, 12.5%
    )$""",
    re.VERBOSE | re.IGNORECASE,
)

EXERCISE_CSS = """
.mg-exercise { max-width: 720px; margin: 6px 0; padding: 8px 12px; border: 1px solid #d8cfb8; border-radius: 8px;
  background: #fcfaf4; gap: 4px; font-family: var(--jp-ui-font-family, system-ui, sans-serif); }
.mg-exercise .widget-html-content { line-height: 1.45; }
.mg-exercise .mg-ex-legend { font-size: 12px; color: #555; }
.mg-exercise .mg-ex-question { font-size: 15px; font-weight: 600; }
.mg-exercise .mg-ex-feedback { min-height: 1.4em; font-size: 14px; }
.mg-exercise .mg-ex-right { color: #1b5e20; font-weight: 600; }
.mg-exercise .mg-ex-wrong { color: #8a3b00; font-weight: 600; }
.mg-exercise .mg-ex-invalid { color: #b00020; }
.mg-exercise .jupyter-button { white-space: normal; height: auto; min-height: 28px; max-width: 100%; }
.mg-exercise .mg-ex-answer { font-size: 14px; padding: 4px 8px; border-left: 4px solid #b08d3c;
  background: #f2efe6; }
"""


class AnswerError(ValueError):
    """Text that cannot be read as an answer; the message is meant for the learner."""


@dataclasses.dataclass(frozen=True)
class Feedback:
    """The outcome of one check.

    ``verdict`` is "right" (exactly, or within the tolerance), "wrong", or "invalid"
    (text that is not an answer: nothing was counted). ``value`` is what was read.
    """

    verdict: str
    message: str
    value: Optional[Union[Fraction, str]] = None

    @property
    def correct(self) -> bool:
        return self.verdict == "right"


def parse_number(text: str) -> Fraction:
    """Read a number the way a learner writes it: ``3``, ``5/36``, ``0.25``, ``12.5%``, ``1 in 216``.

    Raises :class:`AnswerError` with a friendly message for anything else.
    """
    cleaned = " ".join(str(text).replace("\u2212", "-").split())
    if not cleaned:
        raise AnswerError("Type an answer first.")
    if len(cleaned) > MAX_INPUT:
        raise AnswerError("That is too long to be an answer: type a number such as 5/36 or 0.14.")
    match = _NUMBER.match(cleaned)
    if match is None:
        raise AnswerError(
            f"I can't read {cleaned!r} as a number. Try a whole number (12), a fraction (5/36), "
            "a decimal (0.14) or a percentage (14%)."
        )
    sign = -1 if match["sign"] == "-" else 1
    if match["num"] is not None:
        top, bottom = int(match["num"]), int(match["den"])
    elif match["one"] is not None:
        top, bottom = int(match["one"]), int(match["many"])
    else:
        value = Fraction(match["dec"])
        return sign * (value / 100 if match["pct"] else value)
    if bottom == 0:
        raise AnswerError("A fraction can't have 0 below the line.")
    return sign * Fraction(top, bottom)


def parse_choice(text: str, choices: Sequence[str]) -> str:
    """The choice ``text`` names (case and spacing ignored), or :class:`AnswerError`."""
    wanted = " ".join(str(text).split()).casefold()
    if not wanted:
        raise AnswerError("Pick one of the answers first.")
    for choice in choices:
        if " ".join(str(choice).split()).casefold() == wanted:
            return choice
    raise AnswerError(f"Pick one of: {', '.join(map(str, choices))}.")


def number_text(value: Number) -> str:
    """An exact number for people: ``1/216 (about 0.46%)``, ``7``, ``573/80 (about 7.16)``."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    reading = _percent(value) if 0 < value < 1 else plain_number(value)
    if value.denominator > 10_000:  # a fraction no pupil can read: the reading first
        return f"about {reading} (exactly {value})"
    return f"{value} (about {reading})"


def _percent(value: Union[Fraction, float]) -> str:
    share = float(value) * 100
    return f"{plain_number(share, 2 if abs(share) < 1 else 3)}%"


def _means_percent(value: Fraction, typed: str, answer: Number) -> bool:
    """A chance typed as a bare percentage: the answer is a fraction strictly between 0 and 1
    (not a whole number: "2" stays 2 when the answer is 0 or 1), and the learner wrote a plain
    number above 1 and at most 100 ("60" for 60%), never a fraction."""
    plain = "/" not in typed and "in" not in typed.lower() and "%" not in typed
    return plain and 0 < Fraction(answer) < 1 and 1 < value <= 100


def compare(value: Fraction, answer: Number, tolerance: float = 0.01, typed: str = "",
            predicted: bool = False) -> Feedback:
    """Feedback on a numeric answer: right if exact, else too high or too low and by how much.

    ``typed`` is how the learner wrote ``value``: a decimal or a percentage (an
    approximation by nature) within ``tolerance`` (relative) of a non-whole answer also
    counts as right. ``predicted`` words the feedback for a prediction.
    """
    answer = Fraction(answer)
    shown = typed or str(value)
    gap = value - answer
    approximate = "." in typed or "%" in typed
    if value == answer:
        verdict, words = "right", f"exactly {number_text(answer)}"
    elif approximate and answer.denominator != 1 and abs(gap) <= tolerance * abs(answer):
        verdict, words = "right", f"close enough, the exact answer is {number_text(answer)}"
    else:
        direction = "too high" if gap > 0 else "too low"
        verdict, words = "wrong", f"{direction} ({_how_far(value, answer)})"
    if predicted:
        spot_on = " Spot on!" if verdict == "right" else ""
        return Feedback(verdict, f"You predicted {shown}: {words}.{spot_on}", value)
    if verdict == "right":
        return Feedback(verdict, f"Right, {words}.", value)
    return Feedback(verdict, f"Not quite: {shown} is {words}.", value)


def _how_far(value: Fraction, answer: Fraction) -> str:
    """Say how far off, in the terms that help most for this kind of number."""
    if answer > 0 and value > 0:
        ratio = value / answer
        if ratio >= 2 or ratio <= Fraction(1, 2):
            big = max(ratio, 1 / ratio)
            return f"about {plain_number(big)} times {'too big' if ratio > 1 else 'too small'}"
    if answer.denominator != 1 and 0 <= answer <= 1 and 0 <= value <= 1:  # a chance, not a count
        return f"off by {plain_number(abs(value - answer) * 100, 2)} percentage points"
    gap = abs(value - answer)
    return f"off by {gap.numerator if gap.denominator == 1 else plain_number(gap)}"


def plain_number(value: Union[Fraction, float], digits: int = 3) -> str:
    """A number as a pupil reads it: about ``digits`` significant figures, thousands separated,
    never in e-notation (1,300 rather than 1.3e+03; 0.0028 rather than 2.8e-03)."""
    value = float(value)
    if value == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(value)))
    if magnitude >= digits - 1:  # a whole number: round to the significant figures, keep the zeros
        return f"{round(value, digits - 1 - magnitude):,.0f}"
    decimals = digits - 1 - magnitude
    return f"{value:,.{decimals}f}".rstrip("0").rstrip(".")


def running_share_svg(shares: Sequence[float], exact: float, prediction: Optional[float] = None,
                      width: int = 360, height: int = 150) -> str:
    """A small picture of a simulation settling down: the running share (log scale of trials),
    the exact answer dashed, and the learner's prediction dotted."""
    n = len(shares)
    if n == 0:
        return ""
    marks = [exact] + ([prediction] if prediction is not None else [])
    top = max(max(shares[min(n - 1, 9):], default=exact), *marks) * 1.15 or 1.0
    left, right, low, high = 8, width - 14, height - 20, 18

    def x(i: int) -> float:
        return left + (right - left) * math.log(i + 1) / math.log(max(n, 2))

    def y(v: float) -> float:
        return low - (low - high) * min(max(v / top, 0.0), 1.0)

    # evenly spread on the log scale: the early, wandering trials keep their detail
    indices = sorted({min(n - 1, round(n ** (k / 300)) - 1) for k in range(301)})
    points = " ".join(f"{x(i):.1f},{y(shares[i]):.1f}" for i in indices)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mg-ex-sim" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" style="max-width:100%;height:auto" role="img" '
        'aria-label="simulation against the exact answer">',
        f'<rect x="0" y="0" width="{width}" height="{height}" fill="#fff" stroke="#ddd"/>',
        f'<text x="{left}" y="12" font-size="10" fill="#666">top of the chart: {_percent(top)}</text>',
        f'<polyline points="{points}" fill="none" stroke="#2e6db4" stroke-width="1.5"/>',
        f'<line x1="{left}" x2="{right}" y1="{y(exact):.1f}" y2="{y(exact):.1f}" stroke="#1b5e20" '
        'stroke-dasharray="6 4"/>',
    ]
    tries = 10
    while tries <= n:  # the number of tries along the bottom: 10, 100, 1,000, ...
        parts.append(f'<line x1="{x(tries - 1):.1f}" x2="{x(tries - 1):.1f}" y1="{low}" y2="{low + 4}" stroke="#999"/>'
                     f'<text x="{x(tries - 1):.1f}" y="{height - 4}" font-size="10" fill="#666" '
                     f'text-anchor="middle">{tries:,}</text>')
        tries *= 10
    if prediction is not None:
        parts.append(f'<line x1="{left}" x2="{right}" y1="{y(prediction):.1f}" y2="{y(prediction):.1f}" '
                     'stroke="#b06000" stroke-dasharray="2 3"/>')
    parts.append("</svg>")
    return "".join(parts)


class Exercise(StaticForm, widgets.VBox):
    """One question with its exact answer, checked when the learner asks.

    ``answer``: an int, a ``Fraction``, or (with ``choices``) one of the choices.
    ``hint``: said after a wrong try. ``explanation``: shown with the answer.
    ``predict``: the learner commits a prediction first; then the answer is revealed.
    ``simulation``: a callable returning running shares (e.g. ``simulate_pattern``'s
    array); drawn against the exact answer when the answer is revealed.
    ``tolerance``: relative error still counted right (for decimals; 0 demands exactness).
    ``reveal_after``: wrong tries before the answer shows by itself (None: only on request).
    """

    def __init__(
        self,
        question: str,
        answer: Union[Number, str],
        *,
        choices: Optional[Sequence[str]] = None,
        hint: str = "",
        explanation: str = "",
        predict: bool = False,
        simulation: Optional[Callable[[], Sequence[float]]] = None,
        tolerance: float = 0.01,
        reveal_after: Optional[int] = 2,
    ) -> None:
        self.choices = tuple(choices) if choices is not None else None
        if self.choices is not None:
            if answer not in self.choices:
                raise ValueError(f"the answer {answer!r} is not among the choices {self.choices}")
        elif not isinstance(answer, (int, Fraction)) or isinstance(answer, bool):
            raise TypeError(f"a numeric answer must be an int or a Fraction, not {type(answer).__name__}")
        self.question = question
        self.answer = answer
        self.hint = hint
        self.explanation = explanation
        self.predict = predict
        self.simulation = simulation
        self.tolerance = tolerance
        self.reveal_after = reveal_after
        self.tries: list[Feedback] = []
        self.prediction: Optional[Union[Fraction, str]] = None
        self.revealed = False

        self.question_view = widgets.HTML(f'<div class="mg-ex-question">{html.escape(question, quote=False)}</div>')
        if self.choices is None:
            whole = isinstance(answer, int) or (isinstance(answer, Fraction) and answer.denominator == 1)
            if whole:
                example = "a whole number, e.g. 12"
            elif 0 <= Fraction(answer) <= 1:
                example = "e.g. 5/36, 0.14 or 14%"
            else:
                example = "e.g. 9/2 or 4.5"
            self.input = widgets.Text(placeholder=example, layout=widgets.Layout(width="220px", max_width="100%"))
        else:
            self.input = widgets.RadioButtons(options=list(self.choices), value=None,
                                              layout=widgets.Layout(width="auto"))
        self.input.add_class("mg-ex-input")
        self.check_button = widgets.Button(description="Lock in my prediction" if predict else "Check",
                                           button_style="primary", layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.check_button.add_class("mg-ex-check")
        self.check_button.on_click(lambda _button: self.check())
        self.reveal_button = widgets.Button(description="Show the answer", layout=widgets.Layout(width="auto", flex="0 0 auto"))
        self.reveal_button.add_class("mg-ex-reveal")
        self.reveal_button.on_click(lambda _button: self.reveal())
        self.reveal_button.layout.display = "none"  # shown after a first real try (see check)
        self.feedback_view = widgets.HTML()
        self.feedback_view.add_class("mg-ex-feedback")
        self.answer_view = widgets.HTML()
        self.answer_view.add_class("mg-ex-answer-box")
        wrap = widgets.Layout(flex_flow="row wrap")  # a phone's width: the buttons go under the box
        if self.choices is None:
            row = widgets.HBox([self.input, self.check_button, self.reveal_button], layout=wrap)
        else:  # the choices above, the buttons below: long choices keep their own lines
            row = widgets.VBox([self.input, widgets.HBox([self.check_button, self.reveal_button], layout=wrap)])
        super().__init__([style_tag(EXERCISE_CSS), self.question_view, row, self.feedback_view, self.answer_view])
        self.add_class("mg-exercise")

    # -- what the learner typed or picked ------------------------------------------------------

    @property
    def answer_text(self) -> str:
        value = self.input.value
        return "" if value is None else str(value)

    @answer_text.setter
    def answer_text(self, text: str) -> None:
        if self.choices is None:
            self.input.value = text
        else:
            try:
                self.input.value = parse_choice(text, self.choices)
            except AnswerError:
                self.input.value = None

    # -- checking --------------------------------------------------------------------------------

    def check(self, answer_text: Optional[str] = None) -> Feedback:
        """Check ``answer_text`` (default: what is typed or picked) and show the feedback.

        In predict mode the first readable answer is locked in as the prediction and the
        model's answer is revealed; later checks only repeat that feedback.
        """
        if self.predict and self.prediction is not None:
            return self.tries[-1]
        if answer_text is not None:
            self.answer_text = answer_text
            text = answer_text
        else:
            text = self.answer_text
        feedback = self._judge(text)
        if feedback.verdict == "invalid":
            self._show_feedback(feedback)
            return feedback
        self.tries.append(feedback)
        if self.predict:
            self.prediction = feedback.value
            self.input.disabled = True
            self.check_button.disabled = True
        self._show_feedback(feedback)
        wrong = sum(not t.correct for t in self.tries)
        if wrong and not self.predict and not self.revealed:
            self.reveal_button.layout.display = None
        if self.predict or feedback.correct or (self.reveal_after is not None and wrong >= self.reveal_after):
            self.reveal()
        return feedback

    def static_html(self) -> str:
        """The question and an empty answer line: what a saved lesson shows without widgets."""
        kind = "Your prediction" if self.predict else "Your answer"
        options = ""
        if self.choices is not None:
            options = "<ul>" + "".join(f"<li>{html.escape(str(c), quote=False)}</li>" for c in self.choices) + "</ul>"
        return (f'<div class="mg-exercise-static" style="border:1px solid #d8cfb8;border-radius:8px;'
                f'padding:8px 12px;max-width:720px"><b>{html.escape(self.question, quote=False)}</b>{options}'
                f"<p>{kind}: ______________</p></div>")

    def static_text(self) -> str:
        kind = "Your prediction" if self.predict else "Your answer"
        choices = f" ({' / '.join(map(str, self.choices))})" if self.choices is not None else ""
        return f"{self.question}{choices}\n{kind}: ______________"

    def _judge(self, text: str) -> Feedback:
        try:
            if self.choices is not None:
                value = parse_choice(text, self.choices)
                said = "You predicted" if self.predict else "You picked"
                if value == self.answer:
                    return Feedback("right", f"{said} {value}: right!", value)
                return Feedback("wrong", f"{said} {value}: not quite.", value)
            typed = " ".join(text.split())
            value = parse_number(text)
            if _means_percent(value, typed, self.answer):
                value, typed = value / 100, f"{typed}%"
            return compare(value, self.answer, self.tolerance, typed, self.predict)
        except AnswerError as error:
            return Feedback("invalid", str(error))

    def _show_feedback(self, feedback: Feedback) -> None:
        text = feedback.message
        if feedback.verdict == "wrong" and self.hint and not self.predict:
            text += " Hint: " + self.hint
        self.feedback_view.value = f'<span class="mg-ex-{feedback.verdict}">{html.escape(text, quote=False)}</span>'

    # -- revealing ---------------------------------------------------------------------------

    @property
    def answer_display(self) -> str:
        """The exact answer as shown to the learner."""
        return str(self.answer) if self.choices is not None else number_text(self.answer)

    def reveal(self) -> None:
        """Show the exact answer (with the explanation and the simulation, if any)."""
        if self.revealed:
            return
        self.revealed = True
        self.reveal_button.layout.display = "none"
        parts = [f"<b>The exact answer: {html.escape(self.answer_display, quote=False)}</b>"]
        if self.explanation:
            parts.append(html.escape(self.explanation, quote=False))
        if self.simulation is not None and self.choices is None:
            shares = [float(s) for s in self.simulation()]
            guess = float(self.prediction) if isinstance(self.prediction, Fraction) else None
            if shares:
                parts.append(f"A simulation: {_percent(shares[-1])} "
                             f"after {len(shares):,} trials.")
                parts.append(running_share_svg(shares, float(self.answer), guess))
                parts.append('<span class="mg-ex-legend">Blue line: the share of hits so far, as the tries go on (the '
                             'numbers along the bottom: each step is ten times the one before); '
                             'green dashed line: the exact answer' + ("; orange dotted line: your prediction" if guess is not None else "")
                             + ".</span>")
        self.answer_view.value = '<div class="mg-ex-answer">' + "<br>".join(parts) + "</div>"


def ask(question: Question, simulation: Optional[Callable[[], Sequence[float]]] = None) -> Exercise:
    """The exercise for a lesson's ``question`` (its exact answer computed from the model now)."""
    exercise = Exercise(question.text, question.exact(), choices=question.choices, hint=question.hint,
                        explanation=question.worked if question.show_working else "",
                        predict=question.predict, simulation=simulation,
                        tolerance=question.tolerance, reveal_after=question.reveal_after)
    exercise.key = question.key
    exercise.add_class(f"mg-ex-{question.key.replace('_', '-')}")
    return exercise
