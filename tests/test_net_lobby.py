"""The Play with friends screen: host a table, join it by code, sit down."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.net.remote import RemoteSession
from game.net.seatkeys import SeatKeys
from game.ui.app import App
from game.ui.kit import routes
from game.ui.menus.title import TitleScene
from game.ui.net.lobby import LobbyScene, parse_target
from game.ui.table.scene import TableScene
from tests.nethelp import count_ticks, host_thread, table_of
from tests.waits import wait_until


def test_the_title_opens_play_with_friends(app: App) -> None:
    app.switch(routes.Title())
    title = app.top
    assert isinstance(title, TitleScene)
    title.online()
    assert isinstance(app.top, LobbyScene)
    app.top.draw(app.screen)
    app.switch(routes.Title())


def test_host_a_table_a_friend_joins_by_code_and_the_host_sits_down(app: App) -> None:
    app.switch(routes.Online())
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    lobby.host()
    listing = lobby.listing
    assert listing is not None and listing.address.startswith("127.0.0.1:")
    lobby.draw(app.screen)
    # the friend finds the table by its code on the (loopback) network
    assert lobby.browser is not None
    browser = lobby.browser
    wait_until(lambda: browser.find(listing.code) is not None, "the table found", 30, pause=0.05)
    found = browser.find(listing.code)
    assert found is not None and found.address == listing.address
    friend = RemoteSession.join(found.address, "Bo", found.code)
    try:
        assert friend.seat == 1
        wait_until(
            lambda: not getattr(browser.find(listing.code), "open_seats", 1),
            "the table announced full",
            30,
            pause=0.05,
        )
        found = browser.find(listing.code)
        assert found is not None and found.open_seats == 0  # announced again: full
        assert lobby.hosting is not None and lobby.hosting.seated() == [("Bo", True)]
        hosted = lobby.hosting.table
        looks = count_ticks(hosted)
        wait_until(lambda: len(looks) >= 5, "the host looked at the table five times", 30)
        assert hosted.match.hand_number == 0  # not before the host sits down
        assert lobby.listing not in lobby._listings()  # not in its own join list
        lobby.copy_code()
        assert pygame.scrap.get_text() == f"{listing.code} {listing.address}"
        assert lobby.copied == "Copied"
        lobby.sit_down()
        table = app.top
        assert isinstance(table, TableScene)
        wait_until(
            lambda: table.session.public().hand_number >= 1,  # full: the game started
            "the first deal",
            step=lambda: table.update(0.05),
            pause=0.01,
        )
        assert table.session.players[1].name == "Bo"
    finally:
        friend.close()
        app.switch(routes.Title())


def test_join_by_a_typed_code_opens_the_table_and_a_refusal_is_worded(
    app: App, tmp_path: Path
) -> None:
    table = table_of(["human", "random", "random"])
    with host_thread(table) as address:
        app.switch(routes.Online())
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        lobby.entry.set_text(f"{address} {table.code}")
        lobby.join_typed()
        typed = lobby
        wait_until(
            lambda: not isinstance(app.top, LobbyScene),
            "the table opened",
            step=lambda: typed.update(0.05),
            pause=0.01,
        )
        scene = app.top
        assert isinstance(scene, TableScene) and scene.session.players[0].name == "You"
        app.switch(routes.Online())
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        lobby.keys = SeatKeys(tmp_path / "another-player.json")
        lobby.join(address, table.code)  # the only seat is taken now
        wait_until(
            lambda: lobby.joining is None, "the answer", step=lambda: lobby.update(0.05), pause=0.01
        )
        assert lobby.message == "Every seat at that table is taken."
        app.switch(routes.Title())


def _until_table(app: App) -> TableScene:
    def update() -> None:
        assert app.top is not None
        app.top.update(0.05)

    wait_until(lambda: isinstance(app.top, TableScene), "the table", step=update, pause=0.01)
    assert isinstance(app.top, TableScene)
    return app.top


def test_a_player_who_left_rejoins_from_the_title_and_by_code(app: App) -> None:
    table = table_of(["random", "human", "random"])
    with host_thread(table) as address:
        app.switch(routes.Title())
        title = app.top
        assert isinstance(title, TitleScene) and "rejoin" not in title.buttons
        app.switch(routes.Online())
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        lobby.join(address, table.code)
        assert _until_table(app).session.humans == [1]
        app.switch(routes.Title())  # the program closes, say: the key stays on disk
        title = app.top
        assert isinstance(title, TitleScene)
        assert title.buttons["rejoin"].label == "Rejoin your table"
        assert table.code in title.buttons["rejoin"].tooltip
        title.buttons["rejoin"].on_click()
        scene = _until_table(app)
        assert scene.session.humans == [1] and table.seats[1].connected
        app.switch(routes.Online())
        lobby = app.top
        assert isinstance(lobby, LobbyScene)
        lobby.entry.set_text(table.code.lower())  # only the code: the kept seat knows where
        lobby.join_typed()
        assert _until_table(app).session.humans == [1]
        app.switch(routes.Title())


def test_typed_targets() -> None:
    assert parse_target("127.0.0.1:47317") == ("127.0.0.1:47317", None)
    assert parse_target("  abcde ") == (None, "ABCDE")
