"""The new game: the setup model (no pygame) and the screen over it, driven
headless with real mouse and keyboard events through pygame_gui."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.ai import LEVELS
from game.i18n.reasons import rules_words
from game.play.setup import (
    COMPUTER_NAMES,
    PLAYER_LEVELS,
    NewGameSetup,
    SeatChoice,
    default_table,
    offered_levels,
    preferred_level,
    seat_players,
)
from game.rules.errors import RulesError
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import (
    HandSequence,
    RuleSet,
    Settlement,
    TrickPoints,
    ZeroBid,
)
from game.settings import SettingsStore, Setup
from game.ui.app import App
from game.ui.newgame.page import Page
from game.ui.newgame.rows import NumberRow, OptionsRow, Row
from game.ui.newgame.scene import NewGameScene
from game.ui.newgame.tips import OPTION_DELAY, Hover, Tip, tip_rect
from tests.screens import Recorder, button_labelled, click, frame, key, move, type_text


@pytest.fixture
def app(recording_app: App) -> App:
    return recording_app


# ------------------------------------------------------------- the model
def test_a_person_left_without_a_name_is_seated_as_a_numbered_player() -> None:
    seats = [
        SeatChoice("Marta"),
        SeatChoice("", "human"),
        SeatChoice("", "easy"),
        SeatChoice("Ada", "hard"),
    ]
    players = seat_players(seats)
    assert players[1] == Player("Player 2", "human")
    assert players[2].kind == "easy" and players[2].name == "Basil"  # Ada is taken
    assert [p.kind for p in players] == ["human", "human", "easy", "hard"]


def test_the_default_table_names_computers_once_and_never_like_the_person() -> None:
    table = default_table(4, "Ada")
    assert table[0] == Player("Ada", "human")
    assert [p.name for p in table[1:]] == ["Basil", "Clara", "Dmitri"]
    assert [p.kind for p in table[1:]] == [preferred_level(k) for k in ("easy", "medium", "medium")]
    demo = default_table(8, levels=("expert", "hard"))
    assert [p.name for p in demo] == list(COMPUTER_NAMES[:8])
    assert all(p.kind in offered_levels() for p in demo)


def test_the_model_refuses_impossible_rules_with_the_engines_reason() -> None:
    setup = NewGameSetup("You")
    assert setup.rules == PRESETS["oh-hell"].rules(4) and setup.problem is None
    setup.set_rule("simultaneous_bidding", True)
    with pytest.raises(RulesError) as refused:
        RuleSet(players=4, hook=True, simultaneous_bidding=True)
    assert setup.problem == rules_words(refused.value.problem) and setup.rules is None
    assert setup.involves(["hook"]) and setup.involves(["simultaneous_bidding"])
    assert setup.deal() is None
    setup.set_rule("hook", False)
    deal = setup.deal()
    assert deal is not None and deal.rules.simultaneous_bidding and not deal.rules.hook


def test_the_model_refuses_two_players_with_one_name() -> None:
    setup = NewGameSetup("You")
    setup.set_name(2, "you")
    assert setup.problem is not None and "different name" in setup.problem
    assert setup.culprits == {"seat:0", "seat:2"}
    setup.set_name(2, "")
    assert setup.problem is None
    assert setup.seated_name(2) == "Basil"


def test_numbers_step_within_bounds_and_as_the_rules_allow() -> None:
    setup = NewGameSetup("You")
    assert setup.values()["max_hands"] is None and setup.shown("max_hands") == 19
    setup.step("max_hands", +1)
    assert setup.values()["max_hands"] == 20 and setup.changes == 1
    setup.toggle_unset("max_hands")
    assert setup.values()["max_hands"] is None and setup.changes == 0
    setup.toggle_unset("largest_hand")
    assert setup.values()["largest_hand"] is None and setup.shown("largest_hand") == 12
    for _ in range(30):
        setup.step("hard_score_bonus", +1)
    assert setup.values()["hard_score_bonus"] == 100
    assert not setup.applies("target_score") and not setup.applies("stake")
    setup.set_rule("target_score", 250)
    setup.end_at_target(False)
    setup.end_at_target(True)
    assert setup.values()["target_score"] == 250 and setup.applies("target_score")


def test_the_model_starts_from_the_last_setup() -> None:
    rules = dataclasses.replace(PRESETS["blob"].rules(3), must_trump=True)
    saved = (rules, [Player("Old name"), Player("Zed", "easy"), Player("Ann", "hard")])
    setup = NewGameSetup("Marta", saved)
    assert setup.preset.id == "blob" and setup.draft.overrides == {"must_trump": True}
    assert [p.name for p in setup.players] == ["Marta", "Zed", "Ann"]
    deal = setup.deal()
    assert deal is not None and deal.rules == rules and deal.seed > 0


def test_a_tip_goes_left_of_the_form_level_with_its_row() -> None:
    screen = pygame.Rect(0, 0, 960, 540)
    row = pygame.Rect(360, 260, 555, 27)
    rect = tip_rect((250, 50), row, 330, screen)
    assert rect.right == 330 and rect.centery == row.centery
    low = tip_rect((250, 50), pygame.Rect(360, 520, 555, 27), 330, screen)
    assert low.bottom == 540 and low.right == 330


def test_a_choices_tip_waits_for_the_mouse_to_rest() -> None:
    hover = Hover()
    tip = Tip("text", pygame.Rect(0, 0, 10, 10), "title", OPTION_DELAY)
    hover.update(tip, 0.0)
    assert hover.shown is None
    hover.update(tip, OPTION_DELAY)
    assert hover.shown == tip
    hover.update(None, 0.1)
    assert hover.shown is None


# -------------------------------------------------------------- the screen
def games(app: App) -> list[tuple[RuleSet, int, list[Player]]]:
    """The games started so far (rules, deal number, players)."""
    recorder = app.start_game
    assert isinstance(recorder, Recorder)
    return recorder.calls


def opened(app: App) -> NewGameScene:
    scene = NewGameScene(app)
    app.push(scene)
    frame(app)
    return scene


def rows(scene: NewGameScene) -> list[Row]:
    return [row for page in ("deal", "bidding", "scoring") for row in scene.rule_page(page).rows]


def switch(scene: NewGameScene, field: str, on: bool) -> Any:
    [row] = [row for row in rows(scene) if row.fields == (field,)]
    assert isinstance(row, OptionsRow)
    return row.choice.buttons[1 if on else 0]


def number(scene: NewGameScene, field: str) -> NumberRow:
    return next(row for row in rows(scene) if isinstance(row, NumberRow) and row.name == field)


def test_new_game_defaults_to_you_against_computers(app: App) -> None:
    scene = opened(app)
    click(app, scene.start_button)
    [(rules, seed, players)] = games(app)
    assert rules == PRESETS["oh-hell"].rules(4)
    assert seed >= 2**32 and scene.seed_entry.get_text() == ""  # a new, secret deal
    assert players[0] == Player(app.settings.player_name, "human")
    assert all(p.kind != "human" for p in players[1:])
    saved = SettingsStore().settings.last_setup
    assert saved == Setup(rules, tuple(players))


def test_new_game_builds_the_exact_rules_and_players(app: App) -> None:
    scene = opened(app)
    seats = scene.players_page
    click(app, scene.preset_choice.buttons[1])  # Nomination Whist
    click(app, seats.count_choice.buttons[2])  # 5 players
    type_text(app, seats.name_entries[0], "Marta")
    type_text(app, seats.name_entries[2], "Jo")
    kinds = seats.kind_choices[2]
    click(app, kinds.buttons[kinds.values.index("human")])
    level = offered_levels()[0]
    click(app, seats.kind_choices[3].buttons[seats.kind_choices[3].values.index(level)])
    click(app, scene.page_choice.buttons[1])  # the deal page
    click(app, button_labelled(scene, "Rising"))
    click(app, button_labelled(scene, "As many as the pack allows"))
    click(app, scene.page_choice.buttons[2])  # bidding and play
    click(app, switch(scene, "must_trump", True))
    click(app, switch(scene, "announce_total", True))
    click(app, scene.page_choice.buttons[3])  # scoring
    click(app, button_labelled(scene, "Exact bid only"))
    click(app, button_labelled(scene, "5 + tricks"))
    click(app, button_labelled(scene, "At a target score"))
    click(app, button_labelled(scene, "Differences"))
    click(app, scene.start_button)
    [(rules, _seed, players)] = games(app)
    expected = dataclasses.replace(
        PRESETS["nomination-whist"].rules(5),
        sequence=HandSequence.ASCENDING,
        largest_hand=None,
        must_trump=True,
        announce_total=True,
        trick_points=TrickPoints.EXACT,
        zero_bid=ZeroBid.FIVE_PLUS_TRICKS,
        target_score=100,
        settlement=Settlement.DIFFERENCES,
    )
    assert rules == expected
    assert [p.name for p in players][:3] == ["Marta", "Ada", "Jo"]
    assert players[2].kind == "human"
    assert players[3].kind == level
    assert len(players) == 5


def test_every_rule_can_be_edited(app: App) -> None:
    scene = opened(app)
    edited = {name for row in rows(scene) for name in row.fields}
    every = {f.name for f in dataclasses.fields(RuleSet)} - {"players"}
    assert every <= edited
    assert scene.players_page.count_choice.values == [3, 4, 5, 6, 7, 8]


def test_hook_with_simultaneous_bidding_is_refused_with_the_engines_reason(app: App) -> None:
    scene = opened(app)
    click(app, scene.page_choice.buttons[2])
    click(app, button_labelled(scene, "Simultaneous"))
    with pytest.raises(RulesError) as refused:
        RuleSet(players=4, hook=True, simultaneous_bidding=True)
    assert scene.setup.problem == rules_words(refused.value.problem)
    assert {"hook", "simultaneous_bidding"} <= scene.setup.culprits
    assert scene.rule_page("bidding").involved() and not scene.rule_page("deal").involved()
    assert not scene.start_button.is_enabled
    key(app, pygame.K_RETURN)
    scene.start()
    assert games(app) == []
    click(app, switch(scene, "hook", False))
    assert scene.setup.problem is None and scene.start_button.is_enabled
    click(app, scene.start_button)
    [(rules, _seed, _players)] = games(app)
    assert rules.simultaneous_bidding and not rules.hook


def test_a_hand_too_big_for_the_pack_is_explained(app: App) -> None:
    scene = opened(app)
    click(app, scene.players_page.count_choice.buttons[4])  # 7 players: Oh Hell deals 7
    click(app, scene.page_choice.buttons[1])
    click(app, number(scene, "largest_hand").plus)
    problem = scene.setup.problem
    assert problem is not None and "8 cards each for 7 players" in problem
    assert "largest_hand" in scene.setup.culprits
    assert not scene.start_button.is_enabled


def test_the_presets_player_range_is_enforced(app: App) -> None:
    scene = opened(app)
    count = scene.players_page.count_choice
    click(app, scene.preset_choice.buttons[2])  # Up and Down the River: 4 to 8
    click(app, count.buttons[0])  # 3 players
    assert scene.setup.problem is not None and "4 to 8 players" in scene.setup.problem
    assert not scene.start_button.is_enabled
    click(app, count.buttons[5])  # 8 players is fine
    assert scene.setup.problem is None
    click(app, scene.start_button)
    [(rules, _seed, players)] = games(app)
    assert rules == PRESETS["up-and-down-the-river"].rules(8) and len(players) == 8


def test_the_deal_number_is_honoured(app: App) -> None:
    scene = opened(app)
    type_text(app, scene.seed_entry, "4242")
    click(app, scene.start_button)
    [(_rules, seed, _players)] = games(app)
    assert seed == 4242


def test_a_nameless_person_stays_a_person_called_as_shown(app: App) -> None:
    scene = opened(app)
    seats = scene.players_page
    type_text(app, seats.name_entries[1], "")
    click(app, seats.kind_choices[1].buttons[0])  # human, and nameless
    assert seats.kind_choices[1].value == "human"
    assert seats.name_entries[1].placeholder_text == "Player 2"
    click(app, scene.start_button)
    [(_rules, _seed, players)] = games(app)
    assert players[1] == Player("Player 2", "human")
    assert [p.kind for p in players] == [k.value for k in seats.kind_choices[:4]]


def test_a_nameless_computer_gets_the_name_shown(app: App) -> None:
    scene = opened(app)
    entry = scene.players_page.name_entries[2]
    type_text(app, entry, "")
    key(app, pygame.K_ESCAPE)
    click(app, scene.start_button)
    [(_rules, _seed, players)] = games(app)
    assert players[2].kind != "human" and players[2].name == entry.placeholder_text
    assert len({p.name for p in players}) == 4


def test_names_changed_in_one_frame_are_all_kept(app: App) -> None:
    scene = opened(app)
    entries = scene.players_page.name_entries
    entries[1].set_text("")
    entries[3].set_text("Zed")
    frame(app)
    assert [entry.get_text() for entry in entries[1:4]] == ["", "Basil", "Zed"]
    assert [p.name for p in scene.setup.players[1:]] == ["Ada", "Basil", "Zed"]
    assert entries[1].placeholder_text == "Ada"


def test_two_players_with_one_name_are_refused(app: App) -> None:
    scene = opened(app)
    type_text(app, scene.players_page.name_entries[2], app.settings.player_name)
    assert scene.setup.problem is not None and "different name" in scene.setup.problem
    assert scene.players_page.involved()
    assert not scene.start_button.is_enabled


def test_random_is_not_offered_to_players(app: App) -> None:
    scene = opened(app)
    offered = set(scene.players_page.kind_choices[0].values)
    assert "random" not in offered
    assert offered == {"human"} | {level for level in PLAYER_LEVELS if level in LEVELS}


def test_a_constant_sequence_needs_an_end(app: App) -> None:
    scene = opened(app)
    click(app, scene.page_choice.buttons[1])
    click(app, button_labelled(scene, "Constant"))
    assert scene.setup.problem is not None and "constant hand size" in scene.setup.problem
    assert {"sequence", "max_hands"} <= scene.setup.culprits
    unset = number(scene, "max_hands").unset
    assert unset is not None
    click(app, unset)  # the whole sequence -> a number
    assert scene.setup.problem is None
    click(app, scene.start_button)
    [(rules, _seed, _players)] = games(app)
    assert rules.sequence is HandSequence.CONSTANT and rules.max_hands == 10


def test_choices_survive_a_new_window_size(app: App) -> None:
    scene = opened(app)
    type_text(app, scene.players_page.name_entries[1], "Zed")
    click(app, scene.page_choice.buttons[2])
    click(app, switch(scene, "must_trump", True))
    app.screen = pygame.display.set_mode((960, 540))
    app._resized()
    frame(app)
    assert scene.page == "bidding" and switch(scene, "must_trump", True).is_selected
    assert scene.players_page.name_entries[1].get_text() == "Zed"


def _tip_spots(page: Page) -> list[tuple[int, int]]:
    """The centre of every label and widget of ``page``."""
    found = getattr(page, "rows", [])
    spots = [row.label_rect.center for row in found]
    return spots + [element.rect.center for element in page.elements]


def _pixels(surface: pygame.Surface, area: pygame.Rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(area), "RGB")


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_every_tip_sits_beside_the_form_and_hides_no_row(app: App, size: tuple[int, int]) -> None:
    """Every tip is drawn left of the panel, level with its row: the panel's pixels
    are the same with the tip as without it."""
    app.screen = pygame.display.set_mode(size)
    app._resized()
    scene = opened(app)
    panel = scene.rect(450, 80, 790, 540)
    seen = set()
    for name, page in scene.pages.items():
        scene.show_page(name)
        for pos in _tip_spots(page):
            move(app, pos)
            frame(app, 2)
            app.frame(OPTION_DELAY)
            tip = scene.hover.shown
            if tip is None:
                continue
            seen.add(tip.text)
            with_tip = app.screen.copy()
            scene.hover = Hover()
            without = app.screen.copy()
            scene.draw(without)
            assert _pixels(with_tip, panel) == _pixels(without, panel), (name, tip.text)
            beside = pygame.Rect(0, tip.row.centery - 2, panel.x, 4)
            assert _pixels(with_tip, beside) != _pixels(without, beside), (name, tip.text)
    assert "A player who cannot follow suit must trump if able." in seen
    assert "One card in the first hand, one more every hand." in seen
    assert "Thinks through many possible deals before every decision." in seen
    assert len(seen) > 40
