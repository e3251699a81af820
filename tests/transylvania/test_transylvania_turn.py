"""How to Play: the turn (R22, R23), Examine (R53-R57), Discard (R58), cursed and special cards (R18, R19, R128,
R129, R130, R145, R146), Determination and Cleanup (R59-R61, R31), and the round limit (R147)."""

from transylvania_helpers import (
    SLOT,
    act,
    bare,
    card,
    dice,
    examined,
    give,
    kinds,
    on_top,
    put,
    ready,
    start_turn,
)

from hexbox.games.transylvania import actions as A


def fresh(players=3):
    s = bare(players)
    return s


def test_R22_turns_pass_clockwise_through_three_phases():
    s = fresh()
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "cleanup"
    act(s, 0, A.END_TURN)
    assert s.active == 1 and s.phase == "exploration"
    for seat in (1, 2):
        act(s, seat, A.END_EXPLORATION)
        act(s, seat, A.END_TURN)
    assert s.active == 0 and s.round == 2


def test_R23_exploration_actions_in_any_order():
    s = fresh()
    give(s, 0, "gk_map#0", "gk_map#1")
    assert {"move", "examine", "discard", "end_exploration"} <= kinds(s, 0)


def test_R53_one_examination_a_turn_and_R19_modifiers_at_once():
    s = fresh()
    give(s, 0, "i_shotgun#0", "i_revolver#0", "t_werewolf#0")
    attack = s.dice(0, 0)
    assert A.EXAMINE[card("t_werewolf#0")] not in s.legal_actions(0)  # R21: never examined
    act(s, 0, A.EXAMINE[card("i_shotgun#0")])
    assert s.dice(0, 0) == attack + 2
    assert "examine" not in kinds(s, 0)


def test_R18_items_do_nothing_in_hand():
    s = fresh()
    attack = s.dice(0, 0)
    give(s, 0, "i_shotgun#0")
    assert s.dice(0, 0) == attack


def test_R56_R57_four_slots_and_bumping_back_to_hand():
    # R56
    s = fresh()
    examined(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "full_moon#0")
    give(s, 0, "i_lantern#0")
    assert "examine" not in kinds(s, 0)
    assert {a.card for a in s.legal_actions(0) if a.kind == "bump"} == {card("gk_map#0"), card("gk_map#1"),
                                                                        card("gk_occult#0")}  # R49: no Event
    act(s, 0, A.BUMP[card("gk_map#0")])
    act(s, 0, A.BUMP[card("gk_map#1")])  # any number of bumps
    assert A.EXAMINE[card("i_lantern#0")] in s.legal_actions(0)


def test_R58_one_discard_a_turn_from_hand_or_row():
    s = fresh()
    give(s, 0, "gk_map#0", "t_werewolf#0")
    examined(s, 0, "full_moon#0")
    legal = s.legal_actions(0)
    assert A.DISCARD[card("t_werewolf#0")] not in legal  # R21
    assert A.DISCARD[card("full_moon#0")] in legal
    act(s, 0, A.DISCARD[card("full_moon#0")])
    assert "discard" not in kinds(s, 0)


def test_R58_attachments_go_with_their_host():
    s = fresh()
    examined(s, 0, "gk_map#0")
    s.row[0][0] = (card("gk_map#0"), (card("i_raven#0"),))
    assert A.BUMP[card("gk_map#0")] not in s.legal_actions(0)  # R128: a host cannot be bumped
    act(s, 0, A.DISCARD[card("gk_map#0")])
    assert card("i_raven#0") in s.discards


def test_R128_a_cursed_card_attaches_on_arrival():
    s = fresh()
    examined(s, 0, "gk_map#0", "gk_map#1")
    on_top(s, "i_raven#0")
    spirit = s.dice(0, 2)
    s._draw_to(0, 1, "test")
    assert s.pending[-1][0] == "attach" and {a.card for a in s.legal_actions(0)} == {card("gk_map#0"),
                                                                                     card("gk_map#1")}
    act(s, 0, A.ATTACH[card("gk_map#1")])
    assert s.row[0][1] == (card("gk_map#1"), (card("i_raven#0"),))
    assert s.dice(0, 2) == spirit - 1  # it counts as examined: its Spirit -1 applies
    before = s.health[0]
    s._wound(0, 1)
    assert s.health[0] == before - 2  # The Raven: one more


