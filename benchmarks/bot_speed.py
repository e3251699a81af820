"""Decisions per second of the normal bots, and where their time goes: docs/strength.md, "Bots at a designer's speed".

Whole games of the game's normal bot at every seat (the game's conformance set-ups in turn, seeds 0, 1, …, the
acting seat drawn as ``hexbox simulate`` does: the games of tests/test_bot_digests.py); only ``bot.act`` (the
observation it reads included) is timed, in CPU time. ``--profile`` prints cProfile's top functions instead;
``--split`` times the observation, the legal actions and the bot's own work apart, without a profiler (cProfile
charges every call, so it inflates code made of many small calls, such as the views' list comprehensions).
To compare two versions, run it in a checkout of each, alternately.

    python benchmarks/bot_speed.py [--games 20] [--game prowl] [--profile | --split]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, games, load


def deals(game: str, count: int):
    """(seed, new state) of the ``count`` games: the game's conformance set-ups in turn, seeds 0, 1, …"""
    setups = [(p, o) for g, p, o in conformance_setups() if g == game]
    for seed in range(count):
        players, options = setups[seed % len(setups)]
        yield seed, load(game, players=players, **options).new_state(seed=seed)


def self_play(game: str, count: int, decide):
    """``count`` games of normal self-play (``deals``, the acting seat drawn as ``hexbox simulate`` does);
    ``decide(view, bot, rng) -> action`` makes each decision and times it."""
    for seed, state in deals(game, count):
        bot, rng = make_agent("normal", game), random.Random(seed)
        while not state.is_over:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            state.apply(seat, decide(View.of(state, seat), bot, rng))


def run(game: str, count: int, profile: cProfile.Profile | None = None) -> tuple[int, float]:
    """(decisions, CPU seconds in ``act``) over ``count`` games of normal self-play."""
    tally = [0, 0.0]

    def decide(view, bot, rng):
        start = time.process_time()
        if profile is not None:
            profile.enable()
        action = bot.act(view, rng)
        if profile is not None:
            profile.disable()
        tally[0] += 1
        tally[1] += time.process_time() - start
        return action

    self_play(game, count, decide)
    return tally[0], tally[1]


def split(game: str, count: int) -> tuple[int, float, float, float]:
    """(decisions, CPU seconds building the observation, the legal actions, the rest of ``act``)."""
    tally = [0, 0.0, 0.0, 0.0]
    clock = time.process_time

    def decide(view, bot, rng):
        start = clock()
        view.observation  # noqa: B018  (built now, read from the view by act)
        observed = clock()
        view.legal_actions  # noqa: B018
        listed = clock()
        action = bot.act(view, rng)
        done = clock()
        tally[0] += 1
        tally[1] += observed - start
        tally[2] += listed - observed
        tally[3] += done - listed
        return action

    self_play(game, count, decide)
    return tally[0], tally[1], tally[2], tally[3]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--profile", action="store_true", help="cProfile's top functions by own time")
    parser.add_argument("--split", action="store_true", help="observation, legal actions and bot timed apart")
    args = parser.parse_args()
    for game in args.game or games():
        if args.split:
            n, observing, listing, deciding = split(game, args.games)
            total = observing + listing + deciding
            print(f"{game:13} {n:7} decisions, µs per decision: observation {1e6 * observing / n:6.0f} "
                  f"({observing / total:4.0%}), legal actions {1e6 * listing / n:6.0f} ({listing / total:4.0%}), "
                  f"the bot {1e6 * deciding / n:6.0f} ({deciding / total:4.0%})", flush=True)
            continue
        if args.profile:
            profile = cProfile.Profile()
            run(game, args.games, profile)
            print(f"== {game}")
            pstats.Stats(profile).sort_stats("tottime").print_stats(15)
            continue
        n, spent = run(game, args.games)
        print(f"{game:13} {n:7} decisions {spent:7.2f} s CPU {n / spent:9.0f} decisions/s", flush=True)


if __name__ == "__main__":
    main()
