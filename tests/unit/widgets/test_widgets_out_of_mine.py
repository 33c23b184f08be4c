"""The Out of Mine! app driven from code (no browser, live clock off), checked against the model."""

from __future__ import annotations


from minegames import out_of_mine as oom
from minegames.out_of_mine import ChooseSide, Done, Place, Remove, Tick
from widgets.board import ghost_cells, grab_cell
from minegames.core.polyomino import flipped, turned
from widgets.out_of_mine import HUMAN, OutOfMineApp

SEED = 5


def solo_app(**options) -> OutOfMineApp:
    """You alone (the other seat sits out), sides chosen, tiles being placed."""
    app = OutOfMineApp(seed=SEED, bots=(), live=False, **options)
    assert app.choose_side("A")
    assert app.state.phase == "placing"
    return app


def turn_to(app: OutOfMineApp, k: int) -> None:
    """Reach symmetry ``k`` with the buttons a player has: flip once, then turn."""
    if k >= 4:
        app.flip()
    for _ in range(k % 4):
        app.rotate()
    assert app.orientation == k


def a_legal_placement(state, colour=None) -> Place:
    for tile, k, row, col in state.placements(HUMAN):
        if colour is None or state.kit.tiles[tile].colour == colour:
            return Place(HUMAN, tile, k, row, col)
    raise AssertionError("no legal placement")


def test_sides_and_seat_moves_match_the_model():
    app = solo_app()
    model = oom.new_game(seed=SEED)
    for action in (ChooseSide(1, model.sides_allowed(1)[0]), ChooseSide(0, "A"), Done(1)):
        model.apply(action)
    assert app.state == model
    assert app.status.kind == "ok" and "side A" in app.status.text


def test_select_turn_and_place_is_the_models_place():
    app = solo_app()
    model = app.state.copy()
    wanted = a_legal_placement(model, "red")
    tile = model.kit.tiles[wanted.tile]
    assert app.select(tile.colour, model.kit.shape_name(wanted.tile))
    turn_to(app, wanted.orientation)
    assert app.place_at(wanted.row, wanted.col)
    model.apply(Place(HUMAN, app.state.placed[HUMAN][0].tile, wanted.orientation, wanted.row, wanted.col))
    assert app.state == model
    assert app.state.kit.kind(app.state.placed[HUMAN][0].tile) == model.kit.kind(wanted.tile)
    drawn = app.board.tiles
    assert len(drawn) == 1 and sorted(map(tuple, drawn[0]["cells"])) == sorted(model.placed[HUMAN][0].cells)
    assert app.status.kind == "ok"


def test_clicking_the_board_places_where_the_ghost_shows():
    app = solo_app()
    wanted = a_legal_placement(app.state, "green")
    t = app.state.kit.tiles[wanted.tile]
    app.select(t.colour, t.shape)
    turn_to(app, wanted.orientation)
    shape = app.held_shape()
    # the pointer cell that puts the shape's (0, 0) at the wanted spot
    grab = grab_cell(shape)
    pointer = (wanted.row + grab[0], wanted.col + grab[1])
    app.board.hover(pointer)
    assert ghost_cells(shape, pointer)[0] == (wanted.row, wanted.col)
    assert app.board.ghost_ok and len(app.board.ghost) == len(shape)
    app.board.click(pointer)
    last = app.state.history[-1]
    assert isinstance(last, Place) and (last.orientation, last.row, last.col) == (wanted.orientation, wanted.row, wanted.col)


def test_an_illegal_placement_shows_the_rule_and_changes_nothing():
    app = solo_app()
    gallery = app.state.gallery(HUMAN)
    app.select("yellow" if "yellow" in app.state.cards[HUMAN].limits else next(iter(app.state.cards[HUMAN].limits)))
    rock = next((r, c) for r in range(8) for c in range(5) if (r, c) not in gallery)
    before = app.state.to_json()
    app.board.hover(rock)
    assert not app.board.ghost_ok  # the ghost is red over the rock
    assert not app.place_at(*rock)
    assert app.status.kind == "error" and app.status.text.startswith("outside the gallery")
    assert app.state.to_json() == before
    # on top of an own tile
    wanted = a_legal_placement(app.state)
    t = app.state.kit.tiles[wanted.tile]
    app.select(t.colour, t.shape)
    turn_to(app, wanted.orientation)
    assert app.place_at(wanted.row, wanted.col)
    if app.selected is None:  # that was the card's last tile of its colour: take any other
        other = a_legal_placement(app.state)
        app.select(app.state.kit.tiles[other.tile].colour, app.state.kit.tiles[other.tile].shape)
    before = app.state.to_json()
    assert not app.place_at(wanted.row, wanted.col)
    assert app.status.text.startswith("overlap") and app.state.to_json() == before


