"""Small helpers on card masks (bit ``i`` set = card index ``i`` held).

Indexes run clubs, diamonds, hearts, spades, two to ace inside a suit, so a
higher index in the same suit is a higher card.

>>> from game.rules.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("AS 2H 9H KC"))
>>> str(card_of(highest_rank(hand))), str(card_of(lowest_rank(hand))), rank_of(top(hand))
('AS', '2H', 12)
>>> [str(card_of(index)) for index in indexes(above(hand & SUITS[2], 2 * 13 + 3))]
['9H']
>>> [bit.bit_length() - 1 for bit in bits(0b1010)]
[1, 3]
>>> representatives(hand, 0), representatives(hand, Card.parse("5H").mask)
([11, 26, 51], [11, 26, 33, 51])
"""

from __future__ import annotations

from collections.abc import Iterator

from game.rules.cards import SUIT_MASKS, Card

SUITS: tuple[int, ...] = SUIT_MASKS


def top(mask: int) -> int:
    """The highest card index in a non-empty mask."""
    return mask.bit_length() - 1


def low(mask: int) -> int:
    """The lowest card index in a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def rank_of(index: int) -> int:
    """0 for a two up to 12 for an ace."""
    return index % 13


def above(mask: int, index: int) -> int:
    """The cards of ``mask`` with a higher index than ``index``."""
    return mask & -(2 << index)


def below(mask: int, index: int) -> int:
    """The cards of ``mask`` with a lower index than ``index``."""
    return mask & ((1 << index) - 1)


def bits(mask: int) -> Iterator[int]:
    """Each single-card mask in ``mask``, lowest first."""
    while mask:
        bit = mask & -mask
        yield bit
        mask ^= bit


def indexes(mask: int) -> list[int]:
    """The card indexes in ``mask``, lowest first."""
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


def lowest_rank(mask: int) -> int:
    """The index of the lowest-ranked card (the lowest suit on ties); mask non-empty."""
    best, best_rank = -1, 99
    for suit in range(4):
        part = mask & SUITS[suit]
        if part:
            index = (part & -part).bit_length() - 1
            rank = index - 13 * suit
            if rank < best_rank:
                best, best_rank = index, rank
    return best


def highest_rank(mask: int) -> int:
    """The index of the highest-ranked card (the highest suit on ties); mask non-empty."""
    best, best_rank = -1, -1
    for suit in range(4):
        part = mask & SUITS[suit]
        if part:
            index = part.bit_length() - 1
            rank = index - 13 * suit
            if rank >= best_rank:
                best, best_rank = index, rank
    return best


def card_of(index: int) -> Card:
    return Card.from_index(index)


def mask_of_cards(cards: tuple[Card, ...] | list[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def representatives(candidates: int, hidden: int) -> list[int]:
    """One card index per class of equivalent candidates.

    Two cards of one suit are equivalent when no card between them is still
    ``hidden`` (in someone else's hand): whichever is played, the other does
    the same work. The lowest card of each class represents it.
    """
    reps = []
    for suit in range(4):
        part = candidates & SUITS[suit]
        if not part:
            continue
        others = hidden & SUITS[suit]
        previous = -1
        while part:
            bit = part & -part
            index = bit.bit_length() - 1
            if previous < 0 or others & ((1 << index) - 1) & -(2 << previous):
                reps.append(index)
            previous = index
            part ^= bit
    return reps
