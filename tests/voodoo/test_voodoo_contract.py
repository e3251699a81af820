"""Voodoo under core's contract: the gate and RULES, the published schema, words per viewer, declared hooks."""

import json
import random

import pytest
from voodoo_helpers import ScriptedRng, act, black_candle_window, clear_hands, give, new

import hexbox
from hexbox.core import HOOKS, IllegalAction
from hexbox.core.schema import validate
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo import words
from hexbox.games.voodoo.state import RESULT_KINDS, VoodooState

SETUPS = [(c["players"], {k: v for k, v in c.items() if k != "players"})
          for c in hexbox.game_info("voodoo").conformance]


def random_game(players, options, seed):
    """(state before, seat, action) along a random game: a random kind of action, then one of that kind."""
    s = hexbox.load("voodoo", players=players, **options).new_state(seed=seed)
    rng = random.Random(seed)
    while not s.is_over:
        seat = rng.choice(s.actors)
        legal = s.legal_actions(seat)
        kind = rng.choice(sorted({a.kind for a in legal}))
        action = rng.choice([a for a in legal if a.kind == kind])
        yield s, seat, action
        s.apply(seat, action)


def accepted(state, seat, action) -> bool:
    check, _ = VoodooState.RULES[type(action)]
    try:
        check(state, seat, action)
    except IllegalAction as exc:
        assert exc.reason
        return False
    return True


def test_every_action_kind_has_a_rule():
    assert set(VoodooState.RULES) == {type(a) for a in A.SPACE.actions}
    assert all(callable(check) for check, _ in VoodooState.RULES.values())


@pytest.mark.parametrize("players, options", SETUPS[::3])
def test_checks_accept_exactly_the_legal_actions(players, options):
    seen_phases = set()
    for n, (s, _, _) in enumerate(random_game(players, options, seed=21)):
        if n % (15 if s.phase_name in ("phase1", "phase2") else 2):  # the rarer windows more often
            continue
        seen_phases.add(s.phase_name)
        before = json.dumps([s.observe(v) for v in (*range(players), None)], sort_keys=True)
        for actor in s.actors:
            legal = {id(a) for a in s.legal_actions(actor)}
            for a in A.SPACE.actions:
                assert accepted(s, actor, a) == (id(a) in legal), (s.phase_name, actor, a)
        assert json.dumps([s.observe(v) for v in (*range(players), None)], sort_keys=True) == before
    assert {"phase1", "bag_window", "phase2", "curse_response"} <= seen_phases
    assert ("claim_window" in seen_phases) == (options["claim_mode"] == "call_out")


def test_the_gate_refuses_before_anything_changes():
    s = new()
    with pytest.raises(IllegalAction, match="no seat 7"):
        s.legal_actions(7)
    with pytest.raises(IllegalAction, match="may not act"):
        s.apply(2, A.ROLL)
    with pytest.raises(IllegalAction):
        s.apply(0, {"kind": "roll"})
    copy = A.Roll()  # an equal copy is taken for the shared instance
    assert s.apply(0, copy)[0].kind == "rolled" and s.rolled
    with pytest.raises(IllegalAction, match="rolled already"):
        s.apply(0, A.ROLL)


@pytest.mark.parametrize("players, options", SETUPS)
def test_observations_match_the_published_schema_and_public_is_shared(players, options):
    for n, (s, _, _) in enumerate(random_game(players, options, seed=players)):
        if n % 5:
            continue
        shared = None
        for viewer in (*range(players), None):
            obs = s.observe(viewer)
            validate(obs, "voodoo")
            text = json.dumps(obs["public"], sort_keys=True)
            assert shared is None or text == shared, "public differs between viewers"
            shared = text
    final = s.observe(None)
    validate(final, "voodoo")
    assert final["result"]["kind"] in RESULT_KINDS


def test_hooks_and_result_kinds_are_declared():
    info = hexbox.game_info("voodoo")
    # nobody leaves a game of Voodoo before its end (no "out"), and its end is the scores every seat already sees (no
    # "reveal"); its label marks a move that breaks a curse in force on the mover
    offered = set(HOOKS) - {"out", "reveal"}
    assert set(info.hooks) == offered
    for name in offered:
        assert info.hook(name) is not None
    assert info.result_kinds == RESULT_KINDS
    advice = info.hook("advice")
    assert callable(advice.win_chances) and callable(advice.search_actions) and advice.ISMCTS_DEFAULTS


# ---- words ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, options", SETUPS[::2])
def test_every_noticed_move_is_told_and_words_need_no_secret(players, options):
    rng = random.Random(players)
    kinds = set()
    for n, (s, seat, action) in enumerate(random_game(players, options, seed=40 + players)):
        events = s.clone().apply(seat, action)
        assert any(e.public for e in events), f"{action} made no public event"
        kinds |= {e.kind for e in events}
        if n % 3:
            continue
        for viewer in (*range(players), None):
            told = s.describe(events, viewer)
            assert told and all(line and line[0].isupper() for line in told), (action, told)
            if viewer is not None and not s.is_over:  # the same words in a world resampled for the viewer
                assert s.resample(viewer, rng).describe(events, viewer) == told
    assert {"turn", "rolled", "cast", "curse_in_play", "points", "emote", "say", "doll_passed", "done"} <= kinds


