"""Load on a real ``hexbox serve``: N live tables of bots and scripted humans over websockets, on loopback.

    python benchmarks/serve_load.py --tables 50 --seconds 60
    python benchmarks/serve_load.py --tables 200 --db postgresql+psycopg://postgres@127.0.0.1:5432/hexbox_load

Each table has two scripted humans (seats 0 and 1, each with its own websocket) and random bots in the other
seats, in a mix of the games. A human who may act thinks for a while (``--think``, uniform around it), then posts
a random legal move; its latency is from sending the request to receiving, on its own websocket, the state with
that move in it. A finished game is replaced by a new table. Printed: moves per second (all moves: humans',
bots' and clocks') and the humans' move latency p50 / p99, with the number of moves measured.

A benchmark, not a test: the numbers depend on the machine. The server and this client share the machine.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the websocket helper lives with the tests

from tests.server.live import connect  # noqa: E402

GAMES = (("werebeasts", 4), ("prowl", 3), ("voodoo", 3), ("growl", 5))


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Poster:
    """One keep-alive HTTP/1.1 connection that posts JSON: httpx's pool looks at every open connection on each
    request, which with hundreds of players made the client, not the server, the thing measured."""

    def __init__(self, port: int):
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, token: str, body: dict) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = json.dumps(body).encode()
        self.writer.write(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {token}\r\n"
                          f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode() + data)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = next(int(line.split(b":")[1]) for line in head.split(b"\r\n")
                      if line.lower().startswith(b"content-length"))
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.answers: list[float] = []  # request to the POST's own answer
        self.moves = 0  # every seq increment seen by seat 0's socket of each table
        self.errors = 0
        self.games = 0


async def human(port: int, ws_url: str, table: str, token: str, seat: int, think: float,
                stats: Stats, stop: asyncio.Event, rng: random.Random, counter: bool) -> None:
    poster = Poster(port)
    async with await connect(ws_url, table, token, max_size=None, compression=None) as ws:
        waiting: tuple[int, float] | None = None  # (seq we expect, time sent)
        last_seq = 0
        while not stop.is_set():
            try:
                answer = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except TimeoutError:
                continue
            if counter and answer["seq"] > last_seq:
                stats.moves += answer["seq"] - last_seq
            last_seq = max(last_seq, answer["seq"])
            if waiting is not None and answer["seq"] >= waiting[0]:
                stats.latencies.append(time.perf_counter() - waiting[1])
                waiting = None
            if answer["result"] is not None:
                if counter:
                    stats.games += 1
                return
            if waiting is None and answer["legal"]:
                await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                sent = time.perf_counter()
                status, reply = await poster.post(f"/api/tables/{table}/actions", token,
                                                  {"seq": answer["seq"], "action": rng.choice(answer["legal"])})
                if status == 200:
                    stats.answers.append(time.perf_counter() - sent)
                    waiting = (reply["seq"], sent)
                elif status != 409:  # 409: someone moved first, a normal race in a shared window
                    stats.errors += 1
    poster.close()


async def table_loop(http: httpx.AsyncClient, port: int, ws_url: str, index: int, think: float, stats: Stats,
                     stop: asyncio.Event, with_bots: bool) -> None:
    rng = random.Random(index)
    while not stop.is_set():
        game, players = GAMES[index % len(GAMES)]
        bots = {str(s): "random" for s in range(2, players)} if with_bots else {}
        made = (await http.post("/api/tables", json={"game": game, "players": players, "bots": bots})).json()
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
        await asyncio.gather(*(human(port, ws_url, made["id"], tok, seat, think, stats, stop, rng, seat == 0)
                               for seat, tok in tokens.items()))


async def run(port: int, tables: int, seconds: float, think: float, with_bots: bool) -> Stats:
    base, ws_url = f"http://127.0.0.1:{port}", f"ws://127.0.0.1:{port}"
    stats, stop = Stats(), asyncio.Event()
    limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as http:
        tasks = [asyncio.create_task(table_loop(http, port, ws_url, i, think, stats, stop, with_bots))
                 for i in range(tables)]
        await asyncio.sleep(min(5.0, seconds / 4))  # warm-up: tables created, first moves made
        # this client is the instrument: a full pass of its own collector (100+ ms with 400 websockets open) would
        # be counted as the server's latency, so it runs none while it measures
        gc.collect()
        gc.freeze()
        young = gc.get_threshold()[:2]
        gc.set_threshold(*young, 2**31 - 1)
        stats.latencies.clear()
        stats.answers.clear()
        moves0, t0 = stats.moves, time.perf_counter()
        await asyncio.sleep(seconds)
        stats.moves, elapsed = stats.moves - moves0, time.perf_counter() - t0
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    stats.elapsed = elapsed  # type: ignore[attr-defined]
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a scripted human thinks")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--no-bots", action="store_true", help="every seat a scripted human")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="hexbox-load-")
    db = args.db or f"sqlite:///{folder}/load.db"
    port = _port()
    log = open(os.path.join(folder, "server.log"), "wb")
    server = subprocess.Popen([sys.executable, "-m", "hexbox", "serve", "--port", str(port), "--db", db,
                               "--workers", str(args.workers), "--bot-delay", "0", "--rate", "100000",
                               "--max-tables-per-client", "100000", "--max-seats-per-client", "100000"],
                              stdout=log, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(600):
            try:
                if httpx.get(base + "/healthz").status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
        stats = asyncio.run(run(port, args.tables, args.seconds, args.think, not args.no_bots))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(30)
    lat = sorted(stats.latencies)
    p50, p99 = _ms(lat, 0.5), _ms(lat, 0.99)
    answered = sorted(stats.answers)
    kind = "PostgreSQL" if db.startswith("postgresql") else "SQLite"
    print(f"{kind}, {args.tables} live tables, {args.seconds:g} s: {stats.moves / stats.elapsed:,.0f} moves/s, "
          f"human move latency (request to push) p50 {p50:.1f} ms, p99 {p99:.1f} ms over {len(lat):,} moves; "
          f"{stats.games} games finished, {stats.errors} errors; the POST's own answer p50 "
          f"{_ms(answered, 0.5):.1f} ms, p99 {_ms(answered, 0.99):.1f} ms")


def _ms(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))] * 1000


if __name__ == "__main__":
    main()
