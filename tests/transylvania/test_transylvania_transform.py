"""Monster Transformation and Hidden Transformation (R21, R66-R70, R136, R141-R143), and How to Win by the curse
(R2, R3)."""

from transylvania_helpers import (
    SLOT,
    act,
    bare,
    card,
    dice,
    examined,
    give,
    kinds,
    lay_tile,
    move,
    put,
    start_turn,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.state import VAMPIRE, WEREWOLF, ZOMBIE


def fresh(players=4):
    s = bare(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    return s


def test_R67_the_vampire_recipe_any_three():
    # R67
    s = fresh()
    give(s, 0, "t_vampire_bite#0", "t_vampire_bite#1")
    assert s.recipes(0) == []
    give(s, 0, "i_broadsword#0")
    assert s.recipes(0) == []  # D7: a Broadsword in hand does not count
    s.hand[0].remove(card("i_broadsword#0"))
    examined(s, 0, "i_broadsword#0")
    assert s.recipes(0) == [VAMPIRE]
    s = fresh()
    give(s, 0, "t_vampire_bite#0", "i_necronomicon#0")
    examined(s, 0, "i_broadsword#0")
    assert s.recipes(0) == [VAMPIRE]


def test_R67_the_werewolf_recipes():
    # R67
    s = fresh()
    give(s, 0, "t_werewolf#0")
    assert s.recipes(0) == []
    examined(s, 0, "full_moon#0")
    assert s.recipes(0) == [WEREWOLF]
    s = fresh()
    give(s, 0, "t_werewolf#0", "t_werewolf#1")
    assert s.recipes(0) == [WEREWOLF]
    s = fresh()
    give(s, 0, "t_werewolf#0", "i_necronomicon#0")
    assert s.recipes(0) == [WEREWOLF]


def test_R67_the_zombie_recipes():
    # R67
    s = fresh()
    give(s, 0, "t_bio_agent#0", "i_super_serum#0")
    assert s.recipes(0) == [ZOMBIE]
    s = fresh()
    give(s, 0, "t_bio_agent#0")
    examined(s, 0, "i_necronomicon#0")  # R143: possess = hand or row
    assert s.recipes(0) == [ZOMBIE]
    s = fresh()
    give(s, 0, "t_bio_agent#0", "t_bio_agent#1")
    assert s.recipes(0) == [ZOMBIE]


def test_R66_only_an_available_monster_qualifies():
    s = fresh()
    give(s, 0, "t_bio_agent#0", "t_bio_agent#1")
    assert s.qualifies(0) == [ZOMBIE]
    to_monster(s, 2, ZOMBIE, "graveyard.l")
    assert s.qualifies(0) == []
    assert s.observe(0)["private"]["qualifies"] == []


def test_R68_R69_reveal_on_your_own_turn_discards_everything():
    # R68, R69
    s = fresh()
    give(s, 0, "t_werewolf#0", "t_werewolf#1", "gk_map#0")
    examined(s, 0, "vk_treatise#0")
    s.tt[0] = [1, 0, 0]
    s.trait_supply[0] -= 1
    assert A.REVEAL[WEREWOLF] in s.legal_actions(0)
    act(s, 0, A.REVEAL[WEREWOLF])
    assert s.role[0] == WEREWOLF and s.health[0] == 10 and s.kills[0] == 0
    assert not s.hand[0] and not s.row[0] and s.trait_supply[0] == 6 and s.tt[0] == [0, 0, 0]
    assert card("vk_treatise#0") in s.discards


def test_R70_reveal_after_the_adventurer_move_then_a_full_monster_turn():
    s = fresh()
    give(s, 0, "t_werewolf#0", "t_werewolf#1")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    s.moved = s.movement(0)  # all adventurer movement used
    assert s.move_left() == 0
    dice(s, 2)  # no surge
    act(s, 0, A.REVEAL[WEREWOLF])
    assert s.phase == "monster" and s.move_left() == 6 and not s.attempted


def test_R136_no_reveal_on_the_church():
    s = fresh()
    give(s, 0, "t_werewolf#0", "t_werewolf#1")
    put(s, 0, "church.d")
    assert "reveal" not in kinds(s, 0)


def test_R68_W1_reveal_ambush_out_of_turn():
    # R68
    s = fresh()
    give(s, 1, "t_bio_agent#0", "t_bio_agent#1")
    put(s, 1, "graveyard.b")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert A.REVEAL_AMBUSH[ZOMBIE] in s.legal_actions(1)
    dice(s, *[3] * 4, *[0] * 6)
    act(s, 1, A.REVEAL_AMBUSH[ZOMBIE])
    assert s.role[1] == ZOMBIE and s.window is None
    assert s.health[0] < 6


def test_W4_defaults_never_reveal():
    s = fresh()
    give(s, 1, "t_bio_agent#0", "t_bio_agent#1")
    put(s, 1, "graveyard.b")
    put(s, 0, "graveyard.a")
    act(s, 0, move("graveyard.b"))
    assert s.default_action(1) == A.PASS


def test_R21_R141_dead_transformation_cards_may_be_swapped():
    s = fresh()
    give(s, 0, "t_vampire_bite#0")
    assert "swap_transformations" not in kinds(s, 0)
    assert A.DISCARD[card("t_vampire_bite#0")] not in s.legal_actions(0)  # R21
    to_monster(s, 2, VAMPIRE, "graveyard.l")
    act(s, 0, A.SWAP)
    assert card("t_vampire_bite#0") in s.discards and len(s.hand[0]) == 1 and not s.discarded


def test_R142_a_cure_discards_itself_and_the_matching_card():
    # R142
    s = fresh()
    give(s, 0, "t_werewolf#0")
    examined(s, 0, "i_wolfsbane#0")
    act(s, 0, A.CURE[card("i_wolfsbane#0")])
    assert not s.hand[0] and not s.row[0] and s.discarded


def test_R2_five_knowledge_with_every_type_general_filling_gaps():
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "gk_occult#0", "gk_occult#1")
    examined(s, 0, "gk_occult#2")
    assert s.knowledge_set(0)  # Z, V, G, G, G
    s = fresh()
    give(s, 0, "zk_field_notes#0", "zk_field_notes#1", "zk_field_notes#2", "zk_plague_ledger#0", "gk_occult#0")
    assert not s.knowledge_set(0)  # two types missing, one General
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0")
    assert not s.knowledge_set(0)  # only four
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "vk_treatise#1", "wk_bestiary#0", "wk_bestiary#1")
    assert s.knowledge_set(0)  # Z, V, V, W, W: every type, no General needed
    s = fresh()
    give(s, 0, "vk_treatise#0", "vk_treatise#1", "vk_treatise#2", "wk_bestiary#0", "wk_bestiary#1")
    assert not s.knowledge_set(0)  # five, but no Zombie card and no General to fill the gap


