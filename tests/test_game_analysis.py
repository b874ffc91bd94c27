"""A kept game's human decisions analysed in the background, kept beside the game,
read back checked, and listed costliest first."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import game.ai.analysis
from game.ai.analysis import assess
from game.ai.expert import EXPERT
from game.play import thinker
from game.play.analysis import (
    MARK,
    GameAnalysis,
    Judged,
    analysis_text,
    costliest_first,
    read_analysis,
)
from game.play.library import Library
from game.play.replay import Replay
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from tests.kept import kept_game
from tests.waits import wait_until

SMALL = EXPERT.scaled(0.05)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Analyses in a thread of this process, on a twentieth of the expert's budget."""
    monkeypatch.setattr(game.ai.analysis, "ANALYSIS", SMALL)
    thinker.use_threads(True)
    yield
    thinker.use_threads(False)


def kept_replay() -> tuple[str, Replay, Path]:
    name, session = kept_game(seed=7)
    session.close()
    game = Library.of_user().archive.load(name)
    assert game is not None
    match, _players = game.replayed()
    return name, Replay.of(match), Library.of_user().archive.analysis_path(name)


def run(analysis: GameAnalysis, limit: float = 120.0) -> None:
    analysis.start()
    wait_until(lambda: not analysis.running, "the analysis's end", limit, step=analysis.update)


def test_every_human_decision_is_judged_as_assess_would_and_kept(app: object, quick: None) -> None:
    _name, replay, path = kept_replay()
    analysis = GameAnalysis(replay, [0], path)
    assert not analysis.complete and analysis.done == 0
    decisions = replay.decisions([0])
    assert analysis.total == len(decisions) > 3
    run(analysis)
    assert analysis.complete and analysis.error is None and analysis.done == analysis.total
    for index, view, action in decisions:
        judged = analysis.at(index)
        expected = assess(view, action, replay.seed, config=SMALL)
        assert judged is not None and judged.action == action
        assert (judged.choice, judged.action_points, judged.choice_points) == (
            expected.choice,
            expected.action_points,
            expected.choice_points,
        )
        assert judged.cost == expected.cost
    assert analysis.marked() == costliest_first(analysis.judged.values())
    assert path.is_file()
    again = GameAnalysis(replay, [0], path)
    assert again.complete and again.judged == analysis.judged
    again.start()  # nothing is asked again
    assert not again.running


def test_a_stopped_analysis_keeps_what_it_judged_and_resumes(app: object, quick: None) -> None:
    _name, replay, path = kept_replay()
    analysis = GameAnalysis(replay, [0], path)
    analysis.start()
    wait_until(lambda: analysis.done >= 2, "two decisions judged", step=analysis.update)
    analysis.stop()
    assert not analysis.running and not analysis.complete
    resumed = GameAnalysis(replay, [0], path)
    assert not resumed.complete and resumed.judged == analysis.judged
    run(resumed)
    assert resumed.complete and resumed.done == resumed.total


def judged(index: int, cost: float) -> Judged:
    action = Bid.of(0, 1)
    return Judged(index, action, Bid.of(0, 2), 5.0 - cost, 5.0)


def test_the_marked_decisions_come_costliest_first() -> None:
    items = [judged(4, 0.6), judged(9, 2.5), judged(2, 0.49), judged(7, 2.5), judged(3, 1.0)]
    assert [item.index for item in costliest_first(items)] == [7, 9, 3, 4]
    assert all(item.cost >= MARK for item in costliest_first(items))
    unsearched = Judged(5, Bid.of(0, 1), Bid.of(0, 1), None, None)
    assert unsearched.cost == 0.0 and costliest_first([unsearched]) == []


def damaged_texts(replay: Replay) -> list[str]:
    """Analysis files that must be ignored: not JSON, the wrong format, a moment that
    is no human decision, a card the seat did not hold, a bid too high, too many."""
    index, view, action = replay.decisions([0])[-1]
    assert isinstance(action, Play)
    missing = next(card for card in range(52) if Card.from_index(card) not in view.hand)
    bid_index = next(i for i, _v, a in replay.decisions([0]) if isinstance(a, Bid))
    other = next(i for i, m in enumerate(replay.moments) if m.action and m.action.seat != 0)
    return [
        "{not json",
        '{"format":"ohhell-record","version":1,"complete":true,"decisions":[]}',
        '{"format":"ohhell-analysis","version":9,"complete":true,"decisions":[]}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,"decisions":[[{other},0]]}}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,'
        f'"decisions":[[{index},{missing},1.0,2.0]]}}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,'
        f'"decisions":[[{bid_index},40,1.0,2.0]]}}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,'
        f'"decisions":[[{index},{action.card.index},1.0]]}}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,'
        f'"decisions":[[{index},{action.card.index}],[{index},{action.card.index}]]}}',
        f'{{"format":"ohhell-analysis","version":1,"complete":true,'
        f'"decisions":[[{len(replay.moments) + 5},0]]}}',
        "[" * 100_000,
        " " * (3 * 1024 * 1024),
    ]


def test_a_damaged_analysis_is_ignored_and_the_game_analysed_again(
    app: object, quick: None
) -> None:
    _name, replay, path = kept_replay()
    index, _view, action = replay.decisions([0])[-1]
    good = analysis_text([Judged(index, action, action, 3.0, 3.0)], True)
    path.write_text(good, encoding="utf-8")
    assert read_analysis(path, replay, [0])[1] is True
    assert read_analysis(path, replay, [1]) == ([], False)  # not that seat's decision
    for text in damaged_texts(replay):
        path.write_text(text, encoding="utf-8")
        assert read_analysis(path, replay, [0]) == ([], False), text[:80]
    analysis = GameAnalysis(replay, [0], path)
    assert analysis.done == 0 and not analysis.complete
    run(analysis)
    assert analysis.complete and read_analysis(path, replay, [0])[1] is True


def test_the_analysis_goes_with_its_game_and_with_a_damaged_record(app: object) -> None:
    library = Library(Path(Library.of_user().archive.folder).parent, limit=1)
    first, session = kept_game(seed=3)
    session.close()
    path = library.archive.analysis_path(first)
    path.write_text("{}", encoding="utf-8")
    assert library.archive.names() == [first]
    second, session = kept_game(seed=4)
    session.close()
    library.archive.prune()
    assert library.archive.names() == [second] and not path.exists()
    path = library.archive.analysis_path(second)
    path.write_text("{}", encoding="utf-8")
    library.archive.path(second).write_text("{damaged", encoding="utf-8")
    assert library.archive.load(second) is None  # set aside, and its analysis removed
    assert not path.exists()


def test_the_worker_judges_as_assess_would_here(app: object) -> None:
    _name, replay, _path = kept_replay()
    for index, view, action in replay.decisions([0])[:2]:
        thought = thinker.analyse(replay.seed, view, action)
        assert thought.wait(120), "no verdict"
        expected = assess(view, action, replay.seed)
        assert thought.judgement is not None and thought.action is None
        assert thought.judgement == thinker.Judgement(
            expected.choice, expected.action_points, expected.choice_points
        )
        assert index >= 1
