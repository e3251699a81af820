"""The HTTP contract of DESIGN §5, in-process: every route, what each viewer is told, and bad input refused."""

from __future__ import annotations

import random

import pytest
from starlette.websockets import WebSocketDisconnect

import hexbox
from hexbox.agents import LEVELS, level_spec
from hexbox.core.people import default_names, named

from ..waiting import NEVER
from .conftest import bearer, move, new_table, play_out, state, tokens


def test_health_and_games(client):
    assert client.get("/healthz").json() == {"ok": True}
    listed = {g["name"]: g for g in client.get("/api/games").json()}
    assert sorted(listed) == hexbox.games()
    wb = listed["werebeasts"]
    assert (wb["min_players"], wb["max_players"], wb["title"]) == (3, 10, "Werebeasts")
    by_name = {o["name"]: o for o in wb["options"]}
    assert by_name["bid_window_seconds"]["default"] == 10 and by_name["bid_window_seconds"]["high"] == 120
    assert by_name["dealer"]["bounds"]["5"] == [-1, 4]  # a bound that depends on the player count
    for name, entry in listed.items():  # what the lobby offers is what each game's registration declares
        info = hexbox.game_info(name)
        assert entry["title"] == info.title and entry["view"] == list(info.view)
        assert entry["presets"] == {k: dict(v) for k, v in info.presets.items()}
        assert list(entry["levels"]) == list(LEVELS) and entry["levels"] == {lv: level_spec(lv, name) for lv in LEVELS}
        for file in entry["view"]:  # the browser asks for exactly these: each is there
            assert client.get(f"/static/games/{file}").status_code == 200, file
    assert listed["prowl"]["levels"]["hard"] == "ismcts:iters=300+worlds=belief" and listed["hunch"]["view"] == []


def test_create_gives_a_token_to_every_human_seat_and_none_to_bots_or_open_seats(client):
    created = new_table(client, "werebeasts", 4, bots={"1": "heuristic", "3": "random"}, open=[2])
    seats = {s["seat"]: s for s in created["seats"]}
    assert seats[0]["token"] and seats[0]["bot"] is None
    assert seats[1] == {"seat": 1, "token": None, "bot": "heuristic"}
    assert seats[2] == {"seat": 2, "token": None, "bot": None}  # open: its token comes from claim
    assert seats[3]["bot"] == "random" and created["host_token"]
    lobby = client.get("/api/tables").json()
    assert [t["open"] for t in lobby if t["id"] == created["id"]] == [[2]]


def test_claim_an_open_seat_once(client):
    created = new_table(client, "werebeasts", 3, open=[1, 2])
    table = created["id"]
    first = client.post(f"/api/tables/{table}/seats/1/claim")
    assert first.status_code == 200 and first.json()["token"]
    again = client.post(f"/api/tables/{table}/seats/1/claim")
    assert again.status_code == 409 and "taken" in again.json()["detail"]
    assert client.post(f"/api/tables/{table}/seats/0/claim").status_code == 409  # seat 0 got its token at creation
    assert client.post(f"/api/tables/{table}/seats/7/claim").status_code == 404
    # the table starts only when no seat is open
    view = state(client, table, tokens(created)[0])
    assert view["started"] is False and view["legal"] == []
    assert move(client, table, tokens(created)[0], 0, {"kind": "sell"}).status_code == 409
    client.post(f"/api/tables/{table}/seats/2/claim")
    assert state(client, table, tokens(created)[0])["started"] is True
    assert [t for t in client.get("/api/tables").json() if t["id"] == table] == []


def test_each_viewer_gets_exactly_its_observation(client):
    created = new_table(client, "prowl", 3, seed=11)
    table, toks = created["id"], tokens(created)
    local = hexbox.load("prowl", players=3).new_state(seed=11)
    for seat, token in toks.items():
        view = state(client, table, token)
        assert view["seq"] == 0 and view["seat"] == seat
        assert view["observation"] == local.observe(seat)
        assert view["legal"] == [a.to_json() for a in local.legal_actions(seat)]
    spectator = state(client, table)
    assert spectator["seat"] is None and spectator["observation"]["private"] is None and spectator["legal"] == []
    assert spectator["observation"] == local.observe(None)


def test_a_game_played_through_the_api_is_the_game_played_locally(client):
    created = new_table(client, "werebeasts", 4, seed=5)
    table, toks = created["id"], tokens(created)
    rng = random.Random(2)
    made = play_out(client, table, toks, pick=rng.choice)
    local = hexbox.load("werebeasts", players=4).new_state(seed=5)
    logs = {seat: [] for seat in (0, 1, 2, 3, None)}
    for seat, action in made:
        events = local.apply(seat, local.game.parse_action(action))
        for viewer in logs:
            logs[viewer] += local.describe(events, viewer)
    people = default_names(4)  # nobody chose a name: "Seat 1" … "Seat 4", counted from 1 as people count
    for seat, token in [*toks.items(), (None, None)]:
        view = state(client, table, token)
        assert view["result"] == local.result.to_json()
        # the viewer's own sentences, and no one else's, with people's names in them (hexbox.core.people)
        assert view["log"] == [named(line, people) for line in logs[seat]]
        assert view["ending"]["reason"] == named(local.result.reason, people)
        assert view["observation"] == local.observe(seat)
        assert view["seq"] == len(made) and view["deadline"] is None


