"""turn clocks and banks, seat names, seeded tables, a revision per table, the servers' heartbeat

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("seeded", sa.Boolean, nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rev", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("clocks", sa.Text, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
    op.create_table(
        "heartbeat",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("heartbeat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("clocks")
        batch.drop_column("rev")
        batch.drop_column("seeded")
