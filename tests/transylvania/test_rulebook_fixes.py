"""Four places where the engine strayed from the printed rulebook (issue 34), each with a small constructed state
and the seeded games where it showed:

1. "As a Monster, you may not end your turn on the Church Tile" (The Church Tile; R82, R137).
2. "The game ends when you step onto the Church Tile" (How to Win; R3).
3. "You may not discard a card on the same turn it was drawn" and Determination only if you "failed to receive"
   a card (R45, R59): the Scientist's Experimentation card is drawn and received (R108).
4. "the 5th and 6th players draw 2 cards and choose which one to keep. The other card is discarded" (Game Set Up,
   R12), Iron Shackles included (R54).

The seeded games are played by the project's random playout (the loop of ``hexbox bench`` and
benchmarks/seed_sweep.py: ``rng = random.Random(seed)``, a uniform choice of seat and of legal action) or by the
heuristic bots as tests/golden/make_golden.py plays them; the step numbers are counted from 0.
"""

import random

from transylvania_helpers import (
    SLOT,
    act,
    bare,
    card,
    choose,
    dice,
    event_on_top,
    examined,
    give,
    lay_tile,
    move,
    new,
    on_top,
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
from hexbox.games.transylvania.state import CHURCH, VAMPIRE, ZOMBIE

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
    """The Church Tile: "As a Monster, you may not end your turn on the Church Tile." In a 5-player random game,
    seed 5010, a Zombie stood on church.g at step 267 with one point and no way off, and was offered end_turn on
    church.s at step 268. A Monster on the Church is offered end_turn exactly when no space off it can be reached
    with its points (R137)."""
    for step, s, seat, legal, _ in games(5, 5010):
        if s.phase == "monster" and s.pos[seat] in CHURCH and not s.pending and s.window is None:
            if A.END_TURN in legal:
                assert not way_off(s, seat), f"step {step}: end_turn on {NODES[s.pos[seat]].id} with a way off"
            else:
                assert way_off(s, seat), f"step {step}: on the Church with no way off and no end_turn"


# ---- 2. The curse is broken by stepping onto the Church (R3) -----------------------------------------------------


def adventurer_on_graveyard(players=4):
    s = bare(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.k")  # next to church.n
    return s


def test_R3_completing_the_set_while_on_the_church_does_not_break_the_curse_until_stepping_on_again():
    """How to Win: "The game ends when you step onto the Church Tile." Pilfering the fifth Knowledge card while
    standing there, ending the phase, or starting the next turn there wins nothing; leaving and stepping back on
    does."""
    s = adventurer_on_graveyard()
    put(s, 0, "church.n")
    examined(s, 0, *SET[:2])
    give(s, 0, *SET[2:4])
    s.corpses = [[SLOT["church.n"], [card(SET[4])]]]
    act(s, 0, A.PILFER)
    assert s.knowledge_set(0) and not s.is_over
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    assert not s.is_over
    start_turn(s, 0)
    assert not s.is_over  # no win at the start of the turn either
    act(s, 0, move("church.b"))
    assert not s.is_over  # a step between two Church spaces is no step onto the Church
    act(s, 0, move("church.n"))
    act(s, 0, move("graveyard.k"))
    assert not s.is_over
    act(s, 0, move("church.n"))
    assert s.result.kind == "curse_broken" and s.result.winners == {0}


def test_R3_a_bump_or_an_attempt_on_the_church_breaks_no_curse():
    """How to Win: "The game ends when you step onto the Church Tile." A set completed on a Church token space by
    an attempt, then a bump, does not end the game."""
    s = adventurer_on_graveyard()
    put(s, 0, "church.a")
    give(s, 0, *SET[:3])
    examined(s, 0, SET[3])
    s.tokens[SLOT["church.a"]] = next(i for i, t in enumerate(CARDS.tokens) if t[1] == 2)
    on_top(s, SET[4])
    dice(s, 3, 3, 3, 3, 3, 3)
    act(s, 0, A.ATTEMPT)
    assert s.knowledge_set(0) and not s.is_over
    act(s, 0, A.BUMP[card(SET[3])])
    assert not s.is_over


def test_R3_arriving_by_a_step_an_event_or_a_mirror_with_the_set_wins():
    """How to Win: "Be the first Adventurer to return to the Church Tile with five Knowledge Cards"; "The game
    ends when you step onto the Church Tile." Arriving from off the Church wins, whatever carries you."""
    s = adventurer_on_graveyard()
    give(s, 0, *SET)
    act(s, 0, move("church.n"))
    assert s.result.kind == "curse_broken"
    s = adventurer_on_graveyard()  # carried there by an Event's to_church (Will-o'-the-Wisp, best row)
    s.adv[0] = 0  # the Abbess, Spirit 4
    give(s, 0, *SET)
    put(s, 0, "graveyard.h")
    event_on_top(s, "will_o_wisp#0")
    dice(s, 3, 3, 0, 0)
    act(s, 0, move("graveyard.d"))
    act(s, 0, choose("church.b"))
    assert s.result.kind == "curse_broken"
    s = adventurer_on_graveyard()  # through a mirror
    give(s, 0, *SET)
    s.mirrors = (SLOT["graveyard.k"], SLOT["church.d"])
    act(s, 0, A.USE_MIRROR)
    assert s.result.kind == "curse_broken"


def test_R3_a_set_gained_out_of_turn_wins_only_at_the_next_step_onto_the_church():
    """How to Win: "The game ends when you step onto the Church Tile." Seat 1 holds the set on the Church
    between turns: its turn starts without a win (the old check at the start of the turn is gone)."""
    s = adventurer_on_graveyard()
    put(s, 0, "graveyard.b")
    put(s, 1, "church.b")
    give(s, 1, *SET)
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    assert not s.is_over and s.active == 1
    act(s, 1, move("church.n"))
    act(s, 1, move("graveyard.k"))
    act(s, 1, move("church.n"))
    assert s.result.winners == {1}


def arrived_on_church(events, seat):
    for e in events:
        if e.kind in ("moved", "teleported") and e.data["seat"] == seat:
            if CARDS.node_by_name[e.data["to"]] in CHURCH and CARDS.node_by_name[e.data["from"]] not in CHURCH:
                return True
    return False


def check_curse_only_on_arrival(players, seed, **options):
    for step, s, seat, _, action in games(players, seed, "heuristic", **options):
        if any(s.role[x] < 0 and s.knowledge_set(x) for x in range(s.n)):  # a curse could break: look closer
            after = s.clone()
            events = after.apply(seat, action)
            if after.is_over and after.result.kind == "curse_broken":
                (winner,) = after.result.winners
                assert arrived_on_church(events, winner), f"step {step}: {action} broke the curse, no step on"


def test_R3_seeded_heuristic_games_break_the_curse_only_by_stepping_onto_the_church():
    """How to Win: "The game ends when you step onto the Church Tile." Three players, heuristic bots: seed 6001
    ended at step 1063 with an attempt on church.c; seed 1 with compact tiles (the golden record's set-up) at the
    start of seat 1's turn, after step 317."""
    check_curse_only_on_arrival(3, 6001)
    check_curse_only_on_arrival(3, 1, tiles="compact")


# ---- 3. The Scientist's Experimentation card is drawn and received (R45, R59, R108) -----------------------------


def scientist():
    s = adventurer_on_graveyard()
    s.adv[0] = SCIENTIST
    s.adv[1:] = [0, 1, 2]
    put(s, 0, "graveyard.b")
    return s


def test_R45_R108_the_experimentation_card_may_not_be_discarded_the_turn_it_was_drawn():
    """Additional Rules for Discovery Cards: "You may not discard a card on the same turn it was drawn."
    Experimentation reveals the top of the Discovery deck: the card it examines is drawn this turn."""
    s = scientist()
    on_top(s, "gk_map#0", "i_lantern#0", "vk_letters#0")
    act(s, 0, A.USE_ABILITY)
    act(s, 0, A.EXPERIMENT[2][0])
    letters = card("vk_letters#0")
    assert s.row[0] == [(letters, ())]
    assert A.DISCARD[letters] not in s.legal_actions(0)
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    start_turn(s, 0)
    assert A.DISCARD[letters] in s.legal_actions(0)  # a later turn


def test_R59_R108_no_determination_after_receiving_the_experimentation_card():
    """II. Determination: "If you attempted but failed to receive at least one Discovery Card on your turn":
    the Scientist who failed a token roll but examined a card through Experimentation received one."""
    s = scientist()
    s.tokens[SLOT["graveyard.b"]] = next(i for i, t in enumerate(CARDS.tokens) if t[1] == 6)
    dice(s, 0, 0, 0, 0, 0, 0)
    act(s, 0, A.ATTEMPT)
    assert s.attempted and not s.received
    on_top(s, "gk_map#0", "i_lantern#0", "vk_letters#0")
    act(s, 0, A.USE_ABILITY)
    act(s, 0, A.EXPERIMENT[0][0])
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"


def check_experiment_card_kept(players, seed, agent):
    found = 0
    card_, turn = -1, -1
    for step, s, seat, legal, action in games(players, seed, agent):
        if s.turns == turn and seat == s.active:
            assert A.DISCARD[card_] not in legal, f"step {step}: the Experimentation card may be discarded"
            assert s.phase != "determination", f"step {step}: Determination after Experimentation"
        if action.kind == "experiment":
            card_, turn = s.pending[-1][2][action.take], s.turns
            found += 1
    assert found


def test_R45_R59_seeded_games_never_discard_the_experimentation_card_that_turn():
    """"You may not discard a card on the same turn it was drawn" and Determination only if you "failed to
    receive" one. Three players, heuristic bots, seed 6001: Letters from the Castle, examined through
    Experimentation at step 32, could be discarded at steps 33-39. Five players, random play, seed 5001: Wolfsbane,
    examined at step 73, could be discarded at steps 74-75."""
    check_experiment_card_kept(3, 6001, "heuristic")
    check_experiment_card_kept(5, 5001, "random")


# ---- 4. The 5th and 6th players keep one card (R12, R54) --------------------------------------------------------


def five_at_setup(*top):
    """A 5-player set-up with seat 0 first, every stand-up placed; ``top`` are the deck's top cards, so seat 4
    (the 5th player) draws the 5th and 6th named."""
    s = new(5)
    on_top(s, *top)
    for seat in range(5):
        s.apply(seat, A.CHOOSE[CARDS.church_starts[0 if seat < 2 else 1 if seat < 4 else 2]])
    return s


def test_R12_R54_a_fifth_player_who_draws_iron_shackles_still_keeps_one_card():
    """Game Set Up: "the 5th and 6th players draw 2 cards and choose which one to keep. The other card is
    discarded." Iron Shackles (R54, must be examined at once) is one of the two: the choice is still offered;
    kept, it is examined; not kept, it is discarded."""
    top = ("gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1", "i_shackles#0", "i_knuckles#0")
    shackles, knuckles = card("i_shackles#0"), card("i_knuckles#0")
    s = five_at_setup(*top)
    assert s.phase == "setup_keep" and s.actors == (4,)
    assert {a.card for a in s.legal_actions(4)} == {shackles, knuckles}
    s.apply(4, A.KEEP[shackles])
    assert s.row[4] == [(shackles, ())] and s.hand[4] == [] and knuckles in s.discards
    assert s.phase == "exploration"
    s = five_at_setup(*top)
    s.apply(4, A.KEEP[knuckles])
    assert s.hand[4] == [knuckles] and s.row[4] == [] and shackles in s.discards


def test_R12_seeded_games_every_player_ends_set_up_with_one_card():
    """Game Set Up: each player draws one card; "the 5th and 6th players draw 2 cards and choose which one to
    keep." Five players, seed 0 (first player seat 2): seat 1, the 5th, drew Brass Knuckles and Iron Shackles
    and started with both."""
    s = hexbox.load("transylvania", players=5).new_state(seed=0)
    while s.phase.startswith("setup"):
        seat = s.actors[0]
        if s.pending[-1][0] == "keep":
            assert seat == 1 and {CARDS.card_names[a.card] for a in s.legal_actions(1)} == {"i_knuckles#0",
                                                                                              "i_shackles#0"}
        s.apply(seat, s.default_action(seat))
    assert [len(h) + len(r) for h, r in zip(s.hand, s.row)] == [1] * 5
    assert len(s.discards) == 1
    for players in (5, 6):
        for seed in range(30):
            s = hexbox.load("transylvania", players=players).new_state(seed=seed)
            while s.phase.startswith("setup"):
                seat = s.actors[0]
                s.apply(seat, s.legal_actions(seat)[-1])
            assert [len(h) + len(r) for h, r in zip(s.hand, s.row)] == [1] * players, (players, seed)


def test_R55_R108_R128_a_cursed_card_taken_by_experimentation_attaches_to_an_examined_card():
    """"You must immediately ATTACH this card to an EXAMINED card" (The Raven): Experimentation's examination does
    not make a cursed card a row card of its own."""
    s = bare(4)
    s.adv[0] = 5  # the Scientist
    s.adv[1:] = [0, 1, 2]
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    examined(s, 0, "i_lantern#0")
    on_top(s, "gk_map#0", "t_werewolf#0", "i_raven#0")
    act(s, 0, A.USE_ABILITY)
    take = next(a for a in s.legal_actions(0) if isinstance(a, A.Experiment) and a.take == 2)
    act(s, 0, take)
    assert s.row[0] == [(card("i_lantern#0"), (card("i_raven#0"),))]
