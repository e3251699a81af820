"""Appendix A: Adventurer Abilities (R15, R102-R112)."""

from transylvania_helpers import (
    SLOT,
    act,
    bare,
    card,
    dice,
    event_on_top,
    examined,
    give,
    lay_tile,
    move,
    on_top,
    put,
    start_turn,
    to_monster,
)

from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.state import VAMPIRE

ABBESS, HUNTER, EXPLORER, HERO, INVENTOR, SCIENTIST, AGENT, SLEUTH, WITCH_HUNTER, TEMPLAR = range(10)


def as_(adventurer, players=4):
    s = bare(players)
    s.adv[0] = adventurer
    s.adv[1:] = [x for x in range(10) if x != adventurer][:players - 1]
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.b")
    return s


def test_R15_once_per_game_and_only_on_your_own_turn():
    s = as_(WITCH_HUNTER)
    put(s, 1, "church.d")
    assert A.AUGURY[1] in s.legal_actions(0)
    act(s, 0, A.AUGURY[1])
    assert not [a for a in s.legal_actions(0) if a.kind == "augury"]
    s.adv[1] = WITCH_HUNTER
    s.used[WITCH_HUNTER] = False
    start_turn(s, 2)
    assert not [a for a in s.legal_actions(2) if a.kind == "augury"]


def test_R103_divine_intervention_discards_anything_for_free():
    # R103
    s = as_(ABBESS)
    give(s, 0, "t_werewolf#0")
    assert A.DIVINE[card("t_werewolf#0")] in s.legal_actions(0)  # even a Transformation card
    examined(s, 0, "gk_map#0")
    s.row[0][0] = (card("gk_map#0"), (card("i_raven#0"),))
    act(s, 0, A.DIVINE[card("i_raven#0")])  # a cursed attachment on its own frees its host
    assert s.row[0] == [(card("gk_map#0"), ())] and not s.discarded and s.used[ABBESS]
    s = as_(ABBESS)
    s.church = card("miasma#0")
    act(s, 0, A.DIVINE[131])
    assert s.church == -1


def test_R104_stealthy_strike_adds_three_against_a_monster_only():
    # R104
    s = as_(HUNTER)
    to_monster(s, 1, VAMPIRE, "graveyard.b")
    s.minions[0] = SLOT["graveyard.b"]
    legal = s.legal_actions(0)
    assert A.ATTACK[1][1] in legal and A.ATTACK[6][1] not in legal
    dice(s, 1, 1, 0, 0, 1, 1, 0, 0, 0)  # 2 + 3 against 2
    act(s, 0, A.ATTACK[1][1])
    assert s.health[1] == 10 - 3 and s.used[HUNTER]


def test_R105_surveillance_is_private_and_reorders_the_top_tiles():
    # R105
    s = as_(EXPLORER)
    top = s.tiles[-3:][::-1]
    events = act(s, 0, A.USE_ABILITY)
    seen = [e for e in events if e.kind == "tiles_seen"]
    assert seen and seen[0].to == frozenset({0})
    assert len(s.legal_actions(0)) == 6
    act(s, 0, A.ORDER[5])  # permutation (2, 1, 0): the third tile on top
    assert s.tiles[-3:][::-1] == [top[2], top[1], top[0]]
    assert s.observe(0)["private"]["known_tiles"] and not s.observe(1)["private"]["known_tiles"]


def test_R106_rampart_in_an_all_play_event_replaces_only_the_hero_roll():
    s = as_(HERO)
    put(s, 0, "graveyard.h")
    put(s, 1, "church.d")
    event_on_top(s, "thunderstorm#0")
    act(s, 0, move("graveyard.d"))
    assert s.pending[-1][0] == "rampart"
    dice(s, *[0] * 12)
    act(s, 0, A.RAMPART)
    assert s.health[0] == 6 and s.health[1] == 5


def test_R107_tinkering_rerolls_after_seeing_the_roll():
    # R107
    s = as_(INVENTOR)
    from hexbox.games.transylvania.cards import CARDS
    t = next(i for i, tk in enumerate(CARDS.tokens) if tk == (1, 6))
    s.tokens[SLOT["graveyard.b"]] = t
    dice(s, 0, 0, 0, 0, 3, 3, 3, 3)
    act(s, 0, A.ATTEMPT)
    assert s.pending[-1][0] == "tinker" and A.TINKER[4, "low"] in s.legal_actions(0)
    act(s, 0, A.TINKER[2, "low"])
    assert s.used[INVENTOR] and sum(CARDS.faces[f] for f in s.rolls["attempt"][1]) == 6
    assert s.hand[0]  # the re-rolled sum made the discovery


