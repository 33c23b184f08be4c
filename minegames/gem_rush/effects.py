"""Room abilities: effect programs run step by step, left to right, pausing for the player's
choices (X, a named gem, which cards to discard or keep). See docs/dev/gem_rush_api.md for
the steps. Warped Mirror and Mystic Elevator are single choices (swap with whom, move where).
"""

from __future__ import annotations

from minegames.core import refuse

from . import components, mine, skills
from .actions import ChooseX, Discard, Keep, MoveRoom, NameGem, SwapPlaces, UseRoom
from .gems import ALL_GEMS, GEM_NAMES, SPECIAL_GEMS

CARD_STEPS = {"draw", "reveal", "dig", "keep", "keep_matching", "discard", "name"}


def _room_here(game):
    pos = tuple(game.players[game.current]["pos"])
    return pos, components.ROOM_BY_ID[game.mine[pos][0]]


def is_card_effect(ability) -> bool:
    return bool(ability) and all(step[0] in CARD_STEPS for step in ability)


def uses_x(ability) -> bool:
    return any(isinstance(n, str) for step in ability for n in step[1:2] if step[0] in ("draw", "reveal", "dig", "keep", "discard"))


def can_carry_out(game, ability) -> bool:
    """Whether every fixed Discard can be done in full (X abilities can always take X = 0)."""
    if uses_x(ability):
        return True
    in_hand = len(game.hand())
    available = len(game.deck) + len(game.discards)
    for step in ability:
        if step[0] == "draw":
            gained = min(step[1], available)
            in_hand += gained
            available -= gained
        elif step[0] == "discard":
            if in_hand < step[1]:
                return False
            in_hand -= step[1]
    return True


def room_actions(game, during_movement: bool) -> list:
    """The ways to use the current room now: in the movement phase (movement rooms for a
    step, free rooms for nothing) or as the action (action and movement rooms)."""
    pos, room = _room_here(game)
    if during_movement:
        if room.kind == "movement" and game.steps_left < 1:
            return []
        if room.kind not in ("movement", "free"):
            return []
    elif room.kind not in ("action", "movement"):
        return []
    ability = room.ability
    if not ability:
        return []
    first = ability[0][0]
    if first == "swap_places":
        here = list(pos)
        return [SwapPlaces(p) for p in range(game.num_players)
                if p != game.current and game.players[p]["pos"] != here]
    if first == "move_room":
        return [MoveRoom(x, y) for x, y in mine.empty_spaces_next_to(game.mine, ignore=pos)]
    if is_card_effect(ability) and can_carry_out(game, ability):
        return [UseRoom()]
    return []


def start_from_action(game, action) -> None:
    if isinstance(action, SwapPlaces):
        from .moves import swap_places

        swap_places(game, action.player)
        return game.end_action()
    _start(game, "action")


def start_during_movement(game, action) -> None:
    pos, room = _room_here(game)
    if isinstance(action, MoveRoom):
        from .moves import move_room

        move_room(game, pos, (action.x, action.y))
        return
    if room.kind == "movement":
        from .moves import spend_step

        spend_step(game)
    _start(game, "movement")


def _start(game, context: str) -> None:
    _, room = _room_here(game)
    game.pending = {"kind": "effect", "room": room.id, "program": [list(s) for s in room.ability],
                    "index": 0, "x": None, "named": None, "need": 0, "context": context}
    game.note(f"{_who(game)} uses {room.name}")
    if uses_x(room.ability):
        return  # wait for ChooseX
    _advance(game)


def _who(game) -> str:
    return f"player {game.current + 1}"


def _showing_words(game, cond) -> str:
    """The cards a step looks for, with the gem named (not "the named gem")."""
    if cond[0] == "named":
        named = GEM_NAMES.get(game.pending["named"], game.pending["named"])
        return f"showing {named}"
    if cond[0] == "special":
        return "showing a special gem"
    return "showing " + " or ".join(GEM_NAMES[g] for g in cond[1])


def _amount(pending, n) -> int:
    if isinstance(n, int):
        return n
    return pending["x"] + (1 if n == "X+1" else 0)


def matches(game, card_id: int, cond) -> bool:
    gems = components.GEM_CARDS[card_id].gems
    kind = cond[0]
    if kind == "gems":
        return any(g in gems for g in cond[1])
    if kind == "special":
        return any(g in SPECIAL_GEMS for g in gems)
    if kind == "named":
        named = game.pending["named"]
        if named in gems:
            return True
        colour = game.players[game.current]["colour"]
        if skills.has(game, game.current, "kinship") and colour in gems:
            game.use_skill("kinship")  # only a card kept for the colour is Kinship at work
            return True
        return False
    raise ValueError(f"unknown condition {cond!r}")


