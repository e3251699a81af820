"""Bytes a person is sent over a whole game: whole answers against patches (``"patches": true``), raw and
compressed, for every game.

    python benchmarks/push_bytes.py [--games werebeasts,prowl,...] [--seed 1]

One in-process server (SQLite in memory, bots on a thread, no bot delay) per game: seat 0 a scripted person who
plays a random legal move whenever it may, every other seat the game's heuristic bot, at the game's default
options and player count. Seat 0 has two websockets' worth of watchers, one sent whole answers, one patches;
every push is sent (nothing is dropped as a slow socket's would be), so these are the most a person is sent.
Compressed: each message through one zlib stream kept from message to message (what a websocket's
permessage-deflate does with its context kept, as browsers and uvicorn do by default).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


class Tally:
    def __init__(self) -> None:
        self.raw = self.messages = 0
        self._zlib = zlib.compressobj(6, zlib.DEFLATED, -15)
        self.compressed = 0
        self.texts: list[str] = []

    async def send(self, text: str) -> None:
        self.messages += 1
        self.raw += len(text.encode())
        self.compressed += len(self._zlib.compress(text.encode()) + self._zlib.flush(zlib.Z_SYNC_FLUSH))
        self.texts.append(text)


async def one_game(game: str, seed: int, limit: int = 20_000) -> tuple[Tally, Tally, int]:
    from hexbox.core import game_info
    from hexbox.server.hub import Hub, Settings
    from hexbox.server.table import Viewer

    hub = Hub(Settings(db_url="sqlite://", workers=0, grace=10**6, bot_delay=0.0, expire_after=0))
    await hub.start()
    try:
        info = game_info(game)
        players = info.default_players or info.min_players
        table, _, _ = await hub.tables.create(game, players, {"clock_seconds": 0}, {s: "heuristic" for s in
                                              range(1, players)}, [], seed, True, {})
        whole, patched = Tally(), Tally()
        watchers = [await hub.play.watch(table, Viewer(0), t.send, _nothing, patches=p)
                    for t, p in ((whole, False), (patched, True))]
        rng = random.Random(seed)
        for _ in range(limit):
            if table.over:
                break
            if 0 in table.state.actors:
                legal = table.state.legal_actions(0)
                try:
                    await hub.play.act(table, 0, table.seq, rng.choice(legal).to_json())
                except Exception:  # noqa: BLE001  (a race with a bot: look again)
                    pass
            else:
                seq = table.seq
                while table.seq == seq and not table.over and 0 not in table.state.actors:
                    await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)  # the last pushes sent
        for w in watchers:
            await hub.play.unwatch(table, w)
        return whole, patched, table.seq
    finally:
        await hub.close()


async def _nothing() -> None:
    pass


def main() -> None:
    from hexbox.core import games

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(games()))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print("game          moves  pushes  whole raw / compressed     patches raw / compressed   (KB per person)")
    for game in args.games.split(","):
        t0 = time.perf_counter()
        whole, patched, moves = asyncio.run(one_game(game, args.seed))
        print(f"{game:13s} {moves:5d}  {whole.messages:6d}  {whole.raw / 1024:9.1f} / {whole.compressed / 1024:7.1f}"
              f"        {patched.raw / 1024:8.1f} / {patched.compressed / 1024:6.1f}    "
              f"({time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
