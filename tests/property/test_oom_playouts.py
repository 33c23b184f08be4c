"""Hundreds of seeded random Out of Mine! games (2-4 players, every variant), checking the
game's own invariants after every action: tiles never overlap, strict play keeps tiles in
the gallery and within the card, every physical tile is in exactly one place, scores are
the sum of the round breakdowns and follow the formula, a placing player may always say
Done (a choosing one may take an allowed side), and the game ends after ``rounds`` rounds.
The random actions include illegal ones, which are refused and skipped.

The protocol checks (saves, undo, is_legal against legal_actions, refused actions that
change nothing, replays) live in the shared conformance suite, tests/protocol/."""

import random
from collections import Counter

import pytest

from minegames import out_of_mine as oom
from minegames.core import IllegalActionError
from minegames.core.polyomino import translate


def check_invariants(game):
    opts, kit = game.options, game.kit
    where = Counter(t.tile for tiles in game.placed for t in tiles)
    assert all(count == 1 for count in where.values()), "a tile lies on two boards"
    assert set(where).isdisjoint(game.free_tiles()) and len(where) + len(game.free_tiles()) == len(kit.tiles)
    for p, tiles in enumerate(game.placed):
        cells = [c for t in tiles for c in t.cells]
        assert len(cells) == len(set(cells)), "tiles overlap"
        for t in tiles:
            assert t.cells == translate(kit.orient(t.tile, t.orientation)[0], t.row, t.col)
            assert game.tile_owner(t.tile) == p
        if opts.strict_placement and tiles:
            assert set(cells) <= game.boards[p].cells, "strict play left a tile over the rock"
            limits = game.cards[p].limits
            assert all(n <= limits.get(colour, 0) for colour, n in game.card_use(p).items())
        if not opts.strict_placement and tiles:
            assert all(t.cells & game.boards[p].cells for t in tiles)
    totals = [0] * game.num_players
    for result in game.round_results:
        for p, points in enumerate(result["points"]):
            empty = -points["empty"]
            expected = 10 - empty + points["caller"] + points["elves"] + points["finds"]
            assert points["total"] == (0 if empty > 10 else expected)
            assert points["caller"] in ((2, -2) if result["caller"] == p and empty <= 10 else (0,))
            if points["caller"] == 2:
                assert result["removed"][p] == []
            if opts.strict_placement:
                assert result["removed"][p] == [], "strict play never needs the check"
            if not opts.elves:
                assert points["elves"] == 0
            if not opts.finds:
                assert points["finds"] == 0
            totals[p] += points["total"]
    assert game.scores() == totals
    assert len(game.round_results) == game.round - (0 if game.is_over else 1)
    assert game.round <= opts.rounds
    assert game.is_over == (len(game.round_results) == opts.rounds)
    if not game.is_over:
        movers = game.players_to_move()
        assert movers, "a game that is not over always has someone to move"
        if game.phase == "placing":
            assert all(game.is_legal(oom.Done(p)) for p in movers)
        else:
            assert all(game.is_legal(oom.ChooseSide(p, game.sides_allowed(p)[0])) for p in movers)
        assert game.pile_size == opts.rounds - game.round


def random_place(game, player, chooser):
    kit, card = game.kit, game.cards[player]
    free = game.free_tiles()
    if chooser.random() < 0.8:
        free = [t for t in free if card.limits.get(kit.tiles[t].colour, 0) > 0] or free
    tile = chooser.choice(free)
    k = chooser.randrange(8)
    empty = sorted(game.empty_cells(player)) or [(0, 0)]
    er, ec = chooser.choice(empty)
    cr, cc = chooser.choice(sorted(kit.orient(tile, k % 8)[0]))
    return oom.Place(player, tile, k, er - cr, ec - cc)


def random_action(game, chooser):
    movers = game.players_to_move()
    p = chooser.choice(movers)
    if game.phase == "choose_sides":
        if chooser.random() < 0.1:
            return oom.ChooseSide(p, chooser.choice("AB"))
        return oom.ChooseSide(p, chooser.choice(game.sides_allowed(p)))
    roll = chooser.random()
    if game.is_covered(p) and roll < 0.5:
        return oom.Call(p)
    if roll < 0.65:
        return random_place(game, p, chooser)
    if roll < 0.75 and game.placed[p]:
        return oom.Remove(p, chooser.choice(game.placed[p]).tile)
    if roll < 0.8:
        return oom.Done(p)
    if roll < 0.82:
        legal = game.legal_actions(p)
        return chooser.choice(legal)
    return oom.Tick(chooser.choice((100, 700, 2500, 9000)))


def playout(seed):
    chooser = random.Random(seed)
    options = {
        "players": chooser.choice((2, 3, 4)),
        "rounds": 7 if seed % 25 == 0 else chooser.choice((1, 2, 3)),
        "strict_placement": chooser.random() < 0.6,
        "flips": chooser.random() < 0.8,
        "elves": chooser.random() < 0.5,
        "finds": chooser.random() < 0.5,
        "time_limit_ms": chooser.choice((30_000, 60_000, None)),
        "no_caller_board": chooser.choice(("first_done", "random")),
        "white_shapes": "all" if seed % 10 == 3 else "default",
    }
    game = oom.new_game(seed=seed, **options)
    check_invariants(game)
    steps = 0
    while not game.is_over:
        steps += 1
        assert steps < 5000, "the game did not end"
        action = random_action(game, chooser)
        try:
            game.apply(action)
        except IllegalActionError:
            continue  # a random placement is often illegal: try another action
        check_invariants(game)
    assert len(game.round_results) == options["rounds"]
    return game


@pytest.mark.parametrize("block", range(6))
def test_random_games_keep_every_invariant(block):
    for seed in range(block * 50, block * 50 + 50):
        playout(seed)
