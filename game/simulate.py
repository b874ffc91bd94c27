"""``ohhell simulate``: whole games with computer players in every seat.

Game ``g`` of a run with seed ``S`` is dealt from seed ``S + g``, so any single
game can be replayed on its own. Prints a summary table per seat and can
write every game's record to a JSONL file.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Sequence

from game import cliargs
from game.ai import LEVELS, make_agent, play_match
from game.i18n import _
from game.i18n.reasons import error_words
from game.rules.match import Match
from game.rules.presets import get_preset
from game.rules.record import Level, Player, dumps, is_level, to_record
from game.storage import atomic_write_text


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation).

    >>> mean_interval([1, 2, 3, 4])
    (2.5, 1.265...)
    """
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def parse_seats(text: str | None, players: int) -> list[Level]:
    """The computer level of every seat from ``"easy,hard,..."`` (default: random)."""
    if text is None:
        return ["random"] * players
    names = [part.strip() for part in text.split(",")]
    if len(names) != players:
        raise ValueError(f"--seats names {len(names)} seats for {players} players")
    seats: list[Level] = []
    for level in names:
        if not is_level(level):
            raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVELS)}")
        seats.append(level)
    return seats


def play_games(
    variant: str, players: int, games: int, seed: int, seats: list[Level]
) -> list[Match]:
    rules = get_preset(variant).rules(players)
    matches = []
    for game in range(games):
        game_seed = seed + game
        agents = [make_agent(level, game_seed * 16 + seat) for seat, level in enumerate(seats)]
        matches.append(play_match(rules, game_seed, agents))
    return matches


def summary_lines(matches: list[Match], seats: Sequence[str]) -> list[str]:
    """Lines of the summary table: per seat, score, bids made and first places."""
    lines = [f"{'seat':<6}{'level':<9}{'score/game':>12}{'±95%':>8}{'bids made':>11}{'wins':>8}"]
    for seat, level in enumerate(seats):
        scores = [match.scores[seat] for match in matches]
        made = [result.made[seat] for match in matches for result in match.results]
        wins = sum(1 / len(m.winners) for m in matches if seat in m.winners)
        mean, half = mean_interval(scores)
        lines.append(
            f"{seat:<6}{level:<9}{mean:>12.1f}{half:>8.1f}"
            f"{100 * sum(made) / max(1, len(made)):>10.1f}%{100 * wins / len(matches):>7.1f}%"
        )
    return lines


def main(argv: list[str]) -> int:
    parser = cliargs.Parser(prog="ohhell simulate", description=__doc__)
    parser.add_argument("--variant", required=True, help=_("a preset id (see ohhell variants)"))
    parser.add_argument("--players", type=cliargs.player_count, default=4)
    parser.add_argument("--games", type=cliargs.game_count, default=10)
    parser.add_argument("--seed", type=cliargs.deal_seed, default=1)
    parser.add_argument("--seats", help=_("computer level per seat, e.g. random,easy,hard,expert"))
    parser.add_argument(
        "--out", type=cliargs.output_file(), help=_("write the game records to this JSONL file")
    )
    args = parser.parse_args(argv)
    try:
        get_preset(args.variant).rules(args.players)
        seats = parse_seats(args.seats, args.players)
    except ValueError as error:  # RulesError too: the variant or its player range
        parser.error(error_words(error))
    start = time.perf_counter()
    matches = play_games(args.variant, args.players, args.games, args.seed, seats)
    elapsed = time.perf_counter() - start
    name = get_preset(args.variant).name
    print(f"{name}, {args.players} players, {args.games} games from seed {args.seed}")
    print("\n".join(summary_lines(matches, seats)))
    print(f"{elapsed:.2f} s, {args.games / elapsed:.1f} games per second")
    if args.out:
        players = [Player(f"Seat {seat}", level) for seat, level in enumerate(seats)]
        text = "".join(dumps(to_record(match, players)) + "\n" for match in matches)
        atomic_write_text(args.out, text)
        print(f"Records written to {args.out}", file=sys.stderr)
    return 0
