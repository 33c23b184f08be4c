"""Which skills a player holds, and the small questions the rules ask of them.

A player's skills depend on the variant: one card (Normal, Chaos Magic), the one kept
(Choice of Skills), the card all share, both cards beside the seat (Magic Circle), or none.
Payment skills are settled in ``payment.py``; the rest are asked about here by name.
"""

from __future__ import annotations

#: the skills that change how spent cards pay (``payment.py`` knows their rules)
PAYMENT_SKILLS = frozenset({"harmonization", "transmutation", "evocation", "permeation",
                            "thrift", "alloying", "resonance", "attunement"})
#: skills usable once per turn (their use is remembered until the turn ends)
ONCE_PER_TURN = frozenset({"sure_footing", "cart_whistle", "mirror_step", "lodestar"})

BASE_STEPS = 3
BASE_HAND_LIMIT = 4


def skills_of(game, player: int) -> tuple[str, ...]:
    """The skill ids ``player`` may use now."""
    variant = game.options.skills
    if variant == "none":
        return ()
    if variant == "shared":
        return (game.shared_skill,) if game.shared_skill else ()
    if variant == "magic_circle":
        circle = game.circle
        if not circle:
            return ()
        if len(circle) == 1:
            return (circle[0],)
        left, right = circle[player % len(circle)], circle[(player - 1) % len(circle)]
        return (left,) if left == right else (left, right)
    return tuple(game.players[player]["skills"])


def has(game, player: int, skill: str) -> bool:
    return skill in skills_of(game, player)


def can_use_once(game, player: int, skill: str) -> bool:
    """Whether a once-per-turn skill is held and still unused this turn."""
    return has(game, player, skill) and skill not in game.used_skills


def steps_per_turn(game, player: int) -> int:
    return BASE_STEPS + (1 if has(game, player, "long_legs") else 0)


def hand_limit(game, player: int) -> int:
    return BASE_HAND_LIMIT + (1 if has(game, player, "deep_pockets") else 0)


def draw_action_cards(game, player: int) -> int:
    return 2 if has(game, player, "prospector") else 1


def reveal_bonus(game, player: int) -> int:
    return 1 if has(game, player, "keen_eye") else 0
