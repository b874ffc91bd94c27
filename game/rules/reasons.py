"""Why the engine refuses something, as data: an enum that says what, and the fields
the words need. The engine speaks no language; ``game.i18n.reasons`` turns each of
these into the player's words.

>>> refused = RefusedAction(Refusal.MUST_FOLLOW, seat=2, led=Suit.HEARTS)
>>> refused.why.value, refused.led
('must-follow', <Suit.HEARTS: 2>)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from game.rules.cards import Card, Suit


class Refusal(Enum):
    """Why an action is not allowed now."""

    GAME_OVER = "game-over"
    NOT_DEALT = "not-dealt"
    """The match is between two decisions (dealing, scoring): nobody may act."""
    WAITING = "waiting"
    """``advance`` was asked for while a player must act."""
    NOT_AN_ACTION = "not-an-action"
    ILL_TYPED = "ill-typed"
    BIDDING_OVER = "bidding-over"
    NO_SUCH_SEAT = "no-such-seat"
    ALREADY_BID = "already-bid"
    NOT_YOUR_BID = "not-your-bid"
    NEGATIVE_BID = "negative-bid"
    BID_TOO_HIGH = "bid-too-high"
    HOOK = "hook"
    NOT_PLAYING = "not-playing"
    NOT_YOUR_PLAY = "not-your-play"
    NOT_HELD = "not-held"
    MUST_FOLLOW = "must-follow"
    MUST_TRUMP = "must-trump"


@dataclass(frozen=True, slots=True)
class RefusedAction:
    """An action refused: ``why``, and what the words need: the seat, the bid refused,
    the tricks in the hand, the card, the suit led, the trump suit."""

    why: Refusal
    seat: int | None = None
    bid: int | None = None
    tricks: int | None = None
    card: Card | None = None
    led: Suit | None = None
    trump: Suit | None = None


class NoTrumpReason(Enum):
    """Why a hand is played without trumps."""

    NO_TRUMPS = "no-trumps"
    """The game has no trumps at all."""
    LAST_HAND = "last-hand"
    """The rules play the last hand at no trump."""
    PACK_EXHAUSTED = "pack-exhausted"
    """Every card was dealt: none is left to turn."""


class Conflict(Enum):
    """Why a rule set cannot be played."""

    PLAYERS = "players"
    WRONG_TYPE = "wrong-type"
    HOOK_NEEDS_TURNS = "hook-needs-turns"
    LARGEST_TOO_SMALL = "largest-too-small"
    LARGEST_TOO_BIG = "largest-too-big"
    HANDS_TOO_FEW = "hands-too-few"
    HANDS_TOO_MANY = "hands-too-many"
    TARGET_TOO_SMALL = "target-too-small"
    TARGET_TOO_BIG = "target-too-big"
    NO_END = "no-end"
    LAST_HAND_UNKNOWN = "last-hand-unknown"
    NO_POINTS = "no-points"
    MUST_TRUMP_WITHOUT_TRUMPS = "must-trump-without-trumps"
    NO_TRUMP_OPTIONS_WITHOUT_TRUMPS = "no-trump-options-without-trumps"
    EXHAUSTED_WITH_LAST_CARD = "exhausted-with-last-card"
    NEGATIVE_BONUS = "negative-bonus"
    BONUS_TOO_BIG = "bonus-too-big"
    STAKE_TOO_SMALL = "stake-too-small"
    STAKE_TOO_BIG = "stake-too-big"
    PACK_TOO_SMALL = "pack-too-small"
    NO_CARD_TO_TURN = "no-card-to-turn"
    NO_HAND = "no-hand"
    PRESET_PLAYERS = "preset-players"
    UNKNOWN_PRESET = "unknown-preset"


@dataclass(frozen=True, slots=True)
class RuleProblem:
    """A rule set refused: the ``conflict``, the options (``RuleSet`` field names)
    involved, so a form can mark them, and the numbers the words need."""

    conflict: Conflict
    options: tuple[str, ...] = ()
    players: int | None = None
    size: int | None = None
    """Cards each in the hand that cannot be dealt."""
    needed: int | None = None
    """Cards that hand needs."""
    pack: int | None = None
    """Cards in the (stripped) pack."""
    low: int | None = None
    high: int | None = None
    """The bounds broken (the most cards each, the most hands, points or players)."""
    stripped: bool = False
    name: str = ""
    """An option's name (a wrong type) or a preset's (its player range, an unknown id)."""
    value: str = ""
    """The offending value as written (a wrong type, an unknown preset id)."""
