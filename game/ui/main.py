"""Starting the game: ``ohhell`` opens the title screen.

``ohhell --demo`` plays a game with computer players in every seat;
``ohhell --screenshot FILE --seed S --after N`` saves a picture of a game after N
actions and exits. Run ``ohhell --help`` for every option.
"""

from __future__ import annotations

import argparse
import os
import random
import sys

import pygame

from game.i18n import _, set_language
from game.instance import AlreadyRunning, InstanceLock
from game.settings import SettingsStore
from game.ui import screenshot
from game.ui.app import HEADLESS_DRIVERS, App, open_window
from game.ui.kit import routes
from game.ui.kit.icon import render_icon


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The options of ``ohhell``; refuses (exit 2) any the table or the preset cannot take."""
    from game import cliargs
    from game.rules.errors import RulesError
    from game.rules.presets import get_preset

    parser = cliargs.Parser(prog="ohhell", description=__doc__)
    parser.add_argument("--demo", action="store_true", help="computer players in every seat")
    parser.add_argument(
        "--players", type=cliargs.player_count, default=4, help="seats in the demo (3-8)"
    )
    parser.add_argument(
        "--screenshot",
        metavar="FILE.png",
        type=cliargs.output_file(".png"),
        help="save a picture and exit",
    )
    parser.add_argument("--seed", type=cliargs.deal_seed, help="the deal number")
    parser.add_argument(
        "--after",
        type=cliargs.bounded_int(0, cliargs.MAX_AFTER),
        default=0,
        help="actions before the screenshot",
    )
    parser.add_argument(
        "--scene",
        default="table",
        choices=screenshot.SCENES,
        help="what to picture (with --screenshot)",
    )
    parser.add_argument("--variant", default="oh-hell", help="the preset pictured")
    parser.add_argument(
        "--size", type=cliargs.window_size, help="window size for the screenshot, e.g. 1920x1080"
    )
    parser.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    parser.add_argument("--fast", action="store_true", help="demo at full speed")
    parser.add_argument(
        "--first-frame", action="store_true", help="quit once the first frame is shown (timing)"
    )
    parser.add_argument(
        "--exit-at-end", action="store_true", help="quit when the demo game is over"
    )
    args = parser.parse_args(argv)
    if args.screenshot and not args.demo:
        try:
            get_preset(args.variant).rules(args.players)
        except RulesError as error:
            parser.error(str(error))
    return args


def main(argv: list[str]) -> int:
    """Open the game window and play; returns the exit status."""
    args = parse_args(argv)
    store = SettingsStore()
    set_language(store.settings.language)
    if args.screenshot and not args.demo:
        status: int = screenshot.take_screenshot(store, args)
        return status
    lock = InstanceLock()
    if not args.demo:
        try:
            lock.acquire()
        except AlreadyRunning as error:
            print(error, file=sys.stderr)
            return 3
    try:
        return _play(store, args)
    finally:
        lock.release()


def _play(store: SettingsStore, args: argparse.Namespace) -> int:
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
        screen = open_window(store.settings)
    except pygame.error as error:
        return _no_display(error)
    app = App(screen, store)
    app.fast, app.exit_at_end, app.final_screenshot = args.fast, args.exit_at_end, args.screenshot
    app.first_frame_only = args.first_frame
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1, 10**6)
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
