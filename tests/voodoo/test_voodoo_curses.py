"""Curses as checkable rules (R29-R35, R50-R68): breaking, recording, claiming, consequences."""

import pytest
from voodoo_helpers import (
    ScriptedRng,
    act,
    clear_hands,
    curse_on,
    emote,
    give,
    new,
    pass_turn,
    permanent_on,
    public,
    roll,
    to_phase2,
)

import hexbox
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX


def broken_by(s):
    return [(v["curse"], v["victim"]) for v in s.violations]


def say(s, seat, voice="normal", phrase="hello"):
    return act(s, seat, {"kind": "say", "phrase": phrase, "voice": voice})


# ---- ritual --------------------------------------------------------------------------------------------

def test_R29_R33_ritual_before_the_first_roll_only():
    # cites R29, R33
    s = new()
    curse_on(s, "C05", 1, 0)  # Cockle Cluck: cluck before rolling
    emote(s, 0, "cluck")
    roll(s, "PU PU PU PU PU")
    assert broken_by(s) == []
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})  # R33: not before re-rolls
    assert broken_by(s) == []
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # R29: the forbidden act stays legal and is recorded
    assert broken_by(s) == [("C05", 0)]


def test_R51_ritual_block_is_only_since_the_previous_action():
    # cites R51
    s = new()
    curse_on(s, "H04", 1, 0)  # Zombi Hop: before each re-roll
    emote(s, 0, "hop")
    roll(s, "PU PU PU PU PU")  # the hop is spent on the roll
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert broken_by(s) == [("H04", 0)]


def test_R53_any_trigger_binds_every_main_line_action_of_own_turn():
    # cites R53
    s = new()
    clear_hands(s)
    curse_on(s, "C02", 1, 0)  # Dormy Bambyn: snore before every action of one's own turn
    for a in (A.ROLL, A.KEEP, A.PASS_DOLL):
        emote(s, 0, "snore")
        act(s, 0, a)
    assert broken_by(s) == []
    s = new()
    clear_hands(s)
    curse_on(s, "C02", 1, 0)
    emote(s, 0, "snore")
    act(s, 0, A.ROLL)
    act(s, 0, A.KEEP)
    assert broken_by(s) == [("C02", 0)]


def test_R53_score_trigger_covers_casts_and_claims():
    # cites R53
    s = new()
    clear_hands(s)
    give(s, 1, "C04")
    curse_on(s, "E01", 0, -1)  # Ahia Eldit on every adversary of seat 0: cry before scoring
    pass_turn_to(s, 1)
    to_phase2(s, "BA BA PU PU PU")
    act(s, 1, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})
    assert broken_by(s) == [("E01", 1)]


def pass_turn_to(s, seat):
    while s.active != seat:
        to_phase2(s, "PU PU PU PU PU")
        pass_turn(s)


# ---- echo ----------------------------------------------------------------------------------------------

def test_R54_echo_duty_after_another_players_roll():
    # cites R54
    s = new()
    curse_on(s, "C08", 0, 1)  # Morrigan's Caw: seat 1 caws whenever another player rolls
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and 0 in s.actors  # the caster's claim window
    act(s, 0, A.DONE)
    assert s.active == 1
    emote(s, 1, "caw")
    roll(s, "PU PU PU PU PU")  # the duty is met before the next act
    assert broken_by(s) == []
    s = new()
    curse_on(s, "C08", 0, 1)
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    pass_turn(s)
    roll(s, "PU PU PU PU PU")
    assert broken_by(s) == [("C08", 1)]


