"""The scene contract: every screen handles events, updates and draws.

Scenes read the state they are given and send messages up to the app
(``self.app.push(...)``, ``self.app.pop()``, ``self.app.quit()``); drawing never
changes game state. The app keeps a stack: the top scene gets the input,
every scene is updated, and scenes are drawn from the topmost opaque one up,
so overlays (score sheet, dialogs) are drawn over the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """A screen of the game. Subclasses override what they need."""

    opaque = True
    """False for overlays that let the scene below show through."""

    def __init__(self, app: App) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute the layout."""

    def handle_event(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene receives them)."""

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds (animations, timers, computer players)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change any game state."""

    @property
    def busy(self) -> bool:
        """True while something moves, so the app keeps a high frame rate."""
        return False
