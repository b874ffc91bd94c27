"""Tournaments between computer levels: ``ohhell tournament ...``.

Plays whole games with the given level in each seat and reports, per level,
the average score per game, the share of bids made and of first places (a tie
at the top is shared), each with a 95% confidence interval, and the paired
score difference between every two levels. Games run in parallel processes.

With ``--duplicate`` every deal (one seed) is played once per seat rotation,
so every level holds every hand; the unit of comparison is then the deal: a
level's average over all the seats it held on that deal, compared with another
level's on the very same cards. Without it, the unit is a game, and two levels
are paired within the games where both sit.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from game import cliargs
from game.ai.base import play_match
from game.ai.levels import LEVELS, MEASURED_LEVELS, MeasuredLevel, is_measured_level, make_agent
from game.bench.stats import Estimate, mean_ci
from game.i18n import _
from game.i18n.reasons import error_words
from game.play.lifeline import worker_pool
from game.rules.errors import RecordError, RulesError
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import get_preset
from game.rules.record import Level, Player, dumps, is_level, to_record
from game.rules.ruleset import MAX_HANDS, HandSequence, RuleSet
from game.saves import MAX_RECORD_BYTES, read_record
from game.storage import atomic_write_text


@dataclass(frozen=True)
class TournamentGame:
    """One game to play."""

    unit: int
    rotation: int
    seed: int
    levels: tuple[str, ...]
    rules: RuleSet
    budget: float
    record: bool


@dataclass(frozen=True)
class Outcome:
    """What one game gave each seat."""

    unit: int
    rotation: int
    levels: tuple[str, ...]
    scores: tuple[int, ...]
    made: tuple[int, ...]
    bids: tuple[int, ...]
    winners: tuple[int, ...]
    record: str | None


def play_task(task: TournamentGame) -> Outcome:
    """Play one game of a tournament (in a worker process)."""
    agents = [
        make_agent(
            _base(level),
            seed=agent_seed(task.seed, task.rotation, seat),
            budget=task.budget * _scale(level),
        )
        for seat, level in enumerate(task.levels)
    ]
    match = play_match(task.rules, task.seed, agents)
    record = None
    if task.record:
        players = [
            Player(f"{level} {seat + 1}", kind=_recorded_kind(level))
            for seat, level in enumerate(task.levels)
        ]
        record = dumps(to_record(match, players))
    return _outcome(task.unit, task.rotation, task.levels, match, record)


def _outcome(
    unit: int, rotation: int, levels: tuple[str, ...], match: Match, record: str | None
) -> Outcome:
    made = [0] * match.rules.players
    for result in match.results:
        for seat, ok in enumerate(result.made):
            made[seat] += ok
    return Outcome(
        unit=unit,
        rotation=rotation,
        levels=levels,
        scores=match.scores,
        made=tuple(made),
        bids=(len(match.results),) * match.rules.players,
        winners=match.winners,
        record=record,
    )


def outcomes_from_records(paths: Sequence[str]) -> list[Outcome]:
    """The outcomes of finished games read back from ``--out`` files, to pool runs.

    The unit of comparison is the deal's seed, so runs over other seeds add
    units and a deal played in several runs pools its rotations. A seat's level
    is its recorded kind (a budget scale is not part of a record).
    """
    outcomes: list[Outcome] = []
    first_rules: RuleSet | None = None
    for path in paths:
        for where, match, players in recorded_games(path):
            if first_rules is None:
                first_rules = match.rules
            elif match.rules != first_rules:
                raise RecordError(where, "the records mix rule sets")
            levels = tuple(player.kind for player in players)
            if "human" in levels:
                raise RecordError(where, "a person played in this game: a tournament is of levels")
            outcomes.append(_outcome(match.seed, 0, levels, match, None))
    if not outcomes:
        raise RecordError("", "the record files hold no games")
    return outcomes


def recorded_games(path: str) -> Iterator[tuple[str, Match, list[Player]]]:
    """Every finished game of one record file, with where it stands in the file."""
    for where, line in _record_lines(path):
        try:
            match, players = read_record(line)
        except ValueError as error:  # RecordError, and any rule the engine refuses
            raise RecordError(where, error_words(error)) from None
        if match.phase is not Phase.GAME_OVER:
            raise RecordError(where, "the game is not finished")
        yield where, match, players


def _record_lines(path: str) -> Iterator[tuple[str, str]]:
    """The non-blank lines of a record file, each read with a bound on its length
    (``MAX_RECORD_BYTES``, the largest record) and checked to be UTF-8 text."""
    with open(path, "rb") as stream:
        for number in itertools.count(1):
            raw = stream.readline(MAX_RECORD_BYTES + 1)
            if not raw:
                return
            where = f"{cliargs.shortened(path, 60)}, line {number}"
            if len(raw) > MAX_RECORD_BYTES:
                limit = MAX_RECORD_BYTES // 2**20
                raise RecordError(where, f"the line is longer than {limit} MiB")
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError(where, "this is not text (UTF-8)") from None
            if line.strip():
                yield where, line


def _base(spec: str) -> MeasuredLevel:
    """The level of a seat spec: ``hard`` or ``hard@2`` (hard with twice the budget),
    checked when the command line was read."""
    level = spec.split("@")[0]
    if not is_measured_level(level):
        raise ValueError(f"unknown level {level!r}")
    return level


def _recorded_kind(spec: str) -> Level:
    """A seat's level as a game record names it (the yardstick has no record kind)."""
    level = _base(spec)
    if not is_level(level):
        raise ValueError(f"{level!r} seats cannot be recorded")
    return level


