"""Connection floods against a host, and returning players timed through them.

Loopback only: every flood connects to 127.0.0.1 from addresses of 127/8 (Linux routes
all of it to the loopback device; the client socket is bound to its source address).
A flood keeps ``per_address`` connections open from each address and opens each again
the moment the host closes it (or after ``pause`` seconds); half of them send an
anonymous WebSocket request and then nothing, half send nothing at all. A returning
player's rejoin is timed from its connect to the first view of the table.

Used by ``ohhell bench net --floods`` and by ``tests/test_net_load.py``.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path

from game.bench.figures import percentile
from game.net import logs
from game.net.client import Client, JoinError
from game.net.door import raise_file_limit
from game.net.host import Host
from game.net.table import HostedTable, TableSettings
from game.rules.presets import get_preset
from game.rules.record import Player

REQUEST = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
"""An anonymous WebSocket request, as a flood sends it."""


def loopback(count: int) -> list[str]:
    """``count`` loopback addresses other than 127.0.0.1.

    >>> loopback(3), loopback(300)[-1]
    (['127.0.0.2', '127.0.0.3', '127.0.0.4'], '127.0.1.51')
    """
    return [f"127.0.{n // 250}.{n % 250 + 2}" for n in range(count)]


@dataclass
class FloodFigures:
    """What a flood did."""

    opened: int = 0
    """Connections the host accepted (the connect went through)."""
    failed: int = 0
    """Connects that failed (refused, or no file left on this side)."""
    started: float = field(default_factory=time.monotonic)

    def rate(self) -> float:
        return self.opened / max(1e-9, time.monotonic() - self.started)


@dataclass(frozen=True)
class Flood:
    """A flood's shape: from where, how many at once, and how soon opened again."""

    name: str
    addresses: Sequence[str]
    per_address: int
    pause: float = 0.0
    """Seconds before a closed connection is opened again (0: at once)."""


async def _one(
    port: int, source: str, request: bool, pause: float, stop: asyncio.Event, fig: FloodFigures
) -> None:
    """One flood connection, opened again and again until ``stop``."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except OSError:
            fig.failed += 1
            await asyncio.sleep(0.05)  # out of files or ports here: do not spin
            continue
        fig.opened += 1
        try:
            if request:
                writer.write(REQUEST)
            while await reader.read(4096):  # until the host closes it
                pass
        except OSError:
            pass
        finally:
            writer.transport.abort()
        if pause:
            await asyncio.sleep(pause)


async def flooding(port: int, flood: Flood, stop: asyncio.Event, fig: FloodFigures) -> None:
    """Run ``flood`` against the host on ``port`` until ``stop`` is set."""
    tasks = [
        asyncio.create_task(_one(port, source, n % 2 == 0, flood.pause, stop, fig))
        for source in flood.addresses
        for n in range(flood.per_address)
    ]
    await stop.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


@dataclass(frozen=True)
class Rejoin:
    """One returning player's way back: whether, how long, and in how many tries."""

    ok: bool
    seconds: float
    attempts: int
    failure: str = ""


async def rejoin_with_key(
    address: str, token: str, tries: int = 20, timeout: float = 10.0
) -> tuple[Rejoin, Client | None]:
    """Take a seat back with its key, trying again at once after a failure (at most
    ``tries`` times); the figures and the client (None when it failed)."""
    started, failure = time.perf_counter(), ""
    for attempt in range(1, tries + 1):
        try:
            client = await Client.join(address, "back", token=token, timeout=timeout)
            while client.view is None:
                await client.receive(timeout)
        except (JoinError, TimeoutError, OSError) as error:
            failure = getattr(error, "reason", type(error).__name__)
            continue
        return Rejoin(True, time.perf_counter() - started, attempt), client
    return Rejoin(False, time.perf_counter() - started, tries, failure), None


def descriptors(pid: int | None = None) -> int:
    """Open files of process ``pid`` (this one when None); 0 where /proc cannot say."""
    with contextlib.suppress(OSError):
        return len(os.listdir(f"/proc/{pid or 'self'}/fd"))
    return 0


