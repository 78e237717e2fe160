"""Room ownership leases for several workers (issue 13): one row per room.

- ``room_leases.worker`` — the worker that owns the room now.
- ``room_leases.token`` — the fencing token: it moves on at every takeover, and every
  write of the room checks it in its own transaction, so a worker that lost the room
  (killed, paused, cut off) can never write to it again.
- ``room_leases.expires_at`` — when the lease runs out unless its owner renews it (Unix
  seconds); an expired lease may be taken over by any worker.

The embedded single-process server never writes this table.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_leases",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id"), primary_key=True),
        sa.Column("worker", sa.String(64), nullable=False, index=True),
        sa.Column("token", sa.BigInteger, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False, index=True),
    )


def downgrade() -> None:
    op.drop_table("room_leases")
