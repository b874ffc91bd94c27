"""Hand strength for bidding: a chance of winning a trick for every card.

A card's chance combines *capture* (the higher cards of its suit that are
still out are not with an opponent, or the card has lower cards to let them
pass) and, outside trumps, *survival* (no opponent is out of the suit and able
to trump by the time it is played). Spare low trumps earn ruffing chances for
short side suits. The chances add up to the expected tricks and, treated as
independent, give a distribution of tricks from which a bid is chosen by its
expected score under the actual scoring rules.

>>> from game.rules.cards import mask_of, parse_cards
>>> from game.rules.presets import PRESETS
>>> hand = mask_of(parse_cards("AS KS 7S AH 2C 3D 4D"))
>>> round(expected_tricks(hand, 3, 4, 7), 1)
3.3
>>> dist = trick_distribution([0.5, 0.5])
>>> dist
[0.25, 0.5, 0.25]
>>> best_bid(dist, PRESETS["blob"].rules(4), 2, forbidden=1)
2
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from game.ai.calibration import TABLE
from game.ai.masks import SUITS
from game.rules.cards import FULL_PACK_MASK
from game.rules.ruleset import RuleSet
from game.rules.scoring import hand_points

CONTROL = (1.0, 0.3, 0.08, 0.0)
"""The chance that play turns a natural count ``d`` tricks off the bid into the bid."""

_SIDE_SCALE = 0.92
"""Side-suit chances are a little optimistic in play; scaled down."""

SUIT_CACHE = 8192
"""Suit holdings remembered (about 450 bytes each, 3.7 MB in all). Nearly all reuse
is within one game: hard and expert hit 96.6% and 98.4% at this size against
96.8% and 98.8% unbounded; medium gains little at any size."""


def card_probs(
    hand: int,
    trump: int | None,
    players: int,
    unseen: int | None = None,
    opp_cards: int | None = None,
) -> list[tuple[int, float]]:
    """Each card's chance of winning a trick, as ``(index, chance)``, highest first per suit.

    ``unseen`` are the cards the holder cannot place (default: all but its hand);
    ``opp_cards`` the cards the other seats hold (default: as many as the hand each).
    """
    size = hand.bit_count()
    if unseen is None:
        unseen = FULL_PACK_MASK & ~hand
    if opp_cards is None:
        opp_cards = size * (players - 1)
    opps = max(1, players - 1)
    p_in = min(1.0, opp_cards / max(1, unseen.bit_count()))
    tmask = SUITS[trump] if trump is not None else 0
    trump_each = (unseen & tmask).bit_count() * p_in / opps
    p_trump = 1.0 - math.exp(-trump_each) if trump is not None else 0.0
    out: list[tuple[int, float]] = []
    short = 0
    for suit in range(4):
        shift = 13 * suit
        mine = hand >> shift & 0x1FFF
        if suit != trump and size >= 4:
            short += max(0, 2 - mine.bit_count())
        if mine:
            others = unseen >> shift & 0x1FFF
            for rank, chance in _suit_chances(mine, others, p_in, suit == trump, p_trump, opps):
                out.append((shift + rank, chance))
    if trump is not None and short:
        out = _ruff_bonus(out, trump, short)
    return out


@lru_cache(maxsize=SUIT_CACHE)
def _suit_chances(
    mine: int, others: int, p_in: float, is_trump: bool, p_trump: float, opps: int
) -> tuple[tuple[int, float], ...]:
    """The chances of one suit's cards (13-bit holdings), highest first."""
    length = mine.bit_count()
    each = others.bit_count() * p_in / opps
    out = []
    above = 0
    part = mine
    while part:
        rank = part.bit_length() - 1
        part ^= 1 << rank
        chance = _capture((others >> (rank + 1)).bit_count(), length - above - 1, p_in)
        if not is_trump:
            chance *= _survival(above + 1, each, p_trump, opps) * _SIDE_SCALE
        out.append((rank, chance))
        above += 1
    return tuple(out)


def _capture(higher: int, lower: int, p_in: float) -> float:
    """Chance the card is not beaten within its suit."""
    stay = 1.0 - p_in
    chance = stay**higher
    if higher >= 1 and lower >= 1:
        chance += higher * p_in * stay ** (higher - 1) * 0.5
    if higher >= 2 and lower >= 2:
        chance += higher * (higher - 1) / 2 * p_in * p_in * stay ** (higher - 2) * 0.2
    return min(1.0, chance)


