"""No computer player, no coach and no analysis reads a hidden card (issue 29, item 2).

Each check asks for a decision in a position and in independent copies of it in
which every other hand is dealt again as the seat could not tell apart
(:mod:`tests.hidden`): bids and plays (first bid, the dealer's bid under the hook,
a lead, a follow, a play near the end), in three rule sets, always with at least
two legal actions. The answers must be the same. Two cheats show the check would
see a player that reads hidden cards: :class:`~tests.hidden.Peeking`, which lets
the other hands change its choice, and :func:`~tests.hidden.clairvoyant`, which
makes a search sample the true deal instead of inferred ones.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

from game.ai import make_agent
from game.ai.analysis import assess
from game.ai.coach import advise
from game.ai.expert import EXPERT, TREE, ExpertAgent
from game.ai.learned import LearnedBidder
from game.ai.levels import MEASURED_LEVELS, MeasuredLevel
from game.play.pool import ShardPool, start_helpers, stop_helpers
from game.rules import Match, SeatView
from tests.hidden import (
    caught_peeking,
    clairvoyant,
    copies,
    decides_the_same,
    standard_positions,
)

pytestmark = pytest.mark.slow
FAST = 0.02
"""A fiftieth of each search's budget: the same machinery, quick."""
SMALL = EXPERT.scaled(0.03)
LEARNED = replace(TREE.scaled(FAST), learned_guesses=True, learned_infer=True)
"""The expert's search with the learned model's guesses and likelihoods (issue 50)."""
Decide = Callable[[SeatView], object]
Position = tuple[str, Match, int]


def level(name: MeasuredLevel) -> Decide:
    return lambda view: make_agent(name, 6, budget=FAST).choose(view)


DECIDERS: dict[str, Decide] = {
    **{name: level(name) for name in MEASURED_LEVELS},
    "learned bid": lambda view: LearnedBidder(make_agent("medium", 6)).choose(view),
    "expert with the learned model": lambda view: ExpertAgent(6, LEARNED).choose(view),
    "coach": lambda view: advise(view, 6, config=SMALL),
    "analysis": lambda view: assess(view, view.legal[-1], 6, config=SMALL),
}
"""Every decision the game asks of its searches and players, made afresh each time."""
SEARCHES = ["hard", "expert", "expert with the learned model", "ismcts", "coach", "analysis"]


@pytest.fixture(scope="module")
def positions() -> list[Position]:
    return standard_positions()


@pytest.mark.parametrize("name", DECIDERS)
def test_no_decision_depends_on_hidden_cards(name: str, positions: list[Position]) -> None:
    decide = DECIDERS[name]
    for kind, match, seat in positions:
        assert decides_the_same(match, seat, decide), f"{name} read hidden cards ({kind})"


@pytest.mark.parametrize("name", MEASURED_LEVELS)
def test_the_check_catches_a_player_that_peeks(
    name: MeasuredLevel, positions: list[Position]
) -> None:
    caught = [kind for kind, match, seat in positions if caught_peeking(match, seat, level(name))]
    assert len(caught) >= len(positions) // 2, caught


@pytest.mark.parametrize("name", SEARCHES)
def test_the_check_catches_a_search_that_samples_the_true_deal(
    name: str, positions: list[Position]
) -> None:
    decide = DECIDERS[name]
    caught = []
    for kind, match, seat in positions:
        answers = []
        for board in [copy.deepcopy(match), *copies(match, seat)]:
            with clairvoyant(board):
                answers.append(repr(decide(board.view(seat))))
        if len(set(answers)) > 1:
            caught.append(kind)
    assert caught, f"the check never saw {name} reading the true deal"


@pytest.fixture(scope="module")
def pool() -> Iterator[ShardPool]:
    connections, processes = start_helpers(2, niceness=0)
    yield ShardPool(connections)
    stop_helpers(processes)


def test_searches_on_helper_processes_read_no_hidden_card(
    pool: ShardPool, positions: list[Position]
) -> None:
    """The shards of a search run in other processes: the same check holds there."""
    searches: list[MeasuredLevel] = ["hard", "expert"]
    for name in searches:
        for kind, match, seat in positions[:6]:

            def decide(view: SeatView, name: MeasuredLevel = name) -> object:
                return make_agent(name, 6, budget=0.05, mapper=pool.map).choose(view)

            assert decides_the_same(match, seat, decide), f"{name} on helpers ({kind})"
