"""Rule-based players: easy and medium.

**easy** bids from its high cards, trump length and short suits, choosing the
bid with the best expected score under the game's scoring, and plays to its
bid: it takes tricks while it needs them and ducks once it has them. It
remembers nothing: only aces (and its own sequences) count as sure winners.

**medium** adds card counting (a card is a winner when no higher card of its
suit is unseen), the voids others have shown (side winners that could be
ruffed wait; a known-void seat still to play is a ruff threat), seat position
(second hand low, last hand exactly), the bids already made and the dealer's
hook, the game score against the target, and sabotage: it will not take a
trick from an opponent who already has exactly its bid.
"""

from __future__ import annotations

import random

from game.ai.heuristics import best_bid, calibrated, card_probs, trick_distribution
from game.ai.knowledge import Knowledge, knowledge_of
from game.ai.masks import SUITS, lowest_rank, mask_of_cards
from game.ai.objective import objective_of, pace_per_hand
from game.ai.rollout import basic_card, beaters, discard_low, duck, lead_avoid
from game.rules.actions import Action, Bid, Play
from game.rules.cards import FULL_PACK_MASK, Card
from game.rules.phase import Phase
from game.rules.ruleset import TrickPoints
from game.rules.tricks import winning_position
from game.rules.view import SeatView

SURPLUS = 0.0
"""Expected tricks beyond the need at which a seat sheds its high cards."""
MEDIUM_CONTROL = (1.0, 0.15, 0.03, 0.0)
"""Medium's view of how far play can steer its trick count (see heuristics.CONTROL)."""


def wants_tricks(knowledge: Knowledge, seat: int) -> bool:
    """Whether ``seat`` (whose bid is known) is still after tricks."""
    need = knowledge.need(seat)
    if need is None:
        return True
    return need > 0 or (need < 0 and knowledge.rules.trick_points is TrickPoints.ALWAYS)


class EasyAgent:
    """A sound rule player without memory."""

    level = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        seat = view.seat
        assert seat is not None
        if view.phase is Phase.BIDDING:
            return Bid.of(seat, self.bid(view))
        return Play.of(seat, Card.from_index(self.play(view)))

    def bid(self, view: SeatView) -> int:
        chances = [chance for _, chance in self.card_chances(view)]
        return best_bid(trick_distribution(chances), view.rules, view.hand_size, view.forbidden_bid)

    def card_chances(self, view: SeatView) -> list[tuple[int, float]]:
        hand = view.hand_mask
        trump = int(view.trump) if view.trump is not None else None
        return card_probs(hand, trump, view.players)

    def play(self, view: SeatView) -> int:
        knowledge = knowledge_of(view)
        legal = mask_of_cards([play.card for play in view.legal if isinstance(play, Play)])
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        want = wants_tricks(knowledge, knowledge.seat)
        others = FULL_PACK_MASK & ~knowledge.hand
        trick = list(knowledge.trick)
        bit = basic_card(knowledge.hand, legal, trick, want, others, knowledge.trump, view.players)
        return bit.bit_length() - 1


