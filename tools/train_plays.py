"""Train the learned play model (game/ai/playmodel.py) on self-play plays (issue 50).

``uv run --group train python tools/train_plays.py DATA_DIR --seed 1 --out PLAY.json``

Reads the play shards of ``tools/selfplay.py --plays``, holds out every twentieth
shard, and fits a one-hidden-layer network (the trainer of ``tools/train.py``)
to the tricks each player took from the trick of its play on, given the
features of the card it played. It prints the validation log-loss against the
trick counts seen for each table and number of tricks left, and the calibration
of the expected tricks.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.playfeatures import PLAY_FEATURES, play_features
from game.ai.playmodel import load_play_model, play_weights_text
from game.ai.playrecords import read_plays
from game.ai.trickmodel import OUTPUTS
from tools.train import (
    RULE_SPACE,
    Floats,
    Network,
    log_loss,
    shards_of,
    start_weights_of,
    train,
    training_parser,
    weights_of,
    write_weights,
)

WIDTH = 72
"""The most features one play sets (a 17-card hand counts twice)."""


class PlayData:
    """Play records as padded feature indexes, tricks left and tricks taken after."""

    def __init__(self, parts: list[tuple[np.ndarray, ...]]) -> None:
        self.indexes = np.concatenate([part[0] for part in parts])
        self.sizes = np.concatenate([part[1] for part in parts])
        self.taken = np.concatenate([part[2] for part in parts])
        self.players = np.concatenate([part[3] for part in parts])


def shard_arrays(path: Path) -> tuple[np.ndarray, ...]:
    """One shard's records as arrays (indexes, tricks left, tricks taken after, players)."""
    records = list(read_plays(path))
    count = len(records)
    indexes = np.full((count, WIDTH), PLAY_FEATURES, dtype=np.uint16)
    sizes = np.empty(count, dtype=np.int64)
    taken = np.empty(count, dtype=np.int64)
    players = np.empty(count, dtype=np.int64)
    for row, record in enumerate(records):
        features = play_features(record.situation, record.card)[:WIDTH]
        indexes[row, : len(features)] = features
        sizes[row] = record.situation.tricks_left
        taken[row] = record.future
        players[row] = record.situation.players
    return indexes, sizes, taken, players


def read_play_data(folders: list[Path], limit: int | None) -> tuple[PlayData, PlayData]:
    """Training and validation data, up to ``limit`` records (the shards held out as
    ``tools/train.py`` holds them out)."""
    train_parts: list[tuple[np.ndarray, ...]] = []
    valid_parts: list[tuple[np.ndarray, ...]] = []
    total = 0
    for path, held in shards_of(folders):
        part = shard_arrays(path)
        total += len(part[0])
        (valid_parts if held else train_parts).append(part)
        if limit is not None and total >= limit:
            break
    if not train_parts or not valid_parts:
        raise ValueError("too few records to train on and validate")
    return PlayData(train_parts), PlayData(valid_parts)


def figures(params: dict[str, Floats], train_data: PlayData, valid: PlayData) -> list[str]:
    network = Network(1, np.random.default_rng(0), None, PLAY_FEATURES)
    network.params = params
    chances = network.chances(valid)  # type: ignore[arg-type]
    lines = [f"validation records: {len(valid.taken)}"]
    lines.append(f"log-loss, the model: {log_loss(chances, valid.taken):.4f}")
    total = 0.0
    for table, left in set(zip(valid.players.tolist(), valid.sizes.tolist(), strict=True)):
        seen = train_data.taken[(train_data.players == table) & (train_data.sizes == left)]
        counts = np.bincount(seen, minlength=left + 1)[: left + 1] + 0.5
        prior = counts / counts.sum()
        chosen = (valid.players == table) & (valid.sizes == left)
        total += float(-np.log(prior[valid.taken[chosen]]).sum())
    lines.append(f"log-loss, counts by table and tricks left: {total / len(valid.taken):.4f}")
    expected = chances @ np.arange(OUTPUTS)
    lines.append("calibration: expected tricks (bucket) -> predicted / taken, records")
    for low in np.arange(0.0, 6.0, 0.5):
        chosen = (expected >= low) & (expected < low + 0.5)
        if chosen.sum() >= 100:
            lines.append(
                f"  [{low:.1f}, {low + 0.5:.1f}): {expected[chosen].mean():.3f} / "
                f"{valid.taken[chosen].mean():.3f}, {int(chosen.sum())}"
            )
    return lines


def main(argv: list[str]) -> int:
    parser = training_parser("tools/train_plays.py", __doc__, "tools/selfplay.py --plays", 96)
    args = parser.parse_args(argv)
    try:
        start = time.process_time()
        train_data, valid = read_play_data([Path(f) for f in args.data], args.limit)
        start_weights = start_weights_of(args.init, args.hidden, load_play_model)
        print(f"{len(train_data.taken)} training records, {len(valid.taken)} held out "
              f"({time.process_time() - start:.0f} s to read)", flush=True)  # fmt: skip
        start = time.process_time()
        params, best_loss, epochs = train(
            train_data, valid, args.seed, args.hidden, args.batch, args.rate,  # type: ignore[arg-type]
            args.epochs, args.patience, start_weights, PLAY_FEATURES,
        )  # fmt: skip
        seconds = time.process_time() - start
        print("\n".join(figures(params, train_data, valid)))
        weights = weights_of(params, PLAY_FEATURES)
        trained = {
            "command": "tools/train_plays.py " + " ".join(argv),
            "records": len(train_data.taken),
            "epochs": epochs,
            "cpu_seconds": round(seconds),
            "validation_log_loss": round(best_loss, 4),
        }
        header = {"rule_space": RULE_SPACE, "trained": trained}
        write_weights(Path(args.out), play_weights_text(weights, header))
        print(f"trained in {seconds:.0f} s of CPU; weights in {args.out}")
    except (OSError, ValueError) as error:
        print(f"tools/train_plays.py: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
