"""RuleSet: every option of the Oh Hell family in one immutable value.

A RuleSet describes a whole game: the number of players, the hands dealt, how
trumps are chosen, bidding, play and scoring. Building one that cannot be
played raises :class:`RulesError` with a message that names the conflict:

>>> RuleSet(players=4, hook=True, simultaneous_bidding=True)
Traceback (most recent call last):
...
game.rules.errors.RulesError: rules refused: hook-needs-turns (hook, simultaneous_bidding)
>>> RuleSet(players=4, sequence=HandSequence.DOWN_AND_UP, largest_hand=3).hand_sizes
(3, 2, 1, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property
from typing import Any

from game.rules.errors import RecordError, RulesError
from game.rules.reasons import Conflict as C
from game.rules.reasons import RuleProblem

MIN_PLAYERS = 3
MAX_PLAYERS = 8
PACK_SIZE = 52
MAX_HANDS = 1000
"""The most hands a game may schedule (``max_hands``)."""
MAX_POINTS = 100_000
"""The largest target score, bonus or stake a game may set."""


class HandSequence(str, Enum):
    """How the number of cards dealt changes from hand to hand."""

    CONSTANT = "constant"
    ASCENDING = "ascending"
    DESCENDING = "descending"
    DOWN_AND_UP = "down-and-up"
    UP_AND_DOWN = "up-and-down"


class TrumpMethod(str, Enum):
    """How the trump suit of a hand is fixed."""

    NEXT_CARD = "next-card"
    """The top card of the stock, after the deal, is turned."""
    DEALERS_LAST_CARD = "dealers-last-card"
    """The dealer's own last card is turned and stays in the dealer's hand."""
    NONE = "none"
    """Every hand is played without trumps."""


class FirstDealer(str, Enum):
    """How the first dealer is chosen; after that the deal passes to the left."""

    RANDOM = "random"
    FIRST_JACK = "first-jack"
    HIGHEST_CARD = "highest-card"


class TrickPoints(str, Enum):
    """When a player scores one point per trick taken."""

    ALWAYS = "always"
    EXACT = "exact"
    NEVER = "never"


class ZeroBid(str, Enum):
    """What a successful bid of zero scores, instead of the usual exact-bid score."""

    NONE = "none"
    FIVE = "5"
    TEN = "10"
    FIVE_PLUS_TRICKS = "5+tricks"


class Settlement(str, Enum):
    """How stakes are settled at the end of the game."""

    NONE = "none"
    DIFFERENCES = "differences"
    """Every pair of players settles the difference of their scores at the stake per point."""
    POOL = "pool"
    """Everyone antes the stake to a pool and the winner takes it (shared on a tie)."""


@dataclass(frozen=True)
class RuleSet:
    """Every rule of a game. Construction validates the combination."""

    players: int = 4
    # 1. Hand sequence
    sequence: HandSequence = HandSequence.DOWN_AND_UP
    largest_hand: int | None = 10
    """Cards in the largest hand; ``None`` means as many as the pack allows."""
    max_hands: int | None = None
    """A cap on the number of hands (required for a constant sequence without target)."""
    strip_pack: bool = False
    """Remove ``52 % players`` cards from the bottom so the pack deals out evenly."""
    # 2. Trump
    trump: TrumpMethod = TrumpMethod.NEXT_CARD
    no_trump_when_exhausted: bool = False
    """With the next-card method: a hand that uses every card is played at no trump."""
    no_trump_last_hand: bool = False
    # 3. First dealer
    first_dealer: FirstDealer = FirstDealer.RANDOM
    # 4. Bidding
    simultaneous_bidding: bool = False
    hook: bool = False
    """The dealer may not bid so that the bids add up to the tricks in the hand."""
    announce_total: bool = False
    """After bidding, announce whether the bids are over, under or even."""
    # 5. Play
    must_trump: bool = False
    """La Podrida: a player void in the led suit must trump if able."""
    # 6. Scoring
    trick_points: TrickPoints = TrickPoints.ALWAYS
    exact_bonus: int = 10
    zero_bid: ZeroBid = ZeroBid.NONE
    target_score: int | None = None
    """The game ends after the hand in which someone reaches this score."""
    hard_score_bonus: int = 0
    """Extra points for the winner at the end (Oh Pshaw's hard score gives 10)."""
    settlement: Settlement = Settlement.NONE
    stake: int = 1
    """Per point (differences) or per player (pool)."""

    def __post_init__(self) -> None:
        for problem in _problems(self):
            raise RulesError(problem)
        _ = self.hand_sizes  # validates the schedule against the pack

    @property
    def pack_size(self) -> int:
        """Cards in play after stripping."""
        return PACK_SIZE - (PACK_SIZE % self.players if self.strip_pack else 0)

    @property
    def stripped(self) -> int:
        """Cards removed face down from the bottom of the pack before every deal."""
        return PACK_SIZE - self.pack_size

    @cached_property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards per player in each hand, in order. For an unbounded constant
        sequence (target score only) this is a single entry repeated forever."""
        if self.largest_hand is not None:
            sizes = self.sequence_for(self.largest_hand)
            problem = self._deal_problem(sizes)
            if problem:
                raise RulesError(problem)
            return sizes
        for largest in range(self.pack_size // self.players, 0, -1):
            sizes = self.sequence_for(largest)
            if not self._deal_problem(sizes):
                return sizes
        raise RulesError(_problem(C.NO_HAND, "players"))  # pragma: no cover

    @property
    def unbounded(self) -> bool:
        """True when only the target score ends the game (a constant hand size)."""
        return self.sequence is HandSequence.CONSTANT and self.max_hands is None

    @property
    def largest(self) -> int:
        """The largest hand actually dealt."""
        return max(self.hand_sizes)

    def hand_size(self, number: int) -> int:
        """Cards per player in hand ``number`` (counted from 1)."""
        if self.unbounded:
            return self.hand_sizes[0]
        return self.hand_sizes[number - 1]

    def hand_count(self) -> int | None:
        """How many hands the schedule holds; ``None`` when only the target ends it."""
        return None if self.unbounded else len(self.hand_sizes)

    def is_last_hand(self, number: int) -> bool:
        """Whether hand ``number`` ends the game whatever the scores: the schedule's
        last, or for a game only a target ends, hand :data:`MAX_HANDS` (what a
        record holds: a target nobody reaches cannot make a game endless)."""
        if self.unbounded:
            return number >= MAX_HANDS
        return number == len(self.hand_sizes)

    def turns_card(self, number: int) -> bool:
        """Whether a card is turned from the stock for trumps in hand ``number``."""
        if self.trump is not TrumpMethod.NEXT_CARD:
            return False
        if self.no_trump_last_hand and self.is_last_hand(number):
            return False
        return self.hand_size(number) * self.players < self.pack_size

    @cached_property
    def schedule(self) -> tuple[int, ...]:
        """The hand sizes of the whole sequence, before ``max_hands`` cuts it short
        (what the rules' words describe; :attr:`hand_sizes` is what is dealt)."""
        top = max(self.hand_sizes)
        if self.sequence in (HandSequence.ASCENDING, HandSequence.UP_AND_DOWN):
            top = self.largest_hand or self._most_each()
        return self.sequence_for(top, capped=False)

    def _most_each(self) -> int:
        """The largest hand the pack deals with these rules, when none is set."""
        for largest in range(self.pack_size // self.players, 0, -1):
            if not self._deal_problem(self.sequence_for(largest, capped=False)):
                return largest
        return 1  # pragma: no cover - a single card each is always dealt

    def sequence_for(self, largest: int, capped: bool = True) -> tuple[int, ...]:
        """The hand sizes of this sequence with ``largest`` cards at the top, cut short
        by ``max_hands`` when ``capped``."""
        kind = self.sequence
        if kind is HandSequence.CONSTANT:
            sizes: tuple[int, ...] = (largest,) * (self.max_hands or 1)
        elif kind is HandSequence.ASCENDING:
            sizes = tuple(range(1, largest + 1))
        elif kind is HandSequence.DESCENDING:
            sizes = tuple(range(largest, 0, -1))
        elif kind is HandSequence.DOWN_AND_UP:
            sizes = tuple(range(largest, 0, -1)) + tuple(range(2, largest + 1))
        else:
            sizes = tuple(range(1, largest + 1)) + tuple(range(largest - 1, 0, -1))
        return sizes[: self.max_hands] if self.max_hands and capped else sizes

    def _deal_problem(self, sizes: tuple[int, ...]) -> RuleProblem | None:
        pack, players = self.pack_size, self.players
        numbers = {"players": players, "pack": pack, "stripped": self.strip_pack}
        for number, size in enumerate(sizes, start=1):
            dealt = size * players
            if dealt > pack:
                return _problem(
                    C.PACK_TOO_SMALL,
                    "largest_hand",
                    "players",
                    size=size,
                    needed=dealt,
                    high=pack // players,
                    **numbers,
                )
            last = number == len(sizes) and not self.unbounded
            needs_turn = self.trump is TrumpMethod.NEXT_CARD and not (
                self.no_trump_last_hand and last
            )
            if needs_turn and dealt == pack and not self.no_trump_when_exhausted:
                return _problem(
                    C.NO_CARD_TO_TURN,
                    "largest_hand",
                    "no_trump_when_exhausted",
                    size=size,
                    needed=dealt,
                    high=(pack - 1) // players,
                    **numbers,
                )
        return None

    # -------------------------------------------------------- serialisation
    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary of every rule."""
        return {
            f.name: (value.value if isinstance(value, Enum) else value)
            for f in fields(self)
            for value in [getattr(self, f.name)]
        }

    @classmethod
    def from_dict(cls, data: object, where: str = "rules") -> RuleSet:
        """Read rules written by :meth:`to_dict`; missing keys take their defaults.

        >>> RuleSet.from_dict({"players": 5, "trump": "sideways"})
        Traceback (most recent call last):
        ...
        game.rules.errors.RecordError: rules.trump: 'sideways' is not one of ...
        """
        if not isinstance(data, dict):
            raise RecordError(where, "expected an object of rules")
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in known:
                raise RecordError(f"{where}.{key}", "is not a rule this game knows")
            values[key] = _read_field(cls, key, raw, f"{where}.{key}")
        try:
            return cls(**values)
        except RulesError as error:
            raise RecordError(where, str(error), error.problem) from None


_ENUMS: dict[str, type[Enum]] = {
    "sequence": HandSequence,
    "trump": TrumpMethod,
    "first_dealer": FirstDealer,
    "trick_points": TrickPoints,
    "zero_bid": ZeroBid,
    "settlement": Settlement,
}
_OPTIONAL_INTS = {"largest_hand", "max_hands", "target_score"}


# --------------------------------------------------------------- validation
def _problems(rules: RuleSet) -> list[RuleProblem]:
    problems: list[RuleProblem] = []
    if not isinstance(rules.players, int) or not MIN_PLAYERS <= rules.players <= MAX_PLAYERS:
        value = f"{rules.players!r:.20}"
        limits = {"low": MIN_PLAYERS, "high": MAX_PLAYERS}
        problems.append(_problem(C.PLAYERS, "players", value=value, **limits))
    if rules.hook and rules.simultaneous_bidding:
        problems.append(_problem(C.HOOK_NEEDS_TURNS, "hook", "simultaneous_bidding"))
    problems.extend(_type_problems(rules))
    if problems:
        return problems
    problems.extend(_range_problems(rules))
    if rules.sequence is HandSequence.CONSTANT and rules.max_hands is None:
        if rules.target_score is None:
            problems.append(_problem(C.NO_END, "sequence", "max_hands", "target_score"))
        elif rules.no_trump_last_hand:
            problems.append(_problem(C.LAST_HAND_UNKNOWN, "no_trump_last_hand", "max_hands"))
    if not _can_score(rules):
        names: tuple[str, ...] = ("trick_points", "exact_bonus", "zero_bid")
        if rules.target_score is not None:
            names += ("target_score",)
        problems.append(_problem(C.NO_POINTS, *names))
    problems.extend(_trump_problems(rules))
    problems.extend(_scoring_problems(rules))
    return problems


def _range_problems(rules: RuleSet) -> list[RuleProblem]:
    problems = []
    largest, hands, target = rules.largest_hand, rules.max_hands, rules.target_score
    if largest is not None and largest < 1:
        problems.append(_problem(C.LARGEST_TOO_SMALL, "largest_hand", low=1))
    if largest is not None and largest > PACK_SIZE:
        problems.append(_problem(C.LARGEST_TOO_BIG, "largest_hand", high=PACK_SIZE))
    if hands is not None and hands < 1:
        problems.append(_problem(C.HANDS_TOO_FEW, "max_hands", low=1))
    if hands is not None and hands > MAX_HANDS:
        problems.append(_problem(C.HANDS_TOO_MANY, "max_hands", high=MAX_HANDS))
    if target is not None and target < 1:
        problems.append(_problem(C.TARGET_TOO_SMALL, "target_score", low=1))
    if target is not None and target > MAX_POINTS:
        problems.append(_problem(C.TARGET_TOO_BIG, "target_score", high=MAX_POINTS))
    return problems


def _can_score(rules: RuleSet) -> bool:
    return (
        rules.exact_bonus > 0
        or rules.trick_points is not TrickPoints.NEVER
        or rules.zero_bid is not ZeroBid.NONE
    )


def _trump_problems(rules: RuleSet) -> list[RuleProblem]:
    problems = []
    if rules.trump is TrumpMethod.NONE:
        if rules.must_trump:
            problems.append(_problem(C.MUST_TRUMP_WITHOUT_TRUMPS, "must_trump", "trump"))
        options = tuple(
            name
            for name in ("no_trump_when_exhausted", "no_trump_last_hand")
            if getattr(rules, name)
        )
        if options:
            problems.append(_problem(C.NO_TRUMP_OPTIONS_WITHOUT_TRUMPS, "trump", *options))
    if rules.trump is TrumpMethod.DEALERS_LAST_CARD and rules.no_trump_when_exhausted:
        options = ("trump", "no_trump_when_exhausted")
        problems.append(_problem(C.EXHAUSTED_WITH_LAST_CARD, *options))
    return problems


def _scoring_problems(rules: RuleSet) -> list[RuleProblem]:
    problems = []
    bonuses = ("exact_bonus", "hard_score_bonus")
    negative = tuple(name for name in bonuses if getattr(rules, name) < 0)
    if negative:
        problems.append(_problem(C.NEGATIVE_BONUS, *negative, low=0))
    too_big = tuple(name for name in bonuses if getattr(rules, name) > MAX_POINTS)
    if too_big:
        problems.append(_problem(C.BONUS_TOO_BIG, *too_big, high=MAX_POINTS))
    if rules.settlement is not Settlement.NONE and rules.stake < 1:
        problems.append(_problem(C.STAKE_TOO_SMALL, "stake", "settlement", low=1))
    if rules.stake > MAX_POINTS:
        problems.append(_problem(C.STAKE_TOO_BIG, "stake", high=MAX_POINTS))
    return problems


def _type_problems(rules: RuleSet) -> list[RuleProblem]:
    """Every field of the right type: whole numbers are ints (not bools), flags bools."""
    problems = []
    for f in fields(rules):
        value = getattr(rules, f.name)
        default = f.default
        if isinstance(default, Enum):
            ok = type(value) is type(default)
        elif isinstance(default, bool):
            ok = type(value) is bool
        elif f.name in _OPTIONAL_INTS:
            ok = value is None or type(value) is int
        else:
            ok = type(value) is int
        if not ok:
            problem = _problem(C.WRONG_TYPE, f.name, name=f.name, value=f"{value!r:.40}")
            problems.append(problem)
    return problems


# ------------------------------------------------------------ the deal


def _read_field(cls: type[RuleSet], key: str, raw: object, where: str) -> object:
    enum = _ENUMS.get(key)
    if enum is not None:
        try:
            return enum(raw)
        except ValueError:
            choices = ", ".join(repr(member.value) for member in enum)
            raise RecordError(where, f"{raw!r} is not one of {choices}") from None
    default = next(f.default for f in fields(cls) if f.name == key)
    if isinstance(default, bool):
        if not isinstance(raw, bool):
            raise RecordError(where, f"expected true or false, not {raw!r}")
        return raw
    if raw is None and key in _OPTIONAL_INTS:
        return None
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise RecordError(where, f"expected a whole number, not {raw!r}")
    return raw


def _problem(conflict: C, *options: str, **numbers: Any) -> RuleProblem:
    """The problem ``conflict`` involving ``options``, with the numbers its words need."""
    return RuleProblem(conflict, options, **numbers)
