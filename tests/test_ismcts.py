"""The ismcts yardstick: legal, seeded, blind to hidden cards, and a real search."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai.base import Agent, RandomAgent, play_match
from game.ai.ismcts import IsmctsAgent, IsmctsConfig, IsmctsSearch
from game.ai.knowledge import knowledge_of
from game.ai.levels import MEASURED_LEVELS, make_agent
from game.ai.sampling import DealSampler
from game.ai.tree import BID, World, point_range
from game.bench.stats import mean_ci
from game.play.setup import offered_levels
from game.rules import PRESET_LIST, PRESETS, Match, Phase, RuleSet, SeatView
from game.rules.actions import Bid
from game.rules.record import LEVELS
from game.rules.ruleset import HandSequence, TrumpMethod, ZeroBid
from tests.hidden import Checked

QUICK = IsmctsConfig(iterations=40)


def _rule_sets() -> list[RuleSet]:
    sets = [dataclasses.replace(preset.rules(4), max_hands=2) for preset in PRESET_LIST]
    sets.append(RuleSet(players=5, largest_hand=6, must_trump=True, max_hands=2))
    sets.append(RuleSet(players=4, largest_hand=8, simultaneous_bidding=True, zero_bid=ZeroBid.TEN))
    sets.append(RuleSet(players=6, largest_hand=7, trump=TrumpMethod.NONE, hook=True, max_hands=2))
    sets.append(
        RuleSet(
            players=3,
            sequence=HandSequence.CONSTANT,
            largest_hand=5,
            trump=TrumpMethod.DEALERS_LAST_CARD,
            hook=True,
            max_hands=3,
        )
    )
    return sets


@pytest.mark.parametrize("rules", _rule_sets(), ids=lambda rules: f"{rules.players}p")
def test_plays_only_legal_actions_under_every_rule_set(rules: RuleSet) -> None:
    rules = dataclasses.replace(rules, max_hands=min(rules.max_hands or 2, 2))
    table = [Checked(IsmctsAgent(seat, QUICK)) for seat in range(rules.players)]
    match = play_match(rules, seed=rules.players, agents=table)
    assert match.phase is Phase.GAME_OVER
    assert all(seat.decisions > 0 for seat in table)


def test_searched_actions_are_legal_in_every_determinization() -> None:
    """Every tree edge taken from the root is legal for the view's seat."""
    for view in _views(PRESETS["oh-hell"].rules(4), seed=3, count=30):
        search = IsmctsSearch(knowledge_of(view), QUICK, random.Random(1))
        search.run()
        tried = set(search.root.children)
        if view.phase is Phase.BIDDING:
            allowed = {BID + action.tricks for action in view.legal if isinstance(action, Bid)}
        else:
            allowed = {action.card.index for action in view.legal}  # type: ignore[union-attr]
        assert tried and tried <= allowed
        assert sum(child.visits for child in search.root.children.values()) == QUICK.iterations


def test_the_dealer_never_bids_the_hooks_number() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    for seed in range(6):
        match = Match(rules, seed)
        match.advance_until_decision()
        movers = [make_agent("medium", seat) for seat in range(4)]
        while match.awaiting[0] != match.dealer:
            seat = match.awaiting[0]
            match.apply(movers[seat].choose(match.view(seat)))
        view = match.view(match.dealer)
        barred = view.forbidden_bid
        assert barred is not None
        search = IsmctsSearch(knowledge_of(view), QUICK, random.Random(seed))
        search.run()
        assert BID + barred not in search.root.children
        world = World(knowledge_of(view), search.sampler.sample(random.Random(seed)))
        assert BID + barred not in world.legal()


def test_same_seed_and_view_give_the_same_decision() -> None:
    views = _views(PRESETS["blob"].rules(4), seed=5, count=14)
    fresh = [IsmctsAgent(8, QUICK).choose(view) for view in views]
    reused = IsmctsAgent(8, QUICK)
    assert [reused.choose(view) for view in reversed(views)] == list(reversed(fresh))
    others = [IsmctsAgent(9, QUICK).choose(view) for view in views]
    assert others != fresh or len({len(view.legal) for view in views}) == 1


def test_points_are_scaled_to_the_unit_interval() -> None:
    view = _views(PRESETS["oh-hell"].rules(4), seed=2, count=1)[0]
    knowledge = knowledge_of(view)
    low, span = point_range(knowledge)
    assert (low, span) == (0, view.hand_size + 10)  # common scoring: tricks + 10 if exact
    world = World(knowledge, DealSampler(knowledge).sample(random.Random(0)))
    world.play_out(random.Random(3))
    rewards = world.rewards(low, span)
    assert all(0.0 <= reward <= 1.0 for reward in rewards)
    assert sum(world.taken) == view.hand_size


def test_it_beats_random_play_on_the_same_deals() -> None:
    """One ismcts seat and three random ones, rotated over fixed deals: the paired
    difference per deal must be positive beyond its own 95% interval."""
    rules = dataclasses.replace(
        PRESETS["oh-hell"].rules(4), sequence=HandSequence.CONSTANT, largest_hand=5, max_hands=1
    )
    config = IsmctsConfig(iterations=150)
    diffs = []
    for deal in range(10):
        mine, theirs = 0.0, 0.0
        for rotation in range(4):
            agents: list[Agent] = [RandomAgent(deal * 10 + seat) for seat in range(4)]
            agents[rotation] = IsmctsAgent(deal, config)
            match = play_match(rules, 100 + deal, agents)
            mine += match.scores[rotation]
            theirs += (sum(match.scores) - match.scores[rotation]) / 3
        diffs.append((mine - theirs) / 4)
    estimate = mean_ci(diffs)
    assert estimate.low > 0, estimate


def test_the_yardstick_is_for_measuring_only() -> None:
    assert "ismcts" in MEASURED_LEVELS and "ismcts" not in LEVELS
    assert "ismcts" not in offered_levels()
    agent = make_agent("ismcts", 1, budget=0.5)
    assert isinstance(agent, IsmctsAgent) and agent.config.iterations == 500
    default = make_agent("ismcts", 1)
    assert isinstance(default, IsmctsAgent)
    assert default.config == IsmctsConfig(iterations=1_000, exploration=2.0)


def _views(rules: RuleSet, seed: int, count: int) -> list[SeatView]:
    match = Match(rules, seed)
    movers = [make_agent("medium", seat) for seat in range(rules.players)]
    views: list[SeatView] = []
    while len(views) < count:
        match.advance_until_decision()
        seat = match.awaiting[0]
        view = match.view(seat)
        if len(view.legal) > 1:
            views.append(view)
        match.apply(movers[seat].choose(view))
    return views
