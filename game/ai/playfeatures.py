"""What the learned play model sees of a card to play: one seat's view and the card.

A :class:`PlaySituation` holds the seat's position at its turn to play, read
from its :class:`~game.ai.knowledge.Knowledge` (:func:`play_situation`) at the
table and unpacked from the self-play records in training, so the two cannot
encode a play differently. :func:`play_features` lists the features of playing
one card there: most are 0 or 1; a few count (a feature listed twice is worth
2), so the network's first layer stays a sum of weight columns.

Cards are canonicalised like the bid's (:func:`~game.ai.features.trump_first_suits`,
on the hand before the card is played). Each card of the hand is seen twice: as
itself, and by how many live cards of its suit outrank it (a card no live card
beats is a master whoever holds what). *Live* cards are the ones that may lie
in another hand: not the seat's own, not played, not the turned card out of play.

>>> from game.rules.cards import mask_of, parse_cards
>>> hand = mask_of(parse_cards("AS KS 2H"))
>>> live = mask_of(parse_cards("QS 3H 4H 5C"))
>>> s = PlaySituation(hand, live, (), 3, 4, 3, 3, 1, (0, 1, 1), (0, 0, 0))
>>> features = play_features(s, 51)
>>> masters(s, 51), WINS_NOW in features, LEADS in features
(0, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.features import trump_first_suits
from game.ai.knowledge import Knowledge
from game.ai.masks import SUITS
from game.rules.ruleset import TrickPoints, ZeroBid
from game.rules.tricks import winning_position

__all__ = [
    "LEADS",
    "PLAY_FEATURES",
    "WINS_NOW",
    "PlaySituation",
    "card_features",
    "kept_features",
    "masters",
    "play_features",
    "play_situation",
    "shared_features",
    "slots_of",
]

MAX_SIZE = 17
MAX_OTHERS = 6
"""The other seats the features cover (a table of seven)."""
RANKS_ABOVE = 6
"""Live cards above a card, counted up to 5 (and more)."""

HAND = 0
HAND_ABOVE = HAND + 52
"""Per suit slot, the hand's cards by live cards above them (a count)."""
CARD = HAND_ABOVE + 4 * RANKS_ABOVE
CARD_ABOVE = CARD + 52
WINS_NOW = CARD_ABOVE + 4 * RANKS_ABOVE
"""The card beats every card played to the trick before it."""
LEADS, FOLLOWS, RUFFS, DISCARDS = range(WINS_NOW + 1, WINS_NOW + 5)
WINNING = DISCARDS + 1
"""The card winning the trick before this one is played."""
BEFORE = WINNING + 52
AFTER = BEFORE + MAX_OTHERS + 1
LED = AFTER + MAX_OTHERS + 1
NEED = LED + 4
"""The seat's bid less its tricks, from -2 (and below) to 12."""
LEFT = NEED + 15
"""Tricks left, the one being played included."""
NEED_ALL = LEFT + MAX_SIZE
"""Needs every trick left."""
OTHER_NEED = NEED_ALL + 1
"""Per other seat in play order from this one: over its bid, on it, needs 1, 2, 3+."""
OTHER_VOIDS = OTHER_NEED + 5 * MAX_OTHERS
"""Per other seat in play order, the suit slots it has shown void."""
PRESSURE = OTHER_VOIDS + 4 * MAX_OTHERS
"""Every seat's tricks still needed less the tricks left, from -4 to +4."""
LIVE_COUNT = PRESSURE + 9
"""Per suit slot, live cards: 0 to 7 and more."""
PLAYERS = LIVE_COUNT + 4 * 8
NO_TRUMP = PLAYERS + 5
EXACT_ONLY, NO_TRICKS, MUST_TRUMP, ZERO_BONUS = range(NO_TRUMP + 1, NO_TRUMP + 5)
PLAY_FEATURES = ZERO_BONUS + 1


@dataclass(frozen=True)
class PlaySituation:
    """A seat at its turn to play, as it sees it (plain integers, as records keep it)."""

    hand: int
    """The seat's cards before it plays (a card mask)."""
    live: int
    """The cards that may lie in another hand."""
    trick: tuple[int, ...]
    """The cards played to the trick before this seat's, in order."""
    trump: int | None
    players: int
    size: int
    tricks_left: int
    """Tricks not yet complete, the one being played included."""
    need: int
    """The seat's bid less the tricks it has taken."""
    others_need: tuple[int, ...]
    """Each other seat's bid less its tricks, in play order from this seat."""
    others_voids: tuple[int, ...]
    """Each other seat's shown voids (4-bit masks by suit), in play order from this seat."""
    must_trump: bool = False
    zero_bonus: bool = False
    trick_points: TrickPoints = TrickPoints.ALWAYS


