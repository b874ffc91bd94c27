"""Kept games, the replay viewer, statistics and same deals again, on screen (headless)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ai.analysis
from game.ai.expert import EXPERT
from game.play import thinker
from game.play.analysis import GameAnalysis, Judged
from game.play.library import Library
from game.play.replay import Replay
from game.play.session import GameSession
from game.play.stats import to_csv
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import routes, theme
from game.ui.replay.controls import progress_line
from game.ui.replay.findings import AnalysisOverlay
from game.ui.replay.games import GamesScene
from game.ui.replay.scene import ReplayScene
from game.ui.scoresheet.overlay import ScoreSheetOverlay
from game.ui.stats.scene import StatsScene
from game.ui.table.results import GameOverOverlay
from game.ui.table.scene import TableScene
from tests.kept import PLAYERS, finish, kept_game, short_rules
from tests.waits import wait_until


def test_a_finished_game_is_kept_with_its_take_backs(app: App, tmp_path: Path) -> None:
    name, session = kept_game(tmp_path, take_back=True)
    (game,) = Library.of_user().games()
    assert game.name == name and game.take_backs == 1
    assert game.record.totals == session.record().totals
    match, players = game.replayed()
    assert match.actions == session.match.actions and players == PLAYERS
    assert (tmp_path / "data" / "games" / f"{name}.json").is_file()
    session.close()


def test_the_replay_viewer_shows_every_moment_with_all_hands_face_up(
    app: App, tmp_path: Path
) -> None:
    name, session = kept_game(tmp_path)
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay is not None
    assert scene.viewer == 0
    seen = 0
    while True:
        app.frame(0.05)
        frame = scene.frame()
        moment = scene.moment
        assert frame is not None and moment is not None
        assert frame.open_hands == moment.hands
        assert frame.shown.trick == list(moment.cloth)
        assert frame.shown.scores == list(moment.view.scores)
        assert sorted(item.card for item in scene.hand.items) == sorted(moment.hands[0])
        seen += 1
        before = scene.index
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        if scene.index == before:
            break
    assert seen == len(scene.replay.moments)
    assert scene.moment is not None and scene.moment.view.phase is Phase.GAME_OVER
    assert scene.moment.view.scores == session.public().scores
    session.close()


def test_the_progress_line_shows_how_far_through_the_game(tmp_path: Path) -> None:
    """The line under the top bar is a picture (the table's canvas records blits only)
    lit in the highlight colour up to the moment shown, and no further."""
    _, session = kept_game(tmp_path)
    replay = Replay.of(session.match)
    half = len(replay.moments) // 2
    picture = progress_line(400, 4, replay, half)
    lit = [x for x in range(401) if picture.get_at((x, 4))[:3] == theme.HIGHLIGHT[:3]]
    assert lit and lit[0] == 0 and abs(lit[-1] - 400 * half / (len(replay.moments) - 1)) <= 1
    assert picture.get_at((400, 4))[:3] != theme.HIGHLIGHT[:3]
    session.close()


def test_the_score_sheet_jumps_to_a_hand(app: App, tmp_path: Path) -> None:
    name, session = kept_game(tmp_path)
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.replay is not None
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))
    app.frame(0.05)
    sheet = app.top
    assert isinstance(sheet, ScoreSheetOverlay) and sheet.pick is not None
    y = sheet.body.y + sheet.row_height + sheet.row_height // 2  # the second hand's row
    pos = (sheet.body.centerx, y)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert app.top is scene
    assert scene.moment is not None and scene.moment.kind == "dealt"
    assert scene.moment.hand_number == 2
    session.close()


def test_the_kept_games_list_replays_and_plays_the_same_deals_again(
    app: App, tmp_path: Path
) -> None:
    name, session = kept_game(tmp_path, seed=11)
    app.open(routes.KeptGames())
    games = app.top
    assert isinstance(games, GamesScene) and games.chosen is not None
    assert games.chosen.name == name
    games.replay()
    assert isinstance(app.top, ReplayScene)
    app.pop()
    games.play_again()
    table = app.top
    assert isinstance(table, TableScene)
    again = table.session
    assert again.again_of == name and again.deal_number == session.deal_number
    while again.match.phase.automatic:
        again.tick(0.0)
    first = session.results[0]
    for seat in range(3):
        assert again.match.dealt_hand(seat) == first.dealt[seat]
    assert again.match.trump_card == first.trump_card and again.match.dealer == first.dealer
    session.close()


def test_the_game_over_screen_offers_the_replay_and_the_same_deals(app: App) -> None:
    app.start_game(short_rules(), 5, PLAYERS)
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.session, GameSession)
    finish(table.session)
    table.open_game_over()
    app.frame(0.05)
    over = app.top
    assert isinstance(over, GameOverOverlay) and over.extra
    over.watch()
    assert isinstance(app.top, ReplayScene)
    app.pop()
    over.same_deals()
    again = app.top
    assert isinstance(again, TableScene)
    assert again.session.again_of == table.session.kept is not None
    assert again.session.deal_number == 5 and again.session.rules == short_rules()


def test_statistics_screen_and_export(app: App, tmp_path: Path) -> None:
    for seed in (3, 4):
        kept_game(tmp_path, seed)[1].close()
    app.open(routes.Statistics())
    scene = app.top
    assert isinstance(scene, StatsScene)
    app.frame(0.05)
    assert scene.table["Anna"].games == 2
    assert scene.by_size.selected and not scene.by_bid.selected
    pos = scene.by_bid.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=pos, button=1))
    app.frame(0.05)
    assert scene.grouping == "bid" and scene.by_bid.selected
    path = scene.export()
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert text == to_csv(Library.of_user().statistics())
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[1][:3] == ["Anna", "overall", "2"]


# ---------------------------------------------------------------- analysis
@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Analyses in a thread of this process, on a twentieth of the expert's budget."""
    monkeypatch.setattr(game.ai.analysis, "ANALYSIS", EXPERT.scaled(0.05))
    thinker.use_threads(True)
    yield
    thinker.use_threads(False)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=pos, button=1))