def test_a_move_answers_its_new_seq_and_a_stale_or_repeated_seq_is_refused(client):
    created = new_table(client, "werebeasts", 3, seed=1, options={"dealer": 2})
    table, toks = created["id"], tokens(created)
    view = state(client, table, toks[0])
    assert view["observation"]["actors"] == [0]
    first = move(client, table, toks[0], 0, view["legal"][-1])
    assert first.status_code == 200 and first.json() == {"seq": 1}
    # a double click: the same move with the same seq applies once
    again = move(client, table, toks[0], 0, view["legal"][-1])
    assert again.status_code == 409 and "stale seq" in again.json()["detail"]
    assert state(client, table)["seq"] == 1
    ahead = move(client, table, toks[0], 5, view["legal"][0])
    assert ahead.status_code == 409


def _unchanged(client, table, toks, before):
    assert {s: state(client, table, t) for s, t in toks.items()} == before


@pytest.mark.parametrize("bad, status, words", [
    ({"seq": 0, "action": {"kind": "no_such_move"}}, 422, "not an action"),
    ({"seq": 0, "action": {"kind": "accuse", "target": 99, "goal": "nana"}}, 422, ""),
    ({"seq": 0, "action": []}, 422, "action"),
    ({"seq": "0", "action": {"kind": "sell"}}, 422, "seq"),
    ({"seq": True, "action": {"kind": "sell"}}, 422, "seq"),
    ({"seq": 0}, 422, "action"),
    ({"seq": 0, "action": {"kind": "sell"}, "extra": 1}, 422, "extra"),
    ([1, 2], 422, ""),
])
def test_bad_moves_are_refused_with_a_reason_and_change_nothing(client, bad, status, words):
    created = new_table(client, "werebeasts", 3, seed=1, options={"dealer": 2})
    table, toks = created["id"], tokens(created)
    before = {s: state(client, table, t) for s, t in toks.items()}
    answer = client.post(f"/api/tables/{table}/actions", headers=bearer(toks[0]), json=bad)
    assert answer.status_code == status
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and words in detail
    _unchanged(client, table, toks, before)


def test_another_seats_move_and_bad_tokens(client):
    created = new_table(client, "werebeasts", 3, seed=1, options={"dealer": 2})
    table, toks = created["id"], tokens(created)
    before = {s: state(client, table, t) for s, t in toks.items()}
    sell = {"kind": "sell"}
    # seat 1 may not act: its token cannot make seat 0's move
    refused = move(client, table, toks[1], 0, sell)
    assert refused.status_code == 422 and "seat 1 may not act now" in refused.json()["detail"]
    assert move(client, table, None, 0, sell).status_code == 401
    assert move(client, table, "not-a-token", 0, sell).status_code == 401
    assert client.post(f"/api/tables/{table}/actions", headers={"Authorization": "Basic abc"},
                       json={"seq": 0, "action": sell}).status_code == 401
    assert move(client, table, created["host_token"], 0, sell).status_code == 403
    other = new_table(client, "werebeasts", 3)
    assert move(client, table, tokens(other)[0], 0, sell).status_code == 401  # a token of another table
    assert client.get(f"/api/tables/{table}", headers=bearer("nope")).status_code == 401
    _unchanged(client, table, toks, before)


def test_unknown_tables_malformed_json_and_oversized_bodies(make_client):
    client = make_client(max_body=2048)
    created = new_table(client, "werebeasts", 3)
    table, toks = created["id"], tokens(created)
    before = {s: state(client, table, t) for s, t in toks.items()}
    for path in ("/api/tables/nosuch", "/api/tables/nosuch/record", "/api/tables/" + "x" * 300):
        answer = client.get(path)
        assert 400 <= answer.status_code < 500 and isinstance(answer.json()["detail"], str)
    assert client.post("/api/tables/nosuch/actions", json={"seq": 0, "action": {}}).status_code == 404
    broken = client.post(f"/api/tables/{table}/actions", headers={**bearer(toks[0]), "content-type":
                                                                   "application/json"}, content=b'{"seq": 0, "act')
    assert broken.status_code == 422 and broken.json()["detail"] == "the body is not valid JSON"
    huge = client.post(f"/api/tables/{table}/actions", headers=bearer(toks[0]),
                       json={"seq": 0, "action": {"kind": "sell", "pad": "x" * 5000}})
    assert huge.status_code == 413 and "larger than 2048" in huge.json()["detail"]
    _unchanged(client, table, toks, before)


