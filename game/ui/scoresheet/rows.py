"""What the score sheet says: one row per hand (done, in play or to come) and the leaders.

The rows are read from the public view of the game (what a spectator at the
table sees), so a bid made in secret stays hidden until the view reveals it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING

from game.rules.cards import Card, Suit
from game.rules.phase import Phase
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet, TrickPoints
from game.rules.view import SeatView

if TYPE_CHECKING:
    from game.play.contract import TableSession


class RowState(Enum):
    """Where a hand stands: scored, being bid or played, or still to come."""

    DONE = "done"
    CURRENT = "current"
    FUTURE = "future"


class BidMark(Enum):
    """How the scorer marks a scored bid.

    With the common scoring a made bid is ticked and a failed one written in grey
    with a small ring beside it. When only exact bids score (Blob), the scorer
    writes a 1 in front of a made bid (a made 3 reads "13") and paints a solid
    blob over a failed one.
    """

    TICK = "tick"
    SCRIBBLE = "scribble"
    ONE = "one"
    BLOB = "blob"


BLOB_PREFIX = "1"
"""What the Blob scorer writes in front of a made bid."""


def blob_marks(rules: RuleSet) -> bool:
    """Whether the sheet uses Blob's marks: when only an exact bid scores."""
    return rules.trick_points is TrickPoints.EXACT


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet. Per-player lists hold None where nothing is written."""

    number: int
    size: int
    state: RowState
    trump_card: Card | None
    trump: Suit | None
    dealer: int | None
    bids: tuple[int | None, ...]
    taken: tuple[int | None, ...]
    points: tuple[int | None, ...]
    totals: tuple[int | None, ...]
    made: tuple[bool | None, ...]
    secret: tuple[bool, ...] = ()
    """During simultaneous bidding: which seats have bid (the bids stay hidden)."""
    marks: tuple[BidMark | None, ...] = ()
    """Per seat, the scorer's mark on the bid once the hand is scored (else None)."""

    def mark(self, seat: int) -> BidMark | None:
        """The mark on ``seat``'s bid, if it has one."""
        return self.marks[seat] if seat < len(self.marks) else None

    def bid_text(self, seat: int) -> str:
        """The bid as written in the bid column: "13" for a made 3 under Blob's marks."""
        bid = self.bids[seat]
        if bid is None:
            return ""
        prefix = BLOB_PREFIX if self.mark(seat) is BidMark.ONE else ""
        return f"{prefix}{bid}"


def sheet_rows(session: TableSession) -> list[SheetRow]:
    """Every row of the sheet: finished hands, the hand in play, hands to come."""
    return rows_of(session.public())


def rows_of(view: SeatView) -> list[SheetRow]:
    """The sheet's rows as ``view`` shows the game."""
    blob = blob_marks(view.rules)
    rows = [_done_row(result, blob) for result in view.results]
    last = rows[-1].number if rows else 0
    if view.phase in (Phase.BIDDING, Phase.PLAYING):
        rows.append(_current_row(view))
        last = view.hand_number
    if view.phase is not Phase.GAME_OVER:
        rows += _future_rows(view, last)
    return rows


def _done_row(result: HandResult, blob: bool) -> SheetRow:
    """A scored hand, written in ink, each bid marked made or failed (with Blob's
    marks when ``blob``)."""
    made_mark, missed_mark = BidMark.TICK, BidMark.SCRIBBLE
    if blob:
        made_mark, missed_mark = BidMark.ONE, BidMark.BLOB
    return SheetRow(
        number=result.number,
        size=result.size,
        state=RowState.DONE,
        trump_card=result.trump_card,
        trump=result.trump,
        dealer=result.dealer,
        bids=result.bids,
        taken=result.taken,
        points=result.points,
        totals=result.totals,
        made=result.made,
        marks=tuple(made_mark if made else missed_mark for made in result.made),
    )


def _current_row(view: SeatView) -> SheetRow:
    """The hand in play: the bids the view shows, tricks once play has begun."""
    blank: tuple[None, ...] = (None,) * view.players
    secret = () if view.bids_revealed else view.has_bid
    taken: tuple[int | None, ...] = view.taken if view.phase is Phase.PLAYING else blank
    return SheetRow(
        number=view.hand_number,
        size=view.hand_size,
        state=RowState.CURRENT,
        trump_card=view.trump_card,
        trump=view.trump,
        dealer=view.dealer,
        bids=view.bids,
        taken=taken,
        points=blank,
        totals=blank,
        made=blank,
        secret=secret,
    )


def _future_rows(view: SeatView, last: int) -> list[SheetRow]:
    """The hands after hand ``last`` still to come, with only their size (none when
    the number of hands is not known)."""
    blank: tuple[None, ...] = (None,) * view.players
    rules = view.rules
    count = rules.hand_count()
    if count is None:
        return []
    return [
        SheetRow(
            number=number,
            size=rules.hand_size(number),
            state=RowState.FUTURE,
            trump_card=None,
            trump=None,
            dealer=None,
            bids=blank,
            taken=blank,
            points=blank,
            totals=blank,
            made=blank,
        )
        for number in range(last + 1, count + 1)
    ]


def leaders(totals: tuple[int, ...]) -> set[int]:
    """The seats with the highest total (none before anyone has scored)."""
    if not totals or (max(totals) <= 0 and min(totals) == max(totals)):
        return set()
    top = max(totals)
    return {seat for seat, total in enumerate(totals) if total == top}
