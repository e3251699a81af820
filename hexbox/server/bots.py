"""Bot moves for ``hexbox serve``: within the server's caps, fair across tables, on worker processes that are watched.

**Caps.** :class:`Caps` is the most any table may ask of the server: ``seconds`` of thinking per decision,
``iterations`` (ISMCTS ``iters`` and ``calls``) and ``rollout`` (the actions of one ISMCTS rollout). They hold
twice. :func:`check_spec` refuses a bot whose spec asks for more, saying why, and returns the spec normalised
(what a table stores). And the worker builds every agent within them, whatever its spec
(``hexbox.agents.worker.limited``): an ISMCTS search thinks ``min(its seconds, caps.seconds)`` (``caps.think``,
1 s by default, when it named none, as a level does: a person feels seconds, not iterations), runs at most
``caps.iterations`` iterations and calls, and cuts its rollouts at ``caps.rollout`` actions. A search looks at
its clock between iterations (anytime: it plays the best move found so far), so it may overrun by one iteration:
at the default caps, at most 0.7 s measured (Prowl with ``policy=heuristic``, whose rollouts ask the game's bot at
every step). Agents are built once per worker process and kept (the latest 256 specs).

**Lanes.** A decision is *light* (``random``, ``heuristic``: no search, milliseconds) or a *search*
(``ismcts``). Each has a lane of its own, so a light decision never waits behind a search: the light lane is one
worker process, the search lane ``workers`` processes. With ``workers=0`` (tests, tiny machines) there is no
process: one thread of the server's own process runs every decision, light ones first when both wait.

**Fairness.** In each lane the scheduler keeps a FIFO queue per table and gives a job to a worker only when that
worker is idle, one job per worker: no executor's queue decides the order. The next job is the head of the queue
of the table served least recently: each table has a stamp, the turn of its next job, which grows by one each
time one of its jobs starts; the lowest stamp goes first (ties: the table that began waiting first), and a table
that begins waiting gets at least the stamp of the job started last, so it cannot bank turns it did not use
(start-time fair queueing, one unit per decision). Tables with queued searches thus take turns, one decision each:
however many a table queues, another waits for at most one decision of each table ahead of it in the round, and
the caps bound each. The share is the client's, not the table's, when the caller names the client that made the
table (``owner``; the server does): a client with three tables of capped bots takes one turn between them, so
another client's ``hard`` bot waits for at most one of its decisions. A decision's state is pickled when it is
asked for: the
worker decides on a snapshot, whatever happens at the table meanwhile. A caller that stops waiting (its task
cancelled) takes its job out of the queue; a job already running finishes within the caps and is dropped.

**Workers.** Each worker is a process (spawned, sharing nothing with the server's threads) with a pipe of its
own, running ``hexbox.agents.worker.serve`` (outside hexbox.server, so a worker imports no web stack): it imports
the games, says it is ready, then answers one pickled ``(state, seat, spec, seed)`` at a time with the action's
JSON. :meth:`BotScheduler.start` waits until every worker is ready. While a worker decides, a thread of the server
waits on its pipe and on its process at once (``multiprocessing.connection.wait``), so a death is seen at once.

**Dead workers.** A worker that dies in a decision (SIGKILL, the OOM killer, a crash) is replaced at once by a
new process, and that decision alone goes back to the head of its table's queue, at most ``retries`` (2) times:
a decision that killed its worker ``1 + retries`` times fails with :class:`WorkerLost` (an ``Unavailable``),
which the caller catches to play the seat's default action, so no table freezes. Decisions on other workers are
not touched. A decision still running after ``hang_after`` seconds (``2 * caps.seconds + 10``) is taken to hang:
its worker is killed and replaced and the decision fails with WorkerLost at once (a hang would come back). A
supervisor task looks at the idle workers four times a second and replaces the dead (as does the scheduler
before it gives a worker a job), so a worker that dies idle is replaced before anyone needs it. If a lane has no
living worker and none can be started, a decision fails at once with ``Unavailable``. :meth:`BotScheduler.health`
looks at the processes when it is called: ``ok`` is false while a worker is dead and not yet replaced,
``restarts`` counts the replacements.

**Why the light lane is a process.** A heuristic decision (benchmarks/bot_latency.py: heuristic bots at every seat,
400 decisions per game, on the game's conformance set-ups) takes, p50 / p99 / max in ms: GROWL 0.20 / 0.62 / 2.4,
Prowl 3.0 / 66 / 96 (p90 27), Transylvania 0.14 / 0.52 / 0.55, Voodoo 0.30 / 3.6 / 4.2, Werebeasts 0.09 / 0.47 / 1.4
(2 cores, otherwise idle; on the machine loaded by other work, Prowl's p50 and max rose to 7.4 and 219). A thread in
the server's process shares the GIL with the event loop: with such a thread kept busy by heuristic bots
(``--loop``), the loop woke 5.4 ms late at the median (the interpreter's switch interval) and 13-22 ms at worst,
against 0.14 ms with no thread, and got about a sixth of its wake-ups through. Prowl's bot is busy for tens of ms at
a time, and many tables of bots keep the lane busy. A process costs the state's pickle (p50 0.15-0.9 ms, GROWL the
most) and a pipe's round trip: a random bot's decision through the scheduler (the pickle and a thread's hop
included) took, p50 over 300 per game, 0.7-1.5 ms with the light lane's process against 0.6-1.6 ms on a thread
(workers=0).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import pickle
import random
from collections import deque
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any

from hexbox.agents import LEVELS, make_agent, parse_spec, resolve
from hexbox.agents import worker as agent_worker
from hexbox.core import ConfigError, State, game_info
from hexbox.core.registry import packages

from .errors import Invalid, Unavailable

log = logging.getLogger("hexbox.server")

#: the agent a seat is given when its player is gone past the grace period
STAND_IN = "heuristic"
#: the longest spec a table may give a bot
MAX_SPEC = 120
#: how often a decision that kills its worker is tried again
RETRIES = 2
#: seconds between two rounds of the supervisor
SUPERVISE_EVERY = 0.25
#: seconds a new worker has to import the games and say it is ready, at start
READY_WITHIN = 60.0

#: how people see an agent spec that names no level (hexbox.agents.LEVELS are shown as they are)
LEVEL_OF_KIND = {"random": "easy", "heuristic": "normal"}


@dataclass(frozen=True)
class Caps:
    """The most any table may ask of the server, per bot decision."""

    seconds: float = 5.0  # wall-clock thinking
    iterations: int = 20_000  # ISMCTS iters, and calls
    rollout: int = 300  # actions of one ISMCTS rollout
    think: float = agent_worker.THINK  # wall-clock thinking of a search whose spec names no seconds (a level)

    def __post_init__(self) -> None:
        if not 0 < self.seconds < float("inf") or self.iterations < 1 or self.rollout < 0 \
                or not 0 < self.think < float("inf"):
            raise ValueError(f"caps must be positive and finite: {self}")

    @property
    def limits(self) -> agent_worker.Limits:
        return agent_worker.Limits(float(self.seconds), int(self.iterations), int(self.rollout), float(self.think))


class WorkerLost(Unavailable):
    """A decision whose worker died every time it was tried, or that ran past the time a decision may take."""


def check_spec(spec: object, game: str, caps: Caps) -> str:
    """The spec of a table's bot, normalised (``" ISMCTS: Iters=200 ; c=0.7"`` -> ``"ismcts:iters=200+c=0.7"``),
    or :class:`Invalid` with the reason: not a string, too long, malformed, unknown, or over the ``caps``."""
    if not isinstance(spec, str):
        raise Invalid(f"a bot is an agent spec such as 'heuristic' or 'ismcts:seconds=2', not {type(spec).__name__}")
    if len(spec) > MAX_SPEC:
        raise Invalid(f"a bot's spec has at most {MAX_SPEC} characters, not {len(spec)}")
    shown = spec.strip()[:40]
    try:
        game_info(game)
        kind, params = parse_spec(spec)
        make_agent(spec, game)
    except ConfigError as exc:
        raise Invalid(f"bot {shown!r}: {exc}") from None
    # a level is a name a person picks: the worker brings its search within the caps (agents.worker.limited)
    over = _over(params, caps) if kind == "ismcts" else None
    if over:
        raise Invalid(f"bot {shown!r}: {over} on this server")
    return f"{kind}:{'+'.join(f'{k}={v}' for k, v in params.items())}" if params else kind


def _over(params: dict[str, str], caps: Caps) -> str | None:
    """What an ISMCTS spec's parameters (valid ones: make_agent took them) ask beyond the caps, if anything."""
    if "iters" in params and int(params["iters"]) > caps.iterations:
        return f"at most {caps.iterations} iterations"
    if "calls" in params and int(params["calls"]) > caps.iterations:
        return f"at most {caps.iterations} calls"
    if "rollout" in params and int(params["rollout"]) > caps.rollout:
        return f"rollouts of at most {caps.rollout} actions"
    if "seconds" in params and not float(params["seconds"]) <= caps.seconds:  # not NaN either
        return f"at most {caps.seconds:g} s of thinking per move"
    return None


