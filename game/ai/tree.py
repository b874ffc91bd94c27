"""The tree both information-set searches grow (the yardstick's, :mod:`game.ai.ismcts`,
and the expert's, :mod:`game.ai.infoset`): action numbers, a node of the observer's
tree, and one determinization played forward.

A node is the sequence of actions seen in the open from the decision on; an action
is a card's index (0-51) or ``BID + n`` for a bid of ``n``.
"""

from __future__ import annotations

import random

from game.ai.knowledge import Knowledge, hook_barred
from game.rules.playout import random_playout
from game.rules.scoring import hand_points
from game.rules.tricks import legal_mask, winning_position

BID = 64
"""Action numbers: a card is its index (0-51), a bid of ``n`` is ``BID + n``."""


class Node:
    """An information set of the observer's tree, reached by ``actor``'s action."""

    __slots__ = ("actor", "available", "children", "reward", "visits")

    def __init__(self, actor: int) -> None:
        self.actor = actor
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.reward = 0.0
        """The sum of ``actor``'s scaled rewards over the visits."""
        self.available = 1
        """Selections at the parent in which this action was legal."""


class World:
    """One determinization played forward: hands, bids, tricks taken, the trick."""

    __slots__ = ("base", "bids", "hands", "leader", "taken", "to_bid", "trick")

    def __init__(self, base: Knowledge, hands: list[int]) -> None:
        self.base = base
        self.hands = hands
        self.bids = list(base.bids)
        self.taken = list(base.taken)
        self.trick = list(base.trick)
        self.to_bid = bidding_order(base)
        self.leader = (base.dealer + 1) % base.players if self.to_bid else base.leader
        """While bids are to come the eldest hand will lead (the engine's ``leader`` is stale)."""

    def actor(self) -> int:
        if self.to_bid:
            return self.to_bid[0]
        return (self.leader + len(self.trick)) % self.base.players

    def finished(self) -> bool:
        return not self.to_bid and not self.hands[self.leader] and not self.trick

    def legal(self) -> list[int]:
        """The action numbers legal for the seat to act, in increasing order."""
        base = self.base
        if self.to_bid:
            barred = self._barred(self.to_bid[0])
            return [BID + bid for bid in range(base.size + 1) if bid != barred]
        led = self.trick[0] // 13 if self.trick else None
        mask = legal_mask(self.hands[self.actor()], led, base.trump, base.must_trump)
        return [index for index in range(52) if mask >> index & 1]

    def _barred(self, seat: int) -> int | None:
        """The hook's forbidden bid for ``seat``, as the engine's rule gives it."""
        return hook_barred(self.base, seat, self.bids)

    def apply(self, action: int) -> None:
        if self.to_bid:
            self.bids[self.to_bid.pop(0)] = action - BID
            return
        seat = self.actor()
        self.hands[seat] ^= 1 << action
        self.trick.append(action)
        players = self.base.players
        if len(self.trick) == players:
            self.leader = (self.leader + winning_position(self.trick, self.base.trump)) % players
            self.taken[self.leader] += 1
            self.trick = []

    def play_out(self, rng: random.Random) -> int:
        """Finish the hand with uniformly random legal actions; return the card plays made."""
        while self.to_bid:
            self.apply(rng.choice(self.legal()))
        if self.finished():
            return 0
        plays = sum(hand.bit_count() for hand in self.hands)
        base = self.base
        more = random_playout(
            self.hands, self.leader, base.trump, base.must_trump, rng, tuple(self.trick)
        )
        for seat, count in enumerate(more):
            self.taken[seat] += count
        return plays

    def rewards(self, low: int, span: int) -> list[float]:
        """Every seat's hand points, scaled to [0, 1]."""
        base = self.base
        return [
            (hand_points(base.rules, bid or 0, taken, base.size) - low) / span
            for bid, taken in zip(self.bids, self.taken, strict=True)
        ]


def bidding_order(knowledge: Knowledge) -> list[int]:
    """The seats whose bids are still unknown to the observer, in bidding order."""
    players = knowledge.players
    eldest = (knowledge.dealer + 1) % players
    order = [(eldest + step) % players for step in range(players)]
    unknown = [seat for seat in order if knowledge.bids[seat] is None]
    if knowledge.seat in unknown:  # simultaneous bids: the observer's own comes first
        unknown.remove(knowledge.seat)
        unknown.insert(0, knowledge.seat)
    return unknown


def point_range(knowledge: Knowledge) -> tuple[int, int]:
    """The least points a seat can score in this hand, and the spread up to the most."""
    size = knowledge.size
    points = [
        hand_points(knowledge.rules, bid, taken, size)
        for bid in range(size + 1)
        for taken in range(size + 1)
    ]
    low = min(points)
    return low, max(1, max(points) - low)
