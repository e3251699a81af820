"""The turn, R56 around every move, claims and permanent curses: rules of rules.py that the mutation run of that
module found untested (docs/mutation.md). Each test states a rule of docs/games/voodoo.md; positions are built
directly, so every test takes a moment."""

import random

import pytest
from voodoo_helpers import (
    ScriptedRng,
    act,
    black_candle_window,
    clear_hands,
    curse_on,
    dice,
    doll,
    give,
    new,
    pass_turn,
    permanent_on,
    private,
    public,
    roll,
    to_phase2,
)

import hexbox
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX


def refused(state, seat, action, reason):
    """``action`` is refused with exactly this reason, and nothing changes."""
    before = state.observe(None)
    with pytest.raises(hexbox.IllegalAction) as err:
        act(state, seat, action)
    assert str(err.value) == reason
    assert state.observe(None) == before


def claim(curse):
    return {"kind": "claim", "curse": curse}


def claim_window(*owned):
    """Seat 0 passes the doll at once; seat 1 owns the curses ``owned``, in play on seat 2 and unbroken (seat 2 did
    not move): V5 opens for seat 1."""
    s = new()
    clear_hands(s)
    for cid in owned:
        curse_on(s, cid, 1, 2)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and s.actors == (1,)
    return s


# ---- casting (R18, R20, R39) ------------------------------------------------------------------------------

def test_R18_a_cast_is_refused_before_the_bag_is_complete_with_the_reason():
    # cites R18, R14: curses are cast in phase 2, paid from the completed bag
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    roll(s, "BA BA PU CR ST")
    refused(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"},
            "cannot cast now: it is not that moment of your turn (phase1)")


def test_R18_only_a_curse_from_ones_own_hand_can_be_cast():
    # cites R18: "choose a Curse card from your hand"
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    give(s, 1, "C05")
    to_phase2(s, "BA BA PU CR ST")
    refused(s, 0, {"kind": "cast", "curse": "C05", "target": 2, "pay": "PU CR"}, "C05 is not in your hand")


# ---- claims (R57) -----------------------------------------------------------------------------------------

def test_R57_claims_only_in_the_claim_window():
    # cites R57
    s = new()
    curse_on(s, "C05", 1, 0)
    to_phase2(s, "PU PU PU PU PU")
    refused(s, 0, claim("C05"), "claims are made in the claim window after the doll is passed (R57)")


def test_R57_a_claim_names_a_curse_in_play_that_the_claimer_cast():
    # cites R57: the caster of a curse in play may claim it; a curse not in play, or someone else's, is refused
    s = claim_window("C05")
    curse_on(s, "C04", 2, 3)
    assert [a for a in s.legal_actions(1) if a.kind == "claim"] == [A.CLAIM[CURSE_INDEX["C05"]]]
    refused(s, 1, claim("C06"), "C06 is not a curse you cast that is in play")  # in nobody's play
    refused(s, 1, claim("C04"), "C04 is not a curse you cast that is in play")  # seat 2's curse
    assert s.scores == [0, 0, 0, 0] and s.false_claims == 0


def test_R57_each_curse_is_claimed_at_most_once_per_window():
    # cites R57: after a false claim the claimer "cannot claim that curse again in this window", however many
    # other curses it claims in between
    s = claim_window("C05", "C04")
    s.scores[1] = 3
    act(s, 1, claim("C05"))  # nothing was broken: false claims
    act(s, 1, claim("C04"))
    assert s.scores[1] == 1 and s.false_claims == 2
    assert [a for a in s.legal_actions(1) if a.kind == "claim"] == []
    refused(s, 1, claim("C05"), "you claimed C05 already in this window")
    refused(s, 1, claim("C04"), "you claimed C04 already in this window")
    assert public(s)["claimed"] == ["C04", "C05"]


# ---- the end (R46) ----------------------------------------------------------------------------------------

def test_R46_the_pass_that_reaches_the_cap_ends_the_game_and_says_so():
    # cites R46
    s = hexbox.load("voodoo", players=3, max_turns=30, first_seat=0).new_state(seed=4)
    clear_hands(s)
    s.turn = 29
    s.scores = [4, 1, 4]
    to_phase2(s, "PU PU PU PU PU")
    events = act(s, 0, A.PASS_DOLL)
    assert s.is_over and s.result.winners == {0, 2}
    assert [e.kind for e in events] == ["doll_passed", "game_over"]
    assert events[-1].public and events[-1].data == s.result.to_json()
    assert events[-1].data["kind"] == "turn_cap"
    pub = public(s)
    assert pub["window_open"] == [] and s.actors == ()


# ---- resampling (docs/games/voodoo.md, Hidden information) ----------------------------------------------

