"""The bidding phase: a bid applied, and the play opened once every bid is in.

:func:`apply_bid` is :meth:`Match.apply` for anything but a card: a bid in turn
takes a fast path (its test is :func:`game.rules.verify.verify_bid`'s, inlined and
held to it by ``tests/test_engine_fast_paths.py``); a secret bid and anything
refused go through the verifier.
"""

from __future__ import annotations

import game.rules.verify as verify
from game.rules.actions import Action, Bid, legal_plays
from game.rules.errors import IllegalAction
from game.rules.events import BidMade, BidsRevealed, BidSubmitted, Event, TotalAnnounced, Verdict
from game.rules.phase import Phase
from game.rules.ruleset import MAX_PLAYERS, PACK_SIZE
from game.rules.state import MatchState

_BIDDING, _PLAYING = Phase.BIDDING, Phase.PLAYING
BIDS_MADE = tuple(
    tuple(BidMade(seat, tricks) for tricks in range(PACK_SIZE + 1)) for seat in range(MAX_PLAYERS)
)
"""Every bid's event, shared (events are immutable values): the hot path allocates none."""
_BID_ROWS: dict[tuple[int, int, int | None], tuple[Bid, ...]] = {}


def bid_row(seat: int, size: int, barred: int | None) -> tuple[Bid, ...]:
    """``seat``'s bids from 0 to ``size`` except ``barred``, built once per combination."""
    key = (seat, size, barred)
    row = _BID_ROWS.get(key)
    if row is None:
        row = _BID_ROWS[key] = tuple(Bid.of(seat, n) for n in range(size + 1) if n != barred)
    return row


def apply_bid(match: MatchState, action: Action) -> list[Event]:
    """Carry out a bid (anything else is refused, saying why); its events."""
    if type(action) is Bid and match._to_act is not None:
        seat, tricks = action.seat, action.tricks
        if (
            match.phase is _BIDDING
            and type(seat) is int
            and seat == match._to_act
            and type(tricks) is int
            and 0 <= tricks <= match.hand_size
            and (seat != match.dealer or tricks != match.forbidden_bid(seat))
        ):
            if match._views:  # _changing, inlined
                match._views.clear()
                match._now = None
            match.actions.append(action)
            match._bids[seat] = tricks
            match._frozen = None
            dealer = match.dealer
            if seat == dealer:
                return bidding_done(match, [BIDS_MADE[seat][tricks]])
            after = match._to_act = match._next_seat[seat]
            barred = match.forbidden_bid(after) if after == dealer else None
            match._legal_list = bid_row(after, match.hand_size, barred)
            return [BIDS_MADE[seat][tricks]]
    refused = verify.refusal(match, action)
    if refused is not None:
        raise IllegalAction(refused)
    assert isinstance(action, Bid)  # the verifier takes nothing else in the bidding
    match._changing()
    match.actions.append(action)
    if match.rules.simultaneous_bidding:
        return _secret(match, action.seat, action.tricks)
    return _in_turn(match, action.seat, action.tricks)


def _in_turn(match: MatchState, seat: int, tricks: int) -> list[Event]:
    match._bids[seat] = tricks
    match._frozen = None
    event = BIDS_MADE[seat][tricks]
    dealer = match.dealer
    if seat == dealer:
        return bidding_done(match, [event])
    after = match._to_act = match._next_seat[seat]
    barred = match.forbidden_bid(after) if after == dealer else None
    match._legal_list = bid_row(after, match.hand_size, barred)
    return [event]


def _secret(match: MatchState, seat: int, tricks: int) -> list[Event]:
    """A bid made at the same time as the others: told once every bid is in."""
    bids = match._bids
    bids[seat] = tricks
    match._frozen = None
    events: list[Event] = [BidSubmitted(seat)]
    if None in bids:
        return events
    events.append(BidsRevealed(tuple(bid for bid in bids if bid is not None)))
    return bidding_done(match, events)


def bidding_done(match: MatchState, events: list[Event]) -> list[Event]:
    """Every bid is in: announce the total if the rules say so, and start the play."""
    if match.rules.announce_total:
        total = sum(bid for bid in match._bids if bid is not None)
        events.append(TotalAnnounced(total, match.hand_size, Verdict.of(total, match.hand_size)))
    match.phase = _PLAYING
    leader = match.leader = match._to_act = match.eldest
    legal = match._legal = match._hands[leader]  # a lead: any card (legal_mask's first case)
    match._legal_list = legal_plays(leader, legal)
    return events
