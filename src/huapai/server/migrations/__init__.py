"""Alembic migrations of the server's schema, shipped in the package and run at startup."""
