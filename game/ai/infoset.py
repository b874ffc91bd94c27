"""The expert's search: information-set Monte Carlo tree search with smart play-outs.

Sampling whole deals and playing every candidate out as if the deal were known
(:mod:`game.ai.search`) lets the seat plan a different line for every deal, a
plan it could never carry out, since it cannot tell the deals apart
(*strategy fusion*); it overrates bids that need exactly the right guesses.
This search keeps one tree over what the seat sees, as the yardstick does
(:mod:`game.ai.ismcts`): a node is the sequence of bids and cards seen in the
open from the decision on, so a line of play is chosen once for every deal
that leads to it. It differs from the yardstick in four ways:

- **Determinizations are the expert's deals**: drawn by the sampler and weighed
  by the likelihood of the opponents' bids and plays (:mod:`game.ai.inference`),
  kept in proportion to those weights, and each iteration takes one of them.
- **Play-outs are the smart policy** of :mod:`game.ai.rollout` (every seat
  playing to its bid), not random cards.
- **Other seats' bids still to come are guessed** from the hands the
  determinization gives them (the likeliest bid of :mod:`game.ai.bidmodel`, the
  model fitted to how the levels bid, or :func:`~game.ai.heuristics.guess_bid`),
  not chosen in the tree, where they could not depend on those hands.
- **Rewards**: the seat's own node values its outcome by its
  :class:`~game.ai.objective.Objective`; each other seat's node values its own
  points less the objective's share of the others' average.

The root offers one card per class of equivalent cards. **Both cores, the same
decision**: the iterations are split over a fixed number of shards, each
growing its own tree from its own seed (root parallelization); the decision is
the root action with the most visits over all trees (ties: the higher mean
value, then the lower number), so it does not depend on where the shards ran.
Budgets count simulated card plays, as for the other searches.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai.bidmodel import BidModel, bid_model
from game.ai.features import situation_in
from game.ai.heuristics import expected_tricks, guess_bid
from game.ai.knowledge import Knowledge
from game.ai.learned import model_best_bid
from game.ai.objective import SHARE, WIN_WEIGHT, Objective
from game.ai.rollout import playout
from game.ai.search import point_tables
from game.ai.shards import SHARDS, Mapper, deal_source, sequential_map, shard_seed, split
from game.ai.tree import BID, Node, World, point_range
from game.ai.trickmodel import TrickModel, shipped_model
from game.rules.ruleset import TrickPoints

__all__ = [
    "BID",
    "GuessingWorld",
    "SmartWorld",
    "TreeConfig",
    "TreeSearch",
    "bid_roots",
    "grow_tree",
]


@dataclass(frozen=True)
class TreeConfig:
    """How hard the expert's tree search thinks."""

    budget: int = 150_000
    """Simulated card plays per decision (play-outs and tree moves alike)."""
    min_iterations: int = 200
    max_iterations: int = 6_000
    exploration: float = 0.7
    """UCB1's constant, on values scaled by the spread of a seat's points in the hand."""
    deals: int = 600
    """Deals drawn (and weighed) per decision, shared out among the shards."""
    oversample: int = 2
    """Deals drawn per deal kept, when the deals are weighed by inference."""
    infer: bool = True
    guess_bids: bool = True
    """Other seats' bids are guessed from their hands in each determinization; if not,
    they are tree actions, chosen in the tree like any other seat's move."""
    time_limit: float | None = None
    """An optional wall-clock cap per decision, in seconds (not deterministic)."""
    share: float = SHARE
    win_weight: float = WIN_WEIGHT
    fitted_bids: bool = False
    """Other seats' bids are weighed and guessed by the fitted model of how the
    levels bid (:mod:`game.ai.bidmodel`), not by the rounded estimate."""
    learned_infer: bool = False
    """The inference weighs the others' bids by the learned model's chance that their
    hands make them (:mod:`game.ai.inference`; the estimate's curve without a model)."""
    learned_guesses: bool = False
    """Other seats' bids still to come are guessed as the learned trick model would
    bid their hands (:mod:`game.ai.learned`; the estimate's bid without a model)."""

    def scaled(self, factor: float) -> TreeConfig:
        """The same search with the budget (and the iterations' bounds) times ``factor``."""
        return replace(
            self,
            budget=max(1, int(self.budget * factor)),
            min_iterations=max(SHARDS, int(self.min_iterations * factor)),
            max_iterations=max(SHARDS, int(self.max_iterations * factor)),
            deals=max(SHARDS, min(self.deals, int(self.deals * max(factor, 0.1)))),
        )


