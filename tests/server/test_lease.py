"""With several processes, a bot's decision is made once: the process that takes its lease (in Redis) makes it,
and another that holds the same table waits for its move instead of making the same decision again."""

from __future__ import annotations

import asyncio

import httpx
from prometheus_client.parser import text_string_to_metric_families

from .live import Live, connect, pushes_until
from .services import pg_url, redis_url  # noqa: F401  (fixtures)


def _decisions(live: Live) -> float:
    text = httpx.get(live.url + "/metrics", timeout=60).text
    return sum(s.value for f in text_string_to_metric_families(text) for s in f.samples
               if s.name == "hexbox_bot_decision_seconds_count")


def test_two_processes_make_each_bot_decision_once(tmp_path, pg_url, redis_url):  # noqa: F811
    a = Live(pg_url, tmp_path / "a.log", redis=redis_url).start()
    b = Live(pg_url, tmp_path / "b.log", redis=redis_url).start()
    try:
        made = httpx.post(a.url + "/api/tables", timeout=60, json={
            "game": "prowl", "players": 3, "bots": {"0": "random", "1": "random", "2": "random"}}).json()

        async def watch_to_the_end() -> dict:
            # a table of bots plays while it is watched: a spectator at each process, so both run it
            async with await connect(a, made["id"]) as on_a, await connect(b, made["id"]) as on_b:
                ends = [pushes_until(ws, lambda v: v["result"] is not None) for ws in (on_a, on_b)]
                return (await asyncio.gather(*ends))[0]

        end = asyncio.run(watch_to_the_end())
        moves = end["seq"]
        made_a, made_b = _decisions(a), _decisions(b)
        print(f"\n{moves} moves; decisions made: {made_a:g} by a, {made_b:g} by b")
        # each decision once (a few more where a process's look raced the other's move); before the lease, both
        # processes made every one: about 2 * moves
        assert moves > 10 and made_a + made_b <= moves * 1.1 + 3, (moves, made_a, made_b)
    finally:
        a.stop()
        b.stop()
