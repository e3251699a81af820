"""kill -9 in the middle of games: after a restart every accepted move is there, every pending clock, and every
table of bots moves on by itself."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time

import httpx
from sqlalchemy import select

from hexbox.server.store import HeartbeatRow, Store

from ..waiting import NEVER
from .live import Live, connect, pushes_until

ROUNDS = 3


def _player(url: str, tables: list[dict], accepted: dict[str, list], stop: threading.Event, seed: int) -> None:
    """Random legal moves as fast as the server takes them; a move counts as accepted only once answered 200."""
    rng = random.Random(seed)
    with httpx.Client(base_url=url, timeout=30) as http:
        while not stop.is_set():
            table = rng.choice(tables)
            try:
                for seat, token in table["tokens"].items():
                    view = http.get(f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}).json()
                    if view["result"] is not None or not view["legal"]:
                        continue
                    action = rng.choice(view["legal"])
                    answer = http.post(f"/api/tables/{table['id']}/actions",
                                       headers={"Authorization": f"Bearer {token}"},
                                       json={"seq": view["seq"], "action": action})
                    if answer.status_code == 200:
                        accepted[table["id"]].append((answer.json()["seq"], seat, action))
                    break
            except (httpx.HTTPError, ValueError):
                return  # the server is gone


def _stalled_after_restart(server: Live, tables: list[str], within: float = NEVER) -> tuple[int, int]:
    """Of the unfinished tables of bots: how many, and how many never moved on after a restart while someone
    watched them (a table of bots alone plays only while it is watched; "never" is tests/waiting.py's bound)."""
    async def watch(table_id: str) -> tuple[bool, bool]:
        async with await connect(server, table_id) as ws:
            first = json.loads(await ws.recv())
            if first["result"] is not None:
                return False, False
            try:
                await pushes_until(ws, lambda view: view["seq"] > first["seq"], timeout=within)
            except TimeoutError:
                return True, True
            return True, False

    async def all_of_them() -> list[tuple[bool, bool]]:
        return await asyncio.gather(*(watch(t) for t in tables))

    seen = asyncio.run(all_of_them())
    return sum(running for running, _ in seen), sum(stalled for _, stalled in seen)


def test_every_accepted_move_and_clock_survives_kill_9(tmp_path):
    url = f"sqlite:///{tmp_path / 'kill.db'}"
    server = Live(url, tmp_path / "server.log", bot_delay=0.3).start()
    tables, accepted = [], {}
    with httpx.Client(base_url=server.url) as http:
        for game, players, options in (("werebeasts", 4, {}), ("prowl", 3, {}), ("growl", 5, {}),
                                       ("voodoo", 3, {}), ("werebeasts", 3, {"dealer": 2})):
            made = http.post("/api/tables", json={"game": game, "players": players, "options": options}).json()
            tables.append({"id": made["id"], "tokens": {s["seat"]: s["token"] for s in made["seats"]}})
            accepted[made["id"]] = []
        # a table held in a bidding window with a long clock: after each restart its clock has moved on by the
        # time the server was down, so that the bidders lose none of their time
        timed = http.post("/api/tables", json={"game": "werebeasts", "players": 3,
                                               "options": {"dealer": 2, "bid_window_seconds": 120}}).json()
        seller = {"Authorization": f"Bearer {timed['seats'][0]['token']}"}
        assert http.post(f"/api/tables/{timed['id']}/actions", headers=seller,
                         json={"seq": 0, "action": {"kind": "sell"}}).status_code == 200
        clock = http.get(f"/api/tables/{timed['id']}", headers=seller).json()["deadline"]
        # tables of bots alone, one per game: after each restart each must move on by itself, nobody touching it
        robots = [http.post("/api/tables", json={"game": game, "players": players,
                                                 "bots": {str(s): "heuristic" for s in range(players)}}).json()["id"]
                  for game, players in (("werebeasts", 4), ("prowl", 3), ("growl", 5), ("voodoo", 3),
                                        ("transylvania", 3))]
    checked = watched = stalls = 0
    shifts: list[float] = []
    rng = random.Random(7)
    try:
        for round_ in range(ROUNDS):
            stop = threading.Event()
            player = threading.Thread(target=_player, args=(server.url, tables, accepted, stop, round_))
            player.start()
            time.sleep(rng.uniform(1.0, 2.0))  # not a synchronisation: a random moment to kill at
            server.kill()
            killed_at = time.time()
            stop.set()
            player.join(10)
            store = Store(url)
            with store.engine.connect() as conn:  # the dead server's last "still alive"
                last_beat = conn.execute(select(HeartbeatRow.at)).scalar_one()
            assert last_beat <= killed_at
            for table in tables:
                stored = store.load(table["id"]).moves
                mine = accepted[table["id"]]
                by_seq = {seq: (seat, action) for seq, seat, action, _cause in stored}
                for seq, seat, action in mine:
                    assert by_seq.get(seq) == (seat, action), (table["id"], seq)
                    checked += 1
                # at most the one move in flight at the kill is stored without its answer
                assert len(stored) - (mine[-1][0] if mine else 0) in (0, 1)
                if len(stored) > (mine[-1][0] if mine else 0):
                    seq, seat, action, _ = stored[-1]
                    mine.append((seq, seat, action))
            store.close()
            time.sleep(max(0.0, killed_at + 3 - time.time()))  # the server stays down 3 s at least
            restarting = time.time()
            server = Live(url, tmp_path / "server.log", bot_delay=0.3).start()
            with httpx.Client(base_url=server.url) as http:
                for table in tables:
                    seq = http.get(f"/api/tables/{table['id']}").json()["seq"]
                    assert seq == (accepted[table["id"]][-1][0] if accepted[table["id"]] else 0)
                moved = http.get(f"/api/tables/{timed['id']}", headers=seller).json()["deadline"]
            # by the downtime: from the dead server's last heartbeat (at the kill or a beat before it: a beat
            # is due every second, and a busy machine delays it) to the restart, which came between these two
            assert restarting - last_beat <= moved - clock <= time.time() - last_beat, (moved - clock, last_beat)
            assert moved - clock >= restarting - killed_at
            shifts.append(moved - clock)
            clock = moved
            running, stalled = _stalled_after_restart(server, robots)
            watched += running
            stalls += stalled
        assert checked > 20
        assert watched >= 2 * ROUNDS and stalls == 0
        distinct = sum(len(moves) for moves in accepted.values())
        print(f"\nkill -9: {ROUNDS} kills, {distinct} accepted moves, {checked} checks of them after restarts, "
              f"0 lost; {watched} unfinished bot tables after the restarts, {stalls} of them stalled; "
              f"the clock moved on by {', '.join(f'{s:.1f}' for s in shifts)} s")
    finally:
        server.stop()
