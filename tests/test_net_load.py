"""Returning players get in under a flood; the host's files, memory and log stay
bounded (issues 35 and 49).

Floods of connections opened again the moment the host drops them, from many loopback
addresses (127.0.0.x) and from the players' own address, hold the host's door; the
players drop and take their seats back with their keys meanwhile, each at its first
try. Every wait is for an event (connections opened, a rejoin answered), bounded by a
count; nothing decides on the clock.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.bench.flood import Flood, FloodFigures, flooding, loopback, rejoin_with_key, run_floods
from game.net import logs
from game.net.client import Client
from game.net.door import BURST as BUCKET_BURST
from game.net.door import MAX_ADDRESSES, Buckets, Door
from game.net.entry import QuietAccept
from game.net.gate import Gate
from game.net.host import Host
from game.net.logs import LOG_BURST, RateLimit
from game.net.table import HostedTable
from tests.nethelp import run, table_of


async def until(done: Callable[[], bool], what: str, polls: int = 30000) -> None:
    """Wait for ``done()``, looking every 20 ms, at most ``polls`` times."""
    for _ in range(polls):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"{what} did not happen")


def bounded(host: Host) -> bool:
    """The host holds no more connections than its door and gate allow."""
    door, gate = host.door, host.gate
    return (
        door.open <= door.cap
        and len(door.screening) <= door.screening_cap
        and gate.waiting <= gate.total
    )


@contextmanager
def threaded_host(*tables: HostedTable) -> Iterator[tuple[Host, str]]:
    """A host in a thread (and loop) of its own, as in a window, and its address."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    host = Host(tables)
    port = asyncio.run_coroutine_threadsafe(host.start("127.0.0.1", 0), loop).result(60)
    try:
        yield host, f"127.0.0.1:{port}"
    finally:
        asyncio.run_coroutine_threadsafe(host.close(), loop).result(60)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(60)
        loop.close()


def test_returning_players_get_in_through_floods_from_many_addresses_and_their_own(
    tmp_path: Path,
) -> None:
    log = tmp_path / "host.log"
    logs.configure(to_stderr=False, path=log)
    table = table_of(["human", "human", "random"])
    tries = []

    async def scenario(host: Host, address: str) -> None:
        keys = []
        for name in ("Ann", "Bo"):
            client = await Client.join(address, name)
            keys.append((client.seat, client.token))
            client.ws.transport.abort()
        port = int(address.rsplit(":", 1)[1])
        flood = Flood("mixed", [*loopback(20), "127.0.0.1", "127.0.0.1"], 4)
        stop, figures = asyncio.Event(), FloodFigures()
        task = asyncio.create_task(flooding(port, flood, stop, figures))
        try:
            await until(
                lambda: figures.opened >= 400 and host.door.counts["pushed"] >= 20,
                "a flood that fills the line",
            )
            for _ in range(3):
                for seat, token in keys:
                    result, back = await rejoin_with_key(address, token, tries=5)
                    assert result.ok, result
                    assert back is not None and back.seat == seat
                    tries.append(result.attempts)
                    back.ws.transport.abort()
                    assert bounded(host)
        finally:
            stop.set()
            await task
        assert bounded(host) and host.door.counts["key-only"] > 0

    try:
        with threaded_host(table) as (host, address):
            host.door.screening_cap, host.gate.total = 64, 8  # a small door, soon full
            run(scenario(host, address), timeout=600)
    finally:
        logs.unconfigure()
    assert len(tries) == 6 and sum(tries) <= 9, tries  # most at the first try
    lines = log.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 80, lines[-5:]  # hundreds of connections refused, a few lines


@pytest.mark.slow
def test_every_rejoin_gets_in_at_its_first_try_through_the_full_floods() -> None:
    floods = [
        Flood("300 addresses, reopened at once", loopback(300), 4),
        Flood("the players' own address, reopened at once", ["127.0.0.1"], 64),
    ]
    cap, reports = run_floods(floods, humans=3, rounds=2, files=1024, warm=1000, gap=0.2)
    assert cap < 1024
    for report in reports:
        assert [r.ok and r.attempts for r in report.rejoins] == [1] * 6, report.rejoins
        assert report.opened >= 100 and report.out_of_files == 0  # a flood all along
        assert report.most_files < 1024 and report.most_mib < 400 and report.log_lines < 120
    assert reports[0].door["pushed"] > 0  # the line was full: idle ones were pushed out


