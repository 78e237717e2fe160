"""What a restart must restore beyond the moves: 托管, ready flags, held seats, the turn
clocks' remaining time and the counter epoch.

- ``room_seats.tuoguan`` — why the house bot plays the seat ("asked", "drop", "clock").
- ``room_seats.ready`` — the seat's player is ready for the next deal (between deals).
- ``room_seats.held_player_id`` — whoever left the seat mid-deal (only they may take it
  back until the deal ends).
- ``game_actions.clocks`` — each running turn clock's remaining milliseconds once that
  move is applied (JSON text ``{"seat": ms}``; null without a clock).
- ``games.server_seed``, ``games.nonces``, ``games.banpai_server_seed``,
  ``games.banpai_commitment`` — the parts of the deal seed (the server's committed seed
  and each seat's nonce, issue 7 §3) and, for a match's first deal, the committed server
  seed of its first-dealer draw (扳牌); null for older games.
- ``rooms.epoch`` — how many times the room was restored: every per-viewer counter of a
  restored room starts above all counters of the run before (no frame accepted before a
  restart is accepted again after it).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("room_seats") as batch:
        batch.add_column(sa.Column("tuoguan", sa.String(16), nullable=True))
        batch.add_column(sa.Column("ready", sa.Boolean, nullable=False,
                                   server_default=sa.false()))
        batch.add_column(sa.Column("held_player_id", sa.String(32),
                                   sa.ForeignKey("players.id", name="fk_seat_held_player"),
                                   nullable=True))
    with op.batch_alter_table("game_actions") as batch:
        batch.add_column(sa.Column("clocks", sa.String(256), nullable=True))
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("epoch", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("server_seed", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("nonces", sa.JSON, nullable=True))
        batch.add_column(sa.Column("banpai_server_seed", sa.BigInteger, nullable=True))
        batch.add_column(sa.Column("banpai_commitment", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("banpai_commitment")
        batch.drop_column("banpai_server_seed")
        batch.drop_column("nonces")
        batch.drop_column("server_seed")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("epoch")
    with op.batch_alter_table("game_actions") as batch:
        batch.drop_column("clocks")
    with op.batch_alter_table("room_seats") as batch:
        batch.drop_constraint("fk_seat_held_player", type_="foreignkey")
        batch.drop_column("held_player_id")
        batch.drop_column("ready")
        batch.drop_column("tuoguan")
