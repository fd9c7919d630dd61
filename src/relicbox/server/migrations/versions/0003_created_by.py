"""The client address that made each table, which the quotas per address count.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("created_by", sa.String(64), nullable=True))
    op.create_index("ix_tables_created_by", "tables", ["created_by", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_tables_created_by", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("created_by")
