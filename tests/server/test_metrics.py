"""``GET /metrics`` on a real server, read as Prometheus reads it: moves, move and push latency, bot decisions,
the bot queue, live tables, worker restarts and memory, each counting what happened."""

from __future__ import annotations

import asyncio

import httpx
from prometheus_client.parser import text_string_to_metric_families

from .conftest import bearer
from .live import Live, connect, pushes_until


def _scrape(live: Live) -> dict[str, float]:
    answer = httpx.get(live.url + "/metrics", timeout=60)
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(answer.text):
        for s in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(s.labels.items()) if k != "le")
            if "le" not in s.labels:
                samples[s.name + (f"{{{labels}}}" if labels else "")] = s.value
    return samples


def test_metrics_count_what_the_server_did(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'metrics.db'}", tmp_path / "server.log").start()
    try:
        before = _scrape(live)
        assert before["hexbox_tables_live"] == 0 and before["hexbox_bot_worker_restarts"] == 0
        with httpx.Client(base_url=live.url, timeout=60) as http:
            made = http.post("/api/tables", json={"game": "prowl", "players": 2, "bots": {"1": "random"},
                                                  "options": {"clock_seconds": 0}}).json()
            token = next(s["token"] for s in made["seats"] if s["token"])

            async def play(moves: int) -> None:
                async with await connect(live, made["id"], token) as ws:
                    for _ in range(moves):
                        view = await pushes_until(ws, lambda v: bool(v["legal"]) or v["result"] is not None)
                        if view["result"] is not None:
                            return
                        answer = http.post(f"/api/tables/{made['id']}/actions", headers=bearer(token),
                                           json={"seq": view["seq"], "action": view["legal"][0]})
                        assert answer.status_code in (200, 409), answer.text

            asyncio.run(play(5))
        after = _scrape(live)
        assert after["hexbox_moves_total{cause=player}"] >= 1
        assert after["hexbox_moves_total{cause=bot}"] >= 1
        assert after["hexbox_move_seconds_count"] == after["hexbox_moves_total{cause=player}"]
        assert after["hexbox_push_seconds_count"] >= 2
        assert after["hexbox_bot_decision_seconds_count{kind=random}"] >= after["hexbox_moves_total{cause=bot}"]
        assert after["hexbox_tables_live"] == 1 and after["hexbox_bot_queue"] >= 0
        assert after["process_resident_memory_bytes"] > 10 * 2**20
    finally:
        live.stop()
