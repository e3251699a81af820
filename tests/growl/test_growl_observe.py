"""GROWL's observation, whose private half takes the known hands that are only the table's pins from the seats'
entries the public half has just made (views.private_beside), against core's envelope over the plain halves (the
known hands looked up seat by seat, ``_private``): the same JSON, key order included, for every seat and the
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
                plain = dict(State.observe(state, viewer), private=None if viewer is None else state._private(viewer))
                assert json.dumps(state.observe(viewer)) == json.dumps(plain)
            if state.is_over:
                break
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))


def test_the_parts_made_once_and_shared_equal_a_fresh_build_after_every_move():
    # views._passing keys the passers' listing by the identity of state.sides (replaced each Night, never changed)
    # and views._ids memoizes card lists by their values: each must equal what the state says now
    from hexbox.games.growl.cards import IDS
    from hexbox.games.growl.views import public_view

    for players, options in [(p, o) for g, p, o in conformance_setups() if g == "growl"]:
        game = load("growl", players=players, **options)
        bot = make_agent("normal", "growl")
        for seed in range(2):
            state, rng = game.new_state(seed=seed), random.Random(seed)
            while not state.is_over:
                pub = public_view(state)
                assert pub["passing"] == {str(s): list(lr) for s, lr in sorted(state.sides.items())}
                assert pub["revealed_night"] == [IDS[c] for c in state.revealed_night]
                assert pub["discards"] == [IDS[c] for c in state.discards]
                assert [e["front"] for e in pub["seats"]] == \
                    [[IDS[c] for c in state.front[state.pos_of[s]]] for s in range(players)]
                actors = state.actors
                seat = actors[0] if len(actors) == 1 else rng.choice(actors)
                state.apply(seat, bot.act(View.of(state, seat), rng))


@pytest.mark.parametrize("agents", ["normal", "random"])
@pytest.mark.parametrize(("players", "options"), [(p, o) for g, p, o in conformance_setups() if g == "growl"])
def test_every_observation_equals_one_built_from_scratch_after_every_move(players, options, agents):
    # the seats' entries and the seat's own hand are made again only for the seats whose state.ver moved (every
    # writer of what they list bumps it): a writer that forgets is a stale entry here, at the first observation
    # after its move; random agents reach the rare moves (Spells, Death Rattles, Séances) the bots seldom play
    game = load("growl", players=players, **options)
    bot = make_agent(agents, "growl")
    # seeds 0-3, then the first seed of each Final Night card (All Hallows' Eve, The Sleepwalkers and The Tempest
    # move cards and seats as no other card does); seed 19, whose random game at 6 players with both expansions
    # ends between The Gift's exchange and the passing (gift_arrives)
    finals: dict[int, int] = {}
    for seed in range(200):
        finals.setdefault(game.new_state(seed=seed).night_cards[2], seed)
    for seed in sorted({0, 1, 2, 3, 19, *finals.values()}):
        state, rng = game.new_state(seed=seed), random.Random(seed)
        while True:
            fresh = state.clone()  # a copy with none of the views' memos
            for viewer in [*range(players), None]:
                assert json.dumps(state.observe(viewer)) == json.dumps(fresh.observe(viewer))
            if state.is_over:
                break
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
