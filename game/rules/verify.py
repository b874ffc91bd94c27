"""The one verifier of an action: whether it is allowed and, if not, why.

:meth:`Match.is_legal`, :meth:`Match.refusal` and :meth:`Match.apply` all come
from :func:`refusal`, and so does the explanation a seat played from another
computer gives, from its own view: the verifier reads a :class:`Position`, which
both a match and a :class:`~game.rules.view.SeatView` are.

>>> from game.rules.match import Match
>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(4), seed=7)
>>> _ = match.advance_until_decision()
>>> seat = match.awaiting[0]
>>> refusal(match.view(seat), Bid.of(seat, 11)).why
<Refusal.BID_TOO_HIGH: 'bid-too-high'>
>>> refusal(match, Bid.of(seat, 11)) == refusal(match.view(seat), Bid.of(seat, 11))
True
>>> refusal(match, Bid.of(seat, 1)) is None
True
"""

from __future__ import annotations

from typing import Protocol

from game.rules.actions import Bid, Play
from game.rules.cards import SUIT_MASKS, Card, Suit
from game.rules.phase import Phase
from game.rules.reasons import Refusal, RefusedAction
from game.rules.ruleset import RuleSet
from game.rules.tricks import legal_mask


class Position(Protocol):
    """What the verifier reads: a match, or a seat's view of it (which can tell only
    its own seat's cards)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def players(self) -> int: ...
    @property
    def hand_size(self) -> int: ...
    @property
    def dealer(self) -> int: ...
    @property
    def bids(self) -> tuple[int | None, ...]: ...
    @property
    def has_bid(self) -> tuple[bool, ...]: ...
    @property
    def awaiting(self) -> tuple[int, ...]: ...
    @property
    def trick(self) -> tuple[Card, ...]: ...
    @property
    def trump(self) -> Suit | None: ...

    def cards_of(self, seat: int) -> int:
        """The cards ``seat`` holds, as a mask (ValueError where they are hidden)."""
        ...


def refusal(position: Position, action: object) -> RefusedAction | None:
    """Why ``action`` is refused in ``position``, as data; None when it is allowed.
    A bid or a play must have the field types the engine reads: a bool or float seat
    or bid, or a card that is not a :class:`Card`, is ill typed."""
    phase = position.phase
    if phase is Phase.GAME_OVER:
        return RefusedAction(Refusal.GAME_OVER)
    if phase.automatic:
        return RefusedAction(Refusal.NOT_DEALT)
    if type(action) is Play:
        if type(action.seat) is not int or type(action.card) is not Card:
            return RefusedAction(Refusal.ILL_TYPED)
        return verify_play(position, action)
    if type(action) is Bid:
        if type(action.seat) is not int or type(action.tricks) is not int:
            return RefusedAction(Refusal.ILL_TYPED)
        return verify_bid(position, action)
    return RefusedAction(Refusal.NOT_AN_ACTION)


def barred_bid(position: Position, seat: int) -> int | None:
    """The bid the hook forbids ``seat`` now, if any: the dealer may not bid what
    would make the bids add up to the tricks in the hand."""
    if position.phase is not Phase.BIDDING or not position.rules.hook:
        return None
    if seat != position.dealer:
        return None
    return hooked_bid(position.hand_size, position.bids)


def hooked_bid(size: int, bids: tuple[int | None, ...]) -> int | None:
    """The bid that would make ``bids`` add up to the ``size`` tricks of the hand, if
    one can (the hook bars it to the dealer).

    >>> hooked_bid(5, (1, None, 2, None)), hooked_bid(2, (1, 3, None))
    (2, None)
    """
    barred = size - sum(bid for bid in bids if bid is not None)
    return barred if barred >= 0 else None


def verify_bid(position: Position, bid: Bid) -> RefusedAction | None:
    """None if ``bid`` (well typed) is allowed now, else why not."""
    seat, tricks = bid.seat, position.hand_size
    if position.phase is not Phase.BIDDING:
        return RefusedAction(Refusal.BIDDING_OVER, seat)
    if seat not in range(position.players):
        return RefusedAction(Refusal.NO_SUCH_SEAT, seat)
    if seat not in position.awaiting:
        why = Refusal.ALREADY_BID if position.has_bid[seat] else Refusal.NOT_YOUR_BID
        return RefusedAction(why, seat)
    if bid.tricks < 0:
        return RefusedAction(Refusal.NEGATIVE_BID, seat, bid.tricks, tricks)
    if bid.tricks > tricks:
        return RefusedAction(Refusal.BID_TOO_HIGH, seat, bid.tricks, tricks)
    if bid.tricks == barred_bid(position, seat):
        return RefusedAction(Refusal.HOOK, seat, bid.tricks, tricks)
    return None


def verify_play(position: Position, play: Play) -> RefusedAction | None:
    """None if ``play`` (well typed) is allowed now, else why not."""
    seat, card = play.seat, play.card
    if position.phase is not Phase.PLAYING:
        return RefusedAction(Refusal.NOT_PLAYING, seat, card=card)
    if seat not in position.awaiting:
        return RefusedAction(Refusal.NOT_YOUR_PLAY, seat, card=card)
    hand = position.cards_of(seat)
    if not card.mask & hand:
        return RefusedAction(Refusal.NOT_HELD, seat, card=card)
    trick, trump = position.trick, position.trump
    led = trick[0].suit if trick else None
    if card.mask & legal_mask(hand, led, trump, position.rules.must_trump):
        return None
    assert led is not None  # a lead is never refused for its suit
    if hand & SUIT_MASKS[led]:
        return RefusedAction(Refusal.MUST_FOLLOW, seat, card=card, led=led)
    return RefusedAction(Refusal.MUST_TRUMP, seat, card=card, led=led, trump=trump)
