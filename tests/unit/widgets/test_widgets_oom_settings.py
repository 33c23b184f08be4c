"""The Out of Mine! settings: players 2-4, the bots' strength (the registry's), the bots' pace, and a
first-game pace a new player can win a race at. Driven from code with the live clock off."""

from __future__ import annotations

import pytest

from minegames import out_of_mine as oom
from minegames.core import MinegamesError
from minegames.out_of_mine import ChooseSide, Tick
from widgets.out_of_mine import BOT_PACES, FIRST_GAME_PACE, HUMAN, PRACTICE, OutOfMineApp

SEED = 5
#: No bot may call before this much round clock at the first-game pace (a play tester had laid
#: no tile after 40 s): every treasure card needs 5 tiles or more, each 25 s of a bot's time.
FIRST_GAME_SECONDS = 125


def send(widget, **state) -> None:
    """What a page sends: an update of the widget's state, through the widget's own message handler."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state, "buffer_paths": []}},
                        "buffers": []})


def first_bot_action_ms(app: OutOfMineApp, player: int = 1, step: int = 500, most_ms: int = 400_000) -> int:
    """Tick the clock until ``player``'s bot makes its first move of the round; when it did."""
    while app.state.clock_ms < most_ms:
        app.tick(step)
        for action in app.state.history:
            if not isinstance(action, (Tick, ChooseSide)) and action.player == player:
                return clock_at(app.state, action)
    raise AssertionError("the bot never moved")


def clock_at(state, wanted) -> int:
    """The round clock when ``wanted`` was played (the sum of the ticks before it in this round)."""
    clock = 0
    for action in state.history:
        if action is wanted:
            return clock
        clock += action.ms if isinstance(action, Tick) else 0
    raise AssertionError("not in the history")


# ---- each setting makes that game ---------------------------------------------------------------


def test_the_settings_row_shows_the_registrys_choices_and_the_first_game_pace():
    app = OutOfMineApp(seed=SEED, live=False)
    assert [value for _, value in app.players_choice.options] == [2, 3, 4] == list(oom.GAME.players)
    assert [value for _, value in app.strength_choice.options] == [*oom.GAME.strengths(), PRACTICE]
    assert list(app.pace_choice.options) == list(BOT_PACES)
    assert (app.players_choice.value, app.strength_choice.value, app.pace_choice.value) == (2, "good", FIRST_GAME_PACE)
    assert app.bot_speed_ms == BOT_PACES[FIRST_GAME_PACE] == 25_000
    assert "a tile every 25 s" in app.pace_caption.value
    new_game_row, pace_row = app.children[-3], app.children[-4]  # above Undo / New game / seed
    assert {app.players_choice, app.strength_choice} <= set(new_game_row.children)
    assert app.pace_choice in pace_row.children


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("strength", list(oom.GAME.strengths()))
def test_new_game_deals_the_players_and_bots_chosen(players, strength):
    app = OutOfMineApp(seed=SEED, live=False)
    app.players_choice.value = players
    app.strength_choice.value = strength
    app.click_new_game(11)
    state = app.state
    assert state.num_players == players and state.options.players == players
    assert app.bot_players == list(range(1, players)) and sorted(app._driver.bots) == app.bot_players
    for p, bot in app._driver.bots.items():
        made = oom.GAME.bot(strength, p, 11 + p)  # the registry's bot of that strength, at the chosen pace
        assert type(bot) is type(made) and getattr(bot, "skill", None) == getattr(made, "skill", None)
        assert bot.speed == BOT_PACES[FIRST_GAME_PACE]
        assert f"Player {p + 1}</b> ({strength} bot)" in app.bot_captions[p].value
    assert len(app.bot_boards) == players - 1
    assert all(state.boards[p] is not None for p in app.bot_players)  # the bots chose their sides
    assert app.status.text == "new game (seed 11)"


@pytest.mark.parametrize("pace", list(BOT_PACES))
def test_each_pace_makes_the_bot_lay_its_first_tile_that_late(pace):
    app = OutOfMineApp(seed=SEED, bot_pace=pace, live=False)
    app.choose_side("A")
    assert first_bot_action_ms(app, step=100) == BOT_PACES[pace]


def test_a_pace_chosen_mid_round_works_from_then_on():
    app = OutOfMineApp(seed=SEED, live=False)
    app.choose_side("A")
    app.tick(10_000)  # 10 s of the first-game pace: no bot tile yet
    assert app.state.placed[1] == ()
    app.pace_choice.value = "fast"
    assert app.status.text == "bot pace: fast, a tile every 3 s from now on" and "every 3 s" in app.pace_caption.value
    assert first_bot_action_ms(app, step=100) == 13_000
    placed = len(app.state.placed[1])
    app.tick(3_000)
    assert len(app.state.placed[1]) == placed + 1  # and the next 3 s after it
    app.click_new_game(12)
    assert app.pace_choice.value == "fast" and all(b.speed == 3_000 for b in app._driver.bots.values())