def test_R128_with_no_examined_card_the_cursed_card_is_discarded():
    s = fresh()
    on_top(s, "i_locket#0")
    s._draw_to(0, 1, "test")
    assert card("i_locket#0") in s.discards and not s.hand[0]


def test_R128_out_of_turn_it_goes_to_the_lowest_slot():
    s = fresh()
    examined(s, 1, "gk_map#0", "gk_map#1")
    on_top(s, "i_raven#0")
    s._draw_to(1, 1, "test")
    assert not s.pending and s.row[1][0] == (card("gk_map#0"), (card("i_raven#0"),))


def test_R129_the_codex_draws_once_per_copy_and_the_tonic_heals_and_goes():
    s = fresh()
    give(s, 0, "gk_codex#0")
    on_top(s, "gk_map#0")
    act(s, 0, A.EXAMINE[card("gk_codex#0")])
    assert s.hand[0] == [card("gk_map#0")]
    s = fresh()
    s.health[0] = 3
    give(s, 0, "i_tonic#0")
    act(s, 0, A.EXAMINE[card("i_tonic#0")])
    assert s.health[0] == 5 and card("i_tonic#0") in s.discards and not s.discarded


def test_R54_shackles_must_be_examined_on_arrival():
    # R54
    s = fresh()
    on_top(s, "i_shackles#0")
    s._draw_to(0, 1, "test")
    assert s.row[0] == [(card("i_shackles#0"), ())] and not s.examined


def test_R145_full_moon_free_discard_at_a_later_cleanup():
    s = fresh()
    examined(s, 0, "full_moon#0")
    s.drawn.add(card("full_moon#0"))
    act(s, 0, A.END_EXPLORATION)
    assert A.DISCARD[card("full_moon#0")] not in s.legal_actions(0)  # placed this turn
    s.drawn.clear()
    act(s, 0, A.DISCARD[card("full_moon#0")])
    assert not s.row[0] and s.phase == "cleanup"


def test_R146_the_bible_discard_is_the_first_action_only():
    s = fresh()
    examined(s, 1, "gk_bible#0", "full_moon#0")
    start_turn(s, 1)
    assert A.BIBLE[card("full_moon#0")] in s.legal_actions(1)
    act(s, 1, A.BIBLE[card("full_moon#0")])
    assert not s.discarded and [c for c, _ in s.row[1]] == [card("gk_bible#0")]
    s = fresh()
    examined(s, 1, "gk_bible#0", "full_moon#0")
    give(s, 1, "gk_map#0")
    start_turn(s, 1)
    act(s, 1, A.EXAMINE[card("gk_map#0")])
    assert "bible_discard" not in kinds(s, 1)


def test_R17_bible_spirit_per_monster_on_the_board():
    s = fresh()
    examined(s, 0, "gk_bible#0")
    base = s.dice(0, 2)
    s.role[2] = 0
    assert s.dice(0, 2) == base + 2


def test_R59_R60_determination_gives_a_trait_token_on_two_or_less():
    # R60
    s = fresh()
    s.attempted = True
    act(s, 0, A.END_EXPLORATION)
    assert s.phase == "determination" and set(kinds(s, 0)) == {"pass", "determine"}
    dice(s, *[0] * 12)
    act(s, 0, A.DETERMINE[1])
    assert s.tt[0][1] == 1 and s.trait_supply[1] == 5 and s.phase == "cleanup"


def test_R60_at_most_two_per_trait_and_only_from_the_supply():
    # R60
    s = fresh()
    s.tt[0] = [2, 0, 0]
    from hexbox.games.transylvania.play import gain_trait_token
    gain_trait_token(s, 0, 0)
    assert s.tt[0][0] == 2
    s.trait_supply[1] = 0
    gain_trait_token(s, 0, 1)
    assert s.tt[0][1] == 0