@pytest.mark.parametrize("viewer", [0, 1, 2, 3])
def test_every_adversarys_unseen_hand_is_redealt_in_a_resampled_world(viewer):
    # what a seat does not know about the other hands is dealt anew: each other seat's hand, not one of them only
    s = new(players=4, seed=2)
    clear_hands(s)
    for seat, cards in enumerate((("C01", "C02"), ("C03", "C04"), ("C05", "C06"), ("C07", "C08"))):
        give(s, seat, *cards)
    rng = random.Random(3)
    changed = set()
    for _ in range(12):
        w = s.resample(viewer, rng)
        assert w.observe(viewer) == s.observe(viewer)
        assert sorted(w.hand[viewer]) == sorted(s.hand[viewer])
        changed |= {seat for seat in range(4) if sorted(w.hand[seat]) != sorted(s.hand[seat])}
    assert changed == {0, 1, 2, 3} - {viewer}



# ---- the public log (R69) -----------------------------------------------------------------------------------

def test_R69_the_log_numbers_every_move_free_ones_included():
    # cites R69: the log of every move, emotes and sayings included, is public; each move has its number, and a
    # violation names the number of the move that broke the curse
    s = new()
    clear_hands(s)
    curse_on(s, "C03", 1, 0)  # Elium Orator: every saying of seat 0 in falsetto
    act(s, 0, {"kind": "emote", "emote": "howl"})
    act(s, 0, {"kind": "say", "phrase": "hello", "voice": "falsetto"})
    roll(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "say", "phrase": "oops", "voice": "normal"})  # breaks Elium Orator
    act(s, 0, A.KEEP)
    moves = [(e["i"], e["kind"]) for e in public(s)["log"] if "i" in e]
    assert moves == [(1, "emote"), (2, "say"), (3, "roll"), (4, "say"), (5, "keep")]
    assert [(v["curse"], v["action"]) for v in s.violations] == [("C03", 4)]


# ---- set-up (R3-R7, R40) ----------------------------------------------------------------------------------

def test_R6_R7_R40_the_table_at_the_start_of_a_game():
    # cites R3, R5, R6, R7, R40: scores 0, nothing struck, cast, claimed or pending; the Target card in the centre;
    # no window open, no emote or saying yet, nobody warded (with seat 1 first too); the log is empty
    s = new(first_seat=1)
    pub = public(s)
    start = {
        "turn": 1, "active": 1, "rolled": False, "bag": [], "set_aside": [],  # the first turn has begun
        "counts": {"reroll": 0, "draw_curse": 0, "draw_artefact": 0, "cast": 0, "phase2": 0},
        "scores": [0, 0, 0, 0], "score_history": [[0, 0, 0, 0]],
        "curses_cast": 0, "curse_claims": 0, "false_claims": 0,
        "skulls_struck": [[], [], [], []], "fewer_dice": [0, 0, 0, 0], "target_holder": None, "spirit_ward": [],
        "last_target": [None] * 4, "curses_in_play": [], "permanents": [[], [], [], []], "permanent_since": {},
        "last_act": [0] * 4, "last_echo": {"roll": [0] * 4, "cast": [0] * 4, "points": [0] * 4, "say": [0] * 4},
        "curse_deck": {"size": 32, "known": []}, "artefact_deck": {"size": 13, "known": []}, "permanent_deck": 10,
        "window_open": [], "pending_cast": None, "claimed": [], "candle": 0,
        "blocks": [{"emotes": [], "said": False}] * 4, "log": [], "previous_log": [], "violations": None,
    }
    assert {k: pub[k] for k in start} == start
    assert [h["curses"] for h in pub["hands"]] == [1, 1, 1, 1] and [h["artefacts"] for h in pub["hands"]] == [0] * 4
    for seat in range(4):  # nobody knows where any card of the decks lies
        assert private(s, seat)["curse_deck_known"] == [] and private(s, seat)["known_curses"] == {
            str(o): [] for o in range(4) if o != seat}
    assert s.actors == (1,) and s.legal_actions(1)[0] == A.ROLL and s.legal_actions(0) == []


# ---- sayings (R65-R67, D24) and moments (R54, R71) -----------------------------------------------------------

def say(state, seat, voice="normal", phrase="hello"):
    return act(state, seat, {"kind": "say", "phrase": phrase, "voice": voice})


def test_D24_one_saying_between_two_non_free_moves():
    # cites D24
    s = new()
    say(s, 0)
    refused(s, 0, {"kind": "say", "phrase": "oops", "voice": "normal"},
            "you already spoke since your last action (D24)")
    roll(s, "PU PU PU PU PU")
    say(s, 0, phrase="oops")  # the roll ended the block
    assert [e["phrase"] for e in public(s)["log"] if e.get("kind") == "say"] == ["hello", "oops"]


def test_R58_a_saying_that_breaks_a_speech_curse_is_awarded_at_once():
    # cites R58, R65: in automatic mode the caster scores the Int points as soon as the saying breaks the curse
    s = new(claim_mode="automatic")
    clear_hands(s)
    curse_on(s, "C03", 1, 0)  # Elium Orator: seat 0 speaks only in falsetto
    events = say(s, 0, "normal")
    assert [e.kind for e in events] == ["say", "violation", "curse_interrupted", "curse_discarded", "points"]
    assert s.scores == [0, 1, 0, 0] and CURSE_INDEX["C03"] not in s.inplay and s.cdeck[0] == CURSE_INDEX["C03"]


