"""The terminal log speaks the table's language: every Werebeasts event has its own sentence."""

import random

import hexbox
from hexbox.games.werebeasts.views import describe


def test_every_event_kind_reads_as_a_sentence():
    seen = set()
    for seed in range(30):
        state = hexbox.load("werebeasts", players=4).new_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.actors)
            legal = state.legal_actions(seat)
            kind = rng.choice(sorted({a.kind for a in legal}))
            for event in state.apply(seat, rng.choice([a for a in legal if a.kind == kind])):
                text = describe(event.to_json())
                assert text and "=" not in text, event  # no raw field dumps
                seen.add(event.kind)
    assert {"accused", "eliminated", "took", "sale", "bid", "passed", "sold", "turn", "game_over"} <= seen
