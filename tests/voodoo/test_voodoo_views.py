"""What each seat sees (R69-R71, spec §8), resampling, and the terminal rendering."""

import json
import random

from voodoo_helpers import act, clear_hands, curse_on, emote, give, new, roll, to_phase2

from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo import rules
from hexbox.games.voodoo.cards import CURSE_INDEX
from hexbox.games.voodoo.curses import required_emotes, violations_of
from hexbox.games.voodoo.views import render


def test_R69_curses_in_play_and_the_log_are_public():
    # cites R69
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "C05", 2, 0)
    emote(s, 0, "howl")
    act(s, 0, {"kind": "say", "phrase": "mwahaha", "voice": "croak"})
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 1, "pay": "BA BA"})
    spectator = s.observe(None)
    assert {c["curse"] for c in spectator["curses_in_play"]} == {"C04", "C05"}
    kinds = [e["kind"] for e in spectator["log"]]
    assert kinds[:3] == ["emote", "say", "roll"] and "cast" in kinds and "points" in kinds
    assert json.loads(json.dumps(spectator)) == spectator


def test_R70_no_duty_list_in_call_out_mode():
    # cites R70
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # broken
    for seat in (None, 0, 1):
        obs = s.observe(seat)
        assert obs["violations"] is None and "duties" not in obs
    text = json.dumps(s.observe(0))
    assert "broken" not in text


def test_R71_violations_of_judges_from_the_observation():
    # cites R71
    s = new()
    clear_hands(s)
    curse_on(s, "C05", 1, 0)  # cluck before rolling
    curse_on(s, "C03", 2, 0)  # falsetto only
    obs = s.observe(0)
    assert rules.violations_of is violations_of
    assert violations_of(obs, 0, A.ROLL) == ["C05"]
    assert required_emotes(obs, 0, A.ROLL) == [A.EMOTE[1]]
    say = next(a for a in s.legal_actions(0) if a.kind == "say" and a.voice == "normal")
    assert violations_of(obs, 0, say) == ["C03"]
    emote(s, 0, "cluck")
    assert violations_of(s.observe(0), 0, A.ROLL) == []


def test_R71_observed_echo_duties_match_the_engine():
    # cites R71
    s = new()
    curse_on(s, "C08", 0, 1)  # seat 1 caws when another player rolls
    roll(s, "PU PU PU PU PU")
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    act(s, 0, A.DONE)
    assert violations_of(s.observe(1), 1, A.ROLL) == ["C08"]


def test_hands_are_secret_and_revealed_at_the_end():
    s = new(players=3, seed=5)
    mine = s.observe(0)["my_curses"]
    assert len(mine) == 1 and "my_curses" not in s.observe(None)
    assert s.observe(1)["hands"][0] == {"seat": 0, "curses": 1, "artefacts": 0, "known_curses": []}
    s._gain(0, 11)
    assert s.is_over and s.observe(1)["all_hands"][0]["curses"] == mine


def test_resample_keeps_what_the_seat_knows_and_redeals_the_rest():
    s = new(players=4, seed=8)
    clear_hands(s)
    give(s, 0, "A11")
    give(s, 2, "C04")
    give(s, 3, "C05", "C06")
    to_phase2(s, "PU PU PU PU PU")
    act(s, 0, {"kind": "use_artefact", "artefact": "A11", "curse": "", "target": 2, "dice": "", "face": "",
               "face_to": ""})
    rng = random.Random(1)
    changed = False
    for _ in range(20):
        w = s.resample(2, rng)
        assert w.observe(2) == s.observe(2) and w.observe(None) == s.observe(None)
        assert CURSE_INDEX["C04"] in w.hand[0]  # seat 2 knows seat 0 took its C04
        changed |= sorted(w.hand[3]) != sorted(s.hand[3])
    assert changed


def test_render_shows_table_and_free_actions_are_legal():
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "A12")
    curse_on(s, "C05", 1, 0)
    text = render(s.observe(0))
    assert "Free actions" in text and "cluck" in text and "Curse you!" in text and "falsetto" in text
    assert "Voodoo" in text and "Banshee Wail" in text and "Cockle Cluck" in text and "seat 0 (you" in text
    legal = s.legal_actions(0)
    assert any(a.kind == "emote" for a in legal) and any(a.kind == "say" for a in legal)
    assert str(A.EMOTE[1]) == "cluck!" and "Curse you!" in str(A.SAY[18])
    assert render(s.observe(None))