def level(spec: str) -> str:
    """How people see a bot: a level by its name (``easy``, ``normal``, ``hard``); else ``random`` and a
    sloppy ``heuristic:random=P`` are easy, ``heuristic`` normal, a search (ismcts…) hard."""
    kind = agent_worker.parse_kind(spec)
    if kind in LEVELS:
        return kind
    if kind == "heuristic" and spec.partition(":")[2].strip():
        return "easy"
    return LEVEL_OF_KIND.get(kind, "hard")


def seed_for(table_seed: int, seq: int, seat: int) -> int:
    """A bot's randomness for one decision: reproducible from the table, and different at every move."""
    return random.Random(f"hexbox-bot:{table_seed}:{seq}:{seat}").getrandbits(63)


# ---- jobs and their queues ----------------------------------------------------------------------------------


@dataclass(eq=False)
class _Job:
    table: str
    payload: bytes  # the pickled (state, seat, spec, seed)
    spec: str
    light: bool
    future: asyncio.Future[dict[str, Any]]
    deaths: int = 0  # workers that died under it
    owner: str | None = None  # who the fair share is counted for: the client that made the table (else the table)

    @property
    def share(self) -> str:
        return self.table if self.owner is None else f"client:{self.owner}"


class _FairQueue:
    """A FIFO queue per table; the next job is the head of the queue of the table served least recently (the
    lowest stamp; ties: the table that began waiting first). Start-time fair queueing, one unit per job."""

    def __init__(self) -> None:
        self._queues: dict[str, deque[_Job]] = {}  # tables with jobs waiting, in the order they began waiting
        self._stamps: dict[str, int] = {}  # the turn of each table's next job
        self._now = 0  # the stamp of the job started last

    def push(self, job: _Job, first: bool = False) -> None:
        queue = self._queues.get(job.share)
        if queue is None:
            queue = self._queues[job.share] = deque()
            self._stamps[job.share] = max(self._stamps.get(job.share, 0), self._now)
        if first:
            queue.appendleft(job)
        else:
            queue.append(job)

    def pop(self) -> _Job | None:
        while self._queues:
            table = min(self._queues, key=self._stamps.__getitem__)
            queue = self._queues[table]
            job = queue.popleft()
            if not queue:
                del self._queues[table]
            if job.future.done():  # its caller stopped waiting
                continue
            self._now = self._stamps[table]
            self._stamps[table] += 1
            # a table that waits no more and whose stamp the others have reached would get ``now`` anyway
            for idle in [t for t, s in self._stamps.items() if s <= self._now and t not in self._queues]:
                del self._stamps[idle]
            return job
        return None

    def __len__(self) -> int:
        return sum(not job.future.done() for queue in self._queues.values() for job in queue)


