"""The observations share their fixed parts and the sales and accusations records with the state (views.py): the
observe contract lets an observation's nested parts be shared, read-only. That nothing changes an observation once
handed out is tests/test_observation_sharing.py's, for every game; this file checks the sharing really happens."""

import random

from hexbox.agents import make_agent
from hexbox.core import View, load


def test_the_fixed_parts_and_the_records_are_handed_out_again_not_rebuilt():
    for players in (3, 5, 10):
        state = load("werebeasts", players=players).new_state(seed=players)
        bot, rng = make_agent("normal", "werebeasts"), random.Random(players)
        first = state.observe(None)
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
        final = state.observe(None)
        assert final["public"]["sales"]
        assert final["public"]["goal_positions"][0]["seats"] is first["public"]["goal_positions"][0]["seats"]