def key(app: App, code: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))


def test_analyse_shows_progress_then_the_costliest_decisions_and_jumps_to_one(
    app: App, quick: None
) -> None:
    name, session = kept_game(seed=5)
    session.close()
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    app.frame(0.05)
    review, analysis = scene.review, scene.review.analysis
    assert review.button.label == "Analyse" and review.button in scene.hud.buttons
    click(app, review.button.rect.center)
    assert analysis.running
    app.frame(0.05)
    assert review.button.rect.width > scene.sheet.rect.width  # the progress bar's place
    before = scene.index
    key(app, pygame.K_RIGHT)  # the viewer stays usable
    assert scene.index == before + 1
    for _ in range(20_000):
        if not analysis.running:
            break
        app.frame(0.01)
    assert analysis.complete and analysis.done == analysis.total > 0
    found = app.top
    assert isinstance(found, AnalysisOverlay)
    app.frame(0.05)
    costs = [row.judged.cost for row in found.rows]
    assert costs and costs == sorted(costs, reverse=True) and min(costs) >= 0.5
    first = found.rows[0].judged
    click(app, found.rows[0].rect.center)
    assert app.top is scene and scene.index == first.index - 1 and scene.viewer == first.seat
    app.frame(0.05)
    words = review.caption(scene.index)
    assert words is not None and "the expert preferred" in words and "points" in words
    assert Library.of_user().archive.analysis_path(name).is_file()
    assert review.button.label == "Analysis"
    click(app, review.button.rect.center)
    assert isinstance(app.top, AnalysisOverlay)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    app.pop()
    app.open(routes.ReplayViewer(name))  # reopened: nothing is computed again
    again = app.top
    assert isinstance(again, ReplayScene) and again.review is not None
    assert again.review.analysis.complete and again.review.analysis.judged == analysis.judged


