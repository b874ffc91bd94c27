"""``ohhell bench render``: frame times of the table, off-screen.

A demo game (computer players in every seat, so the table keeps dealing,
bidding, playing and sweeping tricks) runs at its normal pace, 60 frames a
second, in a window of ``--size`` with ``--players`` seats. Each frame's work
(update and draw, not the wait for the next frame) is timed; the figures are
the median and the 99th percentile, for all frames and for the frames in which
something moved.
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time

from game import cliargs


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell bench render", description=__doc__)
    parser.add_argument("--size", type=cliargs.window_size, default=(1920, 1080))
    parser.add_argument("--players", type=cliargs.player_count, default=8)
    seconds = cliargs.bounded_float(0.1, 3600.0)
    parser.add_argument("--seconds", type=seconds, default=20.0, help="length of the run")
    parser.add_argument("--seed", type=cliargs.deal_seed, default=3)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("OHHELL_HOME", tempfile.mkdtemp(prefix="ohhell-bench-"))
    import pygame

    from game.settings import SettingsStore
    from game.ui.app import App

    pygame.display.init()
    pygame.font.init()
    size = args.size
    app = App(pygame.display.set_mode(size), SettingsStore())
    app.start_demo(args.seed, args.players)
    clock = pygame.time.Clock()
    every: list[float] = []
    moving: list[float] = []
    end = time.perf_counter() + args.seconds
    while time.perf_counter() < end and app.running:
        dt = clock.tick(60) / 1000
        pygame.event.pump()
        busy = any(scene.busy for scene in app.scenes)
        start = time.perf_counter()
        app.frame(dt)
        pygame.display.flip()
        elapsed = (time.perf_counter() - start) * 1000
        every.append(elapsed)
        if busy:
            moving.append(elapsed)
    print(f"Table frame times, {size[0]}x{size[1]}, {args.players} seats, {len(every)} frames")
    print(f"{'frames':<22}{'count':>7}{'median ms':>11}{'p99 ms':>9}")
    for name, values in (("all", every), ("while animating", moving)):
        if values:
            print(
                f"{name:<22}{len(values):>7}{statistics.median(values):>11.2f}"
                f"{percentile(values, 0.99):>9.2f}"
            )
    app.close_scenes()
    pygame.quit()
    return 0
