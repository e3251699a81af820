"""The legal actions, exactly (docs/games/transylvania.md, "Turn machine"): which actions each rule allows and
refuses, in Exploration (R23-R30, R35, R38, R39-R42, R53-R58, R62, R68, R104, R121, R126, R136, R141, R142, R146),
the abilities (R102-R112), Cleanup (R61, R145), the Monster turn (R80-R84, R88, R90, R93-R97, R137), the windows
(W1, W3) and pending decisions, the checks of their own for moving and ending (the same answers with a reason),
and the defaults (D49). Each test compares the whole list of legal action ids, so an action a rule forbids and
one it allows are both seen."""

import pytest
from transylvania_helpers import (
    SLOT,
    TILE,
    act,
    bare,
    card,
    examined,
    give,
    lay_tile,
    new,
    put,
    to_monster,
)

from hexbox.core import IllegalAction
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS

HERO, BGH, EXPLORER, SCIENTIST, AGENT, SLEUTH, WITCH_HUNTER, TEMPLAR, ABBESS = 3, 1, 2, 5, 6, 7, 8, 9, 0


def ids(*actions) -> list[int]:
    return sorted(A.SPACE.ids[a] for a in actions)


def legal(s, seat=0) -> list[int]:
    return s.legal_action_ids(seat)


def mv(*nodes: str) -> list:
    return [A.MOVE[SLOT[n]] for n in nodes]


def table(adv: int = HERO, players: int = 3):
    """Seat 0's Exploration with nothing in anybody's hands or rows; the Graveyard north of the Church and the Clock
    Tower east of it; seat 0 is the given adventurer (the Hero's Rampart gives no action of its own) on
    graveyard.b, the others out of the way on the Church (two on church.e)."""
    s = bare(players)
    lay_tile(s, "graveyard", 0, -1, 0)
    lay_tile(s, "clock_tower", 1, 0, 0)
    s.adv[0] = adv
    put(s, 0, "graveyard.b")
    for t in range(1, players):
        put(s, t, ("church.e", "church.e", "church.c", "church.c", "church.h")[t - 1])
    s.tokens.clear()
    return s


def kill(s, t):
    """Seat ``t`` dead (R72): off the board until its next turn, its row the corpse."""
    s.alive[t] = False
    s.pos[t] = -1
    s.row[t] = []


# ---- Exploration: moving (R24-R27, R29, R122) ---------------------------------------------------------------


def test_R24_R26_R29_moves_to_each_neighbour_with_room_over_footprint_locks():
    s = table()
    # graveyard.c carries a footprint lock (R29): walked over
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.a", "graveyard.c", "graveyard.d", "graveyard.g"))
    put(s, 1, "graveyard.g")
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.a", "graveyard.c", "graveyard.d", "graveyard.g"))
    put(s, 2, "graveyard.g")  # R26: two stand-ups there
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.a", "graveyard.c", "graveyard.d"))


def test_R24_R25_the_last_point_still_moves_and_none_left_moves_nothing():
    s = table()
    s.moved = s.movement(0) - 1
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.a", "graveyard.c", "graveyard.d", "graveyard.g"))
    s.moved += 1
    assert legal(s) == ids(A.END_EXPLORATION)
    s.moved = 0
    s.stopped = True  # an Event's stop
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R122_a_locked_gate_is_no_step_and_an_open_one_is():
    s = table()
    put(s, 0, "graveyard.j")
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.g", "graveyard.k"))
    s.locks.discard(SLOT["graveyard.m"])
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.g", "graveyard.k", "graveyard.m"))


def test_R27_an_open_exit_lays_a_tile_while_there_are_points_and_tiles():
    s = table()
    put(s, 0, "graveyard.a")
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.b"), A.EXPLORE)
    s.moved = s.movement(0)
    assert legal(s) == ids(A.END_EXPLORATION)
    s.moved = 0
    s.tiles.clear()
    assert legal(s) == ids(A.END_EXPLORATION, *mv("graveyard.b"))


# ---- passages (R30) and mirrors (R126) ------------------------------------------------------------------------


def test_R30_a_passage_needs_both_ends_on_the_board_unlocked_and_room_at_the_far_end():
    s = table()
    put(s, 0, "graveyard.o")
    s.locks.discard(SLOT["clock_tower.k"])
    base = [A.END_EXPLORATION]  # graveyard.m, its only neighbour, is a locked gate
    assert legal(s) == ids(*base)  # here is locked
    s.locks.discard(SLOT["graveyard.o"])
    assert legal(s) == ids(*base, A.USE_PASSAGE)
    s.moved = s.movement(0)
    assert legal(s) == ids(*base, A.USE_PASSAGE)  # R24: free, with no points left too
    s.moved = 0
    s.locks.add(SLOT["clock_tower.k"])
    assert legal(s) == ids(*base)  # the far end is locked
    s.locks.discard(SLOT["clock_tower.k"])
    put(s, 1, "clock_tower.k")
    assert legal(s) == ids(*base, A.USE_PASSAGE)
    put(s, 2, "clock_tower.k")
    assert legal(s) == ids(*base)  # R26: no room at the far end
    put(s, 1, "church.e")
    put(s, 2, "church.e")
    del s.board.placed[TILE["clock_tower"]]
    s.board.adj[SLOT["clock_tower.k"]] = []
    s.board.adj[SLOT["clock_tower.f"]] = []
    assert not s.board.on_board(SLOT["clock_tower.k"])
    assert legal(s) == ids(*base)  # the far end is not on the board


def test_R30_no_passage_from_an_ordinary_space():
    s = table()
    put(s, 0, "clock_tower.f")
    assert legal(s) == ids(A.END_EXPLORATION, *mv("clock_tower.c", "clock_tower.g", "clock_tower.k"))


def test_R126_a_mirror_leads_to_the_other_one_both_ways_if_it_has_room():
    s = table()
    s.moved = s.movement(0)
    s.mirrors = (SLOT["graveyard.b"], SLOT["church.e"])
    assert legal(s) == ids(A.END_EXPLORATION)  # church.e holds two stand-ups
    put(s, 2, "church.a")
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_MIRROR)
    put(s, 0, "church.e")  # (with seat 1 to challenge there)
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_MIRROR, *A.CHALLENGE[1])  # and back from the second token
    s.mirrors = (SLOT["church.a"], SLOT["graveyard.b"])
    assert legal(s) == ids(A.END_EXPLORATION, *A.CHALLENGE[1])  # not on either mirror


def test_R126_a_mirror_with_its_other_token_on_a_full_space_from_the_second_token():
    s = table()
    s.moved = s.movement(0)
    put(s, 1, "church.a")
    put(s, 2, "church.a")
    s.mirrors = (SLOT["church.a"], SLOT["graveyard.b"])
    assert legal(s) == ids(A.END_EXPLORATION)
    put(s, 2, "church.e")
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_MIRROR)


# ---- tokens (R35, R38, R29) and keys (R121) ---------------------------------------------------------------------


