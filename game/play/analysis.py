"""A kept game's human decisions judged by the expert, in the background, and kept.

:class:`GameAnalysis` sends the human seats' decisions that had a choice to the
worker one at a time (:func:`game.play.thinker.analyse`, the game's seed), so the
window never waits and closing the replay cancels the one under way. Each answer is
kept as a :class:`Judged`; a decision whose cost reaches :data:`MARK` points is
marked, and :meth:`GameAnalysis.marked` lists them costliest first.

The figures are written beside the kept game (``games/<name>.analysis.json``,
atomically), when the analysis ends or is stopped (a stopped one resumes where it
was). When read, the file is bounded, schema-checked and checked against the replay
(every decision a human's, every choice possible there); anything wrong and it is
ignored, so the game can be analysed again.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from game.play import thinker
from game.play.replay import Replay
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.view import SeatView
from game.storage import TooLarge, atomic_write_text, read_bounded

MARK = 0.5
"""A decision is marked when the expert's choice was worth this many points more."""

ANALYSIS_FORMAT: Literal["ohhell-analysis"] = "ohhell-analysis"
ANALYSIS_VERSION = 1
MAX_DECISIONS = 20_000
MAX_ANALYSIS_BYTES = 2 * 1024 * 1024
MeanPoints = Annotated[float, Meta(ge=-10_000, le=10_000)]


class JudgedDoc(Struct, forbid_unknown_fields=True, array_like=True):
    """One decision in the file: its moment, the expert's choice (a bid or a card's
    index) and the mean points after the action taken and after the choice."""

    index: Annotated[int, Meta(ge=1, le=10_000_000)]
    choice: Annotated[int, Meta(ge=0, le=51)]
    action_points: MeanPoints | None = None
    choice_points: MeanPoints | None = None


class AnalysisDoc(Struct, forbid_unknown_fields=True):
    """The schema of an analysis file."""

    format: Literal["ohhell-analysis"]
    version: Annotated[int, Meta(ge=1, le=ANALYSIS_VERSION)]
    complete: bool
    decisions: Annotated[list[JudgedDoc], Meta(max_length=MAX_DECISIONS)]


_DECODER = msgspec.json.Decoder(AnalysisDoc)


@dataclass(frozen=True)
class Judged:
    """One human decision judged: the moment it led to, who took it, what they did,
    the expert's choice and the points of both (None: no search was needed)."""

    index: int
    action: Action
    choice: Action
    action_points: float | None
    choice_points: float | None

    @property
    def seat(self) -> int:
        return self.action.seat

    @property
    def cost(self) -> float:
        if self.action_points is None or self.choice_points is None:
            return 0.0
        return max(0.0, self.choice_points - self.action_points)


def human_seats(kinds: Collection[str]) -> list[int]:
    """The seats a person played, from the players' kinds in seat order."""
    return [seat for seat, kind in enumerate(kinds) if kind == "human"]


def costliest_first(judged: Collection[Judged]) -> list[Judged]:
    """The marked decisions, costliest first (ties in the game's order)."""
    marked = [item for item in judged if item.cost >= MARK]
    return sorted(marked, key=lambda item: (-item.cost, item.index))


# ------------------------------------------------------------------ the file
def choice_action(action: Action, choice: int) -> Action:
    """The expert's choice, kept as a number, as an action of the same kind."""
    if isinstance(action, Bid):
        return Bid.of(action.seat, choice)
    return Play.of(action.seat, Card.from_index(choice))


def analysis_text(judged: Collection[Judged], complete: bool) -> str:
    decisions = [
        JudgedDoc(
            item.index,
            item.choice.tricks if isinstance(item.choice, Bid) else _card(item.choice).index,
            item.action_points,
            item.choice_points,
        )
        for item in sorted(judged, key=lambda item: item.index)
    ]
    doc = AnalysisDoc(ANALYSIS_FORMAT, ANALYSIS_VERSION, complete, decisions)
    return msgspec.json.encode(doc).decode()


def _card(action: Action) -> Card:
    assert isinstance(action, Play)
    return action.card


