"""Trick-taking on card masks: which cards may be played, and who wins a trick.

These few functions are the single home of the play rules; the match engine
and the computer players' fast simulations both call them.

>>> from game.rules.cards import mask_of, parse_cards, cards_in
>>> hand = mask_of(parse_cards("AS 2H 9H KC"))
>>> [str(c) for c in cards_in(legal_mask(hand, Suit.HEARTS, Suit.SPADES, False))]
['2H', '9H']
>>> [str(c) for c in cards_in(legal_mask(hand, Suit.DIAMONDS, Suit.SPADES, True))]
['AS']
>>> trick_winner(parse_cards("KH AH 2S 3S"), Suit.SPADES)
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.cards import SUIT_MASKS, Card, Suit


def legal_mask(hand: int, led: int | None, trump: int | None, must_trump: bool) -> int:
    """The cards of ``hand`` that may be played to a trick led in ``led``.

    Suits are :class:`Suit` values or plain suit numbers. ``led`` is None for
    the lead, when any card may be played. A player must
    follow suit; with ``must_trump`` (La Podrida) a player void in the led suit
    must trump if able.
    """
    if led is None:
        return hand
    follow = hand & SUIT_MASKS[led]
    if follow:
        return follow
    if must_trump and trump is not None:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


def trick_winner(cards: Sequence[Card], trump: Suit | None) -> int:
    """The position in play order of the card that wins the trick."""
    return winning_position([card.index for card in cards], trump)


def winning_position(indexes: Sequence[int], trump: int | None) -> int:
    """:func:`trick_winner` on card indexes: the highest trump, else the highest
    card of the suit led. (Inside a suit, a higher index is a higher rank.)"""
    best = 0
    best_index = indexes[0]
    for position in range(1, len(indexes)):
        index = indexes[position]
        if index // 13 == best_index // 13:
            if index > best_index:
                best, best_index = position, index
        elif index // 13 == trump:
            best, best_index = position, index
    return best


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: who led, the cards in play order, and who won it."""

    leader: int
    cards: tuple[Card, ...]
    winner: int

    def card_of(self, seat: int, players: int) -> Card:
        """The card ``seat`` played to this trick (at a table of ``players``)."""
        return self.cards[(seat - self.leader) % players]