@dataclass(frozen=True)
class TreeTask:
    """One shard's tree: what a worker needs to grow it."""

    knowledge: Knowledge
    objective: Objective
    config: TreeConfig
    roots: tuple[int, ...]
    """The action numbers the root may take (one card per class; every bid)."""
    iterations: int
    deals: int
    seed: str
    deadline: float | None = None


@dataclass(frozen=True)
class TreeResult:
    """A shard's root: visits and summed value per action of ``TreeTask.roots``."""

    visits: tuple[int, ...]
    values: tuple[float, ...]
    simulated: int
    kernel_seconds: float


class SmartWorld(World):
    """A determinization played forward, finished by the smart play-out; bids still
    to come when the tree stops are guessed from the hands they are made with."""

    __slots__ = ()

    def guess_bids(self, stop: int | None = None) -> None:
        """Bid for every seat to bid before ``stop``'s turn (all, if ``None``), from its
        hand here."""
        base = self.base
        players = base.players
        eldest = (base.dealer + 1) % players
        while self.to_bid and self.to_bid[0] != stop:
            seat = self.to_bid.pop(0)
            self.bids[seat] = self.guess(seat, seat == eldest)

    def guess(self, seat: int, lead: bool) -> int:
        """``seat``'s bid from its hand here."""
        base = self.base
        hand, barred = self.hands[seat], self._barred(seat)
        return guess_bid(hand, base.trump, base.players, base.size, barred, lead)

    def finish(self) -> int:
        """Play the rest out; return the card plays made."""
        self.guess_bids()
        if self.finished():
            return 0
        base = self.base
        plays = sum(hand.bit_count() for hand in self.hands)
        need = [(bid or 0) - took for bid, took in zip(self.bids, self.taken, strict=True)]
        over_wants = base.rules.trick_points is TrickPoints.ALWAYS
        more = playout(
            self.hands, self.leader, self.trick, base.trump, base.must_trump, need, over_wants, True
        )
        for seat, count in enumerate(more):
            self.taken[seat] += count
        return plays


class GuessingWorld(SmartWorld):
    """A :class:`SmartWorld` in which the other seats' bids are never tree actions:
    each is guessed from the seat's hand as soon as it is that seat's turn."""

    __slots__ = ()

    def __init__(self, base: Knowledge, hands: list[int]) -> None:
        super().__init__(base, hands)
        self.guess_bids(base.seat)

    def apply(self, action: int) -> None:
        super().apply(action)
        self.guess_bids(self.base.seat)


class FittedSmartWorld(SmartWorld):
    """A :class:`SmartWorld` whose guesses are the fitted model's likeliest bids."""

    __slots__ = ()

    def guess(self, seat: int, lead: bool) -> int:
        base = self.base
        estimate = expected_tricks(self.hands[seat], base.trump, base.players, base.size, lead)
        return bid_model(base.size).likeliest(estimate, base.size, self._barred(seat))


class FittedWorld(GuessingWorld, FittedSmartWorld):
    """A :class:`GuessingWorld` whose guesses are the fitted model's likeliest bids."""

    __slots__ = ()