def _survival(rounds: int, each: float, p_trump: float, opps: int) -> float:
    """Chance nobody trumps the suit's ``rounds``-th round (each opponent holding
    about ``each`` cards of it, and a trump with chance ``p_trump``)."""
    if p_trump <= 0.0:
        return 1.0
    term = math.exp(-each)
    cdf = term
    for count in range(1, rounds):
        term *= each / count
        cdf += term
    return (1.0 - min(1.0, cdf) * p_trump) ** opps


def _ruff_bonus(out: list[tuple[int, float]], trump: int, short: int) -> list[tuple[int, float]]:
    """Low trumps beyond the top ones win by ruffing short side suits."""
    result = []
    spare = short
    for index, chance in sorted(out, key=lambda item: item[1], reverse=True):
        if index // 13 == trump and chance < 0.6 and spare > 0:
            chance += (1.0 - chance) * 0.5
            spare -= 1
        result.append((index, chance))
    return result


def calibrated(
    chances: list[tuple[int, float]], trump: int | None, players: int, size: int, lead: bool
) -> list[tuple[int, float]]:
    """Map raw chances to the rates measured in play (:mod:`game.ai.calibration`)
    for this table and hand size; ``lead``: the seat leads the first trick."""
    fits = TABLE.get((players, size))
    if fits is None:
        return chances
    offset = 1 if lead and size <= 3 else 0
    side, trumps = fits[offset], fits[2 + offset]
    out = []
    for index, chance in chances:
        intercept, slope = trumps if trump is not None and index // 13 == trump else side
        out.append((index, min(0.99, max(0.01, intercept + slope * chance))))
    return out


def expected_tricks(
    hand: int, trump: int | None, players: int, size: int | None = None, lead: bool = False
) -> float:
    """The expected tricks of a hand just dealt (``size`` defaults to its length).

    The sum over cards of :func:`card_probs` mapped by :func:`calibrated`,
    computed suit by suit: with every other card unseen, a suit's share depends
    only on its holding, the trump length and (for trumps) the short side suits,
    so each suit's share is remembered (expert weighs thousands of sampled
    deals a decision with this)."""
    size = size if size is not None else hand.bit_count()
    length = hand.bit_count()
    p_in = min(1.0, size * (players - 1) / max(1, PACK_CARDS - length))
    opps = max(1, players - 1)
    p_trump = 0.0
    if trump is not None:
        trumps_out = 13 - (hand >> 13 * trump & 0x1FFF).bit_count()
        p_trump = 1.0 - math.exp(-(trumps_out * p_in / opps))
    short = 0
    if trump is not None and length >= 4:
        for suit in range(4):
            if suit != trump:
                short += max(0, 2 - (hand >> 13 * suit & 0x1FFF).bit_count())
    total = 0.0
    for suit in range(4):
        mine = hand >> 13 * suit & 0x1FFF
        if mine:
            is_trump = suit == trump
            total += _suit_tricks(
                mine, is_trump, short if is_trump else 0, p_in, p_trump, opps, players, size, lead
            )
    return total


PACK_CARDS = FULL_PACK_MASK.bit_count()


SHARES_KEPT = 16_384
"""Suit shares a :class:`TrickEstimator` keeps (about 1.5 MB at most)."""


@lru_cache(maxsize=4)
def trick_estimator(trump: int | None, players: int, size: int, lead: bool) -> TrickEstimator:
    """The estimator for one table and hand, shared by that hand's decisions (the
    last four kept: a hand has one estimator per lead)."""
    return TrickEstimator(trump, players, size, lead)


class TrickEstimator:
    """:func:`expected_tricks` for one seat's hands, each suit's share remembered.

    The same sum, term for term, for one trump suit, table size, hand size and
    lead; a suit's share depends only on its holding, the hand's length and, for
    trumps, the short side suits, for side suits the trumps held. Expert weighs
    thousands of hands a decision with this.

    >>> from game.rules.cards import mask_of, parse_cards
    >>> hand = mask_of(parse_cards("AS KS 7S AH 2C 3D 4D"))
    >>> TrickEstimator(3, 4, 7, False)(hand) == expected_tricks(hand, 3, 4, 7)
    True
    """

    def __init__(self, trump: int | None, players: int, size: int, lead: bool) -> None:
        self.trump = trump
        self.players = players
        self.size = size
        self.lead = lead
        self.sides = [suit for suit in range(4) if suit != trump]
        self.shares: dict[int, float] = {}
        """Each suit's share by suit, holding, hand length and trumps held or short suits."""

    def __call__(self, hand: int) -> float:
        trump = self.trump
        length = hand.bit_count()
        held = short = 0
        if trump is not None:
            held = (hand >> 13 * trump & 0x1FFF).bit_count()
            if length >= 4:
                for suit in self.sides:
                    short += max(0, 2 - (hand >> 13 * suit & 0x1FFF).bit_count())
        shares = self.shares
        total = 0.0
        for suit in range(4):
            mine = hand >> 13 * suit & 0x1FFF
            if mine:
                key = ((suit << 13 | mine) << 6 | length) << 4 | (short if suit == trump else held)
                share = shares.get(key)
                if share is None:
                    if len(shares) >= SHARES_KEPT:
                        shares.clear()
                    share = shares[key] = self._share(mine, suit == trump, length, held, short)
                total += share
        return total

    def _share(self, mine: int, is_trump: bool, length: int, held: int, short: int) -> float:
        """One suit's term, worked out exactly as :func:`expected_tricks` does."""
        players, size = self.players, self.size
        p_in = min(1.0, size * (players - 1) / max(1, PACK_CARDS - length))
        opps = max(1, players - 1)
        p_trump = 0.0
        if self.trump is not None:
            p_trump = 1.0 - math.exp(-((13 - held) * p_in / opps))
        return _suit_tricks(
            mine, is_trump, short if is_trump else 0, p_in, p_trump, opps, players, size, self.lead
        )


