"""What the table offers besides bids and cards, by what its session can do: the coach,
claims, take-backs, a few words said to the table.

Each is a capability of the session (:mod:`game.play.contract`), looked up once when
the table is built; where the session has none, the table offers none (no button,
no key) and says why when asked.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.i18n import _
from game.play.contract import (
    ClaimSession,
    CoachSession,
    TableSession,
    TakeBackSession,
    TalkSession,
)
from game.ui.table.coachview import follow_coach_setting, toggle_coach
from game.ui.table.frame import Coaching

if TYPE_CHECKING:
    from game.settings import SettingsStore


class Extras:
    """The session's capabilities at the table (None where it has not got one); a demo
    offers none of them."""

    def __init__(self, session: TableSession, demo: bool) -> None:
        self.demo = demo
        self.coach = session if isinstance(session, CoachSession) else None
        self.claims = session if isinstance(session, ClaimSession) else None
        self.take_backs = session if isinstance(session, TakeBackSession) else None
        self.talk: TalkSession | None = session if isinstance(session, TalkSession) else None
        self._taken = self.taken_back()

    # ------------------------------------------------------------ take-backs
    def taken_back(self) -> int:
        """How many times actions were taken back in this game (0 without take-backs)."""
        return self.take_backs.take_backs if self.take_backs is not None else 0

    def taken_back_since(self) -> bool:
        """Whether actions were taken back since the last time this was asked (from the
        pause menu, or the table's own key or button)."""
        taken, self._taken = self._taken, self.taken_back()
        return taken != self._taken

    def undo_state(self, blocked: bool) -> bool | None:
        """For the Undo button: None without take-backs, else whether one is possible."""
        session = self.take_backs
        if session is None or not session.take_backs_allowed or self.demo:
            return None
        return not blocked and session.can_take_back()

    def take_back(self, blocked: bool) -> str | None:
        """Take back the viewer's last action of this hand (not while the table is
        ``blocked``); None when done, else the word why not."""
        session = self.take_backs
        if session is None or not session.take_backs_allowed:
            return _("Take-backs are off for this game.")
        if blocked or self.demo or not session.take_back():
            return _("Nothing to take back in this hand.")
        self._taken = self.taken_back()
        return None

    # ------------------------------------------------------------ claims
    def may_claim(self) -> bool:
        """Whether the person to play may claim the rest of the tricks now."""
        return self.claims is not None and not self.demo and self.claims.can_claim()

    def claim(self) -> bool:
        """Claim the rest of the tricks (the session plays them out); False if not certain."""
        return self.claims is not None and not self.demo and self.claims.claim()

    # ------------------------------------------------------------ the coach
    def coaching(self, viewer: int) -> Coaching | None:
        """The coach's figures for ``viewer``'s decision, when it is on for this game."""
        if self.demo or self.coach is None or not self.coach.coach_on:
            return None
        return Coaching(self.coach.coach_advice(viewer))

    def follow_coach_setting(self, setting: bool) -> None:
        """In a solo game the coach follows the setting."""
        if not self.demo and self.coach is not None:
            follow_coach_setting(self.coach, setting)

    def toggle_coach(self, store: SettingsStore, viewer: int, may_wish: bool) -> str:
        """The C key; returns the word to show."""
        return toggle_coach(self.coach, store, viewer, may_wish)

    # ------------------------------------------------------------ words
    @property
    def may_talk(self) -> bool:
        """Whether the player here may say a few words to the table."""
        return self.talk is not None and not self.demo

    def say(self, word: str) -> None:
        if self.talk is not None:
            self.talk.emote(word)

    def said(self) -> Iterator[tuple[int, str]]:
        """What players said to the table since last time (seat, word), oldest first."""
        while self.talk is not None and self.talk.emotes:
            yield self.talk.emotes.popleft()
