"""Generate self-play bid records for the learned trick model (issue 50).

``uv run python tools/selfplay.py --out DIR --seed 1 --shards 400 --hands 500 --jobs 2``

Plays ``--shards`` shards of ``--hands`` hands each (:mod:`game.ai.selfplay`: the
rule space at random, medium players, a share of exploring bids; with
``--learned-bids WEIGHTS`` the players bid from that model) and writes each
as ``DIR/shard-SEED-NNNNN.bin``. A shard already there is skipped, so a run that
stopped resumes where it was; the same seed gives the same files. It prints the
hands a second as it goes. The data is generated, never committed.

``--plays --search RATE`` keeps search targets instead of the plays
(:mod:`game.ai.searchrecords`): the learned player plays every seat and a share
``RATE`` of its decisions has each of its best cards played out on ``--deals`` deals
(``--deals 0``: every card it could play, on the cards as dealt). ``--dealt-bids``
keeps bid records of the learned player's self-play, every bid it could have made at
each of its bids played out on the cards as dealt.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path
from typing import TypeVar

from game.ai.levels import is_measured_level
from game.ai.playmodel import LearnedPlayer, load_play_model
from game.ai.playrecords import play_shard_plays, plays_bytes
from game.ai.searchrecords import play_shard_dealt_bids, play_shard_search
from game.ai.selfplay import play_shard, shard_bytes
from game.ai.trickmodel import ModelError, load_model
from game.storage import atomic_write_bytes

T = TypeVar("T")
BID_EXPLORE = 0.25
"""With --plays, the share of random bids (the bids go to a ``bids`` folder beside)."""


def shard_path(out: Path, seed: int, index: int) -> Path:
    return out / f"shard-{seed}-{index:05d}.bin"


@lru_cache(maxsize=4)
def cached(load: Callable[[Path], T], path: str | None) -> T | None:
    """A weights file read once per worker process (``None`` for no file)."""
    return load(Path(path)) if path else None


@dataclass(frozen=True)
class Run:
    """What every shard of one run is played with (the command line's options)."""

    hands: int
    level: str
    explore: float
    weights: str | None
    budget: float
    play_weights: str | None
    plays: bool
    rate: float
    deals: int
    dealt_bids: bool

    @classmethod
    def of(cls, args: argparse.Namespace) -> Run:
        return cls(
            args.hands, args.level, args.explore, args.learned_bids, args.budget,
            args.play_model, args.plays, args.search, args.deals, args.dealt_bids,
        )  # fmt: skip


def make_shard(task: tuple[Path, int, Run]) -> tuple[Path, int, float]:
    """Play and write one shard (its path, seed and run); return its path, records and
    seconds (in a worker)."""
    path, seed, run = task
    assert is_measured_level(run.level)
    model = cached(load_model, run.weights)
    play_model = cached(load_play_model, run.play_weights)
    start = time.process_time()
    if run.plays:
        if run.rate > 0.0:
            bids, made = play_shard_search(
                seed, run.hands, run.rate, run.deals, play_model, model, BID_EXPLORE
            )
        else:
            player = None
            if play_model is not None:
                player = partial(LearnedPlayer, model=play_model, bids=model)
            odds = (BID_EXPLORE, run.explore)
            bids, made = play_shard_plays(
                seed, run.hands, run.level, odds, model, run.budget, player
            )
        atomic_write_bytes(path.parent / "bids" / path.name, shard_bytes(bids))
        atomic_write_bytes(path, plays_bytes(made))
        return path, len(made), time.process_time() - start
    if run.dealt_bids:
        records = play_shard_dealt_bids(seed, run.hands, play_model, model, run.explore)
    else:
        records = play_shard(seed, run.hands, run.level, run.explore, model, run.budget)
    atomic_write_bytes(path, shard_bytes(records))
    return path, len(records), time.process_time() - start


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="tools/selfplay.py", description=__doc__.split("\n")[0])
    parser.add_argument("--out", required=True, help="the folder the shards go to")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--shards", type=int, default=100)
    parser.add_argument("--hands", type=int, default=500, help="hands per shard")
    parser.add_argument("--level", default="medium", help="the players (a level)")
    parser.add_argument("--budget", type=float, default=1.0,
                        help="scales a searching level's simulations")  # fmt: skip
    parser.add_argument("--explore", type=float, default=0.25, help="share of random bids")
    parser.add_argument("--learned-bids", metavar="WEIGHTS", help="every seat bids from "
                        "this weights file (the next round of self-play)")  # fmt: skip
    parser.add_argument(
        "--plays",
        action="store_true",
        help="keep the plays, not the bids (--explore is then the share of random cards)",
    )
    parser.add_argument(
        "--play-model",
        metavar="WEIGHTS",
        help="with --plays: every seat is the learned player with these play weights",
    )
    parser.add_argument(
        "--search",
        metavar="RATE",
        type=float,
        default=0.0,
        help="with --plays: keep search targets of this share of the learned player's plays",
    )
    parser.add_argument(
        "--deals",
        type=int,
        default=32,
        help="with --search: deals a card (0: every card, on the cards as dealt)",
    )
    parser.add_argument(
        "--dealt-bids",
        action="store_true",
        help="the learned player in every seat; every bid it could make at each of its bids "
        "played out on the cards as dealt (--explore: the share of random bids)",
    )
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.shards < 1 or args.hands < 1 or args.jobs < 1:
        parser.error("--shards, --hands and --jobs must be 1 or more")
    if not is_measured_level(args.level):
        parser.error(f"unknown level {args.level!r}")
    if not 0.0 < args.budget <= 10.0:
        parser.error("--budget must be above 0 and at most 10")
    if args.play_model and not (args.plays or args.dealt_bids):
        parser.error("--play-model goes with --plays or --dealt-bids")
    if args.dealt_bids and args.plays:
        parser.error("--dealt-bids keeps bids: not with --plays")
    if not 0.0 <= args.explore <= 1.0:
        parser.error("--explore must be between 0 and 1")
    if args.search and not (args.plays and 0.0 < args.search <= 1.0 and 0 <= args.deals <= 512):
        parser.error("--search goes with --plays, above 0 and at most 1, --deals 0 to 512")
    out = Path(args.out)
    try:
        (out / "bids" if args.plays else out).mkdir(parents=True, exist_ok=True)
        if args.learned_bids:
            load_model(Path(args.learned_bids))
        if args.play_model:
            load_play_model(Path(args.play_model))
    except (OSError, ModelError) as error:
        print(f"tools/selfplay.py: {error}", file=sys.stderr)
        return 2
    run = Run.of(args)
    tasks = [
        (shard_path(out, args.seed, index), args.seed * 1_000_003 + index, run)
        for index in range(args.shards)
        if not shard_path(out, args.seed, index).exists()
    ]
    print(f"{args.shards - len(tasks)} shards already there; {len(tasks)} to play", flush=True)
    start, done = time.monotonic(), 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for path, records, seconds in pool.map(make_shard, tasks):
            done += 1
            rate = done * args.hands / (time.monotonic() - start)
            print(
                f"{path.name}: {records} records, {args.hands / seconds:.0f} hands/s of CPU; "
                f"{rate:.0f} hands/s overall",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
