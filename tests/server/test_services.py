"""PostgreSQL as the store, and two server processes sharing tables through PostgreSQL and Redis."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest

from hexbox.server.store import StaleSeq, Store

from .conftest import move, new_table, play_out, state, tokens
from .live import Live, connect, pushes_until
from .services import pg_url, redis_url  # noqa: F401  (fixtures)


def test_the_api_on_postgresql_and_a_restart(make_client, pg_url):  # noqa: F811
    client = make_client(db_url=pg_url)
    created = new_table(client, "werebeasts", 3, seed=3)
    table, toks = created["id"], tokens(created)
    made = play_out(client, table, toks)
    again = make_client(db_url=pg_url)  # another process on the same database
    assert state(again, table, toks[1]) == state(client, table, toks[1])
    assert [m[:3] for m in Store(pg_url).load(table).moves] == [
        (i, seat, action) for i, (seat, action) in enumerate(made, 1)]


def test_the_models_and_the_migrations_agree(pg_url):  # noqa: F811
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    store = Store(pg_url)
    store.migrate()
    from hexbox.server.store import Base

    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    # indexes the migration adds for queries are not declared on the models; nothing else may differ
    assert [d for d in diff if d[0] not in ("remove_index",)] == []
    store.close()


def test_two_processes_serve_the_same_tables_live(tmp_path, pg_url, redis_url):  # noqa: F811
    a = Live(pg_url, tmp_path / "a.log", redis=redis_url).start()
    b = Live(pg_url, tmp_path / "b.log", redis=redis_url).start()
    try:
        with httpx.Client(base_url=a.url) as on_a, httpx.Client(base_url=b.url) as on_b:
            created = new_table(on_a, "werebeasts", 3, seed=1, options={"dealer": 2})
            table, toks = created["id"], tokens(created)

            async def run():
                async with await connect(b, table, toks[1]) as ws:
                    await pushes_until(ws, lambda x: x["seq"] == 0)
                    # a move through A is pushed by B
                    assert move(on_a, table, toks[0], 0, {"kind": "sell"}).status_code == 200
                    pushed = await pushes_until(ws, lambda x: x["seq"] == 1)
                    assert pushed["observation"]["phase"] == "bidding"
                    # B takes the next move from where A left it, and A's viewers hear of it
                    async with await connect(a, table, toks[2]) as ws_a:
                        await pushes_until(ws_a, lambda x: x["seq"] == 1)
                        legal = state(on_b, table, toks[1])["legal"]
                        assert move(on_b, table, toks[1], 1, legal[0]).status_code == 200
                        assert (await pushes_until(ws_a, lambda x: x["seq"] == 2))["seq"] == 2
                        # a stale seq is refused by either
                        assert move(on_a, table, toks[1], 1, legal[0]).status_code == 409
                    # chat said on A reaches B's players
                    on_a.post(f"/api/tables/{table}/chat", headers={"Authorization": f"Bearer {toks[0]}"},
                              json={"text": "hello from A"})
                    heard = await pushes_until(ws, lambda x: any(m["text"] == "hello from A" for m in x["chat"]))
                    assert json.dumps(heard)

            asyncio.run(run())
    finally:
        a.stop()
        b.stop()


def test_a_client_reads_its_own_write_through_another_process(tmp_path, pg_url, redis_url):  # noqa: F811
    """No sticky sessions: a move or a claim made through A, read through B at once, is there (B compares the
    table's revision in the database before it answers). Each table is warm in both processes."""
    a = Live(pg_url, tmp_path / "a.log", redis=redis_url).start()
    b = Live(pg_url, tmp_path / "b.log", redis=redis_url).start()
    reads = stale = 0
    try:
        with httpx.Client(base_url=a.url) as on_a, httpx.Client(base_url=b.url) as on_b:
            for round_ in range(4):
                created = new_table(on_a, "prowl", 3, seed=round_, open=[2])
                table, toks = created["id"], tokens(created)
                state(on_b, table)  # B holds the table too
                toks[2] = on_a.post(f"/api/tables/{table}/seats/2/claim").json()["token"]
                seats = state(on_b, table, toks[2])["seats"]  # B knows the seat's token at once
                reads, stale = reads + 1, stale + (seats[2]["kind"] != "human")
                for _ in range(40):
                    views = {seat: state(on_a, table, tok) for seat, tok in toks.items()}
                    playing = [seat for seat, view in views.items() if view["legal"]]
                    if not playing:
                        break
                    seat = playing[0]
                    answer = move(on_a, table, toks[seat], views[seat]["seq"], views[seat]["legal"][0])
                    assert answer.status_code == 200, answer.text
                    seen = state(on_b, table, toks[seat])["seq"]
                    reads, stale = reads + 1, stale + (seen != answer.json()["seq"])
    finally:
        a.stop()
        b.stop()
    print(f"\nread-after-write through another process: {reads} reads, {stale} stale")
    assert reads > 100 and stale == 0


@pytest.mark.parametrize("store_kind", ["sqlite", "postgresql"])
def test_a_move_and_its_table_facts_are_stored_together_or_not_at_all(store_kind, tmp_path, request):
    url = f"sqlite:///{tmp_path / 'moves.db'}" if store_kind == "sqlite" else request.getfixturevalue("pg_url")
    store = Store(url)
    store.migrate()
    row = {"id": "t1", "game": "werebeasts", "players": 3, "options": {}, "seed": 1, "host_hash": "h",
           "spectators": True, "created_at": 0.0}
    store.create_table(row, [{"seat": s, "bot": None, "token_hash": None} for s in range(3)])
    facts = {"deadline_at": 12.5, "deadline_window": '["bidding"]', "over": False, "result": None,
             "clocks": '{"turn": 30.0, "banks": {"0": 90.0}, "since": {"0": 12.0}}'}
    store.append_move("t1", 1, 0, {"kind": "sell"}, "player", facts)
    # a second writer for the same seq loses, and changes nothing
    with pytest.raises(StaleSeq):
        store.append_move("t1", 1, 2, {"kind": "pass"}, "bot", {**facts, "over": True, "result": "{}"})
    with pytest.raises(StaleSeq):  # nor may a move skip a seq
        store.append_move("t1", 3, 1, {"kind": "pass"}, "bot", facts)
    stored = store.load("t1")
    assert [m for m in stored.moves] == [(1, 0, {"kind": "sell"}, "player")]
    assert (stored.row["seq"], stored.row["deadline_at"], stored.row["deadline_window"], stored.row["over"],
            stored.row["result"], stored.row["clocks"], stored.row["rev"]) == (1, 12.5, '["bidding"]', False, None,
                                                                             facts["clocks"], 1)
    store.append_move("t1", 2, 1, {"kind": "pass"}, "timeout", {**facts, "deadline_at": None, "over": True,
                                                                 "result": '{"winners": [1]}'})
    stored = store.load("t1")
    assert [m[0] for m in stored.moves] == [1, 2]
    assert (stored.row["seq"], stored.row["over"], stored.row["result"]) == (2, True, '{"winners": [1]}')
    store.close()
