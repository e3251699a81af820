"""Alembic's environment: the server hands it an open connection (hexbox/server/migrate.py)."""

from alembic import context

from hexbox.server.store import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
