"""The analysis of decisions taken: the sampled-deal search's figures, its choice, a cost."""

from __future__ import annotations

import pytest

from game.ai import make_agent
from game.ai.analysis import Assessment, assess
from game.ai.coach import class_of
from game.ai.sampled import SampledDealAgent
from game.rules import PRESETS, Match, Phase, SeatView
from game.rules.actions import Action, Bid, Play
from game.rules.tricks import trick_winner
from tests.test_coach import SMALL, direct_search
from tests.test_shards import decisions_along


def key_of(action: Action, candidates: list[int]) -> int:
    if isinstance(action, Bid):
        return action.tricks
    assert isinstance(action, Play)
    return class_of(action.card.index, candidates)


@pytest.mark.parametrize(("preset", "players", "seed"), [("oh-hell", 4, 3), ("blob", 5, 8)])
def test_the_figures_and_the_choice_are_the_searchs(preset: str, players: int, seed: int) -> None:
    searcher = SampledDealAgent(seed, SMALL)  # the sampled-deal search deciding alone
    for view in decisions_along(preset, players, seed, 6):
        search, candidates, choice = direct_search(view, seed)
        for action in view.legal:
            judged = assess(view, action, seed, config=SMALL)
            key = key_of(action, candidates)
            if key == choice:
                assert judged.choice == action and judged.cost == 0.0
                continue
            assert judged.choice == searcher.choose(view)
            assert judged.choice_points == search.mean_points(choice)
            if key in search.points and search.weights[key] == search.weights[choice]:
                assert judged.action_points == search.mean_points(key)  # it ran the race
            assert judged.action_points is not None
            assert judged.cost == max(0.0, search.mean_points(choice) - judged.action_points)


def test_the_searchs_own_choice_costs_nothing() -> None:
    for view in decisions_along("oh-hell", 4, 5, 6):
        choice = SampledDealAgent(5, SMALL).choose(view)
        judged = assess(view, choice, 5, config=SMALL)
        assert judged == Assessment(choice, choice, judged.action_points, judged.action_points)
        assert judged.action_points is not None and judged.cost == 0.0


def test_a_single_class_of_actions_costs_nothing_without_a_search() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 2)
    movers = [make_agent("medium", seat) for seat in range(4)]
    while True:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        if len(view.legal) == 1:
            break
        match.apply(movers[seat].choose(view))
    assert assess(view, view.legal[0], 1, config=SMALL) == Assessment(
        view.legal[0], view.legal[0], None, None
    )


def zero_bidder_last_to_play(seed: int) -> tuple[SeatView, Play, Play] | None:
    """A seat that bid 0 and has taken nothing, last to a trick, that may win it with
    one card or lose it with another: the view, the winning card and a losing one."""
    match = Match(PRESETS["oh-hell"].rules(4), seed)
    movers = [make_agent("medium", seat) for seat in range(4)]
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        zero = view.bids[seat] == 0 and view.taken[seat] == 0
        if view.phase is Phase.PLAYING and zero and len(view.trick) == 3:
            plays = [action for action in view.legal if isinstance(action, Play)]
            wins = [p for p in plays if trick_winner([*view.trick, p.card], view.trump) == 3]
            loses = [p for p in plays if p not in wins]
            if wins and loses:
                return view, wins[0], loses[0]
        match.apply(movers[seat].choose(view))
    return None


def test_taking_a_trick_on_a_bid_of_zero_is_marked() -> None:
    found = next(filter(None, map(zero_bidder_last_to_play, range(1, 20))))
    view, winner, loser = found
    judged = assess(view, winner, 4, config=SMALL)
    assert judged.cost >= 0.5
    assert judged.choice != winner
    assert assess(view, loser, 4, config=SMALL).cost < judged.cost


def test_the_same_assessment_twice() -> None:
    view = decisions_along("oh-hell", 4, 3, 1)[0]
    action = view.legal[-1]
    assert assess(view, action, 9, config=SMALL) == assess(view, action, 9, config=SMALL)


def test_the_analysis_refuses_an_action_not_legal() -> None:
    view = decisions_along("oh-hell", 4, 3, 1)[0]
    seat = view.seat
    assert seat is not None
    with pytest.raises(ValueError, match="legal"):
        assess(view, Bid.of(seat, 99), 1, config=SMALL)
