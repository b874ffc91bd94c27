"""The hidden-card check the computer-player tests share.

A decision may depend only on the seat's view and a seed. The check makes
independent copies of a position (the match deep-copied) in which every other
hand is dealt again, consistently with everything the seat has seen (each seat
keeps its number of cards, shown voids stay void, a card known to be in a hand
stays there), verifies the seat's view is the same in every copy, and asks for a
decision in each: it must be the same. :class:`Peeking` is a player that reads
the other hands (through a side channel, since views have none) and is caught by
the check; :func:`clairvoyant` makes the searches sample the true deal instead of
inferred ones, and is caught too.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import random
from collections.abc import Callable, Iterator, Sequence

from game.ai import make_agent
from game.ai.base import Agent
from game.ai.sampling import DealSampler
from game.rules import PRESETS, Match, SeatView
from game.rules.actions import Action
from game.rules.cards import SUIT_MASKS
from game.rules.phase import Phase

Decide = Callable[[SeatView], object]
"""One decision (or the coach's figures) from a view, by a player made afresh."""


class Checked:
    """Wraps an agent: checks it only ever gets a SeatView and answers legally."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.level = inner.level
        self.decisions = 0

    def choose(self, view: SeatView) -> Action:
        assert type(view) is SeatView
        for field in dataclasses.fields(view):
            assert not isinstance(getattr(view, field.name), Match)
        action = self.inner.choose(view)
        assert action in view.legal, f"{self.level} chose illegal {action} in {view.legal}"
        self.decisions += 1
        return action


def medium_position(moves: int, seed: int = 77) -> tuple[Match, list[Agent]]:
    """A 4-player oh-hell match after ``moves`` bids and plays by medium players, and
    those players (to play on with)."""
    match = Match(PRESETS["oh-hell"].rules(4), seed)
    movers = [make_agent("medium", seat) for seat in range(4)]
    match.advance_until_decision()
    for _ in range(moves):
        seat = match.awaiting[0]
        match.apply(movers[seat].choose(match.view(seat)))
    return match, movers


# ------------------------------------------------------------- redealing
def shown_voids(view: SeatView) -> list[int]:
    """Per seat, the suits (as a card mask) it has shown it does not hold."""
    voids = [0] * view.players
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick:
        tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        led = cards[0].suit
        for position, card in enumerate(cards):
            player = (leader + position) % view.players
            if card.suit != led:
                voids[player] |= SUIT_MASKS[led]
                trump = view.trump
                if view.rules.must_trump and trump is not None and card.suit != trump:
                    voids[player] |= SUIT_MASKS[trump]
    return voids


def played_by(view: SeatView) -> list[int]:
    """Per seat, the cards it has played this hand."""
    played = [0] * view.players
    tricks = [(trick.leader, trick.cards) for trick in view.tricks]
    tricks.append((view.leader, view.trick))
    for leader, cards in tricks:
        for position, card in enumerate(cards):
            played[(leader + position) % view.players] |= card.mask
    return played


def redealt(match: Match, seat: int, rng: random.Random) -> Match:
    """An independent copy of ``match`` whose other hands are dealt again from the
    cards they hold between them, as ``seat`` could not tell apart; raises
    AssertionError if no other deal is possible."""
    view = match.view(seat)
    others = [other for other in range(match.players) if other != seat]
    voids = shown_voids(view)
    fixed = dict.fromkeys(others, 0)
    holder = view.trump_card_held_by
    if holder is not None and holder != seat and view.trump_card is not None:
        fixed[holder] = view.trump_card.mask  # the dealer's turned card stays with them
    pool = [
        1 << index
        for index in range(52)
        if any(match.cards_of(other) >> index & 1 for other in others)
        and not any(fixed[other] >> index & 1 for other in others)
    ]
    old = {other: match.cards_of(other) for other in others}
    for _attempt in range(2000):
        rng.shuffle(pool)
        hands = dict(fixed)
        room = {other: old[other].bit_count() - fixed[other].bit_count() for other in others}
        for card in pool:
            fits = [o for o in others if room[o] and not card & voids[o]]
            if not fits:
                break
            chosen = rng.choice(fits)
            hands[chosen] |= card
            room[chosen] -= 1
        else:
            if hands != old or len(others) == 0:
                return _with_hands(match, hands, view)
    raise AssertionError("no other deal fits what the seat has seen")


def _with_hands(match: Match, hands: dict[int, int], view: SeatView) -> Match:
    twin = copy.deepcopy(match)  # independent: its own state, no view handed out yet
    played = played_by(view)
    state = twin._hand
    dealt = list(state.dealt)
    for other, hand in hands.items():
        state.hands[other] = hand
        dealt[other] = hand | played[other]
    state.dealt = tuple(dealt)
    union = [0, 0]
    for other in hands:
        union[0] |= match.cards_of(other)
        union[1] |= twin.cards_of(other)
    assert union[0] == union[1]  # the same cards, in other hands
    return twin


def copies(match: Match, seat: int, count: int = 3, seed: int = 1) -> list[Match]:
    """``count`` independent redeals of ``match`` around ``seat``, each one's view of
    ``seat`` checked equal to the original's (the seat's information unchanged)."""
    rng = random.Random(seed)
    twins = [redealt(match, seat, rng) for _ in range(count)]
    original = match.view(seat)
    for twin in twins:
        view = twin.view(seat)
        assert view is not original and view == original
        assert any(twin.cards_of(o) != match.cards_of(o) for o in range(match.players) if o != seat)
    return twins


def decides_the_same(match: Match, seat: int, decide: Decide, count: int = 3) -> bool:
    """Whether ``decide`` gives the same answer in the position and in ``count``
    redeals of it."""
    first = decide(copy.deepcopy(match).view(seat))
    return all(decide(twin.view(seat)) == first for twin in copies(match, seat, count))


# ------------------------------------------------------------- positions
def positions(preset: str, players: int, seed: int) -> Iterator[tuple[str, Match, int]]:
    """Positions of a game by medium players with at least two legal actions for
    the seat to act: its first bid, the dealer's bid, a lead, a follow, and a
    play near the end of a hand."""
    match = Match(PRESETS[preset].rules(players), seed)
    movers = [make_agent("medium", seed * 8 + seat) for seat in range(players)]
    wanted = ["first bid", "dealer's bid", "lead", "follow", "late play"]
    while wanted:
        match.advance_until_decision()
        if not match.awaiting:
            break  # the game is over
        seat = match.awaiting[0]
        view = match.view(seat)
        kind = _kind(view)
        if kind in wanted and len(view.legal) >= 2 and _redealable(match, seat):
            wanted.remove(kind)
            yield kind, copy.deepcopy(match), seat
        match.apply(movers[seat].choose(view))


def _kind(view: SeatView) -> str:
    if view.phase is Phase.BIDDING:
        if view.seat == view.dealer:
            return "dealer's bid"
        return "first bid" if not any(view.has_bid) else "later bid"
    if sum(view.hand_counts) <= 12 and view.hand_size >= 5:
        return "late play"
    return "lead" if not view.trick else "follow"


def _redealable(match: Match, seat: int) -> bool:
    try:
        redealt(match, seat, random.Random(0))
    except AssertionError:
        return False
    return True


def standard_positions() -> list[tuple[str, Match, int]]:
    """The positions every hidden-card test asks about: oh-hell for 4 and Blob for 5
    (bids in turn, the hook), and Nomination Whist's no-hook rules for 3."""
    found = [
        *positions("oh-hell", 4, 5),
        *positions("blob", 5, 9),
        *positions("nomination-whist", 3, 4),
    ]
    assert len(found) >= 12
    return found


