"""Migration scripts, oldest first (each names its ``down_revision``)."""
