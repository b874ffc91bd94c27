"""The authoritative host: a websocket server over the tables it serves.

Each connection is one seat of one table. Everything a client sends is checked
(size by the websocket before it is read, then schema, then whose turn, then
legality, by :mod:`game.net.table`); a bad message is refused, logged and counted,
and the host goes on. Computer seats, dropped players' stand-ins and the deal are
moved on by one loop (:meth:`Host.run_tables`) that also hands dropped seats to a
computer after the timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Iterable

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net import door as d
from game.net import protocol as p
from game.net.entry import DoorConnection, QuietAccept
from game.net.gate import MAX_UNGREETED, Gate
from game.net.logs import LOG, RateLimit
from game.net.table import HostedTable
from game.net.wire import frozen
from game.rules.actions import Action
from game.rules.record import Level
from game.rules.view import SeatView

FAST_LEVELS: tuple[Level, ...] = ("random", "easy", "medium")
"""Levels that decide in the host's loop; the searching ones decide in a thread."""
HELLO_SECONDS = 5.0
"""How long a new connection may take to open and to say who it is (each)."""
MAX_PER_SECOND = 200
"""Messages a connection may send in one second; more closes it."""
LOOP_TICK = 0.02
SEND_SECONDS = 10.0
"""A client that has not taken a message in this long is cut off (it would hold the
others up)."""
WAIT_NOTICE = 8.0
"""Seconds the table waits for a player before the others are told whom it waits for."""

LOG.addFilter(RateLimit())