def test_R35_R38_R29_attempt_an_unlocked_token_not_failed_this_turn():
    s = table()
    s.moved = s.movement(0)
    s.tokens[SLOT["graveyard.b"]] = s.token_stack.pop()
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTEMPT)
    s.failed.add(SLOT["graveyard.b"])
    assert legal(s) == ids(A.END_EXPLORATION)
    put(s, 0, "graveyard.c")  # a locked token space (R114)
    s.tokens[SLOT["graveyard.c"]] = s.token_stack.pop()
    assert legal(s) == ids(A.END_EXPLORATION)
    s.locks.discard(SLOT["graveyard.c"])
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTEMPT)


def test_R121_a_key_opens_a_lock_here_or_a_locked_gate_next_door_once_a_turn_per_key():
    s = table()
    s.moved = s.movement(0)
    examined(s, 0, "i_key#0")
    key = card("i_key#0")
    row = [A.BUMP[key], A.DISCARD[key]]
    put(s, 0, "graveyard.o")  # a locked passage next to a locked gate
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.KEY[SLOT["graveyard.m"]], A.KEY[SLOT["graveyard.o"]])
    put(s, 0, "graveyard.c")  # a locked token space
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.KEY[SLOT["graveyard.c"]])
    put(s, 0, "graveyard.j")  # next to the gate only
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.KEY[SLOT["graveyard.m"]])
    put(s, 0, "graveyard.b")  # next to a locked token space, which is not a gate
    assert legal(s) == ids(A.END_EXPLORATION, *row)
    put(s, 0, "graveyard.j")
    s.keys_used = 1
    assert legal(s) == ids(A.END_EXPLORATION, *row)
    examined(s, 0, "i_key#1")
    key2 = card("i_key#1")
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.BUMP[key2], A.DISCARD[key2], A.KEY[SLOT["graveyard.m"]])


def test_R121_a_key_in_hand_opens_nothing_and_unlocked_spaces_need_no_key():
    s = table()
    s.moved = s.movement(0)
    give(s, 0, "i_key#0")
    key = card("i_key#0")
    put(s, 0, "graveyard.o")
    assert legal(s) == ids(A.END_EXPLORATION, A.EXAMINE[key], A.DISCARD[key])
    s.hand[0] = []
    examined(s, 0, "i_key#0")
    s.locks -= {SLOT["graveyard.o"], SLOT["graveyard.m"]}
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[key], A.DISCARD[key])
    put(s, 0, "church.d")  # an ordinary space: nothing to open
    s.locks.add(SLOT["church.d"])
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[key], A.DISCARD[key])


# ---- challenges (R39, R41), pilfering (R42) ---------------------------------------------------------------------


def test_R39_R41_challenge_each_living_adventurer_on_your_space_once():
    s = table()
    s.moved = s.movement(0)
    put(s, 1, "graveyard.b")
    assert legal(s) == ids(A.END_EXPLORATION, *A.CHALLENGE[1])
    put(s, 2, "graveyard.b")
    assert legal(s) == ids(A.END_EXPLORATION, *A.CHALLENGE[1], *A.CHALLENGE[2])
    s.challenged.add(1)
    assert legal(s) == ids(A.END_EXPLORATION, *A.CHALLENGE[2])
    kill(s, 2)
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R42_pilfer_a_corpse_on_your_space():
    s = table()
    s.moved = s.movement(0)
    s.corpses = [[SLOT["graveyard.a"], [card("gk_map#0")]]]
    assert legal(s) == ids(A.END_EXPLORATION)
    s.corpses.append([SLOT["graveyard.b"], [card("gk_map#1")]])
    assert legal(s) == ids(A.END_EXPLORATION, A.PILFER)


# ---- examine, bump, discard (R53, R56-R58, R45, R21) and cures (R142) ----------------------------------------


def test_R53_R21_examine_once_a_hand_card_not_a_transformation_card():
    s = table()
    s.moved = s.movement(0)
    map0, bite = give(s, 0, "gk_map#0", "t_vampire_bite#0")
    s.discarded = True
    assert legal(s) == ids(A.END_EXPLORATION, A.EXAMINE[map0])
    s.examined = True
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R56_no_examination_into_a_full_row():
    s = table()
    s.moved = s.movement(0)
    s.discarded = True
    (map0,) = give(s, 0, "gk_map#0")
    row = examined(s, 0, "gk_occult#0", "gk_occult#1", "gk_occult#2")
    bumps = [A.BUMP[c] for c in row]
    assert legal(s) == ids(A.END_EXPLORATION, A.EXAMINE[map0], *bumps)
    (chron,) = examined(s, 0, "gk_chronicle#0")
    assert legal(s) == ids(A.END_EXPLORATION, *bumps, A.BUMP[chron])


def test_R57_R128_bump_discovery_cards_without_an_attachment_never_events():
    s = table()
    s.moved = s.movement(0)
    s.discarded = True
    occ0, occ1 = examined(s, 0, "gk_occult#0", "gk_occult#1")
    s.row[0][1] = (occ1, (card("i_raven#0"),))
    s.row[0].append((card("full_moon#0"), ()))
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ0])


def test_R58_R45_discard_once_a_hand_or_row_card_not_drawn_this_turn():
    s = table()
    s.moved = s.movement(0)
    s.examined = True
    map0, map1, bite = give(s, 0, "gk_map#0", "gk_map#1", "t_vampire_bite#0")
    occ0, occ1 = examined(s, 0, "gk_occult#0", "gk_occult#1")
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    s.drawn = {map1, occ1}
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ0], A.BUMP[occ1], A.DISCARD[map0], A.DISCARD[occ0],
                           A.DISCARD[moon])
    s.discarded = True
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ0], A.BUMP[occ1])


def test_R142_a_cure_item_with_a_transformation_card_of_its_monster_not_drawn_this_turn():
    s = table()
    s.moved = s.movement(0)
    s.examined = True
    water, wolfsbane = examined(s, 0, "i_holy_water#0", "i_wolfsbane#0")
    (bite,) = give(s, 0, "t_vampire_bite#0")
    row = [A.BUMP[water], A.BUMP[wolfsbane], A.DISCARD[water], A.DISCARD[wolfsbane]]
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.CURE[water])
    s.drawn = {bite}
    assert legal(s) == ids(A.END_EXPLORATION, *row)
    s.drawn = set()
    s.discarded = True  # the cure is the turn's discard
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[water], A.BUMP[wolfsbane])
    s.discarded = False
    s.hand[0] = []
    give(s, 0, "t_werewolf#0", "t_bio_agent#0")
    assert legal(s) == ids(A.END_EXPLORATION, *row, A.CURE[wolfsbane])


def test_R142_an_antidote_cures_the_zombie_card_and_an_event_in_the_row_cures_nothing():
    s = table()
    s.moved = s.movement(0)
    s.examined = True
    (anti,) = examined(s, 0, "i_antidote#0")
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    give(s, 0, "t_bio_agent#0")
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[anti], A.DISCARD[anti], A.DISCARD[moon], A.CURE[anti])


# ---- attacks (R62, R65, R104, R132) --------------------------------------------------------------------------


