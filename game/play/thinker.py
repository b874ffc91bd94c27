"""Computer players think in a worker process, so the table never waits for them.

The window's process keeps the ``Match``; the worker gets a seat's :class:`SeatView`
(what that seat may see, never a hidden card), a level and a seed, and answers the
action. Decisions depend on the view and the seed only, so a worker that is stopped
mid-thought (a new game, an undo, quitting) and started again decides exactly as
the old one would have. A cancelled request is dropped by the worker, which stops its
search between two shards (:class:`Inbox`) and goes on with the next request.

One worker serves every game of the program (started on first use with the
``spawn`` method, which the PyInstaller builds support through
``multiprocessing.freeze_support``). Where the machine has cores to spare, helper
processes (:mod:`game.play.pool`) run part of each search beside it: hard and
expert split their deals into shards whose sums do not depend on who ran them,
so a decision is the same on one core or several. Where no process can be started,
decisions run in a thread instead, one shard after another.

>>> from game.rules.presets import PRESETS
>>> from game.rules.match import Match
>>> match = Match(PRESETS["oh-hell"].rules(4), 3)
>>> _ = match.advance_until_decision()
>>> seat = match.awaiting[0]
>>> thought = think("easy", 5, match.view(seat))
>>> thought.wait(30) and thought.action in match.legal_actions()
True
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import TYPE_CHECKING, Any, Literal, cast

from game.ai.advice import Advice
from game.play.lifeline import Tie, deaf_children, follow, tie
from game.play.pool import (
    ShardPool,
    helpers_wanted,
    lower_priority,
    start_helpers,
    stop_helpers,
)
from game.rules.actions import Action
from game.rules.record import Level
from game.rules.view import SeatView

if TYPE_CHECKING:
    from game.ai import Agent
    from game.ai.shards import Mapper

COACH: Literal["coach"] = "coach"
"""The request kind that asks for the coach's advice instead of a decision."""
ANALYSE: Literal["analyse"] = "analyse"
"""The request kind that judges an action already taken against the expert's choice."""
Kind = Level | Literal["coach", "analyse"]
"""What a request asks: a computer player's decision at a level, the coach, or an
analysis."""
WorkerRequest = tuple[Kind, int, SeatView, Action | None]
"""A request: its kind, the seed, the seat's view and (for an analysis) the action taken."""


@dataclass(frozen=True)
class Judgement:
    """An analysis's answer in plain data (the window's process never loads the players'
    modules, so the worker does not send their classes): the expert's choice and the
    seat's mean points after the action taken and after that choice (None, None when
    no search was needed)."""

    choice: Action
    action_points: float | None
    choice_points: float | None


Answer = Action | Advice | Judgement

AGENTS_KEPT = 32
"""Agents a worker keeps between decisions (their caches speed up the next ones)."""


@dataclass
class Thought:
    """A decision under way: :attr:`action` (or :attr:`advice`, for the coach, or
    :attr:`verdict`, for an analysis) once :meth:`done`."""

    job: int
    request: WorkerRequest | None = field(default=None, repr=False)
    """What was asked (kept to ask a new worker if this one stops)."""
    action: Action | None = None
    advice: Advice | None = None
    judgement: Judgement | None = None
    error: str | None = None
    _future: Future[Answer] | None = field(default=None, repr=False)

    def done(self) -> bool:
        if self._future is not None and self._future.done():
            self._take_future()
        elif self._future is None and not self._answered():
            _WORKER.collect()
        return self._answered()

    def wait(self, seconds: float) -> bool:
        """Block up to ``seconds`` for the decision (for tools and tests)."""
        end = time.monotonic() + seconds
        while not self.done():
            if time.monotonic() > end:
                return False
            time.sleep(0.002)
        return True

    def _answered(self) -> bool:
        answers = (self.action, self.advice, self.judgement, self.error)
        return any(answer is not None for answer in answers)

    def take(self, answer: Answer | None, error: str | None) -> None:
        """Keep the worker's answer: advice for the coach, a verdict for an analysis,
        else an action."""
        kind = self.request[0] if self.request is not None else None
        if kind == COACH:
            self.advice = cast("Advice | None", answer)
        elif kind == ANALYSE:
            self.judgement = cast("Judgement | None", answer)
        else:
            self.action = cast("Action | None", answer)
        self.error = error

    def result(self) -> Action:
        """The action decided; raises if the worker failed."""
        if self.action is None:
            raise RuntimeError(self.error or "no decision yet")
        return self.action

    def cancel(self) -> None:
        """Abandon the decision: the worker stops a search under way at its next shard
        (in thread mode one already started runs to its end, its answer unread)."""
        if self._future is not None:
            self._future.cancel()
        elif not self.done():
            _WORKER.cancel(self.job)

    def _take_future(self) -> None:
        assert self._future is not None
        try:
            self.take(self._future.result(), None)
        except Exception as error:  # the agent failed in the thread: report, don't crash
            self.error = f"{type(error).__name__}: {error}"


