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
half drops out and the rest of the budget goes to the others. Each part is
played in shards (:mod:`game.ai.shards`) that a :class:`~game.ai.shards.Mapper`
may run on several cores with the same result.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai.heuristics import guess_bid
from game.ai.knowledge import Knowledge
from game.ai.masks import mask_of_cards, representatives
from game.ai.objective import SHARE, WIN_WEIGHT, Objective
from game.ai.rollout import playout
from game.ai.shards import Mapper, deal_source, sequential_map, shard_seed, split
from game.rules.actions import Play
from game.rules.ruleset import TrickPoints
from game.rules.scoring import hand_points
from game.rules.view import SeatView


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
    """Deals drawn per deal kept, when the deals are weighed by inference."""
    infer: bool = False
    """Weigh the deals by the likelihood of the opponents' bids and plays (expert)."""
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


# ------------------------------------------------------------------ one shard
@dataclass(frozen=True)
class ShardTask:
    """One shard of one stage of a search: what a worker needs to play it."""

    knowledge: Knowledge
    objective: Objective
    config: SearchConfig
    bidding: bool
    candidates: tuple[int, ...]
    """Card indexes (plays) or numbers of tricks (bids)."""
    deals: int
    seed: str
    deadline: float | None = None
    """The ``time.monotonic()`` after which the shard stops early (the time limit)."""


@dataclass(frozen=True)
class ShardResult:
    """A shard's weighted sum of values per candidate (in the task's order)."""

    sums: tuple[float, ...]
    playouts: int
    kernel_seconds: float
    made: tuple[float, ...] = ()
    """Per candidate, the weight of the deals where the seat made its bid (the coach)."""
    weight: float = 0.0
    """The weight of the deals played out (each candidate was played on all of them)."""
    points: tuple[float, ...] = ()
    """Per candidate, the weighted sum of the seat's own points for the hand (analysis)."""


def run_shard(task: ShardTask) -> ShardResult:
    """Draw the shard's deals and play every candidate out on each."""
    config = task.config
    source = deal_source(task.knowledge, config.oversample, config.infer)
    deals, weights = source.draw(task.deals, random.Random(task.seed))
    playouts = Playouts(task.knowledge, task.objective, config)
    values = playouts.bid_values if task.bidding else playouts.play_values
    candidates = task.candidates
    sums = [0.0] * len(candidates)
    made = [0.0] * len(candidates)
    points = [0.0] * len(candidates)
    total = 0.0
    done = 0
    deadline = task.deadline
    for deal, weight in zip(deals, weights, strict=True):
        for number, value in enumerate(values(deal, candidates)):
            sums[number] += weight * value
            if playouts.made[number]:
                made[number] += weight
            points[number] += weight * playouts.points[number]
        total += weight
        done += len(candidates)
        if deadline is not None and time.monotonic() > deadline:
            break
    return ShardResult(
        tuple(sums),
        done,
        playouts.kernel_seconds,
        tuple(made),
        total,
        tuple(points),
    )


class Playouts:
    """Plays candidates out on one deal and values the outcomes."""

    def __init__(self, knowledge: Knowledge, objective: Objective, config: SearchConfig) -> None:
        self.knowledge = knowledge
        self.objective = objective
        self.smart = config.smart
        self.over_wants = knowledge.rules.trick_points is TrickPoints.ALWAYS
        self.kernel_seconds = 0.0
        """Time spent inside the playouts (``ohhell bench ai`` compares it with the whole)."""
        bids = [bid if bid is not None else 0 for bid in knowledge.bids]
        self.tables = point_tables(knowledge, bids)
        self.need = [bid - took for bid, took in zip(bids, knowledge.taken, strict=True)]
        self._by_bid: list[list[int]] | None = None
        self.made: list[bool] = []
        """Per candidate of the last call, whether the seat took exactly its bid."""
        self.points: list[int] = []
        """Per candidate of the last call, the seat's own points for the hand."""

    def play_values(self, deal: list[int], cards: Sequence[int]) -> list[float]:
        """The value of playing each of ``cards`` now, in this deal."""
        knowledge, tables, need = self.knowledge, self.tables, self.need
        seat, taken, value = knowledge.seat, knowledge.taken, self.objective.value
        values = []
        made = self.made = []
        points = self.points = []
        for card in cards:
            hands = list(deal)
            hands[seat] ^= 1 << card
            start = time.perf_counter()
            more = playout(
                hands,
                knowledge.leader,
                [*knowledge.trick, card],
                knowledge.trump,
                knowledge.must_trump,
                list(need),
                self.over_wants,
                self.smart,
            )
            self.kernel_seconds += time.perf_counter() - start
            outcome = [tables[other][taken[other] + more[other]] for other in range(len(more))]
            values.append(value(outcome))
            made.append(more[seat] == need[seat])
            points.append(outcome[seat])
        return values

    def bid_values(self, deal: list[int], bids: Sequence[int]) -> list[float]:
        """The value of bidding each of ``bids`` now, in this deal."""
        knowledge, value = self.knowledge, self.objective.value
        if self._by_bid is None:
            self._by_bid = point_tables(knowledge, range(knowledge.size + 1))
        tables = self._by_bid
        eldest = (knowledge.dealer + 1) % knowledge.players
        guesses = BidGuesses(knowledge, deal)
        seat = knowledge.seat
        values = []
        made = self.made = []
        points = self.points = []
        for bid in bids:
            guessed = guesses(bid)
            start = time.perf_counter()
            more = playout(
                list(deal),
                eldest,
                (),
                knowledge.trump,
                knowledge.must_trump,
                list(guessed),
                self.over_wants,
                self.smart,
            )
            self.kernel_seconds += time.perf_counter() - start
            outcome = [tables[guessed[other]][more[other]] for other in range(len(more))]
            values.append(value(outcome))
            made.append(more[seat] == bid)
            points.append(outcome[seat])
        return values


