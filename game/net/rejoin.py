"""Joining a table with the seat's key kept: a friend whose program closed sits down again.

:func:`join_table` is how the window joins a table: with a key kept for that table
(:mod:`game.net.seatkeys`) it asks for that seat back, else for an open one, and keeps
the key the host gives, so a program closed or a machine restarted takes the same seat
back, by code, by address or from the title screen. A key the host no longer knows (or
a table gone) is forgotten; the key is forgotten too once the game is over.
"""

from __future__ import annotations

from functools import partial

from game.net.client import JoinError
from game.net.remote import RemoteSession
from game.net.seatkeys import KeptSeat, SeatKeys, kept_seat, normal_address
from game.rules.presets import preset_for

FORGOTTEN = ("bad-token", "no-table")
"""Refusals after which a kept key is of no more use."""
KEYED_TRIES = 3
"""Tries with a kept key when the connection is broken off (a host under a flood may
close one before it has read it; the key takes the next one past the flood)."""


def join_table(
    address: str,
    name: str,
    code: str | None = None,
    keys: SeatKeys | None = None,
    timeout: float = 10.0,
) -> RemoteSession:
    """A seat at the table at ``address`` (``code`` names it on a host of several):
    this player's own seat back when ``keys`` hold one for it, else the first open
    seat. The seat's key is kept in ``keys``. Raises :class:`JoinError` (and nothing
    else), each step given ``timeout`` seconds."""
    kept = keys.find(address, code) if keys is not None else None
    session: RemoteSession | None = None
    if kept is not None and keys is not None:
        for attempt in range(1, KEYED_TRIES + 1):
            try:
                session = RemoteSession.join(address, kept.name, kept.code, kept.token, timeout)
                break
            except JoinError as error:
                if error.reason in FORGOTTEN:
                    keys.forget(kept.address, kept.code)
                    break
                if error.reason != "broken" or attempt == KEYED_TRIES:
                    raise
    if session is None:
        session = RemoteSession.join(address, name, code, timeout=timeout)
    if keys is not None:
        keep_seat(keys, address, session)
    return session


def rejoin(kept: KeptSeat, keys: SeatKeys) -> RemoteSession:
    """Take the kept seat back (from the title screen); raises :class:`JoinError`
    (the key is forgotten when the host no longer knows it)."""
    return join_table(kept.address, kept.name, kept.code, keys)


def keep_seat(keys: SeatKeys, address: str, session: RemoteSession) -> None:
    """Keep ``session``'s seat key, and forget it once its game is over."""
    if session.over:
        keys.forget(address, session.table_code)
        return
    preset = preset_for(session.rules)
    keys.keep(
        kept_seat(
            address,
            session.table_code,
            session.seat,
            session.token,
            session.players[session.seat].name,
            preset.id if preset else "",
            session.players[0].name,
        )
    )
    session.on_over = partial(keys.forget, normal_address(address), session.table_code)
