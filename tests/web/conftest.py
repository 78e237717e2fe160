"""Browser test fixtures: a real huapai server on a free loopback port (a subprocess with
its own SQLite file and a seeded server), and Debian's Chromium driven by Playwright.

The tests skip only when ``/usr/bin/chromium`` is missing (``apt-get install chromium``);
Playwright itself comes with the ``web`` extra (``pip install -e '.[web]'``).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Playwright, Response, WebSocket

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
SERVER_SEED = 20240611
ROOT = Path(__file__).resolve().parents[2]
SERVER_LOGS: dict[str, Path] = {}
"""Each running test server's log, by its base URL (for the failure journal)."""
JOURNAL_KEY = pytest.StashKey[list[tuple["Page", list[str]]]]()


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _server_code(url: str, port: int, nonce_window: float, rule_files: str | None = None) -> str:
    return (
        "import uvicorn\n"
        "from huapai.server.app import create_app\n"
        "from huapai.server.config import ServerConfig\n"
        "from huapai.server.limits import Limits\n"
        # every browser of the suite comes from 127.0.0.1: the per-address budgets (30 new
        # players, then one a minute) are lifted, as for the load benchmark — a worker's
        # shared server refused its ~50th nickname with 429 on CI; per-player ones stay
        f"config = ServerConfig(database_url={url!r}, seed={SERVER_SEED}, between_deals=2.0, "
        f"nonce_window={nonce_window!r}, auto_answer=0.3, rule_files={rule_files!r}, "
        "owner_grace=0.0, limits=Limits.relaxed())\n"
        f"uvicorn.run(create_app(config), host='127.0.0.1', port={port}, log_level='warning')\n"
    )


def _wait_up(base: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text(errors='replace')}")
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the server did not come up: {log.read_text(errors='replace')}")


@contextmanager
def serving(tmp_path_factory: pytest.TempPathFactory, nonce_window: float = 0.0,
            rule_files: str | None = None) -> Iterator[str]:
    """A fresh server (its own SQLite file, seeded) in a subprocess; its base URL. Its
    deals wait ``nonce_window`` seconds for the players' nonces (0: the seeded deals are
    the server's alone, as the tests that rely on them expect); ``rule_files``: the folder
    its rooms may name files of (``huapai serve --rule-files``)."""
    _require_chromium()
    data = tmp_path_factory.mktemp("huapai-web")
    port = _free_port()
    log = data / "server.log"
    url = f"sqlite:///{data / 'huapai.sqlite3'}"
    with log.open("wb") as out:
        code = _server_code(url, port, nonce_window, rule_files)
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT,
                                stdout=out, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    SERVER_LOGS[base] = log
    try:
        _wait_up(base, proc, log)
        yield base
    finally:
        SERVER_LOGS.pop(base, None)
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fresh server serving the API, the WebSocket and the client,
    shared by the session's modules."""
    with serving(tmp_path_factory) as base:
        yield base


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> str:
    """The server a module's tests play on: the session's, or one of the module's own
    (``own_server``) where the module says ``OWN_SERVER = True`` — a module whose tests
    depend on seeded deals, or whose rooms would shift the others'."""
    own = getattr(request.module, "OWN_SERVER", False)
    return str(request.getfixturevalue("own_server" if own else "shared_server"))


@pytest.fixture(scope="module")
def own_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server for one module alone, so that its rooms do not change the seeded deals the
    session's server gives the other tests."""
    with serving(tmp_path_factory) as base:
        yield base


@pytest.fixture
def fresh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server for one test alone: its first room gets the server's first seeded deal
    however pytest-xdist spreads a module's tests over its workers (a module's server
    gives a test the deal after those of the module's tests that ran before it there)."""
    with serving(tmp_path_factory) as base:
        yield base


@pytest.fixture(scope="module")
def nonce_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server for one module whose deals wait for the players' nonces."""
    with serving(tmp_path_factory, nonce_window=10.0) as base:
        yield base


