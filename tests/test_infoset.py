"""The expert's information-set search: guessed bids, root actions, shards, blindness."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TypeVar

from game.ai.bidmodel import bid_model
from game.ai.expert import TREE, ExpertAgent
from game.ai.heuristics import expected_tricks, guess_bid
from game.ai.infoset import (
    BID,
    WORLDS,
    GuessingWorld,
    SmartWorld,
    TreeConfig,
    TreeSearch,
    TreeTask,
    grow_tree,
)
from game.ai.knowledge import knowledge_of
from game.ai.objective import objective_of
from game.ai.sampling import DealSampler
from game.ai.search import card_classes
from game.ai.seeds import decision_rng
from game.rules import PRESETS, Match, RuleSet, SeatView
from game.rules.actions import Bid
from game.rules.ruleset import HandSequence
from tests.hidden import medium_position

SMALL = TREE.scaled(0.02)
Task = TypeVar("Task")
Result = TypeVar("Result")


def _first_bid() -> tuple[Match, SeatView]:
    match = Match(PRESETS["oh-hell"].rules(4), 21)
    match.advance_until_decision()
    return match, match.view(match.awaiting[0])


def test_other_seats_bid_from_the_hands_the_determinization_gives_them() -> None:
    _, view = _first_bid()
    knowledge = knowledge_of(view)
    hands = DealSampler(knowledge).sample(random.Random(4))
    world = GuessingWorld(knowledge, hands)
    assert world.actor() == view.seat and world.bids[knowledge.seat] is None
    world.apply(BID + 2)
    assert not world.to_bid
    players, dealer = knowledge.players, knowledge.dealer
    eldest = (dealer + 1) % players
    barred = knowledge.size - sum(bid or 0 for seat, bid in enumerate(world.bids) if seat != dealer)
    for seat, bid in enumerate(world.bids):
        if seat == knowledge.seat:
            assert bid == 2
            continue
        forbidden = barred if seat == dealer else None
        expected = guess_bid(
            hands[seat], knowledge.trump, players, knowledge.size, forbidden, seat == eldest
        )
        assert bid == expected
    assert world.bids[dealer] != barred


def test_fitted_worlds_guess_the_bid_models_likeliest_bids() -> None:
    """With ``fitted_bids`` every guessed bid is the fitted model's likeliest for the hand
    the determinization gives, whether guesses come at each turn or when the tree stops."""
    _, view = _first_bid()
    knowledge = knowledge_of(view)
    players, size, dealer = knowledge.players, knowledge.size, knowledge.dealer
    eldest = (dealer + 1) % players
    differ = 0
    for seed in range(12):
        hands = DealSampler(knowledge).sample(random.Random(seed))
        for guess_bids in (True, False):
            world = WORLDS[True, guess_bids](knowledge, list(hands))
            world.apply(BID + 1)
            world.finish()
            barred = size - sum(bid or 0 for seat, bid in enumerate(world.bids) if seat != dealer)
            for seat, bid in enumerate(world.bids):
                if seat == knowledge.seat:
                    continue
                lead = seat == eldest
                estimate = expected_tricks(hands[seat], knowledge.trump, players, size, lead)
                forbidden = barred if seat == dealer else None
                assert bid == bid_model(size).likeliest(estimate, size, forbidden)
                differ += bid != guess_bid(
                    hands[seat], knowledge.trump, players, size, forbidden, lead
                )
    assert differ  # the model's guesses are not the rounded estimate's


def test_the_play_out_guesses_the_bids_left_and_finishes_the_hand() -> None:
    _, view = _first_bid()
    knowledge = knowledge_of(view)
    world = SmartWorld(knowledge, DealSampler(knowledge).sample(random.Random(1)))
    world.apply(BID + 1)
    assert world.to_bid and world.actor() != knowledge.seat
    assert world.legal()[0] == BID  # the next seat's bids are tree actions here
    plays = world.finish()
    assert not world.to_bid and None not in world.bids
    assert plays == knowledge.size * knowledge.players
    assert sum(world.taken) == knowledge.size
    assert world.finished()


def test_a_tree_visits_only_its_root_actions_once_per_iteration() -> None:
    match, _ = medium_position(4 + 8)
    view = match.view(match.awaiting[0])
    knowledge = knowledge_of(view)
    roots = tuple(card_classes(view, knowledge))
    assert len(roots) > 1
    task = TreeTask(knowledge, objective_of(view), SMALL, roots, 90, 20, "seed")
    result = grow_tree(task)
    assert len(result.visits) == len(roots)
    assert sum(result.visits) == 90
    assert all(visits > 0 for visits in result.visits)
    assert result.simulated > 0
    again = grow_tree(task)
    assert (again.visits, again.values) == (result.visits, result.values)


def _reversed_map(run: Callable[[Task], Result], tasks: Sequence[Task], /) -> list[Result]:
    """Runs the shards last first and hands the results back in order."""
    done = [run(task) for task in reversed(tasks)]
    return list(reversed(done))


def test_the_decision_does_not_depend_on_the_order_the_shards_ran_in() -> None:
    match, _ = medium_position(4 + 6)
    view = match.view(match.awaiting[0])
    knowledge = knowledge_of(view)
    roots = card_classes(view, knowledge)
    choices = []
    for mapper in (None, _reversed_map):
        rng = decision_rng(3, view)
        search = (
            TreeSearch(knowledge, objective_of(view), SMALL, rng)
            if mapper is None
            else TreeSearch(knowledge, objective_of(view), SMALL, rng, mapper)
        )
        choices.append((search.choose(roots, False), search.visits))
    assert choices[0] == choices[1]
    assert sum(choices[0][1].values()) == search.iterations(False)


def test_the_budget_sets_the_iterations_within_bounds() -> None:
    _, view = _first_bid()
    knowledge = knowledge_of(view)
    search = TreeSearch(knowledge, objective_of(view), TREE, random.Random(0))
    cost = knowledge.size * knowledge.players
    assert search.iterations(True) == min(TREE.max_iterations, TREE.budget // cost)
    tiny = TreeConfig(budget=10, min_iterations=50)
    assert TreeSearch(knowledge, objective_of(view), tiny, random.Random(0)).iterations(True) == 50


def test_a_seat_with_a_sure_bid_of_nothing_bids_it() -> None:
    """One card, a low side card, with trumps: the expert bids zero."""
    rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=1, max_hands=1)
    for seed in range(60):
        match = Match(rules, seed)
        match.advance_until_decision()
        view = match.view(match.awaiting[0])
        trump = knowledge_of(view).trump
        card = view.hand[0]
        if trump is None or card.suit == trump or card.rank > 6:
            continue
        assert ExpertAgent(1, SMALL).choose(view) == Bid.of(view.seat or 0, 0)
        return
    raise AssertionError("no hand of one low side card among the seeds")
