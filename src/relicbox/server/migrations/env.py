"""Alembic environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from alembic import context

from relicbox.server.store import Base

target_metadata = Base.metadata
connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("relicbox migrations run through relicbox.server.store.migrate()")
context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
