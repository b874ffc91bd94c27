"""The title screen and the saved game: Continue says what it resumes, Quick game what
it starts, and a new game asks before it replaces the saved one. Driven headless with
real mouse and keyboard events."""

from __future__ import annotations

import os

import pygame
import pytest

from game.play.preview import played_session
from game.play.setup import remembered_setups, saved_setup
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit.widgets import Button
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.title import TitleScene
from game.ui.newgame.scene import NewGameScene
from tests.screens import click, frame, key, started

PLAYERS = [Player("Me"), Player("Ann", "easy"), Player("Bo", "easy"), Player("Cy", "easy")]
THIRD_HAND = 4 + 40 + 4 + 36 + 2
"""Actions that play Oh Hell for four through two hands and into the third."""


@pytest.fixture
def app(recording_app: App) -> App:
    return recording_app


def save_game(app: App, actions: int = THIRD_HAND) -> bytes:
    """Write the autosave of Oh Hell for four after ``actions``; returns its bytes."""
    session = played_session("oh-hell", PLAYERS, 5, actions)
    app.autosave_path.parent.mkdir(parents=True, exist_ok=True)
    session.autosave = app.autosave_path
    session.save()
    session.close()
    return app.autosave_path.read_bytes()


def menu_button(title: TitleScene, name: str) -> Button:
    button = title.buttons[name]
    assert isinstance(button, Button)
    return button


def title_over(app: App) -> TitleScene:
    title = TitleScene(app)
    app.push(title)
    frame(app)
    return title


# ------------------------------------------------------------ continue
def test_continue_says_which_game_it_resumes(app: App) -> None:
    save_game(app)
    title = title_over(app)
    assert title.saved is not None
    assert title.saved.caption() == "Oh Hell  \u00b7  hand 3 of 19  \u00b7  4 players"
    button = menu_button(title, "continue")
    [area] = [area for area, caption in title.captions if "hand 3" in caption[0]]
    assert area.top >= button.rect.bottom and area.top < menu_button(title, "new").rect.top
    assert "Me, Ann, Bo and Cy" in title.saved.tooltip()


def test_continue_follows_the_save_when_the_title_comes_back(app: App) -> None:
    save_game(app, actions=2)
    title = title_over(app)
    assert title.saved is not None and "hand 1 of 19" in title.saved.caption()
    save_game(app)
    os.utime(app.autosave_path, ns=(1, 1))  # a new file, whatever the clock's grain
    title.enter()
    assert "hand 3 of 19" in title.saved.caption()
    app.autosave_path.unlink()
    title.enter()
    assert title.saved is None and "continue" not in title.buttons


# ------------------------------------------------------- replacing a save
def test_new_game_asks_before_replacing_the_saved_game(app: App) -> None:
    kept = save_game(app)
    title = title_over(app)
    click(app, title.buttons["new"])
    dialog = app.top
    assert isinstance(dialog, ConfirmOverlay)
    assert dialog.question == "Start a new game?"
    assert dialog.detail == ("Your saved game (Oh Hell, hand 3 of 19, 4 players) will be replaced.")
    click(app, dialog.no_button)
    assert app.top is title and app.autosave_path.read_bytes() == kept
    click(app, title.buttons["new"])
    dialog = app.top
    assert isinstance(dialog, ConfirmOverlay)
    click(app, dialog.yes_button)
    assert isinstance(app.top, NewGameScene)
    assert not any(isinstance(scene, ConfirmOverlay) for scene in app.scenes)


@pytest.mark.parametrize("keep", ["escape", "enter", "outside", "button"])
def test_quick_game_keeps_the_saved_game_unless_told(app: App, keep: str) -> None:
    kept = save_game(app)
    title = title_over(app)
    click(app, title.buttons["quick"])
    dialog = app.top
    assert isinstance(dialog, ConfirmOverlay)
    if keep == "escape":
        key(app, pygame.K_ESCAPE)
    elif keep == "enter":
        key(app, pygame.K_RETURN)
    elif keep == "outside":
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(3, 3)))
    else:
        click(app, dialog.no_button)
    assert app.top is title
    assert started(app).calls == []
    assert app.autosave_path.read_bytes() == kept


