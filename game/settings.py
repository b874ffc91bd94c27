"""Player settings: defaults from the bundled ``settings.json``, the player's own
choices from the per-user config folder.

Each setting is declared once, as a field of :class:`Settings` (its type with its
bounds, its default, its label and its place on the Settings screen); the schema
(:data:`FIELD_TYPES`), the labels and the screen's rows are read from there.

The file is untrusted text, read against that schema with msgspec: its size is
bounded, then it is decoded as an object of raw values and each known setting is
decoded with its own bounded type, so one bad value resets only that setting. A
damaged file never stops the game: it is kept aside under a new name, a clean file
is written in its place, and :attr:`SettingsStore.problem` says once, in the
player's words, what happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, get_args, get_type_hints

import msgspec
from msgspec import Meta, Struct

from game.i18n import N_, _, available_languages, clip, set_language, tr
from game.resources import config_dir, data_dir, default_settings_file
from game.rules.names import NAME_LENGTH, clean_name
from game.rules.record import Player
from game.rules.ruleset import MAX_PLAYERS, MIN_PLAYERS, RuleSet
from game.saves import PlayerDoc, RulesDoc, Word
from game.storage import (
    TooLarge,
    atomic_write_text,
    folder_problem,
    keep_aside,
    read_bounded,
    remove_stale_temps,
)

MAX_SETTINGS_BYTES = 64 * 1024
"""The largest settings file read (a full one is well under 4 KB)."""
TakeBackChoice = Literal["auto", "always", "never"]
"""Take-backs: ``auto`` in solo games against easy and medium computers only;
``always`` in every solo game; ``never``."""
CardBack = Literal["blue", "red", "green"]
"""The card backs drawn (``game.ui.cards.back.BACKS``)."""
TableColour = Literal["green", "blue", "red"]
"""The colours of the table's cloth (``game.ui.kit.theme.CLOTHS``)."""
MIN_KEPT, MAX_KEPT = 10, 5000
"""The fewest and most finished games whose records may be kept."""
MIN_WINDOW = (640, 360)
MAX_WINDOW = (7680, 4320)
Default = TypeVar("Default")
PLAIN_TEXT = re.compile(r"[^\x00-\x1f\x7f-\x9f]*")
"""Text with no control characters, matched whole (a trailing newline too)."""


@dataclass(frozen=True)
class Setup:
    """A remembered table (``last_setup``, ``solo_setup``): the rules, built and
    checked by the engine, and who sat where, named by the name rule."""

    rules: RuleSet
    players: tuple[Player, ...]

    def to_json(self) -> dict[str, Any]:
        return {"rules": self.rules.to_dict(), "players": [p.to_json() for p in self.players]}


class SetupDoc(Struct, forbid_unknown_fields=True):
    """``last_setup``: the rules (checked again by the engine) and who sat where."""

    rules: RulesDoc
    players: Annotated[list[PlayerDoc], Meta(min_length=MIN_PLAYERS, max_length=MAX_PLAYERS)]


SectionId = Literal["you", "table", "screen", "seeing", "games"]
"""The Settings screen's sections (their headings and panels: ``game.ui.menus.settings``)."""
ControlKind = Literal["choice", "slider", "toggle", "text", "language"]
"""``choice``: a button per option; ``slider``: a value between the setting's bounds;
``toggle``: off or on; ``text``: a line of text; ``language``: the bundled languages."""
OFF_ON = ((False, N_("Off")), (True, N_("On")))


@dataclass(frozen=True)
class Place:
    """Where a setting sits on the Settings screen: its section, its place among the
    section's rows and its control. ``options`` are ``(value, words)``, the words
    marked with ``N_`` (a toggle's are Off and On unless given); ``tips`` say one
    thing per option."""

    section: SectionId
    order: int
    kind: ControlKind = "choice"
    options: tuple[tuple[Any, str], ...] = ()
    tips: tuple[str | None, ...] = ()

    @property
    def choices(self) -> tuple[tuple[Any, str], ...]:
        """The values offered, each with its words (still to translate)."""
        return OFF_ON if self.kind == "toggle" and not self.options else self.options


