"""The sampled-deal search as a player: perfect-information Monte Carlo.

Before issue 30's fourth session this was the hard level. It stays as the
engine of the coach and the analysis (:func:`seeded_search`, whose figures are
chances of making a bid) and as a player the tournaments can measure."""

from __future__ import annotations

from game.ai.knowledge import knowledge_of
from game.ai.objective import objective_of
from game.ai.search import Search, SearchConfig
from game.ai.seeds import decision_rng
from game.ai.shards import Mapper, sequential_map
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import SeatView

SAMPLED = SearchConfig()
"""The search defaults: what the hard level played with until it grew a tree."""


def seeded_search(
    view: SeatView, seed: int, config: SearchConfig, mapper: Mapper = sequential_map
) -> Search:
    """The search of one decision of the seat of ``view``: what it knows, its objective,
    and a generator fixed by ``seed`` and where the hand stands (:func:`decision_rng`)."""
    objective = objective_of(view, config.share, config.win_weight)
    return Search(view, knowledge_of(view), objective, config, decision_rng(seed, view), mapper)


class SampledDealAgent:
    """Perfect-information Monte Carlo: samples deals, plays each candidate out.

    ``mapper`` runs the search's shards (in turn by default; on several cores
    with the same decisions when the thinker gives it a pool)."""

    level = "sampled"
    default = SAMPLED

    def __init__(
        self, seed: int, config: SearchConfig | None = None, mapper: Mapper = sequential_map
    ) -> None:
        self.seed = seed
        self.config = config if config is not None else self.default
        self.mapper = mapper
        self.simulated = 0
        """Card plays simulated in all this agent's searches (for ``ohhell bench ai``)."""
        self.kernel_seconds = 0.0
        """Time those simulations spent inside the playout kernel."""

    def choose(self, view: SeatView) -> Action:
        seat = view.seat
        assert seat is not None
        if len(view.legal) == 1:
            return view.legal[0]
        search = seeded_search(view, self.seed, self.config, self.mapper)
        if view.phase is Phase.BIDDING:
            action: Action = Bid.of(seat, search.choose_bid())
        else:
            action = Play.of(seat, Card.from_index(search.choose_play()))
        self.simulated += search.simulated
        self.kernel_seconds += search.kernel_seconds
        return action
