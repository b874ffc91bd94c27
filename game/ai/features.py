"""What the learned trick model sees of a bid: one seat's own view, as binary features.

A :class:`BidSituation` holds everything the model is given, read from the
bidder's :class:`~game.rules.view.SeatView` (:func:`situation_of`) at the table
and from the self-play records (:mod:`game.ai.selfplay`) in training, so the
two can never encode a bid differently. Every feature is 0 or 1, so the first
layer of the network is a sum of a few weight columns: :func:`active` lists the
ones that are set. The bidder's own bid is a separate group
(:func:`bid_feature`): the model gives the tricks a seat takes *when it bids
that*, since a seat plays to its bid.

Cards are canonicalised against trump: the trump suit comes first, the other
suits follow longest first (ties by the higher cards), so hands that differ only
by which side suit is which encode the same.

>>> from game.rules.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("AS 2H 3H"))
>>> [canonical_card(index) for index in active(BidSituation(hand, 3, None, 4, 3, 1, ()))[:3]]
[(0, 12), (1, 0), (1, 1)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.ai.masks import SUITS
from game.rules.ruleset import RuleSet, TrickPoints, ZeroBid
from game.rules.view import SeatView

__all__ = [
    "BID_BASE",
    "FEATURES",
    "MAX_SIZE",
    "BidSituation",
    "active",
    "bid_feature",
    "canonical_card",
    "situation_in",
    "situation_of",
    "trump_first_suits",
]

MAX_SIZE = 17
"""The largest hand the model covers (three players, every card dealt)."""
ENCODED_SEATS = 8

CARDS = 0
NO_TRUMP = CARDS + 52
TURNED = NO_TRUMP + 1
"""The turned trump's rank (13), when a card was turned: it is out of play."""
SEATS = TURNED + 13
SIZE = SEATS + ENCODED_SEATS - 2
POSITION = SIZE + MAX_SIZE
"""The seat's place in the bidding order (0: the eldest hand, players - 1: the dealer)."""
BIDS_MADE = POSITION + ENCODED_SEATS
BID_SUM = BIDS_MADE + ENCODED_SEATS
FLAGS = BID_SUM + MAX_SIZE + 1
HOOK, SIMULTANEOUS, MUST_TRUMP, ZERO_BONUS, EXACT_ONLY, NO_TRICKS = range(FLAGS, FLAGS + 6)
BID_BASE = FLAGS + 6
"""The own bid's group: ``BID_BASE + bid``."""
FEATURES = BID_BASE + MAX_SIZE + 1


@dataclass(frozen=True)
class BidSituation:
    """A bid as the bidder sees it (plain integers, as the self-play records keep it)."""

    hand: int
    """The bidder's cards (a card mask)."""
    trump: int | None
    turned: int | None
    """The turned trump card's index, if one was turned."""
    players: int
    size: int
    position: int
    """Place in the bidding order: 0 for the eldest hand, ``players - 1`` for the dealer."""
    before: tuple[int, ...]
    """The bids this seat has seen, in bidding order (none with simultaneous bids)."""
    hook: bool = False
    simultaneous: bool = False
    must_trump: bool = False
    zero_bonus: bool = False
    trick_points: TrickPoints = TrickPoints.ALWAYS


def situation_of(view: SeatView) -> BidSituation:
    """The situation of ``view``'s seat at its turn to bid (its own view only)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no bid to make")
    order = _bidding_order(view.dealer, view.players)
    before = tuple(
        bid for other in order if other != seat and (bid := view.bids[other]) is not None
    )
    return _situation(
        view.rules,
        hand=view.hand_mask,
        trump=int(view.trump) if view.trump is not None else None,
        turned=view.trump_card.index if view.trump_card is not None else None,
        size=view.hand_size,
        position=order.index(seat),
        before=before,
    )


def trump_first_suits(hand: int, trump: int | None) -> list[int]:
    """The suits in canonical order: trump first, then the longest (the higher cards on ties)."""
    sides = sorted(
        (suit for suit in range(4) if suit != trump),
        key=lambda suit: ((hand & SUITS[suit]).bit_count(), (hand & SUITS[suit]) >> 13 * suit),
        reverse=True,
    )
    return sides if trump is None else [trump, *sides]


def canonical_card(feature: int) -> tuple[int, int]:
    """A card feature as (canonical suit slot, rank)."""
    return divmod(feature - CARDS, 13)


def active(situation: BidSituation) -> list[int]:
    """The features set for ``situation`` (the own bid left out: :func:`bid_feature`)."""
    hand, trump = situation.hand, situation.trump
    out = []
    for slot, suit in enumerate(trump_first_suits(hand, trump)):
        part = (hand & SUITS[suit]) >> 13 * suit
        rank = 0
        while part:
            if part & 1:
                out.append(CARDS + 13 * slot + rank)
            part >>= 1
            rank += 1
    if trump is None:
        out.append(NO_TRUMP)
    turned = situation.turned
    if turned is not None and trump is not None and turned // 13 == trump:
        out.append(TURNED + turned % 13)
    size = min(situation.size, MAX_SIZE)
    out.append(SEATS + min(situation.players, ENCODED_SEATS) - 3)
    out.append(SIZE + size - 1)
    out.append(POSITION + min(situation.position, ENCODED_SEATS - 1))
    out.append(BIDS_MADE + min(len(situation.before), ENCODED_SEATS - 1))
    out.append(BID_SUM + min(sum(situation.before), MAX_SIZE))
    flags = (
        (situation.hook, HOOK),
        (situation.simultaneous, SIMULTANEOUS),
        (situation.must_trump, MUST_TRUMP),
        (situation.zero_bonus, ZERO_BONUS),
        (situation.trick_points is TrickPoints.EXACT, EXACT_ONLY),
        (situation.trick_points is TrickPoints.NEVER, NO_TRICKS),
    )
    out.extend(index for on, index in flags if on)
    return out


def bid_feature(bid: int) -> int:
    """The feature of the bidder's own bid."""
    return BID_BASE + min(bid, MAX_SIZE)


def situation_in(base: Knowledge, seat: int, hand: int, bids: Sequence[int | None]) -> BidSituation:
    """``seat``'s situation at its turn to bid in a determinization of ``base`` that
    gives it ``hand``, with ``bids`` made so far (for the bids the searches guess)."""
    order = _bidding_order(base.dealer, base.players)
    position = order.index(seat)
    if base.rules.simultaneous_bidding:
        before: tuple[int, ...] = ()
    else:
        before = tuple(bid for other in order[:position] if (bid := bids[other]) is not None)
    return _situation(
        base.rules,
        hand=hand,
        trump=base.trump,
        turned=base.turned,
        size=base.size,
        position=position,
        before=before,
    )


def _bidding_order(dealer: int, players: int) -> list[int]:
    """The seats in bidding order: the eldest hand first, the dealer last."""
    eldest = (dealer + 1) % players
    return [(eldest + step) % players for step in range(players)]


def _situation(
    rules: RuleSet,
    *,
    hand: int,
    trump: int | None,
    turned: int | None,
    size: int,
    position: int,
    before: tuple[int, ...],
) -> BidSituation:
    """A situation under ``rules``: the table and the rule flags read from them."""
    return BidSituation(
        hand=hand,
        trump=trump,
        turned=turned,
        players=rules.players,
        size=size,
        position=position,
        before=before,
        hook=rules.hook,
        simultaneous=rules.simultaneous_bidding,
        must_trump=rules.must_trump,
        zero_bonus=rules.zero_bid is not ZeroBid.NONE,
        trick_points=rules.trick_points,
    )
