"""Who is at a table: a player is present while one of their websockets is open, or a request with their token
was seen within the grace period. With several processes, presence is also kept in Redis (bus.RedisBus), so that
no process hands a seat to a stand-in while its player is connected to another."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Iterable

from .bus import LocalBus, RedisBus
from .table import Seat, Table


class Presence:
    def __init__(self, grace: float, bus: LocalBus | RedisBus):
        self.grace, self.bus = grace, bus

    def here(self, seat: Seat, now: float) -> bool:
        """Present in this process's sight."""
        return seat.sockets > 0 or now - seat.last_seen < self.grace

    async def present(self, table: Table, seat: Seat, now: float) -> bool:
        return await self.until(table, seat, now) is not None

    async def until(self, table: Table, seat: Seat, now: float) -> float | None:
        """When the seat's player stops being present unless something is heard of them (inf: a socket is open
        here; None: gone). With several processes, a player present only through another process is present
        until their Redis key expires: the other process refreshes it while they are there, and a table waiting
        on them looks again at that moment, not sooner (this process's own sight of them has nothing to say)."""
        if seat.sockets > 0:
            return math.inf
        if now - seat.last_seen < self.grace:
            return seat.last_seen + self.grace
        if self.bus.shared:
            left = await self.bus.present(table.id, seat.seat)
            if left is not None:
                return now + left
        return None

    async def seen(self, table: Table, seat: Seat) -> bool:
        """A request of the seat's player: True if they were gone and are back."""
        now = time.time()
        back = not self.here(seat, now)
        seat.last_seen = now
        if back and self.bus.shared:
            await self.bus.touch(table.id, seat.seat, self.grace)
        return back

    async def keep_fresh(self, tables: Callable[[], Iterable[Table]]) -> None:
        """With several processes: keep the presence of every player connected here fresh in Redis."""
        while True:
            await asyncio.sleep(max(1.0, self.grace / 3))
            for table in list(tables()):
                for s in table.seats:
                    if s.sockets > 0:
                        await self.bus.touch(table.id, s.seat, self.grace)
