"""Hard and expert search in shards: the same decisions whether the shards run one
after another or on helper processes, and a pool that keeps working when a helper
stops."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

import pytest

from game.ai import make_agent
from game.ai.shards import SHARDS, sequential_map, split
from game.play import pool as pool_module
from game.play import thinker
from game.play.pool import ShardPool, helpers_wanted, start_helpers, stop_helpers
from game.rules import PRESETS, Match, Phase, SeatView
from game.rules.record import Level

Task = TypeVar("Task")
Result = TypeVar("Result")

BUDGET = 0.1
"""Enough budget that every shard of both stages gets deals."""


def pid(_task: object) -> int:
    return os.getpid()


def fail_on_three(task: int) -> int:
    if task == 3:
        raise ValueError("three")
    return task


@pytest.fixture(scope="module")
def pool() -> Iterator[ShardPool]:
    connections, processes = start_helpers(2, niceness=0)
    assert len(processes) == 2
    shards = ShardPool(connections)
    yield shards
    shards.close()
    stop_helpers(processes)


def decisions_along(preset: str, players: int, seed: int, count: int) -> list[SeatView]:
    """Views of the seat to act, bids and plays, with a choice to make."""
    match = Match(PRESETS[preset].rules(players), seed)
    movers = [make_agent("medium", seat) for seat in range(players)]
    views: list[SeatView] = []
    while len(views) < count and match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        if len(view.legal) > 2:
            views.append(view)
        match.apply(movers[seat].choose(view))
    return views


CASES = [("oh-hell", 4, 3), ("blob", 5, 8), ("nomination-whist", 4, 21), ("oh-pshaw", 3, 5)]


@pytest.mark.parametrize("level", ["hard", "expert"])
@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_the_same_decisions_in_sequence_and_on_helpers(
    pool: ShardPool, level: Level, preset: str, players: int, seed: int
) -> None:
    views = decisions_along(preset, players, seed, 10)
    assert {view.phase for view in views} == {Phase.BIDDING, Phase.PLAYING}
    alone = make_agent(level, seed, budget=BUDGET)
    shared = make_agent(level, seed, budget=BUDGET, mapper=pool.map)
    for view in views:
        assert shared.choose(view) == alone.choose(view)
    assert getattr(shared, "simulated", 0) == getattr(alone, "simulated", -1) > 0


def test_a_search_uses_every_shard_and_its_sums_come_back_in_order(pool: ShardPool) -> None:
    view = decisions_along("oh-hell", 4, 3, 1)[0]
    seen: list[int] = []

    def counting(run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]:
        seen.append(len(tasks))
        return sequential_map(run, tasks)

    make_agent("tree", 1, budget=BUDGET, mapper=counting).choose(view)
    assert seen and seen[0] == SHARDS


def test_the_pool_runs_tasks_on_its_helpers_and_keeps_their_order(pool: ShardPool) -> None:
    assert pool.map(abs, [-5, 4, -3, 2, -1, 0]) == [5, 4, 3, 2, 1, 0]
    pids = set(pool.map(pid, range(40)))
    assert os.getpid() in pids and len(pids) >= 2
    with pytest.raises(ValueError, match="three"):
        ShardPool([]).map(fail_on_three, [1, 2, 3])


def test_a_failing_helper_task_is_reported_and_the_pool_serves_on(pool: ShardPool) -> None:
    with pytest.raises((RuntimeError, ValueError), match="three"):
        pool.map(fail_on_three, [3, 3, 3, 3, 1])
    assert pool.map(abs, [-1, -2, -3]) == [1, 2, 3]


def test_a_stopped_helper_leaves_its_work_to_the_others() -> None:
    connections, processes = start_helpers(2, niceness=0)
    shards = ShardPool(connections)
    stop_helpers(processes[:1])
    assert shards.map(abs, list(range(-20, 0))) == list(range(20, 0, -1))
    assert len(shards.connections) == 1
    shards.close()
    stop_helpers(processes)


def test_helpers_follow_the_cores() -> None:
    assert helpers_wanted(1) == 0
    assert helpers_wanted(2) == 1
    assert helpers_wanted(64) == pool_module.HELPERS_AT_MOST == SHARDS - 1
    assert split(10) == [3, 3, 2, 2] and sum(split(7)) == 7


def test_a_cancelled_search_stops_but_the_worker_and_its_helpers_go_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cancelling drops the search between two shards: no process is stopped or
    started, and the next decision is the one it should be."""
    monkeypatch.setattr(thinker, "helpers_wanted", lambda: 1)
    thinker.use_threads(False)
    view = decisions_along("oh-hell", 4, 3, 1)[0]
    worker = thinker._WORKER
    first = thinker.think("expert", 1, view)
    process, helpers = worker._process, list(worker._helpers)
    assert len(helpers) == 1
    first.cancel()
    second = thinker.think("hard", 2, view)
    assert second.wait(60) and second.result() == make_agent("hard", 2).choose(view)
    assert first.action is None and not first.done()
    assert worker._process is process and process is not None and process.is_alive()
    assert all(helper.is_alive() for helper in helpers)
    thinker.use_threads(False)
