"""What each seat sees (R69-R71, docs/games/voodoo.md 'Hidden information'), resampling, and the terminal rendering."""

import json
import random

import pytest
from voodoo_helpers import (
    act,
    black_candle_window,
    clear_hands,
    curse_on,
    emote,
    give,
    new,
    permanent_on,
    private,
    public,
    roll,
    to_phase2,
)

import hexbox
from hexbox.core import View
from hexbox.games.voodoo import actions as A
from hexbox.games.voodoo.cards import CURSE_INDEX, CURSES, PERMANENTS
from hexbox.games.voodoo.curses import (
    KIND,
    ObservedContext,
    bound_from,
    card_id,
    card_index,
    find_violations,
    pending_duties,
    required_emotes,
    violations_of,
)
from hexbox.games.voodoo.heuristic import Heuristic
from hexbox.games.voodoo.phases import CANDLE, PHASE1, PHASE2
from hexbox.games.voodoo.render import render


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
    assert spectator["private"] is None
    pub = spectator["public"]
    assert {c["curse"] for c in pub["curses_in_play"]} == {"C04", "C05"}
    kinds = [e["kind"] for e in pub["log"]]
    assert kinds[:3] == ["emote", "say", "roll"] and "cast" in kinds and "points" in kinds
    assert json.loads(json.dumps(spectator)) == spectator
    assert all(s.observe(seat)["public"] == pub for seat in range(4))  # the same for every viewer


def test_R70_no_duty_list_in_call_out_mode():
    # cites R70
    s = new()
    curse_on(s, "C05", 1, 0)
    roll(s, "PU PU PU PU PU")  # broken
    for seat in (None, 0, 1):
        obs = s.observe(seat)
        assert obs["public"]["violations"] is None and "duties" not in obs["public"]
        assert obs["private"] is None or "duties" not in obs["private"]
    text = json.dumps(s.observe(0))
    assert "broken" not in text


def test_R71_violations_of_judges_from_the_observation():
    # cites R71
    s = new()
    clear_hands(s)
    curse_on(s, "C05", 1, 0)  # cluck before rolling
    curse_on(s, "C03", 2, 0)  # falsetto only
    obs = s.observe(0)
    assert violations_of(obs, 0, A.ROLL) == ["C05"]
    assert violations_of(s.observe(None), 0, A.ROLL) == ["C05"]  # public information only: a spectator agrees
    assert required_emotes(obs, 0, A.ROLL) == [A.EMOTE[1]]
    say = next(a for a in s.legal_actions(0) if a.kind == "say" and a.voice == "normal")
    assert violations_of(obs, 0, say) == ["C03"]
    emote(s, 0, "cluck")
    assert violations_of(s.observe(0), 0, A.ROLL) == []


def observed_duties(s, seat=None):
    pub = s.observe(seat)["public"]
    return pending_duties(pub, bound_from(pub))


def test_R71_observed_echo_duties_match_the_engine():
    # cites R54, R71: seat 1 owes a caw for seat 0's roll; the observation shows the engine's duty, and the
    # public checker finds the engine's violation
    s = new()
    curse_on(s, "C08", 0, 1)  # seat 1 caws when another player rolls
    assert observed_duties(s) == s.duties == 0
    roll(s, "PU PU PU PU PU")
    duty = 1 << (8 * CURSE_INDEX["C08"] + 1)
    assert s.duties == duty and all(observed_duties(s, v) == duty for v in (None, 0, 1, 2, 3))
    act(s, 0, A.KEEP)
    act(s, 0, A.PASS_DOLL)
    act(s, 0, A.DONE)
    assert violations_of(s.observe(1), 1, A.ROLL) == engine_violations(s, 1, A.ROLL) == ["C08"]
    caw = next(a for a in A.EMOTE if a.emote == "caw")
    assert required_emotes(s.observe(1), 1, A.ROLL) == [caw]  # an echo duty is obeyed by its emote too
    emote(s, 1, "caw")  # the emote obeys: neither finds a violation now, and the duty is still pending
    assert violations_of(s.observe(1), 1, A.ROLL) == engine_violations(s, 1, A.ROLL) == []
    roll(s, "PU PU PU PU PU")  # seat 1's own act ends its duty
    assert observed_duties(s) == s.duties == 0


