"""``huapai serve`` and ``huapai verify RECORD`` as plain, typer-compatible functions."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from .config import ServerConfig, database_url
from .limits import Limits


def serve(host: str = "127.0.0.1", port: int = 8000, database_url: str | None = None,
          data_dir: str | None = None) -> None:
    """Serve the platform (REST, WebSocket and the browser client) on HOST:PORT.

    SQLite in the user's data directory unless ``--database-url`` or
    ``HUAPAI_DATABASE_URL`` names another database (``postgresql://…``).
    """
    import uvicorn

    from .app import create_app

    url = _database_url(database_url, data_dir)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    _check_database(url)
    bench = _echo_enabled()  # the benchmark: every client from one address
    config = ServerConfig(database_url=url, echo_endpoint=bench,
                          limits=Limits.relaxed() if bench else Limits())
    app = create_app(config)
    print(f"huapai: http://{host}:{port}/  (database: {_safe(url)})", flush=True)
    # no permessage-deflate: on a LAN or loopback it costs more CPU than it saves
    uvicorn.run(app, host=host, port=port, ws_max_size=config.max_frame_bytes,
                ws_per_message_deflate=False, log_level="warning", access_log=False)


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


def verify(record_path: str) -> None:
    """Check a game record's fair shuffle: the revealed seed matches the commitment made
    at the start, dealing with it gives the recorded deal, and the actions replay."""
    from .fairness import verify_text

    path = Path(record_path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        print(f"无法读取记录 / cannot read {path}: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    report = verify_text(text)
    for problem in report.problems:
        print(f"✗ {problem}")
    for deal in report.deals:
        mark = "✓" if deal.ok else "✗"
        print(f"{mark} deal {deal.index}: seed {deal.seed}, commitment {deal.commitment}")
        if deal.server_seed is not None and deal.nonces is not None:
            given = [str(i) for i, n in enumerate(deal.nonces) if n] or ["-"]
            print(f"    server seed {deal.server_seed}; nonces from seats {', '.join(given)}"
                  " (a seat that sent none contributed nothing)")
        for problem in deal.problems:
            print(f"    {problem}")
    if not report.ok:
        print("验证失败 / verification FAILED")
        raise SystemExit(1)
    print("验证通过 / verified: every seed matches its commitment and deals the record")
