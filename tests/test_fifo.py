"""A named pipe, a socket or a folder where a file should be never hangs the game
(issue 35, item 4): every file is opened without waiting and read only if it is a
regular file; anything else is set aside like damage. Each case runs in a thread
that must finish within seconds (before, each one waited for ever)."""

from __future__ import annotations

import json
import os
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from game.play.analysis import read_analysis
from game.play.extras import extras_path, read_extras
from game.play.library import Library
from game.play.replay import Replay
from game.play.session import GameSession
from game.rules.errors import RecordError
from game.saves import load_record_file
from game.settings import SettingsStore
from game.storage import NotRegular, read_bounded
from tests.kept import kept_game

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="no named pipes in folders")
T = TypeVar("T")


def within(seconds: float, work: Callable[[], T]) -> T:
    """``work()``, which must return (or raise) within ``seconds``."""
    values: list[T] = []
    errors: list[BaseException] = []

    def run() -> None:
        try:
            values.append(work())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert values or errors, f"still waiting after {seconds} s"
    if errors:
        raise errors[0]
    return values[0]


def plant(path: Path, kind: str) -> None:
    """A named pipe, a socket or a folder at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "socket":
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(str(path))
        sock.close()
    else:
        path.mkdir()


KINDS = ["fifo", "socket", "folder"]


@pytest.mark.parametrize("kind", KINDS)
def test_read_bounded_refuses_what_is_not_a_regular_file(tmp_path: Path, kind: str) -> None:
    path = tmp_path / ("s" if kind == "socket" else "x.json")
    plant(path, kind)
    with pytest.raises((NotRegular, OSError)):
        within(5, lambda: read_bounded(path, 100))


def test_read_bounded_reads_a_file_without_its_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_bytes(b"\xef\xbb\xbf{}")
    assert read_bounded(path, 10) == b"{}"


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_settings_that_are_not_a_file_give_defaults_and_are_set_aside(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "config" / "settings.json"
    plant(path, kind)
    store = within(5, lambda: SettingsStore(path=path))
    assert store.settings.player_name == "You" and store.problem is not None
    assert path.is_file() and list(path.parent.glob("settings.damaged-*.json"))


def test_a_kept_game_that_is_a_pipe_is_set_aside(own_home: Path) -> None:
    name, session = kept_game()
    session.close()
    library = Library.of_user()
    path = library.archive.path(name)
    path.unlink()
    plant(path, "fifo")
    assert within(5, library.archive.games) == []
    assert library.archive.problem is not None and "set aside" in library.archive.problem
    assert list(path.parent.glob(f"{name}.damaged-*.json"))


def test_statistics_that_are_a_pipe_are_set_aside(own_home: Path) -> None:
    library = Library.of_user()
    plant(library.stats_file.path, "fifo")
    assert within(5, library.stats_file.read) == {}
    assert library.stats_file.problem is not None


def test_an_extras_file_or_an_analysis_that_is_a_pipe_is_ignored(own_home: Path) -> None:
    name, session = kept_game()
    autosave = own_home / "autosave.json"
    plant(extras_path(autosave), "fifo")
    assert within(5, lambda: read_extras(autosave, 7, ["Anna"])) == (0, None)
    library = Library.of_user()
    game = library.archive.load(name)
    assert game is not None
    path = library.archive.analysis_path(name)
    plant(path, "fifo")
    replay = Replay.of(game.replayed()[0])
    assert within(5, lambda: read_analysis(path, replay, [0])) == ([], False)
    session.close()


def test_a_save_that_is_a_pipe_is_a_damaged_record(tmp_path: Path) -> None:
    path = tmp_path / "autosave.json"
    plant(path, "fifo")
    with pytest.raises(RecordError, match="regular file"):
        within(5, lambda: load_record_file(path))
    with pytest.raises(RecordError):
        within(5, lambda: GameSession.resume(path))


def test_serve_with_a_pipe_as_its_save_says_so(tmp_path: Path) -> None:
    import subprocess

    save = tmp_path / "table.json"
    plant(save, "fifo")
    done = subprocess.run(
        [sys.executable, "-m", "game", "serve", "--save", str(save), "--port", "0"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert done.returncode != 0 and "internal error" not in done.stderr
    assert "not a plain file" in done.stderr and len(done.stderr.splitlines()) == 1
    assert json.dumps(done.stdout) == '""'
