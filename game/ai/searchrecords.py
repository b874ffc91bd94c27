"""Search targets for the play model: expert iteration on the look-ahead's play-outs.

Self-play records (:mod:`game.ai.playrecords`) show how a hand went on after the one
card the player chose. At a share of the decisions of learned-player self-play, this
module plays *each* of the seat's best few cards (the play model's ranking, one per
class of equivalent cards) out on the same deals, drawn and weighed by the bids as
the look-ahead draws them (:class:`~game.ai.lookahead.LookaheadPlayer`). Every
play-out becomes a :class:`~game.ai.playrecords.PlayRecord` of the seat's situation,
the candidate card and the tricks it took from there on, as many times as its deal
weighs. Trained on them, the play model learns the search's judgement of the cards
the player did not choose, not only the outcome of the one it did. With no deals,
every card is played out once on the hands as dealt instead (:func:`dealt_records`):
the one deal no sampler biases.

>>> bids, records = play_shard_search(seed=3, hands=2, rate=0.5, deals=4)
>>> len(records) > 0 and all(0 <= r.future <= r.situation.tricks_left for r in records)
True
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from game.ai.features import situation_of
from game.ai.knowledge import knowledge_of
from game.ai.lookahead import LOOKAHEAD, LookaheadPlayer, best_cards, guessed_bids
from game.ai.playfeatures import play_situation
from game.ai.playmodel import LearnedPlayer, PlayModel, card_values
from game.ai.playout import Table, play_out, play_out_won
from game.ai.playrecords import PlayRecord
from game.ai.search import card_classes
from game.ai.selfplay import BidRecord, play_hands, table_agents
from game.ai.trickmodel import TrickModel
from game.rules.actions import Action, Bid, Play
from game.rules.results import HandResult
from game.rules.view import SeatView

__all__ = [
    "DealtBids",
    "SearchKeeper",
    "dealt_bid_records",
    "dealt_records",
    "play_shard_dealt_bids",
    "play_shard_search",
    "search_records",
]

CANDIDATES = 4
"""The play model's best cards played out at a searched decision (the expert's four)."""


def search_records(
    view: SeatView, player: LookaheadPlayer, model: PlayModel, deals: int
) -> list[PlayRecord]:
    """The seat's best few cards, each played out on the same ``deals`` sampled deals
    (drawn by ``player``) by ``model`` in every seat: one record a play-out and copy."""
    knowledge = knowledge_of(view)
    seat = knowledge.seat
    candidates = best_cards(view, knowledge, card_values(view, model), CANDIDATES)
    situation = play_situation(knowledge)
    table = Table.of(knowledge)
    drawn = player.deals(view, knowledge, deals)
    records = []
    for card in candidates:
        for deal, weight in drawn:
            taken, winner = play_out_won(table, list(deal), card, model)
            future = taken[seat] - knowledge.taken[seat]
            records += [PlayRecord(situation, card, future, winner == seat)] * round(weight)
    return records


def dealt_records(
    view: SeatView, hands: list[int], model: PlayModel, played: int
) -> list[PlayRecord]:
    """Every card the seat could play (one per class of equivalent cards, the card
    ``played`` for its own class), each played out by ``model`` in every seat on
    ``hands``, the cards as dealt: one record a card, what it would have taken."""
    knowledge = knowledge_of(view)
    seat = knowledge.seat
    situation = play_situation(knowledge)
    table = Table.of(knowledge)
    records = []
    for card in with_played(card_classes(view, knowledge), played):
        taken, winner = play_out_won(table, list(hands), card, model)
        future = taken[seat] - knowledge.taken[seat]
        records.append(PlayRecord(situation, card, future, winner == seat))
    return records


def with_played(classes: list[int], played: int) -> list[int]:
    """``classes`` (each class's lowest card) with ``played`` standing for its own."""
    if played in classes:
        return classes
    own = max(card for card in classes if card // 13 == played // 13 and card < played)
    return [played if card == own else card for card in classes]


def dealt_bid_records(
    view: SeatView, hands: list[int], model: PlayModel, bids: TrickModel
) -> list[BidRecord]:
    """Every bid the seat could make, each played out on ``hands``, the cards as dealt:
    the bids still to come the trick model's at the table, the cards ``model``'s in
    every seat. One record a bid, the tricks the bidder would have taken with it."""
    knowledge = knowledge_of(view)
    situation = situation_of(view)
    records = []
    for action in view.legal:
        assert isinstance(action, Bid)
        table = Table.of(knowledge, guessed_bids(knowledge, hands, action.tricks, bids))
        taken = play_out(table, list(hands), None, model)
        records.append(BidRecord(situation, action.tricks, taken[knowledge.seat], 0))
    return records


class DealtBids:
    """Keeps :func:`dealt_bid_records` of every bid in a hand (a
    :class:`~game.ai.selfplay.BidHook`)."""

    def __init__(self, model: PlayModel, bids: TrickModel) -> None:
        self.model = model
        self.bids = bids
        self.records: list[BidRecord] = []

    def see(self, view: SeatView, hands: list[int]) -> None:
        self.records += dealt_bid_records(view, hands, self.model, self.bids)


def play_shard_dealt_bids(
    seed: int,
    hands: int,
    model: PlayModel | None = None,
    bids: TrickModel | None = None,
    bid_explore: float = 0.25,
) -> list[BidRecord]:
    """``hands`` hands from ``seed`` played by the learned player (``model`` and ``bids``,
    the shipped ones unless given) with a share ``bid_explore`` of random bids; every bid
    made, every bid it could have been played out on the cards as dealt. The same records
    for the same arguments."""
    rng = random.Random(f"selfplay-dealt-bids:{seed}")
    player = LearnedPlayer(0, model, bids)
    if player.model is None or player.bids is None:
        raise ValueError("no models to play the bids out with")
    keeper = DealtBids(player.model, player.bids)
    agent = partial(LearnedPlayer, model=player.model, bids=player.bids)
    play_hands(rng, hands, bid_explore, partial(table_agents, player=agent), bids=keeper)
    return keeper.records


class SearchKeeper:
    """Searches a share ``rate`` of the cards played in a hand (a
    :class:`~game.ai.selfplay.PlayHook` that changes no card) and keeps their records:
    on ``deals`` sampled deals, or with none on the cards as dealt."""

    def __init__(
        self, rate: float, player: LookaheadPlayer, model: PlayModel, deals: int, rng: random.Random
    ) -> None:
        self.rate = rate
        self.player = player
        self.model = model
        self.deals = deals
        self.rng = rng
        self.records: list[PlayRecord] = []

    def choose(self, seat: int, view: SeatView, action: Action, hands: list[int]) -> Action:
        if len(view.legal) > 1 and self.rng.random() < self.rate:
            if self.deals:
                self.records += search_records(view, self.player, self.model, self.deals)
            else:
                assert isinstance(action, Play)
                self.records += dealt_records(view, hands, self.model, action.card.index)
        return action

    def finish(self, result: HandResult) -> None:
        """Nothing to do: a searched decision's records are complete when it is made."""


def play_shard_search(
    seed: int,
    hands: int,
    rate: float = 0.1,
    deals: int = 32,
    model: PlayModel | None = None,
    bids: TrickModel | None = None,
    bid_explore: float = 0.25,
) -> tuple[list[BidRecord], list[PlayRecord]]:
    """``hands`` hands from ``seed`` played by the learned player (``model`` and ``bids``,
    the shipped ones unless given) with a share ``bid_explore`` of random bids; a share
    ``rate`` of the plays searched on ``deals`` deals (``0``: every card played out on the
    cards as dealt). The same records for the same arguments."""
    rng = random.Random(f"selfplay-search:{seed}")
    searcher = LookaheadPlayer(rng.getrandbits(48), replace(LOOKAHEAD, deals=deals), model, bids)
    if searcher.model is None:
        raise ValueError("no play model to search with")
    keeper = SearchKeeper(rate, searcher, searcher.model, deals, rng)
    player = partial(LearnedPlayer, model=searcher.model, bids=searcher.bids)
    made = play_hands(rng, hands, bid_explore, partial(table_agents, player=player), keeper)
    return made, keeper.records
