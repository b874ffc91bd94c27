"""The expert's bid search guided by the learned trick model (issue 50, measured in
docs/ai.md).

The tree search values every legal bid by its play-outs; the model values it by
the expected points of the tricks a seat with this hand takes when it bids that.
:class:`GuidedAgent` bids the best blend of the two (``weight`` on the model's,
both on the scale of a seat's points in the hand) and plays as its level does.
"""

from __future__ import annotations

import math

from game.ai.expert import TreeAgent
from game.ai.features import situation_of
from game.ai.infoset import TreeConfig, TreeSearch, bid_roots
from game.ai.knowledge import knowledge_of
from game.ai.learned import model_bid_values
from game.ai.objective import objective_of
from game.ai.seeds import decision_rng
from game.ai.shards import Mapper, sequential_map
from game.ai.tree import BID, point_range
from game.ai.trickmodel import TrickModel, shipped_model
from game.rules.actions import Action, Bid
from game.rules.phase import Phase
from game.rules.view import SeatView

__all__ = ["GuidedAgent"]


class GuidedAgent(TreeAgent):
    """A tree-search level whose bids blend the search's values with the model's."""

    def __init__(
        self,
        seed: int,
        config: TreeConfig,
        weight: float,
        model: TrickModel | None = None,
        mapper: Mapper = sequential_map,
    ) -> None:
        super().__init__(seed, config, mapper)
        self.weight = weight
        self.model = model if model is not None else shipped_model()

    def choose(self, view: SeatView) -> Action:
        model = self.model
        if view.phase is not Phase.BIDDING or model is None or len(view.legal) == 1:
            return super().choose(view)
        seat = view.seat
        assert seat is not None
        knowledge = knowledge_of(view)
        roots = bid_roots(knowledge.size, view.forbidden_bid)
        config = self.config
        objective = objective_of(view, config.share, config.win_weight)
        rng = decision_rng(self.seed, view)
        search = TreeSearch(knowledge, objective, config, rng, self.mapper)
        search.choose(roots, True)
        self.simulated += search.simulated
        bids = [root - BID for root in roots]
        learned = model_bid_values(model, situation_of(view), view.rules, bids)
        low, span = point_range(knowledge)
        searched = {
            root - BID: search.values[root] / search.visits[root]
            for root in roots
            if search.visits[root]
        }
        floor = min(searched.values(), default=0.0)

        def blended(bid: int) -> float:
            mean = searched.get(bid, floor)
            return (1.0 - self.weight) * mean + self.weight * (learned[bid] - low) / span

        best = max(bids, key=lambda bid: (blended(bid), -bid))
        assert not math.isnan(blended(best))
        return Bid.of(seat, best)
