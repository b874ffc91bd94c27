"""The learned player with a look ahead: each card tried on sampled deals, played out
by the learned play model in every seat.

At its turn to play, the seat draws deals consistent with what it sees
(:class:`~game.ai.sampling.DealSampler`), and for each of its candidate cards
plays every deal to the end of the hand, each seat (its own included) choosing
as :class:`~game.ai.playmodel.LearnedPlayer` would from what *that* seat would
see there: its own sampled hand and the cards played in the open. No seat of a
play-out sees another's cards, so a line of play is never chosen for a deal the
seat could not tell from another (no strategy fusion). The card with the best
mean outcome (:mod:`game.ai.objective`) on the same deals is played. This is a
one-step policy improvement of the learned player (Tesauro's "rollouts").

The bid is the learned trick model's (:func:`~game.ai.learned.learned_bid`), or with
``bid_deals`` (the expert's way) its best three bids played out the same way on deals
weighed by the bids already made, the bids still to come guessed by the trick model
from each sampled hand.

:class:`ExpertPlayer` is the expert level: this player, with the tree search as the
fallback where the models cannot be read or have not learned the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from operator import mul
from typing import TypeVar

from game.ai.base import Agent
from game.ai.features import situation_in, situation_of
from game.ai.knowledge import Knowledge, hook_barred, knowledge_of
from game.ai.learned import learned_bid, model_best_bid, model_bid_values
from game.ai.likelihood import weighed_deals
from game.ai.objective import Objective, objective_of
from game.ai.playlikelihood import PlayLikelihood
from game.ai.playmodel import LearnedPlayer, PlayModel, card_values, shipped_play_model
from game.ai.playout import Table, points_after
from game.ai.search import card_classes
from game.ai.seeds import decision_rng
from game.ai.shards import DealSource, Mapper, sequential_map
from game.ai.trickmodel import TrickModel
from game.rules.actions import Bid
from game.rules.view import SeatView

C = TypeVar("C")

__all__ = [
    "LOOKAHEAD",
    "BidPlayOuts",
    "ExpertPlayer",
    "LookaheadConfig",
    "LookaheadPlayer",
    "PlayOuts",
    "best_cards",
]

Outcomes = Callable[[Sequence[C], Sequence[list[int]]], list[list[float]]]
"""Each of some candidates' outcomes on each of some deals (candidate by candidate)."""


@dataclass(frozen=True)
class LookaheadConfig:
    deals: int = 128
    """Deals each candidate card is played out on (at most)."""
    depth: int | None = None
    """Tricks each play-out plays after the one in progress before the play model's
    chances value the rest (:func:`~game.ai.playout.points_after`); ``None``: to the end."""
    candidates: int = 4
    """The learned player's best cards tried (one per class of equivalent cards)."""
    share: float = 1.0
    """The weight of the opponents' average points (when every trick scores)."""
    bid_deals: int = 0
    """Deals each candidate bid is played out on (0: the trick model's bid alone)."""
    bid_candidates: int = 3
    """The trick model's best bids tried."""
    bid_plays: int = 0
    """More than 0: at most this many cards played in each candidate bid's play-outs
    (deals times cards dealt), so long hands get fewer bid deals (whole batches, at
    least one); 0: ``bid_deals`` at every size."""
    batch: int = 16
    """With a batch, candidates race: after each batch of deals, a candidate behind
    the leader by more than ``margin`` standard errors (paired by deal) drops out."""
    margin: float = 2.0
    oversample: int = 4
    """With more than 1, deals are kept from that many times as many drawn, by how
    likely the opponents' bids (and plays, without ``sharpness``) were with them."""
    sharpness: float = 1.0
    """More than 0: the deals are weighed by the opponents' bids only, as likely as the
    learned bid finds them (:mod:`game.ai.likelihood`); 0: by the expert's inference
    (:mod:`game.ai.inference`)."""
    play_sharpness: float = 0.0
    """More than 0: the kept deals are also weighed by how likely the opponents' latest
    plays were with them, as the learned player would have played
    (:mod:`game.ai.playlikelihood`)."""
    play_memory: int = 8
    """The latest plays judged by ``play_sharpness``."""

    def scaled(self, budget: float) -> LookaheadConfig:
        """This configuration with ``budget`` times the deals (at least one batch)."""
        least = max(self.batch, 1)
        return replace(
            self,
            deals=max(least, round(self.deals * budget)),
            bid_deals=self.bid_deals and max(least, round(self.bid_deals * budget)),
            bid_plays=self.bid_plays and max(1, round(self.bid_plays * budget)),
        )

    def bid_deals_for(self, plays: int) -> int:
        """The deals each candidate bid is played out on when a deal plays ``plays`` cards."""
        if not self.bid_plays or plays <= 0:
            return self.bid_deals
        least = max(self.batch, 1)
        fitting = self.bid_plays // plays // least * least
        return min(self.bid_deals, max(least, fitting))