def think(level: Level, seed: int, view: SeatView) -> Thought:
    """Start deciding for the seat ``view`` belongs to, as a computer of ``level``."""
    return _WORKER.submit((level, seed, view, None))


def coach(seed: int, view: SeatView) -> Thought:
    """Start the coach's advice for the seat ``view`` belongs to (in the background,
    cancellable like a decision): :attr:`Thought.advice` once done."""
    return _WORKER.submit((COACH, seed, view, None))


def analyse(seed: int, view: SeatView, action: Action) -> Thought:
    """Start judging ``action``, taken by the seat of ``view``, against the expert's
    choice (in the background, cancellable): :attr:`Thought.judgement` once done."""
    return _WORKER.submit((ANALYSE, seed, view, action))


def use_threads(on: bool) -> None:
    """Decide in a thread of this process instead of the worker (to compare, or where
    processes are not wanted)."""
    _WORKER.close()
    _WORKER.use_threads = on


def warm_up() -> None:
    """Start the worker now (in the background), so the first decision is not late."""
    _WORKER.ensure_started()


# ------------------------------------------------------------------ the worker side
class _Agents:
    """The agents a worker keeps, the most recently used last (bounded)."""

    def __init__(self, mapper: Mapper | None = None) -> None:
        self._kept: OrderedDict[tuple[Level, int], Agent] = OrderedDict()
        self._mapper = mapper
        """Runs the searches' shards (None: one after another, in this thread)."""

    def forget(self, level: Kind, seed: int) -> None:
        """Drop the agent a stopped search belonged to (its caches may be half made)."""
        if level not in (COACH, ANALYSE):
            self._kept.pop((level, seed), None)

    def answer(self, kind: Kind, seed: int, view: SeatView, action: Action | None) -> Answer:
        """The decision of a computer of level ``kind``, the coach's advice, or the
        analysis of ``action``."""
        if kind in (COACH, ANALYSE):
            # the window's process never imports the players
            from game.ai.analysis import assess
            from game.ai.coach import advise
            from game.ai.shards import sequential_map

            mapper = self._mapper or sequential_map
            if kind == COACH:
                return advise(view, seed, mapper)
            if action is None:
                raise ValueError("an analysis needs the action taken")
            judged = assess(view, action, seed, mapper)
            return Judgement(judged.choice, judged.action_points, judged.choice_points)
        return self.decide(kind, seed, view)

    def decide(self, level: Level, seed: int, view: SeatView) -> Action:
        from game.ai import make_agent  # the window's process never imports the players

        key = (level, seed)
        agent = self._kept.get(key)
        if agent is None:
            if self._mapper is None:
                agent = make_agent(level, seed)
            else:
                agent = make_agent(level, seed, mapper=self._mapper)
            self._kept[key] = agent
            while len(self._kept) > AGENTS_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(key)
        return agent.choose(view)


CANCEL = "cancel"
"""The first item of the message ``(CANCEL, job)``: the window no longer wants ``job``."""


class Cancelled(Exception):
    """Raised inside a search whose request the window cancelled."""


class Inbox:
    """The worker's end of the pipe: requests in the order sent, and cancels, which a
    running search notices between its shards (:meth:`check`), so a cancelled search
    stops within a shard's time and the worker goes on with the next request."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.current: int | None = None
        """The job being answered."""
        self._queued: deque[tuple[Any, ...]] = deque()
        self._cancelled: set[int] = set()

    def next_request(self) -> tuple[Any, ...]:
        """The next request not cancelled; raises EOFError when the pipe closes."""
        while True:
            message = self._queued.popleft() if self._queued else self.connection.recv()
            if message[0] == CANCEL:
                self._cancelled.add(message[1])
                continue
            job = message[0]
            if job in self._cancelled:
                self._cancelled.discard(job)
                continue
            self.current = job
            self._cancelled = {number for number in self._cancelled if number > job}
            return tuple(message)

    def check(self) -> None:
        """Read what has arrived; raise :class:`Cancelled` if it cancels the current job."""
        while self.connection.poll():
            message = self.connection.recv()
            if message[0] != CANCEL:
                self._queued.append(message)
            elif message[1] == self.current:
                raise Cancelled
            else:
                self._cancelled.add(message[1])


def checking(mapper: Mapper | None, check: Callable[[], None]) -> Mapper:
    """``mapper`` (or one shard after another), calling ``check`` before the shards are
    handed out, and between shards when they run here one by one. The results are the
    mapper's own: checking never changes a decision."""

    def run_checked(run: Callable[[Any], Any], tasks: Sequence[Any], /) -> list[Any]:
        check()
        if mapper is not None:
            return mapper(run, tasks)
        results = []
        for task in tasks:
            check()
            results.append(run(task))
        return results

    return run_checked


