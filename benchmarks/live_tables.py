"""Live tables for minutes: people racing bots on a real ``hexbox serve``, and every wait for a bot that lasts.

    python benchmarks/live_tables.py --tables 50 --seconds 300
    python benchmarks/live_tables.py --tables 200 --seconds 600 --bot-delay 0.2 --workers 2
    python benchmarks/live_tables.py --tables 200 --db postgresql+psycopg://postgres@127.0.0.1:5432/hexbox_live

    python benchmarks/live_tables.py --idle 200 --seconds 60 [--db URL] [--redis URL]

The long version of tests/server/test_live_tables.py, with its people and its watchdog (tests/server/crowd.py):
N tables at once, all five games mixed, each with one to three scripted people (each at their own websocket,
answering every decision after a uniform 0-0.7 s pause with a random legal action, so that they race the bots
and each other) and random and heuristic bots in the other seats, at the games' default options. A finished
table is replaced by a new one. A table that shows a bot to act and no newer push for three seconds is a stall
(the goal is none): it is told apart as *late* (the bot moved by itself later) or *frozen* (nothing for a minute,
and then it took a reload of the page, a new socket, as people did).

Printed: tables started and ended, moves per second (people's, bots' and clocks'), stalls by game, the people's
move latency p50 / p99 (from the POST to the push that carries the move, on the mover's own socket), lost races
(409: someone moved first) and refusals (any other answer; the goal is none). The server and this client share
the machine, and the numbers depend on it.

``--idle N`` measures what idle tables cost instead: two server processes A and B on one database and one Redis
(``--redis``, default redis://127.0.0.1:6379/0), N tables of three people each (Werebeasts, no turn clock), every
person at their websocket on A, every table also held by B (a spectator's request), whose own sight of the people
is left to run out (``--grace``, 5 s here). Nothing is due at any table. Printed, over ``--seconds``: each
process's CPU per idle table, its runners' looks (wake-ups) per second, and Redis commands per second
(``INFO stats`` total_commands_processed; other clients of the same Redis count too, so it is also printed before
the tables exist). The goal is about nothing for all of them.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import gc
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the people and the watchdog live with the tests

from tests.server.crowd import FROZEN, STALL, Setup, Tally, play, warm_up  # noqa: E402
from tests.server.live import Live  # noqa: E402

P, RANDOM, HEURISTIC = "person", "random", "heuristic"
#: the tables, taken in turn; Voodoo has no random bots (a random bot mostly emotes: thousands of moves a game)
MIX = (
    Setup("werebeasts", (P, P, RANDOM, HEURISTIC)),
    Setup("prowl", (P, P, HEURISTIC, RANDOM)),
    Setup("growl", (P, P, RANDOM, HEURISTIC, HEURISTIC)),
    Setup("voodoo", (P, HEURISTIC, HEURISTIC)),
    Setup("transylvania", (P, RANDOM, HEURISTIC)),
    Setup("werebeasts", (P, P, P, HEURISTIC, RANDOM)),
    Setup("prowl", (P, RANDOM, HEURISTIC)),
    Setup("growl", (P, P, P, RANDOM, HEURISTIC, HEURISTIC)),
    Setup("voodoo", (HEURISTIC, P, HEURISTIC, HEURISTIC)),
    Setup("transylvania", (P, P, HEURISTIC)),
)


async def slot(server: Live, index: int, tally: Tally, stop: asyncio.Event, limit: float,
               errors: list[str]) -> None:
    """One place at the server: a table, and when it ends a new one, until the run stops."""
    rng = random.Random(index)
    turn = index
    while not stop.is_set():
        setup = MIX[turn % len(MIX)]
        turn += 1
        try:
            await play(server, setup, rng.getrandbits(62), tally, limit=limit, stop=stop)
        except Exception as exc:  # noqa: BLE001  (a failed table is counted, and the run goes on)
            errors.append(f"{setup.label}: {type(exc).__name__}: {exc}"[:300])


async def run(server: Live, tables: int, seconds: float) -> tuple[Tally, float, list[str]]:
    await warm_up(server, MIX)
    tally, stop, errors = Tally(), asyncio.Event(), []
    slots = [asyncio.create_task(slot(server, i, tally, stop, seconds + 120, errors)) for i in range(tables)]
    ramp = min(10.0, seconds / 4)
    await asyncio.sleep(ramp)  # tables made, sockets open, first moves played: the steady state is measured
    # this client is the instrument: a full pass of its own collector (100+ ms with hundreds of sockets open)
    # would be counted as the server's latency, so it runs none while it measures
    gc.collect()
    gc.freeze()
    gc.set_threshold(*gc.get_threshold()[:2], 2**31 - 1)
    tally.latencies.clear()
    moves0, t0 = tally.moves, time.perf_counter()
    await asyncio.sleep(seconds - ramp)
    tally.moves, elapsed = tally.moves - moves0, time.perf_counter() - t0
    stop.set()
    _, stuck = await asyncio.wait(slots, timeout=60)
    for task in stuck:  # a table that does not let go: where it waits, rather than a run that never ends
        errors.append(f"did not stop within 60 s, in {_where(task)}")
        task.cancel()
    return tally, elapsed, errors


def _where(task: asyncio.Task) -> str:
    """The chain of coroutines a task waits in, outermost first."""
    coro, chain = task.get_coro(), []
    while coro is not None and getattr(coro, "cr_frame", None) is not None:
        chain.append(f"{coro.cr_code.co_name}:{coro.cr_frame.f_lineno}")
        coro = coro.cr_await
    return " / ".join(chain) + (f" / {coro!r}"[:200] if coro is not None else "")


def _cpu(pid: int) -> float:
    """Seconds of CPU a process has used (Linux: /proc/PID/stat, user + system)."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def idle(a: Live, b: Live, tables: int, seconds: float, grace: float, redis_url: str) -> None:
    import httpx
    import redis

    from tests.server.live import connect

    commands = redis.Redis.from_url(redis_url)

    def measure() -> tuple[float, float, int, int, int]:
        looks = [httpx.get(s.url + "/api/health", timeout=60).json()["looks"] for s in (a, b)]
        return (_cpu(a.proc.pid), _cpu(b.proc.pid), int(commands.info("stats")["total_commands_processed"]),
                *looks)

    async def over(span: float) -> tuple[float, ...]:
        before, t0 = measure(), time.monotonic()
        await asyncio.sleep(span)
        after, elapsed = measure(), time.monotonic() - t0
        return tuple((x - y) / elapsed for x, y in zip(after, before))

    empty = await over(min(10.0, seconds))
    print(f"before any table: Redis {empty[2]:.0f} commands/s; CPU A {empty[0] * 1000:.1f} ms/s, "
          f"B {empty[1] * 1000:.1f} ms/s")
    sockets = []
    async with httpx.AsyncClient(base_url=a.url, timeout=60) as http:
        made = [(await http.post("/api/tables", json={"game": "werebeasts", "players": 3,
                                                      "options": {"clock_seconds": 0}})).json()
                for _ in range(tables)]
    try:
        for table in made:
            for seat in table["seats"]:
                sockets.append(await connect(a, table["id"], seat["token"]))
        for ws in sockets:
            await ws.recv()
        async with httpx.AsyncClient(base_url=b.url, timeout=60) as http:
            for table in made:
                (await http.get(f"/api/tables/{table['id']}")).raise_for_status()
        await asyncio.sleep(grace + 1)
        cpu_a, cpu_b, redis_rate, looks_a, looks_b = await over(seconds)
        print(f"{tables} idle tables, {len(sockets)} people on A, every table held by B too, {seconds:g} s:")
        # per table: what the tables added to each process's own idle cost (its heartbeat, its bus)
        print(f"  CPU per idle table: A {(cpu_a - empty[0]) / tables * 1e6:.1f} us/s, "
              f"B {(cpu_b - empty[1]) / tables * 1e6:.1f} us/s (in all: A {cpu_a * 1000:.1f} ms/s, "
              f"B {cpu_b * 1000:.1f} ms/s)")
        print(f"  looks (runner wake-ups) per second: A {looks_a:.2f}, B {looks_b:.2f}; "
              f"Redis {redis_rate:.0f} commands/s ({redis_rate - empty[2]:.0f} more than before the tables)")
    finally:
        for ws in sockets:
            await ws.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="live tables at once")
    parser.add_argument("--seconds", type=float, default=120, help="length of the run")
    parser.add_argument("--bot-delay", type=float, default=0.6, help="the server's --bot-delay (its default: 0.6)")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    parser.add_argument("--workers", type=int, default=1, help="the server's bot processes")
    parser.add_argument("--idle", type=int, default=0, metavar="N",
                        help="measure N idle tables across two processes instead (see above)")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0", help="Redis URL of --idle")
    parser.add_argument("--grace", type=float, default=5.0, help="the servers' --grace in --idle")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="hexbox-live-"))
    db = args.db or f"sqlite:///{folder / 'live.db'}"
    if args.idle:
        a = Live(db, folder / "a.log", redis=args.redis, grace=args.grace, workers=args.workers).start()
        b = Live(db, folder / "b.log", redis=args.redis, grace=args.grace, workers=args.workers).start()
        try:
            asyncio.run(idle(a, b, args.idle, args.seconds, args.grace, args.redis))
        finally:
            a.stop()
            b.stop()
        return
    server = Live(db, folder / "server.log", workers=args.workers, bot_delay=args.bot_delay,
                  extra_args=("--rate", "100000")).start()
    try:
        tally, elapsed, errors = asyncio.run(run(server, args.tables, args.seconds))
    finally:
        server.stop()
    kind = "PostgreSQL" if db.startswith("postgresql") else "SQLite"
    title = (f"{kind}, {args.tables} live tables, {args.seconds:g} s, bot delay {args.bot_delay:g} s, "
             f"{args.workers} worker(s)")
    print(tally.line(title, elapsed))
    frozen = len(tally.frozen)
    late = sum(1 for s in tally.stalls if s.late is not None)
    by_game = collections.Counter(s.game for s in tally.stalls)
    print(f"stalls (a bot to act, no newer push for {STALL:g} s): {len(tally.stalls)}, of which {frozen} frozen "
          f"(nothing for {FROZEN:g} s, moving again only after a reload), {late} late (the bot moved by itself) and "
          f"{len(tally.stalls) - frozen - late} still waiting when the run stopped; by game {dict(by_game) or '-'}; "
          f"tables with a stall: {len({s.table for s in tally.stalls})} of {tally.tables}")
    print(f"games ended: {dict(tally.games)}; refused moves: {len(tally.refused)}; failed tables: {len(errors)}; "
          f"unfinished: {len(tally.unfinished)}; server log: {folder / 'server.log'}")
    for line in [*map(str, tally.stalls[:10]), *tally.refused[:5], *errors[:5], *tally.unfinished[:5]]:
        print("  " + line)


if __name__ == "__main__":
    main()