# ---- where decisions run --------------------------------------------------------------------------------------


class _Died(Exception):
    """The worker's process ended while it held a job."""


class _Hung(Exception):
    """The worker did not answer in time."""


class _Worker:
    """One worker process and the server's end of its pipe."""

    def __init__(self, ctx: Any, limits: agent_worker.Limits, name: str):
        self.ctx, self.limits, self.name = ctx, limits, name
        self.job: _Job | None = None
        self._spawn()

    def _spawn(self) -> None:
        conn, child = self.ctx.Pipe()
        # a spawned process knows only hexbox's own games until a pickled state imports its game's modules: it
        # imports every package this one has registered first, so that it knows them all from its first decision
        process = self.ctx.Process(target=agent_worker.serve, args=(child, self.limits, packages()), name=self.name,
                                   daemon=True)
        try:
            process.start()
        finally:
            child.close()
        self.conn, self.process, self.ready = conn, process, False

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def alive(self) -> bool:
        return not wait([self.process.sentinel], 0)

    def restart(self) -> None:
        """A new process in place of this one (which is killed if it still lives)."""
        old_conn, old_process = self.conn, self.process
        self._spawn()  # first: if it fails, the old (dead) process stays, and the supervisor tries again
        _end(old_conn, old_process)

    def stop(self) -> None:
        _end(self.conn, self.process)

    # -- on a thread of the scheduler: these block --

    def await_ready(self, timeout: float) -> None:
        while not self.ready:
            self._answer(timeout)

    def call(self, payload: bytes, timeout: float) -> tuple[bool, Any]:
        try:
            self.conn.send_bytes(payload)
        except OSError:
            raise _Died from None
        while True:
            answer = self._answer(timeout)
            if answer is not None:
                return pickle.loads(answer)

    def _answer(self, timeout: float) -> bytes | None:
        """The worker's next message (None for its READY), _Died if its process ends first, _Hung after
        ``timeout``."""
        ready = wait([self.conn, self.process.sentinel], timeout)
        if self.conn in ready:  # before the sentinel: an answer sent just before the end still counts
            try:
                message = self.conn.recv_bytes()
            except (EOFError, OSError):
                raise _Died from None
            if message == agent_worker.READY:
                self.ready = True
                return None
            return message
        if ready:
            raise _Died
        raise _Hung


