"""The fitted belief over teams (belief.py) and the worlds ISMCTS draws from it (worlds=belief).

Histories are built by hand on a seeded table (events appended to the log as the game writes them) and read
through the observation a seat really gets (``View.of``), never the true state.
"""

from __future__ import annotations

import random

import pytest
from growl_helpers import new

from hexbox.core import Event, View, load
from hexbox.games.growl import belief
from hexbox.games.growl.advice import ADVICE
from hexbox.games.growl.heuristic import Heuristic

ME, TARGET, OTHER = 0, 3, 4


def human_table():
    state = new(players=6, seed=1)
    state.wolf = [False, True, False, False, False, True]
    state.zero = state.wolf[:]
    return state


def p_of(state, seat=ME):
    return belief.posterior(View.of(state, seat).observation)


def test_the_weights_are_checked_at_load(tmp_path, monkeypatch):
    bad = tmp_path / "belief.toml"
    bad.write_text('features = ["bias"]\nhuman = [0.0]\nwolf = [0.0]\n')
    monkeypatch.setattr(belief, "PATH", bad)
    belief.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="features"):
            belief.weights()
    finally:
        monkeypatch.undo()
        belief.weights.cache_clear()
    assert set(belief.weights()) == {"human", "wolf"}


def test_the_posterior_concentrates_on_a_seat_bitten_again_and_again():
    state = human_table()
    seen = []
    for _ in range(4):
        seen.append(p_of(state)[TARGET])
        state.log.append(Event("gave", {"seat": 1, "card": "bite", "to": TARGET, "spell": False}))
    seen.append(p_of(state)[TARGET])
    assert seen == sorted(seen) and seen[-1] > 0.8 and seen[0] < 0.5
    assert p_of(state)[OTHER] < 0.5  # the evidence is about the bitten seat only


def test_night_bites_of_unknown_sender_raise_both_neighbours():
    state = human_table()
    before = p_of(state)
    state.log.append(Event("received", {"cards": ["bite", "gold"], "senders": None}, to=(ME,)))
    after = p_of(state)
    left, right = 1, 5  # seat 0's living neighbours at six seats
    assert after[left] > before[left] and after[right] > before[right]
    assert after[TARGET] == pytest.approx(before[TARGET])


def test_facts_stay_exact_whatever_the_evidence():
    state = human_table()
    state.log.append(Event("received", {"cards": ["bite", "gold"],
                                        "senders": [{"from": 1, "card": "bite"}, {"from": 5, "card": "gold"}]},
                           to=(ME,)))
    state.seance = ((TARGET, False),)
    for _ in range(4):
        state.log.append(Event("gave", {"seat": 1, "card": "bite", "to": TARGET, "spell": False}))
    p = p_of(state)
    assert p[ME] == 0.0 and p[1] == 1.0 and p[TARGET] == 0.0
    assert 0.0 < p[5] < 1.0  # a Gold from a neighbour says nothing certain


def mid_game(seed=5, nights=1, players=6):
    game = load("growl", players)
    state = game.new_state(seed=seed)
    rng, bot = random.Random(seed), Heuristic()
    while not state.is_over and state.nights < nights:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        state.apply(seat, bot.act(View.of(state, seat), rng))
    return state


def shares(draw, seats, rng, worlds):
    counts = dict.fromkeys(seats, 0)
    for _ in range(worlds):
        w = draw(rng)
        for s in seats:
            counts[s] += w.wolf[s]
    return {s: counts[s] / worlds for s in seats}


def test_worlds_drawn_from_the_belief_make_each_seat_a_werewolf_as_often_as_it_says():
    state = mid_game()
    seat = next(s for s in range(state.n) if not state.wolf[s] and not state.dead[s])
    view = View.of(state, seat)
    p = belief.posterior(view.observation)
    seats = [s for s in range(state.n) if s != seat and 0.0 < p[s] < 1.0]
    assert seats
    drawn = shares(ADVICE.determinizer(view), seats, random.Random(1), 600)
    uniform = shares(view.sample, seats, random.Random(2), 600)
    for s in seats:
        assert drawn[s] == pytest.approx(p[s], abs=0.1)
    assert sum(abs(drawn[s] - p[s]) for s in seats) < sum(abs(uniform[s] - p[s]) for s in seats)


def test_a_search_with_worlds_drawn_from_the_belief_plays_a_legal_move():
    from hexbox.agents import make_agent

    state = mid_game(seed=7)
    seat = state.actors[0]
    view = View.of(state, seat)
    agent = make_agent("ismcts:iters=60+worlds=belief", "growl")
    assert agent.act(view, random.Random(0)) in view.legal_actions
    assert ADVICE.root_actions(view, view.legal_actions) == view.legal_actions
