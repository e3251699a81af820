"""Public tallies for reports: the score after every turn, curses cast, claims that scored and false claims.

Points are gained by casting (R18), by true claims (R30, R57) and automatic awards (R58), and lost by false
claims (R57); a turn ends when the doll passes (R24) and its claim window closes (R57); the game ends at the
target (R38) or the turn cap (R46). The tallies are public facts (R69): every seat sees the same numbers.
"""

import random

import pytest
from voodoo_helpers import ScriptedRng, act, clear_hands, curse_on, emote, give, new, pass_turn, public, roll, to_phase2

import hexbox
from hexbox.games.voodoo import actions as A


def use(s, seat, artefact, **fields):
    return act(s, seat, {"kind": "use_artefact", "artefact": artefact, **fields})


def tallies(s, seat=None):
    obs = public(s, seat)
    return obs["score_history"], obs["curses_cast"], obs["curse_claims"], obs["false_claims"]


def test_R6_R24_score_history_grows_by_one_entry_per_turn():
    # cites R6, R18, R24
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    assert tallies(s) == ([[0, 0, 0, 0]], 0, 0, 0)  # R6: the start
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})  # R18: +1
    assert public(s)["score_history"] == [[0, 0, 0, 0]]  # the turn is not over yet
    pass_turn(s)  # R24; seat 0 owns a curse, so its claim window opened and closed
    history = public(s)["score_history"]
    assert history == [[0, 0, 0, 0], [1, 0, 0, 0]] and history[-1] == s.scores
    to_phase2(s, "PU PU PU PU PU")
    pass_turn(s)
    history = public(s)["score_history"]
    assert len(history) == s.turn + 1 == 3 and history[-1] == s.scores


def test_R24_history_is_shared_by_clones_but_never_changed_through_them():
    # cites R24
    s = new()
    c = s.clone()
    assert c.score_history is s.score_history  # cheap for search: no copy
    c.scores[2] = 5
    to_phase2(c, "PU PU PU PU PU")
    pass_turn(c)
    assert len(c.score_history) == 2 and c.score_history[-1] == (0, 0, 5, 0)
    assert s.score_history == ((0, 0, 0, 0),)


def test_R18_a_cast_that_lands_counts_once():
    # cites R18, R41
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "E01")
    to_phase2(s, "BA BA SK GH CR")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    assert s.curses_cast == 1
    s.bag = [0, 1, 0, 1, 1, 1]
    act(s, 0, {"kind": "cast", "curse": "E01", "target": -1, "pay": "SK CR BA GH"})  # R41: all adversaries
    assert public(s, 2)["curses_cast"] == 2 and s.curse_claims == s.false_claims == 0


def test_R36_R37_smellin_doll_casts_count():
    # cites R36, R37
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    roll(s, "BA BA PU PU PU")
    act(s, 0, A.KEEP)
    use(s, 2, "A01", curse="C04", target=1, dice="BA BA")
    assert s.curses_cast == 1 and s.scores[2] == 1


def test_R64_mirror_gourd_lands_the_cast_once_bone_amulet_cancels_it():
    # cites R64
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "C05")
    give(s, 1, "A07")
    give(s, 2, "A06")
    to_phase2(s, "BA BA PU CR ST")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    use(s, 1, "A07")  # reflected: in play on seat 0, cast by seat 1
    assert s.curses_cast == 1
    act(s, 0, {"kind": "cast", "curse": "C05", "target": 2, "pay": "PU CR"})
    use(s, 2, "A06")  # Bone Amulet: back to hand, nothing in play
    assert s.curses_cast == 1


def test_R30_R57_a_true_claim_counts_and_its_points_close_the_turn():
    # cites R30, R57
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # seat 0 forgot to cluck
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.curse_claims == 1 and s.false_claims == 0
    assert public(s)["score_history"] == [[0, 0, 0, 0]]  # the claim window is still open
    act(s, 1, A.DONE)
    assert public(s)["score_history"] == [[0, 0, 0, 0], [0, 2, 0, 0]]  # the claim belongs to the turn


def test_R57_a_false_claim_counts_and_its_loss_shows_in_the_history():
    # cites R57
    s = new()
    curse_on(s, "C05", 1, 0)
    s.scores[1] = 3  # by hand, after the start entry
    emote(s, 0, "cluck")
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    act(s, 1, A.DONE)
    for seat in (None, 0, 1, 2, 3):  # R69: public
        assert tallies(s, seat) == ([[0, 0, 0, 0], [0, 2, 0, 0]], 0, 0, 1)


def test_R58_an_automatic_award_is_a_claim():
    # cites R58
    s = new(claim_mode="automatic")
    curse_on(s, "C05", 1, 0)
    s.rng = ScriptedRng("PU PU PU PU PU")
    act(s, 0, A.ROLL)  # no cluck: seat 1 scores at once
    assert s.curse_claims == 1 and s.false_claims == 0 and s.scores[1] == 2


def test_R38_the_winning_turn_closes_the_history():
    # cites R38
    s = new()
    clear_hands(s)
    give(s, 0, "C12")
    s.scores[0] = 8
    s.struck[0] = 0b111
    to_phase2(s, "SK SK BA BA PU")
    act(s, 0, {"kind": "cast", "curse": "C12", "target": 1, "pay": "SK SK BA BA"})
    assert s.is_over and s.turn == 0
    assert public(s)["score_history"][-1] == [11, 0, 0, 0] == s.scores
    assert len(s.score_history) == 2  # the start and the turn that reached the target


def test_R38_a_win_by_a_claim_closes_the_turn_the_doll_left():
    # cites R38, R57
    s = new()
    curse_on(s, "C05", 1, 0)
    s.scores[1] = 10
    s.struck[1] = 0b111
    to_phase2(s, "PU PU PU PU PU")  # forgot to cluck
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.is_over and s.turn == 1
    assert public(s)["score_history"] == [[0, 0, 0, 0], [0, 12, 0, 0]]


def test_R46_the_turn_cap_closes_the_history():
    # cites R46
    s = new(max_turns=30)
    while not s.is_over:
        to_phase2(s, "PU PU PU PU PU")
        pass_turn(s)
    history = public(s)["score_history"]
    assert len(history) == 31 and history[-1] == s.scores == [0, 0, 0, 0]


@pytest.mark.parametrize("players, mode, seed", [(3, "call_out", 1), (4, "automatic", 2), (6, "call_out", 3)])
def test_R18_R57_R58_tallies_match_the_events_of_a_whole_game(players, mode, seed):
    # cites R18, R57, R58
    s = hexbox.load("voodoo", players=players, claim_mode=mode, max_turns=60).new_state(seed=seed)
    rng = random.Random(seed)
    events = []
    turns_begun = 1
    while not s.is_over:
        seat = rng.choice(s.actors)
        new_events = s.apply(seat, rng.choice(s.legal_actions(seat)))
        events += new_events
        turns_begun += sum(e.kind == "turn" for e in new_events)
        if not s.is_over:
            assert len(s.score_history) == turns_begun
    kinds = [e.kind for e in events]
    assert s.curses_cast == kinds.count("curse_in_play")
    claims = [e.data["true"] for e in events if e.kind == "claim"]
    assert s.curse_claims == claims.count(True) + kinds.count("curse_interrupted")
    assert s.false_claims == claims.count(False)
    assert len(s.score_history) == turns_begun + 1 and list(s.score_history[-1]) == s.scores
    assert all(len(row) == players for row in s.score_history)