def test_R108_experimentation_reveals_three_examines_one_and_puts_two_back():
    # R108
    s = as_(SCIENTIST)
    on_top(s, "gk_map#0", "t_werewolf#0", "i_lantern#0")
    act(s, 0, A.USE_ABILITY)
    assert [a for a in s.legal_actions(0)] == [A.EXPERIMENT[0][0], A.EXPERIMENT[0][1], A.EXPERIMENT[2][0],
                                               A.EXPERIMENT[2][1]]
    act(s, 0, A.EXPERIMENT[2][1])
    assert s.row[0] == [(card("i_lantern#0"), ())] and not s.examined
    assert s.deck[-1] == card("t_werewolf#0") and s.deck[-2] == card("gk_map#0")
    assert s.observe(3)["public"]["decks"]["discovery_top_public"] == ["t_werewolf#0", "gk_map#0"]


def test_R109_sleight_of_hand_takes_an_examined_card_on_the_same_tile():
    # R109
    s = as_(AGENT)
    put(s, 1, "graveyard.l")
    examined(s, 1, "i_shotgun#0")
    put(s, 2, "church.d")
    examined(s, 2, "i_lantern#0")
    legal = [a for a in s.legal_actions(0) if a.kind == "sleight"]
    assert legal == [A.SLEIGHT[card("i_shotgun#0")]]
    act(s, 0, legal[0])
    assert s.row[0] == [(card("i_shotgun#0"), ())] and not s.row[1] and not s.examined


def test_R110_easy_access_up_to_three_locks_crossed_this_turn():
    # R110
    s = as_(SLEUTH)
    put(s, 0, "graveyard.b")
    act(s, 0, A.USE_ABILITY)
    act(s, 0, move("graveyard.c"))
    assert A.SLEUTH_UNLOCK[SLOT["graveyard.c"]] in s.legal_actions(0)
    act(s, 0, A.SLEUTH_UNLOCK[SLOT["graveyard.c"]])
    act(s, 0, move("graveyard.b"))
    act(s, 0, move("graveyard.g"))
    act(s, 0, move("graveyard.j"))
    assert A.SLEUTH_UNLOCK[SLOT["graveyard.m"]] in s.legal_actions(0)  # D54: a gate next to its path
    act(s, 0, A.SLEUTH_UNLOCK[SLOT["graveyard.m"]])
    act(s, 0, A.SLEUTH_LOCK[SLOT["graveyard.c"]])
    assert s.sleuth_uses == 0 and SLOT["graveyard.c"] in s.locks
    assert not [a for a in s.legal_actions(0) if a.kind.startswith("sleuth")]


def test_R111_augury_looks_and_draws_one_per_transformation_card():
    # R111
    s = as_(WITCH_HUNTER)
    put(s, 1, "church.d")
    give(s, 1, "t_werewolf#0", "t_bio_agent#0", "gk_map#0")
    events = act(s, 0, A.AUGURY[1])
    glimpse = [e for e in events if e.kind == "augury_glimpse"]
    assert glimpse[0].to == frozenset({0})
    assert [e.data["draws"] for e in events if e.kind == "augury"] == [2]
    assert len(s.hand[0]) == 2
    assert {g["card"] for g in s.observe(0)["private"]["glimpses"]} == {"t_werewolf#0", "t_bio_agent#0", "gk_map#0"}


def test_R112_secret_society_pays_two_for_the_first_knowledge_card():
    s = as_(TEMPLAR)
    give(s, 0, "i_lantern#0", "t_werewolf#0")
    examined(s, 0, "i_revolver#0")
    on_top(s, "i_shotgun#0", "vk_letters#0")
    act(s, 0, A.USE_ABILITY)
    legal = s.legal_actions(0)
    assert A.TEMPLAR[card("t_werewolf#0")] not in legal
    act(s, 0, A.TEMPLAR[card("i_lantern#0")])
    act(s, 0, A.TEMPLAR[card("i_revolver#0")])
    assert s.hand[0] == [card("t_werewolf#0"), card("vk_letters#0")] and not s.discarded
    assert s.known[card("vk_letters#0")] == 63


def test_R112_pass_before_the_second_payment_cancels():
    s = as_(TEMPLAR)
    give(s, 0, "i_lantern#0", "gk_map#0")
    act(s, 0, A.USE_ABILITY)
    act(s, 0, A.TEMPLAR[card("i_lantern#0")])
    assert s.observe(1)["public"]["pending"]["cards"] == []  # a hand card paid is not shown before it is discarded
    act(s, 0, A.PASS)
    assert s.hand[0] == [card("i_lantern#0"), card("gk_map#0")]


def test_R102_a_hidden_monster_may_still_use_its_ability():
    s = as_(WITCH_HUNTER)
    give(s, 0, "t_werewolf#0", "t_werewolf#1")
    put(s, 1, "church.d")
    assert s.qualifies(0) and A.AUGURY[1] in s.legal_actions(0)

