"""The hotseat curtain lifts only on a deliberate action begun once it is shown:
a click or key that started earlier never shows the next player's hand."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.rules.record import Player, PlayerKind
from game.rules.ruleset import HandSequence, RuleSet
from game.ui.app import App
from game.ui.table.curtain import ARM_DELAY, CurtainOverlay, Hotseat
from game.ui.table.scene import TableScene
from tests.waits import wait_until

BOT: PlayerKind = "random"


def hotseat(app: App, cards: int = 2) -> TableScene:
    """A game of Anna and Clara (humans) against two computer players."""
    rules = RuleSet(players=4, sequence=HandSequence.DESCENDING, largest_hand=cards, max_hands=1)
    names = ("Anna", "Basil", "Clara", "Dmitri")
    kinds: tuple[PlayerKind, ...] = ("human", BOT, "human", BOT)
    app.start_game(rules, 6, [Player(name, kind) for name, kind in zip(names, kinds, strict=True)])
    scene = app.scenes[0]
    assert isinstance(scene, TableScene)
    return scene


def run_until(app: App, condition: Callable[[], bool]) -> None:
    """Frames until ``condition()`` (the computer players think meanwhile)."""
    wait_until(condition, "the table's state", 120, step=lambda: app.frame(0.05), pause=0.001)


def curtain_up(app: App) -> CurtainOverlay:
    run_until(app, lambda: isinstance(app.top, CurtainOverlay))
    curtain = app.top
    assert isinstance(curtain, CurtainOverlay)
    return curtain


def wait(app: App, seconds: float) -> None:
    for _ in range(round(seconds / 0.05)):
        app.frame(0.05)


def press(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))


def release(app: App, pos: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def key(app: App, kind: int, code: int) -> None:
    app.handle(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def lifted_for(app: App, scene: TableScene, seat: int) -> bool:
    return app.top is scene and scene.viewer == seat and scene.human_viewer


def test_the_curtain_names_the_player_on_its_button(app: App) -> None:
    hotseat(app)
    curtain = curtain_up(app)
    assert curtain.name == "Anna"
    assert "Anna" in curtain.button.label and curtain.opaque


def test_a_click_begun_before_the_curtain_armed_does_not_lift_it(app: App) -> None:
    scene = hotseat(app)
    curtain = curtain_up(app)
    centre = curtain.button.rect.center
    press(app, centre)  # the curtain has just appeared
    wait(app, ARM_DELAY * 2)
    release(app, centre)
    assert app.top is curtain and not scene.human_viewer
    press(app, centre)
    release(app, centre)
    assert lifted_for(app, scene, 0)


def test_a_key_held_since_before_the_curtain_armed_does_not_lift_it(app: App) -> None:
    scene = hotseat(app)
    curtain = curtain_up(app)
    key(app, pygame.KEYDOWN, pygame.K_SPACE)
    wait(app, ARM_DELAY * 2)
    key(app, pygame.KEYUP, pygame.K_SPACE)
    assert app.top is curtain
    key(app, pygame.KEYDOWN, pygame.K_RETURN)
    assert app.top is curtain  # lifted on the release, not the press
    key(app, pygame.KEYUP, pygame.K_RETURN)
    assert lifted_for(app, scene, 0)


def test_clicks_elsewhere_on_the_curtain_do_nothing(app: App) -> None:
    hotseat(app)
    curtain = curtain_up(app)
    wait(app, ARM_DELAY * 2)
    for pos in ((40, 40), (640, 160), (curtain.button.rect.left - 5, curtain.button.rect.centery)):
        press(app, pos)
        release(app, pos)
    assert app.top is curtain


def test_a_click_that_skipped_the_last_flight_never_shows_the_next_hand(app: App) -> None:
    """Anna plays her card and clicks to hurry the animations; the curtain for Clara
    comes down meanwhile and takes the release, which must leave it down."""
    scene = hotseat(app, cards=3)
    curtain = curtain_up(app)
    wait(app, ARM_DELAY * 2)
    curtain.ready()
    hurried = 0
    while hurried < 3:
        run_until(app, lambda: scene.my_turn() or scene.my_bid() or app.top is not scene)
        top = app.top
        if isinstance(top, CurtainOverlay):
            wait(app, ARM_DELAY * 2)
            top.ready()
            continue
        if top is not scene:
            break
        if scene.my_bid():
            scene.bid(scene.view.legal[0].tricks)  # type: ignore[union-attr]
            continue
        scene.play(scene.view.legal[0].card)  # type: ignore[union-attr]
        # Press on the cloth to hurry the card's flight, and hold the button down.
        press(app, (640, 300))
        before = scene.viewer
        app.frame(0.05)
        run_until(app, lambda: isinstance(app.top, CurtainOverlay) or scene.my_turn())
        if isinstance(app.top, CurtainOverlay):
            hurried += 1
            shown = app.top
            wait(app, ARM_DELAY / 2)
            release(app, shown.button.rect.center)  # the hurrying click ends on the button
            press(app, shown.button.rect.center)  # and an impatient second click
            release(app, shown.button.rect.center)
            assert app.top is shown and scene.viewer == before  # Clara's hand stays hidden
        else:
            release(app, (640, 300))
    assert hurried > 0


def test_escape_opens_the_pause_menu_over_the_curtain(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = hotseat(app)
    curtain = curtain_up(app)
    drawn: list[int] = []
    monkeypatch.setattr(scene.painter, "draw", lambda *args: drawn.append(1))
    key(app, pygame.KEYDOWN, pygame.K_ESCAPE)
    assert type(app.top).__name__ == "PauseOverlay"
    assert app.scenes[-2] is curtain
    wait(app, 0.5)
    assert drawn == []  # the opaque curtain still hides the table under the menu
    key(app, pygame.KEYDOWN, pygame.K_ESCAPE)  # back to the curtain, which arms afresh
    assert app.top is curtain and not curtain.armed
    press(app, curtain.button.rect.center)
    release(app, curtain.button.rect.center)
    assert app.top is curtain
    wait(app, ARM_DELAY * 2)
    press(app, curtain.button.rect.center)
    release(app, curtain.button.rect.center)
    assert lifted_for(app, scene, 0)


def test_the_hotseat_passes_the_screen_to_the_human_to_act() -> None:
    alone = Hotseat.for_humans(1)
    assert alone.pass_to(0, 0) is None and alone.confirmed
    shared = Hotseat.for_humans(2)
    assert shared.pass_to(None, 0) == 0  # nobody has looked yet
    shared.passed()
    assert shared.pass_to(0, 0) is None
    assert shared.pass_to(2, 0) == 2
    assert shared.pass_to(None, 0) is None
