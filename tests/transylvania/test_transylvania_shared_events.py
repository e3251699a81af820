"""The events Transylvania makes once and shares between states (play.py, "The commonest events"; rules.py,
``_turn``) stay as made, whatever games, views and words do with them."""

import random

import hexbox
from hexbox.games.transylvania import play, rules


def snapshot(events):
    return [(e.kind, repr(e.data), e.to) for e in events]


def test_shared_events_are_never_changed():
    game = hexbox.load("transylvania", players=4)
    for seed in range(3):
        rng, state = random.Random(seed), game.new_state(seed=seed)
        while not state.is_over:
            seat = rng.choice(state.actors)
            events = state.apply(seat, rng.choice(state.legal_actions(seat)))
            for viewer in (None, *range(4)):
                state.describe(events, viewer)
        for viewer in (None, *range(4)):
            state.observe(viewer)
    assert play._moved.cache_info().currsize > 10 and rules._turn.cache_info().currsize > 10
    shared = [*play._END_TURN, *play._PHASE.values(), play._moved(0, 0, 1), rules._turn(0, 1)]
    before = snapshot(shared)
    for e in shared:  # what a caller may do with what it is given: it gets copies
        e.to_json()["data"]["seat"] = -1
    assert snapshot(shared) == before
    assert all(type(v) in (int, bool, str) for e in shared for v in e.data.values())  # copies go all the way down
