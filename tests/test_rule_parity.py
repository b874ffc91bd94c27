"""The computer players' fast copies of the rules agree with the engine.

``game/ai`` and :mod:`game.rules.playout` re-derive a few rules on card masks
for speed. The engine's :meth:`Match.legal_actions` (and the functions it
calls) stay the one source of legality; these tests compare every copy with
the engine over every preset at every player count and over rule sets drawn
by hypothesis (the strategy of ``tests/test_conformance.py``):

* the dealer's hook in :meth:`Search.guess_bids` and in :func:`hook_barred` (the tree's
  worlds and the fitted inference), before and after the dealer bids,
* the voids :func:`knowledge_of` infers (La Podrida's void in trumps included),
* the tricks taken that the expert's :class:`Inference` tallies,
* the deal of :func:`deal_masks` (a full pack, the next card turned).

Last, the resample-consistency property: a deal drawn by the AI's own
:class:`DealSampler` for a seat, with the public action log replayed on it,
keeps every action legal and gives that seat the very view it had.
"""

from __future__ import annotations

import copy
import inspect
import random
from collections.abc import Iterator
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai import heuristics
from game.ai import sampling as sampling_module
from game.ai import search as search_module
from game.ai.expert import Inference
from game.ai.knowledge import hook_barred, knowledge_of
from game.ai.objective import objective_of
from game.ai.sampling import DealSampler
from game.ai.search import Search, SearchConfig
from game.rules import PRESET_LIST, Match, Phase, Preset, RuleSet, SeatView
from game.rules.actions import Bid
from game.rules.cards import FULL_PACK_MASK, PACK, SUIT_MASKS, Card, cards_in, mask_of
from game.rules.playout import deal_masks
from game.rules.ruleset import PACK_SIZE, HandSequence, TrickPoints, TrumpMethod
from game.rules.tricks import legal_mask
from tests.strategies import valid_rule_sets

CASES = [(preset, players) for preset in PRESET_LIST for players in preset.player_range]
IDS = [f"{preset.id}-{players}" for preset, players in CASES]
GENERATED = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.filter_too_much]
)
"""Hypothesis settings for the generated rule sets (each test runs in a second or two)."""
LIMIT = 160
"""Actions of one random game walked through (a few hands of a preset)."""


def walk(rules: RuleSet, seed: int, limit: int = LIMIT) -> Iterator[Match]:
    """The match at each decision point of a random game, for at most ``limit`` actions.
    The same live match is yielded each time: read it, do not keep or change it."""
    rng = random.Random(seed)
    match = Match(rules, seed)
    for _ in range(limit):
        match.advance_until_decision()
        if match.phase is Phase.GAME_OVER:
            return
        yield match
        legal = match.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])


def tricks_of(view: SeatView) -> list[tuple[int, tuple[Card, ...]]]:
    """(leader, cards) of every trick of the hand, the one in progress last."""
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    return tricks


# ------------------------------------------------------------- the copies
def engine_voids(view: SeatView) -> tuple[int, ...]:
    """Per seat, the suits whose holding would have made one of its plays illegal by
    the engine's :func:`legal_mask`: a card of the suit beside the one played is
    enough to test it."""
    players, trump, must_trump = view.players, view.trump, view.rules.must_trump
    voids = [0] * players
    for leader, cards in tricks_of(view):
        led = cards[0].suit
        for position, card in enumerate(cards[1:], start=1):
            player = (leader + position) % players
            for suit in range(4):
                other = SUIT_MASKS[suit] & ~card.mask
                probe = card.mask | (other & -other)
                if not legal_mask(probe, led, trump, must_trump) & card.mask:
                    voids[player] |= 1 << suit
    return tuple(voids)


def check_voids(match: Match) -> None:
    view = match.view(match.awaiting[0])
    voids = knowledge_of(view).voids
    assert voids == engine_voids(view)
    for seat, void in enumerate(voids):
        held = {card.suit for card in match.hand(seat)}
        assert not any(void >> suit & 1 for suit in held)


