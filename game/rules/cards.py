"""Cards, suits and ranks: small immutable value types.

A card is written with two characters, rank then suit: ``AS`` is the ace of
spades, ``TD`` the ten of diamonds, ``2C`` the two of clubs.

>>> Card.parse("QH")
Card.parse('QH')
>>> Card.parse("QH").rank, Card.parse("QH").suit
(<Rank.QUEEN: 12>, <Suit.HEARTS: 2>)
>>> str(Card(Rank.ACE, Suit.SPADES))
'AS'
>>> Card.parse("AS") is Card(Rank.ACE, Suit.SPADES)
True

Every card also has an ``index`` from 0 to 51 (clubs, diamonds, hearts,
spades; two to ace inside a suit) and a ``mask`` (``1 << index``), so a set of
cards can be held in one integer. The engine's hot paths work on such masks.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import Any

RANK_SYMBOLS = "23456789TJQKA"
SUIT_SYMBOLS = "CDHS"


class Suit(IntEnum):
    """The four suits, in the order used for card indexes and masks."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The letter used in card notation: ``C``, ``D``, ``H`` or ``S``."""
        return SUIT_SYMBOLS[self]

    @property
    def glyph(self) -> str:
        """The printed suit sign."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        """The mask of all thirteen cards of this suit."""
        return SUIT_MASKS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit letter, ``C``, ``D``, ``H`` or ``S``.

        >>> Suit.parse("h")
        <Suit.HEARTS: 2>
        """
        position = SUIT_SYMBOLS.find(text.upper()) if len(text) == 1 else -1
        if position < 0:
            raise ValueError(f"{text!r} is not a suit; expected one of C, D, H, S")
        return cls(position)


class Rank(IntEnum):
    """Card ranks, two low and ace high."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The character used in card notation: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_SYMBOLS[self - 2]

    @property
    def label(self) -> str:
        """The index printed on a card face: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.symbol


SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * suit) for suit in range(4))
FULL_PACK_MASK = (1 << 52) - 1


class Card:
    """One playing card. There are exactly 52 instances; equal cards are identical."""

    __slots__ = ("index", "mask", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    mask: int

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        if not (2 <= rank <= 14 and 0 <= suit <= 3):
            raise ValueError(f"no card has rank {rank!r} and suit {suit!r}")
        return _CARDS[suit * 13 + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "rank", Rank(index % 13 + 2))
        object.__setattr__(card, "suit", Suit(index // 13))
        return card

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card in two-character notation, such as ``AS`` or ``td``."""
        if not isinstance(text, str) or len(text) != 2:
            raise ValueError(f"{text!r} is not a card; write rank then suit, like 'AS' or 'TD'")
        rank = RANK_SYMBOLS.find(text[0].upper())
        suit = SUIT_SYMBOLS.find(text[1].upper())
        if rank < 0 or suit < 0:
            raise ValueError(f"{text!r} is not a card; write rank then suit, like 'AS' or 'TD'")
        return _CARDS[suit * 13 + rank]

    @staticmethod
    def from_index(index: int) -> Card:
        """The card with this index (0 is the two of clubs, 51 the ace of spades)."""
        return _CARDS[index]

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("cards are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards are immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Card.from_index, (self.index,))

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return RANK_SYMBOLS[self.rank - 2] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def name(self) -> str:
        """The card's name in words, such as ``'queen of hearts'``."""
        return f"{self.rank.name.lower()} of {self.suit.name.lower()}"


_CARDS: tuple[Card, ...] = tuple(Card._make(index) for index in range(52))
PACK: tuple[Card, ...] = _CARDS
"""All 52 cards in index order: the two of clubs first, the ace of spades last."""


def _byte_rows(cards: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """For every pattern of up to eight ``cards`` (bit 0 the first), the cards it holds."""
    return tuple(
        tuple(card for bit, card in enumerate(cards) if pattern >> bit & 1)
        for pattern in range(1 << len(cards))
    )


_BYTE_CARDS = tuple(_byte_rows(_CARDS[start : start + 8]) for start in range(0, 52, 8))
"""``_BYTE_CARDS[part][byte]``: the cards of one byte of a mask (cards ``8 * part`` to
``8 * part + 7``), so :func:`cards_in` looks seven pieces up instead of looping card by
card (about three times faster for a hand of ten, and a view copies a hand each turn)."""


def cards_in(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order.

    >>> [str(card) for card in cards_in(Card.parse("AS").mask | Card.parse("2C").mask)]
    ['2C', 'AS']
    """
    first, second, third, fourth, fifth, sixth, seventh = _BYTE_CARDS
    return (
        first[mask & 0xFF]
        + second[mask >> 8 & 0xFF]
        + third[mask >> 16 & 0xFF]
        + fourth[mask >> 24 & 0xFF]
        + fifth[mask >> 32 & 0xFF]
        + sixth[mask >> 40 & 0xFF]
        + seventh[mask >> 48]
    )


def mask_of(cards: Iterable[Card]) -> int:
    """The mask holding these cards."""
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Read cards from ``"AS KD 2C"`` or from a list of notations.

    >>> parse_cards("AS kd 2c")
    [Card.parse('AS'), Card.parse('KD'), Card.parse('2C')]
    """
    items = text.split() if isinstance(text, str) else text
    return [Card.parse(item) for item in items]
