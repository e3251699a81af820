"""A server on the internet, tried as an attacker would: made-up tokens, a made-up X-Forwarded-For, one client
making tables and claiming seats without end. Each dodge of the rate limit and the caps is refused (docs/server.md,
"A public server")."""

from __future__ import annotations

import uuid

import httpx

from hexbox.server.store import Store

from ..waiting import NEVER
from .conftest import bearer, play_out, tokens
from .live import Live
from .services import redis_url  # noqa: F401  (fixture)

#: a server's rate options for these tests: the default burst, 60, refilled at one request every 100 s (the default
#: is 20 a second), so that the counts do not depend on how fast this machine sends its requests
SLOW = ("--rate", "0.01", "--burst", "60")


def _statuses(answers) -> dict[int, int]:
    counted: dict[int, int] = {}
    for a in answers:
        counted[a.status_code] = counted.get(a.status_code, 0) + 1
    return counted


def test_made_up_tokens_buy_no_fresh_buckets_and_get_401_before_any_work(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "a.log", extra_args=SLOW).start()
    try:
        with httpx.Client(base_url=live.url, timeout=60) as http:
            made = http.post("/api/tables", json={"game": "werebeasts", "players": 3}).json()
            mine = tokens(made)[0]
            answers = [http.post("/api/tables", headers=bearer(f"x{i}"), json={"game": "werebeasts", "players": 3})
                       for i in range(300)]
            counted = _statuses(answers)
            assert set(counted) <= {401, 429} and counted.get(429, 0) >= 200, counted  # not one 201
            assert all(a.json()["detail"] for a in answers)
            assert [t["id"] for t in Store(live.db_url).list_tables()] == [made["id"]]  # no table was made
            # the 429s above are the address's own bucket spent by the made-up tokens (a token with a bucket of its own
            # would have met 401 only), and so is a plain request's after them
            assert http.get("/api/games").status_code == 429, "the made-up tokens did not spend the address's bucket"
            # a real seat has a bucket of its own: people behind one home router each keep theirs
            assert http.get(f"/api/tables/{made['id']}", headers=bearer(mine)).status_code == 200
    finally:
        live.stop()


def test_a_made_up_forwarded_for_from_a_client_that_is_no_proxy_changes_nothing(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "b.log", extra_args=SLOW).start()
    try:
        with httpx.Client(base_url=live.url, timeout=60) as http:
            answers = [http.get("/api/games", headers={"X-Forwarded-For": f"198.51.100.{i % 250}"})
                       for i in range(100)]
            counted = _statuses(answers)
            # one client, one bucket: 60 at once, then 429 (a few more may pass if the window's edge comes by)
            assert counted.get(429, 0) >= 30 and set(counted) == {200, 429}, counted
            assert 1 <= int(answers[-1].headers["Retry-After"]) <= 6000  # the window: 60 requests at one every 100 s
    finally:
        live.stop()


def test_behind_a_configured_proxy_a_client_is_the_address_the_proxy_saw(tmp_path):
    live = Live(f"sqlite:///{tmp_path / 'c.db'}", tmp_path / "c.log",
                extra_args=(*SLOW, "--forwarded-allow-ips", "127.0.0.1")).start()
    try:
        with httpx.Client(base_url=live.url, timeout=60) as http:
            # the proxy appends the address it saw; whatever the client wrote before it is not believed
            answers = [http.get("/api/games", headers={"X-Forwarded-For": f"10.9.{i}.1, 203.0.113.7"})
                       for i in range(100)]
            assert _statuses(answers).get(429, 0) >= 30
            # another client behind the same proxy has a bucket of its own
            other = http.get("/api/games", headers={"X-Forwarded-For": "203.0.113.8"})
            assert other.status_code == 200
    finally:
        live.stop()


def test_a_client_may_hold_only_so_many_unfinished_tables_and_claimed_seats(make_client):
    client = make_client(max_tables_per_client=2, max_seats_per_client=2, forwarded_allow_ips=("testclient",))
    me = {"X-Forwarded-For": "192.0.2.1"}
    made = [client.post("/api/tables", headers=me, json={"game": "werebeasts", "players": 3}) for _ in range(3)]
    assert [a.status_code for a in made] == [201, 201, 429]
    assert "at most 2 unfinished tables" in made[2].json()["detail"] and made[2].headers["Retry-After"]
    # another client (behind the same trusted proxy) is not held to mine
    someone = {"X-Forwarded-For": "192.0.2.2"}
    assert client.post("/api/tables", headers=someone, json={"game": "werebeasts", "players": 3}).status_code == 201
    # a finished table no longer counts
    first = made[0].json()
    play_out(client, first["id"], tokens(first))
    assert client.post("/api/tables", headers=me, json={"game": "werebeasts", "players": 3}).status_code == 201
    # claimed seats: two, then 429, at anyone's tables
    opened = [client.post("/api/tables", headers={"X-Forwarded-For": f"192.0.2.{3 + i}"},
                          json={"game": "werebeasts", "players": 3, "open": [1, 2]}).json() for i in range(2)]
    claims = [client.post(f"/api/tables/{t['id']}/seats/{seat}/claim", headers=me)
              for t in opened for seat in (1, 2)]
    assert [c.status_code for c in claims] == [200, 200, 429, 429]
    assert "at most 2 claimed seats" in claims[2].json()["detail"]
    assert client.post(f"/api/tables/{opened[1]['id']}/seats/1/claim", headers=someone).status_code == 200


def test_with_redis_every_process_counts_against_the_same_bucket(make_client, redis_url):  # noqa: F811
    # a bucket of 6 that refills one request in NEVER seconds: the count does not depend on this machine's speed
    a = make_client(redis_url=redis_url, rate=1 / NEVER, burst=6, forwarded_allow_ips=("testclient",))
    b = make_client(redis_url=redis_url, rate=1 / NEVER, burst=6, forwarded_allow_ips=("testclient",))
    me = {"X-Forwarded-For": f"fd00::{uuid.uuid4().hex[:4]}"}  # a bucket no other run of this test shares
    answers = [(a if i % 2 else b).get("/api/games", headers=me) for i in range(8)]
    assert [x.status_code for x in answers][:6] == [200] * 6 and 429 in [x.status_code for x in answers[6:]]