def resident_mib(pid: int | None = None) -> float:
    """Resident memory of process ``pid`` in MiB; 0 where /proc cannot say."""
    with (
        contextlib.suppress(OSError, ValueError, IndexError),
        open(f"/proc/{pid or 'self'}/statm", "rb") as stream,
    ):
        return int(stream.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    return 0.0


# ---------------------------------------------------------------- a host in a process
def host_process(pipe: Connection, humans: int, files: int | None, log: str) -> None:
    """Serve one table of ``humans`` people and a computer (the file limit set to
    ``files`` first, the log written to ``log``) until the pipe says "stop"."""
    if files is not None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))
    logs.configure(to_stderr=False, path=Path(log))
    settings = TableSettings(drop_timeout=3600.0, think_delay=0.0, stand_in="random")
    seats = [Player(f"P{n}") for n in range(humans)] + [Player("Ada", "random")]
    rules = get_preset("oh-hell").rules(len(seats))
    table = HostedTable.new(rules, 7, seats, "FLOOD", settings)

    async def serve() -> None:
        host = Host([table])
        pipe.send((await host.start("127.0.0.1", 0), host.door.cap))
        loop = asyncio.get_running_loop()
        while (await loop.run_in_executor(None, pipe.recv)) != "stop":
            pipe.send(dict(host.door.counts, waiting_cap=host.gate.total))
        await host.close()

    asyncio.run(serve())


@dataclass
class FloodReport:
    """One flood's figures: the returning players' rejoins, the flood's rate, the
    host's files and memory (most seen), and the lines its log gained."""

    flood: Flood
    rejoins: list[Rejoin]
    rate: float
    opened: int
    most_files: int
    most_mib: float
    log_lines: int
    door: dict[str, int]
    out_of_files: int = 0
    """Lines of the host's log saying it could not accept (no file left)."""


async def _sample(pid: int, stop: asyncio.Event, most: list[float]) -> None:
    while not stop.is_set():
        most[0] = max(most[0], descriptors(pid))
        most[1] = max(most[1], resident_mib(pid))
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), 0.05)


def _log_lines(log: Path, about: bytes = b"") -> int:
    """Lines in the host's log and its rotated files (those that say ``about``)."""
    lines = 0
    for path in log.parent.glob(log.name + "*"):
        with contextlib.suppress(OSError):
            lines += sum(about in line for line in path.read_bytes().splitlines())
    return lines


def flood_process(pipe: Connection, port: int, flood: Flood, warm: int) -> None:
    """Run ``flood`` (in a process of its own, as an attacker elsewhere would); say
    "warm" once it opened ``warm`` connections, and its figures when told to stop."""

    raise_file_limit()

    async def run() -> None:
        stop, figures = asyncio.Event(), FloodFigures()
        task = asyncio.create_task(flooding(port, flood, stop, figures))
        for _ in range(6000):  # until it is in full swing (bounded: ten minutes)
            if figures.opened >= warm:
                break
            await asyncio.sleep(0.1)
        pipe.send("warm")
        since, started = figures.opened, time.monotonic()
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)
        opened, seconds = figures.opened - since, time.monotonic() - started
        stop.set()
        await task
        pipe.send((opened, opened / max(1e-9, seconds)))

    asyncio.run(run())


async def through_flood(
    address: str,
    pid: int,
    flood: Flood,
    tokens: list[str],
    rounds: int,
    log: Path,
    warm: int = 300,
    gap: float = 0.0,
) -> FloodReport:
    """Start ``flood`` in a process of its own, let it open ``warm`` connections, then
    bring each player of ``tokens`` back ``rounds`` times (dropping the connection
    first, ``gap`` seconds between two), and stop it; the flood's rate is counted from
    the first rejoin to the last."""
    import multiprocessing

    port = int(address.rsplit(":", 1)[1])
    stop, most = asyncio.Event(), [0.0, 0.0]
    lines = _log_lines(log)
    ours, theirs = multiprocessing.get_context("spawn").Pipe()
    flooder = multiprocessing.get_context("spawn").Process(
        target=flood_process, args=(theirs, port, flood, warm), daemon=True
    )
    flooder.start()
    loop = asyncio.get_running_loop()
    try:
        if not await loop.run_in_executor(None, ours.poll, 600):
            raise RuntimeError("the flood did not start")
        ours.recv()
        sampler = asyncio.create_task(_sample(pid, stop, most))
        rejoins = []
        for _ in range(rounds):
            for token in tokens:
                result, client = await rejoin_with_key(address, token)
                rejoins.append(result)
                if client is not None:
                    client.ws.transport.abort()  # dropped again: the next one comes back too
                await asyncio.sleep(gap)  # the flood goes on meanwhile
        ours.send("stop")
        stop.set()
        await sampler
        opened, rate = await loop.run_in_executor(None, ours.recv)
    finally:
        flooder.join(60)
        if flooder.is_alive():
            flooder.terminate()
    logged = _log_lines(log) - lines
    return FloodReport(
        flood, rejoins, rate, opened, int(most[0]), most[1], logged, {},
        _log_lines(log, b"cannot accept"),
    )  # fmt: skip


