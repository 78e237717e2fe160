"""Server settings: where the data lives, which database, and the protocol limits."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from .limits import Limits

ENV_DATABASE_URL = "HUAPAI_DATABASE_URL"
ENV_DATA_DIR = "HUAPAI_DATA_DIR"
ENV_REDIS_URL = "HUAPAI_REDIS_URL"
ENV_RULE_FILES = "HUAPAI_RULE_FILES"


@dataclass(frozen=True, slots=True)
class ServerConfig:
    """Everything the app factory needs. ``seed`` makes every random choice of the server
    (deal seeds, ids, join codes) reproducible — for tests only: a real server leaves it
    None and draws from the operating system."""

    database_url: str
    seed: int | None = None
    max_message_bytes: int = 4096
    max_frame_bytes: int = 65536
    rate_per_second: float = 20.0
    burst: int = 40
    max_subscriptions: int = 8
    between_deals: float = 15.0
    # a person's only choice that tells nobody anything (Game.automatic) is made for them
    # after this pause, the same for every seat
    auto_answer: float = 1.0
    # a search bot answers every decision this long after it is asked, forced or not
    # (huapai.bots.pace); None: its level's time (huapai.bots.search.WAIT_SECONDS)
    search_pace: float | None = None
    send_queue: int = 512
    hello_timeout: float = 20.0
    echo_endpoint: bool = False
    idle_close_after: float = 6 * 3600.0  # a waiting or finished room nobody watches
    sweep_every: float = 300.0
    # storage: how long one statement waits for a lock, how often a failed write is
    # tried again (and how far apart), and when a refused bot move or deal is retried
    write_timeout: float = 5.0
    write_retries: int = 2
    write_backoff: float = 0.2
    retry_after: float = 1.0
    # seconds added to each turn clock a restart resumes (the downtime is not charged)
    clock_grace: float = 5.0
    # how long a deal waits for the seated players' nonces (shuffle.py; 0: never waits)
    nonce_window: float = 1.5
    # how long a room's owner has had no window on it before a seated player may act for
    # them (a passer-by took over rooms whose owner was on another room's page: a play-test)
    owner_grace: float = 60.0
    limits: Limits = field(default_factory=Limits)  # per-token and per-address budgets (limits.py)
    # several workers (docs/deploy.md): the Redis that carries messages between them (None:
    # the embedded single process), this worker's name (unique; drawn when None), and how
    # long a room's ownership lease lasts unless renewed (the take-over time after a kill)
    redis_url: str | None = None
    worker_id: str | None = None
    lease_ttl: float = 5.0
    # the folder of files rooms may name in a rule option that names a file (秀山's 名堂表;
    # huapai.server.rulefiles); None: such options are refused from clients
    rule_files: str | None = None


def data_dir(explicit: str | Path | None = None) -> Path:
    """The data directory: the argument, ``HUAPAI_DATA_DIR``, or the user's data dir."""
    chosen = explicit or os.environ.get(ENV_DATA_DIR)
    path = Path(chosen) if chosen else platformdirs.user_data_path("huapai", appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path


def database_url(explicit: str | None = None, data: str | Path | None = None) -> str:
    """``--database-url``, else ``HUAPAI_DATABASE_URL``, else SQLite in the data dir."""
    url = explicit or os.environ.get(ENV_DATABASE_URL)
    if url:
        return normalize_url(url)
    return f"sqlite:///{data_dir(data) / 'huapai.sqlite3'}"


def normalize_url(url: str) -> str:
    """Plain ``postgres://`` / ``postgresql://`` URLs use the psycopg 3 driver."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url