def _scale(spec: str) -> float:
    return float(spec.split("@")[1]) if "@" in spec else 1.0


def agent_seed(deal_seed: int, rotation: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for one rotation of a deal: every tool
    that replays a tournament's games (``tools/paired.py``) seeds its agents so."""
    return (deal_seed * 1_000_003 + rotation * 131 + seat * 7919) % (2**31)


def tasks_for(
    rules: RuleSet,
    seats: Sequence[str],
    games: int,
    seed: int,
    duplicate: bool,
    budget: float = 1.0,
    record: bool = False,
) -> list[TournamentGame]:
    """Every game of a tournament, in a fixed order."""
    players = len(seats)
    rotations = players if duplicate else 1
    return [
        TournamentGame(
            unit=game,
            rotation=rotation,
            seed=seed + game,
            levels=tuple(seats[(seat + rotation) % players] for seat in range(players)),
            rules=rules,
            budget=budget,
            record=record,
        )
        for game in range(games)
        for rotation in range(rotations)
    ]


def run_tasks(tasks: Sequence[TournamentGame], jobs: int, progress: bool = False) -> list[Outcome]:
    """Play every task, on ``jobs`` processes; results in task order. The processes end
    with this one, and an interrupted tournament stops them at once."""
    outcomes: list[Outcome] = []
    if jobs <= 1 or len(tasks) <= 1:
        for task in tasks:
            outcomes.append(play_task(task))
            _progress(progress, len(outcomes), len(tasks))
        return outcomes
    with worker_pool(min(jobs, len(tasks))) as pool:
        for outcome in pool.map(play_task, tasks):
            outcomes.append(outcome)
            _progress(progress, len(outcomes), len(tasks))
    return outcomes


def _progress(enabled: bool, done: int, total: int) -> None:
    if enabled:
        print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr)


# -------------------------------------------------------------- statistics
@dataclass(frozen=True)
class LevelStats:
    level: str
    seat_games: int
    score: Estimate
    made: Estimate
    first: Estimate


def _per_unit(
    outcomes: Iterable[Outcome],
) -> dict[int, dict[str, list[tuple[float, float, float]]]]:
    """For each unit and level: (score, made share, first share) of every seat-game."""
    units: dict[int, dict[str, list[tuple[float, float, float]]]] = {}
    for outcome in outcomes:
        levels = units.setdefault(outcome.unit, {})
        for seat, level in enumerate(outcome.levels):
            first = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
            made = outcome.made[seat] / max(1, outcome.bids[seat])
            levels.setdefault(level, []).append((float(outcome.scores[seat]), made, first))
    return units


def _unit_means(
    units: dict[int, dict[str, list[tuple[float, float, float]]]], level: str
) -> dict[int, tuple[float, float, float]]:
    means = {}
    for unit, levels in units.items():
        rows = levels.get(level)
        if rows:
            count = len(rows)
            means[unit] = (
                sum(row[0] for row in rows) / count,
                sum(row[1] for row in rows) / count,
                sum(row[2] for row in rows) / count,
            )
    return means


