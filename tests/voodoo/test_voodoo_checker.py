"""Which act breaks which curse, at the edges of each kind of rule (R52-R55, R59-R61, D25-D27).

Every finding is made twice (``judged``): by the engine, and by the public checker on the observation that bots
and players use (R71); the two must agree. Then the act is made and the engine's record is checked too.
"""

from voodoo_helpers import (
    act,
    black_candle_window,
    cast,
    clear_hands,
    curse_on,
    doll,
    emote,
    give,
    judged,
    new,
    pass_turn,
    permanent_on,
    roll,
    to_phase2,
)

from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX


def broken_by(s):
    return [(v["curse"], v["victim"]) for v in s.violations]


def doll_window(bag="SK BA PU PU PU", *cards):
    """4 players; seat 0 has just completed its bag, seat 2 holds Smellin' Doll and ``cards``: V2 is open."""
    s = new()
    clear_hands(s)
    give(s, 2, "A01", *cards)
    roll(s, bag)
    act(s, 0, A.KEEP)
    assert s.actors == (2,)
    return s


# ---- Smellin' Doll: the user's own cast (D27, R36, R37) -----------------------------------------------------

def test_D27_smellin_doll_cast_is_a_cast_for_the_users_ritual_curses():
    s = doll_window("PU CR PU PU PU", "E02", "C05")
    curse_on(s, "E11", 1, 2)  # Tomb Mouse: seat 2 squeaks before casting
    use = doll(s, 2, "C05", 1)
    assert judged(s, 2, use) == ["E11"]
    emote(s, 2, "squeak")
    assert judged(s, 2, use) == []
    act(s, 2, use)
    assert broken_by(s) == []


def test_D27_smellin_doll_cast_without_the_ritual_is_recorded_against_its_user():
    s = doll_window("PU CR PU PU PU", "C05")
    curse_on(s, "E11", 1, 2)
    curse_on(s, "C04", 3, 0)  # the bag's owner is bound by a ritual too, but it is seat 2 who casts
    act(s, 2, doll(s, 2, "C05", 1))
    assert broken_by(s) == [("E11", 2)]


def test_D27_smellin_doll_cast_obeys_the_users_target_rules():
    # Stone Circle on seat 2: only the first eligible player on its left, seat 3; the bag's owner is not it
    s = doll_window("PU CR PU PU PU", "C05")
    curse_on(s, "C09", 1, 2)
    assert judged(s, 2, doll(s, 2, "C05", 3)) == []
    assert judged(s, 2, doll(s, 2, "C05", 0)) == ["C09"]
    act(s, 2, doll(s, 2, "C05", 0))
    assert broken_by(s) == [("C09", 2)]


def test_D27_smellin_doll_cast_obeys_the_users_payment_rules():
    # Bokor's Bargain on seat 2: never spend a Skull, even from another player's bag
    s = doll_window("SK BA PU PU PU", "E02")
    curse_on(s, "H10", 1, 2)
    use = doll(s, 2, "E02", 1)
    assert judged(s, 2, use) == ["H10"]
    curse_on(s, "H10", 1, 0)  # the bag's owner does not spend anything
    assert judged(s, 0, A.PASS_DOLL) == []


def test_D27_pairs_for_draws_does_not_bind_a_smellin_doll_cast():
    s = doll_window("PU CR PU PU PU", "C05")
    curse_on(s, "E10", 1, 2)  # Weight of the Pyramid: draws paid with pairs; a cast is no draw
    assert judged(s, 2, doll(s, 2, "C05", 1)) == []


def test_D27_smellin_doll_cast_does_not_count_for_the_users_turn_limits():
    s = doll_window("PU CR PU PU PU", "C05")
    curse_on(s, "C12", 1, 2)  # Piper's Toll on seat 2: its own turn only
    permanent_on(s, "P09", 2)  # Greedy Hands: one cast per turn, own turn only
    s.counts = [3, 3, 3, 3, 3]
    assert judged(s, 2, doll(s, 2, "C05", 1)) == []


# ---- payment (R52) -------------------------------------------------------------------------------------------

def test_R52_payment_curses_bind_artefact_draws():
    s = new()
    clear_hands(s)
    curse_on(s, "H10", 1, 0)  # never spend a Skull
    curse_on(s, "E10", 2, 0)  # draws paid with two identical dice
    to_phase2(s, "SK PU PU ST ST")
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "PU PU"}) == []
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "ST ST"}) == []
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "PU ST"}) == ["E10"]
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "PU SK"}) == ["E10", "H10"]
    act(s, 0, {"kind": "draw_artefact", "pay": "PU SK"})
    assert sorted(broken_by(s)) == [("E10", 0), ("H10", 0)]


