"""``ohhell bench history``: how long kept games take to keep, replay and count.

    ohhell bench history --games 200 --runs 5

Plays ``--games`` whole games of Oh Hell for four (random computer players, so
making them is quick; the figures depend on the records' size, not on who played),
keeps them in a temporary library as finished games are kept, then times, each
``--runs`` times, in wall and processor time:

- **keep**: writing one finished game's file (atomic, with fsync) and pruning;
- **open a replay**: reading one kept file, checking it, replaying it from its seed
  and building every moment (:class:`~game.play.replay.Replay`);
- **statistics, cold**: a fresh library reading and checking every file, then
  counting every player's statistics (what the statistics screen does when opened);
- **statistics, warm**: counting again with the files already read.

Each line gives the median and the slowest run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from game import cliargs
from game.play.library import Library
from game.play.replay import Replay
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESETS
from game.rules.record import Player, Record, to_record

PLAYERS = [Player("You"), Player("Ada", "easy"), Player("Basil", "medium"), Player("Clara", "hard")]


def whole_game(seed: int) -> Record:
    """A finished game's record, every choice random."""
    match, rng = Match(PRESETS["oh-hell"].rules(4), seed), random.Random(seed)
    while match.phase is not Phase.GAME_OVER:
        match.advance_until_decision()
        match.apply(rng.choice(list(match.legal_actions())))
    return to_record(match, PLAYERS)


def timed_runs(work: Callable[[], object], runs: int) -> tuple[list[float], list[float]]:
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        work()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def line(label: str, figures: tuple[list[float], list[float]]) -> str:
    walls, cpus = figures
    return (
        f"{label:<24} wall median {statistics.median(walls) * 1000:8.2f} ms"
        f"  max {max(walls) * 1000:8.2f} ms   cpu median {statistics.median(cpus) * 1000:8.2f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="ohhell bench history", description=__doc__)
    parser.add_argument(
        "--games", type=cliargs.bounded_int(1, 10_000), default=200, help="kept games (default 200)"
    )
    parser.add_argument(
        "--runs",
        type=cliargs.bounded_int(1, 1000),
        default=5,
        help="runs of each timing (default 5)",
    )
    args = parser.parse_args(argv)
    games, runs = max(1, args.games), max(1, args.runs)
    with tempfile.TemporaryDirectory(prefix="ohhell-bench-history-") as folder:
        library = Library(Path(folder), limit=games + runs)
        records = [whole_game(seed) for seed in range(games)]
        for record in records:
            library.keep(record)
        size = sum(p.stat().st_size for p in library.archive.folder.iterdir()) / games
        print(f"{games} kept games of Oh Hell for 4, {size / 1024:.1f} KB a file, {runs} runs")
        print(line("keep a game", timed_runs(lambda: library.keep(records[0]), runs)))
        name = library.archive.names()[games // 2]

        def open_replay() -> Replay:
            game = Library(Path(folder)).archive.load(name)
            assert game is not None
            return Replay.of(game.replayed()[0])

        print(line("open a replay", timed_runs(open_replay, runs)))
        cold = timed_runs(lambda: Library(Path(folder)).statistics(), runs)
        print(line(f"statistics, cold ({games + runs})", cold))
        library.statistics()
        print(line(f"statistics, warm ({games + runs})", timed_runs(library.statistics, runs)))
    return 0