def test_the_palette_offers_the_cards_colours_while_the_card_has_room():
    app = solo_app()
    state = app.state
    card = state.cards[HUMAN]
    kinds = app.palette_kinds()
    assert {colour for colour, _ in kinds} == set(card.limits)
    legal_kinds = {(state.kit.tiles[a.tile].colour, state.kit.tiles[a.tile].shape)
                   for a in state.legal_actions(HUMAN) if isinstance(a, Place)}
    assert legal_kinds <= {key for key, offer in kinds.items() if offer.offered}
    shown = [b for b in app.palette.children]
    assert len(shown) == len(kinds)
    # use up one colour: its shapes are no longer offered, and selecting one is refused
    colour = min(card.limits, key=lambda c: card.limits[c])
    for _ in range(card.limits[colour]):
        app.act(a_legal_placement(app.state, colour))
    after = app.palette_kinds()
    assert not any(offer.offered for (c, _), offer in after.items() if c == colour)
    assert all(button.disabled for (c, _), (_box, _icon, button) in app._pieces.items() if c == colour)
    before = app.state.to_json()
    assert not app.select(colour, 0)
    assert app.status.text.startswith("card limit") and app.state.to_json() == before
    missing = next(c for c in oom.COLOURS if c not in card.limits)
    assert not app.select(missing, 0) and app.status.text.startswith("colour not on card")


def test_the_status_line_and_the_supply_name_tiles_and_places_in_words():
    """Issue 21: "P1 places yellow I1 (tile 0) turned 0 at 0,3"; supply buttons "L4 x3"."""
    app = solo_app()
    kit = app.state.kit
    red = next(i for i, name in enumerate(kit.names["red"]) if name == "I4")
    if app.select("red", red):
        assert app.status.text == "in hand: the red 4-cell bar; click your board where it shows green"
        assert "red 4-cell bar" in app.held_text.value
    place = a_legal_placement(app.state)
    assert app.act(place)
    corner = min(app.state.placed[HUMAN][0].cells)
    assert app.status.text.startswith(f"0:00.0 you place the {kit.tile_words(place.tile)}")
    assert app.status.text.endswith(f"row {corner[0] + 1}, column {corner[1] + 1}")
    for box in app.palette.children:
        button = box.children[1]
        assert button.description.endswith(" left") and "-cell " in button.tooltip and " in the supply" in button.tooltip
    assert "board 0" not in app.board_caption.value


def test_remove_and_pick_up_go_through_the_model():
    app = solo_app()
    place = a_legal_placement(app.state)
    app.act(place)
    cell = min(app.state.placed[HUMAN][0].cells)
    assert app.remove_at(*cell)
    assert app.state.history[-1] == Remove(HUMAN, place.tile) and app.state.placed[HUMAN] == ()
    assert not app.remove_at(*cell) and app.status.text.startswith("no tile there")
    app.act(place)
    app.drop()
    app.board.click(cell)  # nothing in hand: the click lifts the tile back into the hand
    assert app.state.history[-1] == Remove(HUMAN, place.tile)
    assert app.selected == app._kind(place.tile) and app.orientation == place.orientation
    app.board.click(cell)  # and puts it down again where it was (the same cell is under the pointer)
    assert isinstance(app.state.history[-1], Place) and len(app.state.placed[HUMAN]) == 1


def test_board_keys_turn_flip_drop_and_delete():
    app = solo_app()
    place = a_legal_placement(app.state)
    app.act(place)
    other = a_legal_placement(app.state)
    app.select(app.state.kit.tiles[other.tile].colour, app.state.kit.tiles[other.tile].shape)
    app.board.hover(min(app.state.placed[HUMAN][0].cells))
    k = app.orientation
    app.board.press("r")
    assert app.orientation == turned(k)
    app.board.press("f")
    assert app.orientation == flipped(turned(k))
    app.board.press("Escape")
    assert app.selected is None and app.board.ghost == []
    app.board.press("Delete")
    assert app.state.history[-1] == Remove(HUMAN, place.tile)