def test_R52_a_forbidden_face_breaks_a_cast_that_spends_it_and_only_then():
    s = new()
    clear_hands(s)
    give(s, 0, "C09")  # Stone Circle costs SK ST and one die of any face
    curse_on(s, "C10", 1, 0)  # Mistletoe Knot: never spend a Star
    curse_on(s, "E10", 2, 0)  # pairs for draws: a cast is no draw
    to_phase2(s, "SK ST PU PU PU")
    assert judged(s, 0, cast(s, 0, "C09", 1)) == ["C10"]
    curse_on(s, "C10", 1, 3)  # moved to another victim: seat 0 may spend its Star
    assert judged(s, 0, cast(s, 0, "C09", 1)) == []


def test_R52_sour_pumpkin_is_a_payment_rule_with_its_consequence():
    # cites R52, R59: P07 never spend a Pumpkin; discard a curse (never the one being cast)
    s = new()
    clear_hands(s)
    give(s, 0, "C05", "C04")
    permanent_on(s, "P07", 0)
    to_phase2(s, "PU CR BA BA GH")
    assert judged(s, 0, cast(s, 0, "C04", 1)) == []
    assert judged(s, 0, cast(s, 0, "C05", 1)) == ["P07"]
    act(s, 0, cast(s, 0, "C05", 1))
    assert s.hand[0] == [] and CURSE_INDEX["C04"] in s.cdeck  # C04 was discarded, C05 cast
    assert CURSE_INDEX["C05"] in s.inplay


# ---- target (R55, D25) -------------------------------------------------------------------------------------------

def test_R55_stone_circle_obeyed_by_cursing_the_first_eligible_player_on_the_left():
    s = new(players=5)
    clear_hands(s)
    give(s, 0, "C05")
    curse_on(s, "C09", 3, 0)
    to_phase2(s, "PU CR PU PU PU")
    assert judged(s, 0, cast(s, 0, "C05", 1)) == []
    assert [judged(s, 0, cast(s, 0, "C05", t)) for t in (2, 3, 4)] == [["C09"]] * 3
    act(s, 0, cast(s, 0, "C05", 1))
    assert broken_by(s) == []


def test_R55_stone_circle_skips_the_target_card_holder_and_spirit_ward():
    s = new(players=5)
    clear_hands(s)
    give(s, 0, "C05")
    curse_on(s, "C09", 3, 0)
    to_phase2(s, "PU CR PU PU PU")
    s.holder = 1
    s.ward = 1 << 2
    assert judged(s, 0, cast(s, 0, "C05", 3)) == []
    assert judged(s, 0, cast(s, 0, "C05", 4)) == ["C09"]


def test_R55_casts_by_the_last_seat_at_seat_0_are_single_target_casts():
    # seat 0 is the first player on the left of the last seat; a cast at seat 0 is checked like any other
    s = new(players=4, first_seat=3)
    clear_hands(s)
    give(s, 3, "C05")
    curse_on(s, "C09", 1, 3)  # Stone Circle on seat 3: only seat 0
    curse_on(s, "H06", 2, 3)  # Crossroads on seat 3: only the leader
    s.scores = [0, 4, 1, 0]
    to_phase2(s, "PU CR PU PU PU")
    assert judged(s, 3, cast(s, 3, "C05", 0)) == ["H06"]
    assert judged(s, 3, cast(s, 3, "C05", 1)) == ["C09"]
    s.scores = [4, 4, 1, 0]  # a tie for the lead: either leader obeys Crossroads
    assert judged(s, 3, cast(s, 3, "C05", 0)) == []
    assert judged(s, 3, cast(s, 3, "C05", 1)) == ["C09"]


def test_R55_crossroads_is_broken_by_cursing_anyone_but_a_leader():
    s = new(players=5)
    clear_hands(s)
    give(s, 0, "C05")
    curse_on(s, "H06", 3, 0)
    s.scores = [9, 2, 5, 1, 5]  # seat 0's own score does not count: the leaders are seats 2 and 4
    to_phase2(s, "PU CR PU PU PU")
    assert [judged(s, 0, cast(s, 0, "C05", t)) for t in (1, 2, 3, 4)] == [["H06"], [], ["H06"], []]
    s.holder = 2  # the Target card holder is not eligible: the leader among the others is seat 4
    assert judged(s, 0, cast(s, 0, "C05", 4)) == []
    act(s, 0, cast(s, 0, "C05", 3))
    assert broken_by(s) == [("H06", 0)]


def test_R55_sphinx_riddle_forbids_the_caster_of_that_curse_only():
    s = new()
    clear_hands(s)
    give(s, 0, "C05")
    curse_on(s, "E08", 2, 0)
    to_phase2(s, "PU CR PU PU PU")
    assert [judged(s, 0, cast(s, 0, "C05", t)) for t in (1, 2, 3)] == [[], ["E08"], []]


