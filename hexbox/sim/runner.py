"""Running games: one game is a pure function of its job, so any number of processes gives the same lines.

Three ways to run the same jobs, with the same lines in the same order: in this process, in a local process
pool, or as Ray remote tasks (on a laptop or a cluster). Ray is an optional extra (``pip install -e '.[sim]'``).
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hexbox.agents import make_agent
from hexbox.core import ConfigError, View, derive_seed, game_info, load


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
    line = {
        "index": job.index,
        "game": job.game,
        "players": job.players,
        "options": job.options,
        "seed": job.seed,
        "agents": list(job.agents),
        "winners": sorted(result.winners),
        "scores": {str(k): v for k, v in sorted(result.scores.items())},
        "reason": result.reason,
        "kind": result.kind,
        "actions": actions,
        "turns": final["public"].get("turn", actions),
    }
    hook = game_info(job.game).hook("stats")
    if hook is not None:
        line["stats"] = hook(final)
    return line


def play_games(jobs: list[GameJob]) -> list[dict[str, Any]]:
    """A batch of games for one remote task: fewer, larger tasks keep the scheduling overhead small."""
    return [play_game(j) for j in jobs]


def jobs_for(game: str, players: int, agents: list[str], games: int, seed: int,
             options: dict[str, Any] | None = None, rotate: bool = False) -> list[GameJob]:
    """Game i gets seed derive_seed(seed, i); with ``rotate`` the agents shift one seat per game."""
    out = []
    for i in range(games):
        seats = agents[i % players:] + agents[: i % players] if rotate else agents
        out.append(GameJob(game, players, tuple(seats), derive_seed(seed, i), i, dict(options or {})))
    return out


def _chunk(jobs: list[GameJob], workers: int) -> int:
    return max(1, min(64, len(jobs) // (workers * 8) or 1))


def run(jobs: list[GameJob], workers: int = 1, on_result: Callable[[dict[str, Any]], None] | None = None,
        ray_address: str | None = None) -> Iterator[dict[str, Any]]:
    """Results in job order, whatever the number of workers and wherever they run.

    ``ray_address``: ``"auto"`` (a running cluster on this machine), ``"local"`` (start a private one with
    ``workers`` CPUs), or an address such as ``ray://head:10001`` / ``head:6379``. Every node needs hexbox
    installed.
    """
    if ray_address is not None:
        yield from _tap(_run_ray(jobs, workers, ray_address), on_result)
        return
    if workers <= 1:
        yield from _tap(map(play_game, jobs), on_result)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from _tap(pool.map(play_game, jobs, chunksize=_chunk(jobs, workers)), on_result)


def _run_ray(jobs: list[GameJob], workers: int, address: str) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise ConfigError("--ray needs Ray: pip install -e '.[sim]'") from None
    started = False
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
            else:
                ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            raise ConfigError(f"cannot reach a Ray cluster at {address!r}: {str(exc).splitlines()[0]}") from None
        started = True
    try:
        cpus = max(1, int(ray.cluster_resources().get("CPU", workers)))
        size = _chunk(jobs, cpus)
        remote = ray.remote(play_games)
        refs = [remote.remote(jobs[i:i + size]) for i in range(0, len(jobs), size)]
        for ref in refs:  # in submission order, so the lines come out as they would locally
            yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def _tap(results: Iterable[dict[str, Any]], on_result: Callable[[dict[str, Any]], None] | None
         ) -> Iterator[dict[str, Any]]:
    for r in results:
        if on_result:
            on_result(r)
        yield r


# ---- resuming a partial results file -------------------------------------------------------------------


def read_partial(path: Path, jobs: list[GameJob]) -> dict[int, dict[str, Any]]:
    """The games already in ``path`` (index -> line), checked against ``jobs``; ConfigError if they differ.

    A last line cut short (the run was killed while writing it) is dropped and the file is rewritten without it,
    so that appending goes on cleanly.
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    lines = text.splitlines()
    done: dict[int, dict[str, Any]] = {}
    kept = []
    for number, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            line = json.loads(raw)
            index = line["index"]
        except (ValueError, KeyError, TypeError):
            if number == len(lines) and not text.endswith("\n"):
                break  # a half-written last line
            raise ConfigError(f"{path}:{number} is not a result line; use another --out or --fresh") from None
        if not isinstance(index, int) or not 0 <= index < len(jobs):
            raise ConfigError(f"{path}:{number}: game {index!r} is not among the {len(jobs)} games of this run; "
                              "use another --out or --fresh")
        job = jobs[index]
        mine = (job.game, job.players, job.seed, list(job.agents), job.options)
        theirs = (line.get("game"), line.get("players"), line.get("seed"), line.get("agents"), line.get("options"))
        if mine != theirs:
            raise ConfigError(f"{path} holds games of another run (game {index} differs in game, players, seed, "
                              "agents or options); use another --out or --fresh")
        done[index] = line
        kept.append(raw)
    if len(kept) != sum(1 for x in lines if x.strip()) or (text and not text.endswith("\n")):
        path.write_text("".join(x + "\n" for x in kept), encoding="utf-8")
    return done
