"""Claiming the rest of the tricks: whether a seat's view proves it takes every one.

:func:`claim_order` reads only the seat's own view (its cards, the cards played, the
trump suit) and says how to play the rest so that every remaining trick is the
seat's, whatever cards the others hold and whatever they play, or None when that
cannot be proved. The proof is deliberately simple and sound: every card not in the
seat's hand and not yet played counts as unseen and may be in any other hand
(cards still in the stock too, and the turned-up card), so a claim it allows is
certain; a certain claim it misses is only not offered.

The plan: win the trick on the table if the seat is in it (with a card nothing
unseen can beat), then lead every trump from the top (each beating every unseen
trump, and no fewer than the unseen trumps, so the others are drawn of theirs: each
must follow a trump lead while they have one), then lead the other suits, each card
higher than every unseen card of its suit. ``tests/test_claims.py`` checks it
against every deal of the unseen cards, played every way.

>>> from game.rules.cards import parse_cards
>>> claim_plan(parse_cards("AS KS AH"), parse_cards("QS 2H 3H"), (), Suit.SPADES, 0)
(Card.parse('AS'), Card.parse('KS'), Card.parse('AH'))
>>> claim_plan(parse_cards("AS AH"), parse_cards("KS QS 2H"), (), Suit.SPADES, 0) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.actions import Play
from game.rules.cards import PACK, Card, Suit
from game.rules.phase import Phase
from game.rules.tricks import trick_winner
from game.rules.view import SeatView


def claim_order(view: SeatView) -> tuple[Card, ...] | None:
    """The seat's cards in the order that takes every remaining trick for certain, or
    None when its view does not prove it. The seat must be the one to play now."""
    seat = view.seat
    if seat is None or view.phase is not Phase.PLAYING or seat not in view.awaiting:
        return None
    if not view.hand or not any(isinstance(action, Play) for action in view.legal):
        return None
    legal = [action.card for action in view.legal if isinstance(action, Play)]
    played = [card for trick in view.tricks for card in trick.cards] + list(view.trick)
    unseen = [card for card in PACK if card not in view.hand and card not in played]
    after = view.players - 1 - len(view.trick)
    """How many seats play after this one in the trick on the table."""
    return claim_plan(view.hand, unseen, view.trick, view.trump, after, legal)


def claim_plan(
    hand: Sequence[Card],
    unseen: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    after: int,
    legal: Sequence[Card] | None = None,
) -> tuple[Card, ...] | None:
    """:func:`claim_order` on plain cards: ``trick`` the cards on the table (played
    before this seat), ``after`` how many seats play after it in that trick, ``legal``
    the cards it may play now (all of them when None)."""
    playable = list(hand) if legal is None else list(legal)
    if trick:
        for card in sorted(playable, key=lambda c: -c.index):
            if _wins_for_certain(card, trick, unseen, trump, after):
                rest = _leads(tuple(c for c in hand if c != card), unseen, trump)
                if rest is not None:
                    return (card, *rest)
        return None
    return _leads(tuple(hand), unseen, trump)


def _wins_for_certain(
    card: Card, trick: Sequence[Card], unseen: Sequence[Card], trump: Suit | None, after: int
) -> bool:
    """Whether ``card`` played to ``trick`` wins it whatever the ``after`` seats still
    to play hold of the unseen cards."""
    if trick_winner([*trick, card], trump) != len(trick):
        return False
    if after == 0:
        return True
    led = trick[0].suit
    if card.suit == trump:  # only a higher trump could beat it
        return not any(c.suit == trump and c.rank > card.rank for c in unseen)
    if card.suit != led:
        return False
    higher = any(c.suit == led and c.rank > card.rank for c in unseen)
    ruff = trump is not None and any(c.suit == trump for c in unseen)
    return not higher and not ruff


def _leads(
    hand: tuple[Card, ...], unseen: Sequence[Card], trump: Suit | None
) -> tuple[Card, ...] | None:
    """Leading every card of ``hand`` in turn takes every trick for certain: the
    order, or None."""
    trumps = sorted((c for c in hand if c.suit == trump), key=lambda c: -c.rank)
    their_trumps = [c for c in unseen if c.suit == trump]
    if trumps and any(c.rank > trumps[-1].rank for c in their_trumps):
        return None  # a trump of theirs would beat one of ours
    others = sorted((c for c in hand if c.suit != trump), key=lambda c: (c.suit, -c.rank))
    if others and len(their_trumps) > len(trumps):
        return None  # a trump of theirs may be left to ruff our other suits
    for card in others:
        if any(c.suit == card.suit and c.rank > card.rank for c in unseen):
            return None
    return (*trumps, *others)
