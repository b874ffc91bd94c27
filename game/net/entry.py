"""The host's connections as they come in: weighed by the :class:`~game.net.door.Door`
before websockets sees them, and the accept loop kept quiet when files run out.

:class:`DoorConnection` is the websockets connection a host serves with. Until its
request's headers are in it is only a few buffered bytes: websockets' own
``connection_made`` (which starts the handshake's task) runs once the door lets it
through, and a connection the door closes never reaches websockets at all.
"""

from __future__ import annotations

import asyncio
import socket
import time
from typing import Any, cast

from websockets.asyncio.server import ServerConnection

from game.net.door import MAX_REQUEST, SCREEN_SECONDS, Door
from game.net.gate import Gate
from game.net.logs import LOG

OUT_OF_FILES_EVERY = 60.0
"""Seconds between two log lines saying the host ran out of files."""


class DoorConnection(ServerConnection):
    """A connection weighed by its host's door (set on a subclass per host)."""

    door: Door
    gate: Gate
    address = "?"
    _request: bytearray | None = None
    """The request read so far, while the connection waits in the door's line."""
    _timer: asyncio.TimerHandle | None = None
    _made = False
    """Whether websockets was handed the connection."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport = cast(asyncio.Transport, transport)
        self.transport = transport  # websockets sets it again once the door lets it in
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        head = _peek(transport)
        end = head.find(b"\r\n\r\n")
        decision, closing = self.door.arrive(self, self.address, head[:end] if end >= 0 else None)
        _close_all(closing)
        if decision == "close":
            transport.abort()
        elif decision == "through":  # the transport reads the request as usual
            self._go_on()
        else:
            self._request = bytearray()
            self._timer = self.loop.call_later(SCREEN_SECONDS, transport.abort)

    def data_received(self, data: bytes) -> None:
        request = self._request
        if request is None:
            if self._made:
                super().data_received(data)
            return
        request += data
        end = request.find(b"\r\n\r\n")
        if end < 0 and len(request) < MAX_REQUEST:
            return
        self._request = None
        self._stop_timer()
        through, closing = self.door.screened(self, bytes(request[: max(end, 0)]))
        _close_all(closing)
        if not through:
            self.transport.abort()
            return
        self._go_on()
        super().data_received(bytes(request))

    def _go_on(self) -> None:
        """Hand the connection to websockets (an anonymous one waits in the gate)."""
        if not self.door.keyed(self):
            _close_all(self.gate.admit(self, self.address))
        self._made = True
        super().connection_made(self.transport)

    def eof_received(self) -> None:
        if not self._made:
            self.transport.abort()
            return
        super().eof_received()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._request = None
        self.door.gone(self)
        self.gate.gone(self)
        if self._made:
            super().connection_lost(exc)

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def _peek(transport: asyncio.Transport) -> bytes:
    """What has arrived on ``transport`` already, left there to be read as usual (b""
    where the system cannot tell: the connection then waits for it)."""
    sock = transport.get_extra_info("socket")
    if sock is None:
        return b""
    try:
        with socket.fromfd(sock.fileno(), sock.family, sock.type) as twin:
            return twin.recv(MAX_REQUEST, socket.MSG_PEEK | socket.MSG_DONTWAIT)
    except (OSError, ValueError, AttributeError):  # nothing yet, no file left, no such flag
        return b""


def _close_all(connections: list[Any]) -> None:
    for connection in connections:
        connection.transport.abort()


class QuietAccept:
    """An event loop's exception handler that turns "out of files" at accept into one
    line a minute (with how many times since), and passes anything else on."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.previous = loop.get_exception_handler()
        self.times = 0
        self._said_at: float | None = None

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        if str(context.get("message", "")).startswith("socket.accept() out of system resource"):
            self.times += 1
            now = time.monotonic()
            if self._said_at is None or now - self._said_at >= OUT_OF_FILES_EVERY:
                error = context.get("exception")
                why = getattr(error, "strerror", None) or type(error).__name__
                LOG.error("cannot accept connections: %s (%d times so far)", why, self.times)
                self._said_at = now
            return
        if self.previous is not None:
            self.previous(loop, context)
        else:
            loop.default_exception_handler(context)

    def remove(self) -> None:
        if self.loop.get_exception_handler() is self:
            self.loop.set_exception_handler(self.previous)
