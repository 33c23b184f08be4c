"""The Goldmine Rumbles app driven from code (no browser; bots stepped by hand), against the model."""

from __future__ import annotations

import asyncio
import random
from collections import Counter

import pytest

from minegames import GAMES
from minegames import goldmine_rumbles as gr
from minegames.goldmine_rumbles import components as C
from minegames.goldmine_rumbles.actions import (
    AttackPapaClayton, BuyClaim, Decline, EndTurn, FightRound, MineAlone, PlaceCube, TakeItems,
)
from widgets.goldmine_rumbles import FREE_TYPES, GoldmineBoard, GoldmineRumblesApp, default_strength
from widget_test_helpers import live_bots_until_your_turn, run_in_own_loop

INFO = GAMES["goldmine_rumbles"]


def play_through(app: GoldmineRumblesApp, rng: random.Random, follow: float = 0.6) -> Counter:
    """Play ``app`` to the end: bots stepped by hand, the person's seat answered through the app's
    own controls. At every decision the controls must offer exactly the legal actions."""
    adviser = INFO.bot(default_strength(), app.seat, rng.randrange(1000))
    kinds: Counter = Counter()
    for _ in range(3000):
        app.run_bots()
        if app.state.is_over:
            return kinds
        offered = app.offered()
        assert offered, f"nothing offered at {app.state.decision['kind']}"
        assert set(offered) == set(app.state.legal_actions()), app.state.decision["kind"]
        kinds[str(app.state.decision["kind"])] += 1
        if rng.random() < follow:
            action = adviser.choose(app.state)
        else:
            main = [a for a in offered if not isinstance(a, FREE_TYPES)] or list(offered)
            action = rng.choice(sorted(main, key=str))
        assert app.take(action), (action, app.status.text)
        app.run_deferred()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("seed, players, long_game, seat", [(1, 3, False, 0), (2, 4, False, 2), (3, 3, True, 1)])
def test_whole_games_through_the_apps_controls(seed, players, long_game, seat):
    app = GoldmineRumblesApp(seed=seed, players=players, long_game=long_game, seat=seat, live=False)
    kinds = play_through(app, random.Random(seed))
    assert app.state.is_over
    assert {"place cubes", "turn"} <= set(kinds)
    assert "Final scores" in app.instruction.value


def test_every_bot_strength_and_the_paid_route_finders_option():
    for k, strength in enumerate(INFO.bots):
        app = GoldmineRumblesApp(seed=10 + k, players=3 + k % 2, bots=strength, live=False,
                                 paid_route_finders=bool(k % 2))
        play_through(app, random.Random(k), follow=0.8)
        assert set(app.strengths.values()) == {strength}


def test_the_person_decides_only_their_own_seat():
    app = GoldmineRumblesApp(seed=4, players=4, seat=2, live=False)
    app.run_bots()
    assert app.state.current_player == 2 and app.persons_turn()
    assert all(getattr(a, "player", 2) == 2 for a in app.offered())
    assert "Your decision" in app.instruction.value


def at_a_claim_position():
    """Phase 1, first turn: the first miner stands at a claim site whose claim is in the store."""
    probe = gr.position(seed=0, players=3)
    p = probe.turn_player
    site = probe.claim_store[0]
    miners = [{} for _ in range(3)]
    miners[p] = {"at": site, "gold": 20}
    return gr.position(miners, seed=0, players=3), p, site


def test_buy_travel_take_items_and_mine_with_the_controls():
    state, p, site = at_a_claim_position()
    app = GoldmineRumblesApp(state=state, seat=p, live=False)
    app.click_site(site)
    assert "You stand at claim site" in app.route_text.value
    assert "expect" in app.store_text.value and "hazard die" in app.store_text.value
    app.click_store(0)
    assert app.state.history[-1] == BuyClaim(p, 0)
    assert str(app.state.decision["kind"]) == "items"
    row = next(a for a in app.offered() if isinstance(a, TakeItems))
    assert app.take(row)
    app.run_bots()
    while str(app.state.decision["kind"]) == "place cubes":
        column = next(a.column for a in app.offered() if isinstance(a, PlaceCube))
        app.click_column(column)
    assert "expected cost of the hazard die" in app.hint.value.lower()
    assert app.click_choice("Mine alone")
    assert MineAlone(p) in app.state.history
    assert "Yield die" in app.dice_view.value and "Hazard die" in app.dice_view.value
    app.run_bots()
    for _ in range(10):  # the hazard die may ask something (Papa Clayton's fee...) before the turn ends
        if app.state.turn_player != p or app.state.is_over:
            break
        offered = app.offered()
        end = EndTurn(p) if EndTurn(p) in offered else next(iter(offered))
        app.take(end)
        app.run_bots()
    assert app.state.turn_player != p


