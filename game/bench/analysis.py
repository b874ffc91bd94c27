"""Time to analyse a whole game: ``ohhell bench analysis``.

A game of the ``oh-hell`` preset (19 hands for four) is played by medium players;
seat 0 stands for the human. Every decision of seat 0 that had a choice is judged
as the replay's Analyse button judges it (:func:`game.ai.analysis.assess`, the
game's seed), on one core and then on several (helpers running the search's shards,
as the worker's do). Prints, per number of cores, the whole game's wall and CPU
time (the helpers' CPU included), the decisions judged, the median and 90th
percentile per decision, and the decisions marked. With ``--seeds 2`` every
decision is judged with a second seed too (on one core), and the spread of the cost
between the two is printed: how much a cost is noise at this budget. ``--window``
instead presses the replay's Analyse button in an off-screen window of 1280x720 (a
game of the same preset kept in a throw-away data folder, the worker process and its
helpers, the expert's budget) while the window draws 60 frames a second and steps
the replay, and prints the whole analysis's wall time, the window's own CPU time and
its frames' durations (does the window stutter?).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from game import cliargs
from game.ai import make_agent, shards
from game.ai.analysis import Assessment, assess
from game.ai.expert import EXPERT
from game.ai.search import SearchConfig
from game.ai.shards import Mapper, sequential_map
from game.bench.ai import latency_summary
from game.play.analysis import MARK
from game.play.pool import ShardPool, start_helpers, stop_helpers
from game.play.replay import Replay
from game.rules.actions import Action
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.view import SeatView

Decision = tuple[int, SeatView, Action]


def _parser() -> argparse.ArgumentParser:
    parser = cliargs.Parser(prog="ohhell bench analysis", description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=cliargs.deal_seed, default=2024, help="the game's seed")
    parser.add_argument(
        "--budget", type=cliargs.budget_scale, default=1.0, help="search budget multiplier"
    )
    parser.add_argument(
        "--cores",
        type=cliargs.int_list(1, 4),
        default=[1, 2],
        help="comma-separated numbers of cores to time (1 to 4)",
    )
    parser.add_argument(
        "--limit", type=cliargs.bounded_int(1, 10_000), help="judge only the first N decisions"
    )
    parser.add_argument(
        "--seeds", type=cliargs.bounded_int(1, 2), default=1, help="2: the cost's spread too"
    )
    parser.add_argument(
        "--window", action="store_true", help="time the Analyse button in a window instead"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def played_game(seed: int) -> Replay:
    """A whole game of oh-hell for four, every seat played by medium."""
    match = Match(PRESETS["oh-hell"].rules(4), seed)
    movers = [make_agent("medium", seed + seat) for seat in range(4)]
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        match.apply(movers[seat].choose(match.view(seat)))
    return Replay.of(match)


def judge_all(
    decisions: list[Decision], seed: int, config: SearchConfig, mapper: Mapper
) -> tuple[list[Assessment], list[float], float, float]:
    """Every decision judged: the assessments, the wall milliseconds of each, and the
    whole run's wall and CPU seconds (this process's)."""
    judged, times = [], []
    wall, cpu = time.perf_counter(), time.process_time()
    for _index, view, action in decisions:
        shards.forget_sources()
        start = time.perf_counter()
        judged.append(assess(view, action, seed, mapper, config))
        times.append((time.perf_counter() - start) * 1000.0)
    return judged, times, time.perf_counter() - wall, time.process_time() - cpu


def timed_run(
    decisions: list[Decision], seed: int, config: SearchConfig, cores: int
) -> tuple[list[Assessment], dict[str, float]]:
    """Judge every decision on ``cores`` cores; the figures of the run."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    connections, helpers = start_helpers(cores - 1, niceness=0)
    pool = ShardPool(connections)
    try:
        mapper = pool.map if connections else sequential_map
        judged, times, wall, cpu = judge_all(decisions, seed, config, mapper)
    finally:
        pool.close()
        stop_helpers(helpers)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    helper_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    row = latency_summary(times)
    figures = {
        "cores": float(len(connections) + 1),
        "decisions": float(len(decisions)),
        "wall_s": wall,
        "cpu_s": cpu + helper_cpu,
        "median_ms": row["median"],
        "p90_ms": row["p90"],
        "max_ms": row["max"],
        "marked": float(sum(item.cost >= MARK for item in judged)),
    }
    return judged, figures


def spread(first: list[Assessment], second: list[Assessment]) -> dict[str, float]:
    """How two seeds' costs of the same decisions differ."""
    gaps = [abs(a.cost - b.cost) for a, b in zip(first, second, strict=True)]
    marks = [(a.cost >= MARK) != (b.cost >= MARK) for a, b in zip(first, second, strict=True)]
    choices = [a.choice != b.choice for a, b in zip(first, second, strict=True)]
    return {
        "cost_gap_mean": statistics.fmean(gaps),
        "cost_gap_p90": latency_summary(gaps)["p90"],
        "cost_gap_max": max(gaps),
        "marks_differ": float(sum(marks)),
        "choices_differ": float(sum(choices)),
    }


