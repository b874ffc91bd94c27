"""A seat at a remote table, as the window's table sees a game session.

:class:`RemoteSession` gives the same :class:`~game.play.contract.TableSession` as
the local session, none of its capabilities (the host keeps the game; a table of
several people has no coach, claims or take-backs), and the match is on the host:
the connection runs in a thread of its own (an asyncio loop), messages wait in an
inbox, and :meth:`tick` takes them in on the window's thread, so views and events
change only between frames.
A dropped connection is taken up again with the seat's key, with a growing pause
between tries, for as long as the host may hold the seat (:class:`Retry`); the table
is told of each try (*Reconnecting… (attempt N)*) and when it is given up.
"""

from __future__ import annotations

import asyncio
import dataclasses
import queue
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Coroutine
from typing import Any

from game.i18n import _, ngettext
from game.i18n.reasons import refusal_words
from game.net import protocol as p
from game.net.client import Client, JoinError, failure_of
from game.play.autosave import Autosaver, SaveWatch
from game.play.contract import Absence
from game.play.notices import Notice
from game.rules.actions import Action, Play
from game.rules.errors import IllegalAction
from game.rules.events import Event
from game.rules.phase import Phase
from game.rules.reasons import Refusal, RefusedAction
from game.rules.record import Player
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.verify import refusal
from game.rules.view import SeatView, public_of

GONE_FOR_GOOD = ("bad-token", "no-table", "version")
"""Answers after which the host holds the seat no more: trying again is useless."""


@dataclasses.dataclass(frozen=True)
class Retry:
    """How a dropped connection is tried again: ``first`` seconds after the drop, each
    pause half as long again up to ``most``, each try given ``timeout`` seconds, and
    given up after ``hold`` seconds (a host keeps a dropped seat for its whole game; a
    host restarted from its save takes it back, so this is long)."""

    first: float = 0.25
    most: float = 15.0
    timeout: float = 10.0
    hold: float = 30 * 60.0

    def pause(self, attempt: int) -> float:
        """The pause before try ``attempt`` (1, 2, ...), a little jittered so that a
        table's players do not all come back in the same instant."""
        base = min(self.most, self.first * 1.5 ** (attempt - 1))
        return base * random.uniform(0.8, 1.0)


@dataclasses.dataclass(frozen=True)
class Reconnecting:
    """Put in the inbox before each try to take the connection up again."""

    attempt: int
    pause: float
    """Seconds until the next try, should this one fail."""


@dataclasses.dataclass(frozen=True)
class Lost:
    """Put in the inbox when the connection is given up."""

    attempts: int
    reason: str | None
    """Why the host holds the seat no more (:data:`GONE_FOR_GOOD`), or None: it did
    not answer for :attr:`Retry.hold` seconds."""


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
        "no-answer": _("The game at that address did not answer in time."),
        "broken": _(
            "What answered at that address broke off or is not an Oh Hell game: "
            "check the address, or try again in a moment."
        ),
        "bad-address": _("That is not an address: type it as 192.168.1.5:47317."),
    }
    return words.get(error.reason, _("No game answered at that address."))


def lost_words(lost: Lost) -> str:
    """Why the table's connection was given up, for the player."""
    if lost.reason is not None:
        return _("The host no longer holds your seat: the connection is closed.")
    return ngettext(
        "The connection to the host is lost (given up after {count} attempt).",
        "The connection to the host is lost (given up after {count} attempts).",
        lost.attempts,
    ).format(count=lost.attempts)


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


async def _seated(
    address: str, name: str, table: str | None, token: str | None, timeout: float = 10.0
) -> Client:
    """Join, and wait for the first view of the table; raises :class:`JoinError`,
    whatever goes wrong."""
    client = await Client.join(address, name, table, token, timeout)
    try:
        while client.view is None:
            await client.receive(timeout)
    except Exception as error:
        client.ws.transport.abort()
        raise failure_of(error) from error
    client.events.clear()
    return client


async def _wind_down() -> None:
    """Cancel what is left in this loop (a keepalive, a close on its way), then stop it."""
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    asyncio.get_running_loop().stop()


def _run_loop(loop: asyncio.AbstractEventLoop) -> None:
    """A session's thread: its loop, closed once stopped (its files given back)."""
    try:
        loop.run_forever()
    finally:
        loop.close()


