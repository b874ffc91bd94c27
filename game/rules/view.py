"""What one seat can see: the public state plus that seat's own cards.

Computer players and the table draw from a :class:`SeatView`, never from the
match itself, so no hidden card can leak. A view with ``seat=None`` is a
spectator's: every hand hidden.

A view can be built whole, with every field given, or lazily by the match
(``Match.view``): then each field is computed on first reading, and the match
fills in the rest before it changes, so either kind is the same snapshot.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.actions import Action
from game.rules.cards import FULL_PACK_MASK, Card, Suit, cards_in
from game.rules.events import Verdict
from game.rules.phase import Phase
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet, TrumpMethod
from game.rules.tricks import Trick

_NEW = object.__new__


class ViewSource(Protocol):
    """What a lazy view reads its fields from (the match)."""

    def _view_field(self, name: str, seat: int | None) -> object: ...


@dataclass(frozen=True)
class SeatView:
    """A snapshot of the match as ``seat`` sees it."""

    seat: int | None
    rules: RuleSet
    phase: Phase
    hand_number: int
    hand_size: int
    dealer: int
    hand: tuple[Card, ...]
    """This seat's cards now, in index order (empty for a spectator)."""
    hand_counts: tuple[int, ...]
    """How many cards each seat holds now."""
    trump_card: Card | None
    trump: Suit | None
    bids: tuple[int | None, ...]
    """Public bids; None for a seat that has not bid or whose secret bid is not yet revealed."""
    has_bid: tuple[bool, ...]
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
    bids_revealed: bool
    """False while secret bids are being made (each seat sees only its own)."""
    settlement: tuple[float, ...] | None
    """What each seat pays or receives once the game is over, when stakes are played."""

    @classmethod
    def _lazy(cls, source: ViewSource, seat: int | None, legal: tuple[Action, ...]) -> SeatView:
        """A view of ``seat``, with its ``legal`` actions, whose other fields ``source``
        computes when first read.

        ``source`` must call :meth:`_freeze` on the view before its state changes."""
        view = _NEW(cls)
        state = view.__dict__
        state["seat"] = seat
        state["legal"] = legal
        state["_source"] = source
        return view

    def _freeze(self) -> None:
        """Compute every field not read yet and let go of the source."""
        state = self.__dict__
        source = state.pop("_source", None)
        if source is not None:
            seat = state["seat"]
            for name in FIELD_NAMES:
                if name not in state:
                    state[name] = source._view_field(name, seat)

    def __getstate__(self) -> dict[str, Any]:
        self._freeze()
        return dict(self.__dict__)

    if not TYPE_CHECKING:  # so that type checkers still refuse unknown attributes

        def __getattr__(self, name: str) -> object:
            # Only reached for a field a lazy view has not read yet.
            state = self.__dict__
            source = state.get("_source")
            if source is None or name not in _FIELD_SET:
                raise AttributeError(f"'SeatView' object has no attribute {name!r}")
            value = state[name] = source._view_field(name, state["seat"])
            if len(state) > len(FIELD_NAMES) and all(field in state for field in FIELD_NAMES):
                del state["_source"]  # every field read: the source is not needed
            return value

    @property
    def players(self) -> int:
        return self.rules.players

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
        mask = 0
        for card in self.hand:
            mask |= card.mask
        return mask

    @property
    def played_mask(self) -> int:
        """Every card played this hand, including the trick in progress."""
        mask = 0
        for trick in self.tricks:
            for card in trick.cards:
                mask |= card.mask
        for card in self.trick:
            mask |= card.mask
        return mask

    @property
    def led_suit(self) -> Suit | None:
        return self.trick[0].suit if self.trick else None

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
        return tuple(cards_in(self.unseen_mask))


FIELD_NAMES: tuple[str, ...] = tuple(field.name for field in fields(SeatView))
"""The fields of a view, in order."""
_FIELD_SET = frozenset(FIELD_NAMES)