def test_R54_R71_an_echo_curse_cast_after_the_event_owes_nothing():
    # cites R54, R71: the roll came before Morrigan's Caw bound seat 1, so seat 1 owes no caw
    s = new()
    clear_hands(s)
    give(s, 0, "C08")
    to_phase2(s, "CR CR SK PU PU")
    act(s, 0, {"kind": "cast", "curse": "C08", "target": 1, "pay": "SK CR CR"})
    act(s, 0, A.PASS_DOLL)
    act(s, 0, A.DONE)
    assert violations_of(s.observe(1), 1, A.ROLL) == [] and not s.duties


def test_R54_R71_an_old_duty_is_still_seen_after_two_turns():
    # cites R54, R71: Evvivam's victim owes a cheer for points scored two turns before it acts again
    s = new()
    clear_hands(s)
    give(s, 0, "C04")
    curse_on(s, "E02", 1, 3)  # seat 3 cheers whenever another player scores
    to_phase2(s, "BA BA PU PU PU")
    act(s, 0, {"kind": "cast", "curse": "C04", "target": 2, "pay": "BA BA"})  # seat 0 scores
    for seat in (0, 1, 2):
        assert s.active == seat
        if seat:
            to_phase2(s, "PU PU PU PU PU")
        act(s, seat, A.PASS_DOLL)
        while s.phase == 4:
            act(s, s.actors[0], A.DONE)
    assert s.active == 3
    assert violations_of(s.observe(3), 3, A.ROLL) == ["E02"]
    s.main = True
    assert find_violations(s, 3, A.ROLL) == [CURSE_INDEX["E02"]]


def engine_violations(s, seat, action):
    """What R56 step (1) would find for ``seat``'s next act (the engine sets main and bag_complete first)."""
    saved = s.main, s.bag_complete
    s.main = action.kind != "say" and seat == s.active and s.phase in (PHASE1, PHASE2, CANDLE)
    s.bag_complete = s.phase in (PHASE2, CANDLE)
    try:
        return [card_id(c) for c in find_violations(s, seat, action)]
    finally:
        s.main, s.bag_complete = saved


@pytest.mark.parametrize("players, mode, seed, bots", [
    (3, "call_out", 1, True), (4, "automatic", 2, True), (5, "call_out", 3, False), (6, "call_out", 4, True),
    (4, "call_out", 5, False), (6, "automatic", 6, False),
])
def test_R71_the_observation_checker_agrees_with_the_engine_along_whole_games(players, mode, seed, bots):
    # cites R71: for every act the mover considers, the public checker finds exactly the engine's violations
    s = hexbox.load("voodoo", players=players, claim_mode=mode, max_turns=60).new_state(seed=seed)
    rng = random.Random(seed)
    bot = Heuristic()
    checked = 0
    while not s.is_over:
        seat = rng.choice(s.actors)
        legal = s.legal_actions(seat)
        obs = s.observe(seat)
        for a in rng.sample(legal, min(12, len(legal))):
            assert sorted(violations_of(obs, seat, a)) == sorted(engine_violations(s, seat, a)), (s.steps, a)
            checked += 1
        if bots:
            action = bot.act(View.of(s, seat), rng)
        else:
            kind = rng.choice(sorted({a.kind for a in legal}))
            action = rng.choice([a for a in legal if a.kind == kind])
        s.apply(seat, action)
    assert checked > 1000


@pytest.mark.parametrize("players, seed", [(3, 21), (4, 22), (5, 23), (6, 24), (4, 25)])
def test_R71_in_call_out_mode_with_permanents_the_checker_agrees_on_every_legal_action(players, seed):
    # cites R52, R54, R71: every permanent curse and a few curses of every kind bind the seats from the start; at
    # every step, for every seat that may act and every legal action, the public checker finds exactly the
    # engine's violations, and the duties worked out from any seat's observation are the engine's
    s = hexbox.load("voodoo", players=players, claim_mode="call_out", max_turns=30,
                    first_seat=0).new_state(seed=seed)
    rng = random.Random(seed)
    for i, perm in enumerate(PERMANENTS):
        permanent_on(s, perm.id, (i + seed) % players)
    for curse in rng.sample([c.id for c in CURSES if c.rule.kind in ("echo", "target", "limit", "ritual")], 8):
        if all(curse not in h for h in s.hand):
            caster = rng.randrange(players)
            curse_on(s, curse, caster, rng.choice([-1, (caster + 1 + rng.randrange(players - 1)) % players]))
    phases, kinds_seen, checked = set(), set(), 0
    while not s.is_over:
        viewer = rng.choice([None, *range(players)])
        assert observed_duties(s, viewer) == s.duties, s.steps
        for seat in s.actors:
            obs = s.observe(seat)
            seen = ObservedContext(obs, seat)  # what violations_of rebuilds on every call, built once here
            legal = s.legal_actions(seat)
            for a in legal:
                found = engine_violations(s, seat, a)
                assert sorted(map(card_id, find_violations(seen, seat, a))) == sorted(found), (s.steps, seat, a)
                checked += 1
                kinds_seen |= {KIND[card_index(v)] for v in found}
            a = rng.choice(legal)
            assert sorted(violations_of(obs, seat, a)) == sorted(engine_violations(s, seat, a))
        phases.add(s.phase_name)
        seat = rng.choice(s.actors)
        legal = s.legal_actions(seat)
        kind = rng.choice(sorted({a.kind for a in legal}))
        s.apply(seat, rng.choice([a for a in legal if a.kind == kind]))
    assert phases >= {"phase1", "phase2", "bag_window", "claim_window"}
    assert checked > 2000 and len(kinds_seen) >= 5  # of the six kinds: the games break most of them


