"""The host's door: under a flood of connections, returning players go first.

Every connection is weighed before websockets spends anything on it (no handshake
task, no parser fed), in two steps:

1. **At accept**, by its address: past the cap on open connections (derived from the
   process's file limit, :func:`connection_cap`) it is closed at once. Otherwise it
   takes a token from its address's bucket (:class:`Buckets`: :data:`RATE` a second,
   :data:`BURST` at once). With a token it is *anonymous*; without one it is
   *key-only*. Either way it waits, a few bytes buffered, for its request's headers,
   in one bounded line (:attr:`Door.screening`, oldest closed first when full).
2. **On its request's headers**: a valid seat key in the :data:`SEAT_HEADER` header
   makes it *keyed*: it leaves every anonymous bound and is handed on at once.
   Without one, an anonymous connection goes on to the handshake (and to the
   :class:`~game.net.gate.Gate` until it says hello); a key-only one is closed.

So a flood from any number of addresses, the returning player's own address included,
never stands between a returning player and the seat: an honest client sends its
request with the key as soon as it is connected, and the line is long enough that a
flood cannot push it out first. Keyed connections are bounded too: at most
:data:`KEYED_PER_SEAT` per key waiting to say hello (the oldest closed).

>>> door = Door(cap=4, screening=2, buckets=Buckets(rate=0.0, burst=1, clock=lambda: 0.0))
>>> door.arrive("a", "10.0.0.1"), door.arrive("b", "10.0.0.1")
(('anonymous', []), ('key-only', []))
>>> door.arrive("c", "10.0.0.2")
('anonymous', ['a'])
>>> door.screened("b", None), door.screened("c", "k3y")
((False, []), (True, []))
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable
from typing import Literal

RATE = 4.0
"""Anonymous connections an address may open per second, on average."""
BURST = 8
"""Anonymous connections an address may open at once."""
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
LEAST_CAP = 32

Verdict = Literal["full", "anonymous", "key-only"]


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

    def __init__(self, cap: int, screening: int, buckets: Buckets | None = None) -> None:
        self.cap, self.screening_cap = cap, screening
        self.buckets = buckets if buckets is not None else Buckets()
        self._open: set[Hashable] = set()
        self.screening: OrderedDict[Hashable, bool] = OrderedDict()
        """The connections waiting for their request, oldest first (anonymous: True)."""
        self._keyed: dict[str, deque[Hashable]] = {}
        self._key_of: dict[Hashable, str] = {}
        self.counts = {"full": 0, "anonymous": 0, "key-only": 0, "keyed": 0, "pushed": 0}
        """What the door has done since the host started (for logs and benchmarks)."""

    @property
    def open(self) -> int:
        return len(self._open)

    def arrive(self, connection: Hashable, address: str) -> tuple[Verdict, list[Hashable]]:
        """A connection accepted from ``address``: what it is, and the connections to
        close for it (the oldest waiting, when the line is full)."""
        if len(self._open) >= self.cap:
            self.counts["full"] += 1
            return "full", []
        closing: list[Hashable] = []
        while len(self.screening) >= self.screening_cap:
            old, _ = self.screening.popitem(last=False)
            closing.append(old)
        self.counts["pushed"] += len(closing)
        anonymous = self.buckets.take(address)
        verdict: Verdict = "anonymous" if anonymous else "key-only"
        self.counts[verdict] += 1
        self._open.add(connection)
        self.screening[connection] = anonymous
        return verdict, closing

    def screened(self, connection: Hashable, key: str | None) -> tuple[bool, list[Hashable]]:
        """``connection`` sent its request, with a valid seat ``key`` or not: whether it
        goes on to the handshake, and the connections to close for it."""
        anonymous = self.screening.pop(connection, False)
        if key is None:
            return anonymous, []
        self.counts["keyed"] += 1
        line = self._keyed.setdefault(key, deque())
        line.append(connection)
        self._key_of[connection] = key
        closing = []
        while len(line) > KEYED_PER_SEAT:
            closing.append(line.popleft())
            del self._key_of[closing[-1]]
        return True, closing

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
        self.screening.pop(connection, None)
        self.settled(connection)


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


def connection_cap(limit: int | None, open_now: int) -> int:
    """Connections a host may hold open at once: what the file ``limit`` leaves after
    the files open now and :data:`HEADROOM` (4096 where the limit is unknown).

    >>> connection_cap(256, 20), connection_cap(10, 5), connection_cap(None, 0)
    (172, 32, 4096)
    """
    if limit is None:
        return 4096
    return max(LEAST_CAP, limit - open_now - HEADROOM)