def test_practise_alone_and_back_to_bots():
    app = OutOfMineApp(seed=SEED, players=3, live=False)
    app.strength_choice.value = PRACTICE
    app.click_new_game(4)
    assert app.bot_players == [] and app._driver is None and app.state.num_players == 3
    assert app.controls.undo_button.layout.display != "none"
    alone = OutOfMineApp(seed=SEED, bots=(), live=False)
    assert alone.strength_choice.value == PRACTICE
    alone.strength_choice.value = "hasty"
    alone.click_new_game(4)
    assert alone.bot_players == [1] and alone._driver.bots[1].skill == "hasty"


def test_a_mixed_table_stays_until_another_strength_is_chosen():
    app = OutOfMineApp(seed=SEED, players=3, bots=("perfect", "hasty"), live=False)
    assert app.strength_choice.value == "perfect"
    app.click_new_game(6)
    assert [app._driver.bots[p].skill for p in (1, 2)] == ["perfect", "hasty"]
    app.strength_choice.value = "good"
    app.click_new_game(6)
    assert [app._driver.bots[p].skill for p in (1, 2)] == ["good", "good"]


def test_a_loaded_game_shows_its_players():
    text = OutOfMineApp(seed=SEED, players=4, live=False).save()
    app = OutOfMineApp(seed=SEED, live=False)
    assert app.load(text) and app.players_choice.value == 4 and len(app.bot_boards) == 3


# ---- refusals ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("kwargs, words", [
    ({"players": 5}, "players"), ({"players": 1}, "players"),
    ({"bots": ("genius",)}, "bot strengths are perfect, good, hasty, random, not 'genius'"),
    ({"bot_pace": "warp"}, "bot pace is one of very slow, slow, steady, fast, very fast, not 'warp'"),
])
def test_a_bad_setting_in_code_is_refused_with_its_name(kwargs, words):
    with pytest.raises((ValueError, MinegamesError), match=words):
        OutOfMineApp(seed=SEED, live=False, **kwargs)


@pytest.mark.parametrize("name, label", [("players_choice", "players"), ("strength_choice", "bot strength"),
                                         ("pace_choice", "bot pace")])
@pytest.mark.parametrize("index", [99, -1, "x", 1.5, None])
def test_a_crafted_value_from_the_page_is_refused_and_changes_nothing(caplog, name, label, index):
    app = OutOfMineApp(seed=SEED, live=False)
    app.choose_side("A")
    app.tick(1_000)
    before = app.state.to_json()
    choice = getattr(app, name)
    shown = choice.value
    send(choice, index=index)
    assert app.status.kind == "error" and app.status.text.startswith(f"{label}: ")
    assert choice.value == shown and app.state.to_json() == before
    assert app.bot_speed_ms == 25_000 and all(b.speed == 25_000 for b in app._driver.bots.values())
    app.click_new_game(9)  # New game still deals the settings shown
    assert app.state.num_players == 2 and app._driver.bots[1].skill == "good"
    assert not [r for r in caplog.records if "Exception in widget method" in r.getMessage()]


# ---- the first-game pace gives a new player time ---------------------------------------------------


def test_every_treasure_card_needs_five_tiles_or_more():
    """Why no bot calls sooner: a card's tiles fill the gallery exactly, and the fewest are 5."""
    kit = oom.new_game(seed=SEED).kit
    assert min(sum(card.limits.values()) for card in kit.cards.values()) == 5
    assert OutOfMineApp(seed=SEED, live=False).bot_speed_ms * 5 == FIRST_GAME_SECONDS * 1000


@pytest.mark.parametrize("players, strength", [(2, "perfect"), (4, "good")])
def test_at_the_first_game_pace_no_bot_calls_before_two_minutes(players, strength):
    """Whole seeded games, you laying nothing: every round a bot ends is ended after 2:05 or later."""
    calls = []
    for seed in range(3):
        app = OutOfMineApp(seed=seed, players=players, bots=(strength,), live=False)
        while not app.state.is_over:
            if app.state.phase == "choose_sides":
                app.choose_side(app.state.sides_allowed(HUMAN)[0])
            elif all(app.state.finished_ms[p] is not None for p in app.bot_players):
                app.done()  # no bot could fill its board: the round waits for you
            else:
                app.tick(5_000)
        calls += [r["clock_ms"] for r in app.state.round_results if r["reason"] == "call"]
    assert len(calls) >= 10
    assert min(calls) >= FIRST_GAME_SECONDS * 1000