@lru_cache(maxsize=4 * SUIT_CACHE)
def _suit_tricks(
    mine: int,
    is_trump: bool,
    short: int,
    p_in: float,
    p_trump: float,
    opps: int,
    players: int,
    size: int,
    lead: bool,
) -> float:
    """One suit's share of :func:`expected_tricks` (``short``: ruffing chances, trumps only)."""
    others = 0x1FFF & ~mine
    chances = list(_suit_chances(mine, others, p_in, is_trump, p_trump, opps))
    if short:
        spare = short
        bonus = []
        for rank, chance in sorted(chances, key=lambda item: item[1], reverse=True):
            if chance < 0.6 and spare > 0:
                chance += (1.0 - chance) * 0.5
                spare -= 1
            bonus.append((rank, chance))
        chances = bonus
    fits = TABLE.get((players, size))
    if fits is None:
        return sum(chance for _, chance in chances)
    offset = 1 if lead and size <= 3 else 0
    intercept, slope = fits[2 + offset] if is_trump else fits[offset]
    return sum(min(0.99, max(0.01, intercept + slope * chance)) for _, chance in chances)


def trick_distribution(chances: Sequence[float]) -> list[float]:
    """The distribution of the number of successes of independent chances."""
    dist = [1.0]
    for chance in chances:
        nxt = [0.0] * (len(dist) + 1)
        miss = 1.0 - chance
        for count, prob in enumerate(dist):
            nxt[count] += prob * miss
            nxt[count + 1] += prob * chance
        dist = nxt
    return dist


def bid_values(
    dist: Sequence[float],
    rules: RuleSet,
    size: int,
    utility: Callable[[int], float] | None = None,
    control: Sequence[float] = CONTROL,
) -> list[float]:
    """The expected value of every bid 0..size when the natural trick count follows
    ``dist`` and play can nudge it one or two tricks towards the bid."""
    values = []
    for bid in range(size + 1):
        exact = hand_points(rules, bid, bid, size)
        made = utility(exact) if utility else float(exact)
        total = 0.0
        for count, prob in enumerate(dist):
            if prob <= 0.0:
                continue
            hit = control[min(abs(count - bid), len(control) - 1)]
            missed = hand_points(rules, bid, min(count, size), size)
            miss = utility(missed) if utility else float(missed)
            total += prob * (hit * made + (1.0 - hit) * miss)
        values.append(total)
    return values


def best_bid(
    dist: Sequence[float],
    rules: RuleSet,
    size: int,
    forbidden: int | None = None,
    utility: Callable[[int], float] | None = None,
    control: Sequence[float] = CONTROL,
) -> int:
    """The legal bid with the highest expected value (the lower bid on ties)."""
    values = bid_values(dist, rules, size, utility, control)
    best, best_value = -1, -math.inf
    for bid, value in enumerate(values):
        if bid != forbidden and value > best_value + 1e-9:
            best, best_value = bid, value
    return best


def guess_bid(
    hand: int,
    trump: int | None,
    players: int,
    size: int,
    forbidden: int | None = None,
    lead: bool = False,
) -> int:
    """A quick model of another player's bid from its whole dealt hand."""
    estimate = expected_tricks(hand, trump, players, size, lead)
    bid = min(size, max(0, int(estimate + 0.5)))
    if bid == forbidden:
        bid = bid + 1 if estimate > bid and bid < size else max(0, bid - 1)
        if bid == forbidden:
            bid += 1
    return bid