def window_run(seed: int) -> dict[str, float]:
    """The replay's Analyse button pressed in an off-screen window; its figures."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    home = Path(tempfile.mkdtemp(prefix="ohhell-bench-"))
    os.environ["OHHELL_HOME"] = str(home)
    import pygame

    from game.play import thinker
    from game.play.library import Library
    from game.play.preview import played_session
    from game.rules.record import Player
    from game.settings import SettingsStore
    from game.ui.app import App
    from game.ui.kit import routes
    from game.ui.replay.scene import ReplayScene

    players = [Player("P0"), *(Player(f"P{seat}", "medium") for seat in (1, 2, 3))]
    name = Library.of_user().keep(played_session("oh-hell", players, seed, 10**6).record())
    assert name is not None
    pygame.display.init()
    pygame.font.init()
    store = SettingsStore(path=home / "settings.json")
    store.update(sound=False, window_size=[1280, 720])
    app = App(pygame.display.set_mode((1280, 720)), store)
    app.open(routes.ReplayViewer(name))
    scene = app.top
    assert isinstance(scene, ReplayScene) and scene.review is not None
    analysis = scene.review.analysis
    thinker.warm_up()  # as the app does after its first frame
    for _ in range(30):  # the replay's pictures drawn once
        app.frame(1 / 60)
    frames: list[float] = []
    wall, cpu = time.perf_counter(), time.process_time()
    scene.review.press()
    while analysis.running:
        start = time.perf_counter()
        app.frame(1 / 60)
        if len(frames) % 30 == 0:
            scene.step(1)
        frames.append((time.perf_counter() - start) * 1000.0)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - start)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    app.close_scenes()
    shutil.rmtree(home, ignore_errors=True)
    ordered = sorted(frames)
    return {
        "decisions": float(analysis.total),
        "complete": float(analysis.complete),
        "wall_s": wall,
        "window_cpu_s": cpu,
        "frame_median_ms": statistics.median(ordered),
        "frame_p99_ms": ordered[int(0.99 * (len(ordered) - 1))],
        "frame_max_ms": ordered[-1],
    }


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    if args.window:
        row = window_run(args.seed)
        if args.json:
            print(cliargs.json_text({"seed": args.seed, "window": row}))
            return 0
        print(
            f"Analyse in a 1280x720 window, oh-hell for four, seed {args.seed}: "
            f"{row['decisions']:.0f} decisions in {row['wall_s']:.1f} s "
            f"(window's CPU {row['window_cpu_s']:.1f} s); frames: median "
            f"{row['frame_median_ms']:.1f} ms, p99 {row['frame_p99_ms']:.1f} ms, "
            f"max {row['frame_max_ms']:.1f} ms"
        )
        return 0 if row["complete"] else 1
    cores: list[int] = args.cores
    replay = played_game(args.seed)
    decisions = replay.decisions([0])[: args.limit]
    config = EXPERT.scaled(args.budget)
    runs = []
    judged: list[Assessment] = []
    for count in cores:
        judged, figures = timed_run(decisions, replay.seed, config, count)
        runs.append(figures)
    result: dict[str, object] = {"seed": args.seed, "budget": args.budget, "runs": runs}
    if args.seeds == 2:
        other, _times, _wall, _cpu = judge_all(decisions, replay.seed + 1, config, sequential_map)
        result["spread"] = spread(judged, other)
    if args.json:
        print(cliargs.json_text(result))
        return 0
    hands = replay.moments[-1].view.hand_number
    print(
        f"oh-hell, 4 players, {hands} hands, seed {args.seed}; seat 0 (medium) judged: "
        f"{len(decisions)} decisions with a choice; budget x{args.budget:g}"
    )
    print(
        f"{'cores':>5} {'wall s':>8} {'cpu s':>8} {'median ms':>10} {'p90 ms':>8} "
        f"{'max ms':>8} {'marked':>6}"
    )
    for row in runs:
        print(
            f"{row['cores']:>5.0f} {row['wall_s']:>8.1f} {row['cpu_s']:>8.1f} "
            f"{row['median_ms']:>10.0f} {row['p90_ms']:>8.0f} {row['max_ms']:>8.0f} "
            f"{row['marked']:>6.0f}"
        )
    if "spread" in result:
        gap = result["spread"]
        assert isinstance(gap, dict)
        print(
            f"another seed: |cost difference| mean {gap['cost_gap_mean']:.2f}, "
            f"p90 {gap['cost_gap_p90']:.2f}, max {gap['cost_gap_max']:.2f} points; "
            f"marks differ {gap['marks_differ']:.0f}, choices differ {gap['choices_differ']:.0f}"
        )
    return 0
