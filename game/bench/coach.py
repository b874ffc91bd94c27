"""Time to the coach's advice: ``ohhell bench coach``.

The positions of ``ohhell bench ai`` (seeded 10-card hands at a table of four,
medium players making the moves); in each, the coach is asked for its advice
on one core, and the expert for its decision, one after the other, so both
share the machine's load. The coach gives all its figures at once, so the time
to its first figure is the time to its advice. Each call starts from a cold
deal source (the deals' inference cache), as a new position does in the game.
Prints the median and 90th percentile of wall and process time for bids, plays
and both. ``--worker`` also asks the game's own worker (:func:`game.play.thinker.coach`,
with its helper processes where the machine has cores to spare, at the full
budget): its wall time is the time to the first figure in the game, less any
time the worker already had while the table animated (its cpu column is this
process's only).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from game import cliargs
from game.ai import shards
from game.ai.coach import advise
from game.ai.expert import EXPERT
from game.ai.levels import make_agent
from game.bench.ai import add_position_options, latency_summary, positions
from game.rules.phase import Phase
from game.rules.view import SeatView


def _parser() -> argparse.ArgumentParser:
    parser = cliargs.Parser(prog="ohhell bench coach", description=__doc__.split("\n")[0])
    add_position_options(parser, hands=2)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--worker", action="store_true", help="also time the coach through the game's worker"
    )
    return parser


def through_worker(seed: int, view: SeatView) -> None:
    """The coach's advice as the game asks for it: from the worker process."""
    from game.play import thinker

    if not thinker.coach(seed, view).wait(600):
        raise RuntimeError("the worker gave no advice")


def timed_call(ask: Callable[[SeatView], object], view: SeatView) -> tuple[float, float]:
    """Wall and process milliseconds of one call, from a cold deal source (the coach
    and the expert would otherwise share the one the first of them built)."""
    shards.forget_sources()
    wall, cpu = time.perf_counter(), time.process_time()
    ask(view)
    return (time.perf_counter() - wall) * 1000.0, (time.process_time() - cpu) * 1000.0


def main(argv: list[str]) -> int:
    args = _parser().parse_args(argv)
    every = positions(args.seed, args.hands, args.players, args.size)
    views = [view for view in every if len(view.legal) > 1]
    config = EXPERT.scaled(args.budget)
    expert = make_agent("expert", args.seed, budget=args.budget)
    askers: dict[str, Callable[[SeatView], object]] = {
        "coach": lambda view: advise(view, args.seed, config=config),
        "expert": expert.choose,
    }
    if args.worker:
        askers["worker"] = lambda view: through_worker(args.seed, view)
    times: dict[tuple[str, str, str], list[float]] = {}
    for view in views[:1]:  # warm-up
        for ask in askers.values():
            ask(view)
    for view in views:
        kind = "bids" if view.phase is Phase.BIDDING else "plays"
        for name, ask in askers.items():  # interleaved: both see the same load
            wall, cpu = timed_call(ask, view)
            for clock, value in (("wall", wall), ("cpu", cpu)):
                times.setdefault((name, kind, clock), []).append(value)
                times.setdefault((name, "all", clock), []).append(value)
    results = {
        f"{name} {kind} {clock}": latency_summary(values)
        for (name, kind, clock), values in times.items()
    }
    if args.json:
        print(cliargs.json_text({"positions": len(views), "seed": args.seed, "results": results}))
        return 0
    print(
        f"{len(views)} positions with a choice: {args.hands} hands of {args.size} cards, "
        f"{args.players} players, seed {args.seed}, 1 core, budget x{args.budget:g}"
    )
    print(f"{'asked':<7} {'decisions':<9} {'clock':<5} {'n':>4} {'median ms':>10} {'p90 ms':>9}")
    for key, row in sorted(results.items()):
        name, kind, clock = key.split()
        print(
            f"{name:<7} {kind:<9} {clock:<5} {row['n']:>4} {row['median']:>10.1f} "
            f"{row['p90']:>9.1f}"
        )
    return 0
