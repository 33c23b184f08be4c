"""What the player to act must decide, in plain words (the apps' and the notebooks' prompt)."""

from __future__ import annotations

from minegames.core.words import percent, plural  # noqa: F401  (the game's texts import them from here)

from . import board

#: gems whose plural is not the word plus "s" ("2 gold": gold is counted as nuggets are not)
_MANY = {"ruby": "rubies", "gold": "gold"}


def gems_words(gems) -> str:
    """Gems in words, each kind once, in the order met: "2 rubies", "an emerald, a gold and a rock"."""
    counts: dict[str, int] = {}
    for gem in gems:
        counts[gem] = counts.get(gem, 0) + 1
    parts = [(f"{'an' if gem[:1] in 'aeiou' else 'a'} {gem}" if n == 1 else plural(n, gem, _MANY.get(gem, "")))
             for gem, n in counts.items()]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


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
