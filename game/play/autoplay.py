"""The actions a game session takes by itself: the computer seats' decisions and the
cards of a claim played out, each after a short pause so the table can follow.

Computer players think in a worker process (:mod:`game.play.thinker`), so the window
never waits for them; :meth:`AutoPlay.next_action` is asked on every tick and
answers with an action once one is due.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from game.i18n import _
from game.play import thinker
from game.play.notices import Notice
from game.play.thinker import Thought
from game.rules.actions import Action, Play
from game.rules.cards import Card
from game.rules.claims import claim_order
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.record import Level, Player
from game.rules.view import SeatView

MIN_THINK_SECONDS = 0.45
"""The shortest time a computer seat appears to think (scaled by the computer speed)."""
CLAIM_SECONDS = 0.2
"""The pause between the cards of a claim played out (scaled the same way)."""


def certain_claim(view: SeatView) -> list[Card] | None:
    """The cards that win every trick left for ``view``'s seat, in the order to play
    them, when that is certain and more than the last card (:mod:`game.rules.claims`)."""
    order = claim_order(view)
    return list(order) if order is not None and len(order) > 1 else None


class AutoPlay:
    """The computer seats of one game and the claim under way, with their pauses."""

    def __init__(
        self, players: Sequence[Player], game_seed: int, signals: deque[Notice | str]
    ) -> None:
        self.levels: dict[int, Level] = {
            seat: player.kind for seat, player in enumerate(players) if player.kind != "human"
        }
        """The computer seats and their levels."""
        self._names = [player.name for player in players]
        self._seed = game_seed
        self._signals = signals
        self._thinking: tuple[int, Thought] | None = None
        self._clock = 0.0
        """Seconds since the decision in progress (or the claim's last card) began."""
        self.claim: tuple[int, list[Card]] | None = None
        """A seat claiming the rest of the tricks, and its cards still to play."""
        if self.levels:
            thinker.warm_up()

    def agent_seed(self, seat: int) -> int:
        """The seed of the computer player in ``seat`` (its decisions follow from it)."""
        return self._seed * 16 + seat

    @property
    def thinking(self) -> int | None:
        """The computer seat deciding now, if any."""
        return self._thinking[0] if self._thinking else None

    @property
    def claimant(self) -> int | None:
        """The seat whose claim is being played out, if any."""
        return self.claim[0] if self.claim is not None else None

    def start_claim(self, seat: int, order: list[Card], words: str) -> None:
        """Play ``order`` out for ``seat`` (its claim), and tell the table ``words``."""
        self.claim = (seat, order)
        self._signals.append(Notice(words, "game"))

    def next_action(
        self, match: Match, human: int | None, dt: float, speed: float
    ) -> Action | None:
        """The action due now, ``dt`` seconds after the last tick (``human``: a person
        who may act now, whom the computers wait for unless everyone bids at once)."""
        if self._thinking is not None:
            return self._decided(dt, speed)
        if self._claimant_to_play(match):
            return self._claimed_card(match, dt, speed)
        seat = next((s for s in match.awaiting if s in self.levels), None)
        if seat is None or (human is not None and not match.rules.simultaneous_bidding):
            return None
        if match.phase is Phase.PLAYING and self.claim is None and self._claims(match, seat):
            return None
        thought = thinker.think(self.levels[seat], self.agent_seed(seat), match.view(seat))
        self._thinking = (seat, thought)
        self._clock = 0.0
        return None

    def _decided(self, dt: float, speed: float) -> Action | None:
        """The computer's decision, once made and shown thinking long enough."""
        assert self._thinking is not None
        self._clock += dt
        thought = self._thinking[1]
        pause = (CLAIM_SECONDS if self.claim is not None else MIN_THINK_SECONDS) / speed
        if not thought.done() or self._clock < pause:
            return None
        self._thinking = None
        return thought.result()

    def _claimant_to_play(self, match: Match) -> bool:
        """Whether a claim is under way and its claimant is to play (a claim ends with
        its last card, or the hand)."""
        if self.claim is None:
            return False
        seat, order = self.claim
        if match.phase is not Phase.PLAYING or not order:
            self.claim = None
            return False
        return seat in match.awaiting

    def _claimed_card(self, match: Match, dt: float, speed: float) -> Action | None:
        """The claimant's next card, after a short pause."""
        assert self.claim is not None
        self._clock += dt
        if self._clock < CLAIM_SECONDS / speed:
            return None
        seat, order = self.claim
        action = Play.of(seat, order[0])
        if match.refusal(action) is not None:  # cannot happen to a proved claim
            self.claim = None
            return None
        order.pop(0)
        self._clock = 0.0
        return action

    def _claims(self, match: Match, seat: int) -> bool:
        """A computer to play whose claim is certain claims too (the table says so)."""
        order = certain_claim(match.view(seat))
        if order is None:
            return False
        words = _("{name} claims the rest of the tricks.").format(name=self._names[seat])
        self.start_claim(seat, order, words)
        return True

    def hurry(self) -> None:
        """Let a decision made (or a claim's next card) come without the pause."""
        self._clock = 1e9

    def stop(self) -> None:
        """Abandon the decision in progress (the worker stops it) and any claim."""
        if self._thinking is not None:
            self._thinking[1].cancel()
            self._thinking = None
        self.claim = None
