"""The runner: one per table in memory, the only place that decides what happens at a table without a person.

After every change of its table (``poke``, called on the way out of every ``Tables.change``) and whenever a time
it was waiting for comes, the runner looks at the table as it is now and does the one thing due — a bot's move,
a stand-in's move, a default action when the game's own clock ran out — or waits for the earliest moment
something could be due (a clock, a bot's pacing, a player's grace running out), or for the next change. It keeps
no plan between two looks, so a move that raced it (a person moving while a bot thought) costs at most a fresh
look: there is no task to re-arm and no path that forgets to. A bot's decision made for a table that moved
meanwhile is dropped, and the runner decides again.

Who plays a seat that must act:
- a bot seat: its bot, paced by ``bot_delay`` after the table's last move;
- a human seat whose player is gone past the grace period: the stand-in bot, until the player is back;
- a human seat whose turn clock and time bank are spent (clock.py): the stand-in, for the rest of that turn;
- otherwise the player, who is waited for; when the game's own clock (its ``timer`` hook) runs out, every human
  seat that must act gets its default action. Bots are never timed: a bot that thinks past a clock is waited for.
A table where no human is present sleeps (nothing is computed); a table of bots alone plays while it is watched.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from dataclasses import dataclass

from hexbox.agents.worker import parse_kind

from .bots import STAND_IN, BotScheduler, seed_for
from .errors import Conflict, Invalid
from .presence import Presence
from .settings import Settings
from .table import Table
from .tables import Tables

log = logging.getLogger("hexbox.server")


@dataclass(frozen=True)
class Wait:
    until: float | None  # None: until the next change


@dataclass(frozen=True)
class BotMove:
    seat: int
    spec: str
    cause: str  # bot | stand-in | clock


@dataclass(frozen=True)
class Timeout:
    seat: int


class Runner:
    def __init__(self, table: Table, tables: Tables, bots: BotScheduler, presence: Presence, settings: Settings):
        self.table, self.tables, self.bots, self.presence, self.settings = table, tables, bots, presence, settings
        self._poked = asyncio.Event()
        self._poked.set()  # a new or reloaded table is looked at at once
        self.busy = False
        self.task = asyncio.create_task(self._run(), name=f"runner {table.id}")

    def poke(self) -> None:
        self._poked.set()

    def close(self) -> None:
        self.task.cancel()

    async def _run(self) -> None:
        failures = 0
        try:
            while True:
                await self._poked.wait()
                while True:
                    self._poked.clear()
                    self.tables.looks += 1
                    try:
                        step = await self.plan(time.time())
                        if isinstance(step, Wait):
                            break
                        held = await (self._bot(step) if isinstance(step, BotMove) else self._timeout(step))
                        failures = 0
                        if held is not None:  # another process makes this decision: its move will wake us
                            step = held
                            break
                    except asyncio.CancelledError:
                        raise
                    except Exception:
                        # a bug, or the database gone for a moment: look again a little later, never in a busy loop
                        failures += 1
                        log.exception("table %s: the runner failed (%d in a row)", self.table.id, failures)
                        step = Wait(time.time() + min(30.0, 0.25 * 2**failures))
                        break
                if step.until is not None:
                    await self._until(step.until)
        except asyncio.CancelledError:
            return  # closed: ends without keeping the exception (see viewers.Watcher)

    async def _until(self, when: float) -> None:
        """Sleep until ``when`` (wall clock, as deadlines are) or the next poke, whichever comes first."""
        try:
            await asyncio.wait_for(self._poked.wait(), max(0.005, when - time.time()))
        except TimeoutError:
            self._poked.set()  # time to look again

    async def plan(self, now: float) -> Wait | BotMove | Timeout:
        """What is due at the table now, or when to look again."""
        t = self.table
        if t.over or not t.started:
            return Wait(None)
        humans = [s for s in t.seats if s.bot is None]
        # when each player stops being present (None: gone); a table waits for the earliest of those, never a
        # moment already past (a player present only through another process: tests/server/test_idle.py)
        present = {s.seat: await self.presence.until(t, s, now) for s in humans}
        watched = any(w.viewer.seat is None for w in t.watchers)
        if not (any(at is not None for at in present.values()) or (not humans and watched)):
            return Wait(None)  # asleep: no one to play for, so no CPU is spent
        actors = t.state.actors
        wake: list[float] = []
        if t.deadline_at is not None and any(t.seats[a].bot is None for a in actors):
            if now >= t.deadline_at:
                return Timeout(next(a for a in actors if t.seats[a].bot is None))
            wake.append(t.deadline_at)
        for seat in actors:
            s = t.seats[seat]
            if s.bot is not None:
                move = BotMove(seat, s.bot, "bot")
            elif present[seat] is None:
                move = BotMove(seat, STAND_IN, "stand-in")
            else:
                ends = t.clocks.deadline(seat)
                if ends is not None and now >= ends:
                    move = BotMove(seat, STAND_IN, "clock")
                else:
                    wake.extend(at for at in (ends, present[seat]) if at is not None and at != math.inf)
                    continue
            ready = t.moved_at + self.settings.bot_delay
            if now < ready:
                wake.append(ready)
                continue
            return move
        return Wait(min(wake) if wake else None)

    async def _bot(self, move: BotMove) -> Wait | None:
        """The bot's move; or, when another process holds this decision's lease, when to look again."""
        t = self.table
        seq = t.seq
        # with several processes, one decision is made once: by the process that takes its lease, for as long as a
        # decision may take (a process that dies in it leaves it to another when the lease runs out)
        lease = 2 * self.settings.max_bot_seconds + 10
        if not await self.tables.bus.lease(f"{t.id}:{seq}:{move.seat}", lease):
            return Wait(time.time() + lease)
        start = time.perf_counter()
        self.busy = True  # not let go of while it decides (Tables.unload_idle)
        try:
            chosen = await self.bots.choose(t.id, t.state, move.seat, move.spec,
                                            seed_for(t.seed, seq, move.seat), owner=t.client)
            if self.tables.metrics is not None:
                self.tables.metrics.bot_seconds.labels(parse_kind(move.spec)).observe(time.perf_counter() - start)
            action = t.game.parse_action(chosen)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # the bot failed for good: the seat's default action, so the table goes on
            log.warning("table %s: the bot %r at seat %d failed (%s): its default action instead",
                        t.id, move.spec, move.seat, exc)
            action = None
        finally:
            self.busy = False
        async with self.tables.change(t):
            if t.seq != seq or move.seat not in t.state.actors:
                return  # the table moved meanwhile: look again
            try:
                if action is not None:
                    try:
                        await self.tables.commit(t, move.seat, action, move.cause)
                        return
                    except Invalid as exc:
                        log.warning("table %s: the bot's move at seat %d was refused: %s", t.id, move.seat,
                                    exc.detail)
                await self.tables.commit(t, move.seat, t.state.default_action(move.seat), move.cause)
            except Conflict:
                return  # another process moved this table first: look again

    async def _timeout(self, step: Timeout) -> None:
        t = self.table
        async with self.tables.change(t):
            if (t.deadline_at is None or t.deadline_at > time.time() or step.seat not in t.state.actors
                    or t.seats[step.seat].bot is not None):
                return
            try:
                await self.tables.commit(t, step.seat, t.state.default_action(step.seat), "timeout")
            except Conflict:
                return  # another process moved this table first: look again