LOOKAHEAD = LookaheadConfig(bid_deals=128)
"""The expert's look-ahead."""
SALT = "lookahead"
"""Keeps this player's deals apart from other players' of the same seed (the expert
level draws the same deals as the ``lookahead`` it was measured as)."""


@dataclass(frozen=True)
class PlayOuts:
    """One candidate card played out on a batch of deals: a shard of the race, run by
    :func:`play_outs` in this process or in a helper."""

    table: Table
    objective: Objective
    card: int
    deals: tuple[tuple[int, ...], ...]
    model: PlayModel | None
    """``None``: the shipped model, which a helper process reads itself."""
    depth: int | None = None
    """Tricks played after the one in progress before the model values the rest."""


def _play_model(model: PlayModel | None) -> PlayModel:
    """A task's play model: its own, or the shipped one (``None``), read in this process."""
    found = model if model is not None else shipped_play_model()
    if found is None:
        raise ValueError("no play model for the look-ahead's play-outs")
    return found


def play_outs(task: PlayOuts) -> list[float]:
    """The objective's value of each of the task's play-outs."""
    model = _play_model(task.model)
    table, objective = task.table, task.objective
    return [
        objective.value(points_after(table, list(d), task.card, model, task.depth))
        for d in task.deals
    ]


@dataclass(frozen=True)
class BidPlayOuts:
    """One candidate bid played out on a batch of deals, each deal with its own table
    (the bids still to come guessed from that deal's hands): a shard of the bid's race."""

    tables: tuple[Table, ...]
    objective: Objective
    deals: tuple[tuple[int, ...], ...]
    model: PlayModel | None
    """``None``: the shipped model, which a helper process reads itself."""


def bid_play_outs(task: BidPlayOuts) -> list[float]:
    """The objective's value of each of the task's play-outs, from the first lead."""
    model = _play_model(task.model)
    objective = task.objective
    return [
        objective.value(points_after(table, list(deal), None, model, None))
        for table, deal in zip(task.tables, task.deals, strict=True)
    ]


