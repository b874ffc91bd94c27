"""The expert level: information-set tree search on deals weighed by inference.

Before searching, expert draws more deals than it keeps and weighs each by how
likely the opponents' bids and plays so far would have been had they held
those cards (:mod:`game.ai.inference`), keeping deals in proportion to these
weights. It then grows a tree over what it sees (:mod:`game.ai.infoset`), one
determinization per iteration, finished by the smart play-out.

``EXPERT`` is the sampled-deal search (:mod:`game.ai.search`) at the expert's
budget, with the same inference: the coach's figures and the analysis of a
kept game come from it (a tree's visit counts are no chances of making a bid).
"""

from __future__ import annotations

from game.ai.inference import Inference, PastPlay
from game.ai.infoset import TreeConfig, TreeSearch, bid_roots
from game.ai.knowledge import knowledge_of
from game.ai.objective import objective_of
from game.ai.search import SearchConfig, card_classes
from game.ai.seeds import decision_rng
from game.ai.shards import Mapper, sequential_map
from game.ai.tree import BID
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import SeatView

__all__ = ["EXPERT", "TREE", "ExpertAgent", "Inference", "PastPlay", "TreeAgent"]

TREE = TreeConfig(share=1.0)
"""The expert's own search (measured against the yardstick in docs/ai.md). Its
objective counts the opponents' average points fully against its own
(``share=1.0``): in a duplicate hand, points taken from the others are worth as
much as points scored, and the paired deals measured it ahead of ``0.4``."""

EXPERT = SearchConfig(
    play_budget=200_000,
    bid_budget=150_000,
    min_deals=24,
    max_deals=2400,
    oversample=2,
    infer=True,
)
"""The sampled-deal search at the expert's budget: the coach and the analysis."""


class TreeAgent:
    """A player of the information-set tree search (:mod:`game.ai.infoset`) at the
    budget of ``default``; each level is a subclass with its own ``default``.

    ``mapper`` runs the search's shards (in turn by default; on several cores
    with the same decisions when the thinker gives it a pool)."""

    level = "tree"
    default = TREE

    def __init__(
        self, seed: int, config: TreeConfig | None = None, mapper: Mapper = sequential_map
    ) -> None:
        self.seed = seed
        self.config = config if config is not None else self.default
        self.mapper = mapper
        self.simulated = 0
        """Card plays simulated in all this agent's searches (for ``ohhell bench ai``)."""
        self.kernel_seconds = 0.0
        """Time those simulations spent inside the play-out kernel."""

    def choose(self, view: SeatView) -> Action:
        seat = view.seat
        assert seat is not None
        if len(view.legal) == 1:
            return view.legal[0]
        knowledge = knowledge_of(view)
        bidding = view.phase is Phase.BIDDING
        if bidding:
            roots = bid_roots(knowledge.size, view.forbidden_bid)
        else:
            roots = card_classes(view, knowledge)
            if len(roots) == 1:
                return Play.of(seat, Card.from_index(roots[0]))
        config = self.config
        objective = objective_of(view, config.share, config.win_weight)
        rng = decision_rng(self.seed, view)
        search = TreeSearch(knowledge, objective, config, rng, self.mapper)
        chosen = search.choose(roots, bidding)
        self.simulated += search.simulated
        self.kernel_seconds += search.kernel_seconds
        if bidding:
            return Bid.of(seat, chosen - BID)
        return Play.of(seat, Card.from_index(chosen))


class ExpertAgent(TreeAgent):
    """Information-set search over deals weighed by inference (the module's docstring)."""

    level = "expert"
    default = TREE
