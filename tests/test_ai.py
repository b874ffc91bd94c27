"""Computer players: legal everywhere, deterministic, rule-aware, blind to hidden cards."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from game.ai import LEVELS, make_agent
from game.ai.base import Agent, play_match
from game.ai.knowledge import knowledge_of
from game.ai.objective import Objective
from game.ai.sampling import DealSampler
from game.rules import PRESET_LIST, PRESETS, Card, Match, Phase, RuleSet, SeatView, parse_cards
from game.rules.actions import Bid, Play
from game.rules.cards import SUIT_MASKS, Suit, mask_of
from game.rules.record import Level
from game.rules.ruleset import HandSequence, TrickPoints, TrumpMethod, ZeroBid
from game.rules.tricks import Trick, legal_mask, trick_winner
from tests.hidden import Checked

FAST = 0.02
"""Search budget for hard and expert in tests: a few deals per decision."""

SMART: tuple[Level, ...] = ("easy", "medium", "hard", "expert")


def agent(level: Level, seed: int) -> Agent:
    return make_agent(level, seed, budget=FAST)


def mixed_table(players: int, offset: int) -> list[Checked]:
    return [
        Checked(agent(LEVELS[(seat + offset) % len(LEVELS)], 100 + seat)) for seat in range(players)
    ]


# ------------------------------------------------------------------ legality
@pytest.mark.parametrize("preset", PRESET_LIST, ids=lambda preset: preset.id)
def test_every_level_plays_only_legal_actions_in_every_preset(preset: Any) -> None:
    for players in preset.player_range:
        rules = dataclasses.replace(preset.rules(players), max_hands=2)
        table = mixed_table(players, players)
        match = play_match(rules, seed=players, agents=table)
        assert match.phase is Phase.GAME_OVER
        assert all(seat.decisions > 0 for seat in table)


def _variant_rules() -> Iterator[RuleSet]:
    yield dataclasses.replace(PRESETS["oh-well"].rules(3), max_hands=1)  # 17 cards each
    yield RuleSet(
        players=4,
        sequence=HandSequence.DESCENDING,
        largest_hand=13,
        no_trump_when_exhausted=True,
        trick_points=TrickPoints.NEVER,
        max_hands=1,
    )
    yield RuleSet(
        players=5,
        largest_hand=6,
        must_trump=True,
        zero_bid=ZeroBid.FIVE_PLUS_TRICKS,
        trick_points=TrickPoints.EXACT,
        max_hands=2,
    )
    yield RuleSet(
        players=4, largest_hand=8, simultaneous_bidding=True, zero_bid=ZeroBid.TEN, max_hands=2
    )
    yield RuleSet(players=6, largest_hand=7, trump=TrumpMethod.NONE, hook=True, max_hands=2)
    yield RuleSet(
        players=4,
        sequence=HandSequence.CONSTANT,
        largest_hand=None,
        strip_pack=True,
        trump=TrumpMethod.DEALERS_LAST_CARD,
        target_score=25,
        max_hands=2,
    )


@pytest.mark.parametrize("rules", list(_variant_rules()), ids=lambda rules: str(rules.players))
def test_big_hands_and_rule_options_stay_legal(rules: RuleSet) -> None:
    for offset in range(0, len(LEVELS), 2):
        table = mixed_table(rules.players, offset)
        match = play_match(rules, seed=offset + 3, agents=table)
        assert match.phase is Phase.GAME_OVER


def test_levels_and_factory() -> None:
    assert LEVELS == ("random", "easy", "medium", "hard", "expert")
    assert all(make_agent(level, 1).level == level for level in LEVELS)
    with pytest.raises(ValueError, match="unknown computer level"):
        make_agent("grandmaster", 1)  # type: ignore[arg-type]


# --------------------------------------------------------------- determinism
@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_decisions(level: Level) -> None:
    rules = dataclasses.replace(PRESETS["oh-hell"].rules(4), max_hands=1)
    logs = []
    for _ in range(2):
        match = play_match(rules, 9, [agent(level, 40 + seat) for seat in range(4)])
        logs.append(list(match.actions))
    assert logs[0] == logs[1]


@pytest.mark.parametrize("level", SMART)
def test_a_decision_depends_only_on_seed_and_view(level: Level) -> None:
    views = _some_views(PRESETS["blob"].rules(4), seed=5, count=12)
    fresh = [agent(level, 8).choose(view) for view in views]
    reused_agent = agent(level, 8)
    reused = [reused_agent.choose(view) for view in reversed(views)]
    assert fresh == list(reversed(reused))


def _some_views(rules: RuleSet, seed: int, count: int) -> list[SeatView]:
    match = Match(rules, seed)
    movers = [make_agent("medium", seat) for seat in range(rules.players)]
    views: list[SeatView] = []
    while len(views) < count:
        match.advance_until_decision()
        seat = match.awaiting[0]
        views.append(match.view(seat))
        match.apply(movers[seat].choose(views[-1]))
    return views


# ------------------------------------------------------------ rule awareness
def test_with_the_hook_the_dealer_never_bids_the_forbidden_number() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    for level in SMART:
        barred_seen = 0
        for seed in range(12):
            match = Match(rules, seed)
            match.advance_until_decision()
            movers = [make_agent("medium", seat) for seat in range(4)]
            while match.awaiting[0] != match.dealer:
                seat = match.awaiting[0]
                match.apply(movers[seat].choose(match.view(seat)))
            view = match.view(match.dealer)
            assert view.forbidden_bid is not None
            barred_seen += 1
            bid = agent(level, seed).choose(view)
            assert isinstance(bid, Bid) and bid.tricks != view.forbidden_bid
        assert barred_seen == 12


def synthetic_view(
    rules: RuleSet,
    seat: int,
    dealer: int,
    hand: str,
    done: list[tuple[int, str]],
    trick: str,
    bids: tuple[int, ...],
    trump_card: str,
) -> SeatView:
    """A playing-phase view built by hand: ``done`` holds (leader, cards) of finished tricks."""
    trump = Card.parse(trump_card)
    tricks = []
    taken = [0] * rules.players
    for leader, text in done:
        cards = tuple(parse_cards(text))
        winner = (leader + trick_winner(cards, trump.suit)) % rules.players
        taken[winner] += 1
        tricks.append(Trick(leader, cards, winner))
    current = tuple(parse_cards(trick))
    leader = tricks[-1].winner if tricks else (dealer + 1) % rules.players
    assert (leader + len(current)) % rules.players == seat
    held = tuple(sorted(parse_cards(hand)))
    size = len(tricks) + len(held)
    led = current[0].suit if current else None
    legal_cards = legal_mask(mask_of(held), led, trump.suit, rules.must_trump)
    return SeatView(
        seat=seat,
        rules=rules,
        phase=Phase.PLAYING,
        hand_number=1,
        hand_size=size,
        dealer=dealer,
        hand=held,
        trump_card=trump,
        trump=trump.suit,
        bids=bids,
        taken=tuple(taken),
        leader=leader,
        trick=current,
        tricks=tuple(tricks),
        scores=(0,) * rules.players,
        results=(),
        awaiting=(seat,),
        legal=tuple(Play.of(seat, card) for card in held if card.mask & legal_cards),
        forbidden_bid=None,
        winners=(),
        settlement=None,
    )


@pytest.mark.parametrize("level", SMART)
def test_made_bid_under_exact_only_scoring_ducks(level: Level) -> None:
    """At the level's own budget (two cards left: a few milliseconds): at the tests'
    usual 2% the searches grow a handful of iterations, too few to judge a duck."""
    rules = PRESETS["blob"].rules(4)
    done = [(0, "KD 2D 3D AD"), (3, "4C 9C 5C 6C")]
    last = synthetic_view(rules, 3, 3, "AH 3H", done, "5H QH 9H", (2, 1, 1, 1), "TS")
    assert make_agent(level, 1).choose(last) == Play.of(3, Card.parse("3H"))
    done = [(0, "KD 2D 3D AD"), (3, "4C 5C 6C 9C")]
    second = synthetic_view(rules, 3, 3, "AH 3H", done, "5H", (2, 1, 1, 1), "TS")
    assert make_agent(level, 1).choose(second) == Play.of(3, Card.parse("3H"))


@pytest.mark.parametrize("level", SMART)
def test_needing_every_trick_left_leads_the_top_winner(level: Level) -> None:
    rules = PRESETS["oh-hell"].rules(4)
    done = [(0, "AD 2D 3D 4D"), (0, "AC 2C 3C 4C")]
    view = synthetic_view(rules, 0, 3, "AS 2S", done, "", (4, 0, 0, 1), "TS")
    assert agent(level, 2).choose(view) == Play.of(0, Card.parse("AS"))


@pytest.mark.parametrize("level", SMART)
def test_a_card_on_the_table_splits_equivalent_cards(level: Level) -> None:
    """With the ten led, the nine and the jack are not alike: the seat that needs the
    trick, last to play, takes it with the jack."""
    rules = PRESETS["oh-hell"].rules(4)
    done = [(0, "AD 2D 3D 4D")]
    view = synthetic_view(rules, 3, 3, "9H JH", done, "TH 2H 3H", (1, 0, 0, 1), "TS")
    assert agent(level, 4).choose(view) == Play.of(3, Card.parse("JH"))


@pytest.mark.parametrize("level", LEVELS)
def test_la_podrida_trumps_when_void(level: Level) -> None:
    rules = RuleSet(players=4, largest_hand=3, must_trump=True, max_hands=1)
    view = synthetic_view(rules, 1, 3, "2S 9C 8C", [], "KH", (1, 0, 1, 1), "TS")
    assert view.legal == (Play.of(1, Card.parse("2S")),)
    assert agent(level, 3).choose(view) == Play.of(1, Card.parse("2S"))


def test_the_dealer_is_known_to_hold_the_turned_card() -> None:
    rules = PRESETS["oh-well"].rules(4)
    match = Match(rules, 21)
    match.advance_until_decision()
    seat = match.awaiting[0]
    assert seat != match.dealer
    knowledge = knowledge_of(match.view(seat))
    assert match.trump_card is not None
    assert knowledge.known[match.dealer] == match.trump_card.mask
    assert not knowledge.unseen & match.trump_card.mask
    for _ in range(20):
        deal = DealSampler(knowledge).sample(random.Random(_))
        assert deal[match.dealer] & match.trump_card.mask


def test_samples_respect_voids_and_hand_counts() -> None:
    rules = PRESETS["oh-hell"].rules(4)
    done = [(0, "AD 2C 3D 4S")]
    view = synthetic_view(rules, 0, 3, "AS 2S 5D 6D 7D 8D 9D TD JD", done, "", (3, 2, 2, 3), "TH")
    knowledge = knowledge_of(view)
    assert knowledge.voids[1] == 1 << Suit.DIAMONDS and knowledge.voids[3] == 1 << Suit.DIAMONDS
    rng = random.Random(4)
    for _ in range(50):
        deal = DealSampler(knowledge).sample(rng)
        assert [hand.bit_count() for hand in deal] == [9, 9, 9, 9]
        assert not deal[1] & SUIT_MASKS[Suit.DIAMONDS]
        assert not deal[3] & SUIT_MASKS[Suit.DIAMONDS]
        assert deal[0] == view.hand_mask
        union = 0
        for hand in deal:
            assert not union & hand
            union |= hand
        assert not union & view.played_mask


def test_late_in_the_game_the_win_counts() -> None:
    rules = PRESETS["oh-well"].rules(4)
    leader = Objective.for_game(rules, 0, (95, 80, 70, 60), hands_after=3)
    assert leader.value((10, 0, 0, 0)) > leader.value((9, 0, 0, 0))
    assert leader.win_chance((5, 0, 0, 0)) == 1.0  # reaching 100 ends the game, on top
    trailer = Objective.for_game(rules, 3, (95, 80, 70, 60), hands_after=3)
    assert trailer.win_chance((5, 0, 0, 14)) == 0.0  # the leader ends it
    assert 0.0 < trailer.win_chance((0, 0, 0, 14)) < 0.5


def test_the_win_chance_against_the_best_rival_and_shared_on_ties() -> None:
    rng = random.Random(4)
    for _ in range(500):
        players = rng.randint(3, 7)
        seat = rng.randrange(players)
        scores = tuple(rng.randint(0, 90) for _ in range(players))
        points = [rng.randint(0, 12) for _ in range(players)]
        rules = PRESETS["oh-well" if rng.random() < 0.5 else "oh-hell"].rules(4)
        objective = Objective.for_game(rules, seat, scores, hands_after=rng.choice([0, 2, 9]))
        totals = [score + gained for score, gained in zip(scores, points, strict=True)]
        rival = max(total for other, total in enumerate(totals) if other != seat)
        chance = objective.win_chance(points)
        target = objective.target
        if objective.spread <= 0.0 or (target is not None and max(totals) >= target):
            mine = totals[seat]
            expected = 0.0 if mine < rival else 1.0 / totals.count(mine) if mine == rival else 1.0
            assert chance == expected
        else:
            assert (chance > 0.5) == (totals[seat] > rival)


# -------------------------------------------------------- hidden information
def _cards_in(view: SeatView) -> int:
    """Every card mentioned anywhere in the view except finished hands' results."""
    mask = 0
    stack: list[object] = [
        getattr(view, field.name) for field in dataclasses.fields(view) if field.name != "results"
    ]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            mask |= item.mask
        elif isinstance(item, tuple | list):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, field.name) for field in dataclasses.fields(item))
    return mask


