"""A seat's view of a match, made: :meth:`Match.view` is :func:`view_of`.

The view copies the public state and the seat's own cards into immutable values
shared by every view of the same state (:data:`game.rules.view.NOW`), and holds
nothing else: there is no way back to the match. The same view is given again
until the state changes (the match clears ``_views`` and ``_now`` when it does).
"""

from __future__ import annotations

from typing import Any

from game.rules.actions import Action
from game.rules.phase import Phase
from game.rules.state import MatchState
from game.rules.view import SeatView

_NEW, _SET = object.__new__, object.__setattr__
_BIDDING = Phase.BIDDING


def view_of(match: MatchState, seat: int | None) -> SeatView:
    """What ``seat`` can see of ``match`` (a spectator's view for None)."""
    views = match._views
    view = views.get(seat)
    if view is not None:
        return view
    legal: tuple[Action, ...]
    if seat is not None and seat == match._to_act and match._legal_list is not None:
        legal = match._legal_list  # the very tuple the match keeps: no copy
        mask = match._hands[seat]
    elif seat is None:
        legal, mask = (), 0
    elif 0 <= seat < match.players:
        legal, mask = tuple(match.legal_actions(seat)), match._hands[seat]
    else:
        raise ValueError(f"there is no seat {seat} at a table of {match.players}")
    now = match._now
    if now is None:  # the state as every view of it holds it (view.NOW)
        frozen = match._frozen
        if frozen is None:
            frozen = match._frozen = (tuple(match._taken), tuple(match._won), tuple(match._bids))
        between = match._hand_view
        if between is None:
            between = match._hand_view = between_hands(match)
        trick = tuple(match._trick)
        now = match._now = (match.phase, match.leader, match._to_act, trick, frozen, between)
    state = {"seat": seat, "legal": legal, "_mask": mask, "_now": now}
    if now[0] is _BIDDING and match.rules.simultaneous_bidding:
        # Secret bids: each seat sees only its own, and who has bid.
        bids = match._bids
        state["has_bid"] = tuple(bid is not None for bid in bids)
        state["bids"] = tuple(bid if index == seat else None for index, bid in enumerate(bids))
    view = views[seat] = _NEW(SeatView)
    _SET(view, "__dict__", state)  # SeatView._of, inlined
    return view


def between_hands(match: MatchState) -> tuple[Any, ...]:
    """What views hold that changes only between hands (``view.BETWEEN_HANDS``, then
    the results built and the hands scored but not built yet)."""
    return (
        match.rules,
        match.hand_number,
        match.hand_size,
        match.dealer,
        match.trump_card,
        match.trump,
        match._scores,
        match.winners,
        match.settlement,
        match._results,
        match._unrecorded,
    )
