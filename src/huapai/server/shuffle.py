"""Players' randomness in the deal seed (issue 7 §3): the window in which each seated
player's client sends its nonce, after the server committed to its own seed.

The room draws its server seed and publishes the commitment to it in a ``shuffle``
message to every watcher; each seated player whose client is on line (and not on 托管)
is waited for, for at most ``nonce_window`` seconds, and the deal is dealt as soon as
all of them answered. A seat that sends nothing in the window — a bot, a terminal
client, a slow client — contributes nothing (``None``, written as ``""`` in the seed's
hash; shown as such by ``/api/verify``). Nonces stay with the server until the deal
ends, when the server seed and every nonce are revealed (``deal_end``, the record).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from .errors import ServerError, conflict
from .fairness import NONCE, commitment
from .seats import Shuffle

if TYPE_CHECKING:
    from .rooms import Room


class PendingShuffle:
    """One shuffle window: the committed server seed and the nonces that came in."""

    def __init__(self, game_id: str, server_seed: int, seats: int,
                 waiting: set[int]) -> None:
        self.game_id, self.server_seed = game_id, server_seed
        self.commitment = commitment(server_seed)
        self.nonces: list[str | None] = [None] * seats
        self.waiting = waiting
        self.done = asyncio.Event()
        if not waiting:
            self.done.set()

    def add(self, seat: int, game_id: str, nonce: str) -> None:
        """Seat ``seat``'s nonce for game ``game_id``; refused (changing nothing) when the
        game is another, the nonce malformed or the seat's nonce already in."""
        if game_id != self.game_id:
            raise conflict("stale", f"the shuffle now is for game {self.game_id}")
        if not NONCE.fullmatch(nonce):
            raise ServerError("bad_message", "nonce: 16 to 64 lowercase hex digits")
        if self.nonces[seat] is not None:
            raise conflict("nonce_taken", f"seat {seat} already sent its nonce")
        self.nonces[seat] = nonce
        self.waiting.discard(seat)
        if not self.waiting:
            self.done.set()

    async def wait(self, window: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.done.wait(), timeout=window)


async def shuffle(room: Room, first: bool) -> tuple[str, Shuffle]:
    """Run a shuffle window for the room's next deal (its lock held): the new game's id
    and the parts of its seed (with the 扳牌 server seed for the ``first`` deal of a
    match)."""
    source = room.services.source
    banpai = source.deal_seed() if first else None  # drawn in the order seeds always were
    server_seed = source.deal_seed()
    game_id = source.token(9)
    window = room.services.nonce_window
    waiting = {s.index for s in room.seats if s.player is not None and s.tuoguan is None
               and s.online > 0} if window > 0 else set()
    pending = PendingShuffle(game_id, server_seed, len(room.seats), waiting)
    if waiting:
        room.pending = pending
        room.hub.broadcast(room, {"type": "shuffle", "room": room.id, "game_id": game_id,
                                  "commitment": pending.commitment,
                                  "banpai_commitment": None if banpai is None
                                  else commitment(banpai),
                                  "seats": sorted(waiting), "window_ms": int(window * 1000)})
        try:
            await pending.wait(window)
        finally:
            room.pending = None
    nonces = list(pending.nonces)
    return game_id, Shuffle(server_seed, nonces, banpai,
                            None if banpai is None else commitment(banpai))


def add_nonce(room: Room, seat: int, game_id: str, nonce: str) -> None:
    pending = room.pending
    if pending is None:
        raise conflict("nonce_late", "no shuffle is waiting for nonces")
    pending.add(seat, game_id, nonce)
