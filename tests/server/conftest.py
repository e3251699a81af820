"""Fixtures of the server tests: the API in-process (TestClient, SQLite in a temporary folder), and helpers."""

from __future__ import annotations

import pytest

pytest.importorskip("fastapi", reason="the server tests need the [server] extra")

from fastapi.testclient import TestClient  # noqa: E402

from hexbox.server import Settings, create_app  # noqa: E402


def settings(tmp_path, **overrides) -> Settings:
    # a beat every 30 s: a "restart" here is a second app on the same database while the first still runs, and a
    # busy machine can hold the first one's beat back past the default's two seconds, which reads as downtime
    base = dict(db_url=f"sqlite:///{tmp_path / 'hexbox.db'}", workers=0, grace=600.0, rate=1000.0, burst=1000,
                heartbeat=30.0, max_tables_per_client=10**6, max_seats_per_client=10**6)
    base.update(overrides)
    return Settings(**base)


@pytest.fixture
def make_client(tmp_path):
    """A factory of clients over one database: call it again to get a fresh server (a restart)."""
    opened = []

    def make(**overrides) -> TestClient:
        client = TestClient(create_app(settings(tmp_path, **overrides)))
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for client in reversed(opened):
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client):
    return make_client()


def bearer(token: str | None) -> dict[str, str]:
    return {} if token is None else {"Authorization": f"Bearer {token}"}


def new_table(client, game="werebeasts", players=3, **body):
    answer = client.post("/api/tables", json={"game": game, "players": players, **body})
    assert answer.status_code == 201, answer.text
    return answer.json()


def tokens(created) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"] if s["token"]}


def state(client, table_id, token=None):
    answer = client.get(f"/api/tables/{table_id}", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def move(client, table_id, token, seq, action):
    return client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"seq": seq, "action": action})


def play_out(client, table_id, by_seat: dict[int, str], pick=lambda legal: legal[0], limit=5000):
    """Every seat plays its first (or picked) legal action until the end; returns the moves made."""
    made = []
    for _ in range(limit):
        views = {seat: state(client, table_id, tok) for seat, tok in by_seat.items()}
        any_view = next(iter(views.values()))
        if any_view["result"] is not None:
            return made
        for seat, view in views.items():
            if view["legal"]:
                action = pick(view["legal"])
                answer = move(client, table_id, by_seat[seat], view["seq"], action)
                assert answer.status_code == 200, answer.text
                made.append((seat, action))
                break
        else:
            raise AssertionError("no seat can act, and the game is not over")
    raise AssertionError("the game did not end")
