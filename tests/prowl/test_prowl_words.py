"""What each viewer is told of a move (words.describe), the labels of a prompt's options in their position
(words.label), and the gate in front of every move."""

import random

import pytest
from prowl_helpers import new, play, public, table

import hexbox
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CARD_INDEX, CARDS
from hexbox.games.prowl.render import render
from hexbox.games.prowl.state import PROMPT
from hexbox.games.prowl.words import label

HANDS = [
    ["summer_wanderer", "autumn_drillmaster", "winter_avalanche"],
    ["spring_whisperer", "summer_hunter", "autumn_peace_envoy"],
    ["autumn_tactician", "winter_ice_wall", "spring_eclipse_rite"],
    ["summer_war_horn", "winter_frost_veil", "autumn_field_marshal"],
]
CLANS = ["winter_magistrate", "spring_changeling", "summer_duelist", "autumn_standard_bearer"]
VIEWERS = (0, 1, 2, 3, None)


def four(**kw):
    return table(4, clans=CLANS, hands=[h[:] for h in HANDS], **kw)


def told(st, events):
    return {v: st.describe(events, v) for v in VIEWERS}


def test_R8_placing_a_clan_card_names_it_to_its_owner_only():
    # R8: the choice is secret; the others learn only that a card was placed
    st = new(4, seed=3)
    pick = st.hands[2][0]
    name = CARDS[pick].name
    words = told(st, st.apply(2, A.SET_CLAN[pick]))
    for viewer in (0, 1, 3, None):
        assert words[viewer] == ["Seat 2 places a clan card face down."]
    clan = ["Spring", "Summer", "Autumn", "Winter"][CARDS[pick].clan]
    assert words[2] == [f"You place {name} ({clan}) face down as your clan card."]


def test_R25_a_change_names_the_old_card_to_all_and_the_new_one_to_its_owner():
    # R25: the old clan card goes face up to the discards; the new one is hidden
    st = four()
    words = told(st, st.apply(0, A.Change("winter_avalanche")))
    for viewer in (1, 2, 3, None):
        assert words[viewer] == ["Seat 0 changes their clan card (the old one, Magistrate, goes to their discards)."]
        assert "Avalanche" not in " ".join(words[viewer])
    assert words[0] == ["You Change: your old clan card, Magistrate (Winter), goes to your discards.",
                        "Your new clan card is Avalanche (Winter)."]


def test_R23_a_peek_is_told_to_all_and_its_card_to_the_peeker():
    st = four(active=1)
    words = told(st, play(st, "spring_whisperer", "strengthen", 2, "skip"))
    assert "You see seat 2's clan card: Duelist (Summer)." in words[1]
    assert "Seat 1 peeks at seat 2's clan card." in words[0] and "You peek at seat 2's clan card." not in words[0]
    assert "You peek at seat 2's clan card." in words[1]
    assert all("Duelist" not in line for v in (0, 2, 3, None) for line in words[v])


def test_play_accuse_and_track_words():
    st = four(track=("spring", "summer", "autumn", "winter"))
    words = told(st, play(st, "summer_wanderer", "strengthen", "autumn"))
    assert words[None][:2] == ["Seat 0 plays Wanderer (Summer), strengthening first.",
                               "Summer is strengthened and rises to 1st."]
    assert words[0][0] == "You play Wanderer (Summer), strengthening first."
    assert "Autumn is raised by 1, to 2nd." in words[None]
    words = told(st, st.apply(1, A.Accuse("summer_hunter", 2, "winter")))
    assert words[None] == ["Seat 1 discards Hunter (Summer) and accuses seat 2 of being Winter: wrong (seat 2's "
                           "clan card is not Winter)."]
    assert words[2] == ["Seat 1 discards Hunter (Summer) and accuses you of being Winter: wrong (your clan card is "
                        "not Winter)."]


