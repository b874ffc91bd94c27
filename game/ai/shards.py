"""The search's deals, drawn in a fixed number of independently seeded shards.

Every stage of a search splits its deals into :data:`SHARDS` shards. A shard
draws its deals with its own generator, seeded from the decision and the shard's
number, and sums each candidate's values over them; the stage adds the shards'
sums in shard order. So the sums, and the decision, are the same whether the
shards run one after another or side by side on several cores: the search takes
a :class:`Mapper` (:func:`sequential_map` by default) and never starts a process
itself (``game.play.thinker`` supplies one that does).

>>> split(10, 4)
[3, 3, 2, 2]
>>> sequential_map(abs, [-1, 2, -3])
[1, 2, 3]
"""

from __future__ import annotations

import random
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

from game.ai.bidmodel import BidModel
from game.ai.inference import Inference
from game.ai.knowledge import Knowledge
from game.ai.sampling import DealSampler
from game.ai.trickmodel import TrickModel

SHARDS = 4
"""Shards per stage of a search, whatever the number of cores."""

SOURCES_KEPT = 4
"""Decisions whose deal sources a process keeps (the stages of one decision share one)."""

Task = TypeVar("Task")
Result = TypeVar("Result")


class Mapper(Protocol):
    """Runs ``run`` on every task and returns the results in the tasks' order."""

    def __call__(self, run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]: ...


def sequential_map(run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]:
    """Every task in turn, in this thread."""
    return [run(task) for task in tasks]


def split(count: int, shards: int = SHARDS) -> list[int]:
    """``count`` deals shared out as evenly as possible, the first shards taking the rest."""
    each, rest = divmod(count, shards)
    return [each + (1 if shard < rest else 0) for shard in range(shards)]


def shard_seed(decision: int, stage: int, shard: int) -> str:
    """The seed of one shard's generator: the decision's, the stage's and the shard's."""
    return f"{decision}:{stage}:{shard}"


class DealSource:
    """Deals consistent with what a seat knows, weighed by inference if asked."""

    def __init__(
        self,
        knowledge: Knowledge,
        oversample: int,
        infer: bool,
        model: BidModel | TrickModel | None = None,
    ) -> None:
        self.sampler = DealSampler(knowledge)
        self.oversample = oversample
        self.inference = Inference(knowledge, model=model) if infer else None

    def draw(self, count: int, rng: random.Random) -> tuple[list[list[int]], list[float]]:
        """``count`` deals and their weights; by inference, the deals are kept from
        ``oversample`` times as many in proportion to their likelihood."""
        sample = self.sampler.sample
        if self.inference is None:
            return [sample(rng) for _ in range(count)], [1.0] * count
        drawn = [sample(rng) for _ in range(count * self.oversample)]
        return resample(drawn, self.inference.weigh(drawn), count, rng)


_SourceKey = tuple[Knowledge, int, bool, BidModel | TrickModel | None]
_SOURCES: OrderedDict[_SourceKey, DealSource] = OrderedDict()


def deal_source(
    knowledge: Knowledge,
    oversample: int,
    infer: bool,
    model: BidModel | TrickModel | None = None,
) -> DealSource:
    """The deal source of a decision, kept for its later stages and shards (the
    inference remembers every hand it has weighed)."""
    key = (knowledge, oversample, infer, model)
    source = _SOURCES.get(key)
    if source is None:
        source = _SOURCES[key] = DealSource(knowledge, oversample, infer, model)
        while len(_SOURCES) > SOURCES_KEPT:
            _SOURCES.popitem(last=False)
    else:
        _SOURCES.move_to_end(key)
    return source


def forget_sources() -> None:
    """Drop every kept deal source (benchmarks time decisions from cold)."""
    _SOURCES.clear()


def resample(
    drawn: list[list[int]], weights: list[float], count: int, rng: random.Random
) -> tuple[list[list[int]], list[float]]:
    """Keep ``count`` deals by systematic resampling on ``weights``.

    A deal kept several times (or drawn twice) would play out the same each
    time, so it is kept once, weighing as many as its copies."""
    total = sum(weights)
    if total <= 0.0:
        return merged(drawn[:count])
    step = total / count
    point = rng.random() * step
    kept: list[list[int]] = []
    running = 0.0
    for deal, weight in zip(drawn, weights, strict=True):
        running += weight
        while point < running and len(kept) < count:
            kept.append(deal)
            point += step
    while len(kept) < count:
        kept.append(drawn[-1])
    return merged(kept)


def merged(deals: list[list[int]]) -> tuple[list[list[int]], list[float]]:
    """The distinct deals, first seen first, each weighing its number of copies."""
    copies: dict[tuple[int, ...], int] = {}
    first: dict[tuple[int, ...], list[int]] = {}
    for deal in deals:
        key = tuple(deal)
        if key in copies:
            copies[key] += 1
        else:
            copies[key] = 1
            first[key] = deal
    return [first[key] for key in copies], [float(number) for number in copies.values()]
