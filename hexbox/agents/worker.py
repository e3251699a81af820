"""The worker side of ``hexbox serve``'s bots (hexbox/server/bots.py): agents under the server's limits.

It lives here, not in hexbox.server, because a spawned worker imports the module of its entry point: anything
under hexbox.server imports the web stack with it (FastAPI and the rest: about 1 s and 45 MB more per worker).
The scheduler hands the limits over as a plain :class:`Limits` tuple for the same reason.
"""

from __future__ import annotations

import pickle
import random
import signal
import threading
from collections import OrderedDict
from multiprocessing.connection import Connection
from typing import Any, NamedTuple

from hexbox.core import ConfigError, View
from hexbox.core.registry import import_packages

from . import Agent, make_agent, resolve
from .ismcts import ISMCTS

#: what a worker sends once its imports are done, before its first answer
READY = b"ready"
#: distinct agents kept per worker process; specs are free text, so the cache must not grow without end
KEPT_AGENTS = 256

LIGHT_KINDS = ("random", "heuristic")  # no search: a decision costs milliseconds


#: the wall clock a search that names none of its own (a level, an ``iters`` spec) thinks at a person's table
THINK = 1.0


class Limits(NamedTuple):
    """The most one decision may cost: ``seconds`` of wall clock, ``iterations`` (ISMCTS iters and calls) and
    ``rollout`` (the actions of one ISMCTS rollout); ``think``: the wall clock of a search whose spec names no
    ``seconds`` (within ``seconds``)."""

    seconds: float
    iterations: int
    rollout: int
    think: float = THINK


def limited(agent: Agent, limits: Limits) -> Agent:
    """``agent`` with its budgets brought within ``limits`` (in place): whatever its spec asked, an ISMCTS search
    stops at its own ``seconds`` or, naming none, at ``limits.think`` (a person feels time, not iterations; the
    search is anytime and plays the best move found so far), never later than ``limits.seconds`` (checked between
    iterations), at ``limits.iterations`` iterations or calls, and cuts its rollouts at ``limits.rollout``
    actions. Other agents (random, heuristic) do not search. Simulations build agents without limits: there a
    level's iteration budget alone stops the search, and a game is a function of its seed."""
    if isinstance(agent, ISMCTS):
        seconds = agent.seconds
        think = min(limits.think, limits.seconds) if limits.think > 0 else limits.seconds  # NaN too
        agent.seconds = seconds if seconds is not None and 0 < seconds <= limits.seconds else think
        agent.iters = limits.iterations if agent.iters is None else min(agent.iters, limits.iterations)
        if agent.calls is not None:
            agent.calls = min(agent.calls, limits.iterations)
        agent.rollout = min(agent.rollout, limits.rollout)
    return agent


def parse_kind(spec: str) -> str:
    """The agent kind of a spec, without checking the rest: ``"ismcts:iters=9"`` -> ``"ismcts"``."""
    return spec.partition(":")[0].strip().lower()


_agents: OrderedDict[tuple[str, str, Limits], Agent] = OrderedDict()
_agents_lock = threading.Lock()  # with workers=0, two schedulers of one process (tests) share this cache


def agent_for(spec: str, game: str, limits: Limits) -> Agent:
    """The agent of ``spec`` for ``game`` within ``limits``: built once per process and kept (the latest few)."""
    key = (game, spec, limits)
    with _agents_lock:
        agent = _agents.get(key)
        if agent is not None:
            _agents.move_to_end(key)
            return agent
    agent = make_agent(spec, game)
    kind = parse_kind(resolve(spec, game))  # a level ("hard") is the kind of its spec for this game
    if kind not in LIGHT_KINDS and not isinstance(agent, ISMCTS):
        raise ConfigError(f"agent {spec!r}: this server knows no limits for agents of kind {kind!r}")
    agent = limited(agent, limits)
    with _agents_lock:
        _agents[key] = agent
        while len(_agents) > KEPT_AGENTS:
            _agents.popitem(last=False)
    return agent


def decide(payload: bytes, limits: Limits) -> dict[str, Any]:
    """One decision: ``payload`` is the pickled ``(state, seat, spec, seed)``; the answer is the action's JSON.
    The agent sees only ``View.of(state, seat)``."""
    state, seat, spec, seed = pickle.loads(payload)
    agent = agent_for(spec, state.game.name, limits)
    return agent.act(View.of(state, seat), random.Random(seed)).to_json()


def serve(conn: Connection, limits: Limits, packages: tuple[str, ...] = ()) -> None:
    """A worker process: imports the games, says :data:`READY`, then answers each payload it receives with the
    pickled ``(True, action_json)`` or ``(False, exception)``, until its pipe closes. ``packages``: the packages of
    the server's games, imported too, so that a game registered from elsewhere (not by hexbox.games) is known here."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle; the pipe's end stops us
    import hexbox  # noqa: F401  (the games register on import; the first decision should not pay for it)

    import_packages(packages)

    try:
        conn.send_bytes(READY)
        while True:
            payload = conn.recv_bytes()
            try:
                answer = pickle.dumps((True, decide(payload, limits)))
            except Exception as exc:
                try:
                    answer = pickle.dumps((False, exc))
                except Exception:  # an exception that does not pickle: its text still does
                    answer = pickle.dumps((False, RuntimeError(f"{type(exc).__name__}: {exc}")))
            conn.send_bytes(answer)
    except (EOFError, OSError):  # the server closed the pipe, or is gone
        return
