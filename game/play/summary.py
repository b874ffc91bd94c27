"""What the statistics and the lists of kept games read of a finished game's record,
as typed values (the screens never index a record's JSON).

A :class:`GameSummary` holds the players, the totals, the winners, the variant and
each hand's size, bids, tricks taken and running totals; a :class:`RecordSummary` adds
what a kept file's record also carries (its format, deal and rules). Both are bounded as
the record schema (:mod:`game.saves`) bounds them; the cards are checked only when the
game is replayed.

>>> game = summary_of({"players": [{"name": "Ann"}, {"name": "Bo", "kind": "easy"}],
...     "totals": [11, 0], "hands": [{"size": 1, "bids": [1, 0], "taken": [1, 0]}]})
>>> game.players[1].kind, game.hands[0].made, game.variant
('easy', (True, True), 'custom')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from game.rules.errors import RecordError
from game.rules.ruleset import MAX_HANDS, MAX_PLAYERS
from game.saves import BySeat, CountsBySeat, PlayerDoc, PointsBySeat, RulesDoc, Seats, Tricks, Word


class HandSummary(Struct, frozen=True):
    """One hand of a finished game: its size, each seat's bid and tricks taken, and
    the totals after it."""

    size: Tricks
    bids: BySeat
    taken: CountsBySeat
    number: Annotated[int, Meta(ge=1, le=MAX_HANDS)] | None = None
    totals: PointsBySeat | None = None

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly its bid (a seat with no bid made nothing);
        the engine's rule, :attr:`game.rules.results.HandResult.made`."""
        return tuple(
            bid is not None and bid == took for bid, took in zip(self.bids, self.taken, strict=True)
        )


class GameSummary(Struct, frozen=True, kw_only=True):
    """A finished game as the statistics count it."""

    players: Annotated[list[PlayerDoc], Meta(max_length=MAX_PLAYERS)]
    totals: PointsBySeat
    variant: Word = "custom"
    hands: Annotated[list[HandSummary], Meta(max_length=MAX_HANDS)] = []
    winners: Seats = []

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]


class RecordSummary(GameSummary, frozen=True, kw_only=True):
    """A kept file's record as the lists read it: a :class:`GameSummary` and the deal."""

    format: Literal["ohhell-record"]
    version: Annotated[int, Meta(ge=1, le=99)]
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
    rules: RulesDoc


_RECORD = msgspec.json.Decoder(RecordSummary)


def read_summary(raw: bytes, name: str = "record") -> RecordSummary:
    """The summary of a record's JSON text; raises RecordError saying what is wrong."""
    try:
        summary = _RECORD.decode(raw)
    except (msgspec.DecodeError, RecursionError) as error:
        raise RecordError(name, str(error)) from None
    check_finished(summary, name)
    return summary


def summary_of(record: Mapping[str, Any], name: str = "record") -> GameSummary:
    """The summary of a record in plain data (a game just finished, a test's game);
    raises RecordError saying what is wrong."""
    try:
        summary = msgspec.convert(record, GameSummary)
    except msgspec.ValidationError as error:
        raise RecordError(name, str(error)) from None
    check_finished(summary, name)
    return summary


def check_finished(summary: GameSummary, name: str) -> None:
    """A finished game has a total, and every hand a bid and a count of tricks, for
    every player (statistics read them without replaying)."""
    seats = len(summary.players)
    if len(summary.totals) != seats:
        raise RecordError(f"{name}.totals", "the game is not finished")
    for index, hand in enumerate(summary.hands):
        if len(hand.bids) != seats or len(hand.taken) != seats:
            raise RecordError(f"{name}.hands[{index}]", "a hand is incomplete")
