"""Reading game records and saves: bounded and schema-checked before the engine sees them.

A record file is untrusted text. :func:`decode_record` checks its size, then decodes
it against one schema (:class:`RecordDoc`, with msgspec) that bounds every number,
string and list, names every enumeration and admits no nesting the format does not
have. :func:`record_of` hands the engine the same values typed (its
:class:`~game.rules.record.Record`, free of msgspec), and the engine's
:func:`~game.rules.record.from_record` replays the actions and checks every fact that
needs the rules.

>>> from game.rules.presets import PRESETS
>>> from game.rules.record import Player, dumps, to_record
>>> from game.rules.match import Match
>>> match = Match(PRESETS["blob"].rules(3), seed=4)
>>> _ = match.advance_until_decision()
>>> players = [Player("Ann"), Player("Bo", "easy"), Player("Cy")]
>>> loaded, _ = read_record(dumps(to_record(match, players)))
>>> loaded.phase.value, loaded.hand(0) == match.hand(0)
('bidding', True)
>>> read_record('{"format": "ohhell-record", "version": 2, "seed": 1.5}')
Traceback (most recent call last):
...
game.rules.errors.RecordError: seed: Expected `int`, got `float`
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal, TypeVar

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from game.i18n import _
from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.errors import RecordError, RulesError
from game.rules.match import Match
from game.rules.names import MAX_NAME, clean_name
from game.rules.phase import Phase
from game.rules.record import (
    UNSAID,
    VERSION,
    HandRecord,
    Player,
    PlayerKind,
    Record,
    TrickRecord,
    from_record,
)
from game.rules.ruleset import MAX_HANDS, MAX_PLAYERS, PACK_SIZE, RuleSet
from game.storage import NotRegular, TooLarge, read_bounded

MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The largest record or save file read (a long game's record is well under 1 MB)."""
MAX_ACTIONS = MAX_HANDS * (MAX_PLAYERS + PACK_SIZE)
MAX_SCORE = 10**9
"""No score, total or settlement in a file is larger than this, either way."""

PRINTABLE = r"^[^\x00-\x1f\x7f-\x9f]*\Z"
"""No control characters (NUL, newlines, escapes) in text a file gives the screen."""

Seat = Annotated[int, Meta(ge=0, lt=MAX_PLAYERS)]
Tricks = Annotated[int, Meta(ge=0, le=PACK_SIZE)]
Points = Annotated[int, Meta(ge=-MAX_SCORE, le=MAX_SCORE)]
CARD_SPELLINGS = tuple(rank + suit for rank in "23456789TJQKAtjqka" for suit in "CDHScdhs")
"""Every way a file may write a card (``AS``, ``td``...)."""
if TYPE_CHECKING:
    CardText = str
else:  # one of the spellings: msgspec looks it up, six times faster than a pattern
    CardText = Literal[CARD_SPELLINGS]
Name = Annotated[str, Meta(min_length=1, max_length=MAX_NAME, pattern=PRINTABLE)]
Word = Annotated[str, Meta(max_length=40, pattern=PRINTABLE)]
RuleValue = Annotated[int, Meta(ge=-MAX_SCORE, le=MAX_SCORE)] | bool | Word | None
RulesDoc = Annotated[dict[Word, RuleValue], Meta(max_length=64)]
"""A rule set as ``RuleSet.to_dict`` writes it; the engine checks names and meaning."""


BySeat = Annotated[list[Tricks | None], Meta(max_length=MAX_PLAYERS)]
CountsBySeat = Annotated[list[Tricks], Meta(max_length=MAX_PLAYERS)]
PointsBySeat = Annotated[list[Points], Meta(max_length=MAX_PLAYERS)]
Seats = Annotated[list[Seat], Meta(max_length=MAX_PLAYERS)]
TrickCards = Annotated[list[CardText], Meta(max_length=MAX_PLAYERS)]
Hands = Annotated[
    list[Annotated[list[CardText], Meta(max_length=PACK_SIZE)]], Meta(max_length=MAX_PLAYERS)
]


