"""Components as data (docs/games/transylvania.md, "Components"): the loader's checks and the numbers it reads."""

import pytest

from hexbox.core.data import DataError
from hexbox.games.transylvania import cards as C
from hexbox.games.transylvania.board import Board
from hexbox.games.transylvania.cards import CARDS, Components

D = CARDS
SLOT = CARDS.node_by_name
TILE = {t.id: t.index for t in CARDS.tiles}


def test_the_box_counts():
    # R6, R16, R17: 16 tiles, 69 Discovery and 62 Event cards, 57 tokens, 20 locks, 3 types of Discovery card
    assert len(D.tiles) == 16 and D.tiles[0].id == "church"
    assert D.ndisc == 69 and D.ncards - D.ndisc == 62
    assert len(D.tokens) == 57 and D.locks == 20
    assert {k.kind for k in D.kinds if k.deck == "discovery"} == {"knowledge", "item", "transformation"}
    assert {k.monster for k in D.kinds if k.kind == "knowledge"} == {"zombie", "vampire", "werewolf", "general"}


def test_R118_dice_faces():
    # R118, D1: the Werewolf icon counts 0; the faces are 1, 1, 2, 2, 3
    assert D.faces == (0, 1, 1, 2, 2, 3) and D.icon_face == 0 and D.max_dice == 12


def test_R8_adventurers_and_D2_budgets():
    # R8: Health 6 for all; D2: Movement + traits = 13
    assert D.start_health == 6 and len(D.adventurers) == 10
    assert all(a.movement + sum(a.traits) == 13 for a in D.adventurers)


def test_monsters_D3():
    assert [(m.id, m.movement, m.attack, m.health) for m in D.monsters] == [
        ("vampire", 6, 5, 10), ("werewolf", 6, 5, 10), ("zombie", 4, 4, 10)]
    assert D.minions == 5 and D.minion_movement == 3 and D.minion_literal_attack == 8 and D.spawns == 2


def test_tile_summary_totals():
    # the spec's summary table: 192 spaces, 211 paths, 36 T, 9 TE, 6 TL, 20 E, 6 G, 8 passages
    nodes = list(D.nodes.values())
    f = lambda x: sum(1 for n in nodes if n.feature == x)
    assert len(nodes) == 192 and sum(len(t.edges) for t in D.tiles) == 211
    counts = (f("token"), f("token_event"), f("locked_token"), f("event"), f("gate"), f("passage"))
    assert counts == (36, 9, 6, 20, 6, 8)


def test_node_slots_are_alphabetical_within_a_tile():
    # the action encoding: slot = tile index * 16 + alphabetical index
    assert SLOT["church.a"] == 0 and SLOT["church.w"] == 11 and SLOT["graveyard.o"] == 16 + 13
    assert SLOT["train_station.k"] == 15 * 16 + 10


def test_gates_only_guard_side_branches():
    # every exit of a tile reaches every other without passing a gate
    b = Board()
    for t in D.tiles:
        b.place(t.index, t.index * 3, 50, 0)
    for t in D.tiles:
        exits = [s for s in t.nodes if D.nodes[s].exit >= 0]
        dist = b.distances(exits[0], lambda x, t=t: D.nodes[x].tile == t.index and D.nodes[x].feature != "gate")
        assert all(e in dist for e in exits), t.id


def test_crossing_the_church_and_a_tile():
    b = Board()
    b.place(0, 0, 0, 0)
    d = b.distances(SLOT["church.n"])
    assert d[SLOT["church.e"]] == 4 and d[SLOT["church.s"]] == 6
    b.place(TILE["graveyard"], 5, 5, 0)
    d = b.distances(SLOT["graveyard.a"])
    assert d[SLOT["graveyard.k"]] == 4 and d[SLOT["graveyard.i"]] == 4


def test_passages_pair_up_by_colour():
    # R30: two spaces of each of the four colours, on two tiles
    assert len(D.passage_pair) == 8
    assert D.passage_pair[SLOT["graveyard.o"]] == SLOT["clock_tower.k"]


def test_D53_six_starting_spaces():
    assert sorted(D.nodes[s].id for s in D.church_starts) == [
        "church.d", "church.e", "church.i", "church.n", "church.s", "church.w"]


def test_discovery_counts_D5_D6():
    count = lambda pred: sum(k.count for k in D.kinds if k.deck == "discovery" and pred(k))
    assert count(lambda k: k.kind == "knowledge") == 32
    assert count(lambda k: k.kind == "transformation") == 7
    assert D.by_id["t_vampire_bite"].count == 3
    assert count(lambda k: k.kind == "item") == 30
    assert D.by_id["gk_bible"].mods == {"spirit_per_monster": 2}
    assert D.by_id["i_raven"].cursed and "extra_wound_1" in D.by_id["i_raven"].hooks


def test_event_rows_cover_every_sum():
    for k in D.kinds:
        if k.kind in ("test", "allplay"):
            for total in range(0, 40):
                assert sum(1 for r in k.rows if r.low <= total <= r.high) == 1, k.id


def test_the_loader_refuses_bad_data():
    data = C.cards_toml("hexbox.games.transylvania")
    data["tokens"][0]["count"] += 1
    with pytest.raises(DataError, match="57 Discovery tokens"):
        Components(data)
    data = C.cards_toml("hexbox.games.transylvania")
    data["discovery"][0]["count"] += 1
    with pytest.raises(DataError):
        Components(data)
    data = C.cards_toml("hexbox.games.transylvania")
    data["tiles"][1]["edges"].append("a-k")
    with pytest.raises(DataError, match="one grid step"):
        Components(data)


def test_rotation_maps_coordinates_clockwise():
    assert C.rotate((2, 0), 1) == (4, 2) and C.rotate((4, 2), 1) == (2, 4) and C.rotate((1, 1), 4) == (1, 1)
