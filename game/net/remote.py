"""A seat at a remote table, as the window's table sees a game session.

:class:`RemoteSession` gives the same :class:`~game.play.contract.TableSession` as
the local session, but the match is on the host: the connection runs in a thread
of its own (an asyncio loop), messages wait in an inbox, and :meth:`tick` takes
them in on the window's thread, so views and events change only between frames.
A dropped connection is taken up again with the seat's key, a few times.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed

from game.i18n import _
from game.i18n.reasons import refusal_words
from game.net import protocol as p
from game.net.client import Client, JoinError
from game.play.autosave import Autosaver, SaveWatch
from game.play.contract import Absence
from game.play.notices import Notice
from game.rules.actions import Action, Play
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.reasons import Refusal, Refused
from game.rules.record import Player
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.verify import refusal
from game.rules.view import SeatView, public_of

if TYPE_CHECKING:
    from game.ai.advice import Advice

RETRY_SECONDS = 120.0
"""How long a dropped connection is tried again (1 s apart at first, then up to 10 s)
before giving up: long enough for a host to be started again."""
LOST = object()
"""Put in the inbox when the connection is gone for good."""


def join_words(error: JoinError) -> str:
    """Why a host would not seat us, for the player."""
    if error.reason == "version":
        return _(
            "The host plays another version of the game (network version {host}, yours {ours}): "
            "both must use the same release."
        ).format(host=error.host_version, ours=p.PROTOCOL_VERSION)
    words = {
        "full": _("Every seat at that table is taken."),
        "no-table": _("There is no table with that code at that address."),
        "bad-token": _("That seat's key is not known at this table."),
    }
    return words.get(error.reason, _("No game answered at that address."))


def notice_words(notice: p.TableNotice) -> str:
    """A quick signal in words."""
    words = {
        "waiting": _("Waiting for {name}"),
        "disconnected": _("{name} disconnected"),
        "back": _("{name} is back"),
        "computer": _("A computer plays for {name} now"),
        "joined": _("{name} joined"),
    }
    return words[notice.signal].format(name=notice.name)


@dataclasses.dataclass(frozen=True)
class Received:
    """A message and what the client knew once it took it in (handed between threads)."""

    message: p.FromHost | None
    """None: the connection was taken up again."""
    view: SeatView | None
    moves: int
    events: list[Event]
    players: list[Player]
    seed: int | None


async def _seated(address: str, name: str, table: str | None, token: str | None) -> Client:
    """Join, and wait for the first view of the table."""
    client = await Client.join(address, name, table, token)
    try:
        while client.view is None:
            await client.receive(10)
    except (TimeoutError, ConnectionClosed, p.BadMessage) as error:
        await client.close()
        raise JoinError("unreachable") from error
    client.events.clear()
    return client


def _snapshot(client: Client, message: p.FromHost | None) -> Received:
    events, client.events = client.events, []
    return Received(
        message,
        client.view,
        client.moves,
        events,
        list(client.players),
        client.seed,
    )


class RemoteSession:
    """One seat of a game served by a host, for the table scene."""

    def __init__(self, address: str, client: Client, loop: asyncio.AbstractEventLoop) -> None:
        self.address = address
        self._client = client
        self._loop = loop
        self._inbox: queue.SimpleQueue[object] = queue.SimpleQueue()
        self.players: list[Player] = list(client.players)
        self.pending: deque[Event] = deque()
        self.signals: deque[Notice | str] = deque()
        """Quick signals to show, oldest first (the table shows them as it ticks)."""
        self.take_backs_allowed = False
        """A table of several people takes nothing back."""
        self.take_backs = 0
        self.again_of: str | None = None
        self.kept: str | None = None
        """A game played on a host is kept by the host, not here."""
        self.lost = False
        self._view: SeatView | None = client.view
        self._moves = client.moves
        self._sent_at: int | None = None
        self._ready_for = 0
        self._seed: int | None = client.seed
        self._reader = asyncio.run_coroutine_threadsafe(self._read(), loop)
        self.on_close: Callable[[], None] | None = None
        """Called once the session closed (a host in this window stops then)."""
        self.saver: Autosaver | None = None
        """The save of the table, when this window hosts it."""
        self._watch = SaveWatch()
        self.on_over: Callable[[], None] | None = None
        """Called once when the game is seen to be over (the seat's key is forgotten)."""
        self.emotes: deque[tuple[int, str]] = deque()
        """What the players said to the table (seat, word), for the table to show."""
        self.absent: dict[int, Absence] = {}
        """The other seats whose players are away now, and why (from the host's notices)."""

    @classmethod
    def join(
        cls, address: str, name: str, table: str | None = None, token: str | None = None
    ) -> RemoteSession:
        """Connect to the host at ``address`` and take a seat; raises JoinError."""
        loop = asyncio.new_event_loop()
        threading.Thread(target=loop.run_forever, name="ohhell-net", daemon=True).start()
        future = asyncio.run_coroutine_threadsafe(_seated(address, name, table, token), loop)
        try:
            client = future.result(30)
        except TimeoutError:
            loop.call_soon_threadsafe(loop.stop)
            raise JoinError("unreachable") from None
        except BaseException:
            loop.call_soon_threadsafe(loop.stop)
            raise
        return cls(address, client, loop)

    # ------------------------------------------------------------ the connection's thread
    async def _read(self) -> None:
        client = self._client
        while True:
            try:
                message = await client.receive()
            except ConnectionClosed:
                rejoined = await self._reconnect(client)
                if rejoined is None:
                    self._inbox.put(LOST)
                    return
                client = self._client = rejoined
                continue
            except p.BadMessage:
                continue
            self._inbox.put(_snapshot(client, message))

    async def _reconnect(self, old: Client) -> Client | None:
        end, wait = time.monotonic() + RETRY_SECONDS, 1.0
        while time.monotonic() < end:
            await asyncio.sleep(wait)
            wait = min(10.0, wait * 1.5)
            with contextlib.suppress(JoinError):
                client = await _seated(self.address, "-", old.welcome.table, old.token)
                self._inbox.put(_snapshot(client, None))
                return client
        return None

    def _run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        asyncio.run_coroutine_threadsafe(coroutine, self._loop)

    # ------------------------------------------------------------ reading
    @property
    def seat(self) -> int:
        return self._client.seat

    @property
    def table_code(self) -> str:
        return self._client.welcome.table

    @property
    def token(self) -> str:
        """The seat's key: with it the seat is taken back after a drop."""
        return self._client.token

    @property
    def rules(self) -> RuleSet:
        return self._client.rules

    @property
    def results(self) -> tuple[HandResult, ...]:
        return self._view.results if self._view else ()

    @property
    def humans(self) -> list[int]:
        """Only this seat is played from this screen."""
        return [self.seat]

    @property
    def thinking(self) -> int | None:
        """A computer seat the table waits for, if any."""
        view = self._view
        if view is None or view.phase not in (Phase.BIDDING, Phase.PLAYING):
            return None
        return next(
            (
                s
                for s in view.awaiting
                if self.players[s].kind != "human" or self.absent.get(s) == "computer"
            ),
            None,
        )

    @property
    def deal_number(self) -> int | None:
        """The number that dealt the cards: known once the game is over (None before;
        the host keeps it, since it would tell every hand)."""
        return self._seed

    @property
    def moves(self) -> int:
        return self._moves

    @property
    def over(self) -> bool:
        return self._view is not None and self._view.phase is Phase.GAME_OVER

    def human_to_act(self) -> int | None:
        view = self.view(self.seat)
        return self.seat if self.seat in view.awaiting and view.legal else None

    def view(self, seat: int | None) -> SeatView:
        """This seat's view (while an action is on its way, with nothing legal; between
        hands, once the result was seen, as if dealing). Other seats see the public view."""
        if seat != self.seat:
            return self.public()
        view = self._view
        if view is None:
            raise RuntimeError("no view from the host yet")
        if self._sent_at is not None:
            view = dataclasses.replace(view, legal=())
        if view.phase is Phase.HAND_SCORED and self._ready_for >= view.hand_number:
            view = dataclasses.replace(view, phase=Phase.DEALING)
        return view

    def opening_view(self, seat: int | None) -> SeatView:
        """The table opens where the game is."""
        return self.view(seat)

    def public(self) -> SeatView:
        """What a spectator sees (from this seat's view, by the engine's rule)."""
        view = self._view
        if view is None:
            raise RuntimeError("no view from the host yet")
        return public_of(view)

    def explain(self, action: Action) -> str | None:
        view = self.view(self.seat)
        if action in view.legal:
            return None
        return refusal_words(self._refusal(action))

    def _refusal(self, action: Action) -> Refused:
        """The engine's reason, from this seat's view (the host's own, word for word);
        an action that would be legal is refused while the last one is on its way."""
        view = self._view
        if view is None:
            return Refused(Refusal.NOT_DEALT)
        refused = refusal(view, action)
        if refused is not None:
            return refused
        waiting = Refusal.NOT_YOUR_PLAY if isinstance(action, Play) else Refusal.NOT_YOUR_BID
        return Refused(waiting, self.seat)

    # ------------------------------------------------------------ acting
    def act(self, action: Action) -> list[Event]:
        """Send this seat's action to the host (checked here first, then there)."""
        if action.seat != self.seat:
            raise ValueError(f"seat {action.seat} is not played from here")
        if action not in self.view(self.seat).legal:
            raise IllegalAction(self._refusal(action))
        self._sent_at = self._moves
        self._run(self._client.act(action))
        return []

    def continue_after_hand(self) -> None:
        view = self._view
        if view is not None and view.phase is Phase.HAND_SCORED:
            self._ready_for = view.hand_number
            self._run(self._client.ready(view.hand_number))

    def tick(self, dt: float, speed: float = 1.0) -> None:
        """Take in what the host sent since the last frame (and, at the host's own
        window, say when its table's save starts or stops failing)."""
        if self.saver is not None:
            notice = self._watch.observe(self.saver.attempts, self.saver.error, time.monotonic())
            if notice is not None:
                self.signals.append(notice)
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return
            self._take(item)

    def _take(self, item: object) -> None:
        if not isinstance(item, Received):
            self.lost = True
            self.signals.append(Notice(_("The connection to the host is lost."), "problem"))
            return
        self.players = item.players
        self._seed = item.seed
        self.pending.extend(item.events)
        message = item.message
        if message is None:
            self.signals.append(_("Connected to the host again."))
        if (message is None or isinstance(message, p.Update)) and item.view is not None:
            self._view, self._moves, self._sent_at = item.view, item.moves, None
            if self.over and self.on_over is not None:
                self.on_over()
                self.on_over = None
        elif isinstance(message, p.TableNotice):
            self._absence(message)
            self.signals.append(notice_words(message))
        elif isinstance(message, p.ActRefused):
            self._sent_at = None
        elif isinstance(message, p.Emoted):
            self.emotes.append((message.seat, message.word))

    def _absence(self, notice: p.TableNotice) -> None:
        """Keep up with who is away: dropped, played by a computer, or back."""
        if notice.seat == self.seat:
            return
        if notice.signal == "disconnected":
            self.absent[notice.seat] = "disconnected"
        elif notice.signal == "computer":
            self.absent[notice.seat] = "computer"
        elif notice.signal in ("back", "joined"):
            self.absent.pop(notice.seat, None)

    can_emote = True
    """A few friendly words may be sent to the table."""

    def emote(self, word: str) -> None:
        """Say ``word`` (one of :data:`game.net.protocol.Emotion`) to the table."""
        known = p.emotion(word)
        if known is not None:
            self._run(self._client.emote(known))

    def skip_wait(self) -> None:
        """Nothing to hurry: the host paces the computers."""

    def save(self) -> None:
        """The host keeps the game."""

    @property
    def keeping(self) -> bool:
        return False

    saves_here = False
    """The host keeps the game, not this screen."""

    # ------------------------------------------------------------ the coach
    coach_possible = False
    """No coach in a network game (yet): it may run only if every player at the table
    wished it, and the host's protocol does not carry the players' wishes."""
    coach_on = False

    def coach_wished(self, seat: int) -> bool:
        return False

    def wish_coach(self, seat: int, on: bool) -> None:
        """Nothing: the coach does not run in a network game."""

    def coach_advice(self, seat: int) -> Advice | None:
        return None

    def can_claim(self) -> bool:
        """No claims at a table of several people (the host has no way to agree one)."""
        return False

    def claim(self) -> bool:
        return False

    def can_take_back(self) -> bool:
        return False

    def take_back(self) -> bool:
        return False

    def close(self) -> None:
        """Leave the table (the seat is kept for a while, as for a dropped player)."""
        self._reader.cancel()
        done = asyncio.run_coroutine_threadsafe(self._client.close(), self._loop)
        with contextlib.suppress(Exception):
            done.result(3)
        self._loop.call_soon_threadsafe(self._loop.stop)
        if self.on_close is not None:
            self.on_close()
            self.on_close = None