def test_quick_game_replaces_the_saved_game_when_told(app: App) -> None:
    save_game(app)
    title = title_over(app)
    click(app, title.buttons["quick"])
    dialog = app.top
    assert isinstance(dialog, ConfirmOverlay)
    click(app, dialog.yes_button)
    [(rules, _seed, players)] = started(app).calls
    assert rules == PRESETS["oh-hell"].rules(4) and len(players) == 4


def test_without_a_saved_game_nothing_is_asked(app: App) -> None:
    title = title_over(app)
    click(app, title.buttons["quick"])
    assert len(started(app).calls) == 1
    click(app, title.buttons["new"])
    assert isinstance(app.top, NewGameScene)
    assert not any(isinstance(scene, ConfirmOverlay) for scene in app.scenes)


def test_a_save_damaged_behind_the_titles_back_is_kept_aside_not_asked_about(app: App) -> None:
    save_game(app)
    title = title_over(app)
    app.autosave_path.write_bytes(b"{" * 1000)
    click(app, title.buttons["new"])
    assert app.top is title
    assert title.message and "could not be read and was kept as" in title.message
    assert "continue" not in title.buttons and not app.autosave_path.exists()
    click(app, title.buttons["new"])
    assert isinstance(app.top, NewGameScene)


# ----------------------------------------------------------- quick game
def test_quick_game_says_what_it_starts(app: App) -> None:
    title = title_over(app)
    _rules, players = title.quick_setup()
    assert [p.kind for p in players].count("human") == 1
    assert [p.kind for p in players[1:]] == ["easy", "medium", "medium"]  # gentle
    captions = [caption for _area, caption in title.captions]
    dot = "  \u00b7  "
    assert captions[0][0] == dot.join(("Oh Hell", "you against Easy, Medium, Medium", "19 hands"))
    tip = menu_button(title, "quick").tooltip
    assert tip is not None and "19 hands" in tip and "Ada (Easy)" in tip


def test_quick_game_never_silently_becomes_a_game_of_several_people(app: App) -> None:
    solo = PRESETS["oh-pshaw"].rules(3)
    alone = [Player("Zoe"), Player("Ada", "hard"), Player("Bob", "medium")]
    app.store.update(**remembered_setups(solo, alone))
    hotseat = PRESETS["blob"].rules(3)
    together = [Player("Zoe"), Player("Max"), Player("Bob", "medium")]
    app.store.update(**remembered_setups(hotseat, together))  # a hotseat game was set up
    title = title_over(app)
    assert title.quick_setup() == (solo, alone)  # Quick game kept its one person
    captions = [caption for _area, caption in title.captions]
    assert any(c[0].startswith("Oh Pshaw") and "against Hard, Medium" in c[0] for c in captions)
    assert saved_setup(app.settings) == (hotseat, together)  # the form remembers both


def test_quick_game_from_an_older_version_skips_a_remembered_hotseat_game(app: App) -> None:
    rules = PRESETS["blob"].rules(3)
    players = [Player("Zoe"), Player("Max"), Player("Bob", "medium")]
    app.store.update(
        last_setup={"rules": rules.to_dict(), "players": [p.to_json() for p in players]}
    )
    title = title_over(app)
    _rules, seated = title.quick_setup()
    assert [p.kind for p in seated].count("human") == 1


def test_the_captions_fit_the_menu_at_every_size(app: App) -> None:
    save_game(app)
    title = title_over(app)
    for size in ((960, 540), (1280, 720), (1920, 1080)):
        app.screen = pygame.display.set_mode(size)
        app._resized()
        frame(app, 2)
        assert len(title.captions) == 2
        for area, _caption in title.captions:
            assert title.menu_panel.contains(area)
        assert title.menu_panel.bottom <= size[1]
        bottoms = [menu_button(title, name).rect.bottom for name in title.buttons]
        assert max(bottoms) <= title.menu_panel.bottom