def test_R54_echo_points_and_caster_says():
    # cites R54
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "E02", 2, 1)  # Evvivam: seat 1 cheers whenever another player scores
    curse_on(s, "H05", 0, 3)  # Loa Rider: seat 3 answers whenever its caster (seat 0) speaks
    to_phase2(s, "BA BA PU PU PU")
    say(s, 0)
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})
    assert s.duties >> (8 * CURSE_INDEX["E02"] + 1) & 1
    assert s.duties >> (8 * CURSE_INDEX["H05"] + 3) & 1
    act(s, 0, A.PASS_DOLL)  # claim window: seats 0 and 2 own curses
    emote(s, 2, "moan")
    act(s, 2, A.DONE)
    act(s, 0, A.DONE)
    emote(s, 1, "cheer")
    act(s, 1, A.ROLL)
    assert broken_by(s) == []
    assert not s.duties >> (8 * CURSE_INDEX["E02"] + 1) & 1


# ---- speech --------------------------------------------------------------------------------------------

def test_R65_R67_speech_voice_and_silence():
    # cites R65, R67
    s = new()
    curse_on(s, "C03", 1, 0)  # Elium Orator: falsetto only
    say(s, 0, "falsetto")
    assert broken_by(s) == []
    act(s, 0, A.ROLL)
    say(s, 0, "normal")
    assert broken_by(s) == [("C03", 0)]
    s = new()
    curse_on(s, "E04", 1, 0)  # Mummy's Wrap: silence
    act(s, 0, A.ROLL)
    assert broken_by(s) == []  # R67: silence obeys
    say(s, 0, "whisper")
    assert broken_by(s) == [("E04", 0)]


def test_R65_say_only_for_an_actor_and_once_per_block():
    # cites R65
    s = new()
    with pytest.raises(hexbox.IllegalAction):
        say(s, 2)
    say(s, 0)
    assert "say" not in {a.kind for a in s.legal_actions(0)}
    with pytest.raises(hexbox.IllegalAction, match="spoke"):
        say(s, 0, "croak")


def test_R68_emotes_are_free_and_once_per_block():
    # cites R68
    s = new()
    legal = s.legal_actions(0)
    assert sum(a.kind == "emote" for a in legal) == 24 and sum(a.kind == "say" for a in legal) == 72
    emote(s, 0, "jig", "howl")
    assert s.actors == (0,) and not s.rolled  # nothing else moved
    with pytest.raises(hexbox.IllegalAction, match="already"):
        emote(s, 0, "jig")
    act(s, 0, A.ROLL)
    emote(s, 0, "jig")  # a new block


# ---- limit -------------------------------------------------------------------------------------------

def test_R55_limit_max_counts_on_own_turn():
    # cites R55
    s = new()
    curse_on(s, "E09", 1, 0)  # Sand in the Sandals: at most one re-roll
    roll(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert broken_by(s) == []
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert broken_by(s) == [("E09", 0)]


def test_R55_limit_phase2_counts_actions_after_keep():
    # cites R55
    s = new()
    clear_hands(s)
    give(s, 0, "A12")
    curse_on(s, "C12", 1, 0)  # Piper's Toll: at most two actions after keep
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    act(s, 0, {"kind": "use_artefact", "artefact": "A12"})
    assert broken_by(s) == []
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    assert broken_by(s) == [("C12", 0)]


def test_R55_limit_min_checked_at_keep():
    # cites R55
    s = new()
    curse_on(s, "H11", 1, 0)  # Restless Drum: re-roll at least once
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    assert broken_by(s) == [("H11", 0)]
    s = new()
    curse_on(s, "H11", 1, 0)
    roll(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    act(s, 0, A.KEEP)
    assert broken_by(s) == []


def test_R32_always_curse_binds_every_turn():
    # cites R32
    s = new()
    curse_on(s, "H12", 1, 0)  # Empty Pockets: never draw a curse
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "draw_artefact", "pay": "PU PU"})
    assert broken_by(s) == []
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    assert broken_by(s) == [("H12", 0)]


# ---- target and payment ----------------------------------------------------------------------------------