def fight_position():
    probe = gr.position(seed=0, players=3)
    p = probe.turn_player
    miners = [{} for _ in range(3)]
    miners[p] = {"at": probe.clayton_position, "dashboard": {"Colt 45": 3}, "items": {"Bread": 1}}
    return gr.position(miners, seed=0, players=3), p


def test_a_fight_round_by_round_with_dice_and_totals():
    state, p = fight_position()
    app = GoldmineRumblesApp(state=state, seat=p, live=False)
    label = next(b.description for b in app.choices_row.children if "Papa Clayton" in b.description)
    assert "win" in label and "%" in label
    assert app.click_choice("Rob Papa Clayton")
    assert app.state.history[-1] == AttackPapaClayton(p)
    rounds = 0
    while app.state.fight_record is not None:
        assert "Chance to win this fight" in app.hint.value or str(app.state.decision["kind"]) != "fight"
        if FightRound(p) in app.offered():
            app.take(FightRound(p))
            rounds += 1
        else:
            app.take(next(iter(app.offered())))
    assert rounds >= 1
    shown = app.fight_view.value
    assert "round 1" in shown and "Papa Clayton" in shown and "= <b>" in shown
    assert shown.count("<tr>") == len(app.dice.fight["rows"]) + 1 >= 2


def test_the_board_shows_only_what_the_seat_may_see():
    state = gr.new_game(seed=5, players=4)
    board = GoldmineBoard(state, seat=1)
    text = board.players_view.value
    assert text.count("your mission") == 1
    own = C.MISSIONS[state.sheet(1)["mission"]]
    assert all(item in text for item in own)
    for q in (0, 2, 3):
        theirs = set(C.MISSIONS[state.sheet(q)["mission"]]) - set(own)
        hidden = [item for item in theirs if not any(item in state.sheet(r)["items"] for r in range(4))]
        assert not any(f"<b>{item}</b>" in text for item in hidden)
    unrevealed = state.view(1)["track"][len(state.rumbles_revealed):]
    assert all(tile is None for tile in unrevealed)
    assert board.track_view.value.count("?") == len(unrevealed)


def test_a_detonator_peek_shows_to_the_peeker_only():
    probe = gr.position(seed=0, players=3)
    p = probe.turn_player
    miners = [{} for _ in range(3)]
    miners[p] = {"items": {"Detonator": 1}}
    app = GoldmineRumblesApp(state=gr.position(miners, seed=0, players=3), seat=p, live=False)
    peek = next(a for a in app.offered() if type(a).__name__ == "Peek")
    assert app.take(peek)
    assert "you peeked at it" in app.board.track_view.value
    other = GoldmineBoard(app.state, seat=(p + 1) % 3)
    assert "you peeked" not in other.track_view.value


def test_clicks_on_the_mine_are_checked():
    app = GoldmineRumblesApp(seed=6, players=3, live=False)
    app.board.mine_view._message(None, {"event": "click", "key": "cell:9:9"}, [])
    assert app.status.kind == "error" and "cannot be clicked" in app.status.text
    app.board.mine_view._message(None, {"event": "click", "key": 5}, [])
    assert app.status.kind == "error"
    app.board.mine_view._message(None, {"event": "click", "key": "site:3"}, [])
    assert app.selected_site == 3


