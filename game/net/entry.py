"""The host's connections as they come in: weighed by the :class:`~game.net.door.Door`
before websockets sees them, and the accept loop kept quiet when files run out.

:class:`DoorConnection` is the websockets connection a host serves with. Until its
request's headers are in it is only a few buffered bytes: websockets' own
``connection_made`` (which starts the handshake's task) runs once the door lets it
through, and a connection the door closes never reaches websockets at all.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, cast

from websockets.asyncio.server import ServerConnection

from game.net.door import MAX_REQUEST, SCREEN_SECONDS, Door, seat_key
from game.net.gate import Gate

LOG = logging.getLogger("ohhell.net")
OUT_OF_FILES_EVERY = 60.0
"""Seconds between two log lines saying the host ran out of files."""


class DoorConnection(ServerConnection):
    """A connection weighed by its host's door (set on a subclass per host)."""

    door: Door
    gate: Gate
    is_key: Callable[[str], bool]
    address = "?"
    _request: bytearray | None = None
    """The request read so far, while the door has not let the connection through."""
    _timer: asyncio.TimerHandle | None = None
    _made = False
    """Whether websockets was handed the connection."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport = cast(asyncio.Transport, transport)
        self.transport = transport  # websockets sets it again once the door lets it in
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        verdict, closing = self.door.arrive(self, self.address)
        _close_all(closing)
        if verdict == "full":
            transport.abort()
            return
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
        key = seat_key(bytes(request[: max(end, 0)]))
        keyed = key if key is not None and self.is_key(key) else None
        through, closing = self.door.screened(self, keyed)
        _close_all(closing)
        if not through:
            self.transport.abort()
            return
        if keyed is None:
            _close_all(self.gate.admit(self, self.address))
        self._made = True
        super().connection_made(self.transport)
        super().data_received(bytes(request))

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
