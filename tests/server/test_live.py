"""A real server on a free port: clocks that run out, bots in worker processes, stand-ins for gone players."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import httpx
import pytest

from .live import Live, connect, pushes_until


@pytest.fixture
def live(tmp_path):
    servers = []

    def start(**kwargs) -> Live:
        server = Live(f"sqlite:///{tmp_path / 'live.db'}", tmp_path / "server.log", **kwargs).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop()


def _create(http, **body):
    answer = http.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    created = answer.json()
    return created["id"], {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def _h(token):
    return {"Authorization": f"Bearer {token}"}


def test_a_clock_that_runs_out_plays_the_default_action_R39(live):
    server = live()
    with httpx.Client(base_url=server.url) as http:
        table, toks = _create(http, game="werebeasts", players=3, seed=4,
                              options={"dealer": 2, "bid_window_seconds": 1})
        view = http.get(f"/api/tables/{table}", headers=_h(toks[0])).json()
        assert view["deadline"] is None  # the rulebook times only the bidding window

        async def run():
            async with await connect(server, table, toks[1]) as ws:
                await pushes_until(ws, lambda a: a["seq"] == 0)
                sold = time.time()
                assert http.post(f"/api/tables/{table}/actions", headers=_h(toks[0]),
                                 json={"seq": 0, "action": {"kind": "sell"}}).status_code == 200
                bidding = await pushes_until(ws, lambda a: a["observation"]["phase"] == "bidding")
                assert sold + 0.5 < bidding["deadline"] < time.time() + 1.5
                # nobody bids: after a second both bidders pass by the clock, and bidding closes
                after = await pushes_until(ws, lambda a: a["observation"]["phase"] != "bidding")
                assert after["seq"] == 3  # the sale and two passes
                assert time.time() >= bidding["deadline"]
                assert sum("pass" in line for line in after["log"]) == 2, after["log"]

        asyncio.run(run())


def test_a_bot_thinking_on_one_table_does_not_hold_up_another(live):
    server = live(workers=1)
    with httpx.Client(base_url=server.url) as http:
        # seat 0 starts GROWL and is an ISMCTS bot with the server's longest budget, 5 seconds, which it spends
        # (it has a choice): the other table's one move must be answered within it, not after it
        slow, slow_toks = _create(http, game="growl", players=4, seed=1, bots={"0": "ismcts:seconds=5"})
        fast, fast_toks = _create(http, game="werebeasts", players=3, seed=1, options={"dealer": 2})

        async def run():
            async with await connect(server, slow, slow_toks[1]) as ws:
                await pushes_until(ws, lambda a: a["seq"] == 0)  # the human is here: the bot starts thinking
                answer = http.post(f"/api/tables/{fast}/actions", headers=_h(fast_toks[0]),
                                   json={"seq": 0, "action": {"kind": "sell"}})
                assert answer.status_code == 200
                # the other table moved while the search goes on
                assert http.get(f"/api/tables/{slow}").json()["seq"] == 0
                done = await pushes_until(ws, lambda a: a["seq"] == 1)
                assert done["observation"]["actors"] != [0]

        asyncio.run(run())


def test_a_gone_player_is_played_by_a_stand_in_until_they_come_back(live):
    server = live(grace=1)
    with httpx.Client(base_url=server.url) as http:
        table, toks = _create(http, game="werebeasts", players=3, seed=2, options={"dealer": 2})

        async def run():
            # seat 1 is connected; seat 0 must act and never shows up
            async with await connect(server, table, toks[1]) as ws:
                start = await pushes_until(ws, lambda a: a["seq"] == 0)
                assert start["observation"]["actors"] == [0]
                moved = await pushes_until(ws, lambda a: a["seq"] >= 1)
                assert moved["seats"][0]["present"] is False
                # seat 0 comes back: present again, and its stand-in stops at its next decision
                back = http.get(f"/api/tables/{table}", headers=_h(toks[0])).json()
                assert back["seats"][0]["present"] is True

        asyncio.run(run())


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (the server's bot workers), from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def test_a_bot_worker_killed_mid_search_is_replaced_and_its_move_still_comes(live):
    server = live(workers=1)
    with httpx.Client(base_url=server.url) as http:
        before = http.get("/api/health").json()["bots"]
        assert before["ok"] and before["alive"] == before["workers"] == 2  # a search worker and a light one
        table, toks = _create(http, game="growl", players=4, seed=1, bots={"0": "ismcts:seconds=2"})

        async def run():
            async with await connect(server, table, toks[1]) as ws:
                await pushes_until(ws, lambda a: a["seq"] == 0)  # the bot is thinking now
                workers = _children(server.proc.pid)
                assert len(workers) >= 2
                for pid in workers:
                    os.kill(pid, signal.SIGKILL)  # as the OOM killer would
                done = await pushes_until(ws, lambda a: a["seq"] >= 1)
                assert 0 not in done["observation"]["actors"]

        asyncio.run(run())
        after = http.get("/api/health").json()["bots"]
        assert after["ok"] and after["alive"] == 2 and after["restarts"] >= 2
        assert http.get("/healthz").json() == {"ok": True}
