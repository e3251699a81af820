"""Running games: one game is a pure function of its job, so any number of processes gives the same lines.

Three ways to run the same jobs, with the same lines in the same order: in this process, in a local process
pool, or as Ray remote tasks (on a laptop or a cluster). Ray is an optional extra (``pip install -e '.[sim]'``).
"""

from __future__ import annotations

import json
import logging
import multiprocessing
import random
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence, Sized
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import islice
from pathlib import Path
from typing import Any, overload

from hexbox.agents import Agent, make_agent
from hexbox.core import JSON, ConfigError, Game, View, derive_seed, game_info, load
from hexbox.core.data import OVERLAYS_ENV, use_overlay
from hexbox.core.registry import import_packages, packages


@dataclass(frozen=True)
class GameJob:
    game: str
    players: int
    agents: tuple[str, ...]  # one agent spec per seat
    seed: int
    index: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    variant: str | None = None  # the variant's name, in every result line; None: the game as printed


# A worker builds the game and the agents of a run once, not per game: an agent is configuration only
# (``act(view, rng)`` reads nothing but its arguments), so one instance serves every game. Small (loading
# Werebeasts takes ~5 µs, a random game of it ~130 µs), but work that a million games need not repeat.
@lru_cache(maxsize=8)
def _game(name: str, players: int, options: tuple[tuple[str, Any], ...]
          ) -> tuple[Game, Callable[[JSON], JSON] | None, Callable[[Any], int | None] | None]:
    info = game_info(name)
    return load(name, players=players, **dict(options)), info.hook("stats"), info.hook("first")


@lru_cache(maxsize=16)
def _uses(hook: Callable[..., Any] | None) -> dict[str, tuple[str, str]] | None:
    """The ``USES`` of the stats hook's module: public event kind -> (its seat field, its card field)."""
    import sys

    return getattr(sys.modules.get(getattr(hook, "__module__", ""), None), "USES", None) if hook else None


@lru_cache(maxsize=32)
def _agents(specs: tuple[str, ...], game: str) -> tuple[Agent, ...]:
    return tuple(make_agent(spec, game) for spec in specs)


def play_game(job: GameJob, stats: bool = True) -> dict[str, Any]:
    """Play one game to its end; the JSON line that describes it.

    ``stats=False`` leaves out what only ``hexbox report`` reads (the game's ``stats`` hook, computed from the
    final spectator observation): a summary of win rates and lengths does not need it.
    """
    game, hook, first_of = _game(job.game, job.players, tuple(sorted(job.options.items())))  # scalar values
    state = game.new_state(seed=job.seed)
    agents = _agents(job.agents, job.game)
    rng = random.Random(derive_seed(job.seed, 1))  # the agents' and the arrival order's chance
    actions = 0
    # who plays first: decided at set-up in most games, after a simultaneous first step in some (Prowl)
    first = first_of(state) if first_of is not None else None
    # the public events that say a seat used a card (the stats hook's ``uses``: kind -> (seat field, card field)),
    # kept as (seat, card, turn) for card strength by use; what a spectator saw, nothing more
    uses = _uses(hook) if stats else None
    used: list[tuple[int, str, int]] = []
    while not state.is_over:
        actors = state.actors
        seat = actors[0] if len(actors) == 1 else rng.choice(actors)  # who speaks first in an open window
        events = state.apply(seat, agents[seat].act(View.of(state, seat), rng))
        actions += 1
        if first is None and first_of is not None:
            first = first_of(state)
        if uses:
            for e in events:
                spec = uses.get(e.kind) if e.to is None else None
                if spec is not None and isinstance(e.data.get(spec[0]), int) and e.data.get(spec[1]):
                    used.append((e.data[spec[0]], str(e.data[spec[1]]), state.turns))
    result = state.result
    line = {
        "index": job.index,
        "game": job.game,
        "players": job.players,
        "options": job.options,
        "variant": job.variant,
        "seed": job.seed,
        "agents": list(job.agents),
        "first": first,
        "winners": sorted(result.winners),
        "scores": {str(k): v for k, v in sorted(result.scores.items())},
        "reason": result.reason,
        "kind": result.kind,
        "actions": actions,
        "turns": state.turns,
    }
    if stats and hook is not None:
        line["stats"] = hook(state.observe(None), used) if uses else hook(state.observe(None))
    return line


