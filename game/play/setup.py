"""What a new game is: the seats, the rules being chosen, and the remembered setup.

No drawing here. :class:`NewGameSetup` is the new-game form as data: the seats,
the rules being chosen (a :class:`RulesDraft`, a preset plus the options
changed) and the deal number, checked after every change so a screen only has
to show it. The names and levels of computer players, the default table and the
setup remembered for Quick game live here too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from game.i18n import _
from game.i18n.reasons import rules_words
from game.rules.errors import RulesError
from game.rules.names import NAME_LENGTH, clean_name
from game.rules.presets import PRESET_LIST, PRESETS, Preset
from game.rules.reasons import RuleProblem
from game.rules.record import LEVELS, Level, Player, PlayerKind, is_level
from game.rules.ruleset import MAX_PLAYERS, RuleSet, Settlement
from game.settings import Setup

if TYPE_CHECKING:
    from game.settings import Settings

PLAYER_LEVELS: tuple[Level, ...] = ("easy", "medium", "hard", "expert")
"""The computer levels offered to players, weakest first (``random`` is not offered)."""

OPPONENT_LEVELS: tuple[Level, ...] = ("easy", "medium", "medium")
"""The levels of the computers at the default table, seat after seat (repeated): the
table a new player meets with Quick game, gentle enough to learn at, with take-backs."""

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
"""The names computer players get, in seat order."""

DEFAULT_PRESET = "oh-hell"
DEFAULT_TARGET = 100
"""The target score offered when a game first ends at one."""


# ------------------------------------------------------------------ players
def level_name(level: Level) -> str:
    """The name of a computer level as players read it (Easy, Medium...)."""
    names: dict[Level, str] = {
        "random": _("Random"),
        "easy": _("Easy"),
        "medium": _("Medium"),
        "hard": _("Hard"),
        "expert": _("Expert"),
    }
    return names[level]


def offered_levels() -> tuple[Level, ...]:
    """The computer levels a player may choose (those the AI provides)."""
    offered = tuple(level for level in PLAYER_LEVELS if level in LEVELS)
    return offered or ("medium",)


def preferred_level(wanted: str) -> Level:
    """``wanted`` if offered, else the strongest offered level below it (a level
    no longer offered, or one not known, as remembered by an older version)."""
    offered = offered_levels()
    if is_level(wanted) and wanted in offered:
        return wanted
    rank = PLAYER_LEVELS.index(wanted) if is_level(wanted) and wanted in PLAYER_LEVELS else 1
    below = [level for level in offered if PLAYER_LEVELS.index(level) <= rank]
    return below[-1] if below else offered[0]


def default_table(
    count: int, human: str | None = None, levels: Sequence[Level] = OPPONENT_LEVELS
) -> list[Player]:
    """``count`` players: ``human`` first if given, then computers named from
    :data:`COMPUTER_NAMES` (never the human's name) at ``levels``, repeated as
    needed and each brought down to a level the AI offers."""
    if human is not None:
        human = clean_name(human, NAME_LENGTH) or default_name(0)
    people = [Player(human, "human")] if human is not None else []
    taken = human.casefold() if human is not None else None
    names = [name for name in COMPUTER_NAMES if name.casefold() != taken]
    computers = [
        Player(names[index], preferred_level(levels[index % len(levels)]))
        for index in range(count - len(people))
    ]
    return people + computers


@dataclass
class SeatChoice:
    """One seat of the form: a name (blank: a default is used) and a kind."""

    name: str
    kind: PlayerKind = "human"


def default_seats(player_name: str) -> list[SeatChoice]:
    """Every possible seat: the player first, then computer opponents."""
    table = default_table(MAX_PLAYERS, player_name, ("medium",))
    return [SeatChoice(player.name, player.kind) for player in table]


def default_name(index: int) -> str:
    """The name of a person who left seat ``index`` (from 0) without one."""
    return _("Player {number}").format(number=index + 1)


def seat_players(seats: Sequence[SeatChoice]) -> list[Player]:
    """The players for ``seats``, each of the kind chosen. A person left without a
    name is "Player N"; a computer left without one gets a spare computer name."""
    taken = {seat.name.strip().casefold() for seat in seats if seat.name.strip()}
    spare = [name for name in COMPUTER_NAMES if name.casefold() not in taken]
    spare += [_("Robot {number}").format(number=n) for n in range(1, MAX_PLAYERS + 1)]
    players = []
    for index, seat in enumerate(seats):
        name = clean_name(seat.name, NAME_LENGTH)
        if not name:
            name = default_name(index) if seat.kind == "human" else spare.pop(0)
        players.append(Player(name, seat.kind))
    return players


SEED_LIMIT = 2**63
"""Deal numbers are below this (what a record holds)."""
SEED_DIGITS = len(str(SEED_LIMIT - 1))
"""The most digits a deal number has (19)."""


def new_seed() -> int:
    """A fresh deal number from the system's secure source (``secrets`` draws from the
    same one), any of 2**63 - 1: no player can work the deal out from the cards they
    hold, as they could when deals were numbered below a million."""
    return random.SystemRandom().randrange(1, SEED_LIMIT)


def typed_seed(text: str) -> int | None:
    """The deal number ``text`` names (digits 0-9 only, below :data:`SEED_LIMIT`), or
    None.

    >>> typed_seed(" 42 "), typed_seed("4²"), typed_seed("9" * 19), typed_seed("")
    (42, None, None, None)
    """
    text = text.strip()
    if not text or len(text) > SEED_DIGITS or not (text.isascii() and text.isdigit()):
        return None
    number = int(text)
    return number if number < SEED_LIMIT else None


def saved_setup(settings: Settings) -> tuple[RuleSet, list[Player]] | None:
    """The last new game's rules and players, if remembered."""
    return _setup_of(settings.last_setup)


