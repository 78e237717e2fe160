"""Keys typed while the bots think: a play-test typed ``1`` during 座位2 思考中……, and the
next prompt took it as its answer (不掀) before the player saw the table. On a terminal
they are dropped before each prompt, and the player told; a pipe is read in order."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

from huapai.cli_support.typeahead import drop_typed_ahead


def test_what_a_terminal_holds_unread_is_dropped() -> None:
    master, slave = pty.openpty()
    with os.fdopen(slave, "r", closefd=True) as terminal:
        os.write(master, b"1\n")
        assert select.select([terminal], [], [], 2)[0], "the key did not arrive"
        assert drop_typed_ahead(terminal) is True
        assert not select.select([terminal], [], [], 0.2)[0]  # nothing left to read
        assert drop_typed_ahead(terminal) is False  # nothing typed: nothing said
    os.close(master)


def test_a_pipe_is_read_in_order(tmp_path: Path) -> None:
    piped = tmp_path / "moves.txt"
    piped.write_text("1\n2\n", encoding="utf-8")
    with piped.open(encoding="utf-8") as stream:
        assert drop_typed_ahead(stream) is False
        assert stream.read() == "1\n2\n"


def test_play_on_a_terminal_drops_keys_typed_before_its_prompt() -> None:
    """The whole path: ``huapai play`` on a pseudo-terminal, a line typed before it asks."""
    master, slave = pty.openpty()
    os.write(master, b"xyzzy\n")  # typed before the first prompt shows
    proc = subprocess.Popen(
        [sys.executable, "-m", "huapai.cli", "play", "--seed", "3", "--deals", "1"],
        stdin=slave, stdout=slave, stderr=slave, close_fds=True,
        env={**os.environ, "COLUMNS": "100", "TERM": "dumb"})
    os.close(slave)
    seen = _read_until(master, "你的选择", 60)
    os.write(master, b"q\n")
    seen += _read_until(master, "退出", 20)
    os.write(master, b"q\n")
    seen += _read_until(master, "\x00", 20)  # to its end
    proc.wait(timeout=30)
    os.close(master)
    assert "别家思考时按的键已丢掉" in seen, seen[-800:]
    assert "看不懂「xyzzy」" not in seen, seen[-800:]


def _read_until(fd: int, text: str, timeout: float) -> str:
    out, end = b"", time.monotonic() + timeout
    while time.monotonic() < end and text.encode() not in out:
        if not select.select([fd], [], [], 0.2)[0]:
            continue
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # the other side closed
            break
        if not chunk:
            break
        out += chunk
    return out.decode("utf-8", "replace")