def guess_bids(knowledge: Knowledge, deal: list[int], mine: int) -> list[int]:
    """Every seat's bid in ``deal``: known ones, ``mine``, and guesses for the rest."""
    return BidGuesses(knowledge, deal)(mine)


class BidGuesses:
    """The bids of one deal for any bid of the searching seat.

    Known bids stay; the others are guessed from each sampled hand in bidding
    order. Only the dealer's guess under the hook depends on the searching
    seat's bid (through the number it may not bid), so the rest are guessed
    once per deal, not once per candidate bid."""

    def __init__(self, knowledge: Knowledge, deal: list[int]) -> None:
        self.knowledge = knowledge
        self.deal = deal
        players, dealer = knowledge.players, knowledge.dealer
        eldest = (dealer + 1) % players
        self.open_dealer = False
        """The dealer's bid is still to guess, under the hook: it depends on ``mine``."""
        self.bids = [0] * players
        for seat in range(players):
            bid = knowledge.bids[seat]
            if seat == knowledge.seat:
                continue
            if bid is None:
                if knowledge.rules.hook and seat == dealer:
                    self.open_dealer = True
                    continue
                bid = guess_bid(
                    deal[seat], knowledge.trump, players, knowledge.size, None, seat == eldest
                )
            self.bids[seat] = bid
        self._dealer: dict[int, int] = {}

    def __call__(self, mine: int) -> list[int]:
        knowledge = self.knowledge
        bids = list(self.bids)
        bids[knowledge.seat] = mine
        if self.open_dealer:
            dealer, size = knowledge.dealer, knowledge.size
            forbidden = size - sum(bids)
            guess = self._dealer.get(forbidden)
            if guess is None:
                players = knowledge.players
                guess = self._dealer[forbidden] = guess_bid(
                    self.deal[dealer],
                    knowledge.trump,
                    players,
                    size,
                    forbidden,
                    dealer == (dealer + 1) % players,
                )
            bids[dealer] = guess
        return bids


def card_classes(view: SeatView, knowledge: Knowledge) -> list[int]:
    """One legal card index per class of equivalent cards.

    Two cards of a suit with no card between them in another hand or still
    unseen do the same work; cards on the table in the trick in progress
    separate classes too: with the ten led, the nine and the jack do different work."""
    legal = mask_of_cards([play.card for play in view.legal if isinstance(play, Play)])
    hidden = knowledge.unseen
    for seat, cards in enumerate(knowledge.known):
        if seat != knowledge.seat:
            hidden |= cards
    for card in knowledge.trick:
        hidden |= 1 << card
    return representatives(legal, hidden)