def test_every_event_kind_has_a_sentence():
    s = new()
    emitted = {"turn", "rolled", "rerolled", "bag_complete", "drew_curse", "drew_artefact", "card", "cast",
               "curse_in_play", "points", "game_over", "permanent_curse", "violation", "curse_interrupted",
               "curse_discarded", "consequence", "emote", "say", "doll_passed", "claim", "artefact_used", "candle",
               "candle_done", "candle_kept", "curse_stolen", "stolen", "done"}
    samples = {
        "turn": {"active": 1, "turn": 3}, "rolled": {"seat": 1, "dice": 5, "bag": "PU PU SK ST GH"},
        "rerolled": {"seat": 1, "drop": "PU", "dice": "SK", "bag": "PU SK ST"},
        "bag_complete": {"seat": 1, "bag": "PU"}, "drew_curse": {"seat": 1, "count": 2},
        "drew_artefact": {"seat": 1}, "card": {"seat": 0, "curse": "C04"},
        "cast": {"caster": 1, "curse": "C04", "name": "Banshee Wail", "text": "", "target": 0, "pay": "BA BA"},
        "curse_in_play": {"curse": "E01", "caster": 1, "victim": -1}, "points": {"seat": 1, "gain": 1, "score": 4},
        "game_over": {"winners": [0, 2], "scores": {"0": 5, "1": 3, "2": 5}, "reason": "", "kind": "turn_cap"},
        "permanent_curse": {"seat": 1, "skull": 3, "permanent": "P01"},
        "violation": {"curse": "C05", "victim": 0, "caster": 1},
        "curse_interrupted": {"curse": "C05", "caster": 1, "by": 0, "points": 2}, "curse_discarded": {"curse": "C05"},
        "consequence": {"seat": 0, "permanent": "P07", "consequence": "discard_curse", "curse": "C04"},
        "emote": {"seat": 0, "emote": "cluck"}, "say": {"seat": 2, "phrase": "oops", "voice": "hiss"},
        "doll_passed": {"seat": 3, "to": 0}, "claim": {"seat": 1, "curse": "C05", "true": False, "lost": 1},
        "artefact_used": {"seat": 1, "artefact": "A11", "curse": "", "target": 0, "dice": "", "face": "",
                          "face_to": ""},
        "candle": {"seat": 0, "cards": ["C01", "C02", "C03"]}, "candle_done": {"seat": 1, "bottom": 2},
        "candle_kept": {"seat": 0, "keep": "C01", "bottom": ["C03", "C02"]},
        "curse_stolen": {"thief": 1, "from": 0, "taken": False}, "stolen": {"thief": 1, "from": 0, "curse": "C04"},
        "done": {"seat": 2, "window": "claim_window"},
    }
    assert set(samples) == emitted
    from hexbox.core import Event
    for kind, data in samples.items():
        for viewer in (0, 1, None):
            text = words.sentence(s, Event(kind, data), viewer, set())
            assert text and text[0].isupper() and text.rstrip("”").endswith((".", "!", "?")), (kind, text)
    told = words.sentence(s, Event("game_over", samples["game_over"]), 0, set())
    assert told == "The game ends at the turn cap of 300 turns: you and seat 2 win with 5 points."


def test_black_candle_choices_look_alike_to_the_others():
    s = black_candle_window()
    told = {}
    for choice in s.legal_actions(0):
        if choice.kind != "keep_card":
            continue
        world = s.clone()
        events = world.apply(0, choice)
        for viewer in (1, 2, 3, None):
            seen = (tuple(world.describe(events, viewer)), json.dumps(world.observe(viewer)["public"], sort_keys=True))
            told.setdefault(viewer, set()).add(seen)
        assert len({line for line in world.describe(events, 0)}) == 1
    assert all(len(v) == 1 for v in told.values())  # six choices, one story for everyone but the user
    assert next(iter(told[1]))[0] == ("Seat 0 keeps one of them and puts 2 at the bottom of the Curse deck.",)


def check_all_actions(s):
    for actor in s.actors:
        legal = {id(a) for a in s.legal_actions(actor)}
        for a in A.SPACE.actions:
            assert accepted(s, actor, a) == (id(a) in legal), (s.phase_name, actor, a)


def test_checks_agree_with_the_legal_list_in_the_rare_windows():
    # Black Candle's choice (V3), and V4 opened by Smellin' Doll on the bag's own owner inside V2
    s = black_candle_window()
    assert s.phase_name == "candle"
    check_all_actions(s)
    s = new()
    clear_hands(s)
    give(s, 2, "A01", "C04")
    give(s, 0, "A07")
    s.rng = ScriptedRng("BA BA PU PU PU")
    act(s, 0, A.ROLL)
    act(s, 0, A.KEEP)
    check_all_actions(s)
    act(s, 2, {"kind": "use_artefact", "artefact": "A01", "curse": "C04", "target": 0, "dice": "BA BA"})
    assert s.phase_name == "curse_response" and s.actors == (0,) == (s.active,)
    check_all_actions(s)


def test_closing_a_window_is_told_to_everyone():
    s = new()
    clear_hands(s)
    give(s, 1, "A12")
    s.rng = ScriptedRng("PU PU PU PU PU")
    act(s, 0, A.ROLL)
    act(s, 0, A.KEEP)
    events = act(s, 1, A.DONE)
    assert [e.to_json() for e in events] == [{"kind": "done", "data": {"seat": 1, "window": "bag_window"}, "to": None}]
    assert s.describe(events, None) == ["Seat 1 lets the completed bag go."]
    assert s.describe(events, 1) == ["You let the completed bag go."]
