"""Player settings: defaults from the bundled ``settings.json``, the player's own
choices from the per-user config folder.

A damaged settings file never stops the game: it is kept aside, the defaults
are used, and :attr:`SettingsStore.problem` says what happened so the title
screen can tell the player.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from game.resources import config_dir, default_settings_file
from game.storage import atomic_write_text

_RANGES = {"animation_speed": (0.25, 4.0), "card_scale": (0.7, 1.5), "volume": (0.0, 1.0)}


@dataclass(frozen=True)
class Settings:
    """Everything the player can set. ``last_setup`` remembers the last new game
    (for Quick game): ``{"rules": {...}, "players": [{"name", "kind"}, ...]}``."""

    animation_speed: float = 1.0
    card_scale: float = 1.0
    four_colour: bool = False
    sound: bool = True
    volume: float = 0.6
    fullscreen: bool = False
    confirm_play: bool = False
    language: str = "en"
    player_name: str = "You"
    window_size: tuple[int, int] = (1280, 720)
    last_setup: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data


def _coerce(name: str, value: object, default: object) -> object:
    """``value`` checked against the type of ``default``; raises ValueError."""
    if name == "window_size":
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int) and 320 <= v <= 16384 for v in value)
        ):
            return (value[0], value[1])
        raise ValueError("expected [width, height]")
    if name == "last_setup":
        if value is None or isinstance(value, dict):
            return value
        raise ValueError("expected an object or null")
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        raise ValueError("expected true or false")
    if isinstance(default, float):
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            low, high = _RANGES[name]
            return min(high, max(low, float(value)))
        raise ValueError("expected a number")
    if isinstance(default, str) and isinstance(value, str) and value.strip():
        return value.strip()[:24]
    raise ValueError("expected text")


def settings_from_json(data: object, base: Settings) -> tuple[Settings, list[str]]:
    """``base`` updated with the valid entries of ``data``; the list names the
    entries that were ignored, and why."""
    if not isinstance(data, dict):
        return base, ["the file does not hold an object of settings"]
    values: dict[str, Any] = {}
    ignored = []
    defaults = {f.name: getattr(base, f.name) for f in fields(Settings)}
    for key, value in data.items():
        if key not in defaults:
            ignored.append(f"{key}: not a setting")
            continue
        try:
            values[key] = _coerce(key, value, defaults[key])
        except ValueError as error:
            ignored.append(f"{key}: {error}")
    return replace(base, **values), ignored


class SettingsStore:
    """Loads and saves the player's settings file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or config_dir() / "settings.json"
        self.problem: str | None = None
        self.settings = self._load()

    def _load(self) -> Settings:
        defaults = Settings()
        try:
            shipped = json.loads(default_settings_file().read_text(encoding="utf-8"))
            defaults, _ = settings_from_json(shipped, defaults)
        except (OSError, ValueError):
            pass
        if not self.path.exists():
            return defaults
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError, UnicodeDecodeError) as error:
            kept = self._keep_aside()
            self.problem = (
                f"Your settings could not be read ({error.__class__.__name__}); the defaults "
                f"are in use. The old file was kept as {kept.name}."
            )
            return defaults
        settings, ignored = settings_from_json(data, defaults)
        if ignored:
            self.problem = "Some settings were not valid and were reset: " + "; ".join(ignored)
        return settings

    def _keep_aside(self) -> Path:
        kept = self.path.with_name(f"settings.damaged-{time.strftime('%Y%m%d-%H%M%S')}.json")
        with contextlib.suppress(OSError):
            self.path.replace(kept)
        return kept

    def update(self, **changes: Any) -> Settings:
        """Change some settings and save them at once."""
        self.settings = replace(self.settings, **changes)
        self.save()
        return self.settings

    def save(self) -> None:
        atomic_write_text(self.path, json.dumps(self.settings.to_json(), indent=2) + "\n")