def test_undo_takes_back_your_choice_and_the_bot_moves_after_it():
    app = GoldmineRumblesApp(seed=7, players=4, seat=0, live=False)
    assert app.persons_turn() and str(app.state.decision["kind"]) == "place cubes"
    start = app.state.to_json()
    app.click_column(C.DASHBOARD_COLUMNS[0])
    app.click_undo()
    assert app.state.to_json() == start and app.status.text.startswith("took back")
    while app.persons_turn():  # your phase cubes, then one bot's first cube
        app.click_column(next(a.column for a in app.offered() if isinstance(a, PlaceCube)))
    before_last = len(app.state.history) - 1
    assert app.step_bot()
    app.refresh()
    assert not app.controls.undo_button.disabled
    app.click_undo()
    assert len(app.state.history) == before_last
    assert "and 1 bot move after it" in app.status.text
    assert app.persons_turn()


def test_undo_is_refused_after_dice(monkeypatch):
    state, p = fight_position()
    app = GoldmineRumblesApp(state=state, seat=p, live=False)
    app.click_choice("Rob Papa Clayton")
    while FightRound(p) not in app.offered():
        app.take(next(iter(app.offered())))
    app.take(FightRound(p))
    if app.persons_turn() or app.state.is_over:
        refusal = app.undo_refusal()
        assert refusal is not None and "a die was rolled" in refusal
        assert "P1" not in refusal and "rolls" not in refusal  # no move the person never saw
        assert app.controls.undo_button.disabled


def test_save_load_and_new_game_with_options():
    app = GoldmineRumblesApp(seed=8, players=4, live=False)
    app.run_bots()
    text = app.save()
    other = GoldmineRumblesApp(seed=9, players=3, live=False)
    assert other.load(text)
    assert other.state.to_json() == app.state.to_json() and other.state.num_players == 4
    assert sorted(other.bots) == [p for p in range(4) if p != other.seat]
    other.run_bots()
    assert other.persons_turn() or other.state.is_over
    other.players_choice.value = 3
    other.long_box.value = True
    other.click_new_game(12)
    assert other.state.num_players == 3 and other.state.options.long_game
    assert len(other.state.phase_cubes) == len(C.phase_cubes(3, True))


def test_bids_and_accepting_show_expected_gold():
    for seed in range(20, 40):
        app = GoldmineRumblesApp(seed=seed, players=3, live=False, seat=1)
        rng = random.Random(seed)
        for _ in range(400):
            app.run_bots()
            if app.state.is_over:
                break
            kind = str(app.state.decision["kind"])
            if kind == "bids":
                labels = [b.description for b in app.choices_row.children]
                assert any("expected" in label for label in labels if label.startswith("Bid"))
                return
            main = [a for a in app.offered() if not isinstance(a, FREE_TYPES)] or list(app.offered())
            app.take(rng.choice(sorted(main, key=str)))
            app.run_deferred()
    pytest.skip("no bid came up")


def test_any_offered_action_taken_is_made_once():
    """Sixty of a person's actions, picked at random among those offered, each made exactly once,
    with the deferred route searches run after each (how fast: benchmarks/bench_goldmine_clicks.py)."""
    app = GoldmineRumblesApp(seed=11, players=4, live=False, defer_searches=True)
    rng = random.Random(11)
    taken = 0
    for _ in range(60):
        app.run_bots()
        if app.state.is_over:
            break
        offered = sorted(app.offered(), key=str)
        before = len(app.state.history)
        app.take(rng.choice(offered))
        assert len(app.state.history) == before + 1, app.status.text
        taken += 1
        app.run_deferred()
    assert taken >= 30


def test_live_bots_move_on_the_event_loop():
    app = live_bots_until_your_turn(lambda: GoldmineRumblesApp(seed=13, players=3, seat=2, bot_speed="instant"))
    assert app.persons_turn() and len(app.state.history) > 0


def test_a_live_app_searches_ways_with_dynamite_after_answering_the_click():
    from minegames.goldmine_rumbles import mine as M

    async def main():
        for seed in range(40):
            app = GoldmineRumblesApp(seed=seed, players=3, bot_speed="instant")
            here = app.state.positions[app.seat]
            far = [site for site in range(1, 17)
                   if site != here and M.plan_journey(app.state.mine, here, site, 0, 0) is None]
            if not far:
                continue
            M._JOURNEYS.clear()
            app.select_site(far[0])
            assert app.route_pending() and "Looking for a way" in app.route_text.value
            for _ in range(1000):
                if not app.route_pending():
                    break
                await asyncio.sleep(0.01)
            return app
        pytest.skip("every claim site can be walked to")

    app = run_in_own_loop(main())
    assert not app.route_pending()
    assert "Way to" in app.route_text.value or "No way" in app.route_text.value


