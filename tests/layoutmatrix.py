"""The layout check's matrix (issue 51, item 4): every table screen, the score sheet
and the menus (pause, settings, title, rules, the new-game form's pages) at every window
size, text size, language and seat count, drawn once with both recorders on — the
kit's own log of named elements and their texts (:mod:`game.ui.kit.layoutlog`) and the
layers that follow every text onto the screen (:mod:`tests.textlayout`).

Used by ``tests/test_text_fits.py`` (a sample in the default run, all of it in a slow
test) and by ``tools/layout_check.py``, which prints the matrix and its failures.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import pygame

from game.i18n import set_language
from game.play.preview import played_session, played_until_bid
from game.play.session import GameSession
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.rules.ruleset import RuleSet
from game.settings import SettingsStore
from game.ui import registry
from game.ui.app import App
from game.ui.kit import layoutlog, routes, theme
from game.ui.kit.gui import GuiScene
from game.ui.kit.scene import Scene
from game.ui.menus.settings import SettingsScene
from game.ui.newgame.scene import PAGES, NewGameScene
from game.ui.screenshot import KINDS, build_scene, picture_names
from game.ui.table.curtain import CurtainOverlay
from tests.textlayout import (
    Layer,
    crossing_problems,
    gui_problems,
    placed_texts,
    recording,
    text_problems,
)

SIZES = ((960, 540), (1280, 720), (1920, 1080))
TEXT_SIZES = (1.0, 1.15, 1.3)
LANGUAGES = ("en", "es", "pt", "nl", "cs")
SEATS = (3, 4, 8)
SCREENS = (
    "bidding",
    "playing",
    "result",
    "scoresheet",
    "replay",
    "replay-analysis",
    "settings-language",
    "curtain",
    "pause-curtain",
    "pause",
    "settings",
    "title",
    "rules",
    *(f"newgame-{page}" for page in PAGES),
)
FRAMES = 12
LOOKS = {3: ("blue", "green"), 4: ("red", "blue"), 8: ("green", "red")}
"""The card back and table colour drawn at each seat count: every screen in each look."""
SEATLESS = ("settings-language", "settings", "title", *(f"newgame-{page}" for page in PAGES))
"""Screens that look the same at any seat count (checked at one)."""


@dataclass(frozen=True)
class Case:
    screen: str
    size: tuple[int, int]
    text: float
    language: str
    seats: int

    def __str__(self) -> str:
        width, height = self.size
        return f"{self.screen}-{width}x{height}-text{self.text}-{self.language}-{self.seats}seats"


def every_case() -> list[Case]:
    """The whole matrix (a seatless screen at one seat count)."""
    cases = []
    for screen, size, text, language, seats in itertools.product(
        SCREENS, SIZES, TEXT_SIZES, LANGUAGES, SEATS
    ):
        if screen in SEATLESS and seats != SEATS[0]:
            continue
        cases.append(Case(screen, size, text, language, seats))
    return cases


SAMPLED = tuple(s for s in SCREENS if s not in ("newgame-deal", "newgame-scoring"))
"""The screens of the default run's sample (two of the new-game form's four pages)."""


def sample() -> list[Case]:
    """One case per sampled screen, turning through the sizes, text sizes, languages and
    seat counts so that each shows up (the largest text size at most screens)."""
    cases = []
    for index, screen in enumerate(SAMPLED):
        size = SIZES[index % len(SIZES)]
        text = TEXT_SIZES[-1] if index % 4 else TEXT_SIZES[1]
        language = LANGUAGES[index % len(LANGUAGES)]
        seats = SEATS[(index + 1) % len(SEATS)]
        cases.append(Case(screen, size, text, language, seats))
    return cases


def variant(seats: int) -> str:
    return "up-and-down-the-river" if seats == 8 else "oh-hell"


def players(seats: int) -> list[Player]:
    return [Player(picture_names()[seat], KINDS[seat]) for seat in range(seats)]


@lru_cache(maxsize=8)
def _actions_until(seats: int, what: str) -> int:
    """How many actions into the game the person plays a card, or a hand is scored."""
    for actions in range(seats, 400):
        session = played_session(variant(seats), players(seats), 3, actions, what == "result")
        found = (
            session.match.phase is Phase.HAND_SCORED
            if what == "result"
            else session.view(0).phase is Phase.PLAYING and session.human_to_act() == 0
        )
        session.close()
        if found:
            return actions
    raise AssertionError(f"no {what} at {seats} seats")


def session_for(screen: str, seats: int) -> GameSession:
    if screen == "bidding":
        return played_until_bid(variant(seats), players(seats), 3)
    what = "result" if screen in ("result", "scoresheet") else "playing"
    actions = _actions_until(seats, what)
    return played_session(variant(seats), players(seats), 3, actions, what == "result")


def scene_stack(app: App, screen: str, seats: int, kept: Callable[[int], str]) -> list[Scene]:
    """The scenes that show ``screen``; ``kept(seats)`` names a kept game to replay."""
    from game.ui.replay.findings import AnalysisOverlay
    from game.ui.replay.scene import ReplayScene

    if screen.startswith("settings"):
        return [SettingsScene(app)]
    if screen.startswith("newgame-"):
        return [NewGameScene(app)]
    if screen == "title":
        return [registry.build(app, routes.Title())]
    if screen == "rules":
        return [registry.build(app, routes.Rules(variant_rules(seats)))]
    if screen.startswith("replay"):
        scene = ReplayScene(app, kept(seats), 1)
        review = scene.review
        if screen == "replay" or review is None:
            return [scene]
        return [scene, AnalysisOverlay(app, review.analysis, scene.players, review.jump)]
    if screen in ("curtain", "pause-curtain"):
        session = played_session(variant(seats), players(seats), 3, 0)
        stack = build_scene(app, "table", session)
        stack.append(CurtainOverlay(app, picture_names()[1], lambda: None))
        if screen == "pause-curtain":
            stack += build_scene(app, "pause", session)[1:]
        return stack
    session = session_for(screen, seats)
    name = {"bidding": "table", "playing": "table"}.get(screen, screen)
    if screen == "pause":
        return build_scene(app, "table", session) + build_scene(app, "pause", session)[1:]
    return build_scene(app, name, session)


def kept_game(seats: int) -> str:
    """A short game of ``seats`` computer players (the first called You) kept in the
    user's folder, with an analysis of its first seat: its name."""
    from game.ai import make_agent
    from game.play.library import Library
    from game.rules.match import Match
    from game.rules.record import to_record
    from tests.kept import keep_analysis

    rules = dataclasses.replace(variant_rules(seats), max_hands=2)
    match = Match(rules, 5)
    agents = [make_agent("easy", 40 + seat) for seat in range(seats)]
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic or match.phase is Phase.HAND_SCORED:
            match.advance()
            continue
        seat = match.awaiting[0]
        match.apply(agents[seat].choose(match.view(seat)))
    named = [Player(picture_names()[0]), *players(seats)[1:]]
    name = Library.of_user().keep(to_record(match, named))
    assert name is not None
    keep_analysis(name)
    return name