def test_expected_tricks_by_suit_matches_the_card_chances() -> None:
    """The suit-by-suit, remembered sum equals summing the calibrated card chances."""
    from game.ai import heuristics
    from game.rules.cards import FULL_PACK_MASK

    rng = random.Random(5)
    for _ in range(2000):
        players = rng.randint(3, 7)
        size = rng.randint(1, 52 // players)
        hand = mask_of([Card.from_index(index) for index in rng.sample(range(52), size)])
        trump = rng.choice([None, 0, 1, 2, 3])
        lead = rng.random() < 0.3
        raw = heuristics.card_probs(
            hand, trump, players, FULL_PACK_MASK & ~hand, size * (players - 1)
        )
        direct = sum(chance for _, chance in heuristics.calibrated(raw, trump, players, size, lead))
        fast = heuristics.expected_tricks(hand, trump, players, size, lead)
        assert fast == pytest.approx(direct, abs=1e-9)


def test_the_trick_estimator_equals_expected_tricks_exactly() -> None:
    from game.ai import heuristics

    rng = random.Random(8)
    for _ in range(200):
        players = rng.randint(3, 7)
        size = rng.randint(1, 52 // players)
        trump = rng.choice([None, 0, 1, 2, 3])
        lead = rng.random() < 0.3
        estimate = heuristics.TrickEstimator(trump, players, size, lead)
        for _ in range(20):
            hand = mask_of([Card.from_index(index) for index in rng.sample(range(52), size)])
            assert estimate(hand) == heuristics.expected_tricks(hand, trump, players, size, lead)


def test_the_trick_estimator_keeps_a_bounded_memory(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ai import heuristics

    monkeypatch.setattr(heuristics, "SHARES_KEPT", 40)
    estimate = heuristics.TrickEstimator(1, 4, 10, False)
    rng = random.Random(2)
    for _ in range(300):
        hand = mask_of([Card.from_index(index) for index in rng.sample(range(52), 10)])
        assert estimate(hand) == heuristics.expected_tricks(hand, 1, 4, 10, False)
        assert len(estimate.shares) <= 40


def test_inference_remembers_without_changing_a_weight() -> None:
    """Expert's likelihoods, remembered by hand and by holding of the suit led, are
    those worked out afresh for every deal."""
    from game.ai.inference import Inference

    views = _some_views(PRESETS["oh-hell"].rules(4), 12, 60)
    checked = 0
    for view in views[20::7]:
        knowledge = knowledge_of(view)
        sampler = DealSampler(knowledge)
        rng = random.Random(3)
        deals = [sampler.sample(rng) for _ in range(60)]
        deals += deals[:20]
        remembered = Inference(knowledge)
        fresh = Inference(knowledge)
        fresh_weights = []
        for deal in deals:
            fresh.memo = {seat: {} for seat in fresh.opponents}
            fresh.followed = {seat: [None] * len(fresh.plays_of[seat]) for seat in fresh.opponents}
            fresh_weights.append(fresh._log_weight(deal))
        assert [remembered._log_weight(deal) for deal in deals] == fresh_weights
        checked += bool(remembered.plays)
    assert checked >= 3


def test_resampled_deals_are_kept_once_weighing_their_copies() -> None:
    from game.ai.shards import resample as _resample

    one, two, three = [1, 2], [3, 4], [5, 6]
    drawn = [one, two, [1, 2], three]
    deals, weights = _resample(drawn, [3.0, 1.0, 3.0, 1.0], 8, random.Random(1))
    assert deals == [one, two, three]
    assert sum(weights) == 8.0
    assert weights[0] > weights[1]


def test_searches_count_their_simulated_card_plays() -> None:
    rules = RuleSet(players=4, sequence=HandSequence.CONSTANT, largest_hand=5, max_hands=1)
    match = Match(rules, 3)
    while match.phase.automatic:
        match.advance()
    seat = match.awaiting[0]
    agent = make_agent("tree", 1, budget=0.05)
    agent.choose(match.view(seat))
    assert getattr(agent, "simulated", 0) > 0
    assert getattr(agent, "kernel_seconds", 0.0) > 0.0
