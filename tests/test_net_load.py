"""Idle connections cannot shut players out (issue 35, item 3).

Hundreds of connections that never say hello, from many addresses and opened again
as soon as they are closed, hold the host's door full; meanwhile an honest player
joins, leaves and takes the seat back with its key. Loopback only (127.0.0.x).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging

import pytest
from websockets.asyncio.server import ServerConnection

from game.net.client import Client
from game.net.gate import MAX_PER_ADDRESS, MAX_WAITING, Gate
from game.net.host import Host
from game.net.logs import BURST, RateLimit
from tests.nethelp import hosting, run, table_of

ADDRESSES = [f"127.0.0.{n}" for n in range(2, 14)]
"""Where the idle connections come from (the honest player is 127.0.0.1)."""
PER_ADDRESS = 20


async def idle_flood(port: int, stop: asyncio.Event, opened: list[int]) -> None:
    """Keep ``PER_ADDRESS`` idle connections open from each address, re-opening each
    one as soon as the host closes it."""

    async def one(address: str) -> None:
        while not stop.is_set():
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(address, 0)
                )
            except OSError:
                await asyncio.sleep(0.01)
                continue
            opened[0] += 1
            with contextlib.suppress(OSError):
                await reader.read()  # until the host closes it
            writer.close()

    tasks = [asyncio.create_task(one(a)) for a in ADDRESSES for _ in range(PER_ADDRESS)]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


def bounded(host: Host) -> bool:
    """The host's open connections (every server connection whose socket is not
    closing, found by the collector, not by the gate) and those waiting from each
    address are within their bounds."""
    seats = sum(len(table.seats) for table in host.tables.values())
    open_now = sum(
        1
        for thing in gc.get_objects()
        if issubclass(type(thing), ServerConnection)
        and hasattr(thing, "transport")  # not yet opened: holds no socket
        and not thing.transport.is_closing()
    )
    return open_now <= MAX_WAITING + seats and all(
        count <= MAX_PER_ADDRESS for count in host.gate._by_address.values()
    )


@pytest.mark.slow
def test_an_honest_player_joins_and_rejoins_while_idle_connections_hold_the_door() -> None:
    async def scenario() -> None:
        table = table_of(["human", "human", "random"])
        async with hosting(table) as (host, address):
            port = int(address.rsplit(":", 1)[1])
            stop, opened = asyncio.Event(), [0]
            flood = asyncio.create_task(idle_flood(port, stop, opened))

            def full() -> int:
                return sum(n == MAX_PER_ADDRESS for n in host.gate._by_address.values())

            for _ in range(600):  # the door held full, every bound kept all along
                await asyncio.sleep(0.05)
                assert bounded(host)
                if opened[0] >= 2 * len(ADDRESSES) * PER_ADDRESS and full() >= 4:
                    break
            assert full() >= 4, host.gate._by_address  # addresses held at their bound
            joins = []
            for name in ("Ann", "Bo"):
                client = await Client.join(address, name)
                joins.append((client.seat, client.token))
                await client.close()
                assert bounded(host)
            for seat, token in joins:
                back = await Client.join(address, "again", token=token)
                assert back.seat == seat
                await back.close()
            assert bounded(host) and host.gate.pushed_out > len(ADDRESSES) * PER_ADDRESS // 2
            stop.set()
            await flood

    run(scenario(), timeout=120)


def test_the_gate_pushes_out_the_crowded_address_first() -> None:
    gate = Gate(total=4, per_address=3)
    for n in range(3):
        assert gate.admit(f"a{n}", "a") == []
    assert gate.admit("a3", "a") == ["a0"]  # its own bound: its own oldest
    assert gate.admit("b0", "b") == []
    assert gate.admit("c0", "c") == ["a1"]  # the total: the most crowded address
    gate.gone("a2")
    assert gate.admit("d0", "d") == [] and gate.waiting == 4


def test_warnings_of_one_kind_are_limited() -> None:
    records = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    logger = logging.getLogger("ohhell.test.limit")
    logger.propagate = False
    logger.addHandler(Keep())
    logger.addFilter(RateLimit())
    for n in range(500):
        logger.warning("refused %d", n)
    logger.error("a real failure")
    assert len(records) == BURST + 1 and records[-1] == "a real failure"