def test_R62_R132_attack_a_monster_or_a_minion_on_your_space_once_each():
    s = table()
    s.moved = s.movement(0)
    to_monster(s, 1, 0, "graveyard.b")
    to_monster(s, 2, 2, "graveyard.a")
    s.minions[3] = SLOT["graveyard.b"]
    s.minions[1] = SLOT["graveyard.a"]
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTACK[1][0], A.ATTACK[9][0])
    s.attacked = {(0, 1)}
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTACK[9][0])
    s.attacked = {(0, 9), (1, 0)}
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTACK[1][0])


def test_R65_no_attack_on_an_adventurer_and_R104_the_stealthy_strike_while_unused():
    s = table(BGH)
    s.moved = s.movement(0)
    put(s, 1, "graveyard.b")
    assert legal(s) == ids(A.END_EXPLORATION, *A.CHALLENGE[1])
    to_monster(s, 1, 1, "graveyard.b")
    s.minions[0] = SLOT["graveyard.b"]
    assert legal(s) == ids(A.END_EXPLORATION, *A.ATTACK[1], A.ATTACK[6][0])  # never against a minion
    s.used[BGH] = True
    assert legal(s) == ids(A.END_EXPLORATION, A.ATTACK[1][0], A.ATTACK[6][0])


# ---- reveal (R68, R136), swap (R141), the Bible (R146) ---------------------------------------------------------


def test_R68_R136_reveal_when_qualifying_off_the_church_tile():
    s = table()
    s.moved = s.movement(0)
    s.examined = s.discarded = True
    give(s, 0, "t_werewolf#0", "t_werewolf#1", "t_bio_agent#0", "t_bio_agent#1")
    assert legal(s) == ids(A.END_EXPLORATION, A.REVEAL[1], A.REVEAL[2])
    put(s, 0, "church.n")
    assert legal(s) == ids(A.END_EXPLORATION)
    put(s, 0, "graveyard.b")
    to_monster(s, 2, 2, "clock_tower.a")  # R66: the Zombie is taken: no reveal as it, and its cards are dead
    assert legal(s) == ids(A.END_EXPLORATION, A.REVEAL[1], A.SWAP)


def test_R141_swap_dead_transformation_cards_only_while_their_monster_is_in_play():
    s = table()
    s.moved = s.movement(0)
    s.examined = s.discarded = True
    give(s, 0, "t_vampire_bite#0")
    assert legal(s) == ids(A.END_EXPLORATION)
    to_monster(s, 1, 1, "clock_tower.a")
    assert legal(s) == ids(A.END_EXPLORATION)  # the Werewolf is in play, not the Vampire
    to_monster(s, 2, 0, "clock_tower.e")
    assert legal(s) == ids(A.END_EXPLORATION, A.SWAP)


def test_R146_the_bible_discards_another_examined_card_as_the_first_action():
    s = table()
    s.moved = s.movement(0)
    s.examined = s.discarded = True
    bible, occ = examined(s, 0, "gk_bible#0", "gk_occult#0")
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    bumps = [A.BUMP[bible], A.BUMP[occ]]
    assert legal(s) == ids(A.END_EXPLORATION, *bumps)
    s.bible_ok = True
    assert legal(s) == ids(A.END_EXPLORATION, *bumps, A.BIBLE[occ], A.BIBLE[moon])
    s.row[0] = [(occ, ())]
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ])  # no Bible, no Bible discard


def test_R142_an_event_in_the_row_is_no_cure_item():
    s = table()
    s.moved = s.movement(0)
    s.examined = True
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    give(s, 0, "t_werewolf#0")
    assert legal(s) == ids(A.END_EXPLORATION, A.DISCARD[moon], A.REVEAL[1])  # R67: a Werewolf card and a Full Moon


# ---- the abilities (R15, R102-R112) ---------------------------------------------------------------------------


def quiet(s, seat=0):
    """No move, examination or discard left: only the ability's actions remain besides ending Exploration."""
    s.moved = s.movement(seat)
    s.examined = s.discarded = True


def test_R103_divine_intervention_on_any_held_card_attachment_or_the_church_card():
    s = table(ABBESS)
    quiet(s)
    assert legal(s) == ids(A.END_EXPLORATION)
    bite, map0 = give(s, 0, "t_vampire_bite#0", "gk_map#0")
    occ, = examined(s, 0, "gk_occult#0")
    raven = card("i_raven#0")
    s.row[0][0] = (occ, (raven,))
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    cards = [A.DIVINE[c] for c in (bite, map0, occ, raven, moon)]
    assert legal(s) == ids(A.END_EXPLORATION, *cards)
    s.church = card("curfew_bells#0")
    assert legal(s) == ids(A.END_EXPLORATION, *cards, A.DIVINE[CARDS.ncards])
    s.used[ABBESS] = True  # R15: once a game
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R105_surveillance_while_tiles_remain():
    s = table(EXPLORER)
    quiet(s)
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_ABILITY)
    s.tiles.clear()
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R108_experimentation_while_the_deck_has_cards():
    s = table(SCIENTIST)
    quiet(s)
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_ABILITY)
    s.deck.clear()
    assert legal(s) == ids(A.END_EXPLORATION)
    s.deck.append(card("gk_map#0"))
    s.used[SCIENTIST] = True
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R112_secret_society_with_two_discovery_cards_to_pay():
    s = table(TEMPLAR)
    quiet(s)
    give(s, 0, "t_vampire_bite#0")
    examined(s, 0, "gk_occult#0")
    s.discarded = True
    s.row[0].append((card("full_moon#0"), ()))  # an Event is no payment
    occ = card("gk_occult#0")
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ])
    (map0,) = give(s, 0, "gk_map#0")
    assert legal(s) == ids(A.END_EXPLORATION, A.BUMP[occ], A.USE_ABILITY)


def test_R111_augury_on_each_other_living_adventurer_on_the_board():
    s = table(WITCH_HUNTER, players=5)
    quiet(s)
    to_monster(s, 2, 0, "clock_tower.a")
    kill(s, 3)
    assert legal(s) == ids(A.END_EXPLORATION, A.AUGURY[1], A.AUGURY[4])
    s.used[WITCH_HUNTER] = True
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R109_sleight_of_hand_takes_an_examined_card_of_an_adventurer_on_the_same_tile():
    s = table(AGENT, players=4)
    quiet(s)
    a, b = examined(s, 1, "gk_occult#0", "gk_occult#1")
    moon = card("full_moon#0")
    s.row[1].append((moon, ()))
    (c,) = examined(s, 2, "gk_map#0")
    put(s, 1, "graveyard.o")  # the Graveyard, like seat 0
    put(s, 2, "clock_tower.a")
    assert legal(s) == ids(A.END_EXPLORATION, A.SLEIGHT[a], A.SLEIGHT[b], A.SLEIGHT[moon])
    put(s, 2, "graveyard.j")
    assert legal(s) == ids(A.END_EXPLORATION, A.SLEIGHT[a], A.SLEIGHT[b], A.SLEIGHT[moon], A.SLEIGHT[c])
    s.used[AGENT] = True
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R110_easy_access_unlocks_and_locks_the_spaces_stood_on_this_turn():
    s = table(SLEUTH)
    quiet(s)
    assert legal(s) == ids(A.END_EXPLORATION, A.USE_ABILITY)
    s.used[SLEUTH] = True
    assert legal(s) == ids(A.END_EXPLORATION)
    s.sleuth_uses = 3
    put(s, 0, "graveyard.j")
    s.visited = {SLOT["graveyard.b"], SLOT["graveyard.c"], SLOT["graveyard.o"]}
    # c and o locked and stood on; m a locked gate next to j and o (D54)
    unlock = [A.SLEUTH_UNLOCK[SLOT[n]] for n in ("graveyard.c", "graveyard.m", "graveyard.o")]
    assert legal(s) == ids(A.END_EXPLORATION, *unlock)
    s.locks.discard(SLOT["graveyard.c"])
    s.lock_supply += 1
    unlock = unlock[1:]
    assert legal(s) == ids(A.END_EXPLORATION, *unlock, A.SLEUTH_LOCK[SLOT["graveyard.c"]])
    put(s, 1, "graveyard.c")  # a stand-up on it
    assert legal(s) == ids(A.END_EXPLORATION, *unlock)
    put(s, 1, "church.e")
    s.minions[2] = SLOT["graveyard.c"]  # a minion on it
    assert legal(s) == ids(A.END_EXPLORATION, *unlock)
    s.minions[2] = -1
    s.lock_supply = 0  # no lock left in the supply
    assert legal(s) == ids(A.END_EXPLORATION, *unlock)
    s.lock_supply = 1
    assert legal(s) == ids(A.END_EXPLORATION, *unlock, A.SLEUTH_LOCK[SLOT["graveyard.c"]])
    s.sleuth_uses = 0
    assert legal(s) == ids(A.END_EXPLORATION)