def test_hint_then_call_finishes_and_scores_the_round():
    app = solo_app()
    for _ in range(25):
        app.show_hint()  # what to weigh
        advice = app.show_hint()  # the move
        if app.state.is_covered(HUMAN):
            break
        assert advice.step is not None and app.selected is not None and app.board.highlight
        step = advice.step
        assert app.orientation == step.orientation
        assert app.place_at(step.row, step.col), app.status.text
        assert app.board.highlight == []  # the hint is used up
    assert not app.call_button.disabled
    app.call_button.click()
    state = app.state
    result = state.round_results[0]
    assert result["caller"] == HUMAN and result["points"][HUMAN]["total"] == 12
    assert state.round == 2 and state.phase == "choose_sides"
    assert "12" in app.results.value and "\u2605" in app.results.value


def test_call_is_refused_with_an_empty_space():
    app = solo_app()
    assert app.call_button.disabled
    before = app.state.to_json()
    assert not app.call()
    assert app.status.text.startswith("not covered") and app.state.to_json() == before


def test_the_clock_ticks_by_hand_and_undo_takes_back_a_move_and_its_time():
    app = solo_app()
    assert not app.timer.running
    app.tick(1500)
    assert app.state.clock_ms == 1500 and "0:01.5" in app.clock.value
    place = a_legal_placement(app.state)
    app.act(place)
    app.tick(700)
    assert not app.controls.undo_button.disabled
    app.undo()
    assert app.state.clock_ms == 1500 and app.state.placed[HUMAN] == ()
    assert app.status.text == "took back: " + app.state.action_words(place).replace("player 1 places", "you place", 1)
    assert app.status.text.startswith("took back: you place the ") and "tile " not in app.status.text
    assert app.controls.undo_button.disabled
    assert not app.undo() and app.status.kind == "error"


def bot_app(**kwargs) -> OutOfMineApp:
    app = OutOfMineApp(seed=SEED, live=False, **kwargs)
    assert app.bot_players == [1]
    assert app.state.boards[1] is not None  # the bot chose its side at once
    assert app.choose_side(app.state.sides_allowed(HUMAN)[0])
    return app


def test_ticks_bring_in_the_bots_moves_on_the_clock():
    app = bot_app(bot_pace="very fast")  # a tile every 1.5 s
    assert app.controls.undo_button.layout.display == "none"
    app.tick(1499)
    assert app.state.clock_ms == 1499 and app.state.placed[1] == ()
    app.tick(2)
    assert app.state.clock_ms == 1501 and len(app.state.placed[1]) == 1
    assert f"{len(app.state.covered(1))}/20 covered" in app.bot_captions[1].value
    assert app.bot_captions[1].value.startswith("<b>Player 2</b> (")
    assert "0:01.5 player 2 places the " in app.log_view.value  # the bot's move, in words
    assert len(app.bot_boards[1].tiles) == 1
    assert [a for a in app.state.history if isinstance(a, Tick)] == [Tick(1499), Tick(1), Tick(1)]
    assert not app.undo() and app.status.text.startswith("no undo")


def test_a_full_round_against_a_bot_ends_and_scores():
    app = bot_app(bot_pace="very fast")
    place = a_legal_placement(app.state)
    app.act(place)
    for _ in range(200):
        if app.state.round == 2:
            break
        app.tick(250)
    state = app.state
    assert state.round == 2 and state.phase == "choose_sides"
    result = state.round_results[0]
    assert result["reason"] == "call" and result["caller"] == 1
    empty = 20 - len(state.kit.shapes[state.kit.tiles[place.tile].colour][state.kit.tiles[place.tile].shape])
    assert result["points"][HUMAN]["total"] == oom.round_points(empty)["total"]
    assert result["points"][1]["total"] == 12
    assert state.scores() == [result["points"][0]["total"], 12]
    assert "Round 1" in app.results.value and "player 2 called" in app.results.value
    assert "Player 1 (you)" in app.results.value and "P2" not in app.results.value
    # the board shows the round as it ended, and the next side choice is offered
    assert len(app.board.tiles) == 1 and not app.board.interactive
    assert app.side_card.layout.display != "none" and app.state.boards[1] is not None
    assert not app.tick(100) and app.status.text.startswith("not placing")


