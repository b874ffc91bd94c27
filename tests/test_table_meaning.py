"""What the play-test found the screens meant, and what they mean now: the coach's mark
agrees with its figures; a missed bid reads plainly; one name for a custom game; no
possessive of "You"; a custom table listed in the reader's language; a joined seat
leaves without saving; animation speeds by name; the guide's button on its card."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ai.advice import Advice, Option
from game.i18n import _, available_languages, set_language
from game.i18n.describe import custom_name, game_name, listed_name
from game.play.preview import played_session
from game.rules.actions import Bid
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.ui.app import App
from game.ui.menus.pause import PauseOverlay
from game.ui.menus.settings import SPEED_RANGE, _slider_value, speed_label, speed_steps
from game.ui.scoresheet import ink, paint
from game.ui.table.frame import Coaching
from game.ui.table.scene import TableScene


@pytest.fixture(autouse=True)
def english() -> object:
    yield None
    set_language("en")


# ------------------------------------------------------------------ the coach
def _advice(chances: dict[int, float], choice: int) -> Advice:
    options = tuple(Option(Bid.of(0, n), c) for n, c in chances.items())
    return Advice(options, Bid.of(0, choice))


def test_the_coach_marks_the_best_figure_shown() -> None:
    # the play-test: the 5 of clubs (98%) glowed while the king of hearts showed 99%
    coach = Coaching(_advice({0: 0.99, 1: 0.98}, choice=1))
    assert coach.marked == Bid.of(0, 0)
    # figures that read alike: the expert's own choice among them
    coach = Coaching(_advice({0: 0.991, 1: 0.989, 2: 0.5}, choice=1))
    assert coach.marked == Bid.of(0, 1)
    assert Coaching(None).marked is None


# ------------------------------------------------------------------ the score sheet
def test_a_missed_bid_reads_in_grey_with_a_plain_mark_not_a_red_cross(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.test_scoresheet import open_sheet, played

    session = played(PRESETS["oh-hell"].rules(4), hands=6)
    assert not all(all(r.made) for r in session.match.results)
    sheet = open_sheet(app, session)
    digits: list[pygame.Rect] = []
    real = ink.missed_mark

    def mark(surface: pygame.Surface, digit: pygame.Rect, px: object) -> None:
        if surface.get_width() > 100:  # a cell, not the key's sample
            digits.append(digit.copy())
        real(surface, digit, px)  # type: ignore[arg-type]

    monkeypatch.setattr(paint, "missed_mark", mark)
    sheet.invalidate()
    app.frame(1 / 60)
    assert digits
    for digit in digits:
        for x in range(digit.x, digit.right):
            for y in range(digit.y, digit.bottom):
                red, green, blue, _a = app.screen.get_at((x, y))
                assert not (red > 150 and green < 90 and blue < 90), "an alarming red"


# ------------------------------------------------------------------ names
def test_one_name_for_a_custom_game_everywhere() -> None:
    custom = dataclasses.replace(PRESETS["oh-hell"].rules(4), exact_bonus=7)
    assert game_name(custom) == custom_name() == "Custom rules"
    assert game_name(PRESETS["oh-hell"].rules(4)) == "Oh Hell"
    import pathlib

    code = "".join(p.read_text("utf-8") for p in pathlib.Path("game").rglob("*.py"))
    assert '"Custom game"' not in code and "customised" not in code


def test_a_custom_table_is_listed_in_the_readers_language() -> None:
    set_language("cs")
    assert listed_name("") == "Vlastní pravidla"
    assert listed_name("oh-hell") == _(PRESETS["oh-hell"].name)
    assert listed_name("Some older host's words") == "Some older host's words"


def test_the_top_bar_of_a_custom_game_reads_custom_rules(app: App) -> None:
    from game.play.session import GameSession

    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    custom = dataclasses.replace(PRESETS["oh-hell"].rules(3), exact_bonus=7)
    session = GameSession(custom, 3, players)
    scene = TableScene(app, session)
    assert scene.title == "Custom rules"
    set_language("cs")
    scene._layout_key = None
    scene._relayout()
    assert scene.title == "Vlastní pravidla"
    session.close()


@pytest.mark.parametrize("code", available_languages())
def test_the_rejoin_line_names_the_host_without_a_possessive(code: str) -> None:
    set_language(code)
    line = _("Host: {host}").format(host="You")
    assert "You" in line and "'s" not in line and "You's" not in line


# ------------------------------------------------------------------ a joined seat
class _Joined:
    """Just what the pause menu reads of a seat joined at another's table (no
    capability: it neither keeps the game nor takes actions back)."""

    rules = PRESETS["oh-hell"].rules(4)
    deal_number = None

    def public(self) -> object:
        return type("View", (), {"hand_number": 2})()


def test_a_joined_seat_is_offered_leave_not_save_and_leave(app: App) -> None:
    pause = PauseOverlay(app, _Joined())  # type: ignore[arg-type]
    app.push(pause)
    app.frame(1 / 60)
    assert "Leave" in pause.buttons and "Save and leave" not in pause.buttons
    players = [Player("You"), Player("Ada", "easy"), Player("Basil", "easy")]
    session = played_session("oh-hell", players, 3, 0)
    own = PauseOverlay(app, session)
    app.push(own)
    assert "Save and leave" in own.buttons
    session.close()


# ------------------------------------------------------------------ settings
def test_every_animation_speed_has_a_name_not_a_number() -> None:
    names = {name for _speed, name in speed_steps()}
    assert "Normal" in names and len(names) == 5
    low, high = SPEED_RANGE
    position = low
    while position <= high + 1e-9:
        speed = _slider_value("animation_speed", position)
        label = speed_label(speed)
        assert label in names and not any(ch.isdigit() for ch in label)
        position += 0.05
    assert speed_label(3.96) == "Very fast"  # the play-test's "3.96×"
    assert speed_label(1.0) == "Normal"


# ------------------------------------------------------------------ the guide
def test_the_guides_button_is_drawn_on_its_own_card_even_before_the_hud_follows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from game.ui.kit.widgets import Button
    from game.ui.table import guideview, sprites
    from game.ui.table.layout import table_layout

    pygame.font.init()
    layout = table_layout((1280, 720), 4)
    hide = Button(pygame.Rect(600, 300, 90, 24), "Hide the guide", print)  # stale
    painted: list[pygame.Rect] = []
    monkeypatch.setattr(sprites, "paint_button", lambda s, b, u: painted.append(b.rect))
    surface = pygame.Surface(layout.size, pygame.SRCALPHA)
    guideview.draw_guide(surface, layout, "Bid exactly the tricks you will take.", 5, hide)
    card = guideview.guide_card(layout, "Bid exactly the tricks you will take.", 5)
    assert painted == [card.button] and card.panel.contains(card.button)
