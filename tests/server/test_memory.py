"""Bounded memory: a table nobody watches or asks for leaves memory (and comes back on the next request), a
finished one too, and an abandoned one is deleted after the server's ``expire_after``, which the lobby shows."""

from __future__ import annotations

import asyncio
import gc
import time
import weakref

import pytest
from sqlalchemy import update

from hexbox.server.catalogue import lobby
from hexbox.server.errors import NotFound
from hexbox.server.store import TableRow

from .test_table_life import with_hub

TABLES = 300


def test_idle_and_finished_tables_leave_memory_and_come_back_when_asked_for():
    async def run(hub):
        made = []
        for i in range(TABLES):
            table, toks, _ = await hub.tables.create("werebeasts", 3, {}, {}, [], i, True, {})
            made.append((table.id, weakref.ref(table)))
        finished, _, _ = await hub.tables.create("prowl", 2, {}, {0: "random", 1: "random"}, [], 1, True, {})
        while not finished.over:  # a table of bots plays while watched: played out here by hand
            seat = finished.state.actors[0]
            await hub.play.act(finished, seat, finished.seq, finished.state.default_action(seat).to_json())
        gone = weakref.ref(finished)
        del table, finished
        assert len(hub.tables.held) == TABLES + 1
        await asyncio.sleep(0.3)  # past every new seat's grace and past unload_after: idle
        assert hub.sweep() == TABLES + 1
        await asyncio.sleep(0)  # the runners' tasks end
        gc.collect()
        assert not hub.tables.held
        assert [ref for _, ref in made if ref() is not None] == []  # let go, state, runner and all
        assert gone() is None
        assert not [t for t in asyncio.all_tasks() if t.get_name().startswith("runner ")]
        # the next request loads it again, and play goes on
        again = await hub.tables.get(made[0][0])
        seat = again.state.actors[0]
        await hub.play.act(again, seat, 0, again.state.legal_actions(seat)[0].to_json())
        assert (await hub.db(hub.store.load, again.id)).row["seq"] == 1

    with_hub(run, grace=0.1, unload_after=0.2, sweep_every=3600)


def test_a_watched_table_or_one_with_a_player_present_stays():
    async def run(hub):
        present, _, _ = await hub.tables.create("werebeasts", 3, {}, {}, [], 1, True, {})
        present.seats[0].last_seen = time.time() + 3600  # a request just now, as far as the grace goes
        await asyncio.sleep(0.3)
        assert hub.sweep() == 0 and present.id in hub.tables.held

    with_hub(run, grace=0.1, unload_after=0.2, sweep_every=3600)


def test_an_abandoned_table_is_deleted_after_the_time_the_lobby_shows():
    async def run(hub):
        old, _, _ = await hub.tables.create("werebeasts", 3, {}, {}, [2], 1, True, {})
        fresh, _, _ = await hub.tables.create("werebeasts", 3, {}, {}, [2], 2, True, {})
        listed = {t["id"]: t for t in await lobby(hub.store, hub.db, hub.settings.expire_after)}
        assert listed[fresh.id]["expires_at"] == pytest.approx(fresh.created_at + 3600)
        with hub.store.engine.begin() as conn:  # nobody came for two hours
            conn.execute(update(TableRow).where(TableRow.id == old.id).values(created_at=time.time() - 7200))
        assert await hub.tables.expire() == [old.id]
        assert old.id not in hub.tables.held
        with pytest.raises(NotFound):
            await hub.tables.get(old.id)
        assert [t["id"] for t in await lobby(hub.store, hub.db, 3600)] == [fresh.id]

    with_hub(run, expire_after=3600, sweep_every=3600)
