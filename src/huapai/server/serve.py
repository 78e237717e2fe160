"""``huapai serve`` and ``huapai verify RECORD`` as plain, typer-compatible functions."""

from __future__ import annotations

import logging
import os
import sys
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .config import ENV_DATABASE_URL, ENV_REDIS_URL, ENV_RULE_FILES, ServerConfig, database_url
from .limits import Limits

if TYPE_CHECKING:
    from fastapi import FastAPI

ENV_LEASE_TTL = "HUAPAI_LEASE_TTL"


def _logging() -> None:
    """INFO (Alembic's: WARNING); the server's DEBUG lines too with HUAPAI_DEBUG=1 (the
    workers' routing)."""
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)  # migrate.py says what changed
    if os.environ.get("HUAPAI_DEBUG") == "1":
        logging.getLogger("huapai.server").setLevel(logging.DEBUG)


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
          data_dir: str | None = None, workers: int = 1, redis_url: str | None = None,
          lease_ttl: float = 5.0, rule_files: str | None = None) -> None:
    """Serve the platform (REST, WebSocket and the browser client) on HOST:PORT.

    SQLite in the user's data directory unless ``--database-url`` or
    ``HUAPAI_DATABASE_URL`` names another database (``postgresql://…``). With
    ``--redis-url`` this process is one worker among several (docs/deploy.md); with
    ``--workers N`` a supervisor runs N such workers on the one port. ``--rule-files
    DIR`` (or ``HUAPAI_RULE_FILES``): the folder whose files rooms may name in a rule
    option that names a file (秀山's 名堂表; :mod:`huapai.server.rulefiles`).
    """
    import uvicorn

    url = _database_url(database_url, data_dir)
    redis_url = redis_url or os.environ.get(ENV_REDIS_URL) or None
    rule_files = _rule_files(rule_files or os.environ.get(ENV_RULE_FILES) or None)
    _check_scheme(url)
    _check_cluster(url, workers, redis_url, lease_ttl)
    _check_port(host, port)  # before the database is migrated or anything says "ready"
    _logging()
    _check_database(url)
    if redis_url is not None:
        _check_redis(redis_url)
    where = f"database: {_safe(url)}" + ("" if redis_url is None else
                                          f", redis: {_safe(redis_url)}, workers: {workers}")
    # said before the database is migrated and the rooms restored: the port answers once
    # the log says "huapai server ready" (once per worker)
    print(f"huapai: http://{host}:{port}/  ({where}) — starting; it serves from "
          f"“huapai server ready” on", flush=True)
    if workers > 1:  # the children build their app from the environment (worker_app)
        os.environ.update({ENV_DATABASE_URL: url, ENV_REDIS_URL: redis_url or "",
                           ENV_LEASE_TTL: repr(lease_ttl), ENV_RULE_FILES: rule_files or ""})
        from .supervisor import run_workers

        run_workers("huapai.server.serve:worker_app", workers, host, port, **_UVICORN)
        return
    app = _app(url, redis_url, lease_ttl, rule_files)
    uvicorn.run(app, host=host, port=port, **_UVICORN)


def _rule_files(folder: str | None) -> str | None:
    """The folder of rule files as an absolute path, or the server stops naming it."""
    if folder is None:
        return None
    path = Path(folder).expanduser()
    if not path.is_dir():
        print(f"--rule-files {folder}: 不是文件夹 / not a folder", file=sys.stderr)
        raise SystemExit(2)
    return str(path.resolve())


# no permessage-deflate: on a LAN or loopback it costs more CPU than it saves
_UVICORN: dict[str, Any] = {"ws_max_size": next(
                                f.default for f in fields(ServerConfig)
                                if f.name == "max_frame_bytes"),
                            "ws_per_message_deflate": False, "log_level": "warning",
                            "access_log": False}


def _app(url: str, redis_url: str | None, lease_ttl: float,
         rule_files: str | None = None) -> FastAPI:
    from .app import create_app

    bench = _echo_enabled()  # the benchmark: every client from one address
    config = ServerConfig(database_url=url, echo_endpoint=bench,
                          limits=Limits.relaxed() if bench else Limits(),
                          redis_url=redis_url, lease_ttl=lease_ttl, rule_files=rule_files)
    return create_app(config)


