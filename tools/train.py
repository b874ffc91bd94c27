"""Train the learned trick model (game/ai/trickmodel.py) on self-play records (issue 50).

``uv run --group train python tools/train.py DATA_DIR --seed 1 --out assets/models/ohhell-v1.json``

Reads the shards of ``tools/selfplay.py`` (from one or more folders), holds out
every twentieth shard for validation, and fits a one-hidden-layer network
(numpy, Adam, minibatches) to the tricks each bidder took, given its features
and its bid, stopping when the validation log-loss has not improved for
``--patience`` epochs (the best epoch's weights are kept). The same data and
seed give the same weights. It prints the validation figures: log-loss against
two baselines (the trick counts seen at that table and hand size; the
hand-strength estimator's distribution), the calibration of the expected tricks
and of the chance of making the bid, and how often the likeliest count is the
one taken. ``--init WEIGHTS`` starts from an earlier model's weights (the next
round of self-play goes on from the last one's).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from game.ai.features import FEATURES, active, bid_feature
from game.ai.heuristics import calibrated, card_probs, trick_distribution
from game.ai.selfplay import BidRecord, read_records
from game.ai.trickmodel import OUTPUTS, load_model, weights_text
from game.storage import atomic_write_text

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]
Indexes = NDArray[np.uint8] | NDArray[np.uint16]
RULE_SPACE = (
    "3 to 7 seats, every hand size to 17, every preset's rules with the hook flipped, "
    "tricks scored always / exact only / never, no-trump hands"
)
"""The rules the self-play data covers (``tools/selfplay.py``), as the weights' header says."""
WIDTH = 40
"""The most features one record sets (a 17-card hand, the context and the bid)."""
PAD = FEATURES
"""The index of an always-zero input that pads short feature lists."""


class Data:
    """Records as padded feature indexes, hand sizes and tricks taken."""

    def __init__(self, records: list[BidRecord]) -> None:
        count = len(records)
        self.records = records
        self.indexes = np.full((count, WIDTH), PAD, dtype=np.uint8)
        self.sizes = np.empty(count, dtype=np.int64)
        self.taken = np.empty(count, dtype=np.int64)
        self.bids = np.empty(count, dtype=np.int64)
        for row, record in enumerate(records):
            features = [*active(record.situation), bid_feature(record.bid)]
            self.indexes[row, : len(features)] = features
            self.sizes[row] = record.situation.size
            self.taken[row] = record.taken
            self.bids[row] = record.bid


def shards_of(folders: list[Path]) -> list[tuple[Path, bool]]:
    """Every shard of ``folders`` in order, and whether it is held out for validation:
    every twentieth (the last one, with fewer than twenty)."""
    shards = sorted(path for folder in folders for path in folder.glob("shard-*.bin"))
    if not shards:
        raise ValueError(f"{', '.join(map(str, folders))}: no shards")
    every = min(20, len(shards))
    return [(path, number % every == every - 1) for number, path in enumerate(shards)]


