"""How server processes tell each other that a table changed, and who is present: Redis, or nothing.

With one process there is nothing to tell: the process that changes a table pushes to its own viewers. With
``--redis URL``, every change is also published on ``hexbox:table:<id>``; every other process that has viewers
of that table catches up from the database (the truth) and pushes to them. Presence (a player's websocket open
or a request seen within the grace period) is kept in Redis keys that expire, so that no process hands a seat to
a stand-in bot while its player is connected to another process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import uuid
from collections.abc import Awaitable, Callable

log = logging.getLogger("hexbox.server")

Handler = Callable[[str, str], Awaitable[None]]


class LocalBus:
    """One process: nothing to publish, presence is the process's own."""

    shared = False

    async def start(self, handler: Handler) -> None:
        pass

    async def publish(self, table_id: str, kind: str) -> None:
        pass

    async def touch(self, table_id: str, seat: int, seconds: float) -> None:
        pass

    async def present(self, table_id: str, seat: int) -> float | None:
        return None

    async def lease(self, key: str, seconds: float) -> bool:
        return True

    async def close(self) -> None:
        pass


class RedisBus:
    """Several processes sharing tables through one Redis."""

    shared = True
    CHANNEL = "hexbox:table:"

    def __init__(self, url: str):
        import redis.asyncio as redis

        self.redis = redis.from_url(url)
        self.origin = uuid.uuid4().hex
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler) -> None:
        await self.redis.ping()  # a wrong URL fails at start, not at the first move
        pubsub = self.redis.pubsub()
        await pubsub.psubscribe(self.CHANNEL + "*")
        self._task = asyncio.create_task(self._listen(pubsub, handler))

    async def _listen(self, pubsub, handler: Handler) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "pmessage":
                continue
            try:
                data = json.loads(message["data"])
                if data["origin"] != self.origin:
                    await handler(data["table"], data["kind"])
            except Exception:  # one bad message must not stop the listener
                log.exception("bad message on the bus")

    async def publish(self, table_id: str, kind: str) -> None:
        await self.redis.publish(self.CHANNEL + table_id,
                                 json.dumps({"origin": self.origin, "table": table_id, "kind": kind}))

    async def touch(self, table_id: str, seat: int, seconds: float) -> None:
        await self.redis.set(f"hexbox:present:{table_id}:{seat}", self.origin, px=max(1, int(seconds * 1000)))

    async def present(self, table_id: str, seat: int) -> float | None:
        """Seconds until the seat's presence ends unless a process refreshes it; None: not present."""
        left = await self.redis.pttl(f"hexbox:present:{table_id}:{seat}")
        return None if left is None or left < 0 else left / 1000

    async def lease(self, key: str, seconds: float) -> bool:
        """Whether this process takes the decision ``key`` (table:seq:seat), which no other may take for
        ``seconds``. Taken again by the process that holds it (its runner looking again)."""
        name = f"hexbox:decide:{key}"
        if await self.redis.set(name, self.origin, nx=True, px=max(1, int(seconds * 1000))):
            return True
        holder = await self.redis.get(name)
        return holder is not None and holder.decode() == self.origin

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await self.redis.aclose()
