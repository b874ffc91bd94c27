"""Deals consistent with what a seat knows.

The unseen cards are shared out so that every other seat gets exactly as many
cards as it holds, none of a suit it has shown it lacks, plus any card known to
be in its hand (the dealer's turned card). Cards left over are out of play
(the stock, or cards stripped from the pack): they are in nobody's hand.

Seats with the tightest constraints are served first; a dead end (rare)
restarts, and after a few restarts the voids of the seat that cannot be
served are relaxed, so a deal always comes back.
"""

from __future__ import annotations

import random

from game.ai.knowledge import Knowledge
from game.ai.masks import SUITS, indexes


class DealSampler:
    """Draws the other seats' hands for one decision."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        players = knowledge.players
        self.me = knowledge.seat
        self.pool = knowledge.unseen
        self.fixed = list(knowledge.known)
        self.wanted = [
            0 if seat == self.me else knowledge.counts[seat] - knowledge.known[seat].bit_count()
            for seat in range(players)
        ]
        self.allowed = [self._allowed(seat) for seat in range(players)]
        slack = [
            (self.allowed[seat] & self.pool).bit_count() - self.wanted[seat]
            for seat in range(players)
        ]
        self.order = sorted(
            (seat for seat in range(players) if self.wanted[seat] > 0),
            key=lambda seat: (slack[seat], seat),
        )

    def _allowed(self, seat: int) -> int:
        voids = self.knowledge.voids[seat]
        allowed = 0
        for suit in range(4):
            if not voids >> suit & 1:
                allowed |= SUITS[suit]
        return allowed

    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal: every seat's hand as a mask (this seat's own included)."""
        for attempt in range(8):
            hands = self._try(rng, relax=attempt >= 6)
            if hands is not None:
                return hands
        hands = self._try(rng, relax=True, ignore_voids=True)
        assert hands is not None
        return hands

    def _try(self, rng: random.Random, relax: bool, ignore_voids: bool = False) -> list[int] | None:
        hands = list(self.fixed)
        left = self.pool
        for seat in self.order:
            want = self.wanted[seat]
            allowed = left if ignore_voids else left & self.allowed[seat]
            choices = indexes(allowed)
            if len(choices) < want:
                if not relax:
                    return None
                choices = indexes(left)
                if len(choices) < want:
                    return None
            mask = 0
            for index in rng.sample(choices, want):
                mask |= 1 << index
            hands[seat] |= mask
            left &= ~mask
        return hands
