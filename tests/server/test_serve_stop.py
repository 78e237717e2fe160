"""A server stopped by Ctrl-C (SIGINT) or SIGTERM says so in its log: an operator could
not tell a clean stop from a hang (one worker printed nothing after its ready line)."""
from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_stopped_server_says_it_stopped(tmp_path: Path, sig: signal.Signals) -> None:
    port = _free_port()
    code = ("from huapai.server.serve import serve; "
            f"serve(port={port}, data_dir={str(tmp_path)!r})")
    proc = subprocess.Popen([sys.executable, "-c", code],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, "the server died while starting"
            assert time.monotonic() < deadline, "the server did not come up"
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=2).is_success:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=30)
    said = out.decode()
    assert "huapai server ready" in said, said
    assert "huapai server stopped: 0 room(s) kept in the database" in said, said