def _setup_of(saved: Setup | None) -> tuple[RuleSet, list[Player]] | None:
    """A remembered setup's rules and players, each computer at a level offered now."""
    if saved is None:
        return None
    players = [
        player if player.kind == "human" else Player(player.name, preferred_level(player.kind))
        for player in saved.players
    ]
    return saved.rules, players


def solo(players: Sequence[Player]) -> bool:
    """One person against computers."""
    return sum(player.kind == "human" for player in players) == 1


def quick_setup(settings: Settings) -> tuple[RuleSet, list[Player]]:
    """Quick game: always one person against computers. The last such game set up under
    New game (a game of several people at one screen never changes it), or Oh Hell for
    four against Easy and Medium computers."""
    for remembered in (settings.solo_setup, settings.last_setup):
        saved = _setup_of(remembered)
        if saved is not None and solo(saved[1]):
            return saved
    return PRESETS[DEFAULT_PRESET].rules(4), default_table(4, settings.player_name)


def last_setup(settings: Settings) -> tuple[RuleSet, list[Player]]:
    """The game last set up under New game (people at one screen too), or the default
    table: what a table hosted for friends starts from."""
    saved = saved_setup(settings)
    if saved is not None:
        return saved
    return PRESETS[DEFAULT_PRESET].rules(4), default_table(4, settings.player_name)


def remembered_setups(rules: RuleSet, players: Sequence[Player]) -> dict[str, Any]:
    """The settings a dealt game changes: the form's last setup and, for one person
    against computers, Quick game's."""
    setup = Setup(rules, tuple(players))
    return {"last_setup": setup, **({"solo_setup": setup} if solo(players) else {})}


# -------------------------------------------------------------------- rules
_RULE_FIELDS = tuple(f.name for f in fields(RuleSet) if f.name != "players")