def test_R54_R71_each_public_happening_is_the_next_moment():
    # cites R54, R71: the moment counter goes up by one at each saying, non-free move, first roll, cast, curse put
    # in play and gain of points; the public view keeps the last of each, so anybody can judge echo duties
    s = new(claim_mode="automatic")
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "C03", 1, 0)
    say(s, 0, "normal")  # 1: the saying; 2: seat 1 scores for Elium Orator
    roll(s, "BA BA PU CR ST")  # 3: the act; 4: the first roll
    act(s, 0, A.KEEP)  # 5
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})  # 6 act, 7 cast, 8 in play, 9 points
    pub = public(s)
    assert pub["last_act"] == [6, 0, 0, 0]
    assert pub["last_echo"] == {"roll": [4, 0, 0, 0], "cast": [7, 0, 0, 0], "points": [9, 2, 0, 0],
                                "say": [1, 0, 0, 0]}
    assert [(c["curse"], c["since"]) for c in pub["curses_in_play"]] == [("C04", 8)]


# ---- permanent curses: consequences (R31, R45, R59-R61) -------------------------------------------------------

def test_R59_discard_a_curse_on_a_draw_discards_a_card_of_the_hand_in_public():
    # cites R59: Sour Pumpkin broken by a draw (no curse is being cast): a random curse of the hand, here the only
    # one, goes face up to the bottom of the Curse deck; the consequence is a public event and a public log fact
    s = new()
    clear_hands(s)
    give(s, 0, "C02")
    permanent_on(s, "P07", 0)
    to_phase2(s, "PU SK ST CR BA")
    top = s.cdeck[-1]
    events = act(s, 0, {"kind": "draw_curse", "pay": "PU SK"})
    data = {"seat": 0, "permanent": "P07", "consequence": "discard_curse", "curse": "C02"}
    consequences = [e for e in events if e.kind == "consequence"]
    assert len(consequences) == 1 and consequences[0].public and consequences[0].data == data
    assert s.hand[0] == [top] and s.cdeck[0] == CURSE_INDEX["C02"]
    assert public(s)["curse_deck"]["known"] == [[0, "C02"]]
    assert [e for e in public(s)["log"] if e.get("kind") == "consequence"] == [{"kind": "consequence", "fact": True,
                                                                               **data}]


def test_R59_discard_a_curse_with_an_empty_hand_discards_nothing():
    # cites R59: "nothing happens if you hold none" -- but the consequence is still told
    s = new()
    clear_hands(s)
    permanent_on(s, "P07", 0)
    to_phase2(s, "PU SK ST CR BA")
    deck = s.cdeck[:]
    events = act(s, 0, {"kind": "draw_artefact", "pay": "PU SK"})
    assert [e.data for e in events if e.kind == "consequence"] == [
        {"seat": 0, "permanent": "P07", "consequence": "discard_curse"}]
    assert s.cdeck == deck and s.hand[0] == []


def test_R45_R59_lose_points_never_below_zero_and_is_told():
    # cites R45, R59: Grave Manners (bow before passing the doll, or lose 1 point)
    s = new()
    clear_hands(s)
    permanent_on(s, "P03", 0)
    s.scores[0] = 1
    to_phase2(s, "PU PU PU PU PU")
    events = act(s, 0, A.PASS_DOLL)
    assert s.scores[0] == 0
    assert [(e.kind, e.data) for e in events if e.kind == "consequence"] == [
        ("consequence", {"seat": 0, "permanent": "P03", "consequence": "lose_points"})]
    s = new()
    clear_hands(s)
    permanent_on(s, "P03", 0)
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, A.PASS_DOLL)
    assert s.scores[0] == 0  # R45: from 0 it stays 0


def test_R61_fewer_dice_penalties_add_up():
    # cites R61: Hollow Chant (chant before casting) and Clumsy Claws (at most two re-rolls) broken in one turn:
    # one die fewer each, both at the owner's next roll
    s = new(players=3)
    clear_hands(s)
    give(s, 0, "C04")
    permanent_on(s, "P10", 0)
    permanent_on(s, "P05", 0)
    roll(s, "BA BA PU PU PU")
    s.rng = ScriptedRng("BA BA BA")
    for _ in range(3):
        act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "BA"})
    assert s.penalty == [1, 0, 0]
    act(s, 0, A.KEEP)
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    assert s.penalty == [2, 0, 0] and public(s)["fewer_dice"] == [2, 0, 0]
    for _ in range(3):
        pass_turn(s)
        if s.active:
            to_phase2(s, "SK SK SK SK SK")
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 3 and s.penalty == [0, 0, 0]


