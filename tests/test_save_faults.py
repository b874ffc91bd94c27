"""A save that fails is told, retried, and told again when it works (issue 29,
item 4; issue 33, item 2), on a real small file system filled up and on one made
read-only in the middle of a game. Needs to mount a file system (root on Linux);
skipped where the machine does not allow it."""

from __future__ import annotations

import contextlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.play.autosave import LAST_RETRY
from game.play.notices import as_notice
from game.play.session import GameSession
from game.rules.record import Player
from game.rules.ruleset import HandSequence, RuleSet
from tests.waits import wait_until

RULES = RuleSet(players=3, sequence=HandSequence.CONSTANT, largest_hand=5, max_hands=4)
PLAYERS = [Player("Ann"), Player("Bo"), Player("Cy")]
FAILING = "Your game cannot be saved now"
AGAIN = "Your game is saved again."


def _mount(*args: str) -> bool:
    done = subprocess.run(["mount", *args], capture_output=True, timeout=20)
    return done.returncode == 0


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 256 KiB file system of its own."""
    if not sys.platform.startswith("linux"):
        pytest.skip("mounting a small file system needs Linux")
    folder = tmp_path / "small"
    folder.mkdir()
    if not _mount("-t", "tmpfs", "-o", "size=256k", "tmpfs", str(folder)):
        pytest.skip("this machine does not let the tests mount a file system")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True, timeout=20)


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def step(session: GameSession, clock: Clock, actions: int = 1) -> None:
    """Take ``actions`` actions (the first legal one) with the table's tick between."""
    for _ in range(actions):
        session.tick(0.0)
        seat = session.human_to_act()
        if seat is not None:
            session.act(session.match.legal_actions(seat)[0])
        clock.now += 2.0
        assert session.flush_save()
        session.watch_saving()
        assert session.flush_save()


def retry_due(session: GameSession, clock: Clock) -> None:
    """Time passes at the table (the longest back-off, twice: a retry may have gone
    just before the disk was freed) and saving is tried again."""
    for _ in range(2):
        clock.now += LAST_RETRY + 0.5
        session.watch_saving()
        assert session.flush_save()
        session.watch_saving()


def saved_moves(path: Path) -> int:
    resumed = GameSession.resume(path)
    moves = resumed.moves
    resumed.close()
    return moves


@contextlib.contextmanager
def filled(folder: Path) -> Iterator[None]:
    """Every byte of ``folder``'s file system taken, until the block ends."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as stream, contextlib.suppress(OSError):
        while True:
            stream.write(b"x" * 4096)
            stream.flush()
    try:
        yield
    finally:
        filler.unlink()


def test_a_full_disk_is_told_once_and_saving_resumes(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    monkeypatch.setattr("game.play.saving.time.monotonic", clock)
    path = small_disk / "autosave.json"
    session = GameSession(RULES, 3, PLAYERS, autosave=path)
    step(session, clock, 5)
    before = session.moves
    assert saved_moves(path) == before > 0 and not session.signals
    with filled(small_disk):
        step(session, clock, 6)
        notices = [n.text for n in map(as_notice, session.signals) if n.text.startswith(FAILING)]
        assert len(notices) == 1 and "No space left on device" in notices[0]
        assert session.save_problem is not None
        assert session.moves > before and saved_moves(path) == before  # the last good save
    retry_due(session, clock)
    assert as_notice(session.signals[-1]).text == AGAIN and session.save_problem is None
    assert saved_moves(path) == session.moves
    assert not [p for p in small_disk.iterdir() if p.name.startswith(".")]  # no temp left
    session.close()


def test_a_folder_made_read_only_mid_game_is_told_and_saving_resumes(
    small_disk: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = Clock()
    monkeypatch.setattr("game.play.saving.time.monotonic", clock)
    path = small_disk / "autosave.json"
    session = GameSession(RULES, 4, PLAYERS, autosave=path)
    step(session, clock, 4)
    assert _mount("-o", "remount,ro", str(small_disk))
    try:
        step(session, clock, 3)
        notices = [n.text for n in map(as_notice, session.signals) if n.text.startswith(FAILING)]
        assert len(notices) == 1 and "Read-only file system" in notices[0]
    finally:
        assert _mount("-o", "remount,rw", str(small_disk))
    retry_due(session, clock)
    assert as_notice(session.signals[-1]).text == AGAIN
    assert saved_moves(path) == session.moves > 4
    session.close()


def test_the_hosts_window_says_when_its_table_cannot_be_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    from game.net.hosting import host_game

    players = [Player("Ann"), Player("Bo", "random"), Player("Cy", "random")]
    hosting, session = host_game(RULES, players, address="127.0.0.1", port=0, save=tmp_path / "t")
    hosting.release()  # the host sits down: the game starts
    try:

        def failing(target: object, text: str) -> None:
            raise OSError(28, "No space left on device")

        def step() -> None:
            session.tick(0.01)
            if session.human_to_act() is not None:
                session.act(session.view(0).legal[0])

        monkeypatch.setattr("game.play.autosave.atomic_write_text", failing)
        wait_until(
            lambda: any(as_notice(n).text.startswith(FAILING) for n in session.signals),
            "the host's window told saving fails",
            30,
            step,
            pause=0.01,
        )
        monkeypatch.undo()
        wait_until(
            lambda: as_notice(session.signals[-1]).text == AGAIN,
            "the host's window told saving works again",
            30,
            step,
            pause=0.01,
        )
    finally:
        session.close()


def test_an_output_on_a_disk_that_fills_is_one_line_and_keeps_the_old_file(
    small_disk: Path,
) -> None:
    """``simulate --out`` and ``tournament --out`` on a full disk: one clear line, and
    the file they would have replaced is as it was (issue 33, item 5)."""
    import os

    out = small_disk / "games.jsonl"
    out.write_text("the earlier run\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "OHHELL_HOME": str(small_disk / "home")}
    root = Path(__file__).resolve().parent.parent
    for argv in (
        ["simulate", "--variant", "oh-hell", "--games", "40", "--out", str(out)],
        ["tournament", "--seats", "random,random,random,random", "--games", "40",
         "--jobs", "1", "--out", str(out)],
    ):  # fmt: skip
        with filled(small_disk):
            done = subprocess.run(
                [sys.executable, "-m", "game", *argv],
                capture_output=True,
                text=True,
                cwd=root,
                env=env,
                timeout=300,
            )
        lines = done.stderr.strip().splitlines()
        assert done.returncode != 0 and "internal error" not in done.stderr, done.stderr
        assert "No space left on device" in lines[-1] and "Traceback" not in done.stderr
        assert out.read_text() == "the earlier run\n"
