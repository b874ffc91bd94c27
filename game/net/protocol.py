"""The messages between a host and its players: versioned, bounded, schema-checked.

Every message is one JSON object with a ``type`` tag, decoded with msgspec against
one union per direction, after its size was checked (:data:`MAX_MESSAGE_BYTES`;
the websocket refuses larger frames before they are read). A client never names a
seat when it acts: the host knows which seat a connection plays. ``moves`` in an
:class:`Act` is how many actions the client had seen, so a replayed or late message
is refused instead of acting twice.

>>> encode(Act(moves=3, play="AS"))
b'{"type":"act","moves":3,"play":"AS"}'
>>> decode_from_client(b'{"type":"act","moves":3,"bid":99}')
Traceback (most recent call last):
...
game.net.protocol.BadMessage: Expected `int` <= 52 - at `$.bid`
"""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec
from msgspec import Meta, Struct

from game.net.wire import EventDoc, ViewDoc, dec_hook, enc_hook
from game.saves import Name, PlayerDoc, RulesDoc, Seat

PROTOCOL_VERSION = 2
"""Raised whenever a message changes meaning; a host and a client must agree on it."""
MAX_MESSAGE_BYTES = 256 * 1024
"""The largest message either side reads (a whole view with every finished hand of a
long game is well under 64 KB)."""
MAX_CLIENT_BYTES = 1024
"""The largest message a host reads from a client (they are all small)."""
DEFAULT_PORT = 47317

Code = Annotated[str, Meta(min_length=4, max_length=8, pattern=r"^[A-Za-z0-9]+\Z")]
Token = Annotated[str, Meta(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+\Z")]
Moves = Annotated[int, Meta(ge=0, le=100_000)]


class BadMessage(ValueError):
    """A message that is too large, not JSON, or not of the schema."""


# ------------------------------------------------------------------ client to host
class Hello(Struct, tag="hello", forbid_unknown_fields=True):
    """Join a table (``table``: its code; None on a host with one table), or take
    back a seat with the ``token`` the host gave when it was first taken."""

    version: Annotated[int, Meta(ge=0, le=10_000)]
    name: Name
    table: Code | None = None
    token: Token | None = None


class Act(Struct, tag="act", forbid_unknown_fields=True, omit_defaults=True):
    """Bid or play for the connection's own seat, having seen ``moves`` actions."""

    moves: Moves
    bid: Annotated[int, Meta(ge=0, le=52)] | None = None
    play: Annotated[str, Meta(pattern=r"^[2-9TJQKA][CDHS]\Z")] | None = None


class Ready(Struct, tag="ready", forbid_unknown_fields=True):
    """The player has seen the result of hand ``hand``."""

    hand: Annotated[int, Meta(ge=0, le=1000)]


Emotion = Literal["hello", "good-luck", "nice", "oops", "thanks", "well-played"]
"""The few words a player may send the table (each shown in the reader's language)."""
EMOTIONS: tuple[Emotion, ...] = ("hello", "good-luck", "nice", "oops", "thanks", "well-played")


def emotion(word: str) -> Emotion | None:
    """``word`` as one of the :data:`Emotion` words, or None."""
    return next((known for known in EMOTIONS if known == word), None)


class Emote(Struct, tag="emote", forbid_unknown_fields=True):
    """A few friendly words for the table (at most one every :data:`EMOTE_SECONDS`)."""

    word: Emotion


EMOTE_SECONDS = 2.0
"""The least time between two emotes of one player (quicker ones are dropped)."""

FromClient = Hello | Act | Ready | Emote


# ------------------------------------------------------------------ host to client
class Welcome(Struct, tag="welcome", forbid_unknown_fields=True):
    """A seat is yours: keep ``token`` to take it back after a drop."""

    version: int
    table: Code
    seat: Seat
    token: Token
    rules: RulesDoc
    players: Annotated[list[PlayerDoc], Meta(max_length=16)]


class Update(Struct, tag="update", forbid_unknown_fields=True):
    """What happened since the last update (public events, oldest first) and the seat's
    view now, after ``moves`` actions."""

    moves: Moves
    events: Annotated[list[EventDoc], Meta(max_length=1000)]
    view: ViewDoc
    seed: int | None = None
    """The deal number, once the game is over (before, it would tell every hand)."""


Signal = Literal["waiting", "disconnected", "back", "computer", "joined"]


class TableNotice(Struct, tag="notice", forbid_unknown_fields=True):
    """A quick signal about a seat: whom the table waits for, who dropped, who is back,
    whose seat a computer now plays."""

    signal: Signal
    seat: Seat
    name: Name


Problem = Literal[
    "bad-message", "stale", "not-your-turn", "illegal", "too-fast", "not-seated", "seated"
]


class MessageRefused(Struct, tag="refusal", forbid_unknown_fields=True):
    """The host refused the last message (and changed nothing)."""

    problem: Problem
    detail: Annotated[str, Meta(max_length=200)] = ""


Rejection = Literal["version", "full", "no-table", "bad-token"]


class Reject(Struct, tag="reject", forbid_unknown_fields=True):
    """The host will not seat this client; the connection closes after it."""

    reason: Rejection
    version: int


class Emoted(Struct, tag="emoted", forbid_unknown_fields=True):
    """Seat ``seat`` said ``word`` to the table."""

    seat: Seat
    word: Emotion


FromHost = Welcome | Update | TableNotice | MessageRefused | Reject | Emoted

_ENCODER = msgspec.json.Encoder(enc_hook=enc_hook)
_FROM_CLIENT = msgspec.json.Decoder(FromClient)
_FROM_HOST = msgspec.json.Decoder(FromHost, dec_hook=dec_hook)


def encode(message: FromClient | FromHost) -> bytes:
    return _ENCODER.encode(message)


def decode_from_client(data: bytes | str) -> FromClient:
    """A client's message; raises :class:`BadMessage`."""
    if len(data) > MAX_CLIENT_BYTES:
        raise BadMessage(f"message larger than {MAX_CLIENT_BYTES} bytes")
    try:
        return _FROM_CLIENT.decode(data)
    except (msgspec.DecodeError, RecursionError) as error:
        raise BadMessage(str(error)) from None


def decode_from_host(data: bytes | str) -> FromHost:
    """A host's message; raises :class:`BadMessage`."""
    if len(data) > MAX_MESSAGE_BYTES:
        raise BadMessage(f"message larger than {MAX_MESSAGE_BYTES} bytes")
    try:
        return _FROM_HOST.decode(data)
    except (msgspec.DecodeError, RecursionError, NotImplementedError) as error:
        raise BadMessage(str(error)) from None
