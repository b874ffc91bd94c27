"""What the table's parts may read: one frame's views, never the match.

The scene builds a :class:`Frame` from the session's view of the viewer's seat,
the table's picture of the public state (:class:`~game.ui.table.state.Shown`)
and the layout, and hands it to the hand, the bid panel, the heads-up display
and the painter. Whose turn it is for the viewer is decided here, from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from game.i18n import _
from game.play.contract import Absence
from game.rules.actions import Action
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.record import Player
from game.rules.view import SeatView
from game.ui.table.layout import TableLayout
from game.ui.table.state import Shown

if TYPE_CHECKING:
    from game.ai.advice import Advice


@dataclass(frozen=True)
class Seating:
    """Who watches the table and whether that player may act."""

    viewer: int
    human: bool
    """The viewer is a human at the screen (not a demo, and past any curtain)."""
    idle: bool
    """Every event has been shown."""
    blocked: bool
    """An overlay (curtain, hand result) holds the table."""


def may_play(view: SeatView, seating: Seating) -> bool:
    """The viewer may play a card now."""
    return (
        seating.idle
        and not seating.blocked
        and seating.human
        and view.phase is Phase.PLAYING
        and seating.viewer in view.awaiting
    )


def may_bid(view: SeatView, shown: Shown, seating: Seating) -> bool:
    """The viewer may bid now."""
    if not (seating.human and not seating.blocked and view.phase is Phase.BIDDING):
        return False
    if seating.viewer not in view.awaiting:
        return False
    if seating.idle:
        return True
    # Simultaneous bids may be made while the others' bids are still shown,
    # but not before the deal and the trump card have been seen.
    return (
        view.rules.simultaneous_bidding
        and shown.trump_shown
        and shown.hand_number == view.hand_number
        and shown.counts[seating.viewer] == view.hand_size
    )


@dataclass(frozen=True)
class Coaching:
    """The coach at the viewer's decision: its figures, once worked out."""

    advice: Advice | None
    """None while the coach is thinking."""

    def chance(self, action: Action) -> float | None:
        """The chance of making the bid after ``action`` (None: no figure for it)."""
        if self.advice is None:
            return None
        return next((o.chance for o in self.advice.options if o.action == action), None)

    @property
    def best(self) -> Action | None:
        """The action with the best chance (the first of the figures)."""
        return self.advice.options[0].action if self.advice and self.advice.options else None

    @property
    def choice(self) -> Action | None:
        """What the expert would do."""
        return self.advice.choice if self.advice is not None else None

    @property
    def marked(self) -> Action | None:
        """The action the coach marks (the glowing card, the ringed bid): one with the
        highest figure shown, the expert's own choice among those that tie; so the mark
        and the figures always agree."""
        if self.advice is None or not self.advice.options:
            return None
        top = max(round(option.chance * 100) for option in self.advice.options)
        tied = [o.action for o in self.advice.options if round(o.chance * 100) == top]
        return self.advice.choice if self.advice.choice in tied else tied[0]


def chance_percent(chance: float) -> str:
    """A chance as the coach shows it: a whole percentage ("62%")."""
    return _("{percent}%").format(percent=round(chance * 100))


def awaited(view: SeatView, idle: bool) -> tuple[int, ...]:
    """The seats the table shows as thinking or to act."""
    if view.phase not in (Phase.BIDDING, Phase.PLAYING):
        return ()
    if idle or (view.phase is Phase.BIDDING and view.rules.simultaneous_bidding):
        return view.awaiting
    return ()


@dataclass(frozen=True)
class Frame:
    """Everything the table's parts read to update and draw, for one moment."""

    view: SeatView
    """The viewer's view of the match now."""
    shown: Shown
    """The public state as far as the animations have got."""
    layout: TableLayout
    players: tuple[Player, ...]
    seating: Seating
    clock: float
    title: str
    """The variant's name, for the top bar."""
    hotseat: bool
    demo: bool
    solo: bool
    """Exactly one human plays (the viewer is "You")."""
    thinking: int | None
    """The computer seat deciding now."""
    four_colour: bool
    confirm_play: bool
    explain: Callable[[Action], str | None]
    """Why an action would be refused now, in the engine's words (None when legal)."""
    open_hands: tuple[tuple[Card, ...], ...] | None = None
    """Every seat's cards, drawn face up instead of backs (a replay); None at play."""
    take_backs: bool | None = None
    """None in a game without take-backs; else whether there is one to take now."""
    coach: Coaching | None = None
    """The coach at the viewer's bid or play, when it is on; None otherwise."""
    absent: Mapping[int, Absence] = field(default_factory=dict)
    """The seats whose players are away from a network table, and why."""
    guide: str | None = None
    """The guided first hand's words for the viewer's decision now, if it is on."""
    can_claim: bool = False
    """The viewer may claim the rest of the tricks (every one is certainly theirs)."""
    emotes: bool = False
    """The viewer may say a few words to the table (a network game)."""

    @property
    def viewer(self) -> int:
        return self.seating.viewer

    @property
    def idle(self) -> bool:
        return self.seating.idle

    @property
    def human(self) -> bool:
        return self.seating.human

    @property
    def my_turn(self) -> bool:
        return may_play(self.view, self.seating)

    @property
    def my_bid(self) -> bool:
        return may_bid(self.view, self.shown, self.seating)

    @property
    def to_act(self) -> tuple[int, ...]:
        return awaited(self.view, self.seating.idle)

    def name(self, seat: int) -> str:
        return self.players[seat].name
