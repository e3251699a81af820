"""The PostgreSQL and Redis that run on this machine and in CI: a fresh database per test, or a clear skip."""

from __future__ import annotations

import uuid

import pytest

PG_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def pg_url():
    psycopg = pytest.importorskip("psycopg", reason="needs the [dev] extra: pip install -e '.[dev]'")
    try:
        admin = psycopg.connect(PG_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        pytest.skip(f"PostgreSQL is not running on 127.0.0.1:5432 ({str(exc).strip()[:80]}): start one that trusts "
                    "the user postgres from 127.0.0.1 (docs/testing.md) to run this test")
    name = f"hexbox_test_{uuid.uuid4().hex[:10]}"
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        admin.close()


@pytest.fixture
def redis_url():
    redis = pytest.importorskip("redis", reason="needs the [dev] extra: pip install -e '.[dev]'")
    try:
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except redis.RedisError as exc:
        pytest.skip(f"Redis is not running on 127.0.0.1:6379 ({exc}): start one, e.g. `redis-server --daemonize yes` "
                    "(docs/testing.md), to run this test")
    return REDIS
