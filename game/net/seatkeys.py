"""The seats this player holds at tables on other computers, kept on disk.

When a host seats a player it gives the seat a key; with it the seat is taken back
after the connection drops, the program closes or the machine restarts. The keys are
kept in ``seats.json`` in the per-user data folder: one entry per table (its address
and code), at most :data:`MAX_KEPT_TABLES` (the oldest forgotten first), each forgotten once
its game is over, the host no longer knows it, or after :data:`KEEP_SECONDS`.

The file holds secrets and comes back from disk untrusted: it is written atomically
and privately (mode 0600: the temporary file is created so, and renamed over the
old one), read bounded (:data:`MAX_KEYS_BYTES`) against a msgspec schema, and a damaged
file is kept aside and treated as empty.

>>> normal_address("ws://192.168.1.5:47317/"), normal_address("host.lan")
('192.168.1.5:47317', 'host.lan:47317')
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from game.net import protocol as p
from game.resources import data_dir
from game.saves import PRINTABLE, Name, Seat
from game.storage import atomic_write_text, keep_aside, read_bounded

FILE_NAME = "seats.json"
MAX_KEPT_TABLES = 16
"""Tables whose seats are remembered at once."""
MAX_KEYS_BYTES = 64 * 1024
"""The largest key file read (a full one is about 5 KB)."""
KEEP_SECONDS = 3 * 24 * 3600.0
"""A seat not used for this long is forgotten (the host has long given up its game)."""
KEYS_VERSION = 1

Address = Annotated[str, Meta(min_length=3, max_length=300, pattern=PRINTABLE)]
Words = Annotated[str, Meta(max_length=80, pattern=PRINTABLE)]


class KeptSeat(Struct, forbid_unknown_fields=True, frozen=True):
    """One seat at one table: where, which, and its key."""

    address: Address
    """``host:port`` as :func:`normal_address` writes it."""
    code: p.Code
    seat: Seat
    token: p.Token
    name: Name
    """The name this player sits under."""
    game: Words = ""
    """The game in words (``Oh Hell``), for the title screen."""
    host: Words = ""
    """Who sits in the table's first seat (the person hosting, in a window)."""
    used: Annotated[float, Meta(ge=0)] = 0.0
    """When the seat was last taken (seconds since the epoch)."""


class KeptSeats(Struct, forbid_unknown_fields=True):
    """What ``seats.json`` holds."""

    version: Annotated[int, Meta(ge=1, le=KEYS_VERSION)]
    seats: Annotated[list[KeptSeat], Meta(max_length=MAX_KEPT_TABLES)]


_DECODER = msgspec.json.Decoder(KeptSeats)


def normal_address(address: str) -> str:
    """``address`` as one spelling: ``host:port``, the default port filled in (as
    :func:`game.net.client.url_of` reads it; the title screen need not load the client)."""
    address = address.strip()
    for scheme in ("ws://", "wss://"):
        address = address.removeprefix(scheme)
    address = address.rstrip("/")
    if ":" not in address.rpartition("]")[2]:
        address = f"{address}:{p.DEFAULT_PORT}"
    return address


class SeatKeys:
    """The seat keys kept at ``path`` (read afresh on every question: another window
    of the same player may have changed them)."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @classmethod
    def of_user(cls) -> SeatKeys:
        """The player's own keys, in the per-user data folder."""
        return cls(data_dir() / FILE_NAME)

    # ------------------------------------------------------------ reading
    def all(self, now: float | None = None) -> list[KeptSeat]:
        """The seats kept and not yet stale, the most recently used first. A file that
        cannot be read counts as empty (a damaged one is kept aside)."""
        try:
            data = read_bounded(self.path, MAX_KEYS_BYTES)
        except FileNotFoundError:
            return []
        except OSError:
            return []
        except ValueError:  # too large
            keep_aside(self.path)
            return []
        try:
            kept = _DECODER.decode(data)
        except (msgspec.DecodeError, RecursionError):
            keep_aside(self.path)
            return []
        now = time.time() if now is None else now
        fresh = [seat for seat in kept.seats if now - seat.used < KEEP_SECONDS]
        return sorted(fresh, key=lambda seat: seat.used, reverse=True)

    def find(self, address: str, code: str | None) -> KeptSeat | None:
        """The seat kept at the table at ``address`` with ``code`` (any table there when
        no code is given: a host serving one table needs none)."""
        where = normal_address(address)
        wanted = code.upper() if code else None
        return next(
            (
                seat
                for seat in self.all()
                if seat.address == where and (wanted is None or seat.code == wanted)
            ),
            None,
        )

    def latest(self) -> KeptSeat | None:
        """The seat used most recently (what the title offers to rejoin)."""
        seats = self.all()
        return seats[0] if seats else None

    # ------------------------------------------------------------ writing
    def keep(self, seat: KeptSeat) -> None:
        """Remember ``seat`` (in place of any kept for the same table); the oldest are
        forgotten past :data:`MAX_KEPT_TABLES`. A file that cannot be written is left as it
        is: the seat can still be played, only not taken back after a restart."""
        seat = msgspec.structs.replace(
            seat, address=normal_address(seat.address), code=seat.code.upper()
        )
        table = (seat.address, seat.code)
        others = [kept for kept in self.all() if (kept.address, kept.code) != table]
        self._write([seat, *others][:MAX_KEPT_TABLES])

    def forget(self, address: str, code: str) -> None:
        """Forget the seat kept at that table, if any."""
        where, code = normal_address(address), code.upper()
        seats = self.all()
        left = [kept for kept in seats if (kept.address, kept.code) != (where, code)]
        if len(left) != len(seats):
            self._write(left)

    def _write(self, seats: list[KeptSeat]) -> None:
        data = msgspec.json.encode(KeptSeats(KEYS_VERSION, seats)).decode()
        with contextlib.suppress(OSError):
            atomic_write_text(self.path, data)


def kept_seat(
    address: str,
    code: str,
    seat: int,
    token: str,
    name: str,
    game: str = "",
    host: str = "",
    now: float | None = None,
) -> KeptSeat:
    """A seat to keep, its words cut to the schema's bounds."""
    return KeptSeat(
        normal_address(address),
        code.upper(),
        seat,
        token,
        name[:40] or "?",
        game[:80],
        host[:80],
        time.time() if now is None else now,
    )