def test_R57_a_true_claim_makes_no_other_curse_claimable():
    # cites R57, R30: seat 1 rightly claims the broken Cockle Cluck; its Banshee Wail, obeyed, stays unbroken and a
    # claim of it is false
    s = new()
    clear_hands(s)
    curse_on(s, "C05", 1, 0)  # cluck before rolling
    curse_on(s, "C04", 1, 0)  # howl before rolling
    s.scores[1] = 2
    act(s, 0, {"kind": "emote", "emote": "howl"})
    to_phase2(s, "PU PU PU PU PU")  # no cluck: only Cockle Cluck is broken
    act(s, 0, A.PASS_DOLL)
    act(s, 1, claim("C05"))
    assert s.scores[1] == 4 and s.curse_claims == 1
    events = act(s, 1, claim("C04"))
    assert s.scores[1] == 3 and s.false_claims == 1 and CURSE_INDEX["C04"] in s.inplay
    assert [e.data for e in events if e.kind == "claim"] == [{"seat": 1, "curse": "C04", "true": False, "lost": 1}]


def test_R56_one_move_that_breaks_a_curse_and_a_permanent_tells_both_in_order():
    # cites R56, R58, R61: (1) the violations, (2) the permanent consequence, (3) the move, (4) the award
    s = new(claim_mode="automatic")
    clear_hands(s)
    curse_on(s, "C05", 1, 0)  # Cockle Cluck: cluck before rolling
    permanent_on(s, "P01", 0)  # Cracked Cauldron: stir before rolling, or one die fewer
    s.rng = ScriptedRng("PU PU PU PU PU")
    events = act(s, 0, A.ROLL)
    assert [(e.kind, e.data) for e in events] == [
        ("violation", {"curse": "C05", "victim": 0, "caster": 1}),
        ("consequence", {"seat": 0, "permanent": "P01", "consequence": "fewer_dice"}),
        ("rolled", {"seat": 0, "dice": 4, "bag": "PU PU PU PU"}),
        ("curse_interrupted", {"curse": "C05", "caster": 1, "by": 0, "points": 2}),
        ("curse_discarded", {"curse": "C05"}),
        ("points", {"seat": 1, "gain": 2, "score": 2}),
    ]


def test_R60_each_permanent_applies_once_per_turn_whatever_else_breaks():
    # cites R60: Restless Feet (stomp before drawing, or lose 1 point) broken twice around a break of Leaden Tongue
    # (speak only in a whisper, or lose 1 point): one point for each card, not for each break
    s = new()
    clear_hands(s)
    permanent_on(s, "P08", 0)
    permanent_on(s, "P02", 0)
    s.scores[0] = 3
    to_phase2(s, "PU PU BA BA SK")
    act(s, 0, {"kind": "draw_artefact", "pay": "PU PU"})  # no stomp: -1
    say(s, 0, "normal")  # not a whisper: -1
    act(s, 0, {"kind": "draw_artefact", "pay": "BA BA"})  # no stomp again: Restless Feet already applied this turn
    assert [v["curse"] for v in s.violations] == ["P08", "P02", "P08"]
    assert s.scores[0] == 1


# ---- refusals, each with its reason (R9-R25, R39-R44, D11, D12, D24) ------------------------------------------

def _fresh():
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "E02")
    return s


def _rolled():
    s = _fresh()
    roll(s, "BA BA PU CR ST")
    return s


def _phase2():
    s = _fresh()
    to_phase2(s, "BA BA PU CR ST")
    return s


@pytest.mark.parametrize("make, action, reason", [
    (_phase2, A.ROLL, "cannot roll now: it is not that moment of your turn (phase2)"),  # R10
    (_rolled, A.ROLL, "you rolled already; re-roll or keep"),  # R10: one roll, then re-rolls
    (_fresh, {"kind": "reroll", "drop": "PU", "dice": "PU"}, "roll first"),  # R11
    (_phase2, {"kind": "reroll", "drop": "PU", "dice": "BA"},
     "cannot re-roll now: it is not that moment of your turn (phase2)"),  # D12
    (_rolled, {"kind": "reroll", "drop": "SK", "dice": "PU"}, "no SK in the bag to discard"),  # R11
    (_rolled, {"kind": "reroll", "drop": "PU", "dice": "PU"},
     "the bag has no PU left to re-roll after discarding PU"),  # R11
    (_fresh, A.KEEP, "roll first"),  # R12
    (_phase2, A.KEEP, "cannot keep the bag now: it is not that moment of your turn (phase2)"),  # R12
    (_rolled, {"kind": "draw_curse", "pay": "BA BA"},
     "cannot draw a curse now: it is not that moment of your turn (phase1)"),  # R14, R15
    (_rolled, {"kind": "draw_artefact", "pay": "BA BA"},
     "cannot draw an artefact now: it is not that moment of your turn (phase1)"),  # R14, R16
    (_phase2, {"kind": "draw_curse", "pay": "SK SK"}, "your bag does not hold SK SK"),  # R22
    (_phase2, {"kind": "draw_artefact", "pay": "PU PU"}, "your bag does not hold PU PU"),  # R22
    (_phase2, {"kind": "cast", "curse": "E02", "target": 1, "pay": "SK BA"}, "your bag does not hold SK BA"),
    (_phase2, {"kind": "cast", "curse": "C04", "target": 0, "pay": "BA BA"},
     "curse an adversary at the table (R39)"),  # R39
    (_phase2, {"kind": "cast", "curse": "C04", "target": 4, "pay": "BA BA"},
     "curse an adversary at the table (R39)"),  # R2: seats 0 to 3
    (_rolled, A.PASS_DOLL, "cannot pass the doll now: it is not that moment of your turn (phase1)"),  # R24
    (_phase2, A.DONE, "there is no window to close now"),
])
def test_a_move_out_of_its_moment_is_refused_with_its_reason(make, action, reason):
    s = make()
    refused(s, 0, action, reason)


