"""The ASGI app factory: REST + WebSocket + (when present) the browser client's files."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.staticfiles import StaticFiles

from . import api, ws
from .config import ServerConfig
from .errors import ServerError
from .lobby import Platform

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("huapai.server")


def create_app(config: ServerConfig) -> FastAPI:
    """A fresh server app on ``config``; its lifespan migrates, restores and cleans up."""
    platform = Platform(config)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await platform.start()
        try:
            yield
        finally:
            await platform.stop()

    app = FastAPI(title="huapai", lifespan=lifespan, docs_url="/api/docs",
                  openapi_url="/api/openapi.json", redoc_url=None)
    app.state.platform = platform
    app.include_router(api.router)
    app.add_api_websocket_route("/ws", ws.endpoint)
    if config.echo_endpoint:
        app.add_api_websocket_route("/ws/echo", ws.echo)
    _error_handlers(app)
    if (WEB_DIR / "index.html").is_file():
        app.mount("/", StaticFiles(directory=WEB_DIR, html=True), name="web")
    return app


def _error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        error = ServerError("bad_message", f"invalid {where}")
        return JSONResponse({"error": error.to_json()}, status_code=400)

    @app.exception_handler(Exception)
    async def internal(_request: Request, _exc: Exception) -> JSONResponse:
        log.exception("internal error in a REST call")
        error = ServerError("internal_error", status=500)
        return JSONResponse({"error": error.to_json()}, status_code=500)

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        code = "not_found" if exc.status_code == 404 else "bad_request"
        said = ServerError(code, str(exc.detail)).msg
        body = {"error": {"code": code, "message": str(exc.detail), "msg": said.to_json()}}
        return JSONResponse(body, status_code=exc.status_code)
