"""The menus and forms: title, new game, settings, rules and pause, driven headless
with real mouse and keyboard events through pygame_gui."""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.i18n.describe import describe
from game.play.preview import played_session
from game.play.session import GameSession
from game.play.setup import offered_levels
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit import theme
from game.ui.kit.gui import make_manager, scaled_theme
from game.ui.kit.scene import Scene
from game.ui.kit.widgets import Button
from game.ui.menus.pause import PauseOverlay
from game.ui.menus.rules import RulesScene
from game.ui.menus.settings import SettingsScene
from game.ui.menus.title import TitleScene
from game.ui.newgame.scene import NewGameScene
from game.ui.scoresheet.overlay import ScoreSheetOverlay
from tests.fakes import FakeTable
from tests.screens import button_labelled, click, frame, key, started, type_text


@pytest.fixture
def app(recording_app: App) -> App:
    return recording_app


def state_of(button: UIButton) -> str:
    """The drawn state of ``button`` (normal, hovered, disabled...)."""
    shape = button.drawable_shape
    assert shape is not None
    return shape.active_state.state_id


# ------------------------------------------------------------------- theme
def test_the_theme_scales_with_the_window() -> None:
    small, large = scaled_theme(1.0), scaled_theme(3.0)
    assert int(large["button"]["font"]["size"]) == 3 * int(small["button"]["font"]["size"])
    assert large["#rounded"]["misc"]["shape_corner_radius"] == "30"
    assert large["text_entry_line"]["misc"]["padding"] == "30,12"
    manager = make_manager((3840, 2160))
    assert manager.get_theme() is not None


# ------------------------------------------------------------------- title
def test_title_offers_continue_only_when_a_game_is_saved(app: App) -> None:
    title = TitleScene(app)
    app.push(title)
    frame(app)
    assert "continue" not in title.buttons
    assert {"new", "quick", "settings", "rules", "quit"} <= set(title.buttons)
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    session = GameSession(
        PRESETS["oh-hell"].rules(4), 3, [Player("Me"), *[Player(n, "easy") for n in "ABC"]]
    )
    session.autosave = app.autosave_path
    session.save()
    session.close()
    title.enter()
    assert "continue" in title.buttons
    click(app, title.buttons["continue"])
    assert isinstance(app.top, FakeTable)
    assert app.top.session.match.seed == 3


def test_a_damaged_save_is_explained_on_the_title(app: App) -> None:
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    app.autosave_path.write_text("{not json", encoding="utf-8")
    title = TitleScene(app)
    app.push(title)
    assert app.top is title
    assert title.message and "could not be read" in title.message
    assert "continue" not in title.buttons  # never offered: the damaged file was moved aside
    assert not app.autosave_path.exists()
    click(app, title.buttons["dismiss"])
    assert title.message is None


def test_quick_game_without_a_last_setup_seats_you_and_three_computers(app: App) -> None:
    title = TitleScene(app)
    app.push(title)
    click(app, title.buttons["quick"])
    [(rules, seed, players)] = started(app).calls
    assert rules == PRESETS["oh-hell"].rules(4)
    assert isinstance(seed, int) and seed > 0
    assert players[0] == Player(app.settings.player_name, "human")
    assert len(players) == 4
    assert all(p.kind in offered_levels() for p in players[1:])
    assert len({p.name for p in players}) == 4


def test_quick_game_replays_the_last_setup_with_a_fresh_deal(app: App) -> None:
    rules = dataclasses.replace(PRESETS["blob"].rules(3), must_trump=True)
    players = [Player("Zoe"), Player("Ann", "easy"), Player("Bob", "medium")]
    app.store.update(
        last_setup={"rules": rules.to_dict(), "players": [p.to_json() for p in players]}
    )
    title = TitleScene(app)
    app.push(title)
    click(app, title.buttons["quick"])
    click(app, title.buttons["quick"])
    (first_rules, first_seed, first_players), (_, second_seed, _) = started(app).calls
    assert first_rules == rules
    assert first_players == players
    assert first_seed != second_seed or first_seed > 0


def test_a_damaged_settings_file_is_reported_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    store = SettingsStore()
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text("{ broken", encoding="utf-8")
    pygame.init()
    app = App(pygame.display.set_mode((1280, 720)), SettingsStore())
    title = TitleScene(app)
    app.push(title)
    frame(app)
    assert title.message and "could not be read" in title.message
    assert app.store.problem is None
    again = TitleScene(app)
    assert again.message is None