def test_R29_the_reward_says_it_raises_a_clan_when_the_accuser_holds_dominance():
    # R29 (rulebook, Accuse): "(i) Gain the Dominance token. If you already have the Dominance token, instead raise
    # a clan by 1 position."
    st = four(dominance=0, track=("winter", "spring", "autumn", "summer"))
    words = told(st, st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring")))
    assert st.phase == PROMPT and st.legal_actions(0) == [A.DOMINANCE, A.FORCE_CHANGE]
    assert words[0][-1] == ("Choose your reward: raise a clan by one (you already hold Dominance) or force seat 1 to "
                            "Change on their next turn.")
    assert "Seat 1's clan card is turned face up: Changeling (Spring)." in words[None]
    assert all("Choose your reward" not in line for v in (1, 2, 3, None) for line in words[v])
    assert label(st, 0, A.DOMINANCE) == "raise a clan by one (you already hold Dominance)"
    assert hexbox.game_info("prowl").hook("label") is label  # the terminal's numbered list reads it
    assert label(st, 0, A.FORCE_CHANGE) == "force seat 1 to Change on their next turn"
    assert "raise" in str(A.DOMINANCE) and "already" in str(A.DOMINANCE)  # the plain text says it too
    assert "'take the Dominance token' raises a clan of your choice by one instead" in render(st.observe(0))
    words = told(st, st.apply(0, A.DOMINANCE))
    assert words[None] == ["Seat 0 already holds the Dominance token, so their reward raises a clan by one instead."]
    assert st.dominance == 0 and st.legal_actions(0) == list(A.CHOOSE_CLAN)
    assert "choose a clan to raise by one" in render(st.observe(0))
    words = told(st, st.apply(0, A.CHOOSE_CLAN[2]))  # Autumn
    assert public(st)["track"] == ["winter", "autumn", "spring", "summer"] and st.dominance == 0
    assert "Autumn is raised by 1, to 2nd." in words[None]
    assert public(st)["history"][-1] == {"kind": "reward", "seat": 0, "target": 1, "reward": "raise"}


def test_R29_the_reward_takes_dominance_from_another_holder():
    st = four(dominance=2)
    st.apply(0, A.Accuse("autumn_drillmaster", 1, "spring"))
    assert label(st, 0, A.DOMINANCE) == "take the Dominance token"
    words = told(st, st.apply(0, A.DOMINANCE))
    assert words[None] == ["Seat 0 chooses the reward of taking the Dominance token.",
                           "Seat 0 takes the Dominance token from seat 2."]
    assert words[2][-1] == "Seat 0 takes the Dominance token from you."


def test_labels_of_other_prompts():
    st = four(active=3)
    play(st, "autumn_field_marshal", "effect", "summer")
    assert [label(st, 3, a) for a in st.legal_actions(3)] == ["raise Summer by one", "lower Summer by one"]
    assert label(st, 0, A.RAISE) == "raise"  # not seat 0's question


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_move_tells_every_viewer_something_in_sentences(players):
    for seed in range(4):
        st = new(players, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            seat = rng.choice(st.actors)
            events = st.apply(seat, rng.choice(st.legal_actions(seat)))
            for viewer in [*range(players), None]:
                words = st.describe(events, viewer)
                assert words and all(w[0].isupper() and w.endswith(".") for w in words), words
        assert st.describe(events, None)[-1].startswith(("Seat", "Nobody"))


def test_a_bad_seat_in_set_up_is_refused_before_any_card_moves():
    # the old engine moved the card of apply(-1, ...) and then failed, leaving the set-up stuck
    st = new(4, seed=2)
    before = [st.observe(v) for v in VIEWERS]
    card_id = CARDS[st.hands[3][0]].id
    for seat in (-1, 4, 2.0, None, True):
        with pytest.raises(hexbox.IllegalAction):
            st.apply(seat, A.SetClan(card_id))
    with pytest.raises(hexbox.IllegalAction):
        st.apply(0, A.SetClan(card_id))  # a card of another seat's hand
    assert [st.observe(v) for v in VIEWERS] == before and st.actors == (0, 1, 2, 3)
    for s in range(4):  # and the set-up goes on
        st.apply(s, st.default_action(s))
    assert st.phase_name == "turn" and CARD_INDEX[card_id] in (st.clan_card[3], *st.hands[3])


def test_a_seat_out_of_range_is_refused_by_every_entry():
    st = four()
    for call in (st.legal_actions, st.default_action, st.observe):
        with pytest.raises(hexbox.IllegalAction):
            call(4)
    assert st.legal_actions(1) == []  # a seat of the table that may not act now
