"""A lean WebSocket client for the load generator: RFC 6455 over an asyncio protocol.

The load generator shares this 2-core machine with the server it measures, so every
microsecond it spends per frame is taken from the server. This client does only what the
benchmark needs — the opening handshake (checked), masked text frames out, unmasked
frames in (text, ping → pong, close) — and hands each text message to a plain callback:
no task, no queue and no await per message.
"""

from __future__ import annotations

import asyncio
import base64
import hashlib
import random
import struct
from collections.abc import Callable
from typing import cast

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
TEXT, BINARY, CLOSE, PING, PONG, CONTINUATION = 0x1, 0x2, 0x8, 0x9, 0xA, 0x0
MAX_MESSAGE = 1 << 20


class HandshakeError(Exception):
    pass


class Client(asyncio.Protocol):
    """One connection. ``on_text`` gets every text message; ``on_close`` the end."""

    def __init__(self, host: str, port: int, path: str, seed: int) -> None:
        self._rng = random.Random(seed)
        key = base64.b64encode(self._rng.randbytes(16)).decode()
        self._accept = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        self._request = (f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\n"
                         "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                         f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                         ).encode()
        self._buffer = bytearray()
        self._fragments: list[bytes] = []
        self._transport: asyncio.Transport | None = None
        self._opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.on_text: Callable[[str], None] = lambda _text: None
        self.is_open = False

    # --------------------------------------------------------------- asyncio protocol
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = cast(asyncio.Transport, transport)  # uvloop's is no subclass
        self._transport.write(self._request)

    def data_received(self, data: bytes) -> None:
        self._buffer += data
        if not self.is_open and not self._handshake():
            return
        self._frames()

    def connection_lost(self, exc: Exception | None) -> None:
        self.is_open = False
        if not self._opened.done():
            self._opened.set_exception(exc or HandshakeError("closed during the handshake"))
        if not self.closed.done():
            self.closed.set_result(None)

    # --------------------------------------------------------------- receiving
    def _handshake(self) -> bool:
        end = self._buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = bytes(self._buffer[:end]).decode("latin-1").split("\r\n")
        del self._buffer[:end + 4]
        headers = {k.strip().lower(): v.strip() for k, _, v in
                   (line.partition(":") for line in head[1:])}
        if not head[0].startswith("HTTP/1.1 101") or \
                headers.get("sec-websocket-accept") != self._accept:
            self._opened.set_exception(HandshakeError(head[0]))
            assert self._transport is not None
            self._transport.close()
            return False
        self.is_open = True
        self._opened.set_result(None)
        return True

    def _frames(self) -> None:
        buf = self._buffer
        while len(buf) >= 2:
            first, second = buf[0], buf[1]
            length, at = second & 0x7F, 2
            if length == 126:
                if len(buf) < 4:
                    return
                length, at = struct.unpack_from("!H", buf, 2)[0], 4
            elif length == 127:
                if len(buf) < 10:
                    return
                length, at = struct.unpack_from("!Q", buf, 2)[0], 10
            if second & 0x80 or length > MAX_MESSAGE:
                self.close()  # a server never masks, and never sends this much here
                return
            if len(buf) < at + length:
                return
            payload = bytes(buf[at:at + length])
            del buf[:at + length]
            self._frame(first & 0x0F, bool(first & 0x80), payload)

    def _frame(self, opcode: int, fin: bool, payload: bytes) -> None:
        if opcode in (TEXT, BINARY, CONTINUATION):
            self._fragments.append(payload)
            if fin:
                message = b"".join(self._fragments)
                self._fragments.clear()
                self.on_text(message.decode("utf-8"))
        elif opcode == PING:
            self._send(PONG, payload)
        elif opcode == CLOSE:
            self.close()

    # --------------------------------------------------------------- sending
    def send(self, text: str) -> None:
        if self.is_open:
            self._send(TEXT, text.encode("utf-8"))

    def close(self) -> None:
        if self._transport is not None and not self._transport.is_closing():
            if self.is_open:
                self._send(CLOSE, struct.pack("!H", 1000))
            self.is_open = False
            self._transport.close()

    def _send(self, opcode: int, payload: bytes) -> None:
        assert self._transport is not None
        n = len(payload)
        if n < 126:
            head = struct.pack("!BB", 0x80 | opcode, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, n)
        mask = self._rng.randbytes(4)
        masked = (int.from_bytes(payload, "little")
                  ^ int.from_bytes(mask * (n // 4 + 1), "little") & ((1 << 8 * n) - 1))
        self._transport.write(head + mask + masked.to_bytes(n, "little"))

    async def opened(self) -> None:
        await self._opened


async def connect(host: str, port: int, path: str, seed: int) -> Client:
    """Open a connection and complete the handshake."""
    loop = asyncio.get_running_loop()
    _, client = await loop.create_connection(lambda: Client(host, port, path, seed), host, port)
    await client.opened()
    return client


def new_loop() -> asyncio.AbstractEventLoop:
    """uvloop when it is installed (as with uvicorn[standard]), else asyncio's own."""
    try:
        import uvloop
    except ImportError:
        return asyncio.new_event_loop()
    loop: asyncio.AbstractEventLoop = uvloop.new_event_loop()
    return loop
