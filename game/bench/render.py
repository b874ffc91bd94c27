"""``ohhell bench render``: what the player sees of the table's smoothness.

A game with computer players in every seat runs at its normal pace, 60 frames a
second, off-screen, in a window of ``--size`` with ``--players`` seats. Two runs:
``quiet`` (easy players, who decide at once) and ``thinking`` (expert in three
seats, so a search runs beside the table most of the time); a third, ``coach``, on
request: you in seat 0 with the coach on, played by
:class:`~game.bench.coached.CoachedPlayer` (medium players in the others), which
also times the coach's first figure from the moment your turn is shown. For each
run it prints

* the gap between two flips (what the eye sees: 16.7 ms is 60 frames a second), over
  all frames, over those with cards in flight and over those in which a computer
  player was deciding,
* the frame's own work (update, draw and flip), in wall time and in this process's
  processor time,
* frames per second, the longest garbage collection, and
* the first frame, on its own (pictures drawn for the first time);

and last what a whole-window flip costs with nothing drawn (the display's own cost).

``--speed`` sets the animation speed: ``normal`` (1x, the default), ``fastest`` (4x,
the most cards in flight a second) or ``both``, a run at each.

``--workers thread`` runs the computer players in a thread of the window's
process instead of the worker process, to compare. The window is shown as the game
shows it (:meth:`~game.ui.app.App.present`: only the areas that changed, through
SDL's native framebuffer on Linux); ``--present whole`` flips the whole window every
frame, as before, and ``SDL_FRAMEBUFFER_ACCELERATION=1`` in the environment brings
back SDL's OpenGL texture.
"""

from __future__ import annotations

import gc
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game import cliargs
from game.bench.figures import percentile
from game.rules.record import Level, Player

RUNS = ("quiet", "thinking")
"""The runs of ``--runs both``; ``--runs coach`` asks for the coached one."""


@dataclass
class Timings:
    """One run's figures, in milliseconds."""

    first: float = 0.0
    gaps: list[float] = field(default_factory=list)
    work: list[float] = field(default_factory=list)
    work_cpu: list[float] = field(default_factory=list)
    """The frame's own work in this process's processor time (which a busy machine
    disturbs less than wall time)."""
    collections: list[float] = field(default_factory=list)
    seconds: float = 0.0
    thinking: list[bool] = field(default_factory=list)
    """Per frame: a computer player was deciding."""
    animating: list[bool] = field(default_factory=list)
    """Per frame: cards were in flight on the table (dealt, played, swept)."""
    coaching: list[bool] = field(default_factory=list)
    """Per frame: the coach was working out figures for your turn (the coach run)."""
    first_figure: list[float] = field(default_factory=list)
    """The coach run: from your turn shown to its first figure shown, each turn."""


def seats_for(run: str, players: int) -> list[Player]:
    """Quiet: easy players everywhere. Thinking: expert in three seats, medium elsewhere.
    Coach: you in seat 0, medium players elsewhere."""
    strong: Level = "expert" if run == "thinking" else "medium" if run == "coach" else "easy"
    weak: Level = "easy" if run == "quiet" else "medium"
    names = ("Ada", "Basil", "Clara", "Dmitri", "Edith", "Felix", "Greta", "Hugo")
    seats = [Player(names[s], strong if s in (1, 2, 3) else weak) for s in range(players)]
    return [Player("You"), *seats[1:]] if run == "coach" else seats


def measure_render(
    run: str,
    size: tuple[int, int],
    players: int,
    seconds: float,
    seed: int,
    whole: bool = False,
    speed: float = 1.0,
) -> Timings:
    import pygame

    from game.bench.coached import CoachedPlayer
    from game.play.session import GameSession
    from game.rules.presets import PRESETS
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.kit import routes

    app = App(pygame.display.set_mode(size), SettingsStore())
    app.store.update(animation_speed=speed)
    coached = CoachedPlayer(app) if run == "coach" else None
    if coached is not None:
        app.store.update(coach=True)
    gc.freeze()  # as the game does once it has started (game.ui.main)
    preset = PRESETS["up-and-down-the-river" if players == 8 else "oh-hell"]
    session = GameSession(preset.rules(players), seed, seats_for(run, players))
    app.switch(routes.Table(session, demo=coached is None))
    timings = Timings()
    stop_timing = _time_collections(timings.collections)
    clock = pygame.time.Clock()
    start = time.perf_counter()
    app.frame(0.0)
    app.present()
    last_flip = time.perf_counter()
    timings.first = (last_flip - start) * 1000
    end = last_flip + seconds
    while last_flip < end and app.running:
        dt = clock.tick(60) / 1000
        pygame.event.pump()
        begin, begin_cpu = time.perf_counter(), time.process_time()
        app.frame(dt)
        if whole:
            app.present()  # keeps the app's account of what changed
            pygame.display.flip()
        else:
            app.present()
        now = time.perf_counter()
        timings.work_cpu.append((time.process_time() - begin_cpu) * 1000)
        timings.work.append((now - begin) * 1000)
        timings.gaps.append((now - last_flip) * 1000)
        timings.thinking.append(
            any(
                getattr(getattr(scene, "session", None), "thinking", None) is not None
                for scene in app.scenes
            )
        )
        timings.animating.append(any(_in_flight(scene) for scene in app.scenes))
        last_flip = now
        timings.coaching.append(coached is not None and coached.step(now))
    timings.seconds = time.perf_counter() - start
    timings.first_figure = coached.first_figure if coached is not None else []
    stop_timing()
    app.close_scenes()
    return timings


