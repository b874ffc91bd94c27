"""Heuristic playouts on card masks: every seat plays to its bid.

The searches finish sampled deals with these. A seat that still needs tricks
takes them as cheaply as it can; a seat that has its bid ducks, shedding its
most dangerous cards. Legality and trick winners come from
:mod:`game.rules.tricks`, as everywhere else.

``smart`` playouts see the whole sampled deal: a seat that wants the trick
plays the lowest card that no later seat can beat, and leads trumps before
side winners that could be ruffed. They cost a little more and play better.

>>> from game.rules.cards import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(text)) for text in ("AS 2H", "KS 3H", "QS 4H")]
>>> playout(hands, 0, [], None, False, [1, 0, 1], False, False)
[1, 0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.masks import SUITS, highest_rank, lowest_rank
from game.rules.tricks import legal_mask, winning_position


def playout(
    hands: list[int],
    leader: int,
    trick: Sequence[int],
    trump: int | None,
    must_trump: bool,
    need: list[int],
    over_wants: bool,
    smart: bool,
    winners: list[int] | None = None,
) -> list[int]:
    """Play the hand out; return the tricks each seat takes from here on.

    ``hands`` and ``need`` (tricks each seat still wants; negative when over) are
    consumed. ``trick`` holds the indexes already played by ``leader`` onwards.
    ``over_wants``: a seat over its bid still wants tricks (points per trick).
    ``winners``, if given, receives the winning card of every trick.
    """
    players = len(hands)
    taken = [0] * players
    live = 0
    for hand in hands:
        live |= hand
    cards = list(trick)
    seat = (leader + len(cards)) % players
    while True:
        while len(cards) < players:
            hand = hands[seat]
            led = cards[0] // 13 if cards else None
            legal = legal_mask(hand, led, trump, must_trump)
            if legal & (legal - 1):
                left = need[seat]
                want = left > 0 or (over_wants and left < 0)
                if smart:
                    later = []
                    for step in range(1, players - len(cards)):
                        other = (seat + step) % players
                        wanted = need[other]
                        if wanted > 0 or (over_wants and wanted < 0):
                            later.append(hands[other])
                    others = live & ~hand
                    spare = want and left > 0 and _sure(hand, others, trump) > left
                    last = len(cards) == players - 1
                    bit = _smart(
                        hand, legal, cards, want, others, trump, later, last, hands, seat, spare
                    )
                else:
                    bit = basic_card(hand, legal, cards, want, live & ~hand, trump, players)
            else:
                bit = legal
            hands[seat] = hand ^ bit
            live ^= bit
            cards.append(bit.bit_length() - 1)
            seat = seat + 1 if seat + 1 < players else 0
        position = winning_position(cards, trump)
        if winners is not None:
            winners.append(cards[position])
        leader = (leader + position) % players
        taken[leader] += 1
        need[leader] -= 1
        if not hands[leader]:
            return taken
        seat = leader
        cards = []


def beaters(legal: int, cards: list[int], trump: int | None) -> int:
    """The legal cards that would win the trick as it stands."""
    best = cards[winning_position(cards, trump)]
    suit = best // 13
    beat = legal & SUITS[suit] & -(2 << best)
    if trump is not None and suit != trump:
        beat |= legal & SUITS[trump]
    return beat


def basic_card(
    hand: int, legal: int, cards: list[int], want: bool, others: int, trump: int | None, n: int
) -> int:
    if not cards:
        return 1 << (lead_want(hand, others, trump) if want else lead_avoid(hand, others, trump))
    beat = beaters(legal, cards, trump)
    if want:
        if not beat:
            return 1 << discard_low(legal, trump)
        if len(cards) == n - 1:
            return beat & -beat
        suit = (beat.bit_length() - 1) // 13
        rest = others & SUITS[suit]
        safe = beat & -(2 << (rest.bit_length() - 1)) if rest else beat
        return safe & -safe if safe else 1 << (beat.bit_length() - 1)
    return duck(legal, beat, trump, len(cards) == n - 1)


def duck(legal: int, beat: int, trump: int | None, last: bool) -> int:
    """Keep out of the trick: the highest card that does not win, shedding side suits first."""
    safe = legal & ~beat
    if safe:
        side = safe & ~SUITS[trump] if trump is not None else safe
        return 1 << highest_rank(side or safe)
    if last:
        return 1 << (beat.bit_length() - 1)
    return beat & -beat


def discard_low(legal: int, trump: int | None) -> int:
    side = legal & ~SUITS[trump] if trump is not None else legal
    return lowest_rank(side or legal)


def lead_want(hand: int, others: int, trump: int | None) -> int:
    """Lead a winner: a top trump while others hold trumps, else a top side card."""
    side_boss = -1
    for suit in range(4):
        mine = hand & SUITS[suit]
        if not mine:
            continue
        high = mine.bit_length() - 1
        if (others & SUITS[suit]).bit_length() - 1 < high:
            if suit == trump and others & SUITS[suit]:
                return high
            if suit != trump or side_boss < 0:
                side_boss = high
    if side_boss >= 0:
        return side_boss
    return discard_low(hand, trump)


def lead_avoid(hand: int, others: int, trump: int | None) -> int:
    """Lead the low card most likely to be beaten."""
    best, best_key = -1, (99, 99)
    for suit in range(4):
        mine = hand & SUITS[suit]
        if not mine:
            continue
        index = (mine & -mine).bit_length() - 1
        over = (others & SUITS[suit] & -(2 << index)).bit_count()
        key = (0 if over else 1, index - 13 * suit + (13 if suit == trump else 0))
        if key < best_key:
            best, best_key = index, key
    return best


def _smart(
    hand: int,
    legal: int,
    cards: list[int],
    want: bool,
    others: int,
    trump: int | None,
    later: list[int],
    last: bool,
    hands: list[int],
    seat: int,
    spare: bool,
) -> int:
    """``later``: the hands still to play to this trick that want tricks.
    ``spare``: the seat holds more sure winners than it needs, so it wins with
    its highest cards and throws high ones away, keeping low cards to duck with."""
    if not cards:
        if want:
            return 1 << _smart_lead(hand, others, trump, hands, seat)
        return 1 << _smart_avoid_lead(hand, others, trump, later)
    beat = beaters(legal, cards, trump)
    if want:
        if not beat:
            return duck(legal, 0, trump, False) if spare else 1 << discard_low(legal, trump)
        safe = beat & _unbeatable(cards[0] // 13, trump, later, beat)
        if safe:
            return 1 << (safe.bit_length() - 1) if spare else safe & -safe
        return beat & -beat if last else 1 << discard_low(legal, trump)
    if beat and not legal & ~beat and not last:
        topped = beat & ~_unbeatable(cards[0] // 13, trump, later, beat)
        return 1 << (topped or beat).bit_length() - 1
    return duck(legal, beat, trump, last)


def _sure(hand: int, others: int, trump: int | None) -> int:
    """How many of ``hand``'s cards no other hand can beat in their suit."""
    count = 0
    trumps_out = trump is not None and others & SUITS[trump]
    for suit in range(4):
        mine = hand & SUITS[suit]
        if not mine:
            continue
        rest = others & SUITS[suit]
        if rest:
            count += (mine & -(2 << (rest.bit_length() - 1))).bit_count()
        elif suit == trump or not trumps_out:
            count += mine.bit_count()
    return count


