"""Game records: the save, replay and export format (see docs/records.md).

A record holds the rules, the seed, the players and every hand; a save of a
game in progress adds the action log. Loading replays the actions from the
seed and checks every recorded fact against the replay, so a record that has
been tampered with or damaged is refused with a message that says where.

>>> from game.rules.presets import PRESETS
>>> match = Match(PRESETS["blob"].rules(3), seed=11)
>>> _ = match.advance_until_decision()
>>> _ = match.apply(match.legal_actions()[0])
>>> record = to_record(match, [Player("Ann"), Player("Bo", "easy"), Player("Cy", "hard")])
>>> record.variant, record.hands[0].bids.count(None), len(record.actions or ())
('blob', 2, 1)
>>> loaded, players = from_record(record)
>>> loaded.bids == match.bids and players[2].kind
'hard'

A record arrives here typed: the file's schema (:mod:`game.saves`) has already
bounded every number, string and list; what is checked here needs the rules and
the replay.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Literal, TypeGuard

from game.rules.actions import Action, Bid, Play
from game.rules.cards import Card
from game.rules.errors import IllegalAction, RecordError
from game.rules.match import Match
from game.rules.names import is_clean_name
from game.rules.phase import Phase
from game.rules.presets import preset_for
from game.rules.results import HandResult
from game.rules.ruleset import RuleSet
from game.rules.tricks import Trick

FORMAT = "ohhell-record"
VERSION = 2
"""Version 2 adds ``phase``, so that a save taken between two actions (a hand
dealt and not yet bid, a hand scored and the next not yet dealt) resumes there."""
READABLE_VERSIONS = (1, 2)
Level = Literal["random", "easy", "medium", "hard", "expert"]
"""A computer player's level."""
PlayerKind = Literal["human", Level]
"""Who plays a seat: a person, or a computer of a level."""
LEVELS: tuple[Level, ...] = ("random", "easy", "medium", "hard", "expert")
"""Every computer level, weakest first."""
PLAYER_KINDS: tuple[PlayerKind, ...] = ("human", *LEVELS)


def is_level(text: str) -> TypeGuard[Level]:
    """Whether ``text`` names a computer level.

    >>> is_level("hard"), is_level("human"), is_level("Hard")
    (True, False, False)
    """
    return text in LEVELS


def is_player_kind(text: str) -> TypeGuard[PlayerKind]:
    """Whether ``text`` is ``human`` or a computer level."""
    return text in PLAYER_KINDS


@dataclass(frozen=True)
class Player:
    """Who sits in a seat: a name, and ``human`` or a computer level."""

    name: str
    kind: PlayerKind = "human"

    def __post_init__(self) -> None:
        if not is_player_kind(self.kind):
            raise ValueError(f"unknown kind of player {self.kind!r}")
        if not is_clean_name(self.name):
            raise ValueError(f"not a name by the name rule: {self.name!r:.60}")

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


class Unsaid(Enum):
    """A fact a record leaves out (where ``None`` is a value: a hand without trump)."""

    UNSAID = "unsaid"


