"""who made a table and who claimed a seat (the caps per client), and indexes to verify a token by its hash

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("client", sa.String(64), nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("client", sa.String(64), nullable=True))
    op.create_index("tables_by_client", "tables", ["client", "over"])
    op.create_index("tables_by_host", "tables", ["host_hash"])
    op.create_index("seats_by_client", "seats", ["client"])
    op.create_index("seats_by_token", "seats", ["token_hash"])


def downgrade() -> None:
    for name, table in (("seats_by_token", "seats"), ("seats_by_client", "seats"), ("tables_by_host", "tables"),
                        ("tables_by_client", "tables")):
        op.drop_index(name, table_name=table)
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("client")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("client")
