"""The end-of-game card every app shows: a narrow score table (one row per source of points or
penalty, one column per player), why the winner won, and the hidden facts revealed.

Formatting only: each game's model computes the rows, totals and sentences (its ``scoring.ending``).
The table fits a 390 px phone: short column heads, labels that wrap, small type, no sideways scroll.
"""

from __future__ import annotations

import html
from typing import Any, Mapping, Sequence

END_CSS = ("<style>.mg-end{max-width:100%;overflow-wrap:anywhere;font-size:13px}"
           ".mg-end-table{border-collapse:collapse;font-size:12px;margin:4px 0;max-width:100%}"
           ".mg-end-table td,.mg-end-table th{padding:1px 5px;border-bottom:1px solid #ddd}"
           ".mg-end-table .n{text-align:right;white-space:nowrap}"
           ".mg-end ul{margin:2px 0 0 16px;padding:0;font-size:12px}</style>")


def score_table(rows: Sequence[tuple[str, Sequence[int]]], totals: Sequence[int], heads: Sequence[str],
                winners: Sequence[int] = ()) -> str:
    """``rows`` of (label, points per player) and a bold final line; the winners' heads starred."""
    head = "".join(f"<th class='n'>{html.escape(name)}{' &#9733;' if p in winners else ''}</th>"
                   for p, name in enumerate(heads))
    body = "".join(f"<tr><td>{html.escape(label)}</td>" + "".join(f"<td class='n'>{v}</td>" for v in values)
                   + "</tr>" for label, values in rows)
    total = "".join(f"<td class='n'><b>{v}</b></td>" for v in totals)
    return (f"<table class='mg-end-table'><tr><th></th>{head}</tr>{body}"
            f"<tr><td><b>final score</b></td>{total}</tr></table>")


def ending_html(ending: Mapping[str, Any], heads: Sequence[str], revealed_title: str = "Revealed") -> str:
    """The whole card: the table, then why (sentences), then the revealed facts as a short list."""
    table = score_table(ending["rows"], ending["totals"], heads, ending.get("winners", ()))
    why = "".join(f"<div>{html.escape(line)}</div>" for line in ending.get("why", ()))
    revealed = ending.get("revealed") or ()
    shown = ""
    if revealed:
        items = "".join(f"<li>{html.escape(line)}</li>" for line in revealed)
        shown = f"<div class='mg-end-revealed'><b>{html.escape(revealed_title)}:</b><ul>{items}</ul></div>"
    return f"{END_CSS}<div class='mg-end'>{table}<div class='mg-end-why'>{why}</div>{shown}</div>"
