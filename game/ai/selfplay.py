"""Self-play hands across the rule space, kept as compact binary bid records.

Each hand draws a preset, a table of 3 to 7 seats, a hand size and a few rule
variations (hook on or off, how tricks score, no trumps), deals it with the
engine and plays it with honest players that see only their own views (medium
by default: about a millisecond a hand, see docs/ai.md). A bid is the player's
own, or, with a chance of ``explore``, any legal bid, so the records also show
what a hand takes when it bids something else. Every bid becomes one record:
the bidder's :class:`~game.ai.features.BidSituation`, its bid, the tricks it
took and which of its cards took them.

A shard is ``hands`` hands from one seed, written to a temporary file and
renamed, so a run that stops leaves only whole shards and can be resumed.

>>> records = play_shard(seed=5, hands=3)
>>> len(records) >= 9, all(0 <= r.taken <= r.situation.size for r in records)
(True, True)
>>> unpack_record(pack_record(records[0])) == records[0]
True
"""

from __future__ import annotations

import random
import struct
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path
from typing import Protocol

from game.ai.base import Agent
from game.ai.features import ENCODED_SEATS, BidSituation, situation_of
from game.ai.learned import LearnedBidder
from game.ai.levels import MeasuredLevel, make_agent
from game.ai.trickmodel import TrickModel
from game.rules.actions import Action, Bid
from game.rules.errors import RulesError
from game.rules.match import Match
from game.rules.phase import Phase
from game.rules.presets import PRESET_LIST, Preset
from game.rules.results import HandResult
from game.rules.ruleset import HandSequence, RuleSet, TrickPoints, TrumpMethod
from game.rules.view import SeatView

__all__ = [
    "RECORD",
    "BidHook",
    "BidRecord",
    "PlayHook",
    "hand_rules",
    "hands_of",
    "pack_record",
    "play_hand",
    "play_hands",
    "play_shard",
    "read_records",
    "shard_bytes",
    "table_agents",
    "unpack_record",
]

RECORD = struct.Struct("<QQbbBBB7BBBB")
"""hand, cards that took tricks, trump (-1 none), turned card (-1 none), players,
size, position, the bids seen before (7, 255 for none), bid, tricks taken, flags."""
NONE = 255
TRICK_POINTS = (TrickPoints.ALWAYS, TrickPoints.EXACT, TrickPoints.NEVER)
MAX_TABLE = 7
"""The largest table the generator deals to."""


@dataclass(frozen=True)
class BidRecord:
    """One bid made in self-play and how the hand went for the bidder."""

    situation: BidSituation
    bid: int
    taken: int
    won: int
    """The bidder's cards that took tricks (a card mask; 0 in the bids played out by
    :func:`~game.ai.searchrecords.dealt_bid_records`, which do not follow it: no model
    reads it)."""


def pack_record(record: BidRecord) -> bytes:
    """The record as ``RECORD`` bytes."""
    s = record.situation
    before = list(s.before) + [NONE] * (ENCODED_SEATS - 1 - len(s.before))
    flags = (
        s.hook
        | s.simultaneous << 1
        | s.must_trump << 2
        | s.zero_bonus << 3
        | TRICK_POINTS.index(s.trick_points) << 4
    )
    trump = -1 if s.trump is None else s.trump
    turned = -1 if s.turned is None else s.turned
    return RECORD.pack(
        s.hand, record.won, trump, turned, s.players, s.size, s.position, *before,
        record.bid, record.taken, flags,
    )  # fmt: skip


def unpack_record(data: bytes) -> BidRecord:
    """The record packed in ``data`` (``RECORD.size`` bytes)."""
    hand, won, trump, turned, players, size, position, *rest = RECORD.unpack(data)
    before, (bid, taken, flags) = rest[: ENCODED_SEATS - 1], rest[ENCODED_SEATS - 1 :]
    situation = BidSituation(
        hand=hand,
        trump=None if trump < 0 else trump,
        turned=None if turned < 0 else turned,
        players=players,
        size=size,
        position=position,
        before=tuple(bid for bid in before if bid != NONE),
        hook=bool(flags & 1),
        simultaneous=bool(flags & 2),
        must_trump=bool(flags & 4),
        zero_bonus=bool(flags & 8),
        trick_points=TRICK_POINTS[flags >> 4 & 3],
    )
    return BidRecord(situation, bid, taken, won)


def hand_rules(rng: random.Random) -> RuleSet:
    """One hand's rules: a preset, a table, a hand size and a few variations, at random."""
    while True:
        preset = rng.choice(PRESET_LIST)
        players = rng.randint(preset.min_players, min(preset.max_players, MAX_TABLE))
        try:
            return _varied(preset, players, rng)
        except RulesError:
            continue


def _varied(preset: Preset, players: int, rng: random.Random) -> RuleSet:
    rules = preset.rules(players)
    changes: dict[str, object] = {}
    if rng.random() < 0.3:
        changes["hook"] = not rules.hook
    if rng.random() < 0.3:
        changes["trick_points"] = rng.choice(TRICK_POINTS)
    if rng.random() < 0.1:
        changes["trump"] = TrumpMethod.NONE
    largest = max(rules.hand_sizes)
    size = rng.randint(1, largest)
    return replace(
        rules,
        **changes,  # type: ignore[arg-type]
        sequence=HandSequence.CONSTANT,
        largest_hand=size,
        max_hands=1,
        target_score=None,
        no_trump_last_hand=False,
    )


