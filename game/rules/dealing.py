"""Choosing the first dealer and dealing a hand: the match's automatic phases.

Every card comes from the match's own ``random.Random(seed)``, shuffled by
:func:`shuffled` (the library's shuffle, inlined: exactly the same numbers are
drawn, so a deal number deals the same cards on every Python this runs on).
"""

from __future__ import annotations

import random
from typing import Any

from game.rules.bidding import legal_bids
from game.rules.cards import PACK, Card, mask_of
from game.rules.events import DealerChosen, Event, HandDealt, TrumpTurned
from game.rules.plan import Plan
from game.rules.ruleset import FirstDealer, RuleSet
from game.rules.state import HandState

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


def deal(rules: RuleSet, plan: Plan, pack: list[Card], number: int, dealer: int) -> HandState:
    """Hand ``number``, dealt by ``dealer`` from the shuffled ``pack``: each seat's cards,
    the trump card turned (if the rules turn one), the bidding open."""
    players, hand = rules.players, plan.hand(number)
    size = hand.size
    hands = [0] * players
    for offset in range(players):
        seat = (dealer + 1 + offset) % players
        hands[seat] = mask_of(pack[offset : size * players : players])
    trump_card = None if hand.turned is None else pack[hand.turned]
    eldest = (dealer + 1) % players
    to_act = None if rules.simultaneous_bidding else eldest
    state = HandState(
        players=players,
        number=number,
        dealer=dealer,
        size=size,
        trump_card=trump_card,
        trump=None if trump_card is None else trump_card.suit,
        dealt=tuple(hands),
        hands=hands,
        bids=(None,) * players,
        taken=(0,) * players,
        to_act=to_act,
        legal=(),
        leader=eldest,
        trick=(),
        tricks=(),
    )
    if to_act is not None:
        state.legal = legal_bids(rules, state, to_act)
    return state


def dealt_events(plan: Plan, state: HandState) -> list[Event]:
    """What the table sees of a deal: the hand dealt, then the card turned for trumps
    or why there are no trumps."""
    hand = plan.hand(state.number)
    card = state.trump_card
    if card is None:
        assert hand.no_trump is not None
        turned: Event = hand.no_trump
    else:
        turned = TrumpTurned(card, card.suit, plan.dealers_card)
    return [HandDealt(state.number, state.dealer, state.size, plan.rules.stripped), turned]
