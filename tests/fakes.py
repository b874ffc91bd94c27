"""Stand-ins shared by the UI tests."""

from __future__ import annotations

from game.play.session import GameSession
from game.ui.app import App
from game.ui.kit.scene import Scene


class FakeTable(Scene):
    """Stands in for the table scene: keeps the session it was given."""

    def __init__(self, app: App, session: GameSession, demo: bool = False) -> None:
        super().__init__(app)
        self.session = session

    def close(self) -> None:
        self.session.close()
