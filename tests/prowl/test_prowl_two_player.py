"""The two-player game: the random strengthening deck (R37; X6)."""

import random

from prowl_helpers import card, clan, new, play, public, table, track_of

from hexbox.games.prowl import actions as A
from hexbox.games.prowl.state import TURN


def duel(deck, dominance=0, track=("spring", "summer", "autumn", "winter")):
    return table(2, clans=["summer_duelist", "autumn_garrison"],
                 hands=[["winter_ice_wall", "spring_whisperer"], ["summer_hunter", "winter_avalanche"]],
                 deck=deck, dominance=dominance, track=track)


def test_R37_undealt_cards_form_the_deck():
    # R37
    st = new(2)
    assert len(st.deck) == 20 and st.box == []  # 32 - 12, face down
    assert public(st)["deck_size"] == 20 and public(st)["deck"] is None
    assert new(2, two_player_deck=False).deck == [] and len(new(2, two_player_deck=False).box) == 20
    assert len(new(2, leaders=False).deck) == 16


def test_R37_dominance_holder_reveals_and_strengthens_at_turn_start():
    # R37
    st = duel(["spring_eclipse_rite", "winter_long_night"], dominance=1)  # the top card is the last
    st.apply(0, A.Change("spring_whisperer"))  # seat 1 begins its turn holding Dominance: Winter revealed
    assert st.deck_discards == [card("winter_long_night")]
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]
    assert public(st)["deck_discards"] == ["winter_long_night"] and public(st)["deck_size"] == 1
    assert st.att_by[card("winter_long_night")] == -1  # its effect does not activate
    play(st, "summer_hunter", "strengthen", 0, "skip")  # seat 0 does not hold Dominance: no reveal
    assert st.deck_discards == [card("winter_long_night")]


def test_X6_the_reveal_is_strengthening_snare_stops_it_empty_deck_does_nothing():
    # X6
    st = duel(["autumn_peace_envoy"], dominance=1, track=("spring", "summer", "winter", "autumn"))
    st.attach(0, card("spring_bramble_snare"), clan("autumn"))
    st.apply(0, A.Change("spring_whisperer"))
    assert track_of(st) == ["spring", "summer", "winter", "autumn"]
    assert not st.attached(card("spring_bramble_snare"))
    assert st.phase == TURN and st.active == 1
    st.apply(1, A.Change("winter_avalanche"))
    st.dominance = 1
    events = st.apply(0, A.Change("winter_ice_wall"))  # the deck is empty now: nothing happens
    assert st.deck_discards == [card("autumn_peace_envoy")]
    assert [e.to_json() for e in events if e.kind == "deck_reveal"] == [
        {"kind": "deck_reveal", "data": {"seat": 1, "card": None}, "to": None}]  # all see that nothing came


def test_R37_random_two_player_games_reveal_cards():
    # R37
    revealed = 0
    for seed in range(10):
        st = new(2, seed=seed)
        rng = random.Random(seed)
        while not st.is_over:
            seat = rng.choice(st.actors)
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        revealed += len(st.deck_discards)
        assert len(st.deck_discards) + len(st.deck) == 20
    assert revealed >= 10 * 5  # the holder reveals at the start of each of its turns
