"""The host's door: under a flood of connections, returning players go first.

Every connection is weighed before websockets spends anything on it (no handshake
task, no parser fed), in two steps:

1. **At accept**, by its address: past the cap on open connections (derived from the
   process's file limit, :func:`sizes`) it is closed at once. Otherwise it
   takes a token from its address's bucket (:class:`Buckets`: :data:`RATE` a second,
   :data:`BURST` at once). With a token it is *anonymous*; without one it is
   *key-only*. Either way it waits, a few bytes buffered, for its request's headers,
   in one bounded line (:attr:`Door.screening`; when it is full, the oldest waiting
   connection of the address with the most in line is closed).
   A connection whose request is in already when it is accepted (an honest client
   sends it at once; the door peeks at it without taking it) is weighed at once and
   never waits in line.
2. **On its request's headers**: a valid seat key in the :data:`SEAT_HEADER` header
   makes it *keyed*: it leaves every anonymous bound and is handed on at once.
   Without one, an anonymous connection goes on to the handshake (and to the
   :class:`~game.net.gate.Gate` until it says hello); a key-only one is closed.

So a flood from any number of addresses, the returning player's own address included,
never stands between a returning player and the seat: an honest client sends its
request with the key as soon as it is connected, and the line is long enough that a
flood cannot push it out first. Keyed connections are bounded too: at most
:data:`KEYED_PER_SEAT` per key waiting to say hello (the oldest closed).

>>> keys = {"k3y"}.__contains__
>>> door = Door(4, 2, buckets=Buckets(rate=0.0, burst=1, clock=lambda: 0.0), is_key=keys)
>>> door.arrive("a", "10.0.0.1"), door.arrive("b", "10.0.0.1")
(('wait', []), ('wait', []))
>>> door.arrive("c", "10.0.0.2")
('wait', ['a'])
>>> door.screened("b", b"GET / HTTP/1.1"), door.screened("c", b"GET / HTTP/1.1")
((False, []), (True, []))
>>> door.arrive("d", "10.0.0.1", b"GET / HTTP/1.1\\r\\nOhhell-Seat: k3y")
('through', [])
>>> door.arrive("e", "10.0.0.1", b"GET / HTTP/1.1")
('close', [])
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import Any, Literal

RATE = 4.0
"""Anonymous connections an address may open per second, on average."""
BURST = 8
"""Anonymous connections an address may open at once."""
ALL_RATE = 200.0
"""Anonymous connections all addresses together may open per second: the handshakes a
flood from many addresses makes the host do are bounded, and its loop stays free for
the players."""
ALL_BURST = 100
MAX_ADDRESSES = 4096
"""Addresses whose buckets are remembered (the oldest forgotten beyond: a full bucket)."""
MAX_SCREENING = 1024
"""Connections waiting for their request's headers, at most (more where files allow not)."""
SCREEN_SECONDS = 3.0
"""A connection that has not sent its request's headers by then is closed."""
MAX_REQUEST = 4096
"""Bytes of a request read before it is weighed (an honest one is about 300)."""
SEAT_HEADER = "Ohhell-Seat"
"""The request header a returning player's client puts the seat's key in."""
KEYED_PER_SEAT = 2
"""Connections one seat key may have waiting to say hello."""
HEADROOM = 64
"""Files kept free for what is not a connection: saves, the log, zeroconf, threads."""
LEAST_FREE = 16
"""Files counted free for connections however few the limit leaves (it may then be
reached: the accept loop says so once a minute and tries again)."""
MAX_BACKLOG = 512
"""Connections the host accepts in one turn of its loop, at most."""
LISTEN_QUEUE = 4096
"""Connections the system may queue for the host to accept (the system may cap it)."""

Decision = Literal["close", "through", "wait"]


def bucket_of(address: str) -> str:
    """The address a bucket counts: an IPv6 address by its /64 (one household).

    >>> bucket_of("2001:db8::1:2"), bucket_of("127.0.0.9")
    ('2001:db8::/64', '127.0.0.9')
    """
    with contextlib.suppress(ValueError):
        ip = ipaddress.ip_address(address)
        if ip.version == 6 and ip.ipv4_mapped is None:
            return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return address


