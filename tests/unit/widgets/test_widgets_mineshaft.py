"""The Mineshaft Mayhem app driven by clicks, without a browser, against the model itself."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest

from minegames import mineshaft_mayhem as mm
from minegames.mineshaft_mayhem import (
    GEMS,
    Collect,
    CursiteReroll,
    CursiteRescue,
    CursiteSetDie,
    Roll,
    Shake,
    ShakeOntoGear,
    Stop,
)
from minegames.mineshaft_mayhem.render import sheet_svg
from widgets.components import PIP_GLYPHS
from widgets.mineshaft_mayhem import CONTROLS, MineshaftMayhemApp

ALL = (0, 1, 2, 3)


def seed_whose_first_roll_has_no_one() -> int:
    for seed in itertools.count():
        if 1 not in mm.new_game(seed=seed).apply(Roll(ALL)).dice:
            return seed


def test_first_roll_matches_the_model():
    app, model = MineshaftMayhemApp(seed=11), mm.new_game(seed=11)
    assert app.state == model and app.enabled_actions() == [Roll(ALL)]
    assert [t.description for t in app.dice_row.toggles] == ["?"] * 4
    app.click_roll()
    model.apply(Roll(ALL))
    assert app.state == model
    assert [t.description for t in app.dice_row.toggles] == [PIP_GLYPHS[f] for f in model.dice]
    assert sheet_svg(model, None) in app.sheet.value
    assert sheet_svg(model, None, stacked=True, part="conveyor") in app.sheet.value  # a phone: the dice cards next
    assert app.sorting_part.value == sheet_svg(model, None, stacked=True, part="sorting")
    assert app.status.kind == "ok" and "roll 1" in app.status.text
    assert model.log.lines()[-1] in app.log_view.value


def test_keep_toggles_decide_which_dice_reroll():
    seed = seed_whose_first_roll_has_no_one()
    app = MineshaftMayhemApp(seed=seed)
    app.click_roll()
    first = app.state.dice
    app.set_keep([0, 2])
    assert app.roll_button.action_for() == Roll((1, 3))
    assert app.roll_button.description.startswith("Re-roll 2 dice")
    model = app.state.copy()
    app.click_roll()
    model.apply(Roll((1, 3)))
    assert app.state == model
    assert app.state.dice[0] == first[0] and app.state.dice[2] == first[2]
    app.set_keep(ALL)
    assert app.roll_button.disabled and app.roll_button.action_for() is None


def test_locked_die_is_kept_and_left_out_of_a_roll():
    app = MineshaftMayhemApp.from_state(mm.position(seed=2, conveyor=["ruby"], dice=(1, 3, 4, 6)))
    assert app.dice_row.kept == (0,) and app.dice_row.toggles[0].disabled
    assert app.roll_button.action_for() == Roll((1, 2, 3))
    app.act(Roll((0, 1)))
    assert app.status.kind == "error" and "locked dice" in app.status.text
    assert app.state.history == []


def set_inputs(app: MineshaftMayhemApp, inputs) -> None:
    kept, die, face, gem = inputs
    app.set_keep(kept)
    app.set_die_choice.value, app.set_face_choice.value = die, face
    if gem is not None:
        app.shake_gem_choice.value = gem


def reachable_actions(app: MineshaftMayhemApp) -> dict:
    """Every action a player can click now, over every setting of the inputs, with how to click it.

    Each button depends on one group of inputs only (kept dice, the set-die
    choices, the shaken gem), so sweeping each group alone reaches them all.
    """
    found = {}
    start = (app.dice_row.kept, app.set_die_choice.value, app.set_face_choice.value, app.shake_gem_choice.value)
    keeps = [k for size in range(5) for k in itertools.combinations(ALL, size)]
    sweeps = [(kept, *start[1:]) for kept in keeps]
    sweeps += [(start[0], die, face, start[3]) for die, face in itertools.product(ALL, range(1, 7))]
    sweeps += [(*start[:3], gem) for _, gem in app.shake_gem_choice.options]
    for inputs in sweeps:
        set_inputs(app, inputs)
        for button in app.action_buttons():
            if not button.disabled and app._is_shown(button):
                found.setdefault(button.action_for(), (inputs, button))
    set_inputs(app, start)
    return found


def pick_by_kind(actions, rng):
    """A kind of action at random (collecting favoured, stopping not), then one of that kind.

    Uniform over actions would almost only roll and stop; this way games last
    and the rarer moves (cursite powers, shakes) get clicked too.
    """
    weight = {"Collect": 6.0, "Stop": 0.3}
    kinds = sorted({type(a).__name__ for a in actions})
    weights = np.array([weight.get(k, 1.0) for k in kinds])
    kind = kinds[rng.choice(len(kinds), p=weights / weights.sum())]
    same = sorted((a for a in actions if type(a).__name__ == kind), key=str)
    return same[rng.integers(len(same))]


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_enabled_buttons_are_exactly_the_legal_actions_over_whole_games(seed):
    app, model = MineshaftMayhemApp(seed=seed), mm.new_game(seed=seed)
    chooser = np.random.default_rng(seed)
    kinds_played = set()
    for _ in range(1000):
        if model.is_over:
            break
        reachable = reachable_actions(app)
        assert set(reachable) == set(model.legal_actions()), model.phase
        action = pick_by_kind(reachable, chooser)
        inputs, button = reachable[action]
        set_inputs(app, inputs)
        button.click()
        model.apply(action)
        kinds_played.add(type(action))
        assert app.state == model and app.status.kind == "ok"
    assert model.is_over and app.enabled_actions() == []
    assert "Game over" in app.instruction.value
    assert {Roll, Stop, Collect, Shake} <= kinds_played


def test_undo_takes_back_a_choice_but_never_a_roll_and_new_game():
    app = MineshaftMayhemApp(seed=4)
    assert app.controls.undo_button.disabled  # nothing to undo yet
    app.click_roll()
    rolled = app.state.copy()
    assert app.controls.undo_button.disabled
    assert "dice have been seen" in app.controls.undo_button.tooltip
    app.click_undo()
    assert app.status.kind == "error" and "dice have been seen" in app.status.text
    assert app.state == rolled
    position = MineshaftMayhemApp.from_state(mm.position(conveyor=["ruby"], dice=(1, 2, 3, 5), cursite=2))
    position.click_set_die(0, 6)  # a cursite choice: no chance involved
    assert not position.controls.undo_button.disabled
    position.click_undo()
    assert "took back" in position.status.text and position.state.dice == (1, 2, 3, 5)
    app.click_roll()
    app.click_new_game(seed=9)
    assert app.state == mm.new_game(seed=9) and app.state.history == []
    assert app.dice_row.kept == () and app.hint_output.value == ""


def test_new_game_keeps_the_variant_being_played():
    app = MineshaftMayhemApp(seed=1, gears=2, max_rolls=2)
    app.click_new_game(seed=3)
    assert app.state == mm.new_game(seed=3, gears=2, max_rolls=2)
    assert len(app.rescue_buttons) == 2


def test_save_and_load_through_the_text_area():
    app = MineshaftMayhemApp(seed=5)
    app.click_roll()
    app.controls.save_button.click()
    saved_state = app.state.copy()
    assert json.loads(app.controls.save_text.value)["game"] == "mineshaft_mayhem"
    app.click_stop()
    assert app.state != saved_state
    app.controls.load_button.click()
    assert app.state == saved_state and app.state.history == [Roll(ALL)]
    app.controls.save_text.value = app.controls.save_text.value.replace('"Roll"', '"Stop"', 1)
    app.controls.load_button.click()
    assert app.status.kind == "error" and "under the Load button" in app.status.text
    assert "could not be loaded" in app.controls.load_notice.value
    assert app.state == saved_state


def test_illegal_clicks_show_the_rule_and_change_nothing():
    app = MineshaftMayhemApp(seed=6)
    before = app.state.copy()
    assert app.stop_button.disabled
    app.click_stop()  # a disabled button pressed from code
    assert app.status.kind == "error" and "roll first" in app.status.text and app.state == before
    app.click_roll()
    not_shown = next(g for g in GEMS if g not in app.state.shown_gems())
    after_roll = app.state.copy()
    app.click_collect(not_shown)
    assert app.status.kind == "error" and "pattern not shown" in app.status.text
    assert app.state == after_roll
    app.click_set_die(0, 6 if app.state.dice[0] != 6 else 5)
    assert "not enough cursite" in app.status.text and app.state == after_roll


def test_cursite_powers_follow_the_model():
    state = mm.position(seed=3, conveyor=["ruby", "emerald"], gears=["sapphire"], cursite=3,
                        dice=(1, 2, 4, 5))
    app = MineshaftMayhemApp.from_state(state)
    assert not app.dice_row.toggles[0].disabled, "a locked die can be released for a cursite re-roll"
    assert app._is_shown(app.rescue_buttons[0]) and not app.rescue_buttons[0].disabled
    assert not app._is_shown(app.rescue_buttons[1])
    app.set_keep([1, 2])
    assert app.reroll_button.action_for() == CursiteReroll((0, 3))
    assert app.roll_button.action_for() == Roll((3,))
    model = state.copy()
    app.click_cursite_reroll()
    model.apply(CursiteReroll((0, 3)))
    assert app.state == model and app.state.cursite == 2
    app.click_set_die(3, 6 if model.dice[3] != 6 else 2)
    model.apply(app.state.history[-1])
    assert isinstance(app.state.history[-1], CursiteSetDie) and app.state.cursite == 0
    assert app.state == model
    assert app.reroll_button.disabled and app.set_die_button.disabled and app.rescue_buttons[0].disabled


def test_rescue_and_shake():
    state = mm.position(seed=8, conveyor=["ruby"], gears=["sapphire"], cursite=3)
    app = MineshaftMayhemApp.from_state(state)
    app.click_rescue(0)
    assert app.state.phase == "shake" and app.state.gears[0] is None
    assert app._is_shown(app.shake_buttons[1]) and not app._is_shown(app.shake_buttons[0])
    assert not app._is_shown(app.shake_gear_button)
    assert "mine shakes" in app.instruction.value
    app.click_shake("diamond", 4)
    expected = state.copy().apply(CursiteRescue(0)).apply(Shake("diamond", 4))
    assert app.state == expected and app.state.phase == "start"
    assert app.shake_card.layout.display == "none"


def test_shake_onto_a_gear_when_the_conveyor_is_full():
    full = ["ruby", "emerald", "amethyst", "diamond", "emerald", "amethyst", "diamond", "amethyst"]
    state = mm.position(seed=8, conveyor=full, gears=["sapphire"], cursite=3)
    app = MineshaftMayhemApp.from_state(state)
    app.click_rescue(0)
    assert app.state.phase == "shake" and None not in app.state.conveyor
    assert app._is_shown(app.shake_gear_button) and not any(app._is_shown(b) for b in app.shake_buttons)
    assert set(app.enabled_actions()) == {ShakeOntoGear(app.shake_gem_choice.value)}
    app.click_shake("ruby", 0)
    assert app.status.kind == "error" and app.state.phase == "shake"
    app.click_shake("sapphire")
    assert app.state == state.copy().apply(CursiteRescue(0)).apply(ShakeOntoGear("sapphire"))
    assert app.state.gears[0] == "sapphire"


def test_hint_shows_the_advisers_numbers_and_presses_its_keep():
    from minegames.mineshaft_mayhem.analysis import advise_state

    state = mm.position(seed=1, conveyor=["sapphire", "ruby", None, "diamond"], dice=(2, 3, 3, 6))
    app = MineshaftMayhemApp.from_state(state)
    app.click_hint()
    advice = advise_state(state)
    for gem, gem_advice in advice.per_gem.items():
        chance = gem_advice.chance
        assert gem in app.hint_output.value
        assert f"{chance.numerator}/{chance.denominator}" in app.hint_output.value
        assert f"{float(chance):.1%}" in app.hint_output.value
    assert app.dice_row.kept == advice.best.keep
    assert app.roll_button.action_for() == Roll(tuple(i for i in ALL if i not in advice.best.keep))
    assert app.status.text.startswith("hint:")
    app.click_roll()
    assert app.hint_output.value == "", "advice about old dice is cleared"


def test_bot_plays_exactly_one_turn():
    from minegames.mineshaft_mayhem.bots import StrongBot

    app = MineshaftMayhemApp(seed=12)
    app.click_bot_turn()
    assert app.state.turn == 2 or app.state.is_over
    model, bot = mm.new_game(seed=12), StrongBot()
    for action in app.state.history:
        assert bot.choose(model) == action
        model.apply(action)
    assert app.state == model and app.status.kind == "ok"


def test_rule_demo_shows_only_the_chosen_controls():
    state = mm.position(seed=2, conveyor=["amethyst"], dice=(3, 3, 3, 5))
    app = MineshaftMayhemApp.from_state(state, controls=("dice", "roll", "collect", "undo", "restart"))
    assert app.shown_controls == {"dice", "roll", "collect", "undo", "restart"}
    assert app.stop_button.layout.display == "none" and app.cursite_card.layout.display == "none"
    assert app.controls.new_game_button.layout.display == "none"
    assert app.controls.undo_button.layout.display != "none"
    assert app.log_view.layout.display == "none" and app.hint_button.layout.display == "none"
    assert set(app.enabled_actions()) == {Roll(ALL), Collect("amethyst")}
    app.click_collect("amethyst")
    assert app.state.history == [Collect("amethyst")]
    app.controls.restart_button.click()
    assert app.state == state and app.state is not state
    with pytest.raises(ValueError):
        app.show_controls(["dice", "teleport"])
    assert set(CONTROLS) >= app.shown_controls


def test_full_app_shows_every_control_but_start_again():
    app = MineshaftMayhemApp(seed=0)
    assert "mm-app" in app._dom_classes
    assert app.controls.restart_button.layout.display == "none"
    for widget in (app.controls.new_game_button, app.controls.undo_button, app.hint_button, app.log_view):
        assert widget.layout.display != "none"
    for css, widget in (("mm-roll", app.roll_button), ("mm-stop", app.stop_button), ("mm-sheet", app.sheet),
                        ("mm-status", app.status), ("mm-log", app.log_view), ("mm-hint", app.hint_button),
                        ("mm-undo", app.controls.undo_button), ("mm-new-game", app.controls.new_game_button)):
        assert css in widget._dom_classes
    assert all("mm-die" in t._dom_classes for t in app.dice_row.toggles)
    assert all("mm-collect" in b._dom_classes for b in app.collect_buttons.values())
    with pytest.raises(TypeError):
        MineshaftMayhemApp(state=mm.new_game(seed=1), gears=2)


def test_cursite_prices_and_the_score_parts_are_said_in_words():
    """Issue 21: '(2)' on a button left its meaning to a tooltip; '3+' and 'containers' beside the
    sheet's 'gems' were two names for one thing."""
    app = MineshaftMayhemApp(seed=2)
    app.click_roll()
    assert app.set_die_button.description == "Set die (2 cursite)"
    assert app.reroll_button.description.endswith("(1 cursite)")
    assert "3 or more gems ride the belt" in app.cursite_label.value
    assert "gems 0 + empty gears" in app.score_line.value