def test_hands_are_secret_and_revealed_at_the_end():
    s = new(players=3, seed=5)
    mine = private(s, 0)["my_curses"]
    assert len(mine) == 1 and s.observe(None)["private"] is None
    assert public(s, 1)["hands"][0] == {"seat": 0, "curses": 1, "artefacts": 0, "known_curses": []}
    assert public(s)["all_hands"] is None
    s._gain(0, 11)
    assert s.is_over and public(s, 1)["all_hands"][0]["curses"] == mine


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


def discard_two_curses_face_up():
    """Seat 1 claims C05 and seat 2 Gris-Gris-es C04 away: both go face up to the bottom of the Curse deck."""
    s = new(players=4, seed=3)
    clear_hands(s)
    give(s, 0, "A08")
    curse_on(s, "C05", 1, 0)
    curse_on(s, "C04", 2, 0)
    roll(s, "PU PU PU PU PU")  # forgot to cluck: C05 broken
    act(s, 0, A.KEEP)
    act(s, 0, {"kind": "use_artefact", "artefact": "A08", "curse": "C04", "target": -1, "dice": "", "face": "",
               "face_to": ""})
    act(s, 0, A.PASS_DOLL)
    act(s, 1, {"kind": "claim", "curse": "C05"})
    return s


def test_spectator_sees_the_known_order_at_the_bottom_of_the_decks():
    # docs/games/voodoo.md: cards put at the bottom in public have a known order, for the spectator too
    s = discard_two_curses_face_up()
    assert s.cdeck[:2] == [CURSE_INDEX["C05"], CURSE_INDEX["C04"]]
    for viewer in (None, 0, 1, 2, 3):
        pub = public(s, viewer)
        assert pub["curse_deck"]["known"] == [[0, "C05"], [1, "C04"]]
        assert pub["artefact_deck"]["known"][0] == [0, "A08"]
    assert all(private(s, seat)["curse_deck_known"] == [] for seat in range(4))


def test_resample_keeps_the_public_bottom_of_the_decks():
    # docs/games/voodoo.md, Hidden information: the unknown part of a deck is only the part above its public bottom
    s = discard_two_curses_face_up()
    rng = random.Random(4)
    shuffled = False
    for seat in range(4):
        for _ in range(10):
            w = s.resample(seat, rng)
            assert w.cdeck[:2] == s.cdeck[:2] and w.adeck[0] == s.adeck[0]
            assert w.observe(None) == s.observe(None)
            shuffled |= w.cdeck[2:] != s.cdeck[2:]
    assert shuffled


def test_black_candle_bottom_is_kept_for_its_user_and_redealt_for_the_others():
    s = black_candle_window()
    act(s, 0, A.KEEP_CARD[s.candle[0], s.candle[1]])
    bottom = s.cdeck[:2]
    rng = random.Random(5)
    assert all(s.resample(0, rng).cdeck[:2] == bottom for _ in range(10))
    assert any(s.resample(1, rng).cdeck[:2] != bottom for _ in range(10))


def test_render_shows_table_and_free_actions_are_legal():
    s = new()
    clear_hands(s)
    give(s, 0, "C04", "A12")
    curse_on(s, "C05", 1, 0)
    emote(s, 0, "cluck")
    text = render(s.observe(0))
    # the emotes and phrases are offered in the list of moves; the table says so in one line, for a 45-line screen
    # (23: "cluck" is already used this turn)
    assert "Free actions: 23 emotes to perform, or say one of 12 phrases" in text and "“speak or emote” below" in text
    assert "howl" not in text and "falsetto" not in text
    assert "Voodoo" in text and "Banshee Wail" in text and "Cockle Cluck" in text and "seat 0 (you" in text
    # the log is the terminal's "Since your last move", not printed twice
    assert "performs" not in text and "You perform" not in text
    legal = s.legal_actions(0)
    assert any(a.kind == "emote" for a in legal) and any(a.kind == "say" for a in legal)
    assert str(A.EMOTE[1]) == "cluck!" and "Curse you!" in str(A.SAY[18])


