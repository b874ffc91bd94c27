"""The host's door: how many connections may wait to say hello, and who goes first.

A connection that has not said hello yet costs the host a file descriptor and
holds nobody's seat, so there may be only a few of them: at most
:data:`MAX_UNGREETED` in all and :data:`MAX_PER_ADDRESS` from one address. When a
new one would pass either bound, the oldest waiting connection of the address
with the most of them is closed, never the newcomer: a flood of idle connections
only ever pushes out idle connections (its own first), while an honest player,
who says hello within milliseconds, is seated before it could be pushed out.
Seated connections are not counted here (a table has at most eight seats).

>>> gate = Gate(total=3, per_address=2)
>>> gate.admit("a1", "10.0.0.1"), gate.admit("a2", "10.0.0.1"), gate.admit("a3", "10.0.0.1")
([], [], ['a1'])
>>> gate.admit("b1", "10.0.0.2"), gate.admit("c1", "10.0.0.3")
([], ['a2'])
>>> gate.seated("b1"); gate.waiting
2
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

MAX_UNGREETED = 64
"""Connections that have not said hello, in all."""
MAX_PER_ADDRESS = 8
"""Connections that have not said hello, from one address."""


class Gate:
    """The connections waiting to say hello, oldest first, and their addresses."""

    def __init__(self, total: int = MAX_UNGREETED, per_address: int = MAX_PER_ADDRESS) -> None:
        self.total = total
        self.per_address = per_address
        self._waiting: OrderedDict[Hashable, str] = OrderedDict()
        self._by_address: dict[str, int] = {}

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    def admit(self, connection: Hashable, address: str) -> list[Hashable]:
        """Let ``connection`` from ``address`` wait; the connections to close for it."""
        closing: list[Hashable] = []
        if self._by_address.get(address, 0) >= self.per_address:
            closing.append(self._oldest_of(address))
        elif len(self._waiting) >= self.total:
            crowded = max(self._by_address, key=self._by_address.__getitem__)
            closing.append(self._oldest_of(crowded))
        for old in closing:
            self.gone(old)
        self._waiting[connection] = address
        self._by_address[address] = self._by_address.get(address, 0) + 1
        return closing

    def seated(self, connection: Hashable) -> None:
        """``connection`` said hello and holds a seat now: it no longer waits."""
        self.gone(connection)

    def gone(self, connection: Hashable) -> None:
        """``connection`` closed (or was seated); forgetting an unknown one is fine."""
        address = self._waiting.pop(connection, None)
        if address is None:
            return
        left = self._by_address[address] - 1
        if left:
            self._by_address[address] = left
        else:
            del self._by_address[address]

    def _oldest_of(self, address: str) -> Hashable:
        return next(conn for conn, where in self._waiting.items() if where == address)
