"""How things look: modals one cannot see through, missed bids one can read."""

from __future__ import annotations

import json

import pygame
import pytest

from game.play.preview import played_session
from game.resources import asset
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import routes
from game.ui.kit.scene import Scene
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.pause import PauseOverlay


def _same_whatever_is_under(scene: Scene, area: pygame.Rect) -> bool:
    """Whether ``scene`` draws the pixels of ``area`` alike over white and over black."""
    pictures = []
    for under in ((255, 255, 255), (0, 0, 0)):
        surface = pygame.Surface((1280, 720))
        surface.fill(under)
        scene.draw(surface)
        pictures.append(pygame.image.tobytes(surface.subsurface(area), "RGB"))
    return pictures[0] == pictures[1]


@pytest.mark.parametrize("kind", ["pause", "confirm"])
def test_a_modal_shows_nothing_of_what_is_under_it(app: App, kind: str) -> None:
    session = played_session("oh-hell", [Player("Al"), Player("Bea"), Player("Cy", "easy")], 3, 0)
    if kind == "pause":
        app.open(routes.Pause(session))
    else:
        app.push(ConfirmOverlay(app, "Start a new game?", "Your game will go.", ("A", "B"), print))
    scene = app.top
    assert isinstance(scene, PauseOverlay | ConfirmOverlay)
    app.frame(1 / 60)
    inner = scene.panel.inflate(-scene.px(40), -scene.px(40))
    assert _same_whatever_is_under(scene, inner)
    session.close()


def test_the_language_list_hides_the_controls_under_it() -> None:
    with open(asset("gui_theme.json"), encoding="utf-8") as stream:
        theme = json.load(stream)
    colour = theme["drop_down_menu.selection_list"]["colours"]["dark_bg"]
    assert colour.upper().endswith("FF")
