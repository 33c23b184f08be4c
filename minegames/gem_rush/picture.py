"""A whole Gem Rush position as one SVG: a status line, the mine with the dwarves, the key to
the gems' colours on its doors, and the hands that may be shown (every hand in Crisis, where
hands are open; in Rush only the hand of ``player``, by default the player to move)."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from minegames.core import svg
from minegames.core.words import plural

from . import components, mine, render
from .gems import GEM_NAMES

_SIZE = re.compile(r'<svg[^>]*?width="([\d.]+)"[^>]*?height="([\d.]+)"')


def _size(document: str) -> tuple[float, float]:
    found = _SIZE.search(document)
    return (float(found.group(1)), float(found.group(2))) if found else (400.0, 300.0)


def _inner(document: str, x: float, y: float) -> str:
    """Nest a standalone SVG document at (x, y)."""
    body = document[document.index("<svg"):]
    return body.replace("<svg", f'<svg x="{x:.0f}" y="{y:.0f}"', 1)


def status_line(game) -> str:
    opts = game.options
    if opts.mode == "crisis":
        target = opts.target_score
        score = f"team {game.team_score}" + (f" of {target}" if target else "")
        clock = f", {game.cards_left_to_burn} cards left to burn"
    else:
        score = "points " + " / ".join(str(s) for s in game.scores()) + f" (target {opts.target_score})"
        clock = f", {len(game.burnt)} burnt" if opts.burns else ""
    who = "game over" if game.is_over else f"player {game.current + 1}, {game.phase}"
    return (f"Gem Rush ({opts.mode}) · turn {game.turns_taken + 1} · {who} · {score} · "
            f"deck {len(game.deck)}, discards {len(game.discards)}{clock} · rooms left {len(game.rooms_left)}")


def state_svg(game, player: int | None = None) -> str:
    seat = game.current if player is None else player
    dwarves = {p: tuple(info["pos"]) for p, info in enumerate(game.players)}
    colours = {p: info["colour"] for p, info in enumerate(game.players)}
    board = render.mine_svg(game.mine, dwarves, colours, highlight=dwarves.get(seat), scale=0.6)
    shown = range(game.num_players) if game.options.mode == "crisis" else [seat]
    rows = _key_row(game.mine, _size(board)[0])
    for p in shown:
        label = f"Player {p + 1} ({GEM_NAMES[game.players[p]['colour']]}), {plural(game.players[p]['score'], 'point')}"
        rows.append((label, render.cards_svg(game.players[p]["hand"], scale=0.7)))
    if game.revealed:
        rows.append(("Revealed", render.cards_svg(game.revealed, scale=0.7)))
    board_w, board_h = _size(board)
    status = status_line(game)
    width = max([board_w] + [_size(doc)[0] for _, doc in rows] + [640, 16 + 7 * len(status)])
    y = 28
    parts = [svg.text(8, 18, status, size=12)]
    parts.append(_inner(board, 0, y))
    y = _add_rows(parts, rows, y + board_h + 6, label_size=12)
    title = escape(f"Gem Rush position: {status_line(game)}")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" role="img"><title>{title}</title>'
            f'<rect width="100%" height="100%" fill="{svg.PAPER}"/>{"".join(parts)}</svg>')


def _add_rows(parts: list[str], rows: list[tuple[str, str]], y: float, label_size: float) -> float:
    """Each row under the last (its label, if any, above it) from height ``y``; the height below them."""
    for label, doc in rows:
        if label:
            parts.append(svg.text(8, y + label_size, label, size=label_size))
            y += label_size + 4
        parts.append(_inner(doc, 0, y))
        y += _size(doc)[1] + 6
    return y


def _key_row(mine_map, width: float) -> list[tuple[str, str]]:
    """The key to the gems on ``mine_map``'s doors (drawn by colour, without codes, as in the app)
    as an unlabelled row of the picture, at least wide enough for a few names a row (none: no gems)."""
    gems = render.door_gems(mine_map)
    return [("", render.gem_key_svg(gems, width=max(width, 360)))] if gems else []


def with_gem_key(board: str, mine_map, title: str = "Gem Rush board") -> str:
    """A mine drawing (``render.mine_svg``) with the key to its doors' gems under it."""
    return _stacked(board, _key_row(mine_map, _size(board)[0]), title)


def _stacked(board: str, rows: list[tuple[str, str]], title: str) -> str:
    """A lesson's picture: ``board`` centred on top, then each row (its label, if any, above it)."""
    board_w, board_h = _size(board)
    width = max([board_w] + [_size(doc)[0] for _, doc in rows])
    parts = [_inner(board, (width - board_w) / 2, 0)]
    y = _add_rows(parts, rows, board_h + 4, label_size=14)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{y:.0f}" '
            f'viewBox="0 0 {width:.0f} {y:.0f}" role="img"><title>{escape(title)}</title>'
            f'<rect width="100%" height="100%" fill="{svg.PAPER}"/>{"".join(parts)}</svg>')


def room_names(game) -> list[str]:
    return [components.ROOM_BY_ID[room].name for room, _ in game.mine.values()]


def lesson_svg(game, empties=False, scale: float = 1.3, hands: bool = True, title: str = "Gem Rush board") -> str:
    """A plainer drawing for the lessons: the mine cropped to its rooms (``empties``: no bare
    rock, all of it, or only these squares, as in :func:`render.mine_svg`), drawn larger, and
    each open hand under it; no status line, so nothing the lesson has not taught yet."""
    if empties is True:   # every square of bare rock, as a list (so it is drawn as plain "bare rock")
        empties = sorted({landing.pos for landing in mine.frontier(game.mine, mine._table(None)).values()})
    dwarves = {p: tuple(info["pos"]) for p, info in enumerate(game.players)}
    colours = {p: info["colour"] for p, info in enumerate(game.players)}
    board = render.mine_svg(game.mine, dwarves, colours, highlight=dwarves.get(game.current), scale=scale,
                            title=None, empties=empties)
    rows = _key_row(game.mine, _size(board)[0])
    if hands:
        shown = range(game.num_players) if game.options.mode == "crisis" else [game.current]
        rows += [(f"Player {p + 1}'s hand", render.cards_svg(game.players[p]["hand"], scale=0.7)) for p in shown]
        if game.revealed:
            rows.append(("Turned face up", render.cards_svg(game.revealed, scale=0.7)))
    return _stacked(board, rows, title)