# ------------------------------------------------------------- cheats
class Peeking:
    """A player that reads the other hands through a side channel (its ``peek``) and
    lets them change its choice: the honest level's action, or the next legal one
    when the hidden cards say so. The hidden-card check must catch it."""

    def __init__(self, honest: Decide, peek: Callable[[], Sequence[int]]) -> None:
        self.honest = honest
        self.peek = peek

    def __call__(self, view: SeatView) -> object:
        action = self.honest(view)
        hidden = tuple(hand for other, hand in enumerate(self.peek()) if other != view.seat)
        if hash(hidden) % 2:
            legal = list(view.legal)
            return legal[(legal.index(action) + 1) % len(legal)]  # type: ignore[arg-type]
        return action


def caught_peeking(match: Match, seat: int, honest: Decide, count: int = 3) -> bool:
    """Whether the check tells :class:`Peeking` (reading the hands of the copy it
    decides in) from an honest player in this position."""
    boards = [copy.deepcopy(match), *copies(match, seat, count)]
    answers = []
    for board in boards:
        cheat = Peeking(honest, _hands_of(board))
        answers.append(cheat(board.view(seat)))
    return len(set(map(repr, answers))) > 1


def _hands_of(board: Match) -> Callable[[], list[int]]:
    return lambda: list(map(board.cards_of, range(board.players)))


@contextlib.contextmanager
def clairvoyant(board: Match) -> Iterator[None]:
    """The searches' deal sampler hands out the true deal of ``board`` (a search that
    reads every hand)."""
    original = DealSampler.sample

    def true_deal(self: DealSampler, rng: random.Random) -> list[int]:
        return list(map(board.cards_of, range(board.players)))

    DealSampler.sample = true_deal  # type: ignore[method-assign]
    try:
        yield
    finally:
        DealSampler.sample = original  # type: ignore[method-assign]