def worker_app() -> FastAPI:
    """One worker of ``huapai serve --workers N`` (run by uvicorn's supervisor in each
    child process; the parent put the settings in the environment)."""
    _logging()
    return _app(os.environ[ENV_DATABASE_URL], os.environ.get(ENV_REDIS_URL) or None,
                float(os.environ.get(ENV_LEASE_TTL, "5.0")),
                os.environ.get(ENV_RULE_FILES) or None)


def _check_cluster(url: str, workers: int, redis_url: str | None, lease_ttl: float) -> None:
    """Several workers need the bus (Redis) and one database they all reach (PostgreSQL)."""
    problem = None
    if workers < 1:
        problem = f"--workers: expected 1 or more, got {workers}"
    elif workers > 1 and redis_url is None:
        problem = "--workers N (N > 1) needs --redis-url: the workers talk through Redis"
    elif redis_url is not None and not url.startswith("postgresql"):
        problem = ("--redis-url (several workers) needs --database-url postgresql://…: "
                   "the workers share their rooms' records and leases there")
    elif not 0.5 <= lease_ttl <= 600:
        problem = f"--lease-ttl: expected 0.5 to 600 seconds, got {lease_ttl:g}"
    if problem is not None:
        print(f"多进程设置不对 / cannot run several workers: {problem}", file=sys.stderr)
        raise SystemExit(2)


SCHEMES = ("sqlite", "postgresql")  # make_engine's (postgres:// is normalized before)


def _check_scheme(url: str) -> None:
    """Only SQLite and PostgreSQL: any other database is refused naming its scheme
    (rather than a missing driver, as if installing one would help)."""
    scheme = url.partition("://")[0] if "://" in url else url.partition(":")[0]
    if scheme.split("+", 1)[0].lower() not in SCHEMES:
        print(f"不支持的数据库 / cannot open the database {_safe(url)}: unsupported scheme "
              f"{scheme!r}: use sqlite:///path/huapai.sqlite3 or postgresql://user@host/db",
              file=sys.stderr)
        raise SystemExit(2)


def _check_port(host: str, port: int) -> None:
    from .supervisor import port_problem

    problem = None if port == 0 else port_problem(host, port)
    if problem is not None:
        print(f"无法监听端口 / cannot listen on {host}:{port}: {problem} (another server "
              "on that port? choose another with --port)", file=sys.stderr)
        raise SystemExit(2)


def _check_redis(url: str) -> None:
    try:
        import redis
    except ModuleNotFoundError:
        print("缺少 Redis 客户端 / missing the Redis client: pip install 'huapai[server]'",
              file=sys.stderr)
        raise SystemExit(2) from None
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=5)
        client.ping()
        client.close()
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"无法连接 Redis / cannot reach Redis {_safe(url)}: {reason}", file=sys.stderr)
        raise SystemExit(2) from None


def _database_url(explicit: str | None, data_dir: str | None) -> str:
    try:
        return database_url(explicit, data_dir)
    except OSError as exc:
        print(f"无法创建数据目录 / cannot create the data directory: {exc}", file=sys.stderr)
        raise SystemExit(2) from None


def _check_database(url: str) -> None:
    """Open the database and bring its schema up to date, or say clearly why not."""
    from .migrate import upgrade
    from .store import make_engine

    try:
        engine = make_engine(url)
        upgrade(engine)
        engine.dispose()
    except ModuleNotFoundError as exc:
        print(f"缺少数据库驱动 / missing database driver {exc.name!r}: "
              "pip install 'huapai[server]'", file=sys.stderr)
        raise SystemExit(2) from None
    except Exception as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"无法打开数据库 / cannot open the database {_safe(url)}: {reason}",
              file=sys.stderr)
        raise SystemExit(2) from None


def _echo_enabled() -> bool:
    import os

    return os.environ.get("HUAPAI_BENCH_ECHO") == "1"


def _safe(url: str) -> str:
    """The URL without a password, for printing."""
    if "@" not in url:
        return url
    scheme, _, rest = url.partition("://")
    return f"{scheme}://…@{rest.split('@', 1)[1]}"
