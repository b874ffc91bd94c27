"""A finished game stepped through again: every moment rebuilt from its action log.

The kept record is replayed from its seed, and each moment of the game (a hand just
dealt, every bid, every card) is kept as the spectator's view and every seat's cards
at that moment, so a viewer can draw the table with all hands face up, forward and
back, trick by trick and hand by hand. A trick stays on the cloth, with its winner,
until the next card is led.

>>> import dataclasses
>>> from game.rules.presets import PRESETS
>>> rules = dataclasses.replace(PRESETS["oh-hell"].rules(3), max_hands=2)
>>> match = Match(rules, seed=3)
>>> while match.phase is not Phase.GAME_OVER:
...     _ = match.advance_until_decision() or match.apply(match.legal_actions()[0])
>>> replay = Replay.of(match)
>>> replay.moments[0].kind, replay.moments[-1].view.phase.value
('dealt', 'game-over')
>>> len(replay.moments) == len(match.actions) + len(match.results)
True
>>> view, action = replay.decision(1)
>>> view.seat == action.seat and action in view.legal
True
>>> index, view, action = replay.decisions({0})[0]
>>> replay.decision(index) == (view, action) and len(view.legal) > 1
True
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Literal

from game.play.takeback import replay
from game.rules.actions import Action, Bid
from game.rules.cards import Card
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView

MomentKind = Literal["dealt", "bid", "card", "trick"]
"""A hand just dealt, a bid, a card played, or the card that ended a trick."""


@dataclass(frozen=True)
class Moment:
    """The table at one step of a replayed game."""

    kind: MomentKind
    view: SeatView
    """The spectator's view at this moment (every public fact, no cards in hand)."""
    hands: tuple[tuple[Card, ...], ...]
    """Every seat's cards at this moment."""
    cloth: tuple[tuple[int, Card], ...]
    """The cards on the cloth, by seat: the trick in play, or the trick just won."""
    winner: int | None
    """Who won the trick on the cloth, once it is complete."""
    action: Action | None
    """The action that led here (None for a deal)."""

    @property
    def hand_number(self) -> int:
        return self.view.hand_number


@dataclass(frozen=True)
class Replay:
    """Every moment of one game, in order."""

    moments: tuple[Moment, ...]
    rules: RuleSet
    seed: int
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, match: Match) -> Replay:
        """The replay of ``match`` (played to its end or not), from its seed."""
        return cls(tuple(_moments(match)), match.rules, match.seed, tuple(match.actions))

    def decision(self, index: int) -> tuple[SeatView, Action] | None:
        """The hook for analysis: the view the acting seat had when it chose the action
        that led to moment ``index`` (its own cards, its legal actions), and that
        action; None for a deal. An analyser (the coach) asks its computer player
        what it would have done in that view."""
        action = self.moments[index].action
        if action is None:
            return None
        before = sum(1 for moment in self.moments[:index] if moment.action is not None)
        match = replay(self.rules, self.seed, self.actions[:before])
        return match.view(action.seat), action

    def decisions(self, seats: Collection[int]) -> list[tuple[int, SeatView, Action]]:
        """Every decision of ``seats`` that had a choice (more than one legal action), in
        one pass: the index of the moment it led to, the seat's view and the action
        (what :meth:`decision` gives for that index)."""
        match = Match(self.rules, self.seed)
        found: list[tuple[int, SeatView, Action]] = []
        index = 0
        for action in self.actions:
            if match.phase.automatic:
                match.advance_until_decision()
                index += 1  # the deal's moment
            if action.seat in seats:
                view = match.view(action.seat)
                if len(view.legal) > 1:
                    found.append((index, view, action))
            match.apply(action)
            index += 1
        return found

    def hand_start(self, number: int) -> int:
        """The index of the moment hand ``number`` was dealt (the nearest one)."""
        starts = [i for i, m in enumerate(self.moments) if m.kind == "dealt"]
        if not starts:
            return 0
        return starts[max(0, min(number, len(starts)) - 1)]

    def step(self, index: int, by: int) -> int:
        """``by`` moments on from ``index`` (back when negative), within the game."""
        return max(0, min(len(self.moments) - 1, index + by))

    def next_trick(self, index: int, forward: bool = True) -> int:
        """The next (or previous) moment that ends a trick or deals a hand."""
        return self._next(index, forward, ("trick", "dealt"))

    def next_hand(self, index: int, forward: bool = True) -> int:
        """The next (or previous) deal; forward from the last hand, the game's end."""
        found = self._next(index, forward, ("dealt",))
        if forward and found == index:
            return len(self.moments) - 1
        return found

    def _next(self, index: int, forward: bool, kinds: Sequence[str]) -> int:
        order = range(index + 1, len(self.moments)) if forward else range(index - 1, -1, -1)
        return next((i for i in order if self.moments[i].kind in kinds), index)


def _moments(source: Match) -> list[Moment]:
    match = Match(source.rules, source.seed)
    moments: list[Moment] = []
    for action in source.actions:
        if match.phase.automatic:
            match.advance_until_decision()
            moments.append(_moment(match, "dealt", None))
        tricks = len(match.tricks)
        match.apply(action)
        done = len(match.tricks) > tricks or match.phase in (Phase.HAND_SCORED, Phase.GAME_OVER)
        kind: MomentKind = "bid" if isinstance(action, Bid) else "trick" if done else "card"
        moments.append(_moment(match, kind, action))
    return moments


def _moment(match: Match, kind: MomentKind, action: Action | None) -> Moment:
    view = match.view(None)
    hands = tuple(match.hand(seat) for seat in range(match.players))
    winner: int | None = None
    if kind == "trick":
        last = match.results[-1].tricks[-1] if not match.tricks else match.tricks[-1]
        cards = last.cards
        cloth = tuple(((last.leader + i) % match.players, card) for i, card in enumerate(cards))
        winner = last.winner
    else:
        start = match.leader
        cloth = tuple(((start + i) % match.players, card) for i, card in enumerate(match.trick))
    return Moment(kind, view, hands, cloth, winner, action)
