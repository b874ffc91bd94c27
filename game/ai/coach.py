"""The coach: figures for a seat's decision from the sampled-deal search at the expert's budget.

While bidding, every legal bid with the chance the seat takes exactly that many
tricks (a bid is made only when exact, as :attr:`game.rules.results.HandResult.made`
says, whatever the rules pay for over-tricks), best first; while playing, every
legal card with the chance of still making the bid after it. Both come from one
run of the sampled-deal search (:class:`~game.ai.search.Search` with
:data:`~game.ai.expert.EXPERT`: deals drawn and weighed by the expert's inference,
in shards), seeded like a decision, so asking twice gives the same answer. Since
issue 17 the expert level itself decides with a tree search (:mod:`game.ai.infoset`)
whose visit counts are no chances, so the coach's choice is this search's, which
usually but not always agrees with the expert's. A
chance is the weighted share of the deals a candidate was played out on where the
seat ended with its bid (a candidate dropped by the race keeps its first stage's
figure). Like the computer players, the coach sees only the seat's view.
"""

from __future__ import annotations

from game.ai.advice import Advice, Option
from game.ai.expert import EXPERT
from game.ai.sampled import seeded_search
from game.ai.search import Search, SearchConfig
from game.ai.shards import Mapper, sequential_map
from game.rules.actions import Bid, Play
from game.rules.cards import Card
from game.rules.phase import Phase
from game.rules.view import SeatView


def advise(
    view: SeatView, seed: int, mapper: Mapper = sequential_map, config: SearchConfig = EXPERT
) -> Advice:
    """The coach's figures for the seat of ``view``, which must be awaiting its bid or play."""
    seat = view.seat
    if seat is None or view.phase not in (Phase.BIDDING, Phase.PLAYING) or not view.legal:
        raise ValueError("the coach advises a seat whose turn it is")
    search = seeded_search(view, seed, config, mapper)
    if view.phase is Phase.BIDDING:
        return _bid_advice(search, seat)
    return _play_advice(search, seat)


def _bid_advice(search: Search, seat: int) -> Advice:
    candidates = search.bid_candidates()
    choice = search.race_bids(candidates)
    options = [Option(Bid.of(seat, bid), search.made_chance(bid)) for bid in candidates]
    return Advice(_best_first(options), Bid.of(seat, choice))


def _play_advice(search: Search, seat: int) -> Advice:
    candidates = search.play_candidates()
    choice = search.race_plays(candidates)
    legal = [action.card for action in search.view.legal if isinstance(action, Play)]
    options = [
        Option(Play.of(seat, card), search.made_chance(class_of(card.index, candidates)))
        for card in legal
    ]
    return Advice(_best_first(options), Play.of(seat, Card.from_index(choice)))


def class_of(index: int, candidates: list[int]) -> int:
    """The candidate standing for legal card ``index``: its class is represented by
    its lowest card, the highest candidate of the suit at or below ``index``."""
    suit = index // 13
    return max(card for card in candidates if card // 13 == suit and card <= index)


def _best_first(options: list[Option]) -> tuple[Option, ...]:
    """Highest chance first; ties keep the legal order (bids up, cards as held)."""
    return tuple(sorted(options, key=lambda option: -option.chance))
