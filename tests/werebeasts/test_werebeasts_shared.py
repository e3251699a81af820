"""The observations share their fixed parts and the sales and accusations records with the state (views.py): the
observe contract lets an observation's nested parts be shared, read-only. A whole game of the normal bots, the
encoder and the resampled worlds of a search must leave every observation handed out as it was."""

import copy
import random

from hexbox.agents import make_agent
from hexbox.core import View, load
from hexbox.games.werebeasts.encoder import encoder


def test_no_observation_is_changed_by_the_rest_of_the_game():
    for players in (3, 5, 10):
        game = load("werebeasts", players=players)
        encode = encoder(game).encode
        state = game.new_state(seed=players)
        bot, rng = make_agent("normal", "werebeasts"), random.Random(players)
        handed: list[tuple[dict, dict]] = []
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            obs = view.observation
            handed.append((obs, copy.deepcopy(obs)))
            encode(obs)
            spectator = state.observe(None)
            handed.append((spectator, copy.deepcopy(spectator)))
            world = state.resample(seat, random.Random(len(handed)))  # a search plays on in its worlds
            for _ in range(3):
                if world.is_over:
                    break
                mover = world.actors[0]
                world.apply(mover, world.legal_actions(mover)[-1])
            state.apply(seat, bot.act(view, rng))
        final = state.observe(None)
        assert final["public"]["sales"] and all(obs == seen for obs, seen in handed)
        # the shared parts really are shared: this test is about them
        assert final["public"]["goal_positions"][0]["seats"] is handed[0][0]["public"]["goal_positions"][0]["seats"]
