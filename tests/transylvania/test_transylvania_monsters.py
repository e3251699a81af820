"""A Guide to Being a Monster (R79-R83, R89-R91, R137) and the Zombie's minions (R92-R100, R134, R135)."""

from transylvania_helpers import (
    SLOT,
    act,
    card,
    clear_hands,
    dice,
    event_on_top,
    examined,
    lay_tile,
    move,
    put,
    ready,
    start_turn,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.board import NODES
from hexbox.games.transylvania.state import VAMPIRE, WEREWOLF, ZOMBIE


def monster_turn(monster, node, players=4):
    s = ready(players)
    clear_hands(s)
    for seat in range(players):
        s.row[seat] = []
        s.adv[seat] = seat
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "clock_tower", 1, 0, 0)
    to_monster(s, 1, monster, node)
    for seat in (0, 2, 3):
        put(s, seat, "church.s")  # out of the way
    put(s, 3, "church.w")
    dice(s, 2)
    start_turn(s, 1)
    return s


def test_R79_R81_monster_movement_is_never_modified():
    # R81
    s = monster_turn(VAMPIRE, "graveyard.b")
    s.church = card("curfew_bells#0")
    examined(s, 1, "i_pocket_watch#0")
    assert s.movement(1) == 6 and s.dice(0, 0) == 1
    assert s.phase == "monster" and "end_turn" in {a.kind for a in s.legal_actions(1)}


def test_R82_the_church_burns_a_monster_and_it_may_not_end_there():
    # R82
    s = monster_turn(VAMPIRE, "graveyard.k")
    act(s, 1, move("church.n"))
    assert s.health[1] == 8
    assert A.END_TURN not in s.legal_actions(1)


def test_R82_no_entry_without_points_to_leave_or_health_to_spare():
    # R82
    s = monster_turn(VAMPIRE, "graveyard.k")
    s.moved = 5  # one point left: enough to step on, not to step off again
    assert move("church.n") not in s.legal_actions(1)
    s.moved = 0
    s.health[1] = 2
    assert move("church.n") not in s.legal_actions(1)
    s.health[1] = 3
    assert move("church.n") in s.legal_actions(1)


def test_R137_a_stranded_monster_may_end_on_the_church_keeping_one_health():
    s = monster_turn(VAMPIRE, "graveyard.k", players=6)
    act(s, 1, move("church.n"))
    assert A.END_TURN not in s.legal_actions(1)  # R82: it can still step off
    for seat, node in ((0, "graveyard.k"), (2, "graveyard.k"), (4, "church.b"), (5, "church.b")):
        put(s, seat, node)  # every way off through full spaces
    assert s.legal_actions(1) == [A.END_TURN]
    s.health[1] = 2
    act(s, 1, A.END_TURN)
    assert s.health[1] == 1


def test_R83_breaking_down_a_gate():
    s = monster_turn(ZOMBIE, "graveyard.j")
    assert move("graveyard.m") in s.legal_actions(1)
    act(s, 1, move("graveyard.m"))
    assert s.move_left() == 0 and s.breaking[1] == SLOT["graveyard.m"]
    assert "spawn" in {a.kind for a in s.legal_actions(1)}  # it may still spawn, attack and move minions
    act(s, 1, A.END_TURN)
    assert SLOT["graveyard.m"] in s.locks
    dice(s, 2)
    start_turn(s, 1)
    assert SLOT["graveyard.m"] not in s.locks and s.lock_supply == 20 - 4 + 1


def test_R90_R91_the_vampire_through_a_locked_passage_takes_two_turns():
    # R80, R90
    s = monster_turn(VAMPIRE, "graveyard.j")
    act(s, 1, move("graveyard.m"))  # a gate: it stops there
    act(s, 1, A.END_TURN)
    start_turn(s, 1)  # the gate is broken
    act(s, 1, move("graveyard.o"))
    assert "use_passage" not in {a.kind for a in s.legal_actions(1)}  # its own end is still locked
    act(s, 1, A.END_TURN)
    start_turn(s, 1)  # the entry lock breaks
    assert SLOT["graveyard.o"] not in s.locks
    act(s, 1, A.USE_PASSAGE)
    assert NODES[s.pos[1]].id == "clock_tower.k" and s.move_left() == 0  # arriving on a locked end stops it
    act(s, 1, A.END_TURN)
    start_turn(s, 1)
    assert SLOT["clock_tower.k"] not in s.locks


