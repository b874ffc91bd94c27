"""Small trick models for the tests: random weights, fixed chances, a weights file."""

from __future__ import annotations

import math
import random
from pathlib import Path

from game.ai.features import FEATURES
from game.ai.playfeatures import PLAY_FEATURES
from game.ai.playmodel import PlayModel, play_weights_text
from game.ai.trickmodel import OUTPUTS, TrickModel, weights_text


def random_model(seed: int, hidden: int = 8) -> TrickModel:
    """A model with random weights: its bids depend on the hand."""
    rng = random.Random(seed)

    def row(width: int) -> tuple[float, ...]:
        return tuple(rng.gauss(0.0, 1.0) for _ in range(width))

    zero = (0.0,) * OUTPUTS
    return TrickModel(
        tuple(row(hidden) for _ in range(FEATURES)), row(hidden),
        tuple(row(hidden) for _ in range(OUTPUTS)), zero, {},
    )  # fmt: skip


def fixed_model(chances: list[float]) -> TrickModel:
    """A model that gives ``chances`` (renormalised to the hand size) whatever the bid."""
    zero = (0.0,)
    rows = tuple((math.log(chance) if chance > 0 else -50.0,) for chance in chances)
    rows += ((-50.0,),) * (OUTPUTS - len(rows))
    return TrickModel((zero,) * FEATURES, (1.0,), rows, (0.0,) * OUTPUTS, {})


def write_model(model: TrickModel, path: Path) -> None:
    """``model`` as a valid weights file (its rule space: "tests")."""
    path.write_text(weights_text(as_lists(model), {"rule_space": "tests"}), encoding="utf-8")


def as_lists(model: TrickModel | PlayModel) -> dict[str, object]:
    """A model's weights as a weights file keeps them."""
    return {
        "columns": [list(row) for row in model.columns],
        "hidden_bias": list(model.hidden_bias),
        "rows": [list(row) for row in model.rows],
        "output_bias": list(model.output_bias),
    }


def random_play_model(seed: int, hidden: int = 8) -> PlayModel:
    """A play model with random weights: its cards depend on the position."""
    rng = random.Random(seed)

    def row(width: int) -> tuple[float, ...]:
        return tuple(rng.gauss(0.0, 1.0) for _ in range(width))

    return PlayModel(
        tuple(row(hidden) for _ in range(PLAY_FEATURES)), row(hidden),
        tuple(row(hidden) for _ in range(OUTPUTS)), (0.0,) * OUTPUTS, {},
    )  # fmt: skip


def write_play_model(model: PlayModel, path: Path) -> None:
    """``model`` as a valid play weights file."""
    text = play_weights_text(as_lists(model), {"rule_space": "tests"})
    path.write_text(text, encoding="utf-8")
