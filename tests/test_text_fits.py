"""Text fits in every language (issue 19, item 4): every scene, in English, in the
pseudo-language (every string ~40% longer, accented) and in each bundled catalog, at
960x540 and 1280x720: no text leaves its box and no two texts overlap
(``tests/textlayout.py`` records them)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import nullcontext
from pathlib import Path
from unittest import mock

import pygame
import pytest

from game.i18n import _, available_languages, install, set_language
from game.i18n.pseudo import CODE as PSEUDO
from game.i18n.pseudo import PseudoTranslations
from game.net.discovery import Browser, Listing
from game.play import thinker
from game.play.preview import played_session, played_until_bid
from game.play.session import GameSession
from game.rules.phase import Phase
from game.rules.record import Player
from game.settings import SettingsStore
from game.ui.app import App
from game.ui.kit import layoutlog
from game.ui.kit.gui import GuiScene
from game.ui.kit.scene import Scene
from game.ui.net.lobby import MAX_LISTED, LobbyScene
from game.ui.newgame.scene import PAGES, NewGameScene
from game.ui.replay.findings import AnalysisOverlay
from game.ui.replay.games import GamesScene
from game.ui.replay.scene import ReplayScene
from game.ui.screenshot import KINDS, build_scene, picture_names
from game.ui.stats.scene import StatsScene
from game.ui.table.scene import TableScene
from tests import layoutmatrix
from tests.kept import keep_analysis, kept_game
from tests.textlayout import (
    Layer,
    crossing_problems,
    gui_problems,
    placed_texts,
    recording,
    text_problems,
)
from tests.waits import wait_until

LANGUAGES = ["en", PSEUDO, *available_languages()[1:]]
SIZES = [(960, 540), (1280, 720)]
SCENES = [
    "title",
    *(f"newgame-{page}" for page in PAGES),
    "settings",
    "rules",
    "bidding",
    "table",
    "scoresheet",
    "pause",
    "result",
    "gameover",
    "curtain",
    "games",
    "replay",
    "replay-analysing",
    "replay-analysis",
    "replay-analysis-jump",
    "statistics",
    "online",
    "online-hosted",
    "coach-bidding",
    "coach-playing",
    "coach-thinking",
]
FRAMES = 15
MIN_TEXTS = {"curtain": 1, "pause": 3}
"""The fewest texts each scene draws itself (the recorder must see them all)."""


def use_language(code: str) -> None:
    if code == PSEUDO:
        install(PseudoTranslations(), PSEUDO)
    else:
        assert set_language(code)


def scene_stack(app: App, name: str) -> list[Scene]:
    """The scenes that show ``name`` (the new-game form at one of its pages)."""
    players = [Player(picture_names()[seat], KINDS[seat]) for seat in range(4)]
    if name in ("bidding", "coach-bidding"):
        return build_scene(app, "table", played_until_bid("oh-hell", players, 3))
    if name.startswith("coach-"):
        return build_scene(app, "table", your_play(players))
    if name.startswith("newgame-"):
        scene = NewGameScene(app)
        return [scene]
    if name.startswith("online"):
        return [lobby(app, hosted=name == "online-hosted")]
    if name in ("games", "replay", "statistics") or name.startswith("replay-analys"):
        kept, session = kept_game()
        session.close()
        if name.startswith("replay-"):
            return analysis_stack(app, kept, name.removeprefix("replay-"))
        if name == "replay":
            return [ReplayScene(app, kept, 2)]
        return [GamesScene(app) if name == "games" else StatsScene(app)]
    actions = {"gameover": 10**6, "table": 9}.get(name, 14)
    session = played_session("oh-hell", players, 3, actions, name == "result")
    return build_scene(app, name, session)


def your_play(players: list[Player]) -> GameSession:
    """A game at the moment You (seat 0) play a card."""
    for actions in range(9, 30):
        session = played_session("oh-hell", players, 3, actions)
        if session.view(0).phase is Phase.PLAYING and session.human_to_act() == 0:
            return session
        session.close()
    raise AssertionError("You never play")


class NoAnswer:
    """The coach's question, never answered: the table shows the coach thinking."""

    advice = None

    def done(self) -> bool:
        return False

    def cancel(self) -> None:
        pass


def settle(app: App, name: str) -> None:
    """Frames until the scene is as pictured: the coach's figures shown, for a coach scene."""
    for _frame in range(FRAMES):
        app.frame(1 / 30)
    if name not in ("coach-bidding", "coach-playing"):
        return
    table = app.scenes[0]
    assert isinstance(table, TableScene)

    def shown() -> bool:
        coach = table.frame().coach
        return coach is not None and coach.advice is not None

    wait_until(shown, "the coach's figures", seconds=120, step=lambda: app.frame(1 / 30))
    app.frame(1 / 30)


