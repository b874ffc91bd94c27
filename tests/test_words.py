"""Words a player reads: in the language chosen now, about You as You, never cut short."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.i18n import available_languages, set_language
from game.play.replay import Replay
from game.play.setup import NewGameSetup
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import theme
from game.ui.kit.gui import GuiScene
from game.ui.menus.title import TitleScene
from game.ui.newgame.frame import draw_description, setup_description
from game.ui.replay.controls import caption
from game.ui.table.hud import Hud
from tests.test_title import save_game


@pytest.fixture
def english() -> Iterator[None]:
    yield
    set_language("en")


def test_the_continue_line_follows_a_change_of_language(app: App, english: None) -> None:
    save_game(app)
    title = TitleScene(app)
    app.push(title)
    app.frame(1 / 60)
    assert "hand 3 of 19" in title.captions[0][1][0]
    app.store.speak("cs")
    title.enter()  # back from the settings
    words = title.captions[0][1][0]
    assert "hand" not in words and "kolo 3 z 19" in words and "4 hráči" in words


def test_the_replay_speaks_to_you_as_you() -> None:
    players = [Player("You"), Player("Ada", "random"), Player("Basil", "random")]
    rules = PRESET_LIST[0].rules(3)
    match = Match(rules, 4)
    while match.phase is not Phase.GAME_OVER and match.hand_number < 3:
        if match.phase.automatic or match.phase is Phase.HAND_SCORED:
            match.advance()
        else:
            match.apply(match.legal_actions(match.awaiting[0])[0])
    lines = [caption(moment, players) for moment in Replay.of(match).moments]
    assert not any(
        phrase in line for line in lines for phrase in ("You plays", "You takes", "You bids")
    )
    assert any(line.startswith("You play the ") for line in lines)
    assert any(line.startswith(("You bid ", "You bid none")) for line in lines)
    assert any("You take the trick" in line for line in lines)


def test_the_top_bar_says_take_back_as_the_menu_does() -> None:
    assert Hud().undo.label == "Take back"


@pytest.mark.parametrize("language", available_languages())
def test_every_variant_description_is_shown_whole_at_1000x600(
    language: str, english: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_language(language)
    pygame.display.init()
    pygame.font.init()
    surface = pygame.Surface((1000, 600))
    gui = GuiScene(None)
    gui.resize((1000, 600))
    drawn: list[str] = []
    real = theme.text

    def text(content: str, *args: object, **kwargs: object) -> pygame.Surface:
        drawn.append(content)
        return real(content, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(theme, "text", text)
    for preset in PRESET_LIST:
        setup = NewGameSetup("You")
        setup.choose_preset(preset.id)
        drawn.clear()
        draw_description(surface, gui, setup)
        assert not any(line.endswith("\u2026") for line in drawn), (preset.id, drawn)


def test_a_customised_variant_describes_its_own_hands() -> None:
    setup = NewGameSetup("You")
    setup.choose_preset("oh-hell")
    plain = setup_description(setup)
    setup.set_rule("max_hands", 3)
    changed = setup_description(setup)
    assert changed != plain and "3 hands" in changed and "19 hands" not in changed
