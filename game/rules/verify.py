"""Why an action is refused, from what the acting seat sees: one explanation for
the match (:meth:`Match.refusal`) and for a seat played from another computer,
which has only its view.

>>> from game.rules.match import Match
>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(4), seed=7)
>>> _ = match.advance_until_decision()
>>> seat = match.awaiting[0]
>>> refusal(match.view(seat), Bid.of(seat, 11)).why
<Refusal.BID_TOO_HIGH: 'bid-too-high'>
>>> refusal(match.view(seat), Bid.of(seat, 1)) is None
True
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.reasons import Refusal, Refused
from game.rules.view import SeatView


def well_typed(action: object) -> bool:
    """Whether ``action`` is a bid or a play whose fields have the types the engine
    reads (a bool or float seat or bid, a card that is not a :class:`Card`, never)."""
    kind = type(action)
    if kind is Bid:
        return type(action.seat) is int and type(action.tricks) is int  # type: ignore[attr-defined]
    if kind is Play:
        return type(action.seat) is int and type(action.card) is Card  # type: ignore[attr-defined]
    return False


def refusal(view: SeatView, action: object) -> Refused | None:
    """Why ``action`` is refused in the position ``view`` shows (the acting seat's
    view, or a spectator's for a seat that does not exist); None when it is one of
    the view's legal actions."""
    if well_typed(action) and action in view.legal:
        return None
    if view.phase is Phase.GAME_OVER:
        return Refused(Refusal.GAME_OVER)
    if view.phase.automatic:
        return Refused(Refusal.NOT_DEALT)
    if type(action) not in (Bid, Play):
        return Refused(Refusal.NOT_AN_ACTION)
    if not well_typed(action):
        return Refused(Refusal.ILL_TYPED)
    if isinstance(action, Bid):
        return _refuse_bid(view, action)
    assert isinstance(action, Play)
    return _refuse_play(view, action)


def _refuse_bid(view: SeatView, bid: Bid) -> Refused:
    seat, tricks = bid.seat, view.hand_size
    if view.phase is not Phase.BIDDING:
        return Refused(Refusal.BIDDING_OVER, seat)
    if seat not in range(view.players):
        return Refused(Refusal.NO_SUCH_SEAT, seat)
    if seat not in view.awaiting:
        if view.has_bid[seat]:
            return Refused(Refusal.ALREADY_BID, seat)
        return Refused(Refusal.NOT_YOUR_BID, seat)
    if bid.tricks < 0:
        return Refused(Refusal.NEGATIVE_BID, seat, bid.tricks, tricks)
    if bid.tricks > tricks:
        return Refused(Refusal.BID_TOO_HIGH, seat, bid.tricks, tricks)
    return Refused(Refusal.HOOK, seat, bid.tricks, tricks)


def _refuse_play(view: SeatView, play: Play) -> Refused:
    seat, card = play.seat, play.card
    if view.phase is not Phase.PLAYING:
        return Refused(Refusal.NOT_PLAYING, seat, card=card)
    if seat not in view.awaiting:
        return Refused(Refusal.NOT_YOUR_PLAY, seat, card=card)
    if seat != view.seat:
        raise ValueError("a play is explained from the view of the seat that plays it")
    if card not in view.hand:
        return Refused(Refusal.NOT_HELD, seat, card=card)
    led = view.trick[0].suit
    if any(held.suit is led for held in view.hand):
        return Refused(Refusal.MUST_FOLLOW, seat, card=card, led=led)
    return Refused(Refusal.MUST_TRUMP, seat, card=card, led=led, trump=view.trump)


def public_view(view: SeatView) -> SeatView:
    """What a spectator sees, from any seat's view: no hand, no legal action, and no
    secret bid (while bids are secret, each seat's view shows only its own)."""
    bids = view.bids if view.bids_revealed else (None,) * view.players
    return replace(view, seat=None, hand=(), legal=(), forbidden_bid=None, bids=bids)