def test_R110_easy_access_locks_gates_and_passages_and_reaches_only_gates_next_door():
    s = table(SLEUTH)
    quiet(s)
    s.used[SLEUTH] = True
    s.sleuth_uses = 2
    s.locks = {SLOT["graveyard.c"], SLOT["clock_tower.k"]}
    put(s, 0, "graveyard.m")
    s.visited = {SLOT["graveyard.o"], SLOT["graveyard.b"]}
    # c is locked next to b but is no gate; clock_tower.k is a locked passage never stood on
    locks = [A.SLEUTH_LOCK[SLOT["graveyard.o"]]]  # m has the Sleuth's stand-up on it
    assert legal(s) == ids(A.END_EXPLORATION, *locks)
    put(s, 0, "graveyard.j")
    s.visited.add(SLOT["graveyard.m"])
    assert legal(s) == ids(A.END_EXPLORATION, A.SLEUTH_LOCK[SLOT["graveyard.m"]], *locks)


def test_R110_easy_access_goes_on_until_the_third_use():
    s = table(SLEUTH)
    quiet(s)
    s.used[SLEUTH] = True
    s.sleuth_uses = 1  # one use left
    put(s, 0, "graveyard.j")
    assert legal(s) == ids(A.END_EXPLORATION, A.SLEUTH_UNLOCK[SLOT["graveyard.m"]])


def test_R111_R109_a_target_on_the_churchs_first_space_counts_as_on_the_board():
    s = table(WITCH_HUNTER)
    quiet(s)
    put(s, 1, "church.a")  # slot 0
    assert legal(s) == ids(A.END_EXPLORATION, A.AUGURY[1], A.AUGURY[2])
    s = table(AGENT)
    quiet(s)
    put(s, 0, "church.b")
    put(s, 1, "church.a")
    (c,) = examined(s, 1, "gk_occult#0")
    assert legal(s) == ids(A.END_EXPLORATION, A.SLEIGHT[c])


# ---- the checks of moving and ending: the same answers as the legal list, with a reason ---------------------


def refuse_text(s, seat, action) -> str:
    return f"seat {seat} cannot {action} now ({s.phase_name})"


def assert_refused(s, seat, action) -> None:
    """Refused with the reason that names the seat, the action and the phase, and nothing changes."""
    before = (legal(s, seat), s.pos[:], s.phase, list(s.pending))
    with pytest.raises(IllegalAction) as e:
        act(s, seat, action)
    assert str(e.value) == refuse_text(s, seat, action)
    assert (legal(s, seat), s.pos[:], s.phase, list(s.pending)) == before


def test_R27_R23_while_a_tile_is_being_turned_no_move_and_no_end():
    s = table()
    put(s, 0, "graveyard.a")
    act(s, 0, A.EXPLORE)
    assert s.pending[-1][0] == "orient"
    assert s.pos[0] == SLOT["graveyard.a"]
    for a in (*mv("graveyard.b"), A.END_EXPLORATION, A.END_TURN):
        assert_refused(s, 0, a)


def test_W1_a_seat_asked_in_a_window_may_not_move_or_end():
    s = table()
    to_monster(s, 1, 0, "graveyard.a")
    act(s, 0, mv("graveyard.a")[0])
    assert s.window is not None and s.actors == (1,)
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[0])
    for a in (*mv("graveyard.b"), A.END_EXPLORATION, A.END_TURN):
        assert_refused(s, 1, a)


def test_R24_R26_R122_the_move_check_agrees_with_the_legal_moves():
    s = table()
    put(s, 0, "graveyard.j")
    put(s, 1, "graveyard.k")
    put(s, 2, "graveyard.k")
    for n in ("graveyard.k", "graveyard.m", "graveyard.b", "graveyard.o"):  # full, locked gate, not next to j
        assert_refused(s, 0, mv(n)[0])
    s.moved = s.movement(0)
    assert_refused(s, 0, mv("graveyard.g")[0])  # no points left
    s.moved = s.movement(0) - 1
    act(s, 0, mv("graveyard.g")[0])
    assert s.pos[0] == SLOT["graveyard.g"]
    s = table()
    put(s, 0, "graveyard.j")
    s.locks.discard(SLOT["graveyard.m"])
    act(s, 0, mv("graveyard.m")[0])  # R122: an open gate is an ordinary space
    assert s.pos[0] == SLOT["graveyard.m"]
    s = table()
    act(s, 0, mv("graveyard.c")[0])  # R29: over a footprint lock
    assert s.pos[0] == SLOT["graveyard.c"]


def test_R22_no_move_and_no_end_of_exploration_in_cleanup_or_determination():
    s = table()
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"
    assert legal(s) == ids(A.END_TURN)
    assert_refused(s, 0, mv("graveyard.a")[0])
    assert_refused(s, 0, A.END_EXPLORATION)
    s = table()
    s.attempted = True  # R59: attempted, received nothing
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "determination"
    assert legal(s) == ids(A.PASS, *A.DETERMINE)
    assert s.default_action(0) == A.PASS
    for a in (*mv("graveyard.a"), A.END_EXPLORATION, A.END_TURN):
        assert_refused(s, 0, a)


def test_R22_no_end_of_the_turn_during_exploration():
    s = table()
    assert_refused(s, 0, A.END_TURN)
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    assert s.active == 1


# ---- Cleanup (R61, R145) ---------------------------------------------------------------------------------------


def to_cleanup(s):
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"


