"""An observation's nested parts may be shared between observations and with the state, read-only (views.py):
whole games of the normal bots and the encoder leave every part they were handed as it was, and a clone or a
resampled world that plays on changes nothing an observation of the original already holds.

Each observation is deep-copied when it is handed out and compared with its copy at the end of the game: a bot, the
encoder or the state that wrote into a shared list or dict (a board listing kept on the board, a token's entry, the
bag) would show here, in an observation of some earlier move.
"""

import copy
import random

from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, load
from hexbox.games.transylvania.encoder import encoder


def setups():
    return [(p, o) for g, p, o in conformance_setups() if g == "transylvania"]


def test_bots_and_the_encoder_leave_shared_parts_alone():
    handed = 0
    for seed, (players, options) in enumerate(setups()[:3]):
        state = load("transylvania", players=players, **options).new_state(seed=seed)
        enc = encoder(state.game)
        bot, rng = make_agent("normal", "transylvania"), random.Random(seed)
        seen: list[tuple[dict, dict]] = []
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            view = View.of(state, seat)
            obs = view.observation
            seen.append((obs, copy.deepcopy(obs)))
            action = bot.act(view, rng)
            enc.encode(obs)
            spectator = state.observe(None)
            seen.append((spectator, copy.deepcopy(spectator)))
            state.apply(seat, action)
        handed += len(seen)
        for i, (obs, then) in enumerate(seen):
            assert obs == then, f"seed {seed}: observation {i} changed after it was handed out"
    assert handed > 500


def test_clones_and_resamples_that_play_on_leave_the_originals_observations_alone():
    players, options = setups()[0]
    state = load("transylvania", players=players, **options).new_state(seed=7)
    bot, rng = make_agent("normal", "transylvania"), random.Random(7)
    tiles_laid = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.actors[0]
        before = [state.observe(s) for s in range(players)]
        kept = copy.deepcopy(before)
        # a clone and a resampled world each play on a few moves (laying tiles, taking tokens, drawing cards)
        for world in (state.clone(), state.resample(seat, random.Random(len(kept)))):
            wrng = random.Random(3)
            for _ in range(6):
                if world.is_over:
                    break
                actor = world.actors[0]
                world.apply(actor, bot.act(View.of(world, actor), wrng))
        assert before == kept
        assert [state.observe(s) for s in range(players)] == kept  # the original itself did not move either
        placed = len(state.board.placed)
        state.apply(seat, bot.act(View.of(state, seat), rng))
        tiles_laid += len(state.board.placed) > placed
        assert before == kept  # nor does the original's own next move change what it handed out
    assert tiles_laid >= 2
