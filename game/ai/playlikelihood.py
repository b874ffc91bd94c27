"""How likely the opponents' latest plays were with the hands a sampled deal gives them,
by the learned play model.

A seat is taken to play like the learned player with some slack: the chance of a
card is a softmax of the expected points the play model gives each card the seat
could play there, ``sharpness`` per point. The seat's hand at a play is the one the
deal gives it now plus the cards it played from then on; what it saw is rebuilt by
replaying the hand's plays in the open (:func:`~game.ai.playout.seen_by`). Only the
latest ``memory`` plays are judged, which bounds the cost late in long hands.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.knowledge import Knowledge
from game.ai.playmodel import PlayModel
from game.ai.playout import Table, card_points, seen_by, show_void
from game.rules.tricks import legal_mask, winning_position

__all__ = ["Moment", "PlayLikelihood", "moments_of"]


@dataclass(frozen=True)
class Moment:
    """One play of the hand, and what was open on the table just before it."""

    seat: int
    card: int
    trick: tuple[int, ...]
    taken: tuple[int, ...]
    voids: tuple[int, ...]
    pool: int
    done: int
    later: int
    """The cards ``seat`` played from this play on (this one included)."""


def moments_of(knowledge: Knowledge, table: Table) -> list[Moment]:
    """Every play of the hand so far, replayed from its first lead."""
    history = knowledge.history
    players, trump, must_trump = table.players, table.trump, table.must_trump
    pool = table.pool
    for _seat, card, _before in history:
        pool |= 1 << card
    leader = history[0][0] if history else table.leader
    trick: list[int] = []
    taken, voids = [0] * players, [0] * players
    done = 0
    moments = []
    for index, (seat, card, _before) in enumerate(history):
        later = sum(1 << c for s, c, _b in history[index:] if s == seat)
        seen = (tuple(trick), tuple(taken), tuple(voids), pool, done)
        moments.append(Moment(seat, card, *seen, later))
        if trick and card // 13 != trick[0] // 13:
            show_void(voids, seat, trick[0] // 13, card, trump, must_trump)
        pool &= ~(1 << card)
        trick.append(card)
        if len(trick) == players:
            leader = (leader + winning_position(trick, trump)) % players
            taken[leader] += 1
            done += 1
            trick = []
    return moments


class PlayLikelihood:
    """Weighs sampled deals by the chance of the opponents' latest plays (remembered
    per hand)."""

    def __init__(
        self,
        knowledge: Knowledge,
        table: Table,
        model: PlayModel,
        sharpness: float = 1.0,
        memory: int = 8,
    ) -> None:
        self.table = table
        self.model = model
        self.sharpness = sharpness
        latest = moments_of(knowledge, table)[-memory:] if memory > 0 else []
        self.moments = [moment for moment in latest if moment.seat != knowledge.seat]
        self.memo: dict[tuple[int, int], float] = {}

    def weigh(self, deals: list[list[int]]) -> list[float]:
        """One weight per deal (the likeliest 1.0)."""
        seats = sorted({moment.seat for moment in self.moments})
        logs = [sum(self.log_chance(seat, deal[seat]) for seat in seats) for deal in deals]
        top = max(logs, default=0.0)
        if top == -math.inf:
            return [1.0] * len(deals)
        return [math.exp(value - top) for value in logs]

    def log_chance(self, seat: int, held: int) -> float:
        """The log-chance that ``seat`` played its latest cards had it held ``held`` now."""
        key = (seat, held)
        known = self.memo.get(key)
        if known is None:
            moments = [moment for moment in self.moments if moment.seat == seat]
            known = self.memo[key] = sum(self._log_chance(m, held) for m in moments)
        return known

    def _log_chance(self, moment: Moment, held: int) -> float:
        table, seat = self.table, moment.seat
        hand = held | moment.later
        led = moment.trick[0] // 13 if moment.trick else None
        legal = legal_mask(hand, led, table.trump, table.must_trump)
        if not legal & (legal - 1):
            return 0.0
        seen = seen_by(
            table, seat, hand, moment.trick, moment.taken, moment.voids, moment.pool, moment.done
        )
        values = card_points(table, seen, seat, legal, moment.taken[seat], self.model)
        top = max(values.values())
        scaled = {card: self.sharpness * (value - top) for card, value in values.items()}
        total = math.log(sum(math.exp(value) for value in scaled.values()))
        return scaled.get(moment.card, -math.inf) - total
