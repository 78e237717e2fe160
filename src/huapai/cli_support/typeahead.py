"""Keys typed before a prompt showed: on a terminal, what a player types while the bots
think is echoed onto the spinner's line and was then read by the next prompt as its
answer, unseen (a play-test: ``1`` typed during 座位2 思考中…… became 不掀 at the next
turn). Before each prompt they are dropped, and the player told."""

from __future__ import annotations

import select
from typing import TextIO


def drop_typed_ahead(stream: TextIO) -> bool:
    """Discard what ``stream`` (a terminal) holds unread; whether there was any. A pipe or
    a file is left alone: its lines were written to be read in order."""
    try:
        if not stream.isatty():
            return False
        import termios  # POSIX only: elsewhere nothing is dropped

        pending = bool(select.select([stream], [], [], 0)[0])
        termios.tcflush(stream.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        return False
    return pending
