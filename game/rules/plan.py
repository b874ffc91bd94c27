"""What a rule set decides for each hand, worked out once per rule set.

The match asks the same questions of its rules at every deal (the hand's size,
whether and which card is turned for trumps, whether it is the last hand).
:class:`Plan` asks the rule set once per hand number and keeps the answers; the
rule set's own methods give every answer: no rule is written twice.

>>> from game.rules.presets import PRESETS
>>> plan = plan_of(PRESETS["oh-hell"].rules(4))
>>> hand = plan.hand(19)
>>> hand.size, hand.last, hand.turned, hand.no_trump
(10, True, 40, None)
"""

from __future__ import annotations

from functools import lru_cache

from game.rules.events import NoTrump
from game.rules.reasons import NoTrumpReason
from game.rules.ruleset import MAX_HANDS, RuleSet, TrumpMethod


class HandPlan:
    """One hand of the game: its size, its trumps and whether it is the last."""

    __slots__ = ("last", "no_trump", "size", "turned")

    def __init__(self, rules: RuleSet, number: int) -> None:
        self.size = size = rules.hand_size(number)
        self.last = rules.is_last_hand(number)
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
    """A rule set's answers for the match, worked out when first asked."""

    __slots__ = ("_hands", "dealers_card", "rules", "unbounded")

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.unbounded = rules.unbounded
        self.dealers_card = rules.trump is TrumpMethod.DEALERS_LAST_CARD
        """Whether the card turned for trumps is the dealer's own last card."""
        self._hands: dict[int, HandPlan] = {}

    def hand(self, number: int) -> HandPlan:
        """Hand ``number`` (counted from 1)."""
        key = 0 if self.unbounded and number < MAX_HANDS else number  # hand 1000 is the last
        hand = self._hands.get(key)
        if hand is None:
            hand = self._hands[key] = HandPlan(self.rules, number)
        return hand


@lru_cache(maxsize=32)
def plan_of(rules: RuleSet) -> Plan:
    """The plan of ``rules`` (one per rule set, shared by its matches)."""
    return Plan(rules)