def play_games(jobs: list[GameJob], stats: bool = True) -> list[dict[str, Any]]:
    """A batch of games for one task: fewer, larger tasks keep the scheduling overhead small."""
    return [play_game(j, stats) for j in jobs]


class Plan(Sequence[GameJob]):
    """The games of a run, made when asked for: a million games need no million jobs in memory."""

    def __init__(self, game: str, players: int, agents: list[str], games: int, seed: int,
                 options: dict[str, Any] | None = None, rotate: bool = False, variant: str | None = None):
        self.game, self.players, self.agents, self.games = game, players, list(agents), games
        self.seed, self.options, self.rotate, self.variant = seed, dict(options or {}), rotate, variant

    def __len__(self) -> int:
        return self.games

    @overload
    def __getitem__(self, i: int) -> GameJob: ...
    @overload
    def __getitem__(self, i: slice) -> list[GameJob]: ...

    def __getitem__(self, i: int | slice) -> GameJob | list[GameJob]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self.games))]
        if i < 0:
            i += self.games
        if not 0 <= i < self.games:
            raise IndexError(i)
        k = i % self.players if self.rotate else 0
        seats = self.agents[k:] + self.agents[:k]
        return GameJob(self.game, self.players, tuple(seats), derive_seed(self.seed, i), i, dict(self.options),
                       self.variant)


class Remaining(Sized, Iterable[GameJob]):
    """The jobs of a plan that a resumed run has still to play, in order."""

    def __init__(self, plan: Sequence[GameJob], done: set[int]):
        self.plan, self.done = plan, done

    def __len__(self) -> int:
        return len(self.plan) - len(self.done)

    def __iter__(self) -> Iterator[GameJob]:
        return (self.plan[i] for i in range(len(self.plan)) if i not in self.done)


def jobs_for(game: str, players: int, agents: list[str], games: int, seed: int,
             options: dict[str, Any] | None = None, rotate: bool = False, variant: str | None = None) -> Plan:
    """Game i gets seed derive_seed(seed, i); with ``rotate`` the agents shift one seat per game.

    The seeds depend on ``seed`` and i alone: two variants run with the same seed play the same deals (paired).
    """
    return Plan(game, players, agents, games, seed, options, rotate, variant)