def test_R55_fools_mercy_is_broken_by_cursing_the_same_player_twice_in_a_row():
    # cites R55, R59: P06 never curse the same player twice in a row; lose 1 point
    s = new()
    clear_hands(s)
    give(s, 0, "C05", "C04", "E02")
    permanent_on(s, "P06", 0)
    s.scores = [3, 0, 0, 0]
    to_phase2(s, "PU CR BA BA PU")
    assert judged(s, 0, cast(s, 0, "C05", 1)) == []  # no previous single-target cast
    act(s, 0, cast(s, 0, "C05", 1))
    assert s.last_target[0] == 1
    s.holder = -1  # seat 1 took the Target card; give it back so that seat 1 may be cursed again
    assert judged(s, 0, cast(s, 0, "C04", 1)) == ["P06"]
    assert judged(s, 0, cast(s, 0, "C04", 2)) == []
    before = s.scores[0]
    act(s, 0, cast(s, 0, "C04", 1))
    assert broken_by(s) == [("P06", 0)]
    assert s.scores[0] == before + 1 - 1  # Banshee Wail scores 1 (R18); Fool's Mercy takes 1 (R59)


def test_R55_fools_mercy_remembers_the_previous_turn_and_ignores_all_adversary_casts():
    s = new()
    clear_hands(s)
    give(s, 0, "C05", "E01")
    permanent_on(s, "P06", 0)
    to_phase2(s, "PU CR PU PU PU")
    act(s, 0, cast(s, 0, "C05", 2))
    pass_turn(s)
    s.holder = -1
    for seat in (1, 2, 3):
        assert s.active == seat
        to_phase2(s, "PU PU PU PU PU")
        pass_turn(s)
    give(s, 0, "C04")
    to_phase2(s, "BA BA SK GH CR")
    assert judged(s, 0, cast(s, 0, "C04", 2)) == ["P06"]  # still the previous single-target cast
    assert judged(s, 0, cast(s, 0, "E01", -1)) == []  # every adversary: exempt (R55)


# ---- limits: what counts (R55, D26) ----------------------------------------------------------------------------

def test_R55_pipers_toll_counts_only_main_line_actions_after_keep():
    # cites R55: Piper's Toll, at most two actions once the bag is complete; re-rolls, phase-1 artefacts, emotes,
    # sayings and passing the doll do not count
    s = new()
    clear_hands(s)
    give(s, 0, "A02", "A12", "A13")
    curse_on(s, "C12", 1, 0)
    roll(s, " ".join(["PU"] * 12))  # the script goes on for the re-rolls
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU PU PU PU"})
    act(s, 0, {"kind": "use_artefact", "artefact": "A02", "dice": "PU"})  # Rabbit's Foot, before keep
    act(s, 0, A.KEEP)
    while s.phase == 1:
        act(s, s.actors[0], A.DONE)
    assert s.counts[4] == 0
    emote(s, 0, "howl")
    act(s, 0, {"kind": "say", "phrase": "mwahaha", "voice": "croak"})
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    act(s, 0, {"kind": "use_artefact", "artefact": "A12"})
    assert s.counts[4] == 2 and broken_by(s) == []
    assert judged(s, 0, A.PASS_DOLL) == []
    assert judged(s, 0, {"kind": "use_artefact", "artefact": "A13"}) == ["C12"]
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "PU PU"}) == ["C12"]


def test_R55_pipers_toll_binds_only_its_victims_own_turn():
    s = new()
    clear_hands(s)
    give(s, 1, "A06")
    curse_on(s, "C12", 2, 1)
    to_phase2(s, "PU PU PU PU PU")
    s.counts = [0, 0, 0, 0, 5]  # seat 0's turn has had many actions after keep
    assert judged(s, 1, A.DONE) == []