def _unbeatable(led: int, trump: int | None, later: list[int], beat: int) -> int:
    """The cards of ``beat`` that no later seat could top in this trick."""
    top_led = -1
    top_ruff = -1
    led_mask = SUITS[led]
    tmask = SUITS[trump] if trump is not None else 0
    for other in later:
        follow = other & led_mask
        if follow:
            top_led = max(top_led, follow.bit_length() - 1)
        elif other & tmask:
            top_ruff = max(top_ruff, (other & tmask).bit_length() - 1)
    if trump is not None and beat & tmask and led != trump:
        return beat & tmask & -(2 << top_ruff) if top_ruff >= 0 else beat
    if top_ruff >= 0:
        return 0
    return beat & -(2 << top_led) if top_led >= 0 else beat


def _smart_avoid_lead(hand: int, others: int, trump: int | None, later: list[int]) -> int:
    """Lead the low card a seat that wants tricks will beat, else any low loser."""
    wanting = 0
    for other in later:
        wanting |= other
    best, best_key = -1, (9, 99)
    for suit in range(4):
        mine = hand & SUITS[suit]
        if not mine:
            continue
        index = (mine & -mine).bit_length() - 1
        over = -(2 << index) & SUITS[suit]
        rank = index - 13 * suit + (13 if suit == trump else 0)
        key = (0 if wanting & over else 1 if others & over else 2, rank)
        if key < best_key:
            best, best_key = index, key
    return best


def _smart_lead(hand: int, others: int, trump: int | None, hands: list[int], seat: int) -> int:
    """Draw trumps with a top trump, then cash side winners nobody can ruff."""
    tmask = SUITS[trump] if trump is not None else 0
    risky = -1
    for suit in range(4):
        mine = hand & SUITS[suit]
        if not mine:
            continue
        high = mine.bit_length() - 1
        if (others & SUITS[suit]).bit_length() - 1 >= high:
            continue
        if suit == trump:
            if others & tmask:
                return high
            risky = high
            continue
        ruff = any(
            other & tmask and not other & SUITS[suit]
            for player, other in enumerate(hands)
            if player != seat
        )
        if not ruff:
            return high
        if risky < 0:
            risky = high
    if risky >= 0:
        return risky
    return discard_low(hand, trump)
