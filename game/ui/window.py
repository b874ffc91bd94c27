"""The game's one window, switched between a window and full screen in place.

The window is made once (:func:`open_window`) and never re-created: re-creating it
for each switch (``display.set_mode``) made the window manager place it anew, a title
bar lower each time, and the new window's focus could replay a held F11 as a fresh
press, switching again and again. :class:`GameWindow` switches with SDL's desktop full
screen, puts back the windowed size and place it noted before going full screen, and
reads the mode from the window itself, never from a setting that may be stale.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import Callable
from typing import Protocol

import pygame

from game import __version__
from game.settings import Settings

MIN_SIZE = (960, 540)
"""The smallest window the screens are laid out for."""
HEADLESS_DRIVERS = ("offscreen", "dummy")
RAISING_DRIVERS = ("x11", "windows", "cocoa")
"""Where a program may bring its own window to the front (Wayland lets it only ask)."""

Pair = tuple[int, int]


class Native(Protocol):
    """What :class:`GameWindow` needs of a window: pygame's, or a test's stand-in."""

    @property
    def fullscreen(self) -> bool: ...

    size: Pair
    position: Pair

    def set_fullscreen(self) -> None: ...
    def set_windowed(self) -> None: ...
    def show(self) -> None: ...
    def bring_forward(self) -> bool:
        """Restore, raise and focus the window; whether the platform lets it."""


class DisplayWindow:
    """The window of ``pygame.display`` seen as a :class:`Native`."""

    def __init__(self) -> None:
        with warnings.catch_warnings():
            # Deprecated only as a way to draw through Window; the display module
            # draws here, the Window handle only moves, sizes and switches it.
            warnings.simplefilter("ignore", DeprecationWarning)
            self.window = pygame.Window.from_display_module()

    @property
    def fullscreen(self) -> bool:
        return bool(pygame.display.is_fullscreen())

    @property
    def size(self) -> Pair:
        return self.window.size

    @size.setter
    def size(self, size: Pair) -> None:
        self.window.size = size

    @property
    def position(self) -> Pair:
        return self.window.position

    @position.setter
    def position(self, position: Pair) -> None:
        self.window.position = position

    def set_fullscreen(self) -> None:
        self.window.set_fullscreen(desktop=True)

    def set_windowed(self) -> None:
        self.window.set_windowed()

    def show(self) -> None:
        self.window.show()

    def bring_forward(self) -> bool:
        self.window.restore()
        self.window.focus()
        with contextlib.suppress(pygame.error):  # not every platform can flash
            self.window.flash(pygame.FLASH_UNTIL_FOCUSED)
        return pygame.display.get_driver() in RAISING_DRIVERS


class GameWindow:
    """Switches the window between windowed and full screen, keeping its place."""

    def __init__(self, native: Callable[[], Native] = DisplayWindow) -> None:
        self._native = native
        self._windowed: tuple[Pair, Pair] | None = None
        """Position and size noted when the window last went full screen."""

    @property
    def fullscreen(self) -> bool:
        """Whether the window is full screen now (whatever the settings say)."""
        return self._native().fullscreen

    def set_fullscreen(self, on: bool) -> bool:
        """Make the window full screen or windowed; returns whether it changed."""
        window = self._native()
        if window.fullscreen == on:
            return False
        if on:
            self._windowed = (window.position, window.size)
            window.set_fullscreen()
            return True
        window.set_windowed()
        if self._windowed is not None:
            position, size = self._windowed
            if window.size != size:
                window.size = size
            if window.position != position:
                window.position = position
        return True

    def show(self, fullscreen: bool) -> None:
        """Show the window (made hidden), full screen or not."""
        self.set_fullscreen(fullscreen)
        self._native().show()

    def toggle(self) -> bool:
        """Switch to the other mode than the window's own; returns whether it changed."""
        return self.set_fullscreen(not self.fullscreen)

    def bring_forward(self) -> bool:
        """Show the window to the player; whether it could be brought to the front."""
        return self._native().bring_forward()


def prefer_native_framebuffer() -> None:
    """With X11, let SDL show the window's pixels through the X server's shared memory,
    not through an OpenGL texture of the whole window, unless the player's environment
    says otherwise (``SDL_FRAMEBUFFER_ACCELERATION``). Call it after
    ``pygame.display.init`` and before the window is made.

    SDL 2 uses the texture with X11 by default (except under WSL, where it already
    prefers the native way). Without a graphics card, as under Xvfb or a software OpenGL,
    that texture cost 20-45 ms a 1080p frame, whatever changed, against 1 ms for the
    native copy, which also copies only the areas
    :meth:`game.ui.app.App.present` names. Other drivers (Wayland, KMS/DRM) may have
    no native framebuffer, so they are left as they are."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


def open_window(settings: Settings) -> pygame.Surface:
    """Make the window, hidden until :meth:`GameWindow.show`, at the settings' size,
    no larger than the desktop, never smaller than :data:`MIN_SIZE`."""
    prefer_native_framebuffer()
    pygame.display.set_caption(f"Oh Hell {__version__}")
    size = fit_desktop(settings.window_size)
    screen = pygame.display.set_mode(size, pygame.RESIZABLE | pygame.HIDDEN)
    DisplayWindow().window.minimum_size = (min(MIN_SIZE[0], size[0]), min(MIN_SIZE[1], size[1]))
    return screen


def fit_desktop(size: Pair) -> Pair:
    """``size`` made to fit the main desktop, when there is a real one."""
    if pygame.display.get_driver() in HEADLESS_DRIVERS:
        return size
    try:
        desktops = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        return size
    if not desktops or min(desktops[0]) <= 0:
        return size
    return min(size[0], desktops[0][0]), min(size[1], desktops[0][1])