def test_R44_an_empty_deck_is_refused_by_name():
    # cites R44
    s = _phase2()
    s.cdeck, s.adeck = [], []
    refused(s, 0, {"kind": "draw_curse", "pay": "BA BA"}, "the Curse deck is empty (R44)")
    refused(s, 0, {"kind": "draw_artefact", "pay": "BA BA"}, "the Artefact deck is empty (R44)")


def test_R20_the_target_card_holder_and_a_warded_seat_are_refused_by_name():
    # cites R20, and Spirit Ward (A13)
    s = _phase2()
    s.holder = 2
    s.ward = 1 << 3
    refused(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"},
            "seat 2 holds the Target card and cannot be cursed (R20)")
    refused(s, 0, {"kind": "cast", "curse": "C04", "target": 3, "pay": "BA BA"}, "seat 3 is under Spirit Ward")


def test_D24_each_emote_once_between_two_non_free_moves():
    # cites D24
    s = new()
    act(s, 0, {"kind": "emote", "emote": "howl"})
    refused(s, 0, {"kind": "emote", "emote": "howl"}, "you already did 'howl' since your last action (D24)")
    act(s, 0, {"kind": "emote", "emote": "cluck"})
    roll(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "emote", "emote": "howl"})  # the roll ended the block
    assert public(s)["blocks"][0] == {"emotes": ["howl"], "said": False}


# ---- points, the Big Skulls and winning (R18, R26-R28, R38) ----------------------------------------------------

def _stone_circle_cast(score, target_score=11, permanent="P05"):
    """Seat 0, at ``score`` points, casts Stone Circle (Cast 2) on seat 1; ``permanent`` lies on top of its deck."""
    s = new(target_score=target_score)
    clear_hands(s)
    give(s, 0, "C09")
    s.scores[0] = score
    s.struck[0] = sum(1 << i for i, skull in enumerate((3, 6, 9)) if skull <= score)
    p = int(permanent[1:]) - 1
    s.pdeck.remove(p)
    s.pdeck.append(p)
    to_phase2(s, "SK ST GH GH PU")
    return s, act(s, 0, {"kind": "cast", "curse": "C09", "target": 1, "pay": "SK ST GH"})


def test_R18_R26_a_cast_that_reaches_a_big_skull_is_told_in_order():
    # cites R18, R26: the cast, the card in play, its Cast points, then the permanent curse of the skull reached;
    # each is a public fact of the log, and the permanent's moment is public
    s, events = _stone_circle_cast(1)
    assert [(e.kind, e.data) for e in events if e.kind != "cast"] == [
        ("curse_in_play", {"curse": "C09", "caster": 0, "victim": 1}),
        ("points", {"seat": 0, "gain": 2, "score": 3}),
        ("permanent_curse", {"seat": 0, "skull": 3, "permanent": "P05"}),
    ]
    assert all(e.public for e in events)
    pub = public(s)
    assert [e for e in pub["log"] if e.get("fact")] == [
        {"kind": "in_play", "fact": True, "curse": "C09", "caster": 0, "victim": 1},
        {"kind": "points", "fact": True, "seat": 0, "gain": 2},
        {"kind": "permanent", "fact": True, "seat": 0, "permanent": "P05"},
    ]
    # moments: roll 1 (act) and 2, keep 3, cast 4 (act), 5 (cast), 6 (in play), 7 (points), 8 (the permanent)
    assert pub["permanent_since"] == {"P05": 8} and pub["last_echo"]["points"] == [7, 0, 0, 0]
    assert pub["permanents"] == [["P05"], [], [], []] and pub["skulls_struck"][0] == [3]
    assert s.bound[0] == ((len(CURSE_INDEX) + 4, -1),)  # R26: from now on it binds its owner


def test_R28_each_big_skull_strikes_once_even_after_falling_below_it():
    # cites R28, D13: seat 0 passed 3 and 6, fell to 2 and climbs again: neither skull strikes a second time
    s = new()
    s._gain(0, 7)
    assert s.struck[0] == 0b011 and s.powner.count(0) == 2
    s.scores[0] = 2
    events = s._gain(0, 5)  # 2 -> 7: past 3 and 6 again
    assert [e for e in events if e.kind == "permanent_curse"] == [] and s.powner.count(0) == 2
    s.scores[0] = 5
    events = s._gain(0, 1)  # 5 -> 6
    assert [e for e in events if e.kind == "permanent_curse"] == [] and s.struck[0] == 0b011


