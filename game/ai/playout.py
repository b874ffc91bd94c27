"""Play-outs on card masks: a hand played to its end by the learned play model in
every seat, each seat choosing from what *it* would see there (its own hand and the
cards played in the open), so no seat reads another's cards.

:class:`Table` is what every seat sees in the open at a decision, the start of each
play-out; :func:`seen_by` rebuilds a seat's :class:`~game.ai.playfeatures.PlaySituation`
at any moment of a play-out, as :func:`~game.ai.playfeatures.play_situation` reads it
from that seat's view at the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from operator import mul

from game.ai.knowledge import Knowledge
from game.ai.masks import indexes
from game.ai.playfeatures import PlaySituation
from game.ai.playmodel import PlayModel
from game.rules.ruleset import TrickPoints, ZeroBid
from game.rules.scoring import hand_points
from game.rules.tricks import legal_mask, winning_position

__all__ = [
    "Table",
    "card_points",
    "model_card",
    "play_out",
    "play_out_won",
    "points_after",
    "seen_by",
    "show_void",
]


@dataclass(frozen=True)
class Table:
    """What every seat sees in the open at the decision: the start of each play-out."""

    players: int
    size: int
    trump: int | None
    must_trump: bool
    zero_bonus: bool
    trick_points: TrickPoints
    leader: int
    trick: tuple[int, ...]
    taken: tuple[int, ...]
    done: int
    """Tricks complete."""
    voids: tuple[int, ...]
    pool: int
    """Cards not played and not seen out of play: each in some hand or the stock."""
    bids: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]
    """Per seat, the hand's points by the tricks it ends with."""

    @classmethod
    def of(cls, knowledge: Knowledge, bids: Sequence[int | None] | None = None) -> Table:
        """The table of ``knowledge``, with ``bids`` for the bids (its own unless given)."""
        rules = knowledge.rules
        pool = knowledge.unseen | knowledge.hand
        for cards in knowledge.known:
            pool |= cards
        size = knowledge.size
        made = [bid or 0 for bid in (knowledge.bids if bids is None else bids)]
        points = tuple(
            tuple(hand_points(rules, bid, taken, size) for taken in range(size + 1)) for bid in made
        )
        done = (len(knowledge.history) - len(knowledge.trick)) // knowledge.players
        return cls(
            players=knowledge.players,
            size=size,
            trump=knowledge.trump,
            must_trump=rules.must_trump,
            zero_bonus=rules.zero_bid is not ZeroBid.NONE,
            trick_points=rules.trick_points,
            leader=knowledge.leader,
            trick=knowledge.trick,
            taken=knowledge.taken,
            done=done,
            voids=knowledge.voids,
            pool=pool,
            bids=tuple(made),
            points=points,
        )


def play_out(table: Table, hands: list[int], first: int | None, model: PlayModel) -> list[int]:
    """Play ``first`` for the seat to play (if given), then the rest of the hand by the
    model in every seat; the tricks each seat ends the hand with. ``hands`` is consumed."""
    return play_out_won(table, hands, first, model)[0]


def play_out_won(
    table: Table, hands: list[int], first: int | None, model: PlayModel
) -> tuple[list[int], int]:
    """:func:`play_out`'s tricks and the seat that won the trick in progress."""
    taken, _leaf, winner = _play(table, hands, first, model, table.size)
    return taken, winner


def points_after(
    table: Table, hands: list[int], first: int | None, model: PlayModel, depth: int | None
) -> list[float]:
    """Each seat's points for the hand after a play-out as :func:`play_out`'s. With a
    ``depth``, only that many tricks are played after the one in progress: in the next,
    each seat's points are the expectation of the model's chances for the card it plays
    there (a leaf valued by the model instead of played to the end)."""
    horizon = table.size if depth is None else min(table.size, table.done + 1 + depth)
    taken, leaf, _winner = _play(table, hands, first, model, horizon)
    if leaf is None:
        return [float(row[count]) for row, count in zip(table.points, taken, strict=True)]
    return leaf


