"""What the score sheet says: one row per hand (done, in play or to come) and the leaders."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.rules.cards import Card, Suit
from game.rules.match import Match
from game.rules.phase import Phase

if TYPE_CHECKING:
    from game.play.session import GameSession

DONE, CURRENT, FUTURE = "done", "current", "future"


@dataclass(frozen=True)
class SheetRow:
    """One line of the sheet. Per-player lists hold None where nothing is written."""

    number: int
    size: int
    state: str
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


def sheet_rows(session: GameSession) -> list[SheetRow]:
    """Every row of the sheet: finished hands, the hand in play, hands to come."""
    match = session.match
    rows = [
        SheetRow(
            number=result.number,
            size=result.size,
            state=DONE,
            trump_card=result.trump_card,
            trump=result.trump,
            dealer=result.dealer,
            bids=result.bids,
            taken=result.taken,
            points=result.points,
            totals=result.totals,
            made=result.made,
        )
        for result in match.results
    ]
    last = rows[-1].number if rows else 0
    if match.phase in (Phase.BIDDING, Phase.PLAYING):
        rows.append(_current_row(match))
        last = match.hand_number
    rows += _future_rows(match, last)
    return rows


def _current_row(match: Match) -> SheetRow:
    """The hand in play: bids once they are revealed, tricks once play has begun."""
    blank: tuple[None, ...] = (None,) * match.players
    revealed = match.bids_revealed
    bids = match.bids if revealed else blank
    secret = tuple(bid is not None for bid in match.bids) if not revealed else ()
    taken: tuple[int | None, ...] = match.taken if match.phase is Phase.PLAYING else blank
    return SheetRow(
        number=match.hand_number,
        size=match.hand_size,
        state=CURRENT,
        trump_card=match.trump_card,
        trump=match.trump,
        dealer=match.dealer,
        bids=bids,
        taken=taken,
        points=blank,
        totals=blank,
        made=blank,
        secret=secret,
    )


def _future_rows(match: Match, last: int) -> list[SheetRow]:
    """The hands after hand ``last`` still to come, with only their size (none once
    the game is over, or when the number of hands is not known)."""
    blank: tuple[None, ...] = (None,) * match.players
    rules = match.rules
    count = rules.hand_count()
    if count is None or match.phase is Phase.GAME_OVER:
        return []
    return [
        SheetRow(
            number=number,
            size=rules.hand_size(number),
            state=FUTURE,
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