def test_render_of_a_finished_game_and_of_public_bottom_cards():
    s = discard_two_curses_face_up()
    assert "Curse deck, known from the bottom: Cockle Cluck, Banshee Wail" in render(s.observe(None))
    s._gain(1, 11)
    assert "Game over" in render(s.observe(None)) and "Game over" in render(s.observe(2))


def test_R71_required_emotes_for_the_acting_seat_cover_rituals_of_its_own_turn_only():
    s = new()
    curse_on(s, "C02", 1, 0)  # Dormy Bambyn: seat 0 snores before every act of its own turn
    curse_on(s, "C05", 2, 0)  # Cockle Cluck: seat 0 clucks before rolling
    curse_on(s, "E03", 1, 2)  # a pass_doll ritual of seat 2, not the roller
    want = [a for a in A.EMOTE if a.emote in ("snore", "cluck")]
    assert sorted(required_emotes(s.observe(0), 0, A.ROLL), key=A.EMOTE.index) == want
    assert required_emotes(s.observe(None), 0, A.ROLL) == required_emotes(s.observe(0), 0, A.ROLL)
    curse_on(s, "C03", 1, 0)  # a speech rule asks for no emote
    assert {a.emote for a in required_emotes(s.observe(0), 0, A.ROLL)} == {"snore", "cluck"}


def test_black_candle_cards_are_redealt_for_the_others_and_kept_for_their_user():
    # while seat 0 chooses, the three cards it looks at are its own knowledge: another seat's world deals them anew
    # from the unseen cards, seat 0's world keeps them
    s = black_candle_window()
    rng = random.Random(7)
    assert all(s.resample(0, rng).candle == s.candle for _ in range(10))
    others = [s.resample(2, rng) for _ in range(20)]
    assert any(w.candle != s.candle for w in others)
    for w in others:
        assert len(w.candle) == len(s.candle) and w.observe(2) == s.observe(2)
        assert sorted(w.candle + tuple(w.cdeck) + tuple(c for h in w.hand for c in h)) == sorted(
            s.candle + tuple(s.cdeck) + tuple(c for h in s.hand for c in h))


def test_a_resampled_world_has_its_own_generator_and_plays_on_in_a_clone():
    s = new(players=4, seed=3)
    w = s.resample(1, random.Random(2))
    assert w.rng.getstate() != s.rng.getstate()
    twin = w.clone()
    twin.apply(0, A.ROLL)
    assert twin.rolled and not w.rolled


@pytest.mark.parametrize("where, expected", [
    ("start", "roll"), ("rolled", "keep"), ("phase2", "pass_doll"), ("window", "done"), ("candle", "keep_card"),
])
def test_default_actions_are_the_safe_ones_of_each_moment(where, expected):
    # the action taken for a seat that does not choose (hotseat timeouts, bots' fallback): roll, then keep what
    # was rolled, pass the doll, close a window, keep Black Candle's first choice
    s = black_candle_window() if where == "candle" else new()
    if where == "rolled":
        roll(s, "PU PU PU PU PU")
    elif where == "phase2":
        to_phase2(s, "PU PU PU PU PU")
    elif where == "window":
        clear_hands(s)
        give(s, 2, "A12")
        roll(s, "PU PU PU PU PU")
        act(s, 0, A.KEEP)
    seat = s.actors[0]
    chosen = s.default_action(seat)
    assert chosen.kind == expected and chosen in s.legal_actions(seat)
    if where == "candle":
        assert chosen == s.legal_actions(seat)[0]


def test_in_the_claim_window_the_table_shows_the_doll_with_the_next_player():
    import hexbox

    for seed in range(20):
        state = hexbox.load("voodoo", players=4).new_state(seed)
        rng = random.Random(seed)
        while not state.is_over and state.phase_name != "claim_window":
            seat = rng.choice(state.actors)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.phase_name == "claim_window":
            break
    obs = state.observe(None)
    passer = obs["public"]["active"]
    from rich.text import Text

    text = Text.from_markup(render(obs)).plain
    assert f"seat {(passer + 1) % 4} holds the doll" in text.splitlines()[0]  # R57: it was passed on
    assert f"seat {(passer + 1) % 4} (doll)" in text
