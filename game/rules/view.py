"""What one seat can see: the public state plus that seat's own cards.

Computer players and the table draw from a :class:`SeatView`, never from the
match itself, so no hidden card can leak. A view with ``seat=None`` is a
spectator's: every hand hidden.

A view is a value with no way back to the match: :meth:`Match.view` copies into it
what the seat may see (the public state, its own cards as a mask, the seat's legal
actions) and nothing else. A few fields that most readers never look at are worked
out from those copies when first read (:data:`_DERIVED`), so a view costs the
match a handful of references.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from game.rules.actions import Action
from game.rules.cards import FULL_PACK_MASK, Card, Suit, cards_in
from game.rules.events import TrickWon, Verdict
from game.rules.phase import Phase
from game.rules.results import HandResult, ScoredHand
from game.rules.ruleset import RuleSet, TrumpMethod
from game.rules.tricks import Trick
from game.rules.verify import barred_bid

_NEW = object.__new__
_BIDDING, _PLAYING = Phase.BIDDING, Phase.PLAYING


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
    def _of(cls, state: dict[str, Any]) -> SeatView:
        """A view from the match's immutable values (:meth:`Match.view`): ``seat``,
        ``legal``, the private ``_mask`` (the seat's own cards) and ``_now``, the
        state every view of it shares (:data:`NOW`); the other fields are worked
        out from those when first read (:data:`_DERIVED`)."""
        view = _NEW(cls)
        object.__setattr__(view, "__dict__", state)
        return view

    def __getstate__(self) -> dict[str, Any]:
        """Every field, worked out, and nothing else (copies and pickles are whole)."""
        return {name: getattr(self, name) for name in FIELD_NAMES}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    if not TYPE_CHECKING:  # so that type checkers still refuse unknown attributes

        def __getattr__(self, name: str) -> object:
            # Only reached for a derived field not read yet.
            derive = _DERIVED.get(name)
            if derive is None or "_now" not in self.__dict__:
                raise AttributeError(f"'SeatView' object has no attribute {name!r}")
            value = self.__dict__[name] = derive(self)
            return value

    @property
    def players(self) -> int:
        return self.rules.players

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


NOW = ("phase", "leader", "_to_act", "trick", "_frozen", "_between")
"""What ``_now`` holds, in order: ``_frozen`` is (tricks taken, this hand's tricks
won as events, bids), ``_between`` what changes only between hands."""
FROZEN = ("taken", "_won", "bids")
BETWEEN_HANDS = (
    "rules",
    "hand_number",
    "hand_size",
    "dealer",
    "trump_card",
    "trump",
    "scores",
    "winners",
    "settlement",
)
"""The fields held in ``_between``, in its order; then the results built and the
hands scored whose results are not built yet (:class:`ScoredHand`)."""


def _now(name: str) -> Callable[[SeatView], object]:
    index = NOW.index(name)
    return lambda view: view.__dict__["_now"][index]


def _frozen(name: str) -> Callable[[SeatView], object]:
    index = FROZEN.index(name)
    return lambda view: view.__dict__["_now"][4][index]


def _between(index: int) -> Callable[[SeatView], object]:
    return lambda view: view.__dict__["_now"][5][index]


def _hand(view: SeatView) -> tuple[Card, ...]:
    return tuple(cards_in(view.__dict__["_mask"]))


def _hand_counts(view: SeatView) -> tuple[int, ...]:
    """Public: the hand's size, less a card for each trick done and for a card in the
    trick under way; nothing is held between hands."""
    players = view.rules.players
    if view.phase is not _BIDDING and view.phase is not _PLAYING:
        return (0,) * players
    held = view.hand_size - len(_won(view))
    played = {(view.leader + offset) % players for offset in range(len(view.trick))}
    return tuple(held - (seat in played) for seat in range(players))


def _has_bid(view: SeatView) -> tuple[bool, ...]:
    return tuple(bid is not None for bid in view.bids)  # copied instead while bids are secret


def _won(view: SeatView) -> tuple[TrickWon, ...]:
    won: tuple[TrickWon, ...] = view.__dict__["_now"][4][1]
    return won


def _tricks(view: SeatView) -> tuple[Trick, ...]:
    return tuple(Trick(won.leader, won.cards, won.seat) for won in _won(view))


def _results(view: SeatView) -> tuple[HandResult, ...]:
    between = view.__dict__["_now"][5]
    built: tuple[HandResult, ...] = between[len(BETWEEN_HANDS)]
    scored: tuple[ScoredHand, ...] = between[len(BETWEEN_HANDS) + 1]
    return built + tuple(hand.result() for hand in scored) if scored else built


def _awaiting(view: SeatView) -> tuple[int, ...]:
    to_act: int | None = view.__dict__["_now"][2]
    if to_act is not None:
        return (to_act,)
    if view.phase is _BIDDING:
        return tuple(seat for seat, bid in enumerate(view.has_bid) if not bid)
    return ()


def _forbidden_bid(view: SeatView) -> int | None:
    """The hook (only with bids made in turn, so every bid is public)."""
    seat = view.seat
    return None if seat is None else barred_bid(view, seat)


def _bids_revealed(view: SeatView) -> bool:
    return not (view.rules.simultaneous_bidding and view.phase is _BIDDING)


_DERIVED: dict[str, Callable[[SeatView], object]] = {
    "phase": _now("phase"),
    "leader": _now("leader"),
    "trick": _now("trick"),
    "taken": _frozen("taken"),
    "bids": _frozen("bids"),
    **{name: _between(index) for index, name in enumerate(BETWEEN_HANDS)},
    "hand": _hand,
    "hand_counts": _hand_counts,
    "has_bid": _has_bid,
    "tricks": _tricks,
    "results": _results,
    "awaiting": _awaiting,
    "forbidden_bid": _forbidden_bid,
    "bids_revealed": _bids_revealed,
}
"""The fields worked out from a view's own copies when first read."""


def public_of(view: SeatView) -> SeatView:
    """What a spectator sees, from any seat's view: no hand, no legal action, and no
    secret bid (while bids are secret, each seat's view shows only its own)."""
    bids = view.bids if view.bids_revealed else (None,) * view.players
    return replace(view, seat=None, hand=(), legal=(), forbidden_bid=None, bids=bids)