class PlayerDoc(Struct, forbid_unknown_fields=True):
    name: Name
    kind: PlayerKind = "human"


class ActionDoc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """``{"seat": 1, "bid": 2}`` or ``{"seat": 1, "play": "AS"}``."""

    seat: Seat
    bid: Tricks | UnsetType = UNSET
    play: CardText | UnsetType = UNSET


class TrickDoc(Struct, forbid_unknown_fields=True):
    leader: Seat
    cards: TrickCards
    winner: Seat | None = None


class HandDoc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """One hand; every field but the dealer and the bids may be left out."""

    dealer: Seat
    bids: BySeat
    number: Annotated[int, Meta(ge=1, le=MAX_HANDS)] | UnsetType = UNSET
    size: Tricks | UnsetType = UNSET
    cards: Hands | UnsetType = UNSET
    trump_card: CardText | UnsetType | None = UNSET
    trump: Literal["C", "D", "H", "S"] | UnsetType | None = UNSET
    tricks: Annotated[list[TrickDoc], Meta(max_length=PACK_SIZE)] | UnsetType = UNSET
    taken: CountsBySeat | UnsetType = UNSET
    points: PointsBySeat | UnsetType = UNSET
    totals: PointsBySeat | UnsetType = UNSET


class RecordDoc(Struct, forbid_unknown_fields=True, omit_defaults=True):
    """A whole record (docs/records.md): the one schema of record and save files."""

    format: Literal["ohhell-record"]
    version: Annotated[int, Meta(ge=1, le=VERSION)]
    seed: Annotated[int, Meta(ge=-(2**63), le=2**63 - 1)]
    rules: RulesDoc
    players: Annotated[list[PlayerDoc], Meta(max_length=MAX_PLAYERS)]
    variant: Word | UnsetType = UNSET
    hands: Annotated[list[HandDoc], Meta(max_length=MAX_HANDS)] | UnsetType = UNSET
    actions: Annotated[list[ActionDoc], Meta(max_length=MAX_ACTIONS)] | UnsetType = UNSET
    phase: Phase | UnsetType = UNSET
    winners: Seats | UnsetType = UNSET
    totals: PointsBySeat | UnsetType = UNSET
    settlement: Annotated[list[float], Meta(max_length=MAX_PLAYERS)] | UnsetType = UNSET


_DECODER = msgspec.json.Decoder(RecordDoc)
T = TypeVar("T")
D = TypeVar("D")


def decode_record(text: str | bytes) -> RecordDoc:
    """The record in ``text``, once its size and schema are checked; raises
    :class:`RecordError` saying where it is wrong."""
    if len(text) > MAX_RECORD_BYTES:
        raise RecordError(
            "record",
            _("the file is larger than {size} MB").format(size=MAX_RECORD_BYTES // 2**20),
        )
    try:
        return _DECODER.decode(text)
    except msgspec.ValidationError as error:
        where, _sep, message = _split_path(str(error))
        raise RecordError(where, message) from None
    except msgspec.DecodeError as error:
        reason = _("this is not valid JSON ({error})").format(error=error)
        raise RecordError("record", reason) from None
    except RecursionError:
        raise RecordError("record", _("the file is nested too deeply")) from None


def record_of(doc: RecordDoc) -> Record:
    """The engine's typed record of a decoded one: the rules built (and checked) by
    the engine, names cleaned by the name rule, actions made actions. Raises
    :class:`RecordError` for what the schema cannot say."""
    try:
        rules = _rules(tuple(doc.rules.items()))
    except RulesError as error:
        raise RecordError("rules", str(error), error.problem) from None
    return Record(
        rules=rules,
        seed=doc.seed,
        players=tuple(_player(player, f"players[{i}]") for i, player in enumerate(doc.players)),
        hands=tuple(_hand(hand) for hand in _given(doc.hands, [])),
        variant=_given(doc.variant, "custom"),
        version=doc.version,
        actions=_actions(doc.actions),
        phase=_given(doc.phase, None),
        winners=_tuple(doc.winners),
        totals=_tuple(doc.totals),
        settlement=_tuple(doc.settlement),
    )


def read_record(text: str | bytes) -> tuple[Match, list[Player]]:
    """Rebuild the game a record holds: bounded, schema-checked, then replayed and
    checked fact by fact by the engine. Raises :class:`RecordError`."""
    record = record_of(decode_record(text))
    try:
        return from_record(record)
    except RulesError as error:
        raise RecordError("rules", str(error), error.problem) from None


@functools.lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, RuleValue], ...]) -> RuleSet:
    """The rules a record writes, built by the engine once for all the kept games that
    play them (a RuleSet is immutable)."""
    return RuleSet.from_dict(dict(items), "rules")