def variant_rules(seats: int) -> RuleSet:
    return PRESETS[variant(seats)].rules(seats)


def open_lists(scene: Scene, screen: str) -> None:
    """Open the settings' language list (``settings-language``), or show the new-game
    form's page the screen names."""
    if isinstance(scene, NewGameScene):
        scene.show_page(screen.removeprefix("newgame-"))
    menu = scene.language_menu if isinstance(scene, SettingsScene) else None
    if screen == "settings-language" and menu is not None:
        if menu.current_state is not None:
            menu.current_state.finish()
        menu.current_state = menu.menu_states["expanded"]
        menu.current_state.start()


def check(case: Case, home: Path, kept: Callable[[int], str]) -> list[str]:
    """Everything wrong with ``case``'s screen, in words (the top scene's drawing)."""
    assert set_language(case.language)
    store = SettingsStore(path=home / "settings.json")
    store.update(
        animation_speed=4.0,
        sound=False,
        guide=False,
        text_scale=case.text,
        player_name=picture_names()[0],
        language=case.language,
        card_back=LOOKS[case.seats][0],
        table_colour=LOOKS[case.seats][1],
    )
    app = App(pygame.display.set_mode(case.size), store)
    try:
        with recording():
            for scene in scene_stack(app, case.screen, case.seats, kept):
                app.push(scene)
            top = app.scenes[-1]
            open_lists(top, case.screen)
            for _frame in range(FRAMES):
                app.frame(1 / 30)
            screen = Layer(app.size, pygame.SRCALPHA)
            with layoutlog.recording() as below:
                for scene in app.scenes[:-1]:
                    scene.draw(screen)
            screen.placed.clear()
            with layoutlog.recording() as log:
                top.draw(screen)
            # What lies beneath counts by its places (a panel over a plate), not its words.
            log[:0] = [item for item in below if not item.content]
            found = layoutlog.problems(log, case.size) + text_problems(placed_texts(screen))
        if isinstance(top, GuiScene) and top.manager is not None:
            texts = placed_texts(screen)
            found += gui_problems(top.manager) + crossing_problems(texts, top.manager)
        return found
    finally:
        app.close_scenes()
        set_language("en")
        theme.use_look("green", "blue")


def run(
    cases: list[Case], home: Path, kept: Callable[[int], str]
) -> Iterator[tuple[Case, list[str]]]:
    """Each case with its problems."""
    for case in cases:
        yield case, check(case, home, kept)
