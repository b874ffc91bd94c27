"""The application: window, scene stack and the thin main loop.

:class:`App` is the :class:`~game.ui.kit.scene.Host` every scene talks to; it builds
screens from routes through :mod:`game.ui.registry` and switches the window
(:mod:`game.ui.window`) on F11. Starting the program (options, the instance lock,
the first scene) is :mod:`game.ui.main`.
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.instance import ShowRequests
from game.play.autosave import flush_all
from game.resources import data_dir
from game.rules.errors import RecordError
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.settings import MAX_WINDOW, Settings, SettingsStore
from game.ui import registry
from game.ui.kit import routes, theme
from game.ui.kit.files import save_png
from game.ui.kit.routes import Route
from game.ui.kit.scene import Scene
from game.ui.window import MIN_SIZE, GameWindow

if TYPE_CHECKING:
    from game.play.start import StartSettings

FPS_BUSY = 60
FPS_IDLE = 30
FPS_FAST = 250  # leaves the computer players' thread time to think
LOOK_EVERY = 0.5
"""Seconds between looks for a second copy's request to show the window."""
SHOWN_AGAIN = frozenset(
    (
        pygame.VIDEOEXPOSE,
        pygame.WINDOWEXPOSED,
        pygame.WINDOWSHOWN,
        pygame.WINDOWRESTORED,
        pygame.WINDOWMAXIMIZED,
        pygame.WINDOWSIZECHANGED,
    )
)
"""Window events after which the whole window is shown anew, not only what changed."""