@dataclass
class RulesDraft:
    """The rules being chosen: a preset, the player count, and the options changed."""

    preset: Preset
    count: int
    overrides: dict[str, Any] = field(default_factory=dict)

    @property
    def count_allowed(self) -> bool:
        """The preset is played by this many players."""
        return self.preset.min_players <= self.count <= self.preset.max_players

    def base(self) -> dict[str, Any]:
        """The preset's rules for this many players, field by field (outside the
        preset's range, its rules for the nearest count it allows: never another
        preset's or the engine's defaults)."""
        preset = self.preset
        nearest = min(max(self.count, preset.min_players), preset.max_players)
        rules = preset.build(nearest)
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
        """The RuleSet; raises RulesError saying why it cannot be played. A preset is
        played only by the player counts it names, whatever else was changed: its
        rules (the hand sizes above all) are made for those."""
        if not self.modified or not self.count_allowed:
            return self.preset.rules(self.count)
        return RuleSet(**self.values())

    def check(self) -> tuple[RuleSet | None, str | None, set[str]]:
        """The rules, or the engine's reason in words and the options it names."""
        try:
            return self.rules(), None, set()
        except RulesError as error:
            return None, rules_words(error.problem), self._culprits(error.problem)

    def _culprits(self, problem: RuleProblem) -> set[str]:
        """The options to mark: those the engine names that the player can change here
        (the player count for a preset's own rules)."""
        if not self.modified or not self.count_allowed:
            return {"players"}
        named = set(problem.options) & (set(_RULE_FIELDS) | {"players"})
        return named or {"players"}

    @classmethod
    def from_rules(cls, rules: RuleSet) -> RulesDraft:
        """The preset closest to ``rules`` with the differences as changes."""

        def differences(preset: Preset) -> dict[str, Any]:
            setup = cls(preset, rules.players)
            base = setup.base()
            return {
                name: getattr(rules, name)
                for name in _RULE_FIELDS
                if base[name] != getattr(rules, name)
            }

        def distance(preset: Preset) -> tuple[bool, int]:
            return rules.players not in preset.player_range, len(differences(preset))

        best = min(PRESET_LIST, key=distance)
        return cls(best, rules.players, differences(best))


# --------------------------------------------------------------------- form
@dataclass(frozen=True)
class Steps:
    """How a numeric option is stepped: its bounds, the step, and the value it
    starts from when it had none."""

    low: int
    high: int
    step: int = 1
    start: int = 10


STEPS = {
    "largest_hand": Steps(1, 52),
    "max_hands": Steps(1, 99),
    "exact_bonus": Steps(0, 50),
    "hard_score_bonus": Steps(0, 100, 5),
    "target_score": Steps(10, 1000, 10),
    "stake": Steps(1, 100),
}
"""The numeric options a player steps through, by name."""


@dataclass(frozen=True)
class Deal:
    """Everything a game starts from."""

    rules: RuleSet
    seed: int
    players: list[Player]