def test_a_pipe_moves_cubes_through_the_lists():
    probe = gr.position(seed=0, players=3)
    p = probe.turn_player
    miners = [{} for _ in range(3)]
    miners[p] = {"items": {"Pipe": 1}, "dashboard": {"Colt 45": 2, "Company Shares": 2}}
    app = GoldmineRumblesApp(state=gr.position(miners, seed=0, players=3), seat=p, live=False)
    pipe = next(a for a in app.offered() if type(a).__name__ == "UseItem" and a.item == "Pipe")
    assert pipe in [value for _, value in app.free_choice.options]
    assert app.take(pipe)
    assert str(app.state.decision["kind"]) == "pipe"
    moves = [a for a in app.offered() if type(a).__name__ == "MoveCube"]
    assert moves and set(app.offered()) == set(app.state.legal_actions())
    assert app.take(moves[0])
    assert app.click_choice("Put the Pipe away") or str(app.state.decision["kind"]) != "pipe"


# ---- words a player knows (issue 21, part 5) and what changed since your turn (part 3) -------

def test_strengths_are_explained_and_the_thinking_bot_is_named_by_colour():
    from widgets.goldmine_rumbles import STRENGTH_WORDS

    app = GoldmineRumblesApp(seed=4, players=4, seat=2, live=False)
    assert set(GAMES["goldmine_rumbles"].bots) <= set(STRENGTH_WORDS)
    app.strength_choice.value = "brawler"
    assert "brawler bots" in app.strength_text.value and "Colt 45" in app.strength_text.value
    if not app.persons_turn():
        colour = app.state.sheet(app.state.current_player)["colour"]
        assert f"{colour} (" in app.instruction.value and "is thinking" in app.instruction.value


def test_dashboard_columns_say_what_their_numbers_are():
    """Each column says what it gives now and with more cubes, with a unit ("+0 gold at Flooded claims now,
    +1 with the next cube"), never a bare "0→1" or "none→A"."""
    app = GoldmineRumblesApp(seed=4, players=4, live=False)
    labels = {column: button.description for column, button in app.column_buttons.items()}
    assert labels["Water Pumps"].endswith("+0 gold at Flooded claims now, +1 with the next cube")
    assert labels["Fortifying Tonic"].endswith("with 2 cubes")  # a first cube changes nothing: it says when it does
    plans = labels["Tunnel Plans"]
    assert "jumps between A entrances" not in plans and "A entrances with the next cube" in plans
    assert not any("\u2192" in label or "none" in label for label in labels.values())
    assert "P1" not in app.board.players_view.value and "C4" not in app.board.players_view.value


def test_a_click_on_a_bots_turn_is_refused_by_colour_and_the_error_goes_when_play_moves_on():
    app = GoldmineRumblesApp(seed=4, players=4, seat=2, live=False)
    assert not app.persons_turn()
    colour = app.state.sheet(app.state.current_player)["colour"]
    assert not app.act(EndTurn(2))
    assert f"{colour}&#x27;s move now, not yours" in app.status.value and "P3" not in app.status.value
    app.run_bots()
    app.refresh()  # the situation changed: the red line is gone
    assert "mg-status-error" not in app.status.value


def test_the_new_game_question_says_phase_and_turn():
    app = GoldmineRumblesApp(seed=4, players=4, live=False)
    app.run_bots()
    app.take(next(iter(app.offered())))
    question = app.new_game_warning()
    assert "phase 1 of " in question and "at phase" not in question


def test_the_board_marks_what_moved_since_your_last_turn():
    app = GoldmineRumblesApp(seed=8, players=3, live=False)
    for _ in range(40):  # play the person's decisions until the bots have walked somewhere
        app.run_bots()
        if app.state.is_over:
            break
        if "since your last turn" in app.board.mine_view.svg:
            break
        app.take(sorted(app.offered(), key=str)[0])
    svg = app.board.mine_view.svg
    assert "gr-changed" in svg and "since your last turn" in svg


