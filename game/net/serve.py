"""``ohhell serve``: a host without a window, for a machine that stays on.

It opens one table (a preset, a number of players, which seats people take and
which computers play) and serves it until stopped. With ``--save FILE`` every
action is saved, with the seats' keys beside it (``FILE.seats``): a host started
again with the same file resumes the table where it was, and the players take
their seats back.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import errno
import socket
import sys
import time
from pathlib import Path
from typing import Annotated

import msgspec
from msgspec import Meta, Struct

from game.i18n.reasons import error_words
from game.net import logs
from game.net import protocol as p
from game.net.discovery import Announcer, Listing, local_address
from game.net.host import Host
from game.net.logs import LOG
from game.net.table import HostedTable, SeatState, TableSettings
from game.play.autosave import Autosaver
from game.play.sealing import load_save
from game.play.setup import COMPUTER_NAMES, new_seed
from game.rules.errors import RecordError
from game.rules.presets import get_preset, preset_for
from game.rules.record import Level, Player
from game.storage import NotRegular, TooLarge, atomic_write_text, read_bounded


class TableKeys(Struct, forbid_unknown_fields=True):
    """What ``FILE.seats`` holds: the table's code and each seat's key (None: open)."""

    code: p.Code
    tokens: Annotated[list[p.Token | None], Meta(max_length=16)]


def keys_path(save: Path) -> Path:
    return save.with_name(save.name + ".seats")


def write_keys(table: HostedTable, save: Path) -> None:
    keys = TableKeys(table.code, [seat.token for seat in table.seats])
    atomic_write_text(keys_path(save), msgspec.json.encode(keys).decode())


def resume_table(save: Path, settings: TableSettings) -> HostedTable:
    """The table saved at ``save``; its seats wait for their players (or, past the
    timeout, a computer plays them). Raises RecordError or OSError."""
    match, players = load_save(save)
    try:
        keys = msgspec.json.decode(read_bounded(keys_path(save), 8192), type=TableKeys)
    except (msgspec.DecodeError, TooLarge, NotRegular) as error:
        raise RecordError("seats", str(error)) from None
    if len(keys.tokens) != len(players):
        raise RecordError("seats", "not one key per seat")
    now = time.monotonic()
    seats = [
        SeatState(player, open=player.kind == "human" and token is None, token=token)
        for player, token in zip(players, keys.tokens, strict=True)
    ]
    for seat in seats:
        if seat.token is not None:
            seat.dropped_at = now
    return HostedTable(keys.code, match, seats, settings)


def new_table(
    variant: str, players: int, humans: int, level: Level, settings: TableSettings
) -> HostedTable:
    """A fresh table: ``humans`` seats for people, then computers of ``level``."""
    rules = get_preset(variant).rules(players)
    seated = [Player(f"Player {i + 1}") for i in range(humans)]
    seated += [Player(COMPUTER_NAMES[i], level) for i in range(players - humans)]
    return HostedTable.new(rules, new_seed(), seated, settings=settings)


def open_table(args: object, settings: TableSettings) -> HostedTable:
    """The table to serve: resumed from ``--save`` when it holds one, else new."""
    save: Path | None = getattr(args, "save", None)
    if save is not None and save.exists():
        table = resume_table(save, settings)
        LOG.info("resumed table %s from %s", table.code, save)
    else:
        table = new_table(
            getattr(args, "variant"),  # noqa: B009 (argparse namespace)
            getattr(args, "players"),  # noqa: B009
            getattr(args, "humans"),  # noqa: B009
            getattr(args, "level"),  # noqa: B009
            settings,
        )
    if save is not None:
        keep_saving(table, save)
    return table


def keep_saving(table: HostedTable, save: Path) -> None:
    """Save ``table`` at ``save`` after every action, and its seats' keys beside it."""
    table.saver = Autosaver(save)
    table.on_seat = lambda: write_keys(table, save)
    write_keys(table, save)


async def serve(
    table: HostedTable,
    address: str,
    port: int,
    stop_after: float | None,
    announce: bool = True,
) -> None:
    """Serve ``table`` until the game is over and everyone left, or ``stop_after``;
    with ``announce``, on the local network too (its open seats kept up to date)."""
    host = Host([table])
    port = await host.start(address, port)
    print(f"Serving table {table.code} on {address or '*'}:{port}", flush=True)
    announcer = await asyncio.to_thread(_announcer, table, port) if announce else None
    started = time.monotonic()
    try:
        while stop_after is None or time.monotonic() - started < stop_after:
            await asyncio.sleep(0.2)
            if announcer is not None:
                await asyncio.to_thread(announcer.follow)
            if table.over and not host.conns:
                break
    finally:
        if announcer is not None:
            await asyncio.to_thread(announcer.close)
        await host.close()


def _listen_words(error: BaseException) -> str:
    """Why a host could not listen, in a player's words."""
    known = {
        errno.EADDRINUSE: "another program uses that port (choose one with --port)",
        errno.EADDRNOTAVAIL: "that address is not one of this computer's",
        errno.EACCES: "ports below 1024 need an administrator (choose one with --port)",
    }
    number = getattr(error, "errno", None)
    if number in known:
        return known[number]
    return getattr(error, "strerror", None) or str(error) or type(error).__name__


class _Announced:
    """A served table announced on the local network, announced again when its open
    seats change (zeroconf blocks: called in a thread)."""

    def __init__(self, announcer: Announcer, listing: Listing, table: HostedTable) -> None:
        self.announcer, self.listing, self.table = announcer, listing, table

    def follow(self) -> None:
        seats = sum(seat.open for seat in self.table.seats)
        if seats != self.listing.open_seats:
            self.listing = dataclasses.replace(self.listing, open_seats=seats)
            with contextlib.suppress(Exception):  # the network list is only behind
                self.announcer.announce(self.listing)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.announcer.close()


def _announcer(table: HostedTable, port: int) -> _Announced | None:
    """Announce ``table`` on the local network; None (and a line in the log) when the
    network cannot be told."""
    preset = preset_for(table.rules)
    game = preset.id if preset is not None else ""  # each player reads it in their words
    name = (socket.gethostname() or "ohhell")[:30]
    listing = Listing(
        name, table.code, f"{local_address()}:{port}", game[:40],
        sum(seat.open for seat in table.seats), p.PROTOCOL_VERSION,
    )  # fmt: skip
    try:
        announcer = Announcer()
        announcer.announce(listing)
    except Exception:  # zeroconf's errors are many; the table is still served
        LOG.warning("could not announce the table on the local network", exc_info=True)
        return None
    print(f"Announced on the local network as {listing.address}, code {table.code}", flush=True)
    return _Announced(announcer, listing, table)


def main(args: argparse.Namespace) -> int:
    """Serve the table the command line asks for (see ``ohhell serve --help``)."""
    logs.configure()
    settings = TableSettings(drop_timeout=args.drop_timeout)
    try:
        table = open_table(args, settings)
    except (RecordError, OSError) as error:
        print(f"ohhell serve: {args.save}: {error_words(error)}", file=sys.stderr)
        return 1
    announce = not getattr(args, "no_announce", False)
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(serve(table, args.host, args.port, args.stop_after, announce))
    except (OSError, UnicodeError) as error:  # in use, not this machine's, not found
        where = f"{args.host or '*'}:{args.port}"
        print(f"ohhell serve: cannot listen on {where}: {_listen_words(error)}", file=sys.stderr)
        return 1
    return 0
