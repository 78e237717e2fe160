"""``huapai serve --workers N``: uvicorn's supervisor, saying when a worker dies, and the
checks made before anything starts (the port can be bound)."""

from __future__ import annotations

import logging
import signal
import socket
from typing import Any

from uvicorn import Config
from uvicorn.supervisors import Multiprocess

log = logging.getLogger("huapai.server")


def port_problem(host: str, port: int) -> str | None:
    """Why ``host:port`` cannot be listened on (a socket bound there, then closed, the
    way uvicorn binds it), or None."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except OSError as exc:
        return f"unknown host: {exc.strerror or exc}"
    family, kind, proto, _, address = infos[0]
    try:
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            probe.bind(address)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


def how_it_ended(exitcode: int | None) -> str:
    if exitcode is None:
        return "still running"
    if exitcode < 0:
        try:
            return f"signal {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"signal {-exitcode}"
    return f"code {exitcode}"


class Supervisor(Multiprocess):
    """uvicorn's supervisor (restarts a worker that dies), with one line per death."""

    def keep_subprocess_alive(self) -> None:
        before = list(self.processes)
        super().keep_subprocess_alive()
        for old in before:
            if old in self.processes:
                continue
            new = next((p for p in self.processes if p not in before), None)
            log.warning("worker %s exited (%s); starting a new one%s", old.pid,
                        how_it_ended(old.exitcode),
                        "" if new is None else f" (pid {new.pid})")


def run_workers(app: str, workers: int, host: str, port: int, **options: Any) -> None:
    """``uvicorn.run(app, workers=…)`` with :class:`Supervisor` as the supervisor."""
    config = Config(app, factory=True, workers=workers, host=host, port=port, **options)
    sock = config.bind_socket()
    try:
        Supervisor(config, sockets=[sock]).run()
    finally:
        sock.close()
    # the workers each said they stopped; the whole server said nothing (an operator)
    log.info("huapai server stopped: %d worker(s) on %s:%d", workers, host, port)