def _end(conn: Any, process: Any) -> None:
    if process.is_alive():
        process.kill()
    process.join(5)
    conn.close()


class _Inline:
    """workers=0: decisions run on the scheduler's one thread, in this process. It cannot die, nor be stopped."""

    pid = None

    def __init__(self, limits: agent_worker.Limits):
        self.limits = limits
        self.job: _Job | None = None

    def alive(self) -> bool:
        return True

    def restart(self) -> None:  # pragma: no cover  (never dead)
        pass

    def stop(self) -> None:
        pass

    def call(self, payload: bytes, timeout: float) -> tuple[bool, Any]:
        try:
            return True, agent_worker.decide(payload, self.limits)
        except Exception as exc:
            return False, exc


@dataclass(eq=False)
class _Lane:
    name: str
    slots: list[Any]  # _Worker or _Inline
    queues: list[_FairQueue] = field(default_factory=lambda: [_FairQueue()])  # by priority: light first

    def queue_for(self, job: _Job) -> _FairQueue:
        return self.queues[0 if job.light else -1]

    def pop(self) -> _Job | None:
        for queue in self.queues:
            job = queue.pop()
            if job is not None:
                return job
        return None


# ---- the scheduler ------------------------------------------------------------------------------------------


class BotScheduler:
    """Bot decisions for every table of a server; see the module's docstring. ``start`` and ``close`` it on the
    server's event loop; ``choose`` from there too."""

    def __init__(self, workers: int, caps: Caps, *, retries: int = RETRIES, hang_after: float | None = None,
                 supervise_every: float = SUPERVISE_EVERY):
        if workers < 0 or retries < 0:
            raise ValueError("workers and retries are counts: 0 or more")
        self.workers, self.caps, self.retries = workers, caps, retries
        self.hang_after = hang_after if hang_after is not None else 2 * caps.seconds + 10
        self.supervise_every = supervise_every
        self.restarts = 0
        self._light: _Lane | None = None
        self._search: _Lane | None = None
        self._threads: ThreadPoolExecutor | None = None
        self._supervisor: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._closed = False

    # ---- life -----------------------------------------------------------------------------------------------

    async def start(self) -> None:
        """Start the workers, and return once each has imported the games (RuntimeError if one cannot)."""
        if self._light is not None or self._closed:
            raise RuntimeError("a BotScheduler starts once")
        loop = asyncio.get_running_loop()
        limits = self.caps.limits
        if self.workers == 0:
            self._light = self._search = _Lane("inline", [_Inline(limits)], [_FairQueue(), _FairQueue()])
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="hexbox-bot")
            return
        ctx = multiprocessing.get_context("spawn")
        self._threads = ThreadPoolExecutor(max_workers=self.workers + 1, thread_name_prefix="hexbox-bot")
        try:
            self._light = _Lane("light", [_Worker(ctx, limits, "hexbox-bot-light")])
            self._search = _Lane("search", [_Worker(ctx, limits, f"hexbox-bot-{i}") for i in range(self.workers)])
            waits = [loop.run_in_executor(self._threads, slot.await_ready, READY_WITHIN) for slot in self._slots()]
            for outcome in await asyncio.gather(*waits, return_exceptions=True):
                if isinstance(outcome, BaseException):
                    raise outcome
        except BaseException as exc:
            await self.close()
            if isinstance(exc, _Died | _Hung):
                raise RuntimeError(f"a bot worker did not start ({'it died' if isinstance(exc, _Died) else 'no answer'}"
                                   f" within {READY_WITHIN:g} s)") from None
            raise
        self._supervisor = loop.create_task(self._supervise())

    async def close(self) -> None:
        """Stop the workers; decisions waiting or running fail with Unavailable."""
        if self._closed:
            return
        self._closed = True
        if self._supervisor is not None:
            self._supervisor.cancel()
        closing = Unavailable("the server is closing")
        for lane in self._lanes():
            while (job := lane.pop()) is not None:
                _fail(job, closing)
        slots = self._slots()
        for slot in slots:
            if slot.job is not None:
                _fail(slot.job, closing)
            if isinstance(slot, _Worker) and slot.alive():
                slot.process.kill()  # its waiting thread sees the end at once
        if self._tasks and any(isinstance(slot, _Worker) for slot in slots):
            await asyncio.wait(self._tasks, timeout=5)  # each sees its worker's end at once
        for task in list(self._tasks):  # workers=0: a search runs on, on its thread, until its caps end it
            task.cancel()
        for slot in slots:
            slot.stop()
        if self._threads is not None:
            self._threads.shutdown(wait=False, cancel_futures=True)

    # ---- decisions ------------------------------------------------------------------------------------------

    async def choose(self, table_id: str, state: State, seat: int, spec: str, seed: int,
                     owner: str | None = None) -> dict[str, Any]:
        """The action's JSON that agent ``spec`` chooses for ``seat`` (it sees only the seat's view of ``state``,
        as it is now). Raises what the agent raised (e.g. ConfigError for a bad spec), WorkerLost if the decision
        killed its worker every time or hung, Unavailable if no worker can take it. ``owner`` (the client that made
        the table) is who the fair share counts: one client's many tables take one turn between them."""
        if self._light is None or self._search is None or self._closed:
            raise Unavailable("the bots are not running")
        kind = agent_worker.parse_kind(spec)
        if kind in LEVELS:  # a level runs in the lane of its spec for this game: "hard" searches
            kind = agent_worker.parse_kind(resolve(spec, state.game.name))
        light = kind in agent_worker.LIGHT_KINDS
        lane = self._light if light else self._search
        payload = pickle.dumps((state, seat, spec, seed), protocol=pickle.HIGHEST_PROTOCOL)
        job = _Job(table_id, payload, spec, light, asyncio.get_running_loop().create_future(), owner=owner)
        lane.queue_for(job).push(job)
        self._pump(lane)
        if not job.future.done() and not any(slot.alive() for slot in lane.slots):
            _fail(job, Unavailable("the bot workers are down and could not be replaced"))
        return await job.future

    def health(self) -> dict[str, Any]:
        """``ok`` (started, not closed, every worker process alive), ``workers`` (processes: ``workers`` for
        searches and one for light bots; 0 with workers=0), ``alive``, ``restarts``, ``queued`` and ``running``
        decisions."""
        slots = self._slots()
        processes = [s for s in slots if isinstance(s, _Worker)]
        alive = sum(s.alive() for s in processes)
        started = self._light is not None and not self._closed
        return {"ok": started and alive == len(processes),
                "workers": len(processes) if started else (self.workers + 1 if self.workers else 0),
                "alive": alive, "restarts": self.restarts,
                "queued": sum(len(q) for lane in self._lanes() for q in lane.queues),
                "running": sum(s.job is not None for s in slots)}

    # ---- inside ---------------------------------------------------------------------------------------------

    def _lanes(self) -> list[_Lane]:
        lanes = [lane for lane in (self._light, self._search) if lane is not None]
        return lanes[:1] if len(lanes) == 2 and lanes[0] is lanes[1] else lanes

    def _slots(self) -> list[Any]:
        return [slot for lane in self._lanes() for slot in lane.slots]

    def _pump(self, lane: _Lane) -> None:
        """Give a job to each idle worker of ``lane`` (replacing the dead first), while jobs wait."""
        if self._closed:
            return
        for slot in lane.slots:
            if slot.job is not None or (not slot.alive() and not self._replace(slot)):
                continue
            job = lane.pop()
            if job is None:
                return
            slot.job = job
            self._spawn_task(self._run(lane, slot, job))

    async def _run(self, lane: _Lane, slot: Any, job: _Job) -> None:
        assert self._threads is not None
        try:
            ok, value = await asyncio.get_running_loop().run_in_executor(
                self._threads, slot.call, job.payload, self.hang_after)
        except _Died:
            if self._closed:  # killed by close(), which failed the job
                return
            job.deaths += 1
            log.warning("bot worker %s died in a decision of table %s (%r, %d time(s))", slot.pid, job.table,
                        job.spec, job.deaths)
            self._replace(slot)
            if job.deaths > self.retries:
                _fail(job, WorkerLost(f"bot {job.spec[:40]!r}: its worker died {job.deaths} times "
                                      f"on this decision"))
            else:
                lane.queue_for(job).push(job, first=True)
        except _Hung:
            log.warning("bot worker %s hung in a decision of table %s (%r): killed", slot.pid, job.table, job.spec)
            self._replace(slot)
            _fail(job, WorkerLost(f"bot {job.spec[:40]!r}: no decision after {self.hang_after:g} s"))
        except Exception as exc:  # the scheduler closing under it
            _fail(job, exc)
        else:
            if not job.future.done():
                if ok:
                    job.future.set_result(value)
                else:
                    job.future.set_exception(value)
        finally:
            slot.job = None
            self._pump(lane)

    def _replace(self, slot: Any) -> bool:
        """A new process for a dead worker: True once it is there."""
        if self._closed:
            return False
        try:
            slot.restart()
        except Exception:
            log.exception("a bot worker could not be started again")
            return False
        self.restarts += 1
        log.warning("bot worker replaced (%d replacement(s) so far)", self.restarts)
        return True

    async def _supervise(self) -> None:
        while True:
            await asyncio.sleep(self.supervise_every)
            try:
                for lane in self._lanes():
                    for slot in lane.slots:
                        if slot.job is None and not slot.alive():
                            self._replace(slot)
                    self._pump(lane)
            except Exception:  # never let the watch stop
                log.exception("bot supervisor")

    def _spawn_task(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)


def _fail(job: _Job, exc: BaseException) -> None:
    if not job.future.done():
        job.future.set_exception(exc)
