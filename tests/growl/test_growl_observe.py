"""views.observe, GROWL's observation with its halves made together, against core's State.observe over the plain
halves (the known hands looked up seat by seat): the same JSON, key order included, for every seat and the
spectator after every move of whole games of the normal bots, at every conformance set-up of GROWL."""

from __future__ import annotations

import json
import random

import pytest

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import State, View, conformance_setups, load


@pytest.mark.parametrize(("players", "options"), [(p, o) for g, p, o in conformance_setups() if g == "growl"])
def test_the_observation_equals_cores_built_from_the_plain_halves(players, options):
    game = load("growl", players=players, **options)
    bot = make_agent("normal", "growl")
    for seed in range(3):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while True:
            for viewer in [*range(players), None]:
                assert json.dumps(state.observe(viewer)) == json.dumps(State.observe(state, viewer))
            if state.is_over:
                break
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