def test_R38_reaching_the_target_exactly_ends_the_game_at_once():
    # cites R38, D19: the gain that reaches the target ends the game; its points are told, then the end; the skull
    # at the target strikes nobody, and no window stays open
    s, events = _stone_circle_cast(4, target_score=6)
    assert s.is_over and s.result.winners == {0} and s.result.kind == "reached_target"
    assert s.result.reason == "seat 0 reached 6 points" and s.result.scores == {0: 6, 1: 0, 2: 0, 3: 0}
    assert [(e.kind, e.data) for e in events[2:]] == [
        ("points", {"seat": 0, "gain": 2, "score": 6}),
        ("game_over", {"winners": [0], "scores": {"0": 6, "1": 0, "2": 0, "3": 0}, "reason": "seat 0 reached 6 points",
                       "kind": "reached_target"}),
    ]
    pub = public(s)
    assert pub["skulls_struck"][0] == [3] and pub["permanents"][0] == [] and pub["permanent_deck"] == 10
    assert pub["score_history"] == [[0, 0, 0, 0], [6, 0, 0, 0]] and pub["window_open"] == [] and s.actors == ()
    s, _ = _stone_circle_cast(3, target_score=6)  # one short of the target: the game goes on
    assert not s.is_over and s.scores[0] == 5


# ---- the log of a cast: what anyone needs to judge target rules later (R55, R69) ------------------------------

def test_R55_R69_a_cast_is_logged_with_the_first_eligible_adversary_and_the_leaders():
    # cites R55, R69: with each cast (Smellin' Doll's too) the log keeps, as they were before it, the first eligible
    # adversary on the caster's left and the eligible adversaries with the highest score, clockwise
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    give(s, 0, "E01")
    s.scores = [0, 3, 1, 3]
    roll(s, "BA BA SK GH CR")
    act(s, 0, A.KEEP)
    act(s, 2, doll(s, 2, "C04", 3))  # seat 2 curses seat 3 with seat 0's Bat Wings
    entry = [e for e in public(s)["log"] if e.get("kind") == "use_artefact"][-1]
    assert entry == {"i": 3, "seat": 2, "kind": "use_artefact", "artefact": "A01", "curse": "C04", "target": 3,
                     "dice": "BA BA", "face": "", "face_to": "", "left": 3, "leaders": [3, 1]}
    assert s.phase == 2  # V2 closed with the cast
    keep = [e for e in public(s)["log"] if e.get("kind") == "keep"][0]
    assert keep == {"i": 2, "seat": 0, "kind": "keep"}  # only casts carry them
    s.ward = 1 << 1 | 1 << 2  # seat 3 holds the Target card, seats 1 and 2 are warded: nobody is eligible
    act(s, 0, {"kind": "cast", "curse": "E01", "target": -1, "pay": "SK CR BA GH"})  # R41: no target needed
    entry = [e for e in public(s)["log"] if e.get("kind") == "cast"][-1]
    assert entry["left"] is None and entry["leaders"] == [] and s.scores[0] == 3


# ---- automatic awards (R56 step 4, R58, D19) ------------------------------------------------------------------

@pytest.mark.parametrize("target, winners", [(5, {2}), (11, None)])
def test_D19_awards_of_one_move_go_clockwise_from_the_breakers_left(target, winners):
    # cites D19, R58: seat 1 forgets both emotes of its first roll; the casters score one at a time from seat 1's
    # left: seat 2 (Cockle Cluck) before seat 0 (Banshee Wail), whatever the cards' order; the first to reach the
    # target wins and the other award is not paid
    s = new(first_seat=1, claim_mode="automatic", target_score=target)
    clear_hands(s)
    curse_on(s, "C04", 0, 1)  # howl before rolling, by seat 0
    curse_on(s, "C05", 2, 1)  # cluck before rolling, by seat 2
    s.scores = [3, 0, 3, 0]
    s.rng = ScriptedRng("PU PU PU PU PU")
    events = act(s, 1, A.ROLL)
    awards = [(e.data["caster"], e.data["curse"]) for e in events if e.kind == "curse_interrupted"]
    if winners:
        assert s.result.winners == winners and awards == [(2, "C05")] and s.scores == [3, 0, 5, 0]
        assert CURSE_INDEX["C04"] in s.inplay
    else:
        assert awards == [(2, "C05"), (0, "C04")] and s.scores == [5, 0, 5, 0]
        assert [e.data for e in events if e.kind == "curse_interrupted"][0] == {
            "curse": "C05", "caster": 2, "by": 1, "points": 2}
        assert s.curse_claims == 2 and public(s)["curse_claims"] == 2 and not s.inplay


# ---- echo duties of permanent curses (R54) ---------------------------------------------------------------------

