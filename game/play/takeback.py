"""Take-backs: the human's last action and every computer action after it, undone.

The action log stays the single truth: a take-back cuts the log and replays what is
left from the seed, so the game after a take-back is exactly the game that those
actions make. Only actions of the hand in progress can be taken back.

>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(3), seed=5)
>>> _ = match.advance_until_decision()
>>> for _step in range(4):
...     _ = match.apply(match.legal_actions()[0])
>>> cut = take_back_point(match, humans=[match.actions[1].seat])
>>> cut
1
>>> again = replay(match.rules, match.seed, match.actions[:cut])
>>> again.actions == match.actions[:1], again.phase.value
(True, 'bidding')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.actions import Action
from game.rules.events import Event
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView
from game.settings import TakeBackChoice

GENTLE_LEVELS = frozenset({"random", "easy", "medium"})


def take_backs_allowed(choice: TakeBackChoice, players: Sequence[Player]) -> bool:
    """Whether a game of ``players`` offers take-backs under the setting ``choice``.

    >>> table = [Player("You"), Player("Ann", "easy"), Player("Bo", "medium")]
    >>> take_backs_allowed("auto", table), take_backs_allowed("never", table)
    (True, False)
    >>> take_backs_allowed("auto", [*table, Player("Cy", "hard")])
    False
    >>> take_backs_allowed("always", [Player("You"), Player("Me")])
    False
    """
    if sum(player.kind == "human" for player in players) != 1 or choice == "never":
        return False
    return choice == "always" or all(
        player.kind in GENTLE_LEVELS for player in players if player.kind != "human"
    )


def actions_this_hand(match: Match) -> int:
    """How many of the log's last actions belong to the hand in progress (0 between hands)."""
    if match.phase not in (Phase.BIDDING, Phase.PLAYING):
        return 0
    view = match.view(None)
    return sum(view.has_bid) + len(view.tricks) * match.players + len(view.trick)


def take_back_point(match: Match, humans: Iterable[int]) -> int | None:
    """Where the log is cut to take back the last action of a seat in ``humans`` made in
    the hand in progress (with everything after it); None when there is none."""
    seats = set(humans)
    log = match.actions
    start = len(log) - actions_this_hand(match)
    for index in range(len(log) - 1, start - 1, -1):
        if log[index].seat in seats:
            return index
    return None


def replay(rules: RuleSet, seed: int, actions: Sequence[Action]) -> Match:
    """The match that ``actions`` make from ``seed``, stopped at the next decision.
    Raises IllegalAction if one of them is not legal where it comes."""
    match = Match(rules, seed)
    for action in actions:
        match.advance_until_decision()
        match.apply(action)
    match.advance_until_decision()
    return match


@dataclass(frozen=True)
class Rewound:
    """A resumed game's last cards, to be shown again: the views as the trick began,
    and the events from there to where the game is."""

    opening: dict[int | None, SeatView]
    """Each seat's view (and the spectator's, under None) as the trick began."""
    events: list[Event]
    match: Match
    """The match where it was: the same actions, replayed."""


def rewind_trick(match: Match) -> Rewound | None:
    """For a game resumed in the middle of a hand: the trick on the table (between two
    tricks, the last one won) from its first card, so the table shows those cards
    played again (and the trick gathered) instead of opening on a trick already
    swept. The log is unchanged: the same actions are replayed from the seed. None
    when there is nothing to show again."""
    if match.phase is not Phase.PLAYING:
        return None
    view = match.view(None)
    count = len(view.trick) or (match.players if view.tricks else 0)
    if count == 0:
        return None
    log = match.actions
    earlier = replay(match.rules, match.seed, log[: len(log) - count])
    opening = {seat: earlier.view(seat) for seat in (None, *range(match.players))}
    events: list[Event] = []
    for action in log[len(log) - count :]:
        events += earlier.apply(action)
    return Rewound(opening, events, earlier)
