"""Widgets the lessons share besides the exercise: work that waits for a press, and pictures.

* :class:`RunOnPress`: a simulation (or any slow piece) runs when the learner presses its
  button, never while the page loads. Thirty pupils opening a lesson in Voila together each
  pay only for what they press.
* :func:`choose` (controls for :class:`RunOnPress`): a "thing to try" as a control instead
  of a code edit: pick a value, press, see the result. Readers in Voila cannot edit code.
* :func:`picture`: a model state (anything with ``_repr_svg_``) as a plain HTML output (no
  widget), so a lesson read on GitHub or nbviewer shows the board, and the saved notebook holds
  the drawing once.

The widgets carry a static form (``StaticForm``): saved, they show what they would show, or
what pressing would do; never a bare ``Widget(children=...)``.
"""

from __future__ import annotations

import html
import re
from typing import Any, Callable, Mapping, Sequence

import ipywidgets as widgets

from .components import StaticForm


#: Pictures and results shrink to a phone's width; a table wider than the screen scrolls in its box.
LESSON_CSS = ("<style>.mg-picture, .mg-run-result { max-width: 100%; overflow-x: auto; } "
              ".mg-picture svg, .mg-run-result svg { max-width: 100%; height: auto; } "
              ".mg-run-on-press .jupyter-button { white-space: normal; height: auto; min-height: 28px; "
              "max-width: 100%; }</style>")  # a long button label wraps on a phone instead of being cut

_SVG_TAG = re.compile(r"<svg\b[^>]*>")


def scalable(markup: str) -> str:
    """``markup`` with a viewBox on every ``<svg>`` that has a width and a height but none, so
    that CSS can shrink the drawing instead of cropping it."""
    def add_view_box(match: re.Match) -> str:
        tag = match.group(0)
        width, height = re.search(r'\swidth="([\d.]+)"', tag), re.search(r'\sheight="([\d.]+)"', tag)
        if "viewBox" in tag or not (width and height):
            return tag
        return f'{tag[:-1]} viewBox="0 0 {width.group(1)} {height.group(1)}">'

    return _SVG_TAG.sub(add_view_box, markup)


def as_html(result: Any) -> str:
    """What a piece of lesson work returned, as HTML: a model state's SVG, an object's HTML,
    or text (escaped, lines kept)."""
    for method in ("_repr_svg_", "_repr_html_"):
        render = getattr(result, method, None)
        if callable(render):
            drawn = render()
            if drawn:
                return scalable(drawn)
    if isinstance(result, str) and result.lstrip().startswith("<"):
        return scalable(result)
    return (f"<pre style='white-space:pre-wrap;overflow-wrap:normal;word-break:normal;margin:0'>"
            f"{html.escape(str(result), quote=False)}</pre>")


class Picture:
    """A drawing (SVG or HTML) shown as a plain output, not a widget: the saved notebook holds it
    once, and it reads the same in JupyterLab, Voila, nbviewer and an exported page."""

    def __init__(self, drawing: str, caption: str = ""):
        self.caption = caption
        caption_html = (f"<div style='font-size:12px;color:#555'>{html.escape(caption, quote=False)}</div>"
                        if caption else "")
        self.html = f"{LESSON_CSS}<div class='mg-picture'>{scalable(drawing)}{caption_html}</div>"

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"[picture{': ' + self.caption if self.caption else ''}]"


def picture(state: Any, caption: str = "") -> Picture:
    """A model state (or anything :func:`as_html` reads) as a picture widget."""
    return Picture(as_html(state), caption)


class RunOnPress(StaticForm, widgets.VBox):
    """A button that runs ``run()`` and shows what it returns below it (see :func:`as_html`).

    ``run`` may take keyword arguments from ``controls`` (name -> widget): each press reads
    their values, so a learner can change them and press again. Pressing while it runs does
    nothing more (one press, one run).
    """

    def __init__(self, label: str, run: Callable[..., Any], *, controls: Mapping[str, widgets.ValueWidget] = (),
                 about: str = ""):
        self.run = run
        self.label = label
        self.about = about
        self.controls = dict(controls)
        self.button = widgets.Button(description=label, button_style="primary", layout=widgets.Layout(width="auto"))
        self.button.add_class("mg-run")
        self.button.on_click(lambda _button: self.press())
        self.result = widgets.HTML()
        self.result.add_class("mg-run-result")
        self.runs = 0
        row = widgets.HBox([*self.controls.values(), self.button],
                           layout=widgets.Layout(flex_flow="row wrap"))  # wraps on a phone
        parts = [widgets.HTML(f"{LESSON_CSS}<i>{html.escape(about, quote=False)}</i>" if about else LESSON_CSS)]
        super().__init__([*parts, row, self.result])
        self.add_class("mg-run-on-press")

    def press(self) -> str:
        """Run once with the controls' current values; returns (and shows) the result's HTML."""
        if self.button.disabled:
            return self.result.value
        self.button.disabled = True
        try:
            values = {name: control.value for name, control in self.controls.items()}
            self.result.value = as_html(self.run(**values))
            self.runs += 1
        finally:
            self.button.disabled = False
        return self.result.value

    def static_html(self) -> str:
        shown = self.result.value or "<i>(nothing run yet: press the button in the live lesson)</i>"
        about = f"<p><i>{html.escape(self.about, quote=False)}</i></p>" if self.about else ""
        return f"<div class='mg-run-static'>{about}<p>[{html.escape(self.label, quote=False)}]</p>{shown}</div>"

    def static_text(self) -> str:
        return f"[{self.label}: press it in the live lesson]"


def choose(label: str, options: Sequence[Any], value: Any = None) -> widgets.Dropdown:
    """A labelled drop-down for :class:`RunOnPress`'s controls."""
    return widgets.Dropdown(options=list(options), value=value if value is not None else options[0],
                            description=label, style={"description_width": "initial"},
                            layout=widgets.Layout(width="auto"))