UNSAID = Unsaid.UNSAID


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """One trick: who led, the cards in play order, who won (None while in play)."""

    leader: int
    cards: tuple[str, ...]
    winner: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as a record states it. Only the dealer and the bids are needed to
    replay it; every other fact left out (None, or :data:`UNSAID` for the trump) is
    not checked."""

    dealer: int
    bids: tuple[int | None, ...]
    number: int | None = None
    size: int | None = None
    cards: tuple[tuple[str, ...], ...] | None = None
    trump_card: str | Unsaid | None = UNSAID
    trump: str | Unsaid | None = UNSAID
    tricks: tuple[TrickRecord, ...] | None = None
    taken: tuple[int, ...] | None = None
    points: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None

    def stated(self) -> dict[str, object]:
        """The facts this hand states, by field name."""
        said = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if value is not UNSAID and (value is not None or field.name.startswith("trump")):
                said[field.name] = value
        return said

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for key, value in self.stated().items():
            if key == "tricks":
                value = [trick.to_json() for trick in self.tricks or ()]
            elif key == "cards":
                value = [list(hand) for hand in self.cards or ()]
            elif isinstance(value, tuple):
                value = list(value)
            data[key] = value
        return data


@dataclass(frozen=True, slots=True)
class Record:
    """A whole record (docs/records.md) as typed values: what :func:`to_record`
    writes and :func:`from_record` rebuilds a game from."""

    rules: RuleSet
    seed: int
    players: tuple[Player, ...]
    hands: tuple[HandRecord, ...] = ()
    variant: str = "custom"
    version: int = VERSION
    actions: tuple[Action, ...] | None = None
    """The action log: a game in progress only (without it the hands give it)."""
    phase: Phase | None = None
    """Where the game stood when written (version 2 on)."""
    winners: tuple[int, ...] | None = None
    totals: tuple[int, ...] | None = None
    """The final totals: a finished game only."""
    settlement: tuple[float, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data, in the file's order of fields."""
        data: dict[str, Any] = {
            "format": FORMAT,
            "version": self.version,
            "variant": self.variant,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "players": [player.to_json() for player in self.players],
            "hands": [hand.to_json() for hand in self.hands],
        }
        if self.winners is not None:
            data["winners"] = list(self.winners)
        if self.totals is not None:
            data["totals"] = list(self.totals)
        if self.settlement is not None:
            data["settlement"] = list(self.settlement)
        if self.actions is not None:
            data["actions"] = [action.to_json() for action in self.actions]
        if self.phase is not None:
            data["phase"] = self.phase.value
        return data


# ------------------------------------------------------------------ writing
def to_record(match: Match, players: Sequence[Player]) -> Record:
    """The record of ``match``. A game not yet over also carries its action log,
    which is all a save needs to resume."""
    if len(players) != match.players:
        raise ValueError(f"{len(players)} players named for a table of {match.players}")
    preset = preset_for(match.rules)
    over = match.phase is Phase.GAME_OVER
    return Record(
        rules=match.rules,
        seed=match.seed,
        players=tuple(players),
        hands=_played_hands(match),
        variant=preset.id if preset else "custom",
        actions=None if over else tuple(match.actions),
        phase=match.phase,
        winners=tuple(match.winners),
        totals=tuple(match.scores) if over else None,
        settlement=tuple(match.settlement) if over and match.settlement is not None else None,
    )


def _played_hands(match: Match) -> tuple[HandRecord, ...]:
    hands = [_finished_hand(result) for result in match.results]
    if match.phase in (Phase.BIDDING, Phase.PLAYING):
        hands.append(_current_hand(match))
    return tuple(hands)


def _finished_hand(result: HandResult) -> HandRecord:
    return HandRecord(
        number=result.number,
        dealer=result.dealer,
        size=result.size,
        cards=tuple(_texts(hand) for hand in result.dealt),
        trump_card=_card_text(result.trump_card),
        trump=result.trump.symbol if result.trump is not None else None,
        bids=tuple(result.bids),
        tricks=tuple(_trick_record(trick) for trick in result.tricks),
        taken=tuple(result.taken),
        points=tuple(result.points),
        totals=tuple(result.totals),
    )


def _current_hand(match: Match) -> HandRecord:
    tricks = [_trick_record(trick) for trick in match.tricks]
    if match.trick:
        tricks.append(TrickRecord(match.leader, _texts(match.trick)))
    return HandRecord(
        number=match.hand_number,
        dealer=match.dealer,
        size=match.hand_size,
        cards=tuple(_texts(match.dealt_hand(seat)) for seat in range(match.players)),
        trump_card=_card_text(match.trump_card),
        trump=match.trump.symbol if match.trump is not None else None,
        bids=tuple(match.bids),
        tricks=tuple(tricks),
        taken=tuple(match.taken),
    )


def _trick_record(trick: Trick) -> TrickRecord:
    return TrickRecord(trick.leader, _texts(trick.cards), trick.winner)


def _texts(cards: Sequence[Card]) -> tuple[str, ...]:
    return tuple(str(card) for card in cards)


def _card_text(card: Card | None) -> str | None:
    return str(card) if card is not None else None


def dumps(record: Record) -> str:
    """One record as compact, stable JSON (one line, for JSONL files)."""
    return json.dumps(record.to_json(), separators=(",", ":"), ensure_ascii=False)