def engine_wants(view: SeatView) -> list[tuple[int, int, bool]]:
    """(seat, card, whether it still wanted tricks) for each opponent's play, with the
    tricks taken so far read from the engine's trick winners."""
    players, rules = view.players, view.rules
    taken = [0] * players
    wants: list[tuple[int, int, bool]] = []
    completed = [trick.winner for trick in view.tricks]
    for number, (leader, cards) in enumerate(tricks_of(view)):
        for position, card in enumerate(cards):
            seat = (leader + position) % players
            bid = view.bids[seat]
            if seat != view.seat and bid is not None:
                need = bid - taken[seat]
                always = rules.trick_points is TrickPoints.ALWAYS
                wants.append((seat, card.index, need > 0 or (need < 0 and always)))
        if number < len(completed):
            taken[completed[number]] += 1
    return wants


def check_wants(match: Match) -> None:
    if match.phase is not Phase.PLAYING:
        return
    view = match.view(match.awaiting[0])
    plays = Inference(knowledge_of(view)).plays
    assert [(play.seat, play.card, play.want) for play in plays] == engine_wants(view)


def check_hook(match: Match, rng: random.Random) -> None:
    """The bid the AI's guess for the dealer avoids is the engine's forbidden bid, and
    every guessed bid is legal when made in turn."""
    rules = match.rules
    if match.phase is not Phase.BIDDING or rules.simultaneous_bidding:
        return
    seat, dealer = match.awaiting[0], match.dealer
    if seat == dealer:
        return
    view = match.view(seat)
    knowledge = knowledge_of(view)
    search = Search(view, knowledge, objective_of(view), SearchConfig(), rng)
    sampler = DealSampler(knowledge)
    for _ in range(3):
        deal = sampler.sample(rng)
        mine = rng.randrange(match.hand_size + 1)
        with mock.patch.object(search_module, "guess_bid", wraps=heuristics.guess_bid) as spy:
            guessed = search.guess_bids(deal, mine)
        calls = [call for call in spy.call_args_list if call.args[0] == deal[dealer]]
        assert len(calls) == 1
        call = calls[0]
        bound = inspect.signature(heuristics.guess_bid).bind(*call.args, **call.kwargs)
        forbidden = bound.arguments.get("forbidden")
        replay = copy.deepcopy(match)
        for step in range(match.players):
            bidder = (seat + step) % match.players
            if bidder == dealer:
                expected = replay.forbidden_bid(dealer)
                got = forbidden if forbidden is not None and forbidden >= 0 else None
                assert got == expected
            bid = mine if bidder == seat else guessed[bidder]
            assert replay.is_legal(Bid.of(bidder, bid)), (bidder, bid, guessed)
            replay.apply(Bid.of(bidder, bid))
            if bidder == dealer:
                break


def check_hook_barred(match: Match) -> None:
    """At the dealer's turn every seat's :func:`hook_barred` is the engine's forbidden
    bid, and stays it once the dealer has bid (the inference reads it then)."""
    dealer = match.dealer
    if match.phase is not Phase.BIDDING or match.rules.simultaneous_bidding:
        return
    if match.awaiting[0] != dealer:
        return
    expected = match.forbidden_bid(dealer)
    for seat in range(match.players):
        view = match.view(seat)
        assert hook_barred(knowledge_of(view), dealer, view.bids) == expected
    after = copy.deepcopy(match)
    after.apply(next(action for action in after.legal_actions() if isinstance(action, Bid)))
    after.advance_until_decision()
    if after.phase is Phase.PLAYING:
        for seat in range(after.players):
            view = after.view(seat)
            assert hook_barred(knowledge_of(view), dealer, view.bids) == expected


def check_walk(rules: RuleSet, seed: int) -> None:
    rng = random.Random(seed)
    for match in walk(rules, seed):
        check_voids(match)
        check_wants(match)
        check_hook(match, rng)
        check_hook_barred(match)


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_ai_copies_agree_with_the_engine_in_every_preset(preset: Preset, players: int) -> None:
    check_walk(preset.rules(players), players)


@pytest.mark.slow  # every preset at every table size is the quick run's
@GENERATED
@given(rules=valid_rule_sets(), seed=st.integers(0, 10_000))
def test_ai_copies_agree_with_the_engine_in_generated_rule_sets(rules: RuleSet, seed: int) -> None:
    check_walk(rules, seed)