def test_the_live_timer_runs_on_the_event_loop_and_stops():
    import asyncio
    import threading

    async def play() -> tuple[OutOfMineApp, int]:
        app = OutOfMineApp(seed=SEED)
        assert not app.timer.running  # sides first: no clock yet
        app.choose_side(app.state.sides_allowed(HUMAN)[0])
        assert app.timer.running
        await asyncio.sleep(0.6)
        app.close()
        assert not app.timer.running
        stopped_at = app.state.clock_ms
        await asyncio.sleep(0.3)
        return app, stopped_at

    # A loop of its own on a thread of its own: other tests (Playwright's session browser)
    # may keep an event loop running on the main thread, where asyncio.run would refuse.
    outcome = []
    runner = threading.Thread(target=lambda: outcome.append(asyncio.run(play())))
    runner.start()
    runner.join(timeout=30)
    app, stopped_at = outcome[0]
    assert 300 <= stopped_at <= 1500 and app.state.round == 1
    assert app.state.clock_ms == stopped_at
    assert oom.clock_text(stopped_at) in app.clock.value


def test_done_hides_the_palette_and_new_game_and_load_reset_the_hand():
    app = bot_app()
    colour, shape = next(iter(app.palette_kinds()))
    assert app.select(colour, shape)
    app.tick(300)
    saved = app.save()
    assert app.done()
    assert app.palette_card.layout.display == "none" and not app.board.interactive
    assert app.state.finished_ms[HUMAN] == 300
    assert app.load(saved) and app.state.finished_ms[HUMAN] is None and app.state.clock_ms == 300
    assert app.selected is None and app.palette_card.layout.display != "none"
    assert app.new_game(11)
    (bot_side,) = app.state.history  # a new game: only the bot has chosen its side
    assert isinstance(bot_side, ChooseSide) and bot_side.player == 1
    assert app.state == oom.new_game(seed=11).apply(bot_side)
    assert app.state.round == 1 and app.state.boards[1] is not None and app.results.value.count("<tr>") == 0


def test_table_rules_let_a_tile_hang_over_the_rock_until_the_check():
    app = OutOfMineApp(seed=SEED, bots=(), live=False, strict_placement=False)
    app.choose_side("A")
    assert (app.board.first_row, app.board.first_col) == (-1, -1)
    state = app.state
    gallery = state.gallery(HUMAN)
    tile, k, row, col = next(spot for spot in state.placements(HUMAN)
                             if not state.kit.orient(spot[0], spot[1])[0] <= {(r - spot[2], c - spot[3])
                                                                               for r, c in gallery})
    t = state.kit.tiles[tile]
    assert app.select(t.colour, t.shape)
    turn_to(app, k)
    grab = grab_cell(app.held_shape())
    app.board.click((row + grab[0], col + grab[1]))
    placed = app.state.placed[HUMAN]
    assert len(placed) == 1 and not placed[0].cells <= gallery and placed[0].cells & gallery
    assert app.board.tiles[0]["key"] == placed[0].tile
    # the score line runs the check: the tile over the rock earns nothing
    assert "<b>0</b> points (more than 10 spaces empty: 0 for the round)" in app.score_line.value
    assert app.state.points_if_ended(HUMAN)["empty"] == -len(gallery)


# ---- the review: what the screen says agrees with the model, from first round to game over ----


def test_a_broken_card_limit_reads_too_many_not_a_negative_count():
    app = OutOfMineApp(seed=2, bots=(), live=False, strict_placement=False)
    app.choose_side("A")
    state = app.state
    colour, limit = next(iter(state.cards[HUMAN].limits.items()))
    for _ in range(limit + 1):
        tile, k, row, col = next(s for s in state.placements(HUMAN) if state.kit.tiles[s[0]].colour == colour)
        assert app.act(Place(HUMAN, tile, k, row, col))
    assert f"{limit + 1} of {limit} used" in app.treasure.value
    assert "<b>1</b> too many" in app.treasure.value and "<b>-1</b>" not in app.treasure.value


def test_a_hint_to_take_a_tile_off_says_what_is_possible_without_it():
    from random import Random

    app = solo_app()
    state, pick = app.state, Random(0)
    for _ in range(100):  # lay random tiles until one blocks the best cover
        place = Place(HUMAN, *pick.choice(state.placements(HUMAN)))
        app.act(place)
        advice = app.show_hint()
        if advice.remove is not None:
            break
        app.act(Remove(HUMAN, place.tile))
    assert advice.remove is not None and app.board.highlight == []  # first press: what to weigh only
    reach = "a full cover is possible" if advice.hint.perfect else f"{advice.hint.covered} of 20 spaces can be covered"
    assert f"Without it {reach}" in app.status.text and "marked in gold" not in app.status.text
    app.show_hint()
    assert f"it is in the way; without it {reach}" in app.status.text
    assert "with it there" not in app.status.text
    blocking = next(p for p in state.placed[HUMAN] if p.tile == advice.remove)
    assert app.board.highlight == [list(c) for c in sorted(blocking.cells)]


