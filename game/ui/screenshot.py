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

from game import cliargs
from game.ai import make_agent
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import get_preset
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.scene import Scene
from game.ui.session import GameSession

NAMES = ["You", "Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta"]
LEVELS = ["human", "hard", "medium", "expert", "easy", "medium", "hard", "expert"]
SCENES = (
    "title", "newgame", "settings", "rules", "table", "scoresheet", "pause", "result",
    "gameover", "curtain",
)  # fmt: skip


def parse_size(text: str | None, default: tuple[int, int]) -> tuple[int, int]:
    """``WIDTHxHEIGHT``, or ``default`` for none; see :func:`game.cliargs.window_size`."""
    return cliargs.window_size(text) if text else default


def played_match(
    variant: str, players: int, seed: int, actions: int, until_scored: bool = False
) -> Match:
    """A match after ``actions`` actions chosen by medium computer players for every
    seat (and then, with ``until_scored``, on to the end of a hand)."""
    match = Match(get_preset(variant).rules(players), seed)
    agents = [make_agent("medium", seed * 16 + seat) for seat in range(players)]
    done = 0
    while match.phase is not Phase.GAME_OVER:
        if done >= actions and (not until_scored or match.phase is Phase.HAND_SCORED):
            break
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
        done += 1
    if match.phase is not Phase.HAND_SCORED:
        match.advance_until_decision()
    return match


def build_scene(app: object, name: str, session: GameSession) -> list[Scene]:
    """The scene stack that pictures ``name``."""
    from game.ui.app import App

    assert isinstance(app, App)
    from game.ui.table import TableScene

    table = TableScene(app, session)
    overlays: dict[str, Callable[[], list[Scene]]] = {}

    def lazy(module: str, cls: str, *args: object) -> Callable[[], list[Scene]]:
        def make() -> list[Scene]:
            scene_class = getattr(__import__(module, fromlist=[cls]), cls)
            return [table, scene_class(app, *args)]

        return make

    overlays["scoresheet"] = lazy("game.ui.scoresheet", "ScoreSheetOverlay", session)
    overlays["pause"] = lazy("game.ui.pause", "PauseOverlay", session)
    overlays["gameover"] = lazy("game.ui.results", "GameOverOverlay", session)
    overlays["curtain"] = lazy("game.ui.curtain", "CurtainOverlay", "Ada", lambda: None)
    if session.match.results:
        result = session.match.results[-1]
        overlays["result"] = lazy(
            "game.ui.results", "HandResultOverlay", session, result, lambda: None
        )
    if name == "table":
        return [table]
    if name in overlays:
        return overlays[name]()
    simple = {
        "title": ("game.ui.title", "TitleScene", ()),
        "newgame": ("game.ui.newgame", "NewGameScene", ()),
        "settings": ("game.ui.settings_scene", "SettingsScene", ()),
        "rules": ("game.ui.rules_scene", "RulesScene", (session.match.rules,)),
    }
    module, cls, args = simple[name]
    return [getattr(__import__(module, fromlist=[cls]), cls)(app, *args)]


def take_screenshot(store: SettingsStore, args: argparse.Namespace) -> int:
    """Draw the scene the arguments ask for and save it; returns the exit status."""
    from game.ui.app import App

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    size = args.size or store.settings.window_size
    screen = pygame.display.set_mode(size)
    app = App(screen, store)
    seed = args.seed if args.seed is not None else 1
    players = [Player(NAMES[s], LEVELS[s]) for s in range(args.players)]
    match = played_match(args.variant, args.players, seed, args.after, args.scene == "result")
    if args.scene == "gameover":
        match = played_match(args.variant, args.players, seed, 10**6)
    session = GameSession(match.rules, seed, players, match=match)
    for scene in build_scene(app, args.scene, session):
        app.push(scene)
    for _ in range(90):
        app.frame(1 / 30)
    pygame.image.save(app.screen, args.screenshot)
    app.close_scenes()
    pygame.quit()
    return 0
