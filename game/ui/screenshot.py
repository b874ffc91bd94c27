"""``ohhell --screenshot FILE``: draw one scene off-screen, save it and exit.

    ohhell --screenshot table.png --seed 7 --after 40 --size 1920x1080
    ohhell --screenshot sheet.png --scene scoresheet --after 200

The table scenes show a game of ``--variant`` (default ``oh-hell``) for
``--players`` seats, you in seat 0 and computer players in the others, after
``--after`` actions chosen by computer players (for every seat, yours too).
Used for the README's pictures and the build's smoke test.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable

import pygame

from game.i18n import _
from game.play.preview import played_session
from game.play.session import GameSession
from game.play.setup import COMPUTER_NAMES
from game.rules.record import Player, PlayerKind
from game.settings import SettingsStore
from game.ui import registry
from game.ui.app import App
from game.ui.kit import routes
from game.ui.kit.files import save_png
from game.ui.kit.scene import Scene, SceneHost
from game.ui.table.curtain import CurtainOverlay
from game.ui.table.results import GameOverOverlay, HandResultOverlay
from game.ui.table.scene import TableScene


def picture_names() -> list[str]:
    """Who sits where in a picture: the player (called You, in the language shown), then
    the computers."""
    return [_("You"), *COMPUTER_NAMES]


KINDS: tuple[PlayerKind, ...] = (
    "human", "hard", "medium", "expert", "easy", "medium", "hard", "expert",
)  # fmt: skip
"""Who plays each seat of a picture: you, then computers of mixed levels."""


def build_scene(app: SceneHost, name: str, session: GameSession) -> list[Scene]:
    """The scene stack that pictures ``name``."""
    table = TableScene(app, session)
    if name == "table":
        return [table]
    over_table: dict[str, Callable[[], Scene]] = {
        "scoresheet": lambda: registry.build(app, routes.ScoreSheet(session)),
        "pause": lambda: registry.build(app, routes.Pause(session)),
        "gameover": lambda: GameOverOverlay(app, session),
        "curtain": lambda: CurtainOverlay(app, "Ada", lambda: None),
    }
    if session.results:
        result = session.results[-1]
        over_table["result"] = lambda: HandResultOverlay(app, session, result, lambda: None)
    if name in over_table:
        return [table, over_table[name]()]
    alone: dict[str, routes.Route] = {
        "title": routes.Title(),
        "newgame": routes.NewGame(),
        "settings": routes.SettingsMenu(),
        "rules": routes.Rules(session.rules),
    }
    return [registry.build(app, alone[name])]


def take_screenshot(store: SettingsStore, args: argparse.Namespace) -> int:
    """Draw the scene the arguments ask for and save it; returns the exit status."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    size = args.size or store.settings.window_size
    screen = pygame.display.set_mode(size)
    app = App(screen, store)
    seed = args.seed if args.seed is not None else 1
    seated = picture_names()
    players = [Player(seated[s], KINDS[s]) for s in range(args.players)]
    actions = 10**6 if args.scene == "gameover" else args.after
    session = played_session(args.variant, players, seed, actions, args.scene == "result")
    for scene in build_scene(app, args.scene, session):
        app.push(scene)
    for _frame in range(90):
        app.frame(1 / 30)
    save_png(app.screen, args.screenshot)
    app.close_scenes()
    pygame.quit()
    return 0
