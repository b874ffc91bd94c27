"""The scene contract: every screen handles events, updates and draws.

Scenes read the state they are given and send messages up to the app through
:class:`SceneHost` (``self.app.open(route)``, ``self.app.pop()``, ``self.app.quit()``);
drawing never changes game state. The app keeps a stack: the top scene gets the
input, every scene is updated, and scenes are drawn from the topmost opaque one up,
so overlays (score sheet, dialogs) are drawn over the table.

Lifecycle, in order: ``__init__`` (nothing drawn yet), ``resize`` and ``enter`` when
pushed, then each frame ``handle_event`` (top scene only), ``update`` and ``draw``;
``enter`` again whenever the scenes above it are popped; ``close`` once when the app
drops it (replaced, or the game quits), which must stop anything it started.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui.kit.layers import Layer

if TYPE_CHECKING:
    from game.rules.record import Player
    from game.rules.ruleset import RuleSet
    from game.settings import Settings, SettingsStore
    from game.ui.kit.routes import Route
    from game.ui.kit.sound import Sounds


class SceneHost(Protocol):
    """What a scene may ask of the app: the window, the settings, the scene stack and
    the saved game. Scenes never see the app's class, so any host (a test's, a
    replay viewer's) can run them."""

    @property
    def settings(self) -> Settings: ...
    @property
    def store(self) -> SettingsStore: ...
    @property
    def sounds(self) -> Sounds: ...
    @property
    def speed(self) -> float: ...
    @property
    def computer_speed(self) -> float: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def scale(self) -> float: ...
    @property
    def scenes(self) -> Sequence[Scene]: ...
    @property
    def top(self) -> Scene | None: ...
    @property
    def autosave_path(self) -> Path: ...

    def open(self, route: Route) -> None:
        """Push the screen ``route`` names over the current one."""

    def switch(self, route: Route) -> None:
        """Close every scene and show the screen ``route`` names."""

    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (it is closed)."""

    def quit(self) -> None: ...
    def toggle_fullscreen(self) -> None: ...
    def has_saved_game(self) -> bool: ...
    def set_aside_save(self, error: BaseException) -> str: ...
    def start_game(
        self, rules: RuleSet, seed: int, players: list[Player], again_of: str | None = None
    ) -> None: ...
    def ask_before_replacing(self, start: Callable[[], None]) -> bool:
        """Run ``start`` (a new game) at once, or after asking when it would replace
        the saved game; True when it asked."""
        ...

    def continue_game(self) -> str | None: ...
    def start_demo(self, seed: int, players: int = 4) -> None: ...
    def demo_over(self) -> bool: ...


class Scene:
    """A screen of the game. Subclasses override what they need."""

    opaque = True
    """False for overlays that let the scene below show through."""
    layer = Layer.TABLE
    """Its place in the layer stack (:mod:`game.ui.kit.layers`): a whole screen is on
    the table's layer; a dialog, the curtain, a list over it on theirs."""

    def __init__(self, app: SceneHost) -> None:
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

    def damage(self) -> list[pygame.Rect] | None:
        """Where the last :meth:`draw` changed the surface: a list of areas (empty when
        nothing changed), or None for anywhere, so the whole window is shown anew."""
        return None

    def close(self) -> None:
        """The app dropped the scene: stop what it started (threads, timers, sounds)."""

    @property
    def busy(self) -> bool:
        """True while something moves, so the app keeps a high frame rate."""
        return False