def _in_flight(scene: object) -> bool:
    """Whether ``scene`` (a table) has cards in flight now."""
    queue = getattr(scene, "queue", None)
    return bool(queue is not None and queue.flights())


def flip_alone(frames: int = 120) -> list[float]:
    """Milliseconds of each whole-window flip with nothing drawn, at 60 frames a second:
    what showing a frame costs the display, whatever the game draws."""
    import pygame

    clock, times = pygame.time.Clock(), []
    for _ in range(frames):
        clock.tick(60)
        pygame.event.pump()
        begin = time.perf_counter()
        pygame.display.flip()
        times.append((time.perf_counter() - begin) * 1000)
    return times


def _time_collections(into: list[float]) -> Callable[[], None]:
    """Record every garbage collection's length (ms) until the returned function is called."""
    started: list[float] = []

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started.append(time.perf_counter())
        elif started:
            into.append((time.perf_counter() - started.pop()) * 1000)

    gc.callbacks.append(callback)
    return lambda: gc.callbacks.remove(callback)


def render_report(run: str, timings: Timings) -> list[str]:
    frames = len(timings.gaps)
    fps = frames / max(timings.seconds, 1e-9)
    share = sum(timings.thinking) / max(frames, 1)
    moving = sum(timings.animating) / max(frames, 1)
    lines = [
        f"{run}: {frames} frames, {fps:.1f} frames/s, a player thinking in {share:.0%}, "
        f"cards in flight in {moving:.0%}"
    ]
    thinking = [gap for gap, busy in zip(timings.gaps, timings.thinking, strict=True) if busy]
    rows = [
        ("gap between flips", timings.gaps),
        ("frame's own work", timings.work),
        ("own work, cpu", timings.work_cpu),
    ]
    if thinking:
        rows.insert(1, ("gap while thinking", thinking))
    animating = [gap for gap, busy in zip(timings.gaps, timings.animating, strict=True) if busy]
    if animating:
        rows.insert(1, ("gap while animating", animating))
    coaching = [gap for gap, busy in zip(timings.gaps, timings.coaching, strict=True) if busy]
    if coaching:
        rows.insert(1, ("gap while coaching", coaching))
    for name, values in rows:
        lines.append(
            f"  {name:<19}median {statistics.median(values):6.2f}  p90 "
            f"{percentile(values, 0.9):6.2f}  p99 {percentile(values, 0.99):6.2f}  "
            f"max {max(values):7.2f} ms"
        )
    if timings.first_figure:
        figures = timings.first_figure
        lines.append(
            f"  coach's first figure after your turn is shown ({len(figures)} turns): median "
            f"{statistics.median(figures):.0f}  p90 {percentile(figures, 0.9):.0f}  max "
            f"{max(figures):.0f} ms; coaching in {sum(timings.coaching) / max(frames, 1):.0%}"
        )
    longest = max(timings.collections, default=0.0)
    lines.append(
        f"  first frame {timings.first:.1f} ms; {len(timings.collections)} collections, "
        f"longest {longest:.1f} ms"
    )
    return lines


def main(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell bench render", description=__doc__)
    parser.add_argument("--size", type=cliargs.window_size, default=(1280, 720))
    parser.add_argument("--players", type=cliargs.player_count, default=4)
    seconds = cliargs.bounded_float(0.1, 3600.0)
    parser.add_argument("--seconds", type=seconds, default=20.0, help="length of each run")
    parser.add_argument("--seed", type=cliargs.deal_seed, default=3)
    parser.add_argument("--runs", choices=(*RUNS, "coach", "both"), default="both")
    parser.add_argument("--workers", choices=("process", "thread"), default="process")
    parser.add_argument(
        "--speed",
        choices=("normal", "fastest", "both"),
        default="normal",
        help="the animation speed: normal (1x), fastest (4x) or a run at each",
    )
    parser.add_argument(
        "--present",
        choices=("changed", "whole"),
        default="changed",
        help="show only what changed (as the game does) or flip the whole window",
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("OHHELL_HOME", tempfile.mkdtemp(prefix="ohhell-bench-"))
    import pygame

    from game.play import thinker
    from game.ui.window import prefer_native_framebuffer

    thinker.use_threads(args.workers == "thread")
    thinker.warm_up()  # as the game does while its title is shown
    time.sleep(1.0)
    pygame.display.init()
    pygame.font.init()
    prefer_native_framebuffer()
    width, height = args.size
    print(
        f"The table at {width}x{height}, {args.players} seats, {args.seconds:g} s a run, "
        f"computer players in a {args.workers}, {args.present} window shown, "
        f"SDL_FRAMEBUFFER_ACCELERATION={os.environ.get('SDL_FRAMEBUFFER_ACCELERATION')}"
    )
    speeds = {"normal": (1.0,), "fastest": (4.0,), "both": (1.0, 4.0)}[args.speed]
    whole = args.present == "whole"
    for run in RUNS if args.runs == "both" else (args.runs,):
        for speed in speeds:
            timings = measure_render(
                run, args.size, args.players, args.seconds, args.seed, whole, speed
            )
            print("\n".join(render_report(f"{run} at {speed:g}x", timings)))
    flips = flip_alone()
    print(
        f"a whole-window flip alone, nothing drawn: median {statistics.median(flips):.2f}  "
        f"p90 {percentile(flips, 0.9):.2f}  p99 {percentile(flips, 0.99):.2f} ms"
    )
    pygame.quit()
    return 0
