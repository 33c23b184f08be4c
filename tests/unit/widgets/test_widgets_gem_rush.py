"""The Gem Rush app driven from code (no browser; bots stepped by hand), against the model."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from minegames import GAMES
from minegames import gem_rush
from minegames.gem_rush import analysis, app_support, mine, render
from minegames.gem_rush.actions import Build, Burn, ChooseX, Keep, NameGem, Place, Step, Warp
from widgets.gem_rush import GemRushApp, GemMineView, percent
from widget_test_helpers import live_bots_until_your_turn, send

INFO = GAMES["gem_rush"]
TORCHLIT = "r01"        # N: Soulstone + Star Tear (1 point), W: Electrum; ability: draw 2
SORTING_TABLE = "r03"   # draw 1, reveal 2, keep 1
TINKERS = "r54"         # discard X, draw X+1
TOMB = "r11"            # name a gem, reveal 5, keep those showing it
SOUL_STAR, OB_RUBY, PERMA_ELEC, ELEC_STAR = 45, 12, 18, 36
ELEC_WARP = 72


def play_through(app: GemRushApp, rng: random.Random, follow: float = 0.7) -> Counter:
    """Play ``app`` to the end: bots stepped by hand, the person's seat answered through the app's
    own controls (mostly as the planner would, sometimes at random). At every decision the
    controls must offer exactly the legal actions."""
    adviser = INFO.bot("team" if app.state.options.mode == "crisis" else "greedy", app.seat, rng.randrange(1000))
    kinds: Counter = Counter()
    for _ in range(4000):
        app.run_bots()
        if app.state.is_over:
            return kinds
        offered = app.offered()
        legal = app.state.legal_actions()
        assert offered and set(offered) == set(legal), (set(legal) - set(offered), set(offered) - set(legal))
        kinds[type(legal[-1]).__name__] += 1
        action = adviser.choose(app.state) if rng.random() < follow else rng.choice(sorted(offered, key=str))
        assert app.take(action), (action, app.status.text)
    raise AssertionError("the game did not end")


def torchlit_app(hand, **options) -> GemRushApp:
    state = gem_rush.position({(0, 0): (TORCHLIT, 0)}, hands=[hand, []], at=[(0, 0), (0, 0)], **options)
    return GemRushApp(state=state, live=False)


# ---- building ------------------------------------------------------------------------------------


def test_build_a_room_by_choosing_cards_and_clicking_a_door():
    app = torchlit_app([OB_RUBY, SOUL_STAR, PERMA_ELEC])
    north = ((0, 0), 0)
    # a door first: what it costs, and the cards picked do not pay it yet
    app.click_card(OB_RUBY)
    app.mine_view.click_door(*north)
    assert app.door == north and app.state.history == []
    text = app.door_text.value
    assert "Soulstone + Star Tear (1 point)" in text and "do not pay it" in text and "2 gems short" in text
    # a card that pays, with one that is not needed: the app says so, and does not build
    app.click_card(SOUL_STAR)
    assert "2 chosen cards pay it" in app.door_text.value and "Not needed: #12" in app.door_text.value
    assert app.build_button.disabled
    app.click_card(OB_RUBY)                      # put it back
    assert "The chosen card pays it" in app.door_text.value and "Nothing is wasted" in app.door_text.value
    assert not app.build_button.disabled
    assert app.build_button.description.startswith("Build here: +1 point") and "cannot be undone" in app.build_button.description
    app.mine_view.click_door(*north)             # the door again, now with cards that pay: build
    assert app.state.history[-1] == Build(0, (SOUL_STAR,))
    assert app.state.players[0]["score"] == 1
    assert app.state.pending["kind"] == "place"
    assert "Place" in app.decision_text.value and app.place_view.layout.display != "none"


def test_wasted_gems_are_named():
    app = torchlit_app([ELEC_STAR, PERMA_ELEC])
    west = ((0, 0), 3)                            # the west door costs one Electrum
    app.click_card(ELEC_STAR)
    app.mine_view.click_door(*west)               # pays at once: it builds
    assert app.state.history[-1] == Build(3, (ELEC_STAR,))
    assert not app.undo() and "room tiles it turned up have been seen" in app.status.text
    app = torchlit_app([ELEC_STAR, PERMA_ELEC])
    app.click_card(PERMA_ELEC)
    app.click_card(ELEC_STAR)                     # both picked: one of them is spare
    app.mine_view.click_door(*west)
    assert app.door == west and "Not needed" in app.door_text.value
    app.click_card(ELEC_STAR)
    assert "Wasted: Permafrost" in app.door_text.value


def test_the_new_room_is_turned_as_clicked():
    app = torchlit_app([SOUL_STAR])
    app.click_card(SOUL_STAR)
    app.mine_view.click_door((0, 0), 0)
    room = app.state.pending["tiles"][0]
    places = [a for a in app.offered() if isinstance(a, Place)]
    assert places and {a.rotation for a in places} == set(mine.legal_rotations(
        gem_rush.components.ROOM_BY_ID[room], app.state.pending["back"]))
    chosen = places[-1]
    assert f'data-key="place:{room}:{chosen.rotation}"' in app.place_view.svg
    app.click_place(chosen.rotation, room)
    placed = app.state.mine.get((0, -1))
    if gem_rush.components.ROOM_BY_ID[room].kind == "tunnel":   # a tunnel goes on: another room is drawn
        assert placed == (room, chosen.rotation)
    else:
        assert placed == (room, chosen.rotation) and app.state.players[0]["pos"] == [0, -1]
    assert len(app.state.mine) >= 2


def test_chances_beside_the_doors_are_the_exact_chance_with_one_more_card():
    app = torchlit_app([OB_RUBY, PERMA_ELEC])
    view = app.state.view(0)
    pool = app_support.draw_pool(view, 0)
    assert len(pool) == 75 - 2 and OB_RUBY not in pool   # all but your hand: in Rush the other hands are unseen
    overlay = app.mine_view.overlay.svg
    for side in (0, 1, 2, 3):
        door = mine.door_at(app.state.mine, (0, 0), side)
        chance = analysis.chance_to_pay(door.cost, [OB_RUBY, PERMA_ELEC], 1,
                                        skills=gem_rush.skills.skills_of(app.state, 0),
                                        colour=app.state.players[0]["colour"], deck=pool)
        assert f">{percent(chance)}</text>" in overlay
    assert "Doors show their cost" in app.mine_view.caption.value


def test_a_step_and_a_warp_through_the_mine():
    mine_map = {(0, 0): (TORCHLIT, 0), (-1, 0): (SORTING_TABLE, 0), (-2, 0): (TINKERS, 1)}
    state = gem_rush.position(mine_map, hands=[[ELEC_WARP], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    assert Step(3) in app.offered()
    app.mine_view.click_room((-1, 0))             # the room next door: a step
    assert app.state.history[-1] == Step(3) and app.state.players[0]["pos"] == [-1, 0]
    warp = Warp(0, 0, ELEC_WARP)
    assert warp in app.offered()
    app.mine_view.click_room((0, 0))              # next door again: walking wins over warping
    assert app.state.history[-1] == Step(1)
    app.undo()
    assert app.state.players[0]["pos"] == [-1, 0]
    app.undo()                                    # back where we began
    app.mine_view.click_room((-2, 0))             # two rooms away: say how to warp there
    assert app.status.kind == "error" and "pick just one Warpstone card" in app.status.text
    app.click_card(ELEC_WARP)
    app.mine_view.click_room((-2, 0))
    assert app.state.history[-1] == Warp(-2, 0, ELEC_WARP) and app.state.players[0]["pos"] == [-2, 0]
    assert ELEC_WARP in app.state.discards and app.state.steps_left == 3


# ---- abilities -----------------------------------------------------------------------------------


def test_use_an_ability_with_keep_name_and_x():
    # Sorting Table: draw 1, reveal 2, keep 1 (a click on a face-up card)
    state = gem_rush.position({(0, 0): (SORTING_TABLE, 0)}, hands=[[OB_RUBY], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    assert app.click_choice("End movement")
    assert app.click_choice("Use Sorting Table")
    keeps = [a for a in app.offered() if isinstance(a, Keep)]
    assert len(keeps) == 2 and app.revealed_view.layout.display != "none"
    app.click_keep(keeps[0].card)
    assert keeps[0].card in app.state.players[0]["hand"]

    # Ancestor's Tomb: name a gem from the buttons
    state = gem_rush.position({(0, 0): (TOMB, 0)}, hands=[[OB_RUBY], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    app.click_choice("End movement")
    app.click_choice("Use Ancestor's Tomb")
    labels = [b.description for b in app.choices_row.children]
    assert len(labels) == 11 and any(label.startswith("Fire Ruby") for label in labels)
    assert re.search(r" \d\.\d\d$", labels[0])         # the exact expected cards differ by gem here
    assert app.click_choice("Fire Ruby")
    assert app.state.history[-1] == NameGem("fire_ruby") and app.state.pending is None

    # Tinker's Workshop: choose X, then pick the cards to discard
    state = gem_rush.position({(0, 0): (TINKERS, 0)}, hands=[[OB_RUBY, SOUL_STAR, PERMA_ELEC], []],
                              at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    app.click_choice("End movement")
    app.click_choice("Use Tinker's Workshop")
    assert {a for a in app.offered() if isinstance(a, ChooseX)} == {ChooseX(x) for x in range(4)}
    assert app.click_choice("X = 2")
    assert "Pick 2 cards" in app.decision_text.value and app.discard_button.layout.display != "none"
    app.click_card(OB_RUBY)
    app.click_card(PERMA_ELEC)
    assert not app.discard_button.disabled
    app.discard_button.click()
    hand = app.state.players[0]["hand"]
    assert OB_RUBY not in hand and PERMA_ELEC not in hand and SOUL_STAR in hand and len(hand) == 4


# ---- Crisis ---------------------------------------------------------------------------------------


def crisis_app(**options) -> GemRushApp:
    state = gem_rush.position({(0, 0): (TORCHLIT, 0)}, hands=[[OB_RUBY, SOUL_STAR], [PERMA_ELEC, ELEC_STAR]],
                              at=[(0, 0), (0, 0)], mode="crisis", players=2, target=35, **options)
    return GemRushApp(state=state, live=False)


def test_burn_in_crisis_from_a_teammates_hand_and_the_deck():
    app = crisis_app()
    assert "Team score <b>0</b> of 35 (Apprentice)" in app.table_view.value
    assert "<b>75</b> gem cards left to burn" in app.table_view.value
    assert app.team_card.layout.display != "none" and 'data-key' not in app.team_view.svg  # not burning yet
    app.click_choice("End movement")
    app.click_choice("Draw 1 card")
    assert app.state.phase == "burn" and app.burn_button.layout.display != "none"
    assert f'data-key="card:1:{PERMA_ELEC}"' in app.team_view.svg
    app.click_card(PERMA_ELEC, player=1)
    app.burn_button.click()
    assert app.state.history[-1] == Burn(1, PERMA_ELEC) and PERMA_ELEC in app.state.burnt
    deck = len(app.state.deck)
    assert app.click_choice("Burn the top card of the deck")
    assert len(app.state.burnt) == 2 and len(app.state.deck) == deck - 1
    assert app.burn_all_button.layout.display == "none"      # one burn left: the one button does
    app.click_choice("Burn the top card of the deck")
    assert app.state.current_player == 1 or app.state.is_over
    app.run_bots()
    assert app.persons_turn() and "<b>69</b> gem cards left" in app.table_view.value


def test_one_click_burns_the_rest_from_the_deck():
    app = crisis_app()
    app.click_choice("End movement")
    app.click_choice("Draw 1 card")
    assert app.burn_all_button.description == "Burn the top 3 cards of the deck"
    app.burn_all_button.click()
    assert len(app.state.burnt) == 3 and app.state.current_player == 1


def test_solo_crisis_has_no_bots():
    app = GemRushApp(seed=5, players=1, live=False)
    assert app.state.options.mode == "crisis" and app.bots == {}
    assert app.persons_turn() and app.run_bots() == 0


# ---- whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed, players, mode, skills", [
    (1, 3, "rush", "normal"), (2, 2, "crisis", "normal"), (3, 1, "crisis", "chaos"),
    (4, 5, "rush", "choice"), (6, 4, "crisis", "magic_circle"), (7, 2, "rush", "shared"),
])
def test_whole_games_through_the_apps_controls(seed, players, mode, skills):
    app = GemRushApp(seed=seed, players=players, mode=mode, skills=skills, live=False)
    kinds = play_through(app, random.Random(seed))
    assert app.state.is_over
    assert kinds["Build"] + kinds["EndMovement"] > 0
    words = app.instruction.value
    assert ("Final scores" in words) if mode == "rush" else ("Team score" in words)
    assert "New game" in words


def test_every_bot_strength_offered_for_a_mode_plays_it():
    k = 0
    for mode in ("rush", "crisis"):
        for strength in INFO.strengths(mode):
            app = GemRushApp(seed=20 + k, players=3, mode=mode, bots=strength, live=False)
            play_through(app, random.Random(k), follow=0.9)
            assert app.strength == strength
            k += 1


def test_the_app_offers_each_mode_only_the_bots_that_play_it():
    app = GemRushApp(seed=3, players=3, mode="rush", live=False)
    assert list(app.strength_choice.options) == list(INFO.strengths("rush")) and "team" not in INFO.strengths("rush")
    app.mode_choice.value = "crisis"
    assert list(app.strength_choice.options) == ["team"] and app.strength_choice.value == "team"
    with pytest.raises(ValueError, match="bot strengths in crisis are team, not 'random'"):
        GemRushApp(seed=3, players=3, mode="crisis", bots="random", live=False)


# ---- what is shown -------------------------------------------------------------------------------


def test_rush_hides_the_other_hands():
    app = GemRushApp(seed=8, players=3, live=False)
    app.run_bots()
    others = {c for p in (1, 2) for c in app.state.players[p]["hand"]}
    mine_cards = set(app.state.players[0]["hand"])
    assert app.team_card.layout.display == "none"
    keys = re.findall(r'data-key="card:(\d+):(\d+)"', app.hand_view.svg)
    assert {int(c) for _, c in keys} == mine_cards and {int(p) for p, _ in keys} == {0}
    shown = app.hand_view.svg + app.table_view.value + app.hint.value + app.door_text.value
    for card in others:
        assert f"#{card} " not in shown and f">#{card}<" not in shown
    assert "cards</td>" in app.table_view.value          # their hands as a count only
    for p in (1, 2):
        assert app.state.view(0)["players"][p]["hand"] == len(app.state.players[p]["hand"])


def test_crisis_shows_the_team_hands_open():
    app = GemRushApp(seed=8, players=3, mode="crisis", live=False)
    app.run_bots()
    assert app.team_card.layout.display != "none"
    for p in (1, 2):
        for card in app.state.players[p]["hand"]:
            assert f">#{card}<" in app.team_view.svg


def test_the_hint_names_the_best_door_on_the_second_press():
    app = torchlit_app([SOUL_STAR, PERMA_ELEC, ELEC_STAR])
    assert "Torchlit" not in app.hint.value                  # nothing until asked
    app.press_hint()
    assert "the north door of Torchlit Landing" in app.hint.value and "The move" not in app.hint.value
    app.press_hint()
    assert "greedy bot plays it" in app.hint.value and "paying #45" in app.hint.value


def test_the_mine_overlay_lines_up_with_the_drawing():
    state = gem_rush.new_game(seed=9, players=2)
    frame = app_support.layout(state.mine)
    drawn = render.mine_svg(state.mine)
    assert f'viewBox="0 0 {frame.width:g} {frame.height:g}"' in drawn
    for landing in mine.frontier(state.mine).values():  # the dashed empty squares sit where the frame says
        ox, oy = frame.origin(landing.pos)
        assert f'x="{ox + 8:g}" y="{oy + 8:g}"' in drawn
    view = GemMineView(state, seat=0)
    assert view.base.svg and 'viewBox="0 0' in view.overlay.svg and "P1" not in view.overlay.svg
    assert re.search(r">you</text>", view.overlay.svg) and re.search(r">2</text>", view.overlay.svg)  # the dwarves


def test_clicks_on_the_mine_and_cards_are_checked():
    app = GemRushApp(seed=6, players=2, live=False)
    app.run_bots()
    app.mine_view.overlay._message(None, {"event": "click", "key": "room:40:40"}, [])
    assert app.status.kind == "error" and "cannot be clicked" in app.status.text
    app.mine_view.overlay._message(None, {"event": "click", "key": 5}, [])
    assert app.status.kind == "error"
    app.hand_view._message(None, {"event": "click", "key": "card:1:0"}, [])
    assert app.status.kind == "error"
    before = app.state.to_json()
    app.burn_button.click()                      # a page can click a hidden button: nothing happens
    app.discard_button.click()
    app.build_button.click()
    assert app.state.to_json() == before


# ---- undo, save, load, new game --------------------------------------------------------------------


def test_undo_takes_back_a_step_and_refuses_after_a_draw_with_the_models_reason():
    mine_map = {(0, 0): (TORCHLIT, 0), (-1, 0): (SORTING_TABLE, 0)}
    app = GemRushApp(state=gem_rush.position(mine_map, hands=[[OB_RUBY], []], at=[(0, 0), (0, 0)]), live=False)
    assert app.controls.undo_button.disabled
    assert "no undo" in app.controls.undo_button.tooltip
    app.mine_view.click_room((-1, 0))
    assert not app.controls.undo_button.disabled
    app.click_undo()
    assert app.state.history == [] and app.status.text.startswith("took back")
    app.click_choice("End movement")
    app.click_choice("Draw 1 card")              # a card was seen: the turn cannot be taken back
    app.run_bots()
    assert app.persons_turn()
    refusal = app.undo_refusal()
    assert refusal is not None and "cannot be taken back" in refusal and "seen" in refusal
    assert app.controls.undo_button.disabled and refusal in app.controls.undo_button.tooltip
    app.click_undo()
    assert app.status.kind == "error" and "undo" in app.status.text


def test_undo_takes_back_your_choice_and_the_bot_moves_after_it():
    app = crisis_app()
    app.click_choice("End movement")
    app.click_choice("Draw 1 card")
    app.click_choice("Burn the top card of the deck")
    app.click_choice("Burn the top card of the deck")
    app.click_card(SOUL_STAR)
    app.burn_button.click()                          # your last choice: no card was turned up
    assert app.state.current_player == 1
    moved = app.step_bot()                           # the bot's first move: a step, perhaps
    if moved and not app.state.drew_on_chance(-1):
        app.refresh()
        app.click_undo()
        assert app.persons_turn() and app.state.phase == "burn"
        assert "and 1 bot move after it" in app.status.text


def test_save_load_and_new_game_with_the_panels_options():
    app = GemRushApp(seed=10, players=3, live=False)
    app.run_bots()
    text = app.save()
    other = GemRushApp(seed=11, players=2, mode="crisis", live=False)
    assert other.load(text)
    assert other.state.to_json() == app.state.to_json() and other.state.num_players == 3
    assert sorted(other.bots) == [1, 2] and other.mode_choice.value == "rush" and other.players_choice.value == 3
    other.mode_choice.value = "crisis"
    other.players_choice.value = 4
    other.target_choice.value = 45
    other.skills_choice.value = "none"
    other.click_new_game(12)
    options = other.state.options
    assert (options.mode, options.players, options.target, options.skills) == ("crisis", 4, 45, "none")
    assert "Journeyman" in other.table_view.value and other.strength == "team"
    other.players_choice.value = 1
    other.click_new_game(13)
    assert other.state.num_players == 1 and other.bots == {}
    other.mode_choice.value = "rush"                 # Rush needs two: the panel offers 2-7
    assert 1 not in [value for _, value in other.players_choice.options]
    assert not other.load("{not json")
    assert other.status.kind == "error"


def test_any_offered_action_taken_is_made_once():
    """Eighty of a person's actions, picked at random among those offered, each made exactly once
    (how fast: benchmarks/bench_gem_rush_clicks.py)."""
    app = GemRushApp(seed=11, players=4, live=False)
    rng = random.Random(11)
    taken = 0
    for _ in range(80):
        app.run_bots()
        if app.state.is_over:
            break
        offered = sorted(app.offered(), key=str)
        before = len(app.state.history)
        app.take(rng.choice(offered))
        assert len(app.state.history) == before + 1, app.status.text
        taken += 1
    assert taken >= 40


def test_live_bots_move_on_the_event_loop():
    app = live_bots_until_your_turn(lambda: GemRushApp(seed=13, players=3, seat=2, bot_speed="instant"))
    assert app.persons_turn() and len(app.state.history) > 0


@pytest.mark.parametrize("name, index", [("players_choice", 99), ("target_choice", -1), ("skills_choice", "x"),
                                         ("strength_choice", 1.5), ("more_choice", 40)])
def test_values_the_page_sends_are_checked(caplog, name, index):
    app = GemRushApp(seed=14, players=2, live=False)
    app.run_bots()
    before = app.state.to_json()
    send(getattr(app, name), index=index)
    assert app.status.kind == "error" and "does not offer" in app.status.text
    assert app.state.to_json() == before
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


def test_crisis_target_reached_stop_or_play_on():
    state = gem_rush.position({(0, 0): (TORCHLIT, 0)}, hands=[[SOUL_STAR], []], at=[(0, 0), (0, 0)],
                              scores=(34, 0), mode="crisis", players=2, target=35)
    app = GemRushApp(state=state, live=False)
    app.click_card(SOUL_STAR)
    app.mine_view.click_door((0, 0), 0)                 # +1: the team reaches 35
    while app.state.pending is not None:
        app.take(next(a for a in app.offered() if isinstance(a, Place)))
    app.click_choice("End movement")
    app.click_choice("Draw")
    app.burn_all_button.click()
    app.run_bots()
    assert app.persons_turn() and app.state.phase == "check"
    assert "past its target of 35" in app.decision_text.value
    assert app.click_choice("Play on")
    assert app.state.phase in ("move", "discard") and not app.state.is_over


def test_rush_with_burning_offers_blind_burns_by_player_and_logs_the_card_that_went():
    """A Rush burn from another hand is blind: the app offers "a card at random from player 2's hand"
    (never a card it cannot see), and once burnt the card is named, as the burnt pile is open."""
    app = GemRushApp(seed=3, players=3, mode="rush", bots="greedy", live=False, bot_speed="instant",
                     burn_in_rush=True)
    adviser = INFO.bot("greedy", 0, 1)
    for _ in range(400):
        app.run_bots()
        if app.state.phase == "burn" and app.state.current == 0:
            break
        app.take(adviser.choose(app.state))
    else:
        pytest.fail("no burn phase of the person's came")
    labels = [b.description for b in app.choices_row.children]
    assert "Burn a card at random from player 2's hand" in labels
    assert "Burn a card at random from player 3's hand" in labels
    assert set(app.offered()) == set(app.state.legal_actions())
    hand = list(app.state.players[1]["hand"])
    assert app.click_choice("Burn a card at random from player 2's hand")
    gone = [c for c in hand if c not in app.state.players[1]["hand"]]
    assert len(gone) == 1 and app.state.burnt[-1] == gone[0]
    assert any("a card at random from player 2's hand: " in text for _, text in app.state.log)
