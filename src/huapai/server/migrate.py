"""Run the shipped Alembic migrations programmatically (``huapai serve`` does at startup)."""

from __future__ import annotations

import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# PostgreSQL advisory lock held while migrating: workers started together migrate one at
# a time (the others then find the schema up to date)
MIGRATION_LOCK = 0x68756170  # "huap"
log = logging.getLogger("huapai.server")


def alembic_config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def upgrade(engine: Engine) -> None:
    """Bring the database behind ``engine`` to the newest schema (idempotent); one log
    line when it changed (the server keeps Alembic's own INFO lines out of its log)."""
    from alembic.runtime.migration import MigrationContext

    config = alembic_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":  # released when the transaction ends
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"),
                               {"key": MIGRATION_LOCK})
        before = MigrationContext.configure(connection).get_current_revision()
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
        after = MigrationContext.configure(connection).get_current_revision()
    if after != before:
        log.info("database schema upgraded: %s -> %s", before or "empty", after)


def current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