class Buckets:
    """A token bucket per address: :data:`RATE` tokens a second, at most ``burst``.

    >>> now = [0.0]
    >>> buckets = Buckets(rate=1.0, burst=2, clock=lambda: now[0])
    >>> [buckets.take("a") for _ in range(3)], buckets.take("b")
    ([True, True, False], True)
    >>> now[0] = 1.0; buckets.take("a"), buckets.take("a")
    (True, False)
    """

    def __init__(
        self,
        rate: float = RATE,
        burst: int = BURST,
        clock: Callable[[], float] = time.monotonic,
        addresses: int = MAX_ADDRESSES,
    ) -> None:
        self.rate, self.burst, self.clock, self.addresses = rate, burst, clock, addresses
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Per address: tokens left and when they were counted (most recent last)."""

    def take(self, address: str) -> bool:
        """Take a token for ``address``; False when its bucket is empty."""
        key, now = bucket_of(address), self.clock()
        tokens, then = self._buckets.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        taken = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if taken else tokens, now)
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return taken

    def __len__(self) -> int:
        return len(self._buckets)


class Door:
    """Who may come in (sockets are the caller's): the open connections, those waiting
    for their request, and the keyed ones waiting to say hello."""

    def __init__(
        self,
        cap: int,
        screening: int,
        reserve: int = 16,
        buckets: Buckets | None = None,
        everyone: Buckets | None = None,
        is_key: Callable[[str], bool] = lambda key: False,
    ) -> None:
        self.cap, self.screening_cap, self.reserve = cap, screening, reserve
        self.buckets = buckets if buckets is not None else Buckets()
        self.everyone = everyone if everyone is not None else Buckets(ALL_RATE, ALL_BURST)
        """One bucket for every anonymous connection together (bounds the handshakes)."""
        self.is_key = is_key
        self._open: set[Hashable] = set()
        self.screening: dict[Hashable, str] = {}
        """The connections waiting for their request, and their addresses."""
        self._by_address: dict[str, deque[Hashable]] = {}
        """The same, by address, oldest first."""
        self._anonymous: dict[Hashable, bool] = {}
        """The connections in line: whether each took a token (may go on without a key)."""
        self._keyed: dict[str, deque[Hashable]] = {}
        self._key_of: dict[Hashable, str] = {}
        self.counts = {"full": 0, "anonymous": 0, "key-only": 0, "keyed": 0, "pushed": 0}
        """What the door has done since the host started (for logs and benchmarks)."""

    @property
    def open(self) -> int:
        return len(self._open)

    def arrive(
        self, connection: Hashable, address: str, head: bytes | None = None
    ) -> tuple[Decision, list[Hashable]]:
        """A connection accepted from ``address`` (``head``: its request's headers when
        they are in already): close it, let it through, or let it wait for its request;
        and the connections to close for it."""
        key = self._key(head)
        if key is not None and len(self._open) < self.cap + self.reserve:
            self._open.add(connection)
            return "through", self._keyed_in(connection, key)
        if len(self._open) >= self.cap:
            self.counts["full"] += 1
            return "close", []
        anonymous = self.buckets.take(address) and self.everyone.take("")
        self.counts["anonymous" if anonymous else "key-only"] += 1
        if head is not None:  # weighed at once
            if anonymous:
                self._open.add(connection)
            return ("through" if anonymous else "close"), []
        closing: list[Hashable] = []
        while len(self.screening) >= self.screening_cap:
            closing.append(self._push_out())
        self.counts["pushed"] += len(closing)
        self._open.add(connection)
        self._anonymous[connection] = anonymous
        self.screening[connection] = address
        self._by_address.setdefault(address, deque()).append(connection)
        return "wait", closing

    def screened(self, connection: Hashable, head: bytes) -> tuple[bool, list[Hashable]]:
        """``connection`` waited and sent its request's headers: whether it goes on to
        the handshake, and the connections to close for it."""
        self._leave_line(connection)
        anonymous = self._anonymous.pop(connection, False)
        key = self._key(head)
        if key is not None:
            return True, self._keyed_in(connection, key)
        return anonymous, []

    def keyed(self, connection: Hashable) -> bool:
        """Whether ``connection`` came with a valid seat key."""
        return connection in self._key_of

    def settled(self, connection: Hashable) -> None:
        """``connection`` said hello (or was refused): it no longer waits."""
        key = self._key_of.pop(connection, None)
        if key is not None:
            line = self._keyed[key]
            with contextlib.suppress(ValueError):
                line.remove(connection)
            if not line:
                del self._keyed[key]

    def gone(self, connection: Hashable) -> None:
        """``connection`` closed; forgetting an unknown one is fine."""
        self._open.discard(connection)
        self._leave_line(connection)
        self._anonymous.pop(connection, None)
        self.settled(connection)

    def _key(self, head: bytes | None) -> str | None:
        key = seat_key(head) if head is not None else None
        return key if key is not None and self.is_key(key) else None

    def _keyed_in(self, connection: Hashable, key: str) -> list[Hashable]:
        self.counts["keyed"] += 1
        line = self._keyed.setdefault(key, deque())
        line.append(connection)
        self._key_of[connection] = key
        closing = []
        while len(line) > KEYED_PER_SEAT:
            closing.append(line.popleft())
            del self._key_of[closing[-1]]
        return closing

    def _push_out(self) -> Hashable:
        """Take the oldest waiting connection of the address with the most in line out
        of the line (a crowd pushes out its own first)."""
        crowded = max(self._by_address, key=lambda address: len(self._by_address[address]))
        old = self._by_address[crowded][0]
        self._leave_line(old)
        self._anonymous.pop(old, None)
        return old

    def _leave_line(self, connection: Hashable) -> None:
        address = self.screening.pop(connection, None)
        if address is None:
            return
        line = self._by_address[address]
        line.remove(connection)
        if not line:
            del self._by_address[address]


def seat_key(head: bytes) -> str | None:
    """The seat key in a request's headers (``head``: up to the blank line), if any.

    >>> seat_key(b"GET / HTTP/1.1\\r\\nHost: x\\r\\nohhell-seat: abc_-9\\r\\n")
    'abc_-9'
    >>> seat_key(b"GET / HTTP/1.1\\r\\nOhhell-Seat: a b\\r\\n") is None
    True
    """
    wanted = SEAT_HEADER.lower().encode()
    for line in head.split(b"\r\n")[1:]:
        name, colon, value = line.partition(b":")
        if colon and name.strip().lower() == wanted:
            key = value.strip()
            if 0 < len(key) <= 64 and all(chr(c).isalnum() or c in b"-_" for c in key):
                return key.decode("ascii")
            return None
    return None


# ---------------------------------------------------------------- the file limit
def raise_file_limit() -> int | None:
    """Raise this process's soft limit on open files to its hard limit, where the system
    allows; the soft limit in effect (None where it cannot be read, as on Windows)."""
    try:
        import resource
    except ImportError:
        return None
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):
        return None
    for wanted in (hard, 1 << 20, 10240):  # macOS refuses "unlimited" for the soft limit
        if soft == resource.RLIM_INFINITY or (wanted != resource.RLIM_INFINITY and wanted <= soft):
            break
        with contextlib.suppress(OSError, ValueError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
            break
    return None if soft == resource.RLIM_INFINITY else int(soft)


def open_files() -> int:
    """How many files this process has open now (0 where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        with contextlib.suppress(OSError):
            return len(os.listdir(folder))
    return 0


def sizes(limit: int | None, open_now: int, seats: int) -> tuple[int, int, int]:
    """A host's bounds from its file ``limit`` (None: unknown), the files open now and
    its human ``seats``: the connections it holds at most without a key, the keyed
    ones it holds beyond, and how many it accepts in one turn of its loop (asyncio's
    backlog: accepted connections hold a file until the next turn, even those closed at
    once). Together with :data:`HEADROOM` (a quarter of a small limit) they fit in it.

    >>> sizes(256, 20, 4), sizes(64, 15, 4), sizes(None, 0, 4), sizes(1 << 20, 20, 4)
    ((135, 16, 21), (21, 8, 4), (4096, 16, 512), (1047964, 16, 512))
    """
    reserve = max(16, 2 * seats)
    if limit is None:
        return 4096, reserve, MAX_BACKLOG
    free = max(LEAST_FREE, limit - open_now - min(HEADROOM, limit // 4))
    backlog = max(4, min(MAX_BACKLOG, limit // 8, free // 8))
    reserve = min(reserve, free // 4)
    return free - backlog - reserve, reserve, backlog


def deepen_queue(listening: Any) -> None:
    """Let the system queue :data:`LISTEN_QUEUE` connections on ``listening`` (a
    listening socket, or asyncio's view of one), whatever backlog asyncio gave it: a
    flood then fills the queue less, and a player's connection is less often dropped
    (and sent again a second later) before the host could take it."""
    try:
        with socket.fromfd(listening.fileno(), listening.family, listening.type) as twin:
            twin.listen(LISTEN_QUEUE)
    except (OSError, AttributeError, ValueError):  # the queue asyncio chose stays
        pass
