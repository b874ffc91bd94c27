"""Decision-time benchmark of the computer levels: ``ohhell bench ai``.

A fixed, seeded set of positions is collected from 10-card hands at a table of
four (medium players make the moves, hook on, common scoring); every level is
then asked for its decision in each position, one at a time, and the time of
each call is measured. Prints the median, 90th percentile and maximum for
bids, for plays and for both together, against the latency targets; for the
searching levels also the simulated card plays per second over all their
decisions, against the raw speed of the playout kernel in those same
searches (card plays over the time spent inside the playouts), so "% of
kernel" is the share of a search's time that goes into playouts.

``--cores N`` runs the searches' shards on N processes (N - 1 helpers beside
this one, as the game does): latencies are then wall times of a decision on N
cores, and "% of kernel" is the share of the N cores' time in playouts.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from game import cliargs
from game.ai.levels import LEVELS, MEASURED_LEVELS, MeasuredLevel, is_measured_level, make_agent
from game.ai.rules_player import MediumAgent
from game.ai.shards import Mapper, sequential_map
from game.play.pool import ShardPool, start_helpers, stop_helpers
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.ruleset import MIN_PLAYERS, PACK_SIZE, HandSequence, RuleSet
from game.rules.view import SeatView

TARGETS_MS = {"random": 10.0, "easy": 10.0, "medium": 10.0, "hard": 100.0, "expert": 1000.0}
"""Median decision time each level must stay under (bids and plays together; issue 30)."""
P90_TARGETS_MS = {"expert": 1500.0}
"""The 90th percentile each level must stay under, where the issue sets one."""


def verdict(level: str, row: dict[str, float]) -> tuple[str, bool]:
    """The target column of a level's "all" row, and whether every target holds."""
    parts, ok = [], True
    for name, targets in (("median", TARGETS_MS), ("p90", P90_TARGETS_MS)):
        target = targets.get(level)
        if target is not None:
            parts.append(f"{name} < {target:g} ms")
            ok = ok and row[name] < target
    if not parts:
        return "", True
    return f"{', '.join(parts)}: {'ok' if ok else 'MISSED'}", ok


def positions(seed: int, hands: int, players: int = 4, size: int = 10) -> list[SeatView]:
    """Every decision of ``hands`` hands of ``size`` cards, as the seat to act saw it."""
    rules = RuleSet(
        players=players,
        sequence=HandSequence.CONSTANT,
        largest_hand=size,
        max_hands=hands,
        hook=True,
    )
    match = Match(rules, seed)
    movers = [MediumAgent(seed + seat) for seat in range(players)]
    views: list[SeatView] = []
    while match.phase is not Phase.GAME_OVER:
        if match.phase.automatic:
            match.advance()
            continue
        seat = match.awaiting[0]
        view = match.view(seat)
        views.append(view)
        match.apply(movers[seat].choose(view))
    return views


@dataclass(frozen=True)
class Timing:
    """Decision times of one level, in milliseconds."""

    level: str
    bids: list[float]
    plays: list[float]
    simulated: int = 0
    """Card plays the level simulated over all the positions (searching levels)."""
    kernel_seconds: float = 0.0
    """The time those simulations spent inside the playout kernel."""

    def rows(self) -> list[tuple[str, list[float]]]:
        return [("bids", self.bids), ("plays", self.plays), ("all", self.bids + self.plays)]


def measure_level(
    level: MeasuredLevel,
    views: Sequence[SeatView],
    seed: int,
    budget: float = 1.0,
    mapper: Mapper = sequential_map,
) -> Timing:
    """Time ``level``'s decision in every position (after a short warm-up)."""
    agent = make_agent(level, seed, budget=budget, mapper=mapper)
    for view in views[:2]:
        agent.choose(view)
    before = getattr(agent, "simulated", 0)
    kernel_before = getattr(agent, "kernel_seconds", 0.0)
    bids: list[float] = []
    plays: list[float] = []
    for view in views:
        start = time.perf_counter()
        agent.choose(view)
        elapsed = (time.perf_counter() - start) * 1000.0
        (bids if view.phase is Phase.BIDDING else plays).append(elapsed)
    return Timing(
        level,
        bids,
        plays,
        getattr(agent, "simulated", 0) - before,
        getattr(agent, "kernel_seconds", 0.0) - kernel_before,
    )


