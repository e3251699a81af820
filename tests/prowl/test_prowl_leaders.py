"""Leader claims and curses at the end of the game, condition by condition (R48, R49, R50, R51; 'The four leaders').

Each leader's claim is tested where its condition just holds and where it just fails, at seat 0 and at the last
seat (seat indexes are where off-by-one slips hide), with and without the other attachments in play.
"""

import pytest
from prowl_helpers import clan

from hexbox.core.people import named
from hexbox.games.prowl.cards import CURSED_EFFIGY, EXILED_PRINCE, GRAND_CHANCELLOR, HIGH_MAGE, LEADERS, WARLORD
from hexbox.games.prowl.scoring import decide, ladder, leader_claims


def clans(*ids):
    return [clan(k) for k in ids]


track = clans


def attached(**cards):
    """att_by, att_a, att_b with the given cards in front of players: name=seat or name=(seat, a, b)."""
    att_by, att_a, att_b = [-1] * 32, [-1] * 32, [-1] * 32
    index = {"prince": EXILED_PRINCE, "warlord": WARLORD, "chancellor": GRAND_CHANCELLOR, "mage": HIGH_MAGE,
             "effigy": CURSED_EFFIGY}
    for name, where in cards.items():
        seat, a, b = where if isinstance(where, tuple) else (where, -1, -1)
        att_by[index[name]], att_a[index[name]], att_b[index[name]] = seat, a, b
    return att_by, att_a, att_b


def claims(tr, cl, dominance, lost=(), **cards):
    att_by, att_a, _ = attached(**cards)
    return leader_claims(tr, cl, dominance, att_by, att_a, set(lost))


def outcome(tr, cl, dominance, **cards):
    return decide(tr, cl, dominance, *attached(**cards))


# ---- each leader's condition (R49, 'The four leaders') ----------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 3])
def test_R49_exiled_prince_claims_with_summer_and_winter_last(seat):
    cl = clans("spring", "spring", "spring", "spring")
    cl[seat] = clan("summer")
    assert claims(track("spring", "autumn", "summer", "winter"), cl, 1, prince=seat) == {seat: clan("summer")}


def test_R49_exiled_prince_has_no_claim_unless_winter_is_last():
    for tr in (track("spring", "autumn", "winter", "summer"), track("winter", "spring", "autumn", "summer"),
               track("spring", "winter", "autumn", "summer")):
        assert claims(tr, clans("summer", "spring", "autumn"), 1, prince=0) == {}


def test_R49_exiled_prince_has_no_claim_unless_its_player_backs_summer():
    tr = track("spring", "autumn", "summer", "winter")
    for own in ("spring", "autumn", "winter"):
        assert claims(tr, clans(own, "summer", "summer"), 1, prince=0) == {}


@pytest.mark.parametrize("seat", [0, 2])
def test_R49_warlord_claims_with_autumn_first_or_second_and_dominance(seat):
    cl = clans("spring", "spring", "spring")
    cl[seat] = clan("autumn")
    for tr in (track("autumn", "spring", "summer", "winter"), track("spring", "autumn", "summer", "winter")):
        assert claims(tr, cl, seat, warlord=seat) == {seat: clan("autumn")}


def test_R49_warlord_has_no_claim_with_autumn_third_or_fourth():
    for tr in (track("spring", "summer", "autumn", "winter"), track("spring", "summer", "winter", "autumn")):
        assert claims(tr, clans("autumn", "spring", "summer"), 0, warlord=0) == {}


def test_R49_warlord_has_no_claim_without_dominance_or_without_autumn():
    tr = track("autumn", "spring", "summer", "winter")
    assert claims(tr, clans("autumn", "spring", "summer"), 1, warlord=0) == {}
    assert claims(tr, clans("spring", "autumn", "summer"), 0, warlord=0) == {}


@pytest.mark.parametrize("seat", [0, 4])
def test_R49_grand_chancellor_claims_with_winter_exactly_second(seat):
    cl = clans("spring", "spring", "spring", "spring", "spring")
    cl[seat] = clan("winter")
    assert claims(track("summer", "winter", "spring", "autumn"), cl, 1, chancellor=seat) == {seat: clan("winter")}


def test_R49_grand_chancellor_has_no_claim_with_winter_elsewhere_or_another_clan():
    for tr in (track("winter", "summer", "spring", "autumn"), track("summer", "spring", "winter", "autumn"),
               track("summer", "spring", "autumn", "winter")):
        assert claims(tr, clans("winter", "spring", "summer"), 1, chancellor=0) == {}
    assert claims(track("summer", "winter", "spring", "autumn"), clans("spring", "winter"), 1, chancellor=0) == {}


@pytest.mark.parametrize("seat", [0, 2])
def test_R49_high_mage_claims_the_named_clan_on_top_whatever_its_players_clan(seat):
    tr = track("autumn", "spring", "summer", "winter")
    cl = clans("winter", "winter", "winter")
    assert claims(tr, cl, 1, mage=(seat, clan("autumn"), -1)) == {seat: clan("autumn")}
    assert claims(tr, cl, 1, mage=(seat, clan("spring"), -1)) == {}  # the named clan is only second