def test_collect_buttons_say_how_many_gems_the_same_way_every_turn():
    app = MineshaftMayhemApp(state=mm.position(conveyor=["sapphire", "sapphire", "diamond"], dice=(2, 4, 6, 2)))
    labels = {gem: button.description for gem, button in app.collect_buttons.items()}
    assert labels["sapphire"] == "Collect 2 sapphires" and labels["diamond"] == "Collect 1 diamond"
    assert labels["ruby"] == "Collect 0 rubies"
    assert not any("\u00d7" in label for label in labels.values())


def test_at_the_end_the_dice_card_goes_and_the_ending_takes_its_place():
    state = mm.position(conveyor=["diamond"], containers=[("ruby", 3)], gears=["emerald"] * 3, phase="over")
    app = MineshaftMayhemApp(state=state)
    assert app.dice_card.layout.display == "none" and app.collect_card.layout.display == "none"
    assert "container 1 (3 rubies" in app.ending_view.value
    assert "Roll to see the dice" not in app.dice_caption.value
    assert "not rolled yet" not in sheet_svg(state, None) and "the game is over" in sheet_svg(state, None)
    playing = MineshaftMayhemApp(seed=1)
    assert playing.dice_card.layout.display != "none" and playing.ending_view.value == ""


def test_the_score_line_explains_why_empty_gears_score():
    app = MineshaftMayhemApp(state=mm.position(gears=["ruby"]))
    assert "empty gears 10" in app.score_line.value
    assert "Each empty gear scores 5 at the end: 10 now" in app.score_line.value
    assert "empty gears 10" in sheet_svg(app.state, None)