def shown_totals(app: OutOfMineApp) -> list[int]:
    import re

    total_row = app.results.value.split("oom-total")[1].split("</tr>")[0]
    return [int(n) for n in re.findall(r'oom-num">(-?\d+)', total_row)]


def check_the_screen(app: OutOfMineApp) -> None:
    """Card counts, palette counts, score line, clock and results say what the model says."""
    state = app.state
    if state.phase == "placing":
        assert oom.clock_text(state.clock_ms) in app.clock.value and f"Round {state.round} of 7" in app.clock.value
        used = state.card_use(HUMAN)
        for colour, limit in state.cards[HUMAN].limits.items():
            assert f"{used.get(colour, 0)} of {limit} used" in app.treasure.value
        free = [state.kit.tiles[t] for t in state.free_tiles()]
        for (colour, shape), offer in app.palette_kinds().items():
            assert offer.free == sum(1 for t in free if (t.colour, t.shape) == (colour, shape))
        provisional = state.points_if_ended(HUMAN)["total"]
        assert f"<b>{provisional}</b> points" in app.score_line.value
        assert f"total so far {state.scores()[HUMAN]}" in app.score_line.value
        for p, caption in app.bot_captions.items():
            assert f"{len(state.covered(p))}/20 covered" in caption.value
    if state.round_results:
        assert shown_totals(app) == state.scores()
        assert app.results.value.count("<td>Round ") == len(state.round_results)


def test_a_whole_game_against_bots_through_the_apps_buttons():
    app = OutOfMineApp(seed=7, players=3, bots=("perfect", "hasty"), bot_pace="very fast", live=False,
                       elves=True, finds=True)
    for _ in range(2000):
        state = app.state
        check_the_screen(app)
        if state.is_over:
            break
        if state.phase == "choose_sides":
            assert app.choose_side(state.sides_allowed(HUMAN)[-1])
            continue
        if state.finished_ms[HUMAN] is None:
            app.show_hint()
            advice = app.show_hint()
            if advice.step is not None:
                step = advice.step
                assert app.select(step.colour, step.shape) and app.orientation == 0
                turn_to(app, step.orientation)
                assert app.place_at(step.row, step.col), app.status.text
            elif state.is_covered(HUMAN):
                assert app.call()
                continue
            else:
                assert app.done()
        app.tick(900)
    state = app.state
    assert state.is_over and len(state.round_results) == 7
    totals, winners = state.scores(), state.winners()
    # the end: every total, the winner named, a trophy by each winner's total, no clock
    assert "Game over after 7 rounds." in app.instruction.value
    for p, name in enumerate(["you", "Player 2 (perfect bot)", "Player 3 (hasty bot)"]):
        assert f"{name} {totals[p]}" in app.instruction.value
    winner_text = "You win" if winners == [HUMAN] else f"Player {winners[0] + 1}"
    assert winner_text in app.instruction.value
    assert app.results.value.count(f"{max(totals)} winner</td>") == len(winners)
    # the score table: one row per round, each round's sum in words, the check and the zero rule said once
    end = app.instruction.value
    assert all(f"<td>round {r}</td>" in end for r in range(1, 8)) and "rounds that scored 0" not in end
    assert "round 1: " in end and "the check at the end of each round takes off" in end and "the checks" not in end
    assert app.clock.value == "<small>the game is over</small>" and app.score_line.value == ""
    assert app.palette_card.layout.display == "none" and app.call_button.disabled and app.hint_button.disabled
    assert app.middle.layout.display == "none"  # no empty column beside the ending
    assert not app.select("yellow") and "the game is over" in app.status.text
    # a new game with the same rules and bots
    assert app.new_game(8)
    assert app.state.round == 1 and app.state.options == state.options and not app.state.round_results
    assert "No round has been scored yet" in app.results.value and "Round 1 of 7" in app.instruction.value


