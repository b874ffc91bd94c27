"""Starting the game: ``ohhell`` opens the title screen.

``ohhell --demo`` plays a game with computer players in every seat;
``ohhell --screenshot FILE --seed S --after N`` saves a picture of a game after N
actions and exits. Run ``ohhell --help`` for every option.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
from collections.abc import Callable

import pygame

from game.exits import ALREADY_RUNNING
from game.i18n import _, system_language
from game.instance import RAISED, AlreadyRunning, InstanceLock, ShowRequests, wait_for_reply
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.icon import render_icon
from game.ui.kit import routes
from game.ui.options import parse_args
from game.ui.window import HEADLESS_DRIVERS, open_window

Tell = Callable[[str, str], None]
"""Shows the player a title and a message."""


def main(argv: list[str]) -> int:
    """Open the game window and play; returns the exit status."""
    return play_in_window(parse_args(argv))


def play_in_window(args: argparse.Namespace) -> int:
    """Play as the options (:func:`~game.ui.options.parse_args`) say; the exit status."""
    store = SettingsStore()
    choose_language(store, getattr(args, "lang", None))
    if args.screenshot and not args.demo:
        from game.ui import screenshot

        status: int = screenshot.take_screenshot(store, args)
        return status
    lock = InstanceLock()
    requests = ShowRequests(lock.path.parent)
    if not args.demo:
        try:
            lock.acquire()
        except AlreadyRunning as error:
            return already_running(error, requests)
    try:
        return _play(store, args, requests if lock.held else None)
    finally:
        lock.release()


def choose_language(store: SettingsStore, asked: str | None) -> str:
    """The language of the window: ``--lang`` (kept as the setting), else the one
    chosen in Settings, else on first start the system's (kept too); English when
    the system's has no catalog."""
    code = asked or store.settings.language or system_language()
    store.speak(code)
    return code


def already_running(error: AlreadyRunning, requests: ShowRequests, tell: Tell | None = None) -> int:
    """A second copy: say so on stderr, ask the running copy to come to the front and,
    unless it did, tell the player in a message box."""
    print(error, file=sys.stderr)
    brought_forward = requests.ask() and wait_for_reply(requests) == RAISED
    requests.forget()
    if not brought_forward:
        (tell or message_box)(
            _("Oh Hell is already open"),
            _("Oh Hell is already running. Switch to its window to go on playing."),
        )
    return ALREADY_RUNNING


def message_box(title: str, text: str) -> None:
    """Show ``text`` in a message box where there is a screen; nothing otherwise."""
    if os.environ.get("SDL_VIDEODRIVER") in HEADLESS_DRIVERS:
        return
    try:
        pygame.display.init()
        if pygame.display.get_driver() not in HEADLESS_DRIVERS:
            pygame.display.message_box(title, text, "info")
    except pygame.error:
        pass  # no screen, or no message boxes here: the line on stderr stays
    finally:
        pygame.display.quit()


def _play(store: SettingsStore, args: argparse.Namespace, requests: ShowRequests | None) -> int:
    try:
        pygame.display.init()
        pygame.font.init()
    except pygame.error as error:
        return _no_display(error)
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        # SDL fell back to drawing into memory: the window would be invisible.
        return _no_display(_("no screen was found"))
    settings = store.settings
    if args.windowed and settings.fullscreen:
        store.update(fullscreen=False)
    try:
        pygame.display.set_icon(render_icon(64))
        app = App(open_window(store.settings), store)
        app.show_window()
    except pygame.error as error:
        return _no_display(error)
    if requests is not None:
        requests.forget()  # one left by a copy that gave up waiting
        app.show_requests = requests
    app.fast, app.exit_at_end, app.final_screenshot = args.fast, args.exit_at_end, args.screenshot
    app.first_frame_only = args.first_frame
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
    # What is loaded by now (modules, classes, fonts, settings) lives as long as the
    # program: moved out of the collector's generations, no collection walks it again.
    # The scenes come after, so a closed scene's pictures are still freed.
    gc.freeze()
    if args.demo:
        app.start_demo(seed, args.players)
    else:
        app.open(routes.Title())
    try:
        return app.run()
    finally:
        pygame.quit()


def _no_display(error: object) -> int:
    message = _(
        "Oh Hell needs a graphical display, and none could be opened ({error}). "
        "Run it from a desktop session; on a server, set SDL_VIDEODRIVER=dummy for the "
        "headless commands."
    ).format(error=error)
    print(message, file=sys.stderr)
    return 1