def analysis_stack(app: App, kept: str, state: str) -> list[Scene]:
    """The replay while its analysis runs (``analysing``: a third done), with the list
    of the costliest decisions over it (``analysis``), or at the costliest one (``jump``)."""
    keep_analysis(kept, complete=state != "analysing")
    scene = ReplayScene(app, kept, 2)
    review = scene.review
    assert review is not None
    if state == "analysing":
        review.analysis.running = True  # shown as under way; nothing is asked
        return [scene]
    if state == "analysis-jump":
        review.jump(review.analysis.marked()[0])
        return [scene]
    return [scene, AnalysisOverlay(app, review.analysis, scene.players, review.jump)]


class ListedGames(Browser):
    """A browser that finds as many games as the screen lists, without a network."""

    def __init__(self) -> None:
        self.games = [
            Listing(f"{name} ({n})", "7KQ2M", "192.0.2.7:47317", "Nomination Whist", 3, 1)
            for n, name in enumerate(picture_names()[:MAX_LISTED])
        ]

    def listings(self) -> list[Listing]:
        return self.games

    def close(self) -> None:
        pass


def lobby(app: App, hosted: bool) -> LobbyScene:
    """Play with friends: five games found, or a table opened and its code shown."""
    scene = LobbyScene(app)
    scene.browser = ListedGames()
    if hosted:
        scene.listing = Listing(picture_names()[0], "7KQ2M", "192.0.2.10:47317", "Oh Hell", 2, 1)
    else:
        scene.message = _("The table could not be opened ({reason}).").format(reason="Errno 98")
    return scene


@pytest.fixture
def app_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[tuple[int, int]], App]]:
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    apps: list[App] = []

    def make(size: tuple[int, int]) -> App:
        store = SettingsStore(path=tmp_path / "settings.json")
        store.update(animation_speed=4.0, sound=False, player_name=picture_names()[0])
        app = App(pygame.display.set_mode(size), store)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close_scenes()
    set_language("en")


def problems_in(app: App, name: str) -> list[str]:
    """Draw the scene's stack into a recording layer; the top scene's problems."""
    app.store.update(coach=name.startswith("coach-"))
    silent = name == "coach-thinking"
    with (
        recording(),
        mock.patch.object(thinker, "coach", lambda *_: NoAnswer()) if silent else nullcontext(),
    ):
        for scene in scene_stack(app, name):
            app.push(scene)
        top = app.scenes[-1]
        if isinstance(top, NewGameScene):
            top.show_page(name.removeprefix("newgame-"))
        settle(app, name)
        screen = Layer(app.size, pygame.SRCALPHA)
        for scene in app.scenes:
            screen.placed.clear()
            scene.draw(screen)
        texts = placed_texts(screen)
        problems = text_problems(texts)
    assert len(texts) >= MIN_TEXTS.get(name, 5), f"the recorder saw only {len(texts)} texts"
    if isinstance(top, GuiScene) and top.manager is not None:
        problems += gui_problems(top.manager) + crossing_problems(texts, top.manager)
    return problems


@pytest.mark.slow  # every scene in every language and size
@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("name", SCENES)
def test_every_text_fits_its_box(
    name: str, language: str, size: tuple[int, int], app_at: Callable[[tuple[int, int]], App]
) -> None:
    use_language(language)
    app = app_at(size)
    if language != PSEUDO:  # else Settings' language list, on English, would switch to it
        app.store.update(language=language)
    assert problems_in(app, name) == []


def test_the_recorder_sees_a_text_that_leaves_its_box_and_texts_that_overlap() -> None:
    from game.ui.kit import theme

    pygame.font.init()
    with recording():
        layer = Layer((200, 100), pygame.SRCALPHA)
        theme.panel(layer, pygame.Rect(10, 10, 60, 30))
        layer.blit(theme.text("far too long for this box", 16), (12, 12))
        sheet = Layer((400, 300), pygame.SRCALPHA)
        sheet.blit(layer, (100, 50))
        sheet.blit(theme.text("over", 16), (200, 58))
        problems = text_problems(placed_texts(sheet))
    assert len(problems) == 2
    assert problems[0].startswith("'far too long for this box' (")
    assert "leaves its box (110,60 60x30)" in problems[0]
    assert problems[1].startswith("'far too long for this box' and 'over' overlap")


