"""The Gem Rush app in plain words and legible at every zoom (issue 21, parts 3, 5 and 6): turns
counted in rounds, no "X = 0" without words, no stale chances, rooms built since your turn
marked, the close-up around your dwarf, no text on the mine drawn under 11 px."""

from __future__ import annotations

import html
import re

from minegames import gem_rush
from minegames.gem_rush import components as C
from minegames.gem_rush.actions import ChooseX, EndMovement
from widgets import gem_rush as G
from widgets.gem_rush import GemRushApp


def text_sizes_as_drawn(svg: str) -> list[float]:
    """Each text's font size times the picture's scale (its width over its viewBox's)."""
    box = re.search(r'viewBox="0 0 ([\d.]+) [\d.]+" width="([\d.]+)"', svg) or \
        re.search(r'width="([\d.]+)"[^>]*viewBox="0 0 ([\d.]+)', svg)
    view_w, width = float(box.group(1)), float(box.group(2))
    scale = width / view_w if box.re.pattern.startswith("viewBox") else view_w / float(box.group(2))
    return [float(size) * scale for size in re.findall(r'<text[^>]*font-size="([\d.]+)"', svg)]


def mid_game(seed: int = 5, players: int = 3, turns: int = 12) -> GemRushApp:
    app = GemRushApp(seed=seed, players=players, live=False)
    app.run_bots()
    while app.state.turns_taken < turns and not app.state.is_over:
        legal = app.state.legal_actions()
        app.act(legal[0])
        app.run_bots()
    return app


def test_the_instruction_counts_rounds_not_seats_turns():
    app = mid_game(players=3, turns=3)
    words = html.unescape(app.instruction_text())
    assert "Your turn</b> (round 2)" in words and "turn 4" not in words
    assert "player 1" not in words   # the person's own seat reads "your", never "player 1"
    assert "panel on the right" not in words


def test_no_steps_left_says_so_instead_of_offering_a_step():
    app = GemRushApp(state=gem_rush.new_game(seed=2, players=2), live=False)
    app.run_bots()
    assert app.state.phase == "move" and "steps left" in app.decision_text.value
    app.state.steps_left = 0            # the movement spent (as after three steps)
    app.refresh()
    assert "No steps left" in app.decision_text.value
    assert "Click a room next to yours to step" not in app.decision_text.value
    assert EndMovement() in app.state.legal_actions()


