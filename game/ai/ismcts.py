"""The yardstick: single-observer information-set Monte Carlo tree search.

A textbook SO-ISMCTS (Cowling, Powley and Whitehouse, 2012), used only to
measure the other levels (``ohhell tournament --seats expert,ismcts,...``); it
is never offered at the table. One tree holds the observer's information sets:
a node is the sequence of actions seen in the open from the decision on (bids,
cards played). Each iteration draws a fresh determinization from what the
seat may know (:class:`~game.ai.sampling.DealSampler`: the unseen cards,
every shown void, the dealer's turned card), then

1. selects down the tree by UCB1 over the actions legal in that
   determinization, a child's exploration counted by how often it was
   available (not by its parent's visits);
2. expands one untried action, chosen uniformly;
3. plays out the rest of the hand uniformly at random (bids still to come
   among the engine's legal bids, the hook respected; cards with
   :func:`~game.rules.playout.random_playout`);
4. backs up every seat's own hand points (:func:`~game.rules.scoring.hand_points`),
   each node crediting the seat that acted into it.

Points are scaled to [0, 1] by the least and most a seat can score in a hand of
this size, the same map for every seat, so the exploration constant ``c = 2``
is on that scale. The decision is the root action visited most (ties: higher
mean, then lower action number). Everything depends on the view and the seed.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.ai.knowledge import Knowledge, knowledge_of
from game.ai.sampling import DealSampler
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.playout import random_playout
from game.rules.scoring import hand_points
from game.rules.tricks import legal_mask, winning_position
from game.rules.view import SeatView

BID = 64
"""Action numbers: a card is its index (0-51), a bid of ``n`` is ``BID + n``."""


@dataclass(frozen=True)
class IsmctsConfig:
    """The yardstick's parameters (the textbook ones by default)."""

    iterations: int = 1_000
    """Determinized iterations per decision."""
    exploration: float = 2.0
    """UCB1's constant ``c``, on rewards scaled to [0, 1]."""

    def scaled(self, factor: float) -> IsmctsConfig:
        """The same search with ``factor`` times the iterations (at least one)."""
        return IsmctsConfig(max(1, int(self.iterations * factor)), self.exploration)


ISMCTS = IsmctsConfig()


