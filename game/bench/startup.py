"""``ohhell bench startup``: how long the game takes to show its first pictures.

Every run is a fresh Python process (``sys.executable``, off-screen with
``SDL_VIDEODRIVER=dummy``, settings and saves in a new temporary ``OHHELL_HOME``,
compiled bytecode cached under the temporary folder after one untimed warm-up run of
each), timed three ways:

- **bare pygame window**: a script that imports pygame, opens a 1280x720 window and
  flips once, the floor any pygame program pays;
- **title first frame**: ``python -m game --first-frame``, launch to the title
  screen's first frame drawn and shown (then exit);
- **table first frame**: in a process that has the window open already, the time
  from creating the :class:`~game.ui.table.scene.TableScene` of a game (``--seed``,
  four seats, ``--after`` actions played) to the end of its first drawn frame, with
  the players' worker already running, as in the game (which starts it after the
  title's first frame); a worker booting during that frame slows it by about half.

The launches are timed in wall time and in processor time (user + system, of the
child process); the table frame inside its process with ``time.perf_counter`` and
``time.process_time``. Each line gives the median and 90th percentile of ``--runs``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence

from game import cliargs
from game.bench.figures import percentile

BARE_WINDOW = """
import pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
pygame.display.flip()
pygame.quit()
"""
"""The yardstick: a pygame program that opens a window and flips once."""


PYCACHE = os.path.join(tempfile.gettempdir(), "ohhell-bench-pycache")
"""Where the runs keep their compiled bytecode (as an installed game keeps its own)."""


def _env(home: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", OHHELL_HOME=home)
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    # Compiling every module afresh would triple the start: time the usual start, with
    # the bytecode cache written by the warm-up run (outside the source tree).
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = PYCACHE
    return env


def launch(command: Sequence[str]) -> tuple[float, float]:
    """Run ``command`` in a fresh home; its wall and processor seconds."""
    with tempfile.TemporaryDirectory(prefix="ohhell-startup-") as home:
        start = time.perf_counter()
        child = subprocess.Popen(command, env=_env(home), stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise SystemExit(f"ohhell bench startup: {' '.join(command)} exited {child.returncode}")
    return wall, usage.ru_utime + usage.ru_stime


def table_frame(seed: int, after: int) -> tuple[float, float]:
    """Run :func:`_table_child` in a fresh process; its wall and processor seconds."""
    command = [sys.executable, "-m", "game.bench.startup", "--table-child", str(seed), str(after)]
    with tempfile.TemporaryDirectory(prefix="ohhell-startup-") as home:
        result = subprocess.run(
            command, env=_env(home), capture_output=True, text=True, timeout=300, check=False
        )
    if result.returncode != 0:
        raise SystemExit(f"ohhell bench startup: the table run failed:\n{result.stderr[-2000:]}")
    wall, cpu = result.stdout.split()[-2:]
    return float(wall), float(cpu)


def _table_child(seed: int, after: int) -> None:
    """In this process: open the window, then time one table scene's first frame."""
    import pygame

    from game.play import thinker
    from game.play.preview import played_session
    from game.rules.record import Player
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.screenshot import KINDS, picture_names
    from game.ui.table.scene import TableScene

    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((1280, 720))
    app = App(screen, SettingsStore())
    players = [Player(picture_names()[seat], KINDS[seat]) for seat in range(4)]
    session = played_session("oh-hell", players, seed, after, False)
    # As in the game, the players' worker and its helpers started after the title's
    # first frame and are up before a table opens (a hard decision uses the helpers).
    thinker.warm_up()
    seat = session.match.awaiting[0]
    thinker.think("hard", seed, session.match.view(seat)).wait(60)
    wall, cpu = time.perf_counter(), time.process_time()
    app.push(TableScene(app, session))
    app.frame(0.0)
    pygame.display.flip()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    app.close_scenes()
    pygame.quit()
    print(f"{wall:.6f} {cpu:.6f}")


def startup_summary(name: str, runs: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """Print one line (milliseconds); returns the wall and processor medians."""
    walls, cpus = [run[0] * 1000 for run in runs], [run[1] * 1000 for run in runs]
    wall, cpu = statistics.median(walls), statistics.median(cpus)
    print(
        f"{name:<22}{wall:>9.0f}{percentile(walls, 0.9):>9.0f}"
        f"{cpu:>11.0f}{percentile(cpus, 0.9):>9.0f}"
    )
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = cliargs.Parser(prog="ohhell bench startup", description=__doc__)
    parser.add_argument(
        "--runs", type=cliargs.bounded_int(1, 1000), default=7, help="runs of each (default: 7)"
    )
    parser.add_argument(
        "--seed", type=cliargs.game_seed, default=3, help="the table's game (default: 3)"
    )
    parser.add_argument(
        "--after",
        type=cliargs.bounded_int(0, cliargs.MAX_AFTER),
        default=10,
        help="actions played before the table (default: 10)",
    )
    parser.add_argument(
        "--table-child", nargs=2, type=cliargs.bounded_int(0, 10**6), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.table_child:
        _table_child(*args.table_child)
        return 0
    runs = max(1, args.runs)
    bare_cmd = [sys.executable, "-c", BARE_WINDOW]
    title_cmd = [sys.executable, "-m", "game", "--first-frame"]
    bare, title, table = [], [], []
    launch(bare_cmd), launch(title_cmd), table_frame(args.seed, args.after)  # warm-up
    for _ in range(runs):  # interleaved, so a slow spell of the machine hits all three
        bare.append(launch(bare_cmd))
        title.append(launch(title_cmd))
        table.append(table_frame(args.seed, args.after))
    print(f"{runs} runs each, fresh processes; milliseconds")
    print(f"{'':<22}{'wall':>9}{'p90':>9}{'cpu':>11}{'p90':>9}")
    bare_wall, bare_cpu = startup_summary("bare pygame window", bare)
    title_wall, title_cpu = startup_summary("title first frame", title)
    startup_summary("table first frame", table)
    print(
        f"title / bare window: {title_wall / bare_wall:.2f}x wall, "
        f"{title_cpu / bare_cpu:.2f}x cpu (median over median)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
