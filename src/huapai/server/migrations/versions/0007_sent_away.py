"""请出 kept across a restart and a take-over: a member row may say its player was sent
away by the room's owner.

- ``room_members.sent_away`` — true: the owner sent this player away (请出); the room is
  closed to them until it closes (and they are no member: a private room's code opens it
  no more). False for every member row before.

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("room_members") as batch:
        batch.add_column(sa.Column("sent_away", sa.Boolean, nullable=False,
                                   server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("room_members") as batch:
        batch.drop_column("sent_away")
