"""Fit the model of how other seats bid (game/ai/bidmodel.py) from the levels' own bids.

``uv run python tools/fit_bids.py collect --levels ismcts,hard --sizes 1-10 --out bids.jsonl``
deals hands of every size to tables of 3 to 6 seats of one level and keeps every
bid with what the trick estimator makes of the bidder's hand;
``uv run python tools/fit_bids.py games records.jsonl --level hard --out bids.jsonl``
keeps instead the bids of one level in the whole games of ``ohhell tournament
--out`` files (later hands are bid for the game's score too);
``uv run python tools/fit_bids.py fit bids.jsonl`` prints the coefficients by
hand size (the most likely offset, slope and spread on a grid), ready to paste
into ``FITTED``. Both are reproducible from ``--seed``: the deals and the
agents' seeds come from it.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace

from game.ai.bidmodel import FLOOR, BidModel
from game.ai.heuristics import expected_tricks
from game.ai.knowledge import knowledge_of
from game.ai.levels import MEASURED_LEVELS, MeasuredLevel, is_measured_level, make_agent
from game.bench.tournament import recorded_games
from game.play.lifeline import worker_pool
from game.rules.actions import Bid, Play
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import get_preset
from game.rules.record import Player, is_player_kind
from game.rules.ruleset import HandSequence
from game.rules.view import SeatView

MAX_LINE = 1_000
"""The longest data line read back (a bid's line is about 100 characters)."""


@dataclass(frozen=True)
class BidRecord:
    """One bid and what the estimator made of the bidder's hand."""

    level: str
    players: int
    size: int
    lead: bool
    estimate: float
    bid: int
    forbidden: int | None


def bid_record(level: str, view: SeatView, bid: int) -> BidRecord:
    """The record of ``bid`` made from ``view`` (the bidder's, at its turn to bid)."""
    knowledge = knowledge_of(view)
    players, size = knowledge.players, knowledge.size
    lead = knowledge.seat == (knowledge.dealer + 1) % players
    estimate = expected_tricks(knowledge.hand, knowledge.trump, players, size, lead)
    return BidRecord(level, players, size, lead, estimate, bid, view.forbidden_bid)


def collect_deal(level: MeasuredLevel, players: int, size: int, seed: int) -> list[BidRecord]:
    """Deal one hand to ``players`` seats of ``level`` and keep their bids."""
    base = get_preset("oh-hell").rules(players)
    rules = replace(base, sequence=HandSequence.CONSTANT, largest_hand=size, max_hands=1)
    match = Match(rules, seed)
    agents = [make_agent(level, seed * 31 + seat) for seat in range(players)]
    records = []
    match.advance_until_decision()
    while match.phase is Phase.BIDDING:
        seat = match.awaiting[0]
        view = match.view(seat)
        action = agents[seat].choose(view)
        assert isinstance(action, Bid)
        records.append(bid_record(level, view, action.tricks))
        match.apply(action)
        match.advance_until_decision()
    return records


def game_bids(match: Match, players: Sequence[Player], level: str) -> list[BidRecord]:
    """The bids of ``level``'s seats in a recorded game, each seen from the bidder's
    view at its turn: the game is replayed from its seed (the engine checks every
    action again)."""
    replay = Match(match.rules, match.seed)
    records = []
    for result in match.results:
        cards = iter([card for trick in result.tricks for card in trick.cards])
        replay.advance_until_decision()
        while replay.phase is Phase.BIDDING:
            seat = replay.awaiting[0]
            bid = result.bids[seat]
            if players[seat].kind == level:
                records.append(bid_record(level, replay.view(seat), bid))
            replay.apply(Bid.of(seat, bid))
            replay.advance_until_decision()
        while replay.phase is Phase.PLAYING:
            replay.apply(Play.of(replay.awaiting[0], next(cards)))
            replay.advance_until_decision()
    return records


def recorded_bids(paths: Sequence[str], level: str) -> list[BidRecord]:
    """The bids of ``level`` in the finished games of tournament record files."""
    return [
        record
        for path in paths
        for _, match, players in recorded_games(path)
        for record in game_bids(match, players, level)
    ]


def collect(
    levels: Sequence[MeasuredLevel], sizes: Sequence[int], deals: int, seed: int, jobs: int
) -> list[BidRecord]:
    """``deals`` hands of every size, level and table from 3 to 6 seats that fits it."""
    work = [
        (level, players, size, seed * 1_000_003 + size * 10_007 + players * 101 + deal)
        for level in levels
        for size in sizes
        for players in range(3, 7)
        if size * players < 52  # a card is left to turn for trumps
        for deal in range(deals)
    ]
    with worker_pool(jobs) as pool:
        parts = pool.map(_collect_one, work, chunksize=8)
        return [record for part in parts for record in part]


def _collect_one(task: tuple[MeasuredLevel, int, int, int]) -> list[BidRecord]:
    return collect_deal(*task)


def log_likelihood(records: Sequence[BidRecord], model: BidModel) -> float:
    """The mean log-chance the model gives the bids made."""
    total = 0.0
    for record in records:
        chances = model.chances(record.estimate, record.size, record.forbidden)
        total += math.log(chances[record.bid])
    return total / len(records)


def fit(records: Sequence[BidRecord]) -> BidModel:
    """The most likely model: a pattern search (each coefficient moved up and down by
    a step, the step halved when no move helps) on the estimate measured from its mean,
    where offset and slope hardly depend on each other."""
    middle = sum(record.estimate for record in records) / len(records)
    centred = [replace(record, estimate=record.estimate - middle) for record in records]
    mean_bid = sum(record.bid for record in records) / len(records)
    point = [mean_bid, 1.0, 0.7]
    best = log_likelihood(centred, BidModel(*point))
    step = 0.2
    while step >= 0.005:
        moved = False
        for field in range(3):
            for sign in (1.0, -1.0):
                trial = list(point)
                trial[field] += sign * step
                if trial[2] < 0.05:
                    continue
                value = log_likelihood(centred, BidModel(*trial))
                if value > best + 1e-12:
                    point, best, moved = trial, value, True
        if not moved:
            step /= 2
    offset, slope, spread = point
    return BidModel(offset - slope * middle, slope, spread)


def report(records: Sequence[BidRecord]) -> str:
    """The fitted table by hand size, with each size's bids and log-likelihoods."""
    lines = [f"# floor {FLOOR}; per size: bids, mean log-chance fitted / as estimate ±1"]
    for size in sorted({record.size for record in records}):
        mine = [record for record in records if record.size == size]
        model = fit(mine)
        fitted, plain = log_likelihood(mine, model), log_likelihood(mine, BidModel(0, 1, 1))
        lines.append(
            f"    {size}: BidModel({model.offset:.2f}, {model.slope:.2f}, {model.spread:.2f}),"
            f"  # {len(mine)} bids, {fitted:.3f} / {plain:.3f}"
        )
    return "\n".join(lines)


def write(path: str, records: Sequence[BidRecord]) -> None:
    with open(path, "a", encoding="utf-8") as out:
        for record in records:
            out.write(json.dumps(record.__dict__) + "\n")


def read(path: str) -> list[BidRecord]:
    """The records of a data file, each line checked before use."""
    records = []
    with open(path, encoding="utf-8", errors="strict") as data:
        for number, line in enumerate(data, 1):
            if len(line) > MAX_LINE:
                raise ValueError(f"{path}:{number}: line too long")
            records.append(_record(json.loads(line), f"{path}:{number}"))
    if not records:
        raise ValueError(f"{path}: no bids")
    return records


def _record(data: object, where: str) -> BidRecord:
    fields = set(BidRecord.__dataclass_fields__)
    if not isinstance(data, dict) or set(data) != fields:
        raise ValueError(f"{where}: not a bid record")
    size, bid, forbidden = data["size"], data["bid"], data["forbidden"]
    numbers_ok = (
        isinstance(data["level"], str)
        and _is_int(data["players"])
        and _is_int(size)
        and 1 <= size <= 52
        and _is_int(bid)
        and 0 <= bid <= size
        and (forbidden is None or _is_int(forbidden))
        and forbidden != bid
        and isinstance(data["lead"], bool)
        and isinstance(data["estimate"], (int, float))
        and math.isfinite(data["estimate"])
    )
    if not numbers_ok:
        raise ValueError(f"{where}: bad numbers")
    return BidRecord(**data)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _sizes(text: str) -> list[int]:
    first, _, last = text.partition("-")
    wrong = ValueError(f"sizes {text!r}: give 1 to 17, as N or N-M")
    if not (first.isdigit() and (last or first).isdigit()):
        raise wrong
    low, high = int(first), int(last or first)
    if not 1 <= low <= high <= 17:
        raise wrong
    return list(range(low, high + 1))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/fit_bids.py", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    gather = commands.add_parser("collect", help="deal hands and keep the levels' bids")
    gather.add_argument("--levels", default="ismcts,hard")
    gather.add_argument("--sizes", default="1-10", help="N or N-M")
    gather.add_argument("--deals", type=int, default=100, help="per level, size and table")
    gather.add_argument("--seed", type=int, default=1)
    gather.add_argument("--jobs", type=int, default=2)
    gather.add_argument("--out", required=True, help="append the bids to this JSONL file")
    games = commands.add_parser("games", help="keep a level's bids from tournament records")
    games.add_argument("records", nargs="+", help="ohhell tournament --out files")
    games.add_argument("--level", required=True, help="the level whose bids are kept")
    games.add_argument("--out", required=True, help="append the bids to this JSONL file")
    fitting = commands.add_parser("fit", help="print the model fitted to kept bids")
    fitting.add_argument("data", nargs="+")
    args = parser.parse_args(argv)
    try:
        if args.command == "fit":
            print(report([record for path in args.data for record in read(path)]))
            return 0
        if args.command == "collect":
            if args.jobs < 1 or args.deals < 1:
                parser.error("--jobs and --deals must be 1 or more")
            names = [str(name).strip() for name in args.levels.split(",")]
            levels = [name for name in names if is_measured_level(name)]
            if len(levels) < len(names):
                parser.error(f"unknown level; choose from {', '.join(MEASURED_LEVELS)}")
            records = collect(levels, _sizes(args.sizes), args.deals, args.seed, args.jobs)
        else:
            if not is_player_kind(args.level):
                parser.error(f"unknown level {args.level!r}")
            records = recorded_bids(args.records, args.level)
        write(args.out, records)
        print(f"{len(records)} bids kept in {args.out}")
    except (OSError, ValueError, UnicodeDecodeError) as error:
        print(f"tools/fit_bids.py: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
