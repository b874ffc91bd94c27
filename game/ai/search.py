"""Monte Carlo search over deals consistent with what the seat knows (PIMC).

For a play, every candidate card (one per class of equivalent cards) is tried
on the same sampled deals and the hand is played out with the heuristic
policy of :mod:`game.ai.rollout`; a candidate's worth is the mean value, by
:class:`~game.ai.objective.Objective`, of every seat's exact points
(:func:`game.rules.scoring.hand_points`) for the resulting tricks. For a bid,
every legal bid is tried the same way, the seat playing to that bid, with the
bids still to come (or still secret) guessed from each sampled hand.

Budgets count simulated card plays, so a decision's cost does not depend on the
machine; the number of deals follows from the budget, the candidates and the
cards left. Candidates race: after the first part of the deals the weaker
half drops out and the rest of the budget goes to the others.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from game.ai.heuristics import guess_bid
from game.ai.knowledge import Knowledge
from game.ai.masks import mask_of_cards, representatives
from game.ai.objective import SHARE, WIN_WEIGHT, Objective
from game.ai.rollout import playout
from game.ai.sampling import DealSampler
from game.rules.actions import Play
from game.rules.ruleset import TrickPoints
from game.rules.scoring import hand_points
from game.rules.view import SeatView

Weigher = Callable[[Knowledge, list[list[int]]], list[float]]
"""Gives each sampled deal a weight (expert's inference); None weighs all alike."""


@dataclass(frozen=True)
class SearchConfig:
    """How hard a searching agent thinks."""

    play_budget: int = 10_000
    """Simulated card plays per play decision (these defaults are hard's)."""
    bid_budget: int = 12_000
    """Simulated card plays per bid decision."""
    min_deals: int = 12
    max_deals: int = 400
    smart: bool = True
    """Use the smart (whole-deal aware) playout policy."""
    oversample: int = 1
    """Deals drawn per deal kept, when a weigher resamples them (expert)."""
    time_limit: float | None = None
    """An optional wall-clock cap per decision, in seconds (not deterministic)."""
    share: float = SHARE
    """How much the opponents' average points count against the seat's own."""
    win_weight: float = WIN_WEIGHT
    """The value, in points, of winning the game (see :mod:`game.ai.objective`)."""

    def scaled(self, factor: float) -> SearchConfig:
        """The same search with budgets multiplied by ``factor``."""
        return replace(
            self,
            play_budget=max(1, int(self.play_budget * factor)),
            bid_budget=max(1, int(self.bid_budget * factor)),
            min_deals=max(2, min(self.min_deals, int(self.min_deals * factor) or 2)),
        )


def point_tables(knowledge: Knowledge, bids: Sequence[int]) -> list[list[int]]:
    """``table[seat][taken]``: the points ``seat`` scores for ``taken`` tricks."""
    rules, size = knowledge.rules, knowledge.size
    return [[hand_points(rules, bid, taken, size) for taken in range(size + 1)] for bid in bids]


class Search:
    """One decision's search: the deals, the objective and the race of candidates."""

    def __init__(
        self,
        view: SeatView,
        knowledge: Knowledge,
        objective: Objective,
        config: SearchConfig,
        rng: random.Random,
        weigher: Weigher | None = None,
    ) -> None:
        self.view = view
        self.knowledge = knowledge
        self.objective = objective
        self.config = config
        self.rng = rng
        self.weigher = weigher
        self.started = time.perf_counter()
        self.simulated = 0
        """Card plays simulated so far (the budget's unit)."""
        self.kernel_seconds = 0.0
        """Time spent inside the playouts (``ohhell bench ai`` compares it with the whole)."""
        self.over_wants = knowledge.rules.trick_points is TrickPoints.ALWAYS

    # ------------------------------------------------------------ sampling
    def deals(self, count: int) -> tuple[list[list[int]], list[float]]:
        """``count`` deals and their weights (resampled by weight when weighing)."""
        sampler = DealSampler(self.knowledge)
        if self.weigher is None:
            return [sampler.sample(self.rng) for _ in range(count)], [1.0] * count
        drawn = [sampler.sample(self.rng) for _ in range(count * self.config.oversample)]
        weights = self.weigher(self.knowledge, drawn)
        return _resample(drawn, weights, count, self.rng)

    def out_of_time(self) -> bool:
        limit = self.config.time_limit
        return limit is not None and time.perf_counter() - self.started > limit

    # --------------------------------------------------------------- race
    def race(
        self,
        candidates: list[int],
        budget: int,
        cost: int,
        evaluate: Callable[[int, list[int]], float],
    ) -> int:
        """The candidate with the best mean value; ``cost`` card plays per playout."""
        config = self.config
        total = max(1, budget // max(1, cost))
        share = len(candidates) if len(candidates) <= 2 else 2 * len(candidates)
        first = max(config.min_deals, min(config.max_deals, total // share))
        deals, weights = self.deals(first)
        sums = dict.fromkeys(candidates, 0.0)
        alive = list(candidates)
        used = self._run(alive, deals, weights, sums, evaluate)
        self.simulated += used * cost
        if len(alive) > 2 and not self.out_of_time():
            alive.sort(key=lambda card: -sums[card])
            alive = alive[: max(2, (len(alive) + 1) // 2)]
            more = max(0, min(config.max_deals - first, (total - used) // len(alive)))
            if more:
                extra, extra_weights = self.deals(more)
                self.simulated += self._run(alive, extra, extra_weights, sums, evaluate) * cost
        return max(alive, key=lambda card: (sums[card], -card))

    def _run(
        self,
        alive: list[int],
        deals: list[list[int]],
        weights: list[float],
        sums: dict[int, float],
        evaluate: Callable[[int, list[int]], float],
    ) -> int:
        used = 0
        for deal, weight in zip(deals, weights, strict=True):
            for candidate in alive:
                sums[candidate] += weight * evaluate(candidate, deal)
            used += len(alive)
            if self.out_of_time():
                break
        return used

    # --------------------------------------------------------------- play
    def choose_play(self) -> int:
        """The card index to play."""
        knowledge = self.knowledge
        legal = mask_of_cards([play.card for play in self.view.legal if isinstance(play, Play)])
        hidden = knowledge.unseen
        for seat, cards in enumerate(knowledge.known):
            if seat != knowledge.seat:
                hidden |= cards
        candidates = representatives(legal, hidden)
        if len(candidates) == 1:
            return candidates[0]
        bids = [bid if bid is not None else 0 for bid in knowledge.bids]
        tables = point_tables(knowledge, bids)
        need = [bid - took for bid, took in zip(bids, knowledge.taken, strict=True)]
        cost = sum(knowledge.counts)
        return self.race(
            candidates,
            self.config.play_budget,
            cost,
            lambda card, deal: self._play_value(card, deal, need, tables),
        )

    def _play_value(
        self, card: int, deal: list[int], need: list[int], tables: list[list[int]]
    ) -> float:
        knowledge = self.knowledge
        hands = list(deal)
        hands[knowledge.seat] ^= 1 << card
        trick = [*knowledge.trick, card]
        start = time.perf_counter()
        more = playout(
            hands,
            knowledge.leader,
            trick,
            knowledge.trump,
            knowledge.must_trump,
            list(need),
            self.over_wants,
            self.config.smart,
        )
        self.kernel_seconds += time.perf_counter() - start
        taken = knowledge.taken
        points = [tables[seat][taken[seat] + more[seat]] for seat in range(len(more))]
        return self.objective.value(points)

    # ---------------------------------------------------------------- bid
    def choose_bid(self) -> int:
        """The number of tricks to bid."""
        knowledge = self.knowledge
        size = knowledge.size
        forbidden = self.view.forbidden_bid
        candidates = [bid for bid in range(size + 1) if bid != forbidden]
        if len(candidates) == 1:
            return candidates[0]
        tables = {
            bid: [hand_points(knowledge.rules, bid, taken, size) for taken in range(size + 1)]
            for bid in range(size + 1)
        }
        cost = size * knowledge.players
        return self.race(
            candidates,
            self.config.bid_budget,
            cost,
            lambda bid, deal: self._bid_value(bid, deal, tables),
        )

    def _bid_value(self, bid: int, deal: list[int], tables: dict[int, list[int]]) -> float:
        knowledge = self.knowledge
        bids = self.guess_bids(deal, bid)
        start = time.perf_counter()
        more = playout(
            list(deal),
            (knowledge.dealer + 1) % knowledge.players,
            (),
            knowledge.trump,
            knowledge.must_trump,
            list(bids),
            self.over_wants,
            self.config.smart,
        )
        self.kernel_seconds += time.perf_counter() - start
        return self.objective.value([tables[bids[seat]][more[seat]] for seat in range(len(more))])

    def guess_bids(self, deal: list[int], mine: int) -> list[int]:
        """Every seat's bid in this deal: known ones, ``mine``, and guesses for the rest."""
        knowledge = self.knowledge
        players, size, dealer = knowledge.players, knowledge.size, knowledge.dealer
        bids = [mine if seat == knowledge.seat else knowledge.bids[seat] for seat in range(players)]
        eldest = (dealer + 1) % players
        guessed = [0] * players
        for step in range(players):
            seat = (eldest + step) % players
            bid = bids[seat]
            if bid is None:
                forbidden = None
                if knowledge.rules.hook and seat == dealer:
                    forbidden = size - sum(
                        guessed[other] for other in range(players) if other != seat
                    )
                bid = guess_bid(
                    deal[seat], knowledge.trump, players, size, forbidden, seat == eldest
                )
            guessed[seat] = bid
        return guessed


def _resample(
    drawn: list[list[int]], weights: list[float], count: int, rng: random.Random
) -> tuple[list[list[int]], list[float]]:
    """Keep ``count`` deals by systematic resampling on ``weights``.

    A deal kept several times (or drawn twice) would play out the same each
    time, so it is kept once, weighing as many as its copies."""
    total = sum(weights)
    if total <= 0.0:
        return _merged(drawn[:count])
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
    return _merged(kept)


def _merged(deals: list[list[int]]) -> tuple[list[list[int]], list[float]]:
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
