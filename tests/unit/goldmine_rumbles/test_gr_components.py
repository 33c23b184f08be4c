"""Goldmine Rumbles components: counts, valid tunnels, the claims the rulebook's examples
need, item icons, phase track, and the stored JSON equal to what the generator writes."""

import collections
import importlib.util
import json

import pytest

from minegames.goldmine_rumbles import components as C


def load_generator():
    path = C.DATA_FILE.with_name("make_components.py")
    spec = importlib.util.spec_from_file_location("gr_make_components", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ mine tiles

def test_nine_double_sided_tiles_with_valid_tunnels():
    assert tuple(C.MINE_TILES) == tuple(range(1, 10))
    for tile in C.MINE_TILES.values():
        for face in C.FACES:
            tunnels = tile.face(face)
            ports = [p for t in tunnels for p in t.ports]
            assert all(p in range(8) for p in ports)
            assert len(ports) == len(set(ports)), f"tile {tile.number} {face}: a port used twice"
            assert all(t.letter in (None, "A", "B", "C") for t in tunnels)
            assert all(t.hazard in (None, "rat", "snake") for t in tunnels)


def test_dark_face_is_the_light_face_with_collapsed_tunnels():
    for tile in C.MINE_TILES.values():
        assert not any(t.collapsed for t in tile.light)
        assert [t.ends for t in tile.dark] == [t.ends for t in tile.light]
        collapsed = [t for t in tile.dark if t.collapsed]
        assert 1 <= len(collapsed) <= 2
        assert all(t.letter is None and t.hazard is None for t in collapsed)
        assert all(d == t for d, t in zip(tile.dark, tile.light) if not d.collapsed)


def test_three_A_one_B_one_C_entrance_on_five_tiles():
    letters = collections.Counter(t.letter for t in C.MINE_TILES.values() if t.letter)
    assert letters == {"A": 3, "B": 1, "C": 1}


def test_rats_and_snakes_are_printed_on_tunnels():
    hazards = collections.Counter(t.hazard for tile in C.MINE_TILES.values() for t in tile.light if t.hazard)
    assert hazards == {"rat": 4, "snake": 3}


def test_crossing_tunnels_interleave_on_the_rim():
    T = C.Tunnel
    assert C.tunnels_cross(T((0, 4)), T((2, 6)))  # top to bottom crosses right to left
    assert C.tunnels_cross(T((1, 5)), T((0, 2)))
    assert not C.tunnels_cross(T((0, 1)), T((2, 3)))  # two U-turns side by side
    assert not C.tunnels_cross(T((0, 5)), T((1, 4)))  # two parallel straights
    assert not C.tunnels_cross(T((3, "A")), T((0, 5)))  # an entrance spur is never a crossing


# ------------------------------------------------------------------ claims

def test_sixteen_claims_typed_by_the_suggested_rule():
    assert tuple(C.CLAIMS) == tuple(range(1, 17))
    for site, claim in C.CLAIMS.items():
        assert claim.site == site
        assert claim.type == ("Dark", "Flooded", "Hard Rock")[(site - 1) % 3]
    assert collections.Counter(c.type for c in C.CLAIMS.values()) == {"Dark": 6, "Flooded": 5, "Hard Rock": 5}
    assert C.CLAIMS[2].type == "Flooded"  # the solo mining example adds Water Pumps there


def test_claim_rows_and_the_examples_claims():
    for claim in C.CLAIMS.values():
        assert len(claim.rows) == 2
        for row in range(2):
            assert len(claim.rows[row]) == 3 and len(set(claim.rows[row])) == 3
            assert claim.cubes(row) + len(claim.items(row)) == 3
            assert all(item in C.ITEMS for item in claim.items(row))
    assert any("Medical Supplies" in row for row in C.CLAIMS[12].rows)  # the carry-limit example
    assert any("Dynamite" in row for row in C.CLAIMS[3].rows)  # the route example's claim
    cubes = sum(c.cubes(r) for c in C.CLAIMS.values() for r in range(2))
    assert 10 <= cubes <= 16  # about one per claim


# ------------------------------------------------------------------ items and the rest

def test_fifteen_items_with_their_icons():
    assert len(C.ITEMS) == 15
    assert set(C.ESSENTIALS) == {"Bread", "Dynamite", "Whiskey"}
    assert set(C.LIGHTNING_ITEMS) == {"Apple Pie", "Fungus", "Medical Supplies", "Whiskey"}
    assert set(C.FLASK_ITEMS) == {"Bacon", "Bible", "Pipe", "Detonator", "Matchstick"}
    assert set(C.HARMONICA_ITEMS) == {"Blunderbuss", "Chippawa Leaf", "Apple Pie", "Fungus", "Medical Supplies"}
    assert set(C.MEDICINAL_ITEMS) == {"Fungus", "Medical Supplies", "Whiskey"}
    assert [n for n, i in C.ITEMS.items() if not i.tradeable] == list(C.ESSENTIALS)
    assert all(item.use for item in C.ITEMS.values())


def test_supply_characters_missions():
    assert C.SUPPLY == {n: (10 if n in C.ESSENTIALS else 6) for n in C.ITEMS}
    assert len(C.CHARACTERS) == 4
    assert {c.item for c in C.CHARACTERS} == {"Bible", "Matchstick", "Chippawa Leaf", "Medical Supplies"}
    assert len(C.MISSIONS) == 8 and len(set(C.MISSIONS)) == 8
    for mission in C.MISSIONS:
        assert len(set(mission)) == 4 and not set(mission) & set(C.ESSENTIALS)
    spread = collections.Counter(i for m in C.MISSIONS for i in m)
    assert len(spread) == 12 and set(spread.values()) <= {2, 3}  # every non-essential is wanted


def test_rumbles_tiles_and_phase_order():
    assert [t.number for t in C.RUMBLES_TILES] == list(range(1, 10))
    assert all(sorted(t.order) == sorted(C.COLOURS) for t in C.RUMBLES_TILES)
    tile = C.RumblesTile(7, ("Blue", "Red", "Yellow", "Green"))
    assert C.phase_order(tile, ["Red", "Green", "Blue"]) == ("Blue", "Red", "Green")


def test_store_bids_dashboard():
    assert C.STORE_PRICES == (1, 3, 4, 5, 6)
    assert C.BID_SQUARES == (1, 2, 3, 4, 5, 6)
    assert len(C.DASHBOARD_COLUMNS) == 10 and C.DASHBOARD_COLUMNS[0] == "Colt 45"
    assert C.DASHBOARD_CAPACITY["Colt 45"] == 4
    assert all(n == 3 for name, n in C.DASHBOARD_CAPACITY.items() if name != "Colt 45")
    assert sum(C.DASHBOARD_CAPACITY.values()) == 31


def test_phase_track_gives_twelve_turns_in_the_short_game():
    assert C.phase_cubes(3) == (3, 3, 3, 3)
    assert C.phase_cubes(4) == (4, 4, 4)
    assert all(players * len(C.phase_cubes(players)) == 12 for players in (3, 4))
    assert C.phase_cubes(3, long_game=True) == (3, 3, 2, 2, 2)
    assert C.phase_cubes(4, long_game=True) == (3, 3, 3, 3)
    with pytest.raises(ValueError):
        C.phase_cubes(2)


# ------------------------------------------------------------------ the data file

def test_stored_json_is_what_the_generator_writes(tmp_path):
    generator = load_generator()
    out = tmp_path / "components.json"
    generator.write(generator.build(), out)
    assert out.read_text() == C.DATA_FILE.read_text()


@pytest.mark.parametrize("corrupt, message", [
    (lambda d: d["mine_tiles"][0]["light"].append({"ends": [d["mine_tiles"][0]["light"][0]["ends"][0], 9]}),
     "bad tunnel"),
    (lambda d: d["mine_tiles"][1]["dark"][0].update(ends=d["mine_tiles"][1]["dark"][1]["ends"]), "used twice"),
    (lambda d: d["claims"][1].update(type="Dark"), "claim 2 Flooded"),
    (lambda d: d["missions"].pop(), "8 different missions"),
])
def test_a_broken_data_file_is_refused(tmp_path, monkeypatch, corrupt, message):
    data = json.loads(C.DATA_FILE.read_text())
    corrupt(data)
    bad = tmp_path / "components.json"
    bad.write_text(json.dumps(data))
    monkeypatch.setattr(C, "DATA_FILE", bad)
    with pytest.raises(ValueError, match=message):
        C._load()