@pytest.fixture
def pseudo_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """The template compiled with every string in the pseudo-language, bundled as
    Czech (three plural forms)."""
    import gettext

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    import game.i18n
    from game.i18n.pseudo import pseudo

    with (Path(__file__).parent.parent / "assets" / "locale" / "ohhell.pot").open("rb") as pot:
        catalog = read_po(pot, locale="cs")
    for message in catalog:
        if isinstance(message.id, tuple):
            one, many = (pseudo(text) for text in message.id)
            message.string = (one, many, many)
        elif isinstance(message.id, str) and message.id:
            message.string = pseudo(message.id)
    folder = tmp_path / "locale" / "cs" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    with (folder / "ohhell.mo").open("wb") as stream:
        write_mo(stream, catalog)
    monkeypatch.setattr(game.i18n, "locale_dir", lambda: tmp_path / "locale")
    gettext._translations.clear()  # type: ignore[attr-defined]  # gettext's own cache
    yield "cs"
    set_language("en")


@pytest.mark.slow
def test_a_language_chosen_in_settings_reaches_every_open_scene(
    pseudo_catalog: str, app_at: Callable[[tuple[int, int]], App]
) -> None:
    from game.i18n import _
    from game.i18n.pseudo import pseudo
    from game.ui.menus.settings import SettingsScene

    set_language("en")
    app = app_at((1280, 720))
    with recording():
        for scene in scene_stack(app, "pause"):
            app.push(scene)
        settings = SettingsScene(app)
        app.push(settings)
        app.frame(1 / 30)
        settings.set_language(pseudo_catalog)
        app.frame(1 / 30)
        screen = Layer(app.size, pygame.SRCALPHA)
        table, pause = app.scenes[0], app.scenes[1]
        table.draw(screen)
        drawn = {item.content for item in placed_texts(screen)}
    assert app.settings.language == "cs"
    assert _("Menu (Esc)") == pseudo("Menu (Esc)")
    assert pseudo("Menu (Esc)") in drawn and "Menu (Esc)" not in drawn
    assert isinstance(pause, GuiScene) and pause.manager is not None
    labels = {
        getattr(element, "text", "") for element in pause.manager.get_sprite_group().sprites()
    }
    assert pseudo("Resume") in labels


