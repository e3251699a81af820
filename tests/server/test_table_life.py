"""Life at a table: chat in two rooms, reactions and limits, the host's controls, rematch, restarts, sleep."""

from __future__ import annotations

import asyncio
import random
import time

import pytest

import hexbox

from ..waiting import NEVER
from .conftest import bearer, move, new_table, play_out, state, tokens


def _say(client, table, token=None, **body):
    return client.post(f"/api/tables/{table}/chat", headers=bearer(token), json=body)


def test_players_and_spectators_talk_in_separate_rooms(client):
    created = new_table(client, "werebeasts", 3)
    table, toks = created["id"], tokens(created)
    assert _say(client, table, toks[0], text="I hold no wolves.").status_code == 200
    assert _say(client, table, None, text="seat 0 is lying!").status_code == 200
    assert _say(client, table, toks[1], reaction="🤔").status_code == 200
    players = state(client, table, toks[2])["chat"]
    assert [(m["speaker"], m["kind"], m["text"]) for m in players] == [
        ("seat 0", "text", "I hold no wolves."), ("seat 1", "reaction", "🤔")]
    watchers = state(client, table)["chat"]
    assert [m["text"] for m in watchers] == ["seat 0 is lying!"]  # watchers cannot tip the players


def test_chat_is_plain_text_within_limits_and_never_in_the_record(make_client):
    client = make_client(chat_burst=3, chat_window=60)
    created = new_table(client, "werebeasts", 3, seed=3)
    table, toks = created["id"], tokens(created)
    sent = _say(client, table, toks[0], text="<img src=x onerror=alert(1)>\u202e\u200bhi\nthere\x00")
    assert sent.status_code == 200
    # markup stays text (clients show it as text); bidi overrides, zero-width and control characters go
    assert sent.json()["text"] == "<img src=x onerror=alert(1)>hi there"
    assert _say(client, table, toks[0], text="x" * 281).status_code == 422
    assert _say(client, table, toks[0], text="   ").status_code == 422
    assert _say(client, table, toks[0], reaction="🍕").status_code == 422
    assert _say(client, table, toks[0], text="a", reaction="👍").status_code == 422
    assert _say(client, table, toks[0], text="two").status_code == 200
    assert _say(client, table, toks[0], text="three").status_code == 200
    flood = _say(client, table, toks[0], text="four")
    assert flood.status_code == 429 and "slow down" in flood.json()["detail"]
    assert _say(client, table, toks[1], text="my own limit").status_code == 200
    play_out(client, table, toks)
    record = client.get(f"/api/tables/{table}/record").json()
    assert "onerror" not in str(record) and "limit" not in str(record)


def test_no_player_talk_while_the_rules_keep_the_table_silent_R24():
    # GROWL: no table talk from a Night card's reveal until its passing is over (R24)
    from hexbox.server.errors import Conflict
    from hexbox.server.table import Viewer

    async def run(hub):
        table, _, _ = await hub.tables.create("growl", 4, {}, {}, [], 1, True, {})
        rng = random.Random(1)
        while table.state.observe(None)["public"]["talk_allowed"]:
            seat = table.state.actors[0]
            await hub.play.act(table, seat, table.seq, rng.choice(table.state.legal_actions(seat)).to_json())
        with pytest.raises(Conflict, match="silent"):
            await hub.chat.say(table, Viewer(0), "me", "I pass a wolf!", None)
        # spectators may talk among themselves: the players cannot hear them
        await hub.chat.say(table, Viewer(None), "me", "ooh", None)

    with_hub(run)


