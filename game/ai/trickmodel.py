"""The learned trick model: how many tricks a seat takes, given its view and its bid.

A network with one hidden layer (ReLU) over the binary features of
:mod:`game.ai.features`, trained on self-play by ``tools/train.py``. Its input is
sparse (a hand sets one feature per card), so the first layer is a sum of a few
weight columns and the whole evaluation is plain Python, on packed integers
(:mod:`game.ai.packednet`) when the weights allow: a few hundred microseconds for
every bid of a hand (docs/ai.md, issue 50).

The weights ship in one JSON file, ``assets/models/ohhell-v1.json``: a header
(format, version, sizes, the rule space it was trained on, how it was trained)
and the weights, with the SHA-256 of their canonical JSON text. The file is read
once, when a player first asks for it; a file that is missing, damaged or fails
its checksum gives ``None`` (the levels then play as before) and one log line.

>>> model = TrickModel.zeros(hidden=2)
>>> situation = BidSituation(0b111, 0, None, 4, 3, 0, ())
>>> [round(p, 2) for p in model.distribution(situation, 1)]
[0.25, 0.25, 0.25, 0.25]
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from itertools import compress
from operator import add, itemgetter, mul
from pathlib import Path
from typing import Any

from game.ai.features import FEATURES, MAX_SIZE, BidSituation, active, bid_feature
from game.ai.packednet import PackedNet

__all__ = [
    "MODEL_FILE",
    "MODEL_FORMAT",
    "MODEL_VARIABLE",
    "ModelError",
    "TrickModel",
    "checksum",
    "layers_of",
    "load_model",
    "model_or_none",
    "output_chances",
    "read_weights",
    "shipped_model",
    "weights_path",
    "weights_text",
]

ABOVE_ZERO = (0.0).__lt__
"""Whether a hidden unit's input is above zero (the ReLU passes it)."""

MODEL_LOG = logging.getLogger("ohhell.ai")
MODEL_FORMAT = "ohhell-trick-model"
MODEL_VERSION = 1
OUTPUTS = MAX_SIZE + 1
MODEL_FILE = ("models", "ohhell-v1.json")
"""The shipped weights, under ``assets/``."""
_GAME = Path(__file__).resolve().parent.parent
MAX_BYTES = 5_000_000
MODEL_VARIABLE = "OHHELL_MODEL"
"""An environment variable naming weights to use instead of the shipped ones."""


class ModelError(ValueError):
    """A weights file that cannot be used (the message says why)."""


@dataclass(frozen=True, eq=False)
class TrickModel:
    """The network's weights, as lists of floats (equal and hashed by identity)."""

    columns: tuple[tuple[float, ...], ...]
    """One row of hidden-layer weights per input feature."""
    hidden_bias: tuple[float, ...]
    rows: tuple[tuple[float, ...], ...]
    """One row of weights per output (tricks 0..``MAX_SIZE``)."""
    output_bias: tuple[float, ...]
    header: dict[str, Any]

    @classmethod
    def zeros(cls, hidden: int) -> TrickModel:
        """A model that says every trick count is as likely (for tests)."""
        zero = (0.0,) * hidden
        return cls((zero,) * FEATURES, zero, (zero,) * OUTPUTS, (0.0,) * OUTPUTS, {})

    @cached_property
    def packed(self) -> PackedNet | None:
        """The weights packed into integers (:mod:`game.ai.packednet`), when they pack."""
        return PackedNet.of(self.columns, self.hidden_bias, self.rows, self.output_bias)

    def hidden_input(self, situation: BidSituation) -> list[float]:
        """The hidden layer's input before the own bid is added (in floats)."""
        columns = self.columns
        used = [columns[feature] for feature in active(situation)]
        return list(map(sum, zip(self.hidden_bias, *used, strict=True)))

    def distribution(self, situation: BidSituation, bid: int) -> list[float]:
        """The chance of taking 0..size tricks when bidding ``bid``."""
        return self.distributions(situation, (bid,))[bid]

    def distributions(self, situation: BidSituation, bids: Sequence[int]) -> dict[int, list[float]]:
        """:meth:`distribution` for each of ``bids`` (the features they share summed once)."""
        top_count = min(situation.size, MAX_SIZE)
        net = self.packed
        if net is not None:
            columns = net.columns
            base = sum([columns[feature] for feature in active(situation)], net.start)
            return {bid: net.chances(base + columns[bid_feature(bid)], top_count) for bid in bids}
        start = self.hidden_input(situation)
        out = {}
        for bid in bids:
            inputs = list(map(add, start, self.columns[bid_feature(bid)]))
            out[bid] = output_chances(inputs, self.rows, self.output_bias, top_count)
        return out