class Node:
    """An information set of the observer's tree, reached by ``actor``'s action."""

    __slots__ = ("actor", "available", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        """The sum of ``actor``'s scaled rewards over the visits."""
        self.available = 1
        """Selections at the parent in which this action was legal."""


class World:
    """One determinization played forward: hands, bids, tricks taken, the trick."""

    __slots__ = ("base", "bids", "hands", "leader", "taken", "to_bid", "trick")

    def __init__(self, base: Knowledge, hands: list[int]) -> None:
        self.base = base
        self.hands = hands
        self.bids = list(base.bids)
        self.taken = list(base.taken)
        self.trick = list(base.trick)
        self.to_bid = _bidding_order(base)
        self.leader = (base.dealer + 1) % base.players if self.to_bid else base.leader
        """While bids are to come the eldest hand will lead (the engine's ``leader`` is stale)."""

    def actor(self) -> int:
        if self.to_bid:
            return self.to_bid[0]
        return (self.leader + len(self.trick)) % self.base.players

    def finished(self) -> bool:
        return not self.to_bid and not self.hands[self.leader] and not self.trick

    def legal(self) -> list[int]:
        """The action numbers legal for the seat to act, in increasing order."""
        base = self.base
        if self.to_bid:
            barred = self._barred(self.to_bid[0])
            return [BID + bid for bid in range(base.size + 1) if bid != barred]
        led = self.trick[0] // 13 if self.trick else None
        mask = legal_mask(self.hands[self.actor()], led, base.trump, base.must_trump)
        return [index for index in range(52) if mask >> index & 1]

    def _barred(self, seat: int) -> int | None:
        """The hook's forbidden bid for ``seat``, as the engine's rule gives it."""
        base = self.base
        if not base.rules.hook or seat != base.dealer:
            return None
        barred = base.size - sum(bid for bid in self.bids if bid is not None)
        return barred if barred >= 0 else None

    def apply(self, action: int) -> None:
        if self.to_bid:
            self.bids[self.to_bid.pop(0)] = action - BID
            return
        seat = self.actor()
        self.hands[seat] ^= 1 << action
        self.trick.append(action)
        players = self.base.players
        if len(self.trick) == players:
            self.leader = (self.leader + winning_position(self.trick, self.base.trump)) % players
            self.taken[self.leader] += 1
            self.trick = []

    def play_out(self, rng: random.Random) -> int:
        """Finish the hand with uniformly random legal actions; return the card plays made."""
        while self.to_bid:
            self.apply(rng.choice(self.legal()))
        if self.finished():
            return 0
        plays = sum(hand.bit_count() for hand in self.hands)
        base = self.base
        more = random_playout(
            self.hands, self.leader, base.trump, base.must_trump, rng, tuple(self.trick)
        )
        for seat, count in enumerate(more):
            self.taken[seat] += count
        return plays

    def rewards(self, low: int, span: int) -> list[float]:
        """Every seat's hand points, scaled to [0, 1]."""
        base = self.base
        return [
            (hand_points(base.rules, bid or 0, taken, base.size) - low) / span
            for bid, taken in zip(self.bids, self.taken, strict=True)
        ]


def _bidding_order(knowledge: Knowledge) -> list[int]:
    """The seats whose bids are still unknown to the observer, in bidding order."""
    players = knowledge.players
    eldest = (knowledge.dealer + 1) % players
    order = [(eldest + step) % players for step in range(players)]
    unknown = [seat for seat in order if knowledge.bids[seat] is None]
    if knowledge.seat in unknown:  # simultaneous bids: the observer's own comes first
        unknown.remove(knowledge.seat)
        unknown.insert(0, knowledge.seat)
    return unknown


def point_range(knowledge: Knowledge) -> tuple[int, int]:
    """The least points a seat can score in this hand, and the spread up to the most."""
    size = knowledge.size
    points = [
        hand_points(knowledge.rules, bid, taken, size)
        for bid in range(size + 1)
        for taken in range(size + 1)
    ]
    low = min(points)
    return low, max(1, max(points) - low)


class IsmctsSearch:
    """One decision's tree."""

    def __init__(self, knowledge: Knowledge, config: IsmctsConfig, rng: random.Random) -> None:
        self.knowledge = knowledge
        self.config = config
        self.rng = rng
        self.sampler = DealSampler(knowledge)
        self.low, self.span = point_range(knowledge)
        self.root = Node(-1)
        self.simulated = 0
        """Card plays made in the play-outs."""

    def run(self) -> int:
        """Search for the configured iterations; return the chosen action number."""
        for _ in range(self.config.iterations):
            self.iterate()
        return self.best()

    def iterate(self) -> None:
        rng = self.rng
        world = World(self.knowledge, self.sampler.sample(rng))
        node = self.root
        path = [node]
        log, sqrt, c = math.log, math.sqrt, self.config.exploration
        while not world.finished():
            actor = world.actor()
            legal = world.legal()
            children = node.children
            untried = [action for action in legal if action not in children]
            for action in legal:
                child = children.get(action)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                node = children[action] = Node(actor)
                world.apply(action)
                path.append(node)
                break
            best_value = -math.inf
            action = legal[0]
            for candidate in legal:
                child = children[candidate]
                value = child.reward / child.visits + c * sqrt(log(child.available) / child.visits)
                if value > best_value:
                    best_value, action = value, candidate
            node = children[action]
            world.apply(action)
            path.append(node)
        self.simulated += world.play_out(rng)
        rewards = world.rewards(self.low, self.span)
        for visited in path:
            visited.visits += 1
            if visited.actor >= 0:
                visited.reward += rewards[visited.actor]

    def best(self) -> int:
        """The root action visited most (ties: higher mean, then lower number)."""
        children = self.root.children
        return min(
            children,
            key=lambda action: (
                -children[action].visits,
                -children[action].reward / children[action].visits,
                action,
            ),
        )


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """A generator for one decision, fixed by the seed and where the hand stands."""
    played = sum(len(trick.cards) for trick in view.tricks) + len(view.trick)
    return random.Random(
        f"ismcts:{seed}:{view.hand_number}:{view.seat}:{view.phase.value}:{played}"
    )


class IsmctsAgent:
    """The yardstick player (see the module's docstring)."""

    level = "ismcts"

    def __init__(self, seed: int, config: IsmctsConfig = ISMCTS) -> None:
        self.seed = seed
        self.config = config
        self.simulated = 0
        """Card plays simulated in this agent's play-outs."""
        self.iterations = 0

    def choose(self, view: SeatView) -> Action:
        seat = view.seat
        assert seat is not None
        if len(view.legal) == 1:
            return view.legal[0]
        search = IsmctsSearch(knowledge_of(view), self.config, decision_rng(self.seed, view))
        action = search.run()
        self.simulated += search.simulated
        self.iterations += self.config.iterations
        if view.phase is Phase.BIDDING:
            return Bid.of(seat, action - BID)
        return Play.of(seat, Card.from_index(action))
