"""Running games: one game is a pure function of its job, so any number of processes gives the same lines."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from hexbox.agents import make_agent
from hexbox.core import View, derive_seed, load


@dataclass(frozen=True)
class GameJob:
    game: str
    players: int
    agents: tuple[str, ...]  # one agent spec per seat
    seed: int
    index: int = 0
    options: dict[str, Any] = field(default_factory=dict)


def play_game(job: GameJob) -> dict[str, Any]:
    """Play one game to its end; the JSON line that describes it."""
    game = load(job.game, players=job.players, **job.options)
    state = game.new_state(seed=job.seed)
    agents = [make_agent(spec, job.game) for spec in job.agents]
    rng = random.Random(derive_seed(job.seed, 1))  # the agents' and the arrival order's chance
    actions = 0
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)  # who speaks first in an open window
        state.apply(seat, agents[seat].act(View.of(state, seat), rng))
        actions += 1
    result = state.result
    final = state.observe(None)
    return {
        "index": job.index,
        "game": job.game,
        "players": job.players,
        "options": job.options,
        "seed": job.seed,
        "agents": list(job.agents),
        "winners": sorted(result.winners),
        "scores": {str(k): v for k, v in sorted(result.scores.items())},
        "reason": result.reason,
        "actions": actions,
        "turns": final.get("turn", actions),
    }


def jobs_for(game: str, players: int, agents: list[str], games: int, seed: int,
             options: dict[str, Any] | None = None, rotate: bool = False) -> list[GameJob]:
    """Game i gets seed derive_seed(seed, i); with ``rotate`` the agents shift one seat per game."""
    out = []
    for i in range(games):
        seats = agents[i % players:] + agents[: i % players] if rotate else agents
        out.append(GameJob(game, players, tuple(seats), derive_seed(seed, i), i, dict(options or {})))
    return out


def run(jobs: list[GameJob], workers: int = 1, on_result: Callable[[dict[str, Any]], None] | None = None
        ) -> Iterator[dict[str, Any]]:
    """Results in job order, whatever the number of workers."""
    if workers <= 1:
        results: Iterator[dict[str, Any]] = map(play_game, jobs)
        yield from _tap(results, on_result)
        return
    chunk = max(1, min(64, len(jobs) // (workers * 8) or 1))
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from _tap(pool.map(play_game, jobs, chunksize=chunk), on_result)


def _tap(results: Iterator[dict[str, Any]], on_result: Callable[[dict[str, Any]], None] | None
         ) -> Iterator[dict[str, Any]]:
    for r in results:
        if on_result:
            on_result(r)
        yield r