def test_R61_discard_down_to_the_limit_never_transformation_cards_and_drawn_ones_last():
    s = table()
    hand = give(s, 0, "gk_map#0", "gk_map#1", "t_werewolf#0", "gk_occult#0", "gk_occult#1")
    map0, map1, wolf, occ0, occ1 = hand
    s.drawn = {occ0, occ1}
    to_cleanup(s)
    assert legal(s) == ids(A.DISCARD[map0], A.DISCARD[map1])
    assert s.default_action(0) == A.DISCARD[map0]
    assert_refused(s, 0, A.END_TURN)
    s.drawn = {map0, map1, occ0, occ1}  # all drawn this turn: any but the Transformation card
    assert legal(s) == ids(A.DISCARD[map0], A.DISCARD[map1], A.DISCARD[occ0], A.DISCARD[occ1])
    act(s, 0, A.DISCARD[occ1])
    assert len(s.hand[0]) == 4
    assert legal(s) == ids(A.END_TURN)  # at the limit: nothing forced
    assert s.default_action(0) == A.END_TURN


def test_R61_R117_the_notebook_raises_the_limit_to_six():
    s = table()
    examined(s, 0, "i_notebook#0")
    give(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1", "gk_chronicle#0")
    to_cleanup(s)
    assert legal(s) == ids(A.END_TURN)
    (extra, extra2) = give(s, 0, "gk_chronicle#1", "gk_diary#0")
    assert legal(s) == ids(*(A.DISCARD[c] for c in s.hand[0]))


def test_R145_a_full_moon_from_an_earlier_turn_may_be_discarded_at_cleanup():
    s = table()
    moon, moon2 = card("full_moon#0"), card("full_moon#1")
    (occ,) = examined(s, 0, "gk_occult#0")
    s.row[0] += [(moon, ()), (moon2, ())]
    s.drawn = {moon2}
    to_cleanup(s)
    assert legal(s) == ids(A.END_TURN, A.DISCARD[moon])
    assert s.default_action(0) == A.END_TURN
    act(s, 0, A.DISCARD[moon])
    assert legal(s) == ids(A.END_TURN)


def test_R61_a_forced_discard_comes_before_the_full_moon():
    s = table()
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    cards = give(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1", "gk_chronicle#0")
    to_cleanup(s)
    assert legal(s) == ids(*(A.DISCARD[c] for c in cards))
    assert s.default_action(0) == A.DISCARD[min(cards)]


# ---- the Monster turn (R80-R84, R88, R90, R137) ----------------------------------------------------------------

VAMPIRE, WEREWOLF, ZOMBIE = 0, 1, 2


def monster_table(m: int, node: str, players: int = 3):
    s = table(players=players)
    to_monster(s, 0, m, node)
    s.phase = "monster"
    return s


def test_R81_R83_a_monster_moves_like_an_adventurer_onto_locked_gates_too():
    s = monster_table(WEREWOLF, "graveyard.j")
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.g", "graveyard.k", "graveyard.m"))
    act(s, 0, mv("graveyard.m")[0])  # R83: stepping on a locked gate ends its movement
    assert s.pos[0] == SLOT["graveyard.m"] and legal(s) == ids(A.END_TURN)
    s = monster_table(WEREWOLF, "graveyard.j")
    put(s, 1, "graveyard.k")
    put(s, 2, "graveyard.k")
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.g", "graveyard.m"))
    s.moved = s.movement(0)
    assert legal(s) == ids(A.END_TURN)


def test_R82_onto_the_church_only_with_more_than_two_health_and_the_points_to_get_off():
    s = monster_table(WEREWOLF, "graveyard.k")  # next to church.n, one step from graveyard.k again
    both = ids(A.END_TURN, *mv("church.n", "graveyard.j"))
    assert legal(s) == both
    s.health[0] = 3
    assert legal(s) == both
    s.health[0] = 2
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.j"))
    assert_refused(s, 0, mv("church.n")[0])
    s.health[0] = 10
    s.moved = s.movement(0) - 2  # two points: one on, one off
    assert legal(s) == both
    s.moved += 1  # one point: it could not get off again
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.j"))
    assert_refused(s, 0, mv("church.n")[0])


def test_R82_deeper_into_the_church_needs_the_points_to_get_back_out():
    s = monster_table(VAMPIRE, "church.n")  # already on the Church: no entry to pay for
    s.moved = s.movement(0) - 3
    assert legal(s) == ids(*mv("church.b", "graveyard.k"))  # from church.b, 2 more points take it off
    s.moved += 1
    assert legal(s) == ids(*mv("graveyard.k"))  # two points: church.b would strand it (R82)
    s.moved += 1
    assert legal(s) == ids(*mv("graveyard.k"))
    assert_refused(s, 0, A.END_TURN)  # R82: it may not end its turn there while it can step off
    act(s, 0, mv("graveyard.k")[0])
    assert legal(s) == ids(A.END_TURN)


def test_R137_a_monster_boxed_in_on_the_church_may_end_its_turn_there():
    s = monster_table(VAMPIRE, "church.n")
    s.moved = s.movement(0)  # no points left: a state R82's moves never lead to, but it has no way off either
    assert legal(s) == ids(A.END_TURN)
    act(s, 0, A.END_TURN)
    assert s.health[0] == 10 - CARDS.church_damage
    s = monster_table(VAMPIRE, "church.n", players=5)
    for t, n in ((1, "graveyard.k"), (2, "graveyard.k"), (3, "church.b")):
        put(s, t, n)
    assert legal(s) == ids(*mv("church.b"))
    put(s, 4, "church.b")  # both neighbours full
    assert legal(s) == ids(A.END_TURN)


def test_D52_R27_a_monster_lays_tiles_while_it_has_points_and_the_stack_lasts():
    s = monster_table(ZOMBIE, "graveyard.a")
    s.spawns = 0
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.b"), A.EXPLORE)
    s.moved = s.movement(0) - 1
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.b"), A.EXPLORE)  # the last point lays a tile too
    s.moved += 1
    assert legal(s) == ids(A.END_TURN)
    s.moved = 0
    s.tiles.clear()
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.b"))


def test_D52_while_the_monsters_tile_is_turned_it_may_not_move_or_end():
    s = monster_table(WEREWOLF, "graveyard.a")
    act(s, 0, A.EXPLORE)
    assert s.pending[-1][0] == "orient"
    for a in (*mv("graveyard.b"), A.END_TURN):
        assert_refused(s, 0, a)


def test_R90_the_vampire_jumps_from_an_unlocked_passage_even_to_a_locked_twin():
    s = monster_table(VAMPIRE, "graveyard.o")
    s.locks.discard(SLOT["graveyard.o"])
    base = [A.END_TURN, *mv("graveyard.m")]
    assert legal(s) == ids(*base, A.USE_PASSAGE)  # clock_tower.k is locked
    s.locks.add(SLOT["graveyard.o"])
    assert legal(s) == ids(*base)
    s.locks.discard(SLOT["graveyard.o"])
    s.stopped = True  # landing on a locked passage ended its movement
    assert legal(s) == ids(A.END_TURN)
    s.stopped = False
    put(s, 1, "clock_tower.k")
    to_monster(s, 2, ZOMBIE, "clock_tower.k")
    assert legal(s) == ids(*base)  # no room at the far end
    s = monster_table(WEREWOLF, "graveyard.o")
    s.locks.discard(SLOT["graveyard.o"])
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.m"))  # only the Vampire


def test_R90_no_passage_to_a_twin_off_the_board_or_from_an_ordinary_space():
    s = monster_table(VAMPIRE, "graveyard.o")
    s.locks.discard(SLOT["graveyard.o"])
    del s.board.placed[TILE["clock_tower"]]
    for x in CARDS.tiles[TILE["clock_tower"]].nodes:
        s.board.adj[x] = []
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.m"))
    s = monster_table(VAMPIRE, "graveyard.j")
    assert legal(s) == ids(A.END_TURN, *mv("graveyard.g", "graveyard.k", "graveyard.m"))


def test_R84_R132_a_monster_attacks_each_adventurer_on_its_space_once():
    s = monster_table(WEREWOLF, "graveyard.b")
    s.moved = s.movement(0)
    put(s, 1, "graveyard.b")
    put(s, 2, "graveyard.b")
    assert legal(s) == ids(A.END_TURN, A.ATTACK[1][0], A.ATTACK[2][0])
    s.attacked.add((0, 1))
    assert legal(s) == ids(A.END_TURN, A.ATTACK[2][0])
    kill(s, 2)
    assert legal(s) == ids(A.END_TURN)


def test_R88_monsters_fight_each_other_and_minions_only_with_no_adventurer_on_the_board():
    s = monster_table(WEREWOLF, "graveyard.b", players=4)
    s.moved = s.movement(0)
    to_monster(s, 1, ZOMBIE, "graveyard.b")
    s.minions[2] = SLOT["graveyard.b"]
    put(s, 2, "clock_tower.a")  # an adventurer on the board
    assert legal(s) == ids(A.END_TURN)
    to_monster(s, 2, VAMPIRE, "clock_tower.a")
    kill(s, 3)  # the last adventurer is dead: off the board
    assert legal(s) == ids(A.END_TURN, A.ATTACK[1][0], A.ATTACK[8][0])
    s.attacked = {(0, 1), (0, 8)}
    assert legal(s) == ids(A.END_TURN)
    s.attacked = {(0, 1)}
    s.minions[2] = SLOT["graveyard.a"]
    assert legal(s) == ids(A.END_TURN)


# ---- the Zombie's minions (R93, R95, R97, R135) ----------------------------------------------------------------


def test_R93_spawn_on_spaces_moved_through_this_turn_never_the_church_or_a_locked_gate():
    s = monster_table(ZOMBIE, "graveyard.j")
    s.moved = s.movement(0)
    s.spawns = 2
    s.visited = {SLOT["graveyard.j"], SLOT["graveyard.m"], SLOT["graveyard.k"], SLOT["church.n"]}
    spawn = [A.SPAWN[SLOT["graveyard.j"]], A.SPAWN[SLOT["graveyard.k"]]]
    assert legal(s) == ids(A.END_TURN, *spawn)
    s.spawns = 1
    assert legal(s) == ids(A.END_TURN, *spawn)
    s.spawns = 0
    assert legal(s) == ids(A.END_TURN)
    s.spawns = 2
    s.minions = [SLOT["clock_tower.a"]] * 4 + [-1]  # one minion left in the supply
    assert legal(s) == ids(A.END_TURN, *spawn)
    s.minions[4] = SLOT["clock_tower.a"]
    assert legal(s) == ids(A.END_TURN)


def test_R95_R135_each_placed_minion_steps_while_it_has_steps_off_the_church_and_locked_gates():
    s = monster_table(ZOMBIE, "clock_tower.a")
    s.moved = s.movement(0)
    s.minions[0] = SLOT["graveyard.k"]  # next to church.n and graveyard.j
    s.minions[3] = SLOT["graveyard.j"]  # next to g, k and the locked gate m
    s.minion_steps = [1, 3, 3, 0, 3]
    assert legal(s) == ids(A.END_TURN, A.MINION_MOVE[0][SLOT["graveyard.j"]])
    s.minion_steps[3] = 1
    assert legal(s) == ids(A.END_TURN, A.MINION_MOVE[0][SLOT["graveyard.j"]],
                           A.MINION_MOVE[3][SLOT["graveyard.g"]], A.MINION_MOVE[3][SLOT["graveyard.k"]])
    s.minion_steps[0] = 0
    s.locks.discard(SLOT["graveyard.m"])
    assert legal(s) == ids(A.END_TURN, *(A.MINION_MOVE[3][SLOT[n]] for n in ("graveyard.g", "graveyard.k",
                                                                              "graveyard.m")))


def test_R97_each_minion_attacks_each_adventurer_on_its_space_once():
    s = monster_table(ZOMBIE, "clock_tower.a", players=4)
    s.moved = s.movement(0)
    s.minions[1] = SLOT["graveyard.b"]
    s.minions[2] = SLOT["graveyard.b"]
    put(s, 1, "graveyard.b")
    put(s, 2, "graveyard.b")
    to_monster(s, 3, VAMPIRE, "graveyard.b")
    atk = [A.MINION_ATTACK[m][t] for m in (1, 2) for t in (1, 2)]
    assert legal(s) == ids(A.END_TURN, *atk)  # not the Vampire while adventurers are on the board
    s.attacked = {(7, 1), (8, 2)}
    assert legal(s) == ids(A.END_TURN, A.MINION_ATTACK[1][2], A.MINION_ATTACK[2][1])
    kill(s, 2)
    assert legal(s) == ids(A.END_TURN, A.MINION_ATTACK[2][1])
    kill(s, 1)  # R88: no adventurer left on the board: the minions may attack the Vampire
    assert legal(s) == ids(A.END_TURN, A.MINION_ATTACK[1][3], A.MINION_ATTACK[2][3])


# ---- the ambush window (W1, R64, R132, R133, R136, D21) -----------------------------------------------------


def test_W1_R64_a_monster_and_its_minions_each_ambush_the_mover_once():
    s = table()
    to_monster(s, 1, ZOMBIE, "graveyard.a")
    s.minions[2] = SLOT["graveyard.a"]
    s.minions[4] = SLOT["graveyard.a"]
    s.minions[0] = SLOT["graveyard.g"]  # elsewhere
    act(s, 0, mv("graveyard.a")[0])
    assert s.actors == (1,)
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[0], A.AMBUSH[3], A.AMBUSH[5])
    assert s.default_action(1) == A.PASS
    act(s, 1, A.AMBUSH[3])  # declared: not again, the others still
    assert s.actors == (1,)
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[0], A.AMBUSH[5])
    act(s, 1, A.AMBUSH[0])
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[5])


