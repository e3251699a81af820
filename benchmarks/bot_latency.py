"""How long a light bot decision takes, per game: the measurement behind the light lane of hexbox/server/bots.py.

Heuristic bots play every seat of whole games (each game's conformance set-ups, in turn, seeds 0, 1, …) until
at least ``--decisions`` decisions per game were timed. A decision is what the server's worker does:
``View.of(state, seat)``, ``agent.act(view, rng)`` and ``action.to_json()``. Beside it, ``pickle`` is what handing
the state to another process would add (``loads(dumps(state))``).

With ``--loop``: how late an asyncio event loop wakes from ``sleep(0.001)`` for 2 s, alone and then beside a
thread of the same process that plays heuristic bots without a pause (what a light lane on a thread would do to
the server's loop, through the GIL).

With ``--think S``: the agent as a server's worker builds it (``hexbox.agents.worker.limited``, default caps, a
search thinking ``S`` seconds): the wall clock a person waits for a ``hard`` bot (``--agent hard --think 1``).

    python benchmarks/bot_latency.py [--decisions 400] [--agent heuristic] [--think S] [--game G] [--loop]
"""

from __future__ import annotations

import argparse
import asyncio
import pickle
import random
import statistics
import threading
import time

import hexbox  # noqa: F401  (registers the games)
from hexbox.agents import make_agent
from hexbox.core import View, conformance_setups, games, load


def percentile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def measure(game: str, agent_spec: str, decisions: int, think: float | None = None
            ) -> tuple[list[float], list[float]]:
    setups = [(p, o) for g, p, o in conformance_setups() if g == game]
    act_times: list[float] = []
    pickle_times: list[float] = []
    seed = 0
    while len(act_times) < decisions:
        players, options = setups[seed % len(setups)]
        state = load(game, players=players, **options).new_state(seed=seed)
        agent = make_agent(agent_spec, game)
        if think is not None:
            from hexbox.agents.worker import Limits, limited

            agent = limited(agent, Limits(5.0, 20_000, 300, think))
        rng = random.Random(seed)
        while not state.is_over and len(act_times) < decisions:
            actors = state.actors
            seat = actors[0] if len(actors) == 1 else rng.choice(actors)
            t0 = time.perf_counter()
            pickle.loads(pickle.dumps(state))
            t1 = time.perf_counter()
            action = agent.act(View.of(state, seat), rng)
            action.to_json()
            t2 = time.perf_counter()
            pickle_times.append(t1 - t0)
            act_times.append(t2 - t1)
            state.apply(seat, action)
        seed += 1
    return act_times, pickle_times


def busy(stop: threading.Event, game: str, players: int) -> None:
    """Heuristic bots play ``game`` at every seat, game after game, until ``stop``."""
    rng = random.Random(1)
    while not stop.is_set():
        state = load(game, players=players).new_state(seed=rng.randrange(10**6))
        bot = make_agent("heuristic", game)
        while not state.is_over and not stop.is_set():
            seat = rng.choice(state.actors)
            state.apply(seat, bot.act(View.of(state, seat), rng))


async def lateness(seconds: float = 2.0) -> list[float]:
    late = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        t = time.perf_counter()
        await asyncio.sleep(0.001)
        late.append((time.perf_counter() - t - 0.001) * 1000)
    return late


def loop_report() -> None:
    print(f"{'beside':<14}{'wake-ups':>9}{'p50':>8}{'p99':>8}{'max':>8}   (ms late)")
    for game, players in ((None, 0), ("growl", 6), ("prowl", 4), ("voodoo", 4)):
        stop = threading.Event()
        thread = threading.Thread(target=busy, args=(stop, game, players)) if game else None
        if thread:
            thread.start()
        late = asyncio.run(lateness())
        stop.set()
        if thread:
            thread.join()
        print(f"{game or 'nothing':<14}{len(late):9d}{percentile(late, .5):8.2f}{percentile(late, .99):8.2f}"
              f"{max(late):8.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--think", type=float, help="as a server's worker: a search stops after this many seconds")
    parser.add_argument("--loop", action="store_true", help="the event loop's lateness beside a busy bot thread")
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    args = parser.parse_args()
    if args.loop:
        loop_report()
        return
    think = f", thinking {args.think:g} s as at a table" if args.think is not None else ""
    print(f"{args.agent}{think}, {args.decisions} decisions per game (ms, wall clock)")
    print(f"{'game':<14}{'p50':>9}{'p90':>9}{'p99':>9}{'max':>9}{'mean':>9}   pickle p50/max")
    for game in args.game or games():
        acts, pickles = measure(game, args.agent, args.decisions, args.think)
        ms = [x * 1000 for x in acts]
        pk = [x * 1000 for x in pickles]
        print(f"{game:<14}{percentile(ms, .5):9.3f}{percentile(ms, .9):9.3f}{percentile(ms, .99):9.3f}"
              f"{max(ms):9.3f}{statistics.fmean(ms):9.3f}   {percentile(pk, .5):.3f}/{max(pk):.3f}")


if __name__ == "__main__":
    main()
