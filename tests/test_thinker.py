"""Computer players decide in a worker process: the same decisions as in the window's
process, cancelled cleanly, and a thread where no process may be used."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai import make_agent
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