def test_closing_the_replay_stops_the_analysis(app: App, quick: None) -> None:
    name, session = kept_game(seed=5)
    session.close()
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    analysis = scene.review.analysis
    scene.review.press()
    wait_until(lambda: analysis.done >= 1, "a first decision judged", step=lambda: app.frame(0.01))
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene and not analysis.running and not analysis.complete
    done = analysis.done
    # The same question asked after the stop: once the worker answers it, the dropped
    # one has had its time to come back, and must not have been taken.
    _index, view, action = analysis.replay.decisions(analysis.seats)[done]
    assert thinker.analyse(analysis.replay.seed, view, action).wait(60)
    assert not analysis.update() and analysis.done == done


def test_a_game_without_a_person_has_no_analyse_button(app: App) -> None:
    library = Library.of_user()
    players = [Player("Ann", "random"), Player("Bo", "random"), Player("Cy", "random")]
    session = GameSession(short_rules(), 3, players)
    session.keep = library.keep_session
    finish(session)
    assert session.kept is not None
    app.open(routes.ReplayViewer(session.kept))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is None
    app.frame(0.05)
    assert len(scene.hud.buttons) == 2
    session.close()


def test_in_a_game_of_several_people_each_decision_names_its_player(app: App) -> None:
    players = [Player("Anna"), Player("Basil"), Player("Clara", "random")]
    match = Match(short_rules(), 4)
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
        else:
            match.apply(match.legal_actions()[-1])
    replay = Replay.of(match)
    analysis = GameAnalysis(replay, [0, 1], None)
    for index, view, action in replay.decisions([0, 1]):
        other = next(choice for choice in view.legal if choice != action)
        analysis.judged[index] = Judged(index, action, other, 1.0, 2.0 + index / 1000)
    picked: list[Judged] = []
    app.push(AnalysisOverlay(app, analysis, players, picked.append))
    overlay = app.top
    assert isinstance(overlay, AnalysisOverlay)
    app.frame(0.05)
    titles = [overlay.title_of(row.judged) for row in overlay.rows]
    names = {title.rsplit(" · ", 1)[1] for title in titles}
    assert names <= {"Anna", "Basil"} and len(titles) == len(overlay.rows) > 1
    assert {judged.seat for judged in analysis.judged.values()} == {0, 1}
    assert all(title.startswith("Hand ") for title in titles)
    assert len(overlay.marked) > overlay.visible == len(overlay.rows)
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2))  # the wheel scrolls on
    app.frame(0.05)
    assert overlay.scroll == 2 and overlay.rows[0].judged == overlay.marked[2]
    click(app, overlay.rows[1].rect.center)
    assert picked == [overlay.rows[1].judged] and app.top is not overlay
    app.push(keyed := AnalysisOverlay(app, analysis, players, picked.append))
    app.frame(0.05)
    for code in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN):
        key(app, code)
    assert picked[-1] == keyed.marked[1] and app.top is not keyed


def test_an_analysis_that_fails_says_so_and_goes_on_when_asked(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that fails stops the analysis with a caption in the player's words;
    Analyse goes on from where it stopped."""
    name, session = kept_game(seed=5)
    session.close()
    failed = thinker.Thought(0, error="RuntimeError: the worker stopped")
    monkeypatch.setattr(thinker, "analyse", lambda *_: failed)
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    review = scene.review
    app.frame(0.05)
    click(app, review.button.rect.center)
    app.frame(0.05)
    assert not review.analysis.running and review.analysis.error is not None
    words = review.caption(scene.index)
    assert words is not None and "stopped" in words
    key(app, pygame.K_RIGHT)  # moving on takes the message away
    assert review.caption(scene.index) is None
    click(app, review.button.rect.center)
    assert review.analysis.running and review.analysis.error is None  # asked again
