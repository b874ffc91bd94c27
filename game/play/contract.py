"""What the table asks of a game session, whoever holds the match.

The local :class:`~game.play.session.GameSession` (the match in this process) and
the network's :class:`~game.net.remote.RemoteSession` (the match on a host) both
give the small core, :class:`TableSession`, so the table, the score sheet and the
menus draw either one the same way. What only some sessions can do is a capability
of its own, a protocol a session gives or does not: the coach
(:class:`CoachSession`), claims (:class:`ClaimSession`), take-backs
(:class:`TakeBackSession`), keeping the game at this screen (:class:`KeptSession`),
a few words said to the table (:class:`TalkSession`). A screen asks once, when it is
built (``session if isinstance(session, CoachSession) else None``), and offers only
what the session has: no session carries stubs for what it cannot do.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Literal, Protocol, runtime_checkable

from game.play.notices import Notice
from game.rules.actions import Action
from game.rules.events import Event
from game.rules.record import Player
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.view import SeatView

if TYPE_CHECKING:
    from game.ai.advice import Advice


Absence = Literal["disconnected", "computer"]
"""Why a seat's player is away from a table played over the network: their connection
dropped, or it dropped so long ago that a computer plays for them (until they are back)."""


class TableSession(Protocol):
    """A game as the screens see it: views, public events, and the players' actions."""

    players: list[Player]
    pending: deque[Event]
    """Public events the table has not shown yet, oldest first."""
    signals: deque[Notice | str]
    """Notices for the table to show, oldest first (someone dropped, whom the table waits
    for, a save that failed): the table queues each and shows it long enough to read
    (:mod:`game.play.notices`; a bare string is news)."""
    absent: dict[int, Absence]
    """The seats whose players are away now, and why (only in a network game)."""

    @property
    def rules(self) -> RuleSet: ...
    @property
    def results(self) -> tuple[HandResult, ...]: ...
    @property
    def humans(self) -> list[int]:
        """The seats played from this screen."""
        ...

    @property
    def thinking(self) -> int | None: ...
    @property
    def deal_number(self) -> int | None:
        """The number that deals the cards (None while a host keeps it secret)."""
        ...

    @property
    def moves(self) -> int: ...
    @property
    def over(self) -> bool: ...
    def human_to_act(self) -> int | None: ...
    def view(self, seat: int | None) -> SeatView: ...
    def opening_view(self, seat: int | None) -> SeatView:
        """What the table shows first (the events in :attr:`pending` go on from it)."""
        ...

    def public(self) -> SeatView: ...
    def explain(self, action: Action) -> str | None: ...
    def act(self, action: Action) -> list[Event]:
        """Act for a seat of this screen; raises IllegalAction or ValueError if not allowed."""
        ...

    def continue_after_hand(self) -> None: ...
    def tick(self, dt: float, speed: float = 1.0) -> None: ...
    def skip_wait(self) -> None: ...
    def close(self) -> None: ...


@runtime_checkable
class CoachSession(TableSession, Protocol):
    """A session whose humans may have the coach (a game held at this screen)."""

    @property
    def coach_on(self) -> bool:
        """Whether the coach shows in this game now (every human at this screen wished it)."""
        ...

    def coach_wished(self, seat: int) -> bool: ...
    def wish_coach(self, seat: int, on: bool) -> None:
        """Turn human ``seat``'s wish for the coach on or off."""
        ...

    def coach_advice(self, seat: int) -> Advice | None:
        """The coach's figures for ``seat``'s decision now; None while it works them out
        (never an answer about another position)."""
        ...


@runtime_checkable
class ClaimSession(TableSession, Protocol):
    """A session where the person to play may claim the rest of the tricks."""

    def can_claim(self) -> bool:
        """Whether the person to play may claim the rest of the tricks (certain)."""
        ...

    def claim(self) -> bool:
        """Claim the rest of the tricks; it is played out as plays. False if not certain."""
        ...


@runtime_checkable
class TakeBackSession(TableSession, Protocol):
    """A session where the player here may take actions back (by the setting)."""

    take_backs_allowed: bool
    """Whether the player at this screen may take actions back (solo games only)."""
    take_backs: int
    """How many times actions were taken back in this game (kept in statistics)."""

    def can_take_back(self) -> bool: ...
    def take_back(self) -> bool:
        """Undo this screen's last action of the hand and what followed; False if none."""
        ...


@runtime_checkable
class KeptSession(TableSession, Protocol):
    """A session this screen keeps: saved as it goes, its record kept when it ends
    (a joined network seat is not: the host keeps the game)."""

    again_of: str | None
    """The kept game whose deals this game plays again, if any."""
    kept: str | None
    """The name this game's record was kept under, once it is over and kept."""

    @property
    def keeping(self) -> bool:
        """Whether this game's record is kept when it ends (for replays, same deals)."""
        ...

    def save(self) -> None: ...


@runtime_checkable
class TalkSession(Protocol):
    """A session whose players may say a few words to the table (a network game)."""

    emotes: deque[tuple[int, str]]
    """What players said to the table (seat, one of the words a network game carries)."""

    def emote(self, word: str) -> None:
        """Say ``word`` to the table."""
        ...
