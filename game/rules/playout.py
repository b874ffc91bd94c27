"""Fast playouts: the rest of a hand's tricks on card masks, with no events.

Computer players simulate thousands of hands per decision. Going through
:class:`~game.rules.match.Match` would spend most of that time building events
and checking legality, so they play with these functions instead, which apply
the very same rules (:func:`~game.rules.tricks.legal_mask` and
:func:`~game.rules.tricks.winning_position`) to plain integers: a hand is a
mask of card indexes, a trick a list of indexes, a suit a number 0-3.

>>> from game.rules.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(text)) for text in ("AS 2H", "KS 3H", "QS 4H")]
>>> random_playout(hands, leader=0, trump=None, must_trump=False, rng=random.Random(1))
[1, 0, 1]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.tricks import legal_mask, winning_position


def random_playout(
    hands: Sequence[int],
    leader: int,
    trump: int | None,
    must_trump: bool,
    rng: random.Random,
    trick: Sequence[int] = (),
) -> list[int]:
    """Play the rest of the hand with random legal cards; return the tricks each
    seat takes from here on. ``trick`` holds the indexes already played to the
    trick in progress, which ``leader`` led; ``hands`` are not changed."""
    hands = list(hands)
    players = len(hands)
    taken = [0] * players
    chance = rng.random
    cards = list(trick)
    led = cards[0] // 13 if cards else None
    seat = (leader + len(cards)) % players
    while True:
        while len(cards) < players:
            hand = hands[seat]
            mask = legal_mask(hand, led, trump, must_trump)
            for _ in range(int(chance() * mask.bit_count())):
                mask &= mask - 1
            low = mask & -mask
            hands[seat] = hand ^ low
            index = low.bit_length() - 1
            if led is None:
                led = index // 13
            cards.append(index)
            seat = (seat + 1) % players
        leader = (leader + winning_position(cards, trump)) % players
        taken[leader] += 1
        if not hands[leader]:
            return taken
        seat = leader
        cards = []
        led = None


def deal_masks(rng: random.Random, players: int, size: int) -> tuple[list[int], int | None]:
    """Deal ``size`` random cards to each seat from a full pack, one at a time;
    the next card, if any, is turned for trumps. Returns the hands and the trump suit."""
    dealt = size * players
    pack = rng.sample(_INDEXES, dealt + 1 if dealt < 52 else dealt)
    hands = [0] * players
    for position in range(dealt):
        hands[position % players] |= 1 << pack[position]
    return hands, (pack[dealt] // 13 if dealt < 52 else None)


_INDEXES = range(52)