def output_chances(
    inputs: Sequence[float],
    rows: Sequence[Sequence[float]],
    bias: Sequence[float],
    top_count: int,
) -> list[float]:
    """The hidden layer's ReLU of ``inputs`` and the output layer: the chances of
    0..``top_count`` (a softmax over those outputs). Only the hidden units above zero
    are multiplied (most are zero), which gives the same sums, term for term."""
    live = list(compress(range(len(inputs)), map(ABOVE_ZERO, inputs)))
    counts = range(top_count + 1)
    if len(live) > 1:
        pick = itemgetter(*live)
        values = pick(inputs)
        logits = [sum(map(mul, values, pick(rows[count]))) + bias[count] for count in counts]
    elif live:
        unit = live[0]
        logits = [inputs[unit] * rows[count][unit] + bias[count] for count in counts]
    else:
        logits = [bias[count] for count in counts]
    top = max(logits)
    exps = [math.exp(logit - top) for logit in logits]
    total = sum(exps)
    return [value / total for value in exps]


def checksum(weights: dict[str, Any]) -> str:
    """The SHA-256 of the weights' canonical JSON text."""
    text = json.dumps(weights, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def weights_text(
    weights: dict[str, Any],
    header: dict[str, Any],
    fmt: str = MODEL_FORMAT,
    version: int = MODEL_VERSION,
    features: int = FEATURES,
) -> str:
    """A weights file's text: ``header``'s fields, the weights' checksum and the weights
    (``columns``, ``hidden_bias``, ``rows``, ``output_bias`` as lists); the trick model's
    format unless told. The tools write it through the game's one writer, atomically."""
    data = {**header, "format": fmt, "version": version, "features": features}
    data.update(hidden=len(weights["hidden_bias"]), sha256=checksum(weights), weights=weights)
    return json.dumps(data, separators=(",", ":")) + "\n"


def load_model(path: Path) -> TrickModel:
    """The model in ``path``; :class:`ModelError` (or ``OSError``) if it cannot be used."""
    weights, header = read_weights(path, MODEL_FORMAT, MODEL_VERSION, FEATURES)
    return TrickModel(*layers_of(weights), header=header)


Layers = tuple[
    tuple[tuple[float, ...], ...],
    tuple[float, ...],
    tuple[tuple[float, ...], ...],
    tuple[float, ...],
]
"""A network's columns, hidden bias, output rows and output bias."""


def layers_of(weights: dict[str, Any]) -> Layers:
    """The layers of checked weights (:func:`read_weights`), as tuples."""
    return (
        tuple(tuple(row) for row in weights["columns"]),
        tuple(weights["hidden_bias"]),
        tuple(tuple(row) for row in weights["rows"]),
        tuple(weights["output_bias"]),
    )


def read_weights(
    path: Path, fmt: str, version: int, features: int
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The weights and the header of a network file of format ``fmt``, checked: its size,
    format, version, number of input ``features``, checksum and shapes
    (:class:`ModelError` or ``OSError`` if any is wrong)."""
    if path.stat().st_size > MAX_BYTES:
        raise ModelError(f"{path}: larger than {MAX_BYTES} bytes")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ModelError(f"{path}: not a weights file ({error})") from None
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise ModelError(f"{path}: not a {fmt} file")
    if data.get("version") != version or data.get("features") != features:
        raise ModelError(f"{path}: version or features do not match this game")
    weights = data.get("weights")
    if not isinstance(weights, dict) or checksum(weights) != data.get("sha256"):
        raise ModelError(f"{path}: the weights fail their checksum")
    hidden = data.get("hidden")
    shapes = {
        "columns": (features, hidden),
        "hidden_bias": (hidden,),
        "rows": (OUTPUTS, hidden),
        "output_bias": (OUTPUTS,),
    }
    for name, shape in shapes.items():
        if not _has_shape(weights.get(name), shape):
            raise ModelError(f"{path}: {name} is not {shape}")
    return weights, {key: value for key, value in data.items() if key != "weights"}


def _has_shape(value: object, shape: tuple[object, ...]) -> bool:
    if not isinstance(shape[0], int) or not isinstance(value, list) or len(value) != shape[0]:
        return False
    if len(shape) == 1:
        return all(isinstance(x, int | float) and math.isfinite(x) for x in value)
    return all(_has_shape(item, shape[1:]) for item in value)


def model_or_none(path: Path) -> TrickModel | None:
    """The model in ``path``, or ``None`` and one log line saying why not."""
    try:
        return load_model(path)
    except (OSError, ModelError) as error:
        MODEL_LOG.warning("learned trick model not used; the levels play without it: %s", error)
        return None


@lru_cache(maxsize=1)
def shipped_model() -> TrickModel | None:
    """The shipped model, read on the first call only (``None`` if it cannot be used)."""
    return model_or_none(shipped_path())


def shipped_path() -> Path:
    """Where the shipped weights are: ``game/assets`` in a wheel or the frozen program,
    else ``assets`` at the top of the source tree (as :func:`game.resources.asset`
    finds them; the AI layer imports only the engine and itself). A maintainer tries
    a candidate file by naming it in ``OHHELL_MODEL`` (``tools/paired.py --weights``)."""
    return weights_path(MODEL_VARIABLE, MODEL_FILE)


def weights_path(variable: str, parts: tuple[str, ...]) -> Path:
    """The file the environment ``variable`` names, else ``assets/<parts>`` where the
    game's assets are."""
    candidate = os.environ.get(variable)
    if candidate:
        return Path(candidate)
    bundled = _GAME.joinpath("assets", *parts)
    return bundled if bundled.is_file() else _GAME.parent.joinpath("assets", *parts)
