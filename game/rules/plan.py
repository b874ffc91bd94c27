"""What a rule set decides for each hand, worked out once per rule set for the match.

The match asks the same questions of its rules at every deal and every score (the
hand's size, whether and which card is turned for trumps, whether it is the last
hand, the points for each bid and take). :class:`Plan` asks the rule set once and
keeps the answers, with the events that depend on them alone, which are immutable
values shared like ``Play.of``. The rule set's own methods give every answer: no
rule is written twice.

>>> from game.rules.presets import PRESETS
>>> plan = plan_of(PRESETS["oh-hell"].rules(4))
>>> hand = plan.hand(19)
>>> hand.size, hand.last, hand.turned, hand.no_trump
(10, True, 40, None)
>>> plan.hand(9).points[1]
(0, 11, 2)
"""

from __future__ import annotations

from functools import lru_cache

from game.rules.cards import PACK
from game.rules.events import DealerPasses, HandDealt, NoTrump, TrumpTurned
from game.rules.reasons import NoTrumpReason
from game.rules.ruleset import MAX_HANDS, RuleSet, TrumpMethod
from game.rules.scoring import hand_points

_SHARED_HANDS = 256
"""Events of hands numbered up to this are shared; later ones (games played to a
target score can go on and on) are built each time."""

TRUMPS_TURNED = (
    tuple(TrumpTurned(card, card.suit, False) for card in PACK),
    tuple(TrumpTurned(card, card.suit, True) for card in PACK),
)
"""``TRUMPS_TURNED[dealers][index]``: the event of a card turned for trumps."""


PointsTable = tuple[tuple[int, ...], ...]


def points_table(rules: RuleSet, size: int) -> PointsTable:
    """``points_table(rules, size)[bid][taken]``: :func:`hand_points` for every bid and take."""
    tricks = range(size + 1)
    return tuple(tuple(hand_points(rules, bid, took, size) for took in tricks) for bid in tricks)


class HandPlan:
    """One hand of the game: its size, its trumps and whether it is the last."""

    __slots__ = ("last", "no_trump", "points", "size", "turned")

    def __init__(self, rules: RuleSet, number: int, points: PointsTable) -> None:
        self.size = size = rules.hand_size(number)
        self.last = rules.is_last_hand(number)
        self.points = points
        """``points[bid][taken]``: :func:`hand_points` for this hand."""
        dealt = size * rules.players
        self.turned: int | None = None
        """The position in the shuffled pack of the card turned for trumps, if any."""
        self.no_trump: NoTrump | None = None
        """Why the hand has no trumps (then nothing is turned)."""
        if rules.trump is TrumpMethod.NONE:
            self.no_trump = NoTrump(NoTrumpReason.NO_TRUMPS)
        elif rules.no_trump_last_hand and self.last:
            self.no_trump = NoTrump(NoTrumpReason.LAST_HAND)
        elif rules.trump is TrumpMethod.DEALERS_LAST_CARD:
            self.turned = dealt - 1
        elif rules.turns_card(number):
            self.turned = dealt
        else:
            self.no_trump = NoTrump(NoTrumpReason.PACK_EXHAUSTED)


class Plan:
    """A rule set's answers for the match, computed when first asked."""

    __slots__ = ("_dealt", "_hands", "_passes", "_points", "dealers_card", "rules", "unbounded")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.unbounded = rules.unbounded
        self.dealers_card = rules.trump is TrumpMethod.DEALERS_LAST_CARD
        self._hands: dict[int, HandPlan] = {}
        self._points: dict[int, PointsTable] = {}
        self._dealt: dict[tuple[int, int], HandDealt] = {}
        self._passes: dict[tuple[int, int], DealerPasses] = {}

    def hand(self, number: int) -> HandPlan:
        """Hand ``number`` (counted from 1)."""
        key = 0 if self.unbounded and number < MAX_HANDS else number  # hand 1000 is the last
        hand = self._hands.get(key)
        if hand is None:
            rules = self.rules
            size = rules.hand_size(number)
            points = self._points.get(size)
            if points is None:
                points = self._points[size] = points_table(rules, size)
            hand = self._hands[key] = HandPlan(rules, number, points)
        return hand

    def hand_dealt(self, number: int, dealer: int, size: int) -> HandDealt:
        """The event of hand ``number``'s deal."""
        key = (number, dealer)
        event = self._dealt.get(key)
        if event is None:
            event = HandDealt(number, dealer, size, self.rules.stripped)
            if number <= _SHARED_HANDS:
                self._dealt[key] = event
        return event

    def dealer_passes(self, seat: int, number: int) -> DealerPasses:
        """The event of the deal passing to ``seat`` for hand ``number``."""
        key = (seat, number)
        event = self._passes.get(key)
        if event is None:
            event = DealerPasses(seat, number)
            if number <= _SHARED_HANDS:
                self._passes[key] = event
        return event


@lru_cache(maxsize=32)
def plan_of(rules: RuleSet) -> Plan:
    """The plan of ``rules`` (one per rule set, shared by its matches)."""
    return Plan(rules)
