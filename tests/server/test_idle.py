"""Idle costs nothing: a table with people present and nothing due sleeps until something is due, in one process
and in several. Counted in wake-ups (the runners' looks at their tables, /api/health), not in seconds: a wake-up
is the work; how much CPU it costs is benchmarks/live_tables.py --idle's to measure."""

from __future__ import annotations

import asyncio
import time

import httpx

from .live import Live, connect
from .services import pg_url, redis_url  # noqa: F401  (fixtures)

TABLES = 6
#: no turn clock, no bots: at these tables only a person can act, so nothing is ever due by itself
QUIET = {"clock_seconds": 0}


def _looks(live: Live) -> int:
    return httpx.get(live.url + "/api/health", timeout=60).json()["looks"]


def _tables(live: Live) -> list[dict]:
    with httpx.Client(base_url=live.url, timeout=60) as http:
        return [http.post("/api/tables", json={"game": "werebeasts", "players": 3, "options": QUIET}).json()
                for _ in range(TABLES)]


async def _sit_and_count(players: Live, counted: Live, tables: list[dict], before_counting=None) -> tuple[int, float]:
    """Every player of ``tables`` at their websocket on ``players``; the looks of ``counted`` over a while."""
    sockets = []
    try:
        for table in tables:
            for seat in table["seats"]:
                sockets.append(await connect(players, table["id"], seat["token"]))
        for ws in sockets:
            await ws.recv()  # each sees the table: everyone is here
        if before_counting is not None:
            await before_counting()
        await asyncio.sleep(1.0)  # the changes of sitting down looked at
        looks, start = _looks(counted), time.monotonic()
        await asyncio.sleep(4.0)
        return _looks(counted) - looks, time.monotonic() - start
    finally:
        for ws in sockets:
            await ws.close()


def test_a_table_whose_people_are_here_and_nothing_is_due_sleeps(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'idle.db'}", tmp_path / "idle.log").start()
    try:
        tables = _tables(live)
        looks, _ = asyncio.run(_sit_and_count(live, live, tables))
        assert looks == 0, looks  # six tables, eighteen people, four seconds: not one look
    finally:
        live.stop()


def test_a_table_whose_people_are_on_another_process_sleeps_there_too(tmp_path, pg_url, redis_url):  # noqa: F811
    grace = 3.0
    a = Live(pg_url, tmp_path / "a.log", redis=redis_url, grace=grace).start()
    b = Live(pg_url, tmp_path / "b.log", redis=redis_url, grace=grace).start()
    try:
        tables = _tables(a)

        async def b_holds_them_and_its_own_sight_runs_out() -> None:
            for table in tables:  # a spectator on b: b holds the table and runs it too
                assert httpx.get(f"{b.url}/api/tables/{table['id']}", timeout=60).status_code == 200
            await asyncio.sleep(grace + 0.5)  # what b itself saw of the players (at loading) is past its grace

        looks, elapsed = asyncio.run(_sit_and_count(a, b, tables, b_holds_them_and_its_own_sight_runs_out))
        # the players are present on b only through a's Redis keys, which a refreshes every second (grace / 3):
        # b looks again when a key would expire, at most about once per refresh and table (before: every 5 ms,
        # hundreds of looks per table and second)
        assert looks <= TABLES * (elapsed / 1.0 + 2), (looks, elapsed)
    finally:
        a.stop()
        b.stop()
