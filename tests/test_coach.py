"""The coach's figures: from the expert's search, seeded, and blind to hidden cards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ai.coach import advise
from game.ai.expert import EXPERT
from game.ai.knowledge import knowledge_of
from game.ai.objective import objective_of
from game.ai.sampled import SampledDealAgent
from game.ai.search import Search
from game.ai.seeds import decision_rng
from game.play.pool import ShardPool, start_helpers, stop_helpers
from game.rules import PRESETS, Match, Phase, SeatView
from game.rules.actions import Bid, Play
from tests.test_shards import decisions_along

SMALL = EXPERT.scaled(0.05)
"""The expert's search on a twentieth of its budget (the same machinery, quicker)."""
CASES = [("oh-hell", 4, 3), ("blob", 5, 8), ("oh-hell-classic", 4, 11)]


@pytest.fixture(scope="module")
def pool() -> Iterator[ShardPool]:
    connections, processes = start_helpers(2, niceness=0)
    shards = ShardPool(connections)
    yield shards
    shards.close()
    stop_helpers(processes)


def views_of(preset: str, players: int, seed: int) -> list[SeatView]:
    views = decisions_along(preset, players, seed, 10)
    assert {view.phase for view in views} == {Phase.BIDDING, Phase.PLAYING}
    return views


def direct_search(view: SeatView, seed: int) -> tuple[Search, list[int], int]:
    """The sampled-deal search at the coach's budget called directly, as it decides
    alone: the search, its candidates and its choice."""
    search = Search(
        view,
        knowledge_of(view),
        objective_of(view, SMALL.share, SMALL.win_weight),
        SMALL,
        decision_rng(seed, view),
    )
    if view.phase is Phase.BIDDING:
        candidates = search.bid_candidates()
        return search, candidates, search.race_bids(candidates)
    candidates = search.play_candidates()
    return search, candidates, search.race_plays(candidates)


def direct_chances(view: SeatView, seed: int) -> tuple[int, dict[int, float]]:
    """The sampled-deal search called directly: its choice and every candidate's chance."""
    search, candidates, choice = direct_search(view, seed)
    return choice, {candidate: search.made_chance(candidate) for candidate in candidates}


def key_of(action: Bid | Play) -> int:
    return action.tricks if isinstance(action, Bid) else action.card.index


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_the_figures_and_the_choice_are_the_searchs(preset: str, players: int, seed: int) -> None:
    for view in views_of(preset, players, seed):
        advice = advise(view, seed, config=SMALL)
        choice, chances = direct_chances(view, seed)
        assert advice.choice == SampledDealAgent(seed, SMALL).choose(view)
        assert key_of(advice.choice) == choice
        assert {option.action for option in advice.options} == set(view.legal)
        assert advice.choice in {option.action for option in advice.options}
        for option in advice.options:
            assert isinstance(option.action, Bid | Play)
            key = key_of(option.action)
            if key in chances:  # a candidate; an equivalent card shares its class's figure
                assert option.chance == chances[key]
            assert 0.0 <= option.chance <= 1.0
        figures = [option.chance for option in advice.options]
        assert figures == sorted(figures, reverse=True)
        assert any(figure > 0.0 for figure in figures)


def test_equivalent_cards_share_one_figure() -> None:
    for view in views_of("oh-hell", 4, 3):
        if view.phase is not Phase.PLAYING:
            continue
        advice = advise(view, 3, config=SMALL)
        _, chances = direct_chances(view, 3)
        played = {key_of(option.action): option.chance for option in advice.options}
        for index, chance in played.items():
            below = [card for card in chances if card // 13 == index // 13 and card <= index]
            assert chance == chances[max(below)]


@pytest.mark.parametrize(("preset", "players", "seed"), CASES[:2])
def test_the_same_advice_twice_and_on_helpers(
    pool: ShardPool, preset: str, players: int, seed: int
) -> None:
    for view in views_of(preset, players, seed):
        first = advise(view, seed, config=SMALL)
        assert advise(view, seed, config=SMALL) == first
        assert advise(view, seed, pool.map, config=SMALL) == first


def test_another_seed_may_differ_but_stays_in_bounds() -> None:
    view = views_of("oh-hell", 4, 3)[0]
    adviced = [advise(view, seed, config=SMALL) for seed in range(3)]
    assert all(0.0 <= o.chance <= 1.0 for a in adviced for o in a.options)
    assert len({a.options for a in adviced}) > 1


def test_the_coach_refuses_a_seat_not_to_act() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 3)
    match.advance_until_decision()
    idle = next(seat for seat in range(4) if seat not in match.awaiting)
    with pytest.raises(ValueError, match="turn"):
        advise(match.view(idle), 1, config=SMALL)
