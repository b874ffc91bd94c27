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
from game.ai.seeds import decision_rng
from game.ai.tree import BID, Node, World, point_range
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import SeatView


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
        search = IsmctsSearch(
            knowledge_of(view), self.config, decision_rng(self.seed, view, "ismcts")
        )
        action = search.run()
        self.simulated += search.simulated
        self.iterations += self.config.iterations
        if view.phase is Phase.BIDDING:
            return Bid.of(seat, action - BID)
        return Play.of(seat, Card.from_index(action))
