"""Adventurer Death and Regeneration (R71-R78, R138-R140, R150), the rulebook's example of R78 included."""

from transylvania_helpers import (
    SLOT,
    TILE,
    act,
    card,
    clear_hands,
    dice,
    examined,
    give,
    graveyard_table,
    kill,
    lay_tile,
    on_top,
    put,
    ready,
    start_turn,
    tile_on_top,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.board import NODES
from hexbox.games.transylvania.state import ADVENTURER, VAMPIRE, WEREWOLF, ZOMBIE


def test_R71_R72_death_in_order():
    # R60, R72
    s = graveyard_table()
    give(s, 1, "gk_map#0", "t_vampire_bite#0")
    examined(s, 1, "vk_treatise#0", "full_moon#0")
    s.row[1][0] = (card("vk_treatise#0"), (card("i_raven#0"),))
    s.tt[1] = [1, 1, 0]
    s.trait_supply = [5, 5, 6]
    kill(s, 1)
    assert not s.alive[1] and s.pos[1] == -1
    assert card("full_moon#0") in s.event_discards  # 1. its Events
    assert sorted(s.aside[1]) == sorted([card("gk_map#0"), card("t_vampire_bite#0")])  # 2. set aside
    assert s.trait_supply == [6, 6, 6] and s.tt[1] == [0, 0, 0]  # 3.
    assert s.corpses == [[SLOT["graveyard.b"], [card("vk_treatise#0"), card("i_raven#0")]]]  # 4., 5.
    o = s.observe(2)
    assert o["public"]["seats"][1]["set_aside_size"] == 2 and o["private"]["glimpses"] == []
    assert s.observe(1)["private"]["set_aside"]


def test_R73_R74_regenerate_as_a_new_adventurer_on_the_church():
    s = graveyard_table()
    old = s.adv[1]
    kill(s, 1)
    on_top(s, "gk_map#0", "gk_map#1")
    events = start_turn(s, 1)
    assert any(e.kind == "set_aside_revealed" for e in events)  # R73
    assert s.adv[1] != old and s.health[1] == 6 and s.role[1] == ADVENTURER  # R139: not the one that died
    assert all(x in s.tokens for x in (SLOT["church." + n] for n in "abcfgh"))  # R74 2
    spaces = {a.node for a in s.legal_actions(1)}
    full = {x for x in range(12) if not s.room(x, 1)}
    assert s.pending[-1][0] == "regen_space" and spaces == set(range(12)) - full  # any Church space with room
    act(s, 1, A.CHOOSE[SLOT["church.a"]])
    assert s.hand[1] == [card("gk_map#0"), card("gk_map#1")]  # R74 4
    assert s.pending[-1][0] == "regen_examine"
    act(s, 1, A.EXAMINE[card("gk_map#1")])  # R74 5: free
    assert not s.examined and s.row[1] == [(card("gk_map#1"), ())]
    assert s.phase == "exploration" and A.EXAMINE[card("gk_map#0")] in s.legal_actions(1)


def test_R140_the_revealed_hand_joins_the_corpse():
    s = graveyard_table()
    give(s, 1, "gk_map#0", "t_vampire_bite#0")
    examined(s, 1, "vk_treatise#0")
    to_monster(s, 3, VAMPIRE, "graveyard.l")  # the Vampire is taken: the Bite makes no Monster
    kill(s, 1)
    start_turn(s, 1)
    assert s.corpses[0][1] == [card("vk_treatise#0"), card("gk_map#0")]
    assert card("t_vampire_bite#0") in s.discards


def test_R76_dying_with_a_transformation_card_makes_that_monster():
    # R76
    s = graveyard_table()
    give(s, 1, "t_bio_agent#0")
    kill(s, 1, "graveyard.f")
    start_turn(s, 1)
    assert s.role[1] == ZOMBIE and s.health[1] == 10 and s.pos[1] == SLOT["graveyard.f"]  # R77
    assert card("t_bio_agent#0") in s.discards and s.phase == "monster"


def test_R76_D8_the_necronomicon_allows_any_monster():
    # R76
    s = graveyard_table()
    give(s, 1, "i_necronomicon#0")
    kill(s, 1)
    start_turn(s, 1)
    assert s.pending[-1][0] == "become" and [a.monster for a in s.legal_actions(1)] == [0, 1, 2]
    act(s, 1, A.BECOME[WEREWOLF])
    assert s.role[1] == WEREWOLF


def test_R78_the_rulebook_example_a_taken_monster_regenerates_as_an_adventurer():
    # Player A dies holding 3 Vampire Bites; before A's next turn Player B becomes the Vampire
    s = graveyard_table()
    give(s, 1, "t_vampire_bite#0", "t_vampire_bite#1", "t_vampire_bite#2")
    kill(s, 1)
    to_monster(s, 2, VAMPIRE, "graveyard.l")
    start_turn(s, 1)
    assert s.role[1] == ADVENTURER and s.pending[-1][0] == "regen_space"


def test_R77_R138_a_monster_dying_on_the_church_rises_next_to_it():
    s = graveyard_table()
    give(s, 1, "t_werewolf#0")
    kill(s, 1, "church.d")
    start_turn(s, 1)
    # the nearest space on the one tile beside the Church: graveyard.k, its only candidate
    assert s.pos[1] == SLOT["graveyard.k"] and s.role[1] == WEREWOLF and not s.pending


def test_R77_with_several_nearest_spaces_the_player_chooses():
    s = graveyard_table()
    lay_tile(s, "village_square", 1, 0, 0)  # its W exit meets the Church's E exit
    give(s, 1, "t_werewolf#0")
    kill(s, 1, "church.d")
    start_turn(s, 1)
    assert s.pending[-1][0] == "monster_site"
    assert sorted(NODES[a.node].id for a in s.legal_actions(1)) == ["graveyard.k", "village_square.e"]
    act(s, 1, A.CHOOSE[SLOT["village_square.e"]])
    assert s.pos[1] == SLOT["village_square.e"]


def test_D27_a_full_death_space_sends_the_monster_to_the_nearest_with_room():
    s = graveyard_table()
    give(s, 1, "t_werewolf#0")
    kill(s, 1, "graveyard.g")
    put(s, 2, "graveyard.g")
    put(s, 3, "graveyard.g")
    start_turn(s, 1)
    assert s.pending[-1][0] == "monster_site"
    assert sorted(NODES[a.node].id for a in s.legal_actions(1)) == ["graveyard.b", "graveyard.f", "graveyard.h",
                                                                    "graveyard.j"]


def test_D28_with_no_tile_beside_the_church_the_rising_monster_lays_one_first():
    s = ready(4)
    clear_hands(s)
    give(s, 1, "t_werewolf#0")
    kill(s, 1, "church.d")
    tile_on_top(s, "windmill")
    start_turn(s, 1)
    assert s.pending[-1][0] == "church_exit" and len(s.legal_actions(1)) == 4
    act(s, 1, A.CHOOSE[SLOT["church.e"]])
    assert s.pending[-1][0] == "rise_orient" and [a.rotation for a in s.legal_actions(1)] == [1, 3]
    act(s, 1, A.ORIENT[1])
    assert s.board.placed[TILE["windmill"]] == (1, 0, 1)
    assert NODES[s.pos[1]].id == "windmill.g" and s.role[1] == WEREWOLF  # its S exit now faces west


def test_R75_death_on_its_own_turn_loses_the_rest_of_it():
    # R75
    s = graveyard_table()
    put(s, 0, "graveyard.h")
    s.health[0] = 1
    s.adv[0] = 0
    from transylvania_helpers import event_on_top, move
    event_on_top(s, "wolf_pack#0")
    dice(s, 0)
    act(s, 0, move("graveyard.d"))
    assert not s.alive[0] and s.active == 1


def test_R150_abilities_stay_with_the_adventurer_card():
    s = graveyard_table()
    s.used[s.adv[1]] = True
    old = s.adv[1]
    kill(s, 1)
    start_turn(s, 1)
    assert s.used[old] and s.tt[1] == [0, 0, 0]