def _serve(connection: Connection, helpers: list[Connection], parent: Tie) -> None:
    """The worker's loop: decide each view sent, until the pipe closes; ``helpers``
    are the pipes to the helper processes that share the searches. The window's
    frames come first: the worker runs at a lower priority, like its helpers. A
    request cancelled while its search runs is dropped unanswered. The worker ends
    with the window's process (``parent``), however that ends."""
    follow(parent)
    lower_priority()
    inbox = Inbox(connection)
    agents = _Agents(checking(ShardPool(helpers).map if helpers else None, inbox.check))
    while True:
        try:
            job, kind, seed, view, action = inbox.next_request()
        except (EOFError, OSError):
            return
        try:
            connection.send((job, agents.answer(kind, seed, view, action), None))
        except Cancelled:
            agents.forget(kind, seed)
        except (EOFError, OSError):
            return
        except Exception as error:  # a failing agent must not kill the worker
            connection.send((job, None, f"{type(error).__name__}: {error}"))


# ------------------------------------------------------------------ the window side
class _Worker:
    """The one worker process and the decisions sent to it (one at a time)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._process: BaseProcess | None = None
        self._helpers: list[BaseProcess] = []
        self._connection: Connection | None = None
        self._jobs = 0
        self._waiting: dict[int, Thought] = {}
        self._threads: ThreadPoolExecutor | None = None
        self._agents = _Agents()
        """The agents of thread mode (the worker process keeps its own)."""
        self.use_threads = False
        """True where no process could be started: decisions run in a thread."""

    def ensure_started(self) -> None:
        with self._lock:
            self._start()

    def _start(self) -> None:
        if self.use_threads or (self._process is not None and self._process.is_alive()):
            return
        self._stop()  # a worker that died may leave helpers behind
        helper_ends, helpers = start_helpers(helpers_wanted())
        try:
            context = multiprocessing.get_context("spawn")
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_serve, args=(theirs, helper_ends, tie()), daemon=True, name="ai"
            )
            with deaf_children():
                process.start()
            theirs.close()
        except (OSError, RuntimeError, ValueError):
            stop_helpers(helpers)
            self.use_threads = True
            return
        finally:
            for end in helper_ends:  # the worker holds them now
                end.close()
        self._process, self._connection, self._helpers = process, mine, helpers
        self._waiting.clear()

    def submit(self, request: WorkerRequest) -> Thought:
        with self._lock:
            self._jobs += 1
            thought = Thought(self._jobs, request)
            self._start()
            self._send(thought)
            return thought

    def _send(self, thought: Thought) -> None:
        """Ask the worker (a new one if it stopped; a thread where none can start)."""
        assert thought.request is not None
        for _attempt in range(2):
            if self.use_threads or self._connection is None:
                break
            try:
                self._connection.send((thought.job, *thought.request))
            except (OSError, ValueError):  # the worker died: start another
                self._stop()
                self._start()
                continue
            self._waiting[thought.job] = thought
            return
        thought._future = self._thread_pool().submit(self._agents.answer, *thought.request)

    def collect(self) -> None:
        """Take every answer that has arrived (never blocks)."""
        with self._lock:
            try:
                while self._connection is not None and self._connection.poll():
                    job, answer, error = self._connection.recv()
                    thought = self._waiting.pop(job, None)
                    if thought is not None:
                        thought.take(answer, error)
            except (EOFError, OSError):  # the worker died: ask a new one
                self._restart()

    def cancel(self, job: int) -> None:
        """Forget ``job`` and tell the worker, which drops it, stopping its search
        between two shards if it is under way (no new process is started)."""
        with self._lock:
            if self._waiting.pop(job, None) is None or self._connection is None:
                return
            try:
                self._connection.send((CANCEL, job))
            except (OSError, ValueError):  # the worker died: ask a new one
                self._restart()

    def _restart(self) -> None:
        others = list(self._waiting.values())
        self._stop()
        self._start()
        for thought in others:
            self._send(thought)

    def _stop(self) -> None:
        process, connection, helpers = self._process, self._connection, self._helpers
        self._process = self._connection = None
        self._helpers = []
        self._waiting.clear()
        if connection is not None:
            connection.close()
        stop_helpers([*helpers, *([process] if process is not None else [])])

    def close(self) -> None:
        with self._lock:
            self._stop()
            if self._threads is not None:
                self._threads.shutdown(wait=False, cancel_futures=True)
                self._threads = None

    def _thread_pool(self) -> ThreadPoolExecutor:
        if self._threads is None:
            self._threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ai")
        return self._threads


_WORKER = _Worker()
atexit.register(_WORKER.close)
