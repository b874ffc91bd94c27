"""The bidding phase: a bid carried out, and the play opened once every bid is in.

The verifier (:mod:`game.rules.verify`) has allowed the bid before :func:`bid`
sees it; these functions change the :class:`HandState` and say what happened.
"""

from __future__ import annotations

from game.rules.actions import Bid, legal_plays
from game.rules.events import BidMade, BidsRevealed, BidSubmitted, Event, TotalAnnounced, Verdict
from game.rules.ruleset import RuleSet
from game.rules.state import HandState
from game.rules.verify import hooked_bid

_BID_ROWS: dict[tuple[int, int, int | None], tuple[Bid, ...]] = {}


def bid_row(seat: int, size: int, barred: int | None) -> tuple[Bid, ...]:
    """``seat``'s bids from 0 to ``size`` except ``barred``, built once per combination."""
    key = (seat, size, barred)
    row = _BID_ROWS.get(key)
    if row is None:
        row = _BID_ROWS[key] = tuple(Bid.of(seat, n) for n in range(size + 1) if n != barred)
    return row


def legal_bids(rules: RuleSet, state: HandState, seat: int) -> tuple[Bid, ...]:
    """``seat``'s bids now: none to every trick of the hand, less the one the hook bars
    the dealer."""
    hooked = rules.hook and seat == state.dealer
    return bid_row(seat, state.size, hooked_bid(state.size, state.bids) if hooked else None)


def bid(rules: RuleSet, state: HandState, seat: int, tricks: int) -> list[Event]:
    """``seat`` bids ``tricks``: its events (once every bid is in, the match opens the
    play: :func:`open_play`)."""
    state.bids = (*state.bids[:seat], tricks, *state.bids[seat + 1 :])
    events: list[Event]
    if rules.simultaneous_bidding:
        events = [BidSubmitted(seat)]
        if None in state.bids:
            return events
        events.append(BidsRevealed(tuple(bid for bid in state.bids if bid is not None)))
    else:
        events = [BidMade(seat, tricks)]
        if None in state.bids:
            after = state.to_act = state.next_seat(seat)
            state.legal = legal_bids(rules, state, after)
    return events


def open_play(rules: RuleSet, state: HandState) -> list[Event]:
    """Every bid is in: the total announced if the rules say so; the eldest leads."""
    events: list[Event] = []
    if rules.announce_total:
        total = sum(bid for bid in state.bids if bid is not None)
        events.append(TotalAnnounced(total, state.size, Verdict.of(total, state.size)))
    leader = state.leader = state.to_act = state.next_seat(state.dealer)
    state.legal = legal_plays(leader, state.hands[leader])
    return events
