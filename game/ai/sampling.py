"""Deals consistent with what a seat knows.

The unseen cards are shared out so that every other seat gets exactly as many
cards as it holds, none of a suit it has shown it lacks, plus any card known to
be in its hand (the dealer's turned card). Cards left over are out of play
(the stock, or cards stripped from the pack): they are in nobody's hand.

The fast draw serves the seats with the tightest constraints first. With
little slack it can dead-end (a seat left with too few cards of its suits);
after a few dead ends an exact construction takes over: the unseen cards go
out one at a time in random order, each to a random destination (a seat, with
odds by the cards it still wants, or out of play) among those that leave the
rest solvable, which a Hall test on the 16 sets of suits decides exactly. So a
deal that keeps every known void comes back whenever one exists; only if none
does (not with a real view) are the voids relaxed.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.ai.knowledge import Knowledge
from game.ai.masks import SUITS, indexes

FAST_ATTEMPTS = 6
"""Random draws tried before the exact construction."""

OUT = -1
"""The destination of a card that is in nobody's hand."""


class DealSampler:
    """Draws the other seats' hands for one decision."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        players = knowledge.players
        self.me = knowledge.seat
        self.pool = knowledge.unseen
        self.cards = [1 << index for index in indexes(self.pool)]
        """The unseen cards, one single-card mask each."""
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
        self._solvable: bool | None = None

    def _allowed(self, seat: int) -> int:
        voids = self.knowledge.voids[seat]
        allowed = 0
        for suit in range(4):
            if not voids >> suit & 1:
                allowed |= SUITS[suit]
        return allowed

    def sample(self, rng: random.Random) -> list[int]:
        """One consistent deal: every seat's hand as a mask (this seat's own included)."""
        for _ in range(FAST_ATTEMPTS):
            hands = self._try(rng, relax=False)
            if hands is not None:
                return hands
        hands = self._exact(rng)
        if hands is not None:
            return hands
        # No deal keeps every known void (not with a real view): relax them.
        for _ in range(2):
            hands = self._try(rng, relax=True)
            if hands is not None:
                return hands
        hands = self._try(rng, relax=True, ignore_voids=True)
        assert hands is not None
        return hands

    def _try(self, rng: random.Random, relax: bool, ignore_voids: bool = False) -> list[int] | None:
        hands = list(self.fixed)
        left = self.pool
        cards = self.cards
        draw = rng.random
        for seat in self.order:
            want = self.wanted[seat]
            allowed = left if ignore_voids else left & self.allowed[seat]
            choices = [card for card in cards if card & allowed]
            if len(choices) < want:
                if not relax:
                    return None
                choices = [card for card in cards if card & left]
                if len(choices) < want:
                    return None
            mask = _pick(choices, want, draw)
            hands[seat] |= mask
            left &= ~mask
        return hands

    # ------------------------------------------------------------ exact
    def _exact(self, rng: random.Random) -> list[int] | None:
        """A deal keeping every void, built so that it cannot dead-end; None if none exists."""
        seats = self.order
        suits_of = [self._suits_of(seat) for seat in seats]
        # For each set of suits, the positions in ``seats`` allowed only suits of the set.
        within = [
            [i for i, suits in enumerate(suits_of) if suits & ~subset == 0] for subset in range(16)
        ]
        supply = [(self.pool & SUITS[suit]).bit_count() for suit in range(4)]
        demand = [self.wanted[seat] for seat in seats]
        spare = self.pool.bit_count() - sum(demand)
        if self._solvable is None:
            self._solvable = spare >= 0 and _hall(supply, demand, within)
        if not self._solvable:
            return None
        hands = list(self.fixed)
        cards = indexes(self.pool)
        rng.shuffle(cards)
        for index in cards:
            suit = index // 13
            supply[suit] -= 1
            options = [i for i, suits in enumerate(suits_of) if demand[i] and suits >> suit & 1]
            weights = [demand[i] for i in options]
            if spare:
                options.append(OUT)
                weights.append(spare)
            while True:
                # ``options`` cannot run dry: the position before this card was
                # solvable, so some destination of this card keeps it solvable.
                pick = _weighted_index(rng, weights)
                target = options[pick]
                if target == OUT:
                    if _hall(supply, demand, within):
                        spare -= 1
                        break
                else:
                    demand[target] -= 1
                    if _hall(supply, demand, within):
                        hands[seats[target]] |= 1 << index
                        break
                    demand[target] += 1
                del options[pick], weights[pick]
        return hands

    def _suits_of(self, seat: int) -> int:
        """The 4-bit mask of the suits ``seat`` may hold."""
        return ~self.knowledge.voids[seat] & 0b1111


def _pick(choices: list[int], count: int, draw: Callable[[], float]) -> int:
    """The mask of ``count`` of the single-card masks ``choices``, every subset as
    likely (a partial Fisher-Yates shuffle, from the end that needs fewer draws;
    ``choices`` is reordered). ``draw()`` is uniform on [0, 1): scaling it
    to an index is uniform to within 2**-53 per choice, and many times faster
    than drawing whole numbers."""
    size = len(choices)
    drop = size - count < count
    picks = size - count if drop else count
    mask = 0
    for step in range(picks):
        other = step + int(draw() * (size - step))
        card = choices[other]
        choices[other] = choices[step]
        choices[step] = card
        mask |= card
    if drop:
        return sum(choices) ^ mask
    return mask


def _hall(supply: list[int], demand: list[int], within: list[list[int]]) -> bool:
    """Whether the seats' demand can be met from the suits' supply (the rest out of play).

    By Hall's theorem it can exactly when, for every set of suits, the seats
    allowed only suits of that set want no more cards than the set holds.
    """
    for subset in range(16):
        wanted = 0
        for i in within[subset]:
            wanted += demand[i]
        if wanted:
            held = 0
            for suit in range(4):
                if subset >> suit & 1:
                    held += supply[suit]
            if wanted > held:
                return False
    return True


def _weighted_index(rng: random.Random, weights: list[int]) -> int:
    """A random position in ``weights``, with odds by weight (all positive)."""
    roll = rng.randrange(sum(weights))
    for position, weight in enumerate(weights):
        roll -= weight
        if roll < 0:
            return position
    raise AssertionError("weights must be positive")