class PlayHook(Protocol):
    """Watches (and may replace) every card played in :func:`play_hand`."""

    def choose(self, seat: int, view: SeatView, action: Action, hands: list[int]) -> Action:
        """The card ``seat`` plays, given the one its player chose (``hands``: every
        seat's cards as dealt and not yet played, for hooks that play the hand out)."""
        ...

    def finish(self, result: HandResult) -> None:
        """The hand is over."""
        ...


class BidHook(Protocol):
    """Watches every moment a seat bids in :func:`play_hand`."""

    def see(self, view: SeatView, hands: list[int]) -> None:
        """The seat of ``view`` is to bid (``hands``: every seat's cards as dealt)."""
        ...


def play_hand(
    rules: RuleSet,
    seed: int,
    agents: list[Agent],
    explore: float,
    rng: random.Random,
    plays: PlayHook | None = None,
    bids: BidHook | None = None,
) -> list[BidRecord]:
    """Play one hand; return one record per bid (``plays`` sees every card played,
    ``bids`` every bid's moment)."""
    match = Match(rules, seed)
    match.advance_until_decision()
    made: list[tuple[int, BidSituation, int]] = []
    while match.phase is Phase.BIDDING:
        seat = match.awaiting[0]
        view = match.view(seat)
        if bids is not None:
            bids.see(view, hands_of(match))
        action = agents[seat].choose(view)
        if rng.random() < explore:
            action = rng.choice(view.legal)
        assert isinstance(action, Bid)
        made.append((seat, situation_of(view), action.tricks))
        match.apply(action)
        match.advance_until_decision()
    while match.phase is Phase.PLAYING:
        seat = match.awaiting[0]
        view = match.view(seat)
        action = agents[seat].choose(view)
        if plays is not None:
            action = plays.choose(seat, view, action, hands_of(match))
        match.apply(action)
        match.advance_until_decision()
    result = match.results[0]
    if plays is not None:
        plays.finish(result)
    won = [0] * rules.players
    for trick in result.tricks:
        won[trick.winner] |= trick.card_of(trick.winner, rules.players).mask
    return [
        BidRecord(situation, bid, result.taken[seat], won[seat]) for seat, situation, bid in made
    ]


def hands_of(match: Match) -> list[int]:
    """Every seat's cards, as dealt and not yet played (for the hooks' play-outs)."""
    return [match.cards_of(seat) for seat in range(match.rules.players)]


def play_hands(
    rng: random.Random,
    hands: int,
    explore: float,
    seats: Callable[[int, random.Random], list[Agent]],
    plays: PlayHook | None = None,
    bids: BidHook | None = None,
) -> list[BidRecord]:
    """``hands`` hands in a row, each with its rules and deal drawn from ``rng`` and its
    agents from ``seats(players, rng)``, played by :func:`play_hand`: every bid's record."""
    records: list[BidRecord] = []
    for _ in range(hands):
        rules = hand_rules(rng)
        deal = rng.getrandbits(48)
        agents = seats(rules.players, rng)
        records += play_hand(rules, deal, agents, explore, rng, plays, bids)
    return records


def table_agents(
    players: int,
    rng: random.Random,
    level: MeasuredLevel = "medium",
    budget: float = 1.0,
    model: TrickModel | None = None,
    player: Callable[[int], Agent] | None = None,
) -> list[Agent]:
    """One agent a seat, each from a seed drawn from ``rng``: ``player`` when given,
    else ``level`` (a searching level at ``budget`` times its simulations), bidding
    from ``model`` when given."""
    seeds = [rng.getrandbits(48) for _ in range(players)]
    if player is not None:
        return [player(seed) for seed in seeds]
    agents: list[Agent] = [make_agent(level, seed, budget=budget) for seed in seeds]
    if model is not None:
        return [LearnedBidder(agent, model) for agent in agents]
    return agents


def play_shard(
    seed: int,
    hands: int,
    level: MeasuredLevel = "medium",
    explore: float = 0.25,
    model: TrickModel | None = None,
    budget: float = 1.0,
) -> list[BidRecord]:
    """``hands`` hands from ``seed``: the same records for the same arguments. With a
    ``model``, every seat bids from it (the next round of self-play) and plays as ``level``
    (a searching level at ``budget`` times its simulations)."""
    rng = random.Random(f"selfplay:{seed}")
    return play_hands(
        rng, hands, explore, partial(table_agents, level=level, budget=budget, model=model)
    )


def shard_bytes(records: list[BidRecord]) -> bytes:
    """A shard's contents: ``records`` packed one after the other (the tools write it
    through the game's one writer, atomically)."""
    return b"".join(pack_record(record) for record in records)


def read_records(path: Path) -> Iterator[BidRecord]:
    """The records of one shard."""
    data = path.read_bytes()
    if len(data) % RECORD.size:
        raise ValueError(f"{path}: not a whole number of bid records")
    for start in range(0, len(data), RECORD.size):
        yield unpack_record(data[start : start + RECORD.size])
