"""Burning in Rush (``burn_in_rush=True``): the other players' hands are hidden, so a burn from
one of them is blind (the burner picks the hand, the seeded generator picks the card, and a
seen card stands); and a Rush game still ends on a whole round, also when the last card is burnt.
Crisis burning, with its open hands, is unchanged."""

from __future__ import annotations

import json

import pytest

from minegames.core import ChanceSeenError, IllegalActionError, SaveFormatError
from minegames.gem_rush import load, new_game, position
from minegames.gem_rush.actions import DECK, UNSEEN, Burn, DrawCard, EndMovement
from minegames.gem_rush.bots import make_bot

TORCHLIT = "r01"
HANDS = [[0, 1, 2, 3], [10, 11, 12, 13], [20, 21, 22, 23]]


def to_burn_phase(game):
    """The first player stands still and draws: the burn phase of the first turn."""
    game.apply(EndMovement())
    game.apply(DrawCard())
    assert game.phase == "burn"
    return game


def rush_position(seed: int = 0, **options):
    return to_burn_phase(position({(0, 0): (TORCHLIT, 0)}, hands=HANDS, seed=seed, players=3,
                                  burn_in_rush=True, skills="none", **options))


def bot_game(seed: int, players: int, *, record=None):
    """A Rush game with burning played to the end by a greedy bot and random bots."""
    game = new_game(seed=seed, players=players, burn_in_rush=True, target=40)
    bots = [make_bot("greedy" if seat == seed % players else "random", seat, seed * 10 + seat)
            for seat in range(players)]
    while not game.is_over:
        if record is not None and game.phase == "burn":
            record(game)
        game.apply(bots[game.current].choose(game))
    return game


def test_a_rush_burn_never_names_a_card_of_a_hidden_hand():
    seen_blind = 0

    def check(game):
        nonlocal seen_blind
        view = game.view(game.current)
        for action in game.legal_actions():
            if not isinstance(action, Burn) or action.player == DECK:
                continue
            if action.card == UNSEEN:
                assert action.player != game.current, "your own hand is seen: its cards are named"
                seen_blind += 1
            else:
                # a named card is one the burner sees: its own hand, never another's
                assert action.player == game.current
                assert action.card in view["players"][action.player]["hand"]

    for seed in range(6):
        bot_game(seed, 3, record=check)
    assert seen_blind > 0


def test_a_blind_burn_takes_the_chosen_players_card_drawn_by_chance_and_it_stands():
    game = rush_position()
    assert Burn(1) in game.legal_actions() and Burn(2) in game.legal_actions()
    assert Burn(0, 0) in game.legal_actions()          # the burner's own cards are named
    game.apply(Burn(1))
    burnt = game.burnt[-1]
    assert burnt in HANDS[1] and burnt not in game.hand(1) and len(game.hand(1)) == 3
    assert game.drew_on_chance()
    with pytest.raises(ChanceSeenError):                 # once seen, the burnt card stands
        game.undo()


def test_the_card_a_blind_burn_takes_is_decided_by_the_seed():
    def burnt_by(seed):
        game = rush_position(seed)
        game.apply(Burn(2))
        return game.burnt[-1]

    by_seed = {seed: burnt_by(seed) for seed in range(12)}
    assert all(burnt_by(seed) == card for seed, card in by_seed.items())   # same seed, same card
    assert len(set(by_seed.values())) > 1                                   # the seed decides it
    assert set(by_seed.values()) <= set(HANDS[2])


def test_the_same_seed_and_actions_make_the_same_game():
    first = bot_game(3, 3)
    again = new_game(seed=3, players=3, burn_in_rush=True, target=40)
    for action in first.history:
        again.apply(action)
    assert again._full_snapshot() == first._full_snapshot()
    assert any(isinstance(a, Burn) and a.card == UNSEEN and a.player != DECK for a in first.history)
    loaded = load(first.to_json())
    assert loaded.burnt == first.burnt and loaded.scores() == first.scores()


def test_rush_with_burning_ends_on_a_whole_round():
    # the rulebook's Rush end: once it is over, the rest of the round is played so that all
    # players have had the same number of turns; the last card burnt is such an end
    ends = set()
    for seed in range(24):
        players = 2 + seed % 4
        game = bot_game(seed, players)
        turns = [0] * players
        for _number, text in game.log:
            if text.endswith("ends the turn"):
                turns[int(text.split()[1]) - 1] += 1
        assert len(set(turns)) == 1, f"seed {seed}: turns per player {turns}"
        assert game.turns_taken % players == 0
        ends.add(game.ended_by)
    assert "the last gem card is burnt" in ends


def test_the_last_burn_in_rush_lets_the_round_finish():
    # two players, 3 burns a turn: the 75th card burns on turn 25 (the first player's 13th), and
    # the second player still takes a 13th turn before the game ends
    game = new_game(seed=1, players=2, burn_in_rush=True, target=200)
    bots = [make_bot("random", seat, seat) for seat in range(2)]
    while game.cards_left_to_burn:
        game.apply(bots[game.current].choose(game))
    assert game.turns_taken == 25 and not game.is_over and game.current == 1
    while not game.is_over:
        game.apply(bots[game.current].choose(game))
    assert game.turns_taken == 26 and game.ended_by == "the last gem card is burnt"


def test_crisis_still_burns_named_cards_from_the_open_hands_and_ends_at_the_last_burn():
    game = to_burn_phase(position({(0, 0): (TORCHLIT, 0)}, hands=HANDS, players=3, mode="crisis",
                                  skills="none"))
    legal = game.legal_actions()
    assert Burn(1, 10) in legal and Burn(2, 23) in legal and Burn(1) not in legal
    game.apply(Burn(1, 10))
    assert 10 in game.burnt and not game.drew_on_chance()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(Burn(2))
    assert refused.value.rule == "burning" and "name the card" in refused.value.message


@pytest.mark.parametrize("action, rule, words", [
    (Burn(1, 10), "hidden hands", "hidden"),          # naming a card of a hidden hand
    (Burn(0), "burning", "name the card"),             # your own hand is seen: name the card
    (Burn(DECK, 5), "burning", "top card"),            # the deck burns its top card
    (Burn(5), "burning", "no player 6"),
    (Burn(0, 13), "burning", "does not hold"),
])
def test_a_malformed_burn_is_refused_naming_the_rule_and_changes_nothing(action, rule, words):
    game = rush_position()
    before = game._full_snapshot()
    with pytest.raises(IllegalActionError) as refused:
        game.apply(action)
    assert refused.value.rule == rule and words in refused.value.message
    assert game._full_snapshot() == before and not game.is_legal(action)


def test_an_old_rush_save_that_named_a_hidden_card_is_refused_clearly():
    game = rush_position()
    data = json.loads(game.to_json())
    data["actions"].append(Burn(1, 10).to_json())
    with pytest.raises(SaveFormatError) as refused:
        load(json.dumps(data))
    assert "hidden" in str(refused.value) and "Burn(1)" in str(refused.value)