class LearnedSmartWorld(SmartWorld):
    """A :class:`SmartWorld` whose guesses are the learned model's bids for the hands."""

    __slots__ = ()

    def guess(self, seat: int, lead: bool) -> int:
        model = shipped_model()
        if model is None:
            return super().guess(seat, lead)
        base, hand = self.base, self.hands[seat]
        barred = self._barred(seat)
        key = (seat, hand, tuple(self.bids), barred)
        memo = _guesses(base)
        bid = memo.get(key)
        if bid is None:
            situation = situation_in(base, seat, hand, self.bids)
            bids = [bid for bid in range(base.size + 1) if bid != barred]
            bid = memo[key] = model_best_bid(model, situation, base.rules, bids)
        return bid


class LearnedWorld(GuessingWorld, LearnedSmartWorld):
    """A :class:`GuessingWorld` whose guesses are the learned model's bids."""

    __slots__ = ()


_MEMO: dict[int, tuple[Knowledge, dict[tuple[object, ...], int]]] = {}


def _guesses(base: Knowledge) -> dict[tuple[object, ...], int]:
    """The learned guesses made for the decision of ``base`` (the last decision's only)."""
    kept = _MEMO.get(0)
    if kept is None or kept[0] is not base:
        kept = _MEMO[0] = (base, {})
    return kept[1]


WORLDS: dict[tuple[bool, bool], type[SmartWorld]] = {
    (False, False): SmartWorld,
    (False, True): GuessingWorld,
    (True, False): FittedSmartWorld,
    (True, True): FittedWorld,
}
"""The world a tree plays in, by ``(fitted_bids, guess_bids)``."""


class Tree:
    """One shard's tree over the seat's information sets."""

    def __init__(self, task: TreeTask) -> None:
        knowledge = task.knowledge
        self.knowledge = knowledge
        self.objective = task.objective
        self.exploration = task.config.exploration
        self.world = WORLDS[task.config.fitted_bids, task.config.guess_bids]
        if task.config.learned_guesses:
            self.world = LearnedWorld if task.config.guess_bids else LearnedSmartWorld
        self.roots = task.roots
        self.root = Node(-1)
        self.low, self.span = point_range(knowledge)
        self.points = point_tables(knowledge, range(knowledge.size + 1))
        """``points[bid][taken]``: a seat's points for the hand."""
        self.share = task.objective.share
        self.simulated = 0
        self.kernel_seconds = 0.0

    def iterate(self, hands: list[int], rng: random.Random) -> None:
        """One iteration on one determinization: select, expand, play out, back up."""
        world = self.world(self.knowledge, hands)
        node = self.root
        path = [node]
        legal: Sequence[int] = self.roots
        while not world.finished():
            if node is not self.root:
                legal = world.legal()
            node, expanded = self.step(node, world, legal, rng)
            path.append(node)
            if expanded:
                break
        start = time.perf_counter()
        self.simulated += world.finish() + len(path) - 1
        self.kernel_seconds += time.perf_counter() - start
        self.back_up(path, world)

    def step(
        self, node: Node, world: World, legal: Sequence[int], rng: random.Random
    ) -> tuple[Node, bool]:
        """Take one action from ``node`` in ``world``: an untried one if any (expanded)."""
        actor = world.actor()
        children = node.children
        untried = []
        for action in legal:
            child = children.get(action)
            if child is None:
                untried.append(action)
            else:
                child.available += 1
        if untried:
            action = rng.choice(untried)
            child = children[action] = Node(actor)
            world.apply(action)
            return child, True
        log, sqrt, c = math.log, math.sqrt, self.exploration
        best, action = -math.inf, legal[0]
        for candidate in legal:
            child = children[candidate]
            value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
            if value > best:
                best, action = value, candidate
        world.apply(action)
        return children[action], False

    def back_up(self, path: list[Node], world: World) -> None:
        table = self.points
        points = [table[bid or 0][took] for bid, took in zip(world.bids, world.taken, strict=True)]
        rewards = self.rewards(points)
        for visited in path:
            visited.visits += 1
            if visited.actor >= 0:
                visited.reward += rewards[visited.actor]

    def rewards(self, points: list[int]) -> list[float]:
        """Every seat's value of the outcome, scaled by the spread of a seat's points."""
        total = sum(points)
        others = len(points) - 1
        low, span, share = self.low, self.span, self.share
        rewards = [(mine - share * (total - mine) / others - low) / span for mine in points]
        seat = self.knowledge.seat
        rewards[seat] = (self.objective.value(points) - low) / span
        return rewards

    def result(self) -> TreeResult:
        children = self.root.children
        visits = tuple(children[a].visits if a in children else 0 for a in self.roots)
        values = tuple(children[a].reward if a in children else 0.0 for a in self.roots)
        return TreeResult(visits, values, self.simulated, self.kernel_seconds)