def test_x_is_offered_as_a_number_of_cards_to_discard():
    cave = next(r for r in C.ROOMS if C.uses_x(r.ability or ()) and r.kind == "action")
    state = gem_rush.position({(0, 0): (cave.id, 0)}, hands=[[0, 1], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    app.act(EndMovement())
    app.act(next(a for a in app.state.legal_actions() if type(a).__name__ == "UseRoom"))
    labels = [b.description for b in app.choice_buttons if b.layout.display != "none"]
    assert "Discard none (X = 0)" in labels and "Discard 2 (X = 2)" in labels
    assert "the number of cards you choose to discard first" in app.decision_text.value
    app.act(ChooseX(1))
    assert any("chooses to discard 1 card for" in line for line in app.since_lines()) or \
        "chooses to discard 1 card for" in app.state.log.text()


def test_no_chance_is_shown_while_the_hand_is_over_its_limit():
    state = gem_rush.position(hands=[[0, 1, 2, 3, 4, 5], []], at=[(0, 0), (0, 0)])
    app = GemRushApp(state=state, live=False)
    if app.state.phase == "discard":
        assert app._chances == {}
        assert "%" not in app.mine_view.overlay.svg.split("</title>", 1)[-1].replace("fill-opacity", "")


def test_rooms_built_since_your_turn_are_outlined():
    app = mid_game(turns=6)
    fresh = app.rooms_built_since_your_turn()
    built_by_bots = [p for p in app.state.mine if p in fresh]
    if built_by_bots:
        assert 'class="gem-fresh"' in app.mine_view.overlay.svg
    app.mark_seen()
    assert app.rooms_built_since_your_turn() == []


def test_the_close_up_follows_your_dwarf():
    app = mid_game(turns=12)
    here = tuple(app.state.players[app.seat]["pos"])
    rooms, _marks, empties, frame = G.close_window(app.state.mine, (), here)
    assert here in rooms
    assert all(abs(x - here[0]) <= G.CLOSE_REACH and abs(y - here[1]) <= G.CLOSE_REACH for x, y in rooms)
    assert G.frame_holds(frame)(here)
    app.zoom_choice.value = "close"
    assert 'class="sv-focus"' in app.mine_view.overlay.svg


def test_the_close_up_widens_to_every_square_that_can_be_clicked_now():
    app = mid_game(turns=12)
    here = tuple(app.state.players[app.seat]["pos"])
    far = (here[0] + G.CLOSE_REACH + 3, here[1] - G.CLOSE_REACH - 2)  # a ride's far room, say
    rooms, _marks, _empties, frame = G.close_window(app.state.mine, (), here, wanted=[far])
    holds = G.frame_holds(frame)
    assert holds(here) and holds(far)
    assert all(holds(pos) for pos in rooms) and all(pos in rooms for pos in app.state.mine if holds(pos))
    # in the app: whatever the close-up offers to click is drawn (the benchmark's seeds met a ride off screen)
    app.zoom_choice.value = "close"
    for seed in range(6):
        game = G.GemRushApp(seed=seed, players=3, live=False)
        game.zoom_choice.value = "close"
        for _ in range(12):
            keys = set(re.findall(r'data-key="(room:[^"]+)"', game.mine_view.overlay.svg))
            assert {f"room:{x}:{y}" for x, y in game._room_moves} <= keys
            if game.state.is_over:
                break
            game.take(sorted(game.offered(), key=str)[0])
            game.run_bots()


def test_no_text_on_the_mine_is_drawn_under_11_px_at_either_zoom():
    app = mid_game(turns=15)
    for zoom in ("fit", "close"):
        app.zoom_choice.value = zoom
        for svg in (app.mine_view.base.svg, app.mine_view.overlay.svg):
            sizes = text_sizes_as_drawn(svg)
            assert all(size >= 11 - 0.05 for size in sizes), (zoom, min(sizes))
    assert not re.search(r">(Ob|Pf|El|So|St|FR|Su|DD|Eg|Or|Wp)<", app.mine_view.base.svg)   # no gem codes


def test_the_table_counts_cards_with_the_right_plural():
    app = mid_game(turns=6)
    table = app.table_view.value
    assert not re.search(r"\b1 cards\b", table)


def test_players_are_named_as_the_log_names_them():
    app = mid_game(turns=6)
    table = app.table_view.value
    assert "player 2" in table and not re.search(r"\bP\d\b", table)     # "you", "player 2": never "P2"


# ---- the person's seat reads "you"; the end says the game is over ------------------------------
def test_the_persons_seat_reads_you_in_the_log_the_status_and_the_panels():
    app = GemRushApp(seed=5, players=3, live=False)
    statuses = []
    app.run_bots()
    while app.state.turns_taken < 9 and not app.state.is_over:
        app.act(app.state.legal_actions()[0])
        statuses.append(app.status.text)
        app.run_bots()
        statuses.append(app.status.text)
    log = html.unescape(app.log_view.value)
    assert "you " in log and not re.search(r"\bplayer 1\b", log)
    assert not any(re.search(r"\bplayer 1\b", text) for text in statuses), statuses
    assert not any(text in ("a bot moved", "the bots moved") or text.startswith("done: ") for text in statuses), \
        statuses
    assert re.search(r"\byou end the movement\b|\byou draw\b|\byou build\b", " ".join(statuses)), statuses
    table = html.unescape(app.table_view.value)
    assert "player 1" not in table and re.search(r"round \d+, (your|player \d's) turn", table)
    assert "player 1" not in html.unescape(app.since_view.value)


def test_the_log_lines_read_as_the_person_would_say_them():
    line = G.S.line_for_seat
    assert line("player 1 builds through the east door", 0) == "you build through the east door"
    assert line("player 2 burns a card at random from player 1's hand", 0) == \
        "player 2 burns a card at random from your hand"
    assert line("player 1 burns a card from their own hand", 0) == "you burn a card from your own hand"
    assert line("player 2 swaps places with player 1", 0) == "player 2 swaps places with you"
    assert line("player 1 draws 1 card; player 1 ends the turn", 0) == "you draw 1 card; you end the turn"
    assert line("player 10 draws 1 card", 0) == "player 10 draws 1 card"


def finished(seed: int = 3, players: int = 2) -> GemRushApp:
    app = GemRushApp(seed=seed, players=players, live=False)
    for _ in range(3000):
        app.run_bots()
        if app.state.is_over:
            return app
        app.act(app.state.legal_actions()[0])
    raise AssertionError("the game did not end")


def test_at_the_end_the_panels_say_the_game_is_over():
    app = finished()
    table = html.unescape(app.table_view.value)
    assert "the game is over" in table and "'s turn" not in table and "your turn" not in table
    assert "Click cards to pick them" not in app.hand_text.value
    words = html.unescape(app.instruction.value)
    # one case: the end card names the seats as the table and the scores do
    assert not re.search(r"\bPlayer \d", words) and "You:" not in words
    assert "Orichalcum bonus (1 point for each Orichalcum" in G.GS.LABELS[1]


def test_the_hint_rounds_to_about_one_card():
    from fractions import Fraction

    assert G._cards_expected(Fraction(999, 1000)) == "about 1 card"
    assert G._cards_expected(Fraction(2001, 1000)) == "about 2 cards"
    assert G._cards_expected(Fraction(3, 2)) == "about 1.50 cards"
    assert G._cards_expected(Fraction(1)) == "1 card"


def test_every_card_name_is_drawn_at_one_size_never_squeezed():
    every = [card.id for card in C.GEM_CARDS]
    picture = G.render.cards_svg(every)
    assert "textLength" not in picture
    names = re.findall(r'<text[^>]*font-size="([\d.]+)"[^>]*text-anchor="middle"[^>]*>', picture)
    assert names and set(names) == {str(G.render.CARD_TEXT)}
    assert G.render.card_name_lines("Diamond Dust") == ["Diamond", "Dust"]
    assert G.render.card_name_lines("Orichalcum") == ["Orichalcum"]


def test_the_whole_mine_always_fits_its_width():
    for width, height in ((400, 300), (1400, 700), (2400, 900), (900, 2400)):
        assert width * G.fit_scale(width, height) <= G.MINE_WIDTH + 1e-9
    assert G.fit_scale(600, 2400) == G.SMALLEST_SCALE   # a tall mine scrolls down instead
