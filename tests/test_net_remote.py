"""The window's side of a network game: a RemoteSession, alone and at the table."""

from __future__ import annotations

import time

import pytest

from game.net.client import JoinError
from game.net.remote import RemoteSession
from game.play.notices import as_notice
from game.rules.actions import Bid, Play
from game.rules.errors import IllegalAction
from game.rules.events import GameOver
from game.rules.phase import Phase
from game.ui.app import App
from game.ui.kit import routes
from game.ui.menus.pause import PauseOverlay
from game.ui.table.scene import TableScene
from tests.nethelp import host_thread, table_of


def _until(condition: object, session: RemoteSession, seconds: float = 60.0) -> None:
    assert callable(condition)
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "timed out"
        session.tick(0.01)
        time.sleep(0.005)


def _said(session: RemoteSession) -> list[str]:
    """The words of the notices the session has for its table."""
    return [as_notice(signal).text for signal in session.signals]


def test_a_remote_session_plays_a_whole_game_like_a_local_one() -> None:
    table = table_of(["human", "random", "random"], seed=4)
    with host_thread(table) as address:
        session = RemoteSession.join(address, "Ann")
        try:
            assert session.humans == [0] and session.players[0].name == "Ann"
            while not session.over:
                _until(
                    lambda: (
                        session.human_to_act() is not None
                        or session.over
                        or session.view(0).phase is Phase.HAND_SCORED
                    ),
                    session,
                )
                view = session.view(0)
                if view.phase is Phase.HAND_SCORED:
                    session.continue_after_hand()
                    assert session.view(0).phase is Phase.DEALING  # seen: waits as if dealing
                    _until(lambda: session.view(0).phase is not Phase.DEALING, session)
                elif not session.over:
                    illegal = [c for c in view.hand if Play.of(0, c) not in view.legal]
                    if illegal and view.phase is Phase.PLAYING:
                        assert session.explain(Play.of(0, illegal[0]))
                        with pytest.raises(IllegalAction):
                            session.act(Play.of(0, illegal[0]))
                    session.act(view.legal[0])
                    assert session.human_to_act() is None  # nothing legal until the host answers
            assert any(isinstance(event, GameOver) for event in session.pending)
            assert session.public().scores == table.match.view(None).scores
            assert session.public().hand == ()
        finally:
            session.close()


def test_a_remote_session_whose_connection_breaks_takes_its_seat_back() -> None:
    table = table_of(["human", "random", "random"], seed=8)
    with host_thread(table) as address:
        session = RemoteSession.join(address, "Ann")
        try:
            _until(lambda: session.human_to_act() is not None, session)
            old = session._client
            # the network fails (no closing handshake), in the connection's own thread
            session._loop.call_soon_threadsafe(old.ws.transport.abort)
            _until(lambda: session._client is not old, session)
            _until(lambda: "Connected to the host again." in _said(session), session)
            _until(lambda: session.human_to_act() is not None, session)
            session.act(session.view(0).legal[0])
            _until(lambda: any(action.seat == 0 for action in table.match.actions), session)
            assert session.seat == 0 and not session.lost
        finally:
            session.close()


def test_joining_nothing_says_so() -> None:
    with pytest.raises(JoinError) as caught:
        RemoteSession.join("127.0.0.1:9", "Ann")
    assert caught.value.reason == "unreachable"


def test_the_table_scene_plays_a_remote_session(app: App) -> None:
    table = table_of(["human", "random", "random"], seed=6)
    with host_thread(table) as address:
        session = RemoteSession.join(address, "Ann")
        app.switch(routes.Table(session))
        scene = app.top
        assert isinstance(scene, TableScene)
        # A joined seat has none of a local game's extras: the table offers none.
        assert (
            scene.extras.coach is None
            and scene.extras.claims is None
            and scene.extras.take_backs is None
        )
        app.open(routes.Pause(session))
        app.frame(1 / 60)
        assert isinstance(app.top, PauseOverlay)
        assert "Leave" in app.top.buttons and "Take back" not in app.top.buttons
        app.pop()
        end = time.monotonic() + 60

        def human_acted() -> bool:
            return any(action.seat == 0 for action in table.match.actions)

        while not (human_acted() and len(table.match.actions) >= 4):
            assert time.monotonic() < end, "timed out"
            view = session.view(0)
            if session.human_to_act() is not None and scene.idle and view.legal:
                action = view.legal[0]
                if isinstance(action, Bid):
                    assert scene.bid(action.tricks)
                else:
                    assert scene.play(action.card)
            scene.update(0.05)
            scene.draw(app.screen)
            time.sleep(0.005)
        assert session.moves or session.pending
        app.switch(routes.Title())


def test_players_say_a_few_words_and_the_table_shows_them(app: App) -> None:
    table = table_of(["human", "human", "random"], seed=9)
    with host_thread(table) as address:
        ann = RemoteSession.join(address, "Ann")
        bo = RemoteSession.join(address, "Bo")
        try:
            scene = TableScene(app, bo)
            app.push(scene)
            ann.emote("well-played")
            ann.emote("oops")  # too soon after the first: dropped by the host
            ann.emote("not a word")  # never sent
            _until(lambda: bool(bo.emotes), bo)
            # The host handles Ann's messages in order: once Bo sees the bid she sends
            # after her words, any word wrongly passed on would have reached him first.
            _until(lambda: ann.human_to_act() is not None, ann)
            ann.act(ann.view(0).legal[0])
            _until(lambda: bo.view(1).bids[0] is not None, bo)
            assert list(bo.emotes) == [(0, "well-played")]
            app.frame(1 / 30)
            bubbles = [e.text for e in scene.effects if e.kind == "bubble" and e.seat == 0]
            assert bubbles == ["Well played!"]
            assert scene.frame().emotes and scene.hud.say in scene.hud.buttons
        finally:
            app.close_scenes()
            ann.close()