# ------------------------------------------------------------------ reading
def from_record(record: Record) -> tuple[Match, list[Player]]:
    """Rebuild the match a record describes, checking every recorded fact against
    the replay. Raises :class:`RecordError` saying where."""
    players = list(record.players)
    count = record.rules.players
    if len(players) != count:
        raise RecordError(
            "players", f"the rules seat {count} players but {len(players)} are listed"
        )
    if record.actions is not None:
        actions = [(action, f"actions[{i}]") for i, action in enumerate(record.actions)]
    else:
        actions = _actions_from_hands(record.hands, count)
    match = _replay(record.rules, record.seed, actions)
    _advance_to(match, _saved_phase(record, match))
    _check_hands(match, record.hands)
    _check_end(match, record)
    return match, players


def _actions_from_hands(hands: Sequence[HandRecord], players: int) -> list[tuple[Action, str]]:
    """The action log implied by the hands, each with where it is written: bids
    from the eldest, then the tricks."""
    actions: list[tuple[Action, str]] = []
    for h, hand in enumerate(hands):
        _check_seat(hand.dealer, players, f"hands[{h}].dealer")
        for offset in range(1, players + 1):
            seat = (hand.dealer + offset) % players
            bid = hand.bids[seat] if seat < len(hand.bids) else None
            if bid is not None:
                actions.append((Bid.of(seat, bid), f"hands[{h}].bids[{seat}]"))
        for t, trick in enumerate(hand.tricks or ()):
            where = f"hands[{h}].tricks[{t}]"
            _check_seat(trick.leader, players, f"{where}.leader")
            for c, text in enumerate(trick.cards):
                play = Play.of((trick.leader + c) % players, Card.parse(text))
                actions.append((play, f"{where}.cards[{c}]"))
    return actions


def _check_seat(seat: int, players: int, where: str) -> None:
    if not 0 <= seat < players:
        raise RecordError(where, f"there is no seat {seat} at a table of {players}")


def _replay(rules: RuleSet, seed: int, actions: list[tuple[Action, str]]) -> Match:
    match = Match(rules, seed)
    for action, where in actions:
        match.advance_until_decision()
        try:
            match.apply(action)
        except IllegalAction as error:
            raise RecordError(where, f"{action} is illegal here: {error}") from None
    return match


def _saved_phase(record: Record, match: Match) -> Phase:
    """The phase the record was saved in. Version 1 did not say: a save whose last
    hand was dealt but never acted on stood in that hand's bidding."""
    if record.phase is not None:
        return record.phase
    if match.phase.automatic and len(record.hands) > _hands_played(match):
        return Phase.BIDDING
    return match.phase


def _advance_to(match: Match, phase: Phase) -> None:
    """Take the automatic steps that follow the last action until ``phase``: each
    phase comes at most once before the next decision, so the stop is exact."""
    while match.phase is not phase:
        if not match.phase.automatic:
            raise RecordError("phase", f"the actions end in {match.phase.value}, not {phase.value}")
        match.advance()


def _hands_played(match: Match) -> int:
    return len(match.results) + (match.phase in (Phase.BIDDING, Phase.PLAYING))


def _check_hands(match: Match, hands: Sequence[HandRecord]) -> None:
    played = _played_hands(match)
    if len(hands) > len(played):
        raise RecordError(f"hands[{len(played)}]", "this hand was never reached by the actions")
    for h, (recorded, replayed) in enumerate(zip(hands, played, strict=False)):
        said = recorded.stated()
        for key, value in replayed.stated().items():
            if key in said and said[key] != value:
                raise RecordError(
                    f"hands[{h}].{key}",
                    f"the record says {_shown(said[key])} but the game from seed {match.seed} "
                    f"gives {_shown(value)}",
                )


def _check_end(match: Match, record: Record) -> None:
    for where, said, given in (
        ("winners", record.winners, tuple(match.winners)),
        ("totals", record.totals, tuple(match.scores)),
    ):
        if said is not None and said != given:
            raise RecordError(
                where, f"the record says {_shown(said)}, the game gives {_shown(given)}"
            )


def _shown(value: object) -> str:
    """A fact as the file writes it (``[12, 1, 0]``, ``"7H"``, ``null``)."""
    if isinstance(value, TrickRecord | HandRecord):
        value = value.to_json()
    elif isinstance(value, tuple):
        value = [item.to_json() if isinstance(item, TrickRecord) else item for item in value]
    return json.dumps(value, default=str)[:120]
