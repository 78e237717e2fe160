"""Workers' heartbeats (issue 13): a room's lease lasts as long as its worker's heartbeat.

- ``workers.name`` — a running worker (``host-pid-random``).
- ``workers.expires_at`` — when its heartbeat runs out unless renewed (Unix seconds); the
  rooms of a worker whose heartbeat ran out may be taken over. One row per worker, so a
  renewal is one row whatever the number of rooms, and never waits for a room's write.

``room_leases.expires_at`` (0005) now only says when the lease was last taken plus the
lease time (for operators reading the table).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "workers",
        sa.Column("name", sa.String(64), primary_key=True),
        sa.Column("expires_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("workers")
