"""Move (R24-R26), Laying New Game Board Tiles (R27, R28, R32, R33, R123), locks and gates (R29, R113, R114,
R122), secret passages (R30) and mirrors (R126)."""

from transylvania_helpers import (
    SLOT,
    TILE,
    act,
    choose,
    event_on_top,
    examined,
    kinds,
    lay_tile,
    move,
    put,
    ready,
    tile_on_top,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.board import NODES
from hexbox.games.transylvania.cards import CARDS


def test_R24_R13_each_step_costs_one_up_to_movement():
    s = ready(3)
    put(s, 1, "church.w")
    put(s, 2, "church.w")
    mv = s.movement(0)
    assert s.move_left() == mv
    here = NODES[s.pos[0]].id
    nxt = NODES[s.board.adj[s.pos[0]][0]].id
    act(s, 0, move(nxt))
    assert s.move_left() == mv - 1
    act(s, 0, move(here))  # R25: back over the same space
    assert s.move_left() == mv - 2


def test_R25_movement_need_not_be_continuous_and_lapses_at_the_end():
    s = ready(3)
    nxt = NODES[s.board.adj[s.pos[0]][0]].id
    act(s, 0, move(nxt))
    act(s, 0, A.DISCARD[s.hand[0][0]])
    assert "move" in kinds(s, 0)  # moving again after another action
    act(s, 0, A.END_EXPLORATION)
    assert s.move_left() == 0 or s.phase != "exploration"


def test_R26_no_third_stand_up_and_no_passing_through_two():
    s = ready(3)
    put(s, 0, "church.b")
    put(s, 1, "church.c")
    put(s, 2, "church.c")
    assert move("church.c") not in s.legal_actions(0)
    assert move("church.a") in s.legal_actions(0)


def test_R13_R119_movement_modifiers_and_floor_of_one():
    # R13
    s = ready(3)
    s.row[0] = []
    s.adv[0] = 4  # the Inventor: Movement 4
    examined(s, 0, "i_pocket_watch#0")
    assert s.movement(0) == 5
    s.row[0] = []
    examined(s, 0, "i_shackles#0")
    assert s.movement(0) == 3
    s.church = CARDS.card_index["curfew_bells#0"]  # R48: a Church card counts for everyone
    assert s.movement(0) == 2
    s.row[0] = [(CARDS.card_index["i_shackles#0"], ())] * 4
    assert s.movement(0) == 1  # R119: never below 1


def test_R27_R123_stepping_off_an_open_exit_lays_the_top_tile():
    s = ready(3)
    put(s, 0, "church.n")
    tile_on_top(s, "graveyard")
    assert "explore" in kinds(s, 0)
    left = s.move_left()
    act(s, 0, A.EXPLORE)
    assert s.pending[-1][0] == "orient"
    # only rotations that put an exit toward the Church (graveyard has four exits: all four fit)
    assert [a.rotation for a in s.legal_actions(0)] == [0, 1, 2, 3]
    act(s, 0, A.ORIENT[0])
    assert s.board.placed[TILE["graveyard"]] == (0, -1, 0)
    assert NODES[s.pos[0]].id == "graveyard.k" and s.move_left() == left - 1
    assert SLOT["church.n"] in s.board.adj[SLOT["graveyard.k"]]


def test_R27_orientation_must_meet_the_exit():
    s = ready(3)
    put(s, 0, "church.n")
    tile_on_top(s, "windmill")  # exits N and S only
    act(s, 0, A.EXPLORE)
    assert [a.rotation for a in s.legal_actions(0)] == [0, 2]


def test_R28_tokens_and_locks_on_a_new_tile():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    g = {n: SLOT["graveyard." + n] for n in "cflmo"}
    assert all(g[n] in s.tokens for n in "cfl")
    assert {g["c"], g["m"], g["o"]} <= s.locks and s.lock_supply == 17


def test_D12_facing_exits_join_and_mismatches_are_dead_ends():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "windmill", 1, -1, 0)  # windmill has no W exit: graveyard's E exit is a dead end
    assert SLOT["windmill.a"] not in s.board.adj[SLOT["graveyard.i"]]
    assert not s.board.open_exit(SLOT["graveyard.i"])
    lay_tile(s, "village_square", 1, 0, 0)  # its W exit faces the Church's E exit
    assert SLOT["church.e"] in s.board.adj[SLOT["village_square.e"]]
    assert SLOT["windmill.g"] in s.board.adj[SLOT["village_square.a"]]


def test_R32_an_empty_stack_is_remade_from_the_bag():
    s = ready(3)
    s.token_bag, s.token_stack = s.token_stack, []
    lay_tile(s, "graveyard", 0, -1, 0)
    assert SLOT["graveyard.f"] in s.tokens and s.token_bag == []


def test_R33_the_last_tile_fills_every_empty_token_space():
    s = ready(3)
    for t in list(s.tiles[1:]):
        s.tiles.remove(t)
    last = s.tiles[0]
    put(s, 0, "church.n")
    act(s, 0, A.EXPLORE)
    act(s, 0, s.legal_actions(0)[0])
    church_tokens = [x for x in (SLOT["church." + n] for n in "abcfgh")]
    assert all(x in s.tokens for x in church_tokens)
    assert last in s.board.placed and "explore" not in kinds(s, 0)


def test_R29_R114_footprint_locks_hide_the_token_but_not_the_path():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    assert move("graveyard.c") in s.legal_actions(0)
    act(s, 0, move("graveyard.c"))
    assert "attempt" not in kinds(s, 0)
    tok = [t for t in s.observe(None)["public"]["board"]["tokens"] if t["node"] == "graveyard.c"]
    assert tok[0]["trait"] == "locked"


def test_R29_R113_R122_a_locked_gate_blocks_adventurers():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.j")
    assert move("graveyard.m") not in s.legal_actions(0)
    s.locks.discard(SLOT["graveyard.m"])
    assert move("graveyard.m") in s.legal_actions(0)  # R122: once open, an ordinary space


def test_R30_secret_passages_need_both_ends_open_and_cost_nothing():
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "clock_tower", 1, 0, 0)
    put(s, 0, "graveyard.o")
    assert "use_passage" not in kinds(s, 0)
    s.locks.discard(SLOT["graveyard.o"])
    assert "use_passage" not in kinds(s, 0)  # the far end is still locked
    s.locks.discard(SLOT["clock_tower.k"])
    left = s.move_left()
    act(s, 0, A.USE_PASSAGE)
    assert NODES[s.pos[0]].id == "clock_tower.k" and s.move_left() == left


def test_R126_R116_mirror_event_places_and_links_two_spaces():
    # R116
    s = ready(3)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.h")
    event_on_top(s, "mirror#0")
    act(s, 0, move("graveyard.d"))  # an Event space
    assert s.pending[-1][0] == "mirror"
    act(s, 0, choose("church.a"))
    assert s.mirrors == (SLOT["graveyard.d"], SLOT["church.a"])
    left = s.move_left()
    act(s, 0, A.USE_MIRROR)
    assert NODES[s.pos[0]].id == "church.a" and s.move_left() == left
