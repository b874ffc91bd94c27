"""The monkey test: thousands of random clicks and keys across every scene.

Whatever a player (or a cat on the keyboard) does, no exception escapes and
the game state stays legal."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.play.session import GameSession
from game.rules import PRESETS, Player, from_record
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit import routes

pytestmark = pytest.mark.slow  # random input for minutes

KEYS = [
    pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_5, pygame.K_9,
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN,
    pygame.K_SPACE, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
    pygame.K_HOME, pygame.K_END, pygame.K_BACKSPACE, pygame.K_a, pygame.K_n, pygame.K_q,
]  # fmt: skip


def random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    """One random thing a player does: a move, a lone press or release, a whole click
    (press and release at one place), a wheel turn, a key pressed or a key tapped."""
    pos = (rng.randrange(size[0]), rng.randrange(size[1]))
    kind = rng.random()
    if kind < 0.35:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
    if kind < 0.45:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice([1, 1, 3]))]
    if kind < 0.55:
        return [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if kind < 0.7:
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if kind < 0.75:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-1, 1]), flipped=False)]
    key = rng.choice(KEYS)
    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=pygame.key.name(key)[:1])
    if kind < 0.88:
        return [down]
    return [down, pygame.event.Event(pygame.KEYUP, key=key, mod=0)]


def new_app() -> App:
    screen = pygame.display.set_mode((1280, 720))
    return App(screen, SettingsStore())


def start(app: App, scene: str) -> None:
    if scene == "table":
        players = [Player("Anna"), Player("Ben"), Player("Bot", "random"), Player("Cy", "easy")]
        rules = PRESETS["nomination-whist"].rules(4)
        session = GameSession(rules, 3, players, autosave=app.autosave_path)
        app.switch(routes.Table(session))
    else:
        screens: dict[str, routes.Route] = {
            "title": routes.Title(),
            "newgame": routes.NewGame(),
            "settings": routes.SettingsMenu(),
            "rules": routes.Rules(),
        }
        app.switch(screens[scene])


class Progress:
    """What the monkey reached: the screens it saw, the different pictures they showed
    and the most moves of a game."""

    def __init__(self) -> None:
        self.screens: set[str] = set()
        self.pictures: set[bytes] = set()
        self.moves = 0

    def note(self, app: App, step: int) -> None:
        if step % 25 == 0:
            small = pygame.transform.scale(app.screen, (64, 36))
            self.pictures.add(pygame.image.tobytes(small, "RGB"))
        if app.top is not None:
            self.screens.add(type(app.top).__name__)
        for scene in app.scenes:
            session = getattr(scene, "session", None)
            if isinstance(session, GameSession):
                self.moves = max(self.moves, session.moves)


@pytest.mark.parametrize(
    ("scene", "screens", "moves"),
    [("title", 4, 5), ("newgame", 3, 5), ("settings", 1, 0), ("rules", 1, 0), ("table", 3, 10)],
)
def test_random_input_never_raises_and_gets_somewhere(
    scene: str, screens: int, moves: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Besides raising nothing, the monkey must get somewhere: reach other screens, change
    what is shown (a setting, a preset, a page) and, where a game is reachable, play it."""
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    rng = random.Random(f"monkey-{scene}")
    app = new_app()
    start(app, scene)
    monkeypatch.setattr(App, "toggle_fullscreen", lambda self: None)
    progress = Progress()
    for step in range(1500):
        if not app.running or not app.scenes:
            app = new_app()
            start(app, scene)
        for event in random_events(rng, app.size):
            app.handle(event)
        if step % 3 == 0:
            app.frame(1 / 30)
        progress.note(app, step)
    print(scene, sorted(progress.screens), len(progress.pictures), progress.moves)
    assert len(progress.pictures) >= 5
    assert len(progress.screens) >= screens, progress.screens
    assert progress.moves >= moves
    for each in app.scenes:
        session = getattr(each, "session", None)
        if isinstance(session, GameSession):  # the game played is whole and replays exactly
            replayed, _ = from_record(session.record())
            assert len(replayed.actions) == session.moves
            assert replayed.scores == session.public().scores
            session.close()
