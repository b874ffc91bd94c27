"""The state of the hand in progress, as the match keeps it.

:class:`~game.rules.match.Match` owns one :class:`HandState`. The phases' modules
(:mod:`game.rules.dealing` makes one, :mod:`game.rules.bidding` and
:mod:`game.rules.playing` change it) see this record and the rules, never the
match. Its tuples are immutable values that views share: a change replaces them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.cards import Card, Suit
from game.rules.tricks import Trick


@dataclass(slots=True)
class HandState:
    """One hand: the cards, the bids and the tricks."""

    players: int
    number: int
    """The hand's number, counted from 1 (0 before the first dealer is chosen)."""
    dealer: int
    size: int
    """Cards dealt to each seat."""
    trump_card: Card | None
    trump: Suit | None
    dealt: tuple[int, ...]
    """Each seat's cards as dealt, as masks."""
    hands: list[int]
    """Each seat's cards now, as masks (changed in place: views copy the numbers)."""
    bids: tuple[int | None, ...]
    """Every bid made, secret ones included; None for a seat yet to bid."""
    taken: tuple[int, ...]
    to_act: int | None
    """The one seat to act (None between decisions and while bids are secret)."""
    legal: tuple[Action, ...]
    """``to_act``'s legal actions (empty when there is no such seat)."""
    leader: int
    """The seat that led the trick in progress (or the last trick)."""
    trick: tuple[Card, ...]
    """The trick in progress, in play order from ``leader``."""
    tricks: tuple[Trick, ...]
    """The tricks of this hand done."""

    @classmethod
    def before_the_deal(cls, players: int) -> HandState:
        """The state before the first dealer is chosen: no hand yet."""
        nothing = (0,) * players
        return cls(
            players=players,
            number=0,
            dealer=0,
            size=0,
            trump_card=None,
            trump=None,
            dealt=nothing,
            hands=list(nothing),
            bids=(None,) * players,
            taken=nothing,
            to_act=None,
            legal=(),
            leader=0,
            trick=(),
            tricks=(),
        )

    def next_seat(self, seat: int) -> int:
        """The seat to the left of ``seat``."""
        return (seat + 1) % self.players
