"""Memory per idle table, held and let go: N tables made in one server process (in-process hub, SQLite in a
temporary folder), then left idle until the server lets them go (Settings.unload_after).

    python benchmarks/idle_memory.py --tables 10000 [--game werebeasts] [--db URL]

Printed: the process's resident memory (RSS) and the bytes Python has allocated (sys.getallocatedblocks is not
bytes, so tracemalloc is not used: it would slow the run tenfold) before the tables, with every table held, and
after the sweep let them go; per table, held. A table here is a new one of three people (no move yet): a
played table holds its moves and logs too. RSS after the sweep may stay above where it began: Python keeps freed
memory in its arenas for the next tables rather than give it back at once: the run then makes as many tables
again, to show that they take that memory rather than more.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def run(tables: int, game: str, db: str) -> None:
    from hexbox.server.hub import Hub, Settings

    hub = Hub(Settings(db_url=db, workers=0, grace=0.5, unload_after=1.0, sweep_every=3600, expire_after=0))
    await hub.start()
    try:
        gc.collect()
        before, blocks0, t0 = rss_mb(), sys.getallocatedblocks(), time.perf_counter()
        for i in range(tables):
            await hub.tables.create(game, None, {}, {}, [], i, True, {})
        made = time.perf_counter() - t0
        await asyncio.sleep(0.1)
        gc.collect()
        held, blocks1 = rss_mb(), sys.getallocatedblocks()
        print(f"{tables} {game} tables made in {made:.1f} s ({made / tables * 1000:.2f} ms each)")
        print(f"  before: RSS {before:.1f} MB")
        print(f"  held:   RSS {held:.1f} MB, {len(hub.tables.held)} tables in memory: "
              f"{(held - before) * 1024 / tables:.1f} KB of RSS and {(blocks1 - blocks0) / tables:.0f} "
              f"Python blocks per table")
        await asyncio.sleep(1.2)  # idle past unload_after and every seat's grace
        t1 = time.perf_counter()
        unloaded = hub.sweep()
        await asyncio.sleep(0.1)
        gc.collect()
        after, blocks2 = rss_mb(), sys.getallocatedblocks()
        print(f"  after the sweep ({unloaded} let go in {time.perf_counter() - t1:.2f} s): RSS {after:.1f} MB, "
              f"{len(hub.tables.held)} tables in memory, {(blocks2 - blocks0) / tables:.1f} Python blocks per table "
              "left")
        for i in range(tables):  # as many new tables again: they take the memory the first ones left
            await hub.tables.create(game, None, {}, {}, [], tables + i, True, {})
        gc.collect()
        print(f"  {tables} more tables made and held: RSS {rss_mb():.1f} MB (it grew by "
              f"{rss_mb() - after:.1f} MB, not {held - before:.1f} MB again: the memory let go is used again)")
    finally:
        await hub.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10_000)
    parser.add_argument("--game", default="werebeasts")
    parser.add_argument("--db", default=None, help="database URL (default: SQLite in a temporary folder)")
    args = parser.parse_args()
    db = args.db or f"sqlite:///{Path(tempfile.mkdtemp(prefix='hexbox-memory-')) / 'memory.db'}"
    asyncio.run(run(args.tables, args.game, db))


if __name__ == "__main__":
    main()
