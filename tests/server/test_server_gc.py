"""The server and Python's garbage collector: full passes on a clock, and no garbage cycles per connection.

At 200 live tables a full pass takes about 100 ms with every table waiting; Python ran one every 10-20 seconds,
and those pauses were the 99th percentile of move latency (docs/server.md, "Numbers"). The server now frees what
a game, a push and a closed socket leave behind by reference counting alone, and runs full passes rarely.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import threading
import time

import pytest

uvicorn = pytest.importorskip("uvicorn", reason="the server tests need the [server] extra")

import httpx  # noqa: E402
from websockets.sync.client import connect  # noqa: E402

from hexbox.server import _http_protocol, create_app  # noqa: E402
from hexbox.server.app import _NEVER, collector  # noqa: E402

from ..waiting import NEVER  # noqa: E402
from .conftest import settings  # noqa: E402
from .live import free_port  # noqa: E402


def test_full_passes_run_on_the_clock_and_the_collector_is_restored_after():
    before = gc.get_threshold()
    full: list[int] = []

    def count(phase: str, info: dict) -> None:
        if phase == "stop" and info["generation"] == 2:
            full.append(1)

    async def serve_a_while() -> float:
        async with collector(0.05):
            # the young generations as Python has them; a full pass never falls due by count
            assert gc.get_threshold() == (before[0], before[1], _NEVER)
            assert gc.get_freeze_count() > 0  # what the process built before serving is out of the collector's sight
            gc.callbacks.append(count)
            start = time.monotonic()
            try:
                await asyncio.sleep(0.32)
            finally:
                gc.callbacks.remove(count)
            return time.monotonic() - start

    served = asyncio.run(serve_a_while())
    # on the clock: the first pass (due at 0.05 s) comes before the sleep of 0.32 s ends, and never more than one
    # per 0.05 s of the time that really passed (a busy machine stretches the sleep; a count would not)
    assert 1 <= len(full) <= served / 0.05 + 1, (len(full), served)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_no_clock_leaves_pythons_own_schedule():
    before = gc.get_threshold()

    async def serve() -> None:
        async with collector(0):
            assert gc.get_threshold() == before

    asyncio.run(serve())
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


@contextlib.contextmanager
def cyclic_garbage():
    """The types of the server's objects that only the collector could free, from every collection in the block
    (DEBUG_SAVEALL keeps them instead of freeing them). The test client's own objects are left out."""
    found: list[str] = []
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        yield found
        gc.collect()
        names = sorted({f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.garbage})
        found += [n for n in names if n.startswith(("hexbox.", "uvicorn.protocols.", "starlette.websockets"))]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()


def _websockets(server) -> list:
    """The websocket connections uvicorn still holds (the test's own keep-alive HTTP connection stays open)."""
    return [c for c in server.server_state.connections if ".websockets." in type(c).__module__]


def test_moves_pushes_and_closed_websockets_leave_no_cycles_in_a_real_uvicorn(tmp_path):
    port = free_port()
    config = uvicorn.Config(create_app(settings(tmp_path)), host="127.0.0.1", port=port, log_level="warning",
                            http=_http_protocol(), ws_max_size=64 * 1024)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + NEVER
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        assert server.started, "uvicorn did not start"
        with httpx.Client(base_url=base) as http, cyclic_garbage() as found:
            for _round in range(3):  # a few tables, each watched by both players over websockets, then left
                made = http.post("/api/tables", json={"game": "werebeasts", "players": 3}).json()
                table, seats = made["id"], {s["seat"]: s["token"] for s in made["seats"] if s["token"]}
                opened = contextlib.ExitStack()
                sockets = [opened.enter_context(connect(f"ws://127.0.0.1:{port}/api/tables/{table}/ws"))
                           for _ in seats]
                for ws, tok in zip(sockets, seats.values()):
                    ws.send(json.dumps({"token": tok}))
                    ws.recv(timeout=NEVER)
                for _move in range(6):
                    views = {seat: http.get(f"/api/tables/{table}", headers={"Authorization": f"Bearer {tok}"}).json()
                             for seat, tok in seats.items()}
                    seat = next((seat for seat, view in views.items() if view["legal"]), None)
                    if seat is None:
                        break
                    answer = http.post(f"/api/tables/{table}/actions",
                                       headers={"Authorization": f"Bearer {seats[seat]}"},
                                       json={"seq": views[seat]["seq"], "action": views[seat]["legal"][0]})
                    assert answer.status_code == 200, answer.text
                    for ws in sockets:
                        ws.recv(timeout=NEVER)
                opened.close()
            ends = time.monotonic() + NEVER  # the server notices the sockets close and lets go of them
            while _websockets(server) and time.monotonic() < ends:
                time.sleep(0.01)
            assert not _websockets(server)
        assert found == []
    finally:
        server.should_exit = True
        thread.join(30)
