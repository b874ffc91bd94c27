"""No finished game is lost to a kill at its very end (issue 33, item 1).

The last action of a game is taken in a process killed at each of the file steps
that follow (writing the kept game, flushing it, renaming it into place, retiring
the oldest kept game into the statistics, removing the autosave:
``tests/endkill.py``). After every kill, the game is either kept (and replays to
its end) or still in the autosave (and continues), never neither; and continuing
a finished game whose keeping was cut short keeps it once, not twice.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.play.library import Library
from game.play.session import GameSession
from game.rules import Phase
from tests import endkill

ROOT = Path(__file__).resolve().parent.parent


def run_end(home: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OHHELL_HOME": str(home), "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "tests.endkill", str(kill_at)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=120,
    )


def outcome(home: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """``kept``, ``resumable`` (or both), or ``lost``."""
    monkeypatch.setenv("OHHELL_HOME", str(home))
    data = home / "data"
    kept = [
        game
        for game in Library(data, endkill.LIMIT + 5).games()
        if game.record.seed == endkill.SEED
    ]
    states = []
    if kept:
        match, _ = kept[0].replayed()
        assert match.phase is Phase.GAME_OVER and len(kept) == 1
        states.append("kept")
    autosave = data / "autosave.json"
    if autosave.exists():
        session = GameSession.resume(autosave)
        assert session.match.seed == endkill.SEED
        states.append("resumable")
        session.close()
    return "+".join(states) or "lost"


@pytest.mark.slow
def test_a_kill_at_any_step_of_a_games_end_loses_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = run_end(tmp_path / "whole", 0)
    assert whole.returncode == 0, whole.stderr
    steps = int(whole.stdout.split()[-1])
    assert steps >= 8, whole.stdout
    assert outcome(tmp_path / "whole", monkeypatch) == "kept"
    seen = {}
    for kill_at in range(1, steps + 1):
        home = tmp_path / f"kill-{kill_at}"
        done = run_end(home, kill_at)
        assert done.returncode == endkill.KILLED, (kill_at, done.stderr[-500:])
        seen[kill_at] = outcome(home, monkeypatch)
    assert "lost" not in seen.values(), seen
    assert seen[1] == "resumable" and seen[steps] == "kept+resumable", seen


def test_continuing_a_finished_game_kept_already_keeps_it_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed after the game was kept but before its autosave went: continuing it
    finds it kept and only removes the autosave."""
    home = tmp_path / "home"
    monkeypatch.setenv("OHHELL_HOME", str(home))
    session = endkill.play(until_last=False)
    assert session.over and session.kept is not None
    session.flush_save()
    record = session.record()
    session.close()
    autosave = home / "data" / "autosave.json"
    from game.rules.record import dumps

    autosave.write_text(dumps(record))  # as if the removal never happened
    again = GameSession.resume(autosave)
    again.keep = Library(home / "data", endkill.LIMIT).keep_session
    again.save()
    assert again.kept == session.kept
    assert again.flush_save() and not autosave.exists()
    games = Library(home / "data", 10).games()
    assert [game.name for game in games] == [session.kept]
    again.close()