def test_the_door_lets_a_keyed_connection_past_a_full_line() -> None:
    door = Door(100, 3, buckets=Buckets(rate=0.0, burst=1), is_key={"the-key"}.__contains__)
    assert door.arrive("player", "10.0.0.1") == ("wait", [])
    closed = []
    for n in range(10):  # the flood, from the player's own address, says nothing
        decision, closing = door.arrive(f"flood{n}", "10.0.0.1")
        assert decision == "wait"
        closed += closing
    assert "player" in closed  # too slow to say who it is: pushed out, oldest first
    door.arrive("elsewhere", "10.0.0.9")
    for n in range(10, 20):  # a crowd pushes out its own first
        assert door.arrive(f"flood{n}", "10.0.0.1")[1] != ["elsewhere"]
    assert "elsewhere" in door.screening
    keyed = b"GET / HTTP/1.1\r\nOhhell-Seat: the-key"
    assert door.arrive("back", "10.0.0.1", keyed) == ("through", [])  # its key: through
    assert door.keyed("back") and door.arrive("x", "10.0.0.1", b"GET /") == ("close", [])
    assert door.screened("flood19", b"GET /") == (False, [])  # no key, no token: closed
    assert door.screened("elsewhere", b"GET /") == (True, [])  # its token: through
    for n in range(10):  # keyed ones are bounded per key too
        through, closing = door.arrive(f"k{n}", "10.0.0.2", keyed)
        assert through == "through" and closing == (["back"] if n == 1 else [f"k{n - 2}"] * (n > 1))
    assert door.open <= 100


def test_the_door_refuses_past_its_cap_and_forgets_addresses_beyond_its_bound() -> None:
    door = Door(2, 10, reserve=1, is_key={"k"}.__contains__)
    assert [door.arrive(n, "a")[0] for n in range(3)] == ["wait", "wait", "close"]
    keyed = b"GET / HTTP/1.1\r\nOhhell-Seat: k"
    assert door.arrive("seat", "a", keyed)[0] == "through"  # a key has room kept for it
    assert door.arrive("seat2", "a", keyed)[0] == "close"  # but bounded too
    buckets = Buckets()
    for n in range(MAX_ADDRESSES + 500):
        assert buckets.take(f"10.{n // 65536}.{n // 256 % 256}.{n % 256}")
    assert len(buckets) == MAX_ADDRESSES
    assert [buckets.take("1.2.3.4") for _ in range(BUCKET_BURST + 1)][-1] is False


def test_running_out_of_files_at_accept_is_one_line_not_tracebacks(
    caplog: pytest.LogCaptureFixture,
) -> None:
    loop = asyncio.new_event_loop()
    try:
        quiet = QuietAccept(loop)
        loop.set_exception_handler(quiet)
        error = OSError(24, "Too many open files")
        with caplog.at_level(logging.INFO):
            for _ in range(500):
                loop.call_exception_handler(
                    {"message": "socket.accept() out of system resource", "exception": error}
                )
        said = [r for r in caplog.records if "accept" in r.getMessage()]
        assert len(said) == 1 and said[0].exc_info is None and quiet.times == 500
        quiet.remove()
        assert loop.get_exception_handler() is None
    finally:
        loop.close()


def test_the_host_log_is_limited_rotated_and_the_libraries_quiet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(logs, "LOG_BYTES", 4000)

    def levels() -> tuple[int, int]:
        return logging.getLogger().level, logging.getLogger("websockets").level

    before = levels()
    path = logs.configure(to_stderr=False, path=tmp_path / "host.log")
    try:
        assert path == tmp_path / "host.log"
        assert logging.getLogger("websockets.server").getEffectiveLevel() == logging.WARNING
        logging.getLogger("websockets.server").info("connection open")  # never logged
        for _ in range(500):
            logging.getLogger("websockets.server").warning("a library's repeated warning")
        for n in range(400):  # every line a kind of its own: rotated, never over the size
            logging.getLogger("ohhell.test").info(f"line {n} " + "x" * 40)
    finally:
        logs.unconfigure()
    assert levels() == before  # the levels as they were
    files = sorted(tmp_path.glob("host.log*"))
    assert len(files) == 1 + logs.LOG_FILES
    assert all(f.stat().st_size <= 4000 for f in files)
    text = "".join(f.read_text(encoding="utf-8") for f in files)
    assert "connection open" not in text
    assert "line 399 " in text


def test_the_gate_pushes_out_the_crowded_address_first() -> None:
    gate = Gate(total=4, per_address=3)
    for n in range(3):
        assert gate.admit(f"a{n}", "a") == []
    assert gate.admit("a3", "a") == ["a0"]  # its own bound: its own oldest
    assert gate.admit("b0", "b") == []
    assert gate.admit("c0", "c") == ["a1"]  # the total: the most crowded address
    gate.gone("a2")
    assert gate.admit("d0", "d") == [] and gate.waiting == 4


def test_messages_of_one_kind_are_limited_whatever_their_level() -> None:
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
    for n in range(500):
        logger.error("failed %d", n)
    logger.critical("a real failure")
    assert len(records) == 2 * LOG_BURST + 1 and records[-1] == "a real failure"