def read_data(folders: list[Path], limit: int | None) -> tuple[Data, Data]:
    """Training and validation data, up to ``limit`` records (:func:`shards_of`; a lone
    shard is split 4 to 1)."""
    shards = shards_of(folders)
    train: list[BidRecord] = []
    valid: list[BidRecord] = []
    for path, held in shards:
        (valid if held else train).extend(read_records(path))
        if limit is not None and len(train) + len(valid) >= limit:
            break
    if len(shards) == 1:
        train, valid = valid[: len(valid) * 4 // 5], valid[len(valid) * 4 // 5 :]
    if not train or not valid:
        where = ", ".join(map(str, folders))
        raise ValueError(f"{where}: too few records to train on and validate")
    return Data(train), Data(valid)


class Network:
    """The weights being trained, with Adam's moments."""

    def __init__(
        self,
        hidden: int,
        rng: np.random.Generator,
        start: dict[str, Floats] | None = None,
        features: int = FEATURES,
    ) -> None:
        scale = np.sqrt(2.0 / 25.0)  # about 25 features are set at a time
        self.pad = features
        self.params = start or {
            "columns": rng.normal(0.0, scale, (features + 1, hidden)),
            "hidden_bias": np.zeros(hidden),
            "rows": rng.normal(0.0, np.sqrt(1.0 / hidden), (OUTPUTS, hidden)),
            "output_bias": np.zeros(OUTPUTS),
        }
        self.params["columns"][self.pad] = 0.0
        self.first = {name: np.zeros_like(value) for name, value in self.params.items()}
        self.second = {name: np.zeros_like(value) for name, value in self.params.items()}
        self.steps = 0

    def forward(self, indexes: Indexes, sizes: Ints) -> tuple[Floats, Floats]:
        """The hidden layer and the chances of 0..OUTPUTS-1 tricks (none above the size)."""
        p = self.params
        hidden = np.maximum(dense(indexes, self.pad) @ p["columns"] + p["hidden_bias"], 0.0)
        logits = hidden @ p["rows"].T + p["output_bias"]
        logits = np.where(np.arange(OUTPUTS)[None, :] > sizes[:, None], -1e9, logits)
        logits -= logits.max(axis=1, keepdims=True)
        chances = np.exp(logits)
        chances /= chances.sum(axis=1, keepdims=True)
        return hidden, chances

    def step(self, indexes: Indexes, sizes: Ints, taken: Ints, rate: float) -> None:
        """One Adam step on the mean log-loss of a minibatch."""
        hidden, chances = self.forward(indexes, sizes)
        count = len(taken)
        error = chances
        error[np.arange(count), taken] -= 1.0
        error /= count
        p = self.params
        into_hidden = (error @ p["rows"]) * (hidden > 0.0)
        columns = dense(indexes, self.pad).T @ into_hidden
        columns[self.pad] = 0.0
        grads = {
            "columns": columns,
            "hidden_bias": into_hidden.sum(axis=0),
            "rows": error.T @ hidden,
            "output_bias": error.sum(axis=0),
        }
        self.steps += 1
        for name, grad in grads.items():
            self.first[name] = 0.9 * self.first[name] + 0.1 * grad
            self.second[name] = 0.999 * self.second[name] + 0.001 * grad * grad
            fixed_first = self.first[name] / (1.0 - 0.9**self.steps)
            fixed_second = self.second[name] / (1.0 - 0.999**self.steps)
            p[name] -= rate * fixed_first / (np.sqrt(fixed_second) + 1e-8)

    def chances(self, data: Data) -> Floats:
        parts = [
            self.forward(data.indexes[start : start + 8192], data.sizes[start : start + 8192])[1]
            for start in range(0, len(data.taken), 8192)
        ]
        return np.concatenate(parts)

    def copy(self) -> dict[str, Floats]:
        return {name: value.copy() for name, value in self.params.items()}


def dense(indexes: Indexes, pad: int = PAD) -> Floats:
    """The input rows of padded feature indexes (a feature listed twice counts 2)."""
    rows = np.zeros((len(indexes), pad + 1))
    np.add.at(rows, (np.arange(len(indexes))[:, None], indexes), 1.0)
    return rows


def log_loss(chances: Floats, taken: Ints) -> float:
    picked = chances[np.arange(len(taken)), taken]
    return float(-np.log(np.maximum(picked, 1e-12)).mean())


def train(
    train_data: Data,
    valid: Data,
    seed: int,
    hidden: int,
    batch: int,
    rate: float,
    epochs: int,
    patience: int,
    initial: dict[str, Floats] | None = None,
    features: int = FEATURES,
) -> tuple[dict[str, Floats], float, int]:
    """The best weights on the validation data, their log-loss there and the epochs run
    (from ``initial`` weights, when given: the last round's model, kept when no epoch
    does better on the validation data)."""
    rng = np.random.default_rng(seed)
    network = Network(hidden, rng, initial, features)
    best, best_loss, waited, epochs_run = network.copy(), np.inf, 0, 0
    if initial is not None:
        best_loss = log_loss(network.chances(valid), valid.taken)
        print(f"epoch 0 (the starting weights): validation log-loss {best_loss:.4f}", flush=True)
    count = len(train_data.taken)
    for epoch in range(epochs):
        start = time.process_time()
        order = rng.permutation(count)
        for first in range(0, count, batch):
            rows = order[first : first + batch]
            network.step(
                train_data.indexes[rows], train_data.sizes[rows], train_data.taken[rows], rate
            )
        loss = log_loss(network.chances(valid), valid.taken)
        epochs_run += 1
        seconds = time.process_time() - start
        print(f"epoch {epoch + 1}: validation log-loss {loss:.4f} ({seconds:.0f} s)", flush=True)
        if loss < best_loss - 1e-4:
            best, best_loss, waited = network.copy(), loss, 0
        else:
            waited += 1
            if waited >= patience:
                break
    return best, best_loss, epochs_run


def figures(params: dict[str, Floats], train_data: Data, valid: Data) -> list[str]:
    """The validation figures, as printed lines."""
    network = Network(1, np.random.default_rng(0))
    network.params = params
    chances = network.chances(valid)
    lines = [f"validation records: {len(valid.taken)}"]
    lines.append(f"log-loss, the model: {log_loss(chances, valid.taken):.4f}")
    lines.append(f"log-loss, trick counts by table and size: {_prior_loss(train_data, valid):.4f}")
    sample = min(20_000, len(valid.taken))
    lines.append(
        f"log-loss, the hand-strength estimator (first {sample}): "
        f"{_estimator_loss(valid, sample):.4f} vs the model's "
        f"{log_loss(chances[:sample], valid.taken[:sample]):.4f}"
    )
    counts = np.arange(OUTPUTS)
    expected = chances @ counts
    lines.append("calibration: expected tricks (bucket) -> mean predicted / mean taken, records")
    for low in np.arange(0.0, 6.0, 0.5):
        chosen = (expected >= low) & (expected < low + 0.5)
        if chosen.sum() >= 100:
            lines.append(
                f"  [{low:.1f}, {low + 0.5:.1f}): {expected[chosen].mean():.3f} / "
                f"{valid.taken[chosen].mean():.3f}, {int(chosen.sum())}"
            )
    made = chances[np.arange(len(valid.bids)), valid.bids]
    lines.append("calibration: chance of making the bid (bucket) -> predicted / observed, records")
    for low in np.arange(0.0, 1.0, 0.1):
        chosen = (made >= low) & (made < low + 0.1)
        if chosen.sum() >= 100:
            hit = (valid.taken[chosen] == valid.bids[chosen]).mean()
            lines.append(
                f"  [{low:.1f}, {low + 0.1:.1f}): {made[chosen].mean():.3f} / {hit:.3f}, "
                f"{int(chosen.sum())}"
            )
    likeliest = chances.argmax(axis=1)
    lines.append(f"likeliest count taken exactly: {(likeliest == valid.taken).mean():.3f}")
    lines.append(f"bids made in the data: {(valid.bids == valid.taken).mean():.3f}")
    return lines


def _prior_loss(train_data: Data, valid: Data) -> float:
    """The log-loss of the trick counts seen for each (table, hand size) in training."""
    players = np.array([r.situation.players for r in train_data.records])
    valid_players = np.array([r.situation.players for r in valid.records])
    total = 0.0
    for key in set(zip(valid_players.tolist(), valid.sizes.tolist(), strict=True)):
        table, size = key
        seen = train_data.taken[(players == table) & (train_data.sizes == size)]
        counts = np.bincount(seen, minlength=size + 1)[: size + 1] + 0.5
        chances = counts / counts.sum()
        chosen = (valid_players == table) & (valid.sizes == size)
        total += float(-np.log(chances[valid.taken[chosen]]).sum())
    return total / len(valid.taken)


def _estimator_loss(valid: Data, sample: int) -> float:
    """The log-loss of the estimator's distribution (each card's chance, taken apart)."""
    total = 0.0
    for record in valid.records[:sample]:
        s = record.situation
        raw = card_probs(s.hand, s.trump, s.players)
        chances = calibrated(raw, s.trump, s.players, s.size, s.position == 0)
        dist = trick_distribution([min(0.98, max(0.02, c)) for _, c in chances])
        total -= float(np.log(max(dist[record.taken], 1e-12)))
    return total / sample


def read_start(path: Path, check: Callable[[Path], object] = load_model) -> dict[str, Floats]:
    """The weights of an earlier model, checked by ``check`` (its loader), as the trainer
    holds them."""
    check(path)
    weights = json.loads(path.read_text(encoding="utf-8"))["weights"]
    params = {name: np.array(weights[name], dtype=np.float64) for name in weights}
    params["columns"] = np.vstack([params["columns"], np.zeros((1, params["columns"].shape[1]))])
    return params


def weights_of(params: dict[str, Floats], features: int = FEATURES) -> dict[str, Any]:
    """The weights as the weights file keeps them (lists, rounded to 5 decimals; the
    padding input dropped)."""
    return {
        "columns": rounded(params["columns"][:features]),
        "hidden_bias": rounded(params["hidden_bias"]),
        "rows": rounded(params["rows"]),
        "output_bias": rounded(params["output_bias"]),
    }


def write_weights(out: Path, text: str) -> None:
    """A weights file's text written atomically, its folder made if needed."""
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(out, text)


def rounded(values: Floats) -> Any:
    return json.loads(json.dumps(np.round(values.astype(np.float64), 5).tolist()))


def training_parser(prog: str, doc: str, data: str, hidden: int) -> argparse.ArgumentParser:
    """The options every trainer takes (``data``: what the data folders hold)."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.split("\n")[0])
    parser.add_argument("data", nargs="+", help=f"the folders of {data}")
    parser.add_argument("--out", required=True, help="the weights file to write")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=hidden)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--rate", type=float, default=0.002)
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--patience", type=int, default=2)
    parser.add_argument("--limit", type=int, help="read at most this many records")
    parser.add_argument("--init", help="start from this weights file (the last round's)")
    return parser


def start_weights_of(
    init: str | None, hidden: int, check: Callable[[Path], object] = load_model
) -> dict[str, Floats] | None:
    """The ``--init`` model's weights (None without one), refused when its hidden layer
    is not ``hidden`` units wide."""
    if not init:
        return None
    weights = read_start(Path(init), check)
    if weights["hidden_bias"].shape != (hidden,):
        raise ValueError(f"{init}: not a model of {hidden} hidden units")
    return weights


def main(argv: list[str]) -> int:
    parser = training_parser("tools/train.py", __doc__, "tools/selfplay.py's shards", 64)
    args = parser.parse_args(argv)
    try:
        start = time.process_time()
        train_data, valid = read_data([Path(folder) for folder in args.data], args.limit)
        start_weights = start_weights_of(args.init, args.hidden)
        print(f"{len(train_data.taken)} training records, {len(valid.taken)} held out "
              f"({time.process_time() - start:.0f} s to read)", flush=True)  # fmt: skip
        start = time.process_time()
        params, best_loss, epochs = train(
            train_data, valid, args.seed, args.hidden, args.batch, args.rate, args.epochs,
            args.patience, start_weights,
        )  # fmt: skip
        seconds = time.process_time() - start
        lines = figures(params, train_data, valid)
        print("\n".join(lines))
        header = {
            "rule_space": RULE_SPACE,
            "trained": {
                "command": "tools/train.py " + " ".join(argv),
                "records": len(train_data.taken),
                "held_out": len(valid.taken),
                "epochs": epochs,
                "cpu_seconds": round(seconds),
                "validation_log_loss": round(best_loss, 4),
            },
        }
        write_weights(Path(args.out), weights_text(weights_of(params), header))
        print(f"trained in {seconds:.0f} s of CPU; weights in {args.out}")
    except (OSError, ValueError) as error:
        print(f"tools/train.py: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
