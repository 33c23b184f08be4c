"""Ways to get a Gem Rush game: a fresh one, a saved one, or a hand-made position.

``position`` deals a seeded game and then lays out what a lesson or test needs (the mine,
the hands, where the dwarves stand, scores): cards given to a hand come out of the deck,
so the 75 cards stay whole, and rooms placed come out of the room pile.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from minegames.core import OptionError, make_options
from minegames.core.words import plural

from . import components
from .options import Options
from .state import GemRush


def new_game(seed: int | None = None, players: int = 2, **options: Any) -> GemRush:
    """A new game; the seed fixes the skills dealt, the gem deck and the room pile."""
    if players == 1:
        options.setdefault("mode", "crisis")
    return GemRush(make_options(Options, {"players": players, **options}), seed)


def load(json_text: str) -> GemRush:
    """A game saved with ``to_json()``; every saved action is checked again."""
    return GemRush.from_json(json_text)


def position(mine: Mapping[tuple[int, int], tuple[str, int]] | None = None,
             hands: Sequence[Sequence[int]] = (), *, at: Sequence[tuple[int, int]] = (),
             scores: Sequence[int] = (), player_skills: Sequence[Sequence[str]] = (), seed: int = 0,
             **options: Any) -> GemRush:
    """A game at the start of the first player's movement, with chosen details.

    ``mine``: {(x, y): (room id, rotation)} (replaces the first room); ``hands``: card ids per
    player (taken out of the deck); ``at``: each dwarf's square; ``scores``; ``player_skills``:
    skill ids per player: the skill held (Normal, Chaos Magic, Choice of Skills once chosen;
    a player given none holds none), or under Magic Circle the card each player laid to their
    left (solo: both cards). Other keywords are options, ``skills`` among them (the variant):
    Shared Skill takes ``shared_skill`` (empty: one at random), Chaos Magic gets the other
    skill cards as its deck.
    """
    options.setdefault("players", max(len(hands), len(at), 2 if options.get("mode", "rush") == "rush" else 1))
    opts = make_options(Options, options)
    game = GemRush._blank(opts, seed)
    game.num_players = opts.players
    game._blank_tables()
    game.deck = game._shuffled([card.id for card in components.GEM_CARDS])
    game.rooms_left = game._shuffled([room.id for room in components.ROOMS])
    if mine:
        unknown = [room for room, _ in mine.values() if room not in components.ROOM_BY_ID]
        if unknown:
            raise OptionError("mine", f"no room tile {unknown[0]!r}")
        game.mine = {tuple(pos): (room, rotation % 4) for pos, (room, rotation) in mine.items()}
        game.rooms_left = [r for r in game.rooms_left if r not in {room for room, _ in mine.values()}]
    else:
        game._lay_first_rooms()
    start = next(iter(sorted(p for p, (r, _) in game.mine.items() if components.ROOM_BY_ID[r].kind != "tunnel")))
    for seat, player in enumerate(game.players):
        given = list(hands[seat]) if seat < len(hands) else [game.deck[-1 - k] for k in range(4)]
        for card in given:
            if card not in game.deck:
                raise OptionError("hands", f"card {card} is given twice or is not a gem card")
            game.deck.remove(card)
        player["hand"] = given
        player["pos"] = list(at[seat]) if seat < len(at) else list(start)
        player["score"] = scores[seat] if seat < len(scores) else 0
    _lay_skills(game, player_skills)
    game._start_lesson_position(1, "a position set up by hand", then=game._begin_turn)
    return game


def _lay_skills(game: GemRush, player_skills: Sequence[Sequence[str]]) -> None:
    """Give out the skills of a hand-made position as its variant says (after the decks are
    shuffled, so the seed deals the same cards and tiles whatever the variant)."""
    variant = game.options.skills
    given = [list(skills) for skills in player_skills]
    unknown = [s for skills in given for s in skills if s not in components.SKILL_BY_ID]
    if unknown:
        raise OptionError("player_skills", f"no skill {unknown[0]!r}")
    if len(given) > game.num_players:
        raise OptionError("player_skills", f"give skills for at most {plural(game.num_players, 'player')}")
    if given and variant in ("none", "shared"):
        raise OptionError("player_skills", f"players hold no skill cards of their own with skills={variant!r}")
    if variant == "shared":
        game.shared_skill = game.options.shared_skill or game._shuffled([s.id for s in components.SKILLS])[-1]
    elif variant == "magic_circle":
        circle = [s for skills in given for s in skills]
        count = 2 if game.num_players == 1 else game.num_players
        if circle and len(circle) != count:
            raise OptionError("player_skills", f"the Magic Circle holds {count} cards, got {len(circle)}")
        game.circle = circle
    elif variant != "none":
        for seat, skills in enumerate(given):
            game.players[seat]["skills"] = skills
        if variant == "chaos":
            held = {s for player in game.players for s in player["skills"]}
            game.skill_deck = game._shuffled([s.id for s in components.SKILLS if s.id not in held])
