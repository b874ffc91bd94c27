"""Scoring: points for a hand, the winners, and the settlement of stakes.

docs/rules.md "Reference numbers", classic American scoring (exact only, 10 bonus):

>>> from game.rules.presets import PRESETS
>>> classic = PRESETS["oh-hell-classic"].rules(4)
>>> hand_points(classic, bid=4, taken=4, size=4), hand_points(classic, bid=0, taken=0, size=1)
(14, 10)
>>> hand_points(classic, bid=3, taken=4, size=7)
0
"""

from __future__ import annotations

from collections.abc import Sequence

from game.rules.ruleset import RuleSet, Settlement, TrickPoints, ZeroBid

_ZERO_BID_POINTS = {ZeroBid.FIVE: 5, ZeroBid.TEN: 10}


def hand_points(rules: RuleSet, bid: int, taken: int, size: int) -> int:
    """Points for one player who bid ``bid`` and took ``taken`` of ``size`` tricks."""
    exact = bid == taken
    if exact and bid == 0 and rules.zero_bid is not ZeroBid.NONE:
        if rules.zero_bid is ZeroBid.FIVE_PLUS_TRICKS:
            return 5 + size
        return _ZERO_BID_POINTS[rules.zero_bid]
    points = rules.exact_bonus if exact else 0
    if rules.trick_points is TrickPoints.ALWAYS or (
        exact and rules.trick_points is TrickPoints.EXACT
    ):
        points += taken
    return points


def winners_of(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total (a tie at the top is shared)."""
    best = max(totals)
    return tuple(seat for seat, total in enumerate(totals) if total == best)


def final_totals(rules: RuleSet, totals: Sequence[int]) -> tuple[int, ...]:
    """The totals after the winner's bonus (hard score), if the rules give one."""
    winners = winners_of(totals)
    return tuple(
        total + (rules.hard_score_bonus if seat in winners else 0)
        for seat, total in enumerate(totals)
    )


def settle(rules: RuleSet, totals: Sequence[int]) -> tuple[float, ...] | None:
    """What each seat wins (+) or pays (-) in stake units; None without stakes.

    >>> from game.rules.ruleset import RuleSet, Settlement
    >>> settle(RuleSet(players=3, settlement=Settlement.DIFFERENCES, stake=2), [30, 20, 10])
    (60.0, 0.0, -60.0)
    >>> settle(RuleSet(players=3, settlement=Settlement.POOL, stake=1), [30, 30, 10])
    (0.5, 0.5, -1.0)
    """
    if rules.settlement is Settlement.NONE:
        return None
    players = len(totals)
    if rules.settlement is Settlement.DIFFERENCES:
        grand = sum(totals)
        return tuple(float((players * total - grand) * rules.stake) for total in totals)
    winners = winners_of(totals)
    share = players * rules.stake / len(winners)
    return tuple((share if seat in winners else 0.0) - rules.stake for seat in range(players))
