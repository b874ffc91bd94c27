"""A client that survives any host (issue 49, item 4).

A fake host on 127.0.0.1 closes mid-handshake, resets, answers garbage or an HTTP
error, never answers, or completes the handshake and then misbehaves: every join ends
in one :class:`JoinError` a player can read, the Online screen says so and stays, and
a table whose connection drops keeps trying with growing pauses, says so, and says
when it gives up. Timeouts are made short here; every wait is for an event, bounded.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import pytest

from game.net.client import FAILURES, Client, JoinError
from game.net.rejoin import join_table
from game.net.remote import RemoteSession, Retry, join_words
from game.net.seatkeys import SeatKeys, kept_seat
from game.play.notices import as_notice
from game.ui.app import App
from game.ui.kit import routes
from game.ui.net.lobby import LobbyScene
from game.ui.table.scene import TableScene
from tests.nethelp import host_thread, run, table_of
from tests.nethostile import BEHAVIOURS, hostile_host

QUICK = 0.5
"""Seconds each step of a join may take here."""
EXPECTED = {"silent": "no-answer"}
"""The failure each behaviour is (``broken`` where not named)."""


def _wait(condition: Callable[[], bool], what: str, step: Callable[[], object]) -> None:
    """Call ``step`` until ``condition()``; a bound far above what it needs."""
    end = time.monotonic() + 60
    while not condition():
        assert time.monotonic() < end, f"{what} did not happen"
        step()
        time.sleep(0.01)


@pytest.mark.parametrize("behaviour", BEHAVIOURS)
def test_every_bad_host_ends_a_join_in_one_join_error(behaviour: str) -> None:
    with hostile_host(behaviour) as address:

        async def join(token: str | None) -> JoinError:
            with pytest.raises(JoinError) as caught:
                await Client.join(address, "Ann", token=token, timeout=QUICK)
            return caught.value

        errors = [run(join(token), timeout=30) for token in (None, "k" * 24)]
        with pytest.raises(JoinError) as window:  # the window's way, in a thread
            RemoteSession.join(address, "Ann", timeout=QUICK)
    for error in [*errors, window.value]:
        assert error.reason == EXPECTED.get(behaviour, "broken"), (behaviour, error.__cause__)
        assert error.reason in FAILURES and join_words(error) != join_words(JoinError("x"))


def test_an_address_that_cannot_be_one_says_so() -> None:
    with pytest.raises(JoinError) as caught:
        RemoteSession.join("ws://[not an address", "Ann", timeout=QUICK)
    assert caught.value.reason == "bad-address"


@pytest.mark.parametrize("behaviour", ["garbage", "close", "silent"])
def test_the_online_screen_says_what_went_wrong_and_stays(app: App, behaviour: str) -> None:
    app.switch(routes.Online())
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    lobby.join_timeout = QUICK
    with hostile_host(behaviour) as address:
        lobby.join(address, None)
        _wait(lambda: lobby.joining is None, "the join's end", lambda: lobby.update(0.05))
        expected = join_words(JoinError(EXPECTED.get(behaviour, "broken")))
        assert lobby.message == expected and app.top is lobby
        lobby.draw(app.screen)
    app.switch(routes.Title())


def test_a_kept_key_meeting_a_bad_host_is_kept_and_the_failure_said(tmp_path: Path) -> None:
    keys = SeatKeys(tmp_path / "seats.json")
    with hostile_host("ws-garbage") as address:
        keys.keep(kept_seat(address, "ABCDE", 1, "t" * 24, "Ann"))
        with pytest.raises(JoinError) as caught:
            join_table(address, "Ann", "ABCDE", keys, timeout=QUICK)
    assert caught.value.reason == "broken"
    assert keys.find(address, "ABCDE") is not None  # the host may come back: keep the key


def _said(session: RemoteSession) -> list[str]:
    return [as_notice(signal).text for signal in session.signals]


def test_a_dropped_table_keeps_trying_past_bad_answers_and_comes_back(app: App) -> None:
    table = table_of(["human", "random", "random"], seed=8)
    with host_thread(table) as address, hostile_host("garbage") as bad:
        session = RemoteSession.join(address, "Ann")
        scene = TableScene(app, session)
        app.push(scene)
        try:
            session.retry = Retry(first=0.01, most=0.05, timeout=QUICK)
            session.address = bad  # the host's address now answers garbage
            old = session._client
            session._loop.call_soon_threadsafe(old.ws.transport.abort)
            _wait(lambda: session.attempts >= 3, "three tries", lambda: scene.update(0.01))
            scene.update(0.01)  # the table shows what the session said
            shown = [notice.text for notice, _ in scene.notices.showing()]
            shown += [notice.text for notice in scene.notices.waiting]
            assert "Reconnecting… (attempt 1)" in shown and not session.lost
            session.address = address  # the host answers again
            _wait(lambda: session._client is not old, "the seat back", lambda: session.tick(0))
            _wait(lambda: session.attempts == 0, "the news", lambda: scene.update(0.01))
            assert table.seats[0].connected and not session.lost
        finally:
            app.close_scenes()
            session.close()


def test_reconnecting_gives_up_when_the_seat_is_gone_and_says_so() -> None:
    table = table_of(["human", "random", "random"], seed=8)
    with host_thread(table) as address:
        session = RemoteSession.join(address, "Ann")
        try:
            session.retry = Retry(first=0.01, most=0.05, timeout=QUICK)
            table.seats[0].token = "someone-else-now"  # the host holds the seat no more
            session._loop.call_soon_threadsafe(session._client.ws.transport.abort)
            _wait(lambda: session.lost, "giving up", lambda: session.tick(0))
            assert "The host no longer holds your seat: the connection is closed." in _said(session)
        finally:
            session.close()


def test_reconnecting_gives_up_after_its_time_and_says_how_many_tries() -> None:
    table = table_of(["human", "random", "random"], seed=8)
    with host_thread(table) as address, hostile_host("silent") as silent:
        session = RemoteSession.join(address, "Ann")
        try:
            session.retry = Retry(first=0.01, most=0.02, timeout=0.05, hold=0.3)
            session.address = silent
            session._loop.call_soon_threadsafe(session._client.ws.transport.abort)
            _wait(lambda: session.lost, "giving up", lambda: session.tick(0))
            tries = session.attempts
            assert tries >= 1
            assert any(f"given up after {tries} attempt" in words for words in _said(session)), (
                _said(session)
            )
        finally:
            session.close()


def test_the_online_screen_survives_what_no_join_should_raise(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> RemoteSession:
        raise RuntimeError("a bug, or a library's surprise")

    monkeypatch.setattr("game.ui.net.lobby.join_table", broken)
    app.switch(routes.Online())
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    lobby.join("127.0.0.1:9", None)
    _wait(lambda: lobby.joining is None, "the join's end", lambda: lobby.update(0.05))
    assert lobby.message.startswith("Could not join (") and app.top is lobby
    lobby.draw(app.screen)
    app.switch(routes.Title())