@dataclass(frozen=True)
class Declared:
    """What a setting's declaration carries besides its type, bounds and default: its
    name in the player's words (marked with ``N_``), its place on the form (none for
    what the game remembers by itself) and, where the file holds another type than
    the setting's own, that type."""

    label: str
    place: Place | None = None
    stored_as: object = None


def setting(
    default: Default, label: str, place: Place | None = None, *, stored_as: object = None
) -> Default:
    """A field of :class:`Settings`: ``default``, with the rest of its declaration."""
    spec = Declared(label, place, stored_as)
    declared: Default = field(default=default, metadata={"setting": spec})
    return declared


Width = Annotated[int, Meta(ge=MIN_WINDOW[0], le=MAX_WINDOW[0])]
Height = Annotated[int, Meta(ge=MIN_WINDOW[1], le=MAX_WINDOW[1])]
PlayerName = Annotated[str, Meta(min_length=1, max_length=NAME_LENGTH, pattern=r"\S")]
"""Not blank; :func:`_accept` then refuses control characters."""


@dataclass(frozen=True)
class Settings:
    """Everything the player can set, each setting declared once: its type with its
    bounds (the file's schema), its default (``settings.json`` holds the same), its
    label and its place on the Settings screen. ``last_setup`` remembers the last new
    game (for Quick game): its rules and who sat where."""

    animation_speed: Annotated[float, Meta(ge=0.25, le=4.0)] = setting(
        1.0, N_("Animation speed"), Place("table", 1, "slider")
    )
    card_scale: Annotated[float, Meta(ge=0.7, le=1.5)] = setting(
        1.0, N_("Card size"), Place("table", 3, "slider")
    )
    four_colour: bool = setting(
        False,
        N_("Four-colour deck"),
        Place(
            "seeing",
            1,
            "toggle",
            options=((False, N_("Red and black")), (True, N_("Four colours"))),
            tips=(
                N_("Hearts and diamonds red, spades and clubs black."),
                N_("Clubs green, diamonds blue, hearts red, spades black."),
            ),
        ),
    )
    card_back: CardBack = setting(
        "blue",
        N_("Card back"),
        Place(
            "seeing",
            2,
            options=(("blue", N_("Blue")), ("red", N_("Red")), ("green", N_("Tartan"))),
            tips=(
                N_("A blue lattice with a gold medallion."),
                N_("A red lattice with a gold medallion."),
                N_("A green tartan with a gold medallion."),
            ),
        ),
    )
    """The design on the back of the cards."""
    table_colour: TableColour = setting(
        "green",
        N_("Table colour"),
        Place(
            "seeing",
            3,
            options=(("green", N_("Green")), ("blue", N_("Blue")), ("red", N_("Red"))),
            tips=(N_("The colour of the cloth on the table."),) * 3,
        ),
    )
    """The colour of the table's cloth."""
    sound: bool = setting(True, N_("Sound"), Place("screen", 1, "toggle"))
    volume: Annotated[float, Meta(ge=0.0, le=1.0)] = setting(
        0.6, N_("Volume"), Place("screen", 2, "slider")
    )
    fullscreen: bool = setting(
        False,
        N_("Full screen"),
        Place(
            "screen",
            3,
            "toggle",
            options=((False, N_("Window")), (True, N_("Full screen"))),
            tips=(None, N_("F11 switches at any time.")),
        ),
    )
    confirm_play: bool = setting(
        False,
        N_("Confirm before playing"),
        Place(
            "table",
            4,
            "toggle",
            tips=(
                N_("A click plays the card."),
                N_("The first click raises the card, a second click plays it."),
            ),
        ),
    )
    language: Word = setting("", N_("Language"), Place("you", 2, "language"))
    """A language code; empty until chosen (the system's language is used then)."""
    player_name: PlayerName = setting("You", N_("Your name"), Place("you", 1, "text"))
    window_size: tuple[Width, Height] = setting((1280, 720), N_("Window size"))
    last_setup: Setup | None = setting(None, N_("New game setup"), stored_as=SetupDoc | None)
    solo_setup: Setup | None = setting(None, N_("Quick game setup"), stored_as=SetupDoc | None)
    """The last game of one person against computers set up (what Quick game starts)."""
    take_backs: TakeBackChoice = setting(
        "auto",
        N_("Take-backs"),
        Place(
            "games",
            1,
            options=(("auto", N_("Easy")), ("always", N_("Always")), ("never", N_("Never"))),
            tips=(
                N_("In a game against easy and medium computers only."),
                N_("In every game with one person at the screen."),
                None,
            ),
        ),
    )
    """Take-backs in solo games: ``auto`` against easy and medium computers only."""
    kept_games: Annotated[int, Meta(ge=MIN_KEPT, le=MAX_KEPT)] = setting(
        200,
        N_("Games kept"),
        Place(
            "games",
            2,
            options=((50, "50"), (200, "200"), (1000, "1000")),
            tips=(N_("The oldest games go first; their statistics stay."),) * 3,
        ),
    )
    """How many finished games' records are kept for replays and statistics."""
    coach: bool = setting(
        False,
        N_("Coach"),
        Place(
            "games",
            3,
            "toggle",
            tips=(
                None,
                N_(
                    "On your turns, your chance of making each bid, and your bid "
                    "after each card. C at the table turns it on or off."
                ),
            ),
        ),
    )
    """Show the coach's figures on the player's turns (see :func:`coach_allowed`)."""
    auto_play: bool = setting(
        False,
        N_("Play a lone card by itself"),
        Place(
            "table",
            5,
            "toggle",
            tips=(None, N_("When only one of your cards may be played, it is played.")),
        ),
    )
    """Play the viewer's card by itself when it is the only one that may be played."""
    computer_speed: Annotated[float, Meta(ge=0.25, le=8.0)] = setting(
        1.0,
        N_("Computer speed"),
        Place(
            "table",
            2,
            options=(
                (0.5, N_("Unhurried")),
                (1.0, N_("Normal")),
                (2.0, N_("Brisk")),
                (4.0, N_("Swift")),
            ),
            tips=(N_("How long the computers pause before each bid or card."),) * 4,
        ),
    )
    """How quickly computer players act (their pause before each bid or card), apart
    from how fast the animations run."""
    text_scale: Annotated[float, Meta(ge=1.0, le=1.3)] = setting(
        1.0,
        N_("Text size"),
        Place(
            "seeing",
            4,
            options=((1.0, N_("Normal")), (1.15, N_("Large")), (1.3, N_("Larger"))),
            tips=(N_("The size of the words at the table."),) * 3,
        ),
    )
    """The size of the words at the table (1.0, 1.15 or 1.3 of the normal size)."""
    high_contrast: bool = setting(
        False,
        N_("High contrast"),
        Place("seeing", 5, "toggle", tips=(None, N_("Brighter words on darker, solid grounds."))),
    )
    """Brighter words on darker, solid grounds."""
    guide: bool = setting(
        True,
        N_("Guided first hand"),
        Place(
            "games",
            4,
            "toggle",
            tips=(None, N_("A few words at each new kind of decision of the next hand.")),
        ),
    )
    """Guide a new player through their first hand (off once it is over or hidden;
    off for a player whose settings file is older than the guide)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        for name in ("last_setup", "solo_setup"):
            setup: Setup | None = getattr(self, name)
            data[name] = setup.to_json() if setup is not None else None
        return data


def declared(name: str) -> Declared:
    """The declaration of setting ``name`` (KeyError if there is none)."""
    spec: Declared = DECLARED[name].metadata["setting"]
    return spec


def bounds(name: str) -> tuple[float, float]:
    """The least and greatest values of a numeric setting, as its type declares them."""
    for meta in get_args(FIELD_TYPES[name])[1:]:
        if isinstance(meta, Meta) and meta.ge is not None and meta.le is not None:
            return meta.ge, meta.le
    raise KeyError(f"{name} declares no bounds")


def form_rows() -> dict[SectionId, list[tuple[str, Place]]]:
    """The settings on the Settings screen, by section, each section's in order."""
    rows: dict[SectionId, list[tuple[str, Place]]] = {}
    for name in DECLARED:
        place = declared(name).place
        if place is not None:
            rows.setdefault(place.section, []).append((name, place))
    return {section: sorted(found, key=lambda row: row[1].order) for section, found in rows.items()}


