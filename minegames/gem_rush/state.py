"""The state of a game of Gem Rush and its turn: check the end, discard down to the hand
limit, move (steps, builds, tunnels, carts, warps, movement and free rooms), one action, and
in Crisis the burns. Movement and building are in ``moves.py``, room abilities in
``effects.py``; this module holds the state, the phases and the protocol hooks.
"""

from __future__ import annotations

from typing import Any

from minegames.core import GameState, IllegalActionError, refuse
from minegames.core.state import copy_data

from . import components, effects, moves, skills
from .actions import (
    ACTION_TYPES, DECK, UNSEEN, Burn, ChooseSkill, Discard, DrawCard, EndGame, NewSkill, PlayOn, Scavenge,
)
from .options import Options

#: phases of a turn (and of setup), in the order they come
CHOOSE_SKILL, CHECK, DISCARD, MOVE, ACTION, BURN, CHAOS, OVER = (
    "choose skill", "check", "discard", "move", "action", "burn", "chaos", "over")


class GemRush(GameState):
    """A game of Gem Rush for 1-7 players (see docs/rules/gem_rush.md)."""

    game_name = "gem_rush"
    action_types = ACTION_TYPES
    options_type = Options
    chance_seen = "the cards or room tiles it turned up have been seen"
    #: the log counts rounds, as a table does: round 2 is each player's second turn
    log_unit = "round"

    def __init__(self, options: Options, seed: int | None = None):
        super().__init__(options, seed)
        self.num_players = options.players
        self._blank_tables()
        self._setup()
        self._start()

    # ---- setup ---------------------------------------------------------------
    def _blank_tables(self) -> None:
        opts = self.options
        self.players: list[dict[str, Any]] = [
            {"colour": colour, "pos": [0, 0], "hand": [], "score": 0, "skills": [], "dealt": []}
            for colour in opts.dwarf_colours]
        self.deck: list[int] = []          # top = last
        self.discards: list[int] = []      # top = last
        self.burnt: list[int] = []
        self.revealed: list[int] = []      # face up during an ability
        self.set_aside: list[int] = []     # a dig's misses until the dig ends
        self.rooms_left: list[str] = []    # top = last
        self.mine: dict[tuple[int, int], tuple[str, int]] = {}
        self.skill_deck: list[str] = []
        self.circle: list[str] = []
        self.shared_skill = ""
        self.current = opts.first_player
        self.first = opts.first_player
        self.turns_taken = 0
        self.phase = CHECK
        self.steps_left = 0
        self.burns_left = 0
        self.used_skills: list[str] = []   # skills used this turn (Chaos Magic, once-per-turn limits)
        self.pending: dict[str, Any] | None = None
        self.ended_by = ""
        #: one record per room built: [player, source room id, its rotation, side, door points,
        #: Orichalcum points, skill points] (the score ledger the invariants check)
        self.builds: list[list] = []

    def _setup(self) -> None:
        opts = self.options
        self.note(f"Gem Rush, {opts.mode} mode, {opts.players} player{'s' if opts.players != 1 else ''}, "
                  f"skills: {opts.skills}")
        self._deal_skills()
        self.deck = self._shuffled([card.id for card in components.GEM_CARDS])
        for player in self._seat_order():
            for _ in range(4):
                player_hand = self.players[player]["hand"]
                player_hand.append(self.deck.pop())
        rooms = self._shuffled([room.id for room in components.ROOMS])
        self.rooms_left = rooms
        self._lay_first_rooms()
        self.phase = CHOOSE_SKILL if opts.skills == "choice" else CHECK
        if self.phase == CHOOSE_SKILL:
            self.current = self.first
        else:
            self._begin_turn()

    def _seat_order(self) -> list[int]:
        n = self.num_players
        return [(self.first + k) % n for k in range(n)]

    def _deal_skills(self) -> None:
        opts = self.options
        variant = opts.skills
        if variant == "none":
            return
        deck = self._shuffled([skill.id for skill in components.SKILLS])
        if variant == "shared":
            self.shared_skill = opts.shared_skill or deck[-1]
            return
        if variant == "magic_circle":
            count = 2 if opts.players == 1 else opts.players
            self.circle = [deck.pop() for _ in range(count)]
            return
        per_player = 2 if variant == "choice" else 1
        for player in self._seat_order():
            dealt = [deck.pop() for _ in range(per_player)]
            if variant == "choice":
                self.players[player]["dealt"] = dealt
            else:
                self.players[player]["skills"] = dealt
        self.skill_deck = deck if variant == "chaos" else []

    def _lay_first_rooms(self) -> None:
        """The first room starts the mine; while it is a tunnel, the next tile joins it to the
        east (this project's reading) until a room that is not a tunnel, where the dwarves stand."""
        x = 0
        while True:
            room_id = self.rooms_left.pop()
            room = components.ROOM_BY_ID[room_id]
            if room.kind != "tunnel":
                rotation = 0 if x == 0 else moves.first_rotation(room, back_side=3)
                self.mine[(x, 0)] = (room_id, rotation)
                break
            self.mine[(x, 0)] = (room_id, 0)
            x += 1
        for player in self.players:
            player["pos"] = [x, 0]

    # ---- turn structure ------------------------------------------------------
    def _begin_turn(self) -> None:
        """Phase 0 (check the end) and phase 1 (the hand limit), then movement."""
        self.used_skills = []
        self.phase = CHECK
        if self._rush_over():
            return self._end(self._rush_end_reason())
        if self._mine_closed():
            return self._end("no room can be built")
        if self.options.mode == "crisis" and self._target_reached() and self.current == self.first:
            return  # the team decides: EndGame or PlayOn
        self._to_discard_phase()

    def _to_discard_phase(self) -> None:
        if len(self.hand()) > skills.hand_limit(self, self.current):
            self.phase = DISCARD
        else:
            self._to_move_phase()

    def _to_move_phase(self) -> None:
        if len(self.hand()) > skills.BASE_HAND_LIMIT:
            self.use_skill("deep_pockets")  # a card kept beyond the usual limit
        self.phase = MOVE
        self.steps_left = skills.steps_per_turn(self, self.current)

    def _rush_over(self) -> bool:
        """Rush ends only at the start of the first player's turn, so every player has had as
        many turns: the target reached, the last gem card burnt (with ``burn_in_rush``) or a
        mine that can no longer grow."""
        if self.options.mode != "rush" or self.current != self.first or self.turns_taken == 0:
            return False
        return self._target_reached() or self._all_burnt() or not moves.can_ever_build(self)

    def _rush_end_reason(self) -> str:
        if self._target_reached():
            return "target reached"
        return "the last gem card is burnt" if self._all_burnt() else "no room can be built"

    def _all_burnt(self) -> bool:
        return self.options.burns and self.cards_left_to_burn == 0

    def _mine_closed(self) -> bool:
        """Crisis: no room can be built any more, so no point can be scored: the game ends at
        the start of the first player's turn rather than burning the rest of the deck."""
        return (self.options.mode == "crisis" and self.current == self.first and self.turns_taken > 0
                and not moves.can_ever_build(self))

    def _target_reached(self) -> bool:
        target = self.options.target_score
        if target is None:
            return False
        if self.options.mode == "crisis":
            return self.team_score >= target
        return any(player["score"] >= target for player in self.players)

    # ---- counting as a table does ---------------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The round under way: round 2 is each player's second turn (the log counts rounds)."""
        return self.turns_taken // self.num_players + 1

    @property
    def last_round(self) -> int:
        """The round of the last turn begun (the game-over line belongs to it)."""
        return max(self.turns_taken - 1, 0) // self.num_players + 1 if self.turns_taken else 1

    def round_words(self) -> str:
        """"round 2, player 3's turn": the turn under way as a table says it."""
        return f"round {self.round_number}, player {self.current + 1}'s turn"

    def note(self, text: str) -> None:
        """A log line of the turn under way, numbered by its round."""
        self.log.add(self.round_number, text)

    def end_action(self) -> None:
        """The action phase is over: burn (Crisis, or Rush with burning) or end the turn."""
        if self.options.burns:
            self.phase = BURN
            self.burns_left = min(self.options.burn_per_turn, self.cards_left_to_burn)
            if self.burns_left == 0:
                self._end_turn()
        else:
            self._end_turn()

    def _end_turn(self) -> None:
        if self.options.skills == "chaos" and self.phase != CHAOS and self.skill_deck:
            self.phase = CHAOS
            return
        self.note(f"player {self.current + 1} ends the turn")
        self.turns_taken += 1
        if self.options.mode == "crisis" and self._all_burnt():
            return self._end("the last gem card is burnt")  # the Crisis clock: over at once
        self.current = (self.current + 1) % self.num_players
        self._begin_turn()

    def _end(self, why: str) -> None:
        self.phase = OVER
        self.ended_by = why
        self.pending = None
        self.log.add(self.last_round, f"game over: {why}")

    @property
    def cards_left_to_burn(self) -> int:
        return len(components.GEM_CARDS) - len(self.burnt)

    # ---- cards ---------------------------------------------------------------
    def hand(self, player: int | None = None) -> list[int]:
        return self.players[self.current if player is None else player]["hand"]

    def take_from_deck(self, count: int) -> list[int]:
        """Up to ``count`` cards off the deck; an empty deck takes the discards back, shuffled,
        once per instruction; if still short, as many as there are."""
        taken: list[int] = []
        reshuffled = False
        while len(taken) < count:
            if not self.deck:
                if reshuffled or not self.discards:
                    break
                self.deck = self._shuffled(self.discards)
                self.discards = []
                reshuffled = True
                self.note("the discard pile is shuffled into a new deck")
            taken.append(self.deck.pop())
        if taken:
            self._see_chance()
        return taken

    def draw(self, count: int) -> list[int]:
        cards = self.take_from_deck(count)
        self.hand().extend(cards)
        return cards

    def discard_from_hand(self, card: int, player: int | None = None) -> None:
        hand = self.hand(player)
        hand.remove(card)
        self.discards.append(card)

    def use_skill(self, skill: str) -> None:
        if skill not in self.used_skills:
            self.used_skills.append(skill)

    # ---- the protocol hooks --------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self.current

    @property
    def team_score(self) -> int:
        return sum(player["score"] for player in self.players)

    def scores(self) -> list[int]:
        return [player["score"] for player in self.players]

    def winners(self) -> list[int]:
        """Rush: the players with the most points. Crisis: everyone if the team reached its
        target (or had none), else nobody."""
        if self.options.mode == "crisis":
            target = self.options.target_score
            return list(range(self.num_players)) if target is None or self.team_score >= target else []
        best = max(self.scores())
        return [i for i, score in enumerate(self.scores()) if score == best]

    def _legal_actions(self) -> list:
        if self.pending is not None:
            return effects.pending_actions(self) if self.pending["kind"] == "effect" else moves.pending_actions(self)
        phase = self.phase
        if phase == CHOOSE_SKILL:
            return [ChooseSkill(s) for s in self.players[self.current]["dealt"]]
        if phase == CHECK:
            return [EndGame(), PlayOn()]
        if phase == DISCARD:
            return [Discard(card) for card in sorted(set(self.hand()))]
        if phase == MOVE:
            return moves.movement_actions(self)
        if phase == ACTION:
            return self._action_phase_actions()
        if phase == BURN:
            return self._burn_actions()
        if phase == CHAOS:
            if self.current_used_a_skill():
                return [NewSkill(True)]
            return [NewSkill(True), NewSkill(False)]
        return []

    def actor(self, index: int) -> int:
        """The seat that made ``history[index]`` (the player to move just before it)."""
        return self._undo_stack[index]["game"]["current"]

    def current_used_a_skill(self) -> bool:
        return bool(self.used_skills)

    def _action_phase_actions(self) -> list:
        actions: list = [DrawCard()]
        actions += effects.room_actions(self, during_movement=False)
        if skills.has(self, self.current, "scavenger") and self.discards:
            actions.append(Scavenge())
        return actions

    def burns_blind(self, player: int) -> bool:
        """Whether a burn from ``player``'s hand is blind: in Rush the other players' hands are
        hidden, so the burner picks the hand and chance picks the card (Crisis hands are open)."""
        return self.options.mode == "rush" and player != self.current

    def _burn_actions(self) -> list:
        actions: list = []
        if self.deck or self.discards:
            actions.append(Burn())
        for player in range(self.num_players):
            hand = self.hand(player)
            if not hand:
                continue
            if self.burns_blind(player):
                actions.append(Burn(player))
            else:
                actions.extend(Burn(player, card) for card in sorted(set(hand)))
        return actions

    def _explain_burn(self, action: Burn) -> None:
        """Name the rule a burn breaks (called only when the legal list said no)."""
        if self.phase != BURN:
            return  # "not now", like any action out of its phase
        if action.player == DECK:
            if action.card != UNSEEN:
                refuse("burning", "a burn from the deck takes its top card: name no card (Burn())")
            refuse("burning", "the deck and the discards are empty: burn from a hand")
        if not 0 <= action.player < self.num_players:
            refuse("burning", f"there is no player {action.player + 1}")
        if not self.hand(action.player):
            refuse("burning", f"player {action.player + 1} holds no cards to burn")
        if self.burns_blind(action.player):
            refuse("hidden hands", f"in Rush player {action.player + 1}'s hand is hidden from the burner: "
                                   f"burn from it without naming a card (Burn({action.player})), "
                                   "and a card is drawn from it at random")
        if action.card == UNSEEN:
            refuse("burning", f"player {action.player + 1}'s hand is open to the burner: name the card to burn")
        refuse("burning", f"player {action.player + 1} does not hold card {action.card}")

    def _check(self, action) -> None:
        if action in self._legal_actions():
            return
        self._explain_refusal(action)

    def _explain_refusal(self, action) -> None:
        """Name the rule an action breaks (the legal list said no)."""
        if self.pending is not None:
            refuse("finish first", f"{self.prompt()} ({action} is not one of the choices)")
        if isinstance(action, Burn):
            self._explain_burn(action)
        moves.explain(self, action)
        effects.explain(self, action)
        refuse("not now", f"{action} is not allowed in the {self.phase} phase: {self.prompt()}")

    def _apply(self, action) -> None:
        if self.pending is not None:
            if self.pending["kind"] == "effect":
                effects.apply_pending(self, action)
            else:
                moves.apply_pending(self, action)
            return
        name = type(action).__name__
        if isinstance(action, ChooseSkill):
            return self._choose_skill(action)
        if isinstance(action, (EndGame, PlayOn)):
            if isinstance(action, EndGame):
                return self._end("the team reached its target and stopped")
            self.note("the team plays on")
            return self._to_discard_phase()
        if isinstance(action, Discard):
            self.discard_from_hand(action.card)
            self.note(f"player {self.current + 1} discards {components.cards_text([action.card])} "
                      "(down to the hand limit)")
            if len(self.hand()) <= skills.hand_limit(self, self.current):
                self._to_move_phase()
            return
        if self.phase == MOVE:
            return moves.apply_movement(self, action)
        if isinstance(action, DrawCard):
            count = skills.draw_action_cards(self, self.current)
            if count > 1:
                self.use_skill("prospector")
            drawn = self.draw(count)
            self.note(f"player {self.current + 1} draws {len(drawn)} card{'s' if len(drawn) != 1 else ''}")
            return self.end_action()
        if isinstance(action, Scavenge):
            self.hand().append(self.discards.pop())
            self.use_skill("scavenger")
            self.note(f"player {self.current + 1} takes the top card of the discard pile "
                      f"({components.cards_text(self.hand()[-1:])})")
            return self.end_action()
        if isinstance(action, Burn):
            return self._burn(action)
        if isinstance(action, NewSkill):
            return self._chaos(action)
        if self.phase == ACTION:
            return effects.start_from_action(self, action)
        raise IllegalActionError("not now", f"{name} has no effect in the {self.phase} phase")

    def _choose_skill(self, action: ChooseSkill) -> None:
        player = self.players[self.current]
        player["skills"] = [action.skill]
        player["dealt"] = []
        self.note(f"player {self.current + 1} keeps the skill {components.SKILL_BY_ID[action.skill].name}")
        waiting = [p for p in self._seat_order() if self.players[p]["dealt"]]
        if waiting:
            self.current = waiting[0]
        else:
            self.current = self.first
            self._begin_turn()

    def _burn(self, action: Burn) -> None:
        if action.player == DECK:
            cards = self.take_from_deck(1)
            self.burnt.extend(cards)
            what = f"the top card of the deck: {components.cards_text(cards)}"
        elif action.card == UNSEEN:
            # a blind burn: the card is drawn with the game's generator, so undo cannot re-roll it
            hand = sorted(self.hand(action.player))
            card = hand[int(self.rng.integers(len(hand)))]
            self.hand(action.player).remove(card)
            self.burnt.append(card)
            # the burnt pile is open: once drawn, everyone sees which card went
            what = f"a card at random from player {action.player + 1}'s hand: {components.cards_text([card])}"
        else:
            self.hand(action.player).remove(action.card)
            self.burnt.append(action.card)
            whose = "their own hand" if action.player == self.current else f"player {action.player + 1}'s hand"
            what = f"{components.cards_text([action.card])} from {whose}"
        self.burns_left -= 1
        self.note(f"player {self.current + 1} burns {what} ({len(self.burnt)} of "
                  f"{len(components.GEM_CARDS)} gem cards burnt)")
        if self.burns_left == 0 or self.cards_left_to_burn == 0:
            self._end_turn()

    def _chaos(self, action: NewSkill) -> None:
        player = self.players[self.current]
        if action.swap:
            old = player["skills"]
            player["skills"] = [self.skill_deck.pop()]
            self.skill_deck = self._shuffled(self.skill_deck + old)
            names = ", ".join(components.SKILL_BY_ID[s].name for s in old if s in components.SKILL_BY_ID)
            self.note(f"player {self.current + 1} trades {names or 'no skill'} for a new skill, "
                      f"{', '.join(components.SKILL_BY_ID[s].name for s in player['skills'])}")
        self._end_turn()

    # ---- snapshots -----------------------------------------------------------
    def _snapshot(self) -> dict[str, Any]:
        return copy_data({
            "players": self.players, "deck": self.deck, "discards": self.discards, "burnt": self.burnt,
            "revealed": self.revealed, "set_aside": self.set_aside, "rooms_left": self.rooms_left,
            "mine": [[x, y, room, rotation] for (x, y), (room, rotation) in sorted(self.mine.items())],
            "skill_deck": self.skill_deck, "circle": self.circle, "shared_skill": self.shared_skill,
            "current": self.current, "first": self.first, "turns_taken": self.turns_taken,
            "phase": self.phase, "steps_left": self.steps_left, "burns_left": self.burns_left,
            "used_skills": self.used_skills, "pending": self.pending, "ended_by": self.ended_by,
            "builds": self.builds,
        })

    def _restore(self, data: dict[str, Any]) -> None:
        data = copy_data(data)
        self.num_players = self.options.players
        for key in ("players", "deck", "discards", "burnt", "revealed", "set_aside", "rooms_left",
                    "skill_deck", "circle", "shared_skill", "current", "first", "turns_taken", "phase",
                    "steps_left", "burns_left", "used_skills", "pending", "ended_by", "builds"):
            setattr(self, key, data[key])
        self.mine = {(x, y): (room, rotation) for x, y, room, rotation in data["mine"]}

    def view(self, player: int = 0) -> dict[str, Any]:
        """What ``player`` may see: the decks' order never; other hands only in Crisis (open hands)."""
        data = self._snapshot()
        data["deck"] = len(self.deck)
        data["rooms_left"] = len(self.rooms_left)
        data["skill_deck"] = len(self.skill_deck)
        if self.pending and self.pending.get("tiles") is not None:
            data["pending"] = dict(data["pending"])
        if self.options.mode == "rush":
            for seat, seen in enumerate(data["players"]):
                if seat != player:
                    seen["hand"] = len(seen["hand"])
                    seen["dealt"] = len(seen["dealt"])
        return data

    def problems(self) -> list[tuple[str, str]]:
        places = (self.deck, self.discards, self.burnt, self.revealed, self.set_aside,
                  *(p["hand"] for p in self.players))
        cards = sorted(card for place in places for card in place)
        if cards != list(range(len(components.GEM_CARDS))):
            return [("75 gem cards", "every gem card is in exactly one place: deck, discards, burnt, a hand "
                                     "or face up")]
        rooms = sorted([room for room, _ in self.mine.values()] + self.rooms_left
                       + list((self.pending or {}).get("tiles", [])))
        if len(rooms) != len(set(rooms)) or not set(rooms) <= set(components.ROOM_BY_ID):
            return [("80 room tiles", "each room tile is placed once at most")]
        for seat, player in enumerate(self.players):
            if tuple(player["pos"]) not in self.mine:
                return [("dwarves", f"player {seat + 1}'s dwarf stands where no room is")]
        return []

    # ---- words and pictures ------------------------------------------------
    def prompt(self) -> str:
        from .wording import prompt

        return prompt(self)

    def _repr_svg_(self) -> str:
        from .picture import state_svg

        return state_svg(self)