class LookaheadPlayer(LearnedPlayer):
    """Bids from the learned trick model; plays the card that does best on sampled deals
    played out by the learned play model (the learned player's best few tried)."""

    level = "lookahead"

    def __init__(
        self,
        seed: int,
        config: LookaheadConfig = LOOKAHEAD,
        model: PlayModel | None = None,
        bids: TrickModel | None = None,
        fallback: Agent | None = None,
        mapper: Mapper = sequential_map,
    ) -> None:
        super().__init__(seed, model, bids, fallback)
        self.config = config
        self.simulated = 0
        """Card plays simulated in all this player's play-outs (for ``ohhell bench ai``)."""
        self.mapper = mapper
        """Runs each round of the race's play-outs, one task a candidate (on several
        cores when the thinker gives a pool's; the decision is the same)."""

    def bid(self, view: SeatView, bids: TrickModel) -> Bid:
        if self.config.bid_deals and self.model is not None:
            return self.best_bid(view, bids, self.model)
        return learned_bid(view, bids)

    def card(self, view: SeatView, model: PlayModel) -> int:
        """The learned player's best few cards, each played out on the same sampled deals."""
        knowledge = knowledge_of(view)
        prior = card_values(view, model)
        candidates = best_cards(view, knowledge, prior, self.config.candidates)
        if len(candidates) == 1:
            return candidates[0]
        means = self.card_means(view, knowledge, candidates, model)
        return max(candidates, key=lambda card: (means[card], prior[card], -card))

    def card_means(
        self, view: SeatView, knowledge: Knowledge, candidates: Sequence[int], model: PlayModel
    ) -> dict[int, float]:
        """Each candidate's mean outcome over the same sampled deals (``-inf`` for a
        candidate that dropped out of the race)."""
        config = self.config
        table = Table.of(knowledge)
        objective = objective_of(view, config.share)
        shipped = None if model is shipped_play_model() else model
        plays = knowledge.size * knowledge.players - len(knowledge.history)
        if config.depth is not None:  # at most the trick in progress, depth tricks, the leaf
            plays = min(plays, (config.depth + 2) * knowledge.players)

        def outcomes(alive: Sequence[int], deals: Sequence[list[int]]) -> list[list[float]]:
            batch = tuple(map(tuple, deals))
            depth = config.depth
            tasks = [PlayOuts(table, objective, card, batch, shipped, depth) for card in alive]
            self.simulated += plays * len(batch) * len(tasks)
            return self.mapper(play_outs, tasks)

        deals = self.deals(view, knowledge, config.deals, (table, model))
        return race(candidates, deals, outcomes, config.batch, config.margin)

    def deals(
        self,
        view: SeatView,
        knowledge: Knowledge,
        count: int,
        plays: tuple[Table, PlayModel] | None = None,
    ) -> list[tuple[list[int], float]]:
        """``count`` deals consistent with the seat's view, each with its weight (with
        ``play_sharpness``, also by the opponents' latest plays at the ``plays`` table,
        judged by its model)."""
        config = self.config
        drawn, weights = self.drawn_deals(view, knowledge, count)
        if plays is not None and config.play_sharpness > 0.0:
            table, model = plays
            sharp, memory = config.play_sharpness, config.play_memory
            chances = PlayLikelihood(knowledge, table, model, sharp, memory).weigh(drawn)
            weights = list(map(mul, weights, chances))
        return list(zip(drawn, weights, strict=True))

    def drawn_deals(
        self, view: SeatView, knowledge: Knowledge, count: int
    ) -> tuple[list[list[int]], list[float]]:
        """``count`` deals consistent with the seat's view, weighed by the bids."""
        config = self.config
        rng = decision_rng(self.seed, view, SALT)
        infer = config.oversample > 1
        if infer and config.sharpness > 0.0 and self.bids is not None:
            sharp = config.sharpness
            return weighed_deals(knowledge, self.bids, count, config.oversample, rng, sharp)
        source = DealSource(knowledge, config.oversample, infer, self.bids)
        return source.draw(count, rng)

    def best_bid(self, view: SeatView, bids: TrickModel, model: PlayModel) -> Bid:
        """The trick model's best few bids, each played out on the same sampled deals:
        the bids still to come guessed by the trick model from each sampled hand."""
        legal = [action for action in view.legal if isinstance(action, Bid)]
        prior = model_bid_values(bids, situation_of(view), view.rules, [b.tricks for b in legal])
        ranked = sorted(legal, key=lambda bid: (-prior[bid.tricks], bid.tricks))
        candidates = ranked[: self.config.bid_candidates]
        if len(candidates) == 1:
            return candidates[0]
        knowledge = knowledge_of(view)
        objective = objective_of(view, self.config.share)
        shipped = None if model is shipped_play_model() else model
        plays = knowledge.size * knowledge.players

        def outcomes(alive: Sequence[Bid], deals: Sequence[list[int]]) -> list[list[float]]:
            batch = tuple(map(tuple, deals))
            tasks = [
                BidPlayOuts(tuple(tables_for(bid.tricks, batch)), objective, batch, shipped)
                for bid in alive
            ]
            self.simulated += plays * len(batch) * len(tasks)
            return self.mapper(bid_play_outs, tasks)

        def tables_for(mine: int, deals: Sequence[Sequence[int]]) -> list[Table]:
            return [Table.of(knowledge, guessed_bids(knowledge, d, mine, bids)) for d in deals]

        deals = self.deals(view, knowledge, self.config.bid_deals_for(plays))
        means = race(candidates, deals, outcomes, self.config.batch, self.config.margin)
        return max(candidates, key=lambda bid: (means[bid], prior[bid.tricks], -bid.tricks))


