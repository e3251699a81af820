"""A real ``hexbox serve`` in a child process on a free port, for the tests that need real time, real sockets
and real process death."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import websockets

from ..session import HEXBOX, env
from ..waiting import NEVER


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Live:
    """``extra_args`` go last on the command line, so that they also override the options given here."""

    def __init__(self, db_url: str, log: Path, *, redis: str | None = None, workers: int = 0, grace: float = 600,
                 port: int | None = None, bot_delay: float = 0.0, extra_args: tuple[str, ...] = ()):
        self.db_url, self.log, self.redis, self.workers, self.grace = db_url, log, redis, workers, grace
        self.bot_delay, self.extra_args = bot_delay, tuple(extra_args)
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Live:
        args = [*HEXBOX, "serve", "--port", str(self.port), "--db", self.db_url,
                "--workers", str(self.workers), "--grace", str(self.grace), "--bot-delay", str(self.bot_delay),
                "--rate", "5000", "--max-tables-per-client", "100000", "--max-seats-per-client", "100000"]
        if self.redis:
            args += ["--redis", self.redis]
        args += self.extra_args
        out = open(self.log, "ab")
        self.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env=env())  # the session's games
        deadline = time.monotonic() + NEVER
        while time.monotonic() < deadline:  # readiness: the health check answers
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.05)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        """kill -9: no shutdown code of the server runs."""
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


async def connect(server: Live | str, table_id: str, token: str | None = None, **options):
    """A table's websocket, opened as a browser opens it: the address names no one, and the first message says
    who is watching (``{"token": TOKEN}``, or ``{}`` for a spectator), so that no token is written in an address
    (proxies and servers log addresses). The server then pushes the viewer's answer at once and after every
    change; a refusal is a close with code 4000 + the HTTP status, and its reason.

    ``server`` is a :class:`Live` or the websocket base address (``ws://host:port``); ``options`` go to
    ``websockets.connect``. The caller closes the socket (``async with await connect(...) as ws``)."""
    base = server if isinstance(server, str) else server.ws_url
    ws = await websockets.connect(f"{base}/api/tables/{table_id}/ws", **options)
    try:
        await ws.send(json.dumps({} if token is None else {"token": token}))
    except BaseException:
        await ws.close()
        raise
    return ws


async def pushes_until(ws, predicate, timeout: float = NEVER) -> dict:
    """The first pushed answer that satisfies ``predicate`` (a test fails, rather than hangs, after ``timeout``:
    tests/waiting.py)."""
    async def wait() -> dict:
        while True:
            answer = json.loads(await ws.recv())
            if predicate(answer):
                return answer

    return await asyncio.wait_for(wait(), timeout)
