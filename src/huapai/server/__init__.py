"""The huapai platform server: rooms, live play over WebSockets, persistence, replays.

Generic over every game in ``huapai.core.registry``. Entry points: :func:`create_app`
(the ASGI app), and ``serve`` / ``verify`` in :mod:`huapai.server.serve`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fastapi import FastAPI

    from .config import ServerConfig


def create_app(config: ServerConfig) -> FastAPI:
    from .app import create_app as _create

    return _create(config)


__all__: list[Any] = ["create_app"]