def test_R3_stepping_onto_the_church_with_the_set_wins():
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")
    lay = s.board
    put(s, 0, "graveyard.k")
    assert SLOT["church.n"] in lay.adj[SLOT["graveyard.k"]]
    act(s, 0, move("church.n"))
    assert s.is_over and s.result.kind == "curse_broken" and s.result.winners == {0}


def test_R3_any_church_space_counts_the_first_one_too():
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")
    s.mirrors = (SLOT["graveyard.b"], SLOT["church.a"])  # church.a is the board's space 0
    act(s, 0, A.USE_MIRROR)
    assert s.is_over and s.result.kind == "curse_broken" and s.result.winners == {0}


def test_R3_the_win_is_checked_before_an_ambush_on_the_church():
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")
    to_monster(s, 2, VAMPIRE, "church.n")
    put(s, 0, "graveyard.k")
    act(s, 0, move("church.n"))
    assert s.result.kind == "curse_broken"


def test_R3_holding_the_set_on_the_church_at_turn_start_is_no_step_onto_it():
    s = fresh()
    put(s, 1, "church.d")
    give(s, 1, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")
    start_turn(s, 1)
    assert s.result is None


def test_R2_R66_a_qualifying_player_cannot_break_the_curse():
    s = fresh()
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1",
         "t_werewolf#0", "t_werewolf#1")
    put(s, 0, "graveyard.k")
    act(s, 0, move("church.n"))
    assert not s.is_over
    to_monster(s, 2, WEREWOLF, "graveyard.l")  # the Werewolf is taken: it no longer qualifies
    act(s, 0, move("church.b"))
    assert not s.is_over  # R3: a step inside the Church is no step onto it
    act(s, 0, move("church.n"))
    act(s, 0, move("graveyard.k"))
    act(s, 0, move("church.n"))
    assert s.result.kind == "curse_broken"


def test_R3_completing_the_set_on_the_church_by_a_pilfer_is_no_step_onto_it():
    s = fresh()
    put(s, 0, "church.b")
    give(s, 0, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0")
    s.corpses = [[SLOT["church.b"], [card("gk_occult#1")]]]
    act(s, 0, A.PILFER)
    assert s.result is None and s.knowledge_set(0)


def test_R3_cards_gained_out_of_turn_count_at_the_next_step_onto_the_church_only():
    s = fresh()
    put(s, 1, "church.b")
    give(s, 1, "zk_field_notes#0", "vk_treatise#0", "wk_bestiary#0", "gk_occult#0", "gk_occult#1")
    act(s, 0, A.END_EXPLORATION)
    assert not s.is_over  # seat 1 is not the active adventurer
    act(s, 0, A.END_TURN)
    assert not s.is_over  # nor is the start of its turn a step onto the Church
    for node in ("church.n", "graveyard.k", "church.n"):
        act(s, 1, move(node))
    assert s.result.winners == {1}


def test_R120_a_monster_starts_at_ten_and_never_heals():
    # R120
    s = fresh()
    give(s, 0, "t_werewolf#0", "t_werewolf#1")
    act(s, 0, A.REVEAL[WEREWOLF])
    assert s.health[0] == 10
    s.health[0] = 7
    s._heal(0, 3)
    assert s.health[0] == 7
