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
    turns, so that only one of them creates the tables."""
    cfg = config(engine)
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(72 * 1000 + 66)"))  # 'H', 'B'
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)