# ---------------------------------------------------------------- the deal
def check_deals(rules: RuleSet, seed: int) -> None:
    """Where :func:`deal_masks` applies (the full pack, the next card turned), it deals
    like the engine: ``size`` cards to every seat and a trump exactly when the engine
    turns a card."""
    rng = random.Random(seed)
    players = rules.players
    count = rules.hand_count() or 3
    numbers = sorted({1, count, *(rng.randint(1, count) for _ in range(3))})
    engine = Match(rules, seed)
    engine.advance_until_decision()
    engine_view = engine.view(None)
    for number in numbers:
        size = rules.hand_size(number)
        modelled = rules.pack_size == PACK_SIZE and rules.trump is TrumpMethod.NEXT_CARD
        if not modelled or (rules.no_trump_last_hand and rules.is_last_hand(number)):
            continue
        hands, trump = deal_masks(rng, players, size)
        assert len(hands) == players
        assert [hand.bit_count() for hand in hands] == [size] * players
        union = 0
        for hand in hands:
            assert not union & hand
            union |= hand
        assert (trump is not None) == rules.turns_card(number)
        if trump is not None:
            assert FULL_PACK_MASK & ~union & SUIT_MASKS[trump]
        if number == 1:
            assert engine_view.hand_counts == (size,) * players
            assert (engine_view.trump is None) == (trump is None)


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_deal_masks_deals_like_the_engine_in_every_preset(preset: Preset, players: int) -> None:
    check_deals(preset.rules(players), players)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(rules=valid_rule_sets(), seed=st.integers(0, 10_000))
def test_deal_masks_deals_like_the_engine_in_generated_rule_sets(rules: RuleSet, seed: int) -> None:
    check_deals(rules, seed)


# ------------------------------------------------------ resample consistency
class DealtMatch(Match):
    """A match whose hand ``number`` is dealt the given hands (and trump card); every
    other shuffle comes from the seed, as in the match it copies.

    The engine builds a match only from a seed, and the AI's search keeps its
    determinized deals as card masks (:meth:`DealSampler.sample`); this stacks the
    pack so that the engine's own deal hands out one such deal."""

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        number: int,
        dealer: int,
        hands: list[int],
        turned: Card | None,
    ) -> None:
        super().__init__(rules, seed)
        self.number = number
        self.pack = stacked(rules, dealer, hands, turned)

    def _shuffled(self) -> list[Card]:
        if self.phase is Phase.DEALING and self.hand_number == self.number:
            return list(self.pack)
        return super()._shuffled()


def stacked(rules: RuleSet, dealer: int, hands: list[int], turned: Card | None) -> list[Card]:
    """A pack that the engine deals out as ``hands``, turning ``turned`` for trumps."""
    players = rules.players
    size = hands[0].bit_count()
    used = 0
    pack: list[Card | None] = [None] * PACK_SIZE
    for seat, hand in enumerate(hands):
        assert hand.bit_count() == size and not used & hand
        used |= hand
        cards = list(cards_in(hand))
        if turned is not None and seat == dealer and turned.mask & hand:
            cards.remove(turned)  # the dealer's last card was turned: it is dealt last
            cards.append(turned)
        offset = (seat - dealer - 1) % players
        for round_, card in enumerate(cards):
            pack[offset + round_ * players] = card
    rest = [card for card in PACK if not card.mask & used]
    if turned is not None and not turned.mask & used:
        rest.remove(turned)
        rest.insert(0, turned)
    pack[size * players :] = rest
    assert all(card is not None for card in pack)
    return [card for card in pack if card is not None]


