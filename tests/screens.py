"""Driving the menu screens in tests: real clicks and keys, and a stand-in that records
the games the screens start instead of opening a table."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.core import UIContainer

from game.play.preview import played_until_bid
from game.play.session import GameSession
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.ui.app import App
from game.ui.kit.gui import GuiScene
from game.ui.table.scene import TableScene


class Recorder:
    """Stands in for App.start_game: remembers every game started."""

    def __init__(self) -> None:
        self.calls: list[tuple[RuleSet, int, list[Player]]] = []

    def __call__(
        self, rules: RuleSet, seed: int, players: list[Player], again_of: str | None = None
    ) -> None:
        self.calls.append((rules, seed, list(players)))
        self.again_of = again_of


def started(app: App) -> Recorder:
    """The stand-in the ``recording_app`` fixture put in place of App.start_game."""
    recorder = app.start_game
    assert isinstance(recorder, Recorder)
    return recorder


def frame(app: App, count: int = 1) -> None:
    for _ in range(count):
        app.frame(1 / 60)


def move(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def click(app: App, element: Any) -> None:
    """A real left click (press and release) at the centre of ``element``."""
    pos = element.rect.center
    move(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    frame(app)


def key(app: App, code: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0))
    frame(app)


def type_text(app: App, entry: Any, text: str) -> None:
    """Click into a text field, clear it and type ``text`` key by key."""
    click(app, entry)
    assert entry.is_focused
    entry.set_text("")
    for char in text:
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=char))
    frame(app)


def button_labelled(scene: GuiScene, label: str) -> Any:
    """The visible pygame_gui button of ``scene`` that reads ``label``."""
    assert scene.manager is not None
    root = scene.manager.get_root_container()
    assert isinstance(root, UIContainer)
    found = [
        element
        for element in root.elements
        if getattr(element, "text", None) == label and element.visible
    ]
    assert found, f"no visible button {label!r}"
    return found[0]


def table_shown(app: App, session: GameSession, frames: int = 40) -> TableScene:
    """``session``'s table pushed on ``app`` and drawn for ``frames`` frames."""
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(frames):
        app.frame(1 / 30)
    return scene


def barred_bid_table(app: App) -> TableScene:
    """A table where You (seat 2) deal and the hook bars one of your bids."""
    players = [Player("Ada", "easy"), Player("Basil", "easy"), Player("You")]
    for seed in range(1, 60):
        session = played_until_bid("oh-hell", players, seed, seat=2)
        if session.view(2).forbidden_bid is not None:
            break
        session.close()
    return table_shown(app, session, frames=30)