@pytest.mark.slow
def test_the_command_line_speaks_the_chosen_language(
    pseudo_catalog: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Help, tables and the rules in plain words all come from the catalog."""
    from game.cli import run
    from game.i18n.pseudo import pseudo

    assert run(["rules", "blob", "--players", "5", "--lang", pseudo_catalog]) == 0
    out = capsys.readouterr().out
    assert pseudo("Decisions where the sources leave a point open:") in out
    assert pseudo("The rules for {count} players:").format(count=5) in out
    assert pseudo("Blob") in out and "The rules for" not in out
    assert run(["variants", "--lang", pseudo_catalog]) == 0
    assert pseudo("players") in capsys.readouterr().out
    with pytest.raises(SystemExit):
        run(["rules", "--help", "--lang", pseudo_catalog])
    help_text = capsys.readouterr().out
    assert pseudo("usage: ").strip() in help_text
    assert pseudo("a preset id (see ohhell variants)") in help_text


# ------------------------------------------------- the layout check (issue 51)
@pytest.fixture
def layout_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A user folder of its own, a display, and the kept games to replay by seat count."""
    monkeypatch.setenv("OHHELL_HOME", str(tmp_path))
    pygame.display.init()
    pygame.font.init()
    yield tmp_path
    set_language("en")


def layout_failures(cases: list[layoutmatrix.Case], home: Path) -> list[str]:
    kept: dict[int, str] = {}

    def replayed(seats: int) -> str:
        if seats not in kept:
            kept[seats] = layoutmatrix.kept_game(seats)
        return kept[seats]

    return [
        f"{case}: {problem}"
        for case, problems in layoutmatrix.run(cases, home, replayed)
        for problem in problems
    ]


def test_text_size_layout_sample_fits_every_screen(layout_home: Path) -> None:
    """A sample of the matrix, one case per screen: every size, text size, language and
    seat count shows up; no text leaves its box, runs into another or leaves the
    screen, and no two elements that must stay apart overlap."""
    assert layout_failures(layoutmatrix.sample(), layout_home) == []


@pytest.mark.slow
@pytest.mark.parametrize("screen", layoutmatrix.SCREENS)
def test_text_size_layout_full_matrix(screen: str, layout_home: Path) -> None:
    """Each screen x 3 window sizes x 3 text sizes x 5 languages x 3, 4 and 8 seats
    (``tools/layout_check.py`` prints the whole matrix and its failures)."""
    cases = [case for case in layoutmatrix.every_case() if case.screen == screen]
    failures = layout_failures(cases, layout_home)
    print(f"layout matrix, {screen}: {len(cases)} cases, {len(failures)} failures")
    assert failures == []


@pytest.mark.parametrize("text", layoutmatrix.TEXT_SIZES)
@pytest.mark.parametrize(("size", "seats"), [((960, 540), 8), ((1280, 720), 3)])
@pytest.mark.parametrize(("bid", "won"), [(0, 1), (1, 0)], ids=["over", "needs"])
def test_text_size_plate_numbers_never_run_together(
    layout_home: Path, text: float, size: tuple[int, int], seats: int, bid: int, won: int
) -> None:
    """Scores of three and four digits beside "over" or "+1" (the play-test read "+1"
    next to 12 as "+112"): on every plate the bid line stays clear of the score."""
    store = SettingsStore(path=layout_home / "settings.json")
    store.update(sound=False, guide=False, text_scale=text)
    app = App(pygame.display.set_mode(size), store)
    try:
        table = TableScene(app, layoutmatrix.session_for("playing", seats))
        app.push(table)
        for _frame in range(3):
            app.frame(1 / 30)
        frame = table.frame()
        shown = frame.shown
        shown.scores = [(-1) ** seat * 10 ** (2 + seat % 2) + 12 for seat in range(seats)]
        shown.bids, shown.taken = [bid] * seats, [won] * seats
        table.painter.prepare(frame.layout, False)
        with layoutlog.recording() as log:
            for seat in range(seats):
                table.painter.plates.draw(app.screen, frame, seat)
        plates = [item for item in log if item.kind == "plate"]
        marks = ("over", "!") if won > bid else ("needs 1", "+1")
        if seats == 3:  # room for the mark (at 8 seats in 960x540 the colour says it)
            assert any(mark in item.content for item in plates for mark in marks)
        assert layoutlog.problems(plates, size) == []
    finally:
        app.close_scenes()


@pytest.mark.parametrize("language", layoutmatrix.LANGUAGES)
@pytest.mark.parametrize(("size", "seats"), [((960, 540), 8), ((1280, 720), 4)])
def test_text_size_larger_keeps_the_hook_warning_inside_the_bid_panel(
    layout_home: Path,
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    size: tuple[int, int],
    seats: int,
) -> None:
    """At the largest text size the bid panel's line and the dealer's hook warning (the
    longest note it shows) stay inside the panel, and the panel clear of the plates."""
    from game.ui.table.bidpanel import BidPanel

    def hook(frame: object, barred: int | None) -> str:
        return _(
            "The dealer's hook: you may not bid {n}, or the bids would add up to {size} "
            "and everyone could make theirs."
        ).format(n=2, size=6)

    monkeypatch.setattr(BidPanel, "_note", staticmethod(hook))
    assert set_language(language)
    store = SettingsStore(path=layout_home / "settings.json")
    store.update(sound=False, guide=False, text_scale=1.3, language=language)
    app = App(pygame.display.set_mode(size), store)
    try:
        table = TableScene(app, layoutmatrix.session_for("bidding", seats))
        app.push(table)
        for _frame in range(3):
            app.frame(1 / 30)
        with layoutlog.recording() as log:
            table.draw(Layer(app.size, pygame.SRCALPHA))
        panel = [item for item in log if item.name == "bid panel" and item.content]
        assert any("2" in item.content for item in panel[2:])  # the warning was drawn
        assert layoutlog.problems(log, size) == []
    finally:
        app.close_scenes()


def test_text_size_a_name_cut_to_fit_its_plate_is_whole_on_hover(layout_home: Path) -> None:
    """A name too long for its plate ends in an ellipsis; the pointer on the plate shows
    it whole."""
    long_name = "Maximiliana Wolkenstein"
    players = layoutmatrix.players(8)
    players[3] = Player(long_name, "easy")
    store = SettingsStore(path=layout_home / "settings.json")
    store.update(sound=False, guide=False, text_scale=1.3)
    app = App(pygame.display.set_mode((960, 540)), store)
    try:
        table = TableScene(app, played_until_bid("up-and-down-the-river", players, 3))
        app.push(table)
        for _frame in range(3):
            app.frame(1 / 30)
        plate = table.frame().layout.seats[3].plate
        with layoutlog.recording() as log:
            table.draw(Layer(app.size, pygame.SRCALPHA))
        names = [item.content for item in log if item.name == "plate:3" and item.content]
        assert long_name not in names and any(name.endswith("\u2026") for name in names)
        app.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=plate.center, rel=(0, 0), buttons=(0, 0, 0))
        )
        app.frame(1 / 30)
        assert table.hud.tooltip is not None and table.hud.tooltip[0] == long_name
    finally:
        app.close_scenes()
