"""The Off the Rails app driven from code (no browser; bots stepped by hand), against the model.

Squares used: the red clan's start squares are D1 (3, 0) and L1 (11, 0) on the north edge;
column 3 runs south from D2 (3, 1). The red mine's centre is F6 (5, 5).
"""

from __future__ import annotations

import html
import random
import re
from collections import Counter

import pytest

from minegames import GAMES
from minegames import off_the_rails
from minegames.off_the_rails import analysis, app_support, board
from minegames.off_the_rails.actions import (
    ChangeSpeed, DrawCard, DrawToken, Drive, Drop, EndActions, Pick, PlaceCart, PlaceToken, PlaceTrack, Turn,
    Upgrade,
)
from widgets.off_the_rails import OffTheRailsApp, default_strength
from widget_test_helpers import live_bots_until_your_turn, send

INFO = GAMES["off_the_rails"]
COLUMN = {(3, y): "NS" for y in range(1, 4)}


def play_through(app: OffTheRailsApp, rng: random.Random, follow: float = 0.5) -> Counter:
    """Play ``app`` to the end: bots stepped by hand, the person's seat answered through the app's
    own controls (half the time as the registry's best bot would, else at random). At every
    decision the controls must offer exactly the legal actions."""
    adviser = INFO.bot(default_strength(), app.seat, rng.randrange(1000))
    kinds: Counter = Counter()
    for _ in range(5000):
        app.run_bots()
        if app.state.is_over:
            return kinds
        offered, legal = app.offered(), set(app.state.legal_actions())
        assert offered == legal, (legal - offered, offered - legal)
        action = adviser.choose(app.state) if rng.random() < follow else rng.choice(sorted(offered, key=str))
        kinds[type(action).__name__] += 1
        assert app.take(action), (action, app.status.text)
    raise AssertionError("the game did not end")


def app_on(**given) -> OffTheRailsApp:
    return OffTheRailsApp(state=off_the_rails.position(**given), live=False)


def cart(app, player=0, number=0):
    return app.state.carts[app.state.cart_index(player, number)]


# ---- laying track --------------------------------------------------------------------------------


def test_a_click_on_an_empty_square_previews_a_tile_a_second_turns_it_and_lay_lays_it():
    app = app_on(tracks={(3, 2): "NS"}, gems={})
    app.board.click_square((3, 1))
    assert app.selected == (3, 1) and app.state.history == []
    assert app.square_card.layout.display != "none" and app.tile_row.layout.display != "none"
    first = app_support.tile_choices(app.state, (3, 1))[0]
    assert (first.shape, first.turn) == ("straight", 0)            # joins the surface and the track below
    assert 'class="otr-preview"' in app.board.overlay.svg and 'class="otr-selected"' in app.board.overlay.svg
    assert app.lay_button.description == "Lay │"
    app.board.click_square((3, 1))                                 # again: the next tile
    assert app.turning == 1 and app.lay_button.description != "Lay │"
    preview = app.board.overlay.svg
    app.board.click_square((3, 1))
    assert app.board.overlay.svg != preview                        # turned again, drawn again
    allowed = [c for c in app_support.tile_choices(app.state, (3, 1)) if c.refusal is None]
    app.lay_button.click()
    assert app.state.history == [allowed[2].action(0, (3, 1))]
    assert app.state.tracks[(3, 1)] == allowed[2].mask and app.selected is None
    assert app.status.kind == "ok" and app.status.text.startswith("You lay a ")   # your seat: "you"


def test_each_tile_button_lays_its_tile():
    app = app_on(gems={})
    app.board.click_square((7, 7))
    app.tile_buttons[3].click()                                    # the corner east-south
    assert app.state.history == [PlaceTrack(0, 7, 7, "corner", 1)]
    assert app.state.tracks[(7, 7)] == 0b0110 and "┌" == app.tile_buttons[3].description


def test_a_square_that_takes_no_track_says_why_in_the_models_words():
    app = app_on(chasm={(4, 4): "red"}, gems={})
    app.board.click_square((5, 5))                                 # a mine's centre
    assert "centre of the red mine" in app.status.text and app.tile_row.layout.display == "none"
    app.board.click_square((4, 4))                                 # fallen into the chasm
    assert "fallen into the chasm" in app.status.text
    assert app.tile_row.layout.display == "none" and app.state.history == []
    app.board.click_square((7, 0))                                 # the surface
    assert "only underground squares" in app.square_text.value
    app.tile_buttons[0].click()                                    # a page may click a hidden button
    assert app.status.kind == "error" and app.state.history == []


