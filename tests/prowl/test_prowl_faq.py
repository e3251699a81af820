"""The rulebook's FAQ, one test per answer (F1-F9 of docs/games/prowl.md)."""

from prowl_helpers import card, clan, play, private, table, track_of

import hexbox
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import HIGH_MAGE, WARLORD
from hexbox.games.prowl.scoring import decide
from hexbox.games.prowl.state import MUST_PLAY, PROMPT

CLANS = ["spring_changeling", "summer_duelist", "autumn_garrison", "winter_magistrate"]
HANDS = [["summer_headstrong_scout", "summer_wanderer"],
         ["autumn_tactician", "winter_ice_wall"], ["spring_eclipse_rite", "autumn_drillmaster"],
         ["spring_hooded_figure", "summer_firebrand"]]


def four(**kw):
    return table(4, clans=CLANS, hands=[h[:] for h in HANDS], **kw)


def test_F1_no_accusing_a_face_up_clan():
    # F1, R28: "Can I Accuse an opponent whose clan is already face-up? No, you cannot."
    st = four()
    st.face_up[1] = True
    assert all(a.target != 1 for a in st.legal_actions(0) if a.kind == "accuse")
    try:
        st.apply(0, A.Accuse("summer_wanderer", 1, "summer"))
    except hexbox.IllegalAction as exc:
        assert "cannot be accused" in exc.reason
    else:
        raise AssertionError("accusing a face-up clan was accepted")


def test_F2_an_effect_accusation_discards_nothing():
    # F2, R32: the Duelist accuses without a discard; the Accuse action discards one card
    st = four(active=3)
    st.hands[3] = [card("summer_duelist"), card("summer_firebrand")]
    st.clan_card[1] = card("summer_burning_banner")  # the Duelist moves from seat 1's clan to seat 3's hand
    st.box.remove(card("summer_burning_banner"))
    play(st, "summer_duelist", "strengthen", 0, "spring", "dominance")
    assert st.hands[3] == [card("summer_firebrand")] and st.discards[3] == [card("summer_duelist")]
    assert st.face_up[0] and st.dominance == 3


def test_F3_after_a_swap_you_may_check_your_new_clan():
    # F3, R38: "If an effect swaps my clan with someone else's, can I check my new clan? Yes."
    st = four(active=3)
    play(st, "spring_hooded_figure", "strengthen", "right")
    for seat in range(4):
        assert private(st, seat)["clan_card"] == CLANS[(seat + 1) % 4]


def test_F4_forcing_an_opponent_is_decided_now():
    # F4, R14, R39: the Firebrand's target is chosen on the player's turn, and the constraint is fixed now
    st = four(active=3)
    st.apply(3, A.Play("summer_firebrand", "effect"))
    assert st.phase == PROMPT and st.actors == (3,)
    st.apply(3, A.CHOOSE_PLAYER[0])
    assert st.constraint[0] == MUST_PLAY and st.active == 0
    assert {a.kind for a in st.legal_actions(0)} == {"play"}


def test_F5_headstrong_scout_triggers_the_same_turn_if_resolved_before_strengthening():
    # F5, R42
    st = four(track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "effect")
    assert track_of(st) == ["summer", "spring", "autumn", "winter"]  # +2 by the Scout, +1 strengthened
    st = four(track=("spring", "autumn", "winter", "summer"))
    play(st, "summer_headstrong_scout", "strengthen")
    assert track_of(st) == ["spring", "autumn", "summer", "winter"] and st.att_by[card("summer_headstrong_scout")] == 0


def test_F6_another_clan_excludes_the_cards_own_clan():
    # F6, R40: after the Wanderer, "another clan" is Autumn, Spring or Winter
    st = four()
    st.apply(0, A.Play("summer_wanderer", "strengthen"))
    assert {a.clan for a in st.legal_actions(0)} == {"autumn", "spring", "winter"}


def test_F7_movement_and_effects_are_different_things():
    # F7, R36: Frost Veil stops effects choosing you, not movement; Ice Wall stops Winter falling whatever the cause
    st = four(track=("spring", "summer", "autumn", "winter"))
    st.attach(3, card("winter_frost_veil"))
    st.apply(0, A.Play("summer_wanderer", "strengthen"))
    st.apply(0, A.CHOOSE_CLAN[clan("winter")])
    assert track_of(st) == ["summer", "spring", "winter", "autumn"]  # Seat 3 (Winter) is moved anyway
    st.attach(1, card("winter_ice_wall"))
    st.move(clan("autumn"), 1, True)
    assert track_of(st) == ["summer", "spring", "winter", "autumn"] and not st.attached(card("winter_ice_wall"))


def test_F8_high_mage_winning_normally_with_another_clan_means_no_winner():
    # F8, R50
    att_by, att_a, att_b = [-1] * 32, [-1] * 32, [-1] * 32
    att_by[HIGH_MAGE], att_a[HIGH_MAGE] = 2, clan("winter")
    result = decide([clan(k) for k in ("autumn", "spring", "summer", "winter")],
                    [clan(k) for k in ("spring", "summer", "autumn", "winter")], 0, att_by, att_a, att_b)
    assert result.winners == frozenset() and "High Mage" in result.reason
    att_by[WARLORD] = 1  # nothing else changes it: seat 2 alone on Autumn would have won
    assert decide([clan(k) for k in ("autumn", "spring", "summer", "winter")],
                  [clan(k) for k in ("spring", "summer", "autumn", "winter")], 0, att_by, att_a, att_b).winners == set()


def test_F9_hooded_figure_passing_is_simultaneous():
    # F9, R41: every card moves one seat at the same moment; nobody receives back their own card
    st = four(active=3)
    before = st.clan_card[:]
    play(st, "spring_hooded_figure", "strengthen", "left")
    assert st.clan_card == [before[3], before[0], before[1], before[2]]
