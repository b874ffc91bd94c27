"""The networks on packed integers (game.ai.packednet) give the float arithmetic's
chances, for random networks and the shipped ones, and a network they cannot hold
exactly falls back to floats."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

import pytest

from game.ai.features import situation_of
from game.ai.knowledge import knowledge_of
from game.ai.packednet import PackedNet
from game.ai.playfeatures import play_situation
from game.ai.playmodel import LearnedPlayer, PlayModel, shipped_play_model
from game.ai.trickmodel import OUTPUTS, TrickModel, output_chances, shipped_model
from game.rules.actions import Bid
from tests.models import random_model, random_play_model
from tests.test_learned import bid_views
from tests.test_learned_play import play_views

Model = TypeVar("Model", TrickModel, PlayModel)
CLOSE = 1e-12


def on_grid(model: Model) -> Model:
    """``model`` with every weight rounded to five decimals, as weights files keep them."""

    def rounded(rows: tuple[tuple[float, ...], ...]) -> tuple[tuple[float, ...], ...]:
        return tuple(tuple(round(value, 5) for value in row) for row in rows)

    return replace(
        model,
        columns=rounded(model.columns),
        hidden_bias=tuple(round(value, 5) for value in model.hidden_bias),
        rows=rounded(model.rows),
        output_bias=tuple(round(value, 5) for value in model.output_bias),
    )


def in_floats(model: Model) -> Model:
    """A copy of ``model`` that computes in floats (no packed weights)."""
    copy = replace(model)
    vars(copy)["packed"] = None
    return copy


def farthest(first: dict[int, list[float]], second: dict[int, list[float]]) -> float:
    """The largest difference between two sets of chances for the same keys."""
    assert first.keys() == second.keys()
    return max(abs(a - b) for key in first for a, b in zip(first[key], second[key], strict=True))


def test_random_sums_of_columns_give_the_float_chances() -> None:
    rng = random.Random(5)
    hidden, features = 12, 40
    columns = [[round(rng.gauss(0, 2), 5) for _ in range(hidden)] for _ in range(features)]
    bias = [round(rng.gauss(-1, 1), 5) for _ in range(hidden)]
    rows = [[round(rng.gauss(0, 2), 5) for _ in range(hidden)] for _ in range(OUTPUTS)]
    output_bias = [round(rng.gauss(0, 1), 5) for _ in range(OUTPUTS)]
    net = PackedNet.of(columns, bias, rows, output_bias)
    assert net is not None
    for _ in range(300):
        added = rng.choices(range(features), k=rng.randrange(0, 30))
        taken = rng.sample(added, k=min(len(added), rng.randrange(0, 3)))
        top_count = rng.randrange(0, OUTPUTS)
        inputs = list(bias)
        for feature in added:
            inputs = [a + b for a, b in zip(inputs, columns[feature], strict=True)]
        for feature in taken:
            inputs = [a - b for a, b in zip(inputs, columns[feature], strict=True)]
        total = net.start + sum(net.columns[f] for f in added) - sum(net.columns[f] for f in taken)
        expected = output_chances(inputs, rows, output_bias, top_count)
        got = net.chances(total, top_count)
        assert len(got) == top_count + 1
        assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < CLOSE


def test_a_network_with_every_unit_off_gives_the_output_bias_softmax() -> None:
    net = PackedNet.of([[1.0, 2.0]], [-5.0, -5.0], [[3.0, 3.0]] * 3, [0.0, 0.0, 0.0])
    assert net is not None
    assert net.chances(net.start + net.columns[0], 2) == pytest.approx([1 / 3] * 3)


@pytest.mark.parametrize(
    ("weight", "why"),
    [
        (0.123456, "off the five-decimal grid"),
        (3.0e7, "too large"),
        (1.0e308, "beyond the scaled floats"),
    ],
)
def test_weights_the_packing_cannot_hold_give_no_packed_network(weight: float, why: str) -> None:
    assert PackedNet.of([[weight, 0.0]], [0.0, 0.0], [[1.0, 1.0]], [0.0]) is None, why
    assert PackedNet.of([[0.5, 0.0]], [0.0, 0.0], [[weight, 1.0]], [0.0]) is None, why


def test_the_shipped_models_pack() -> None:
    play, bids = shipped_play_model(), shipped_model()
    assert play is not None and bids is not None
    assert play.packed is not None and bids.packed is not None


@pytest.mark.parametrize("seed", [1, 2])
def test_play_models_give_the_float_chances_in_real_positions(seed: int) -> None:
    shipped = shipped_play_model()
    assert shipped is not None
    models = [shipped, on_grid(random_play_model(seed, hidden=16))]
    for model in models:
        assert model.packed is not None
        floats = in_floats(model)
        for players, size in ((3, 5), (4, 10), (7, 7)):
            for view in play_views("oh-hell", players, seed, size=size):
                situation = play_situation(knowledge_of(view))
                cards = [card for card in range(52) if situation.hand >> card & 1]
                packed = model.distributions(situation, cards)
                assert farthest(packed, floats.distributions(situation, cards)) < CLOSE


def test_trick_models_give_the_float_chances_in_real_positions() -> None:
    shipped = shipped_model()
    assert shipped is not None
    for model in (shipped, on_grid(random_model(3, hidden=16))):
        assert model.packed is not None
        floats = in_floats(model)
        for players in (3, 5, 7):
            for view in bid_views("oh-hell", players, seed=players):
                situation = situation_of(view)
                bids = [action.tricks for action in view.legal if isinstance(action, Bid)]
                packed = model.distributions(situation, bids)
                assert farthest(packed, floats.distributions(situation, bids)) < CLOSE
                assert model.distribution(situation, bids[0]) == packed[bids[0]]


def test_a_model_off_the_grid_computes_in_floats() -> None:
    model = random_play_model(4, hidden=8)
    rounded = on_grid(model)
    assert model.packed is None and rounded.packed is not None
    for view in play_views("oh-hell", 4, 4, size=8):
        situation = play_situation(knowledge_of(view))
        cards = [card for card in range(52) if situation.hand >> card & 1]
        chances = model.distributions(situation, cards)
        assert farthest(chances, rounded.distributions(situation, cards)) < 1e-3


def test_the_learned_player_decides_the_same_on_packed_and_float_weights() -> None:
    shipped = shipped_play_model()
    assert shipped is not None
    packed = LearnedPlayer(seed=1, model=shipped)
    floats = LearnedPlayer(seed=1, model=in_floats(shipped))
    views = play_views("oh-hell", 4, 9, size=10) + play_views("blob", 5, 9, size=8)
    assert [packed.choose(view) for view in views] == [floats.choose(view) for view in views]
