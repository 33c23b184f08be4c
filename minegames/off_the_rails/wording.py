"""What the player to act must decide, in plain words (the apps' and the notebooks' prompt)."""

from __future__ import annotations

from . import board


def plural(count: int, word: str, many: str = "") -> str:
    """'1 gem', '2 gems', '1 turn', '3 turns' (``many``: an irregular plural)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def percent(chance) -> str:
    """A chance as the apps write it (widgets.components.percent, which a model may not import):
    whole percents, one decimal below 1% and above 99%, but exactly 0% and 100%."""
    value = float(chance)
    return f"{value:.0%}" if value in (0.0, 1.0) or 0.01 <= value <= 0.99 else f"{value:.1%}"


#: How the log names a turn: turn 0 is the set-up, before the first turn.
SETUP = "set-up"


def log_line(turn: int, text: str, unit: str = "turn") -> str:
    """A log entry as the app shows it: 'set-up: ...' before the first turn, 'turn 3: ...' after."""
    return f"{SETUP}: {text}" if turn == 0 else f"{unit} {turn}: {text}"


def log_lines(entries, unit: str = "turn") -> list[str]:
    return [log_line(turn, text, unit) for turn, text in entries]


def prompt(state) -> str:
    if state.is_over:
        if state.options.solo:
            return f"The game is over: {state.solo_result}."
        names = " and ".join(state.players[p]["clan"].capitalize() for p in state.winners())
        return f"The game is over: {names} {'win' if len(state.winners()) > 1 else 'wins'}."
    who = "You" if state.options.solo else state.players[state.current_player]["clan"].capitalize()
    pending = state.pending
    if pending is not None:
        kind = pending["kind"]
        if kind == "turn":
            cart = state.cart_name(state.driving["cart"])
            ways = " or ".join(board.SIDE_NAMES[s] for s in pending["sides"])
            return f"{who}: {cart} is at a junction: go {ways}?"
        if kind == "pick":
            return f"{who}: choose the gem{'s' if pending['count'] > 1 else ''} to pick up ({pending['count']} more)."
        if kind == "drop":
            return f"{who}: your cart was hit: choose {plural(pending['count'], 'gem')} to drop."
        return f"{who}: place the {pending['colour']} chasm token next to a {pending['colour']} one."
    if state.phase == "actions":
        return f"{who}: take an action ({state.actions_left} left), or end the actions."
    if state.phase == "move":
        return f"{who}: choose the cart to move next."
    if not state.options.solo and state.chasm_phase == "collapsing":
        return f"{who}: draw a chasm token."
    return f"{who}: draw a deposit card."
