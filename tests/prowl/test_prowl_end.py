"""The end of the game, Dominance and every tie-break; leaders, curses, the High Mage (R43-R51; F8; X14, X15)."""

from prowl_helpers import clan, play, random_playout, table

import hexbox
from hexbox.games.prowl import actions as A
from hexbox.games.prowl.cards import CURSED_EFFIGY, EXILED_PRINCE, GRAND_CHANCELLOR, HIGH_MAGE, WARLORD
from hexbox.games.prowl.scoring import RESULT_KINDS, decide
from hexbox.games.prowl.state import OVER

A_, B_, C_, D_ = range(4)  # the rulebook's players A, B, C, D


def clans(*ids):
    return [clan(k) for k in ids]


def track(*ids):
    return [clan(k) for k in ids]


def no_attachments():
    return [-1] * 32, [-1] * 32, [-1] * 32


def outcome(tr, cl, dominance, att=None):
    att_by, att_a, att_b = att or no_attachments()
    return decide(tr, cl, dominance, att_by, att_a, att_b)


def test_R45_rulebook_example_the_controller_of_the_highest_controlled_clan_wins():
    # R45
    # Winter (nobody), Spring (A), Autumn (C; D), Summer (B): Player A wins
    result = outcome(track("winter", "spring", "autumn", "summer"), clans("spring", "summer", "autumn", "autumn"), D_)
    assert result.winners == {A_} and result.scores == {0: 1, 1: 0, 2: 0, 3: 0}
    assert "Spring: seat 0 alone controls it" in result.reason and result.kind == "sole_control"


def test_R46_rulebook_example_the_dominance_holder_breaks_the_tie():
    # R46
    # Winter, Spring (A; B with the Dominance token), Autumn (D), Summer (C): Player B wins
    result = outcome(track("winter", "spring", "autumn", "summer"), clans("spring", "spring", "summer", "autumn"), B_)
    assert result.winners == {B_}
    assert "Spring tied (seats 0, 1), seat 1 holds Dominance" in result.reason
    assert result.kind == "dominance_tiebreak"


def test_R47_rulebook_example_tied_players_all_lose_and_the_next_clan_wins():
    # R47
    # Winter (nobody), Spring (A; B), Autumn (D), Summer (C with the Dominance token): Player D wins
    result = outcome(track("winter", "spring", "autumn", "summer"), clans("spring", "spring", "summer", "autumn"), C_)
    assert result.winners == {D_}
    assert "Spring tied without Dominance (seats 0, 1)" in result.reason
    assert result.kind == "sole_control"  # decided by Autumn's lone controller, further down


def test_R47_every_clan_tied_means_no_winner():
    # R47, R48
    att = no_attachments()
    att[0][CURSED_EFFIGY], att[1][CURSED_EFFIGY], att[2][CURSED_EFFIGY] = 1, 0, clan("spring")
    # Spring tied (the Dominance holder, seat 0, is cursed), Autumn tied without Dominance: nobody wins
    result = outcome(track("winter", "spring", "autumn", "summer"), clans("spring", "spring", "autumn", "autumn"), 0,
                     att)
    assert result.winners == frozenset() and result.reason.startswith("no winner")
    assert result.scores == {0: 0, 1: 0, 2: 0, 3: 0} and result.kind == "no_winner_ties"


def test_R48_a_cursed_player_still_ties_and_never_wins():
    # R48
    att = no_attachments()
    att[0][CURSED_EFFIGY], att[1][CURSED_EFFIGY], att[2][CURSED_EFFIGY] = 2, 0, clan("spring")
    # seat 0 (cursed: Spring) alone on Spring: it has lost, the next clan is tested
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "autumn", "summer", "winter"),
                     1, att)
    assert result.winners == {1}
    # seat 0 cursed, tied on Spring with seat 1 holding Dominance: the holder wins
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "spring", "summer", "winter"),
                     1, att)
    assert result.winners == {1}
    # the cursed seat holds Dominance: it cannot win, and its tie still sinks seat 1
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "spring", "summer", "winter"),
                     0, att)
    assert result.winners == {2}  # Autumn belongs to nobody; Summer's lone controller
    # the curse names the wrong clan: nothing happens
    att[2][CURSED_EFFIGY] = clan("winter")
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "autumn", "summer", "winter"),
                     1, att)
    assert result.winners == {0}


