"""Four places where the engine strayed from the printed rulebook (issue 34), each with a small constructed state
and the seeded games where it showed:

1. "As a Monster, you may not end your turn on the Church Tile" (The Church Tile; R82, R137).

The seeded games are played by the project's random playout (the loop of ``hexbox bench`` and
benchmarks/seed_sweep.py: ``rng = random.Random(seed)``, a uniform choice of seat and of legal action) or by the
heuristic bots as tests/golden/make_golden.py plays them; the step numbers are counted from 0.
"""

import random

from transylvania_helpers import (
    act,
    bare,
    dice,
    lay_tile,
    move,
    put,
    start_turn,
    to_monster,
)

import hexbox
from hexbox.agents import make_agent
from hexbox.core import View
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.board import NODES
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.rules import CHURCH, VAMPIRE, ZOMBIE

SCIENTIST = 5
SET = ("zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")  # R2: a full set


def games(players, seed, agent="random", **options):
    """(step, state, seat, legal, action) along a seeded game, before each action is applied."""
    state = hexbox.load("transylvania", players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    bots = [make_agent("heuristic", "transylvania") for _ in range(players)] if agent == "heuristic" else None
    step = 0
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        legal = state.legal_actions(seat)
        action = bots[seat].act(View.of(state, seat), rng) if bots else rng.choice(legal)
        yield step, state, seat, legal, action
        state.apply(seat, action)
        step += 1


# ---- 1. A Monster may not end its turn on the Church (R82, R137) -------------------------------------------------


def monster_on(monster, node, players=4):
    """``seat 1`` is ``monster`` on ``node`` at the start of its turn; the Graveyard lies north of the Church
    (graveyard.k meets church.n) and the Clock Tower east of it; the others stand out of the way."""
    s = bare(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "clock_tower", 1, 0, 0)
    to_monster(s, 1, monster, node)
    far = iter(("church.s", "church.s", "graveyard.a", "graveyard.a", "graveyard.e"))
    for seat in range(players):
        if seat != 1:
            put(s, seat, next(far))
    dice(s, 2)
    start_turn(s, 1)
    s.spawns = 0
    return s


def way_off(s, seat):
    """Can ``seat`` still stand off the Church with the points it has left? Written apart from the engine: a
    breadth-first walk of the whole board through spaces with room (R26), a step off an open exit counting 1."""
    here, left = s.pos[seat], s.move_left()
    dist = s.board.distances(here, lambda x: s.room(x, seat))
    for x, d in dist.items():
        if d <= left and x not in CHURCH:
            return True
        if d + 1 <= left and x in CHURCH and s.tiles and s.board.open_exit(x):
            return True
    return False


def test_R82_a_zombie_may_not_walk_into_the_church_further_than_its_points_bring_it_back_out():
    """The Church Tile: "As a Monster, you may not end your turn on the Church Tile." The issue's Zombie walked
    church.n -> b -> a and was then offered end_turn with no points left. Church.a is now refused, and at no
    point on the Church is end_turn offered."""
    s = monster_on(ZOMBIE, "graveyard.k")  # Movement 4
    act(s, 1, move("church.n"))  # 3 points left; the way back to graveyard.k costs 1
    assert move("church.b") in s.legal_actions(1) and A.END_TURN not in s.legal_actions(1)
    act(s, 1, move("church.b"))  # 2 left: back out through n costs 2
    legal = s.legal_actions(1)
    assert move("church.a") not in legal and move("church.c") not in legal  # each 3 from a space off the Church
    assert move("church.n") in legal and A.END_TURN not in legal
    act(s, 1, move("church.n"))
    assert s.legal_actions(1) == [move("graveyard.k")]  # one point: only off (church.b would strand it)
    act(s, 1, move("graveyard.k"))
    assert A.END_TURN in s.legal_actions(1)


def test_R82_a_step_off_an_open_exit_is_a_way_off_the_church():
    """The Church Tile (R82), with Laying New Game Board Tiles (R27, D52): stepping off an open exit lays a tile
    and leaves the Church, so it counts as a way off; church.w faces no tile yet."""
    s = monster_on(VAMPIRE, "church.i")
    s.moved = s.movement(1) - 2  # two points left
    legal = s.legal_actions(1)
    assert move("church.w") in legal  # then off by a new tile (1 point)
    assert move("church.a") not in legal and move("church.h") not in legal  # three from any way off
    assert A.END_TURN not in legal
    act(s, 1, move("church.w"))
    assert A.EXPLORE in s.legal_actions(1) and A.END_TURN not in s.legal_actions(1)
    s.tiles.clear()  # no tile left to lay: church.w is a dead end, and stepping there would have stranded it
    put(s, 1, "church.i")
    s.moved = s.movement(1) - 2
    assert move("church.w") not in s.legal_actions(1)


def test_R137_only_a_monster_boxed_in_by_full_spaces_may_end_its_turn_on_the_church():
    """R137 (the Church Tile with "Up to two Players may occupy a single footprint space"): with every way off
    the Church through full spaces, the Monster may end its turn there, and pays 2 Health."""
    s = monster_on(VAMPIRE, "church.n", players=6)
    for seat, node in ((0, "graveyard.k"), (2, "graveyard.k"), (3, "church.b")):
        put(s, seat, node)
    assert s.legal_actions(1) == [move("church.b")]  # church.b still has room
    put(s, 4, "church.b")  # both neighbours full
    assert s.legal_actions(1) == [A.END_TURN]
    act(s, 1, A.END_TURN)
    assert s.health[1] == 10 - CARDS.church_damage


def test_R82_seeded_random_game_no_monster_may_end_on_the_church_with_a_way_off():
    """The Church Tile: "As a Monster, you may not end your turn on the Church Tile." A 5-player random game,
    seed 5010, offered a Zombie end_turn on church.s with no points left at step 268. Every time end_turn is
    offered to a Monster on the Church, no space off it can be reached (R137)."""
    for step, s, seat, legal, _ in games(5, 5010):
        if s.phase == "monster" and s.pos[seat] in CHURCH and not s.pending and s.window is None:
            if A.END_TURN in legal:
                assert not way_off(s, seat), f"step {step}: end_turn on {NODES[s.pos[seat]].id} with a way off"
            else:
                assert way_off(s, seat), f"step {step}: on the Church with no way off and no end_turn"
