"""Every screen honours the Text size setting (issue 51, item 3): the score sheet and
the menus grow their letters with it, as the table, the replay and the result dialogs
already do, and the settings screen shows a new text size at once. Whether the larger
letters still fit is the layout matrix's part (``tests/test_text_fits.py``)."""

from __future__ import annotations

import statistics
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.i18n import set_language
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit.gui import GuiScene, scaled_theme
from game.ui.menus.settings import SettingsScene
from tests import layoutmatrix
from tests.screens import click
from tests.textlayout import Layer, gui_controls, placed_texts, recording

SCREENS = (
    "scoresheet",
    "pause",
    "newgame-players",
    "newgame-bidding",
    "settings",
    "title",
    "rules",
)


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    yield tmp_path


def letter_heights(home: Path, screen: str, text: float) -> dict[str, int]:
    """The height of each text ``screen``'s top scene shows at text size ``text``: the
    words it draws (their ink) and its pygame_gui controls' words (their font's)."""
    store = SettingsStore(path=home / f"settings-{text}.json")
    store.update(sound=False, guide=False, animation_speed=4.0, text_scale=text)
    app = App(pygame.display.set_mode((1280, 720)), store)
    try:
        with recording():
            for scene in layoutmatrix.scene_stack(app, screen, 3, lambda seats: ""):
                app.push(scene)
            top = app.scenes[-1]
            layoutmatrix.open_lists(top, screen)
            for _frame in range(3):
                app.frame(1 / 30)
            layer = Layer(app.size, pygame.SRCALPHA)
            top.draw(layer)
            heights = {item.content: item.rect.height for item in placed_texts(layer)}
        if isinstance(top, GuiScene) and top.manager is not None:
            heights |= {
                words: control.font.get_rect(words).height
                for control in gui_controls(top.manager)
                if (words := str(getattr(control, "text", "") or "")).strip()
            }
        return heights
    finally:
        app.close_scenes()


@pytest.mark.parametrize("screen", SCREENS)
def test_text_size_larger_grows_the_letters_of(home: Path, screen: str) -> None:
    """At Larger (1.3) the words the screen shows are about 1.3 times as tall as at
    Normal, the same words compared (pixel rounding aside)."""
    normal = letter_heights(home, screen, 1.0)
    larger = letter_heights(home, screen, 1.3)
    both = [words for words in normal if words in larger and normal[words] >= 8]
    assert len(both) >= 3, both
    growth = statistics.median(larger[words] / normal[words] for words in both)
    assert 1.2 <= growth <= 1.4, (screen, growth)


def test_text_size_theme_fonts_grow_but_tight_letters_stay(home: Path) -> None:
    """The forms' theme: every font times the text size; the smaller letters kept for
    words that do not fit stay as small, so that they still fit."""

    def size(theme: dict[str, Any], block: str) -> int:
        return int(theme[block]["font"]["size"])

    normal, larger = scaled_theme(1.0), scaled_theme(1.0, text=1.3)
    assert size(larger, "button") == round(size(normal, "button") * 1.3)
    assert size(larger, "@menu") == round(size(normal, "@menu") * 1.3)
    assert size(larger, "#tight") == size(normal, "#tight")


def test_text_size_chosen_in_settings_shows_at_once(home: Path) -> None:
    """Choosing Larger on the settings screen lays it out again in larger letters."""
    store = SettingsStore(path=home / "settings.json")
    store.update(sound=False)
    app = App(pygame.display.set_mode((1280, 720)), store)
    try:
        scene = SettingsScene(app)
        app.push(scene)
        app.frame(1 / 30)
        back = next(b for b in gui_controls(scene.manager) if b.text == "Back")
        before = back.font.get_rect(back.text).height
        click(app, scene.choices["text_scale"].buttons[2])
        app.frame(1 / 30)
        assert scene.text == 1.3
        back = next(b for b in gui_controls(scene.manager) if b.text == "Back")
        assert back.font.get_rect(back.text).height >= before * 1.2
    finally:
        app.close_scenes()


@pytest.mark.parametrize("language", ["en", "cs"])
@pytest.mark.parametrize("size", [(960, 540), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["online", "online-hosted", "statistics", "games"])
def test_text_size_larger_fits_the_lobby_statistics_and_kept_games(
    home: Path, name: str, size: tuple[int, int], language: str
) -> None:
    """The screens outside the layout matrix, at Larger: every text in its box."""
    from tests.test_text_fits import problems_in, use_language

    use_language(language)
    store = SettingsStore(path=home / "settings.json")
    store.update(sound=False, animation_speed=4.0, text_scale=1.3, language=language)
    app = App(pygame.display.set_mode(size), store)
    try:
        assert problems_in(app, name) == []
    finally:
        app.close_scenes()
        set_language("en")
