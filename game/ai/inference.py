"""Expert's inference: how likely the opponents' bids and plays were, deal by deal.

A bid is likely when it is close to what the estimator makes of the hand the
deal gives that seat; a play is likely when it is what a player playing to its
bid would have chosen from that hand. A seat's share depends only on its own
hand, so it is remembered per hand.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.ai.bidmodel import BidModel
from game.ai.features import situation_in
from game.ai.heuristics import trick_estimator
from game.ai.knowledge import Knowledge, hook_barred, played_by
from game.ai.masks import SUITS
from game.ai.rollout import basic_card
from game.ai.trickmodel import TrickModel
from game.rules.cards import FULL_PACK_MASK
from game.rules.ruleset import TrickPoints
from game.rules.tricks import legal_mask, winning_position

LEARNED_FLOOR = 0.02
"""The least chance the learned likelihood gives a bid (no bid is ruled out)."""


@dataclass(frozen=True)
class PastPlay:
    """An opponent's play, with what is needed to replay its choice."""

    seat: int
    card: int
    before: tuple[int, ...]
    later: int
    """The cards this seat played from this play on (this one included)."""
    seen: int
    """Cards the seat had seen gone: played before this, and the turned card."""
    want: bool


class Inference:
    """Weighs sampled deals by the likelihood of the opponents' bids and plays."""

    def __init__(
        self,
        knowledge: Knowledge,
        bid_spread: float = 1.0,
        mismatch: float = 0.5,
        model: BidModel | TrickModel | None = None,
    ):
        self.knowledge = knowledge
        self.model = model
        self.bid_spread = bid_spread
        self.mismatch = mismatch
        self.opponents = [
            seat
            for seat in range(knowledge.players)
            if seat != knowledge.seat and knowledge.bids[seat] is not None
        ]
        self.played = {seat: played_by(knowledge, seat) for seat in self.opponents}
        self.plays = self._past_plays() if self.opponents else []
        self.plays_of = {
            seat: [play for play in self.plays if play.seat == seat] for seat in self.opponents
        }
        eldest = (knowledge.dealer + 1) % knowledge.players
        self.estimators = {
            seat: trick_estimator(
                knowledge.trump, knowledge.players, knowledge.size, seat == eldest
            )
            for seat in self.opponents
        }
        """What the estimator makes of each opponent's dealt hands."""
        self.memo: dict[int, dict[int, float]] = {seat: {} for seat in self.opponents}
        """Each opponent's log-likelihood by the hand a deal gives it."""
        self.followed: dict[int, list[dict[int, bool] | None]] = {
            seat: [
                {} if play.before and play.card // 13 == play.before[0] // 13 else None
                for play in self.plays_of[seat]
            ]
            for seat in self.opponents
        }
        """Per opponent and play that followed suit: whether the play was unlikely, by
        the seat's cards of the suit led (all a choice following suit depends on)."""

    def _past_plays(self) -> list[PastPlay]:
        knowledge = self.knowledge
        players, trump = knowledge.players, knowledge.trump
        turned = FULL_PACK_MASK & ~(knowledge.unseen | knowledge.hand | knowledge.played)
        for seat, cards in enumerate(knowledge.known):
            if seat != knowledge.seat:
                turned &= ~cards
        taken = [0] * players
        gone = turned
        plays: list[PastPlay] = []
        history = knowledge.history
        for number, (seat, card, before) in enumerate(history):
            bid = knowledge.bids[seat]
            if seat != knowledge.seat and bid is not None:
                later = 0
                for other, other_card, _ in history[number:]:
                    if other == seat:
                        later |= 1 << other_card
                need = bid - taken[seat]
                want = need > 0 or (need < 0 and knowledge.rules.trick_points is TrickPoints.ALWAYS)
                plays.append(PastPlay(seat, card, before, later, gone, want))
            gone |= 1 << card
            if len(before) == players - 1:
                full = [*before, card]
                winner = (seat + 1 + winning_position(full, trump)) % players
                taken[winner] += 1
        return plays

    def weigh(self, deals: list[list[int]]) -> list[float]:
        """One weight per deal."""
        if not self.opponents:
            return [1.0] * len(deals)
        logs = [self._log_weight(deal) for deal in deals]
        top = max(logs)
        return [math.exp(value - top) for value in logs]

    def _log_weight(self, deal: list[int]) -> float:
        log_weight = 0.0
        for seat in self.opponents:
            hand = deal[seat]
            remembered = self.memo[seat]
            part = remembered.get(hand)
            if part is None:
                part = remembered[hand] = self._seat_log_weight(seat, hand)
            log_weight += part
        return log_weight

    def _seat_log_weight(self, seat: int, held: int) -> float:
        """The log-likelihood of ``seat``'s bid and plays had it held ``held`` now.

        A seat's share depends on its own hand only, and sampled deals repeat
        hands often, so it is remembered per hand (see ``memo``)."""
        knowledge = self.knowledge
        estimate = self.estimators[seat](held | self.played[seat])
        bid = knowledge.bids[seat]
        assert bid is not None
        if isinstance(self.model, TrickModel):
            log_weight = self._learned_log_chance(seat, held | self.played[seat], bid)
        elif self.model is not None:
            chances = self.model.chances(
                estimate, knowledge.size, hook_barred(knowledge, seat, knowledge.bids)
            )
            log_weight = math.log(chances[bid])
        else:
            spread = 2.0 * self.bid_spread**2
            width = spread * (2.0 if knowledge.rules.hook and seat == knowledge.dealer else 1.0)
            log_weight = -((bid - estimate) ** 2) / width
        penalty = math.log(self.mismatch)
        for play, followed in zip(self.plays_of[seat], self.followed[seat], strict=True):
            hand = held | play.later
            if followed is not None:
                # Following suit, the choice depends on the seat's cards of that suit only.
                holding = hand & SUITS[play.before[0] // 13]
                missed = followed.get(holding)
                if missed is None:
                    missed = followed[holding] = self._missed(play, hand)
            else:
                missed = self._missed(play, hand)
            if missed:
                log_weight += penalty
        return log_weight

    def _learned_log_chance(self, seat: int, dealt: int, bid: int) -> float:
        """The learned model's log-chance that a seat dealt ``dealt`` makes ``bid``:
        the hands that make a bid are the hands that bid it."""
        assert isinstance(self.model, TrickModel)
        situation = situation_in(self.knowledge, seat, dealt, self.knowledge.bids)
        chance = self.model.distribution(situation, bid)[bid]
        return math.log(max(chance, LEARNED_FLOOR))

    def _missed(self, play: PastPlay, hand: int) -> bool:
        """Whether a player playing to its bid from ``hand`` would have chosen another card."""
        knowledge = self.knowledge
        trump = knowledge.trump
        led = play.before[0] // 13 if play.before else None
        legal = legal_mask(hand, led, trump, knowledge.must_trump)
        if not legal & (legal - 1):
            return False
        others = FULL_PACK_MASK & ~hand & ~play.seen
        before = list(play.before)
        choice = basic_card(hand, legal, before, play.want, others, trump, knowledge.players)
        return choice != 1 << play.card