@pytest.mark.parametrize("owner", [0, 1])
def test_R54_sore_loser_owes_a_grumble_after_another_players_gain(owner):
    # cites R54 and P04 Sore Loser (grumble whenever another player scores, before your next move): the owner's duty
    # comes from anybody else's gain; seat `owner` also owes Evvivam's cheer for the same gain
    s = new(players=3, first_seat=2)
    clear_hands(s)
    scorer = 2
    give(s, scorer, "C04")
    give(s, owner, "C06")
    permanent_on(s, "P04", owner)
    curse_on(s, "E02", 1 - owner, owner)  # Evvivam: cheer after anyone else gains points
    to_phase2(s, "BA BA PU PU PU")
    act(s, scorer, {"kind": "cast", "curse": "C04", "target": 1 - owner, "pay": "BA BA"})  # seat 2 gains 1 point
    pass_turn(s)
    if owner == 1:  # seat 0 plays first: a move of another player does not end seat 1's duty
        to_phase2(s, "SK SK SK SK SK")
        pass_turn(s)
    act(s, owner, A.ROLL)  # neither grumble nor cheer: both duties were pending
    assert [v["curse"] for v in s.violations if v["victim"] == owner] == ["E02", "P04"]
    assert s.hand[owner] == [] and s.cdeck[0] == CURSE_INDEX["C06"]  # the consequence: a curse discarded


def test_R54_a_players_own_gain_owes_it_no_grumble():
    # cites R54: the echo events are always caused by a player other than the victim
    s = new(players=3)
    clear_hands(s)
    give(s, 0, "C04")
    permanent_on(s, "P04", 0)
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})  # seat 0 gains 1 point itself
    act(s, 0, A.PASS_DOLL)
    assert s.violations == []


# ---- the turn (R9, R11, R13, R24, D10) and Spirit Ward ---------------------------------------------------------

def test_R9_each_turn_is_announced_with_its_player_and_number():
    # cites R9
    s = new()
    to_phase2(s, "PU PU PU PU PU")
    events = act(s, 0, A.PASS_DOLL)
    # the event numbers turns from 0 (its sentence says "Turn 2"), the table counts the turns begun
    assert [(e.kind, e.data) for e in events if e.kind == "turn"] == [("turn", {"active": 1, "turn": 1})]
    assert public(s)["turn"] == 2 and public(s)["active"] == 1


def test_R13_D10_discarded_dice_add_up_and_every_die_is_lost_when_the_doll_passes():
    # cites R11, R13, D10: two re-rolls that discard a Pumpkin each set two Pumpkins aside; the claim window after
    # the pass shows no bag and no discarded dice
    s = new()
    clear_hands(s)
    curse_on(s, "C04", 1, 2)  # seat 1 owns a curse: V5 opens after the pass
    roll(s, "PU PU PU SK SK")
    s.rng = ScriptedRng("SK SK")
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "SK"})
    act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "SK"})
    assert public(s)["set_aside"] == ["pumpkin", "pumpkin"] and public(s)["bag"] == ["pumpkin", "skull", "skull"]
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and public(s)["bag"] == [] and public(s)["set_aside"] == []


def test_spirit_ward_of_seat_1_ends_when_seat_1s_next_turn_starts():
    # docs/games/voodoo.md, A13: until your next turn begins, nobody may cast a single-target curse on you
    s = new()
    clear_hands(s)
    to_phase2(s, "PU PU PU PU PU")
    pass_turn(s)
    give(s, 1, "A13")
    to_phase2(s, "PU PU PU PU PU")
    act(s, 1, {"kind": "use_artefact", "artefact": "A13"})
    assert public(s)["spirit_ward"] == [1]
    for _ in range(4):
        pass_turn(s)
        assert public(s)["spirit_ward"] == ([1] if s.active != 1 else [])
        to_phase2(s, "PU PU PU PU PU")
    assert s.active == 1


@pytest.mark.parametrize("viewer", [0, 2])
def test_every_adversarys_unseen_artefacts_are_redealt_in_a_resampled_world(viewer):
    # Hidden information: how many artefacts each player holds is public, which ones is not; nobody knows the order
    # of the Artefact deck
    s = new(players=4, seed=2)
    clear_hands(s)
    for seat, cards in enumerate((("A01", "A02"), ("A03", "A04"), ("A05", "A06"), ("A07", "A08"))):
        give(s, seat, *cards)
    rng = random.Random(5)
    changed, deck_changed = set(), False
    for _ in range(12):
        w = s.resample(viewer, rng)
        assert w.observe(viewer) == s.observe(viewer) and sorted(w.arts[viewer]) == sorted(s.arts[viewer])
        changed |= {seat for seat in range(4) if sorted(w.arts[seat]) != sorted(s.arts[seat])}
        deck_changed |= w.adeck != s.adeck
    assert changed == {0, 1, 2, 3} - {viewer} and deck_changed


def test_R14_R18_every_payable_curse_of_the_hand_can_be_cast():
    # cites R14, R18, R41: the casts offered cover each curse of the hand the bag can pay, whatever comes before it
    # in the hand: one it cannot pay (Fay the Good, ST ST *), an all-adversary one (Ahia Eldit)
    s = new()
    clear_hands(s)
    give(s, 0, "C01", "E01", "H08")  # H08 Maracas: SK CR
    to_phase2(s, "SK GH CR BA PU")
    casts = {(a.curse, a.target) for a in s.legal_actions(0) if a.kind == "cast"}
    assert casts == {("E01", -1), ("H08", 1), ("H08", 2), ("H08", 3)}