def test_a_round_with_more_than_ten_empty_spaces_says_why_it_scores_nothing():
    app = bot_app(bot_pace="very fast")
    while app.state.round == 1:
        app.tick(1500)
    assert app.state.round_results[0]["points"][HUMAN]["zeroed"]
    assert "more than 10 spaces empty: 0 for the round" in app.results.value


def test_after_a_click_places_a_tile_its_shadow_does_not_hide_it():
    app = solo_app()
    state = app.state
    twice = [colour for colour, limit in state.cards[HUMAN].limits.items() if limit >= 2]
    tile, k, row, col = next(s for s in state.placements(HUMAN) if state.kit.tiles[s[0]].colour in twice)
    t = state.kit.tiles[tile]
    assert app.select(t.colour, t.shape)
    turn_to(app, k)
    grab = grab_cell(app.held_shape())
    app.board.click((row + grab[0], col + grab[1]))
    assert len(state.placed[HUMAN]) == 1
    assert app.selected is not None  # the same kind stays in hand for the next one...
    assert app.board.ghost == []  # ...but its shadow waits until the pointer moves
    app.board.press("ArrowRight")
    assert app.board.ghost != []


def test_the_log_counts_rounds_not_turns():
    app = OutOfMineApp(seed=5, bots=(), live=False)
    assert "round 1:" in app.log_view.value and "turn 1:" not in app.log_view.value


def pointer_for(app: OutOfMineApp, wanted: Place) -> tuple[int, int]:
    """Select the wanted tile, turned as wanted, and give the board cell that lays it there."""
    t = app.state.kit.tiles[wanted.tile]
    app.select(t.colour, t.shape)
    turn_to(app, wanted.orientation)
    grab = grab_cell(app.held_shape())
    return wanted.row + grab[0], wanted.col + grab[1]


def test_on_a_touch_screen_a_first_tap_shows_the_shadow_and_a_second_lays_the_tile():
    """Issue 21: a finger gives no hover, so a tap laid the tile unseen."""
    app = solo_app()
    app.pointer_kind.kind = "touch"  # what the page reports after a finger's pointerdown
    wanted = a_legal_placement(app.state, "green")
    pointer = pointer_for(app, wanted)
    before = len(app.state.history)
    app.board.click(pointer)
    assert len(app.state.history) == before
    assert app.board.ghost and app.board.ghost_ok
    assert "tap the same spot again" in app.status.text
    app.board.click(pointer)
    last = app.state.history[-1]
    assert isinstance(last, Place) and (last.orientation, last.row, last.col) == (wanted.orientation, wanted.row, wanted.col)


def test_a_tap_elsewhere_shows_again_and_a_turn_keeps_the_shadow_seen():
    app = solo_app()
    app.pointer_kind.kind = "touch"
    wanted = a_legal_placement(app.state, "green")
    pointer = pointer_for(app, wanted)
    before = len(app.state.history)
    app.board.click(pointer)
    other = next(cell for cell in map(tuple, app.board.gallery) if cell != pointer)
    app.board.click(other)  # a new spot: shown, not laid
    app.board.click(pointer)  # back to the first spot: shown again
    assert len(app.state.history) == before
    for _ in range(4):  # turned round in place: the shadow turns where it was seen
        app.rotate()
    app.board.click(pointer)
    assert len(app.state.history) == before + 1


def test_with_a_mouse_one_click_lays_the_tile():
    app = solo_app()
    assert app.pointer_kind.kind == "mouse"
    pointer = pointer_for(app, a_legal_placement(app.state, "green"))
    before = len(app.state.history)
    app.board.click(pointer)
    assert len(app.state.history) == before + 1


def test_taking_off_a_missing_tile_names_the_cell_counting_from_1():
    app = solo_app()
    assert not app.remove_at(0, 0)
    assert "row 1, column 1" in app.status.text


def test_the_words_say_what_each_count_counts_and_call_the_person_you():
    app = bot_app(bot_pace="very fast")
    assert "you may lay <b>" in app.treasure.value and "</b> left" not in app.treasure.value
    assert app.act(a_legal_placement(app.state))
    assert "you place" in app.log_view.value and "player 1 places" not in app.log_view.value
    assert app.status.text.startswith("0:00.0 you place")
    assert not any("(you)" in line for line in app.state.log.lines())  # the model's log stays neutral
    while app.state.round == 1:
        app.tick(1500)
    caption = app.board_caption.value
    assert "as the check left it" not in caption and "after the end-of-round check took off" in caption
