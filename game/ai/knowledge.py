"""What one seat knows about the hand in progress, read from its SeatView.

Everything is on card masks and plain integers so the searches can use it
directly: the unseen cards, each seat's shown voids (a failure to follow suit,
and with La Podrida a failure to trump as well), the dealer's turned card when
the dealer's own last card fixed trumps, the bids, tricks and trick so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.ai.masks import SUITS
from game.rules.cards import Card
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView


@dataclass(frozen=True)
class Knowledge:
    """One seat's picture of the hand in progress."""

    seat: int
    players: int
    rules: RuleSet
    size: int
    """Cards dealt to each seat this hand (= tricks in the hand)."""
    dealer: int
    trump: int | None
    hand: int
    unseen: int
    """Cards this seat has not seen, minus the cards known to sit in a given hand."""
    played: int
    counts: tuple[int, ...]
    """Cards each seat holds now."""
    voids: tuple[int, ...]
    """Per seat, a 4-bit mask of the suits it is known not to hold."""
    known: tuple[int, ...]
    """Per seat, cards known to be in its hand (its own hand; the dealer's turned card)."""
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    """Card indexes of the trick in progress, in play order from ``leader``."""
    history: tuple[tuple[int, int, tuple[int, ...]], ...]
    """Every play of this hand so far: (seat, card index, the trick's cards before it)."""
    turned: int | None = None
    """The turned trump card's index, if a card was turned."""

    @property
    def must_trump(self) -> bool:
        return self.rules.must_trump

    @property
    def to_play(self) -> int:
        """The seat whose turn it is in the trick in progress."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def tricks_left(self) -> int:
        """Tricks not yet complete (the one in progress included): the cards of the
        seat to play, who has not played to the trick yet."""
        return self.counts[self.to_play]

    def need(self, seat: int) -> int | None:
        """Tricks ``seat`` still needs for its bid (negative once over), if its bid is known."""
        bid = self.bids[seat]
        return None if bid is None else bid - self.taken[seat]

    def hidden_from(self, seat: int) -> int:
        """Cards that may lie in other hands or out of play, as ``seat`` could know them."""
        return self.unseen | (self.known[self.dealer] if seat != self.dealer else 0)

    def may_hold(self, seat: int) -> int:
        """The unseen cards ``seat`` could hold, given its shown voids."""
        allowed = 0
        for suit in range(4):
            if not self.voids[seat] >> suit & 1:
                allowed |= SUITS[suit]
        return (self.unseen & allowed) | self.known[seat]


def knowledge_of(view: SeatView) -> Knowledge:
    """Build the knowledge of ``view``'s seat (which must be a player, not a spectator)."""
    seat = view.seat
    if seat is None:
        raise ValueError("a spectator's view has no seat to play for")
    players = view.players
    trump = int(view.trump) if view.trump is not None else None
    hand = view.hand_mask
    known = [0] * players
    known[seat] = hand
    holder = view.trump_card_held_by
    if holder is not None and holder != seat and view.trump_card is not None:
        known[holder] |= view.trump_card.mask
    unseen = view.unseen_mask
    for seat_index, cards in enumerate(known):
        if seat_index != seat:
            unseen &= ~cards
    history, voids = _history_and_voids(view, trump)
    return Knowledge(
        seat=seat,
        players=players,
        rules=view.rules,
        size=view.hand_size,
        dealer=view.dealer,
        trump=trump,
        hand=hand,
        unseen=unseen,
        played=view.played_mask,
        counts=view.hand_counts,
        voids=tuple(voids),
        known=tuple(known),
        bids=view.bids,
        taken=view.taken,
        leader=view.leader,
        trick=tuple(card.index for card in view.trick),
        history=tuple(history),
        turned=view.trump_card.index if view.trump_card is not None else None,
    )


def _history_and_voids(
    view: SeatView, trump: int | None
) -> tuple[list[tuple[int, int, tuple[int, ...]]], list[int]]:
    players = view.players
    must_trump = view.rules.must_trump
    voids = [0] * players
    history: list[tuple[int, int, tuple[int, ...]]] = []
    tricks: list[tuple[int, tuple[Card, ...]]] = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0].suit
        before: list[int] = []
        for position, card in enumerate(cards):
            player = (leader + position) % players
            history.append((player, card.index, tuple(before)))
            before.append(card.index)
            if card.suit != led:
                voids[player] |= 1 << led
                if must_trump and trump is not None and card.suit != trump:
                    voids[player] |= 1 << trump
    return history, voids


def played_by(knowledge: Knowledge, seat: int) -> int:
    """The cards ``seat`` has played this hand."""
    mask = 0
    for player, card, _ in knowledge.history:
        if player == seat:
            mask |= 1 << card
    return mask


def hook_barred(knowledge: Knowledge, seat: int, bids: Sequence[int | None]) -> int | None:
    """The bid the hook bars ``seat`` from given the other seats' ``bids``: the engine's
    rule (:func:`game.rules.verify.barred_bid`), also once ``seat`` has bid."""
    if not knowledge.rules.hook or seat != knowledge.dealer:
        return None
    others = sum(bid for other, bid in enumerate(bids) if other != seat and bid is not None)
    barred = knowledge.size - others
    return barred if barred >= 0 else None