def test_D21_W1_every_seat_on_the_space_is_asked_and_a_qualifying_hidden_monster_may_reveal():
    s = table(players=4)
    give(s, 1, "t_werewolf#0", "t_werewolf#1")  # qualifies as the Werewolf
    put(s, 1, "graveyard.a")
    to_monster(s, 2, ZOMBIE, "clock_tower.e")
    s.minions[0] = SLOT["graveyard.a"]
    act(s, 0, mv("graveyard.a")[0])
    assert s.actors == (1, 2)
    assert legal(s, 1) == ids(A.PASS, A.REVEAL_AMBUSH[1])
    assert legal(s, 2) == ids(A.PASS, A.AMBUSH[1])
    assert s.default_action(1) == A.PASS
    act(s, 2, A.PASS)
    assert s.actors == (1,)
    assert legal(s, 2) == []  # finished


def test_D21_a_plain_adventurer_asked_in_a_window_may_only_pass():
    s = table()
    put(s, 1, "graveyard.a")
    s.minions[0] = SLOT["graveyard.a"]
    to_monster(s, 2, ZOMBIE, "clock_tower.e")
    act(s, 0, mv("graveyard.a")[0])
    assert s.actors == (1, 2)
    assert legal(s, 1) == ids(A.PASS)


def test_R136_no_reveal_ambush_on_the_church_and_R64_none_against_a_monster_mover():
    s = table()
    give(s, 1, "t_werewolf#0", "t_werewolf#1")
    put(s, 1, "church.n")
    put(s, 0, "graveyard.k")
    to_monster(s, 2, ZOMBIE, "clock_tower.a")
    act(s, 0, mv("church.n")[0])
    assert s.actors == (1,)
    assert legal(s, 1) == ids(A.PASS)  # on the Church
    s = monster_table(VAMPIRE, "graveyard.b")
    give(s, 1, "t_werewolf#0", "t_werewolf#1")
    put(s, 1, "graveyard.a")
    act(s, 0, mv("graveyard.a")[0])
    assert s.actors == (1,)
    # the mover is a Monster: the adventurer may ambush it, but reveal_ambush is only against adventurers
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[0])