def play_situation(knowledge: Knowledge) -> PlaySituation:
    """The situation of ``knowledge``'s seat at its turn to play."""
    seat, players = knowledge.seat, knowledge.players
    others = [(seat + step) % players for step in range(1, players)]
    needs = []
    for other in others:
        need = knowledge.need(other)
        needs.append(0 if need is None else need)
    live = knowledge.unseen
    for other in others:
        live |= knowledge.known[other]
    own = knowledge.need(seat)
    rules = knowledge.rules
    return PlaySituation(
        hand=knowledge.hand,
        live=live,
        trick=knowledge.trick,
        trump=knowledge.trump,
        players=players,
        size=knowledge.size,
        tricks_left=knowledge.size - (len(knowledge.history) - len(knowledge.trick)) // players,
        need=0 if own is None else own,
        others_need=tuple(needs),
        others_voids=tuple(knowledge.voids[other] for other in others),
        must_trump=rules.must_trump,
        zero_bonus=rules.zero_bid is not ZeroBid.NONE,
        trick_points=rules.trick_points,
    )


def masters(situation: PlaySituation, card: int) -> int:
    """How many live cards of ``card``'s suit outrank it."""
    suit = card // 13
    return (situation.live & SUITS[suit] & -(2 << card)).bit_count()


def play_features(situation: PlaySituation, card: int) -> list[int]:
    """The features of playing ``card`` (one of the hand's) in ``situation``."""
    slot_of = slots_of(situation)
    shared = shared_features(situation, slot_of)
    for feature in kept_features(situation, card, slot_of):
        shared.remove(feature)
    return shared + card_features(situation, card, slot_of)


def slots_of(situation: PlaySituation) -> dict[int, int]:
    """Each suit's canonical slot (trump first, the side suits longest first)."""
    return {
        suit: slot for slot, suit in enumerate(trump_first_suits(situation.hand, situation.trump))
    }


def shared_features(s: PlaySituation, slot_of: dict[int, int]) -> list[int]:
    """The features of every card of the hand in the situation: the same whatever card is
    played, once that card's :func:`kept_features` are taken away."""
    out: list[int] = []
    rest = s.hand
    while rest:
        index = (rest & -rest).bit_length() - 1
        rest &= rest - 1
        out.extend(kept_features(s, index, slot_of))
    out.append(NEED + min(max(s.need, -2), 12) + 2)
    out.append(LEFT + min(s.tricks_left, MAX_SIZE) - 1)
    if s.need >= s.tricks_left:
        out.append(NEED_ALL)
    for place, (need, voids) in enumerate(zip(s.others_need, s.others_voids, strict=True)):
        if place >= MAX_OTHERS:
            break
        out.append(OTHER_NEED + 5 * place + min(max(need, -1), 3) + 1)
        out.extend(
            OTHER_VOIDS + 4 * place + slot_of[suit] for suit in range(4) if voids >> suit & 1
        )
    needed = max(s.need, 0) + sum(max(need, 0) for need in s.others_need)
    out.append(PRESSURE + min(max(needed - s.tricks_left, -4), 4) + 4)
    for suit, slot in slot_of.items():
        out.append(LIVE_COUNT + 8 * slot + min((s.live & SUITS[suit]).bit_count(), 7))
    out.append(PLAYERS + min(s.players, 7) - 3)
    flags = (
        (s.trump is None, NO_TRUMP),
        (s.trick_points is TrickPoints.EXACT, EXACT_ONLY),
        (s.trick_points is TrickPoints.NEVER, NO_TRICKS),
        (s.must_trump, MUST_TRUMP),
        (s.zero_bonus, ZERO_BONUS),
    )
    out.extend(index for on, index in flags if on)
    return out


def kept_features(s: PlaySituation, card: int, slot_of: dict[int, int]) -> tuple[int, int]:
    """The features of ``card`` as a card the seat keeps."""
    slot = slot_of[card // 13]
    above = min(masters(s, card), RANKS_ABOVE - 1)
    return HAND + 13 * slot + card % 13, HAND_ABOVE + RANKS_ABOVE * slot + above


def card_features(s: PlaySituation, card: int, slot_of: dict[int, int]) -> list[int]:
    """The features of ``card`` as the card played: itself and where it stands in the trick."""
    slot = slot_of[card // 13]
    above = min(masters(s, card), RANKS_ABOVE - 1)
    out = [CARD + 13 * slot + card % 13, CARD_ABOVE + RANKS_ABOVE * slot + above]
    out.extend(_trick_features(s, card, slot_of))
    return out


def _trick_features(s: PlaySituation, card: int, slot_of: dict[int, int]) -> list[int]:
    """Where the card stands in the trick: lead, follow, ruff or discard, and whether it wins."""
    before = len(s.trick)
    out = [BEFORE + min(before, MAX_OTHERS), AFTER + min(s.players - 1 - before, MAX_OTHERS)]
    if not s.trick:
        return [*out, LEADS, WINS_NOW]
    led = s.trick[0] // 13
    winner = s.trick[winning_position(s.trick, s.trump)]
    out.append(LED + slot_of[led])
    out.append(WINNING + 13 * slot_of[winner // 13] + winner % 13)
    suit = card // 13
    if suit == led:
        out.append(FOLLOWS)
    elif suit == s.trump:
        out.append(RUFFS)
    else:
        out.append(DISCARDS)
    if winning_position((*s.trick, card), s.trump) == before:
        out.append(WINS_NOW)
    return out
