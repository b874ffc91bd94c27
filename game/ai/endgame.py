"""An exact solver for the last tricks of one sampled deal (max^n).

With every hand in the open, the last few tricks can be searched exactly
instead of played out by the heuristic policy of :mod:`game.ai.rollout`. Oh
Hell is not a two-sided game, so the solver is max^n: at each turn the seat
to play picks the card whose outcome is worth most *to that seat*. The
searching seat values an outcome by its :class:`~game.ai.objective.Objective`;
every other seat by its own points minus the objective's share of the others'
average (the same model of a player, seen from its own seat). Ties go to the
lowest card, so the result is fixed by the position.

Cards of one hand with no card of another hand (or on the table) between them
do the same work, so only one per class is tried
(:func:`~game.ai.masks.representatives`). Positions at the start of a trick are
remembered, with the tricks taken so far, since several orders of play reach
them. ``nodes`` counts the cards played in the search, the budget's unit.

>>> from game.rules.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(text)) for text in ("AS 2H", "KS 3H", "QS 4H")]
>>> solver = Endgame([[0, 1, 2]] * 3, [0, 0, 0], lambda more: 0.0, None, False)
>>> solver.outcome(hands, 0, [])
(1, 0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.ai.masks import representatives
from game.rules.tricks import legal_mask, winning_position

Outcome = tuple[int, ...]
"""The tricks each seat takes from the solved position on."""


class Endgame:
    """Solves positions of one hand for one searching seat.

    ``tables[seat][taken]`` are the points ``seat`` scores for ``taken`` tricks in
    all; ``taken`` the tricks each seat holds already; ``value`` the searching
    seat's worth of an outcome (tricks taken from the solved position on)."""

    def __init__(
        self,
        tables: Sequence[Sequence[int]],
        taken: Sequence[int],
        value: Callable[[Outcome], float],
        trump: int | None,
        must_trump: bool,
        share: float = 0.0,
        seat: int = -1,
    ) -> None:
        self.tables = tables
        self.taken = taken
        self.value = value
        self.trump = trump
        self.must_trump = must_trump
        self.share = share
        self.seat = seat
        self.players = len(taken)
        self.nodes = 0
        self._worth: dict[Outcome, list[float]] = {}
        self._memo: dict[tuple[tuple[int, ...], int, Outcome], Outcome] = {}

    def worth(self, outcome: Outcome) -> list[float]:
        """What ``outcome`` is worth to each seat."""
        found = self._worth.get(outcome)
        if found is None:
            taken, tables = self.taken, self.tables
            points = [tables[seat][taken[seat] + more] for seat, more in enumerate(outcome)]
            total = sum(points)
            others = self.players - 1
            found = [
                mine - self.share * (total - mine) / others if others else float(mine)
                for mine in points
            ]
            if 0 <= self.seat < self.players:
                found[self.seat] = self.value(outcome)
            self._worth[outcome] = found
        return found

    def outcome(self, hands: list[int], leader: int, trick: list[int]) -> Outcome:
        """The tricks each seat takes from here under max^n play. ``hands`` (restored
        on return) hold the cards not yet played; ``trick`` the cards ``leader``'s
        trick holds so far."""
        return self._turn(hands, leader, trick, (0,) * self.players)

    def choices(
        self, hands: list[int], leader: int, trick: list[int], cards: Sequence[int]
    ) -> list[Outcome]:
        """The outcome of each of ``cards`` played now by the seat to play."""
        seat = (leader + len(trick)) % self.players
        start = (0,) * self.players
        results = []
        for card in cards:
            bit = 1 << card
            hands[seat] ^= bit
            self.nodes += 1
            results.append(self._after(hands, leader, [*trick, card], start))
            hands[seat] ^= bit
        return results

    def _turn(self, hands: list[int], leader: int, trick: list[int], more: Outcome) -> Outcome:
        players = self.players
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        legal = legal_mask(hand, trick[0] // 13 if trick else None, self.trump, self.must_trump)
        if legal & (legal - 1):
            live = 0
            for other in hands:
                live |= other
            for card in trick:
                live |= 1 << card
            cards = representatives(legal, live & ~hand)
        else:
            cards = [legal.bit_length() - 1]
        best: Outcome | None = None
        best_worth = 0.0
        for card in cards:
            bit = 1 << card
            hands[seat] = hand ^ bit
            self.nodes += 1
            result = self._after(hands, leader, [*trick, card], more)
            worth = self.worth(result)[seat]
            if best is None or worth > best_worth:
                best, best_worth = result, worth
        hands[seat] = hand
        assert best is not None
        return best

    def _after(self, hands: list[int], leader: int, trick: list[int], more: Outcome) -> Outcome:
        """Continue once a card is on the table: the next seat, or the trick's end."""
        players = self.players
        if len(trick) < players:
            return self._turn(hands, leader, trick, more)
        winner = (leader + winning_position(trick, self.trump)) % players
        taken = list(more)
        taken[winner] += 1
        after = tuple(taken)
        if not hands[winner]:
            return after
        key = (tuple(hands), winner, after)
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._turn(hands, winner, [], after)
        return found
