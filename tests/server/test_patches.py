"""Small updates: a websocket that asks for patches (``{"token": …, "patches": true}``) is sent the whole answer
once, then what changed (a JSON Patch), and rebuilds from them exactly what a websocket sent whole answers sees.
A whole Transylvania game then costs a person well under 1 MB (benchmarks/push_bytes.py measures every game)."""

from __future__ import annotations

import asyncio
import json
import random

import httpx

from hexbox.server.patch import apply, diff
from hexbox.server.table import Viewer

from .conftest import bearer
from .live import Live, pushes_until
from .test_table_life import with_hub


def test_a_patch_turns_one_answer_into_the_next():
    old = {"seq": 1, "log": ["a"], "seats": [{"present": True}], "gone": 1, "a/b": {"~": 0}}
    new = {"seq": 2, "log": ["a", "b", "c"], "seats": [{"present": False}], "new": None, "a/b": {"~": 1}}
    ops = diff(old, new)
    assert apply(old, ops) == new and old["log"] == ["a"]  # the old answer is left as it was
    assert {"op": "add", "path": "/log/-", "value": "c"} in ops  # new log lines are appended, not resent
    assert diff(new, new) == []


def test_a_socket_with_patches_sees_what_a_socket_with_whole_answers_sees(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'patch.db'}", tmp_path / "server.log").start()
    try:
        made = httpx.post(live.url + "/api/tables", timeout=60, json={
            "game": "prowl", "players": 2, "bots": {"1": "heuristic"}, "options": {"clock_seconds": 0}}).json()
        token = next(s["token"] for s in made["seats"] if s["token"])

        async def play() -> tuple[dict, dict, int, int]:
            import websockets

            url = f"{live.ws_url}/api/tables/{made['id']}/ws"
            async with websockets.connect(url) as whole, websockets.connect(url) as patched:
                await whole.send(json.dumps({"token": token}))
                await patched.send(json.dumps({"token": token, "patches": True}))
                view = json.loads(await patched.recv())
                sizes = {"whole": 0, "patched": 0}
                rng = random.Random(1)
                async with httpx.AsyncClient(base_url=live.url, timeout=60) as http:
                    while view["result"] is None:
                        if view["legal"]:
                            await http.post(f"/api/tables/{made['id']}/actions", headers=bearer(token),
                                            json={"seq": view["seq"], "action": rng.choice(view["legal"])})
                        message = await patched.recv()
                        sizes["patched"] += len(message)
                        data = json.loads(message)
                        view = apply(view, data["patch"]) if "patch" in data else data
                last = await pushes_until(whole, lambda v: v["result"] is not None)
                return view, last, sizes["patched"], view["seq"]

        rebuilt, last, sent, moves = asyncio.run(play())
        assert moves > 5 and rebuilt == last  # the same answer, rebuilt from patches
    finally:
        live.stop()


def test_a_whole_transylvania_game_costs_a_person_under_a_megabyte():
    async def run(hub):
        table, _, _ = await hub.tables.create("transylvania", 3, {"clock_seconds": 0},
                                              {1: "heuristic", 2: "heuristic"}, [], 1, True, {})
        sent = {False: [], True: []}

        async def keep(patches: bool):
            async def send(text: str) -> None:
                sent[patches].append(text)
            return send

        async def nothing() -> None:
            pass

        watchers = [await hub.play.watch(table, Viewer(0), await keep(p), nothing, patches=p) for p in (False, True)]
        rng = random.Random(1)
        while not table.over:
            if 0 in table.state.actors:
                await hub.play.act(table, 0, table.seq, rng.choice(table.state.legal_actions(0)).to_json())
            else:
                await asyncio.sleep(0.001)
        await asyncio.sleep(0.05)
        for w in watchers:
            await hub.play.unwatch(table, w)
        whole, patched = (sum(len(t.encode()) for t in sent[p]) for p in (False, True))
        view = json.loads(sent[True][0])
        for text in sent[True][1:]:
            data = json.loads(text)
            view = apply(view, data["patch"]) if "patch" in data else data
        assert view == json.loads(sent[False][-1])  # the last answer, rebuilt
        assert patched < 2**20 < whole, (patched, whole)  # before: the whole answer every time, several MB

    with_hub(run, grace=10**6, bot_delay=0.0)
