"""Events: what happened, in order, for a view to animate and a log to show.

Every event holds only public information, so any seat may see all of them:
a deal says how many cards each seat received, never which.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules.cards import Card, Suit
from game.rules.reasons import NoTrumpReason
from game.rules.ruleset import FirstDealer, Settlement


@dataclass(frozen=True, slots=True)
class DealerChosen:
    """The first dealer. ``draws`` holds the face-up cards that decided it, one
    tuple of ``(seat, card)`` per round (several rounds when ties drew again)."""

    seat: int
    method: FirstDealer
    draws: tuple[tuple[tuple[int, Card], ...], ...] = ()


@dataclass(frozen=True, slots=True)
class DealerPasses:
    """The deal passes to the left for the next hand."""

    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class HandDealt:
    """``size`` cards were dealt to each seat, one at a time from the dealer's left."""

    number: int
    dealer: int
    size: int
    stripped: int


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """``card`` was turned; its suit is trumps. ``dealers`` is True when it is the
    dealer's own last card, which stays in the dealer's hand."""

    card: Card
    suit: Suit
    dealers: bool


@dataclass(frozen=True, slots=True)
class NoTrump:
    """This hand is played without trumps; ``reason`` says why."""

    reason: NoTrumpReason


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    tricks: int


@dataclass(frozen=True, slots=True)
class BidSubmitted:
    """A secret bid was made (simultaneous bidding); its value shows at the reveal."""

    seat: int


@dataclass(frozen=True, slots=True)
class BidsRevealed:
    bids: tuple[int, ...]


class Verdict(Enum):
    """How the bids of a hand compare with its tricks."""

    OVER = "over"
    UNDER = "under"
    EVEN = "even"

    @classmethod
    def of(cls, total: int, tricks: int) -> Verdict:
        """The verdict on bids totalling ``total`` for ``tricks`` tricks."""
        if total > tricks:
            return cls.OVER
        return cls.UNDER if total < tricks else cls.EVEN


@dataclass(frozen=True, slots=True)
class TotalAnnounced:
    """The bids total ``total`` against ``tricks``: the hand is over- or underbid, or even."""

    total: int
    tricks: int
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    cards: tuple[Card, ...]
    leader: int
    number: int


@dataclass(frozen=True, slots=True)
class HandScored:
    number: int
    bids: tuple[int, ...]
    taken: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The final ``totals`` include any winner's bonus; ``settlement`` is what each
    seat wins (positive) or pays (negative) in stake units, when stakes are played."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    settlement: tuple[float, ...] | None
    method: Settlement


Event = (
    DealerChosen
    | DealerPasses
    | HandDealt
    | TrumpTurned
    | NoTrump
    | BidMade
    | BidSubmitted
    | BidsRevealed
    | TotalAnnounced
    | CardPlayed
    | TrickWon
    | HandScored
    | GameOver
)