def _chunk(games: int, workers: int) -> int:
    return max(1, min(64, games // (workers * 8) or 1))


#: how long one batch of a local pool should take: long enough that handing it over costs little, short enough that
#: the first games show at once and a Ctrl-C loses no finished game (a batch is kept only when all of it is done)
BATCH_SECONDS = 0.25


class _Pace:
    """Batch sizes by time: one game a batch until games are timed, then as many as fill ``BATCH_SECONDS`` (at most
    ``cap``). A run of normal bots (a second or more a game) hands on every game as it finishes; a run of random
    bots (a tenth of a millisecond a game) still ships them in batches of ``cap``."""

    def __init__(self, cap: int):
        self.cap, self.size = cap, 1

    def learn(self, games: int, seconds: float) -> None:
        if games:
            per = max(seconds / games, 1e-6)
            self.size = max(1, min(self.cap, int(BATCH_SECONDS / per)))


def play_timed(jobs: list[GameJob], stats: bool = True) -> tuple[list[dict[str, Any]], float]:
    """A batch of games and the seconds the worker spent on it (the pace of the next batches)."""
    import time

    start = time.perf_counter()
    lines = play_games(jobs, stats)
    return lines, time.perf_counter() - start


def _batches(jobs: Iterable[GameJob], size: int) -> Iterator[list[GameJob]]:
    it = iter(jobs)
    while batch := list(islice(it, size)):
        yield batch


def run(jobs: Iterable[GameJob], workers: int = 1, on_result: Callable[[dict[str, Any]], None] | None = None,
        ray_address: str | None = None, stats: bool = True,
        on_stop: Callable[[dict[str, Any]], None] | None = None,
        overlays: dict[str, dict[str, Any]] | None = None) -> Iterator[dict[str, Any]]:
    """Results in job order, whatever the number of workers and wherever they run.

    Jobs are taken from ``jobs`` as the workers need them and each result is handed on as soon as the ones
    before it are: memory stays flat however many games there are. ``stats=False``: see :func:`play_game`.

    Stopped early (Ctrl-C while it waits for a worker, or the caller closing the iterator), a local pool hands
    every game already finished but not yet yielded, out of order, to ``on_stop``, and ends its workers at once
    rather than letting them play the games queued for them.

    ``ray_address``: ``"auto"`` (a running cluster on this machine), ``"local"`` (start a private one with
    ``workers`` CPUs), or an address such as ``ray://head:10001`` / ``head:6379``. Every node needs hexbox
    installed.

    ``overlays`` (package -> a variant's overlay of its cards.toml, ``hexbox.sim.variant``): the games are played
    in fresh ("spawn") worker processes, at least one, that lay the overlay before they import the game; this
    process and its data are left as they were. On Ray the overlay travels with each task, in its runtime
    environment (``HEXBOX_OVERLAYS``): Ray starts worker processes of their own for it, which read it when they
    import the game.
    """
    if ray_address is not None:
        yield from _tap(_run_ray(jobs, workers, ray_address, stats, overlays), on_result)
        return
    if workers <= 1 and not overlays:
        yield from _tap((play_game(j, stats) for j in jobs), on_result)
        return
    workers = max(1, workers)
    pace = _Pace(_chunk(len(jobs) if isinstance(jobs, Sized) else 64 * 8 * workers, workers))
    if overlays:
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_start_variant_worker, initargs=(overlays, packages()))
    else:
        pool = ProcessPoolExecutor(max_workers=workers, initializer=_leave_ctrl_c_to_the_main_process)
    pending: deque[Future[tuple[list[dict[str, Any]], float]]] = deque()
    ready: deque[dict[str, Any]] = deque()  # the results of the batch being handed on

    def hand_on(batch: Future[tuple[list[dict[str, Any]], float]]) -> Iterator[dict[str, Any]]:
        lines, seconds = batch.result()
        pace.learn(len(lines), seconds)
        ready.extend(lines)
        while ready:
            yield from _tap([ready.popleft()], on_result)

    try:
        it = iter(jobs)
        while batch := list(islice(it, pace.size)):
            pending.append(pool.submit(play_timed, batch, stats))
            if len(pending) >= 4 * workers:  # enough queued to keep every worker busy, no more
                yield from hand_on(pending.popleft())
        while pending:
            yield from hand_on(pending.popleft())
    except BaseException:  # KeyboardInterrupt, or GeneratorExit when the caller stops reading
        finished = [*ready, *(r for f in pending if f.done() and not f.cancelled() and f.exception() is None
                              for r in f.result()[0])]
        _halt(pool)
        if on_stop is not None:
            for r in finished:
                on_stop(r)
        raise
    pool.shutdown()


def _leave_ctrl_c_to_the_main_process() -> None:
    # Ctrl-C at a terminal reaches the whole process group: a worker that died of it would break the pool and
    # print a traceback; the main process alone stops the run, and ends the workers itself
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _start_variant_worker(overlays: dict[str, dict[str, Any]], games: tuple[str, ...] = ()) -> None:
    _leave_ctrl_c_to_the_main_process()
    lay_overlays(overlays)
    import_packages(games)  # the parent's games, one registered from outside hexbox.games too (spawned: none yet)


def lay_overlays(overlays: dict[str, dict[str, Any]]) -> None:
    """Lay each overlay in this process, for the games it plays from now on. A game module imported already (a
    script whose main module imports the game is imported again in every new worker) is forgotten, so that the
    game is imported again over the overlaid data rather than played as printed."""
    import sys

    from hexbox.core import registry

    for package, over in overlays.items():
        use_overlay(package, over)
        stale = [m for m in sys.modules if m.startswith(package + ".")]
        for m in stale:
            del sys.modules[m]
        if stale:
            for target in [t for t in registry._RESOLVED if t.startswith(package + ".")]:
                del registry._RESOLVED[target]
            _game.cache_clear()
            _agents.cache_clear()
            _uses.cache_clear()


def _halt(pool: ProcessPoolExecutor) -> None:
    """Stop a pool now: queued batches are dropped, and the workers are ended in the middle of their games
    (those games are unfinished and so not kept; replaying them later gives the same lines)."""
    workers = list((getattr(pool, "_processes", None) or {}).values())  # the executor has no public way to kill
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for w in workers:
        w.terminate()
    for w in workers:
        w.join(timeout=5)
    if manager is not None:
        # the pool's manager thread closes its wake-up pipe as it ends; Python's exit handler writes to that pipe
        # unless it is closed already, and a close between its check and its write printed "OSError: Bad file
        # descriptor" after the run's last words: the thread is let end first
        manager.join(timeout=5)


def _run_ray(jobs: Iterable[GameJob], workers: int, address: str, stats: bool,
             overlays: dict[str, dict[str, Any]] | None = None) -> Iterator[dict[str, Any]]:
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
        size = _chunk(len(jobs) if isinstance(jobs, Sized) else 64 * 8 * cpus, cpus)
        remote = ray.remote(play_games)
        if overlays:  # workers of this runtime environment import the game with the overlay laid: none is shared
            remote = remote.options(runtime_env={"env_vars": {OVERLAYS_ENV: json.dumps(overlays, sort_keys=True)}})
        pending: deque[Any] = deque()
        for batch in _batches(jobs, size):
            pending.append(remote.remote(batch, stats))
            if len(pending) >= 4 * cpus:  # in submission order, so the lines come out as they would locally
                yield from ray.get(pending.popleft())
        while pending:
            yield from ray.get(pending.popleft())
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


def read_partial(path: Path, jobs: Sequence[GameJob],
                 on_line: Callable[[dict[str, Any]], None] | None = None) -> set[int]:
    """The indices of the games already in ``path``, checked against ``jobs``; ConfigError if they differ.

    Each line read is handed to ``on_line`` (the running summary) and then dropped, so that resuming a file of
    a million games needs no memory for them. A last line cut short (the run was killed while writing it) is
    cut off the file, so that appending goes on cleanly.
    """
    try:
        f = path.open("rb")
    except FileNotFoundError:
        return set()
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror}") from None
    done: set[int] = set()
    good = 0  # where the last whole line ends
    cut, last_whole = False, True
    with f:
        for number, raw in enumerate(f, 1):
            if not raw.strip():
                good += len(raw)
                continue
            try:
                line = json.loads(raw)
                index = line["index"]
            except (ValueError, KeyError, TypeError):
                if not raw.endswith(b"\n"):  # only the last line can lack its newline
                    cut = True  # a half-written last line
                    break
                raise ConfigError(f"{path}:{number} is not a result line; use another --out or --fresh") from None
            if not isinstance(index, int) or not 0 <= index < len(jobs):
                raise ConfigError(f"{path}:{number}: game {index!r} is not among the {len(jobs)} games of this run; "
                                  "use another --out or --fresh")
            job = jobs[index]
            mine = (job.game, job.players, job.seed, list(job.agents), job.options, job.variant)
            theirs = (line.get("game"), line.get("players"), line.get("seed"), line.get("agents"),
                      line.get("options"), line.get("variant"))
            if mine != theirs:
                raise ConfigError(f"{path} holds games of another run (game {index} differs in game, players, seed, "
                                  "agents, options or variant); use another --out or --fresh")
            done.add(index)
            if on_line:
                on_line(line)
            good += len(raw)
            last_whole = raw.endswith(b"\n")
    if cut:
        with path.open("r+b") as f:
            f.truncate(good)
    elif done and not last_whole:
        with path.open("ab") as f:
            f.write(b"\n")
    return done
