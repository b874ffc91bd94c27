"""What a new game is: the seats, the rules being chosen, and the remembered setup.

No drawing here: :class:`GameSetup` is a preset plus the options changed,
checked by building the :class:`~game.rules.ruleset.RuleSet`; the seats turn
into players; the last setup is read back for Quick game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any

from game.ai import LEVELS
from game.i18n import _
from game.rules.errors import RecordError, RulesError
from game.rules.presets import PRESET_LIST, PRESETS, Preset
from game.rules.record import Player
from game.rules.ruleset import MAX_PLAYERS, RuleSet

if TYPE_CHECKING:
    from game.settings import Settings

PLAYER_LEVELS = ("easy", "medium", "hard", "expert")
"""The computer levels offered to players, weakest first (``random`` is not offered)."""

COMPUTER_NAMES = (
    "Ada",
    "Basil",
    "Clara",
    "Dmitri",
    "Edith",
    "Felix",
    "Greta",
    "Hugo",
    "Iris",
    "Jasper",
    "Kit",
    "Lena",
)
DEFAULT_PRESET = "oh-hell"
NAME_LENGTH = 24


# ------------------------------------------------------------------ players
def offered_levels() -> tuple[str, ...]:
    """The computer levels a player may choose (those the AI provides)."""
    offered = tuple(level for level in PLAYER_LEVELS if level in LEVELS)
    return offered or ("medium",)


def preferred_level(wanted: str) -> str:
    """``wanted`` if offered, else the strongest offered level below it."""
    offered = offered_levels()
    if wanted in offered:
        return wanted
    rank = PLAYER_LEVELS.index(wanted) if wanted in PLAYER_LEVELS else 1
    below = [level for level in offered if PLAYER_LEVELS.index(level) <= rank]
    return below[-1] if below else offered[0]


@dataclass
class Seat:
    """One seat as the form shows it: a name (blank: a computer plays) and a kind."""

    name: str
    kind: str = "human"


def default_seats(player_name: str) -> list[Seat]:
    """Every possible seat: the player first, then computer opponents."""
    names = [name for name in COMPUTER_NAMES if name.casefold() != player_name.casefold()]
    level = preferred_level("medium")
    return [Seat(player_name, "human")] + [Seat(names[i], level) for i in range(MAX_PLAYERS - 1)]


def seat_players(seats: Sequence[Seat]) -> list[Player]:
    """The players for ``seats``; a seat without a name is filled by a computer player."""
    taken = {seat.name.strip().casefold() for seat in seats if seat.name.strip()}
    spare = [name for name in COMPUTER_NAMES if name.casefold() not in taken]
    spare += [_("Robot {number}").format(number=n) for n in range(1, MAX_PLAYERS + 1)]
    players = []
    for seat in seats:
        name = seat.name.strip()[:NAME_LENGTH]
        if name:
            players.append(Player(name, seat.kind))
        else:
            kind = seat.kind if seat.kind != "human" else preferred_level("medium")
            players.append(Player(spare.pop(0), kind))
    return players


def new_seed() -> int:
    """A fresh deal number, different every time."""
    return random.SystemRandom().randrange(1, 1_000_000)


def setup_record(rules: RuleSet, players: Sequence[Player]) -> dict[str, Any]:
    """What ``last_setup`` remembers: the rules and who sat where."""
    return {"rules": rules.to_dict(), "players": [player.to_json() for player in players]}


def _read_players(data: object) -> list[Player]:
    if not isinstance(data, list):
        raise TypeError("players")
    players = []
    for entry in data:
        name, kind = str(entry["name"]).strip()[:NAME_LENGTH], str(entry["kind"])
        if not name:
            raise ValueError("a player without a name")
        if kind != "human" and kind not in offered_levels():
            kind = preferred_level(kind)
        players.append(Player(name, kind))
    return players


def saved_setup(settings: Settings) -> tuple[RuleSet, list[Player]] | None:
    """The last new game's rules and players, if remembered and still valid."""
    saved = settings.last_setup
    if not isinstance(saved, dict):
        return None
    try:
        rules = RuleSet.from_dict(saved["rules"])
        players = _read_players(saved["players"])
    except (RecordError, KeyError, TypeError, ValueError):
        return None
    if len(players) != rules.players:
        return None
    return rules, players