def test_title_buttons_open_their_scenes(app: App) -> None:
    title = TitleScene(app)
    app.push(title)
    for name, kind in (
        ("new", NewGameScene),
        ("settings", SettingsScene),
        ("rules", RulesScene),
    ):
        click(app, title.buttons[name])
        opened = app.top
        assert isinstance(opened, kind)
        key(app, pygame.K_ESCAPE)
        assert app.top is title
    click(app, title.buttons["quit"])
    assert not app.running


def test_the_title_opens_without_pygame_gui() -> None:
    """The first picture after launch does not wait for pygame_gui to load."""
    import subprocess
    import sys

    code = (
        "import sys, game.ui.main, game.ui.registry, game.ui.menus.title;"
        "print('pygame_gui' in sys.modules)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split()[-1] == "False", result.stderr


def test_the_title_opens_without_the_table_or_the_players(tmp_path: Path) -> None:
    """The table's modules, the computer players and their worker load after the first
    frame (the window's process never loads the players at all)."""
    import subprocess
    import sys

    code = (
        "import sys, game.ui.main;"
        "game.ui.main.main(['--first-frame']);"
        "print(sorted({'game.ui.table.scene', 'game.play.session', 'game.play.thinker', 'game.ai'}"
        " & set(sys.modules)))"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "OHHELL_HOME": str(tmp_path)}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert result.stdout.splitlines()[-1] == "[]", result.stderr


def test_the_title_shows_its_menu_first_and_its_cards_once_drawn(app: App) -> None:
    """The first frame is the felt, the title and the menu; the cards' pictures are
    drawn in the frames after it and fade in."""
    title = TitleScene(app)
    app.push(title)
    app.frame(0.0)
    felt = theme.felt(app.size)
    in_the_fan = (540, 180)  # on the ace of hearts, once it is there
    assert app.screen.get_at(in_the_fan) == felt.get_at(in_the_fan)
    assert not title.backdrop.settled()
    frame(app, 40)
    assert title.backdrop.settled()
    assert app.screen.get_at(in_the_fan) != felt.get_at(in_the_fan)


def test_title_draws_at_every_size(app: App) -> None:
    title = TitleScene(app)
    app.push(title)
    for size in ((960, 540), (1920, 1080), (1280, 1024)):
        app.screen = pygame.display.set_mode(size)
        app._resized()
        frame(app, 2)
        new = title.buttons["new"]
        assert isinstance(new, Button)  # drawn by the game: the title never loads pygame_gui
        assert title.manager is None and new.rect.right <= size[0]


# ---------------------------------------------------------------- settings
def test_settings_apply_at_once_and_persist(app: App) -> None:
    base = Scene(app)
    app.push(base)
    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    click(app, scene.choices["four_colour"].buttons[1])
    click(app, scene.choices["confirm_play"].buttons[1])
    click(app, scene.choices["sound"].buttons[0])
    assert app.sounds.enabled is False
    type_text(app, scene.name_entry, "Marta")
    scene.sliders_of["card_scale"].set_current_value(1.3)
    scene.sliders_of["volume"].set_current_value(0.25)
    frame(app, 2)
    reloaded = SettingsStore().settings
    assert reloaded.four_colour and reloaded.confirm_play and not reloaded.sound
    assert reloaded.player_name == "Marta"
    assert reloaded.card_scale == pytest.approx(1.3)
    assert reloaded.volume == pytest.approx(0.25)
    assert app.sounds.volume == pytest.approx(0.25)
    click(app, scene.back_button)
    assert app.top is base


def test_animation_speed_is_set_on_a_doubling_scale(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    scene.sliders_of["animation_speed"].set_current_value(1.0)
    frame(app, 2)
    assert SettingsStore().settings.animation_speed == pytest.approx(2.0)


def test_settings_fullscreen_goes_through_the_app(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    toggled = []
    monkeypatch.setattr(app, "toggle_fullscreen", lambda: toggled.append(True))
    scene = SettingsScene(app)
    app.push(scene)
    click(app, scene.choices["fullscreen"].buttons[1])
    assert toggled == [True]


def test_settings_list_english_first(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    assert scene.language_menu is not None
    names = [option[0] for option in scene.language_menu.options_list]
    assert [scene._language_codes[name] for name in names] == ["en", "cs", "es", "nl", "pt"]
    assert names[0] == "English"


# ------------------------------------------------------------------- rules
def test_rules_from_the_title_show_the_chosen_presets_description(app: App) -> None:
    scene = RulesScene(app)
    app.push(scene)
    frame(app)
    headings = [heading for heading, _ in scene.sections]
    assert headings == [heading for heading, _ in describe(PRESETS["oh-hell"].rules(4))]
    assert "Bidding" in headings and "Scoring" in headings
    assert scene.preset_choice is not None and scene.count_choice is not None
    click(app, scene.preset_choice.buttons[0])  # Oh! Well
    click(app, scene.count_choice.buttons[2])  # 5 players
    assert scene.rules == PRESETS["oh-well"].rules(5)
    assert dict(scene.sections)["Players"] == dict(describe(PRESETS["oh-well"].rules(5)))["Players"]
    assert scene.title == "Oh! Well"


def test_player_counts_the_preset_does_not_allow_are_disabled_and_say_why(app: App) -> None:
    scene = RulesScene(app)
    app.push(scene)
    frame(app)
    assert PRESETS["oh-hell"].player_range == range(3, 8)
    assert scene.count_choice is not None
    eight = scene.count_choice.buttons[-1]
    seven = scene.count_choice.buttons[-2]
    assert not eight.is_enabled and state_of(eight) == "disabled"
    assert seven.is_enabled and state_of(seven) == "normal"
    click(app, eight)
    assert scene.count == 4 and scene.rules == PRESETS["oh-hell"].rules(4)
    assert scene.hover_note() == (eight.rect, "Oh Hell is played by 3 to 7 players.")
    plain = app.screen.copy()
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    assert scene.hover_note() is None
    frame(app)
    assert pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(plain, "RGB")
    click(app, button_labelled(scene, "Up and Down the River"))
    assert eight.is_enabled and state_of(eight) == "normal"
    click(app, eight)
    assert scene.count == 8 and scene.hover_note() is None


def test_rules_scroll_with_wheel_and_keys(app: App) -> None:
    scene = RulesScene(app, PRESETS["oh-pshaw"].rules(3))
    app.push(scene)
    frame(app)
    assert scene.preset_choice is None and scene.count_choice is None  # a game's own rules
    assert scene.hover_note() is None
    assert scene.max_scroll > 0
    key(app, pygame.K_PAGEDOWN)
    assert scene.scroll > 0
    key(app, pygame.K_END)
    assert scene.scroll == scene.max_scroll
    key(app, pygame.K_HOME)
    assert scene.scroll == 0
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert scene.scroll > 0
    key(app, pygame.K_UP)
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


# ------------------------------------------------------------------- pause
def _session() -> GameSession:
    players = [Player("Me"), Player("Ada", "easy"), Player("Bo", "easy")]
    session = GameSession(PRESETS["oh-hell"].rules(3), 11, players)
    session.match.advance_until_decision()
    return session


def test_pause_menu(app: App) -> None:
    session = _session()
    base = Scene(app)
    app.push(base)
    pause = PauseOverlay(app, session)
    app.push(pause)
    frame(app)
    click(app, button_labelled(pause, "Score sheet"))
    sheet = app.top
    assert isinstance(sheet, ScoreSheetOverlay)
    key(app, pygame.K_TAB)
    assert app.top is pause
    click(app, button_labelled(pause, "Rules of this game"))
    assert isinstance(app.top, RulesScene) and app.top.rules == session.match.rules
    key(app, pygame.K_ESCAPE)
    click(app, button_labelled(pause, "Settings"))
    assert isinstance(app.top, SettingsScene)
    click(app, app.top.back_button)
    assert app.top is pause
    key(app, pygame.K_ESCAPE)
    assert app.top is base


def test_pause_says_which_hand_and_deal_through_the_public_view(app: App) -> None:
    session = played_session("oh-hell", [Player("Me"), *[Player(n, "easy") for n in "ABC"]], 9, 90)
    pause = PauseOverlay(app, session)
    app.push(pause)
    frame(app)
    assert session.public().hand_number == 3
    assert pause._progress() == "Hand 3 of 19  \u00b7  Deal #9"
    session.close()


def test_save_and_leave_keeps_the_game_for_continue(app: App) -> None:
    session = _session()
    session.autosave = app.autosave_path
    app.push(Scene(app))
    pause = PauseOverlay(app, session)
    app.push(pause)
    click(app, button_labelled(pause, "Save and leave"))
    assert len(app.scenes) == 1 and isinstance(app.top, TitleScene)
    assert app.has_saved_game()
    assert json.loads(app.autosave_path.read_text(encoding="utf-8"))
    assert "continue" in app.top.buttons
    session.close()


def test_a_click_on_a_sliders_track_moves_the_knob_there(app: App) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    frame(app)
    slider = scene.sliders_of["card_scale"]
    assert slider.sliding_button is not None
    knob = slider.sliding_button.rect
    start = app.settings.card_scale
    right = (slider.rect.right - knob.width // 2 - 2, slider.rect.centery)
    assert not knob.collidepoint(right)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=right))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=right))
    frame(app, 2)
    assert app.settings.card_scale > start + 0.3  # at the far end, not one step along
    moved = slider.sliding_button
    assert moved is not None and moved.rect.collidepoint(right)
