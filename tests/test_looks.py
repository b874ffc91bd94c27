"""How things look: modals one cannot see through, missed bids one can read."""

from __future__ import annotations

import json

import pygame
import pytest

from game.play.preview import played_session
from game.resources import asset
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import routes, theme
from game.ui.kit.scene import Scene
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.pause import PauseOverlay
from game.ui.table.scene import TableScene
from tests.screens import barred_bid_table


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


def _to_play(app: App, tricks: int = 0) -> TableScene:
    """A table at the person's turn in the first hand, with a card that may not be played
    (and at least ``tricks`` tricks played)."""
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    for actions in range(3, 40):
        session = played_session("oh-hell", players, 5, actions)
        view = session.view(0)
        barred = view.trick and len(view.legal) < len(view.hand)
        if session.human_to_act() == 0 and barred and len(view.tricks) >= tricks:
            break
        session.close()
    scene = TableScene(app, session)
    app.push(scene)
    for _ in range(30):
        app.frame(1 / 30)
    return scene


def test_why_a_card_is_barred_never_covers_your_turn(app: App) -> None:
    scene = _to_play(app)
    item = next(item for item in scene.hand.items if not item.legal)
    pos = (round(item.x) + scene.layout.card[0] // 2, round(item.y) + 30)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 30)
    assert scene.hud.tooltip is not None
    _text, anchor = scene.hud.tooltip
    assert anchor[1] < scene.layout.status[1] - scene.layout.px(14)  # the bubble ends above


def test_a_barred_bid_lights_its_reason_in_the_panel_and_covers_nothing(app: App) -> None:
    scene = barred_bid_table(app)
    session = scene.session
    barred = session.view(2).forbidden_bid
    assert barred is not None and scene.bid_panel.barred  # the dealer, under the hook
    assert not scene.bid(barred)
    assert scene.bid_panel.clock < scene.bid_panel.flash_until
    assert not any(effect.kind == "hint" for effect in scene.effects)


def test_the_last_trick_leaves_the_trick_in_play_in_sight_and_says_who_led(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _to_play(app, tricks=1)
    assert scene.shown.last_trick is not None
    drawn: list[str] = []
    real = theme.text

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(content)
        return real(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    scene.trick.toggle(scene.shown)
    app.frame(1 / 30)
    panel = scene.trick.panel
    assert panel is not None and "led" in drawn
    for seat, _card in scene.shown.trick:
        assert not panel.colliderect(scene.layout.seats[seat].trick)


def test_keyboard_focus_on_the_title_is_a_ring_one_sees(app: App) -> None:
    from game.ui.menus.title import TitleScene
    from tests.screens import key

    title = TitleScene(app)
    app.push(title)
    app.frame(1 / 60)
    key(app, pygame.K_DOWN)
    focused = title.focused()
    assert focused is not None and focused is title.buttons["new"]
    before = app.screen.copy()
    focused.focused = False
    title.draw(before)
    focused.focused = True
    title.draw(app.screen)
    ring = focused.rect.inflate(8, 8)
    changed = sum(
        before.get_at((x, ring.top + 1)) != app.screen.get_at((x, ring.top + 1))
        for x in range(ring.left, ring.right)
    )
    assert changed > focused.rect.width // 2  # a line along the whole edge, not a tint
    key(app, pygame.K_DOWN)
    assert title.focused() is title.buttons["quick"]


def test_after_the_settings_no_card_stays_raised_with_an_old_word(app: App) -> None:
    scene = _to_play(app)
    item = next(item for item in scene.hand.items if not item.legal)
    pos = (round(item.x) + scene.layout.card[0] // 2, round(item.y) + 30)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 30)
    assert scene.hud.tooltip is not None
    scene.open_menu()
    app.open(routes.SettingsMenu())
    app.frame(1 / 30)
    app.pop()  # Back
    app.pop()  # Resume
    for _ in range(30):
        app.frame(1 / 30)
    assert scene.hud.tooltip is None and scene.input.mouse != pos
    assert all(
        item.y >= scene.layout.hand_base - scene.layout.raise_by for item in scene.hand.items
    )


def test_each_seat_shows_the_tricks_it_still_needs() -> None:
    from game.ui.table.plates import need_words

    assert need_words(3, 1)[0] == ("needs 2", "+2")
    assert need_words(2, 2)[0][0] == "no more" and need_words(2, 2)[1] == theme.GOOD
    assert need_words(1, 2)[0][0] == "over" and need_words(1, 2)[1] == theme.BAD


def test_the_cue_is_drawn_on_the_plates_while_the_tricks_are_played(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = _to_play(app, tricks=1)
    drawn: list[str] = []
    real = theme.text

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(content)
        return real(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    scene.painter.presenter.invalidate()
    scene.draw(app.screen)
    cues = [line for line in drawn if line.startswith(" \u00b7 ")]
    assert len(cues) == 3  # one per seat


def test_a_seat_away_from_a_network_table_is_marked_on_every_screen(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [Player("You"), Player("Ada"), Player("Basil")]
    session = played_session("oh-hell", players, 3, 0)
    session.absent = {1: "disconnected", 2: "computer"}
    scene = TableScene(app, session)
    app.push(scene)
    drawn: list[str] = []
    real = theme.text

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(content)
        return real(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    scene.painter.presenter.invalidate()
    scene.draw(app.screen)
    assert "disconnected" in drawn
    assert {"computer playing for Basil", "computer playing", "computer"} & set(drawn)
    badges: list[str] = []
    from game.ui.scoresheet import paint

    monkeypatch.setattr(paint, "draw_badge", lambda s, at, r, fill, mark, *a: badges.append(mark))
    app.open(routes.ScoreSheet(session))
    app.frame(1 / 60)
    assert sorted(badges) == ["!", "C"]