def test_R55_target_left_leader_not_caster():
    # cites R55
    s = new(players=5)
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "C09", 3, 0)  # Stone Circle: only the first eligible player on the left
    to_phase2(s, "BA BA PU PU PU")
    s.holder = 1  # seat 1 cannot be cursed, so seat 2 is "the left"
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 3, "pay": "BA BA"})
    assert broken_by(s) == [("C09", 0)]
    s = new(players=5)
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "H06", 3, 0)  # Crossroads: only the leader
    curse_on(s, "E08", 3, 0)  # Sphinx's Riddle: never its caster (seat 3)
    s.scores = [0, 2, 5, 5, 1]
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 3, "pay": "BA BA"})  # D25: a leader, but the caster
    assert broken_by(s) == [("E08", 0)]


def test_R55_all_adversary_casts_are_exempt_from_target_rules():
    # cites R55
    s = new()
    clear_hands(s)
    give(s, 0, "E01")
    curse_on(s, "C09", 3, 0)
    to_phase2(s, "SK GH CR BA PU")
    act(s, 0, {"kind": "cast", "curse": "E01", "target": -1, "pay": "SK CR BA GH"})
    assert broken_by(s) == []


def test_R52_payment_rules():
    # cites R52
    s = new()
    curse_on(s, "H10", 1, 0)  # Bokor's Bargain: never spend a Skull
    curse_on(s, "E10", 2, 0)  # Weight of the Pyramid: draws paid with pairs
    to_phase2(s, "PU PU SK ST ST")
    act(s, 0, {"kind": "draw_curse", "pay": "PU PU"})
    assert broken_by(s) == []
    act(s, 0, {"kind": "draw_curse", "pay": "SK ST"})
    assert sorted(broken_by(s)) == [("E10", 0), ("H10", 0)]  # R56: one act, two curses


# ---- claims: call-out mode ---------------------------------------------------------------------------

def test_R30_R57_true_claim_scores_upper_points_and_discards():
    # cites R30, R57
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # forgot to cluck
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and s.actors == (1,)
    assert public(s, 1)["violations"] is None  # R57: not announced
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.scores[1] == 2 and CURSE_INDEX["C05"] not in s.inplay
    assert s.cdeck[0] == CURSE_INDEX["C05"] and public(s, 3)["curse_deck"]["known"][0] == [0, "C05"]
    assert not s.bound[0]


def test_R57_false_claim_costs_a_point_and_cannot_repeat():
    # cites R57
    s = new()
    curse_on(s, "C05", 1, 0)
    s.scores[1] = 3
    emote(s, 0, "cluck")
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.scores[1] == 2 and CURSE_INDEX["C05"] in s.inplay
    assert "claim" not in {a.kind for a in s.legal_actions(1)}
    with pytest.raises(hexbox.IllegalAction):
        act(s, 1, {"kind": "claim", "curse": "C05"})


def test_R57_unclaimed_violations_expire_when_the_window_closes():
    # cites R57
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    pass_turn(s)  # seat 1 says nothing
    assert s.claimable == 0 and s.broken == 0
    to_phase2(s, "PU PU PU PU PU")
    act(s, 1, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    assert s.scores[1] == 0 and CURSE_INDEX["C05"] in s.inplay  # a false claim now


def test_R57_V5_opens_every_turn_for_every_owner():
    # cites R57
    s = new()
    curse_on(s, "C05", 1, 0)
    curse_on(s, "C04", 2, 3)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and s.actors == (1, 2)  # D15: violation or not


def test_R62_all_adversary_curse_broken_by_any_one():
    # cites R62
    s = new()
    clear_hands(s)
    curse_on(s, "H01", 2, -1)  # Hakuna Matata by seat 2: everyone else hums every action
    emote(s, 0, "hum")
    roll(s, "PU PU PU PU PU")
    emote(s, 0, "hum")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)  # no hum
    assert broken_by(s) == [("H01", 0)]
    act(s, 2, {"kind": "claim", "curse": "H01"})
    assert s.scores[2] == 1 and all(not b for b in s.bound)  # one claim frees every victim


