"""Analysis of a decision already taken: what it cost against the search's choice.

For one decision (the seat's view, the action it took, a seed) the sampled-deal
search at the expert's budget runs (:class:`~game.ai.search.Search` with
:data:`~game.ai.expert.EXPERT`, seeded by :func:`~game.ai.seeds.decision_rng`: the
coach's search, which the expert level itself replaced by a tree search in issue 17),
with the action taken kept in the race to the end (``keep``): it is played out on
every deal the search's choice is, without changing the race. Each of the two gets
the seat's own points for the hand averaged over those deals; the cost is the
choice's points less the action's, never below 0 (the search chooses by its
objective, which also weighs the opponents' points and the chance to win the game,
so its choice can score a little less for the seat itself). An action of the same
class of equivalent cards as the choice agrees with it and costs 0; so does a
decision with a single class of legal actions, told without a search. Like the
computer players, the analysis sees only the seat's view.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.coach import class_of
from game.ai.expert import EXPERT
from game.ai.sampled import seeded_search
from game.ai.search import SearchConfig
from game.ai.shards import Mapper, sequential_map
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import SeatView

ANALYSIS = EXPERT
"""The search an analysis runs by default: the expert's own (see docs/ai.md)."""


@dataclass(frozen=True)
class Assessment:
    """One decision judged: the action taken, the expert's choice and their points."""

    action: Action
    choice: Action
    """The expert's choice; the action itself when the two agree."""
    action_points: float | None
    """The seat's mean points for the hand after ``action`` (None: no search was needed)."""
    choice_points: float | None
    """The same after ``choice``, on the same deals."""

    @property
    def cost(self) -> float:
        """How many points the action gave away on average against the expert's choice."""
        if self.action_points is None or self.choice_points is None:
            return 0.0
        return max(0.0, self.choice_points - self.action_points)


def assess(
    view: SeatView,
    action: Action,
    seed: int,
    mapper: Mapper = sequential_map,
    config: SearchConfig | None = None,
) -> Assessment:
    """Judge ``action``, taken by the seat of ``view`` (which must be awaiting it), with
    the search ``config`` (default :data:`ANALYSIS`)."""
    config = config if config is not None else ANALYSIS
    seat = view.seat
    if seat is None or view.phase not in (Phase.BIDDING, Phase.PLAYING) or not view.legal:
        raise ValueError("the analysis judges a seat whose turn it was")
    if action not in view.legal:
        raise ValueError("the action judged must be legal in the view")
    search = seeded_search(view, seed, config, mapper)
    if isinstance(action, Bid):
        candidates = search.bid_candidates()
        taken = action.tricks
    else:
        assert isinstance(action, Play)
        candidates = search.play_candidates()
        taken = class_of(action.card.index, candidates)
    if len(candidates) == 1:
        return Assessment(action, action, None, None)
    if isinstance(action, Bid):
        choice: int = search.race_bids(candidates, keep=taken)
        chosen: Action = Bid.of(seat, choice)
    else:
        choice = search.race_plays(candidates, keep=taken)
        chosen = Play.of(seat, Card.from_index(choice))
    if choice == taken:
        points = search.mean_points(taken)
        return Assessment(action, action, points, points)
    return Assessment(action, chosen, search.mean_points(taken), search.mean_points(choice))
