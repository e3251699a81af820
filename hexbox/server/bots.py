"""Bot moves, computed in worker processes: a search on one table never holds up the event loop or another table.

A job carries the state itself (states pickle cheaply: a registered game pickles as the call that loads it), the
seat, the agent spec and a seed, and returns the chosen action's JSON. The agent sees only ``View.of(state,
seat)``, as everywhere else. Agents are built once per worker process and kept.
"""

from __future__ import annotations

import multiprocessing
import random
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from hexbox.agents import Agent, make_agent
from hexbox.core import State, View

_AGENTS: dict[tuple[str, str], Agent] = {}

#: the agent a seat is given when its player is gone past the grace period
STAND_IN = "heuristic"


def choose(state: State, seat: int, spec: str, seed: int) -> dict[str, Any]:
    """The move of agent ``spec`` for ``seat`` (runs in a worker)."""
    key = (state.game.name, spec)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, state.game.name)
    return agent.act(View.of(state, seat), random.Random(seed)).to_json()


def _warm() -> None:
    import hexbox  # noqa: F401  (the games register on import; the first job should not pay for it)


def pool(workers: int) -> Executor:
    """``workers`` processes (spawned, so they share nothing with the server's threads); 0 means one thread in
    the server's own process, for tests and tiny machines."""
    if workers <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexbox-bot")
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_warm)


def seed_for(table_seed: int, seq: int, seat: int) -> int:
    """A bot's randomness for one decision: reproducible from the table, and different at every move."""
    return random.Random(f"hexbox-bot:{table_seed}:{seq}:{seat}").getrandbits(63)