def summarize(
    outcomes: Sequence[Outcome],
) -> tuple[list[LevelStats], list[tuple[str, str, Estimate]]]:
    """Per-level estimates and the paired score differences (stronger level first)."""
    units = _per_unit(outcomes)
    present = sorted(
        {level for outcome in outcomes for level in outcome.levels}, key=_ladder_position
    )
    stats = []
    means = {level: _unit_means(units, level) for level in present}
    for level in present:
        rows = list(means[level].values())
        seat_games = sum(len(levels.get(level, [])) for levels in units.values())
        stats.append(
            LevelStats(
                level=level,
                seat_games=seat_games,
                score=mean_ci([row[0] for row in rows]),
                made=mean_ci([row[1] for row in rows]),
                first=mean_ci([row[2] for row in rows]),
            )
        )
    pairs = []
    for high in reversed(present):
        for low in present:
            if _ladder_position(low) >= _ladder_position(high) or low == high:
                continue
            shared = sorted(set(means[high]) & set(means[low]))
            diffs = [means[high][unit][0] - means[low][unit][0] for unit in shared]
            pairs.append((high, low, mean_ci(diffs)))
    return stats, pairs


def _ladder_position(spec: str) -> tuple[int, float]:
    """Weakest first; the yardstick below every level, so differences read level - ismcts."""
    level = _base(spec)
    return (LEVELS.index(level) if is_level(level) else -1, _scale(spec))


# ------------------------------------------------------------------ output
def report_text(
    header: str, stats: Sequence[LevelStats], pairs: Sequence[tuple[str, str, Estimate]]
) -> str:
    lines = [header, ""]
    lines.append(
        f"{'level':<8} {'seat-games':>10}  {'score/game':>16}  "
        f"{'bids made %':>14}  {'first places %':>14}"
    )
    for row in stats:
        lines.append(
            f"{row.level:<8} {row.seat_games:>10}  {row.score.text():>16}  "
            f"{row.made.text(100):>14}  {row.first.text(100):>14}"
        )
    if pairs:
        lines.append("")
        lines.append("paired score difference per game (95% CI):")
        for high, low, diff in pairs:
            lines.append(
                f"  {high} - {low}: {diff.text(sign=True)}  [{diff.low:+.2f}, {diff.high:+.2f}]"
                f"  over {diff.count} paired units"
            )
    return "\n".join(lines)


def report_json(
    settings: dict[str, Any],
    stats: Sequence[LevelStats],
    pairs: Sequence[tuple[str, str, Estimate]],
) -> dict[str, Any]:
    return {
        **settings,
        "levels": {
            row.level: {
                "seat_games": row.seat_games,
                "score": row.score.to_json(),
                "made_pct": row.made.to_json(100),
                "first_pct": row.first.to_json(100),
            }
            for row in stats
        },
        "pairs": [{"a": high, "b": low, "score_diff": diff.to_json()} for high, low, diff in pairs],
    }


def write_records(path: str, outcomes: Sequence[Outcome]) -> None:
    """Write one record per line, atomically (:func:`game.storage.atomic_write_text`)."""
    lines = [outcome.record + "\n" for outcome in outcomes if outcome.record is not None]
    atomic_write_text(path, "".join(lines))


# -------------------------------------------------------------------- main
def _spec_problem(spec: str) -> str | None:
    """What is wrong with a seat spec (``hard`` or ``hard@2``), or None."""
    level, at, scale = spec.partition("@")
    if level not in MEASURED_LEVELS:
        return f"unknown level {cliargs.quoted(level)}; choose from {', '.join(MEASURED_LEVELS)}"
    try:
        if at:
            cliargs.budget_scale(scale)
    except argparse.ArgumentTypeError as error:
        return f"the budget scale of {cliargs.quoted(spec)} {error}"
    return None