class NewGameSetup:
    """The new-game form as data: the seats, the rules being chosen and the deal
    number, checked after every change.

    ``rules`` is what would be dealt, or None while ``problem`` says why the game
    cannot start; ``culprits`` names what the problem involves: options by name,
    ``players`` for the player count, ``seat:N`` for seat N (from 0).
    """

    def __init__(
        self, player_name: str, saved: tuple[RuleSet, Sequence[Player]] | None = None
    ) -> None:
        self.seats = default_seats(player_name)
        self.draft = RulesDraft(PRESETS[DEFAULT_PRESET], 4)
        if saved is not None:
            rules, players = saved
            self.draft = RulesDraft.from_rules(rules)
            for index, player in enumerate(players):
                self.seats[index] = SeatChoice(player.name, player.kind)
            if players[0].kind == "human":
                self.seats[0].name = player_name
        self.seed_text = ""
        """The deal number as typed; empty for a new, secret deal each game."""
        self.rules: RuleSet | None = None
        self.problem: str | None = None
        self.culprits: set[str] = set()
        self._last_target = DEFAULT_TARGET
        self._check()

    @classmethod
    def remembered(cls, settings: Settings) -> NewGameSetup:
        """The form as the player left it last time (or the default table)."""
        return cls(settings.player_name, saved_setup(settings))

    # ------------------------------------------------------------- reading
    @property
    def count(self) -> int:
        return self.draft.count

    @property
    def preset(self) -> Preset:
        return self.draft.preset

    @property
    def changes(self) -> int:
        """How many options differ from the preset's."""
        return len(self.draft.overrides)

    def values(self) -> dict[str, Any]:
        """Every option of the rules being chosen, by name."""
        return self.draft.values()

    @property
    def players(self) -> list[Player]:
        """The players as the game would seat them now."""
        return seat_players(self.seats[: self.count])

    def seated_name(self, index: int) -> str:
        """The name seat ``index`` gets if its name is left empty."""
        if index >= self.count:
            return ""
        spare = [
            SeatChoice("", seat.kind) if i == index else seat for i, seat in enumerate(self.seats)
        ]
        return seat_players(spare[: self.count])[index].name

    @property
    def seed(self) -> int | None:
        return typed_seed(self.seed_text)

    def shown(self, name: str) -> int | None:
        """The number option ``name`` stands at: its value, or for "as the rules
        allow" the number the rules work out (None when they cannot be built)."""
        value = self.values()[name]
        if value is None and self.rules is not None:
            if name == "largest_hand":
                return self.rules.largest
            if name == "max_hands":
                return self.rules.hand_count()
        return value if isinstance(value, int) else None

    def applies(self, name: str) -> bool:
        """False for an option the other choices make pointless (no target, no stakes)."""
        values = self.values()
        if name == "target_score":
            return values["target_score"] is not None
        if name == "stake":
            return values["settlement"] is not Settlement.NONE
        return True

    def involves(self, names: Sequence[str]) -> bool:
        """True when the problem involves any of ``names``."""
        return not self.culprits.isdisjoint(names)

    # ------------------------------------------------------------ changing
    def choose_preset(self, preset_id: str) -> None:
        self.draft.choose(PRESETS[preset_id])
        self._check()

    def reset_rules(self) -> None:
        """Back to the preset's rules."""
        self.draft.overrides.clear()
        self._check()

    def set_rule(self, name: str, value: Any) -> None:
        if name == "target_score" and value is not None:
            self._last_target = value
        self.draft.change(name, value)
        self._check()

    def end_at_target(self, on: bool) -> None:
        """End at a target score (the last one chosen) or after the last hand."""
        self.set_rule("target_score", self._last_target if on else None)

    def step(self, name: str, direction: int) -> None:
        """One step up (+1) or down (-1) for number option ``name``, within bounds."""
        steps, value = STEPS[name], self.shown(name)
        start = value if value is not None else steps.start
        target = min(steps.high, max(steps.low, start + direction * steps.step))
        if self.values()[name] is None or target != value:
            self.set_rule(name, target)

    def toggle_unset(self, name: str) -> None:
        """Switch option ``name`` between "as the rules allow" (None) and a number."""
        if self.values()[name] is not None:
            self.set_rule(name, None)
            return
        value = self.shown(name)
        self.set_rule(name, value if value is not None else STEPS[name].start)

    def set_count(self, count: int) -> None:
        self.draft.set_count(count)
        self._check()

    def set_kind(self, seat: int, kind: PlayerKind) -> None:
        self.seats[seat].kind = kind
        self._check()

    def set_name(self, seat: int, name: str) -> None:
        self.seats[seat].name = name[:NAME_LENGTH]
        self._check()

    def set_seed(self, text: str) -> None:
        """The deal number as typed (digits; anything else deals a fresh one)."""
        self.seed_text = text

    def roll_seed(self) -> None:
        """Back to a new, secret deal (the number typed is forgotten)."""
        self.seed_text = ""

    def deal(self) -> Deal | None:
        """What to start, or None while the setup cannot be played: the deal number
        typed, or without one a new, secret deal (:func:`new_seed`)."""
        self._check()
        if self.rules is None:
            return None
        seed = self.seed
        return Deal(self.rules, new_seed() if seed is None else seed, self.players)

    def _check(self) -> None:
        """Build the rules and check the names; remember what is wrong and where."""
        rules, problem, culprits = self.draft.check()
        if problem is None:
            problem, culprits = _name_clash(self.players)
        self.rules = rules if problem is None else None
        self.problem = problem
        self.culprits = culprits


def _name_clash(players: Sequence[Player]) -> tuple[str | None, set[str]]:
    """The complaint about two players sharing a name, and their seats."""
    seen: dict[str, int] = {}
    for index, player in enumerate(players):
        key = player.name.casefold()
        if key in seen:
            problem = _("Two players are called {name}: give every player a different name.")
            return problem.format(name=player.name), {f"seat:{seen[key]}", f"seat:{index}"}
        seen[key] = index
    return None, set()