class ExpertPlayer(LookaheadPlayer):
    """The expert level: the look-ahead, and its fallback (the tree search) where the
    learned models cannot be read or have not learned the table."""

    level = "expert"


def best_cards(
    view: SeatView, knowledge: Knowledge, prior: dict[int, float], count: int
) -> list[int]:
    """The ``count`` legal cards ``prior`` values most, one per class of equivalent
    cards (the lower card on ties)."""
    ranked = sorted(card_classes(view, knowledge), key=lambda card: (-prior[card], card))
    return ranked[:count]


def race(
    candidates: Sequence[C],
    deals: Sequence[tuple[list[int], float]],
    outcomes: Outcomes[C],
    batch: int,
    margin: float,
) -> dict[C, float]:
    """Each candidate's weighted mean outcome on ``deals``. With a ``batch``, after
    every ``batch`` deals a candidate behind the leader by more than ``margin``
    standard errors of the paired differences drops out (its mean: ``-inf``)."""
    values: dict[C, list[float]] = {candidate: [] for candidate in candidates}
    alive = list(candidates)
    weights = [weight for _deal, weight in deals]
    step = batch if batch > 0 else max(len(deals), 1)
    for start in range(0, len(deals), step):
        hands = [deal for deal, _weight in deals[start : start + step]]
        for candidate, more in zip(alive, outcomes(alive, hands), strict=True):
            values[candidate] += more
        if batch and start + step < len(deals) and len(alive) > 1:
            alive = _survivors(alive, values, weights[: start + step], margin)
    total = sum(weights)
    means = dict.fromkeys(candidates, -math.inf)
    for candidate in alive:
        means[candidate] = sum(map(mul, weights, values[candidate])) / total
    return means


def _survivors(
    alive: list[C], values: dict[C, list[float]], weights: list[float], margin: float
) -> list[C]:
    """The candidates not clearly behind the leader so far."""
    total = sum(weights)
    means = {c: sum(map(mul, weights, values[c])) / total for c in alive}
    leader = max(alive, key=lambda c: means[c])
    kept = []
    for candidate in alive:
        gap = means[leader] - means[candidate]
        diffs = [a - b for a, b in zip(values[leader], values[candidate], strict=True)]
        spread = sum(w * (d - gap) ** 2 for w, d in zip(weights, diffs, strict=True)) / total
        error = math.sqrt(spread / len(weights))
        if candidate == leader or gap <= margin * error:
            kept.append(candidate)
    return kept


def guessed_bids(
    knowledge: Knowledge, hands: Sequence[int], mine: int, model: TrickModel
) -> list[int]:
    """Every seat's bid in a sampled deal: the known ones, ``mine``, and the trick model's
    bid for each hand still to bid, in bidding order (the hook respected)."""
    made: list[int | None] = list(knowledge.bids)
    made[knowledge.seat] = mine
    players = knowledge.players
    sizes = range(knowledge.size + 1)
    for step in range(1, players + 1):
        seat = (knowledge.dealer + step) % players
        if made[seat] is not None:
            continue
        barred = hook_barred(knowledge, seat, made)
        legal = [count for count in sizes if count != barred]
        situation = situation_in(knowledge, seat, hands[seat], made)
        made[seat] = model_best_bid(model, situation, knowledge.rules, legal)
    return [bid or 0 for bid in made]