def test_the_host_fills_seats_removes_players_before_the_start_and_sets_spectators(client):
    created = new_table(client, "werebeasts", 3, open=[1, 2])
    table, host = created["id"], created["host_token"]
    player = client.post(f"/api/tables/{table}/seats/1/claim").json()["token"]
    assert client.post(f"/api/tables/{table}/seats/2/bot", json={"bot": "heuristic"}).status_code == 401
    assert client.post(f"/api/tables/{table}/seats/2/bot", headers=bearer(player),
                       json={"bot": "heuristic"}).status_code == 403
    # the host removes the player of seat 1 before the start: the token is dead, the seat open again
    assert client.delete(f"/api/tables/{table}/seats/1", headers=bearer(host)).status_code == 200
    assert client.get(f"/api/tables/{table}", headers=bearer(player)).status_code == 401
    assert [t["open"] for t in client.get("/api/tables").json() if t["id"] == table] == [[1, 2]]
    assert client.post(f"/api/tables/{table}/seats/1/bot", headers=bearer(host),
                       json={"bot": "random"}).status_code == 200
    assert client.post(f"/api/tables/{table}/seats/2/bot", headers=bearer(host),
                       json={"bot": "nonsense"}).status_code == 422
    assert client.post(f"/api/tables/{table}/seats/2/bot", headers=bearer(host),
                       json={"bot": "heuristic"}).status_code == 200
    seats = state(client, table)["seats"]
    assert [s["kind"] for s in seats] == ["human", "bot", "bot"] and state(client, table)["started"]
    assert client.delete(f"/api/tables/{table}/seats/1", headers=bearer(host)).status_code == 409  # started
    # spectators refused: no token, no view; the players still see
    assert client.patch(f"/api/tables/{table}", headers=bearer(host), json={"spectators": False}).status_code == 200
    assert client.get(f"/api/tables/{table}").status_code == 403
    assert client.get(f"/api/tables/{table}", headers=bearer(tokens(created)[0])).status_code == 200
    assert client.get(f"/api/tables/{table}", headers=bearer(host)).status_code == 200


def test_a_rematch_keeps_the_seats_and_their_tokens(client):
    # seat 0 (a human) moves first, so the bot cannot end the game before the first check
    created = new_table(client, "werebeasts", 3, seed=1, options={"dealer": 2}, bots={"2": "random"})
    table, toks, host = created["id"], tokens(created), created["host_token"]
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(host)).status_code == 409  # not over yet
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"token": toks[0]})
        view = ws.receive_json()
        while view["result"] is None:
            mine = {seat: state(client, table, token) for seat, token in toks.items()}
            playing = [seat for seat in mine if mine[seat]["legal"]]
            if playing:
                seat = playing[0]
                move(client, table, toks[seat], mine[seat]["seq"], mine[seat]["legal"][0])
            view = ws.receive_json()  # the next change: ours, or the bot's
    assert client.post(f"/api/tables/{table}/rematch").status_code == 401  # a spectator may not
    again = client.post(f"/api/tables/{table}/rematch", headers=bearer(toks[1]))  # any player may propose one
    assert again.status_code == 200
    new_id = again.json()["id"]
    assert client.post(f"/api/tables/{table}/rematch", headers=bearer(host)).json()["id"] == new_id  # one rematch
    assert state(client, table, toks[1])["rematch"] == new_id
    fresh = state(client, new_id, toks[1])
    # a new game (its bot plays at once: it may even have won already), where the old tokens hold the same seats
    assert fresh["id"] == new_id != table and fresh["seats"][2]["bot"] == "random"
    assert fresh["seat"] == 1 and state(client, new_id, toks[0])["seat"] == 0
    assert fresh["observation"] != state(client, table, toks[1])["observation"]


def test_a_restarted_server_has_every_table_move_clock_and_token(make_client):
    first = make_client()
    created = new_table(first, "werebeasts", 4, seed=9, options={"dealer": 3, "bid_window_seconds": 120})
    table, toks = created["id"], tokens(created)
    assert move(first, table, toks[0], 0, {"kind": "sell"}).status_code == 200  # bidding: a clock runs
    before = {s: state(first, table, t) for s, t in toks.items()}
    assert before[1]["deadline"] > time.time() + 100
    second = make_client()  # a new process on the same database
    after = {s: state(second, table, t) for s, t in toks.items()}
    for seat in toks:
        assert after[seat]["observation"] == before[seat]["observation"]
        assert after[seat]["log"] == before[seat]["log"] and after[seat]["deadline"] == before[seat]["deadline"]
    assert move(second, table, toks[1], 1, after[1]["legal"][0]).status_code == 200


