"""The coach in a game played at this screen: who wished it, and its advice for the
position now, worked out in the background by the worker (:func:`thinker.coach`).

Each human seat has a wish; the coach runs only when :func:`coach_allowed` says
every human's wish is on (solo: the lone human's setting; hotseat: each player
turns theirs on, on their own turn). When a human seat is to act, the coach is
asked once for that position with a seed fixed by the game and the seat (the
search mixes in the position, :func:`game.ai.seeds.decision_rng`), so the same
position always gets the same figures. When the game moves on (an action, a
take-back, the game closing) the question is cancelled and its answer never
shown: :meth:`Coach.advice` answers only for the position it was asked about.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.advice import Advice
from game.play import thinker
from game.play.thinker import Thought
from game.rules.match import Match
from game.rules.view import SeatView
from game.settings import coach_allowed

PositionKey = tuple[object, ...]
"""What a seat's decision depends on: the seat, the hand, the phase, its cards, the
public bids and every card played this hand (not whether the others have bid in
secret, so their secret bids do not interrupt the coach)."""


def coach_seed(game_seed: int, seat: int) -> int:
    """The coach's seed for ``seat`` in the game dealt by ``game_seed`` (apart from the
    computer players' seeds, ``game_seed * 16 + seat``)."""
    return game_seed * 16 + 8 + seat


def position_of(view: SeatView) -> PositionKey:
    played = tuple(card for trick in view.tricks for card in trick.cards)
    return (view.seat, view.hand_number, view.phase, view.hand, view.bids, played, view.trick)


class Coach:
    """The coach's wishes and its one question under way, for one game."""

    def __init__(self, humans: Sequence[int]) -> None:
        self.wishes = dict.fromkeys(humans, False)
        """Each human seat's wish for the coach (all off until turned on)."""
        self._asked: tuple[PositionKey, Thought] | None = None

    @property
    def on(self) -> bool:
        """Whether the coach runs in this game now (every human wished it)."""
        return coach_allowed(list(self.wishes.values()))

    def wish(self, seat: int, on: bool) -> None:
        if seat in self.wishes:
            self.wishes[seat] = on

    def follow(self, match: Match, seat: int | None) -> None:
        """Ask about ``seat``'s decision now (None: no human to act), cancelling a
        question about any other position."""
        view = match.view(seat) if seat is not None and self.on else None
        position = position_of(view) if view is not None else None
        if self._asked is not None and self._asked[0] == position:
            return
        self.stop()
        if view is not None and position is not None and seat is not None:
            self._asked = (position, thinker.coach(coach_seed(match.seed, seat), view))

    def advice(self, match: Match, seat: int) -> Advice | None:
        """The figures for ``seat``'s decision now; None while they are worked out
        (or when nobody asked about this position)."""
        asked = self._asked
        if asked is None or asked[0] != position_of(match.view(seat)) or not asked[1].done():
            return None
        return asked[1].advice

    def stop(self) -> None:
        """Cancel the question (the worker drops it if it is still thinking)."""
        if self._asked is not None:
            self._asked[1].cancel()
            self._asked = None
