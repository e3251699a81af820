"""The normal bots choose exactly as they did before they were made faster: the same games, move for move.

Each digest is the sha256 of the action ids of 20 whole games of heuristic self-play per game (the game's
conformance set-ups in turn, seeds 0-19, one bot at every seat), recorded with the bots as they were before their
speed-ups. A change that changes a choice changes a digest: a speed-up must not; a change of strategy records new
digests (``python tests/test_bot_digests.py`` prints them) and says so in its commit.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, load

SEEDS = range(20)

DIGESTS = {  # recorded at 4ec7e81, before the speed-ups; Prowl re-recorded after a strategy change (below)
    "growl": "531bea5ef4018c4a2462b033e8007f097978a5a36297f49bb9108d1359e2b838",
    "prowl": "6a7db64af4377b01627ac97ac2e9693be91d47b160f6b39466e39ebf4f0b77a7",  # no accusation right after a Change
    "transylvania": "d42047aefbd819c899719eb68b10b9c4547c53ebb8465b4db84aef13c58232d7",
    "voodoo": "0d3dae829ff002ba5c74dd6ea3e38facf4c53532fe56be7d45b92aa0d14838c7",
    "werebeasts": "5d2d39ccb84a1374f8c921c1c3d473a3e54c6fb14b24bad4952cfcf14f4ef891",
}


def self_play(game: str, seed: int) -> list[int]:
    """The action ids of one game of normal bots at every seat, the acting seat drawn as ``hexbox simulate`` does."""
    setups = [(p, o) for g, p, o in conformance_setups() if g == game]
    players, options = setups[seed % len(setups)]
    state = load(game, players=players, **options).new_state(seed=seed)
    bot = make_agent("normal", game)
    rng = random.Random(seed)
    action_id = state.game.action_id
    ids = []
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)
        action = bot.act(View.of(state, seat), rng)
        ids.append(action_id(action))
        state.apply(seat, action)
    return ids


def digest(game: str, seeds=SEEDS) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        h.update((",".join(map(str, self_play(game, seed))) + ";").encode())
    return h.hexdigest()


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_normal_bots_play_the_recorded_games(game):
    assert digest(game) == DIGESTS[game]


if __name__ == "__main__":
    from hexbox.core import games

    for name in games():
        print(f'    "{name}": "{digest(name)}",')