def test_a_table_with_no_human_present_spends_nothing():
    from hexbox.server.runner import Wait

    async def run(hub):
        table, _, _ = await hub.tables.create("werebeasts", 3, {"dealer": 0}, {1: "random", 2: "random"}, [], 1,
                                              True, {})
        now = time.time()
        # the human just got their token: present, so the bot will move (once its pacing allows)
        assert await table.runner.plan(now) == Wait(table.moved_at + 3600)
        table.seats[0].last_seen = now - 60  # the human left a minute ago
        assert await table.runner.plan(now) == Wait(None)  # asleep: no bot, no clock, no time to look again

    with_hub(run, grace=30, bot_delay=3600)


def test_every_game_plays_through_the_api_as_it_plays_locally(client):
    for name in hexbox.games():
        info = hexbox.game_info(name)
        created = new_table(client, name, info.min_players, seed=4)
        table, toks = created["id"], tokens(created)
        local = hexbox.load(name, players=info.min_players).new_state(seed=4)
        rng = random.Random(4)
        for _ in range(120):
            if local.is_over:
                break
            seat = rng.choice(local.actors)
            action = rng.choice(local.legal_actions(seat))
            view = state(client, table, toks[seat])
            assert view["legal"] == [a.to_json() for a in local.legal_actions(seat)]
            assert move(client, table, toks[seat], view["seq"], action.to_json()).status_code == 200
            local.apply(seat, action)
        for seat, token in toks.items():
            assert state(client, table, token)["observation"] == local.observe(seat), name


def test_a_bot_with_the_first_move_plays_it_without_waiting_for_a_websocket():
    async def run(hub):
        table, _, _ = await hub.tables.create("werebeasts", 3, {"dealer": 0}, {1: "random"}, [], 1, True, {})
        await until(lambda: table.seq >= 1)  # nobody connected: a player only polls

    with_hub(run)


def test_a_table_loaded_after_a_restart_goes_on_by_itself(tmp_path):
    url = f"sqlite:///{tmp_path / 'restart.db'}"

    async def first(hub):
        table, _, _ = await hub.tables.create("werebeasts", 3, {"dealer": 2}, {1: "random"}, [], 1, True, {})
        await hub.play.act(table, 0, 0, {"kind": "sell"})  # bidding: the bot at seat 1 is to act
        return table.id

    async def second(hub):
        again = await hub.tables.get(table_id)
        await until(lambda: again.seq > 1)

    table_id = with_hub(first, db_url=url, bot_delay=3600)  # closed before its bot could move
    with_hub(second, db_url=url)


def test_a_clock_waits_for_a_bot_that_thinks_past_it():
    """Only humans are timed: a passed deadline with only a bot to act makes no default move for the bot."""
    from hexbox.server.runner import BotMove, Timeout

    async def run(hub):
        table, _, _ = await hub.tables.create("voodoo", 3, {"first_seat": 1}, {1: "random"}, [], 1, True, {})
        assert list(table.state.actors) == [1]
        table.deadline_at = time.time() - 5  # the bot's turn's clock ran out
        step = await table.runner.plan(table.moved_at + 3600)
        assert isinstance(step, BotMove) and step.seat == 1 and not isinstance(step, Timeout)

    with_hub(run, bot_delay=3600, grace=10**6)


def with_hub(run, **overrides):
    """``run(hub)`` on an in-process hub (SQLite in memory unless ``db_url`` says otherwise), closed after."""
    from hexbox.server.hub import Hub, Settings

    async def main():
        hub = Hub(Settings(**{"db_url": "sqlite://", "workers": 0, **overrides}))
        await hub.start()
        try:
            return await run(hub)
        finally:
            await hub.close()

    return asyncio.run(main())


async def until(condition, timeout: float = NEVER) -> None:
    """Wait for ``condition()`` to hold, failing after ``timeout`` seconds (a bound on "never": tests/waiting.py)."""
    async def poll():
        while not condition():
            await asyncio.sleep(0.01)

    await asyncio.wait_for(poll(), timeout)
