"""The ASGI app factory: REST + WebSocket + (when present) the browser client's files."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from os import PathLike
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException
from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from huapai.core.manifest import ManifestError, split_target
from huapai.core.registry import check_games, manifests

from . import api, drills, ws
from .config import ServerConfig
from .errors import ServerError
from .lobby import Platform
from .outage import OUTAGES, redis_errors

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("huapai.server")

# the browser client is plain ES modules, CSS and SVG from this origin (styles set only
# through the CSSOM, images inline as data: URLs), talking to /api and /ws here
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
# the API's own documentation page loads Swagger UI from its CDN: framing is still refused
DOCS_CSP = "frame-ancestors 'none'"
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer")]


class SecurityHeaders:
    """Adds the security headers to every HTTP answer (pages and API alike)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope.get("path", "") == "/api/docs"
        policy = (DOCS_CSP if docs else CSP).encode()

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() != b"content-security-policy"]
                message = {**message, "headers": [
                    *headers, *HEADERS, (b"content-security-policy", policy)]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class ClientFiles(StaticFiles):
    """The browser client's files, revalidated at every load (``no-cache``: a 304 while
    unchanged). Without a Cache-Control a browser kept them by its own guess, and after an
    upgrade mixed an old ui.js with the new modules: a blank page until its cache was
    cleared (a phone play-test)."""

    def file_response(self, full_path: PathLike[str] | str, stat_result: os.stat_result,
                      scope: Scope, status_code: int = 200) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        response.headers["cache-control"] = "no-cache"
        return response


def create_app(config: ServerConfig) -> FastAPI:
    """A fresh server app on ``config``; its lifespan migrates, restores and cleans up.

    Every family must load first (a misdeclared one stops the server, naming it)."""
    check_families()
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
    app.include_router(drills.router)
    app.state.drills = drills.DrillStore()
    app.add_api_websocket_route("/ws", ws.endpoint)
    if config.echo_endpoint:
        app.add_api_websocket_route("/ws/echo", ws.echo)
    _error_handlers(app)
    for name, folder in family_assets().items():
        app.mount(f"/families/{name}", ClientFiles(directory=folder), name=f"family-{name}")
    app.add_middleware(SecurityHeaders)
    if (WEB_DIR / "index.html").is_file():
        app.mount("/", ClientFiles(directory=WEB_DIR, html=True), name="web")
    return app


def check_families() -> None:
    """Every family's engine and bots load, and each browser renderer it names is a file
    the server serves (the client's own, or under its ``web_assets``); else a
    ManifestError names the family and what is wrong."""
    assets = family_assets()
    for manifest in check_games():
        path = manifest.web_renderer
        if path is not None and _served_file(path, manifest.name, assets) is None:
            raise ManifestError(f"game family {manifest.name!r}: web_renderer {path!r} is "
                                "not a .js file the server serves (under the browser client "
                                f"{WEB_DIR} or families/{manifest.name}/ from its web_assets)")


def family_assets() -> dict[str, Path]:
    """The folder each family's ``web_assets`` names (``"package:folder"``), by family."""
    out = {}
    for name, manifest in manifests().items():
        if manifest.web_assets is None:
            continue
        package, folder = split_target(manifest.web_assets)
        try:
            found = Path(str(files(package))) / folder
        except ModuleNotFoundError as exc:
            raise ManifestError(f"game family {name!r}: web_assets "
                                f"{manifest.web_assets!r}: {exc}") from None
        if not found.is_dir():
            raise ManifestError(f"game family {name!r}: web_assets {manifest.web_assets!r} "
                                f"is not a folder ({found})")
        out[name] = found.resolve()
    return out


def _served_file(path: str, name: str, assets: dict[str, Path]) -> Path | None:
    """The file ``path`` (a URL path under the site's root) is served from, if any."""
    root, rest = WEB_DIR.resolve(), path
    prefix = f"families/{name}/"
    if path.startswith(prefix) and name in assets:
        root, rest = assets[name], path.removeprefix(prefix)
    file = (root / rest).resolve()
    ok = path.endswith(".js") and file.is_relative_to(root) and file.is_file()
    return file if ok else None


def _error_handlers(app: FastAPI) -> None:
    @app.exception_handler(ServerError)
    async def server_error(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse({"error": exc.to_json()}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        where = "; ".join(".".join(str(p) for p in e.get("loc", ())) for e in exc.errors())
        error = ServerError("bad_message", f"invalid {where}")
        return JSONResponse({"error": error.to_json()}, status_code=400)

    async def bus_down(_request: Request, exc: Exception) -> JSONResponse:
        OUTAGES.failed("REST call", exc)  # one line per outage, not a traceback per call
        error = ServerError("bus_unavailable", status=503)
        # answered inside the middleware stack: the security headers are added there
        return JSONResponse({"error": error.to_json()}, status_code=503,
                            headers={"retry-after": "2"})

    for outage in redis_errors():
        app.add_exception_handler(outage, bus_down)

    @app.exception_handler(Exception)
    async def internal(_request: Request, _exc: Exception) -> JSONResponse:
        log.exception("internal error in a REST call")
        error = ServerError("internal_error", status=500)
        # answered outside the middleware stack: the security headers are added here
        headers = {k.decode(): v.decode() for k, v in HEADERS}
        return JSONResponse({"error": error.to_json()}, status_code=500,
                            headers={**headers, "content-security-policy": CSP})

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        code = "not_found" if exc.status_code == 404 else "bad_request"
        said = ServerError(code, str(exc.detail)).msg
        body = {"error": {"code": code, "message": str(exc.detail), "msg": said.to_json()}}
        return JSONResponse(body, status_code=exc.status_code)
