"""Helpers for the network tests: a host on 127.0.0.1 with a free port, small games."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import AsyncIterator, Awaitable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from typing import TypeVar

from game.net.client import Client
from game.net.host import Host
from game.net.table import HostedTable, TableSettings
from game.rules.events import Event
from game.rules.presets import PRESETS
from game.rules.record import Player, PlayerKind
from game.rules.ruleset import RuleSet

T = TypeVar("T")
FAST = TableSettings(drop_timeout=60.0, think_delay=0.0, hand_pause=5.0, stand_in="random")


def small_rules(players: int = 4, hands: int = 2) -> RuleSet:
    """Oh Hell cut to ``hands`` hands (a whole game in a few dozen actions)."""
    return dataclasses.replace(PRESETS["oh-hell"].rules(players), max_hands=hands)


def table_of(
    kinds: Sequence[PlayerKind], seed: int = 3, settings: TableSettings = FAST, hands: int = 2
) -> HostedTable:
    players = [Player(f"Seat {i}", kind) for i, kind in enumerate(kinds)]
    rules = small_rules(len(kinds), hands)
    return HostedTable.new(rules, seed, players, settings=dataclasses.replace(settings))


def run(coroutine: Awaitable[T], timeout: float = 60.0) -> T:
    """Run a test's coroutine, bounded in time."""

    async def bounded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(bounded())


@asynccontextmanager
async def hosting(*tables: HostedTable) -> AsyncIterator[tuple[Host, str]]:
    """A host of ``tables`` on 127.0.0.1 (a free port), and its address."""
    host = Host(tables)
    port = await host.start("127.0.0.1", 0)
    try:
        yield host, f"127.0.0.1:{port}"
    finally:
        await host.close()


async def receive_until(client: Client, done: object, timeout: float = 20.0) -> None:
    """Read messages until ``done(client)`` holds."""
    assert callable(done)
    while not done(client):
        await client.receive(timeout)


@contextmanager
def host_thread(*tables: HostedTable) -> Iterator[str]:
    """A host of ``tables`` on 127.0.0.1 running in a thread of its own (for code
    that is not asyncio, like the window's session); its address."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    host = Host(tables)
    port = asyncio.run_coroutine_threadsafe(host.start("127.0.0.1", 0), loop).result(10)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(host.close(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def count_ticks(table: HostedTable) -> list[float]:
    """The times the host looks at ``table`` from now on (one entry a look): what a
    test waits on before it says that nothing happened."""
    looks: list[float] = []
    tick = table.tick

    def counted(now: float) -> list[Event]:
        looks.append(now)
        return tick(now)

    table.tick = counted  # type: ignore[method-assign]
    return looks