def test_R133_R97_a_minion_stepping_onto_an_adventurer_may_be_ambushed_by_it():
    s = monster_table(ZOMBIE, "clock_tower.a")
    s.minions[0] = SLOT["graveyard.b"]
    s.minion_steps[0] = 3
    give(s, 1, "t_werewolf#0", "t_werewolf#1")
    put(s, 1, "graveyard.a")
    act(s, 0, A.MINION_MOVE[0][SLOT["graveyard.a"]])
    assert s.actors == (1,)
    assert legal(s, 1) == ids(A.PASS, A.AMBUSH[0])  # no reveal against a minion


# ---- pending decisions ----------------------------------------------------------------------------------------


def pend(s, *p):
    s.pending.append(p)
    s.update_actors()  # a position set up by hand: who acts is set by every move
    return s


def chosen(*nodes):
    return [A.CHOOSE[SLOT[n]] if isinstance(n, str) else A.CHOOSE[n] for n in nodes]


def test_R10_D53_a_start_space_is_one_of_the_six_footprint_spaces_with_room():
    s = new(3)
    starts = [x for x in CARDS.church_starts]
    assert legal(s, 0) == ids(*chosen(*starts))
    assert s.default_action(0) == A.CHOOSE[min(starts)]
    act(s, 0, A.CHOOSE[starts[0]])
    act(s, 1, A.CHOOSE[starts[0]])
    assert legal(s, 2) == ids(*chosen(*starts[1:]))


def test_R12_the_fifth_player_keeps_one_of_two_and_by_default_the_first_drawn():
    s = new(5)
    while s.pending[-1][0] == "start_space":
        act(s, s.actors[0], s.default_action(s.actors[0]))
    assert s.pending[-1][:2] == ("keep", 4)
    s.deck[:0], s.hand[4] = s.hand[4], []
    give(s, 4, "gk_map#1", "gk_map#0")  # drawn in this order
    assert legal(s, 4) == ids(A.KEEP[card("gk_map#0")], A.KEEP[card("gk_map#1")])
    assert s.default_action(4) == A.KEEP[card("gk_map#1")]


def test_R125_event_choices_a_church_space_a_lock_or_token_space_of_your_tile_a_mirror_space():
    s = table()
    church = [x for x in CARDS.tiles[0].nodes if x != SLOT["church.e"]]  # church.e holds two
    pend(s, "to_church", 0)
    assert legal(s) == ids(*chosen(*church))
    assert s.default_action(0) == A.CHOOSE[min(church)]
    s.pending[-1] = ("unlock", 0)
    assert legal(s) == ids(*chosen("graveyard.c", "graveyard.m", "graveyard.o"))
    s.pending[-1] = ("token", 0)
    s.tokens[SLOT["graveyard.f"]] = s.token_stack.pop()
    assert legal(s) == ids(*chosen("graveyard.c", "graveyard.l"))
    s.pending[-1] = ("mirror", 0)
    spaces = [x for x in s.board.slots() if x not in (SLOT["graveyard.b"], SLOT["graveyard.m"])]
    assert legal(s) == ids(*chosen(*spaces))
    assert s.default_action(0) == A.CHOOSE[min(spaces)]


def test_R74_R77_D28_coming_back_spaces_sites_and_church_exits():
    s = table()
    pend(s, "regen_space", 0)
    church = [x for x in CARDS.tiles[0].nodes if x != SLOT["church.e"]]
    assert legal(s) == ids(*chosen(*church))
    s.pending[-1] = ("monster_site", 0, (SLOT["graveyard.k"], SLOT["clock_tower.a"], SLOT["graveyard.a"]))
    assert legal(s) == ids(*chosen("graveyard.a", "graveyard.k", "clock_tower.a"))
    assert s.default_action(0) == A.CHOOSE[SLOT["graveyard.a"]]
    s.pending[-1] = ("church_exit", 0)
    assert legal(s) == ids(*chosen("church.s", "church.w"))
    assert s.default_action(0) == A.CHOOSE[SLOT["church.s"]]
    s.pending[-1] = ("become", 0, (2, 0))
    assert legal(s) == ids(A.BECOME[0], A.BECOME[2])
    assert s.default_action(0) == A.BECOME[0]


def test_R123_the_tile_turns_so_that_an_exit_meets_yours():
    s = table()
    t = TILE["windmill"]  # exits N and S only
    pend(s, "rise_orient", 0, t, (0, 1), 0)
    assert legal(s) == ids(A.ORIENT[0], A.ORIENT[2])
    assert s.default_action(0) == A.ORIENT[0]
    s.pending[-1] = ("orient", 0, t, (0, 1), 1)
    assert legal(s) == ids(A.ORIENT[1], A.ORIENT[3])
    assert s.default_action(0) == A.ORIENT[1]


def test_R128_a_cursed_card_on_your_turn_attaches_to_the_examined_card_you_choose():
    s = table()
    occ0, occ1 = card("gk_occult#0"), card("gk_occult#1")
    examined(s, 0, "gk_occult#1", "gk_occult#0")
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    s._receive(0, card("i_raven#0"))
    assert s.pending[-1][0] == "attach"
    assert legal(s) == ids(A.ATTACH[occ0], A.ATTACH[occ1], A.ATTACH[moon])
    assert s.default_action(0) == A.ATTACH[occ1]  # D32: the lowest slot
    for a in (*mv("graveyard.a"), A.END_EXPLORATION):
        assert_refused(s, 0, a)


