"""The dialogs that stop the table between turns and hands."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import _
from game.play.contract import TableSession
from game.play.start import demo_again
from game.rules.phase import Phase
from game.ui.kit import routes
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.pacing import Pacer
from game.ui.table.results import GameOverOverlay, HandResultOverlay

if TYPE_CHECKING:
    from game.ui.kit.scene import SceneHost

DEMO_RESTART = 8.0
"""Seconds the demo shows the game's end before a new game begins."""


class TableDialogs:
    """Opens the dialogs that stop the table (the hotseat curtain, a hand's result,
    the game's end), holding the pacer until each is done; the demo starts a new
    game a moment after the end."""

    def __init__(
        self,
        app: SceneHost,
        session: TableSession,
        pacer: Pacer,
        demo: bool,
        open_menu: Callable[[], None],
    ) -> None:
        self.app, self.session, self.pacer, self.demo = app, session, pacer, demo
        self._open_menu = open_menu
        self._restart_in: float | None = None

    def curtain(self, seat: int, lifted: Callable[[], None]) -> None:
        """Hide the table until ``seat``'s player is ready, then call ``lifted``."""
        self.pacer.blocked = True
        note = ""
        if self.session.public().phase is Phase.BIDDING and self.session.rules.simultaneous_bidding:
            note = _("Everyone bids in secret: the others should look away.")
        name = self.session.players[seat].name

        def ready() -> None:
            self.pacer.blocked = False
            lifted()

        self.app.push(CurtainOverlay(self.app, name, ready, note, on_menu=self._open_menu))

    def hand_result(self, number: int) -> None:
        """The result of hand ``number``; the next hand is dealt when it closes."""
        result = self.session.results[number - 1]
        self.pacer.hold()
        auto = 4.5 / self.app.speed if self.demo else None
        overlay = HandResultOverlay(self.app, self.session, result, self._next_hand, auto)
        self.app.push(overlay)

    def _next_hand(self) -> None:
        self.pacer.blocked = False
        self.session.continue_after_hand()

    def game_over(self) -> None:
        """The game's end (in the demo, a new game follows it)."""
        self.pacer.hold()
        self.app.push(GameOverOverlay(self.app, self.session))
        if self.demo and not self.app.demo_over():
            self._restart_in = DEMO_RESTART

    def restart_demo(self, dt: float) -> bool:
        """Count down to the demo's next game; True once it has replaced the table."""
        if self._restart_in is None:
            return False
        self._restart_in -= dt
        if self._restart_in > 0 or not isinstance(self.app.top, GameOverOverlay):
            return False
        self._restart_in = None
        again = demo_again(self.session.rules, self.session.players)
        self.app.switch(routes.Table(again, demo=True))
        return True
