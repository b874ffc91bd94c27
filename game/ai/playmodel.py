"""The learned play model: how many more tricks a seat takes after playing a card.

A network with one hidden layer (ReLU) over the features of
:mod:`game.ai.playfeatures`, trained on self-play plays by ``tools/train_plays.py``.
For a card the seat may play, it gives the chance of taking 0, 1, 2... tricks from
this trick on; :class:`LearnedPlayer` plays the card whose chances give the best
expected points for the hand under the game's scoring, and bids from the learned
trick model. No search: a decision is a few network
evaluations (under a millisecond).

>>> model = PlayModel.zeros(hidden=2)
>>> from game.ai.playfeatures import PlaySituation
>>> s = PlaySituation(0b11, 0b1100, (), 0, 4, 2, 2, 1, (0, 0, 0), (0, 0, 0))
>>> [round(p, 2) for p in model.distribution(s, 0)]
[0.33, 0.33, 0.33]
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any

from game.ai.base import Agent
from game.ai.knowledge import knowledge_of
from game.ai.learned import learned_bid
from game.ai.packednet import PackedNet
from game.ai.playfeatures import (
    MAX_SIZE,
    PLAY_FEATURES,
    PlaySituation,
    card_features,
    kept_features,
    play_situation,
    shared_features,
    slots_of,
)
from game.ai.trickmodel import (
    ModelError,
    TrickModel,
    layers_of,
    output_chances,
    read_weights,
    shipped_model,
    weights_path,
    weights_text,
)
from game.rules.actions import Action, Bid, Play
from game.rules.phase import Phase
from game.rules.scoring import hand_points
from game.rules.view import SeatView

__all__ = [
    "PLAY_FORMAT",
    "PLAY_VARIABLE",
    "LearnedPlayer",
    "PlayModel",
    "card_values",
    "load_play_model",
    "play_model_or_none",
    "play_weights_text",
    "shipped_play_model",
    "shipped_play_path",
]

MODEL_LOG = logging.getLogger("ohhell.ai")
PLAY_FORMAT = "ohhell-play-model"
PLAY_VERSION = 1
OUTPUTS = MAX_SIZE + 1
PLAY_VARIABLE = "OHHELL_PLAY_MODEL"
PLAY_FILE = ("models", "ohhell-play-v1.json")
MOST_SEATS = 7
"""The most seats of the self-play the models learned from (their rule space)."""


@dataclass(frozen=True, eq=False)
class PlayModel:
    """The network's weights (equal and hashed by identity)."""

    columns: tuple[tuple[float, ...], ...]
    hidden_bias: tuple[float, ...]
    rows: tuple[tuple[float, ...], ...]
    output_bias: tuple[float, ...]
    header: dict[str, Any]

    @classmethod
    def zeros(cls, hidden: int) -> PlayModel:
        zero = (0.0,) * hidden
        return cls((zero,) * PLAY_FEATURES, zero, (zero,) * OUTPUTS, (0.0,) * OUTPUTS, {})

    @cached_property
    def negated(self) -> tuple[tuple[float, ...], ...]:
        """Every first-layer column negated, to take a kept card's features away."""
        return tuple(tuple(-weight for weight in column) for column in self.columns)

    @cached_property
    def packed(self) -> PackedNet | None:
        """The weights packed into integers (:mod:`game.ai.packednet`), when they pack."""
        return PackedNet.of(self.columns, self.hidden_bias, self.rows, self.output_bias)

    def distribution(self, situation: PlaySituation, card: int) -> list[float]:
        """The chance of taking 0..tricks left more tricks after playing ``card``."""
        return self.distributions(situation, (card,))[card]

    def distributions(
        self, situation: PlaySituation, cards: Iterable[int]
    ) -> dict[int, list[float]]:
        """:meth:`distribution` for each of ``cards``. The features every card shares
        (:func:`~game.ai.playfeatures.play_features` less the card's own) are summed once."""
        if self.packed is not None:
            return _packed_distributions(self.packed, situation, cards)
        slot_of = slots_of(situation)
        columns, negated = self.columns, self.negated
        shared = [columns[feature] for feature in shared_features(situation, slot_of)]
        base = list(map(sum, zip(self.hidden_bias, *shared, strict=True)))
        count = min(situation.tricks_left, MAX_SIZE)
        out = {}
        for card in cards:
            used = [negated[feature] for feature in kept_features(situation, card, slot_of)]
            used += [columns[feature] for feature in card_features(situation, card, slot_of)]
            inputs = list(map(sum, zip(base, *used, strict=True)))
            out[card] = output_chances(inputs, self.rows, self.output_bias, count)
        return out


