"""The record of one finished hand."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card, Suit
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
