"""Processes that end with their parent.

Every process the game starts (the computer players' worker and its helpers, a
tournament's workers, a benchmark's host) calls :func:`follow` first thing, with the
:class:`Tie` its parent made (:func:`tie`). From then on:

- **on Linux** the kernel kills it the moment its parent dies (``PR_SET_PDEATHSIG``),
  even in the middle of a long computation; armed only when the parent started it
  from its main thread, since the signal follows the starting *thread*;
- **everywhere** (macOS and Windows too) a watchdog thread waits on the parent: on the
  pipe or process handle that ``multiprocessing`` gives every child it starts, which
  becomes ready when the parent ends (and, on POSIX, on the parent's pid changing,
  for children started some other way), and ends the process at once;
- **Ctrl+C** is the parent's to handle: a terminal sends it to every process of the
  group, and a worker that stopped on it would print a traceback and leave a half-done
  answer. The parent starts its children deaf to it (:func:`deaf_children`), so
  that none is interrupted while it starts; they ignore it; the parent stops them
  (:func:`end_children`, or its own ending).

:func:`worker_pool` is a process pool whose workers follow their parent, and which,
interrupted, stops them at once instead of playing out its queue.

>>> pool_tie = tie()
>>> pool_tie.pid == os.getpid()
True
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import wait
from typing import ParamSpec, TypeVar

Params = ParamSpec("Params")
Result = TypeVar("Result")

ORPHANED = 1
"""The exit status of a process whose parent died (nobody reads it)."""
WATCH_SECONDS = 0.25
"""How often the watchdog looks at the parent's pid when it has nothing to wait on."""
PR_SET_PDEATHSIG = 1
"""``prctl``'s option: the signal a process gets when its parent dies (Linux)."""


@dataclass(frozen=True)
class Tie:
    """What a child needs to follow its parent: the parent's pid, and whether the kernel
    may be asked to kill the child with it (the parent starts it from its main thread)."""

    pid: int
    kernel: bool


def tie() -> Tie:
    """The tie for a child started now, from this thread."""
    return Tie(os.getpid(), threading.current_thread() is threading.main_thread())


@contextlib.contextmanager
def deaf_children() -> Iterator[None]:
    """Start children inside this: Ctrl+C is held back meanwhile, in this thread and
    in the children it starts (the mask is inherited), so none is interrupted while it
    starts; one pressed meanwhile reaches this process at the end. (Nothing on Windows.)"""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # started later, it would let Ctrl+C through
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def follow(parent: Tie) -> None:
    """Make this process end with its parent, and leave Ctrl+C to the parent."""
    with contextlib.suppress(ValueError, OSError):  # only the main thread may
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):  # held back while starting: ignored now
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    if parent.kernel:
        _ask_the_kernel(parent.pid)
    known = multiprocessing.parent_process()
    sentinel = known.sentinel if known is not None and known.pid == parent.pid else None
    watchdog = threading.Thread(
        target=_watch, args=(parent.pid, sentinel), name="lifeline", daemon=True
    )
    watchdog.start()


def _ask_the_kernel(parent: int) -> None:
    """Linux: SIGKILL this process when ``parent`` dies. Only where ``parent`` is the
    direct parent (a frozen build may put its loader between them)."""
    if not sys.platform.startswith("linux") or os.getppid() != parent:
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return  # no prctl here: the watchdog alone
    if os.getppid() != parent:  # it died before the kernel was asked
        os._exit(ORPHANED)


def _watch(parent: int, sentinel: int | None) -> None:
    """End this process when the parent has: its sentinel ready, or (POSIX) this
    process handed to another parent."""
    while True:
        if sentinel is not None:
            try:
                if wait([sentinel], WATCH_SECONDS):
                    break
            except (OSError, ValueError):
                sentinel = None  # closed under us: go on with the pid alone
        else:
            threading.Event().wait(WATCH_SECONDS)
        if os.name == "posix" and os.getppid() != parent:
            break
    os._exit(ORPHANED)


def end_children(seconds: float = 1.0) -> None:
    """Stop every process this one started through ``multiprocessing`` (at once, even in
    the middle of their work), waiting up to ``seconds`` in all for them to go."""
    children = multiprocessing.active_children()
    for child in children:
        with contextlib.suppress(OSError, ValueError):
            child.terminate()
    share = seconds / max(1, len(children))
    for child in children:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            child.join(share)


@contextlib.contextmanager
def worker_pool(jobs: int) -> Iterator[ProcessPoolExecutor]:
    """A pool of ``jobs`` worker processes that end with this one. Left normally it
    waits for its work; left by an exception (Ctrl+C included) it drops what is queued
    and stops its workers at once."""
    pool = _FollowingPool(max_workers=jobs, initializer=follow, initargs=(tie(),))
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        end_children()
        raise
    pool.shutdown()


class _FollowingPool(ProcessPoolExecutor):
    """A process pool that starts its workers deaf to Ctrl+C (they start as work is
    handed out)."""

    def submit(
        self, fn: Callable[Params, Result], /, *args: Params.args, **kwargs: Params.kwargs
    ) -> Future[Result]:
        with deaf_children():
            return super().submit(fn, *args, **kwargs)
