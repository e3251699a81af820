"""TEMPORARY stand-in with the BotScheduler interface (replaced by the scheduler on branch bot-scheduler)."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from hexbox.agents import Agent, make_agent, parse_spec
from hexbox.core import ConfigError, State, View

from .errors import Invalid

_AGENTS: dict[tuple[str, str], Agent] = {}
STAND_IN = "heuristic"


@dataclass(frozen=True)
class Caps:
    seconds: float = 5.0
    iterations: int = 20_000
    rollout: int = 300


def level(spec: str) -> str:
    kind = spec.partition(":")[0].strip().lower()
    return {"random": "easy", "heuristic": "medium"}.get(kind, "hard")


def check_spec(spec: Any, game: str, caps: Caps) -> str:
    if not isinstance(spec, str) or len(spec) > 120:
        raise Invalid("a bot is an agent spec such as 'heuristic' or 'ismcts:seconds=2'")
    try:
        make_agent(spec, game)
        _, params = parse_spec(spec)
    except ConfigError as exc:
        raise Invalid(f"bot {spec[:40]!r}: {exc}") from None
    if "seconds" in params and float(params["seconds"]) > caps.seconds:
        raise Invalid(f"bot {spec[:40]!r}: a search may think at most {caps.seconds:g} s on this server")
    for key in ("iters", "calls"):
        if key in params and int(params[key]) > caps.iterations:
            raise Invalid(f"bot {spec[:40]!r}: at most {caps.iterations} {key} on this server")
    if "rollout" in params and int(params["rollout"]) > caps.rollout:
        raise Invalid(f"bot {spec[:40]!r}: rollouts of at most {caps.rollout} actions on this server")
    return spec.strip()


def choose(state: State, seat: int, spec: str, seed: int) -> dict[str, Any]:
    key = (state.game.name, spec)
    agent = _AGENTS.get(key)
    if agent is None:
        agent = _AGENTS[key] = make_agent(spec, state.game.name)
    return agent.act(View.of(state, seat), random.Random(seed)).to_json()


class BotScheduler:
    def __init__(self, workers: int, caps: Caps) -> None:
        self.caps = caps
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexbox-bot")

    async def start(self) -> None:
        pass

    async def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def choose(self, table_id: str, state: State, seat: int, spec: str, seed: int) -> dict[str, Any]:
        return await asyncio.get_running_loop().run_in_executor(self._pool, choose, state, seat, spec, seed)

    def health(self) -> dict[str, Any]:
        return {"ok": True, "workers": 0, "alive": 0, "restarts": 0, "queued": 0, "running": 0}


def seed_for(table_seed: int, seq: int, seat: int) -> int:
    return random.Random(f"hexbox-bot:{table_seed}:{seq}:{seat}").getrandbits(63)