def test_R49_no_leader_in_play_means_no_claim():
    # the conditions hold for the last seat in every way, but no leader is in front of anyone
    tr = track("autumn", "winter", "spring", "summer")
    assert claims(tr, clans("spring", "summer", "autumn", "winter"), 3) == {}
    tr = track("spring", "autumn", "summer", "winter")
    assert claims(tr, clans("spring", "autumn", "winter", "summer"), 3) == {}
    result = outcome(tr, clans("spring", "autumn", "winter", "summer"), 3)
    assert result.winners == {0} and result.kind == "sole_control"


def test_R49_every_leader_can_claim_at_once_and_each_names_its_clan():
    tr = track("autumn", "winter", "summer", "spring")
    got = claims(tr, clans("autumn", "winter", "summer", "spring"), 0, warlord=0, chancellor=1,
                 mage=(3, clan("autumn"), -1))
    assert got == {0: clan("autumn"), 1: clan("winter"), 3: clan("autumn")}


# ---- a player who has lost cannot claim (R48 with R49) ------------------------------------------------------------

@pytest.mark.parametrize("leader, tr, cl", [
    ("prince", ("spring", "autumn", "summer", "winter"), ("summer", "spring", "autumn")),
    ("warlord", ("autumn", "spring", "summer", "winter"), ("autumn", "spring", "summer")),
    ("chancellor", ("summer", "winter", "spring", "autumn"), ("winter", "spring", "summer")),
    ("mage", ("autumn", "spring", "summer", "winter"), ("winter", "spring", "summer")),
])
def test_R48_R49_a_cursed_player_holding_a_leader_cannot_claim(leader, tr, cl):
    where = (0, clan("autumn"), -1) if leader == "mage" else 0
    assert claims(track(*tr), clans(*cl), 0, **{leader: where}) != {}
    assert claims(track(*tr), clans(*cl), 0, lost={0}, **{leader: where}) == {}
    # through decide: seat 1 cursed seat 0 with seat 0's own clan; the claim is gone and seat 0 cannot win
    result = outcome(track(*tr), clans(*cl), 0, effigy=(1, 0, clan(cl[0])), **{leader: where})
    assert 0 not in result.winners and result.kind != "leader_claim"
    assert "lost by a card effect or tie: seat 0" in result.reason


def test_R48_the_cursed_effigy_played_by_seat_0_curses_its_target():
    tr = track("spring", "summer", "autumn", "winter")
    result = outcome(tr, clans("summer", "spring", "autumn"), 0, effigy=(0, 1, clan("spring")))
    assert result.winners == {0}  # seat 1 alone on Spring has lost; seat 0 alone on Summer wins
    assert result.reason.endswith("; lost by a card effect or tie: seat 1")
    # one seat in the engine's form ("seat 1", not "seats 1"), so the end screen names its person
    assert named(result.reason, {0: "Mia", 1: "Bot 2"}).endswith("lost by a card effect or tie: Bot 2")


def test_R48_seat_0_can_be_the_cursed_one():
    tr = track("spring", "summer", "autumn", "winter")
    result = outcome(tr, clans("spring", "summer", "autumn"), 1, effigy=(2, 0, clan("spring")))
    assert result.winners == {1}
    assert result.reason == ("Spring: seat 0 has lost; Summer: seat 1 alone controls it; "
                             "lost by a card effect or tie: seat 0")


def test_R48_a_curse_naming_another_clan_does_nothing():
    tr = track("spring", "summer", "autumn", "winter")
    result = outcome(tr, clans("spring", "summer", "autumn"), 1, effigy=(2, 0, clan("summer")))
    assert result.winners == {0} and result.reason == "Spring: seat 0 alone controls it"


# ---- several claims (R49), the contract (R50) ----------------------------------------------------------------------

def test_R49_X14_two_claims_and_the_dominance_holder_is_not_a_claimant():
    # Prince (seat 0) and High Mage (seat 1, naming Spring) both claim; seat 2 holds Dominance: both lose
    tr = track("spring", "autumn", "summer", "winter")
    att = dict(prince=0, mage=(1, clan("spring"), -1))
    assert claims(tr, clans("summer", "spring", "autumn"), 2, **att) == {0: clan("summer"), 1: clan("spring")}
    result = outcome(tr, clans("summer", "spring", "autumn"), 2, **att)
    assert result.winners == {2} and result.kind == "sole_control"
    assert result.reason == ("leader claims by seats 0, 1 tied without Dominance; Spring: seat 1 has lost; "
                             "Autumn: seat 2 alone controls it; lost by a card effect or tie: seats 0, 1")


