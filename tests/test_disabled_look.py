"""One disabled look everywhere, clearly unlike enabled (no ground, no shadow, dim
words, no hover); a control that cannot act now looks so and says why, and Take back
acts whenever Ctrl+Z does (while the computers play too)."""

from __future__ import annotations

import json

import pygame
import pytest

from game.play.preview import played_session, played_until_bid
from game.resources import asset
from game.rules.actions import Play
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit.widgets import DISABLED_INK, Button
from game.ui.table import sprites
from game.ui.table.scene import TableScene
from tests.screens import barred_bid_table, move

FELT = (22, 70, 52)


def _picture(button: Button) -> pygame.Surface:
    surface = pygame.Surface((200, 80))
    surface.fill(FELT)
    button.draw(surface, 1.0)
    return surface


def _difference(a: pygame.Surface, b: pygame.Surface, area: pygame.Rect) -> float:
    """The mean difference of the two pictures' channels inside ``area``."""
    pa = pygame.image.tobytes(a.subsurface(area), "RGB")
    pb = pygame.image.tobytes(b.subsurface(area), "RGB")
    return sum(abs(x - y) for x, y in zip(pa, pb, strict=True)) / len(pa)


def test_a_disabled_button_is_clearly_unlike_an_enabled_one_and_never_hovers() -> None:
    pygame.font.init()
    rect = pygame.Rect(40, 20, 120, 36)
    enabled = Button(rect, "Take back", print)
    disabled = Button(rect, "Take back", print, enabled=False)
    assert _difference(_picture(enabled), _picture(disabled), rect) > 14  # was 8.4
    disabled.hovered = disabled.pressed = True
    lit = _picture(disabled)
    disabled.hovered = disabled.pressed = False
    assert pygame.image.tobytes(lit, "RGB") == pygame.image.tobytes(_picture(disabled), "RGB")
    below = pygame.Rect(rect.x + 10, rect.bottom + 1, rect.width - 20, 3)  # no shadow
    assert all(_picture(disabled).get_at(p)[:3] == FELT for p in _points(below))


def _points(rect: pygame.Rect) -> list[tuple[int, int]]:
    return [(x, y) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)]


def test_the_barred_bid_wears_the_same_disabled_look_and_no_red_stroke(app: App) -> None:
    scene = barred_bid_table(app)
    session = scene.session
    barred = session.view(2).forbidden_bid
    assert barred is not None
    button = scene.bid_panel.buttons[barred]
    assert not button.enabled
    image = pygame.Surface(app.size)
    image.fill(FELT)
    sprites.paint_button(image, button, scene.layout.u)
    image = image.subsurface(button.rect).copy()
    plain = _picture(Button(pygame.Rect(40, 20, *button.rect.size), button.label, print, False))
    assert _difference(image, plain.subsurface(pygame.Rect(40, 20, *button.rect.size)),
                       image.get_rect()) < 1  # fmt: skip
    reds = [
        p for p in _points(image.get_rect()) if image.get_at(p)[0] > 150 and image.get_at(p)[1] < 90
    ]
    assert reds == []


def test_the_forms_share_the_one_disabled_look() -> None:
    with open(asset("gui_theme.json"), encoding="utf-8") as stream:
        blocks = json.load(stream)
    looks = {
        (c.get("disabled_bg"), c.get("disabled_text"), c.get("disabled_border"))
        for block in blocks.values()
        if isinstance(block, dict) and "disabled_text" in (c := block.get("colours", {}))
    }
    assert len(looks) == 1
    (ground, ink, _edge) = looks.pop()
    assert ink.upper() == "#{:02X}{:02X}{:02X}".format(*DISABLED_INK)
    assert ground != blocks["defaults"]["colours"]["normal_bg"]


# ------------------------------------------------------------------ Take back
def _after_my_card(app: App) -> TableScene:
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    for actions in range(3, 40):
        session = played_session("oh-hell", players, 5, actions)
        if session.human_to_act() == 0 and session.view(0).phase.name == "PLAYING":
            break
        session.close()
    session.take_backs_allowed = True
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(30):
        app.frame(1 / 30)
    card = next(a.card for a in session.view(0).legal if isinstance(a, Play))
    assert scene.play(card)
    return scene


def test_take_back_acts_while_the_computers_play_as_ctrl_z_does(app: App) -> None:
    scene = _after_my_card(app)
    app.frame(1 / 60)
    assert not scene.idle  # the card and the computers' answers are still on their way
    assert scene.hud.undo in scene.hud.buttons and scene.hud.undo.enabled
    assert scene.extras.take_backs is not None
    taken = scene.extras.taken_back()
    pos = scene.hud.undo.rect.center
    move(app, pos)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    app.frame(1 / 60)
    assert scene.extras.taken_back() == taken + 1


@pytest.mark.parametrize("language", ["en", "cs"])
def test_take_back_that_cannot_act_looks_disabled_and_says_why(app: App, language: str) -> None:
    from game.i18n import _, set_language

    set_language(language)
    try:
        players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
        session = played_until_bid("oh-hell", players, 3, seat=0)
        session.take_backs_allowed = True
        scene = TableScene(app, session)
        app.push(scene)
        for _i in range(30):
            app.frame(1 / 30)
        undo = scene.hud.undo
        assert undo in scene.hud.buttons and not undo.enabled
        move(app, undo.rect.center)
        app.frame(1 / 30)
        assert scene.hud.tooltip is not None
        assert scene.hud.tooltip[0] == _("Nothing to take back in this hand.")
    finally:
        set_language("en")
