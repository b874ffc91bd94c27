"""A friend whose program closes takes the seat back: the seat's key is kept on disk.

The joining player is a separate process (``tests/rejoiner.py``, joining the way the
window does) that is killed mid-hand and started again with the same home folder.
"""

from __future__ import annotations

import dataclasses
import os
import queue
import stat
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from game.net.client import JoinError
from game.net.rejoin import join_table
from game.net.remote import RemoteSession
from game.net.seatkeys import FILE_NAME, KEEP_SECONDS, SeatKeys, kept_seat
from game.net.table import HostedTable
from game.rules.phase import Phase
from tests.nethelp import FAST, host_thread, table_of
from tests.waits import wait_until

ROOT = Path(__file__).resolve().parent.parent
SLOW = dataclasses.replace(FAST, drop_timeout=0.5, think_delay=0.15)
"""Computers slow enough that the game is still on when the player comes back."""


class Player:
    """A player's program in a process of its own, and what it prints."""

    def __init__(self, home: Path, *args: str) -> None:
        env = dict(os.environ, OHHELL_HOME=str(home))
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.rejoiner", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.strip())

    def said(self, seconds: float = 60.0) -> str:
        """The next line it printed."""
        return self.lines.get(timeout=seconds)

    def kill(self) -> None:
        """Gone at once, with no goodbye (a crash, a closed laptop, a power cut)."""
        self.process.kill()
        self.process.wait(10)


@contextmanager
def players() -> Iterator[list[Player]]:
    started: list[Player] = []
    try:
        yield started
    finally:
        for player in started:
            if player.process.poll() is None:
                player.kill()


def tricks_played(table: HostedTable) -> int:
    view = table.match.view(None)
    return sum(sum(result.taken) for result in view.results) + len(view.tricks)


def test_a_killed_player_restarted_takes_the_same_seat_back(tmp_path: Path) -> None:
    home = tmp_path / "joiner"
    table = table_of(["random", "human", "random"], seed=5, settings=SLOW, hands=2)
    with host_thread(table) as address, players() as started:
        first = Player(home, address)
        started.append(first)
        assert first.said() == "seat 1"
        wait_until(lambda: tricks_played(table) >= 5, "five tricks", pause=0.02)
        first.kill()

        keys = home / "data" / FILE_NAME
        assert stat.S_IMODE(keys.stat().st_mode) == 0o600  # the key is a secret
        # a computer keeps the seat meanwhile
        wait_until(lambda: table.seats[1].stand_in, "a stand-in", pause=0.02)
        moves = len(table.match.actions)
        wait_until(lambda: any(a.seat == 1 for a in table.match.actions[moves:]), "its move")

        stranger = Player(tmp_path / "stranger", address)  # no key: the table is full
        started.append(stranger)
        assert stranger.said() == "refused full"

        again = Player(home, address, table.code)  # started again: by code this time
        started.append(again)
        assert again.said() == "seat 1"
        wait_until(
            lambda: table.seats[1].connected and not table.seats[1].stand_in, "the seat back"
        )
        assert table.seats[1].player.name == "Bo"
        assert again.said() == "acted"  # and plays on


def test_a_seat_key_is_kept_per_table_and_forgotten_once_the_game_is_over(
    tmp_path: Path,
) -> None:
    keys = SeatKeys(tmp_path / FILE_NAME)
    table = table_of(["human", "random", "random"], seed=2, settings=FAST, hands=1)
    with host_thread(table) as address:
        session = join_table(address, "Ann", None, keys)
        try:
            kept = keys.find(address, None)
            assert kept is not None and kept.token == session.token and kept.seat == 0
            assert keys.find(address, table.code) == kept
            assert keys.find(address, "ZZZZZ") is None
            _play_out(session)
            assert keys.find(address, None) is None  # nothing left to take back
        finally:
            session.close()


def _play_out(session: RemoteSession) -> None:
    def step() -> None:
        session.tick(0.01)
        view = session.view(session.seat)
        if view.phase is Phase.HAND_SCORED:
            session.continue_after_hand()
        elif session.human_to_act() is not None:
            session.act(view.legal[0])

    wait_until(lambda: session.over, "the game's end", step=step, pause=0.005)
    session.tick(0.01)


def test_a_key_the_host_does_not_know_is_forgotten_and_an_open_seat_taken(
    tmp_path: Path,
) -> None:
    keys = SeatKeys(tmp_path / FILE_NAME)
    table = table_of(["human", "random", "random"], seed=2, settings=FAST)
    with host_thread(table) as address:
        keys.keep(kept_seat(address, table.code, 2, "k" * 24, "Ann"))
        session = join_table(address, "Ann", table.code, keys)
        try:
            assert session.seat == 0
            kept = keys.find(address, table.code)
            assert kept is not None and kept.token == session.token
        finally:
            session.close()


def test_the_key_file_is_bounded_validated_and_stale_keys_dropped(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    keys = SeatKeys(path)
    for number in range(40):
        keys.keep(kept_seat(f"10.0.0.{number}:47317", "ABCDE", 1, "t" * 20, "Ann"))
    assert len(keys.all()) == 16  # at most MAX_KEPT_TABLES, the newest kept
    assert keys.find("10.0.0.39", "abcde") is not None
    assert keys.find("10.0.0.0:47317", "ABCDE") is None
    old = time.time() - KEEP_SECONDS - 1
    keys.keep(kept_seat("10.9.9.9", "QWERT", 0, "t" * 20, "Ann", now=old))
    assert keys.find("10.9.9.9", None) is None
    path.write_text('{"version": 1, "seats": [{"address": "x\\u0000y"}]}')
    assert keys.all() == []  # refused, and kept aside
    assert not path.exists() and list(tmp_path.glob("seats.damaged-*.json"))
    path.write_bytes(b" " * (70 * 1024))
    assert keys.all() == []


def test_a_full_table_says_so_without_a_key(tmp_path: Path) -> None:
    table = table_of(["human", "random", "random"], seed=2, settings=FAST)
    with host_thread(table) as address:
        first = join_table(address, "Ann", None, SeatKeys(tmp_path / "a.json"))
        try:
            with pytest.raises(JoinError) as refused:
                join_table(address, "Bo", None, SeatKeys(tmp_path / "b.json"))
            assert refused.value.reason == "full"
        finally:
            first.close()
