"""Computer players decide in a worker process: the same decisions as in the window's
process, cancelled cleanly, and a thread where no process may be used."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence

import pytest

from game.ai import make_agent
from game.ai.shards import Result, Task
from game.play import thinker
from game.rules.match import Match
from game.rules.presets import PRESETS
from game.rules.record import Level
from game.rules.view import SeatView


def views(count: int) -> list[SeatView]:
    """Views of the seat to act along a game of Oh Hell for four."""
    match = Match(PRESETS["oh-hell"].rules(4), 11)
    found: list[SeatView] = []
    while len(found) < count:
        if match.phase.automatic:
            match.advance()
            continue
        view = match.view(match.awaiting[0])
        found.append(view)
        match.apply(view.legal[len(found) % len(view.legal)])
    return found


@pytest.fixture(params=["process", "thread"])
def mode(request: pytest.FixtureRequest) -> Iterator[str]:
    thinker.use_threads(request.param == "thread")
    yield str(request.param)
    thinker.use_threads(False)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_the_worker_decides_as_the_agent_would_here(mode: str, level: Level) -> None:
    for number, view in enumerate(views(6)):
        thought = thinker.think(level, 40 + number, view)
        assert thought.wait(60), "no decision"
        assert thought.result() == make_agent(level, 40 + number).choose(view)


def test_a_cancelled_decision_never_arrives_and_the_next_one_does(mode: str) -> None:
    first, second = views(2)
    abandoned = thinker.think("expert", 1, first)
    abandoned.cancel()
    thought = thinker.think("easy", 2, second)
    assert thought.wait(60) and thought.result() == make_agent("easy", 2).choose(second)
    assert abandoned.action is None


def test_decisions_queue_and_each_gets_its_own_answer(mode: str) -> None:
    asked = views(5)
    thoughts = [thinker.think("medium", 7, view) for view in asked]
    for thought, view in zip(thoughts, asked, strict=True):
        assert thought.wait(60)
        assert thought.result() == make_agent("medium", 7).choose(view)


def test_the_coach_answers_in_the_background_as_advise_would_here(mode: str) -> None:
    from game.ai.coach import advise

    bid, play = views(5)[3:5]
    abandoned = thinker.coach(3, bid)
    abandoned.cancel()
    for view in (bid, play):
        thought = thinker.coach(3, view)
        assert thought.wait(120), "no advice"
        assert thought.action is None and thought.advice == advise(view, 3)
    assert abandoned.advice is None


# ------------------------------------------------------------------ cancelling
def test_the_inbox_skips_a_request_cancelled_before_it_starts() -> None:
    mine, theirs = multiprocessing.Pipe()
    inbox = thinker.Inbox(theirs)
    for job in (1, 2, 3):
        mine.send((job, "easy", 0, None, None))
    mine.send((thinker.CANCEL, 2))
    assert inbox.next_request()[0] == 1
    inbox.check()  # reads request 3 and the cancel of 2, neither of them about job 1
    assert inbox.next_request()[0] == 3 and inbox.current == 3


def test_a_cancel_of_the_running_job_stops_its_search_between_shards() -> None:
    mine, theirs = multiprocessing.Pipe()
    inbox = thinker.Inbox(theirs)
    mine.send((7, "expert", 0, None, None))
    assert inbox.next_request()[0] == 7
    ran: list[int] = []

    def shard(number: int) -> int:
        ran.append(number)
        if number == 1:
            mine.send((thinker.CANCEL, 7))  # arrives while shard 1 runs
            assert theirs.poll(10)
        return number

    with pytest.raises(thinker.Cancelled):
        thinker.checking(None, inbox.check)(shard, [0, 1, 2, 3])
    assert ran == [0, 1]


def test_checking_never_changes_the_results() -> None:
    calls: list[int] = []
    mapped = thinker.checking(None, lambda: calls.append(0))(abs, [-1, 2, -3])
    assert mapped == [1, 2, 3] and len(calls) == 4  # once before, once per shard
    seen: list[list[object]] = []

    def pool_map(run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]:
        seen.append(list(tasks))
        return [run(task) for task in tasks]

    assert thinker.checking(pool_map, lambda: None)(abs, [-4, 5]) == [4, 5]
    assert seen == [[-4, 5]]
