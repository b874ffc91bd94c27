"""New game: choose a variant or customise every rule, seat the players, deal.

The left column lists the presets with the chosen one's description. The right
panel has four pages: the players (3 to 8 seats, each human or a computer
level, with names), and the rules in three pages (the deal, bidding and play,
scoring) where every option of :class:`~game.rules.ruleset.RuleSet` can be
changed. The rules are checked live by building the RuleSet: an impossible
combination shows the engine's own explanation next to the Start button, marks
the rows involved and keeps Start disabled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from enum import Enum
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

from game.ai import LEVELS
from game.i18n import _, tr
from game.rules.describe import describe
from game.rules.errors import RecordError, RulesError
from game.rules.presets import PRESET_LIST, PRESETS, Preset
from game.rules.record import Player
from game.rules.ruleset import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    FirstDealer,
    HandSequence,
    RuleSet,
    Settlement,
    TrickPoints,
    TrumpMethod,
    ZeroBid,
)
from game.ui import theme
from game.ui.gui import (
    Choice,
    GuiScene,
    draw_wrapped,
    object_id,
    set_enabled,
    set_selected,
    set_visible,
    unfocus,
)
from game.ui.widgets import draw_tooltip

if TYPE_CHECKING:
    from game.settings import Settings
    from game.ui.app import App

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
SEED_DIGITS = 9
NAME_LENGTH = 24
WARNING_TEXT = (246, 160, 146)


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


def kind_label(kind: str) -> str:
    labels = {
        "human": _("Human"),
        "easy": _("Easy"),
        "medium": _("Medium"),
        "hard": _("Hard"),
        "expert": _("Expert"),
    }
    return labels.get(kind, kind.title())


def kind_tip(kind: str) -> str:
    tips = {
        "human": _("Played by a person at this computer (pass the mouse around)."),
        "easy": _("A beginner: bids by feel and plays the obvious card."),
        "medium": _("A steady club player who counts trumps and guards the bid."),
        "hard": _("A strong player who reads the table and plans the whole hand."),
        "expert": _("Thinks through many possible deals before every decision."),
    }
    return tips.get(kind, "")


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


# --------------------------------------------------------------------- rows
@dataclass
class Row:
    """One line of a rules page: a label drawn by the scene and its controls."""

    page: str
    fields: tuple[str, ...]
    label: str
    tip: str
    rect: pygame.Rect
    elements: list[Any]
    refresh: Callable[[dict[str, Any], RuleSet | None], None]


PAGES = ("players", "deal", "bidding", "scoring")


class NewGameScene(GuiScene):
    """Choose the variant, customise the rules, seat the players and deal."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.seats = default_seats(settings.player_name)
        self.setup = GameSetup(PRESETS[DEFAULT_PRESET], 4)
        saved = saved_setup(settings)
        if saved is not None:
            rules, players = saved
            self.setup = GameSetup.from_rules(rules)
            for index, player in enumerate(players):
                self.seats[index] = Seat(player.name, player.kind)
            if players[0].kind == "human":
                self.seats[0].name = settings.player_name
        self.seed_text = str(new_seed())
        self.page = "players"
        self.rules: RuleSet | None = None
        self.problem: str | None = None
        self.culprits: set[str] = set()
        self.mouse = (-1, -1)
        self._last_target = 100
        self._last_stake = 1
        self.rows: list[Row] = []
        self.validate()

    # -------------------------------------------------------------- model
    @property
    def players(self) -> list[Player]:
        """The players as the game would seat them now."""
        return seat_players(self.seats[: self.setup.count])

    @property
    def seed(self) -> int | None:
        text = self.seed_text.strip()
        return int(text) if text.isdigit() else None

    def validate(self) -> None:
        """Build the rules and check the names; remember what is wrong and where."""
        rules, problem, culprits = self.setup.check()
        if problem is None:
            seen: dict[str, int] = {}
            for index, player in enumerate(self.players):
                key = player.name.casefold()
                if key in seen:
                    problem = _(
                        "Two players are called {name}: give every player a different name."
                    ).format(name=player.name)
                    culprits = {f"seat:{seen[key]}", f"seat:{index}"}
                    break
                seen[key] = index
        self.rules = rules if problem is None else None
        self.problem = problem
        self.culprits = culprits

    def changed(self) -> None:
        """The model changed: check it again and bring every control up to date."""
        self.validate()
        if self.manager is None or not hasattr(self, "start_button"):
            return
        values = self.setup.values()
        for row in self.rows:
            row.refresh(values, self.rules)
        self.preset_choice.set(self.setup.preset.id)
        self.count_choice.set(self.setup.count)
        for index, choice in enumerate(self.kind_choices):
            choice.set(self.seats[index].kind)
        set_enabled(self.start_button, self.rules is not None)
        set_visible(self.reset_button, self.setup.modified)
        self.show_page()

    # ------------------------------------------------------------- actions
    def choose_preset(self, preset_id: str) -> None:
        self.setup.choose(PRESETS[preset_id])
        self.changed()

    def reset_rules(self) -> None:
        self.setup.overrides.clear()
        self.changed()

    def set_rule(self, name: str, value: Any) -> None:
        if name == "target_score" and value is not None:
            self._last_target = value
        if name == "stake":
            self._last_stake = value
        self.setup.change(name, value)
        self.changed()

    def set_count(self, count: int) -> None:
        self.setup.set_count(count)
        self.changed()

    def set_kind(self, seat: int, kind: str) -> None:
        self.seats[seat].kind = kind
        self.changed()

    def set_name(self, seat: int, name: str) -> None:
        self.seats[seat].name = name[:NAME_LENGTH]
        if hasattr(self, "name_entries") and self.name_entries[seat].get_text() != name:
            self.name_entries[seat].set_text(name)
        self.changed()

    def set_seed(self, seed: int | str) -> None:
        self.seed_text = str(seed)
        if hasattr(self, "seed_entry") and self.seed_entry.get_text() != self.seed_text:
            self.seed_entry.set_text(self.seed_text)

    def show_page(self, page: str | None = None) -> None:
        if page is not None:
            self.page = page
        if not hasattr(self, "page_elements"):
            return
        for name, elements in self.page_elements.items():
            for element in elements:
                set_visible(element, name == self.page)
        if self.page == "players":
            for index, elements in enumerate(self.seat_elements):
                for element in elements:
                    set_visible(element, index < self.setup.count)
        self.page_choice.set(self.page)

    def start(self) -> None:
        """Deal: remember the setup for Quick game and go to the table."""
        self.validate()
        if self.rules is None:
            return
        players = self.players
        seed = self.seed
        if seed is None:
            seed = new_seed()
            self.set_seed(seed)
        self.app.store.update(last_setup=setup_record(self.rules, players))
        self.app.start_game(self.rules, seed, players)

    # -------------------------------------------------------------- layout
    def build(self) -> None:
        self.rows = []
        self.page_elements: dict[str, list[Any]] = {page: [] for page in PAGES}
        self._build_presets()
        self._build_pages()
        self._build_players()
        self._build_deal()
        self._build_bidding()
        self._build_scoring()
        self._build_bottom()
        self.changed()

    def _build_presets(self) -> None:
        options = [(preset.id, tr(preset.name)) for preset in PRESET_LIST]
        rects = [self.rect(40, 116 + i * 37, 380, 32) for i in range(len(options))]
        self.preset_choice = self.choice_at(
            rects, options, self.setup.preset.id, self.choose_preset, style="listitem"
        )
        self.reset_button = self.button(
            self.rect(318, 422, 102, 28),
            _("Reset"),
            self.reset_rules,
            style="ghost",
            tooltip=_("Forget the changes and use the preset's rules."),
        )

    def _build_pages(self) -> None:
        labels = {
            "players": _("Players"),
            "deal": _("Deal & trumps"),
            "bidding": _("Bidding & play"),
            "scoring": _("Scoring"),
        }
        self.page_choice = self.choice(
            self.rect(466, 92, 758, 38),
            [(page, labels[page]) for page in PAGES],
            self.page,
            self.show_page,
            style="tab",
        )

    def _build_players(self) -> None:
        page = self.page_elements["players"]
        self.count_choice = self.choice(
            self.rect(700, 150, 520, 36),
            [(n, str(n)) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            self.setup.count,
            self.set_count,
        )
        page.extend(self.count_choice.buttons)
        self.name_entries: list[UITextEntryLine] = []
        self.kind_choices: list[Choice[str]] = []
        self.seat_elements: list[list[Any]] = []
        kinds = ["human", *offered_levels()]
        for index in range(MAX_PLAYERS):
            y = 204 + index * 46
            entry = UITextEntryLine(
                self.rect(510, y, 240, 38),
                self.manager,
                initial_text=self.seats[index].name,
                placeholder_text=_("Computer"),
            )
            entry.set_text_length_limit(NAME_LENGTH)
            kind = self.choice(
                self.rect(766, y + 1, 454, 36),
                [(k, kind_label(k)) for k in kinds],
                self.seats[index].kind,
                self._kind_setter(index),
                tooltips=[kind_tip(k) for k in kinds],
            )
            self.name_entries.append(entry)
            self.kind_choices.append(kind)
            self.seat_elements.append([entry, *kind.buttons])
            page.extend([entry, *kind.buttons])

    def _kind_setter(self, seat: int) -> Callable[[str], None]:
        return lambda kind: self.set_kind(seat, kind)

    # The rule pages ---------------------------------------------------------
    def _row_rect(self, y: float) -> pygame.Rect:
        return self.rect(482, y, 210, 36)

    def _heading(self, page: str, y: float, text: str) -> None:
        self.rows.append(
            Row(page, (), text, "", self.rect(482, y, 700, 24), [], lambda *_args: None)
        )

    def _choice_row(
        self,
        page: str,
        y: float,
        name: str,
        label: str,
        options: Sequence[tuple[Any, str]],
        tip: str = "",
        tips: Sequence[str | None] | None = None,
        weights: Sequence[float] | None = None,
    ) -> None:
        values = self.setup.values()
        choice = self.choice(
            self.rect(700, y, 520, 36),
            options,
            values[name],
            lambda value: self.set_rule(name, value),
            tooltips=tips,
            weights=weights,
        )

        def refresh(values: dict[str, Any], rules: RuleSet | None) -> None:
            choice.set(values[name])

        self.rows.append(Row(page, (name,), label, tip, self._row_rect(y), choice.buttons, refresh))
        self.page_elements[page].extend(choice.buttons)

    def _switch_row(self, page: str, y: float, name: str, label: str, tip: str) -> None:
        self._choice_row(
            page, y, name, label, [(False, _("Off")), (True, _("On"))], tip, weights=None
        )

    def _stepper_row(
        self,
        page: str,
        y: float,
        name: str,
        label: str,
        tip: str,
        low: int,
        high: int,
        step: int = 1,
        none_label: str | None = None,
        none_tip: str | None = None,
        shown: Callable[[dict[str, Any], RuleSet | None], int | None] | None = None,
        enabled: Callable[[dict[str, Any]], bool] | None = None,
        default: int = 10,
    ) -> None:
        """[-] value [+], with an optional toggle for the option's "none" value
        (``default`` is used when leaving "none" and no value is known)."""
        minus_rect = self.rect(700, y, 40, 36)
        value_rect = self.rect(744, y, 72, 36)
        plus_rect = self.rect(820, y, 40, 36)

        def current(values: dict[str, Any]) -> int | None:
            value = values[name]
            if value is None and shown is not None:
                return shown(values, self.rules)
            return value if isinstance(value, int) else None

        def bump(direction: int) -> Callable[[], None]:
            def bumped() -> None:
                values = self.setup.values()
                value = current(values)
                start = value if value is not None else default
                target = min(high, max(low, start + direction * step))
                if values[name] is None or target != value:
                    self.set_rule(name, target)

            return bumped

        minus = self.button(minus_rect, "\u2212", bump(-1), style="step")
        plus = self.button(plus_rect, "+", bump(+1), style="step")
        value_label = UILabel(value_rect, "", self.manager, object_id=object_id("value"))
        elements: list[Any] = [minus, value_label, plus]
        toggle: UIButton | None = None
        if none_label is not None:

            def toggled() -> None:
                values = self.setup.values()
                if values[name] is None:
                    value = current(values)
                    self.set_rule(name, value if value is not None else default)
                else:
                    self.set_rule(name, None)

            toggle = self.button(
                self.rect(876, y, 344, 36), none_label, toggled, style="segment", tooltip=none_tip
            )
            elements.append(toggle)

        def refresh(values: dict[str, Any], rules: RuleSet | None) -> None:
            value = current(values)
            on = enabled(values) if enabled is not None else True
            value_label.set_text("\u2013" if value is None or not on else str(value))
            for widget in (minus, plus):
                set_enabled(widget, on)
            if toggle is not None:
                set_selected(toggle, values[name] is None)

        self.rows.append(Row(page, (name,), label, tip, self._row_rect(y), elements, refresh))
        self.page_elements[page].extend(elements)

    def _build_deal(self) -> None:
        page = "deal"
        self._heading(page, 148, _("Hands"))
        self._choice_row(
            page,
            176,
            "sequence",
            _("Hand sizes"),
            [
                (HandSequence.DOWN_AND_UP, _("Down & up")),
                (HandSequence.UP_AND_DOWN, _("Up & down")),
                (HandSequence.ASCENDING, _("Rising")),
                (HandSequence.DESCENDING, _("Falling")),
                (HandSequence.CONSTANT, _("Constant")),
            ],
            _("How the number of cards dealt changes from hand to hand."),
            tips=[
                _("From the largest hand down to one card, then back up."),
                _("From one card up to the largest hand, then back down."),
                _("One card in the first hand, one more every hand."),
                _("The largest hand first, one fewer every hand."),
                _("The same number of cards every hand."),
            ],
        )

        def largest(values: dict[str, Any], rules: RuleSet | None) -> int | None:
            return rules.largest if rules is not None else None

        def hands(values: dict[str, Any], rules: RuleSet | None) -> int | None:
            return rules.hand_count() if rules is not None else None

        self._stepper_row(
            page,
            220,
            "largest_hand",
            _("Largest hand"),
            _("Cards each in the largest hand."),
            1,
            52,
            none_label=_("As many as the pack allows"),
            none_tip=_("The most cards each player can be dealt (with a card left for trumps)."),
            shown=largest,
        )
        self._stepper_row(
            page,
            264,
            "max_hands",
            _("Number of hands"),
            _("Stop the game after this many hands (a cap on the sequence)."),
            1,
            99,
            none_label=_("The whole sequence"),
            none_tip=_("Play every hand of the sequence."),
            shown=hands,
        )
        self._switch_row(
            page,
            308,
            "strip_pack",
            _("Strip the pack"),
            _("Remove cards from the bottom of the pack so it deals out evenly (Oh! Well)."),
        )
        self._heading(page, 360, _("Trumps"))
        self._choice_row(
            page,
            388,
            "trump",
            _("Trumps"),
            [
                (TrumpMethod.NEXT_CARD, _("Next card turned")),
                (TrumpMethod.DEALERS_LAST_CARD, _("Dealer's last card")),
                (TrumpMethod.NONE, _("No trumps")),
            ],
            _("How the trump suit of each hand is fixed."),
            tips=[
                _("After the deal the top card of the stock is turned up."),
                _("The dealer's own last card is turned and stays in the dealer's hand."),
                _("Every hand is played without trumps."),
            ],
            weights=[1.1, 1.1, 0.8],
        )
        self._switch_row(
            page,
            432,
            "no_trump_when_exhausted",
            _("No trump when no card is left"),
            _("A hand that uses every card is played at no trump."),
        )
        self._switch_row(
            page,
            476,
            "no_trump_last_hand",
            _("No trump in the last hand"),
            _("The last hand of the game is played at no trump, and no card is turned."),
        )
        self._heading(page, 528, _("First dealer"))
        self._choice_row(
            page,
            556,
            "first_dealer",
            _("First dealer"),
            [
                (FirstDealer.RANDOM, _("Random")),
                (FirstDealer.FIRST_JACK, _("First jack")),
                (FirstDealer.HIGHEST_CARD, _("Highest card")),
            ],
            _("How the first dealer is chosen; then the deal passes to the left."),
            tips=[
                _("Chosen at random from the deal number."),
                _("Cards are dealt face up; the first player to get a jack deals."),
                _("Everyone draws a card; the highest deals (ties draw again)."),
            ],
        )

    def _build_bidding(self) -> None:
        page = "bidding"
        self._heading(page, 148, _("Bidding"))
        self._choice_row(
            page,
            176,
            "simultaneous_bidding",
            _("Bidding"),
            [(False, _("In turn")), (True, _("Simultaneous"))],
            _("In turn from the dealer's left, or everyone at once in secret."),
            tips=[
                _("Each player bids once, starting to the dealer's left."),
                _("Everyone bids in secret and the bids are revealed together."),
            ],
        )
        self._switch_row(
            page,
            220,
            "hook",
            _("Dealer's hook"),
            _("The dealer bids last and may not make the bids add up to the tricks in the hand."),
        )
        self._switch_row(
            page,
            264,
            "announce_total",
            _("Announce over or under"),
            _("After bidding, say whether the bids are over, under or even with the tricks."),
        )
        self._heading(page, 316, _("Play"))
        self._switch_row(
            page,
            344,
            "must_trump",
            _("La Podrida"),
            _("A player who cannot follow suit must trump if able."),
        )

    def _build_scoring(self) -> None:
        page = "scoring"
        self._heading(page, 148, _("Points"))
        self._choice_row(
            page,
            176,
            "trick_points",
            _("A point per trick"),
            [
                (TrickPoints.ALWAYS, _("Always")),
                (TrickPoints.EXACT, _("Exact bid only")),
                (TrickPoints.NEVER, _("Never")),
            ],
            _("When a player scores one point for each trick taken."),
        )
        self._stepper_row(
            page,
            220,
            "exact_bonus",
            _("Exact-bid bonus"),
            _("Points for taking exactly the number of tricks bid."),
            0,
            50,
        )
        self._choice_row(
            page,
            264,
            "zero_bid",
            _("A made bid of zero"),
            [
                (ZeroBid.NONE, _("As usual")),
                (ZeroBid.FIVE, "5"),
                (ZeroBid.TEN, "10"),
                (ZeroBid.FIVE_PLUS_TRICKS, _("5 + tricks")),
            ],
            _("What a successful bid of zero scores."),
            tips=[
                _("Scored like any other exact bid."),
                _("5 points."),
                _("10 points."),
                _("5 plus the number of tricks in the hand."),
            ],
            weights=[1.3, 0.8, 0.8, 1.1],
        )
        self._stepper_row(
            page,
            308,
            "hard_score_bonus",
            _("Winner's bonus"),
            _("Hard score: extra points for the winner at the end."),
            0,
            100,
            step=5,
        )
        self._heading(page, 360, _("End of the game"))
        ends = self.choice(
            self.rect(700, 388, 520, 36),
            [(False, _("After the last hand")), (True, _("At a target score"))],
            self.setup.values()["target_score"] is not None,
            lambda on: self.set_rule("target_score", self._last_target if on else None),
        )

        def refresh_ends(values: dict[str, Any], rules: RuleSet | None) -> None:
            ends.set(values["target_score"] is not None)

        self.rows.append(
            Row(
                page,
                ("target_score",),
                _("The game ends"),
                _("After the last hand, or after the hand in which someone reaches the target."),
                self._row_rect(388),
                ends.buttons,
                refresh_ends,
            )
        )
        self.page_elements[page].extend(ends.buttons)
        self._stepper_row(
            page,
            432,
            "target_score",
            _("Target score"),
            _("The game ends after the hand in which someone reaches this score."),
            10,
            1000,
            step=10,
            enabled=lambda values: values["target_score"] is not None,
        )
        self._heading(page, 484, _("Stakes"))
        self._choice_row(
            page,
            512,
            "settlement",
            _("Settle up"),
            [
                (Settlement.NONE, _("No stakes")),
                (Settlement.DIFFERENCES, _("Differences")),
                (Settlement.POOL, _("Pool")),
            ],
            _("How stakes are settled at the end of the game."),
            tips=[
                _("Play for the glory."),
                _("Every pair of players settles the difference of their scores."),
                _("Everyone antes to a pool and the winner takes it."),
            ],
        )
        self._stepper_row(
            page,
            556,
            "stake",
            _("Stake"),
            _("Per point (differences) or per player (pool)."),
            1,
            100,
            enabled=lambda values: values["settlement"] is not Settlement.NONE,
        )

    def _build_bottom(self) -> None:
        self.back_button = self.button(
            self.rect(40, 640, 130, 44), _("Back"), self.app.pop, style="ghost"
        )
        self.seed_entry = UITextEntryLine(
            self.rect(268, 640, 118, 44), self.manager, initial_text=self.seed_text
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(SEED_DIGITS)
        self.dice_button = self.button(
            self.rect(392, 640, 62, 44),
            _("New"),
            lambda: self.set_seed(new_seed()),
            style="ghost",
            tooltip=_("A new deal number. The same number deals the same cards again."),
        )
        self.start_button = self.button(
            self.rect(1040, 636, 200, 52), _("Start game"), self.start, style="primary"
        )

    # -------------------------------------------------------------- events
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        typing = any(entry.is_focused for entry in [*self.name_entries, self.seed_entry])
        if event.key == pygame.K_ESCAPE:
            if typing:
                for entry in [*self.name_entries, self.seed_entry]:
                    unfocus(entry)
            else:
                self.app.pop()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not typing:
            self.start()

    def poll(self) -> None:
        if not hasattr(self, "seed_entry"):
            return
        for index, entry in enumerate(self.name_entries):
            if entry.get_text() != self.seats[index].name:
                self.set_name(index, entry.get_text())
        if self.seed_entry.get_text() != self.seed_text:
            self.seed_text = self.seed_entry.get_text()

    # ------------------------------------------------------------- drawing
    def draw_back(self, surface: pygame.Surface) -> None:
        super().draw_back(surface)
        s = self.scale
        title = theme.text(_("New game"), self.px(34), theme.TEXT, "bold")
        surface.blit(title, self.rect(40, 24, 0, 0).topleft)
        heading = theme.text(_("VARIANT"), self.px(14), theme.GOLD, "bold")
        surface.blit(heading, self.rect(42, 92, 0, 0).topleft)
        theme.panel(surface, self.rect(450, 80, 790, 540), theme.PANEL, self.px(16))
        bar = self.rect(0, 624, 1280, 96)
        bar.x, bar.width = 0, surface.get_width()
        bar.height = surface.get_height() - bar.y
        theme.panel(surface, bar, (6, 16, 13, 170), 0, None)
        pygame.draw.line(surface, (*theme.GOLD, 90), bar.topleft, bar.topright, max(1, round(s)))
        self._draw_description(surface)
        if self.page == "players":
            self._draw_seats(surface)

    def _draw_description(self, surface: pygame.Surface) -> None:
        preset = self.setup.preset
        x, y = self.rect(42, 422, 0, 0).topleft
        width = self.px(378)
        name = tr(preset.name)
        if self.setup.modified:
            name = _("{name}, customised").format(name=name)
        name_width = width - (self.px(110) if self.setup.modified else 0)
        y += draw_wrapped(surface, name, (x, y), name_width, self.px(20), theme.HIGHLIGHT, "bold")
        players = _("{low} to {high} players").format(
            low=preset.min_players, high=preset.max_players
        )
        if self.setup.modified:
            changed = len(self.setup.overrides)
            note = _("{count} rule changed").format(count=changed)
            if changed != 1:
                note = _("{count} rules changed").format(count=changed)
            players = f"{players}  \u00b7  {note}"
        surface.blit(theme.text(players, self.px(14), theme.TEXT_DIM, "italic"), (x, y))
        y += self.px(24)
        bottom = self.rect(0, 616, 0, 0).y
        size = self.px(14)
        step = round(size * 1.32)
        lines = theme.wrap(tr(preset.description), size, width)
        for index, line in enumerate(lines):
            if y + 2 * step > bottom and index < len(lines) - 1:
                line = line.rstrip(".,;:") + "\u2026"
            surface.blit(theme.text(line, size, theme.TEXT), (x, y))
            y += step
            if y + step > bottom:
                break

    def _draw_seats(self, surface: pygame.Surface) -> None:
        colour = theme.BAD if "players" in self.culprits else theme.TEXT
        label = theme.text(_("Players at the table"), self.px(16), colour, "bold")
        surface.blit(label, label.get_rect(midleft=self.rect(482, 150, 0, 36).midleft))
        for index in range(self.setup.count):
            row = self.rect(482, 204 + index * 46, 24, 38)
            colour = theme.SEAT_COLOURS[index % len(theme.SEAT_COLOURS)]
            centre = row.center
            radius = self.px(13)
            pygame.draw.circle(surface, colour, centre, radius)
            if f"seat:{index}" in self.culprits:
                pygame.draw.circle(surface, theme.BAD, centre, radius + self.px(3), self.px(3))
            number = theme.text(str(index + 1), self.px(14), theme.TEXT_DARK, "bold")
            surface.blit(number, number.get_rect(center=centre))
        hint = _("A seat left without a name is played by the computer.")
        text = theme.text(hint, self.px(14), theme.TEXT_DIM, "italic")
        surface.blit(text, self.rect(510, 578, 0, 0).topleft)

    def draw_front(self, surface: pygame.Surface) -> None:
        self._draw_page_marks(surface)
        if self.page != "players":
            self._draw_rows(surface)
        if self.page == "bidding":
            self._draw_plain_words(surface, (_("Bidding"), _("Play")))
        self._draw_bottom(surface)
        self._draw_tooltip(surface)

    def _draw_page_marks(self, surface: pygame.Surface) -> None:
        """A red dot on each page tab holding an option involved in the problem."""
        pages = {row.page for row in self.rows if set(row.fields) & self.culprits}
        if "players" in self.culprits or any(c.startswith("seat:") for c in self.culprits):
            pages.add("players")
        for page, button in zip(PAGES, self.page_choice.buttons, strict=True):
            if page in pages:
                centre = (button.rect.right - self.px(14), button.rect.top + self.px(10))
                pygame.draw.circle(surface, theme.BAD, centre, self.px(5))

    def _draw_rows(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            if row.page != self.page:
                continue
            if not row.fields:
                text = theme.text(row.label.upper(), self.px(13), theme.GOLD, "bold")
                surface.blit(text, row.rect.topleft)
                line_y = row.rect.y + text.get_height() + self.px(2)
                pygame.draw.line(
                    surface,
                    (*theme.GOLD, 60),
                    (row.rect.x, line_y),
                    (self.rect(1220, 0, 0, 0).x, line_y),
                )
                continue
            bad = bool(set(row.fields) & self.culprits)
            colour = theme.BAD if bad else theme.TEXT
            size = self.px(16)
            lines = theme.wrap(row.label, size, row.rect.width, "bold")
            step = round(size * 1.2)
            y = row.rect.centery - step * len(lines) // 2
            for line in lines:
                surface.blit(theme.text(line, size, colour, "bold"), (row.rect.x, y))
                y += step
            if bad:
                mark = self.rect(466, 0, 8, 0)
                pygame.draw.circle(surface, theme.BAD, (mark.x, row.rect.centery), self.px(4))

    def _draw_plain_words(self, surface: pygame.Surface, headings: Sequence[str]) -> None:
        """The engine's own words for these sections of the rules as they stand."""
        if self.rules is None:
            return
        sections = dict(describe(self.rules))
        area = self.rect(482, 400, 738, 200)
        theme.panel(surface, area, (255, 255, 255, 10), self.px(12), (*theme.GOLD, 40))
        x, y = area.x + self.px(18), area.y + self.px(14)
        label = theme.text(_("IN PLAIN WORDS"), self.px(12), theme.GOLD, "bold")
        surface.blit(label, (x, y))
        y += label.get_height() + self.px(8)
        width = area.width - self.px(36)
        for heading in headings:
            body = sections.get(heading)
            if body is None:
                continue
            y += draw_wrapped(surface, body, (x, y), width, self.px(14), theme.TEXT_DIM)
            y += self.px(8)

    def _draw_bottom(self, surface: pygame.Surface) -> None:
        label = theme.text(_("Deal #"), self.px(16), theme.TEXT, "bold")
        surface.blit(label, label.get_rect(midright=self.rect(260, 640, 0, 44).midright))
        area = self.rect(464, 632, 560, 60)
        size = self.px(14)
        if self.problem:
            lines = theme.wrap(self.problem, size, area.width - self.px(40), "bold")[:3]
            step = round(size * 1.28)
            y = area.centery - step * len(lines) // 2
            icon = (area.x + self.px(12), area.centery)
            pygame.draw.circle(surface, theme.BAD, icon, self.px(10))
            mark = theme.text("!", self.px(15), theme.TEXT_DARK, "bold")
            surface.blit(mark, mark.get_rect(center=icon))
            for line in lines:
                text = theme.text(line, size, WARNING_TEXT, "bold")
                surface.blit(text, (area.x + self.px(32), y))
                y += step
            return
        if self.rules is None:
            return
        summary = dict(describe(self.rules)).get(_("Hands"), "")
        lines = theme.wrap(summary, size, area.width - self.px(40))[:3]
        step = round(size * 1.28)
        y = area.centery - step * len(lines) // 2
        icon = (area.x + self.px(12), area.centery)
        pygame.draw.circle(surface, theme.GOOD, icon, self.px(10))
        tick = [
            (icon[0] - self.px(5), icon[1]),
            (icon[0] - self.px(1), icon[1] + self.px(4)),
            (icon[0] + self.px(5), icon[1] - self.px(4)),
        ]
        pygame.draw.lines(surface, theme.TEXT_DARK, False, tick, max(2, self.px(2)))
        for line in lines:
            surface.blit(theme.text(line, size, theme.TEXT_DIM), (area.x + self.px(32), y))
            y += step

    def _draw_tooltip(self, surface: pygame.Surface) -> None:
        for row in self.rows:
            if row.page == self.page and row.tip and row.rect.collidepoint(self.mouse):
                draw_tooltip(surface, row.tip, (self.mouse[0], row.rect.top), self.scale)
                return