def test_R56_R57_making_room_bumps_or_discards_and_by_default_bumps_the_lowest_slot():
    s = table()
    occ1, occ0, map0 = examined(s, 0, "gk_occult#1", "gk_occult#0", "gk_map#0")
    moon = card("full_moon#0")
    s.row[0].append((moon, ()))
    s._place(0, (card("full_moon#1"), ()))
    assert s.pending[-1][0] == "make_room"
    assert legal(s) == ids(*(A.BUMP[c] for c in (occ0, occ1, map0)), *(A.DISCARD[c] for c in (occ0, occ1, map0,
                                                                                                moon)))
    assert s.default_action(0) == A.BUMP[occ1]


def test_R56_making_room_with_nothing_to_bump_discards_the_lowest_slot():
    s = table()
    hosts = examined(s, 0, "gk_occult#1", "gk_occult#0", "gk_map#0")
    raven, locket = card("i_raven#0"), card("i_locket#0")
    s.row[0] = [(hosts[0], (raven,)), (hosts[1], (locket,))]
    moon = card("full_moon#0")
    s.row[0] += [(moon, ()), (card("full_moon#1"), ())]
    s._place(0, (card("full_moon#2"), ()))
    assert legal(s) == ids(A.DISCARD[hosts[0]], A.DISCARD[hosts[1]], A.DISCARD[moon], A.DISCARD[card("full_moon#1")])
    assert s.default_action(0) == A.DISCARD[hosts[0]]


def test_R40_R149_W2_spoils_a_random_hand_card_or_an_examined_discovery_card_or_nothing():
    s = table()
    occ, = examined(s, 1, "gk_occult#0")
    s.row[1].append((card("full_moon#0"), ()))
    give(s, 1, "gk_map#0")
    pend(s, "spoils", 0, 1)
    assert legal(s) == ids(A.PASS, A.TAKE_HAND, A.TAKE_EXAMINED[occ])
    assert s.default_action(0) == A.TAKE_HAND
    s.hand[1] = []
    assert legal(s) == ids(A.PASS, A.TAKE_EXAMINED[occ])
    assert s.default_action(0) == A.TAKE_EXAMINED[occ]
    occ2, = examined(s, 1, "gk_occult#1")
    s.row[1].insert(0, s.row[1].pop())  # occult#1 now in the first slot
    assert s.default_action(0) == A.TAKE_EXAMINED[occ2]
    s.row[1] = [(card("full_moon#0"), ())]
    assert legal(s) == ids(A.PASS)
    assert s.default_action(0) == A.PASS
    give(s, 1, "gk_map#0")
    assert s.default_action(0) == A.TAKE_HAND


def test_R106_rampart_or_roll_and_R107_tinker_k_dice_or_keep():
    s = table()
    pend(s, "rampart", 0, card("wolf_pack#0"), 0)
    assert legal(s) == ids(A.ROLL, A.RAMPART)
    assert s.default_action(0) == A.ROLL
    s.rolls["token"] = (0, (1, 5))
    s.pending[-1] = ("tinker", 0, "token")
    assert legal(s) == ids(A.KEEP_ROLL, *(A.TINKER[k, w] for k in (1, 2) for w in ("low", "high")))
    assert s.default_action(0) == A.KEEP_ROLL
    s.rolls["token"] = (0, (1, 5, 0))
    assert legal(s) == ids(A.KEEP_ROLL, *(A.TINKER[k, w] for k in (1, 2, 3) for w in ("low", "high")))


def test_R134_W3_the_chase_moves_nearer_a_wounded_adventurer_or_attacks_it():
    s = table()
    to_monster(s, 1, ZOMBIE, "clock_tower.a")
    s.minions[0] = SLOT["graveyard.a"]
    s.minions[1] = SLOT["graveyard.d"]
    s.minion_steps = [3, 3, 0, 0, 0]
    put(s, 0, "graveyard.d")
    pend(s, "chase", 1, (0,))
    assert legal(s, 1) == ids(A.PASS, A.MINION_MOVE[0][SLOT["graveyard.b"]], A.MINION_ATTACK[1][0])
    assert s.default_action(1) == A.PASS


def test_R74_a_new_adventurer_may_examine_one_of_its_two_cards_not_a_transformation_card():
    s = table()
    map0, bite = give(s, 0, "gk_map#0", "t_vampire_bite#0")
    pend(s, "regen_examine", 0, (bite, map0))
    assert legal(s) == ids(A.PASS, A.EXAMINE[map0])
    assert s.default_action(0) == A.PASS


def test_R105_the_explorer_puts_back_the_tiles_it_saw_in_any_order():
    s = table(EXPLORER)
    pend(s, "order_tiles", 0, 3)
    assert legal(s) == ids(*A.ORDER)
    assert s.default_action(0) == A.ORDER[0]
    s.pending[-1] = ("order_tiles", 0, 2)  # two seen: the third stays
    assert legal(s) == ids(A.ORDER[0], A.ORDER[2])
    s.pending[-1] = ("order_tiles", 0, 1)
    assert legal(s) == ids(A.ORDER[0])


def test_R108_the_scientist_examines_one_of_three_and_orders_the_other_two():
    s = table(SCIENTIST)
    map0, bite, occ = card("gk_map#0"), card("t_vampire_bite#0"), card("gk_occult#0")
    pend(s, "experiment", 0, (bite, map0, occ))
    assert legal(s) == ids(*A.EXPERIMENT[1], *A.EXPERIMENT[2])
    assert s.default_action(0) == A.EXPERIMENT[1][0]
    s.pending[-1] = ("experiment", 0, (occ, map0))  # two only: no order to choose
    assert legal(s) == ids(A.EXPERIMENT[0][0], A.EXPERIMENT[1][0])
    assert s.default_action(0) == A.EXPERIMENT[0][0]


def test_R112_the_templar_pays_two_discovery_cards_or_calls_it_off():
    s = table(TEMPLAR)
    map0, bite = give(s, 0, "gk_map#0", "t_vampire_bite#0")
    occ, = examined(s, 0, "gk_occult#0")
    s.row[0].append((card("full_moon#0"), ()))
    pend(s, "templar", 0, ())
    assert legal(s) == ids(A.PASS, A.TEMPLAR[map0], A.TEMPLAR[occ])
    assert s.default_action(0) == A.PASS
    s.pending[-1] = ("templar", 0, (map0,))  # the first payment made: the second, or calling it off
    assert legal(s) == ids(A.PASS, A.TEMPLAR[occ])
    assert s.default_action(0) == A.PASS


# ---- defaults (D49) ------------------------------------------------------------------------------------------


def test_D49_R82_a_monster_ends_its_turn_by_default_or_takes_the_nearest_way_off_the_church():
    s = monster_table(VAMPIRE, "graveyard.k")
    assert s.default_action(0) == A.END_TURN
    s = monster_table(VAMPIRE, "church.b")  # next to church.a, church.c and church.n; church.n is next to graveyard.k
    assert legal(s) == ids(*mv("church.a", "church.c", "church.n"))
    assert s.default_action(0) == A.MOVE[SLOT["church.n"]]
    act(s, 0, s.default_action(0))
    assert legal(s) == ids(*mv("church.b", "graveyard.k"))
    assert s.default_action(0) == A.MOVE[SLOT["graveyard.k"]]
    act(s, 0, s.default_action(0))
    assert s.default_action(0) == A.END_TURN