def _stop_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Stop a session's loop (from any thread) once its tasks have ended."""
    winding = _wind_down()
    try:
        asyncio.run_coroutine_threadsafe(winding, loop)
    except RuntimeError:  # already closed
        winding.close()


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
        self.lost = False
        self._closed = False
        self.retry = Retry()
        """How a dropped connection is tried again (tests make it quick)."""
        self.attempts = 0
        """Tries to take the dropped connection up again (0 while connected)."""
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
        cls,
        address: str,
        name: str,
        table: str | None = None,
        token: str | None = None,
        timeout: float = 10.0,
    ) -> RemoteSession:
        """Connect to the host at ``address`` and take a seat; raises JoinError (and
        nothing else), each step given ``timeout`` seconds."""
        loop = asyncio.new_event_loop()
        threading.Thread(target=_run_loop, args=(loop,), name="ohhell-net", daemon=True).start()
        future = asyncio.run_coroutine_threadsafe(
            _seated(address, name, table, token, timeout), loop
        )
        try:
            client = future.result(timeout * 3)
        except BaseException as error:
            future.cancel()
            _stop_loop(loop)
            if isinstance(error, Exception):
                raise failure_of(error) from error
            raise
        return cls(address, client, loop)

    # ------------------------------------------------------------ the connection's thread
    async def _read(self) -> None:
        client = self._client
        while True:
            try:
                message = await client.receive()
            except p.BadMessage:
                continue
            except Exception:  # closed, reset, or anything else: the connection is gone
                await client.close()
                rejoined = await self._reconnect(client)
                if rejoined is None:
                    return
                client = self._client = rejoined
                continue
            self._inbox.put(_snapshot(client, message))

    async def _reconnect(self, old: Client) -> Client | None:
        """Take the seat back with its key, trying again after ever longer pauses until
        the host takes us, says the seat is gone, or :attr:`Retry.hold` runs out."""
        retry, started, attempt = self.retry, time.monotonic(), 0
        while time.monotonic() - started < retry.hold:
            attempt += 1
            await asyncio.sleep(retry.pause(attempt))
            self._inbox.put(Reconnecting(attempt, retry.pause(attempt + 1)))
            try:
                client = await _seated(
                    self.address, "-", old.welcome.table, old.token, retry.timeout
                )
            except JoinError as error:
                if error.reason in GONE_FOR_GOOD:
                    self._inbox.put(Lost(attempt, error.reason))
                    return None
                continue
            self._inbox.put(_snapshot(client, None))
            return client
        self._inbox.put(Lost(attempt, None))
        return None

    def _run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        try:
            asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        except RuntimeError:  # the session is closed: nothing is sent any more
            coroutine.close()

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

    def _refusal(self, action: Action) -> RefusedAction:
        """The engine's reason, from this seat's view (the host's own, word for word);
        an action that would be legal is refused while the last one is on its way."""
        view = self._view
        if view is None:
            return RefusedAction(Refusal.NOT_DEALT)
        refused = refusal(view, action)
        if refused is not None:
            return refused
        waiting = Refusal.NOT_YOUR_PLAY if isinstance(action, Play) else Refusal.NOT_YOUR_BID
        return RefusedAction(waiting, self.seat)

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
        if isinstance(item, Reconnecting):
            self.attempts = item.attempt
            words = _("Reconnecting… (attempt {number})").format(number=item.attempt)
            self.signals.append(Notice(words, "problem", max(1.0, item.pause)))
            return
        if isinstance(item, Lost):
            self.lost = True
            self.signals.append(Notice(lost_words(item), "problem"))
            return
        assert isinstance(item, Received)
        self.players = item.players
        self._seed = item.seed
        self.pending.extend(item.events)
        message = item.message
        if message is None:
            self.attempts = 0
            self.signals.append(Notice(_("Connected to the host again."), "good"))
        if (message is None or isinstance(message, p.Update)) and item.view is not None:
            self._view, self._moves, self._sent_at = item.view, item.moves, None
            if self.over and self.on_over is not None:
                self.on_over()
                self.on_over = None
        elif isinstance(message, p.TableNotice):
            self._absence(message)
            self.signals.append(notice_words(message))
        elif isinstance(message, p.MessageRefused):
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

    def emote(self, word: str) -> None:
        """Say ``word`` (one of :data:`game.net.protocol.Emotion`) to the table."""
        known = p.emotion(word)
        if known is not None:
            self._run(self._client.emote(known))

    def skip_wait(self) -> None:
        """Nothing to hurry: the host paces the computers."""

    def close(self) -> None:
        """Leave the table (the seat is kept for a while, as for a dropped player)."""
        if not self._closed and not self._loop.is_closed():
            self._closed = True
            self._reader.cancel()
            closing = self._client.close()
            try:
                asyncio.run_coroutine_threadsafe(closing, self._loop).result(3)
            except RuntimeError:  # closed meanwhile
                closing.close()
            except Exception:  # the connection's own trouble: it is dropped all the same
                pass
            _stop_loop(self._loop)
        if self.on_close is not None:
            self.on_close()
            self.on_close = None
