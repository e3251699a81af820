"""The observation vector of Prowl (hexbox/games/prowl/encoder.py): the kit's check, and what some fields mean."""

import pytest
from prowl_helpers import card, clan, play, table

import hexbox
from hexbox.core import conformance as kit
from hexbox.games.prowl.cards import CARD_IDS, CLAN_IDS
from hexbox.games.prowl.encoder import encoder

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
HANDS = [["spring_whisperer", "winter_ice_wall"], ["autumn_tactician", "summer_war_horn"],
         ["spring_eclipse_rite", "autumn_drillmaster"], ["summer_wanderer", "autumn_peace_envoy"]]


@pytest.mark.parametrize("players", [2, 5])
def test_the_kit_check_passes(players):
    kit.check_vector("prowl", players, {}, seed=players)


def vector(st, seat):
    enc = encoder(hexbox.load("prowl", players=st.n))
    return enc, enc.encode(st.observe(seat))


def field(enc, vec, name, chair=None):
    """The numbers of the field ``name``; for a part of the seats' blocks, those of chair ``chair``."""
    return vec[enc.where(name) if chair is None else enc.where(f"seats.{name}", chair)]


def hot(values, vocabulary):
    return [vocabulary[i] for i, x in enumerate(values) if x]


def test_my_hand_and_clan_card_are_hot_and_nobody_elses_hidden_card_shows():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS])
    enc, vec = vector(st, 1)
    assert hot(field(enc, vec, "hand"), CARD_IDS) == sorted(HANDS[1], key=card)
    assert hot(field(enc, vec, "my_clan_card"), CARD_IDS) == ["summer_duelist"]
    for chair in range(4):
        assert hot(field(enc, vec, "clan", chair), CLAN_IDS) == []  # every clan card lies face down
    assert field(enc, vec, "hand_size", 0) == [2 / 8]  # two cards, divided by the largest hand (8)


def test_seats_are_seen_from_the_viewers_chair():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS], dominance=3, active=2)
    st.attach(3, card("spring_bramble_snare"), clan("autumn"))
    enc, vec = vector(st, 2)
    # seat 3 sits on seat 2's left: chair 1
    assert field(enc, vec, "dominance", 1) == [1.0] and field(enc, vec, "dominance", 0) == [0.0]
    assert field(enc, vec, "active", 0) == [1.0]
    att = field(enc, vec, "attachments", 1)
    assert sum(att) == 2  # the Bramble Snare, and the clan it names
    assert sum(field(enc, vec, "attachments", 0)) == 0
    assert hot(field(enc, vec, "actors"), range(4)) == [0]  # seat 2 itself acts


def test_the_track_is_one_clan_per_position_highest_first():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS], track=("winter", "spring", "autumn", "summer"))
    enc, vec = vector(st, 0)
    track = field(enc, vec, "track")
    assert [hot(track[4 * k:4 * k + 4], CLAN_IDS) for k in range(4)] == [["winter"], ["spring"], ["autumn"],
                                                                         ["summer"]]


def test_a_peek_is_known_to_all_and_the_peeked_card_only_to_the_peeker():
    st = table(4, clans=CLANS, hands=[h[:] for h in HANDS])
    play(st, "spring_whisperer", "effect", 2, "skip")
    assert st.observe(0)["private"]["known_clans"] == {"2": "autumn_garrison"}
    enc, mine = vector(st, 0)
    assert hot(field(enc, mine, "known_clan", 2), CLAN_IDS) == ["autumn"]
    assert field(enc, mine, "history")[:4] == [0, 0, 1, 0]  # my row: I have seen chair 2's clan card
    _, theirs = vector(st, 3)
    assert sum(field(enc, theirs, "known_clan", 1)) == 0  # seat 3 knows nothing of seat 0's peek...
    row = field(enc, theirs, "history")[7:14]  # ...but sees it: seat 0 is seat 3's chair 1, seat 2 its chair 3
    assert row[:4] == [0, 0, 0, 1]
