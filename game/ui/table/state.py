"""What the table shows: the public state as far as the animations have got.

The engine is always ahead of the screen: when a computer plays, the match
already holds the card in the trick while the card is still in the air.
:class:`Shown` is the table's picture of the public state, moved on by the
animation cues one event at a time; whenever the animation queue is idle it
is brought back in line with the engine's view (:meth:`Shown.sync`).

>>> from game.rules.cards import parse_cards, Suit
>>> [str(c) for c in sort_hand(parse_cards("2C AH 3D KS 5H"), Suit.DIAMONDS)]
['3D', 'KS', 'AH', '5H', '2C']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.rules.cards import Card, Suit
from game.rules.events import Verdict
from game.rules.phase import Phase
from game.rules.reasons import NoTrumpReason
from game.rules.tricks import Trick
from game.rules.view import SeatView

_PREFERRED = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def suit_order(present: Iterable[Suit], trump: Suit | None) -> tuple[Suit, ...]:
    """The suits of a hand in display order: trumps first, then alternating
    colours as far as the suits held allow (ties broken by a fixed order)."""
    suits = sorted(set(present), key=_PREFERRED.index)
    best: tuple[Suit, ...] = tuple(suits)
    best_score = -1
    for order in itertools.permutations(suits):
        if trump in suits and order[0] != trump:
            continue
        alternations = sum(a.is_red != b.is_red for a, b in itertools.pairwise(order))
        if alternations > best_score:
            best, best_score = order, alternations
    return best


def sort_hand(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The hand as it is held: by suit (trumps first, colours alternating), high to low."""
    cards = list(cards)
    order = suit_order((card.suit for card in cards), trump)
    rank = {suit: index for index, suit in enumerate(order)}
    return sorted(cards, key=lambda card: (rank[card.suit], -card.rank))


def tilt(card: Card, seat: int) -> float:
    """The small angle (degrees) at which ``card`` lies on the cloth when ``seat`` plays it:
    fixed for the card and seat, so a trick looks tossed together by hand."""
    return ((card.index * 7 + seat * 13) % 11 - 5) * 0.9


def deal_order(cards: Sequence[Card], number: int) -> list[Card]:
    """A fixed shuffled order in which a hand's cards arrive during the deal animation."""
    return sorted(cards, key=lambda card: (card.index * 37 + number * 11) % 53)


@dataclass
class Shown:
    """The public state as the table shows it now."""

    players: int
    hand_number: int = 0
    hand_size: int = 0
    dealer: int | None = None
    trump_card: Card | None = None
    trump: Suit | None = None
    trump_shown: bool = False
    """False until the trump card is turned (or no trump is announced) for this hand."""
    no_trump: NoTrumpReason | None = None
    """Why this hand has no trumps, once announced."""
    bids: list[int | None] = field(default_factory=list)
    submitted: list[bool] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    trick: list[tuple[int, Card]] = field(default_factory=list)
    last_trick: Trick | None = None
    winning: Card | None = None
    """The card that wins the trick on the cloth, glowing until the trick is gathered."""
    scores: list[int] = field(default_factory=list)
    made: tuple[bool, ...] | None = None
    """Who made their bid, once the hand is scored (from the hand's result)."""
    verdict: Verdict | None = None
    """Over, under or even, once every bid is shown (from the engine's view or events)."""
    revealed: bool = True
    over: bool = False

    def __post_init__(self) -> None:
        n = self.players
        self.bids = self.bids or [None] * n
        self.submitted = self.submitted or [False] * n
        self.taken = self.taken or [0] * n
        self.counts = self.counts or [0] * n
        self.scores = self.scores or [0] * n

    @classmethod
    def from_view(cls, view: SeatView) -> Shown:
        shown = cls(view.players)
        shown.sync(view)
        return shown

    def sync(self, view: SeatView) -> None:
        """Take the engine's state (the animation queue has caught up)."""
        self.scores = list(view.scores)
        self.over = view.phase is Phase.GAME_OVER
        if view.phase is Phase.CHOOSING_DEALER:
            return
        self.dealer = view.dealer
        if view.phase is Phase.DEALING:
            # Between hands: the last hand's table stays until the next deal.
            return
        self.hand_number = view.hand_number
        self.hand_size = view.hand_size
        self.trump_card, self.trump = view.trump_card, view.trump
        self.trump_shown = True
        self.bids = list(view.bids)
        self.submitted = list(view.has_bid)
        self.revealed = view.bids_revealed
        self.verdict = view.verdict
        self.taken = list(view.taken)
        self.counts = list(view.hand_counts)
        start = view.leader
        self.trick = [((start + i) % self.players, card) for i, card in enumerate(view.trick)]
        if view.tricks:
            self.last_trick = view.tricks[-1]
        if view.phase in (Phase.HAND_SCORED, Phase.GAME_OVER) and view.results:
            self.made = view.results[-1].made
        elif view.phase in (Phase.BIDDING, Phase.PLAYING):
            self.made = None

    # ---------------------------------------------------- event by event
    def new_hand(self, number: int, dealer: int, size: int) -> None:
        n = self.players
        self.hand_number, self.dealer, self.hand_size = number, dealer, size
        self.bids, self.submitted = [None] * n, [False] * n
        self.taken, self.counts = [0] * n, [0] * n
        self.trick, self.last_trick = [], None
        self.made, self.verdict, self.winning = None, None, None
        self.trump_card, self.trump, self.trump_shown, self.no_trump = None, None, False, None

    @property
    def bids_total(self) -> int:
        return sum(bid for bid in self.bids if bid is not None)

    @property
    def all_bid(self) -> bool:
        return all(bid is not None for bid in self.bids)
