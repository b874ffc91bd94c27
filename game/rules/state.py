"""What the phases' modules read and write of a match: the state of a game.

:class:`~game.rules.match.Match` holds it; dealing, bidding, playing and the views
(:mod:`game.rules.dealing`, :mod:`game.rules.bidding`, :mod:`game.rules.playing`,
:mod:`game.rules.snapshot`) work on it through this protocol, so that they need not
import the match (which imports them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from game.rules.actions import Action
from game.rules.cards import Card, Suit
from game.rules.events import TrickWon
from game.rules.phase import Phase
from game.rules.plan import Plan
from game.rules.results import HandResult, ScoredHand
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView


class MatchState(Protocol):
    """A game in progress, as :class:`~game.rules.match.Match` keeps it."""

    rules: RuleSet
    players: int
    phase: Phase
    dealer: int
    hand_number: int
    hand_size: int
    leader: int
    trump_card: Card | None
    trump: Suit | None
    winners: tuple[int, ...]
    settlement: tuple[float, ...] | None
    actions: list[Action]
    _rng: random.Random
    _plan: Plan
    _next_seat: tuple[int, ...]
    _to_act: int | None
    _hands: list[int]
    _dealt: list[int]
    _bids: list[int | None]
    _taken: list[int]
    _trick: list[Card]
    _won: list[TrickWon]
    _played: int
    _trick_base: int
    _legal: int
    _legal_list: tuple[Action, ...] | None
    _scores: tuple[int, ...]
    _results: tuple[HandResult, ...]
    _unrecorded: tuple[ScoredHand, ...]
    _views: dict[int | None, SeatView]
    _now: tuple[Any, ...] | None
    _frozen: tuple[tuple[int, ...], tuple[TrickWon, ...], tuple[int | None, ...]] | None
    _hand_view: tuple[Any, ...] | None

    @property
    def eldest(self) -> int: ...

    @property
    def bids(self) -> tuple[int | None, ...]: ...

    @property
    def has_bid(self) -> tuple[bool, ...]: ...

    @property
    def awaiting(self) -> tuple[int, ...]: ...

    @property
    def trick(self) -> tuple[Card, ...]: ...

    def cards_of(self, seat: int) -> int: ...

    def forbidden_bid(self, seat: int) -> int | None: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[Action]: ...

    def _shuffled(self) -> list[Card]: ...

    def _new_hand(self, size: int) -> None: ...

    def _changing(self) -> None: ...
