"""The heuristic bot (R72-R75): obeys, forgets at a set rate, notices breaks in the public log."""

import random

import pytest
from voodoo_helpers import ScriptedRng, act, clear_hands, curse_on, give, new, roll, to_phase2

import hexbox
from hexbox.core import View
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.heuristic import Heuristic, breaks_in_log


def blind_view(state, seat):
    """A View whose sampler fails: the bot must decide from the observation and legal actions alone."""
    def no_sampling(rng):
        raise AssertionError("the bot looked for a sampled world")
    return View(seat, state.observe(seat), state.legal_actions(seat), state.game, no_sampling)


def step(bot, state, seat, rng):
    action = bot.act(blind_view(state, seat), rng)
    state.apply(seat, action)
    return action


def test_R72_bot_emotes_before_the_trigger():
    # cites R72
    s = new()
    curse_on(s, "C05", 1, 0)  # cluck before rolling
    bot = Heuristic(forget=0.0)
    rng = random.Random(1)
    first = step(bot, s, 0, rng)
    assert first == A.EMOTE[1]  # cluck
    assert step(bot, s, 0, rng) == A.ROLL
    assert s.violations == []


def test_R72_bot_filters_forbidden_targets_and_limits():
    # cites R72
    s = new(players=4)
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "E08", 2, 0)  # never curse seat 2
    curse_on(s, "C01", 3, 0)  # no re-rolls
    s.scores = [0, 1, 9, 2]  # seat 2 leads: the bot would like to curse it
    bot = Heuristic(forget=0.0)
    rng = random.Random(2)
    roll(s, "ST ST SK CR PU")
    assert step(bot, s, 0, rng).kind == "keep"  # a re-roll would break Fay the Good
    s.bag = [0, 0, 0, 0, 2, 0]
    cast = step(bot, s, 0, rng)
    assert cast.kind == "cast" and cast.target != 2
    assert s.violations == []


def test_R73_bot_breaks_on_purpose_only_when_worth_it():
    # cites R73
    s = new(players=3)
    clear_hands(s)
    give(s, 0, "C12")  # a 3-point curse
    curse_on(s, "C10", 1, 0)  # Mistletoe Knot: never spend a Star (Int 2)
    to_phase2(s, "SK SK BA BA ST")
    bot = Heuristic(forget=0.0)
    assert step(bot, s, 0, random.Random(3)).kind == "cast"  # no Star spent: free to cast
    s = new(players=3)
    clear_hands(s)
    give(s, 0, "C09")  # SK ST *: 2 points, needs a Star
    curse_on(s, "C10", 1, 0)
    to_phase2(s, "SK ST PU GH GH")
    action = step(bot, s, 0, random.Random(3))
    assert action.kind != "cast"  # 2 points are not worth giving 2 away


@pytest.mark.parametrize("forget", [0.0, 1.0])
def test_R74_forget_setting(forget):
    # cites R74
    s = new()
    clear_hands(s)
    curse_on(s, "C05", 1, 0)
    bot = Heuristic(forget=forget)
    rng = random.Random(4)
    while not s.rolled:
        step(bot, s, 0, rng)
    assert [v["curse"] for v in s.violations] == ([] if forget == 0 else ["C05"])


def test_R74_bot_forgets_at_about_its_rate():
    # cites R74
    broke = 0
    for seed in range(200):
        s = new(seed=seed)
        curse_on(s, "C05", 1, 0)
        rng = random.Random(seed)
        bot = Heuristic(forget=0.3)
        while not s.rolled:
            step(bot, s, 0, rng)
        broke += bool(s.violations)
    assert 30 < broke < 95


def notice_setup():
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # seat 0 forgot to cluck
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    return s


def test_R74_notice_reads_the_break_from_the_observation():
    # cites R74
    s = notice_setup()
    obs = s.observe(1)
    assert breaks_in_log(obs, 1) == {"C05"}
    assert step(Heuristic(notice=1.0), s, 1, random.Random(5)).kind == "claim"
    assert s.scores[1] == 2
    s = notice_setup()
    assert step(Heuristic(notice=0.0), s, 1, random.Random(5)) == A.DONE


def test_R74_no_false_claims_by_default():
    # cites R74
    s = new()
    curse_on(s, "C05", 1, 0)
    act(s, 0, {"kind": "emote", "emote": "cluck"})
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert breaks_in_log(s.observe(1), 1) == set()
    assert step(Heuristic(notice=1.0), s, 1, random.Random(6)) == A.DONE


@pytest.mark.parametrize("rule,setup,expect", [
    ("C04", lambda s: roll(s, "PU PU PU PU PU"), {"C04"}),  # ritual before rolling
    ("E09", lambda s: [roll(s, "PU PU PU PU PU"), act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"}),
                       act(s, 0, {"kind": "reroll", "drop": "PU", "dice": "PU"})], {"E09"}),  # limit
    ("H10", lambda s: [roll(s, "SK SK PU PU PU"), act(s, 0, A.KEEP),
                       act(s, 0, {"kind": "draw_curse", "pay": "SK SK"})], {"H10"}),  # payment
])
def test_R74_breaks_of_each_kind_are_visible(rule, setup, expect):
    # cites R74
    s = new()
    curse_on(s, rule, 1, 0)
    s.rng = ScriptedRng("PU PU PU PU PU PU PU")
    setup(s)
    if s.phase == 0:
        act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    assert breaks_in_log(s.observe(1), 1) == expect
    assert s.claimable  # the engine agrees


def test_R75_bots_play_whole_games_in_both_modes():
    # cites R75
    for mode in ("automatic", "call_out"):
        s = hexbox.load("voodoo", players=4, claim_mode=mode).new_state(seed=7)
        bots = [Heuristic(forget=0.1, notice=0.8) for _ in range(4)]
        rng = random.Random(7)
        for _ in range(20000):
            if s.is_over:
                break
            seat = s.actors[0]
            step(bots[seat], s, seat, rng)
        assert s.is_over and max(s.scores) >= 11


def test_R66_speech_is_only_the_phrase_book():
    # cites R66
    kinds = {a.kind for a in A.SPACE.actions}
    assert kinds >= {"emote", "say"} and not kinds & {"chat", "message", "text"}
    phrases = {a.phrase for a in A.SPACE.actions if a.kind == "say"}
    assert len(phrases) == 12
    with pytest.raises(ValueError):
        hexbox.load("voodoo", players=4).parse_action({"kind": "say", "phrase": "free text", "voice": "normal"})


def test_R74_acts_before_a_curse_landed_are_not_breaks():
    # cites R64, R74: a curse turned back by Mirror Gourd binds its old caster only from then on
    s = new()
    clear_hands(s)
    give(s, 0, "C10")  # Mistletoe Knot (never spend a Star), paid with a Star
    give(s, 1, "A07")
    to_phase2(s, "PU PU ST SK SK")
    act(s, 0, {"kind": "cast", "curse": "C10", "target": 1, "pay": "PU PU ST"})
    act(s, 1, {"kind": "use_artefact", "artefact": "A07", "curse": "", "target": -1, "dice": "", "face": "",
               "face_to": ""})
    act(s, 0, A.PASS_DOLL)
    assert breaks_in_log(s.observe(1), 1) == set() and not s.claimable
    assert step(Heuristic(notice=1.0), s, 1, random.Random(8)) == A.DONE