def test_R55_a_maximum_is_broken_by_the_act_that_passes_it_not_before():
    s = new()
    curse_on(s, "C01", 1, 0)  # Fay the Good: no re-roll at all
    roll(s, "PU PU PU PU PU")
    assert judged(s, 0, A.KEEP) == []
    assert judged(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"}) == ["C01"]
    permanent_on(s, "P05", 0)  # Clumsy Claws: at most two
    curse_on(s, "C01", 1, 3)
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert judged(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"}) == ["P05"]


def test_D26_restless_drum_is_checked_at_keep_only():
    s = new()
    curse_on(s, "H11", 1, 0)  # at least one re-roll per turn
    roll(s, "PU PU PU PU PU")
    assert judged(s, 0, A.KEEP) == ["H11"]
    assert judged(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"}) == []
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert judged(s, 0, A.KEEP) == []


def test_R55_limits_on_draws_count_each_kind_apart():
    s = new()
    curse_on(s, "H02", 1, 0)  # Nuncepoi vedé: no artefact draw
    curse_on(s, "H12", 2, 0)  # Empty Pockets: no curse draw
    to_phase2(s, "PU PU PU PU PU")
    assert judged(s, 0, {"kind": "draw_artefact", "pay": "PU PU"}) == ["H02"]
    assert judged(s, 0, {"kind": "draw_curse", "pay": "PU PU"}) == ["H12"]
    assert judged(s, 0, A.PASS_DOLL) == []


# ---- Black Candle's choice is a main-line act of its user's own turn (R50, R53) -------------------------------

def test_R53_black_candle_choice_is_a_main_line_act_for_any_rituals():
    s = black_candle_window()
    curse_on(s, "C02", 1, 0)  # Dormy Bambyn: seat 0 snores before every act of its own turn
    choice = s.legal_actions(0)[0]
    assert s.phase_name == "candle" and choice.kind == "keep_card"
    assert judged(s, 0, choice) == ["C02"]
    emote(s, 0, "snore")
    assert judged(s, 0, choice) == []
    curse_on(s, "C12", 1, 0)  # Piper's Toll: the choice is part of using the Candle, it is no second action
    s.counts = [0, 0, 0, 0, 2]
    assert judged(s, 0, choice) == []


# ---- the curse response window (V4): the victim's answer is a window move, checked like any other (R50, R54) -----

def test_R50_R54_a_victims_answer_in_the_response_window_owes_its_echo_duty():
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    give(s, 1, "A07", "A06")
    curse_on(s, "E06", 2, 1)  # Pharaoh's Envy on seat 1: moan whenever another player casts
    permanent_on(s, "P04", 1)  # Sore Loser on seat 1: grumble whenever another player scores
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    assert s.phase_name == "curse_response" and s.actors == (1,)
    mirror = next(a for a in s.legal_actions(1) if a.kind == "use_artefact" and a.artefact == "A07")
    # seat 0 cast (a duty now); it scores only once the curse lands, after this window (no duty yet for P04)
    assert judged(s, 1, mirror) == judged(s, 1, A.DONE) == ["E06"]
    emote(s, 1, "moan")
    assert judged(s, 1, mirror) == []
    croak = next(a for a in s.legal_actions(1) if a.kind == "say" and a.voice == "croak")
    curse_on(s, "C03", 2, 1)  # Elium Orator: speak only in falsetto, in any window too
    assert judged(s, 1, croak) == ["C03"]


# ---- echo duties at the edges (R54) ------------------------------------------------------------------------------

def test_R54_loa_rider_owes_an_obey_for_each_saying_of_its_caster_only():
    s = new()
    clear_hands(s)
    curse_on(s, "H05", 2, 0)  # Loa Rider: seat 0 obeys whenever seat 2 (its caster) speaks
    give(s, 2, "A12")
    give(s, 3, "A13")
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    assert s.actors == (2, 3)  # the bag window: seats 2 and 3 may speak there
    act(s, 3, {"kind": "say", "phrase": "mwahaha", "voice": "normal"})
    act(s, 3, A.DONE)
    assert judged(s, 0, A.PASS_DOLL) == []  # another seat spoke: nothing owed
    act(s, 2, {"kind": "say", "phrase": "mwahaha", "voice": "normal"})
    act(s, 2, A.DONE)
    assert judged(s, 0, A.PASS_DOLL) == ["H05"]
    emote(s, 0, "obey")
    assert judged(s, 0, A.PASS_DOLL) == []


def test_R54_the_cast_that_binds_an_echo_curse_is_not_an_event_it_echoes():
    # Pharaoh's Envy: moan whenever another player casts. Being cursed with it is no cast to moan about; the next
    # cast is
    s = new()
    clear_hands(s)
    give(s, 0, "E06", "C04")
    to_phase2(s, "SK CR BA BA PU")
    act(s, 0, cast(s, 0, "E06", 1))
    while s.phase_name == "curse_response":
        act(s, s.actors[0], A.DONE)
    assert s.duties == 0
    act(s, 0, cast(s, 0, "C04", 2))
    while s.phase_name == "curse_response":
        act(s, s.actors[0], A.DONE)
    assert judged(s, 1, A.ROLL) == ["E06"]  # seat 1's next act, on its turn


def test_D27_smellin_doll_cast_is_a_score_for_the_users_scoring_rituals():
    # Ahia Eldit (every adversary of its caster): cry out before moving one's marker; the Doll's cast scores
    s = doll_window("PU CR PU PU PU", "C05")
    curse_on(s, "E01", 1, -1)
    use = doll(s, 2, "C05", 3)
    assert judged(s, 2, use) == ["E01"]
    emote(s, 2, "ouch")
    assert judged(s, 2, use) == []