class Host:
    """Serves ``tables`` (by code) on a websocket; :meth:`start`, then :meth:`close`."""

    def __init__(self, tables: Iterable[HostedTable]) -> None:
        self.tables = {table.code: table for table in tables}
        self.conns: dict[tuple[str, int], ServerConnection] = {}
        self.server: Server | None = None
        self.refused = 0
        self.messages_in = 0
        self.messages_out = 0
        self.bytes_out = 0
        self._thinking: set[tuple[str, int]] = set()
        self._emoted: dict[tuple[str, int], float] = {}
        """When each seat last said something to its table."""
        self._waiting: dict[str, tuple[tuple[int, ...], float, bool]] = {}
        """Per table: the human seats it waits for, since when, and whether said."""
        self._loop_task: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self.gate = Gate()
        """The anonymous connections that have not said hello yet (bounded)."""
        self.door = d.Door(d.MAX_SCREENING, d.MAX_SCREENING)
        """Who comes in first under a flood (bounded by the file limit at :meth:`start`)."""
        self._quiet: QuietAccept | None = None
        self._save_errors: dict[str, str | None] = {}
        """Per table, the save failure last logged (None once saving works again)."""

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host``:``port`` (0: any free port); the port listened on."""
        backlog = self._bound_door()
        fields = {"gate": self.gate, "door": self.door}
        gated = type("HostConnection", (DoorConnection,), fields)
        loop = asyncio.get_running_loop()
        self._quiet = QuietAccept(loop)
        loop.set_exception_handler(self._quiet)
        self.server = await serve(
            self.handle,
            host,
            port,
            max_size=p.MAX_CLIENT_BYTES,
            max_queue=16,
            compression=None,
            open_timeout=HELLO_SECONDS,
            create_connection=gated,
            backlog=backlog,
        )
        self._loop_task = asyncio.create_task(self.run_tables())
        for listening in self.server.sockets:
            d.deepen_queue(listening)
        port_used: int = next(iter(self.server.sockets)).getsockname()[1]
        LOG.info(
            "serving %d table(s) on %s:%d (at most %d connections without a seat key)",
            len(self.tables), host, port_used, self.door.cap,
        )  # fmt: skip
        return port_used

    def _bound_door(self) -> int:
        """Size the door and the gate by the files this process may open (the soft
        limit raised to the hard one first); how many to accept in one turn of the loop."""
        seats = sum(
            seat.player.kind == "human" for table in self.tables.values() for seat in table.seats
        )
        cap, reserve, backlog = d.sizes(d.raise_file_limit(), d.open_files(), seats)
        self.door = d.Door(cap, min(d.MAX_SCREENING, cap // 2), reserve, is_key=self.knows_key)
        self.gate = Gate(total=min(MAX_UNGREETED, max(4, cap // 4)))
        return backlog

    def knows_key(self, key: str) -> bool:
        """Whether ``key`` is a seat's key at one of the tables (a returning player)."""
        return any(seat.token == key for table in self.tables.values() for seat in table.seats)

    async def close(self) -> None:
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        if self.server is not None:
            for waiting in list(self.door.screening):
                waiting.transport.abort()  # type: ignore[attr-defined]
            self.server.close()
            await self.server.wait_closed()
        if self._quiet is not None:
            self._quiet.remove()
        for table in self.tables.values():
            if table.saver is not None:
                table.saver.close()

    # ------------------------------------------------------------ one connection
    async def handle(self, ws: ServerConnection) -> None:
        """Seat the client that says hello, then carry out its messages until it goes."""
        try:
            raw = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            hello = p.decode_from_client(raw)
        except (TimeoutError, ConnectionClosed, p.BadMessage) as error:
            LOG.warning("no valid hello from %s: %s", ws.remote_address, error)
            self.refused += 1
            return
        if not isinstance(hello, p.Hello):
            self.refused += 1
            await self._send(ws, p.MessageRefused("not-seated", "say hello first"))
            return
        seated = self._seat(hello)
        if isinstance(seated, p.Reject):
            LOG.info("rejected %s: %s", ws.remote_address, seated.reason)
            await self._send(ws, seated)
            return
        table, seat = seated
        self.gate.seated(ws)
        self.door.settled(ws)
        key = (table.code, seat)
        old = self.conns.get(key)
        self.conns[key] = ws
        if old is not None:  # the same player on a new connection: the old one is dead
            old.transport.abort()
        await self._send(ws, table.welcome(seat))
        await self._send(ws, table.update(seat))
        for other, away in table.absences():  # who is away, for the one who just came
            if other != seat:
                await self._send(ws, p.TableNotice(away, other, table.seats[other].player.name))
        await self._notice(table, "back" if hello.token else "joined", seat)
        await self._broadcast(table)
        try:
            with contextlib.suppress(ConnectionClosed):
                await self._serve(ws, table, seat)
        finally:
            if self.conns.get(key) is ws:
                del self.conns[key]
                table.drop(seat, time.monotonic())
                await self._notice(table, "disconnected", seat)

    def _seat(self, hello: p.Hello) -> tuple[HostedTable, int] | p.Reject:
        if hello.version != p.PROTOCOL_VERSION:
            return p.Reject("version", p.PROTOCOL_VERSION)
        code = hello.table.upper() if hello.table else None
        if code is None and len(self.tables) == 1:
            code = next(iter(self.tables))
        table = self.tables.get(code) if code else None
        if table is None:
            return p.Reject("no-table", p.PROTOCOL_VERSION)
        seat = table.join(hello.name, hello.token, time.monotonic())
        if isinstance(seat, str):
            return p.Reject(seat, p.PROTOCOL_VERSION)
        return table, seat

    async def _serve(self, ws: ServerConnection, table: HostedTable, seat: int) -> None:
        second, count = int(time.monotonic()), 0
        async for raw in ws:
            self.messages_in += 1
            now = time.monotonic()
            if int(now) != second:
                second, count = int(now), 0
            count += 1
            if count > MAX_PER_SECOND:
                LOG.warning("table %s seat %d: too many messages, closing", table.code, seat)
                await self._refuse(ws, table, seat, p.MessageRefused("too-fast"))
                await ws.close()
                return
            try:
                message = p.decode_from_client(raw)
            except p.BadMessage as error:
                await self._refuse(
                    ws, table, seat, p.MessageRefused("bad-message", str(error)[:200])
                )
                continue
            await self._carry_out(ws, table, seat, message, now)

    async def _carry_out(
        self, ws: ServerConnection, table: HostedTable, seat: int, message: p.FromClient, now: float
    ) -> None:
        if isinstance(message, p.Hello):
            await self._refuse(ws, table, seat, p.MessageRefused("seated"))
        elif isinstance(message, p.Emote):
            key = (table.code, seat)
            if now - self._emoted.get(key, -p.EMOTE_SECONDS) >= p.EMOTE_SECONDS:
                self._emoted[key] = now
                await self._to_all(table, p.Emoted(seat, message.word))
        elif isinstance(message, p.Ready):
            table.ready(seat, message)
            if table.tick(now):
                await self._broadcast(table)
        else:
            refusal = table.act(seat, message, now)
            if refusal is not None:
                await self._refuse(ws, table, seat, refusal)
            else:
                await self._broadcast(table)

    async def _refuse(
        self, ws: ServerConnection, table: HostedTable, seat: int, refusal: p.MessageRefused
    ) -> None:
        self.refused += 1
        table.refused += 1
        LOG.warning(
            "table %s seat %d refused: %s %s", table.code, seat, refusal.problem, refusal.detail
        )
        await self._send(ws, refusal)

    # ------------------------------------------------------------ sending
    async def _send(self, ws: ServerConnection, message: p.FromHost) -> None:
        data = p.encode(message)
        self.messages_out += 1
        self.bytes_out += len(data)
        try:
            await asyncio.wait_for(ws.send(data.decode()), SEND_SECONDS)
        except ConnectionClosed:
            pass
        except TimeoutError:
            LOG.warning("%s takes no messages: cut off", ws.remote_address)
            ws.transport.abort()

    async def _broadcast(self, table: HostedTable) -> None:
        """Send every connected seat what it has not seen."""
        for seat in range(len(table.seats)):
            ws = self.conns.get((table.code, seat))
            if ws is not None:
                await self._send(ws, table.update(seat))

    async def _to_all(self, table: HostedTable, message: p.FromHost) -> None:
        """Send ``message`` to every connected seat of ``table``."""
        for seat in range(len(table.seats)):
            ws = self.conns.get((table.code, seat))
            if ws is not None:
                await self._send(ws, message)

    async def _tell_waiting(self, table: HostedTable, now: float) -> None:
        """Tell the others whom the table has waited for longer than :data:`WAIT_NOTICE`."""
        waiting = tuple(table.waiting_for()) if table.full else ()
        known, since, said = self._waiting.get(table.code, ((), now, False))
        if waiting != known:
            self._waiting[table.code] = (waiting, now, False)
        elif waiting and not said and now - since >= WAIT_NOTICE:
            self._waiting[table.code] = (waiting, since, True)
            for seat in waiting:
                await self._notice(table, "waiting", seat)

    async def _notice(self, table: HostedTable, signal: p.Signal, seat: int) -> None:
        notice = p.TableNotice(signal, seat, table.seats[seat].player.name)
        for other in range(len(table.seats)):
            ws = self.conns.get((table.code, other))
            if ws is not None and other != seat:
                await self._send(ws, notice)

    # ------------------------------------------------------------ the tables' loop
    async def run_tables(self) -> None:
        """Deal, let computers act and hand dropped seats over, every few milliseconds."""
        while True:
            now = time.monotonic()
            for table in list(self.tables.values()):
                try:
                    await self._step(table, now)
                except Exception:  # one table's fault must not stop the others
                    LOG.exception("table %s failed", table.code)
            await asyncio.sleep(LOOP_TICK)

    async def _step(self, table: HostedTable, now: float) -> None:
        self._report_saving(table)
        await self._tell_waiting(table, now)
        changed = bool(table.tick(now))
        for seat in table.expire(now):
            await self._notice(table, "computer", seat)
        for seat, level, view in table.due(now):
            key = (table.code, seat)
            if key in self._thinking:
                continue
            agent = table.agent(seat, level)
            if level in FAST_LEVELS:
                changed |= self._computer_acts(table, seat, agent.choose(view))
            else:
                self._thinking.add(key)
                task = asyncio.create_task(self._think(table, seat, level, frozen(view)))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
        if changed:
            await self._broadcast(table)

    async def _think(self, table: HostedTable, seat: int, level: Level, view: SeatView) -> None:
        """A searching computer decides in a thread; the loop goes on meanwhile."""
        try:
            action = await asyncio.to_thread(table.agent(seat, level).choose, view)
        finally:
            self._thinking.discard((table.code, seat))
        if self._computer_acts(table, seat, action):
            await self._broadcast(table)

    def _report_saving(self, table: HostedTable) -> None:
        """Log once when a table's save fails, and once when it works again."""
        error = table.saver.error if table.saver is not None else None
        said = self._save_errors.get(table.code)
        problem = None if error is None else (error.strerror or type(error).__name__)
        if problem == said:
            return
        self._save_errors[table.code] = problem
        if problem is not None:
            LOG.error("table %s cannot be saved: %s", table.code, problem)
        elif said is not None:
            LOG.info("table %s is saved again", table.code)

    @staticmethod
    def _computer_acts(table: HostedTable, seat: int, action: Action) -> bool:
        """Apply a computer's decision if it still stands (a player may have come back)."""
        if table.match.refusal(action) is not None or table.computer_level(seat) is None:
            return False
        table.apply(action, time.monotonic())
        return True
