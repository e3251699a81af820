"""Every seat sees exactly what it saw before the observations were made faster: the same JSON, key for key.

Each digest is the sha256 of the JSON text (keys in their order) of every seat's observation and the spectator's,
before every move of 3 games of normal self-play per game (seeds 0-2, the games of tests/test_bot_digests.py),
recorded before the speed-ups of the views. A speed-up of ``observe`` must keep them; a change of what a seat
sees records new ones (``python tests/test_observation_digests.py`` prints them) and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, load

SEEDS = range(3)

DIGESTS = {  # recorded at 03b0ce1, the same at 4ec7e81
    # GROWL's since the public ``nights`` counts the Final Night's passing (its final observations only: with 1
    # taken off them, the old 556f34d3... again)
    "growl": "32bce65108bd07656296864f1fcf40905b9dcb2bbb1161847c2ba0f882adf0bc",
    "prowl": "af630ba2959a43158fdd6206b3ce75de1d5535e0942d2fa98587401c869cd9ec",
    "transylvania": "f3e29893b2acea7010d86a895b80d033297ba11ac0f4b37cb91f12e5ce280523",
    # Voodoo's since its turn (the envelope's and the public half's) counts the turns begun (VoodooState.turns; with
    # the turns over, state.turn, put back in both, the old 32422104... again)
    "voodoo": "38b8e754a33ba69ed3a495c35c4cc9dda3664fa5a92c3c8a875fd9e03cf7ca1d",
    "werebeasts": "fff2014a5403b5ef1f226990dfbb5f73d2ebb8ad82f0d3c2c2c36811261e21fd",
}


def digest(game: str, seeds=SEEDS) -> str:
    h = hashlib.sha256()
    setups = [(p, o) for g, p, o in conformance_setups() if g == game]
    for seed in seeds:
        players, options = setups[seed % len(setups)]
        state = load(game, players=players, **options).new_state(seed=seed)
        bot, rng = make_agent("normal", game), random.Random(seed)
        while True:
            for viewer in [*range(players), None]:
                h.update(json.dumps(state.observe(viewer)).encode())
            if state.is_over:
                break
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))
    return h.hexdigest()


@pytest.mark.parametrize("game", sorted(DIGESTS))
def test_every_seat_sees_what_it_saw(game):
    assert digest(game) == DIGESTS[game]


if __name__ == "__main__":
    from hexbox.core import games

    for name in games():
        print(f'    "{name}": "{digest(name)}",')
