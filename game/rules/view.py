"""What one seat can see: the public state plus that seat's own cards.

Computer players and the table draw from a :class:`SeatView`, never from the
match itself, so no hidden card can leak. A view with ``seat=None`` is a
spectator's: every hand hidden.

A view is a value with no way back to the match: :meth:`Match.view` copies into it
what the seat may see (the public state, its own cards, the seat's legal actions)
and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TypeVar, dataclass_transform

from game.rules.actions import Action
from game.rules.cards import FULL_PACK_MASK, Card, Suit, cards_in, mask_of
from game.rules.events import Verdict
from game.rules.phase import Phase
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet, TrumpMethod
from game.rules.tricks import Trick

_T = TypeVar("_T")


@dataclass_transform(frozen_default=True)
def read_only(cls: type[_T]) -> type[_T]:
    """A dataclass that is frozen for the type checker (assigning to a field is a type
    error) and a plain slotted one at run time, compared and hashed by value.

    A frozen dataclass sets each field through ``object.__setattr__``: for the 21 fields
    of a view, built once a turn, that made ``ohhell simulate`` about a third slower
    (``ohhell bench engine``, the simulate row)."""
    return dataclass(slots=True, unsafe_hash=True)(cls)


@read_only
class SeatView:
    """A snapshot of the match as ``seat`` sees it (read-only: see :func:`read_only`)."""

    seat: int | None
    rules: RuleSet
    phase: Phase
    hand_number: int
    hand_size: int
    dealer: int
    hand: tuple[Card, ...]
    """This seat's cards now, in index order (empty for a spectator)."""
    trump_card: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    """Public bids; None for a seat that has not bid or whose secret bid is not yet revealed."""
    taken: tuple[int, ...]
    leader: int
    trick: tuple[Card, ...]
    tricks: tuple[Trick, ...]
    scores: tuple[int, ...]
    results: tuple[HandResult, ...]
    awaiting: tuple[int, ...]
    legal: tuple[Action, ...]
    """This seat's legal actions now (empty for a spectator or when it is not to act)."""
    forbidden_bid: int | None
    """The bid the hook forbids this seat now, if any."""
    winners: tuple[int, ...]
    settlement: tuple[float, ...] | None
    """What each seat pays or receives once the game is over, when stakes are played."""

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def bids_revealed(self) -> bool:
        """False while secret bids are being made (each seat sees only its own)."""
        return not (self.rules.simultaneous_bidding and self.phase is Phase.BIDDING)

    @property
    def has_bid(self) -> tuple[bool, ...]:
        """Which seats have bid this hand (public, even while bids are secret: a seat
        that is no longer awaited has bid)."""
        if self.bids_revealed:
            return tuple(bid is not None for bid in self.bids)
        return tuple(seat not in self.awaiting for seat in range(self.players))

    @property
    def hand_counts(self) -> tuple[int, ...]:
        """How many cards each seat holds now: the hand's size, less a card for each
        trick done and for the trick in progress once the seat has played to it."""
        held, played, players = self.hand_size - len(self.tricks), len(self.trick), self.players
        return tuple(held - ((seat - self.leader) % players < played) for seat in range(players))

    def cards_of(self, seat: int) -> int:
        """This seat's cards as a mask; another seat's are hidden (ValueError)."""
        if seat != self.seat:
            raise ValueError(f"seat {seat}'s cards are hidden from this view")
        return self.hand_mask

    @property
    def verdict(self) -> Verdict | None:
        """Over, under or even, once every bid of the hand is known."""
        if not self.bids_revealed or any(bid is None for bid in self.bids):
            return None
        return Verdict.of(sum(bid for bid in self.bids if bid is not None), self.hand_size)

    @property
    def eldest(self) -> int:
        return (self.dealer + 1) % self.rules.players

    @property
    def hand_mask(self) -> int:
        return mask_of(self.hand)

    @property
    def played_mask(self) -> int:
        """Every card played this hand, including the trick in progress."""
        return mask_of(card for trick in self.tricks for card in trick.cards) | mask_of(self.trick)

    @property
    def trump_card_held_by(self) -> int | None:
        """The seat known to hold the turned trump card (the dealer, when the dealer's
        own last card was turned and not yet played)."""
        card = self.trump_card
        if card is None or self.rules.trump is not TrumpMethod.DEALERS_LAST_CARD:
            return None
        return None if card.mask & self.played_mask else self.dealer

    @property
    def unseen_mask(self) -> int:
        """Cards this seat has not seen: in other hands, in the stock or stripped.

        The dealer's turned card counts as seen, wherever it is."""
        seen = self.hand_mask | self.played_mask
        if self.trump_card is not None:
            seen |= self.trump_card.mask
        return FULL_PACK_MASK & ~seen

    @property
    def unseen(self) -> tuple[Card, ...]:
        return cards_in(self.unseen_mask)


def public_of(view: SeatView) -> SeatView:
    """What a spectator sees, from any seat's view: no hand, no legal action, and no
    secret bid (while bids are secret, each seat's view shows only its own)."""
    bids = view.bids if view.bids_revealed else (None,) * view.players
    return replace(view, seat=None, hand=(), legal=(), forbidden_bid=None, bids=bids)
