"""The monkey test: thousands of random clicks and keys across every scene.

Whatever a player (or a cat on the keyboard) does, no exception escapes and
the game state stays legal."""

from __future__ import annotations

import random

import pygame
import pytest

from game.play.session import GameSession
from game.rules import PRESETS, Player, from_record
from game.settings import SettingsStore
from game.ui.app import App

KEYS = [
    pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_9,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
    pygame.K_SPACE, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE, pygame.K_a, pygame.K_n, pygame.K_q,
]  # fmt: skip


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    kind = rng.random()
    if kind < 0.35:
        return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if kind < 0.55:
        return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))
    if kind < 0.75:
        return pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    if kind < 0.8:
        return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)
    key = rng.choice(KEYS)
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key)[:1])


def new_app() -> App:
    screen = pygame.display.set_mode((1280, 720))
    return App(screen, SettingsStore())


def start(app: App, scene: str) -> None:
    from game.ui.menus.rules import RulesScene
    from game.ui.menus.settings import SettingsScene
    from game.ui.menus.title import TitleScene
    from game.ui.newgame.scene import NewGameScene
    from game.ui.table.scene import TableScene

    if scene == "table":
        players = [Player("Anna"), Player("Ben"), Player("Bot", "random"), Player("Cy", "easy")]
        rules = PRESETS["nomination-whist"].rules(4)
        session = GameSession(rules, 3, players, autosave=app.autosave_path)
        app.replace(TableScene(app, session))
    else:
        classes = {
            "title": TitleScene,
            "newgame": NewGameScene,
            "settings": SettingsScene,
            "rules": RulesScene,
        }
        app.replace(classes[scene](app))


@pytest.mark.parametrize("scene", ["title", "newgame", "settings", "rules", "table"])
def test_random_input_never_raises(scene, tmp_path, monkeypatch):
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    rng = random.Random(f"monkey-{scene}")
    app = new_app()
    start(app, scene)
    monkeypatch.setattr(App, "toggle_fullscreen", lambda self: None)
    for step in range(1500):
        if not app.running or not app.scenes:
            app = new_app()
            start(app, scene)
        app.handle(random_event(rng, app.size))
        if step % 3 == 0:
            app.frame(1 / 30)
    for each in app.scenes:
        session = getattr(each, "session", None)
        if session is not None:  # the game the monkey played is whole and replays exactly
            replayed, _ = from_record(session.record())
            assert replayed.actions == session.match.actions
            assert replayed.scores == session.match.scores
            session.close()
