"""Pure ASGI middleware: who a client is, how fast it may ask, and how much it may send.

**Who.** A client is its address, as the connection shows it. ``X-Forwarded-For`` is believed only when the
connection comes from a configured proxy (``Settings.forwarded_allow_ips``, ``hexbox serve --forwarded-allow-ips``,
as uvicorn's option of that name; none by default): then the client is the right-most address of the header that is
not itself a proxy, the one the proxy appended, so a client cannot pick its own address by sending the header. The
address found is put in the request's ``client`` for everything after this middleware (chat, the caps per client).

**How fast.** Every request and websocket counts against one bucket of ``burst`` requests in ``burst / rate``
seconds (a sliding window of the ``limits`` library; the sustained rate is ``rate`` per second). The bucket is the
seat's when the request carries a bearer token the server has verified — people behind one home router share an
address, not a seat — and the client address's otherwise. A token is verified once (the table in memory made or
claimed it, or the database knows its hash): a token the server does not know is a 401 before any other work, and
its request counts against the address, so that made-up tokens cannot buy fresh buckets. With ``--redis`` the
counters live in Redis, shared by every process; otherwise in this process. A 429 says in ``Retry-After`` how many
seconds until a request is allowed again.

**How much.** A body larger than ``max_body`` gets 413.
"""

from __future__ import annotations

import hashlib
import ipaddress
import json
import logging
import math
import time
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from ..settings import Settings

log = logging.getLogger("hexbox.server")


class Proxies:
    """The peers whose ``X-Forwarded-For`` is believed: addresses, networks, literal names, or ``*`` (any)."""

    def __init__(self, allowed: tuple[str, ...] | list[str]):
        items = [a.strip() for a in allowed if a.strip()]
        self.any = "*" in items
        self.networks, self.names = [], set()
        for item in items:
            if item == "*":
                continue
            try:
                self.networks.append(ipaddress.ip_network(item, strict=False))
            except ValueError:
                self.names.add(item)  # a literal host name, as uvicorn allows (a unix socket's, a test client's)

    def trusted(self, host: str) -> bool:
        if self.any or host in self.names:
            return True
        try:
            address = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def client(self, scope: Scope) -> str:
        """The client's address: the connection's, or behind a trusted proxy the one it forwarded."""
        peer = (scope.get("client") or ("?", 0))[0]
        if not self.trusted(peer):
            return peer
        forwarded = [v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"x-forwarded-for"]
        hops = [h.strip() for value in forwarded for h in value.split(",") if h.strip()]
        for hop in reversed(hops):
            if not self.trusted(hop):
                return hop[:64]
        return hops[0][:64] if hops else peer  # every hop a proxy: the first one is the client


def bearer_hash(scope: Scope) -> str | None:
    """The SHA-256 of the request's bearer token (tokens are kept nowhere but in the request), if it has one."""
    for name, value in scope.get("headers", ()):
        if name == b"authorization":
            scheme, _, token = value.partition(b" ")
            if scheme.lower() == b"bearer" and token.strip():
                return hashlib.sha256(token.strip()).hexdigest()
    return None


class Counters:
    """Sliding-window request counters per key, in Redis (shared by every process) or in this process."""

    PREFIX = "hexbox:rate"

    def __init__(self, settings: Settings):
        from limits import RateLimitItemPerSecond
        from limits.aio.storage import MemoryStorage, RedisStorage
        from limits.aio.strategies import SlidingWindowCounterRateLimiter

        self.window = max(1, round(settings.burst / settings.rate))
        self.item = RateLimitItemPerSecond(max(1, settings.burst), self.window)
        if settings.redis_url:
            storage: Any = RedisStorage("async+" + settings.redis_url, implementation="redispy",
                                        key_prefix=self.PREFIX)
        else:
            storage = MemoryStorage()
        self.limiter = SlidingWindowCounterRateLimiter(storage)
        self._warned = 0.0

    async def hit(self, key: str) -> float:
        """Count a request of ``key``: 0 if it may go, else the seconds until one may."""
        try:
            if await self.limiter.hit(self.item, key):
                return 0.0
            stats = await self.limiter.get_window_stats(self.item, key)
            return max(0.001, min(float(self.window), stats.reset_time - time.time()))
        except Exception:  # Redis away for a moment: serve rather than refuse everyone (said once a minute)
            if time.monotonic() - self._warned > 60:
                self._warned = time.monotonic()
                log.warning("the rate counters cannot be reached: requests go uncounted", exc_info=True)
            return 0.0


class Limits:
    def __init__(self, app: ASGIApp, settings: Settings):
        self.app, self.settings = app, settings
        self.proxies = Proxies(settings.forwarded_allow_ips)
        self.counters = Counters(settings)

    async def _refuse(self, scope: Scope, send: Send, status: int, detail: str, wait: float = 0.0) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4000 + status, "reason": detail})
            return
        headers = [(b"retry-after", str(max(1, math.ceil(wait))).encode())] if status == 429 else []
        if status == 401:
            headers.append((b"www-authenticate", b"Bearer"))
        await reply(send, status, detail, headers)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        address = self.proxies.client(scope)
        scope["client"] = (address, (scope.get("client") or ("?", 0))[1])
        hashed = bearer_hash(scope)
        key = f"address:{address}"
        if hashed is not None:
            tables = scope["app"].state.hub.tables
            if not tables.token_cached(hashed):
                # unverified: the address pays for the look-up, then an unknown token goes no further
                wait = await self.counters.hit(key)
                if wait:
                    return await self._refuse(scope, send, 429, "too many requests: slow down", wait)
                if not await tables.token_known(hashed):
                    return await self._refuse(scope, send, 401, "this token holds no seat or table here")
            key = f"seat:{hashed[:32]}"
        wait = await self.counters.hit(key)
        if wait:
            return await self._refuse(scope, send, 429, "too many requests: slow down", wait)
        if scope["type"] == "http" and scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            limit = self.settings.max_body
            declared = dict(scope["headers"]).get(b"content-length")
            if declared is not None and (not declared.isdigit() or int(declared) > limit):
                return await reply(send, 413, f"the body is larger than {limit} bytes")
            chunks, size = [], 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    return await reply(send, 413, f"the body is larger than {limit} bytes")
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> dict[str, Any]:
                nonlocal sent
                if sent:
                    return await receive()
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            return await self.app(scope, replay, send)
        return await self.app(scope, receive, send)


async def reply(send: Send, status: int, detail: str, headers: list[tuple[bytes, bytes]] = ()) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *headers]})
    await send({"type": "http.response.body", "body": body})
