"""The match state machine: phases, events, legality and the state left intact
by every kind of illegal action."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.rules import (
    PRESETS,
    Bid,
    Card,
    FirstDealer,
    HandSequence,
    Match,
    Phase,
    Play,
    Player,
    Rank,
    RuleSet,
    TrumpMethod,
    to_record,
)
from game.rules import events as ev
from game.rules.reasons import Refusal
from tests.refusals import action_refused


def snapshot(match: Match) -> tuple[object, ...]:
    players = [Player(str(seat)) for seat in range(match.players)]
    hands = tuple(match.hand(seat) for seat in range(match.players))
    return (
        to_record(match, players),
        match.phase,
        match.awaiting,
        hands,
        match.bids,
        match.trick,
        match.scores,
        match.trump_card,
        tuple(match.legal_actions()),
    )


def bidding_match(preset: str = "oh-hell", players: int = 4, seed: int = 3) -> Match:
    match = Match(PRESETS[preset].rules(players), seed)
    match.advance_until_decision()
    assert match.phase is Phase.BIDDING
    return match


def to_play(match: Match) -> Match:
    """Bid the first legal bid for everyone until play starts."""
    while match.phase is Phase.BIDDING:
        match.apply(match.legal_actions()[0])
    return match


def assert_rejected(match: Match, action: object, why: Refusal, **facts: object) -> None:
    """``action`` is refused for ``why`` (with ``facts``), and nothing changes."""
    before = snapshot(match)
    with action_refused(why, **facts):
        match.apply(action)  # type: ignore[arg-type]
    assert snapshot(match) == before
    assert action not in match.legal_actions()
    assert match.refusal(action) is not None  # type: ignore[arg-type]


# --------------------------------------------------------------- illegal moves
def test_bid_out_of_turn_is_rejected() -> None:
    match = bidding_match()
    other = (match.awaiting[0] + 1) % 4
    assert_rejected(match, Bid.of(other, 1), Refusal.NOT_YOUR_BID, seat=other)


def test_bid_above_hand_size_is_rejected() -> None:
    match = bidding_match()
    assert_rejected(match, Bid.of(match.awaiting[0], 11), Refusal.BID_TOO_HIGH, bid=11, tricks=10)


def test_negative_bid_is_rejected() -> None:
    match = bidding_match()
    assert_rejected(match, Bid(match.awaiting[0], -1), Refusal.NEGATIVE_BID, bid=-1)


def test_hook_bid_is_rejected_with_reason() -> None:
    match = bidding_match()
    for _ in range(3):
        match.apply(Bid.of(match.awaiting[0], 2))
    dealer = match.awaiting[0]
    assert dealer == match.dealer
    assert match.forbidden_bid(dealer) == 4
    assert Bid.of(dealer, 4) not in match.legal_actions()
    assert len(match.legal_actions()) == 10
    assert_rejected(match, Bid.of(dealer, 4), Refusal.HOOK, seat=dealer, bid=4, tricks=10)


def test_hook_allows_every_bid_when_total_is_already_over() -> None:
    match = bidding_match()
    for _ in range(3):
        match.apply(Bid.of(match.awaiting[0], 5))
    assert match.forbidden_bid(match.dealer) is None
    assert len(match.legal_actions()) == 11


def test_play_during_bidding_is_rejected() -> None:
    match = bidding_match()
    seat = match.awaiting[0]
    card = match.hand(seat)[0]
    assert_rejected(match, Play.of(seat, card), Refusal.NOT_PLAYING, seat=seat, card=card)


def test_bid_during_play_is_rejected() -> None:
    match = to_play(bidding_match())
    assert_rejected(match, Bid.of(match.awaiting[0], 1), Refusal.BIDDING_OVER)


def test_play_out_of_turn_is_rejected() -> None:
    match = to_play(bidding_match())
    other = (match.awaiting[0] + 1) % 4
    assert_rejected(match, Play.of(other, match.hand(other)[0]), Refusal.NOT_YOUR_PLAY, seat=other)


def test_play_of_card_not_held_is_rejected() -> None:
    match = to_play(bidding_match())
    seat = match.awaiting[0]
    missing = next(card for card in map(Card.from_index, range(52)) if card not in match.hand(seat))
    assert_rejected(match, Play.of(seat, missing), Refusal.NOT_HELD, seat=seat, card=missing)


def test_revoke_is_rejected() -> None:
    for seed in range(50):
        match = to_play(bidding_match(seed=seed))
        match.apply(match.legal_actions()[0])
        seat = match.awaiting[0]
        led = match.trick[0].suit
        hand = match.hand(seat)
        off_suit = [card for card in hand if card.suit is not led]
        if off_suit and any(card.suit is led for card in hand):
            card = off_suit[0]
            assert_rejected(match, Play.of(seat, card), Refusal.MUST_FOLLOW, card=card, led=led)
            return
    pytest.fail("no position with a possible revoke in 50 seeds")


def test_la_podrida_requires_a_trump_when_void() -> None:
    rules = RuleSet(players=4, largest_hand=10, must_trump=True)
    for seed in range(200):
        match = to_play(bidding_match_rules(rules, seed))
        match.apply(match.legal_actions()[0])
        seat = match.awaiting[0]
        led, trump, hand = match.trick[0].suit, match.trump, match.hand(seat)
        void = not any(card.suit is led for card in hand)
        trumps = [card for card in hand if card.suit is trump]
        others = [card for card in hand if card.suit is not trump]
        if void and trumps and others and led is not trump:
            assert set(match.legal_actions()) == {Play.of(seat, card) for card in trumps}
            assert_rejected(match, Play.of(seat, others[0]), Refusal.MUST_TRUMP, trump=trump)
            return
    pytest.fail("no La Podrida position found")


def bidding_match_rules(rules: RuleSet, seed: int) -> Match:
    match = Match(rules, seed)
    match.advance_until_decision()
    return match


def test_acting_while_dealing_is_rejected() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 1)
    match.advance()
    assert match.phase is Phase.DEALING
    assert match.legal_actions() == []
    assert_rejected(match, Bid.of(0, 1), Refusal.NOT_DEALT)


def test_not_an_action_is_rejected() -> None:
    match = bidding_match()
    assert_rejected(match, "bid 3", Refusal.NOT_AN_ACTION)


def test_advance_when_a_player_must_act_is_rejected() -> None:
    match = bidding_match()
    before = snapshot(match)
    with action_refused(Refusal.WAITING, seat=match.awaiting[0]):
        match.advance()
    assert snapshot(match) == before


def test_nothing_is_legal_after_game_over() -> None:
    rules = RuleSet(players=3, sequence=HandSequence.CONSTANT, largest_hand=1, max_hands=1)
    match = bidding_match_rules(rules, 5)
    while match.phase is not Phase.GAME_OVER:
        match.apply(match.legal_actions()[0])
    assert match.legal_actions() == []
    assert_rejected(match, Bid.of(0, 0), Refusal.GAME_OVER)
    with action_refused(Refusal.GAME_OVER):
        match.advance()


# ---------------------------------------------------------------- the machine
def test_a_hand_runs_through_every_phase_with_events() -> None:
    match = Match(PRESETS["oh-hell"].rules(4), 42)
    kinds: list[type] = []
    phases = [match.phase]
    while len(match.results) < 1:
        events = match.advance() if match.phase.automatic else match.apply(match.legal_actions()[0])
        kinds.extend(type(event) for event in events)
        if match.phase is not phases[-1]:
            phases.append(match.phase)
    assert phases == [
        Phase.CHOOSING_DEALER,
        Phase.DEALING,
        Phase.BIDDING,
        Phase.PLAYING,
        Phase.HAND_SCORED,
    ]
    assert kinds[:3] == [ev.DealerChosen, ev.HandDealt, ev.TrumpTurned]
    assert kinds.count(ev.BidMade) == 4
    assert kinds.count(ev.CardPlayed) == 40
    assert kinds.count(ev.TrickWon) == 10
    assert kinds[-1] is ev.HandScored
    assert match.advance() == [ev.DealerPasses((match.results[0].dealer + 1) % 4, 2)]


def test_trick_won_event_names_the_winner_who_leads_next() -> None:
    match = to_play(bidding_match(seed=9))
    events = []
    for _ in range(4):
        events += match.apply(match.legal_actions()[0])
    won = events[-1]
    assert isinstance(won, ev.TrickWon)
    assert match.awaiting == (won.seat,)
    assert match.taken[won.seat] == 1


def test_same_seed_same_game_whatever_the_global_random_does() -> None:
    def play(seed: int) -> list[object]:
        match = Match(PRESETS["blob"].rules(5), seed)
        chooser = random.Random(7)
        log: list[object] = []
        while len(match.results) < 3:
            if match.phase.automatic:
                log += match.advance()
            else:
                random.random()  # the global generator must not matter
                log += match.apply(chooser.choice(match.legal_actions()))
        return log

    random.seed(1)
    first = play(123)
    random.seed(99)
    assert play(123) == first
    assert play(124) != first


def test_first_jack_deals() -> None:
    rules = PRESETS["nomination-whist"].rules(5)
    for seed in range(20):
        match = Match(rules, seed)
        (chosen,) = match.advance()
        assert isinstance(chosen, ev.DealerChosen)
        assert chosen.method is FirstDealer.FIRST_JACK
        (draws,) = chosen.draws
        assert [seat for seat, _ in draws] == [i % 5 for i in range(len(draws))]
        assert [card.rank for _, card in draws].count(Rank.JACK) == 1
        assert draws[-1][1].rank == Rank.JACK and draws[-1][0] == chosen.seat == match.dealer


def test_highest_card_deals_and_ties_draw_again() -> None:
    rules = PRESETS["oh-hell"].rules(7)
    saw_tie = False
    for seed in range(60):
        (chosen,) = Match(rules, seed).advance()
        assert isinstance(chosen, ev.DealerChosen)
        contenders = set(range(7))
        for draw in chosen.draws:
            assert {seat for seat, _ in draw} == contenders
            top = max(card.rank for _, card in draw)
            contenders = {seat for seat, card in draw if card.rank == top}
        saw_tie |= len(chosen.draws) > 1
        assert contenders == {chosen.seat}
    assert saw_tie


def test_dealers_last_card_is_trump_and_stays_in_hand() -> None:
    match = bidding_match("oh-well", 5)
    assert match.trump_card in match.hand(match.dealer)
    assert match.trump is match.trump_card.suit
    assert all(len(match.hand(seat)) == 10 for seat in range(5))
    view = match.view((match.dealer + 1) % 5)
    assert view.trump_card_held_by == match.dealer
    assert match.trump_card not in view.hand


def test_oh_pshaw_last_hand_has_no_trump_and_total_is_announced() -> None:
    match = Match(PRESETS["oh-pshaw"].rules(4), 8)
    announced = []
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            events = match.advance()
            if match.hand_number == 13 and match.phase is Phase.BIDDING:
                assert match.trump is None and match.trump_card is None
                assert any(isinstance(event, ev.NoTrump) for event in events)
        else:
            events = match.apply(match.legal_actions()[0])
        announced += [e for e in events if isinstance(e, ev.TotalAnnounced)]
    assert len(announced) == 13
    assert all(
        a.verdict.value
        == ("over" if a.total > a.tricks else "under" if a.total < a.tricks else "even")
        for a in announced
    )


def test_simultaneous_bids_stay_secret_until_revealed() -> None:
    rules = dataclasses.replace(PRESETS["british-oh-hell"].rules(4), simultaneous_bidding=True)
    match = Match(rules, 4)
    match.advance_until_decision()
    match.advance_until_decision()
    assert match.awaiting == (0, 1, 2, 3)
    assert {action.seat for action in match.legal_actions()} == {0, 1, 2, 3}
    events = match.apply(Bid.of(2, 1))
    assert events == [ev.BidSubmitted(2)]
    assert match.view(2).bids[2] == 1
    assert match.view(0).bids == (None, None, None, None)
    assert match.view(0).has_bid == (False, False, True, False)
    assert_rejected(match, Bid.of(2, 0), Refusal.ALREADY_BID, seat=2)
    match.apply(Bid.of(0, 0))
    match.apply(Bid.of(3, 1))
    events = match.apply(Bid.of(1, 1))
    assert events[-1] == ev.BidsRevealed((0, 1, 1, 1))
    assert match.phase is Phase.PLAYING
    assert match.view(0).bids == (0, 1, 1, 1)


def cards_reachable(value: object, seen: set[int] | None = None) -> set[Card]:
    """Every Card reachable from ``value`` through fields, tuples and lists."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return set()
    seen.add(id(value))
    if isinstance(value, Card):
        return {value}
    if isinstance(value, (tuple, list, frozenset, set)):
        items: list[object] = list(value)
    elif dataclasses.is_dataclass(value):
        items = [getattr(value, f.name) for f in dataclasses.fields(value)]
    else:
        return set()
    return set().union(*(cards_reachable(item, seen) for item in items))


def test_views_hold_no_hidden_cards() -> None:
    match = bidding_match(players=5)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    while match.phase is not Phase.PLAYING:
        match.apply(match.legal_actions()[0])
    for _ in range(7):
        match.apply(match.legal_actions()[0])
    for seat in range(5):
        view = match.view(seat)
        assert view.hand == match.hand(seat)
        public = set(view.hand) | {match.trump_card} | set(match.trick)
        public |= {card for trick in match.tricks for card in trick.cards}
        assert cards_reachable(view) <= public
    spectator = match.view(None)
    assert spectator.hand == () and spectator.legal == ()
    assert not cards_reachable(spectator) & set(match.hand(0))


def test_explain_is_none_exactly_for_legal_actions() -> None:
    match = to_play(bidding_match(seed=11))
    seat = match.awaiting[0]
    for card in map(Card.from_index, range(52)):
        action = Play.of(seat, card)
        assert (match.refusal(action) is None) == (action in match.legal_actions())


def test_no_trump_rule_plays_without_trumps() -> None:
    rules = RuleSet(players=4, largest_hand=5, trump=TrumpMethod.NONE)
    match = bidding_match_rules(rules, 2)
    assert match.trump is None and match.trump_card is None
