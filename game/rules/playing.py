"""The playing phase: a trick won, a hand scored, the game ended.

A card itself is played by :meth:`Match.apply` (the engine's hottest line, inlined
there); once it completes a trick, :func:`trick_done` takes over.
"""

from __future__ import annotations

import operator
from typing import cast

from game.rules.actions import legal_plays
from game.rules.cards import PACK, SUIT_MASKS, Card
from game.rules.events import CardPlayed, Event, GameOver, HandScored, TrickWon
from game.rules.phase import Phase
from game.rules.results import ScoredHand
from game.rules.ruleset import MAX_PLAYERS
from game.rules.scoring import final_totals, settle, winners_of
from game.rules.state import MatchState

CARDS_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in PACK) for seat in range(MAX_PLAYERS))
"""Every card's event for every seat, shared: the hot path allocates no event."""


def trick_done(match: MatchState, seat: int, card: Card) -> list[Event]:
    """The events of ``seat``'s ``card``, which completed the trick, and the trick's
    end (and the hand's, after its last trick)."""
    trick, leader, won, trump = match._trick, match.leader, match._won, match.trump
    # winning_position on the trick's mask: its highest trump, else its highest card
    # of the suit led (tests/test_engine_fast_paths.py holds them equal).
    cards = match._played ^ match._trick_base
    best = cards & SUIT_MASKS[trump] if trump is not None else 0
    if not best:
        best = cards & SUIT_MASKS[trick[0].suit]
    winner = (leader + trick.index(PACK[best.bit_length() - 1])) % match.players
    match._taken[winner] += 1
    trick_won = TrickWon(winner, tuple(trick), leader, len(won) + 1)
    won.append(trick_won)
    match._frozen = None
    match._trick = []
    match._trick_base = match._played
    match.leader = match._to_act = winner
    played = CARDS_PLAYED[seat][card.index]
    if len(won) == match.hand_size:
        match._legal, match._legal_list = 0, None
        return [played, trick_won, *score_hand(match)]
    legal = match._legal = match._hands[winner]  # a lead: any card (legal_mask's first case)
    match._legal_list = legal_plays(winner, legal)
    return [played, trick_won]


def score_hand(match: MatchState) -> list[Event]:
    """Score the hand just played; end the game if it was the last or reached the
    target."""
    number, size = match.hand_number, match.hand_size
    hand = match._plan.hand(number)
    bids = cast(tuple[int, ...], tuple(match._bids))  # every seat has bid by now
    taken = tuple(match._taken)
    rows = map(hand.points.__getitem__, bids)  # hand.points[bid][taken]: hand_points
    points = tuple(map(operator.getitem, rows, taken))
    totals = match._scores = tuple(map(operator.add, match._scores, points))
    dealt, won, card = tuple(match._dealt), tuple(match._won), match.trump_card
    scored = (number, match.dealer, size, dealt, card, bids, won, taken, points, totals)
    match._unrecorded += (ScoredHand._make(scored),)
    match._hand_view = None
    match._to_act = None
    events: list[Event] = [HandScored(number, bids, taken, points, totals)]
    target = match.rules.target_score
    if hand.last or (target is not None and max(totals) >= target):
        events.append(finish(match))
    else:
        match.phase = Phase.HAND_SCORED
    return events


def finish(match: MatchState) -> GameOver:
    """The game is over: the final totals, the winners and what the stakes settle."""
    match.phase = Phase.GAME_OVER
    rules = match.rules
    scores = match._scores = tuple(final_totals(rules, match._scores))
    match.winners = winners_of(scores)
    match.settlement = settle(rules, scores)
    match._hand_view = None
    return GameOver(match.winners, scores, match.settlement, rules.settlement)