def read_analysis(path: Path, replay: Replay, seats: Collection[int]) -> tuple[list[Judged], bool]:
    """The decisions judged in ``path`` and whether the analysis was complete; nothing
    when the file is missing, damaged, or does not fit this game's replay."""
    try:
        doc = _DECODER.decode(read_bounded(path, MAX_ANALYSIS_BYTES))
        judged = [_checked(item, replay, seats) for item in doc.decisions]
    except (OSError, TooLarge, msgspec.DecodeError, RecursionError, ValueError):
        return [], False
    if len({item.index for item in judged}) != len(judged):
        return [], False
    return judged, doc.complete


def _checked(item: JudgedDoc, replay: Replay, seats: Collection[int]) -> Judged:
    """The decision ``item`` describes; ValueError when the replay disagrees."""
    moments = replay.moments
    if item.index >= len(moments):
        raise ValueError("no such moment")
    action = moments[item.index].action
    if action is None or action.seat not in seats:
        raise ValueError("not a human's decision")
    before = moments[item.index - 1]
    if isinstance(action, Bid):
        if item.choice > before.view.hand_size:
            raise ValueError("no such bid")
    elif Card.from_index(item.choice) not in before.hands[action.seat]:
        raise ValueError("a card the seat did not hold")
    points = (item.action_points, item.choice_points)
    if (points[0] is None) != (points[1] is None) or any(
        value is not None and not math.isfinite(value) for value in points
    ):
        raise ValueError("points missing")
    choice = choice_action(action, item.choice)
    return Judged(item.index, action, choice, item.action_points, item.choice_points)


def write_analysis(path: Path, judged: Collection[Judged], complete: bool) -> bool:
    """Keep the figures; False when the file could not be written."""
    try:
        atomic_write_text(path, analysis_text(judged, complete))
    except OSError:
        return False
    return True


# ------------------------------------------------------------------ the run
class GameAnalysis:
    """The human seats' decisions of one replayed game, judged one after another."""

    def __init__(self, replay: Replay, seats: Collection[int], path: Path | None) -> None:
        self.replay = replay
        self.seats = sorted(seats)
        self.path = path
        """Where the figures are kept (None: nowhere)."""
        self.judged: dict[int, Judged] = {}
        self.complete = False
        self.running = False
        self.error: str | None = None
        self._todo: list[tuple[int, SeatView, Action]] | None = None
        self._thought: thinker.Thought | None = None
        self._asked: tuple[int, Action] | None = None
        if path is not None:
            judged, self.complete = read_analysis(path, replay, self.seats)
            self.judged = {item.index: item for item in judged}

    @property
    def total(self) -> int:
        """The decisions to judge (those with a choice)."""
        return len(self._decisions())

    @property
    def done(self) -> int:
        return len(self.judged)

    def marked(self) -> list[Judged]:
        return costliest_first(self.judged.values())

    def at(self, index: int) -> Judged | None:
        """The decision that led to moment ``index``, if judged."""
        return self.judged.get(index)

    def _decisions(self) -> list[tuple[int, SeatView, Action]]:
        if self._todo is None:
            self._todo = self.replay.decisions(self.seats)
        return self._todo

    def start(self) -> None:
        """Judge the decisions not judged yet, in the background."""
        if self.complete or self.running:
            return
        self.running, self.error = True, None
        self._ask_next()

    def update(self) -> bool:
        """Take the worker's answer if it came and ask the next; True when one came."""
        thought = self._thought
        if not self.running or thought is None or not thought.done():
            return False
        self._thought = None
        judgement = thought.judgement
        assert self._asked is not None
        index, action = self._asked
        if judgement is None:
            self.error = thought.error or "no answer"
            self.stop()
            return True
        self.judged[index] = Judged(
            index, action, judgement.choice, judgement.action_points, judgement.choice_points
        )
        self._ask_next()
        return True

    def _ask_next(self) -> None:
        waiting = [item for item in self._decisions() if item[0] not in self.judged]
        if not waiting:
            self.running, self.complete = False, True
            self._keep()
            return
        index, view, action = waiting[0]
        self._asked = (index, action)
        self._thought = thinker.analyse(self.replay.seed, view, action)

    def stop(self) -> None:
        """Stop judging (the decision under way is dropped); what was judged is kept."""
        if self._thought is not None:
            self._thought.cancel()
            self._thought = None
        if self.running:
            self.running = False
            self._keep()

    def _keep(self) -> None:
        if self.path is not None and self.judged:
            write_analysis(self.path, self.judged.values(), self.complete)
