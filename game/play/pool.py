"""A small pool of helper processes that run a search's shards beside its caller.

The caller (the computer players' worker, or ``ohhell bench ai``) hands
:meth:`ShardPool.map` a function and its tasks; helpers take tasks from the
front while the caller runs tasks from the back itself, and the results come
back in the tasks' order. Results do not depend on who ran which task, so the
search decides the same on one core or several (see :mod:`game.ai.shards`).

Helpers are started with ``spawn`` (PyInstaller builds support it), at a lower
priority where the system allows, so the window's drawing keeps its core. A
helper stops when its pipe closes: when the caller stops or is stopped, its
helpers follow once their current shard ends, and whoever started them may
also stop them at once (:func:`stop_helpers`). They end with the process that
started them (:mod:`game.play.lifeline`).

>>> pool = ShardPool([])  # no helper: the caller runs every task
>>> pool.map(abs, [-2, 3, -4])
[2, 3, 4]
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Sequence
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import TypeVar

from game.play.lifeline import Tie, deaf_children, follow, tie

Task = TypeVar("Task")
Result = TypeVar("Result")

HELPERS_AT_MOST = 3
"""Helpers worth starting: a search stage has four shards, and its caller runs one."""

HELPER_NICENESS = 5
"""How much lower the worker's and helpers' priority is than the window's."""


def cores_free() -> int:
    """The cores this process may run on (its affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def helpers_wanted(cores: int | None = None) -> int:
    """Helpers for ``cores`` cores (default: those free): one less than the cores,
    since the caller runs shards too, and no more than a stage has shards to share."""
    count = cores_free() if cores is None else cores
    return max(0, min(HELPERS_AT_MOST, count - 1))


def start_helpers(
    count: int, niceness: int = HELPER_NICENESS
) -> tuple[list[Connection], list[BaseProcess]]:
    """Start ``count`` helpers; returns the caller's ends of their pipes and the processes
    (fewer, or none, where processes cannot be started)."""
    context = multiprocessing.get_context("spawn")
    connections: list[Connection] = []
    processes: list[BaseProcess] = []
    for number in range(count):
        try:
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_help,
                args=(theirs, niceness, tie()),
                daemon=True,
                name=f"ai-helper-{number}",
            )
            with deaf_children():
                process.start()
            theirs.close()
        except (OSError, RuntimeError, ValueError):
            break
        connections.append(mine)
        processes.append(process)
    return connections, processes


def stop_helpers(processes: Sequence[BaseProcess]) -> None:
    """Stop helpers now, even in the middle of a shard."""
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(1.0)


def lower_priority(niceness: int = HELPER_NICENESS) -> None:
    """Give way to the window: this process runs ``niceness`` steps below it (where the
    system has priorities)."""
    if niceness and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(niceness)


def _help(connection: Connection, niceness: int, parent: Tie) -> None:
    """A helper's loop: run each task sent, answer, until the pipe closes (or the
    process that started it ends)."""
    follow(parent)
    lower_priority(niceness)
    import game.ai.search  # noqa: F401  (loaded now, not during the first decision)

    while True:
        try:
            run, task = connection.recv()
        except (EOFError, OSError):
            return
        try:
            answer: tuple[bool, object] = (True, run(task))
        except Exception as error:  # report it to the caller, keep serving
            answer = (False, f"{type(error).__name__}: {error}")
        try:
            connection.send(answer)
        except (OSError, ValueError):
            return


class ShardPool:
    """Runs tasks on the helpers at the other end of ``connections`` and here."""

    def __init__(self, connections: Sequence[Connection]) -> None:
        self.connections = list(connections)

    @property
    def size(self) -> int:
        """Processes working on a map: the helpers and the caller."""
        return len(self.connections) + 1

    def map(self, run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]:
        """``run`` on every task, helpers and caller together; results in task order."""
        results: dict[int, Result] = {}
        waiting = deque(range(len(tasks)))
        busy: dict[Connection, int] = {}
        try:
            while waiting or busy:
                for connection in self.connections:
                    if waiting and connection not in busy:
                        self._send(connection, run, tasks, waiting, busy)
                if waiting:
                    number = waiting.pop()
                    results[number] = run(tasks[number])
                    ready = [connection for connection in busy if connection.poll()]
                else:
                    ready = [connection for connection in wait(list(busy)) if connection in busy]
                for connection in ready:
                    self._receive(connection, busy, waiting, results)
        finally:
            self._drain(busy)
        return [results[number] for number in range(len(tasks))]

    def _send(
        self,
        connection: Connection,
        run: Callable[[Task], Result],
        tasks: Sequence[Task],
        waiting: deque[int],
        busy: dict[Connection, int],
    ) -> None:
        number = waiting.popleft()
        try:
            connection.send((run, tasks[number]))
        except (OSError, ValueError):  # the helper is gone: the others do its work
            self._drop(connection)
            waiting.appendleft(number)
            return
        busy[connection] = number

    def _receive(
        self,
        connection: Connection,
        busy: dict[Connection, int],
        waiting: deque[int],
        results: dict[int, Result],
    ) -> None:
        number = busy.pop(connection)
        try:
            ok, value = connection.recv()
        except (EOFError, OSError):  # the helper died: run its task again
            self._drop(connection)
            waiting.append(number)
            return
        if not ok:
            raise RuntimeError(f"a helper failed: {value}")
        results[number] = value

    def _drain(self, busy: dict[Connection, int]) -> None:
        """After a failure, wait for the answers still due so none arrives late."""
        for connection in list(busy):
            try:
                connection.recv()
            except (EOFError, OSError):
                self._drop(connection)
        busy.clear()

    def _drop(self, connection: Connection) -> None:
        if connection in self.connections:
            self.connections.remove(connection)
        connection.close()

    def close(self) -> None:
        """Close the pipes (the helpers then stop)."""
        for connection in self.connections:
            connection.close()
        self.connections = []