def test_gold_amounts_carry_their_sign_but_never_a_negative_zero():
    from fractions import Fraction

    from widgets.goldmine_rumbles import gn

    assert [gn(v) for v in (Fraction(3, 2), -2, Fraction(-1, 100), 0, 0.04)] == \
        ["+1.5gn", "-2.0gn", "0.0gn", "0.0gn", "0.0gn"]


def test_the_person_is_asked_in_the_second_person_and_the_bots_named_in_the_third():
    app = GoldmineRumblesApp(seed=4, players=4, seat=2, live=False)
    if not app.persons_turn():
        colour = app.state.sheet(app.state.current_player)["colour"]
        assert f"{colour} to " in app.instruction.value and "your dashboard" not in app.instruction.value
    app.run_bots()
    count = app.state.decision["count"]
    assert f"<b>Your decision:</b> place {count} cubes on your dashboard" in app.instruction.value
    assert app.state.sheet(2)["colour"] not in app.instruction.value.split("<span")[0]


def test_log_lines_shown_to_the_person_speak_to_them():
    from minegames.core.words import as_you

    assert as_you("Red does not bid", "Red") == "You do not bid"
    assert (as_you("Blue takes Red as partner for 3gn; Red's turn", "Red")
            == "Blue takes you as partner for 3gn; Your turn")
    assert as_you("Blue bids 3gn", "Red") == "Blue bids 3gn"
    app = GoldmineRumblesApp(seed=4, players=4, seat=0, live=False)
    app.run_bots()
    column = next(a.column for a in app.state.legal_actions() if isinstance(a, PlaceCube))
    assert app.take(PlaceCube(0, column))
    colour = app.state.sheet(0)["colour"]
    assert app.status.text.startswith(f"You place a cube on {column}")
    assert not any(colour in line for _, lines in app.since_groups() for line in lines)


def test_the_card_a_decision_is_answered_on_stands_under_the_decision_card():
    app = GoldmineRumblesApp(seed=4, players=4, seat=0, live=False)
    app.run_bots()
    assert app.state.decision["kind"] == "place cubes"
    assert list(app.decide_box.children[:2]) == [app.decision_card, app.dashboard_card]
    assert app.dashboard_card not in app.right_box.children
    assert "below" in app.decision_text.value
    for _ in range(60):
        if app.persons_turn() and app.state.decision["kind"] == "turn" and app.state.turn_record["mode"] is None:
            break
        assert app.take(sorted(app.offered(), key=str)[0])
        app.run_bots()
    assert list(app.decide_box.children[:2]) == [app.decision_card, app.store_card]
    assert app.dashboard_card in app.right_box.children


def test_gn_is_explained_once_on_the_page():
    from widgets.goldmine_rumbles import GOLD_NOTE

    app = GoldmineRumblesApp(seed=4, players=3, live=False)
    notes = [w for w in app.children if getattr(w, "value", None) == GOLD_NOTE]
    assert len(notes) == 1 and "gn = gold nuggets" in GOLD_NOTE


def test_the_end_table_heads_use_colours_and_the_playing_cards_go():
    app = GoldmineRumblesApp(seed=2, players=3, seat=1, live=False)
    play_through(app, random.Random(2), follow=0.9)
    text = app.instruction.value
    colours = [app.state.sheet(p)["colour"] for p in range(3)]
    assert f"you ({colours[1]})" in text
    assert all(f">{c}" in text or f"{c} \u2605" in text for c in (colours[0], colours[2]))
    assert ">P2<" not in text and "P3" not in text and "(s)" not in text and "Notebook gold back" not in text
    for card in (app.route_card, app.store_card, app.free_card, app.dice_card, app.fight_card):
        assert card.layout.display == "none"


def test_the_decision_card_says_the_prompt_to_the_person():
    from widgets.goldmine_rumbles import decision_sentence

    assert decision_sentence("Phase 2. Your decision: bid for a place as partner, or pass.") == \
        "Bid for a place as partner, or pass."
    app = GoldmineRumblesApp(seed=4, players=4, seat=0, live=False)
    app.run_bots()
    colour = app.state.sheet(0)["colour"]
    for _ in range(200):
        if app.state.is_over:
            break
        if app.persons_turn():
            assert f"{colour} to " not in app.decision_text.value
        assert app.take(sorted(app.offered(), key=str)[-1])
        app.run_bots()
