"""Card backs, table colours and the text size (issue 51, items 3 and 7): chosen in
Settings, saved, and drawn by every screen that shows cards or the cloth — the table,
the replay, the coach's table and high contrast."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.play.preview import played_until_bid
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.cards.art import card_art
from game.ui.kit import theme
from game.ui.menus.settings import SettingsScene
from game.ui.replay.scene import ReplayScene
from game.ui.table.scene import TableScene
from tests.kept import kept_game
from tests.screens import click, frame

PLAYERS = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]


@pytest.fixture
def looks() -> Iterator[None]:
    """The look the other tests expect, back after each test."""
    yield
    theme.use_contrast(False)
    theme.use_look("green", "blue")


def cloth_colour(app: App) -> tuple[int, int, int]:
    """The cloth's colour just inside the window's left edge, half way down."""
    app.frame(1 / 60)
    colour = app.screen.get_at((4, app.size[1] // 2))
    return colour.r, colour.g, colour.b


def test_card_back_and_table_colour_are_chosen_saved_and_drawn(app: App, looks: None) -> None:
    table = TableScene(app, played_until_bid("oh-hell", PLAYERS, 3))
    app.push(table)
    frame(app, 3)
    red, green, blue = cloth_colour(app)
    assert green > red and green > blue  # the green cloth
    assert table.painter.back_art is not None and table.painter.back_art.design == "blue"
    settings = SettingsScene(app)
    app.push(settings)
    frame(app)
    click(app, settings.choices["card_back"].buttons[1])
    click(app, settings.choices["table_colour"].buttons[2])
    reloaded = SettingsStore(path=app.store.path).settings
    assert (reloaded.card_back, reloaded.table_colour) == ("red", "red")
    app.pop()
    frame(app, 2)
    red, green, blue = cloth_colour(app)
    assert red > green and red > blue  # the red cloth, at once
    assert table.painter.back_art is not None and table.painter.back_art.design == "red"
    back = card_art(60).back()
    assert back.get_at((8, 30)) != card_art(60, back="blue").back().get_at((8, 30))


def test_the_look_is_kept_for_the_next_start(app: App, looks: None) -> None:
    app.store.update(card_back="green", table_colour="blue")
    theme.use_look("green", "blue")  # as if another start had left its look
    again = App(app.screen, SettingsStore(path=app.store.path))
    assert (theme.card_back, theme.cloth) == ("green", "blue")
    again.close_scenes()


def test_high_contrast_darkens_the_chosen_cloth(looks: None) -> None:
    theme.use_look("blue", "blue")
    normal = theme.FELT_CENTRE
    theme.use_contrast(True)
    assert theme.FELT_CENTRE == theme.CLOTHS["blue"][1][0] != normal
    theme.use_look("red", "blue")
    assert theme.CLOTHS["red"][1][0] == theme.FELT_CENTRE


def test_the_replay_honours_text_size_card_back_and_cloth(app: App, looks: None) -> None:
    app.store.update(text_scale=1.3, card_back="green", table_colour="blue")
    theme.use_look("blue", "green")
    name, session = kept_game(seed=3)
    session.close()
    replay = ReplayScene(app, name, 1)
    app.push(replay)
    frame(app, 3)
    assert replay.layout is not None and replay.layout.text == 1.3
    assert replay.painter.back_art is not None and replay.painter.back_art.design == "green"
    red, green, blue = cloth_colour(app)
    assert blue > red and blue > green


def test_the_hand_result_follows_the_text_size(app: App) -> None:
    from game.play.preview import played_session
    from game.ui.screenshot import build_scene
    from game.ui.table.results import HandResultOverlay

    session = played_session("oh-hell", PLAYERS, 3, 14, True)
    sizes = []
    for text in (1.0, 1.3):
        app.store.update(text_scale=text)
        result = build_scene(app, "result", session)[-1]
        assert isinstance(result, HandResultOverlay)
        result.resize(app.size)
        sizes.append(result.font(16))
    assert sizes[1] == round(sizes[0] * 1.3)