def latency_summary(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p90": p90,
        "max": ordered[-1],
    }


def add_position_options(parser: argparse.ArgumentParser, hands: int) -> None:
    """The options that choose the benchmark's positions and search budget."""
    parser.add_argument(
        "--hands", type=cliargs.bounded_int(1, 100), default=hands, help="hands of positions"
    )
    parser.add_argument("--seed", type=cliargs.deal_seed, default=2024)
    parser.add_argument("--players", type=cliargs.player_count, default=4)
    cards = cliargs.bounded_int(1, PACK_SIZE // MIN_PLAYERS)
    parser.add_argument("--size", type=cards, default=10, help="cards per hand")
    parser.add_argument(
        "--budget", type=cliargs.budget_scale, default=1.0, help="search budget multiplier"
    )


def _parser() -> argparse.ArgumentParser:
    parser = cliargs.Parser(prog="ohhell bench ai", description=__doc__.split("\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    add_position_options(parser, hands=3)
    cores = cliargs.bounded_int(1, 4)
    parser.add_argument(
        "--cores", type=cores, default=1, help="processes sharing each search (1 to 4)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    names = [level.strip() for level in args.levels.split(",") if level.strip()]
    if not names:
        parser.error(f"--levels names no level; choose from {', '.join(LEVELS)}")
    levels: list[MeasuredLevel] = []
    for level in names:
        if not is_measured_level(level):
            parser.error(f"unknown level {level!r}; choose from {', '.join(MEASURED_LEVELS)}")
        levels.append(level)
    connections, helpers = start_helpers(args.cores - 1, niceness=0)
    pool = ShardPool(connections)
    try:
        return _report(args, levels, pool)
    finally:
        pool.close()
        stop_helpers(helpers)


def _report(args: argparse.Namespace, levels: list[MeasuredLevel], pool: ShardPool) -> int:
    views = positions(args.seed, args.hands, args.players, args.size)
    mapper: Mapper = pool.map if pool.connections else sequential_map
    cores = pool.size
    results: dict[str, dict[str, dict[str, float]]] = {}
    timings: list[Timing] = []
    failed = False
    lines = [
        f"{len(views)} positions: {args.hands} hands of {args.size} cards, "
        f"{args.players} players, seed {args.seed}, {cores} core{'s' if cores > 1 else ''}",
        f"{'level':<8} {'decisions':<6} {'n':>4} {'median ms':>10} {'p90 ms':>9} "
        f"{'max ms':>9}  target",
    ]
    for level in levels:
        timing = measure_level(level, views, args.seed, args.budget, mapper)
        timings.append(timing)
        results[level] = {kind: latency_summary(times) for kind, times in timing.rows() if times}
        for kind, times in timing.rows():
            if not times:
                continue
            row = results[level][kind]
            text = ""
            if kind == "all":
                text, ok = verdict(level, row)
                failed = failed or not ok
            lines.append(
                f"{level:<8} {kind:<9} {row['n']:>4} {row['median']:>10.2f} "
                f"{row['p90']:>9.2f} {row['max']:>9.2f}  {text}"
            )
    searching = [timing for timing in timings if timing.simulated]
    if searching:
        lines.append(
            f"{'level':<8} {'simulated':>11} {'seconds':>8} {'plays/s':>10} "
            f"{'kernel plays/s':>15} {'% of kernel':>12}"
        )
    for timing in searching:
        seconds = sum(timing.bids + timing.plays) / 1000.0
        rate = timing.simulated / seconds if seconds else 0.0
        kernel = timing.simulated / timing.kernel_seconds if timing.kernel_seconds else 0.0
        share = 100.0 * rate / (kernel * cores) if kernel else 0.0
        results[timing.level]["simulation"] = {
            "simulated": timing.simulated,
            "seconds": seconds,
            "plays_per_s": rate,
            "kernel_plays_per_s": kernel,
            "percent_of_kernel": share,
        }
        lines.append(
            f"{timing.level:<8} {timing.simulated:>11,} {seconds:>8.2f} {rate:>10,.0f} "
            f"{kernel:>15,.0f} {share:>11.1f}%"
        )
    if args.json:
        print(
            cliargs.json_text(
                {
                    "positions": len(views),
                    "seed": args.seed,
                    "cores": cores,
                    "levels": results,
                }
            )
        )
    else:
        print("\n".join(lines))
    return 1 if failed else 0