DECLARED = {item.name: item for item in fields(Settings)}
"""Each setting's field, by name, in the order of the file."""
_HINTS = get_type_hints(Settings, include_extras=True)
FIELD_TYPES: dict[str, Any] = {name: declared(name).stored_as or _HINTS[name] for name in DECLARED}
"""The schema, from the declarations: each setting's type as the file holds it,
bounds included."""
_DECODERS = {name: msgspec.json.Decoder(kind) for name, kind in FIELD_TYPES.items()}
_FILE = msgspec.json.Decoder(Annotated[dict[Word, msgspec.Raw], Meta(max_length=64)])


def coach_allowed(wishes: Sequence[bool]) -> bool:
    """Whether the coach may run in a game whose human players have these ``coach``
    settings: a lone human's own choice; with two humans or more, only if every one
    of them turned it on (no one is coached against another who is not); never
    without a human.

    >>> coach_allowed([True]), coach_allowed([True, False]), coach_allowed([True, True])
    (True, False, True)
    """
    return bool(wishes) and all(wishes)


def setting_label(name: str) -> str:
    """A setting as the Settings screen names it."""
    if name not in DECLARED:
        return _("settings this version does not know")
    return tr(declared(name).label)


def _accept(name: str, value: Any) -> Any:
    """A value of the schema's type checked for meaning and made a :class:`Settings`
    value; raises ValueError."""
    if name == "language" and value and value not in available_languages():
        raise ValueError(f"no bundled catalog for {value!r:.40}")
    if name == "player_name":
        if not PLAIN_TEXT.fullmatch(value) or not clean_name(value, NAME_LENGTH):
            raise ValueError("control characters or nothing visible in the name")
        return clean_name(value, NAME_LENGTH)
    if name in ("last_setup", "solo_setup") and value is not None:
        return _accept_setup(value)
    return value


