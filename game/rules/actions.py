"""Player actions: a bid or the play of a card, each naming the seat that acts.

Actions are immutable and hashable; ``Bid.of`` and ``Play.of`` return shared
instances so the engine's hot paths allocate nothing.

>>> Play.of(2, Card.parse("AS")) == Play(2, Card.parse("AS"))
True
>>> str(Bid.of(0, 3)), str(Play.of(1, Card.parse("TD")))
('seat 0 bids 3', 'seat 1 plays TD')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.cards import PACK, Card
from game.rules.ruleset import MAX_PLAYERS, PACK_SIZE

_MAX_BID = PACK_SIZE // 3


@dataclass(frozen=True, slots=True)
class Bid:
    """``seat`` says it will take exactly ``tricks`` tricks."""

    seat: int
    tricks: int

    @staticmethod
    def of(seat: int, tricks: int) -> Bid:
        if 0 <= seat < MAX_PLAYERS and 0 <= tricks <= _MAX_BID:
            return _BIDS[seat][tricks]
        return Bid(seat, tricks)

    def __str__(self) -> str:
        return f"seat {self.seat} bids {self.tricks}"

    def to_json(self) -> dict[str, int]:
        return {"seat": self.seat, "bid": self.tricks}


@dataclass(frozen=True, slots=True)
class Play:
    """``seat`` plays ``card`` to the trick."""

    seat: int
    card: Card

    @staticmethod
    def of(seat: int, card: Card) -> Play:
        if 0 <= seat < MAX_PLAYERS:
            return _PLAYS[seat][card.index]
        return Play(seat, card)

    def __str__(self) -> str:
        return f"seat {self.seat} plays {self.card}"

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "play": str(self.card)}


Action = Bid | Play

_BIDS = tuple(tuple(Bid(seat, n) for n in range(_MAX_BID + 1)) for seat in range(MAX_PLAYERS))
_PLAYS = tuple(tuple(Play(seat, card) for card in PACK) for seat in range(MAX_PLAYERS))


def plays_of(seat: int, mask: int) -> tuple[Play, ...]:
    """The plays of ``seat`` for the cards in ``mask``, in card-index order: the engine's
    list of legal plays (a plain tuple, so choosing from it costs no Python calls).

    >>> from game.rules.cards import parse_cards, mask_of
    >>> [str(play) for play in plays_of(1, mask_of(parse_cards("AS 3C")))]
    ['seat 1 plays 3C', 'seat 1 plays AS']
    """
    row = _PLAYS[seat]
    plays = []
    while mask:
        low = mask & -mask
        plays.append(row[low.bit_length() - 1])
        mask ^= low
    return tuple(plays)


_ROW_LIMIT = 2048
"""The most patterns one seat's row of a suit keeps (of 8,192; the first met, mostly
the short suits): random 4-player games fill a row after about 5,000 games, and the
16 full rows of a 4-player table take about 5 MB."""


class _SuitRows(dict[int, tuple[Play, ...]]):
    """One seat's plays of one suit, by the suit's 13-bit pattern of cards, each
    built by :func:`plays_of` when first asked for and kept (up to a bound)."""

    __slots__ = ("seat", "shift")

    def __init__(self, seat: int, suit: int) -> None:
        super().__init__()
        self.seat, self.shift = seat, 13 * suit

    def __missing__(self, pattern: int) -> tuple[Play, ...]:
        plays = plays_of(self.seat, pattern << self.shift)
        if len(self) < _ROW_LIMIT:
            self[pattern] = plays
        return plays


SUIT_PLAYS = tuple(tuple(_SuitRows(seat, suit) for suit in range(4)) for seat in range(MAX_PLAYERS))
"""``SUIT_PLAYS[seat][suit][pattern]``: :func:`plays_of` for the cards of one suit
given as a 13-bit pattern (bit 0 the two), remembered once asked for."""


def legal_plays(seat: int, mask: int) -> tuple[Play, ...]:
    """:func:`plays_of`, put together from each suit's plays, which are looked up
    rather than built (a plain tuple again, in card-index order).

    >>> from game.rules.cards import parse_cards, mask_of
    >>> cards = mask_of(parse_cards("3C 9C AS 2H TD"))
    >>> legal_plays(2, cards) == plays_of(2, cards)
    True
    """
    clubs, diamonds, hearts, spades = SUIT_PLAYS[seat]
    return (
        clubs[mask & 0x1FFF]
        + diamonds[mask >> 13 & 0x1FFF]
        + hearts[mask >> 26 & 0x1FFF]
        + spades[mask >> 39]
    )