class App:
    """Owns the window, the settings and the scene stack; scenes message it."""

    def __init__(
        self, screen: pygame.Surface, store: SettingsStore, window: GameWindow | None = None
    ) -> None:
        self.screen = screen
        self.store = store
        self.window = window or GameWindow()
        self.show_requests: ShowRequests | None = None
        """Where a second copy asks this one to show its window (with the lock held)."""
        self._since_look = 0.0
        self._f11_down = False
        self._layout_size = screen.get_size()
        """The size every scene was last laid out for."""
        self.fast = False
        """Animations and computer players at full speed (``--fast``)."""
        self.exit_at_end = False
        """Quit when the demo game is over (``--exit-at-end``)."""
        self.final_screenshot: str | None = None
        self.first_frame_only = False
        self.scenes: list[Scene] = []
        self._damage: list[pygame.Rect] | None = None
        """What the frames drawn since the last :meth:`present` changed (None: anywhere)."""
        self._closed = False
        self.running = True
        self.clock = pygame.time.Clock()
        from game.ui.kit.sound import Sounds

        self.sounds = Sounds(store.settings)
        theme.use_contrast(store.settings.high_contrast)
        theme.use_look(store.settings.table_colour, store.settings.card_back)

    # ------------------------------------------------------------ scenes
    @property
    def settings(self) -> Settings:
        return self.store.settings

    @property
    def speed(self) -> float:
        """How fast animations run and computer players act (1.0 is normal)."""
        return 1000.0 if self.fast else self.settings.animation_speed

    @property
    def computer_speed(self) -> float:
        """How quickly computer players act (1.0 is normal), apart from the animations."""
        return 1000.0 if self.fast else self.settings.computer_speed

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        return theme.scale_for(self.size)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def open(self, route: Route) -> None:
        self.push(registry.build(self, route))

    def switch(self, route: Route) -> None:
        self.replace(registry.build(self, route))

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().close()
            self._closed = True
        if self.top:
            self.top.enter()

    def replace(self, scene: Scene) -> None:
        """Make ``scene`` the only scene."""
        self.close_scenes()
        self.push(scene)

    def remove(self, scene: Scene) -> None:
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
        else:
            return
        scene.close()
        self._closed = True

    def close_scenes(self) -> None:
        """Close every scene (stopping any computer player thinking) and empty the stack."""
        for scene in self.scenes:
            scene.close()
        self.scenes = []
        self._closed = True

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------- games
    @property
    def autosave_path(self) -> Path:
        return data_dir() / "autosave.json"

    _bad_save: tuple[int, int] | None = None
    """Size and time of an autosave found unreadable that could not be moved aside."""

    def has_saved_game(self) -> bool:
        """Whether there is a saved game to offer (not one already found unreadable)."""
        flush_all()  # a save still being written counts
        try:
            info = self.autosave_path.stat()
        except OSError:
            return False
        return self.autosave_path.is_file() and (info.st_size, info.st_mtime_ns) != self._bad_save

    def set_aside_save(self, error: BaseException) -> str:
        """Keep an unreadable autosave aside under a new name (or, if it cannot be
        moved, stop offering it); returns what to tell the player."""
        from game.i18n import clip
        from game.i18n.reasons import error_words
        from game.storage import keep_aside

        print(f"The saved game could not be read: {clip(error_words(error))}", file=sys.stderr)
        kept = keep_aside(self.autosave_path)
        if kept is not None:
            return _(
                "Your saved game could not be read and was kept as {name}; start a new game."
            ).format(name=kept.name)
        with contextlib.suppress(OSError):
            info = self.autosave_path.stat()
            self._bad_save = (info.st_size, info.st_mtime_ns)
        return _("Your saved game could not be read; start a new game.")

    def start_game(
        self, rules: RuleSet, seed: int, players: list[Player], again_of: str | None = None
    ) -> None:
        """Start a new game at the table (replacing any saved game); ``again_of`` names
        the kept game whose deals it plays again."""
        from game.play.start import new_game

        self.switch(routes.Table(new_game(rules, seed, players, self._start(), again_of)))

    def _start(self) -> StartSettings:
        """What a game started now takes from the settings, and where it is saved."""
        from game.play.start import StartSettings

        settings = self.settings
        return StartSettings(self.autosave_path, settings.take_backs, settings.kept_games)

    def ask_before_replacing(self, start: Callable[[], None]) -> bool:
        """``start`` a new game at once when no game is saved; else ask first whether
        to replace the saved one (``start`` runs only on Replace). True when it asked.
        A saved game that cannot be read is kept aside (nothing is lost) and ``start``
        runs."""
        from game.ui.menus.confirm import ConfirmOverlay
        from game.ui.menus.summary import read_saved_game

        if not self.has_saved_game():
            start()
            return False
        try:
            saved = read_saved_game(self.autosave_path)
        except (OSError, RecordError) as error:
            self.set_aside_save(error)
            start()
            return False
        detail = _("Your saved game ({game}) will be replaced.").format(game=saved.brief())
        answers = (_("Replace"), _("Keep"))
        self.push(ConfirmOverlay(self, _("Start a new game?"), detail, answers, start))
        return True

    def continue_game(self) -> str | None:
        """Resume the saved game; returns a message for the player if it cannot be read."""
        from game.play.start import continued_game

        flush_all()
        try:
            session = continued_game(self._start())
        except (OSError, RecordError) as error:
            return self.set_aside_save(error)
        self.switch(routes.Table(session))
        return None

    def start_demo(self, seed: int, players: int = 4) -> None:
        """Computer players in every seat: Oh Hell, or Up and Down the River for 8."""
        from game.play.start import demo_game

        self.switch(routes.Table(demo_game(seed, players, quick=self.fast), demo=True))

    def demo_over(self) -> bool:
        """The demo game ended: with ``--exit-at-end`` save the picture and quit
        (returns True); otherwise the table deals a new demo game."""
        if not self.exit_at_end:
            return False
        self.frame(0.0)
        if self.final_screenshot:
            save_png(self.screen, self.final_screenshot)
        self.quit()
        return True

    # -------------------------------------------------------- the window
    def show_window(self) -> None:
        """Show the window made hidden by ``open_window``, full screen if the settings say."""
        self.window.show(self.settings.fullscreen)
        self._follow_window()

    def toggle_fullscreen(self) -> None:
        """Switch the window to the other mode than its own; the setting follows."""
        self.window.toggle()
        self._follow_window()

    def _follow_window(self) -> None:
        """Make the setting say what the window is, and lay the screens out for it."""
        if self.settings.fullscreen != self.window.fullscreen:
            self.store.update(fullscreen=self.window.fullscreen)
        self.screen = pygame.display.get_surface() or self.screen
        self._damage = None
        self._resized()

    def _window_resized(self, width: int, height: int) -> None:
        """The window changed size, resized by the player or by a switch: lay out again
        and, while windowed, remember the size. Never switches modes itself."""
        if not self.window.fullscreen:
            size = (
                min(max(MIN_SIZE[0], width), MAX_WINDOW[0]),
                min(max(MIN_SIZE[1], height), MAX_WINDOW[1]),
            )
            if size != self.settings.window_size:
                self.store.update(window_size=size)
        self.screen = pygame.display.get_surface() or self.screen
        self._damage = None
        if self.size != self._layout_size:
            self._resized()

    def _resized(self) -> None:
        self._layout_size = self.size
        for scene in self.scenes:
            scene.resize(self.size)

    def look_for_requests(self, dt: float) -> None:
        """Every :data:`LOOK_EVERY` seconds, answer a second copy's request to show
        the window by bringing it to the front."""
        self._since_look += dt
        if self.show_requests is None or self._since_look < LOOK_EVERY:
            return
        self._since_look = 0.0
        if self.show_requests.pending():
            self.show_requests.reply(self.window.bring_forward())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in SHOWN_AGAIN:
            self._damage = None
        if event.type == pygame.QUIT:
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self._window_resized(event.w, event.h)
        elif event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == pygame.K_F11:
            # One switch per press: a held key's repeats are not presses.
            if event.type == pygame.KEYDOWN and not self._f11_down:
                self.toggle_fullscreen()
            self._f11_down = event.type == pygame.KEYDOWN
        elif self.top is not None:
            self.top.handle_event(event)

    def frame(self, dt: float) -> None:
        """Update every scene, then draw from the topmost opaque one up."""
        if self._closed:
            # The closed scenes are unreachable now. Free them at once: their cycles
            # (and the pictures they hold) would otherwise wait for a full collection.
            self._closed = False
            gc.collect()
        for scene in list(self.scenes):
            scene.update(dt)
        first = max((i for i, scene in enumerate(self.scenes) if scene.opaque), default=0)
        drawn = self.scenes[first:]
        for scene in drawn:
            scene.draw(self.screen)
        damage = drawn[0].damage() if len(drawn) == 1 else None
        if damage is None or self._damage is None:
            self._damage = None
        else:
            self._damage += damage

    def present(self) -> None:
        """Show the frames drawn since the last call: only the areas they changed when
        their scene says which (a software display then copies only those), otherwise
        the whole window."""
        damage, self._damage = self._damage, []
        if damage is None:
            pygame.display.flip()
        elif damage:
            pygame.display.update(damage)

    @staticmethod
    def _warm_up() -> None:
        """After the first frame: start the players' worker (while the title is shown)
        and load the table's modules, which the first picture did not need."""
        from game.play import thinker

        thinker.warm_up()
        registry.preload()

    def run(self) -> int:
        first = True
        while self.running and self.scenes:
            busy = any(scene.busy for scene in self.scenes)
            fps = FPS_FAST if self.fast else FPS_BUSY if busy else FPS_IDLE
            # The first frame is drawn at once (a tick would wait out a frame's time
            # since the clock was made); after it, the audio device opens.
            dt = min(0.1, self.clock.tick(0 if first else fps) / 1000)
            for event in pygame.event.get():
                self.handle(event)
            self.look_for_requests(dt)
            self.frame(dt)
            self.present()
            if self.first_frame_only:
                self.quit()
            elif first:
                self.sounds.open()
                self._warm_up()
            first = False
        self.close_scenes()
        return 0
