"""RuleSet: every option of the Oh Hell family in one immutable value.

A RuleSet describes a whole game: the number of players, the hands dealt, how
trumps are chosen, bidding, play and scoring. Building one that cannot be
played raises :class:`RulesError` with a message that names the conflict:

>>> RuleSet(players=4, hook=True, simultaneous_bidding=True)
Traceback (most recent call last):
...
game.rules.errors.RulesError: The dealer's hook needs bidding in turn: ...
>>> RuleSet(players=4, sequence=HandSequence.DOWN_AND_UP, largest_hand=3).hand_sizes
(3, 2, 1, 2, 3)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum
from functools import cached_property
from typing import Any

from game.rules.errors import RecordError, RulesError

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
        for problem in self._problems():
            raise RulesError(problem)
        _ = self.hand_sizes  # validates the schedule against the pack

    # ----------------------------------------------------------- validation
    def _problems(self) -> list[str]:
        problems: list[str] = []
        if not isinstance(self.players, int) or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            problems.append(
                f"Oh Hell is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {self.players}."
            )
        if self.hook and self.simultaneous_bidding:
            problems.append(
                "The dealer's hook needs bidding in turn: with simultaneous bidding nobody "
                "bids last. Turn off the hook or simultaneous bidding."
            )
        problems.extend(self._type_problems())
        if problems:
            return problems
        problems.extend(self._range_problems())
        if self.sequence is HandSequence.CONSTANT and self.max_hands is None:
            if self.target_score is None:
                problems.append(
                    "A constant hand size needs a number of hands or a target score "
                    "to end the game."
                )
            elif self.no_trump_last_hand:
                problems.append(
                    "'No trump in the last hand' needs a known last hand: set a number of hands."
                )
        if not self._can_score():
            problems.append(
                (
                    "The target score could never be reached: this scoring gives no points. "
                    if self.target_score is not None
                    else "This scoring gives no points, so every game would end in a tie. "
                )
                + "Give points for tricks or an exact-bid bonus."
            )
        problems.extend(self._trump_problems())
        problems.extend(self._scoring_problems())
        return problems

    def _range_problems(self) -> list[str]:
        problems = []
        largest, hands, target = self.largest_hand, self.max_hands, self.target_score
        if largest is not None and largest < 1:
            problems.append("The largest hand must be at least one card.")
        if largest is not None and largest > PACK_SIZE:
            problems.append(f"The largest hand can be at most {PACK_SIZE} cards.")
        if hands is not None and hands < 1:
            problems.append("The number of hands must be at least one.")
        if hands is not None and hands > MAX_HANDS:
            problems.append(f"A game can have at most {MAX_HANDS} hands.")
        if target is not None and target < 1:
            problems.append("The target score must be at least one point.")
        if target is not None and target > MAX_POINTS:
            problems.append(f"The target score can be at most {MAX_POINTS} points.")
        return problems

    def _can_score(self) -> bool:
        return (
            self.exact_bonus > 0
            or self.trick_points is not TrickPoints.NEVER
            or self.zero_bid is not ZeroBid.NONE
        )

    def _trump_problems(self) -> list[str]:
        problems = []
        if self.trump is TrumpMethod.NONE:
            if self.must_trump:
                problems.append("La Podrida (must trump) needs trumps, but this game has none.")
            if self.no_trump_when_exhausted or self.no_trump_last_hand:
                problems.append(
                    "The 'no trump' hand options only apply when trumps are turned; "
                    "this game has no trumps at all."
                )
        if self.trump is TrumpMethod.DEALERS_LAST_CARD and self.no_trump_when_exhausted:
            problems.append(
                "When the dealer's last card fixes trumps there is always a card to turn: "
                "'no trump when no card is left' cannot apply."
            )
        return problems

    def _scoring_problems(self) -> list[str]:
        problems = []
        if self.exact_bonus < 0 or self.hard_score_bonus < 0:
            problems.append("Bonuses cannot be negative.")
        if max(self.exact_bonus, self.hard_score_bonus) > MAX_POINTS:
            problems.append(f"Bonuses can be at most {MAX_POINTS} points.")
        if self.settlement is not Settlement.NONE and self.stake < 1:
            problems.append("Stakes need a stake of at least one unit.")
        if self.stake > MAX_POINTS:
            problems.append(f"The stake can be at most {MAX_POINTS} units.")
        return problems

    def _type_problems(self) -> list[str]:
        """Every field of the right type: whole numbers are ints (not bools), flags bools."""
        problems = []
        for f in fields(self):
            value = getattr(self, f.name)
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
                problems.append(f"The rule {f.name!r} cannot be {value!r:.40}.")
        return problems

    # ------------------------------------------------------------ the deal
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
        raise RulesError("No hand can be dealt with these rules.")  # pragma: no cover

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
        return not self.unbounded and number == len(self.hand_sizes)

    def turns_card(self, number: int) -> bool:
        """Whether a card is turned from the stock for trumps in hand ``number``."""
        if self.trump is not TrumpMethod.NEXT_CARD:
            return False
        if self.no_trump_last_hand and self.is_last_hand(number):
            return False
        return self.hand_size(number) * self.players < self.pack_size

    def sequence_for(self, largest: int) -> tuple[int, ...]:
        """The hand sizes of this sequence with ``largest`` cards at the top, capped by
        ``max_hands``."""
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
        return sizes[: self.max_hands] if self.max_hands else sizes

    def _deal_problem(self, sizes: tuple[int, ...]) -> str | None:
        pack = self.pack_size
        stripped = f"the stripped pack has {pack}" if self.strip_pack else f"the pack has {pack}"
        for number, size in enumerate(sizes, start=1):
            dealt = size * self.players
            if dealt > pack:
                most = pack // self.players
                return (
                    f"{size} cards each for {self.players} players needs {dealt} cards, "
                    f"but {stripped}. At most {most} cards each."
                )
            last = number == len(sizes) and not self.unbounded
            needs_turn = self.trump is TrumpMethod.NEXT_CARD and not (
                self.no_trump_last_hand and last
            )
            if needs_turn and dealt == pack and not self.no_trump_when_exhausted:
                return (
                    f"{size} cards each for {self.players} players uses every card, and none "
                    f"is left to turn for trumps. Deal at most {(pack - 1) // self.players} "
                    "each, or play such hands at no trump."
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
            raise RecordError(where, str(error)) from None


_ENUMS: dict[str, type[Enum]] = {
    "sequence": HandSequence,
    "trump": TrumpMethod,
    "first_dealer": FirstDealer,
    "trick_points": TrickPoints,
    "zero_bid": ZeroBid,
    "settlement": Settlement,
}
_OPTIONAL_INTS = {"largest_hand", "max_hands", "target_score"}


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