def test_R49_with_two_claims_the_claimant_holding_dominance_wins_with_its_clan():
    tr = track("autumn", "winter", "spring", "summer")
    result = outcome(tr, clans("winter", "autumn", "spring"), 1, warlord=1, chancellor=0)
    assert result.winners == {1} and result.kind == "leader_claims_dominance"
    assert result.reason == "leader claims by seats 0, 1; seat 1 holds Dominance"


def test_R49_one_claim_names_the_leader_and_the_seat():
    tr = track("spring", "autumn", "summer", "winter")
    result = outcome(tr, clans("spring", "summer"), 0, prince=1)
    assert result.winners == {1} and result.reason == "leader claim: Exiled Prince (seat 1)"
    assert result.scores == {0: 0, 1: 1}


def test_R50_a_claim_by_the_high_mage_player_through_another_leader_breaks_the_contract():
    # seat 0 played the High Mage naming Spring and holds the Warlord: the Warlord claim wins it Autumn
    tr = track("autumn", "spring", "summer", "winter")
    result = outcome(tr, clans("autumn", "spring", "summer"), 0, warlord=0, mage=(0, clan("spring"), -1))
    assert result.winners == frozenset() and result.kind == "no_winner_contract"
    assert result.scores == {0: 0, 1: 0, 2: 0}


def test_R50_the_high_mage_contract_binds_only_its_player():
    tr = track("spring", "autumn", "summer", "winter")
    result = outcome(tr, clans("spring", "summer", "autumn"), 0, mage=(1, clan("winter"), -1))
    assert result.winners == {0} and result.kind == "sole_control"


def test_R49_two_claimants_both_from_the_high_mage_player_count_once():
    # one player with the High Mage and a second leader: its claim is the named clan (R50: 'a claimant's winning
    # clan is the clan named on their High Mage if that claim holds')
    tr = track("autumn", "spring", "summer", "winter")
    got = claims(tr, clans("autumn", "spring"), 0, warlord=0, mage=(0, clan("autumn"), -1))
    assert got == {0: clan("autumn")}
    result = outcome(tr, clans("autumn", "spring"), 0, warlord=0, mage=(0, clan("autumn"), -1))
    assert result.winners == {0} and result.reason == "leader claim: High Mage and Warlord (seat 0)"


# ---- the ladder down the track (R45-R48) ---------------------------------------------------------------------------

def test_R48_a_tie_whose_dominance_holder_has_lost_gives_no_winner_on_that_clan():
    tr = track("spring", "summer", "autumn", "winter")
    assert ladder(tr, clans("spring", "spring", "summer"), 0, {0}) == (
        2, clan("summer"), "Spring tied without Dominance (seats 0, 1); Summer: seat 2 alone controls it",
        "sole_control")


def test_R47_no_clan_backed_by_one_seat_means_no_winner():
    tr = track("spring", "summer", "autumn", "winter")
    assert ladder(tr, clans("spring", "spring", "summer", "summer"), -1, set()) == (
        -1, -1, "Spring tied without Dominance (seats 0, 1); Summer tied without Dominance (seats 2, 3)",
        "no_winner_ties")
    result = decide(tr, clans("spring", "spring", "summer", "summer"), 0, *attached())
    assert result.winners == {0}
    result = decide(tr, clans("spring", "spring", "summer", "summer"), 2, *attached())
    assert result.winners == {2} and result.kind == "dominance_tiebreak"
    assert result.reason == ("Spring tied without Dominance (seats 0, 1); "
                             "Summer tied (seats 2, 3), seat 2 holds Dominance")


def test_leaders_are_the_four_red_bordered_cards():
    assert sorted(LEADERS) == sorted((HIGH_MAGE, EXILED_PRINCE, WARLORD, GRAND_CHANCELLOR))


def test_R47_R51_no_winner_says_which_clans_were_tied_or_lost():
    tr = track("spring", "summer", "autumn", "winter")
    result = outcome(tr, clans("spring", "spring", "summer", "summer"), 0, effigy=(2, 0, clan("spring")))
    assert result.winners == frozenset() and result.kind == "no_winner_ties"
    assert result.reason == ("no winner: every controlled clan was tied or lost (Spring tied without Dominance "
                             "(seats 0, 1); Summer tied without Dominance (seats 2, 3)); lost by a card effect or "
                             "tie: seat 0")


def test_X14_R48_tied_claimants_lose_along_with_a_cursed_player():
    # seat 3 is cursed; the Prince (seat 0) and the High Mage (seat 1) claim without Dominance (seat 2 holds it):
    # seats 0, 1 and 3 have all lost, and seat 2 wins down the track
    tr = track("spring", "autumn", "summer", "winter")
    result = outcome(tr, clans("summer", "spring", "winter", "autumn"), 2, prince=0, mage=(1, clan("spring"), -1),
                     effigy=(2, 3, clan("autumn")))
    assert result.winners == {2}
    assert result.reason.endswith("; lost by a card effect or tie: seats 0, 1, 3")