def check_resampled(match: Match, rng: random.Random) -> None:
    """For every seat: deals drawn by the AI's sampler replay the action log legally
    and give the seat the view it has."""
    players = match.players
    for seat in range(players):
        view = match.view(seat)
        played = [0] * players
        for leader, cards in tricks_of(view):
            for position, card in enumerate(cards):
                played[(leader + position) % players] |= card.mask
        knowledge = knowledge_of(view)
        sampler = DealSampler(knowledge)
        for _ in range(2):
            now = sampler.sample(rng)
            assert not breaks_a_void(now, knowledge.voids)  # a consistent deal exists: the real one
            dealt = [hand | gone for hand, gone in zip(now, played, strict=True)]
            replay = DealtMatch(
                match.rules, match.seed, match.hand_number, match.dealer, dealt, view.trump_card
            )
            for action in match.actions:
                replay.advance_until_decision()
                assert replay.is_legal(action), action
                replay.apply(action)
            replay.advance_until_decision()
            assert replay.view(seat) == view


def breaks_a_void(deal: list[int], voids: tuple[int, ...]) -> bool:
    return any(
        hand & SUIT_MASKS[suit]
        for hand, void in zip(deal, voids, strict=True)
        for suit in range(4)
        if void >> suit & 1
    )


def check_resampling(rules: RuleSet, seed: int, positions: int) -> None:
    rng = random.Random(seed)
    stops = {rng.randrange(LIMIT) for _ in range(positions)}
    for step, match in enumerate(walk(rules, seed)):
        if step in stops:
            check_resampled(match, rng)


@pytest.mark.parametrize(("preset", "players"), CASES, ids=IDS)
def test_resampled_deals_replay_to_the_same_view_in_every_preset(
    preset: Preset, players: int
) -> None:
    check_resampling(preset.rules(players), players, 3)


@GENERATED
@given(rules=valid_rule_sets(), seed=st.integers(0, 10_000))
def test_resampled_deals_replay_to_the_same_view_in_generated_rule_sets(
    rules: RuleSet, seed: int
) -> None:
    check_resampling(rules, seed, 2)


def tight_position() -> Match:
    """Three players with 17 cards each, trick 9: the two hands seat 2 cannot see
    are exactly the 18 cards it has not seen, and each has shown a void."""
    rules = RuleSet(
        players=3,
        sequence=HandSequence.CONSTANT,
        largest_hand=None,
        exact_bonus=0,
        target_score=20,
    )
    return next(match for step, match in enumerate(walk(rules, 767)) if step == 27)


def test_the_sampler_keeps_known_voids_even_without_slack() -> None:
    match = tight_position()
    knowledge = knowledge_of(match.view(2))
    assert knowledge.voids[0] and knowledge.voids[1]
    actual = [mask_of(match.hand(seat)) for seat in range(3)]
    assert not breaks_a_void(actual, knowledge.voids)  # a consistent deal exists
    sampler = DealSampler(knowledge)
    rng = random.Random(1)
    assert not any(breaks_a_void(sampler.sample(rng), knowledge.voids) for _ in range(20))


@pytest.mark.parametrize("fast_attempts", [sampling_module.FAST_ATTEMPTS, 0])
def test_tight_samples_keep_every_void_and_still_vary(fast_attempts: int) -> None:
    """With no slack the fast draw often dead-ends and the exact construction
    deals (every time with no fast attempts): every sample keeps the counts, the
    known cards and the voids, and the samples are not all one deal. Here the
    voids leave C(9, 5) = 126 consistent deals."""
    match = tight_position()
    knowledge = knowledge_of(match.view(2))
    sampler = DealSampler(knowledge)
    assert sampler.pool.bit_count() == sum(sampler.wanted)  # no slack at all
    with mock.patch.object(sampling_module, "FAST_ATTEMPTS", fast_attempts):
        rng = random.Random(7)
        deals = [sampler.sample(rng) for _ in range(200)]
        again = random.Random(7)
        assert [sampler.sample(again) for _ in range(200)] == deals  # the seed decides
    for deal in deals:
        assert not breaks_a_void(deal, knowledge.voids)
        assert [hand.bit_count() for hand in deal] == list(knowledge.counts)
        assert all(hand & known == known for hand, known in zip(deal, knowledge.known, strict=True))
        assert deal[2] == knowledge.hand
        assert deal[0] & deal[1] == 0
        assert deal[0] | deal[1] == knowledge.unseen | knowledge.known[0] | knowledge.known[1]
    assert len({tuple(deal) for deal in deals}) > 60