def _packed_distributions(
    net: PackedNet, situation: PlaySituation, cards: Iterable[int]
) -> dict[int, list[float]]:
    """:meth:`PlayModel.distributions` on the packed weights."""
    slot_of = slots_of(situation)
    columns = net.columns
    base = sum([columns[feature] for feature in shared_features(situation, slot_of)], net.start)
    count = min(situation.tricks_left, MAX_SIZE)
    out = {}
    for card in cards:
        kept, kept_above = kept_features(situation, card, slot_of)
        played = [columns[feature] for feature in card_features(situation, card, slot_of)]
        out[card] = net.chances(base - columns[kept] - columns[kept_above] + sum(played), count)
    return out


def play_weights_text(weights: dict[str, Any], header: dict[str, Any]) -> str:
    """A play weights file's text (as :func:`game.ai.trickmodel.weights_text`)."""
    return weights_text(weights, header, PLAY_FORMAT, PLAY_VERSION, PLAY_FEATURES)


def load_play_model(path: Path) -> PlayModel:
    """The play model in ``path``; :class:`ModelError` or ``OSError`` if it cannot be used."""
    weights, header = read_weights(path, PLAY_FORMAT, PLAY_VERSION, PLAY_FEATURES)
    return PlayModel(*layers_of(weights), header=header)


def play_model_or_none(path: Path) -> PlayModel | None:
    """The play model in ``path``, or ``None`` and one log line saying why not."""
    try:
        return load_play_model(path)
    except (OSError, ModelError) as error:
        MODEL_LOG.warning("learned play model not used; the level plays without it: %s", error)
        return None


@lru_cache(maxsize=1)
def shipped_play_model() -> PlayModel | None:
    """The shipped play model, read on the first call only (``None`` if unusable)."""
    return play_model_or_none(shipped_play_path())


def shipped_play_path() -> Path:
    """Where the shipped play weights are (found as the trick model's are); a
    maintainer tries a candidate by naming it in ``OHHELL_PLAY_MODEL``."""
    return weights_path(PLAY_VARIABLE, PLAY_FILE)


def card_values(view: SeatView, model: PlayModel) -> dict[int, float]:
    """Each legal card's expected points for the hand."""
    knowledge = knowledge_of(view)
    situation = play_situation(knowledge)
    seat = knowledge.seat
    bid = view.bids[seat]
    taken = view.taken[seat]
    cards = [action.card.index for action in view.legal if isinstance(action, Play)]
    values = {}
    for card, chances in model.distributions(situation, cards).items():
        values[card] = sum(
            chance * hand_points(view.rules, bid or 0, taken + more, view.hand_size)
            for more, chance in enumerate(chances)
        )
    return values


class LearnedPlayer:
    """Bids from the learned trick model and plays from the learned play model, with
    no search; a decision whose model cannot be read, or at a table of more seats than
    the models learned from (``MOST_SEATS``), goes to ``fallback`` if there is one."""

    level = "learned"

    def __init__(
        self,
        seed: int,
        model: PlayModel | None = None,
        bids: TrickModel | None = None,
        fallback: Agent | None = None,
    ) -> None:
        self.seed = seed
        self.model = model if model is not None else shipped_play_model()
        self.bids = bids if bids is not None else shipped_model()
        self.fallback = fallback

    def choose(self, view: SeatView) -> Action:
        if len(view.legal) == 1:
            return view.legal[0]
        if self.fallback is not None and view.rules.players > MOST_SEATS:
            return self.fallback.choose(view)
        if view.phase is Phase.BIDDING:
            if self.bids is None:
                return self._fallback(view)
            return self.bid(view, self.bids)
        if self.model is None:
            return self._fallback(view)
        best = self.card(view, self.model)
        for action in view.legal:
            if isinstance(action, Play) and action.card.index == best:
                return action
        raise AssertionError("the chosen card is legal")

    def bid(self, view: SeatView, bids: TrickModel) -> Bid:
        """The bid, with the trick model at hand."""
        return learned_bid(view, bids)

    def card(self, view: SeatView, model: PlayModel) -> int:
        """The card to play (its index), with the play model at hand."""
        values = card_values(view, model)
        return max(values, key=lambda card: (values[card], -card))

    def _fallback(self, view: SeatView) -> Action:
        if self.fallback is None:
            raise ValueError("no learned model to decide with and no level to fall back on")
        return self.fallback.choose(view)