def test_R15_R16_two_dice_are_enough_to_draw():
    # cites R15, R16: any two dice pay a draw, the last two of the bag too
    s = new()
    clear_hands(s)
    to_phase2(s, "PU SK ST PU CR")
    act(s, 0, {"kind": "draw_artefact", "pay": "PU PU"})
    act(s, 0, {"kind": "draw_curse", "pay": "ST CR"})
    assert s.bag == dice("SK")
    s.bag = dice("PU SK")
    draws = [(a.kind, a.pay) for a in s.legal_actions(0) if a.kind in ("draw_curse", "draw_artefact")]
    assert draws == [("draw_curse", "PU SK"), ("draw_artefact", "PU SK")]


def test_R60_R61_a_permanent_applies_again_in_the_next_turn():
    # cites R60, R61: Cracked Cauldron (stir before the first roll, or one die fewer) is broken by seat 0 in turn 0
    # and by seat 1 in turn 1; once per card per turn, so both rolls shrink
    s = new()
    clear_hands(s)
    permanent_on(s, "P01", 0)
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 4
    act(s, 0, A.KEEP)
    pass_turn(s)
    s.powner[0] = 1
    s._rebind()
    act(s, 1, A.ROLL)
    assert sum(s.bag) == 4 and [v["victim"] for v in s.violations] == [0, 1]


def test_D24_only_the_members_of_a_window_have_moves_in_it():
    # cites D24, R37, R57: the bag window holds the other players with an artefact, the claim window the casters of
    # curses in play; the others have no move, not even a free one
    s = new()
    clear_hands(s)
    give(s, 1, "A12")
    curse_on(s, "C04", 3, 1)
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    assert s.phase == 1 and s.actors == (1,)
    assert [s.legal_actions(seat) for seat in (0, 2, 3)] == [[], [], []] and A.DONE in s.legal_actions(1)
    act(s, 1, A.DONE)
    act(s, 0, A.PASS_DOLL)
    assert s.phase == 4 and s.actors == (3,)
    assert [s.legal_actions(seat) for seat in (0, 1, 2)] == [[], [], []]
    assert s.legal_actions(3)[:2] == [A.CLAIM[CURSE_INDEX["C04"]], A.DONE]


def test_R18_a_cast_curse_is_public_even_when_bone_amulet_sends_it_back_to_the_hand():
    # cites R18 (the card is announced to the table) and Bone Amulet (A06: the curse goes back to its caster's
    # hand): everybody now knows that seat 0 holds it, and a resampled world of any seat keeps it there
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "C05")
    give(s, 2, "A06")
    to_phase2(s, "BA BA PU CR ST")
    act(s, 0, {"kind": "cast", "curse": "C05", "target": 2, "pay": "PU CR"})
    act(s, 2, {"kind": "use_artefact", "artefact": "A06"})
    assert CURSE_INDEX["C05"] in s.hand[0] and not s.inplay
    for viewer in (None, 0, 1, 2, 3):
        assert public(s, viewer)["hands"][0]["known_curses"] == ["C05"]
    rng = random.Random(6)
    for viewer in (1, 2, 3):
        assert CURSE_INDEX["C05"] in s.resample(viewer, rng).hand[0]


def test_R10_R61_a_roll_has_at_least_one_die():
    # cites R10, R61: "5, minus any pending fewer dice penalty, but never fewer than 1"
    s = new()
    s.penalty[0] = 4
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 1
    s = new()
    s.penalty[0] = 6
    act(s, 0, A.ROLL)
    assert sum(s.bag) == 1 and s.penalty[0] == 0


def test_R12_one_die_left_cannot_be_rerolled_with_the_reason():
    # cites R12
    s = new()
    roll(s, "PU PU PU PU PU")
    s.bag = dice("PU")
    refused(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"}, "one die left: keep it (R12)")


def test_black_candle_choice_is_logged_without_the_cards():
    # Hidden information: the two cards Black Candle put at the bottom are known to its user only, so the log
    # shows that a choice was made, not which
    s = black_candle_window()
    act(s, 0, A.KEEP_CARD[s.candle[0], s.candle[1]])
    assert public(s)["log"][-1] == {"i": 4, "seat": 0, "kind": "keep_card"}


def test_R63_a_curse_discarded_by_the_move_that_breaks_it_is_not_awarded():
    # cites R63, R58: seat 0, under Dormy Bambyn (snore before every main-line move), gets rid of it with Gris-Gris
    # Bag without snoring: the break is recorded, but the curse left play with its violations, so nobody scores
    s = new(claim_mode="automatic")
    clear_hands(s)
    give(s, 0, "A08")
    curse_on(s, "C02", 1, 0)
    act(s, 0, {"kind": "emote", "emote": "snore"})
    roll(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "emote", "emote": "snore"})
    act(s, 0, A.KEEP)
    events = act(s, 0, {"kind": "use_artefact", "artefact": "A08", "curse": "C02"})
    assert [v["curse"] for v in s.violations] == ["C02"]
    assert s.scores == [0, 0, 0, 0] and not [e for e in events if e.kind == "curse_interrupted"]
    assert s.cdeck[0] == CURSE_INDEX["C02"] and s.curse_claims == 0
