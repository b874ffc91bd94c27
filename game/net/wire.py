"""The one place that turns a seat's view and the public events into wire values and back.

The host encodes what one seat may see (:func:`view_doc`: that seat's
:class:`~game.rules.view.SeatView`, nothing more) and the public events
(:func:`event_doc`); a client decodes them into the very values the local table
draws from. Cards travel as two-letter text (``"AS"``), enums as their values;
finished hands go once (a view names how many the client already has).

>>> from game.rules.match import Match
>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["oh-hell"].rules(3), 7)
>>> events = match.advance_until_decision()
>>> seat = match.awaiting[0]
>>> doc = view_doc(match.view(seat), known_results=0, refusals=())
>>> decode_view(decode_doc(encode_doc(doc)), match.rules, ()) == match.view(seat)
True
>>> [read_event(event_doc(e)) for e in events] == events
True
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from game.rules import events as ev
from game.rules.actions import Bid, Play
from game.rules.cards import PACK, Card, Suit
from game.rules.phase import Phase
from game.rules.reasons import RefusedAction
from game.rules.results import HandResult
from game.rules.ruleset import MAX_HANDS, MAX_PLAYERS, PACK_SIZE, RuleSet
from game.rules.tricks import Trick
from game.rules.view import SeatView
from game.saves import Points, Seat, Tricks

Cards = Annotated[tuple[Card, ...], Meta(max_length=PACK_SIZE)]
PerSeat = Meta(max_length=MAX_PLAYERS)

EVENT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls
    for cls in (
        ev.DealerChosen,
        ev.DealerPasses,
        ev.HandDealt,
        ev.TrumpTurned,
        ev.NoTrump,
        ev.BidMade,
        ev.BidSubmitted,
        ev.BidsRevealed,
        ev.TotalAnnounced,
        ev.CardPlayed,
        ev.TrickWon,
        ev.HandScored,
        ev.GameOver,
    )
}
"""Every engine event by the name it travels under."""
EventKind = Literal[
    "DealerChosen",
    "DealerPasses",
    "HandDealt",
    "TrumpTurned",
    "NoTrump",
    "BidMade",
    "BidSubmitted",
    "BidsRevealed",
    "TotalAnnounced",
    "CardPlayed",
    "TrickWon",
    "HandScored",
    "GameOver",
]


class EventDoc(Struct, forbid_unknown_fields=True, array_like=True):
    """One public event: its kind and its fields (checked against the kind on reading)."""

    kind: EventKind
    data: Annotated[dict[str, Any], Meta(max_length=8)]


class ViewDoc(Struct, forbid_unknown_fields=True, array_like=True):
    """A :class:`SeatView` without its rules (sent once) and with only the finished
    hands and tricks the client does not have yet (``results`` follow the first
    ``known_results``, ``tricks`` the first ``known_tricks`` of this hand). It travels
    as an array, in the order of the fields."""

    seat: Seat | None
    phase: Phase
    hand_number: Annotated[int, Meta(ge=0, le=MAX_HANDS + 1)]
    hand_size: Tricks
    dealer: Seat
    hand: Cards
    hand_counts: Annotated[tuple[Tricks, ...], PerSeat]
    trump_card: Card | None
    trump: Suit | None
    bids: Annotated[tuple[Tricks | None, ...], PerSeat]
    has_bid: Annotated[tuple[bool, ...], PerSeat]
    taken: Annotated[tuple[Tricks, ...], PerSeat]
    leader: Seat
    trick: Annotated[tuple[Card, ...], PerSeat]
    known_tricks: Tricks
    tricks: Annotated[tuple[Trick, ...], Meta(max_length=PACK_SIZE)]
    scores: Annotated[tuple[Points, ...], PerSeat]
    known_results: Annotated[int, Meta(ge=0, le=MAX_HANDS)]
    results: Annotated[tuple[HandResult, ...], Meta(max_length=MAX_HANDS)]
    awaiting: Annotated[tuple[Seat, ...], PerSeat]
    legal_bids: Annotated[tuple[Tricks, ...], Meta(max_length=PACK_SIZE + 1)]
    legal_plays: Cards
    forbidden_bid: Tricks | None
    winners: Annotated[tuple[Seat, ...], PerSeat]
    bids_revealed: bool
    settlement: Annotated[tuple[float, ...], PerSeat] | None
    refusals: Annotated[tuple[RefusedAction, ...], Meta(max_length=PACK_SIZE)]
    """Why each held card that may not be played now is refused (for the table's hints)."""


def enc_hook(value: object) -> object:
    """Cards travel as their two-letter names."""
    if isinstance(value, Card):
        return str(value)
    raise NotImplementedError(f"cannot send {type(value).__name__}")


_CARDS_BY_NAME = {str(card): card for card in PACK}


def dec_hook(kind: type, value: object) -> object:
    """Read a card's two-letter name (anything else is refused)."""
    if kind is Card and isinstance(value, str):
        card = _CARDS_BY_NAME.get(value)
        if card is None:
            raise msgspec.ValidationError(f"{value!r} is not a card")
        return card
    raise NotImplementedError(f"cannot read {kind.__name__}")


_VIEW_ENCODER = msgspec.json.Encoder(enc_hook=enc_hook)
_VIEW_DECODER = msgspec.json.Decoder(ViewDoc, dec_hook=dec_hook)


def view_doc(
    view: SeatView, known_results: int, refusals: tuple[RefusedAction, ...], known_tricks: int = 0
) -> ViewDoc:
    """What goes to the player of ``view.seat``: its view, the finished hands after the
    first ``known_results`` and the tricks of this hand after the first ``known_tricks``,
    and why its unplayable cards are refused."""
    legal_bids = tuple(action.tricks for action in view.legal if isinstance(action, Bid))
    legal_plays = tuple(action.card for action in view.legal if isinstance(action, Play))
    return ViewDoc(
        seat=view.seat,
        phase=view.phase,
        hand_number=view.hand_number,
        hand_size=view.hand_size,
        dealer=view.dealer,
        hand=view.hand,
        hand_counts=view.hand_counts,
        trump_card=view.trump_card,
        trump=view.trump,
        bids=view.bids,
        has_bid=view.has_bid,
        taken=view.taken,
        leader=view.leader,
        trick=view.trick,
        known_tricks=known_tricks,
        tricks=view.tricks[known_tricks:],
        scores=view.scores,
        known_results=known_results,
        results=view.results[known_results:],
        awaiting=view.awaiting,
        legal_bids=legal_bids,
        legal_plays=legal_plays,
        forbidden_bid=view.forbidden_bid,
        winners=view.winners,
        bids_revealed=view.bids_revealed,
        settlement=view.settlement,
        refusals=refusals,
    )


def encode_doc(doc: ViewDoc) -> bytes:
    return _VIEW_ENCODER.encode(doc)


def decode_doc(data: bytes) -> ViewDoc:
    """Read a view; raises msgspec.ValidationError or DecodeError."""
    return _VIEW_DECODER.decode(data)


def decode_view(
    doc: ViewDoc, rules: RuleSet, results: tuple[HandResult, ...], tricks: tuple[Trick, ...] = ()
) -> SeatView:
    """The :class:`SeatView` ``doc`` describes, given the rules, the finished hands and
    the tricks of this hand the client already had; raises ValueError if ``doc`` does
    not follow them."""
    if doc.known_results > len(results) or doc.known_tricks > len(tricks):
        raise ValueError("the view skips finished hands or tricks")
    results, tricks = results[: doc.known_results], tricks[: doc.known_tricks]
    seat = doc.seat
    legal: tuple[Bid | Play, ...] = ()
    if seat is not None:
        legal = tuple(Bid.of(seat, n) for n in doc.legal_bids) + tuple(
            Play.of(seat, card) for card in doc.legal_plays
        )
    view = SeatView(
        seat=seat,
        rules=rules,
        phase=doc.phase,
        hand_number=doc.hand_number,
        hand_size=doc.hand_size,
        dealer=doc.dealer,
        hand=doc.hand,
        trump_card=doc.trump_card,
        trump=doc.trump,
        bids=doc.bids,
        taken=doc.taken,
        leader=doc.leader,
        trick=doc.trick,
        tricks=tricks + doc.tricks,
        scores=doc.scores,
        results=results + doc.results,
        awaiting=doc.awaiting,
        legal=legal,
        forbidden_bid=doc.forbidden_bid,
        winners=doc.winners,
        settlement=doc.settlement,
    )
    said = (doc.hand_counts, doc.has_bid, doc.bids_revealed)
    if said != (view.hand_counts, view.has_bid, view.bids_revealed):
        raise ValueError("the view's card counts or bids do not follow its tricks and turns")
    return view


def event_doc(event: ev.Event) -> EventDoc:
    """A public event as it travels."""
    data = msgspec.to_builtins(event, enc_hook=enc_hook)
    kind: Any = type(event).__name__
    return EventDoc(kind=kind, data=data)


def read_event(doc: EventDoc) -> ev.Event:
    """The event ``doc`` names, its fields checked; raises msgspec.ValidationError."""
    event: ev.Event = msgspec.convert(doc.data, EVENT_TYPES[doc.kind], dec_hook=dec_hook)
    return event


def frozen(view: SeatView) -> SeatView:
    """A copy of ``view`` with every field computed (safe to read from another thread)."""
    return dataclasses.replace(view)
