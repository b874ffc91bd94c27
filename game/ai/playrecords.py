"""Self-play plays, kept as compact binary records for the learned play model.

A hand is drawn from the rule space as for the bid records
(:func:`~game.ai.selfplay.hand_rules`) and played by honest players that see only
their own views. With a small chance a play is any legal card instead of the
player's (and a bid any legal bid), so the records also show where a card the
player would not have chosen leads. Every play becomes one record: the player's
:class:`~game.ai.playfeatures.PlaySituation`, the card, whether it won the trick
and how many tricks the seat took from that trick on. The hand's bids are kept
too, as :class:`~game.ai.selfplay.BidRecord` (the next round's bid model learns
what the players of this round take).

>>> bids, records = play_shard_plays(seed=5, hands=2)
>>> all(0 <= r.future <= r.situation.tricks_left for r in records)
True
>>> unpack_play(pack_play(records[3])) == records[3]
True
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from game.ai.base import Agent
from game.ai.knowledge import knowledge_of
from game.ai.levels import MeasuredLevel
from game.ai.playfeatures import MAX_OTHERS, PlaySituation, play_situation
from game.ai.selfplay import TRICK_POINTS, BidRecord, play_hands, table_agents
from game.ai.trickmodel import TrickModel
from game.rules.actions import Action, Play
from game.rules.results import HandResult
from game.rules.view import SeatView

__all__ = [
    "PLAY_RECORD",
    "PlayKeeper",
    "PlayRecord",
    "pack_play",
    "play_shard_plays",
    "plays_bytes",
    "read_plays",
    "unpack_play",
]

PLAY_RECORD = struct.Struct("<QQB6BbBBBb6b3BBBB")
"""hand, live cards, card, the trick before it (6, 255 for none), trump (-1 none),
players, size, tricks left, need, the others' needs (6), their voids (3 bytes of
two 4-bit masks), flags, tricks taken from this trick on, won this trick."""
NONE = 255


@dataclass(frozen=True)
class PlayRecord:
    """One card played in self-play and how the hand went on for the player."""

    situation: PlaySituation
    card: int
    future: int
    """Tricks the seat took from this trick on, this one included."""
    won: bool
    """Whether this card won its trick."""


def pack_play(record: PlayRecord) -> bytes:
    """The record as ``PLAY_RECORD`` bytes."""
    s = record.situation
    pad = MAX_OTHERS - len(s.others_need)
    trick = list(s.trick) + [NONE] * (MAX_OTHERS - len(s.trick))
    needs = [max(-128, min(need, 127)) for need in s.others_need] + [0] * pad
    voids = list(s.others_voids) + [0] * pad
    packed_voids = [voids[i] | voids[i + 1] << 4 for i in range(0, MAX_OTHERS, 2)]
    flags = s.must_trump | s.zero_bonus << 1 | TRICK_POINTS.index(s.trick_points) << 2
    return PLAY_RECORD.pack(
        s.hand, s.live, record.card, *trick, -1 if s.trump is None else s.trump,
        s.players, s.size, s.tricks_left, max(-128, min(s.need, 127)), *needs,
        *packed_voids, flags, record.future, record.won,
    )  # fmt: skip


def unpack_play(data: bytes) -> PlayRecord:
    """The record packed in ``data`` (``PLAY_RECORD.size`` bytes)."""
    fields = PLAY_RECORD.unpack(data)
    hand, live, card = fields[:3]
    trick = tuple(index for index in fields[3:9] if index != NONE)
    trump, players, size, left, need = fields[9:14]
    others = players - 1
    needs = fields[14:20][:others]
    packed = fields[20:23]
    voids = tuple(packed[i // 2] >> 4 * (i % 2) & 15 for i in range(others))
    flags, future, won = fields[23:]
    situation = PlaySituation(
        hand=hand,
        live=live,
        trick=trick,
        trump=None if trump < 0 else trump,
        players=players,
        size=size,
        tricks_left=left,
        need=need,
        others_need=tuple(needs),
        others_voids=voids,
        must_trump=bool(flags & 1),
        zero_bonus=bool(flags & 2),
        trick_points=TRICK_POINTS[flags >> 2 & 3],
    )
    return PlayRecord(situation, card, future, bool(won))


class PlayKeeper:
    """Keeps a record of every card played in a hand (:class:`~game.ai.selfplay.PlayHook`),
    a share ``explore`` of them replaced by a random legal card."""

    def __init__(self, explore: float, rng: random.Random) -> None:
        self.explore = explore
        self.rng = rng
        self.records: list[PlayRecord] = []
        self._pending: list[tuple[int, PlaySituation, int, int, int]] = []

    def choose(self, seat: int, view: SeatView, action: Action, hands: list[int]) -> Action:
        if self.rng.random() < self.explore:
            action = self.rng.choice(view.legal)
        assert isinstance(action, Play)
        situation = play_situation(knowledge_of(view))
        card = action.card.index
        self._pending.append((seat, situation, card, view.taken[seat], len(view.tricks)))
        return action

    def finish(self, result: HandResult) -> None:
        winners = [trick.winner for trick in result.tricks]
        for seat, situation, card, taken, number in self._pending:
            future = result.taken[seat] - taken
            self.records.append(PlayRecord(situation, card, future, winners[number] == seat))
        self._pending.clear()


def play_shard_plays(
    seed: int,
    hands: int,
    level: MeasuredLevel = "medium",
    explore: tuple[float, float] = (0.25, 0.1),
    model: TrickModel | None = None,
    budget: float = 1.0,
    player: Callable[[int], Agent] | None = None,
) -> tuple[list[BidRecord], list[PlayRecord]]:
    """``hands`` hands from ``seed``: the same records for the same arguments (``explore``:
    the chances of a random bid and of a random card). Every seat is ``player`` (built
    from a seed) when given, else ``level`` (a searching level at ``budget`` times its
    simulations), bidding from ``model`` when given."""
    rng = random.Random(f"selfplay-plays:{seed}")
    keeper = PlayKeeper(explore[1], rng)
    seats = partial(table_agents, level=level, budget=budget, model=model, player=player)
    bids = play_hands(rng, hands, explore[0], seats, keeper)
    return bids, keeper.records


def plays_bytes(records: list[PlayRecord]) -> bytes:
    """A shard's contents: ``records`` packed one after the other."""
    return b"".join(pack_play(record) for record in records)


def read_plays(path: Path) -> Iterator[PlayRecord]:
    """The records of one shard."""
    data = path.read_bytes()
    if len(data) % PLAY_RECORD.size:
        raise ValueError(f"{path}: not a whole number of play records")
    for start in range(0, len(data), PLAY_RECORD.size):
        yield unpack_play(data[start : start + PLAY_RECORD.size])