def test_R31_ending_the_turn_on_the_church_heals_one_unless_the_locket():
    s = fresh()
    put(s, 0, "church.d")
    s.health[0] = 4
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    assert s.health[0] == 5
    s = fresh()
    put(s, 0, "church.d")
    s.health[0] = 4
    examined(s, 0, "gk_map#0")
    s.row[0][0] = (card("gk_map#0"), (card("i_locket#0"),))
    act(s, 0, A.END_EXPLORATION)
    act(s, 0, A.END_TURN)
    assert s.health[0] == 4


def test_R120_the_health_cap():
    # R120
    s = fresh()
    s.health[0] = 8
    s._heal(0, 3)
    assert s.health[0] == 8
    s = ready(3, health_cap=10)
    s._heal(0, 3)
    assert s.health[0] == 9


def test_R147_the_curse_endures_after_max_rounds():
    s = ready(3, max_rounds=10)
    while not s.is_over:
        seat = s.actors[0]
        s.apply(seat, s.default_action(seat))
    assert s.result.kind == "curse_endures" and s.result.winners == frozenset() and s.round == 10


def test_R1_the_game_ends_at_once_and_nobody_acts():
    s = fresh()
    s._end({1}, "curse_broken", "test")
    assert s.actors == () and s.is_over and all(s.legal_actions(x) == [] for x in range(3))
    assert s.observe(None)["public"]["reveal"] is not None


def test_R44_a_drawn_card_goes_to_the_hand():
    # R44
    s = fresh()
    on_top(s, "gk_map#0")
    s._draw_to(0, 1, "test")
    assert s.hand[0] == [card("gk_map#0")]


def test_R55_an_attached_card_takes_no_slot_and_no_examination():
    # R55
    s = fresh()
    examined(s, 0, "gk_map#0", "gk_map#1", "gk_occult#0", "gk_occult#1")
    on_top(s, "i_raven#0")
    s._draw_to(0, 1, "test")
    act(s, 0, A.ATTACH[card("gk_map#0")])
    assert len(s.row[0]) == 4 and not s.examined and not s.pending


def test_R121_a_skeleton_key_opens_one_lock_a_turn():
    # R121
    from transylvania_helpers import lay_tile, move
    s = fresh()
    lay_tile(s, "graveyard", 0, -1, 0)
    put(s, 0, "graveyard.j")
    examined(s, 0, "i_key#0")
    assert A.KEY[SLOT["graveyard.m"]] in s.legal_actions(0)  # a locked gate next to its space
    act(s, 0, A.KEY[SLOT["graveyard.m"]])
    assert SLOT["graveyard.m"] not in s.locks and s.lock_supply == 18
    act(s, 0, move("graveyard.m"))
    act(s, 0, move("graveyard.o"))
    assert "key_unlock" not in kinds(s, 0)  # once per key per turn


def test_R131_an_empty_deck_reshuffles_its_discards_and_forgets_its_order():
    # R131
    s = fresh()
    s.discards, s.deck = s.deck, []
    s.deck_public = 0
    s._draw_to(0, 1, "test")
    assert len(s.hand[0]) == 1 and not s.discards and s.deck_public == 0
    s.deck, s.discards = [], []
    s._draw_to(0, 1, "test")
    assert len(s.hand[0]) == 1  # both empty: nothing is drawn


def test_R131_a_refilled_deck_forgets_what_was_known_of_its_cards():
    # R131
    s = fresh()
    s.discards, s.deck = s.deck, []
    for c in s.discards:
        s.known[c] = (1 << 6) - 1  # discarded face up: every seat knows them
    s._draw_to(0, 1, "test")
    assert len(s.hand[0]) == 1 and s.deck and not s.discards
    assert all(s.known[c] == 0 for c in s.deck) and s.deck_public == 0
