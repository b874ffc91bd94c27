"""A player's end of the connection: join a host, follow the table, act for one seat.

:class:`Client` is asyncio and headless: it keeps what the host sent (the rules,
the players, this seat's :class:`~game.rules.view.SeatView`, the public events not
taken yet) and sends this seat's actions. Tests, the load test and the window's
:class:`~game.net.remote.RemoteSession` all use it.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidURI

from game.net import protocol as p
from game.net.door import SEAT_HEADER
from game.net.wire import decode_view, read_event
from game.rules.actions import Action, Bid
from game.rules.events import Event
from game.rules.names import clean_name
from game.rules.phase import Phase
from game.rules.record import Player
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView


class JoinError(Exception):
    """The host would not seat us; ``reason`` says why: a :data:`protocol.Rejection`,
    or what went wrong on the way (:data:`FAILURES`)."""

    def __init__(self, reason: str, host_version: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.host_version = host_version


CLOSE_SECONDS = 2.0
"""How long a closing connection waits for the other end's goodbye."""
FAILURES = ("unreachable", "no-answer", "broken", "bad-address")
"""Why a join fails when no host refused it: nothing listens there, nothing answered in
time, what answered broke off or spoke no game, the address cannot be one."""


def failure_of(error: BaseException, connecting: bool = False) -> JoinError:
    """Any error met while joining (``connecting``: while opening the connection), as
    the :class:`JoinError` a player is told.

    >>> [failure_of(e).reason for e in (ConnectionRefusedError(), TimeoutError(), EOFError())]
    ['unreachable', 'no-answer', 'broken']
    """
    if isinstance(error, JoinError):
        return error
    if isinstance(error, InvalidURI | UnicodeError) or (connecting and type(error) is ValueError):
        reason = "bad-address"
    elif isinstance(error, TimeoutError):
        reason = "no-answer"
    elif isinstance(error, OSError):
        reason = "unreachable"
    else:  # a handshake refused or broken off, garbage, a connection closed on the way
        reason = "broken"
    failure = JoinError(reason)
    failure.__cause__ = error
    return failure


def url_of(address: str) -> str:
    """``host:port`` (or a ``ws://`` address) as a websocket address."""
    address = address.strip()
    if address.startswith(("ws://", "wss://")):
        return address
    if ":" not in address.rpartition("]")[2]:
        address = f"{address}:{p.DEFAULT_PORT}"
    return f"ws://{address}"