def _given(value: T | UnsetType, default: D) -> T | D:
    return default if isinstance(value, UnsetType) else value


def _tuple(items: list[T] | UnsetType) -> tuple[T, ...] | None:
    return None if isinstance(items, UnsetType) else tuple(items)


def _player(doc: PlayerDoc, where: str) -> Player:
    name = clean_name(doc.name)
    if not name:
        raise RecordError(f"{where}.name", "a name needs a character one can see")
    return Player(name, doc.kind)


def _hand(doc: HandDoc) -> HandRecord:
    return HandRecord(
        dealer=doc.dealer,
        bids=tuple(doc.bids),
        number=_given(doc.number, None),
        size=_given(doc.size, None),
        cards=None if isinstance(doc.cards, UnsetType) else tuple(map(tuple, doc.cards)),
        trump_card=_given(doc.trump_card, UNSAID),
        trump=_given(doc.trump, UNSAID),
        tricks=None if isinstance(doc.tricks, UnsetType) else tuple(map(_trick, doc.tricks)),
        taken=_tuple(doc.taken),
        points=_tuple(doc.points),
        totals=_tuple(doc.totals),
    )


def _trick(doc: TrickDoc) -> TrickRecord:
    return TrickRecord(doc.leader, tuple(doc.cards), doc.winner)


def _actions(docs: list[ActionDoc] | UnsetType) -> tuple[Action, ...] | None:
    if isinstance(docs, UnsetType):
        return None
    return tuple(_action(doc, f"actions[{i}]") for i, doc in enumerate(docs))


def _action(doc: ActionDoc, where: str) -> Action:
    """A bid or a play: the schema says each field's type, the file must give one."""
    if not isinstance(doc.bid, UnsetType) and isinstance(doc.play, UnsetType):
        return Bid.of(doc.seat, doc.bid)
    if not isinstance(doc.play, UnsetType) and isinstance(doc.bid, UnsetType):
        return Play.of(doc.seat, Card.parse(doc.play))
    raise RecordError(where, 'expected {"seat", "bid"} or {"seat", "play"}')


def load_record_file(path: Path) -> tuple[Match, list[Player]]:
    """:func:`read_record` on a file, reading no more than the size limit allows (and
    never waiting on something that is not a regular file). Raises
    :class:`RecordError` or :class:`OSError`."""
    try:
        data = read_bounded(path, MAX_RECORD_BYTES + 1)  # read_record says it is too large
    except NotRegular:
        raise RecordError("file", _("it is not a regular file")) from None
    except TooLarge:
        data = b" " * (MAX_RECORD_BYTES + 1)
    return read_record(data)


def _split_path(message: str) -> tuple[str, str, str]:
    """msgspec says ``"Expected `int` - at `$.seed`"``: the path (``seed``, as the
    engine writes paths), then the message."""
    text, found, path = message.rpartition(" - at `")
    if not found:
        return "record", "", message
    return path.rstrip("`").removeprefix("$").removeprefix(".") or "record", "", text
