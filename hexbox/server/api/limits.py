"""Pure ASGI middleware: a body larger than ``max_body`` gets 413, a client over its rate gets 429.

The rate is a token bucket (``burst`` at once, ``rate`` per second after that) per seat token where a request
carries one — people behind one home router share an address, not a seat — and per client address otherwise.
A 429 says in ``Retry-After`` how many seconds until a request is allowed again. Behind a load balancer, run
uvicorn with ``--forwarded-allow-ips`` so that an address is the client's, not the proxy's.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from collections import OrderedDict
from typing import Any

from starlette.types import ASGIApp, Receive, Scope, Send

from ..settings import Settings


class Limits:
    def __init__(self, app: ASGIApp, settings: Settings):
        self.app, self.settings = app, settings
        self.buckets: OrderedDict[str, list[float]] = OrderedDict()

    def _wait(self, key: str) -> float:
        """0 if the request may go, else the seconds until it may."""
        now = time.monotonic()
        bucket = self.buckets.pop(key, None) or [float(self.settings.burst), now]
        tokens = min(self.settings.burst, bucket[0] + (now - bucket[1]) * self.settings.rate)
        allowed = tokens >= 1
        self.buckets[key] = [tokens - 1 if allowed else tokens, now]
        while len(self.buckets) > 10_000:  # forget the clients seen longest ago
            self.buckets.popitem(last=False)
        return 0.0 if allowed else (1 - tokens) / self.settings.rate

    @staticmethod
    def _key(scope: Scope) -> str:
        for name, value in scope.get("headers", ()):
            if name == b"authorization":
                scheme, _, token = value.partition(b" ")
                if scheme.lower() == b"bearer" and token.strip():
                    # the token's hash: tokens themselves are kept nowhere but in the request
                    return "seat:" + hashlib.sha256(token.strip()).hexdigest()[:32]
        return "address:" + (scope.get("client") or ("?", 0))[0]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        wait = self._wait(self._key(scope))
        if wait:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 4429, "reason": "too many requests: slow down"})
                return
            return await reply(send, 429, "too many requests: slow down",
                               [(b"retry-after", str(max(1, math.ceil(wait))).encode())])
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
