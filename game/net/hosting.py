"""Hosting from the window: a host in a thread of its own, announced on the network.

The person who hosts plays like everyone else, through a
:class:`~game.net.remote.RemoteSession` connected to their own host on this machine,
so the table cannot tell host from guest.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import threading
import time
from collections.abc import Sequence
from pathlib import Path

from game.net import protocol as p
from game.net.discovery import Announcer, Listing, bind_address, local_address
from game.net.host import Host
from game.net.logs import LOG
from game.net.remote import RemoteSession
from game.net.serve import keep_saving, resume_table
from game.net.table import HostedTable, TableSettings
from game.play.setup import new_seed
from game.rules.record import Player
from game.rules.ruleset import RuleSet

LISTING_WATCH_SECONDS = 2.0


class HostThread:
    """A :class:`Host` serving one table from a background thread."""

    def __init__(self, table: HostedTable) -> None:
        self.table = table
        self.host = Host([table])
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(
            target=self.loop.run_forever, name="ohhell-host", daemon=True
        )
        self.port = 0
        self.announcer: Announcer | None = None
        self.listing: Listing | None = None

    def start(self, address: str = "", port: int = p.DEFAULT_PORT) -> int:
        """Listen (on ``port``, or any free port when it is taken); the port."""
        self.thread.start()
        try:
            self.port = self._listen(address, port)
        except OSError:
            self.port = self._listen(address, 0)
        return self.port

    def _listen(self, address: str, port: int) -> int:
        return asyncio.run_coroutine_threadsafe(self.host.start(address, port), self.loop).result(
            10
        )

    def announce(self, name: str, game: str) -> Listing:
        """Tell the local network about the table (and, every few seconds, how many
        seats are still open); what was announced."""
        address = f"{local_address()}:{self.port}"
        listing = Listing(
            name, self.table.code, address, game, self._open_seats(), p.PROTOCOL_VERSION
        )
        try:
            self.announcer = self.announcer or Announcer()
            self.announcer.announce(listing)
        except Exception:  # zeroconf's errors are many; friends can still type the address
            LOG.warning("could not announce table %s", listing.code, exc_info=True)
            return listing
        self.listing = listing
        self.loop.call_soon_threadsafe(self._watch)
        return listing

    def _open_seats(self) -> int:
        return sum(seat.open for seat in self.table.seats)

    def seated(self) -> list[tuple[str, bool]]:
        """The seats for friends as the lobby shows them: each name, and whether a
        friend has taken it."""
        return [
            (seat.player.name, not seat.open)
            for seat in self.table.seats[1:]
            if seat.player.kind == "human"
        ]

    def release(self) -> None:
        """The person hosting sat down: the game starts once every seat is taken."""
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self.table.release, time.monotonic())
        else:
            self.table.release(time.monotonic())

    def _watch(self) -> None:
        """In the host's loop: announce again when the open seats changed (zeroconf
        blocks, so in a worker thread)."""
        listing, announcer = self.listing, self.announcer
        if listing is None or announcer is None:
            return
        if listing.open_seats != self._open_seats():
            self.listing = dataclasses.replace(listing, open_seats=self._open_seats())
            self.loop.run_in_executor(None, _announce, announcer, self.listing)
        self.loop.call_later(LISTING_WATCH_SECONDS, self._watch)

    def stop(self) -> None:
        self.listing = None
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
            self.announcer = None
        if self.thread.is_alive():
            done = asyncio.run_coroutine_threadsafe(self.host.close(), self.loop)
            with contextlib.suppress(Exception):
                done.result(5)
            self.loop.call_soon_threadsafe(self.loop.stop)


def _announce(announcer: Announcer, listing: Listing) -> None:
    """Announce again; a failure only means the network list is behind."""
    try:
        announcer.announce(listing)
    except Exception:  # zeroconf's errors are many; the game goes on without them
        LOG.warning("could not announce table %s again", listing.code, exc_info=True)


def host_players(name: str, players: Sequence[Player], friends: int) -> list[Player]:
    """The seats of a hosted table: the host first, then ``friends`` seats for people,
    then the computers of the setup."""
    computers = [player for player in players if player.kind != "human"]
    seats = [Player(name)] + [Player(f"Friend {i + 1}") for i in range(friends)]
    seats += computers[: len(players) - len(seats)]
    return seats


def host_game(
    rules: RuleSet,
    players: Sequence[Player],
    settings: TableSettings | None = None,
    address: str | None = None,
    port: int = p.DEFAULT_PORT,
    save: Path | None = None,
) -> tuple[HostThread, RemoteSession]:
    """Open a table and sit the host at seat 0; the host and the host's session (which
    stops the host when it closes). With ``save``, every action is saved there (and
    :func:`resume_hosted` opens the table again)."""
    table = HostedTable.new(rules, new_seed(), players, settings=settings)
    table.held = True  # until the person hosting sits down (HostThread.release)
    return _open(table, address, port, save, None)


def resume_hosted(
    save: Path, address: str | None = None, port: int = p.DEFAULT_PORT
) -> tuple[HostThread, RemoteSession]:
    """Open the table saved at ``save`` again, the host back in seat 0; raises
    RecordError or OSError when it cannot be read."""
    table = resume_table(save, TableSettings())
    table.held = True
    return _open(table, address, port, save, table.seats[0].token)


def _open(
    table: HostedTable, address: str | None, port: int, save: Path | None, token: str | None
) -> tuple[HostThread, RemoteSession]:
    if save is not None:
        keep_saving(table, save)
    hosting = HostThread(table)
    used = hosting.start(bind_address() if address is None else address, port)
    try:
        name = table.seats[0].player.name
        session = RemoteSession.join(f"127.0.0.1:{used}", name, table.code, token)
    except BaseException:
        hosting.stop()
        raise
    session.on_close = hosting.stop
    session.saver = table.saver  # the host's window says when the table cannot be saved
    return hosting, session
