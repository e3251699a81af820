"""Prowl's reading of opponents as the normal bot (opponent.py): what it weighs, and that it finds clans."""

import importlib.util
import random
from collections import Counter
from pathlib import Path

from prowl_helpers import assert_worlds_keep_what_the_seat_knows, normal_game

from hexbox.core import View
from hexbox.games.prowl import actions as A
from hexbox.games.prowl import heuristic, opponent
from hexbox.games.prowl.cards import CARD_CLAN, CARDS, CLAN_INDEX, CLANS


def position(seed=3, moves=10):
    return normal_game(seed, moves)


def test_the_set_up_rule_is_the_normal_bots():
    rng = random.Random(5)
    for _ in range(300):
        held = rng.sample(range(len(CARDS)), 6)
        track = rng.sample(range(4), 4)
        obs = {"private": {"hand": [CARDS[c].id for c in held]}, "public": {"track": [CLANS[k].id for k in track]}}
        height = {k: 3 - i for i, k in enumerate(track)}
        laid = heuristic.choose_clan_card(obs, [A.SET_CLAN[c] for c in held])
        assert laid == A.SET_CLAN[opponent.setup_card(held, height)]


def of_clan(clan, count):
    return [c.index for c in CARDS if c.clan == CLAN_INDEX[clan] and not c.leader][:count]


def test_a_play_is_likelier_of_ones_own_clan_when_it_is_low():
    played = max(range(len(CARDS)), key=lambda c: opponent.PLAY_CARD_OWN[c])
    mine = CARD_CLAN[played]
    other = (mine + 1) % 4
    hand = [played] + [c.index for c in CARDS if c.clan == other][:2]
    height = [3, 3, 3, 3]
    height[mine] = 0
    height[(mine + 2) % 4], height[(mine + 3) % 4] = 1, 2
    assert opponent.turn_likelihood("play", played, hand, mine, height) > \
        2 * opponent.turn_likelihood("play", played, hand, other, height)
    # and a card of one's clan is rarely thrown away to accuse
    assert opponent.turn_likelihood("accuse", played, hand, mine, height) < \
        opponent.turn_likelihood("accuse", played, hand, other, height)


def test_a_set_up_the_normal_bot_would_not_have_made_weighs_little():
    autumn = of_clan("autumn", 4)
    spring = of_clan("spring", 2)
    record = opponent.Record(1, [], True, 0)
    start = {0: 0, 1: 1, 2: 2, 3: 3}
    rule = opponent.likelihood(record, autumn[1:] + spring, autumn[0], start)  # backs the clan it holds most
    other = opponent.likelihood(record, autumn + spring[1:], spring[0], start)
    assert rule > 0.9 and other < 0.05


def test_worlds_keep_what_the_seat_knows():
    st = position()
    assert_worlds_keep_what_the_seat_knows(st, opponent.determinizer(View.of(st, 0)))


def right_clans(make, seeds=range(4), draws=100):
    right = 0
    for seed in seeds:
        st = position(seed)
        view = View.of(st, 0)
        draw = make(view)
        rng = random.Random(seed)
        for _ in range(draws):
            w = draw(rng)
            right += sum(w.clan_of(p) == st.clan_of(p) for p in (1, 2, 3))
    return right


def test_the_reading_finds_the_clans_of_normal_bots_far_more_often_than_uniform_worlds(monkeypatch):
    read = right_clans(opponent.determinizer)
    uniform = right_clans(lambda view: view.sample)
    assert read > 1.3 * uniform, (read, uniform)
    # the same draws with every likelihood ignored are uniform worlds again: the weights are what finds the clans
    monkeypatch.setattr(opponent, "likelihood", lambda *args: 1.0)
    ignored = right_clans(opponent.determinizer)
    assert ignored < 1.15 * uniform, (read, ignored, uniform)


def test_root_actions_leave_out_only_unlikely_accusations(monkeypatch):
    st = position(2)
    view = View.of(st, 0)
    legal = view.legal_actions
    assert any(a.kind == "accuse" for a in legal)
    monkeypatch.setattr(opponent, "ACCUSE_AT", 1.01)  # no accusation is that sure
    assert opponent.root_actions(view, legal) == [a for a in legal if a.kind != "accuse"]
    monkeypatch.setattr(opponent, "ACCUSE_AT", 0.0)
    assert opponent.root_actions(view, legal) == legal


def test_the_oracle_bound_gives_true_clans_and_keeps_every_card():
    path = Path(__file__).resolve().parents[2] / "benchmarks" / "prowl_reading.py"
    spec = importlib.util.spec_from_file_location("prowl_reading", path)
    reading = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(reading)
    st = position(3, moves=6)
    view = View.of(st, 0)
    everything = Counter(st.box + [c for h in st.hands for c in h] + [c for c in st.clan_card if c >= 0])
    rng = random.Random(4)
    for share, right in ((1.0, True), (0.0, False)):
        draw = reading.oracle(view, share)
        worlds = [draw(rng) for _ in range(30)]
        for w in worlds:
            assert Counter(w.box + [c for h in w.hands for c in h] + [c for c in w.clan_card if c >= 0]) == everything
            assert w.hands[0] == st.hands[0]
        true = all(w.clan_card[p] == st.clan_card[p] for w in worlds for p in (1, 2, 3))
        assert true == right