def _parser() -> argparse.ArgumentParser:
    parser = cliargs.Parser(prog="ohhell tournament", description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="oh-hell", help=_("preset id (default oh-hell)"))
    parser.add_argument("--players", type=cliargs.player_count, default=4)
    parser.add_argument(
        "--seats",
        help=_("comma-separated level per seat; LEVEL@X scales that seat's search budget by X"),
    )
    parser.add_argument(
        "--records",
        nargs="+",
        metavar="FILE.jsonl",
        type=cliargs.input_file,
        help=_("play nothing: report on the games of earlier --out files, pooled"),
    )
    parser.add_argument(
        "--games", type=cliargs.game_count, default=10, help=_("deals (seeds) to play")
    )
    parser.add_argument("--seed", type=cliargs.deal_seed, default=1)
    parser.add_argument(
        "--duplicate", action="store_true", help=_("replay each deal in every seat rotation")
    )
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument(
        "--out", metavar="FILE.jsonl", type=cliargs.output_file(), help=_("write every game record")
    )
    parser.add_argument(
        "--jobs", type=cliargs.job_count, default=min(cliargs.MAX_JOBS, os.cpu_count() or 1)
    )
    parser.add_argument(
        "--hands",
        type=cliargs.bounded_int(1, MAX_HANDS),
        help=_("play only the first HANDS hands of each game"),
    )
    parser.add_argument(
        "--hand-size",
        type=cliargs.bounded_int(1, 52),
        metavar="N",
        help=_("deal N cards in every hand (a constant sequence; one hand unless --hands)"),
    )
    parser.add_argument(
        "--budget", type=cliargs.budget_scale, default=1.0, help=_("search budget multiplier")
    )
    parser.add_argument("--progress", action="store_true", help=_("report progress on stderr"))
    return parser


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.records:
        return _report_records(parser, args)
    if not args.seats:
        parser.error("--seats is required (or --records to report on earlier games)")
    seats = [level.strip() for level in args.seats.split(",")]
    problems = [problem for problem in map(_spec_problem, seats) if problem]
    if problems:
        parser.error(f"argument --seats: {problems[0]}")
    try:
        rules = get_preset(args.variant).rules(args.players)
        if args.hand_size is not None:
            hands = 1 if args.hands is None else args.hands
            rules = replace(
                rules, sequence=HandSequence.CONSTANT, largest_hand=args.hand_size, max_hands=hands
            )
        elif args.hands is not None:
            rules = replace(rules, max_hands=args.hands)
    except RulesError as error:
        parser.error(error_words(error))
    if len(seats) != args.players:
        parser.error(f"--seats names {len(seats)} levels for {args.players} players")
    if args.out and not all(is_level(_base(seat)) for seat in seats):
        parser.error("--out: ismcts seats cannot be recorded in a game record")
    tasks = tasks_for(
        rules, seats, args.games, args.seed, args.duplicate, args.budget, bool(args.out)
    )
    outcomes = run_tasks(tasks, args.jobs, args.progress)
    if args.out:
        write_records(args.out, outcomes)
    stats, pairs = summarize(outcomes)
    settings = {
        "variant": args.variant,
        "players": args.players,
        "seats": seats,
        "games": args.games,
        "games_played": len(outcomes),
        "duplicate": args.duplicate,
        "seed": args.seed,
        "hands": args.hands,
        "hand_size": args.hand_size,
        "budget": args.budget,
    }
    if args.json:
        print(cliargs.json_text(report_json(settings, stats, pairs)))
    else:
        mode = (
            f"{args.games} deals x {args.players} rotations"
            if args.duplicate
            else f"{args.games} games"
        )
        header = (
            f"{args.variant}, {args.players} players, seats {args.seats}, {mode}, seed {args.seed}"
        )
        if args.hand_size is not None:
            header += f", {args.hands or 1} hand(s) of {args.hand_size} cards"
        print(report_text(header, stats, pairs))
    return 0


def _report_records(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    try:
        outcomes = outcomes_from_records(args.records)
    except (OSError, RecordError) as error:
        parser.error(str(error))
    stats, pairs = summarize(outcomes)
    if args.json:
        settings = {"records": list(args.records), "games_played": len(outcomes)}
        print(cliargs.json_text(report_json(settings, stats, pairs)))
    else:
        units = len({outcome.unit for outcome in outcomes})
        files = len(args.records)
        header = f"{len(outcomes)} recorded games over {units} deals, from {files} files"
        print(report_text(header, stats, pairs))
    return 0