def _require_chromium() -> None:
    if not CHROMIUM.exists():
        pytest.skip("browser tests need Debian's Chromium at /usr/bin/chromium "
                    "(apt-get install -y chromium)")


@pytest.fixture(scope="session")
def playwright_session() -> Iterator[Playwright]:
    _require_chromium()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:  # pragma: no cover - a setup problem, said plainly
        pytest.fail("the browser tests need Playwright: pip install -e '.[web]'")
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright_session: Playwright) -> Iterator[Browser]:
    b = playwright_session.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
    try:
        yield b
    finally:
        b.close()


def _new_page(browser: Browser, request: pytest.FixtureRequest, timeout: float = 20000,
              **context: Any) -> Iterator[Page]:
    ctx = browser.new_context(locale="zh-CN", **context)
    page = ctx.new_page()
    page.set_default_timeout(timeout)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # the server's Content-Security-Policy must fit the client: no violation, ever
    page.on("console", lambda m: errors.append(m.text)
            if "Content Security Policy" in m.text else None)
    request.node.stash.setdefault(JOURNAL_KEY, []).append((page, journal(page)))
    try:
        yield page
    finally:
        ctx.close()
    assert not errors, f"JavaScript errors or CSP violations in the page: {errors}"


def journal(page: Page) -> list[str]:
    """What the page did, line by line, kept for the report of a failing test: console
    messages, API requests with their status and time, WebSocket frames (cut short)."""
    lines: list[str] = []
    start = time.monotonic()

    def note(text: str) -> None:
        lines.append(f"{time.monotonic() - start:7.2f}s {text}")

    def response(r: Response) -> None:
        if "/api/" in r.url:
            note(f"{r.status} {r.request.method} {r.url}")

    def websocket(ws: WebSocket) -> None:
        note(f"websocket open {ws.url}")
        ws.on("framesent", lambda f: note(f"ws > {str(f)[:160]}"))
        ws.on("framereceived", lambda f: note(f"ws < {str(f)[:160]}"))
        ws.on("close", lambda _ws: note("websocket closed"))

    page.on("console", lambda m: note(f"console.{m.type}: {m.text}"))
    page.on("requestfailed", lambda r: note(f"request failed: {r.method} {r.url} "
                                            f"{r.failure}"))
    page.on("response", response)
    page.on("websocket", websocket)
    return lines


def _page_report(page: Page, lines: list[str]) -> str:
    """The failure journal of one page: its URL, what it shows, what it did, and the tail
    of its server's log."""
    try:
        shown = page.evaluate("() => document.body.innerText")[:1500]
    except Exception as exc:  # a closed or crashed page says so
        shown = f"(the page cannot be read: {exc})"
    out = [f"url: {page.url}", "shows:", str(shown), "did:", *lines[-120:]]
    for base, log in SERVER_LOGS.items():
        if page.url.startswith(base) and log.exists():
            out += [f"server log ({base}):",
                    *log.read_text(errors="replace").splitlines()[-60:]]
    return "\n".join(out)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Iterator[None]:
    """A failing browser test's report carries each of its pages' journal, taken while
    the pages are still open (a flaky wait says what the page was doing)."""
    outcome = yield
    report = outcome.get_result()  # type: ignore[attr-defined]
    if report.failed and call.when == "call" and JOURNAL_KEY in item.stash:
        pages = item.stash[JOURNAL_KEY]
        for n, (page, lines) in enumerate(pages):
            report.sections.append((f"page {n} journal", _page_report(page, lines)))


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh desktop browser (its own localStorage: a new player)."""
    yield from _new_page(browser, request, viewport={"width": 1280, "height": 800})


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A fresh phone-sized browser with touch."""
    yield from _new_page(browser, request, viewport={"width": 390, "height": 844}, has_touch=True,
                         is_mobile=True, device_scale_factor=2)


@pytest.fixture
def shots() -> Path | None:
    """Where to keep screenshots (``HUAPAI_WEB_SHOTS``), or None."""
    folder = os.environ.get("HUAPAI_WEB_SHOTS")
    if not folder:
        return None
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path
