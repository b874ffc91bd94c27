"""Checks the computer-player tests share: an agent that only ever gets a seat's view
and answers legally, and positions whose hidden hands can be redealt."""

from __future__ import annotations

import dataclasses
import random

from game.ai import make_agent
from game.ai.base import Agent
from game.rules import PRESETS, Match, SeatView
from game.rules.actions import Action
from game.rules.cards import SUIT_MASKS


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


def scramble_opponents(match: Match, seat: int) -> None:
    """Swap same-suit cards between the other hands: every shown void stays true."""
    rng = random.Random(1)
    others = [other for other in range(match.players) if other != seat]
    hands = match._hands
    swaps = 0
    for first in others:
        for second in others:
            for suit in SUIT_MASKS:
                a, b = hands[first] & suit, hands[second] & suit
                if first < second and a and b:
                    card_a = rng.choice([1 << i for i in range(52) if a >> i & 1])
                    card_b = rng.choice([1 << i for i in range(52) if b >> i & 1])
                    hands[first] ^= card_a | card_b
                    hands[second] ^= card_a | card_b
                    swaps += 1
    assert swaps > 0