def test_upgrades_offer_each_missing_branch_and_under_a_cart_show_the_models_refusal():
    app = app_on(tracks={(3, 1): "NS", (3, 2): "NS"}, gems={},
                 carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    app.board.click_square((3, 2))
    shown = [s for s, b in app.upgrade_buttons.items() if b.layout.display != "none"]
    assert shown == [board.EAST, board.WEST]
    assert not app.upgrade_buttons[board.EAST].disabled
    assert app.upgrade_buttons[board.EAST].description == "branch east → ├"
    app.board.click_square((3, 1))                                 # the cart's square
    reason = "a tile with a cart on it cannot be upgraded"
    assert reason in app.square_text.value and reason in app.status.text
    assert all(app.upgrade_buttons[s].disabled for s in (board.EAST, board.WEST))
    assert reason in app.upgrade_buttons[board.EAST].tooltip
    app.upgrade_buttons[board.EAST].click()                        # clicked anyway: refused, nothing changes
    assert app.status.kind == "error" and reason in app.status.text and app.state.history == []
    app.board.click_square((3, 2))
    app.upgrade_buttons[board.EAST].click()
    assert app.state.history == [Upgrade(0, 3, 2, board.EAST)] and app.state.tracks[(3, 2)] == 0b0111


# ---- carts -------------------------------------------------------------------------------------


def test_a_cart_goes_out_by_two_clicks_on_a_start_square_or_by_its_button():
    app = app_on(gems={})
    assert 'otr-mark-start' in app.board.overlay.svg              # the free start squares are marked
    app.board.click_square((3, 0))
    assert "Click it again" in app.status.text and app.start_button.layout.display != "none"
    app.board.click_square((3, 0))
    assert app.state.history == [PlaceCart(0, 0, 0)] and tuple(cart(app)["square"]) == (3, 0)
    assert app.put_buttons[1][1].layout.display != "none"
    app.put_buttons[1][1].click()                                  # the black cart on L1
    assert app.state.history[-1] == PlaceCart(0, 1, 1) and tuple(cart(app, 0, 1)["square"]) == (11, 0)
    app.board.click_square((3, 0))                                 # taken: the model's reason
    assert "a cart stands on D1 (red exit) already" in app.status.text or "not in your supply" in app.status.text


def test_speed_buttons_turn_the_die_and_refuse_past_six_with_the_models_reason():
    app = app_on(tracks=COLUMN, gems={}, carts=[{"at": (3, 1), "came_from": "N", "speed": 5}])
    app.fast_buttons[0].click()
    assert cart(app)["speed"] == 6 and app.state.history == [ChangeSpeed(0, 0, 1)]
    assert app.fast_buttons[0].disabled and "between 1 and 6" in app.fast_buttons[0].tooltip
    app.fast_buttons[0].click()
    assert app.status.kind == "error" and "between 1 and 6" in app.status.text and cart(app)["speed"] == 6
    app.slow_buttons[0].click()
    assert cart(app)["speed"] == 5


def test_where_a_cart_would_run_is_drawn_and_said():
    app = app_on(tracks=COLUMN, gems={}, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    assert 'class="otr-route"' in app.board.overlay.svg
    assert "If it moved now: derails: it ran into no track joining it" in app.cart_labels[0].value
    app.board.click_square((3, 4))
    app.tile_buttons[0].click()                                    # the column reaches D5: the move ends there
    assert "If it moved now: ends on D5" in app.cart_labels[0].value


# ---- the move phase ------------------------------------------------------------------------------


def test_end_the_actions_move_a_cart_and_choose_the_way_at_a_junction_by_clicking_a_square():
    tracks = {(3, 1): "NS", (3, 2): "NES", (4, 2): "EW", (5, 2): "EW", (3, 3): "NS", (3, 4): "NS"}
    app = app_on(tracks=tracks, gems={}, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    assert "junction on D3" in app.cart_labels[0].value
    app.end_button.click()
    assert app.state.phase == "move" and app.drive_buttons[0].layout.display != "none"
    assert app.drive_buttons[0].description == "Move (3)"
    app.drive_buttons[0].click()
    assert app.state.pending["kind"] == "turn"
    assert app.board.overlay.svg.count("otr-mark-target") == 2     # E3 and D4 are highlighted
    assert "Go east → E3" in [b.description for b in app.choices_row.children]
    app.board.click_square((7, 7))                                 # not a way: said, nothing played
    assert app.status.kind == "error" and "highlighted" in app.status.text
    app.board.click_square((4, 2))
    assert app.state.history[-1] == Turn(0, board.EAST) and tuple(cart(app)["square"]) == (5, 2)
    assert app.state.phase == "deposits"
    assert app.click_choice("Draw a deposit card")
    assert isinstance(app.state.history[-1], DrawCard) and app.state.current_player == 1


def test_pick_gems_by_buttons():
    app = app_on(tracks=COLUMN, gems={(3, 2): ["ruby", "emerald", "diamond"]},
                 carts=[{"at": (3, 1), "came_from": "N", "speed": 1, "load": ["gold"] * 3}])
    app.end_button.click()
    app.drive_buttons[0].click()
    assert app.state.pending["kind"] == "pick"
    labels = [b.description for b in app.choices_row.children]
    assert labels == ["Pick up ruby (1)", "Pick up emerald (2)", "Pick up diamond (4)"]
    assert app.click_choice("diamond") and app.click_choice("emerald")
    assert sorted(cart(app)["load"]) == ["diamond", "emerald", "gold", "gold", "gold"]


def test_a_bot_hits_your_cart_and_you_choose_what_to_drop():
    column = {(3, y): "NS" for y in range(1, 6)}
    state = off_the_rails.position(tracks=column, gems={}, first_player=1, carts=[
        {"player": 0, "at": (3, 4), "came_from": "N", "load": ["ruby", "emerald", "diamond"]},
        {"player": 1, "at": (3, 2), "came_from": "N", "speed": 4, "load": ["gold"]}])
    state.apply(EndActions(1))
    state.apply(Drive(1, 0))                                       # the bot's cart runs into yours
    app = OffTheRailsApp(state=state, live=False)
    assert app.persons_turn() and app.decision_card.layout.display != "none"
    assert "was hit" in app.decision_text.value
    assert app.click_choice("Drop ruby") and app.click_choice("Drop emerald")
    assert cart(app)["load"] == ["diamond"] and app.state.current_player == 1
    assert not app.persons_turn() and app.decision_card.layout.display == "none"


def test_a_chasm_token_goes_on_a_highlighted_square():
    chasm = {board.mine_square(colour, 1): colour for colour in board.CLANS}
    for seed in range(40):  # the token is drawn blind: a seed whose token has a choice of squares
        app = app_on(chasm=chasm, chasm_begun=True, gems={}, seed=seed)
        app.end_button.click()
        app.click_choice("Draw a chasm token")
        if app.state.pending and app.state.pending["kind"] == "token":
            break
    squares = [tuple(s) for s in app.state.pending["squares"]]
    assert len(squares) > 1
    assert app.board.overlay.svg.count("otr-mark-target") == len(squares)
    assert "chasm token" in app.decision_text.value
    app.board.click_square(squares[0])
    assert app.state.history[-1] == PlaceToken(0, *squares[0]) and squares[0] in app.state.chasm


# ---- whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed, players, bots", [(1, 2, "random"), (3, 3, "random"), (4, 4, "random"),
                                                 (6, 2, None)])
def test_whole_games_against_bots_through_the_apps_controls(seed, players, bots):
    app = OffTheRailsApp(seed=seed, players=players, bots=bots, live=False)
    kinds = play_through(app, random.Random(seed))
    assert app.state.is_over and kinds["PlaceTrack"] > 0 and kinds["Drive"] > 0
    words = app.instruction.value
    assert "Final scores" in words and "New game" in words
    assert app.decision_card.layout.display == "none" and app.carts_card.layout.display == "none"


@pytest.mark.parametrize("seed", [2, 7])
def test_a_solo_game_finishes_with_its_outcome_and_tally(seed):
    app = OffTheRailsApp(seed=seed, players=1, live=False)
    assert app.bots == {} and app.run_bots() == 0
    assert sum(row.layout.display != "none" for row in app.cart_rows) == 4
    assert "Delivered at the matching exit" in app.table_view.value
    assert "holds it back a turn" in app.chasm_view.value and "16 left" not in app.chasm_view.value
    play_through(app, random.Random(seed), follow=0.8)
    assert app.state.is_over
    assert f"The game is over: {app.state.solo_result}." in app.instruction.value
    assert f"Standing now: <b>{app_support.solo_tally(app.state)['standing']}" in app.table_view.value


# ---- what is shown -------------------------------------------------------------------------------


def test_the_chasm_clock_is_the_exact_chance_given_the_cards_drawn():
    app = OffTheRailsApp(seed=8, players=2, bots="random", live=False)
    whole = analysis.chasm_draw_distribution(2)
    clock = app_support.chasm_clock(app.state.view(0), app.state.options)
    assert dict(clock.card_turns) == whole and sum(dict(clock.card_turns).values()) == 1
    for turn, chance in whole.items():
        # counted as a table does: turn 13 of two seats is round 7
        who = app.bot_name(app_support.seat_of_turn(turn, app.state.options))
        assert re.search(rf"round {(turn - 1) // 2 + 1}</td><td>{re.escape(who)}</td>.*?"
                         rf"{re.escape(f'{float(chance):.0%}')}", app.chasm_view.value)
    # after ten cards without the Chasm card, the turns left share its chance
    view = dict(app.state.view(0), drawn=["x"] * 10)
    late = dict(app_support.chasm_clock(view, app.state.options).card_turns)
    assert late == {t: c / sum(c for u, c in whole.items() if u > 10) for t, c in whole.items() if t > 10}
    assert sum(late.values()) == 1


def test_the_panels_use_only_what_your_seat_may_see():
    # two games alike but for where the Chasm card lies: the clock reads the same
    texts = set()
    for seed in range(12):
        app = OffTheRailsApp(seed=seed, players=2, bots="random", live=False)
        texts.add(re.sub(r"Deposit deck.*?</span>", "", app.chasm_view.value, flags=re.S))
    assert len(texts) == 1
    app = OffTheRailsApp(seed=9, players=2, bots="random", live=False)
    app.run_bots()
    counts = app_support.bag_from_view(app.state.view(0))
    assert counts == {gem: app.state.bag.count(gem) for gem in counts}   # the bag, counted from what is in sight
    assert all(f"{gem} {n}" in app.chasm_view.value for gem, n in counts.items() if n)


def test_the_table_shows_each_clans_stockpile_and_score_breakdown():
    app = app_on(gems={}, stockpiles=[["ruby", "ruby", "diamond"], ["gold"]],
                 carts=[{"at": (3, 0)}])
    table = app.table_view.value
    assert "You" in table and "Blue (" in table
    assert "gems 6 · rubies 5 · carts 3" in table and re.search(r"otr-num'>14<", table)
    assert "Missions" not in table and app.missions_card.layout.display != "none"
    assert "4 points each" in app.missions_view.value


def test_the_hint_shows_the_planners_plan_and_follows_it():
    if "planner" not in INFO.bots:
        pytest.skip("no planner registered yet")
    app = app_on(tracks={(3, 1): "NS"}, gems={(3, 3): ["diamond", "gold"]},
                 carts=[{"at": (3, 0)}])
    app.hint_button.click()   # what to weigh
    app.hint_button.click()   # the plan
    assert "This turn:" in app.hint.value and "<ol>" in app.hint.value
    plan = app.hint_plan
    squares = app_support.action_squares(plan.actions)
    assert squares and app.board.overlay.svg.count("otr-mark-hint") == len(set(squares))
    first = plan.actions[0]
    app.follow_button.click()
    assert app.state.history[0] == first


def test_clicks_on_the_board_and_values_from_the_page_are_checked(caplog):
    app = OffTheRailsApp(seed=10, players=2, bots="random", live=False)
    before = app.state.to_json()
    app.board.base._message(None, {"event": "click", "key": "sq:40:40"}, [])
    assert app.status.kind == "error" and "cannot be clicked" in app.status.text
    app.board.base._message(None, {"event": "click", "key": 5}, [])
    assert app.status.kind == "error"
    for button in (app.lay_button, app.start_button, *app.upgrade_buttons.values(), *app.drive_buttons):
        button.click()                                             # hidden or greyed out: nothing happens
    assert app.state.to_json() == before
    for name, index in (("players_choice", 99), ("strength_choice", 7), ("length_choice", "x")):
        send(getattr(app, name), index=index)
        assert app.status.kind == "error" and "does not offer" in app.status.text
    assert app.state.to_json() == before
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


# ---- undo, save, load, new game --------------------------------------------------------------------


def test_undo_takes_back_your_choice_and_refuses_after_a_draw():
    app = app_on(tracks=COLUMN, gems={}, carts=[{"at": (3, 1), "came_from": "N", "speed": 3}])
    assert app.controls.undo_button.disabled
    app.board.click_square((3, 4))
    app.tile_buttons[0].click()
    assert not app.controls.undo_button.disabled
    app.click_undo()
    assert app.state.history == [] and app.status.text.startswith("took back: lay a straight north–south")
    app.end_button.click()
    assert app.end_confirm.asking() and app.state.history == []    # the cart would derail: asked first
    app.end_confirm.go_button.click()
    app.drive_buttons[0].click()
    app.click_choice("Draw a deposit card")                        # a card was seen: it stands
    app.run_bots()
    assert app.persons_turn()
    refusal = app.undo_refusal()
    assert refusal is not None and "seen" in refusal
    assert app.controls.undo_button.disabled and refusal in app.controls.undo_button.tooltip


def test_save_load_and_new_game_with_the_rows_options():
    app = OffTheRailsApp(seed=11, players=3, bots="random", live=False)
    app.run_bots()
    app.board.click_square((7, 7))
    app.tile_buttons[1].click()
    text = app.save()
    other = OffTheRailsApp(seed=12, players=2, live=False)
    assert other.load(text)
    assert other.state.to_json() == app.state.to_json() and sorted(other.bots) == [1, 2]
    assert other.players_choice.value == 3
    other.players_choice.value = 4
    other.length_choice.value = 13
    other.bumper_box.value = True
    other.strength_choice.value = "random"
    other.click_new_game(13)
    options = other.state.options
    assert (options.players, options.deck_length, options.bumper_carts) == (4, 13, True)
    assert other.strength == "random" and sorted(other.bots) == [1, 2, 3]
    other.players_choice.value = 1
    assert other.count_box.layout.display != "none" and other.length_choice.disabled
    other.count_box.value = True
    other.click_new_game(14)
    assert other.state.options.solo and other.state.options.solo_last_token == "count deliveries"
    assert other.bots == {}
    assert not other.load("{not json") and other.status.kind == "error"


# ---- pace --------------------------------------------------------------------------------------------


def test_a_random_square_click_makes_at_most_one_move_and_an_offered_action_exactly_one():
    """Sixty turns of a click on a random square (it picks, previews or, on a highlighted square,
    acts) and an offered action; how fast: benchmarks/bench_off_the_rails_clicks.py."""
    app = OffTheRailsApp(seed=15, players=4, bots="random", live=False)
    rng = random.Random(15)
    taken = 0
    for _ in range(60):
        app.run_bots()
        if app.state.is_over:
            break
        before = len(app.state.history)
        app.board.click_square(rng.choice(board.TRACK_SQUARES))
        assert len(app.state.history) - before in (0, 1), "one click, one move at most"
        if app.state.is_over or not app.persons_turn():
            continue
        before = len(app.state.history)
        app.take(rng.choice(sorted(app.offered(), key=str)))
        assert len(app.state.history) == before + 1, app.status.text
        taken += 1
    assert taken >= 30


def test_live_bots_move_on_the_event_loop():
    app = live_bots_until_your_turn(lambda: OffTheRailsApp(seed=13, players=3, seat=2, bots="random", bot_speed="instant"))
    assert app.persons_turn() and len(app.state.history) > 0
    assert app.state.players[2]["clan"] == "blue" and "Your turn" in app.instruction.value


def test_hidden_cards_never_reach_the_page():
    from minegames.off_the_rails.components import MISSION_BY_ID

    app = OffTheRailsApp(seed=16, players=2, bots="random", live=False)
    shown = "".join(w.value for w in (app.chasm_view, app.table_view, app.instruction, app.missions_view,
                                      app.log_view, app.square_text, app.hint)) + app.board.base.svg
    for card in app.state.removed + app.state.deposit_deck:         # out of the game or face down
        assert f"deposit {card}" not in shown and f"card {card}" not in shown
    for mission in app.state.mission_deck:                           # face down
        assert MISSION_BY_ID[mission].title not in shown
    for mission in app.state.missions_up:
        assert MISSION_BY_ID[mission].title in app.missions_view.value


def test_since_your_last_turn_lists_every_line_the_bots_wrote_and_clears_when_you_act():
    app = OffTheRailsApp(seed=8, players=2, bots="random", live=False)
    rng = random.Random(8)
    assert app.since_view.layout.display == "none"  # the person opens the game: nothing yet
    for _ in range(200):
        if app.state.current_player != app.seat:
            break
        app.take(rng.choice(sorted(app.offered(), key=str)))
    mark = len(app.state.log)
    assert app.since_view.layout.display == "none"  # the person's own lines are not listed
    assert app.run_bots() > 0 and app.state.current_player == app.seat
    written = [f"{app.state.log_unit} {n}: {t}" for n, t in app.state.log.entries[mark:]]
    assert written and app.since_lines() == written
    assert app.since_view.layout.display is None and "Since your last turn" in app.since_view.value
    for name, lines in app.since_groups():  # each turn named once, its lines under it
        assert app.since_view.value.count(f'mg-since-turn">{html.escape(name)}<') == 1
        for line in lines:
            assert f"<li>{html.escape(line)}</li>" in app.since_view.value
    app.take(rng.choice(sorted(app.offered(), key=str)))
    assert app.since_lines() == [] and app.since_view.layout.display == "none"


def test_a_bots_move_that_hands_the_turn_on_waits_the_longer_turn_pause():
    app = OffTheRailsApp(seed=8, players=2, bots="random", live=False)
    assert app.speed_choice.value == "normal" and app.bot_turn_pause_ms == 1500
    app.speed_choice.value = "instant"
    assert app.bot_turn_pause_ms == 0


# ---- your seat reads "you"; rounds; the end ------------------------------------------------------


def test_your_carts_and_your_lines_read_you_not_your_clan():
    app = app_on(tracks=COLUMN, gems={(3, 2): ["ruby", "ruby"]},
                 carts=[{"at": (3, 1), "came_from": "N", "speed": 1}])
    label = html.unescape(app.cart_labels[0].value)
    assert "Your white cart" in label and "Red" not in label
    app.end_button.click()
    app.drive_buttons[0].click()
    said = app.status.text
    assert "Your white cart picks up 2 rubies" in said and "Red" not in said, said
    log = html.unescape(app.log_view.value)
    assert "Your white cart picks up 2 rubies" in log and "Red's" not in log


def test_the_instruction_and_the_table_count_rounds():
    app = OffTheRailsApp(seed=4, players=2, bots="random", live=False)
    app.run_bots()
    while app.state.turn < 3:
        app.act(EndActions(0) if app.state.phase == "actions" else app.state.legal_actions()[0])
        app.run_bots()
    assert app.state.turn == 3 and app.persons_turn()                 # your second turn
    words = html.unescape(app.instruction.value)
    assert "round 2" in words and "turn 3" not in words
    assert html.unescape(app.table_view.value).startswith("<div>Round 2 · ")


def test_at_the_end_the_chasm_card_and_the_status_say_the_game_is_over():
    app = OffTheRailsApp(seed=2, players=2, bots="random", live=False)
    play_through(app, random.Random(2))
    chasm = html.unescape(app.chasm_view.value)
    assert "game is over" in chasm and "next)" not in chasm and "still below derail" not in chasm
    clan = app.state.players[app.seat]["clan"].capitalize()
    final = app.since_view.value + app.status.text + html.unescape(app.log_view.value)
    assert not re.search(rf"\b{clan}\b", final), final[-400:]