def test_R49_each_leader_way_to_win_beats_the_ladder():
    # R49
    att = no_attachments()
    att[0][EXILED_PRINCE] = 1
    # Summer player with Winter last wins although Spring is on top with a lone controller
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "summer", "autumn", "autumn"),
                     0, att)
    assert result.winners == {1} and "Exiled Prince" in result.reason and result.kind == "leader_claim"
    att = no_attachments()
    att[0][WARLORD] = 2
    tr = track("spring", "autumn", "summer", "winter")
    assert outcome(tr, clans("spring", "summer", "autumn", "winter"), 2, att).winners == {2}
    assert outcome(tr, clans("spring", "summer", "autumn", "winter"), 0, att).winners == {0}  # needs Dominance
    att = no_attachments()
    att[0][GRAND_CHANCELLOR] = 3
    assert outcome(track("spring", "winter", "summer", "autumn"), clans("spring", "summer", "autumn", "winter"),
                   0, att).winners == {3}
    assert outcome(track("winter", "spring", "summer", "autumn"), clans("spring", "summer", "autumn", "winter"),
                   0, att).winners == {3}  # exactly 2nd is not met: Winter on top wins by the ladder anyway
    att = no_attachments()
    att[0][HIGH_MAGE], att[1][HIGH_MAGE] = 0, clan("autumn")
    result = outcome(track("autumn", "spring", "summer", "winter"), clans("autumn", "autumn", "summer", "winter"),
                     1, att)
    assert result.winners == {0}  # the named clan is on top: the claim beats the Autumn tie


def test_R49_several_claims_dominance_decides():
    # R49
    att = no_attachments()
    att[0][EXILED_PRINCE] = 1
    att[0][WARLORD] = 2
    tr = track("autumn", "spring", "summer", "winter")
    assert outcome(tr, clans("spring", "summer", "autumn", "winter"), 2, att).winners == {2}
    att[0][HIGH_MAGE], att[1][HIGH_MAGE] = 0, clan("autumn")
    result = outcome(tr, clans("spring", "summer", "autumn", "winter"), 0, att)
    assert result.winners == {0}  # three claims; seat 0 holds Dominance
    assert result.kind == "leader_claims_dominance"


def test_X14_two_claimants_without_dominance_both_lose_and_still_tie():
    # X14
    att = no_attachments()
    att[0][EXILED_PRINCE] = 1
    att[0][HIGH_MAGE], att[1][HIGH_MAGE] = 0, clan("spring")
    tr = track("spring", "autumn", "summer", "winter")
    # claimants 0 (High Mage) and 1 (Prince); Dominance with seat 3: both have lost, the ladder decides
    result = outcome(tr, clans("spring", "summer", "autumn", "summer"), 3, att)
    assert result.winners == {2} and "tied without Dominance" in result.reason
    assert result.kind == "sole_control"  # the claims fell, the ladder decided
    # seat 0 (Spring) has lost: Spring is passed over; seat 1 has lost but ties Summer with the holder, seat 3
    result = outcome(tr, clans("spring", "summer", "winter", "summer"), 3, att)
    assert result.winners == {3}


def test_R50_F8_high_mage_winning_with_another_clan_means_no_winner():
    # R50, F8
    att = no_attachments()
    att[0][HIGH_MAGE], att[1][HIGH_MAGE] = 0, clan("winter")
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("spring", "summer", "autumn", "winter"),
                     0, att)
    assert result.winners == frozenset()
    assert result.reason.startswith("no winner: High Mage contract broken by seat 0")
    assert result.kind == "no_winner_contract"
    # through another leader's claim: the same
    att[0][WARLORD] = 0
    result = outcome(track("autumn", "spring", "summer", "winter"), clans("autumn", "summer", "spring", "winter"),
                     0, att)
    assert result.winners == frozenset()


def test_X15_naming_your_own_clan_risks_nothing():
    # X15
    att = no_attachments()
    att[0][HIGH_MAGE], att[1][HIGH_MAGE] = 0, clan("autumn")
    # Autumn is not on top (no claim), but seat 0 wins Autumn by the ladder: the contract is kept
    result = outcome(track("spring", "autumn", "summer", "winter"), clans("autumn", "summer", "winter", "winter"),
                     2, att)
    assert result.winners == {0}


def test_R43_R44_R51_the_game_ends_after_the_last_turn_and_reveals_everything():
    # R43, R44, R51
    st = table(2, clans=["summer_duelist", "autumn_garrison"], hands=[["winter_ice_wall"], ["spring_whisperer"]],
               track=("autumn", "summer", "spring", "winter"), dominance=0, two_player_deck=False)
    play(st, "winter_ice_wall")
    assert not st.is_over and st.active == 1
    st.apply(1, A.Change("spring_whisperer"))  # the last turn: Autumn is discarded, Spring becomes the clan
    assert st.is_over and st.phase == OVER and st.actors == ()
    obs = st.observe(None)
    assert obs["public"]["clan_cards"] == ["summer_duelist", "spring_whisperer"]  # R44
    assert obs["public"]["players_info"][1]["clan_card"] == "spring_whisperer"
    assert st.result.winners == {0}  # Summer 2nd beats Spring 3rd; Autumn on top belongs to nobody
    assert st.legal_actions(0) == [] and obs["result"]["winners"] == [0]
    assert obs["result"]["kind"] == "sole_control"


def test_R51_full_games_always_end_with_a_readable_result():
    # R51
    for seed in range(30):
        st = random_playout(table(4, seed=seed), seed)
        assert st.result.reason and len(st.result.winners) <= 1
        assert all(st.face_up)
        assert st.result.kind in RESULT_KINDS and (st.result.kind.startswith("no_winner") == (not st.result.winners))


def test_result_kinds_are_declared_in_the_registration():
    assert hexbox.game_info("prowl").result_kinds == RESULT_KINDS
