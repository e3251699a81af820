"""Schema migrations with Alembic, run by the server itself at start (no alembic.ini to set up)."""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).with_name("migrations")


def config(engine: Engine) -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the database to ``revision``. On PostgreSQL an advisory lock makes processes starting together take
    turns, so that only one of them creates the tables. On SQLite the foreign keys are off while it migrates:
    altering a table there copies it to a new one and drops the old, which the seats and moves of a database with
    tables in it refer to (tests/server/test_migrations.py)."""
    cfg = config(engine)
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:  # a no-op inside a transaction: before the migration's, and after it
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
            conn.commit()
        with conn.begin():
            if conn.dialect.name == "postgresql":
                conn.execute(text("SELECT pg_advisory_xact_lock(72 * 1000 + 66)"))  # 'H', 'B'
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, revision)
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()
