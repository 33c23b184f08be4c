"""The log as a full account in plain words (issue 21, parts 3 and 5): every action says what
happened (gem named, cards turned up, kept, discarded, rooms built and placed, burns), counted
in rounds as a table counts, with plurals right."""

from __future__ import annotations

import random
import re

import pytest

from minegames import gem_rush
from minegames.gem_rush import components as C
from minegames.gem_rush.actions import Build, ChooseX, Discard, DrawCard, EndMovement, Keep, NameGem, Place, UseRoom
from minegames.gem_rush.gems import GEM_NAMES


def played(seed: int, players: int = 3, actions: int = 400, **options):
    """A game played by random legal choices, with each action and the log lines it wrote."""
    state = gem_rush.new_game(seed=seed, players=players, **options)
    pick = random.Random(seed)
    steps = []
    for _ in range(actions):
        if state.is_over:
            break
        legal = state.legal_actions()
        # prefer room abilities and builds, so the test sees them often
        keen = [a for a in legal if isinstance(a, (UseRoom, Build))]
        action = pick.choice(keen if keen and pick.random() < 0.7 else legal)
        before = len(state.log)
        state.apply(action)
        steps.append((action, [text for _, text in state.log.entries[before:]]))
    return state, steps


@pytest.fixture(scope="module")
def games():
    return [played(seed) for seed in range(6)] + [played(seed, players=1, mode="crisis") for seed in range(2)]


def test_the_log_counts_rounds_as_a_table_does():
    state = gem_rush.new_game(seed=1, players=3)
    assert state.log_unit == "round" and state.round_words() == f"round 1, player {state.current + 1}'s turn"
    while state.turns_taken < 3:
        state.apply(next(a for a in state.legal_actions() if not isinstance(a, Build)))
    # each of the three players has had one turn: the second round begins
    assert state.round_number == 2 and "round 2" in state.round_words()
    ends = [(n, text) for n, text in state.log.entries if text.endswith("ends the turn")]
    assert [n for n, _ in ends] == [1, 1, 1]
    assert state.log.lines(unit=state.log_unit)[-1].startswith("round 1: ")


def test_every_choice_in_an_ability_is_said(games):
    seen = set()
    for _state, steps in games:
        for action, lines in steps:
            text = " | ".join(lines)
            if isinstance(action, NameGem):
                assert f"names {GEM_NAMES[action.gem]}" in text
                seen.add("name")
            elif isinstance(action, Keep):
                assert f"keeps a{'n' if C.card_text(action.card)[0] in 'AEIOU' else ''} {C.card_text(action.card)} card" \
                    in text
                seen.add("keep")
            elif isinstance(action, ChooseX):
                assert "chooses to discard" in text
                seen.add("x")
            elif isinstance(action, Discard):
                assert f"{C.card_text(action.card)} card" in text
                seen.add("discard")
            elif isinstance(action, Build):
                assert re.search(r"builds through the (north|east|south|west) door of .+"
                                 r"(, paying .+ with .+| for free), and scores \d+ points?$", lines[0]), lines
                assert "paying nothing" not in lines[0] and "with no cards" not in lines[0]
                seen.add("free" if "for free" in lines[0] else "build")
            elif isinstance(action, Place):
                assert re.search(r"the new room, .+, is placed (north|east|south|west) of ", text), lines
                seen.add("place")
            elif isinstance(action, DrawCard):
                assert any(re.search(r"draws (1 card|\d+ cards)$", line) for line in lines), lines
            elif isinstance(action, UseRoom):
                assert re.search(r"uses [^:]+$", lines[0]), lines   # the room, not its rule text
                seen.add("use")
    assert {"name", "keep", "build", "place", "use"} <= seen, seen


def test_cards_turned_up_are_named(games):
    lines = [text for state, _ in games for _, text in state.log.entries]
    turned = [line for line in lines if "turns face up" in line or " digs for " in line]
    assert turned
    for line in turned:
        assert re.search(r"(a|an) [A-Z][a-z]+.* card|\d+ cards \(|finds no cards", line), line


def test_no_line_has_unfinished_plurals_or_codes(games):
    for state, _ in games:
        for _, text in state.log.entries:
            assert "(s)" not in text and not re.search(r"\b1 cards\b|\b1 points\b", text), text
            assert not re.search(r"\bX\b", text), text


def test_cards_text_counts_and_names():
    assert C.cards_text([]) == "no cards"
    one = C.cards_text([0])
    assert one.endswith(" card") and C.card_text(0) in one
    assert C.cards_text([0, 1]).startswith("2 cards (")


def test_ability_words_explain_each_step():
    cave = next(r for r in C.ROOMS if C.uses_x(r.ability or ()))
    terms = " ".join(C.ability_terms(cave.ability))
    assert "X: the number of cards you choose to discard first" in terms
    assert "Dig:" in terms or "Reveal:" in terms
    assert "X" not in C.ability_with_x(cave.ability, 2) and "2 cards" in C.ability_with_x(cave.ability, 2)


def bot_game(seed: int, players: int = 3, **options):
    """A game played by the greedy bots, with each action and the log lines it wrote."""
    from minegames.gem_rush.bots import GreedyBot

    state = gem_rush.new_game(seed=seed, players=players, **options)
    bots = [GreedyBot(p, seed=seed) for p in range(players)]
    steps = []
    for _ in range(3000):
        if state.is_over:
            break
        action = bots[state.current_player].choose(state)
        before = len(state.log)
        state.apply(action)
        steps.append((action, [text for _, text in state.log.entries[before:]]))
    return steps


def test_every_action_writes_a_log_line(games):
    """The app's status line shows the lines an action wrote; a silent action would leave it the
    shared fallback ("a bot moved", "done: end movement"), which says nothing to a new player."""
    played_steps = [step for _state, steps in games for step in steps]
    played_steps += bot_game(3) + bot_game(4, players=1, mode="crisis")
    silent = [action for action, lines in played_steps if not lines]
    assert not silent, silent[:5]
    ends = [lines for action, lines in played_steps if isinstance(action, EndMovement)]
    assert ends and all(re.search(r"^player \d ends the movement( with \d steps? unused)?$", lines[0])
                        for lines in ends), ends[:3]


def test_prompts_count_steps_and_cards_in_words():
    state = gem_rush.new_game(seed=1, players=2)
    while state.phase != "move":
        state.apply(state.legal_actions()[0])
    state.steps_left = 1
    assert "move (1 step left)" in state.prompt()
    state.steps_left = 3
    assert "move (3 steps left)" in state.prompt()
    state.phase = "discard"
    state.hand().extend(c.id for c in C.GEM_CARDS[:6] if c.id not in state.hand())
    state.hand()[:] = state.hand()[:5]
    assert state.prompt().endswith(": discard 1 card down to the hand limit.")
    assert "(s)" not in state.prompt()