def grow_tree(task: TreeTask) -> TreeResult:
    """Draw the shard's deals and grow its tree for its iterations."""
    config = task.config
    rng = random.Random(task.seed)
    model: BidModel | TrickModel | None = None
    if config.fitted_bids:
        model = bid_model(task.knowledge.size)
    if config.learned_infer:
        model = shipped_model() or model
    source = deal_source(task.knowledge, config.oversample, config.infer, model)
    deals, weights = source.draw(task.deals, rng)
    pool = [deal for deal, weight in zip(deals, weights, strict=True) for _ in range(round(weight))]
    tree = Tree(task)
    for iteration in range(task.iterations):
        tree.iterate(list(pool[rng.randrange(len(pool))]), rng)
        if task.deadline is not None and iteration % 64 == 63 and time.monotonic() > task.deadline:
            break
    return tree.result()


class TreeSearch:
    """One decision of the expert: the shards' trees and the root action they agree on."""

    def __init__(
        self,
        knowledge: Knowledge,
        objective: Objective,
        config: TreeConfig,
        rng: random.Random,
        mapper: Mapper = sequential_map,
    ) -> None:
        self.knowledge = knowledge
        self.objective = objective
        self.config = config
        self.decision = rng.getrandbits(64)
        self.mapper = mapper
        self.simulated = 0
        self.kernel_seconds = 0.0
        self.visits: dict[int, int] = {}
        self.values: dict[int, float] = {}

    def iterations(self, bidding: bool) -> int:
        knowledge = self.knowledge
        cost = knowledge.size * knowledge.players if bidding else sum(knowledge.counts)
        config = self.config
        return min(config.max_iterations, max(config.min_iterations, config.budget // max(1, cost)))

    def choose(self, roots: Sequence[int], bidding: bool) -> int:
        """The root action (a card index, or ``BID`` + a bid) with the most visits."""
        config = self.config
        deadline = None if config.time_limit is None else time.monotonic() + config.time_limit
        iterations = split(self.iterations(bidding))
        deals = split(config.deals)
        tasks = [
            TreeTask(
                self.knowledge,
                self.objective,
                config,
                tuple(roots),
                count,
                max(1, deals[shard]),
                shard_seed(self.decision, 0, shard),
                deadline,
            )
            for shard, count in enumerate(iterations)
            if count
        ]
        visits = dict.fromkeys(roots, 0)
        values = dict.fromkeys(roots, 0.0)
        for result in self.mapper(grow_tree, tasks):
            for action, seen, value in zip(roots, result.visits, result.values, strict=True):
                visits[action] += seen
                values[action] += value
            self.simulated += result.simulated
            self.kernel_seconds += result.kernel_seconds
        self.visits, self.values = visits, values

        def key(action: int) -> tuple[int, float, int]:
            seen = visits[action]
            return (seen, values[action] / seen if seen else -math.inf, -action)

        return max(roots, key=key)


def bid_roots(size: int, forbidden: int | None) -> list[int]:
    """The root actions of a bid decision: every bid but the forbidden one."""
    return [BID + bid for bid in range(size + 1) if bid != forbidden]