def quick_setup(settings: Settings) -> tuple[RuleSet, list[Player]]:
    """Quick game: the last setup, or Oh Hell for four (you and three computers)."""
    saved = saved_setup(settings)
    if saved is not None:
        return saved
    rules = PRESETS[DEFAULT_PRESET].rules(4)
    names = [name for name in COMPUTER_NAMES if name.casefold() != settings.player_name.casefold()]
    levels = [preferred_level(level) for level in ("medium", "hard", "hard")]
    players = [Player(settings.player_name, "human")]
    players += [Player(names[i], levels[i]) for i in range(3)]
    return rules, players


# -------------------------------------------------------------------- rules
_RULE_FIELDS = tuple(f.name for f in fields(RuleSet) if f.name != "players")


@dataclass
class GameSetup:
    """The rules being chosen: a preset, the player count, and the options changed."""

    preset: Preset
    count: int
    overrides: dict[str, Any] = field(default_factory=dict)

    def base(self) -> dict[str, Any]:
        """The preset's rules for this many players, field by field."""
        try:
            rules = self.preset.build(self.count)
        except RulesError:
            rules = RuleSet()
        values = {name: getattr(rules, name) for name in _RULE_FIELDS}
        values["players"] = self.count
        return values

    def values(self) -> dict[str, Any]:
        values = self.base()
        values.update(self.overrides)
        values["players"] = self.count
        return values

    @property
    def modified(self) -> bool:
        return bool(self.overrides)

    def change(self, name: str, value: Any) -> None:
        """Change one rule; setting it back to the preset's value forgets the change."""
        if self.base()[name] == value:
            self.overrides.pop(name, None)
        else:
            self.overrides[name] = value
        self._tidy()

    def _tidy(self) -> None:
        base = self.base()
        for name in [name for name, value in self.overrides.items() if base[name] == value]:
            del self.overrides[name]

    def choose(self, preset: Preset) -> None:
        """Start again from ``preset``, keeping the player count when it allows it."""
        self.preset = preset
        self.overrides.clear()
        self.count = min(max(self.count, preset.min_players), preset.max_players)

    def set_count(self, count: int) -> None:
        self.count = count
        self._tidy()

    def rules(self) -> RuleSet:
        """The RuleSet; raises RulesError saying why it cannot be played."""
        if not self.modified:
            return self.preset.rules(self.count)
        return RuleSet(**self.values())

    def check(self) -> tuple[RuleSet | None, str | None, set[str]]:
        """The rules, or the engine's message and the options involved."""
        try:
            return self.rules(), None, set()
        except RulesError as error:
            return None, str(error), self._culprits(str(error))

    def _culprits(self, message: str) -> set[str]:
        """The options involved in ``message``: those where another value (the
        preset's, the other switch position, another choice) makes the rules valid."""
        if not self.modified:
            return {"players"}
        values, base = self.values(), self.base()
        involved = set()
        for name in _RULE_FIELDS:
            for candidate in _alternatives(name, values[name], base[name]):
                try:
                    RuleSet(**dict(values, **{name: candidate}))
                except RulesError:
                    continue
                involved.add(name)
                break
        return involved or {"players"}

    @classmethod
    def from_rules(cls, rules: RuleSet) -> GameSetup:
        """The preset closest to ``rules`` with the differences as changes."""

        def differences(preset: Preset) -> dict[str, Any]:
            setup = cls(preset, rules.players)
            base = setup.base()
            return {
                name: getattr(rules, name)
                for name in _RULE_FIELDS
                if base[name] != getattr(rules, name)
            }

        best = min(PRESET_LIST, key=lambda preset: len(differences(preset)))
        return cls(best, rules.players, differences(best))


_OPTIONAL = {"largest_hand": 1, "max_hands": 1, "target_score": 100}
"""The options that may be None, with a value worth trying instead of None."""


def _alternatives(name: str, value: Any, preset_value: Any) -> list[Any]:
    """Other values worth trying for option ``name``, now ``value``."""
    others: list[Any] = [preset_value]
    if isinstance(value, bool):
        others.append(not value)
    elif isinstance(value, Enum):
        others.extend(type(value))
    elif name in _OPTIONAL:
        others.append(None if value is not None else _OPTIONAL[name])
    return [other for other in others if other != value]