@dataclass
class Client:
    """One seat at a remote table."""

    ws: ClientConnection
    welcome: p.Welcome
    rules: RuleSet
    players: list[Player]
    view: SeatView | None = None
    moves: int = 0
    events: list[Event] = field(default_factory=list)
    """Public events received and not taken yet, oldest first."""
    notices: list[p.TableNotice] = field(default_factory=list)
    refusals: list[p.MessageRefused] = field(default_factory=list)
    emotes: list[p.Emoted] = field(default_factory=list)
    """What the players said, not taken yet."""
    seed: int | None = None
    """The deal number, told once the game is over."""
    bytes_in: int = 0
    raw_log: list[str | bytes] | None = None
    """Every message as received, when a list is given (for tests)."""

    @property
    def seat(self) -> int:
        return self.welcome.seat

    @property
    def token(self) -> str:
        return self.welcome.token

    @classmethod
    async def join(
        cls,
        address: str,
        name: str,
        table: str | None = None,
        token: str | None = None,
        timeout: float = 10.0,
        version: int = p.PROTOCOL_VERSION,
    ) -> Client:
        """Connect and take a seat (or take ours back with ``token``); raises
        :class:`JoinError`."""
        headers = {SEAT_HEADER: token} if token else None
        try:
            ws = await asyncio.wait_for(
                connect(
                    url_of(address),
                    max_size=p.MAX_MESSAGE_BYTES,
                    compression=None,
                    additional_headers=headers,
                    open_timeout=None,
                ),
                timeout,
            )
        except Exception as error:  # whatever the other end does, one JoinError
            raise failure_of(error, connecting=True) from error
        try:
            await ws.send(p.encode(p.Hello(version, name[:40], table, token)).decode())
            first = p.decode_from_host(await asyncio.wait_for(ws.recv(), timeout))
            if isinstance(first, p.Reject):
                raise JoinError(first.reason, first.version)
            if not isinstance(first, p.Welcome):
                raise JoinError("broken")
            rules = RuleSet.from_dict(first.rules)
        except Exception as error:
            ws.transport.abort()  # nothing more to say to that host
            raise failure_of(error) from error
        players = [
            Player(clean_name(doc.name) or f"#{seat + 1}", doc.kind)
            for seat, doc in enumerate(first.players)
        ]
        return cls(ws, first, rules, players)

    async def close(self) -> None:
        await _abort(self.ws)

    # ------------------------------------------------------------ receiving
    async def receive(self, timeout: float | None = None) -> p.FromHost:
        """Read the next message and take it in; raises ConnectionClosed at the end,
        TimeoutError after ``timeout`` seconds, BadMessage for a broken one."""
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        self.bytes_in += len(raw)
        if self.raw_log is not None:
            self.raw_log.append(raw)
        message = p.decode_from_host(raw)
        self.take(message)
        return message

    def take(self, message: p.FromHost) -> None:
        """Bring what we know in line with ``message``."""
        if isinstance(message, p.Update):
            old = self.view
            results: tuple[HandResult, ...] = old.results if old else ()
            same_hand = old is not None and old.hand_number == message.view.hand_number
            tricks = old.tricks if old is not None and same_hand else ()
            try:
                self.view = decode_view(message.view, self.rules, results, tricks)
                self.events.extend(read_event(doc) for doc in message.events)
            except ValueError as error:
                raise p.BadMessage(str(error)) from None
            self.moves = message.moves
            self.seed = message.seed if message.seed is not None else self.seed
        elif isinstance(message, p.TableNotice):
            self.notices.append(message)
            if message.signal in ("joined", "back"):
                kind = self.players[message.seat].kind
                name = clean_name(message.name) or self.players[message.seat].name
                self.players[message.seat] = Player(name, kind)
        elif isinstance(message, p.MessageRefused):
            self.refusals.append(message)
        elif isinstance(message, p.Emoted):
            self.emotes.append(message)

    # ------------------------------------------------------------ acting
    async def act(self, action: Action) -> None:
        """Send this seat's bid or card (the host checks it)."""
        if isinstance(action, Bid):
            message = p.Act(moves=self.moves, bid=action.tricks)
        else:
            message = p.Act(moves=self.moves, play=str(action.card))
        await self.send(message)

    async def emote(self, word: p.Emotion) -> None:
        """Say a few friendly words to the table."""
        await self.send(p.Emote(word))

    async def ready(self, hand: int) -> None:
        await self.send(p.Ready(hand))

    async def send(self, message: p.FromClient) -> None:
        await self.ws.send(p.encode(message).decode())

    async def send_raw(self, data: str | bytes) -> None:
        """Send anything at all (for tests of a host's defences)."""
        await self.ws.send(data)

    # ------------------------------------------------------------ a headless player
    def my_turn(self) -> bool:
        view = self.view
        return view is not None and self.seat in view.awaiting and bool(view.legal)

    async def play_randomly(self, seed: int, timeout: float = 30.0) -> SeatView:
        """Play legal actions chosen at random until the game is over; the last view."""
        chooser = random.Random(seed)
        acted_at, readied = -1, 0
        while True:
            view = self.view
            if view is not None and view.phase is Phase.GAME_OVER:
                return view
            if view is not None and self.my_turn() and acted_at != self.moves:
                acted_at = self.moves
                await self.act(chooser.choice(view.legal))
            if view is not None and view.phase is Phase.HAND_SCORED and readied < view.hand_number:
                readied = view.hand_number
                await self.ready(readied)
            await self.receive(timeout)


async def _abort(ws: ClientConnection) -> None:
    """Close ``ws`` politely if the other end takes part, else drop it (never raises)."""
    try:
        await asyncio.wait_for(ws.close(), CLOSE_SECONDS)
    except Exception:
        ws.transport.abort()