def _accept_setup(doc: SetupDoc) -> Setup:
    """A remembered table, once the engine builds its rules (RecordError if not),
    its players match them and each has a name by the name rule."""
    rules = RuleSet.from_dict(doc.rules)
    if len(doc.players) != rules.players:
        raise ValueError("the players do not match the rules")
    players = tuple(Player(clean_name(p.name, NAME_LENGTH), p.kind) for p in doc.players)
    return Setup(rules, players)


def convert_field(name: str, value: object) -> Any:
    """``value`` checked against setting ``name``'s schema (a :class:`Setup` is
    checked already); raises KeyError for an unknown setting, ValueError for a bad
    value."""
    if isinstance(value, Setup) and name in ("last_setup", "solo_setup"):
        return value
    return _accept(name, msgspec.convert(value, FIELD_TYPES[name]))


def settings_from_bytes(data: bytes, base: Settings) -> tuple[Settings, list[str]]:
    """``base`` updated with the valid settings in the JSON ``data``; the list names
    the settings that were not valid (unknown ones as ``""``). Raises ValueError or
    RecursionError if ``data`` is not a bounded JSON object."""
    if len(data) > MAX_SETTINGS_BYTES:
        raise TooLarge("the settings file is too large")
    values: dict[str, Any] = {}
    bad: list[str] = []
    for key, raw in _FILE.decode(data).items():
        if key not in FIELD_TYPES:
            bad.append("")
            continue
        try:
            values[key] = _accept(key, _DECODERS[key].decode(raw))
        except (ValueError, RecursionError):
            bad.append(key)
    return replace(base, **values), bad


def shipped_defaults() -> Settings:
    """The bundled ``settings.json`` (or the built-in defaults if it is unreadable)."""
    try:
        data = read_bounded(default_settings_file(), MAX_SETTINGS_BYTES)
        return settings_from_bytes(data, Settings())[0]
    except (OSError, ValueError, RecursionError):
        return Settings()