def test_R30_other_monsters_never_use_passages():
    s = monster_turn(WEREWOLF, "graveyard.o")
    s.locks -= {SLOT["graveyard.o"], SLOT["clock_tower.k"]}
    assert "use_passage" not in {a.kind for a in s.legal_actions(1)}


def test_R93_spawning_on_visited_spaces_two_a_turn():
    # R93
    s = monster_turn(ZOMBIE, "graveyard.b")
    act(s, 1, move("graveyard.g"))
    spawn = {NODES[a.node].id for a in s.legal_actions(1) if a.kind == "spawn"}
    assert spawn == {"graveyard.b", "graveyard.g"}
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    act(s, 1, A.SPAWN[SLOT["graveyard.g"]])
    assert s.minions[:2] == [SLOT["graveyard.b"], SLOT["graveyard.g"]]
    assert "spawn" not in {a.kind for a in s.legal_actions(1)}


def test_R135_minions_never_on_the_church_or_a_locked_gate():
    s = monster_turn(ZOMBIE, "graveyard.k")
    act(s, 1, move("graveyard.j"))
    act(s, 1, A.SPAWN[SLOT["graveyard.k"]])
    moves = {NODES[a.node].id for a in s.legal_actions(1) if a.kind == "minion_move"}
    assert moves == {"graveyard.j"}  # not church.n, and j-m is a locked gate elsewhere


def test_R95_R97_minions_move_three_and_attack_adventurers():
    # R95, R97
    s = monster_turn(ZOMBIE, "graveyard.b")
    put(s, 2, "graveyard.h")
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    act(s, 1, A.MINION_MOVE[0][SLOT["graveyard.d"]])
    act(s, 1, A.MINION_MOVE[0][SLOT["graveyard.h"]])
    assert s.window is not None and s.actors == (2,)  # R133: a minion steps onto an adventurer
    act(s, 2, A.PASS)
    dice(s, 3, 3, 3, 3, 0, 0)
    act(s, 1, A.MINION_ATTACK[0][2])
    assert s.health[2] < 6 and s.minion_steps[0] == 1


def test_R98_a_minion_that_loses_goes_back_and_R100_may_return():
    # R98
    s = monster_turn(ZOMBIE, "graveyard.b")
    put(s, 2, "graveyard.b")
    s.adv[2] = 1  # Big Game Hunter, Attack 4
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    dice(s, 0, 0, 0, 0, 1, 1, 1, 1)
    act(s, 1, A.MINION_ATTACK[0][2])
    assert s.minions[0] == -1 and s.kills == [0, 0, 0, 0]
    assert "spawn" in {a.kind for a in s.legal_actions(1)}


def test_R94_D4_minions_roll_the_zombies_dice_or_eight():
    # R94
    from hexbox.games.transylvania.play import fight_dice
    s = monster_turn(ZOMBIE, "graveyard.b")
    s.minions[0] = SLOT["graveyard.b"]
    assert fight_dice(s, 6, 0) == 4
    s = ready(4, minion_attack="eight")
    to_monster(s, 1, ZOMBIE, "church.d")
    s.minions[0] = SLOT["church.d"]
    assert fight_dice(s, 6, 0) == 8


def test_R99_an_adventurer_the_zombie_and_a_minion_share_a_space():
    # R99
    s = monster_turn(ZOMBIE, "graveyard.b")
    put(s, 2, "graveyard.b")
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    assert s.standups(SLOT["graveyard.b"]) == [1, 2] and s.minions[0] == SLOT["graveyard.b"]


