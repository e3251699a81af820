"""A server process's parts, wired together. Each concern has its own class:

- :class:`~.tables.Tables` — the tables in memory and the one path by which any of them changes (``change``,
  ``commit``, ``publish``); :class:`~.viewers.Answers` — what each viewer is shown;
- :class:`~.runner.Runner` — one per table: bots, stand-ins and clocks (the only thing that acts without a person);
- :class:`~.seats.Seats` — tokens, claims and the host's powers; :class:`~.play.Play` — moves and websockets;
- :class:`~.chat.Chat`; :mod:`~.catalogue` — games and the lobby; :class:`~.bots.BotScheduler` — bot processes;
- :class:`~.presence.Presence`, :class:`~.store.Store` and the bus (:mod:`~.bus`) below them.

Nothing here knows HTTP (the routes in ``api/`` map the refusals of ``errors.py`` to statuses) and nothing knows a
game's rules: the state is asked (``actors``, ``legal_actions``, ``default_action``, ``observe``, ``describe``).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from .bots import BotScheduler, Caps, check_spec
from .bus import LocalBus, RedisBus
from .chat import Chat
from .metrics import Metrics, watch_hub
from .play import Play
from .presence import Presence
from .runner import Runner
from .seats import Seats
from .settings import Settings
from .store import Store, default_url
from .table import Table
from .tables import Tables
from .viewers import Answers

log = logging.getLogger("hexbox.server")


class Hub:
    def __init__(self, settings: Settings):
        self.settings = settings
        self.store = Store(settings.db_url or default_url())
        self.bus: LocalBus | RedisBus = RedisBus(settings.redis_url) if settings.redis_url else LocalBus()
        # PostgreSQL is a round trip away: its calls run on threads. SQLite is a file in this process, and a move's
        # append costs 0.2 ms of CPU with no wait for a disk (WAL, synchronous=NORMAL): its calls run right here,
        # since handing them to a thread cost more than the call (13% of the server's time at 200 live tables,
        # in the GIL and the queue) and added a thread's wake-up to every move.
        self._inline = self.store.url.startswith("sqlite")
        self._db_threads: Executor = ThreadPoolExecutor(max_workers=4, thread_name_prefix="hexbox-db")
        self.caps = Caps(settings.max_bot_seconds, settings.max_bot_iterations, settings.max_bot_rollout,
                         settings.bot_think)
        self.bots = BotScheduler(settings.workers, self.caps)
        self.presence = Presence(settings.grace, self.bus)
        self.answers = Answers(self.presence)
        self.tables = Tables(settings, self.store, self.bus, self.answers, self.db, self._run)
        self.seats = Seats(self.tables, self.presence, settings, self.check_bot)
        self.play = Play(self.tables, self.answers, self.presence)
        self.chat = Chat(self.tables, settings)
        self.metrics = Metrics()
        self.tables.metrics = self.metrics
        watch_hub(self.metrics, self)
        self._tasks: list[asyncio.Task[None]] = []
        self.resumed_after = 0.0  # seconds the service was down before this process started (0: it was not)

    def check_bot(self, spec: Any, game: str) -> str:
        return check_spec(spec, game, self.caps)

    def _run(self, table: Table) -> None:
        table.runner = Runner(table, self.tables, self.bots, self.presence, self.settings)

    async def db(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        if self._inline:
            return fn(*args, **kwargs)
        return await asyncio.get_running_loop().run_in_executor(self._db_threads, lambda: fn(*args, **kwargs))

    # ---- life of the process -------------------------------------------------------------------------------

    async def start(self) -> None:
        await self.db(self.store.migrate)
        # a process that finds the heartbeat older than two beats: no process was alive, the service was down,
        # and every clock moves on by the gap (nobody could move meanwhile)
        self.resumed_after = await self.db(self.store.resume, time.time(), 2 * self.settings.heartbeat)
        if self.resumed_after:
            log.warning("the server was down for %.1f s: every table's clocks moved on by that", self.resumed_after)
        await self.bots.start()
        await self.bus.start(self.tables.on_bus)
        self._tasks.append(asyncio.create_task(self._heartbeat()))
        self._tasks.append(asyncio.create_task(self._sweep()))
        if self.bus.shared:
            self._tasks.append(asyncio.create_task(self.presence.keep_fresh(self.tables.held.values)))

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(self.settings.heartbeat)
            try:
                await self.db(self.store.beat, time.time())
            except Exception:  # the database away for a moment: the next beat tries again
                log.warning("the heartbeat could not be written", exc_info=True)

    async def _sweep(self) -> None:
        """Bounded memory: idle tables leave memory, abandoned ones are deleted (Tables.unload_idle, .expire)."""
        while True:
            await asyncio.sleep(self.settings.sweep_every)
            try:
                self.sweep()
                gone = await self.tables.expire()
                self.metrics.expired.inc(len(gone))
                if gone:
                    log.info("%d abandoned table(s) deleted", len(gone))
            except Exception:  # the database away for a moment: the next sweep tries again
                log.warning("the sweep of idle tables failed", exc_info=True)

    def sweep(self) -> int:
        """Let go of the idle tables now; how many went."""
        now = time.time()
        gone = self.tables.unload_idle(
            lambda t: any(self.presence.here(s, now) for s in t.seats if s.kind == "human"))
        self.metrics.unloaded.inc(gone)
        return gone

    async def close(self) -> None:
        for task in self._tasks:
            task.cancel()
        for table in self.tables.held.values():
            if table.runner is not None:
                table.runner.close()
            for w in list(table.watchers):
                w.close()
        await self.bus.close()
        await self.bots.close()
        self._db_threads.shutdown(wait=True)
        self.store.close()

    def health(self) -> dict[str, Any]:
        bots = self.bots.health()
        return {"ok": bool(bots["ok"]), "bots": bots, "tables": len(self.tables.held), "looks": self.tables.looks}
