"""One instance per user."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.instance import (
    ASK,
    NOTICED,
    RAISED,
    AlreadyRunning,
    InstanceLock,
    ShowRequests,
    wait_for_reply,
)


def test_second_lock_is_refused_and_released_lock_can_be_taken(tmp_path: Path) -> None:
    path = tmp_path / "ohhell.lock"
    first = InstanceLock(path)
    first.acquire()
    code = (
        "import sys; from pathlib import Path; from game.instance import *\n"
        "try:\n    InstanceLock(Path(sys.argv[1])).acquire()\n"
        "except AlreadyRunning as e:\n    print('refused:', e)\n"
    )
    other = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
    assert "refused: Oh Hell is already running" in other.stdout
    first.release()
    again = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True)
    assert again.stdout == ""


def test_lock_in_the_same_process_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ohhell.lock"
    first = InstanceLock(path)
    first.acquire()
    with pytest.raises(AlreadyRunning):
        InstanceLock(path).acquire()
    first.release()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland only")
def test_no_display_gives_a_clear_message_not_a_traceback(tmp_path: Path) -> None:
    import os

    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env.pop("SDL_VIDEODRIVER", None)
    env["OHHELL_HOME"] = str(tmp_path)
    result = subprocess.run(
        [sys.executable, "-m", "game"], env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1
    assert "needs a graphical display" in result.stderr
    assert "Traceback" not in result.stderr


# ------------------------------------------------- a second copy asks the first
def test_a_request_is_seen_answered_and_forgotten(tmp_path: Path) -> None:
    asking, running = ShowRequests(tmp_path), ShowRequests(tmp_path)
    assert not running.pending() and asking.answer() is None
    assert asking.ask()
    assert running.pending() and asking.answer() is None
    running.reply(raised=False)
    assert not running.pending() and asking.answer() == NOTICED
    running.reply(raised=True)
    assert asking.answer() == RAISED
    asking.forget()
    assert asking.answer() is None and not asking.path.exists()


def test_a_planted_link_is_neither_read_nor_written_through(tmp_path: Path) -> None:
    target = tmp_path / "precious.txt"
    target.write_text(ASK)
    requests = ShowRequests(tmp_path)
    requests.path.symlink_to(target)
    assert not requests.pending(), "a link is not a request"
    assert requests.ask()
    assert target.read_text() == ASK and not requests.path.is_symlink()
    assert requests.pending()


def test_waiting_for_a_reply_gives_up_in_time(tmp_path: Path) -> None:
    now = [0.0]
    sleeps: list[float] = []

    def sleep(seconds: float) -> None:
        sleeps.append(seconds)
        now[0] += seconds

    requests = ShowRequests(tmp_path)
    requests.ask()
    assert wait_for_reply(requests, 2.0, clock=lambda: now[0], sleep=sleep) is None
    assert 19 <= len(sleeps) <= 21 and now[0] >= 2.0


def test_waiting_ends_with_the_reply(tmp_path: Path) -> None:
    requests = ShowRequests(tmp_path)
    requests.ask()
    looks: list[float] = []

    def sleep(seconds: float) -> None:
        looks.append(seconds)
        if len(looks) == 3:  # the running copy looks and answers meanwhile
            ShowRequests(tmp_path).reply(raised=True)

    assert wait_for_reply(requests, 60.0, clock=lambda: 0.0, sleep=sleep) == RAISED
    assert len(looks) == 3


class Told:
    def __init__(self) -> None:
        self.messages: list[tuple[str, str]] = []

    def __call__(self, title: str, text: str) -> None:
        self.messages.append((title, text))


def _running_copy(raised: bool | None) -> Callable[[ShowRequests], str | None]:
    """A stand-in for waiting: the running copy answers at once (None: it is not there)."""

    def wait(requests: ShowRequests) -> str | None:
        if raised is not None and requests.pending():
            requests.reply(raised)
        return requests.answer()

    return wait


@pytest.mark.parametrize(
    ("raised", "box"),
    [(True, False), (False, True), (None, True)],
    ids=["raised", "noticed", "silent"],
)
def test_a_second_launch_shows_the_player_something(
    raised: bool | None,
    box: bool,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import game.ui.main

    monkeypatch.setattr(game.ui.main, "wait_for_reply", _running_copy(raised))
    told = Told()
    requests = ShowRequests(tmp_path)
    error = AlreadyRunning("Oh Hell is already running for this user; switch to its window.")
    assert game.ui.main.already_running(error, requests, told) == 3
    assert "already running" in capsys.readouterr().err, "a terminal still gets the line"
    assert bool(told.messages) is box
    if box:
        assert told.messages == [
            (
                "Oh Hell is already open",
                "Oh Hell is already running. Switch to its window to go on playing.",
            )
        ]
    assert not requests.path.exists(), "nothing left for the running copy to find later"


def test_no_message_box_without_a_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    import game.ui.main

    shown: list[str] = []
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(pygame.display, "message_box", lambda *args, **kw: shown.append("box"))
    game.ui.main.message_box("title", "text")
    assert shown == []
