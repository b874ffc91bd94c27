"""The computer player contract, the random player and a match runner.

An agent is built for one seat with a seed, and asked for an action with the
seat's view; it never sees the match itself.

>>> from game.rules import PRESETS
>>> agents = [RandomAgent(seed) for seed in range(4)]
>>> match = play_match(PRESETS["oh-hell"].rules(4), 5, agents)
>>> match.phase.value, len(match.results)
('game-over', 19)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from game.rules.actions import Action
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView


class Agent(Protocol):
    """A computer player: picks one of ``view.legal`` for the seat it plays."""

    level: str

    def choose(self, view: SeatView) -> Action: ...


_WIDTHS = tuple(count.bit_length() for count in range(64))


class RandomAgent:
    """Any legal action, uniformly: the floor, for tests and benchmarks."""

    level = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        # ``self.rng.choice(view.legal)`` with its two inner calls inlined: the same
        # numbers are drawn, so every seeded game stays the same.
        legal = view.legal
        count = len(legal)
        if not count:
            raise IndexError("Cannot choose from an empty sequence")
        bits = self.rng.getrandbits
        width = _WIDTHS[count] if count < 64 else count.bit_length()
        pick = bits(width)
        while pick >= count:
            pick = bits(width)
        return legal[pick]


def play_match(rules: RuleSet, seed: int, agents: Sequence[Agent]) -> Match:
    """Play a whole game with computer players in every seat."""
    if len(agents) != rules.players:
        raise ValueError(f"{len(agents)} agents for a table of {rules.players}")
    match = Match(rules, seed)
    over = Phase.GAME_OVER
    while (phase := match.phase) is not over:
        if phase.automatic:  # a plain attribute (``in AUTOMATIC`` would hash the enum in Python)
            match.advance()
            continue
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
    return match