class MediumAgent(EasyAgent):
    """Easy plus counting, voids, position, the hook, the score and sabotage."""

    level = "medium"
    control: tuple[float, ...] = MEDIUM_CONTROL
    surplus_margin = SURPLUS
    table_factor = 0.1

    def bid(self, view: SeatView) -> int:
        chances = self._adjusted(view, [chance for _, chance in self.card_chances(view)])
        objective = objective_of(view)
        others = _typical_points(view)
        return best_bid(
            trick_distribution(chances),
            view.rules,
            view.hand_size,
            view.forbidden_bid,
            lambda points: objective.own(points, others),
            self.control,
        )

    def card_chances(self, view: SeatView) -> list[tuple[int, float]]:
        knowledge = knowledge_of(view)
        opp = sum(knowledge.counts) - knowledge.counts[knowledge.seat]
        unseen = knowledge.unseen | _known_elsewhere(knowledge)
        raw = card_probs(knowledge.hand, knowledge.trump, view.players, unseen, opp)
        lead = knowledge.seat == view.eldest
        return calibrated(raw, knowledge.trump, view.players, view.hand_size, lead)

    def _adjusted(self, view: SeatView, chances: list[float]) -> list[float]:
        """Shade doubtful cards by how hungry the table is: bids already made
        plus a fair share for those still to bid, against the tricks available."""
        seat = view.seat
        size = view.hand_size
        made = [bid for other, bid in enumerate(view.bids) if other != seat and bid is not None]
        if not made:
            return chances
        still = view.players - 1 - len(made)
        demand = sum(made) + sum(chances) + still * size / view.players
        factor = min(1.25, max(0.7, 1.0 - self.table_factor * (demand - size)))
        return [min(1.0, chance * factor) if 0.1 < chance < 0.9 else chance for chance in chances]

    def play(self, view: SeatView) -> int:
        knowledge = knowledge_of(view)
        legal = mask_of_cards([play.card for play in view.legal if isinstance(play, Play)])
        if not legal & (legal - 1):
            return legal.bit_length() - 1
        if not knowledge.trick:
            return self._lead(knowledge)
        return self._follow(knowledge, legal)

    # --------------------------------------------------------------- leading
    def _lead(self, knowledge: Knowledge) -> int:
        hand, trump = knowledge.hand, knowledge.trump
        others = knowledge.unseen | _known_elsewhere(knowledge)
        if not wants_tricks(knowledge, knowledge.seat):
            return lead_avoid(hand, others, trump)
        tmask = SUITS[trump] if trump is not None else 0
        risky = -1
        for suit in _suits_by_length(hand):
            mine = hand & SUITS[suit]
            high = mine.bit_length() - 1
            if (others & SUITS[suit]).bit_length() - 1 >= high:
                continue
            if suit == trump:
                if others & tmask:
                    return high
                risky = max(risky, high)
            elif not self._ruff_risk(knowledge, suit, others):
                return high
            elif risky < 0:
                risky = high
        if risky >= 0:
            return risky
        side = hand & ~tmask
        if side and hand & tmask:
            shortest = min(
                (suit for suit in range(4) if side & SUITS[suit]),
                key=lambda suit: (hand & SUITS[suit]).bit_count(),
            )
            return lowest_rank(hand & SUITS[shortest])
        return discard_low(hand, trump)

    def _ruff_risk(self, knowledge: Knowledge, suit: int, others: int) -> bool:
        """Whether a lead of ``suit`` may be trumped by someone."""
        trump = knowledge.trump
        if trump is None or not others & SUITS[trump]:
            return False
        opponents = [seat for seat in range(knowledge.players) if seat != knowledge.seat]
        for seat in opponents:
            if knowledge.voids[seat] >> suit & 1 and not knowledge.voids[seat] >> trump & 1:
                return True
        return (others & SUITS[suit]).bit_count() < len(opponents)

    # ------------------------------------------------------------- following
    def _follow(self, knowledge: Knowledge, legal: int) -> int:
        trick = list(knowledge.trick)
        trump = knowledge.trump
        players = knowledge.players
        later = [(knowledge.seat + step) % players for step in range(1, players - len(trick))]
        beat = beaters(legal, trick, trump)
        if not wants_tricks(knowledge, knowledge.seat):
            return duck(legal, beat, trump, not later).bit_length() - 1
        surplus = self._surplus(knowledge)
        if not beat or self._let_them_have_it(knowledge, trick):
            if surplus > self.surplus_margin:
                return duck(legal, beat, trump, False).bit_length() - 1
            return discard_low(legal, trump)
        if not later:
            return (
                beat.bit_length() if surplus > self.surplus_margin else (beat & -beat).bit_length()
            ) - 1
        safe = beat & self._unbeatable(knowledge, later, beat)
        if safe:
            return (
                safe.bit_length() if surplus > self.surplus_margin else (safe & -safe).bit_length()
            ) - 1
        return beat.bit_length() - 1

    def _surplus(self, knowledge: Knowledge) -> float:
        """How many more tricks the hand looks good for than the seat still needs."""
        opp = sum(knowledge.counts) - knowledge.counts[knowledge.seat]
        unseen = knowledge.unseen | _known_elsewhere(knowledge)
        raw = card_probs(knowledge.hand, knowledge.trump, knowledge.players, unseen, opp)
        held = knowledge.counts[knowledge.seat]
        chances = calibrated(raw, knowledge.trump, knowledge.players, held, False)
        return sum(chance for _, chance in chances) - (knowledge.need(knowledge.seat) or 0)

    def _let_them_have_it(self, knowledge: Knowledge, trick: list[int]) -> bool:
        """Sabotage: the trick is going to an opponent already on its bid, and
        this seat can afford to wait for later tricks."""
        winner = (knowledge.leader + winning_position(trick, knowledge.trump)) % knowledge.players
        if knowledge.need(winner) != 0:
            return False
        need = knowledge.need(knowledge.seat) or 0
        after = knowledge.tricks_left - 1
        return need < after - 1

    def _unbeatable(self, knowledge: Knowledge, later: list[int], beat: int) -> int:
        """The cards of ``beat`` that no later seat can be expected to top."""
        led = knowledge.trick[0] // 13
        trump = knowledge.trump
        others = knowledge.unseen | _known_elsewhere(knowledge)
        tmask = SUITS[trump] if trump is not None else 0
        led_others = others & SUITS[led]
        ruff = False
        if trump is not None and led != trump and others & tmask:
            for seat in later:
                voids = knowledge.voids[seat]
                if voids >> led & 1 and not voids >> trump & 1:
                    ruff = True
            ruff = ruff or led_others.bit_count() < len(later)
        if beat & tmask and led != trump:
            top_trump = (others & tmask).bit_length() - 1
            return beat & -(2 << top_trump) if ruff and top_trump >= 0 else beat
        if ruff:
            return 0
        if all(knowledge.voids[seat] >> led & 1 for seat in later):
            return beat
        return beat & -(2 << (led_others.bit_length() - 1)) if led_others else beat


def _known_elsewhere(knowledge: Knowledge) -> int:
    mask = 0
    for seat, cards in enumerate(knowledge.known):
        if seat != knowledge.seat:
            mask |= cards
    return mask


def _suits_by_length(hand: int) -> list[int]:
    return sorted(
        (suit for suit in range(4) if hand & SUITS[suit]),
        key=lambda suit: -(hand & SUITS[suit]).bit_count(),
    )


def _typical_points(view: SeatView) -> float:
    """What an opponent typically scores in a hand of this size."""
    return pace_per_hand(view.rules, view.hand_size) * 0.8
