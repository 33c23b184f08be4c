"""Deck: draw from the top, discard, reshuffle the discards when asked."""

import pytest

from minegames.core import Deck, IllegalActionError, make_rng


def test_draw_takes_the_top_card_which_is_the_end_of_the_pile():
    deck = Deck([1, 2, 3])
    assert deck.draw() == 3
    assert len(deck) == 2


def test_shuffle_is_a_seeded_permutation():
    a, b = Deck(range(20)), Deck(range(20))
    a.shuffle(make_rng(5))
    b.shuffle(make_rng(5))
    assert a.draw_pile == b.draw_pile
    assert sorted(a.draw_pile) == list(range(20))
    assert a.draw_pile != list(range(20))


def test_empty_deck_raises_unless_reshuffling_discards():
    deck = Deck(["x"])
    deck.discard(deck.draw())
    with pytest.raises(IllegalActionError) as info:
        deck.draw()
    assert info.value.rule == "empty deck"
    with pytest.raises(ValueError):
        deck.draw(reshuffle=True)
    assert deck.draw(make_rng(0), reshuffle=True) == "x"
    assert deck.discards == []


def test_copy_is_independent():
    deck = Deck([1, 2], discards=[3])
    twin = deck.copy()
    twin.draw()
    twin.discard(9)
    assert deck.draw_pile == [1, 2] and deck.discards == [3]
