"""The game's own fonts: Noto Sans under ``assets/fonts`` with its licence, used by the
table's text and by the forms pygame_gui draws."""

from __future__ import annotations

from typing import Any

import pygame

from game.resources import asset
from game.ui.kit import gui, theme


def test_the_fonts_and_their_licence_are_in_the_assets() -> None:
    folder = asset("fonts")
    for name in theme.FONT_FILES.values():
        assert (folder / name).stat().st_size > 100_000
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Noto Project Authors" in licence


def test_text_is_drawn_with_the_games_own_font() -> None:
    pygame.font.init()
    assert theme._font_folder() == asset("fonts")
    assert theme.font_file("bold") == asset("fonts", "NotoSans-Bold.ttf")
    # the file's font, not pygame's default one (which is a different face)
    assert (
        theme.font(20).get_height() == pygame.font.Font(theme.font_file("regular"), 20).get_height()
    )
    assert theme.font(20).get_height() != pygame.font.Font(None, 26).get_height()


def test_the_forms_read_the_same_files() -> None:
    pygame.display.init()
    pygame.font.init()
    manager = gui.make_manager((1280, 720))
    fonts: Any = manager.get_theme().get_font_dictionary()  # pygame_gui's interface is untyped
    regular, bold, italic, _ = (location for location, _ in fonts.known_font_paths[gui.GAME_FONT])
    assert (regular, bold, italic) == tuple(
        str(theme.font_file(w)) for w in ("regular", "bold", "italic")
    )
    # every font the theme names is the game's own: nothing asks for pygame_gui's noto_sans
    for block in gui.scaled_theme(1.0).values():
        font = block.get("font") if isinstance(block, dict) else None
        for info in font if isinstance(font, list) else [font]:
            assert not isinstance(info, dict) or info.get("name") in {
                gui.GAME_FONT,
                "fira_code_symbols",
            }
    loaded = [
        name for name, resource in fonts.loaded_fonts.items() if name.startswith(gui.GAME_FONT)
    ]
    assert loaded  # the preloaded sizes are the game's font