def floods(addresses: int = 300, per_address: int = 2) -> list[Flood]:
    """The floods of issue 49: connections opened again at once from ``addresses``
    loopback addresses, from the returning players' own address, and a plain flood
    (opened again after 0.2 s)."""
    many = loopback(addresses)
    return [
        Flood(f"reopened at once from {addresses} addresses", many, per_address),
        Flood("reopened at once from the players' own address", ["127.0.0.1"], 64),
        Flood(f"plain, reopened after 0.2 s, from {addresses} addresses", many, per_address, 0.2),
    ]


async def _seat_everyone(address: str, humans: int) -> list[str]:
    """Take the table's human seats; their keys (the players then drop)."""
    tokens = []
    for n in range(humans):
        client = await Client.join(address, f"Player {n}", timeout=30)
        tokens.append(client.token)
        client.ws.transport.abort()
    return tokens


def run_floods(
    chosen: list[Flood],
    humans: int,
    rounds: int,
    files: int | None,
    warm: int = 300,
    gap: float = 0.0,
) -> tuple[int, list[FloodReport]]:
    """Start a host in a process of its own and bring its players back through each
    flood in turn; the host's connection cap and each flood's report."""
    import multiprocessing
    import tempfile

    context = multiprocessing.get_context("spawn")
    ours, theirs = context.Pipe()
    with tempfile.TemporaryDirectory(prefix="ohhell-flood-") as folder:
        log = Path(folder) / "host.log"
        process = context.Process(
            target=host_process, args=(theirs, humans, files, str(log)), daemon=True
        )
        process.start()
        try:
            if not ours.poll(120):
                raise RuntimeError("the host did not start")
            port, cap = ours.recv()
            address = f"127.0.0.1:{port}"

            async def all_floods() -> list[FloodReport]:
                tokens = await _seat_everyone(address, humans)
                reports = []
                for flood in chosen:
                    assert process.pid is not None
                    report = await through_flood(
                        address, process.pid, flood, tokens, rounds, log, warm, gap
                    )
                    ours.send("figures")
                    report.door = ours.recv() if ours.poll(60) else {}
                    reports.append(report)
                return reports

            return cap, asyncio.run(all_floods())
        finally:
            ours.send("stop")
            process.join(30)
            if process.is_alive():
                process.terminate()
                process.join(10)


def report_lines(cap: int, reports: list[FloodReport], goal: float = 2.0) -> list[str]:
    """The figures of :func:`run_floods`, one paragraph per flood."""
    lines = [f"host: at most {cap} connections (from its file limit)"]
    for report in reports:
        done = [r for r in report.rejoins if r.ok]
        ms = sorted(r.seconds * 1000 for r in done)
        lines.append(f"{report.flood.name}: {report.opened:,} connections at {report.rate:,.0f}/s")
        if ms:
            lines.append(
                f"  honest rejoins: {len(done)} of {len(report.rejoins)}, median "
                f"{statistics.median(ms):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms, worst "
                f"{ms[-1]:.1f} ms, {sum(r.attempts for r in done)} tries, "
                f"{sum(r.seconds <= goal for r in done)} within {goal:g} s"
            )
        else:
            lines.append(f"  honest rejoins: 0 of {len(report.rejoins)}")
        times = ", ".join(f"{r.seconds * 1000:.0f}" for r in report.rejoins)
        lines.append(f"  each (ms): {times}")
        door = ", ".join(f"{key} {value:,}" for key, value in report.door.items())
        lines.append(
            f"  host: at most {report.most_files} files open, {report.most_mib:.0f} MiB "
            f"resident, {report.log_lines} log lines ({report.out_of_files} out of files); "
            f"door since the start: {door}"
        )
    return lines