def test_bad_tables_are_refused(client):
    cases = [
        ({"game": "chess"}, "unknown game"),
        ({"game": "werebeasts", "players": 2}, "3 to 10 players"),
        ({"game": "werebeasts", "options": {"bid_window_seconds": 0}}, "bid_window_seconds"),
        ({"game": "werebeasts", "options": {"nope": 1}}, "unknown option"),
        ({"game": "werebeasts", "options": {"players": 5}}, "unknown option"),  # not load()'s own parameters
        ({"game": "werebeasts", "options": {"name": "prowl"}}, "unknown option"),
        ({"game": "werebeasts", "players": 3, "bots": {"3": "random"}}, "not a seat"),
        ({"game": "werebeasts", "players": 3, "bots": {"1": "genius"}}, "unknown agent"),
        ({"game": "werebeasts", "players": 3, "bots": {"1": "ismcts:seconds=100"}}, "at most"),
        ({"game": "werebeasts", "players": 3, "open": [5]}, "not a seat"),
        ({"game": "werebeasts", "players": 3, "seed": -1}, "seed"),
        ({"game": "werebeasts", "players": 3, "seed": 2**70}, "seed"),
    ]
    for body, words in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, body
        assert words in answer.json()["detail"], (body, answer.json())
    assert client.get("/api/tables").json() == []


def test_the_record_is_shown_only_after_the_end_and_then_to_everyone(client):
    created = new_table(client, "werebeasts", 3, seed=8)
    table, toks = created["id"], tokens(created)
    assert client.get(f"/api/tables/{table}/record", headers=bearer(toks[0])).status_code == 403
    assert client.get(f"/api/tables/{table}/record").status_code == 403
    made = play_out(client, table, toks)
    record = client.get(f"/api/tables/{table}/record").json()
    assert record == client.get(f"/api/tables/{table}/record", headers=bearer(toks[1])).json()
    assert record["seed"] == 8 and record["actions"] == [[s, a] for s, a in made]
    replayed = hexbox.replay(hexbox.Record.from_json(record))
    assert replayed.observe(None) == state(client, table)["observation"]


def test_rate_limit(make_client):
    client = make_client(rate=1 / NEVER, burst=5)  # a refill in NEVER seconds: no machine is that slow
    answers = [client.get("/healthz").status_code for _ in range(8)]
    assert answers[:5] == [200] * 5 and answers[-1] == 429
    assert client.get("/healthz").json()["detail"].startswith("too many requests")


def test_the_websocket_pushes_the_viewers_answer_after_every_change(client):
    created = new_table(client, "werebeasts", 3, seed=1, options={"dealer": 2})
    table, toks = created["id"], tokens(created)
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
        ws.send_json({"token": toks[1]})  # the token travels in the first message, never in the URL
        first = ws.receive_json()
        assert first == state(client, table, toks[1])
        move(client, table, toks[0], 0, {"kind": "sell"})
        pushed = ws.receive_json()
        assert pushed["seq"] == 1 and pushed["seat"] == 1
        assert pushed == state(client, table, toks[1])
    with client.websocket_connect(f"/api/tables/{table}/ws") as ws:  # a spectator, and a reconnect
        ws.send_json({})
        assert ws.receive_json()["observation"]["private"] is None
    for first, code in (({"token": "wrong"}, 4401), ([1, 2], 4422), ("not json", 4422), (b"\x00", 1003)):
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            if isinstance(first, bytes):
                ws.send_bytes(first)
            elif isinstance(first, str):
                ws.send_text(first)
            else:
                ws.send_json(first)
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == code, first
            assert closed.value.reason  # the client is told why


def test_a_binary_frame_after_the_first_message_closes_the_socket_with_a_reason(client):
    created = new_table(client, "werebeasts", 3, seed=1)
    with client.websocket_connect(f"/api/tables/{created['id']}/ws") as ws:
        ws.send_json({})
        ws.receive_json()
        ws.send_bytes(b"\x01\x02")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003 and "text" in closed.value.reason


def test_a_clock_starts_with_the_table_and_is_the_same_after_a_restart(make_client):
    import time

    client = make_client()
    before = time.time()
    created = new_table(client, "voodoo", 3, options={"turn_seconds": 45})
    deadline = state(client, created["id"])["deadline"]
    assert before + 45 <= deadline <= time.time() + 45  # the first player's turn is timed (V1)
    assert state(make_client(), created["id"])["deadline"] == deadline
    waiting = new_table(client, "voodoo", 3, open=[2])
    assert state(client, waiting["id"])["deadline"] is None  # no clock before the table starts
    claimed = time.time()
    client.post(f"/api/tables/{waiting['id']}/seats/2/claim")
    assert state(client, waiting["id"])["deadline"] >= claimed + 60


def test_healthz_is_503_while_the_bot_workers_are_down(client, monkeypatch):
    """A load balancer must stop sending tables to a process whose bots cannot move (the workers are replaced at
    once, so the down moment is made here rather than waited for)."""
    bots = client.app.state.hub.bots
    down = {**bots.health(), "ok": False, "alive": 0}
    monkeypatch.setattr(bots, "health", lambda: down)
    answer = client.get("/healthz")
    assert answer.status_code == 503 and answer.json() == {"ok": False}
    assert client.get("/api/health").json()["bots"]["alive"] == 0
