"""The record of one finished hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.rules.cards import Card, Suit, cards_in
from game.rules.events import TrickWon
from game.rules.tricks import Trick


@dataclass(frozen=True)
class HandResult:
    """Everything about one finished hand, as the score sheet and records need it."""

    number: int
    dealer: int
    size: int
    dealt: tuple[tuple[Card, ...], ...]
    trump_card: Card | None
    trump: Suit | None
    bids: tuple[int, ...]
    tricks: tuple[Trick, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    @property
    def made(self) -> tuple[bool, ...]:
        return tuple(bid == took for bid, took in zip(self.bids, self.taken, strict=True))


class ScoredHand(NamedTuple):
    """A scored hand as the match keeps it until its :class:`HandResult` is asked for
    (building results costs more than most games read them)."""

    number: int
    dealer: int
    size: int
    dealt: tuple[int, ...]
    """Each seat's dealt cards as a mask."""
    trump_card: Card | None
    bids: tuple[int, ...]
    won: tuple[TrickWon, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def result(self) -> HandResult:
        card = self.trump_card
        return HandResult(
            number=self.number,
            dealer=self.dealer,
            size=self.size,
            dealt=tuple(tuple(cards_in(mask)) for mask in self.dealt),
            trump_card=card,
            trump=card.suit if card is not None else None,
            bids=self.bids,
            tricks=tuple(Trick(won.leader, won.cards, won.seat) for won in self.won),
            taken=self.taken,
            points=self.points,
            totals=self.totals,
        )
