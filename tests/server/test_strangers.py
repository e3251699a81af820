"""A table open to strangers: a chosen deal is marked, names are plain, bots keep within the server's caps, rate
limits count per seat, the database is private, and turn clocks and time banks keep a table moving."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest

from hexbox.server.clock import Clocks

from ..waiting import NEVER
from .conftest import bearer, new_table, play_out, state, tokens
from .test_table_life import until, with_hub


def test_a_seeded_table_is_marked_to_everyone_and_keeps_its_seed_until_the_end(client):
    seed = 987_654_321_987
    chosen = new_table(client, "werebeasts", 3, seed=seed, open=[1, 2])
    ordinary = new_table(client, "werebeasts", 3, open=[2])
    lobby = client.get("/api/tables").json()
    listed = {t["id"]: t for t in lobby}
    # in the lobby, before anyone claims a seat: marked, and after every ordinary table
    assert listed[chosen["id"]]["seeded"] is True and listed[ordinary["id"]]["seeded"] is False
    assert [t["id"] for t in lobby].index(chosen["id"]) > [t["id"] for t in lobby].index(ordinary["id"])
    for seat in (1, 2):
        client.post(f"/api/tables/{chosen['id']}/seats/{seat}/claim")
    toks = tokens(chosen)
    answer = client.get(f"/api/tables/{chosen['id']}", headers=bearer(toks[0]))
    assert answer.json()["seeded"] is True and str(seed) not in answer.text  # marked, and the seed kept secret
    assert state(client, ordinary["id"])["seeded"] is False
    assert client.get(f"/api/tables/{chosen['id']}/record").status_code == 403
    created = new_table(client, "werebeasts", 3, seed=seed)
    play_out(client, created["id"], tokens(created))
    assert client.get(f"/api/tables/{created['id']}/record").json()["seed"] == seed  # shown at the end


def test_an_ordinary_table_deals_from_a_seed_nobody_chose():
    async def run(hub):
        seeds = set()
        for _ in range(20):
            table, _, _ = await hub.tables.create("werebeasts", 3, {}, {}, [], None, True, {})
            assert table.seeded is False
            seeds.add(table.seed)
        assert len(seeds) == 20  # drawn from a secure source, not from a clock or a counter

    with_hub(run)


def test_names_are_plain_text_and_bots_are_shown_by_level(client):
    created = new_table(client, "werebeasts", 4, names={"0": "Mia\u202e  ", "1": "Ada"}, open=[2],
                        bots={"3": "heuristic"})
    token = client.post(f"/api/tables/{created['id']}/seats/2/claim", json={"name": "  Ben\u200b Li"}).json()["token"]
    seats = state(client, created["id"], token)["seats"]
    assert [s["name"] for s in seats] == ["Mia", "Ada", "Ben Li", None]  # formatting characters dropped
    assert (seats[3]["kind"], seats[3]["level"]) == ("bot", "normal") and seats[0]["level"] is None
    for names, words in (({"0": "x" * 25}, "at most 24"), ({"0": "\u200b"}, "at least one"),
                         ({"9": "Zoe"}, "not a seat"), ({"one": "Zoe"}, "not a seat number")):
        answer = client.post("/api/tables", json={"game": "werebeasts", "players": 3, "names": names})
        assert answer.status_code == 422 and words in answer.json()["detail"], (names, answer.json())
    again = new_table(client, "werebeasts", 3, open=[1])
    refused = client.post(f"/api/tables/{again['id']}/seats/1/claim", json={"name": ""})
    assert refused.status_code == 422 and state(client, again["id"])["seats"][1]["kind"] == "open"  # unchanged


@pytest.mark.parametrize("spec, words", [
    ("ismcts:iters=1000000", "at most 20000 iterations"),
    ("ismcts:calls=1000000", "at most 20000"),
    ("ismcts:rollout=100000000", "rollout"),
    ("ismcts:seconds=1000", "seconds"),
])
def test_a_bot_over_the_servers_caps_is_refused(client, spec, words):
    answer = client.post("/api/tables", json={"game": "werebeasts", "players": 3, "bots": {"1": spec}})
    assert answer.status_code == 422 and words in answer.json()["detail"], answer.json()
    created = new_table(client, "werebeasts", 3, open=[1])
    filled = client.post(f"/api/tables/{created['id']}/seats/1/bot", headers=bearer(created["host_token"]),
                         json={"bot": spec})
    assert filled.status_code == 422 and state(client, created["id"])["seats"][1]["kind"] == "open"


def test_the_caps_are_the_servers_to_set(make_client):
    client = make_client(max_bot_iterations=50, max_bot_seconds=0.5, max_bot_rollout=10)
    assert client.post("/api/tables", json={"game": "prowl", "players": 2,
                                            "bots": {"1": "ismcts:iters=50+rollout=10"}}).status_code == 201
    for spec in ("ismcts:iters=51", "ismcts:seconds=0.6", "ismcts:rollout=11"):
        assert client.post("/api/tables", json={"game": "prowl", "players": 2,
                                                "bots": {"1": spec}}).status_code == 422, spec


def test_rate_limits_count_per_seat_token_and_say_when_to_come_back(make_client):
    # a token every NEVER seconds: however slow the machine, none comes back between two requests of the test, and
    # each Retry-After is bounded by the moments around it, not by a guess at the machine's speed
    client = make_client(rate=1 / NEVER, burst=3)
    created = client.post("/api/tables", json={"game": "werebeasts", "players": 3}).json()
    toks = tokens(created)
    # two players behind one home router: the same address, a bucket each
    for token in (toks[0], toks[1]):
        start = time.monotonic()
        answers = [client.get(f"/api/tables/{created['id']}", headers=bearer(token)) for _ in range(4)]
        took = time.monotonic() - start
        assert [a.status_code for a in answers] == [200, 200, 200, 429]
        # a sliding window of burst / rate seconds (3 * NEVER): a request is allowed again within it (its counters
        # are aligned on the clock, so when within it depends on the moment, not on the machine's speed)
        assert 1 <= int(answers[-1].headers["Retry-After"]) <= 3 * NEVER, took
    chat = make_client(chat_burst=1, chat_window=30)
    made = new_table(chat, "werebeasts", 3)
    start = time.monotonic()
    assert chat.post(f"/api/tables/{made['id']}/chat", json={"text": "hi"}).status_code == 200
    again = chat.post(f"/api/tables/{made['id']}/chat", json={"text": "hi"})
    took = time.monotonic() - start
    assert again.status_code == 429 and 30 - took - 1 <= int(again.headers["Retry-After"]) <= 30


def test_the_sqlite_file_is_readable_by_its_owner_only(make_client, tmp_path):
    client = make_client(db_url=f"sqlite:///{tmp_path / 'private.db'}")
    new_table(client, "werebeasts", 3)
    for name in os.listdir(tmp_path):
        if name.startswith("private.db"):
            mode = stat.S_IMODE(os.stat(tmp_path / name).st_mode)
            assert mode & 0o077 == 0, (name, oct(mode))


# ---- turn clocks and time banks ---------------------------------------------------------------------------


def test_a_turn_draws_on_the_bank_only_past_its_own_time():
    clocks = Clocks(30.0, {0: 60.0, 1: 60.0}).advance([0], {0, 1}, now=100.0)
    assert clocks.deadline(0) == 100 + 30 + 60 and clocks.deadline(1) is None
    # seat 0 takes 45 s, two steps of one turn: the turn runs on, then ends 15 s over its own time
    clocks = clocks.advance([0], {0, 1}, now=120.0).advance([1], {0, 1}, now=145.0)
    assert clocks.banks == {0: 45.0, 1: 60.0} and clocks.since == {1: 145.0}
    # a quick turn costs the bank nothing; bots have no clock
    clocks = clocks.advance([0, 2], {0, 1}, now=150.0)
    assert clocks.banks[1] == 60.0 and 2 not in clocks.since and clocks.deadline(0) == 150 + 30 + 45
    assert Clocks.from_json(clocks.to_json()) == clocks
    assert Clocks.of({"clock_seconds": 0, "bank_seconds": 100}, [0, 1]).advance([0], {0}, 1.0).deadline(0) is None


def test_a_player_whose_turn_and_bank_are_spent_is_played_by_a_stand_in_for_that_turn():
    from hexbox.server.runner import BotMove, Wait

    async def run(hub):
        table, toks, _ = await hub.tables.create("prowl", 2, {}, {}, [], 3, True, {})
        seat = table.state.actors[0]
        table.seats[seat].sockets = 1  # connected, and walked away
        now = time.time()
        table.clocks = Clocks(1.0, {0: 2.0, 1: 2.0}, {seat: now})
        assert await table.runner.plan(now) == Wait(now + 3.0)
        assert await table.runner.plan(now + 3.0) == BotMove(seat, "heuristic", "clock")
        table.runner.poke()
        await until(lambda: table.seq >= 1)
        first = (await hub.db(hub.store.load, table.id)).moves[0]
        assert (first[1], first[3]) == (seat, "clock")  # the walked-away seat, moved by the stand-in
        if seat not in table.state.actors:  # the turn is over: it cost the whole bank
            assert table.clocks.banks[seat] == 0.0

    with_hub(run, grace=10**6)


def test_the_turn_clock_runs_where_the_game_has_no_clock_of_its_own_R39():
    async def run(hub):
        options = {"dealer": 2, "clock_seconds": 30, "bank_seconds": 60}
        before = time.time()
        table, _, _ = await hub.tables.create("werebeasts", 3, options, {}, [], 1, True, {})
        assert table.deadline_at is None and before + 90 <= table.clocks.deadline(0) <= time.time() + 90
        await hub.play.act(table, 0, 0, {"kind": "sell"})
        # the bidding window has the rulebook's own clock (R39): it takes the turn clocks' place
        assert table.deadline_at is not None and table.clocks.since == {}
        assert table.clocks.banks == {0: 60.0, 1: 60.0, 2: 60.0}

    with_hub(run)


def test_a_restart_after_downtime_moves_every_clock_on_by_it(tmp_path):
    from sqlalchemy import update

    from hexbox.server.store import HeartbeatRow

    url = f"sqlite:///{tmp_path / 'down.db'}"

    async def first(hub):
        table, toks, _ = await hub.tables.create("voodoo", 3, {"turn_seconds": 60}, {}, [], 3, True, {})
        async with hub.tables.change(table):  # a turn clock as the table started, stored like any change
            clocks = {"turn": 30, "banks": {"0": 60}, "since": {"0": table.deadline_at}}
            await hub.db(hub.store.update_table, table.id, clocks=json.dumps(clocks))
        beat = time.time() - 100
        with hub.store.engine.begin() as conn:  # as if the last heartbeat was 100 s ago, and then the crash
            conn.execute(update(HeartbeatRow).values(at=beat))
        hub._tasks[0].cancel()
        return table.id, table.deadline_at, beat

    async def second(hub):
        table = await hub.tables.get(table_id)
        # the gap from that heartbeat to this start, which came between these two moments
        assert restarting - beat <= hub.resumed_after <= time.time() - beat
        assert table.deadline_at - deadline == pytest.approx(hub.resumed_after)
        assert table.clocks.since[0] - deadline == pytest.approx(hub.resumed_after)

    table_id, deadline, beat = with_hub(first, db_url=url, heartbeat=3600)
    restarting = time.time()
    with_hub(second, db_url=url)
