"""Settings for seeing and pace: text size, high contrast, computer speed."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from game.play.preview import played_session
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import gui, theme
from game.ui.menus.settings import SettingsScene
from game.ui.table.layout import table_layout
from game.ui.table.scene import TableScene
from tests.screens import click, frame


@pytest.fixture
def normal_palette() -> Iterator[None]:
    yield
    theme.use_contrast(False)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", range(3, 9))
def test_larger_words_grow_the_plates_but_keep_the_table_apart(
    size: tuple[int, int], players: int
) -> None:
    normal = table_layout(size, players, 0, 1.0, 1.0)
    large = table_layout(size, players, 0, 1.0, 1.3)
    assert large.font(15) > normal.font(15)
    assert large.seats[1].plate.height >= normal.seats[1].plate.height
    plates = [spot.plate for spot in large.seats]
    assert all(large.window.contains(plate) for plate in plates)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(plates, 2))


def test_the_computers_pace_follows_its_own_setting(app: App) -> None:
    app.store.update(animation_speed=4.0, computer_speed=0.5)
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    session = played_session("oh-hell", players, 3, 0)
    paces: list[float] = []
    real = session.tick

    def tick(dt: float, speed: float = 1.0) -> None:
        paces.append(speed)
        real(dt, speed)

    session.tick = tick  # type: ignore[method-assign]
    app.push(TableScene(app, session))
    frame(app, 30)
    assert paces and set(paces) == {0.5}  # not the animations' 4x


def test_high_contrast_switches_the_palette_at_once(app: App, normal_palette: None) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    before = theme.TEXT
    click(app, scene.choices["high_contrast"].buttons[1])
    assert app.settings.high_contrast and theme.high_contrast and before != theme.TEXT
    assert theme.TEXT == (255, 255, 255)
    contrasted = gui.scaled_theme(1.0, True)["defaults"]["colours"]
    assert contrasted["normal_bg"].upper().endswith("FF")  # solid grounds
    assert contrasted["selected_bg"] == gui.scaled_theme(1.0)["defaults"]["colours"]["selected_bg"]
    click(app, scene.choices["high_contrast"].buttons[0])
    assert before == theme.TEXT and not theme.high_contrast


def test_the_new_settings_are_chosen_on_the_settings_screen(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    click(app, scene.choices["text_scale"].buttons[2])
    click(app, scene.choices["computer_speed"].buttons[3])
    click(app, scene.choices["guide"].buttons[0])
    settings = app.settings
    assert settings.text_scale == 1.3 and settings.computer_speed == 4.0 and not settings.guide