class SettingsStore:
    """Loads and saves the player's settings file; at start it clears leftovers of
    interrupted saves and checks that the settings (and, with the default path, the
    saved games) can be written, so the title can tell the player once."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.problem: str | None = None
        """What went wrong with the player's files, for the title to show once."""
        self.save_error: str | None = None
        """Why the last save failed, if it did (the settings stay in memory)."""
        self.settings = self._load()
        folders = [self.path.parent] if path else [self.path.parent, data_dir()]
        self._check_folders(folders)
        if not path:  # the kept games' and exports' leftovers too
            for sub in ("games", "exports"):
                remove_stale_temps(data_dir() / sub)

    def _load(self) -> Settings:
        defaults = shipped_defaults()
        # A settings file, even a damaged one, means a player who has played before: the
        # guided hand is for the first hand of a new player's first game.
        returning = replace(defaults, guide=False)
        try:
            data = read_bounded(self.path, MAX_SETTINGS_BYTES)
            settings, bad = settings_from_bytes(data, returning)
        except (FileNotFoundError, NotADirectoryError):
            return defaults
        except (OSError, ValueError, RecursionError):
            kept = self._replace_damaged(returning)
            self._report(_("Your settings could not be read, so the defaults are in use."), kept)
            return returning
        if bad:
            names = ", ".join(dict.fromkeys(setting_label(name) for name in bad))
            kept = self._replace_damaged(settings)
            self._report(
                _("Some settings could not be read and were reset: {names}.").format(names=names),
                kept,
            )
        return settings

    def _replace_damaged(self, settings: Settings) -> Path | None:
        """Keep the damaged file aside and write ``settings`` in its place (only once it
        is safely aside: nothing is overwritten)."""
        kept = keep_aside(self.path)
        if kept is not None:
            self.settings = settings
            self.save()
        return kept

    def _report(self, message: str, kept: Path | None) -> None:
        if kept is not None:
            message += " " + _("The old file was kept as {name}.").format(name=kept.name)
        self.add_problem(message)

    def _check_folders(self, folders: list[Path]) -> None:
        for folder in folders:
            remove_stale_temps(folder)
        reason = folder_problem(folders[0])
        if reason:
            self.add_problem(
                _("Your settings cannot be saved ({reason}); changes last until you quit.").format(
                    reason=reason
                )
            )
        reason = folder_problem(folders[1]) if len(folders) > 1 else None
        if reason:
            self.add_problem(
                _("Games cannot be saved ({reason}); a game is lost when you quit.").format(
                    reason=reason
                )
            )

    def add_problem(self, message: str) -> None:
        """Add ``message`` (cut to a sane length) to what the title will show."""
        message = clip(message)
        self.problem = f"{self.problem}\n{message}" if self.problem else message

    def update(self, **changes: Any) -> Settings:
        """Change some settings and save them at once. A value the schema refuses
        is ignored (the setting keeps its value); an unknown name is a KeyError."""
        accepted = {}
        for name, value in changes.items():
            try:
                accepted[name] = convert_field(name, value)
            except (ValueError, RecursionError):
                continue
        self.settings = replace(self.settings, **accepted)
        self.save()
        return self.settings

    def speak(self, code: str) -> None:
        """Use language ``code`` from now on and keep it as the setting. A player still
        called by the word You (the name the game gives, in the language it was given)
        is called by this language's word for it."""
        before = _("You")
        set_language(code)
        changes: dict[str, Any] = {"language": code}
        if self.settings.player_name in ("You", before):
            changes["player_name"] = _("You")
        if any(getattr(self.settings, name) != value for name, value in changes.items()):
            self.update(**changes)

    def save(self) -> bool:
        """Write the settings; returns False (keeping them in memory and remembering
        why in :attr:`save_error`) if the file cannot be written."""
        text = json.dumps(self.settings.to_json(), indent=2) + "\n"
        try:
            atomic_write_text(self.path, text)
        except OSError as error:
            self.save_error = error.strerror or error.__class__.__name__
            return False
        self.save_error = None
        return True
