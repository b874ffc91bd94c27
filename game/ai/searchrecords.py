"""Search targets for the play model: expert iteration on the look-ahead's play-outs.

Self-play records (:mod:`game.ai.playrecords`) show how a hand went on after the one
card the player chose. At a share of the decisions of learned-player self-play, this
module plays *each* of the seat's best few cards (the play model's ranking, one per
class of equivalent cards) out on the same deals, drawn and weighed by the bids as
the look-ahead draws them (:class:`~game.ai.lookahead.LookaheadPlayer`). Every
play-out becomes a :class:`~game.ai.playrecords.PlayRecord` of the seat's situation,
the candidate card and the tricks it took from there on, as many times as its deal
weighs. Trained on them, the play model learns the search's judgement of the cards
the player did not choose, not only the outcome of the one it did.

>>> bids, records = play_shard_search(seed=3, hands=2, rate=0.5, deals=4)
>>> len(records) > 0 and all(0 <= r.future <= r.situation.tricks_left for r in records)
True
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from game.ai.knowledge import knowledge_of
from game.ai.lookahead import LOOKAHEAD, LookaheadPlayer, best_cards
from game.ai.playfeatures import play_situation
from game.ai.playmodel import LearnedPlayer, PlayModel, card_values
from game.ai.playout import Table, play_out_won
from game.ai.playrecords import PlayRecord
from game.ai.selfplay import BidRecord, hand_rules, play_hand, table_agents
from game.ai.trickmodel import TrickModel
from game.rules.actions import Action
from game.rules.results import HandResult
from game.rules.view import SeatView

__all__ = ["SearchKeeper", "play_shard_search", "search_records"]

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


class SearchKeeper:
    """Searches a share ``rate`` of the cards played in a hand (a
    :class:`~game.ai.selfplay.PlayHook` that changes no card) and keeps their records."""

    def __init__(
        self, rate: float, player: LookaheadPlayer, model: PlayModel, deals: int, rng: random.Random
    ) -> None:
        self.rate = rate
        self.player = player
        self.model = model
        self.deals = deals
        self.rng = rng
        self.records: list[PlayRecord] = []

    def choose(self, seat: int, view: SeatView, action: Action) -> Action:
        if len(view.legal) > 1 and self.rng.random() < self.rate:
            self.records += search_records(view, self.player, self.model, self.deals)
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
    ``rate`` of the plays searched on ``deals`` deals. The same records for the same
    arguments."""
    rng = random.Random(f"selfplay-search:{seed}")
    searcher = LookaheadPlayer(rng.getrandbits(48), replace(LOOKAHEAD, deals=deals), model, bids)
    if searcher.model is None:
        raise ValueError("no play model to search with")
    keeper = SearchKeeper(rate, searcher, searcher.model, deals, rng)
    player = partial(LearnedPlayer, model=searcher.model, bids=searcher.bids)
    made: list[BidRecord] = []
    for _ in range(hands):
        rules = hand_rules(rng)
        deal = rng.getrandbits(48)
        agents = table_agents(rules.players, rng, player=player)
        made += play_hand(rules, deal, agents, bid_explore, rng, keeper)
    return made, keeper.records
