"""One instance per user."""

from __future__ import annotations

import subprocess
import sys

import pytest

from game.instance import AlreadyRunning, InstanceLock


def test_second_lock_is_refused_and_released_lock_can_be_taken(tmp_path):
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


def test_lock_in_the_same_process_twice_is_refused(tmp_path):
    path = tmp_path / "ohhell.lock"
    first = InstanceLock(path)
    first.acquire()
    with pytest.raises(AlreadyRunning):
        InstanceLock(path).acquire()
    first.release()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11/Wayland only")
def test_no_display_gives_a_clear_message_not_a_traceback(tmp_path):
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
