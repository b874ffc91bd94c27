"""Nothing lost by a click: every path that would replace the saved game asks first."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.play.autosave import flush_all
from game.play.session import GameSession
from game.rules.presets import PRESETS
from game.rules.record import Player
from game.ui.app import App
from game.ui.kit import routes
from game.ui.menus.confirm import ConfirmOverlay
from game.ui.menus.title import TitleScene
from game.ui.newgame.scene import NewGameScene
from game.ui.replay.games import GamesScene
from game.ui.table.results import GameOverOverlay
from game.ui.table.scene import TableScene
from tests.kept import kept_game


def _save_a_game(app: App) -> GameSession:
    """A game in progress, saved where Continue finds it."""
    players = [Player("Anna"), Player("Ada", "easy"), Player("Basil", "easy")]
    session = GameSession(PRESETS["blob"].rules(3), 9, players, autosave=app.autosave_path)
    session.save()
    assert session.flush_save()
    session.close()
    assert app.has_saved_game()
    return session


def _saved_seed(app: App) -> int:
    """The deal number of the game saved now (once every save handed over is written)."""
    assert flush_all()
    session = GameSession.resume(app.autosave_path)
    session.close()
    return session.match.seed


def _answer(app: App, replace: bool) -> None:
    question = app.top
    assert isinstance(question, ConfirmOverlay)
    assert "will be replaced" in question.detail and "Blob" in question.detail
    if replace:
        question.yes()
    else:
        question.no()


@pytest.mark.parametrize("replace", [False, True], ids=["keep", "replace"])
def test_same_deals_again_from_the_kept_games_asks_first(
    app: App, tmp_path: Path, replace: bool
) -> None:
    name, finished = kept_game(tmp_path, seed=11)
    finished.close()
    _save_a_game(app)
    app.open(routes.KeptGames())
    games = app.top
    assert isinstance(games, GamesScene) and games.chosen is not None
    games.play_again()
    _answer(app, replace)
    if replace:
        assert isinstance(app.top, TableScene) and isinstance(app.top.session, GameSession)
        assert app.top.session.again_of == name
        assert _saved_seed(app) == 11
    else:
        assert app.top is games and _saved_seed(app) == 9


@pytest.mark.parametrize("button", ["play_again", "same_deals"])
def test_the_game_over_screen_asks_before_replacing_another_saved_game(
    app: App, tmp_path: Path, button: str
) -> None:
    _, finished = kept_game(tmp_path, seed=12)  # a game over elsewhere (a network game)
    _save_a_game(app)
    over = GameOverOverlay(app, finished)
    app.push(over)
    getattr(over, button)()
    _answer(app, replace=False)
    assert app.top is over and _saved_seed(app) == 9
    getattr(over, button)()
    _answer(app, replace=True)
    assert isinstance(app.top, TableScene) and _saved_seed(app) != 9
    finished.close()


def test_the_new_game_form_asks_unless_the_title_did(app: App) -> None:
    _save_a_game(app)
    app.open(routes.NewGame())  # as from the game-over screen
    form = app.top
    assert isinstance(form, NewGameScene)
    form.start()
    _answer(app, replace=False)
    assert app.top is form and _saved_seed(app) == 9
    app.switch(routes.Title())
    title = app.top
    assert isinstance(title, TitleScene)
    title.new_game()
    _answer(app, replace=True)  # the title asks before the form opens
    form = app.top
    assert isinstance(form, NewGameScene) and form.asked
    form.start()
    assert isinstance(app.top, TableScene)
