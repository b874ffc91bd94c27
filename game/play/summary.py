"""What the statistics and the lists of kept games read of a finished game's record,
as typed values (the screens never index a record's JSON).

A :class:`GameSummary` holds the deal, the rules, the players, the totals, the winners,
the variant and each hand's size, bids, tricks taken and running totals. It is taken
from the engine's typed :class:`~game.rules.record.Record` (decoded once against the
record schema, :mod:`game.saves`), with every hand complete for every seat; the cards
are checked only when the game is replayed.

>>> from game.rules.presets import PRESETS
>>> from game.rules.record import HandRecord, Player, Record
>>> players = (Player("Ann"), Player("Bo", "easy"), Player("Cy", "hard"))
>>> hand = HandRecord(0, (1, 0, 0), size=1, taken=(1, 0, 0))
>>> game = summary_of(Record(PRESETS["blob"].rules(3), 7, players, (hand,), totals=(11, 0, 0)))
>>> game.players[1].kind, game.hands[0].made, game.variant
('easy', (True, True, True), 'custom')
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.errors import RecordError
from game.rules.record import Player, Record
from game.rules.ruleset import RuleSet


@dataclass(frozen=True)
class HandSummary:
    """One hand of a finished game: its size, each seat's bid and tricks taken, and
    the totals after it."""

    size: int
    bids: tuple[int | None, ...]
    taken: tuple[int, ...]
    number: int | None = None
    totals: tuple[int, ...] | None = None

    @property
    def made(self) -> tuple[bool, ...]:
        """Whether each seat took exactly its bid (a seat with no bid made nothing);
        the engine's rule, :attr:`game.rules.results.HandResult.made`."""
        return tuple(
            bid is not None and bid == took for bid, took in zip(self.bids, self.taken, strict=True)
        )


@dataclass(frozen=True)
class GameSummary:
    """A finished game as the statistics count it and the lists show it."""

    players: tuple[Player, ...]
    totals: tuple[int, ...]
    hands: tuple[HandSummary, ...]
    seed: int
    rules: RuleSet
    variant: str = "custom"
    winners: tuple[int, ...] = ()

    @property
    def names(self) -> list[str]:
        return [player.name for player in self.players]


def summary_of(record: Record, name: str = "record") -> GameSummary:
    """The summary of a finished game's record; raises RecordError when the game is
    not finished (a total, and every hand a size, a bid and a count of tricks, for
    every player: statistics read them without replaying)."""
    seats = len(record.players)
    if record.totals is None or len(record.totals) != seats:
        raise RecordError(f"{name}.totals", "the game is not finished")
    hands = []
    for index, hand in enumerate(record.hands):
        if hand.size is None or hand.taken is None:
            raise RecordError(f"{name}.hands[{index}]", "a hand is incomplete")
        if len(hand.bids) != seats or len(hand.taken) != seats:
            raise RecordError(f"{name}.hands[{index}]", "a hand is incomplete")
        hands.append(HandSummary(hand.size, hand.bids, hand.taken, hand.number, hand.totals))
    return GameSummary(
        players=record.players,
        totals=record.totals,
        hands=tuple(hands),
        seed=record.seed,
        rules=record.rules,
        variant=record.variant,
        winners=record.winners or (),
    )
