"""Gem Rush in words: what the player to move must decide now."""

from __future__ import annotations

from ..core.words import plural
from . import components


def prompt(game) -> str:
    if game.is_over:
        if game.options.mode == "crisis":
            target = game.options.target_score
            verdict = "" if target is None else (" The team reached its target." if game.team_score >= target
                                                 else f" The team fell short of {target}.")
            return f"The game is over ({game.ended_by}): the team scored {game.team_score}.{verdict}"
        best = ", ".join(f"player {p + 1}" for p in game.winners())
        return f"The game is over ({game.ended_by}). Most points: {best} with {max(game.scores())}."
    who = f"Player {game.current + 1}"
    pending = game.pending
    if pending is not None:
        if pending["kind"] == "place":
            names = " or ".join(components.ROOM_BY_ID[t].name for t in pending["tiles"])
            return f"{who}: turn {names} so that one of its doors faces the way you came, and place it."
        step = pending["program"][pending["index"]] if pending["index"] < len(pending["program"]) else None
        room = components.ROOM_BY_ID[pending["room"]].name
        if pending["x"] is None and any(isinstance(s[1], str) for s in pending["program"] if len(s) > 1
                                        and s[0] in ("draw", "reveal", "dig", "keep", "discard")):
            return f"{who}: choose X for {room} (how many cards to discard)."
        if step and step[0] == "name":
            return f"{who}: name a gem for {room}."
        if step and step[0] == "keep":
            return f"{who}: keep {pending['need']} more of the revealed cards."
        if step and step[0] == "discard":
            return f"{who}: discard {plural(pending['need'], 'more card')} for {room}."
        return f"{who}: carry on with {room}."
    phase = game.phase
    if phase == "choose skill":
        return f"{who}: keep one of the two skills dealt to you."
    if phase == "check":
        return f"The team reached its target of {game.options.target_score}: end the game now, or play on?"
    if phase == "discard":
        extra = len(game.hand()) - (4 + (1 if "deep_pockets" in _skills(game) else 0))
        return f"{who}: discard {plural(extra, 'card')} down to the hand limit."
    if phase == "move":
        return (f"{who}: move ({plural(game.steps_left, 'step')} left): step through a door, build through one "
                "into empty space, or end the movement.")
    if phase == "action":
        return f"{who}: take one action: draw a card or use this room."
    if phase == "burn":
        if game.options.mode == "rush":
            return (f"{who}: burn {plural(game.burns_left, 'more card')}: the deck's top, a card of your own, or a "
                    f"card at random from another player's hand ({game.cards_left_to_burn} gem cards left "
                    "before the last round).")
        return (f"Burn {plural(game.burns_left, 'more card')} from the deck or any hand "
                f"({game.cards_left_to_burn} gem cards left before the end).")
    if phase == "chaos":
        return f"{who}: Chaos Magic: trade your skill for a new one" + (
            " (you used it this turn, so you must)." if game.current_used_a_skill() else ", or keep it?")
    return f"{who} to act."


def _skills(game):
    from .skills import skills_of

    return skills_of(game, game.current)