def test_R63_discarded_curse_takes_its_violations_along():
    # cites R63
    s = new()
    clear_hands(s)
    give(s, 0, "A08")
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # broken
    act(s, 0, A.KEEP)
    act(s, 0, {"kind": "use_artefact", "artefact": "A08", "curse": "C05"})  # Gris-Gris
    assert s.broken == 0
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 0 and s.active == 1  # nobody owns a curse: no claim window


# ---- automatic mode --------------------------------------------------------------------------------------

def test_R58_automatic_mode_awards_at_once_and_announces():
    # cites R58
    s = new(claim_mode="automatic")
    curse_on(s, "C05", 1, 0)
    events = roll_events(s)
    assert s.scores[1] == 2 and CURSE_INDEX["C05"] not in s.inplay
    assert any(e.kind == "violation" and e.public for e in events)
    assert public(s)["violations"][0]["curse"] == "C05"
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 0 and "claim" not in {a.kind for a in s.legal_actions(1)}


def roll_events(s):
    s.rng = ScriptedRng("PU PU PU PU PU")
    return act(s, 0, A.ROLL)


def test_R56_D19_awards_go_clockwise_from_the_breaker():
    # cites R56
    s = new(claim_mode="automatic", target_score=5)
    curse_on(s, "C05", 3, 0)
    curse_on(s, "C04", 2, 0)
    s.scores = [0, 0, 3, 3]
    roll_events(s)
    assert s.result.winners == {2}  # seat 2 sits before seat 3 on the breaker's left


# ---- permanent curses --------------------------------------------------------------------------------------

def test_R31_R59_permanent_consequence_lose_points_never_discarded():
    # cites R31, R59
    s = new()
    permanent_on(s, "P03", 0)  # Grave Manners: bow before passing, or lose a point
    s.scores[0] = 4
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    assert s.scores[0] == 3 and s.powner[2] == 0  # still in front of its owner
    assert s.phase == 0  # R59: nobody claims a permanent curse


def test_R61_fewer_dice_found_on_a_roll_shrinks_that_roll():
    # cites R61
    s = new()
    permanent_on(s, "P01", 0)  # Cracked Cauldron: stir before rolling, or roll one die fewer
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 4 and s.penalty[0] == 0


def test_R60_R61_permanent_applies_once_per_turn_and_waits_for_next_roll():
    # cites R60, R61
    s = new()
    permanent_on(s, "P05", 0)  # Clumsy Claws: at most two re-rolls, or fewer dice next roll
    roll(s, "PU PU PU PU PU")
    s.rng = ScriptedRng("PU PU PU PU")
    for _ in range(4):
        act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})
    assert [v["curse"] for v in s.violations] == ["P05", "P05"]
    assert s.penalty[0] == 1  # two breaks, one consequence (R60)
    act(s, 0, A.KEEP)
    pass_turn(s)
    for _ in range(3):
        to_phase2(s, "SK SK SK SK SK")
        pass_turn(s)
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 4  # R61: applied to the owner's next roll


def test_R59_discard_curse_never_the_one_being_cast():
    # cites R59
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "C05")
    permanent_on(s, "P07", 0)  # Sour Pumpkin: never spend a Pumpkin, or discard a curse
    to_phase2(s, "PU CR BA BA ST")
    act(s, 0, {"kind": "cast", "curse": "C05", "target": 1, "pay": "PU CR"})
    assert s.hand[0] == [] and s.cdeck[0] == CURSE_INDEX["C04"] and CURSE_INDEX["C05"] in s.inplay


def test_R50_window_actions_are_not_main_line():
    # cites R50
    s = new()
    clear_hands(s)
    curse_on(s, "C02", 1, 0)  # snore before every main-line action of one's own turn
    curse_on(s, "C04", 0, 2)  # seat 0 owns a curse: it acts in the claim window after its turn
    for a in (A.ROLL, A.KEEP, A.PASS_DOLL):
        emote(s, 0, "snore")
        act(s, 0, a)
    act(s, 0, A.DONE)  # a window action: no snore needed
    assert broken_by(s) == []