def test_R96_R134_W3_minions_chase_a_wounded_adventurer_on_another_turn():
    # R96
    s = monster_turn(ZOMBIE, "graveyard.l")
    s.minions[0] = SLOT["graveyard.b"]
    act(s, 1, A.END_TURN)
    start_turn(s, 2)
    put(s, 2, "graveyard.h")
    s.adv[2] = 0
    event_on_top(s, "wolf_pack#0")
    dice(s, 0)
    act(s, 2, move("graveyard.d"))  # wounded by the Event
    assert s.pending[-1][0] == "chase" and s.actors == (1,)
    legal = s.legal_actions(1)
    assert A.MINION_MOVE[0][SLOT["graveyard.d"]] in legal and A.MINION_MOVE[0][SLOT["graveyard.a"]] not in legal
    act(s, 1, A.MINION_MOVE[0][SLOT["graveyard.d"]])
    assert A.MINION_ATTACK[0][2] in s.legal_actions(1)
    act(s, 1, A.PASS)
    assert 0 in s.chased
    # the mover's own window on its space opens once the Event has resolved (R133): the minion is there now
    assert s.window is not None and s.actors == (1,) and A.AMBUSH[1] in s.legal_actions(1)
    act(s, 1, A.PASS)
    assert s.actors == (2,)


def test_R88_zombie_minions_never_attack_other_monsters_while_adventurers_stand():
    s = monster_turn(ZOMBIE, "graveyard.b")
    to_monster(s, 2, VAMPIRE, "graveyard.b")
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    assert not [a for a in s.legal_actions(1) if a.kind in ("attack", "minion_attack")]


def test_R80_R89_the_werewolf_rolls_at_the_start_of_its_turn():
    # R80
    s = monster_turn(WEREWOLF, "graveyard.b")
    assert not s.surge[1]
    dice(s, 0)
    start_turn(s, 1)
    assert s.surge[1] and s.move_left() == 12


def test_R91_one_lock_left_costs_one_turn_either_way():
    # exit already open: one turn (it arrives on the open end and is free to go on)
    s = monster_turn(VAMPIRE, "graveyard.o")
    s.locks.discard(SLOT["graveyard.m"])
    s.locks.discard(SLOT["graveyard.o"])
    s.locks.discard(SLOT["clock_tower.k"])
    act(s, 1, A.USE_PASSAGE)
    assert NODES[s.pos[1]].id == "clock_tower.k" and s.move_left() == 6
    # entry already open: it arrives on the locked exit, which breaks at the start of its next turn
    s = monster_turn(VAMPIRE, "graveyard.o")
    s.locks.discard(SLOT["graveyard.o"])
    act(s, 1, A.USE_PASSAGE)
    assert s.move_left() == 0 and s.breaking[1] == SLOT["clock_tower.k"]
    act(s, 1, A.END_TURN)
    start_turn(s, 1)
    assert SLOT["clock_tower.k"] not in s.locks and s.move_left() == 6


def test_R89_an_adventurer_ambushing_a_surging_werewolf_faces_twelve_dice():
    from hexbox.games.transylvania.play import fight_dice
    s = monster_turn(WEREWOLF, "graveyard.b")
    s.surge[1] = True
    assert fight_dice(s, 1, 0) == 12 and fight_dice(s, 0, 1) == s.dice(0, 0)


def test_R93_spawning_before_during_and_after_moving():
    # R93
    s = monster_turn(ZOMBIE, "graveyard.b")
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])  # before moving: its start space
    act(s, 1, move("graveyard.g"))
    act(s, 1, move("graveyard.j"))
    act(s, 1, A.SPAWN[SLOT["graveyard.g"]])  # a space it moved through
    assert s.minions[:2] == [SLOT["graveyard.b"], SLOT["graveyard.g"]]


def test_R98_an_adventurer_killed_by_a_minion_is_a_kill_for_the_zombie():
    # R98
    s = monster_turn(ZOMBIE, "graveyard.b")
    put(s, 2, "graveyard.b")
    s.health[2] = 1
    act(s, 1, A.SPAWN[SLOT["graveyard.b"]])
    dice(s, *[3] * 4, *[0] * 6)
    act(s, 1, A.MINION_ATTACK[0][2])
    assert not s.alive[2] and s.kills[1] == 1
