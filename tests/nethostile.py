"""A fake host on 127.0.0.1 that misbehaves in one chosen way, for the client's tests.

Each behaviour is what a broken host, a busy one or another program on the port may do:

- ``close``: reads the start of the request and closes mid-handshake;
- ``reset``: reads it and resets the connection (RST);
- ``garbage``: answers the request with bytes that are no HTTP at all, and closes;
- ``http-500``: answers with an HTTP error instead of the WebSocket upgrade;
- ``silent``: accepts and never answers;
- ``ws-garbage``: completes the WebSocket handshake, then sends a frame of garbage;
- ``ws-close``: completes the handshake, then closes at once.

The server runs in a thread; every connection is handled in a thread of its own, each
bounded in time, and all of them end when the context exits.
"""

from __future__ import annotations

import base64
import hashlib
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager

BEHAVIOURS = ("close", "reset", "garbage", "http-500", "silent", "ws-garbage", "ws-close")
GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
"""The WebSocket handshake's fixed key suffix (RFC 6455)."""


def _read_request(conn: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data and len(data) < 8192:
        chunk = conn.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


def _accept_key(request: bytes) -> str:
    for line in request.split(b"\r\n"):
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"sec-websocket-key":
            digest = hashlib.sha1(value.strip() + GUID.encode()).digest()
            return base64.b64encode(digest).decode()
    return ""


def _handshake(conn: socket.socket, request: bytes) -> None:
    conn.sendall(
        b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        + f"Sec-WebSocket-Accept: {_accept_key(request)}\r\n\r\n".encode()
    )


def _behave(conn: socket.socket, behaviour: str, stop: threading.Event) -> None:
    conn.settimeout(5.0)
    try:
        request = _read_request(conn)
        if behaviour == "close":
            return
        if behaviour == "reset":
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            return
        if behaviour == "garbage":
            conn.sendall(b"\x16\x03\x01\xff\xfe not http at all \x00\r\n\r\n")
            return
        if behaviour == "http-500":
            conn.sendall(b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n")
        elif behaviour in ("ws-garbage", "ws-close"):
            _handshake(conn, request)
            if behaviour == "ws-garbage":
                payload = b"\xff\xfe{not json"
                conn.sendall(bytes([0x82, len(payload)]) + payload)
            else:
                conn.sendall(bytes([0x88, 2]) + struct.pack("!H", 1011))
                return
        stop.wait(10.0)  # hold the connection open, saying nothing more
    except OSError:
        pass
    finally:
        conn.close()


@contextmanager
def hostile_host(behaviour: str) -> Iterator[str]:
    """A host on 127.0.0.1 (a free port) behaving as ``behaviour``; its address."""
    assert behaviour in BEHAVIOURS, behaviour
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.05)
    stop = threading.Event()
    workers: list[threading.Thread] = []

    def serve() -> None:
        while not stop.is_set() and len(workers) < 200:
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            worker = threading.Thread(target=_behave, args=(conn, behaviour, stop), daemon=True)
            workers.append(worker)
            worker.start()

    acceptor = threading.Thread(target=serve, daemon=True)
    acceptor.start()
    try:
        yield f"127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        acceptor.join(5)
        server.close()
        for worker in workers:
            worker.join(5)
