"""The database migrations (docs/migrations.md): a database made by the previous revision, with a table and its moves
in it, is upgraded to the newest and served on, on SQLite and on PostgreSQL. The pattern for the next migration:
write the previous revision's rows as that revision knew them, upgrade, and play on."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect, text

import hexbox
from hexbox.server import create_app
from hexbox.server.migrate import MIGRATIONS, upgrade

from .conftest import settings, state
from .services import pg_url  # noqa: F401

#: the revision before the newest, whose tables the rows below are written for
PREVIOUS = "0003"


def test_the_previous_revision_is_the_one_before_head():
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    head = ScriptDirectory.from_config(cfg).get_revision("head")
    assert head.down_revision == PREVIOUS, "a new migration: write this test's rows for the revision before it"


def _old_table(conn, game="werebeasts", players=3, seed=3) -> tuple[str, list]:
    """A table with a bot and a move, written with the columns every revision up to 0003 has (the later ones take
    their defaults)."""
    state_ = hexbox.load(game, players=players).new_state(seed=seed)
    seat = state_.actors[0]
    action = state_.legal_actions(seat)[0].to_json()
    conn.execute(text(
        "INSERT INTO tables (id, game, players, options, seed, host_hash, spectators, created_at, seq, over) "
        "VALUES ('old1', :game, :players, '{}', :seed, :host, :spectators, :at, 1, :over)"),
        {"game": game, "players": players, "seed": seed, "host": "0" * 64, "spectators": True, "at": time.time(),
         "over": False})
    for s in range(players):
        conn.execute(text("INSERT INTO seats (table_id, seat, bot, token_hash) VALUES ('old1', :s, :bot, :tok)"),
                     {"s": s, "bot": None if s == seat else "heuristic", "tok": "1" * 64 if s == seat else None})
    conn.execute(text("INSERT INTO moves (table_id, seq, seat, action, cause, at) "
                      "VALUES ('old1', 1, :seat, :action, 'human', :at)"),
                 {"seat": seat, "action": json.dumps(action), "at": time.time()})
    return "old1", [(seat, action)]


@pytest.mark.parametrize("db", ["sqlite", "postgresql"])
def test_a_database_of_the_previous_revision_with_a_table_in_it_is_upgraded_and_served(db, tmp_path, request):
    url = f"sqlite:///{tmp_path / 'old.db'}" if db == "sqlite" else request.getfixturevalue("pg_url")
    engine = create_engine(url)
    upgrade(engine, PREVIOUS)
    assert "left_at" not in {c["name"] for c in inspect(engine).get_columns("seats")}  # the old schema
    with engine.begin() as conn:
        table, moves = _old_table(conn)
    engine.dispose()
    with TestClient(create_app(settings(tmp_path, db_url=url))) as client:  # the server upgrades at start
        view = state(client, table)
        local = hexbox.load("werebeasts", players=3).new_state(seed=3)
        for seat, action in moves:
            local.apply(seat, local.game.parse_action(action))
        assert view["seq"] == 1 and view["observation"] == local.observe(None)
        assert [s["name"] for s in view["seats"]] == [None, None, None]
    engine = create_engine(url)
    assert "left_at" in {c["name"] for c in inspect(engine).get_columns("seats")}
    engine.dispose()