def _advance(game) -> None:
    """Carry out steps until one needs a choice, or the ability is done."""
    pending = game.pending
    program = pending["program"]
    while pending["index"] < len(program):
        step = program[pending["index"]]
        kind = step[0]
        if kind == "draw":
            drawn = game.draw(_amount(pending, step[1]))
            if drawn:
                game.note(f"{_who(game)} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}")
        elif kind == "reveal":
            bonus = skills.reveal_bonus(game, game.current)
            if bonus:
                game.use_skill("keen_eye")
            shown = game.take_from_deck(_amount(pending, step[1]) + bonus)
            game.revealed.extend(shown)
            if shown:
                game.note(f"{_who(game)} turns face up {components.cards_text(shown)} from the deck")
        elif kind == "dig":
            _dig(game, _amount(pending, step[1]), tuple(step[2]))
        elif kind == "keep":
            wanted = _amount(pending, step[1])
            if wanted <= 0:
                pass
            elif len(game.revealed) <= wanted:
                if game.revealed:
                    game.note(f"{_who(game)} keeps {components.cards_text(game.revealed)}")
                game.hand().extend(game.revealed)
                game.revealed.clear()
            else:
                pending["need"] = wanted
                return
        elif kind == "keep_matching":
            kept = [c for c in game.revealed if matches(game, c, tuple(step[1]))]
            game.note(f"{_who(game)} keeps the cards {_showing_words(game, tuple(step[1]))}: "
                      f"{components.cards_text(kept)}")
            game.hand().extend(kept)
            game.revealed[:] = [c for c in game.revealed if c not in kept]
        elif kind == "discard":
            wanted = _amount(pending, step[1])
            if wanted >= len(game.hand()):
                if game.hand():
                    game.note(f"{_who(game)} discards {components.cards_text(game.hand())}")
                for card in list(game.hand()):
                    game.discard_from_hand(card)
            elif wanted > 0:
                pending["need"] = wanted
                return
        elif kind == "name":
            if pending["named"] is None:
                return
        pending["index"] += 1
    _finish(game)


def _dig(game, wanted: int, cond) -> None:
    """Turn up cards one at a time until ``wanted`` meet ``cond``; the misses are discarded
    when the dig ends (so the dig never turns them up again)."""
    found = 0
    reshuffled = False
    looked = len(game.revealed)
    while found < wanted:
        if not game.deck:
            if reshuffled or not game.discards:
                break
            game.deck = game._shuffled(game.discards)
            game.discards = []
            reshuffled = True
        card = game.deck.pop()
        game._see_chance()
        if matches(game, card, cond):
            game.revealed.append(card)
            found += 1
        else:
            game.set_aside.append(card)
    missed = len(game.set_aside)
    if wanted > 0:
        game.note(f"{_who(game)} digs for {wanted} card{'s' if wanted != 1 else ''} {_showing_words(game, cond)}: "
                  f"finds {components.cards_text(game.revealed[looked:])}; {missed} other card"
                  f"{'s go' if missed != 1 else ' goes'} to the discard pile")
    game.discards.extend(game.set_aside)
    game.set_aside.clear()


def _finish(game) -> None:
    if game.revealed:
        game.note(f"the face-up cards left over go to the discard pile: {components.cards_text(game.revealed)}")
    game.discards.extend(game.revealed)
    game.revealed.clear()
    context = game.pending["context"]
    game.pending = None
    if context == "action":
        game.end_action()


def pending_actions(game) -> list:
    pending = game.pending
    if pending["x"] is None and uses_x([tuple(s) for s in pending["program"]]):
        return [ChooseX(x) for x in range(len(game.hand()) + 1)]
    step = pending["program"][pending["index"]]
    if step[0] == "name":
        return [NameGem(g) for g in ALL_GEMS]
    if step[0] == "keep":
        return [Keep(c) for c in sorted(set(game.revealed))]
    if step[0] == "discard":
        return [Discard(c) for c in sorted(set(game.hand()))]
    return []


def apply_pending(game, action) -> None:
    pending = game.pending
    room = components.ROOM_BY_ID[pending["room"]].name
    if isinstance(action, ChooseX):
        pending["x"] = action.value
        count = f"{action.value} card{'s' if action.value != 1 else ''}"
        game.note(f"{_who(game)} chooses to discard {count} for {room}" if action.value
                  else f"{_who(game)} chooses to discard no cards for {room}")
    elif isinstance(action, NameGem):
        pending["named"] = action.gem
        pending["index"] += 1
        game.note(f"{_who(game)} names {GEM_NAMES.get(action.gem, action.gem)}")
    elif isinstance(action, Keep):
        game.note(f"{_who(game)} keeps {components.cards_text([action.card])}")
        game.revealed.remove(action.card)
        game.hand().append(action.card)
        pending["need"] -= 1
        if pending["need"] == 0:
            pending["index"] += 1
    elif isinstance(action, Discard):
        game.note(f"{_who(game)} discards {components.cards_text([action.card])} for {room}")
        game.discard_from_hand(action.card)
        pending["need"] -= 1
        if pending["need"] == 0:
            pending["index"] += 1
    if pending["need"] == 0:
        _advance(game)


def explain(game, action) -> None:
    """Raise naming the rule for a room-ability action that is not legal now."""
    if isinstance(action, (ChooseX, NameGem, Keep)):
        refuse("room abilities", "no room ability is waiting for that choice")
    if isinstance(action, (UseRoom, SwapPlaces, MoveRoom)):
        pos, room = _room_here(game)
        if not room.ability:
            refuse("room abilities", f"{room.name} has no ability to use")
        if game.phase == "move" and room.kind == "action":
            refuse("action rooms", f"{room.name} is an action room: use it as your action, after moving")
        if game.phase == "action" and room.kind == "free":
            refuse("free rooms", f"{room.name} is used during movement, for nothing")
        if game.phase == "move" and room.kind == "movement" and game.steps_left < 1:
            refuse("movement rooms", "using a movement room costs a step and none is left")
        if isinstance(action, UseRoom) and not can_carry_out(game, room.ability):
            refuse("room abilities", "the ability cannot be carried out in full (too few cards to discard)")