def _play(
    table: Table, hands: list[int], first: int | None, model: PlayModel, horizon: int
) -> tuple[list[int], list[float] | None, int]:
    """The tricks each seat ends with, played to the end or, when ``horizon`` tricks
    are complete before the end, to the end of the next trick with each seat's expected
    points at its turn in it; and the winner of the trick in progress (-1 if none is
    complete)."""
    players, trump, must_trump = table.players, table.trump, table.must_trump
    leader, trick, taken = table.leader, list(table.trick), list(table.taken)
    voids, pool, done = list(table.voids), table.pool, table.done
    leaf: list[float] | None = None
    card: int | None = first
    winner = -1
    while done < table.size:
        seat = (leader + len(trick)) % players
        hand = hands[seat]
        if done >= horizon:
            leaf = leaf or [0.0] * players
            legal = legal_mask(hand, trick[0] // 13 if trick else None, trump, must_trump)
            seen = seen_by(table, seat, hand, trick, taken, voids, pool, done)
            card, leaf[seat] = _choice(table, seen, seat, legal, taken[seat], model)
        elif card is None:
            led = trick[0] // 13 if trick else None
            legal = legal_mask(hand, led, trump, must_trump)
            if legal & (legal - 1):
                seen = seen_by(table, seat, hand, trick, taken, voids, pool, done)
                card = model_card(table, seen, seat, legal, taken[seat], model)
            else:
                card = legal.bit_length() - 1
        if trick and card // 13 != trick[0] // 13:
            show_void(voids, seat, trick[0] // 13, card, trump, must_trump)
        hands[seat] = hand & ~(1 << card)
        pool &= ~(1 << card)
        trick.append(card)
        card = None
        if len(trick) == players:
            if leaf is not None:
                return taken, leaf, winner
            leader = (leader + winning_position(trick, trump)) % players
            taken[leader] += 1
            if winner < 0:
                winner = leader
            done += 1
            trick = []
    return taken, None, winner


def model_card(
    table: Table, situation: PlaySituation, seat: int, legal: int, have: int, model: PlayModel
) -> int:
    """The card of ``legal`` the learned player in ``seat`` plays in ``situation``,
    having taken ``have`` tricks."""
    return _choice(table, situation, seat, legal, have, model)[0]


def _choice(
    table: Table, situation: PlaySituation, seat: int, legal: int, have: int, model: PlayModel
) -> tuple[int, float]:
    """:func:`model_card`'s card and the seat's expected points for the hand after it."""
    values = card_points(table, situation, seat, legal, have, model)
    best = max(values, key=values.__getitem__)
    return best, values[best]


def card_points(
    table: Table, situation: PlaySituation, seat: int, legal: int, have: int, model: PlayModel
) -> dict[int, float]:
    """Each card of ``legal``'s expected points for ``seat``'s hand by the model, the seat
    having taken ``have`` tricks."""
    row = table.points[seat][have:]
    cards = model.distributions(situation, indexes(legal))
    return {card: sum(map(mul, chances, row)) for card, chances in cards.items()}


def show_void(
    voids: list[int], seat: int, led: int, card: int, trump: int | None, must_trump: bool
) -> None:
    """Mark in ``voids`` what ``seat`` showed by playing ``card`` off the ``led`` suit."""
    voids[seat] |= 1 << led
    if must_trump and trump is not None and card // 13 != trump:
        voids[seat] |= 1 << trump


def seen_by(
    table: Table,
    seat: int,
    hand: int,
    trick: Sequence[int],
    taken: Sequence[int],
    voids: Sequence[int],
    pool: int,
    done: int,
) -> PlaySituation:
    """What ``seat``, holding ``hand``, sees at its turn in a play-out (what
    :func:`~game.ai.playfeatures.play_situation` reads from its view at the table)."""
    players, bids = table.players, table.bids
    others = [(seat + step) % players for step in range(1, players)]
    return PlaySituation(
        hand=hand,
        live=pool & ~hand,
        trick=tuple(trick),
        trump=table.trump,
        players=players,
        size=table.size,
        tricks_left=table.size - done,
        need=bids[seat] - taken[seat],
        others_need=tuple(bids[other] - taken[other] for other in others),
        others_voids=tuple(voids[other] for other in others),
        must_trump=table.must_trump,
        zero_bonus=table.zero_bonus,
        trick_points=table.trick_points,
    )
