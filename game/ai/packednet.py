"""The learned networks' arithmetic on packed integers: the same model, about twice as fast.

Both learned models (:mod:`game.ai.trickmodel`, :mod:`game.ai.playmodel`) are one hidden
layer (ReLU) over sparse binary features, and their weights are stored to five decimals.
Scaled by ``10**5`` every weight is an integer, so a feature's column of hidden weights
packs into one Python integer, 64 bits a hidden unit (unit ``h`` in bits ``64h`` to
``64h + 63``). Packing is linear, so adding packed columns adds every unit at once, in
the interpreter's big-integer code instead of one Python addition a unit. The ReLU is
three integer operations on the packed sum, and the output layer sums each live unit's
value times its packed row of output weights. Every sum is an exact integer: the chances
are the float arithmetic's to within rounding (about 1e-15), and the same on every
Python version.

>>> net = PackedNet.of(((0.5, -1.0), (0.25, 2.0)), (0.0, 0.0), ((1.0, 1.0), (0.0, 0.0)), (0.0, 0.0))
>>> [round(p, 4) for p in net.chances(net.start + net.columns[0] + net.columns[1], 1)]
[0.852, 0.148]

A network whose weights are off the five-decimal grid, or large enough that a sum could
leave its 64 bits, has no packed form (:meth:`PackedNet.of` gives ``None``); the model
classes then compute in floats (:func:`game.ai.trickmodel.output_chances`).
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress
from operator import mul

__all__ = ["PackedNet"]

SCALE = 100_000
"""Weights are stored to five decimals: times this, each is an integer."""
PRODUCT_SCALE = SCALE * SCALE
"""A hidden value times an output weight, both scaled, is scaled by this."""
LANE = 64
SIGN_BIT = 40
HIDDEN_OFFSET = 1 << SIGN_BIT
"""Added to every hidden unit's sum, so that a lane holds a non-negative number; the
lane's bit ``SIGN_BIT`` is then set exactly when the unit's input is at least zero."""
OUTPUT_OFFSET = 1 << 62
"""Added to every output's sum, for the same reason."""
REPEATS = 32
"""The bounds allow a feature's column to be added this many times (a hand's cards can
share a feature; no situation comes near it)."""


@dataclass(frozen=True, eq=False)
class PackedNet:
    """A one-hidden-layer network with its weights packed into integers."""

    columns: tuple[int, ...]
    """Each input feature's hidden weights, packed."""
    start: int
    """The hidden biases with the lane offset, packed: a sum of columns starts here."""
    ones: int
    """1 in every hidden lane."""
    output_columns: tuple[int, ...]
    """Each hidden unit's output weights, packed (one lane an output)."""
    output_start: int
    output_bias: tuple[float, ...]
    unpack_hidden: struct.Struct
    unpack_outputs: tuple[struct.Struct, ...]
    """``unpack_outputs[k]`` reads the first ``k + 1`` outputs."""

    @classmethod
    def of(
        cls,
        columns: Sequence[Sequence[float]],
        hidden_bias: Sequence[float],
        rows: Sequence[Sequence[float]],
        output_bias: Sequence[float],
    ) -> PackedNet | None:
        """The packed form of a network's weights, or ``None`` if it has none."""
        scaled_columns = [_scaled(column) for column in columns]
        bias = _scaled(hidden_bias)
        scaled_rows = [_scaled(row) for row in rows]
        if None in scaled_columns or bias is None or None in scaled_rows:
            return None
        hidden_columns = [column for column in scaled_columns if column is not None]
        output_rows = [row for row in scaled_rows if row is not None]
        if not _fits(hidden_columns, bias, output_rows):
            return None
        units = range(len(bias))
        return cls(
            columns=tuple(_pack(column) for column in hidden_columns),
            start=_pack([value + HIDDEN_OFFSET for value in bias]),
            ones=_pack([1] * len(bias)),
            output_columns=tuple(_pack([row[unit] for row in output_rows]) for unit in units),
            output_start=_pack([OUTPUT_OFFSET] * len(output_rows)),
            output_bias=tuple(output_bias),
            unpack_hidden=struct.Struct(f"<{len(bias)}Q"),
            unpack_outputs=tuple(struct.Struct(f"<{k + 1}Q") for k in range(len(output_rows))),
        )

    def chances(self, total: int, top_count: int) -> list[float]:
        """The chances of 0..``top_count`` (a softmax over those outputs), for ``total``:
        :attr:`start` plus the columns of the features set (less those taken away)."""
        signs = (total >> SIGN_BIT) & self.ones
        live = total & ((signs << SIGN_BIT) - signs)
        values = self.unpack_hidden.unpack(live.to_bytes(self.unpack_hidden.size, "little"))
        outputs = sum(
            map(mul, compress(values, values), compress(self.output_columns, values)),
            self.output_start,
        )
        reader = self.unpack_outputs[top_count]
        sums = reader.unpack_from(outputs.to_bytes(len(self.output_bias) * 8, "little"))
        logits = [
            (value - OUTPUT_OFFSET) / PRODUCT_SCALE + bias
            for value, bias in zip(sums, self.output_bias, strict=False)
        ]
        top = max(logits)
        exps = [math.exp(logit - top) for logit in logits]
        whole = sum(exps)
        return [value / whole for value in exps]


def _scaled(values: Sequence[float]) -> list[int] | None:
    """``values`` times :data:`SCALE`, or ``None`` if one is not on that grid or too
    large for a lane (a weight that large could never pack: :func:`_fits`)."""
    if any(abs(value) * SCALE >= HIDDEN_OFFSET for value in values):
        return None
    out = [round(value * SCALE) for value in values]
    if any(abs(value * SCALE - whole) > 1e-6 for value, whole in zip(values, out, strict=True)):
        return None
    return out


def _fits(columns: list[list[int]], bias: list[int], rows: list[list[int]]) -> bool:
    """Whether every lane's sum stays inside its 64 bits, whatever features are set."""
    units = range(len(bias))
    largest = [
        abs(bias[unit]) + REPEATS * sum(abs(column[unit]) for column in columns) for unit in units
    ]
    if max(largest, default=0) >= HIDDEN_OFFSET:
        return False
    heaviest = [max((abs(row[unit]) for row in rows), default=0) for unit in units]
    bound: int = sum(map(mul, largest, heaviest))
    return bound < OUTPUT_OFFSET


def _pack(lanes: Sequence[int]) -> int:
    """The integer holding ``lanes[h]`` at bit ``64h`` (any sign: packing is linear)."""
    return sum(value << (LANE * lane) for lane, value in enumerate(lanes))
