"""Player settings: defaults from the bundled ``settings.json``, the player's own
choices from the per-user config folder.

The file is untrusted text, read against one schema (:data:`FIELD_TYPES`, with
msgspec): its size is bounded, then it is decoded as an object of raw values and
each known setting is decoded with its own bounded type, so one bad value resets
only that setting. A damaged file never stops the game: it is kept aside under a
new name, a clean file is written in its place, and :attr:`SettingsStore.problem`
says once, in the player's words, what happened.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Annotated, Any, Literal

import msgspec
from msgspec import Meta, Struct

from game.i18n import _, available_languages, clip, set_language
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
TEXT = re.compile(r"[^\x00-\x1f\x7f-\x9f]*")
"""Text with no control characters, matched whole (a trailing newline too)."""


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. ``last_setup`` remembers the last new game
    (for Quick game): its rules and who sat where."""

    animation_speed: float = 1.0
    card_scale: float = 1.0
    four_colour: bool = False
    card_back: CardBack = "blue"
    """The design on the back of the cards."""
    table_colour: TableColour = "green"
    """The colour of the table's cloth."""
    sound: bool = True
    volume: float = 0.6
    fullscreen: bool = False
    confirm_play: bool = False
    language: str = ""
    """A language code; empty until chosen (the system's language is used then)."""
    player_name: str = "You"
    window_size: tuple[int, int] = (1280, 720)
    last_setup: Setup | None = None
    solo_setup: Setup | None = None
    """The last game of one person against computers set up (what Quick game starts)."""
    take_backs: TakeBackChoice = "auto"
    """Take-backs in solo games: ``auto`` against easy and medium computers only."""
    kept_games: int = 200
    """How many finished games' records are kept for replays and statistics."""
    coach: bool = False
    """Show the coach's figures on the player's turns (see :func:`coach_allowed`)."""
    auto_play: bool = False
    """Play the viewer's card by itself when it is the only one that may be played."""
    computer_speed: float = 1.0
    """How quickly computer players act (their pause before each bid or card), apart
    from how fast the animations run."""
    text_scale: float = 1.0
    """The size of the words at the table (1.0, 1.15 or 1.3 of the normal size)."""
    high_contrast: bool = False
    """Brighter words on darker, solid grounds."""
    guide: bool = True
    """Guide a new player through their first hand (off once it is over or hidden;
    off for a player whose settings file is older than the guide)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        for name in ("last_setup", "solo_setup"):
            setup: Setup | None = getattr(self, name)
            data[name] = setup.to_json() if setup is not None else None
        return data


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


Width = Annotated[int, Meta(ge=MIN_WINDOW[0], le=MAX_WINDOW[0])]
Height = Annotated[int, Meta(ge=MIN_WINDOW[1], le=MAX_WINDOW[1])]
PlayerName = Annotated[str, Meta(min_length=1, max_length=NAME_LENGTH, pattern=r"\S")]
"""Not blank; :func:`_accept` then refuses control characters."""
FIELD_TYPES: dict[str, Any] = {
    "animation_speed": Annotated[float, Meta(ge=0.25, le=4.0)],
    "card_scale": Annotated[float, Meta(ge=0.7, le=1.5)],
    "four_colour": bool,
    "card_back": CardBack,
    "table_colour": TableColour,
    "sound": bool,
    "volume": Annotated[float, Meta(ge=0.0, le=1.0)],
    "fullscreen": bool,
    "confirm_play": bool,
    "language": Word,
    "player_name": PlayerName,
    "window_size": tuple[Width, Height],
    "last_setup": SetupDoc | None,
    "solo_setup": SetupDoc | None,
    "take_backs": TakeBackChoice,
    "kept_games": Annotated[int, Meta(ge=MIN_KEPT, le=MAX_KEPT)],
    "coach": bool,
    "auto_play": bool,
    "computer_speed": Annotated[float, Meta(ge=0.25, le=8.0)],
    "text_scale": Annotated[float, Meta(ge=1.0, le=1.3)],
    "high_contrast": bool,
    "guide": bool,
}
"""The schema: each setting's type, bounds included."""
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
    labels = {
        "animation_speed": _("Animation speed"),
        "card_scale": _("Card size"),
        "four_colour": _("Four-colour deck"),
        "card_back": _("Card back"),
        "table_colour": _("Table colour"),
        "sound": _("Sound"),
        "volume": _("Volume"),
        "fullscreen": _("Full screen"),
        "confirm_play": _("Confirm before playing"),
        "language": _("Language"),
        "player_name": _("Your name"),
        "window_size": _("Window size"),
        "last_setup": _("New game setup"),
        "solo_setup": _("Quick game setup"),
        "take_backs": _("Take-backs"),
        "kept_games": _("Games kept for replays"),
        "coach": _("Coach"),
        "auto_play": _("Play a lone card by itself"),
        "computer_speed": _("Computer speed"),
        "text_scale": _("Text size"),
        "high_contrast": _("High contrast"),
        "guide": _("Guided first hand"),
    }
    return labels.get(name) or _("settings this version does not know")


def _accept(name: str, value: Any) -> Any:
    """A value of the schema's type checked for meaning and made a :class:`Settings`
    value; raises ValueError."""
    if name == "language" and value and value not in available_languages():
        raise ValueError(f"no bundled catalog for {value!r:.40}")
    if name == "player_name":
        if not TEXT.fullmatch(value) or not clean_name(value, NAME_LENGTH):
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
