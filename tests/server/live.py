"""A real ``hexbox serve`` in a child process on a free port, for the tests that need real time, real sockets
and real process death."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Live:
    def __init__(self, db_url: str, log: Path, *, redis: str | None = None, workers: int = 0, grace: float = 600,
                 port: int | None = None):
        self.db_url, self.log, self.redis, self.workers, self.grace = db_url, log, redis, workers, grace
        self.port = port or free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> Live:
        args = [sys.executable, "-m", "hexbox", "serve", "--port", str(self.port), "--db", self.db_url,
                "--workers", str(self.workers), "--grace", str(self.grace), "--bot-delay", "0", "--rate", "5000"]
        if self.redis:
            args += ["--redis", self.redis]
        out = open(self.log, "ab")
        self.proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT, env={**os.environ})
        deadline = time.monotonic() + 60
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


async def pushes_until(ws, predicate, timeout: float = 20.0) -> dict:
    """The first pushed answer that satisfies ``predicate`` (a test fails, rather than hangs, after ``timeout``)."""
    async def wait() -> dict:
        while True:
            answer = json.loads(await ws.recv())
            if predicate(answer):
                return answer

    return await asyncio.wait_for(wait(), timeout)
