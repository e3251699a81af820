"""The observation vector of Voodoo (hexbox/games/voodoo/encoder.py): the kit's check, and what some fields mean."""

import pytest
from voodoo_helpers import act, clear_hands, curse_on, emote, give, new, roll, to_phase2

import hexbox
from hexbox.core import conformance as kit
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.encoder import CURSE, ECHO, EMOTE, encoder

CURSE_IDS = list(CURSE)


@pytest.mark.parametrize("players, mode", [(3, "call_out"), (3, "automatic"), (6, "call_out")])
def test_the_kit_check_passes(players, mode):
    kit.check_vector("voodoo", players, {"claim_mode": mode, "max_turns": 40}, seed=players)


def vector(st, seat):
    enc = encoder(hexbox.load("voodoo", players=st.n))
    return enc, enc.encode(st.observe(seat))


def field(enc, vec, name, chair=None):
    """The numbers of the field ``name``; for a part of the seats' blocks, those of chair ``chair``."""
    return vec[enc.where(name) if chair is None else enc.where(f"seats.{name}", chair)]


def hot(values, vocabulary):
    return [vocabulary[i] for i, x in enumerate(values) if x]


def test_my_cards_are_hot_and_nobody_elses_hidden_cards_show():
    st = new(4)
    clear_hands(st)
    give(st, 1, "C05", "A03")
    give(st, 0, "E02", "H07")
    enc, vec = vector(st, 1)
    mine = field(enc, vec, "my_hand")
    assert hot(mine[:36], CURSE_IDS) == ["C05"] and sum(mine[36:]) == 1
    assert field(enc, vec, "hand", 3) == [2 / 10, 0.0]  # seat 0 (chair 3 of seat 1): two curses, of 10
    assert sum(field(enc, vec, "known_curses", 3)) == 0  # ...which seat 1 does not know


def test_a_curse_in_play_shows_its_caster_and_victim_from_the_viewers_chair():
    st = new(4)
    curse_on(st, "C05", 2, 3)  # seat 2 cast Cockle Cluck on seat 3
    enc, vec = vector(st, 1)  # seat 2 is chair 1 of seat 1, seat 3 its chair 2
    assert hot(field(enc, vec, "caster_of", 1), CURSE_IDS) == ["C05"]
    assert hot(field(enc, vec, "victim_of", 2), CURSE_IDS) == ["C05"]
    assert sum(field(enc, vec, "victim_of", 1)) == sum(field(enc, vec, "caster_of", 2)) == 0
    st.scores = [0, 0, 5, 0]
    enc, vec = vector(st, 3)
    assert field(enc, vec, "score", 3) == [5 / 11]  # seat 2 sits on seat 3's right: chair 3; of 11 points


def test_an_echo_duty_and_the_ritual_block_show_for_the_victim():
    st = new(4)
    curse_on(st, "C08", 0, 1)  # seat 1 caws when another player rolls
    enc, vec = vector(st, 1)
    assert sum(field(enc, vec, "owes", 0)) == 0
    roll(st, "PU PU PU PU PU")
    enc, vec = vector(st, 1)
    assert hot(field(enc, vec, "owes", 0), list(ECHO)) == ["C08"]
    assert hot(field(enc, vec, "owes", 3), list(ECHO)) == []  # seat 0 owes nothing
    act(st, 0, A.KEEP)
    act(st, 0, A.PASS_DOLL)
    act(st, 0, A.DONE)  # the claim window
    assert st.active == 1
    emote(st, 1, "caw")  # seat 1 caws on its turn: its block; the duty stays until its next non-free move
    enc, vec = vector(st, 1)
    assert hot(field(enc, vec, "block", 0), [*EMOTE, "said"]) == ["caw"]
    assert hot(field(enc, vec, "owes", 0), list(ECHO)) == ["C08"]


def test_in_the_claim_window_my_broken_curse_is_shown_to_me():
    st = new(4)
    clear_hands(st)
    give(st, 0, "C05")
    to_phase2(st, "PU CR SK SK SK")
    act(st, 0, {"kind": "cast", "curse": "C05", "target": 1, "pay": "PU CR"})  # seat 1 clucks before rolling
    act(st, 0, A.PASS_DOLL)
    while st.phase_name == "claim_window":
        act(st, st.actors[0], A.DONE)
    assert st.active == 1
    roll(st, "PU PU PU PU PU")  # no cluck: broken
    act(st, 1, A.KEEP)
    while st.phase_name == "bag_window":
        act(st, st.actors[0], A.DONE)
    act(st, 1, A.PASS_DOLL)
    assert st.phase_name == "claim_window" and 0 in st.actors
    enc, vec = vector(st, 0)
    assert hot(field(enc, vec, "my_broken"), CURSE_IDS) == ["C05"]
    enc, vec = vector(st, 2)
    assert sum(field(enc, vec, "my_broken")) == 0  # not seat 2's curse
