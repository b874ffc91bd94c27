"""Choosing the first dealer and dealing a hand: the match's automatic phases.

Every card comes from the match's own ``random.Random(seed)``, shuffled by
:func:`shuffled` (the library's shuffle, inlined: exactly the same numbers are
drawn, so a deal number deals the same cards on every Python this runs on).
"""

from __future__ import annotations

import operator
import random
from typing import Any

from game.rules.cards import PACK, Card
from game.rules.events import DealerChosen, Event
from game.rules.phase import Phase
from game.rules.plan import TRUMPS_TURNED
from game.rules.ruleset import FirstDealer, RuleSet
from game.rules.state import MatchState

_MASK_OF = operator.attrgetter("mask")
_SHUFFLE_STEPS = tuple((i, i + 1, (i + 1).bit_length()) for i in reversed(range(1, len(PACK))))


def fast_shuffle(rng: random.Random, pack: list[Any]) -> None:
    """``rng.shuffle(pack)`` for a whole pack, drawing exactly the same numbers from
    ``rng`` (so every deal stays the same), with the loop inlined: a fifth of a random
    game went into the library's per-card calls."""
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        pack[i], pack[j] = pack[j], pack[i]


def _same_as_library() -> bool:
    """Whether :func:`fast_shuffle` matches this Python's ``random.shuffle`` (checked
    once, at import: should a future Python shuffle differently, the library's is used)."""
    if random.Random.shuffle.__code__ is not _LIBRARY_SHUFFLE_CODE:
        return False
    for seed in range(20):
        ours, theirs = list(PACK), list(PACK)
        first, second = random.Random(seed), random.Random(seed)
        fast_shuffle(first, ours)
        second.shuffle(theirs)
        if ours != theirs or first.random() != second.random():
            return False
    return True


_LIBRARY_SHUFFLE_CODE = random.Random.shuffle.__code__
FAST_SHUFFLE = _same_as_library()


def shuffled(rng: random.Random) -> list[Card]:
    """A whole pack, shuffled by ``rng``."""
    pack = list(PACK)
    if FAST_SHUFFLE and type(rng) is random.Random:
        fast_shuffle(rng, pack)
    else:
        rng.shuffle(pack)
    return pack


def choose_dealer(rules: RuleSet, rng: random.Random) -> DealerChosen:
    """The first dealer, as the rules choose it: at random, the first jack dealt face
    up, or the highest card cut (cut again among those tied)."""
    players, method = rules.players, rules.first_dealer
    if method is FirstDealer.RANDOM:
        return DealerChosen(rng.randrange(players), method)
    if method is FirstDealer.FIRST_JACK:
        draws = []
        for index, card in enumerate(shuffled(rng)):
            draws.append((index % players, card))
            if card.rank == 11:
                break
        return DealerChosen(draws[-1][0], method, (tuple(draws),))
    rounds = []
    contenders = list(range(players))
    while len(contenders) > 1:
        draw = tuple(zip(contenders, shuffled(rng), strict=False))
        rounds.append(draw)
        top = max(card.rank for _, card in draw)
        contenders = [seat for seat, card in draw if card.rank == top]
    return DealerChosen(contenders[0], method, tuple(rounds))


def deal(match: MatchState) -> list[Event]:
    """Deal ``match``'s next hand, turn its trump card (if the rules turn one) and
    open the bidding; the hand's events."""
    players, number, dealer, plan = match.players, match.hand_number, match.dealer, match._plan
    hand = plan.hand(number)
    size = hand.size
    pack = match._shuffled()
    hands = match._hands
    for offset in range(players):
        seat = (dealer + 1 + offset) % players
        # The cards are distinct bits, so their sum is their union.
        hands[seat] = sum(map(_MASK_OF, pack[offset : size * players : players]))
    match._dealt = hands.copy()
    match._new_hand(size)
    if hand.turned is None:
        match.trump_card = match.trump = None
        trump_event: Event = hand.no_trump  # type: ignore[assignment]
    else:
        card = match.trump_card = pack[hand.turned]
        match.trump = card.suit
        trump_event = TRUMPS_TURNED[plan.dealers_card][card.index]
    match.phase = Phase.BIDDING
    match._to_act = None if match.rules.simultaneous_bidding else (dealer + 1) % players
    return [plan.hand_dealt(number, dealer, size), trump_event]