# ---------------------------------------------------------------- the search
class Search:
    """One decision's search: the candidates and their race over sharded deals."""

    def __init__(
        self,
        view: SeatView,
        knowledge: Knowledge,
        objective: Objective,
        config: SearchConfig,
        rng: random.Random,
        mapper: Mapper = sequential_map,
    ) -> None:
        self.view = view
        self.knowledge = knowledge
        self.objective = objective
        self.config = config
        self.decision = rng.getrandbits(64)
        """Seeds every shard of this decision (with the stage and the shard's number)."""
        self.mapper = mapper
        limit = config.time_limit
        self.deadline = None if limit is None else time.monotonic() + limit
        self.simulated = 0
        """Card plays simulated so far (the budget's unit)."""
        self.kernel_seconds = 0.0
        """Time spent inside the playouts, summed over the shards."""
        self.made: dict[int, float] = {}
        """Per candidate, the weight of its deals where the seat made its bid."""
        self.weights: dict[int, float] = {}
        """Per candidate, the weight of the deals it was played out on."""
        self.points: dict[int, float] = {}
        """Per candidate, the weighted sum of the seat's own points over its deals."""

    def made_chance(self, candidate: int) -> float:
        """The weighted share of ``candidate``'s deals where the seat made its bid."""
        weight = self.weights.get(candidate, 0.0)
        return self.made.get(candidate, 0.0) / weight if weight > 0.0 else 0.0

    def mean_points(self, candidate: int) -> float:
        """The seat's own points for the hand after ``candidate``, averaged over its deals."""
        weight = self.weights.get(candidate, 0.0)
        return self.points.get(candidate, 0.0) / weight if weight > 0.0 else 0.0

    def out_of_time(self) -> bool:
        return self.deadline is not None and time.monotonic() > self.deadline

    # --------------------------------------------------------------- race
    def race(
        self, candidates: list[int], bidding: bool, budget: int, cost: int, keep: int | None = None
    ) -> int:
        """The candidate with the best mean value; ``cost`` card plays per playout.

        ``keep`` (one of ``candidates``) is played out on every deal even when the race
        drops it, without changing the race or its choice (the analysis compares it)."""
        config = self.config
        total = max(1, budget // max(1, cost))
        share = len(candidates) if len(candidates) <= 2 else 2 * len(candidates)
        first = max(config.min_deals, min(config.max_deals, total // share))
        sums = dict.fromkeys(candidates, 0.0)
        alive = list(candidates)
        used = self._stage(0, alive, bidding, first, cost, sums)
        if len(alive) > 2 and not self.out_of_time():
            alive.sort(key=lambda card: -sums[card])
            alive = alive[: max(2, (len(alive) + 1) // 2)]
            more = max(0, min(config.max_deals - first, (total - used) // len(alive)))
            if more:
                kept = [keep] if keep is not None and keep not in alive else []
                self._stage(1, alive + kept, bidding, more, cost, sums)
        return max(alive, key=lambda card: (sums[card], -card))

    def _stage(
        self,
        stage: int,
        alive: list[int],
        bidding: bool,
        deals: int,
        cost: int,
        sums: dict[int, float],
    ) -> int:
        """Play ``alive`` out on ``deals`` more deals, in shards; add to ``sums`` in
        shard order. Returns the playouts run."""
        candidates = tuple(alive)
        tasks = [
            ShardTask(
                self.knowledge,
                self.objective,
                self.config,
                bidding,
                candidates,
                count,
                shard_seed(self.decision, stage, shard),
                self.deadline,
            )
            for shard, count in enumerate(split(deals))
            if count
        ]
        used = 0
        for result in self.mapper(run_shard, tasks):
            figures = zip(candidates, result.sums, result.made, result.points, strict=True)
            for candidate, value, made, points in figures:
                sums[candidate] += value
                self.made[candidate] = self.made.get(candidate, 0.0) + made
                self.weights[candidate] = self.weights.get(candidate, 0.0) + result.weight
                self.points[candidate] = self.points.get(candidate, 0.0) + points
            used += result.playouts
            self.kernel_seconds += result.kernel_seconds
            self.simulated += result.playouts * cost
        return used

    # --------------------------------------------------------------- play
    def choose_play(self) -> int:
        """The card index to play."""
        candidates = self.play_candidates()
        if len(candidates) == 1:
            return candidates[0]
        return self.race_plays(candidates)

    def play_candidates(self) -> list[int]:
        """One legal card index per class of equivalent cards (:func:`card_classes`)."""
        return card_classes(self.view, self.knowledge)

    def race_plays(self, candidates: list[int], keep: int | None = None) -> int:
        """The best of ``candidates`` (card indexes) on the play budget."""
        cost = sum(self.knowledge.counts)
        return self.race(candidates, False, self.config.play_budget, cost, keep)

    # ---------------------------------------------------------------- bid
    def choose_bid(self) -> int:
        """The number of tricks to bid."""
        candidates = self.bid_candidates()
        if len(candidates) == 1:
            return candidates[0]
        return self.race_bids(candidates)

    def bid_candidates(self) -> list[int]:
        """Every number of tricks the seat may bid."""
        forbidden = self.view.forbidden_bid
        return [bid for bid in range(self.knowledge.size + 1) if bid != forbidden]

    def race_bids(self, candidates: list[int], keep: int | None = None) -> int:
        """The best of ``candidates`` (bids) on the bid budget."""
        knowledge = self.knowledge
        cost = knowledge.size * knowledge.players
        return self.race(candidates, True, self.config.bid_budget, cost, keep)

    def guess_bids(self, deal: list[int], mine: int) -> list[int]:
        """Every seat's bid in this deal: known ones, ``mine``, and guesses for the rest."""
        return guess_bids(self.knowledge, deal, mine)
